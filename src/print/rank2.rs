//! `minip rank --two`'s output (docs/math.md §5.8): the table line and the `rank.two` record
//! (docs/schema/rank.two.json), from a checked `minip-rank2-none/1` certificate or from the
//! size of a formula that two orders satisfy.

use crate::print::json;
use minip_check::check::Checked;
use minip_check::format::rank2::Rank2Certificate;
use serde::Serialize;

/// The size of the order formula, and how many positive ratios it was built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub ratios: usize,
    pub quadruples: usize,
    pub variables: usize,
    pub clauses: usize,
}

#[derive(Serialize)]
struct Record<'a> {
    verdict: &'static str,
    m: u32,
    n: u32,
    eps: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<String>,
    /// The ratios the refutation uses (`R(lo, hi; h) = value`); none with `unknown`.
    ratios: Vec<String>,
    /// The positive forced ratios certified at this `m`.
    candidates: usize,
    quadruples: usize,
    variables: usize,
    clauses: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    proof_bytes: Option<usize>,
}

/// `R(lo, hi; h) = value` for each ratio of the certificate.
fn ratio_labels(c: &Rank2Certificate) -> Vec<String> {
    c.ratios
        .iter()
        .map(|r| {
            let p = &r.params;
            let label = |c: u32| minip_check::check::class_label(p.h, c);
            format!("R({}, {}; {}) = {}", label(p.lo), label(p.hi), p.h, r.ratio)
        })
        .collect()
}

/// The line of a refutation.
pub fn refuted_line(cert: &Checked<Rank2Certificate>, candidates: usize, proof_bytes: usize) -> String {
    let c = cert.cert();
    format!(
        "m = {}: rank >= 3: no head of rank <= 2 (two orders: {} quadruples from {} of {candidates} positive forced ratios, {}; CNF {} variables, {} clauses; DRAT proof {proof_bytes} bytes, checked)\n",
        c.params.m,
        c.quadruples,
        c.ratios.len(),
        ratio_labels(c).join(", "),
        c.variables,
        c.clauses,
    )
}

/// The line of a formula that two orders satisfy (nothing refuted).
pub fn open_line(m: u32, s: Size) -> String {
    format!(
        "m = {m}: unknown: two orders satisfy all {} quadruples forced by the {} positive ratios (CNF {} variables, {} clauses): rank <= 2 is not excluded by this argument\n",
        s.quadruples, s.ratios, s.variables, s.clauses
    )
}

/// The `rank.two` record of a refutation.
pub fn refuted_record(cert: &Checked<Rank2Certificate>, candidates: usize, proof_bytes: usize) -> String {
    let c = cert.cert();
    json::record(
        "rank.two",
        &Record {
            verdict: "certified",
            m: c.params.m,
            n: c.params.n,
            eps: &c.params.eps,
            bound: Some(c.bound.to_string()),
            ratios: ratio_labels(c),
            candidates,
            quadruples: c.quadruples,
            variables: c.variables,
            clauses: c.clauses,
            proof_bytes: Some(proof_bytes),
        },
    )
}

/// The `rank.two` record of a formula that two orders satisfy.
pub fn open_record(m: u32, n: u32, eps: &str, s: Size) -> String {
    json::record(
        "rank.two",
        &Record {
            verdict: "unknown",
            m,
            n,
            eps,
            bound: None,
            ratios: Vec::new(),
            candidates: s.ratios,
            quadruples: s.quadruples,
            variables: s.variables,
            clauses: s.clauses,
            proof_bytes: None,
        },
    )
}
