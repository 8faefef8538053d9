//! Certifying sharp constants (docs/math.md §3): `kstar = inf b/c` over heads correct on
//! the family, exact, with a two-sided certificate (format `minip-sharp/1`, checked by
//! `minip_check::check::sharp`).
//!
//! Pipeline per configuration: a float hint from HiGHS (min `b` over the closed
//! homogeneous rows with `c = 1`), rounded to candidate fractions; for a candidate `K`,
//! an exact closure point with `b = K` (`repair::hint`), the lower side from
//! `gap::decide(b ≤ K·c) = holds`, the witness from `decide(b ≤ (K+1/1000)·c) = broken`.
//! Nothing is reported before the checker accepts the bundle.
//!
//! Why `kstar` is always a finite number ≥ 0 here: correct heads exist for every
//! configuration, adding a little weight to `z` keeps a head correct (so heads with
//! `c > 0` exist), and `b/c ≥ 0`. The closed LP `min b, c = 1` attains the infimum;
//! when `kstar > 0` no head reaches it (lower `b` a little, keeping `Q`), so the
//! strict Farkas side exists; only `kstar = 0` can be a minimum (a head with `b = 0`).

use minip_check::format::sharp::{SharpCertificate, SharpWitness};
use super::gap::{decide, Outcome};
use crate::repair::round::approx;
use crate::solve::sharp::lp_hint;
use minip_check::check::{Checked, Context, Verdict};
use minip_check::format::sharp::{relation, witness_margin};
use minip_check::rational::{fmt_q, Rat};
use crate::repair::hint::exact_point;
use minip_check::rows::gap::{sequence_rows, VARS};
use minip_check::model::{paper_k, Bound, Instance};
use num_traits::{One, Zero};

/// A configuration's certified answer, or the reason there is none.
#[derive(Clone, Debug)]
pub enum SharpOutcome {
    Certified(Checked<SharpCertificate>),
    Unknown(String),
}

/// The closed homogeneous correctness rows `G_s z ≤ 0` of the family.
fn closed_rows(inst: &Instance) -> Vec<(Vec<Rat>, Rat)> {
    inst.sequences().iter().flat_map(|s| sequence_rows(s, &inst.eps)).map(|r| (r.coeffs, Rat::zero())).collect()
}

/// Candidate fractions for a float `b*`: simplest first.
fn candidates(b: f64) -> Vec<Rat> {
    let mut v: Vec<Rat> = Vec::new();
    if b.abs() < 1e-7 {
        v.push(Rat::zero());
    }
    for den in [100u64, 10_000, 1_000_000, 1_000_000_000] {
        if let Some(k) = approx(b.max(0.0), den) {
            if !v.contains(&k) {
                v.push(k);
            }
        }
    }
    v
}

/// Certifies `kstar` for one configuration (`inst.bound` is ignored).
///
/// ```
/// use minip::certify::sharp::{sharp, SharpOutcome};
/// use minip::model::{Bound, Family, Gap, Instance};
/// use minip::rational::q;
/// // n = 4, eps = 1/4, d = 3: the lemma's K = 10 is exactly the best factor.
/// let inst = Instance::new(4, q(1, 4), Gap::from_d(3).unwrap(), Family::Paper, Bound::Paper).unwrap();
/// let SharpOutcome::Certified(c) = sharp(&inst) else { panic!("unknown") };
/// assert_eq!((c.kstar.as_str(), c.relation.as_str()), ("10", "sharp"));
/// ```
pub fn sharp(inst: &Instance) -> SharpOutcome {
    let rows = closed_rows(inst);
    let (b, z) = match lp_hint(&rows) {
        Ok(h) => h,
        Err(e) => return SharpOutcome::Unknown(e),
    };
    let mut last = format!("no candidate near the LP value {b} could be certified");
    for k in candidates(b) {
        match certify_at(inst, &rows, &z, &k) {
            Ok(c) => return SharpOutcome::Certified(c),
            Err(e) => last = format!("candidate {}: {e}", fmt_q(&k)),
        }
    }
    SharpOutcome::Unknown(last)
}

fn with_bound(inst: &Instance, k: Rat) -> Instance {
    Instance { bound: Bound::Value(k), ..inst.clone() }
}

