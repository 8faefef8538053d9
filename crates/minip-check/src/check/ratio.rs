//! Checking forced-ratio certificates (`minip-ratio/2`, and the older `/1`; docs/math.md §4).
//!
//! Rebuilds every closed row from the stated `(n, ε, h, superset)` and the multiset
//! named in the certificate, then checks in exact rationals:
//! 1. the point: `A ≥ 0`, `A_hi = 1`, `A_lo = R`, and every row of every multiset `≤ 0`
//!    (all multisets enumerated), so `R` is attained;
//! 2. the multipliers: `y > 0`, and `A_lo − R·A_hi + Σ y·row` has zero `P` part and
//!    nonnegative `A` part, so `A_lo ≥ R·A_hi` for every correct head.
//!
//! Classes are `0..h−1` (overlap with the query), `h` (the query token itself) and, when
//! `superset` is stated, `h + 1` for `h⁺`, the strict supersets of the query (overlap `h`,
//! a different token). A `/1` certificate has no `h⁺` class.
//! The rows are `crate::rows::ratio`'s integer rows (the solver solves the same rows; the
//! QSopt_ex witness in `tests/witness.rs` rebuilds them independently from the definition).

use super::rational;
use crate::format::ratio::{Multiplier, RatioCertificate, RATIO_FORMAT, RATIO_FORMAT_V1};
use crate::format::ratio_bound::{RatioBoundCertificate, RATIO_BOUND_FORMAT};
use crate::rational::{fmt_q, Rat};
use crate::rows::ratio::{class_label, count as multiset_count, int_row, multisets, ratio_instance, RatioInstance, Side};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeSet;

/// The validated instance a certificate states (format and parameters only).
pub fn stated_instance(c: &RatioCertificate) -> Result<RatioInstance, String> {
    if c.format != RATIO_FORMAT && c.format != RATIO_FORMAT_V1 {
        return Err(format!("format: expected {RATIO_FORMAT}"));
    }
    let p = &c.params;
    if c.format == RATIO_FORMAT_V1 && p.superset {
        return Err(format!("params.superset: {RATIO_FORMAT_V1} has no superset class (use {RATIO_FORMAT})"));
    }
    ratio_instance(p.n, rational("params.eps", &p.eps)?, p.h, p.lo, p.hi, p.superset).map_err(|e| format!("params: {e}"))
}

/// The most multisets `check_ratio` enumerates (each costs a few rational operations):
/// a certificate that asks for more is refused as too large to check.
pub const MAX_CHECKED_MULTISETS: u128 = 20_000_000;

/// `ε = p/q` as machine integers (the integer rows need them).
fn eps_parts(eps: &Rat) -> Result<(i64, i64), String> {
    let p = eps.numer().try_into().map_err(|_| "eps: numerator too large".to_string())?;
    let q = eps.denom().try_into().map_err(|_| "eps: denominator too large".to_string())?;
    Ok((p, q))
}

/// Checks a ratio certificate; returns the certified `R`.
pub fn check_ratio(c: &RatioCertificate) -> Result<Rat, String> {
    let inst = stated_instance(c)?;
    let r = rational("ratio", &c.ratio)?;
    let k = inst.classes();
    let (ep, eq) = eps_parts(&inst.eps)?;
    let total = multiset_count(inst.n as usize - 1, k as u32 - 1);
    if total > MAX_CHECKED_MULTISETS {
        return Err(format!("too large to check: {total} sequences (n = {}, h = {}), the limit is {MAX_CHECKED_MULTISETS}", inst.n, inst.h));
    }
    if c.alpha.len() != k || c.p.len() != k {
        return Err(format!("point: need {k} values of alpha and p"));
    }
    let a: Vec<Rat> = c.alpha.iter().enumerate().map(|(o, s)| rational(&format!("alpha[{o}]"), s)).collect::<Result<_, _>>()?;
    let pv: Vec<Rat> = c.p.iter().enumerate().map(|(o, s)| rational(&format!("p[{o}]"), s)).collect::<Result<_, _>>()?;
    if let Some(o) = a.iter().position(|v| v.is_negative()) {
        return Err(format!("alpha[{o}]: negative kernel value"));
    }
    if !a[inst.hi as usize].is_one() {
        return Err(format!("alpha[{}]: the point must have A_hi = 1", class_label(inst.h, inst.hi)));
    }
    if a[inst.lo as usize] != r {
        return Err(format!("alpha[{}]: the point gives A_lo = {}, not the ratio {}", inst.lo, fmt_q(&a[inst.lo as usize]), c.ratio));
    }
    // 2. The multipliers prove A_lo − R·A_hi ≥ 0 (checked first: it is cheap and
    // rejects a tampered n or h before the enumeration below).
    check_multipliers(&inst, &r, &c.multipliers)?;
    // 1. The point satisfies every closed row (every multiset, both sides).
    let x: Vec<&Rat> = a.iter().chain(&pv).collect();
    for classes in multisets(inst.n as usize - 1, k as u32 - 1) {
        for side in [Side::Upper, Side::Lower] {
            let lhs = int_row(inst.h, k, &classes, side, ep, eq).into_iter().fold(Rat::zero(), |acc, (j, coef)| acc + x[j] * Rat::from_integer(coef.into()));
            if lhs.is_positive() {
                return Err(format!("point: violates the {} row of multiset {classes:?} (|N − tD| > εD)", side.name()));
            }
        }
    }
    Ok(r)
}

