//! The certificate formats as plain data (serde structs); `crate::read` reads them.
//! Nothing here builds rows or trusts values: `crate::check` does. Each format's fields
//! are documented in its module and in docs/math.md §7 and §9.
//!
//! ```
//! use minip_check::format::AnyCertificate;
//! let text = include_str!("../../tests/fixtures/ratio_h3.json");
//! let AnyCertificate::Ratio(c) = minip_check::read::parse(text).unwrap() else { unreachable!() };
//! // Plain data: the stated parameters and values, not yet checked.
//! assert_eq!((c.params.n, c.params.h, c.ratio.as_str()), (3, 3, "5/2"));
//! ```

pub mod gap;
pub mod multihead;
pub mod multilevel;
pub mod poly;
pub mod rank;
pub mod rank_linear;
pub mod ratio;
pub mod ratio_bound;
pub mod readout;
pub mod readout_precision;
pub mod search;
pub mod sharp;
pub mod weighted;

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
    Readout(readout::ReadoutCertificate),
    ReadoutPrecision(readout_precision::ReadoutPrecisionCertificate),
    Multilevel(multilevel::MultilevelCertificate),
    Multihead(multihead::MultiheadCertificate),
    MultiheadHeads(multihead::MultiheadHeadsCertificate),
    RankWeighted(weighted::WeightedCertificate),
    SearchHead(search::SearchHead),
}
