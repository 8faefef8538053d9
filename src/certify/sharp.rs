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

use super::gap::{decide, Outcome};
use crate::certify::slack_point;
use crate::error::Error;
use crate::formulate::slack::{form, pinned};
use crate::repair::hint::exact_point;
use crate::repair::round::approx;
use crate::solve::gap::solve_slack;
use crate::solve::sharp::{lp_hint, lp_hint_general, Hint};
use minip_check::check::{Checked, Context, Verdict};
use minip_check::format::sharp::{relation, witness_margin};
use minip_check::format::sharp::{SharpCertificate, SharpWitness, MINUS_INF};
use minip_check::model::{paper_k, Bound, Instance, Kernel};
use minip_check::rational::{fmt_q, Rat};
use minip_check::rows::gap::{gap_lp, keyed_rows, sequence_rows, GapLp, Row, VARS};
use num_traits::{One, Signed, Zero};

/// A configuration's certified answer, or the reason there is none.
#[derive(Clone, Debug)]
pub enum SharpOutcome {
    Certified(Checked<SharpCertificate>),
    Unknown(String),
}

/// The closed homogeneous correctness rows `G_s z ≤ 0` of the family (with a signed kernel
/// also `−D ≤ 0`).
fn closed_rows(inst: &Instance) -> Vec<(Vec<Rat>, Rat)> {
    if inst.setting.is_default() {
        return inst
            .sequences()
            .iter()
            .flat_map(|s| sequence_rows(s, &inst.eps))
            .map(|r| (r.coeffs, Rat::zero()))
            .collect();
    }
    let signed = inst.setting.kernel == Kernel::Signed;
    gap_lp(inst)
        .seqs
        .iter()
        .flat_map(|s| keyed_rows(s, &inst.eps, signed))
        .map(|r| (r.coeffs, Rat::zero()))
        .collect()
}