fn certify_at(inst: &Instance, rows: &[(Vec<Rat>, Rat)], hint: &[f64], k: &Rat) -> Result<Checked<SharpCertificate>, String> {
    let pk = paper_k(inst.n, &inst.eps, inst.gap.d());
    let mut cert = SharpCertificate {
        n: inst.n,
        eps: fmt_q(&inst.eps),
        h: inst.gap.h,
        u: inst.gap.u,
        w: inst.gap.w,
        family: inst.family.name().into(),
        kstar: fmt_q(k),
        paper_k: fmt_q(&pk),
        relation: relation(k, &pk).into(),
        attained: false,
        lower: None,
        closure: None,
        witness: SharpWitness { bound: String::new(), alpha: Default::default(), s: Default::default() },
    };
    match decide(&with_bound(inst, k.clone())) {
        Outcome::Certified(g) if *g.claim() == Verdict::Holds => {
            let f = g.into_cert().farkas.expect("holds has farkas");
            cert.lower = Some(f.rows.into_iter().filter(|r| r.multiplier != "0").map(|r| (r.name, r.multiplier)).collect());
        }
        Outcome::Certified(g) if k.is_zero() => {
            // b/c = 0 is reached: a correct head with b = 0 (c made positive).
            let h = g.into_cert().head.expect("broken has head");
            cert.attained = true;
            cert.witness = positive_witness(inst, Rat::zero(), [h.alpha.x, h.alpha.y, h.alpha.z], [h.s.x, h.s.y, h.s.z], false)?;
            return Ok(Checked::new(cert, &Context::default())?);
        }
        Outcome::Certified(_) => return Err("a correct head meets b ≤ K·c: K is above kstar".into()),
        Outcome::Unknown { reason } => return Err(format!("lower side: {reason}")),
    }
    // Closure point: the LP's optimum with b = K, c = 1 solved exactly.
    let mut sys: Vec<(Vec<Rat>, Rat)> = rows.to_vec();
    let unit = |j: usize, v: Rat| {
        let mut c = vec![Rat::zero(); VARS.len()];
        c[j] = v;
        c
    };
    sys.push((unit(0, -Rat::one()), Rat::zero()));
    sys.push((unit(1, Rat::one()), k.clone()));
    sys.push((unit(1, -Rat::one()), -k.clone()));
    sys.push((unit(2, Rat::one()), Rat::one()));
    sys.push((unit(2, -Rat::one()), -Rat::one()));
    let p = exact_point(&sys, hint).ok_or("no exact closure point with b = K, c = 1")?;
    cert.closure = Some(p.iter().map(fmt_q).collect());
    let kw = k + witness_margin();
    match decide(&with_bound(inst, kw.clone())) {
        Outcome::Certified(g) if *g.claim() == Verdict::Broken => {
            let h = g.into_cert().head.expect("broken has head");
            cert.witness = positive_witness(inst, kw, [h.alpha.x, h.alpha.y, h.alpha.z], [h.s.x, h.s.y, h.s.z], true)?;
        }
        Outcome::Certified(_) => return Err("no correct head at K + 1/1000".into()),
        Outcome::Unknown { reason } => return Err(format!("witness: {reason}")),
    }
    Ok(Checked::new(cert, &Context::default())?)
}

/// Gives zero weights a small positive value (product unchanged, i.e. `s = 0` there),
/// halving until the head passes the checker again: the strict rows are open.
fn positive_witness(inst: &Instance, bound: Rat, alpha: [String; 3], s: [String; 3], all: bool) -> Result<SharpWitness, String> {
    let parse = |v: &String| minip_check::rational::parse_rational(v).expect("checked certificate");
    let a0: Vec<Rat> = alpha.iter().map(parse).collect();
    let s0: Vec<Rat> = s.iter().map(parse).collect();
    let products: Vec<Rat> = a0.iter().zip(&s0).map(|(a, s)| a * s).collect();
    let mut delta = a0.iter().fold(Rat::one(), |m, v| if *v > m { v.clone() } else { m });
    let winst = with_bound(inst, bound.clone());
    for _ in 0..80 {
        let mut a = a0.clone();
        for j in 0..3 {
            if a[j].is_zero() && (j == 2 || all) {
                a[j] = if j == 1 { (&bound * &a[2]).min(delta.clone()) } else { delta.clone() };
            }
        }
        let sv: Vec<Rat> = (0..3).map(|j| if a[j].is_zero() { Rat::zero() } else { &products[j] / &a[j] }).collect();
        let w = SharpWitness { bound: fmt_q(&bound), alpha: [0, 1, 2].map(|j| fmt_q(&a[j])), s: [0, 1, 2].map(|j| fmt_q(&sv[j])) };
        if witness_ok(&winst, &w, all) {
            return Ok(w);
        }
        delta /= Rat::from_integer(2.into());
    }
    Err("could not make the witness's weights positive".into())
}

fn witness_ok(inst: &Instance, w: &SharpWitness, all: bool) -> bool {
    minip_check::check::sharp::check_witness(inst, w, all).is_ok()
}
