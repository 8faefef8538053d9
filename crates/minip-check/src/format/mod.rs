//! The certificate formats as plain data (serde structs); `crate::read` reads them.
//! Nothing here builds rows or trusts values: `crate::check` does. Each format's fields
//! are documented in its module and in docs/math.md §7 and §9.

pub mod gap;
pub mod poly;
pub mod rank;
pub mod rank_linear;
pub mod ratio;
pub mod ratio_bound;
pub mod sharp;

/// Any certificate minip writes; `format` says which.
#[derive(Clone, Debug)]
pub enum AnyCertificate {
    Gap(gap::GapCertificate),
    Sharp(sharp::SharpFile),
    Ratio(ratio::RatioCertificate),
    RatioBound(ratio_bound::RatioBoundCertificate),
    Rank(rank::RankCertificate),
    RankLinear(rank_linear::RankLinearCertificate),
    PolyHead(poly::PolyHead),
    PolyNone(poly::PolyNone),
}
