//! Checking `minip-rank2-none/1` (docs/math.md §5.8): no head of feature rank `≤ 2` over
//! `{0,1}^m` is correct on every length-`n` sequence with tolerance `ε`, so rank `≥ 3`.
//! 1. the parameters: `n ≥ 3`, `ε > 0`, `1 ≤ m ≤ MAX_ORDER_M`, `bound = 3`;
//! 2. the ratios: each a `minip-ratio/2` certificate of the paper's model at the stated `n`,
//!    `ε`, for a weight `h ≤ m`, with the class `h⁺` only when `m > h` (§4.3), passing
//!    `check_ratio` with a positive ratio proved by a positive multiplier (§4.6: strict), no
//!    `(h, lo, hi)` twice;
//! 3. the formula: rebuilt by `crate::rows::order_cnf::encode` from `m` and those ratios alone;
//!    its numbers of quadruples, variables and clauses equal the stated ones;
//! 4. the proof: a DRAT refutation of that formula, checked by `super::drup`.
//!
//! Trusts nothing but `m` and the embedded ratio certificates (each checked here).

use super::drup::{check_refutation_from, count_additions, Encoding};
use super::input::{rank_params, rational, recomputed, Context};
use super::ratio::{check_ratio, ratio_work, within_budget};
use super::Proves;
use crate::error::{Error, Res};
use crate::format::rank2::{Rank2Certificate, RANK2_FORMAT};
use crate::rational::fmt_q;
use crate::rows::order_cnf::{encode, Forced, MAX_ORDER_M};
use crate::rows::ratio::class_label;
use num_traits::Signed;
use serde::Serialize;

/// The bound every checked certificate of this kind proves.
pub const RANK2_BOUND: u64 = 3;

/// What a checked certificate proves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rank2Claim {
    /// Every correct head has feature rank at least this (3).
    pub bound: u64,
    pub n: u32,
    pub eps: String,
    pub m: u32,
    /// The forced ratios used, as `R(lo, hi; h) = value`.
    pub ratios: Vec<String>,
    pub quadruples: usize,
    pub variables: usize,
    pub clauses: usize,
}

/// The ratios of `c`, each checked (their work budgeted together first), as the formula's
/// entries.
fn forced_ratios(c: &Rank2Certificate, eps: &crate::rational::Rat) -> Res<Vec<Forced>> {
    let p = &c.params;
    let mut work: u128 = 0;
    for r in &c.ratios {
        work = work.saturating_add(ratio_work(r).unwrap_or(0));
    }
    within_budget(work, &format!("the {} ratio certificates together", c.ratios.len()))?;
    let mut out: Vec<Forced> = Vec::new();
    for (i, r) in c.ratios.iter().enumerate() {
        let q = &r.params;
        let at = format!("ratios[{i}]");
        if q.n != p.n || rational(&format!("{at}.params.eps"), &q.eps)? != *eps {
            return Err(Error::Rejected(format!(
                "{at} has n = {} eps = {}, not the certificate's n = {} eps = {}",
                q.n, q.eps, p.n, p.eps
            )));
        }
        if !q.is_default_setting() {
            return Err(Error::Rejected(format!(
                "{at}: the refutation uses ratios of the paper's model (min-ip, nonneg, shared maps, all keys)"
            )));
        }
        if q.h > p.m {
            return Err(Error::Rejected(format!(
                "{at}: h = {} is above m = {}: no query has that weight",
                q.h, p.m
            )));
        }
        if q.superset && p.m <= q.h {
            return Err(Error::Rejected(format!(
                "{at}: its LP has the strict-superset class h+, which does not exist when m = h = {} (docs/math.md §4.3)",
                q.h
            )));
        }
        let label = format!("R({}, {}; {})", class_label(q.h, q.lo), class_label(q.h, q.hi), q.h);
        let value = check_ratio(r).map_err(|e| e.at(&format!("{at} {label}")))?;
        if !value.is_positive() || r.multipliers.is_empty() {
            return Err(Error::Rejected(format!(
                "{at}: {label} = {} forces nothing strictly (a positive ratio with a positive multiplier is needed)",
                fmt_q(&value)
            )));
        }
        if out.iter().any(|f| (f.h, f.lo, f.hi) == (q.h, q.lo, q.hi)) {
            return Err(Error::Rejected(format!("{at}: {label} is listed twice")));
        }
        out.push(Forced { h: q.h, lo: q.lo, hi: q.hi, ratio: value });
    }
    Ok(out)
}

/// Checks a `minip-rank2-none/1` certificate (steps 1–4 of the module comment); the proof file
/// is read through `ctx`.
pub fn check_rank2(c: &Rank2Certificate, ctx: &Context) -> Res<Rank2Claim> {
    if c.format != RANK2_FORMAT {
        return Err(Error::Rejected(format!("format '{}': expected {RANK2_FORMAT}", c.format)));
    }
    let p = &c.params;
    let eps = rank_params(p.n, &p.eps)?;
    if p.m == 0 {
        return Err(Error::Rejected("params: need m ≥ 1".into()));
    }
    crate::limits::at_most(
        "params: m",
        p.m,
        MAX_ORDER_M,
        "the order formula has 2·C(2^m, 3) clauses per order",
    )?;
    recomputed("bound", c.bound, RANK2_BOUND, "refutation of rank <= 2")?;
    let forced = forced_ratios(c, &eps)?;
    let enc = match c.proof_format.as_str() {
        "drat-binary" => Encoding::Binary,
        "drat" => Encoding::Text,
        other => {
            return Err(Error::Rejected(format!("proof_format '{other}', expected drat-binary or drat")));
        }
    };
    let cnf = encode(p.m, &forced);
    recomputed("quadruples", c.quadruples, cnf.quadruples.len(), "formula")?;
    recomputed("variables", c.variables, cnf.formula.vars, "formula")?;
    recomputed("clauses", c.clauses, cnf.formula.clauses.len(), "formula")?;
    let proof = ctx.open(&c.proof).map_err(|e| e.at("proof"))?;
    let additions = || ctx.open(&c.proof).map_or(0, |r| count_additions(r, enc));
    check_refutation_from(cnf.formula, proof, enc, additions)
        .map_err(|e| e.at(&format!("proof '{}' (the orders of rank <= 2)", c.proof)))?;
    Ok(Rank2Claim {
        bound: RANK2_BOUND,
        n: p.n,
        eps: fmt_q(&eps),
        m: p.m,
        ratios: forced
            .iter()
            .map(|f| {
                format!(
                    "R({}, {}; {}) = {}",
                    class_label(f.h, f.lo),
                    class_label(f.h, f.hi),
                    f.h,
                    fmt_q(&f.ratio)
                )
            })
            .collect(),
        quadruples: c.quadruples,
        variables: c.variables,
        clauses: c.clauses,
    })
}

impl std::fmt::Display for Rank2Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = self;
        write!(
            f,
            "rank >= {}: no head of rank <= 2 (n={} eps={} m={}; two orders, {} quadruples from {}, {} variables, {} clauses refuted by DRAT)",
            r.bound,
            r.n,
            r.eps,
            r.m,
            r.quadruples,
            r.ratios.join(", "),
            r.variables,
            r.clauses
        )
    }
}

impl Proves for Rank2Certificate {
    type Claim = Rank2Claim;
    fn proves(&self, ctx: &Context) -> Res<Rank2Claim> {
        check_rank2(self, ctx)
    }
}

impl super::Certificate for Rank2Certificate {
    type Claim = Rank2Claim;
    fn check(&self, ctx: &Context) -> Res<Rank2Claim> {
        check_rank2(self, ctx)
    }
}
