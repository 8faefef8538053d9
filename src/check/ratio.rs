//! Checking forced-ratio certificates (`minip-ratio/2`, and the older `/1`; MATH.md §4).
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
//! Depends only on `crate::exact::rational` and the certificate data; its rows are
//! its own (not the solver's `crate::amplify::rows`).

use super::rational;
use crate::cert::ratio::{RatioCertificate, RATIO_FORMAT, RATIO_FORMAT_V1};
use crate::exact::rational::{fmt_q, Q};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeSet;

/// The parameters as numbers, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatioInstance {
    pub n: u32,
    pub eps: Q,
    pub h: u32,
    pub lo: u32,
    /// A class: `0..=h`, or `h + 1` for `h⁺` (needs `superset`).
    pub hi: u32,
    /// The class `h⁺` of strict supersets is part of the LP (the caller says `m > h`).
    pub superset: bool,
}

impl RatioInstance {
    /// Number of classes: `h + 1`, or `h + 2` with `h⁺`.
    pub fn classes(&self) -> usize {
        self.h as usize + 1 + usize::from(self.superset)
    }
    /// The overlap of a class with the query (`h⁺` has overlap `h`).
    pub fn overlap(&self, c: u32) -> u32 {
        c.min(self.h)
    }
}

/// The label of a class as printed: `0`, …, `h`, and `h+` for `h⁺` (index `h + 1`).
pub fn class_label(h: u32, c: u32) -> String {
    if c > h {
        format!("{h}+")
    } else {
        c.to_string()
    }
}

/// Validates `(n, ε, h, lo, hi, superset)`; errors are one line.
pub fn ratio_instance(n: u32, eps: Q, h: u32, lo: u32, hi: u32, superset: bool) -> Result<RatioInstance, String> {
    if n < 3 {
        return Err(format!("n = {n}: need n ≥ 3"));
    }
    if !eps.is_positive() {
        return Err(format!("eps = {}: need ε > 0", fmt_q(&eps)));
    }
    if h < 1 {
        return Err("h = 0: need h ≥ 1".into());
    }
    if hi == h + 1 && !superset {
        return Err(format!("hi = {h}+: the strict-superset class h+ needs the superset class in the LP (m > h)"));
    }
    if hi > h + 1 {
        return Err(format!("hi = {hi}, h = {h}: need hi ≤ h (or hi = h+)"));
    }
    if lo >= hi {
        return Err(format!("lo = {lo}, hi = {}: need lo < hi", class_label(h, hi)));
    }
    Ok(RatioInstance { n, eps, h, lo, hi, superset })
}

/// Coefficients of the closed row of `(x, classes)` on `side` as `(class, A, P)`:
/// `upper` is `N − tD − εD`, `lower` is `tD − N − εD`; the query (class `h`) is always
/// present and `t` is the smallest overlap in the sequence.
fn row(inst: &RatioInstance, classes: &[u32], upper: bool) -> Vec<(usize, Q, Q)> {
    let t = classes.iter().map(|&c| inst.overlap(c)).min().unwrap_or(inst.h);
    let t = Q::from_integer(t.into());
    let (ca, cp) = if upper { (-&t - &inst.eps, Q::one()) } else { (&t - &inst.eps, -Q::one()) };
    let mut out: Vec<(usize, Q, Q)> = Vec::new();
    for &o in std::iter::once(&inst.h).chain(classes) {
        match out.iter_mut().find(|e| e.0 == o as usize) {
            Some(e) => {
                e.1 += &ca;
                e.2 += &cp;
            }
            None => out.push((o as usize, ca.clone(), cp.clone())),
        }
    }
    out
}

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

/// Checks a ratio certificate; returns the certified `R`.
pub fn check_ratio(c: &RatioCertificate) -> Result<Q, String> {
    let inst = stated_instance(c)?;
    let r = rational("ratio", &c.ratio)?;
    let k = inst.classes();
    if c.alpha.len() != k || c.p.len() != k {
        return Err(format!("point: need {k} values of alpha and p"));
    }
    let a: Vec<Q> = c.alpha.iter().enumerate().map(|(o, s)| rational(&format!("alpha[{o}]"), s)).collect::<Result<_, _>>()?;
    let pv: Vec<Q> = c.p.iter().enumerate().map(|(o, s)| rational(&format!("p[{o}]"), s)).collect::<Result<_, _>>()?;
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
    let mut va = vec![Q::zero(); k];
    let mut vp = vec![Q::zero(); k];
    va[inst.lo as usize] += Q::one();
    va[inst.hi as usize] -= &r;
    let mut seen = BTreeSet::new();
    for (i, m) in c.multipliers.iter().enumerate() {
        let at = format!("multipliers[{i}] ({:?} {})", m.classes, m.side);
        if m.classes.len() != inst.n as usize - 1 || m.classes.windows(2).any(|w| w[0] > w[1]) || m.classes.iter().any(|&o| o as usize >= k) {
            return Err(format!("{at}: not a nondecreasing multiset of n − 1 classes in 0..{k}"));
        }
        let upper = match m.side.as_str() {
            "upper" => true,
            "lower" => false,
            other => return Err(format!("{at}: unknown side '{other}'")),
        };
        if !seen.insert((m.classes.clone(), upper)) {
            return Err(format!("{at}: listed twice"));
        }
        let y = rational(&at, &m.y)?;
        if !y.is_positive() {
            return Err(format!("{at}: multiplier {} is not positive", m.y));
        }
        for (o, ca, cp) in row(&inst, &m.classes, upper) {
            va[o] += &y * ca;
            vp[o] += &y * cp;
        }
    }
    if let Some(o) = vp.iter().position(|v| !v.is_zero()) {
        return Err(format!("multipliers: the combination leaves {} on P_{o}", fmt_q(&vp[o])));
    }
    if let Some(o) = va.iter().position(|v| v.is_negative()) {
        return Err(format!("multipliers: the combination leaves {} < 0 on A_{o}", fmt_q(&va[o])));
    }
    // 1. The point satisfies every closed row (every multiset, both sides).
    let mut classes = vec![0u32; inst.n as usize - 1];
    let top = k as u32 - 1;
    loop {
        let t = Q::from_integer(inst.overlap(classes[0]).into());
        let (mut d, mut nn) = (a[inst.h as usize].clone(), pv[inst.h as usize].clone());
        for &o in &classes {
            d += &a[o as usize];
            nn += &pv[o as usize];
        }
        let dev = nn - &t * &d;
        let tol = &inst.eps * &d;
        if dev > tol || -dev > tol {
            return Err(format!("point: violates the row of multiset {classes:?} (|N − tD| > εD)"));
        }
        let Some(i) = (0..classes.len()).rev().find(|&i| classes[i] < top) else { break };
        let v = classes[i] + 1;
        classes[i..].iter_mut().for_each(|x| *x = v);
    }
    Ok(r)
}
