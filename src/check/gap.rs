//! Checking gap-domination certificates (MATH.md §3): rebuild, compare, combine.

use super::{rational, Checked, Verdict};
use crate::cert::{GapCertificate, GAP_FORMAT};
use crate::exact::rational::{fmt_q, Q};
use crate::formulation::{build_rows, VARS};
use crate::model::tokens::Token;
use crate::model::{Bound, Family, Gap, Instance};
use num_traits::{Signed, Zero};

/// Rebuilds the instance from the stated parameters (validating them).
pub fn instance_of(c: &GapCertificate) -> Result<Instance, String> {
    let p = &c.params;
    let gap = Gap::new(p.h, p.u, p.w).map_err(|e| format!("params: {e}"))?;
    let eps = rational("params.eps", &p.eps)?;
    let family = Family::parse(&p.family).map_err(|e| format!("params: {e}"))?;
    let bound = Bound::parse(&p.bound).map_err(|e| format!("params: {e}"))?;
    let inst = Instance::new(p.n, eps, gap, family, bound).map_err(|e| format!("params: {e}"))?;
    if rational("params.kprime", &p.kprime)? != inst.kprime() {
        return Err(format!("params.kprime: stated {} but the parameters give {}", p.kprime, fmt_q(&inst.kprime())));
    }
    Ok(inst)
}

pub fn check_gap(c: &GapCertificate) -> Result<Checked<'_>, String> {
    if c.format != GAP_FORMAT {
        return Err(format!("format: expected {GAP_FORMAT}"));
    }
    let inst = instance_of(c)?;
    if c.variables != VARS {
        return Err("variables: expected a b c P Q S".into());
    }
    check_tokens(c, &inst.gap)?;
    let seqs = inst.sequences();
    if c.sequences.len() != seqs.len() {
        return Err(format!("sequences: {} listed, the family has {}", c.sequences.len(), seqs.len()));
    }
    for (i, (got, want)) in c.sequences.iter().zip(&seqs).enumerate() {
        if got.name != want.name || got.mult != want.mult || got.target != want.target {
            return Err(format!("sequences[{i}] ({}): does not match the family rebuilt from params", got.name));
        }
    }
    let verdict = match (c.verdict.as_str(), &c.farkas, &c.head) {
        ("holds", Some(_), None) => check_farkas(c, &inst).map(|_| Verdict::Holds)?,
        ("broken", None, Some(_)) => check_head(c, &inst, &seqs).map(|_| Verdict::Broken)?,
        ("holds", ..) => return Err("verdict holds needs a farkas section and no head".into()),
        ("broken", ..) => return Err("verdict broken needs a head section and no farkas".into()),
        (v, ..) => return Err(format!("verdict: unknown '{v}'")),
    };
    Ok(Checked { cert: c, verdict })
}

fn check_tokens(c: &GapCertificate, gap: &Gap) -> Result<(), String> {
    let x = Token::parse(&c.tokens.x).map_err(|e| format!("tokens.x: {e}"))?;
    let y = Token::parse(&c.tokens.y).map_err(|e| format!("tokens.y: {e}"))?;
    let z = Token::parse(&c.tokens.z).map_err(|e| format!("tokens.z: {e}"))?;
    if x.0.len() != y.0.len() || x.0.len() != z.0.len() {
        return Err("tokens: x, y, z differ in length".into());
    }
    if (x.weight(), x.overlap(&y), x.overlap(&z)) != (gap.h, gap.u, gap.w) {
        return Err("tokens: overlaps do not realize (h, u, w)".into());
    }
    crate::model::tokens::distinct(&[x, y, z]).map_err(|e| format!("tokens: {e}"))
}

