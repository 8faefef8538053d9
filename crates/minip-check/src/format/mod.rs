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
pub mod rank2;
pub mod rank_linear;
pub mod ratio;
pub mod ratio_bound;
pub mod readout;
pub mod readout_precision;
pub mod search;
pub mod sharp;
pub mod weighted;

/// The registry: every certificate format, once, in the order `minip-check --help` lists them.
/// Each row is `Variant: format_module::Certificate [NAME constants, newest first] =>
/// check_module::Claim, "kind", "what a checked file proves"`. Everything that depends on the
/// list of formats follows from it: [`AnyCertificate`] and [`FORMATS`] here, the parse dispatch
/// (`crate::read::parse`), the [`Claim`](crate::claim::Claim) enum with its `kind`, `Display`
/// and [`check_any`](crate::claim::check_any) dispatch (`crate::claim`), the usage text of
/// `minip-check` and the claim kinds of `docs/schema/verify.file.json` (tested against it).
/// A new kind is a row here, its `format` and `check` modules, and their `mod` lines.
///
/// `registry!(callback)` expands to `callback! { rows }`, so each consumer writes its own
/// expansion of the one list.
macro_rules! registry {
    ($callback:ident) => {
        $callback! {
            Gap: gap::GapCertificate [GAP_FORMAT] => gap::GapClaim, "gap",
                "a gap configuration: no correct head meets the bound, or a head does";
            Sharp: sharp::SharpFile [SHARP_FORMAT] => sharp::SharpClaim, "sharp",
                "kstar = inf alpha(x,y)/alpha(x,z), both sides, per configuration";
            Ratio: ratio::RatioCertificate [RATIO_FORMAT, RATIO_FORMAT_V1] => ratio::RatioClaim, "ratio",
                "a forced ratio R(lo, hi; h) over all length-n sequences";
            RatioBound: ratio_bound::RatioBoundCertificate [RATIO_BOUND_FORMAT] => ratio::RatioBoundClaim,
                "ratio-bound", "the lower side L <= R(lo, hi; h) alone";
            Rank: rank::RankCertificate [RANK_FORMAT, RANK_FORMAT_V1] => rank::RankClaim, "rank",
                "a feature-rank lower bound: a code priced with forced ratios";
            RankLinear: rank_linear::RankLinearCertificate [RANK_LINEAR_FORMAT] => rank_linear::RankLinearClaim,
                "rank-linear", "a feature-rank lower bound from a binary linear code";
            Rank2None: rank2::Rank2Certificate [RANK2_FORMAT] => rank2::Rank2Claim, "rank2-none",
                "rank >= 3: no head of rank <= 2 (two orders, a DRAT proof)";
            RankWeighted: weighted::WeightedCertificate [WEIGHTED_FORMAT] => weighted::RankWeightedClaim,
                "rank-weighted", "a feature-rank lower bound: the weighted trace/Frobenius inequality";
            PolyHead: poly::PolyHead [POLY_HEAD_FORMAT, POLY_HEAD_FORMAT_V1] => poly::PolyHeadSummary, "poly-head",
                "a correct overlap-polynomial head of exact rank (a rank upper bound)";
            PolyNone: poly::PolyNone [POLY_NONE_FORMAT] => poly::PolyNoneSummary, "poly-none",
                "no overlap-polynomial head inside the refuted supports";
            SearchHead: search::SearchHead [SEARCH_HEAD_FORMAT, SEARCH_HEAD_FORMAT_V1] => search::SearchHeadSummary, "search-head",
                "a searched head of explicit features, correct at length 3";
            Readout: readout::ReadoutCertificate [READOUT_FORMAT] => readout::ReadoutClaim, "readout",
                "a nonlinear readout's values separate every multiset of keys";
            ReadoutPrecision: readout_precision::ReadoutPrecisionCertificate [READOUT_PRECISION_FORMAT]
                => readout_precision::ReadoutPrecisionClaim, "readout-precision",
                "least integer values of the rank-1 readout (SAT, a DRAT proof)";
            Multilevel: multilevel::MultilevelCertificate [MULTILEVEL_FORMAT] => multilevel::MultilevelClaim,
                "multilevel", "the multilevel family's answers: a transcript lower bound";
            Multihead: multihead::MultiheadCertificate [MULTIHEAD_FORMAT] => multihead::MultiheadClaim,
                "multihead", "several heads, none with the lemma's step, correct on S1-S3";
            MultiheadHeads: multihead::MultiheadHeadsCertificate [MULTIHEAD_HEADS_FORMAT, MULTIHEAD_HEADS_FORMAT_V1]
                => multihead::MultiheadHeadsClaim, "multihead-heads",
                "several overlap-polynomial heads correct at length 3: total rank";
        }
    };
}
pub(crate) use registry;

/// One row of the registry, as data: the format names a file may state (the newest first), the
/// claim kind its check returns, and what a checked file proves, in a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatInfo {
    pub names: &'static [&'static str],
    pub kind: &'static str,
    pub about: &'static str,
}

macro_rules! any_certificate {
    ($($variant:ident: $fmod:ident::$cert:ident [$($name:ident),+] => $cmod:ident::$claim:ident,
       $kind:literal, $about:literal;)*) => {
        /// Any certificate minip writes; `format` says which.
        #[derive(Clone, Debug)]
        pub enum AnyCertificate {
            $($variant($fmod::$cert),)*
        }

        /// Every format of the registry, in its order.
        pub const FORMATS: &[FormatInfo] = &[
            $(FormatInfo { names: &[$($fmod::$name),+], kind: $kind, about: $about },)*
        ];

        impl AnyCertificate {
            /// The claim kind its check returns (the registry's `kind`).
            pub fn kind(&self) -> &'static str {
                match self {
                    $(AnyCertificate::$variant(_) => $kind,)*
                }
            }
        }
    };
}
registry!(any_certificate);

/// The registry row whose names include `format` (a file's `"format"` field).
pub fn format_info(format: &str) -> Option<&'static FormatInfo> {
    FORMATS.iter().find(|f| f.names.contains(&format))
}
