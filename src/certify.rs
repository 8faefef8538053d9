//! Certification: solve (float hint) → repair (exact candidate) → check (trusted).
//!
//! The only place verdicts are made, and only from certificates the checker
//! accepted. Anything that fails all the way through is `Unknown`.

use crate::cert::{Farkas, GapCertificate, Head, RowEntry};
use crate::check::{check_gap, Verdict};
use crate::exact::rational::{fmt_q, Q};
use crate::exact::repair::{exact_farkas, exact_point};
use crate::formulation::{build_rows, Row, VARS};
use crate::model::Instance;
use crate::solve;
use num_traits::{One, Signed, Zero};

/// The result of one instance: a checked certificate, or `Unknown` with the reason.
#[derive(Clone, Debug)]
pub enum Outcome {
    Certified { verdict: Verdict, cert: GapCertificate },
    Unknown { reason: String },
}

impl Outcome {
    pub fn verdict_name(&self) -> &'static str {
        match self {
            Outcome::Certified { verdict, .. } => verdict.name(),
            Outcome::Unknown { .. } => "unknown",
        }
    }
}

/// Settles one instance exactly.
pub fn decide(inst: &Instance) -> Outcome {
    let rows = build_rows(inst);
    let exact_rows: Vec<(Vec<Q>, Q)> = rows.iter().map(|r| (r.coeffs.clone(), r.rhs.clone())).collect();
    let hint = match solve::solve_slack(&rows, VARS.len()) {
        Ok(h) => h,
        Err(e) => return Outcome::Unknown { reason: e },
    };
    let witness = || -> Option<GapCertificate> {
        if hint.sigma <= 0.0 {
            return None;
        }
        let scaled: Vec<f64> = hint.z.iter().map(|v| v / hint.sigma).collect();
        let z = exact_point(&exact_rows, &scaled)?;
        head_certificate(inst, &z)
    };
    let farkas = || -> Option<GapCertificate> {
        let from_duals = exact_farkas(&exact_rows, &hint.duals);
        let y = from_duals.or_else(|| {
            let alt = solve::solve_farkas(&rows, VARS.len()).ok()?;
            exact_farkas(&exact_rows, &alt)
        })?;
        Some(farkas_certificate(inst, &rows, &y))
    };
    // Try the side the solver points to first; the other side is a fallback.
    let candidates: Vec<Option<GapCertificate>> =
        if hint.sigma > 1e-9 { vec![witness(), farkas()] } else { vec![farkas(), witness()] };
    let mut last = String::from("no exact certificate could be built from the solver's answer");
    for cert in candidates.into_iter().flatten() {
        match check_gap(&cert) {
            Ok(checked) => {
                let verdict = checked.verdict;
                return Outcome::Certified { verdict, cert };
            }
            Err(e) => last = format!("built certificate failed the check: {e}"),
        }
    }
    Outcome::Unknown { reason: last }
}

fn base(inst: &Instance, verdict: Verdict) -> GapCertificate {
    GapCertificate::skeleton(inst, verdict.name())
}

/// Packs multipliers for `rows` into a certificate (unchecked: pass it to the checker).
pub fn farkas_certificate(inst: &Instance, rows: &[Row], y: &[Q]) -> GapCertificate {
    let rhs = rows.iter().zip(y).fold(Q::zero(), |acc, (r, yi)| acc + &r.rhs * yi);
    let mut cert = base(inst, Verdict::Holds);
    cert.farkas = Some(Farkas {
        rows: rows
            .iter()
            .zip(y)
            .map(|(r, yi)| RowEntry {
                name: r.name.clone(),
                coeffs: r.coeffs.iter().map(fmt_q).collect(),
                rhs: fmt_q(&r.rhs),
                multiplier: fmt_q(yi),
            })
            .collect(),
        combined_rhs: fmt_q(&rhs),
    });
    cert
}

/// Turns a point of the closed system into a head (MATH.md §3, "Witness"): a zero
/// weight carrying a nonzero product is moved slightly off zero (the strict rows
/// have margin 1, so a small move keeps them), halving the move until the
/// recomputed head passes.
fn head_certificate(inst: &Instance, z: &[Q]) -> Option<GapCertificate> {
    let k = inst.kprime();
    // Start with a large move (small, readable values s = P/α) and halve.
    let mut delta = z[..3].iter().fold(Q::one(), |m, v| if *v > m { v.clone() } else { m });
    for _ in 0..64 {
        let mut w: Vec<Q> = z[..3].to_vec();
        let prod = &z[3..];
        if w[0].is_zero() && !prod[0].is_zero() {
            w[0] = delta.clone();
        }
        if w[2].is_zero() && (!prod[2].is_zero() || (w[1].is_zero() && !prod[1].is_zero())) {
            w[2] = delta.clone();
        }
        if w[1].is_zero() && !prod[1].is_zero() && k.is_positive() {
            let cap = &k * &w[2];
            w[1] = if cap < delta { cap } else { delta.clone() };
        }
        let s: Vec<Q> = (0..3).map(|j| if w[j].is_zero() { Q::zero() } else { &prod[j] / &w[j] }).collect();
        let mut cert = base(inst, Verdict::Broken);
        cert.head = Some(Head::from_tables(inst, &w, &s));
        if check_gap(&cert).is_ok() {
            return Some(cert);
        }
        delta /= Q::one() + Q::one();
    }
    None
}