/// Every rebuilt row must be listed, identical, with a multiplier `y ≥ 0`;
/// `yᵀG` must vanish and `yᵀg` be negative: `0 ≤ yᵀg < 0` is absurd.
fn check_farkas(c: &GapCertificate, inst: &Instance) -> Result<(), String> {
    let f = c.farkas.as_ref().expect("matched");
    let rows = build_rows(inst);
    if f.rows.len() != rows.len() {
        return Err(format!("farkas.rows: {} listed, the parameters give {}", f.rows.len(), rows.len()));
    }
    let mut combo = vec![Q::zero(); VARS.len()];
    let mut rhs = Q::zero();
    for (i, (entry, row)) in f.rows.iter().zip(&rows).enumerate() {
        let at = format!("farkas.rows[{i}] ({})", entry.name);
        let coeffs: Vec<Q> = entry.coeffs.iter().map(|s| rational(&at, s)).collect::<Result<_, _>>()?;
        if entry.name != row.name || coeffs != row.coeffs || rational(&at, &entry.rhs)? != row.rhs {
            return Err(format!("{at}: differs from the row rebuilt from params"));
        }
        let y = rational(&at, &entry.multiplier)?;
        if y.is_negative() {
            return Err(format!("{at}: negative multiplier {}", entry.multiplier));
        }
        for (acc, a) in combo.iter_mut().zip(&row.coeffs) {
            *acc += &y * a;
        }
        rhs += &y * &row.rhs;
    }
    if let Some(j) = combo.iter().position(|v| !v.is_zero()) {
        return Err(format!("farkas: the combination leaves {} on {}", fmt_q(&combo[j]), VARS[j]));
    }
    if !rhs.is_negative() {
        return Err(format!("farkas: combined right-hand side {} is not negative", fmt_q(&rhs)));
    }
    if rational("farkas.combined_rhs", &f.combined_rhs)? != rhs {
        return Err(format!("farkas.combined_rhs: stated {} but the multipliers give {}", f.combined_rhs, fmt_q(&rhs)));
    }
    Ok(())
}

/// Recomputes every output as an exact weighted average (not through the rows) and
/// checks `|ŷ − t| < ε`, `α ≥ 0`, positive denominators and `α(x,y) ≤ K'·α(x,z)`.
fn check_head(c: &GapCertificate, inst: &Instance, seqs: &[crate::model::Sequence]) -> Result<(), String> {
    let h = c.head.as_ref().expect("matched");
    let alpha = [rational("head.alpha.x", &h.alpha.x)?, rational("head.alpha.y", &h.alpha.y)?, rational("head.alpha.z", &h.alpha.z)?];
    let s = [rational("head.s.x", &h.s.x)?, rational("head.s.y", &h.s.y)?, rational("head.s.z", &h.s.z)?];
    if let Some(k) = alpha.iter().position(|a| a.is_negative()) {
        return Err(format!("head.alpha.{}: negative kernel value", ["x", "y", "z"][k]));
    }
    if alpha[1] > inst.kprime() * &alpha[2] {
        return Err("head: α(x,y) ≤ K'·α(x,z) fails, so the head does not break the bound".into());
    }
    if h.outputs.len() != seqs.len() {
        return Err(format!("head.outputs: {} listed, the family has {}", h.outputs.len(), seqs.len()));
    }
    for (seq, out) in seqs.iter().zip(&h.outputs) {
        let at = format!("head.outputs ({})", seq.name);
        let mut den = Q::zero();
        let mut num = Q::zero();
        for k in 0..3 {
            let m = Q::from_integer(seq.mult[k].into());
            den += &m * &alpha[k];
            num += &m * &alpha[k] * &s[k];
        }
        if !den.is_positive() {
            return Err(format!("{at}: attention denominator is not positive"));
        }
        let yhat = num / den;
        if out.sequence != seq.name || rational(&at, &out.yhat)? != yhat {
            return Err(format!("{at}: stated output differs from the recomputed {}", fmt_q(&yhat)));
        }
        let err = (&yhat - Q::from_integer(seq.target.into())).abs();
        if err >= inst.eps {
            return Err(format!("{at}: |ŷ − t| = {} is not below ε", fmt_q(&err)));
        }
    }
    Ok(())
}
