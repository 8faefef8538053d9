//! Checking gap-domination certificates (`minip-gap/1`, docs/math.md §2): rebuild the
//! instance, its sequences and rows from the stated parameters, compare, and check the
//! Farkas combination or the head on the values. `farkas_combination` and `head_outputs`
//! work on parsed values and are shared with the sharp checker.

use super::rational;
use crate::format::gap::{Farkas, GapCertificate, Head, GAP_FORMAT};
use crate::model::tokens::Token;
use crate::model::{Bound, Family, Gap, Instance, Sequence};
use crate::rational::{fmt_q, Rat};
use crate::rows::gap::{build_rows, Row, VARS};
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

/// What a checked gap certificate proves.
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

pub fn check_gap(c: &GapCertificate) -> Result<Verdict, String> {
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
    match (c.verdict.as_str(), &c.farkas, &c.head) {
        ("holds", Some(f), None) => check_farkas(f, &inst).map(|_| Verdict::Holds),
        ("broken", None, Some(h)) => check_head(h, &inst, &seqs).map(|_| Verdict::Broken),
        ("holds", ..) => Err("verdict holds needs a farkas section and no head".into()),
        ("broken", ..) => Err("verdict broken needs a head section and no farkas".into()),
        (v, ..) => Err(format!("verdict: unknown '{v}'")),
    }
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

/// Every rebuilt row must be listed, identical, with its multiplier; then the
/// combination is checked on the values (`farkas_combination`).
fn check_farkas(f: &Farkas, inst: &Instance) -> Result<(), String> {
    let rows = build_rows(inst);
    if f.rows.len() != rows.len() {
        return Err(format!("farkas.rows: {} listed, the parameters give {}", f.rows.len(), rows.len()));
    }
    let mut y = Vec::with_capacity(rows.len());
    for (i, (entry, row)) in f.rows.iter().zip(&rows).enumerate() {
        let at = format!("farkas.rows[{i}] ({})", entry.name);
        let coeffs: Vec<Rat> = entry.coeffs.iter().map(|s| rational(&at, s)).collect::<Result<_, _>>()?;
        if entry.name != row.name || coeffs != row.coeffs || rational(&at, &entry.rhs)? != row.rhs {
            return Err(format!("{at}: differs from the row rebuilt from params"));
        }
        y.push(rational(&at, &entry.multiplier)?);
    }
    let rhs = farkas_combination(&rows, &y).map_err(|e| format!("farkas: {e}"))?;
    if rational("farkas.combined_rhs", &f.combined_rhs)? != rhs {
        return Err(format!("farkas.combined_rhs: stated {} but the multipliers give {}", f.combined_rhs, fmt_q(&rhs)));
    }
    Ok(())
}

/// `y ≥ 0` on `rows`, `yᵀG = 0` and `yᵀg < 0`: the absurdity `0 ≤ yᵀg < 0`, so no point
/// satisfies the rows. Returns `yᵀg`. Errors name the row or the variable.
pub fn farkas_combination(rows: &[Row], y: &[Rat]) -> Result<Rat, String> {
    if y.len() != rows.len() {
        return Err(format!("{} multipliers for {} rows", y.len(), rows.len()));
    }
    let mut combo = vec![Rat::zero(); VARS.len()];
    let mut rhs = Rat::zero();
    for (row, yi) in rows.iter().zip(y) {
        if yi.is_negative() {
            return Err(format!("row {}: negative multiplier {}", row.name, fmt_q(yi)));
        }
        if yi.is_zero() {
            continue;
        }
        for (acc, a) in combo.iter_mut().zip(&row.coeffs) {
            *acc += yi * a;
        }
        rhs += yi * &row.rhs;
    }
    if let Some(j) = combo.iter().position(|v| !v.is_zero()) {
        return Err(format!("the combination leaves {} on {}", fmt_q(&combo[j]), VARS[j]));
    }
    if !rhs.is_negative() {
        return Err(format!("combined right-hand side {} is not negative", fmt_q(&rhs)));
    }
    Ok(rhs)
}

fn check_head(h: &Head, inst: &Instance, seqs: &[Sequence]) -> Result<(), String> {
    let alpha = [rational("head.alpha.x", &h.alpha.x)?, rational("head.alpha.y", &h.alpha.y)?, rational("head.alpha.z", &h.alpha.z)?];
    let s = [rational("head.s.x", &h.s.x)?, rational("head.s.y", &h.s.y)?, rational("head.s.z", &h.s.z)?];
    if h.outputs.len() != seqs.len() {
        return Err(format!("head.outputs: {} listed, the family has {}", h.outputs.len(), seqs.len()));
    }
    let yhat = head_outputs(inst, seqs, &alpha, &s).map_err(|e| format!("head: {e}"))?;
    for ((seq, out), y) in seqs.iter().zip(&h.outputs).zip(&yhat) {
        let at = format!("head.outputs ({})", seq.name);
        if out.sequence != seq.name || rational(&at, &out.yhat)? != *y {
            return Err(format!("{at}: stated output differs from the recomputed {}", fmt_q(y)));
        }
    }
    Ok(())
}

/// A head at query `x` over `{x, y, z}` (tables `α`, `s`), checked directly, not through
/// the rows: `α ≥ 0`, `α(x,y) ≤ K'·α(x,z)`, and on every sequence a positive denominator
/// and `|ŷ − t| < ε` with `ŷ = Σ i_k α_k s_k / Σ i_k α_k`. Returns every `ŷ`.
pub fn head_outputs(inst: &Instance, seqs: &[Sequence], alpha: &[Rat; 3], s: &[Rat; 3]) -> Result<Vec<Rat>, String> {
    if let Some(k) = alpha.iter().position(|a| a.is_negative()) {
        return Err(format!("alpha.{}: negative kernel value", ["x", "y", "z"][k]));
    }
    if alpha[1] > inst.kprime() * &alpha[2] {
        return Err("α(x,y) ≤ K'·α(x,z) fails, so the head does not break the bound".into());
    }
    let mut out = Vec::with_capacity(seqs.len());
    for seq in seqs {
        let mut den = Rat::zero();
        let mut num = Rat::zero();
        for k in 0..3 {
            let m = Rat::from_integer(seq.mult[k].into());
            den += &m * &alpha[k];
            num += &m * &alpha[k] * &s[k];
        }
        if !den.is_positive() {
            return Err(format!("{}: attention denominator is not positive", seq.name));
        }
        let yhat = num / den;
        let err = (&yhat - Rat::from_integer(seq.target.into())).abs();
        if err >= inst.eps {
            return Err(format!("{}: |ŷ − t| = {} is not below ε", seq.name, fmt_q(&err)));
        }
        out.push(yhat);
    }
    Ok(out)
}
