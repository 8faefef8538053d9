//! Checking rank-bound certificates (`minip-rank/1`, MATH.md §5), end to end:
//! 1. the code: every weight and overlap recomputed against `(m, h, lo, hi)`;
//! 2. the ratios: one certificate for each `o = hi..=h` with the stated `n, ε, h, lo`,
//!    each passing `check_ratio`;
//! 3. the arithmetic: `δ = max 1/R_o`, `k/(1+(k−1)δ²)`, the entrywise value
//!    `k²/(k + Σ_{i≠j} R_{o_ij}^{−2})` from the recounted overlaps, and the ceilings;
//! 4. if present, the maximality proof: the CNF rebuilt from the parameters by
//!    `crate::rank::cnf` and varisat's checker run on the stated proof.
//! Depends on rationals, the ratio checker, the code/CNF builders and the lemma's
//! arithmetic (`crate::rank::{code, cnf, bound}`); never on the search.

use super::{check_ratio, rational};
use crate::cert::rank::{RankCertificate, RANK_FORMAT};
use crate::exact::rational::{fmt_q, Q};
use crate::rank::bound::{ceil, delta, entrywise_value, lemma_value, rank_bound};
use crate::rank::code::{parse_bits, Code, Shape};

/// What a checked certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankChecked {
    pub shape: Shape,
    pub k: usize,
    pub delta: Q,
    pub uniform_bound: u64,
    pub bound: u64,
    /// `Some(k + 1)` when the certificate also proves that no code of this shape is larger.
    pub maximal: Option<usize>,
}

pub fn check_rank(c: &RankCertificate) -> Result<RankChecked, String> {
    if c.format != RANK_FORMAT {
        return Err(format!("format '{}', expected {RANK_FORMAT}", c.format));
    }
    let p = &c.params;
    let eps = rational("params.eps", &p.eps)?;
    let shape = Shape::new(p.m, p.h, p.lo, p.hi).map_err(|e| format!("params: {e}"))?;
    let parse = |v: &[String], what: &str| -> Result<Vec<u64>, String> {
        v.iter().enumerate().map(|(i, s)| parse_bits(s, p.m).map_err(|e| format!("code.{what}[{i}]: {e}"))).collect()
    };
    let code = Code { shape, x: parse(&c.code.x, "x")?, y: parse(&c.code.y, "y")? };
    code.verify().map_err(|e| format!("code: {e}"))?;
    if code.is_empty() {
        return Err("code: no pairs".into());
    }
    if c.k != code.len() {
        return Err(format!("k = {} but the code has {} pairs", c.k, code.len()));
    }
    // One ratio per overlap class o = hi..=h, in order.
    let classes: Vec<u32> = (p.hi..=p.h).collect();
    if c.ratios.len() != classes.len() {
        return Err(format!("{} ratio certificates, expected one per o = {}..={}", c.ratios.len(), p.hi, p.h));
    }
    let mut rs = Vec::new();
    for (r, &o) in c.ratios.iter().zip(&classes) {
        let q = &r.params;
        if (q.n, q.h, q.lo, q.hi) != (p.n, p.h, p.lo, o) || rational("ratio eps", &q.eps)? != eps {
            return Err(format!("ratio certificate for o = {o} has parameters n={} eps={} h={} lo={} hi={}", q.n, q.eps, q.h, q.lo, q.hi));
        }
        rs.push(check_ratio(r).map_err(|e| format!("ratio R({}, {o}; {}): {e}", p.lo, p.h))?);
    }
    let d = delta(&rs)?;
    if rational("delta", &c.delta)? != d {
        return Err(format!("delta = {}, recomputed {}", c.delta, fmt_q(&d)));
    }
    let u = lemma_value(c.k, &d);
    if rational("uniform_value", &c.uniform_value)? != u {
        return Err(format!("uniform_value = {}, recomputed {}", c.uniform_value, fmt_q(&u)));
    }
    let ub = rank_bound(c.k, &d);
    if c.uniform_bound != ub {
        return Err(format!("uniform_bound = {}, recomputed {ub}", c.uniform_bound));
    }
    let classes: Vec<(Q, u64)> =
        code.overlap_counts().into_iter().map(|(o, n)| (rs[(o - p.hi) as usize].clone(), n)).collect();
    let v = entrywise_value(c.k, &classes);
    if rational("value", &c.value)? != v {
        return Err(format!("value = {}, recomputed {}", c.value, fmt_q(&v)));
    }
    let b = ceil(&v);
    if c.bound != b {
        return Err(format!("bound = {}, recomputed {b}", c.bound));
    }
    let maximal = match &c.maximal {
        None => None,
        Some(mx) => {
            if mx.refuted != c.k + 1 {
                return Err(format!("maximal.refuted = {}, expected k + 1 = {}", mx.refuted, c.k + 1));
            }
            if mx.proof_format != "varisat" {
                return Err(format!("maximal.proof_format '{}', expected varisat", mx.proof_format));
            }
            let proof = from_hex(&mx.proof).map_err(|e| format!("maximal.proof: {e}"))?;
            crate::rank::sat::check_unsat(shape, mx.refuted, &proof).map_err(|e| format!("maximal: {e}"))?;
            Some(mx.refuted)
        }
    };
    Ok(RankChecked { shape, k: c.k, delta: d, uniform_bound: ub, bound: b, maximal })
}

pub fn from_hex(s: &str) -> Result<Vec<u8>, String> {
    if s.len() % 2 != 0 {
        return Err("odd number of hex digits".into());
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2).ok_or("not hex")?, 16).map_err(|_| "not hex".to_string()))
        .collect()
}

pub fn to_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}
