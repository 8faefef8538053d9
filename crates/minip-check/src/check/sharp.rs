//! Checking `minip-sharp/1` certificates: `kstar = inf b/c` over heads correct on the
//! family, both sides (docs/math.md §3).
//!
//! Rebuilds everything from the stated parameters; the Farkas lower side and the witness
//! head are judged on their values by the same functions as gap certificates
//! (`super::gap::{farkas_combination, head_outputs}`).

use super::gap::{farkas_combination, head_outputs};
use super::rational;
use crate::format::sharp::{relation, witness_margin, SharpCertificate, SharpFile, SharpWitness, SHARP_FORMAT};
use crate::model::{paper_k, Bound, Family, Gap, Instance};
use crate::rational::{fmt_q, Rat};
use crate::rows::gap::{build_rows, sequence_rows, VARS};
use num_traits::{One, Signed, Zero};

/// Checks every configuration of a file; returns their `kstar` in order.
pub fn check_sharp_file(f: &SharpFile) -> Result<Vec<Rat>, String> {
    if f.format != SHARP_FORMAT {
        return Err(format!("format: expected {SHARP_FORMAT}"));
    }
    if f.certificates.is_empty() {
        return Err("certificates: empty".into());
    }
    f.certificates
        .iter()
        .enumerate()
        .map(|(i, c)| check_sharp(c).map_err(|e| format!("certificates[{i}] (n={} eps={} h={} u={} w={} {}): {e}", c.n, c.eps, c.h, c.u, c.w, c.family)))
        .collect()
}

/// Checks one configuration; returns the certified `kstar`.
pub fn check_sharp(c: &SharpCertificate) -> Result<Rat, String> {
    let gap = Gap::new(c.h, c.u, c.w)?;
    let eps = rational("eps", &c.eps)?;
    let family = Family::parse(&c.family)?;
    let kstar = rational("kstar", &c.kstar)?;
    if kstar.is_negative() {
        return Err("kstar: negative (b/c ≥ 0 for every head)".into());
    }
    let inst = Instance::new(c.n, eps, gap, family, Bound::Value(kstar.clone()))?;
    let k = paper_k(c.n, &inst.eps, gap.d());
    if rational("paper_k", &c.paper_k)? != k {
        return Err(format!("paper_k: stated {} but the parameters give {}", c.paper_k, fmt_q(&k)));
    }
    if c.relation != relation(&kstar, &k) {
        return Err(format!("relation: stated {} but kstar vs K gives {}", c.relation, relation(&kstar, &k)));
    }
    let wbound = rational("witness.bound", &c.witness.bound)?;
    if c.attained {
        // A correct head with b = 0 < c: b/c = 0 is a minimum, and b/c ≥ 0 always.
        if !kstar.is_zero() || c.lower.is_some() || c.closure.is_some() || !wbound.is_zero() {
            return Err("attained: only kstar = 0 with a witness at bound 0 and no lower/closure part".into());
        }
        check_witness(&inst, &c.witness, false)?;
        return Ok(kstar);
    }
    let lower = c.lower.as_ref().ok_or("lower: missing")?;
    check_lower(&inst, lower)?;
    let closure = c.closure.as_ref().ok_or("closure: missing")?;
    check_closure(&inst, closure, &kstar)?;
    if wbound != &kstar + witness_margin() {
        return Err(format!("witness.bound: expected kstar + 1/1000 = {}", fmt_q(&(&kstar + witness_margin()))));
    }
    check_witness(&inst, &c.witness, true)?;
    Ok(kstar)
}

/// Lower side: no correct head has `b ≤ kstar·c` (Farkas on the rebuilt rows; rows not
/// named have multiplier 0).
fn check_lower(inst: &Instance, lower: &std::collections::BTreeMap<String, String>) -> Result<(), String> {
    let rows = build_rows(inst);
    if let Some(name) = lower.keys().find(|n| !rows.iter().any(|r| &r.name == *n)) {
        return Err(format!("lower: no row named '{name}' for these parameters"));
    }
    let y: Vec<Rat> = rows
        .iter()
        .map(|r| match lower.get(&r.name) {
            Some(s) => rational(&format!("lower.{}", r.name), s),
            None => Ok(Rat::zero()),
        })
        .collect::<Result<_, _>>()?;
    farkas_combination(&rows, &y).map(|_| ()).map_err(|e| format!("lower: {e}"))
}

/// Upper side, closed part: `G_s p ≤ 0` on every (homogeneous) correctness row,
/// `a, b ≥ 0`, `c = 1`, `b = kstar`.
fn check_closure(inst: &Instance, closure: &[String], kstar: &Rat) -> Result<(), String> {
    if closure.len() != VARS.len() {
        return Err("closure: expected the six values a b c P Q S".into());
    }
    let p: Vec<Rat> = closure.iter().enumerate().map(|(j, s)| rational(&format!("closure.{}", VARS[j]), s)).collect::<Result<_, _>>()?;
    if p[0].is_negative() || p[1].is_negative() || !p[2].is_one() || &p[1] != kstar {
        return Err("closure: need a ≥ 0, b = kstar, c = 1".into());
    }
    for seq in inst.sequences() {
        for row in sequence_rows(&seq, &inst.eps) {
            let lhs = row.coeffs.iter().zip(&p).fold(Rat::zero(), |acc, (g, z)| acc + g * z);
            if lhs.is_positive() {
                return Err(format!("closure: row {} is violated ({} > 0)", row.name, fmt_q(&lhs)));
            }
        }
    }
    Ok(())
}

/// Upper side, strict part: a correct head meeting `b ≤ bound·c` with `c > 0` (and, for
/// mixing with the closure point, every weight positive), judged on its values.
pub fn check_witness(inst: &Instance, wit: &SharpWitness, all_positive: bool) -> Result<(), String> {
    let alpha: Vec<Rat> = wit.alpha.iter().map(|s| rational("witness.alpha", s)).collect::<Result<_, _>>()?;
    let s: Vec<Rat> = wit.s.iter().map(|v| rational("witness.s", v)).collect::<Result<_, _>>()?;
    if !alpha[2].is_positive() || (all_positive && alpha.iter().any(|a| !a.is_positive())) {
        return Err("witness: weights must be positive (c > 0 always; a, b, c > 0 for mixing)".into());
    }
    let bound = rational("witness.bound", &wit.bound)?;
    let winst = Instance { bound: Bound::Value(bound), ..inst.clone() };
    let (alpha, s) = ([alpha[0].clone(), alpha[1].clone(), alpha[2].clone()], [s[0].clone(), s[1].clone(), s[2].clone()]);
    head_outputs(&winst, &winst.sequences(), &alpha, &s).map(|_| ()).map_err(|e| format!("witness: {e}"))
}
