//! Checking gap-domination certificates (`minip-gap/1`, docs/math.md §2): rebuild the
//! instance, its sequences and rows from the stated parameters, compare, and check the
//! Farkas combination or the head on the values. `farkas_combination` and `head_outputs`
//! work on parsed values and are shared with the sharp checker.

use super::input::{rational, stated};
use super::{Context, Proves};
use crate::error::{Error, Res};
use crate::format::gap::{Farkas, GapCertificate, Head, Tables, GAP_FORMAT};
use crate::model::setting::SettingClaim;
use crate::model::tokens::Token;
use crate::model::{Bound, Family, Gap, Instance, Kernel, Positions, Setting};
use crate::rational::{fast, fmt_q, Rat};
use crate::rows::gap::{build_rows, gap_lp, GapLp, Row, VARS};
pub use crate::verdict::Verdict;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use serde::Serialize;

/// Rebuilds the instance from the stated parameters (validating them); the Hamming
/// distances (task `nearest`) are those of the stated tokens.
pub fn instance_of(c: &GapCertificate) -> Res<Instance> {
    let p = &c.params;
    let gap = Gap::new(p.h, p.u, p.w).map_err(stated("params"))?;
    let eps = rational("params.eps", &p.eps)?;
    let family = Family::parse(&p.family).map_err(stated("params"))?;
    let bound = Bound::parse(&p.bound).map_err(stated("params"))?;
    let setting = Setting::from_fields(
        p.task.as_deref(),
        p.kernel.as_deref(),
        p.positions.as_deref(),
        p.keys.as_deref(),
        p.at,
        p.n,
    )
    .map_err(stated("params"))?;
    let inst = Instance::new(p.n, eps, gap, family, bound).map_err(stated("params"))?;
    let toks = stated_tokens(c)?;
    let inst = inst.with_setting(setting).and_then(|i| i.with_tokens(&toks)).map_err(stated("params"))?;
    // Ordered sequences grow like n!: counted before any row is built (as on the command line).
    crate::rows::gap::check_gap_lp_size(&inst).map_err(stated("params"))?;
    if rational("params.kprime", &p.kprime)? != inst.kprime() {
        return Err(Error::Rejected(format!(
            "params.kprime: stated {} but the parameters give {}",
            p.kprime,
            fmt_q(&inst.kprime())
        )));
    }
    Ok(inst)
}

pub fn check_gap(c: &GapCertificate) -> Res<Verdict> {
    if c.format != GAP_FORMAT {
        return Err(Error::Rejected(format!("format: expected {GAP_FORMAT}")));
    }
    let inst = instance_of(c)?;
    let lp = gap_lp(&inst);
    if c.variables != lp.vars {
        return Err(Error::Rejected(if inst.setting.is_default() {
            "variables: expected a b c P Q S".into()
        } else {
            format!("variables: expected {}", lp.vars.join(" "))
        }));
    }
    check_tokens(c, &inst.gap)?;
    let seqs = &lp.seqs;
    if c.sequences.len() != seqs.len() {
        return Err(Error::Rejected(format!(
            "sequences: {} listed, the family has {}",
            c.sequences.len(),
            seqs.len()
        )));
    }
    let ordered = inst.setting.positions != Positions::Shared;
    for (i, (got, want)) in c.sequences.iter().zip(seqs).enumerate() {
        if got.name != want.name
            || got.mult != want.mult
            || got.target != want.target
            || (ordered && got.tokens != want.tokens)
        {
            return Err(Error::Rejected(format!(
                "sequences[{i}] ({}): does not match the family rebuilt from params",
                got.name
            )));
        }
    }
    match (c.verdict.as_str(), &c.farkas, &c.head) {
        ("holds", Some(f), None) => check_farkas(f, &inst, &lp).map(|_| Verdict::Holds),
        ("broken", None, Some(h)) => check_head(h, &inst, &lp).map(|_| Verdict::Broken),
        ("holds", ..) => Err(Error::Rejected("verdict holds needs a farkas section and no head".into())),
        ("broken", ..) => Err(Error::Rejected("verdict broken needs a head section and no farkas".into())),
        (v, ..) => Err(Error::Rejected(format!("verdict: unknown '{v}'"))),
    }
}

