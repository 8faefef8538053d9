//! The checker. It trusts nothing in a certificate but its stated parameters: it
//! rebuilds the sequences and rows from them (`crate::formulation`), compares, and
//! checks the combination or the head in exact rational arithmetic.
//!
//! Depends only on `crate::exact::rational`, `crate::model` and `crate::formulation`.
//! Never on the solver, the repair code, or the code that wrote the certificate.

mod gap;
pub mod sharp;
mod rank;
mod ratio;

pub use gap::check_gap;
pub use rank::{check_rank, from_hex, to_hex, RankChecked};
pub use ratio::{check_ratio, class_label, ratio_instance, RatioInstance};

use crate::cert::{AnyCertificate, GapCertificate};
use crate::exact::rational::{parse_rational, Q};

/// A certificate that passed the checker. Only the checker makes these, and the
/// printers (JSON, VIPR) accept nothing else.
#[derive(Debug)]
pub struct Checked<'a> {
    pub cert: &'a GapCertificate,
    pub verdict: Verdict,
}

/// What a checked certificate proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// No head correct on the family satisfies the negated bound (Farkas).
    Holds,
    /// A head correct on the family satisfies it (recomputed head).
    Broken,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::Broken => "broken",
        }
    }
}

/// Checks any certificate; the error says which part failed.
pub fn check_any(cert: &AnyCertificate) -> Result<String, String> {
    match cert {
        AnyCertificate::Gap(c) => check_gap(c).map(|ok| format!("{} (gap {})", ok.verdict.name(), describe(c))),
        AnyCertificate::Sharp(f) => sharp::check_sharp_file(f).map(|k| format!("sharp ({k} configurations, kstar certified both sides)")),
        AnyCertificate::Ratio(c) => check_ratio(c).map(|r| {
            let p = &c.params;
            let classes = if p.superset { " classes 0..h,h+" } else { "" };
            format!("ratio R = {} (n={} eps={} h={} lo={} hi={}{classes})", crate::exact::rational::fmt_q(&r), p.n, p.eps, p.h, p.lo, class_label(p.h, p.hi))
        }),
        AnyCertificate::Rank(c) => check_rank(c).map(|r| {
            let s = r.shape;
            let max = r.maximal.map(|k| format!(", no code of {k} pairs")).unwrap_or_default();
            let strict = if r.strict && r.value.is_integer() { format!(", strict form: rank > value = {}", r.value) } else { String::new() };
            format!("rank >= {} (n={} m={} h={} lo={} hi={} k={} delta={}{max}{strict})", r.bound, c.params.n, s.m, s.h, s.lo, s.hi, r.k, crate::exact::rational::fmt_q(&r.delta))
        }),
    }
}

fn describe(c: &GapCertificate) -> String {
    let p = &c.params;
    format!("n={} eps={} h={} u={} w={} {} b<={}", p.n, p.eps, p.h, p.u, p.w, p.family, p.bound)
}

/// A rational field of the certificate, named in the error.
fn rational(field: &str, s: &str) -> Result<Q, String> {
    parse_rational(s).map_err(|e| format!("{field}: {e}"))
}