/// Candidate fractions for a float `b*`: simplest first (negative only for a signed kernel).
fn candidates(b: f64, signed: bool) -> Vec<Rat> {
    let mut v: Vec<Rat> = Vec::new();
    if b.abs() < 1e-7 {
        v.push(Rat::zero());
    }
    for den in [100u64, 10_000, 1_000_000, 1_000_000_000] {
        if let Some(k) = approx(if signed { b } else { b.max(0.0) }, den) {
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
    let (b, z) = if inst.setting.is_default() {
        match lp_hint(&rows) {
            Ok(h) => h,
            Err(e) => return SharpOutcome::Unknown(e.to_string()),
        }
    } else {
        let lp = gap_lp(inst);
        let (good, bad) =
            (lp.bound_slots(inst.good(), inst.setting.at), lp.bound_slots(inst.bad(), inst.setting.at));
        let signed = inst.setting.kernel == Kernel::Signed;
        match lp_hint_general(&rows, lp.vars.len(), lp.nslots(), &good, &bad, signed) {
            Ok(Hint::Optimal(b, z)) => (b, z),
            Ok(Hint::Unbounded) => {
                return match minus_inf(inst, &lp, &rows) {
                    Ok(c) => SharpOutcome::Certified(c),
                    Err(e) => SharpOutcome::Unknown(format!("unbounded: {e}")),
                }
            }
            Err(e) => {
                return match empty(inst) {
                    Some(c) => SharpOutcome::Certified(c),
                    None => SharpOutcome::Unknown(e.to_string()),
                }
            }
        }
    };
    let mut last = format!("no candidate near the LP value {b} could be certified");
    let signed = inst.setting.kernel == Kernel::Signed;
    for k in candidates(b, signed) {
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

/// The certificate's fields before the outcome.
fn skeleton(inst: &Instance, k: &str, pk: &Rat, rel: &str) -> SharpCertificate {
    let f = inst.setting.fields();
    SharpCertificate {
        n: inst.n,
        eps: fmt_q(&inst.eps),
        h: inst.gap.h,
        u: inst.gap.u,
        w: inst.gap.w,
        family: inst.family.name().into(),
        kstar: k.into(),
        paper_k: fmt_q(pk),
        relation: rel.into(),
        attained: false,
        lower: None,
        closure: None,
        ray: None,
        witness: SharpWitness { bound: String::new(), alpha: Default::default(), s: Default::default() },
        task: f.task,
        kernel: f.kernel,
        positions: f.positions,
        keys: f.keys,
        at: f.at,
    }
}

/// `kstar = empty`: no correct head on the family at all (Farkas without the bound row).
fn empty(inst: &Instance) -> Option<Checked<SharpCertificate>> {
    let one = with_bound(inst, Rat::one());
    let lp = gap_lp(&one);
    let rows: Vec<Row> =
        minip_check::rows::gap::build_rows(&one).into_iter().filter(|r| r.name != "bound").collect();
    let exact: Vec<(Vec<Rat>, Rat)> = rows.iter().map(|r| (r.coeffs.clone(), r.rhs.clone())).collect();
    let hint = solve_slack(&rows, lp.vars.len()).ok()?;
    if hint.sigma > 1e-9 {
        return None;
    }
    let y = crate::repair::hint::exact_farkas(&exact, &hint.duals).or_else(|| {
        crate::repair::hint::exact_farkas(
            &exact,
            &crate::solve::gap::solve_farkas(&rows, lp.vars.len()).ok()?,
        )
    })?;
    let pk = paper_k(inst.n, &inst.eps, inst.d());
    let mut cert = skeleton(inst, minip_check::format::sharp::EMPTY, &pk, minip_check::format::sharp::EMPTY);
    cert.lower = Some(
        rows.iter().zip(&y).filter(|(_, v)| !v.is_zero()).map(|(r, v)| (r.name.clone(), fmt_q(v))).collect(),
    );
    cert.witness = SharpWitness { bound: "-".into(), alpha: vec![], s: vec![] };
    Checked::new(cert, &Context::default()).ok()
}

/// `kstar = -inf` (signed kernels): a closure point with `bad = 1`, a ray along which `good`
/// falls with `bad` fixed, and a correct head with `bad > 0` and nonzero weights.
fn minus_inf(
    inst: &Instance,
    lp: &GapLp,
    rows: &[(Vec<Rat>, Rat)],
) -> Result<Checked<SharpCertificate>, Error> {
    let pk = paper_k(inst.n, &inst.eps, inst.d());
    let mut cert = skeleton(inst, MINUS_INF, &pk, "fails");
    let nv = lp.vars.len();
    let good = lp.bound_slots(inst.good(), inst.setting.at);
    let bad = lp.bound_slots(inst.bad(), inst.setting.at);
    let closed: Vec<Row> = rows
        .iter()
        .map(|(c, _)| Row { name: String::new(), coeffs: c.clone(), rhs: Rat::zero(), strict: false })
        .collect();
    let point = slack_point(&closed, pinned(nv, &bad, 1), nv)?;
    let mut ray_rows = pinned(nv, &good, -1);
    ray_rows.extend(pinned(nv, &bad, 0));
    let ray = slack_point(&closed, ray_rows, nv)?;
    cert.closure = Some(point.iter().map(fmt_q).collect());
    cert.ray = Some(ray.iter().map(fmt_q).collect());
    let wb = Rat::zero();
    cert.witness = witness_at(inst, wb, "no correct head at bound 0")?;
    Ok(Checked::new(cert, &Context::default())?)
}

fn certify_at(
    inst: &Instance,
    rows: &[(Vec<Rat>, Rat)],
    hint: &[f64],
    k: &Rat,
) -> Result<Checked<SharpCertificate>, Error> {
    if !inst.setting.is_default() {
        return certify_at_general(inst, rows, hint, k);
    }
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
        ray: None,
        witness: SharpWitness { bound: String::new(), alpha: Default::default(), s: Default::default() },
        task: None,
        kernel: None,
        positions: None,
        keys: None,
        at: None,
    };
    match decide(&with_bound(inst, k.clone())) {
        Outcome::Certified(g) if *g.claim() == Verdict::Holds => {
            let f = g.into_cert().farkas.expect("holds has farkas");
            cert.lower = Some(
                f.rows.into_iter().filter(|r| r.multiplier != "0").map(|r| (r.name, r.multiplier)).collect(),
            );
        }
        Outcome::Certified(g) if k.is_zero() => {
            // b/c = 0 is reached: a correct head with b = 0 (c made positive).
            let h = g.into_cert().head.expect("broken has head");
            cert.attained = true;
            cert.witness = positive_witness(inst, Rat::zero(), h.alpha.values(), h.s.values(), false)?;
            return Ok(Checked::new(cert, &Context::default())?);
        }
        Outcome::Certified(_) => {
            return Err(Error::Input("a correct head meets b ≤ K·c: K is above kstar".into()))
        }
        Outcome::Unknown { reason } => return Err(Error::Input(format!("lower side: {reason}"))),
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
    let p = exact_point(&sys, hint)
        .ok_or_else(|| Error::Input("no exact closure point with b = K, c = 1".into()))?;
    cert.closure = Some(p.iter().map(fmt_q).collect());
    let kw = k + witness_margin();
    cert.witness = witness_at(inst, kw, "no correct head at K + 1/1000")?;
    Ok(Checked::new(cert, &Context::default())?)
}

/// The general case (docs/math.md §11) of `certify_at`: lower side by `decide`, closure
/// point with `good = K`, `bad = 1`, witness at `K + 1/1000`.
fn certify_at_general(
    inst: &Instance,
    rows: &[(Vec<Rat>, Rat)],
    hint: &[f64],
    k: &Rat,
) -> Result<Checked<SharpCertificate>, Error> {
    let pk = paper_k(inst.n, &inst.eps, inst.d());
    let mut cert = skeleton(inst, &fmt_q(k), &pk, relation(k, &pk));
    let signed = inst.setting.kernel == Kernel::Signed;
    match decide(&with_bound(inst, k.clone())) {
        Outcome::Certified(g) if *g.claim() == Verdict::Holds => {
            let f = g.into_cert().farkas.expect("holds has farkas");
            cert.lower = Some(
                f.rows.into_iter().filter(|r| r.multiplier != "0").map(|r| (r.name, r.multiplier)).collect(),
            );
        }
        Outcome::Certified(g) if k.is_zero() && !signed => {
            let h = g.into_cert().head.expect("broken has head");
            cert.attained = true;
            cert.witness = positive_witness(inst, Rat::zero(), h.alpha.values(), h.s.values(), false)?;
            return Ok(Checked::new(cert, &Context::default())?);
        }
        Outcome::Certified(_) => {
            return Err(Error::Input("a correct head meets good ≤ K·bad: K is above kstar".into()))
        }
        Outcome::Unknown { reason } => return Err(Error::Input(format!("lower side: {reason}"))),
    }
    let lp = gap_lp(inst);
    let nv = lp.vars.len();
    let good = lp.bound_slots(inst.good(), inst.setting.at);
    let bad = lp.bound_slots(inst.bad(), inst.setting.at);
    let mut sys: Vec<(Vec<Rat>, Rat)> = rows.to_vec();
    if !signed {
        for j in 0..lp.nslots() {
            sys.push((form(nv, &[j], &-Rat::one()), Rat::zero()));
        }
    }
    sys.push((form(nv, &good, &Rat::one()), k.clone()));
    sys.push((form(nv, &good, &-Rat::one()), -k.clone()));
    sys.push((form(nv, &bad, &Rat::one()), Rat::one()));
    sys.push((form(nv, &bad, &-Rat::one()), -Rat::one()));
    let p = exact_point(&sys, hint)
        .ok_or_else(|| Error::Input("no exact closure point with good = K, bad = 1".into()))?;
    cert.closure = Some(p.iter().map(fmt_q).collect());
    let kw = k + witness_margin();
    cert.witness = witness_at(inst, kw, "no correct head at K + 1/1000")?;
    Ok(Checked::new(cert, &Context::default())?)
}

/// A strictly correct head with positive weights that breaks `bound` (the witness that the
/// closure value is the infimum over heads); `none` says what it means when there is none.
fn witness_at(inst: &Instance, bound: Rat, none: &str) -> Result<SharpWitness, Error> {
    match decide(&with_bound(inst, bound.clone())) {
        Outcome::Certified(g) if *g.claim() == Verdict::Broken => {
            let h = g.into_cert().head.expect("broken has head");
            positive_witness(inst, bound, h.alpha.values(), h.s.values(), true)
        }
        Outcome::Certified(_) => Err(Error::Input(none.into())),
        Outcome::Unknown { reason } => Err(Error::Input(format!("witness: {reason}"))),
    }
}

/// Gives zero weights a small positive value (product unchanged, i.e. `s = 0` there),
/// halving until the head passes the checker again: the strict rows are open.
fn positive_witness(
    inst: &Instance,
    bound: Rat,
    alpha: Vec<String>,
    s: Vec<String>,
    all: bool,
) -> Result<SharpWitness, Error> {
    if !inst.setting.is_default() {
        return positive_witness_general(inst, bound, alpha, s, all);
    }
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
        let sv: Vec<Rat> =
            (0..3).map(|j| if a[j].is_zero() { Rat::zero() } else { &products[j] / &a[j] }).collect();
        let w = SharpWitness {
            bound: fmt_q(&bound),
            alpha: (0..3).map(|j| fmt_q(&a[j])).collect(),
            s: (0..3).map(|j| fmt_q(&sv[j])).collect(),
        };
        if witness_ok(&winst, &w, all) {
            return Ok(w);
        }
        delta /= Rat::from_integer(2.into());
    }
    Err(Error::Input("could not make the witness's weights positive".into()))
}

fn witness_ok(inst: &Instance, w: &SharpWitness, all: bool) -> bool {
    minip_check::check::sharp::check_witness(inst, w, all).is_ok()
}

/// `positive_witness` in any setting: zero bad weights (and with `all` every zero weight)
/// move off zero — good ones up by at most what the bound leaves (nonnegative kernel) or
/// down (signed) — halving until the checker accepts the head.
fn positive_witness_general(
    inst: &Instance,
    bound: Rat,
    alpha: Vec<String>,
    s: Vec<String>,
    all: bool,
) -> Result<SharpWitness, Error> {
    let parse = |v: &String| minip_check::rational::parse_rational(v).expect("checked certificate");
    let a0: Vec<Rat> = alpha.iter().map(parse).collect();
    let s0: Vec<Rat> = s.iter().map(parse).collect();
    let products: Vec<Rat> = a0.iter().zip(&s0).map(|(a, s)| a * s).collect();
    let winst = with_bound(inst, bound.clone());
    let lp = gap_lp(inst);
    let good = lp.bound_slots(inst.good(), inst.setting.at);
    let bad = lp.bound_slots(inst.bad(), inst.setting.at);
    let signed = inst.setting.kernel == Kernel::Signed;
    let sum = |v: &[usize], w: &[Rat]| v.iter().fold(Rat::zero(), |acc, &j| acc + &w[j]);
    let mut delta = a0.iter().fold(Rat::one(), |m, v| if v.abs() > m { v.abs() } else { m });
    for _ in 0..80 {
        let mut a = a0.clone();
        if !sum(&bad, &a).is_positive() {
            a[bad[0]] += &delta;
        }
        for (j, v) in a.iter_mut().enumerate() {
            if v.is_zero() && all && !good.contains(&j) {
                *v = delta.clone();
            }
        }
        let zeros: Vec<usize> = good.iter().copied().filter(|&j| a[j].is_zero() && all).collect();
        if !zeros.is_empty() {
            let share =
                (&bound * sum(&bad, &a) - sum(&good, &a)) / Rat::from_integer((zeros.len() as i64).into());
            for &j in &zeros {
                a[j] = if signed || !share.is_positive() {
                    -delta.clone()
                } else if share < delta {
                    share.clone()
                } else {
                    delta.clone()
                };
            }
        }
        let sv: Vec<Rat> =
            (0..a.len()).map(|j| if a[j].is_zero() { Rat::zero() } else { &products[j] / &a[j] }).collect();
        let w = SharpWitness {
            bound: fmt_q(&bound),
            alpha: a.iter().map(fmt_q).collect(),
            s: sv.iter().map(fmt_q).collect(),
        };
        if witness_ok(&winst, &w, all) {
            return Ok(w);
        }
        delta /= Rat::from_integer(2.into());
    }
    Err(Error::Input("could not make the witness's weights positive".into()))
}