fn stated_tokens(c: &GapCertificate) -> Res<[Token; 3]> {
    let x = Token::parse(&c.tokens.x).map_err(stated("tokens.x"))?;
    let y = Token::parse(&c.tokens.y).map_err(stated("tokens.y"))?;
    let z = Token::parse(&c.tokens.z).map_err(stated("tokens.z"))?;
    if x.0.len() != y.0.len() || x.0.len() != z.0.len() {
        return Err(Error::Rejected("tokens: x, y, z differ in length".into()));
    }
    Ok([x, y, z])
}

fn check_tokens(c: &GapCertificate, gap: &Gap) -> Res<()> {
    let [x, y, z] = stated_tokens(c)?;
    if x.0.len() != y.0.len() || x.0.len() != z.0.len() {
        return Err(Error::Rejected("tokens: x, y, z differ in length".into()));
    }
    if (x.weight(), x.overlap(&y), x.overlap(&z)) != (gap.h, gap.u, gap.w) {
        return Err(Error::Rejected("tokens: overlaps do not realize (h, u, w)".into()));
    }
    crate::model::tokens::distinct(&[x, y, z]).map_err(stated("tokens"))
}

/// Every rebuilt row must be listed, identical, with its multiplier; then the
/// combination is checked on the values (`farkas_combination`).
fn check_farkas(f: &Farkas, inst: &Instance, lp: &GapLp) -> Res<()> {
    let rows = build_rows(inst);
    if f.rows.len() != rows.len() {
        return Err(Error::Rejected(format!(
            "farkas.rows: {} listed, the parameters give {}",
            f.rows.len(),
            rows.len()
        )));
    }
    let mut y = Vec::with_capacity(rows.len());
    for (i, (entry, row)) in f.rows.iter().zip(&rows).enumerate() {
        let at = format!("farkas.rows[{i}] ({})", entry.name);
        let coeffs: Vec<Rat> = entry.coeffs.iter().map(|s| rational(&at, s)).collect::<Result<_, _>>()?;
        if entry.name != row.name || coeffs != row.coeffs || rational(&at, &entry.rhs)? != row.rhs {
            return Err(Error::Rejected(format!("{at}: differs from the row rebuilt from params")));
        }
        y.push(rational(&at, &entry.multiplier)?);
    }
    let rhs = farkas_combination_in(&rows, &y, &lp.vars).map_err(|e| e.at("farkas"))?;
    if rational("farkas.combined_rhs", &f.combined_rhs)? != rhs {
        return Err(Error::Rejected(format!(
            "farkas.combined_rhs: stated {} but the multipliers give {}",
            f.combined_rhs,
            fmt_q(&rhs)
        )));
    }
    Ok(())
}

/// `y ≥ 0` on `rows`, `yᵀG = 0` and `yᵀg < 0`: the absurdity `0 ≤ yᵀg < 0`, so no point
/// satisfies the rows. Returns `yᵀg`. Errors name the row or the variable.
pub fn farkas_combination(rows: &[Row], y: &[Rat]) -> Res<Rat> {
    let names: Vec<String> = VARS.iter().map(|s| s.to_string()).collect();
    farkas_combination_in(rows, y, &names)
}