/// The most multipliers a certificate may list (each costs `O(n)` rational operations).
pub const MAX_MULTIPLIERS: usize = 1_000_000;

/// The dual side shared by `minip-ratio/2` and `minip-ratio-bound/1` (docs/math.md §4.5):
/// every multiplier names a nondecreasing multiset of `n − 1` valid classes and a side, none
/// twice, and is positive; `A_lo − r·A_hi + Σ y·row` has zero `P` part and nonnegative `A`
/// part, so `A_lo ≥ r·A_hi` for every correct head (strictly if a multiplier is listed).
/// The rows are rebuilt from the instance and the named multisets only: nothing is enumerated.
pub fn check_multipliers(inst: &RatioInstance, r: &Rat, multipliers: &[Multiplier]) -> Result<(), String> {
    let k = inst.classes();
    let (ep, eq) = eps_parts(&inst.eps)?;
    if multipliers.len() > MAX_MULTIPLIERS {
        return Err(format!("too large to check: {} multipliers, the limit is {MAX_MULTIPLIERS}", multipliers.len()));
    }
    // A stated multiplier `y` is for the row `N − tD − εD` (or `tD − N − εD`), which is the
    // integer row over `q`.
    let mut va = vec![Rat::zero(); k];
    let mut vp = vec![Rat::zero(); k];
    va[inst.lo as usize] += Rat::one();
    va[inst.hi as usize] -= r;
    let mut seen = BTreeSet::new();
    let qden = Rat::from_integer(eq.into());
    for (i, m) in multipliers.iter().enumerate() {
        let at = format!("multipliers[{i}] ({:?} {})", m.classes, m.side);
        if m.classes.len() != inst.n as usize - 1 || m.classes.windows(2).any(|w| w[0] > w[1]) || m.classes.iter().any(|&o| o as usize >= k) {
            return Err(format!("{at}: not a nondecreasing multiset of n − 1 classes in 0..{k}"));
        }
        let side = match m.side.as_str() {
            "upper" => Side::Upper,
            "lower" => Side::Lower,
            other => return Err(format!("{at}: unknown side '{other}'")),
        };
        if !seen.insert((m.classes.clone(), side)) {
            return Err(format!("{at}: listed twice"));
        }
        let y = rational(&at, &m.y)?;
        if !y.is_positive() {
            return Err(format!("{at}: multiplier {} is not positive", m.y));
        }
        let y = y / &qden;
        for (j, coef) in int_row(inst.h, k, &m.classes, side, ep, eq) {
            let v = if j < k { &mut va[j] } else { &mut vp[j - k] };
            *v += &y * Rat::from_integer(coef.into());
        }
    }
    if let Some(o) = vp.iter().position(|v| !v.is_zero()) {
        return Err(format!("multipliers: the combination leaves {} on P_{}", fmt_q(&vp[o]), class_label(inst.h, o as u32)));
    }
    if let Some(o) = va.iter().position(|v| v.is_negative()) {
        return Err(format!("multipliers: the combination leaves {} < 0 on A_{}", fmt_q(&va[o]), class_label(inst.h, o as u32)));
    }
    Ok(())
}

/// Checks a lower-bound-only ratio certificate (`minip-ratio-bound/1`, docs/math.md §9.2);
/// returns the certified lower bound `L`: every correct head has `A_lo ≥ L·A_hi`, strictly
/// when a multiplier is listed. Never enumerates sequences.
pub fn check_ratio_bound(c: &RatioBoundCertificate) -> Result<Rat, String> {
    if c.format != RATIO_BOUND_FORMAT {
        return Err(format!("format: expected {RATIO_BOUND_FORMAT}"));
    }
    let p = &c.params;
    let inst = ratio_instance(p.n, rational("params.eps", &p.eps)?, p.h, p.lo, p.hi, p.superset).map_err(|e| format!("params: {e}"))?;
    let r = rational("bound", &c.bound)?;
    check_multipliers(&inst, &r, &c.multipliers)?;
    Ok(r)
}