/// `farkas_combination` over the variables `vars` (any gap LP of docs/math.md §11).
pub fn farkas_combination_in(rows: &[Row], y: &[Rat], vars: &[String]) -> Res<Rat> {
    if y.len() != rows.len() {
        return Err(Error::Rejected(format!("{} multipliers for {} rows", y.len(), rows.len())));
    }
    if rows.iter().any(|r| r.coeffs.len() != vars.len()) {
        return Err(Error::Rejected(format!("rows are not over the {} variables", vars.len())));
    }
    let mut combo = vec![Rat::zero(); vars.len()];
    let mut rhs = Rat::zero();
    for (row, yi) in rows.iter().zip(y) {
        if yi.is_negative() {
            return Err(Error::Rejected(format!("row {}: negative multiplier {}", row.name, fmt_q(yi))));
        }
        if yi.is_zero() {
            continue;
        }
        // Zero coefficients are skipped: every rational product reduces by a gcd.
        for (acc, a) in combo.iter_mut().zip(&row.coeffs) {
            if !a.is_zero() {
                fast::add_product(acc, yi, a);
            }
        }
        if !row.rhs.is_zero() {
            fast::add_product(&mut rhs, yi, &row.rhs);
        }
    }
    if let Some(j) = combo.iter().position(|v| !v.is_zero()) {
        return Err(Error::Rejected(format!("the combination leaves {} on {}", fmt_q(&combo[j]), vars[j])));
    }
    if !rhs.is_negative() {
        return Err(Error::Rejected(format!("combined right-hand side {} is not negative", fmt_q(&rhs))));
    }
    Ok(rhs)
}

fn check_head(h: &Head, inst: &Instance, lp: &GapLp) -> Res<()> {
    let shared = inst.setting.positions == Positions::Shared;
    let (av, sv) = (h.alpha.values(), h.s.values());
    if shared != matches!(h.alpha, Tables::Triple(_)) || shared != matches!(h.s, Tables::Triple(_)) {
        return Err(Error::Rejected(
            "head: tables must be {x, y, z} objects for shared maps and lists per slot otherwise".into(),
        ));
    }
    let ns = lp.nslots();
    if av.len() != ns || sv.len() != ns {
        return Err(Error::Rejected(format!("head: need {ns} values of alpha and s (one per slot)")));
    }
    let names = |j: usize| {
        if shared {
            format!("head.alpha.{}", ["x", "y", "z"][j])
        } else {
            format!("head.alpha[{}]", lp.vars[j])
        }
    };
    let alpha: Vec<Rat> =
        av.iter().enumerate().map(|(j, v)| rational(&names(j), v)).collect::<Result<_, _>>()?;
    let s: Vec<Rat> = sv
        .iter()
        .enumerate()
        .map(|(j, v)| rational(&names(j).replace("alpha", "s"), v))
        .collect::<Result<_, _>>()?;
    if h.outputs.len() != lp.seqs.len() {
        return Err(Error::Rejected(format!(
            "head.outputs: {} listed, the family has {}",
            h.outputs.len(),
            lp.seqs.len()
        )));
    }
    let yhat = head_outputs(inst, lp, &alpha, &s).map_err(|e| e.at("head"))?;
    for ((seq, out), y) in lp.seqs.iter().zip(&h.outputs).zip(&yhat) {
        let at = format!("head.outputs ({})", seq.name);
        if out.sequence != seq.name || rational(&at, &out.yhat)? != *y {
            return Err(Error::Rejected(format!(
                "{at}: stated output differs from the recomputed {}",
                fmt_q(y)
            )));
        }
    }
    Ok(())
}

/// `(v_j·L, L)` with `L` the least common multiple of the denominators: the values as
/// integers over one denominator.
fn over_common_denominator(v: &[Rat]) -> (Vec<BigInt>, BigInt) {
    let l = v.iter().fold(BigInt::one(), |l, x| fast::lcm(&l, x.denom()));
    (v.iter().map(|x| x.numer() * (&l / x.denom())).collect(), l)
}

/// A head at query `x` (tables `α`, `s` over the slots of `lp`), checked directly, not
/// through the rows: `α ≥ 0` (nonnegative kernel), the bound `good ≤ K'·bad` on the summed
/// kernel (or at key position `at`), `bad > 0` (signed kernel), and on every sequence a
/// positive denominator and `|ŷ − t| < ε` with `ŷ = Σ_slots count·α·s / Σ_slots count·α`.
/// Returns every `ŷ`.
pub fn head_outputs(inst: &Instance, lp: &GapLp, alpha: &[Rat], s: &[Rat]) -> Res<Vec<Rat>> {
    let shared = inst.setting.positions == Positions::Shared;
    let name =
        |j: usize| if shared { ["x", "y", "z"][lp.slots[j].1].to_string() } else { lp.vars[j].clone() };
    if inst.setting.kernel == Kernel::Nonneg {
        if let Some(k) = alpha.iter().position(|a| a.is_negative()) {
            return Err(Error::Rejected(format!("alpha.{}: negative kernel value", name(k))));
        }
    }
    let sum = |kind: usize| {
        lp.bound_slots(kind, inst.setting.at).iter().fold(Rat::zero(), |acc, &j| acc + &alpha[j])
    };
    let (good, bad) = (sum(inst.good()), sum(inst.bad()));
    if good > inst.kprime() * &bad {
        return Err(Error::Rejected(if inst.setting.is_default() {
            "α(x,y) ≤ K'·α(x,z) fails, so the head does not break the bound".into()
        } else {
            "the bound good ≤ K'·bad fails, so the head does not break it".into()
        }));
    }
    if inst.setting.kernel == Kernel::Signed && !bad.is_positive() {
        return Err(Error::Rejected(
            "the bad key's weight is not positive (a signed-kernel question is about heads with bad > 0)"
                .into(),
        ));
    }
    // Over common denominators: α_j = A_j/L and α_j·s_j = B_j/M with integers A_j, B_j, so
    // a sequence's D = Σ count·A_j / L and N = Σ count·B_j / M take integer sums only.
    let products: Vec<Rat> = alpha.iter().zip(s).map(|(a, v)| fast::mul(a, v)).collect();
    let (a_int, l) = over_common_denominator(alpha);
    let (b_int, m) = over_common_denominator(&products);
    let mut out = Vec::with_capacity(lp.seqs.len());
    for seq in &lp.seqs {
        let mut den = BigInt::zero();
        let mut num = BigInt::zero();
        for (j, &c) in seq.count.iter().enumerate() {
            if c != 0 {
                den += &a_int[j] * c;
                num += &b_int[j] * c;
            }
        }
        if !den.is_positive() {
            return Err(Error::Rejected(format!("{}: attention denominator is not positive", seq.name)));
        }
        // ŷ = N/D = (num/M)/(den/L).
        let yhat = fast::new(num * &l, den * &m);
        let err = fast::sub(&yhat, &Rat::from_integer(seq.target.into())).abs();
        if err >= inst.eps {
            return Err(Error::Rejected(format!("{}: |ŷ − t| = {} is not below ε", seq.name, fmt_q(&err))));
        }
        out.push(yhat);
    }
    Ok(out)
}

// What a checked certificate proves (the registry's claim of this format, crate::format).

/// `minip-gap/1`: the negated bound `b ≤ K'·c` has no correct head (`holds`) or has one (`broken`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GapClaim {
    #[serde(serialize_with = "verdict_name")]
    pub verdict: Verdict,
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub family: String,
    /// `paper` or a rational.
    pub bound: String,
    pub kprime: String,
    #[serde(flatten)]
    pub setting: SettingClaim,
}

fn verdict_name<S: serde::Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.name())
}

impl std::fmt::Display for GapClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let g = self;
        write!(
            f,
            "{} (gap {}n={} eps={} h={} u={} w={} {} b<={})",
            g.verdict.name(),
            g.setting.prefix(),
            g.n,
            g.eps,
            g.h,
            g.u,
            g.w,
            g.family,
            g.bound
        )
    }
}

impl Proves for GapCertificate {
    type Claim = GapClaim;
    fn proves(&self, _: &Context) -> Res<GapClaim> {
        gap_claim(self)
    }
}

fn gap_claim(c: &GapCertificate) -> Res<GapClaim> {
    let v = check_gap(c)?;
    let inst = instance_of(c)?;
    let p = &c.params;
    Ok(GapClaim {
        verdict: v,
        n: p.n,
        eps: fmt_q(&inst.eps),
        h: p.h,
        u: p.u,
        w: p.w,
        family: inst.family.name().into(),
        // The checked value, reduced (`paper` or a rational), never the stated text.
        bound: inst.bound.label(),
        kprime: fmt_q(&inst.kprime()),
        setting: SettingClaim::of(&inst.setting),
    })
}
