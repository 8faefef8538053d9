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

use super::input::{rational, stated};
use crate::error::{Error, Res};
use crate::format::ratio::{
    Multiplier, RatioCertificate, RatioPoint, EMPTY, MINUS_INF, RATIO_FORMAT, RATIO_FORMAT_V1,
};
use crate::format::ratio_bound::{RatioBoundCertificate, RATIO_BOUND_FORMAT};
use crate::model::{Kernel, Setting};
use crate::rational::{fast, fmt_q, Rat};
use crate::rows::ratio::{class_label, ratio_instance, ratio_instance_in, RatioInstance, Side};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeSet;

/// The validated instance a certificate states (format and parameters only).
pub fn stated_instance(c: &RatioCertificate) -> Res<RatioInstance> {
    if c.format != RATIO_FORMAT && c.format != RATIO_FORMAT_V1 {
        return Err(Error::Rejected(format!("format: expected {RATIO_FORMAT}")));
    }
    let p = &c.params;
    if c.format == RATIO_FORMAT_V1 && p.superset {
        return Err(Error::Rejected(format!(
            "params.superset: {RATIO_FORMAT_V1} has no superset class (use {RATIO_FORMAT})"
        )));
    }
    let setting = Setting::from_fields(
        p.task.as_deref(),
        p.kernel.as_deref(),
        p.positions.as_deref(),
        p.keys.as_deref(),
        p.at,
        p.n,
    )
    .map_err(stated("params"))?;
    if c.format == RATIO_FORMAT_V1 && (!setting.is_default() || p.m.is_some()) {
        return Err(Error::Rejected(format!(
            "params: {RATIO_FORMAT_V1} has the default setting only (use {RATIO_FORMAT})"
        )));
    }
    ratio_instance_in(p.n, rational("params.eps", &p.eps)?, p.h, p.lo, p.hi, p.superset, setting, p.m)
        .map_err(stated("params"))
}

use super::{Context, Proves};
use crate::limits::{MAX_CHECKED_MULTISETS, MAX_RATIO_WORK};
use crate::model::setting::SettingClaim;
use serde::Serialize;

/// The cost, in units of checker work (one unit: about one multiply-add of small rationals,
/// about 1 µs on the project's VM), of one multiply-add with numbers written as `values`
/// (`alpha`/`p` of a point, or the `y` of multipliers). An accumulated sum can carry every
/// distinct denominator, so its length is bounded by the digits of the distinct denominators
/// plus the longest number; products and gcds grow with that length (in 64-bit limbs).
/// A sum of `terms` products is at most `terms` times the longest, so a row's sum is short
/// however many distinct denominators the point has.
pub fn op_cost<'a>(values: impl IntoIterator<Item = &'a String>, terms: u128) -> u128 {
    let mut dens: BTreeSet<&str> = BTreeSet::new();
    let mut longest = 0usize;
    // A number longer than `MAX_RATIONAL_DIGITS` is refused when it is read, with its own
    // message: count it at that length here.
    let cap = |len: usize| len.min(crate::limits::MAX_RATIONAL_DIGITS + 2) as u128;
    for v in values {
        longest = longest.max(v.len());
        if let Some((_, d)) = v.split_once('/') {
            dens.insert(d);
        }
    }
    let digits = (cap(longest) + dens.iter().map(|d| cap(d.len())).sum::<u128>())
        .min(cap(longest).saturating_mul(terms.max(1)));
    let limbs = digits / 19;
    // Measured under load: 55 µs per multiply-add at 43 limbs, 383 µs at 211, 2.3 ms at 632.
    1 + limbs * 4 / 3 + limbs * limbs / 256
}

/// Units of work of building one row of `inst` (its `n` class entries, 64 per unit) and
/// evaluating it at a point written as `values`: at most `2·min(n + 1, slots)` nonzero
/// entries, `op_cost` units each.
pub fn row_work<'a>(inst: &RatioInstance, values: impl IntoIterator<Item = &'a String>) -> u128 {
    let len = inst.seq_len() as u128 + 1;
    let entries = 2 * len.min(inst.slots() as u128);
    len.div_ceil(64) + entries * op_cost(values, entries)
}

/// Units of work of the dual check of `multipliers` (every listed row built and added).
pub fn multiplier_work(inst: &RatioInstance, multipliers: &[Multiplier]) -> u128 {
    let op = op_cost(multipliers.iter().map(|m| &m.y), u128::MAX);
    let ns = inst.slots() as u128;
    multipliers
        .iter()
        .map(|m| {
            let len = m.classes.len() as u128 + 1;
            // A row has at most two entries per distinct class (and the query's): at most
            // the number of runs of equal classes, plus one.
            let runs = 1 + m.classes.windows(2).filter(|w| w[0] != w[1]).count() as u128;
            len.div_ceil(64) + 2 * len.min(ns).min(runs + 1) * op
        })
        .sum()
}

/// Units of work of checking `c` for its validated instance: every sequence's rows, once per
/// point checked (the point, and the witness or the ray; none for `empty`), plus the
/// multipliers.
fn work_of(inst: &RatioInstance, c: &RatioCertificate) -> u128 {
    let passes = u128::from(c.ratio != EMPTY) + u128::from(c.witness.is_some()) + u128::from(c.ray.is_some());
    let points = c.alpha.iter().chain(&c.p);
    let points = points.chain(c.witness.iter().flat_map(|w| w.alpha.iter().chain(&w.p)));
    let points = points.chain(c.ray.iter().flat_map(|w| w.alpha.iter().chain(&w.p)));
    inst.sequence_count()
        .saturating_mul(inst.sides().len() as u128)
        .saturating_mul(passes)
        .saturating_mul(row_work(inst, points))
        .saturating_add(multiplier_work(inst, &c.multipliers))
}

/// Units of work of checking a `minip-ratio/2` certificate (`Err` if its parameters are
/// invalid): what a file holding several ratio certificates sums against `MAX_RATIO_WORK`.
pub fn ratio_work(c: &RatioCertificate) -> Res<u128> {
    Ok(work_of(&stated_instance(c)?, c))
}

/// Units of work of checking a `minip-ratio-bound/1` certificate (its multipliers).
pub fn bound_work(c: &RatioBoundCertificate) -> Res<u128> {
    let p = &c.params;
    let inst = ratio_instance(p.n, rational("params.eps", &p.eps)?, p.h, p.lo, p.hi, p.superset)
        .map_err(stated("params"))?;
    Ok(multiplier_work(&inst, &c.multipliers))
}

/// [`Error::TooLarge`] ("too large to check: …") when `work` units exceed the budget `MAX_RATIO_WORK`.
pub fn within_budget(work: u128, what: &str) -> Res<()> {
    if work > MAX_RATIO_WORK {
        return Err(Error::TooLarge(format!(
            "too large to check: about {work} units of work ({what}), the limit is {MAX_RATIO_WORK}"
        )));
    }
    Ok(())
}

/// `ε = p/q` as machine integers (the integer rows need them).
fn eps_parts(eps: &Rat) -> Res<(i64, i64)> {
    let p = eps.numer().try_into().map_err(|_| Error::Rejected("eps: numerator too large".into()))?;
    let q = eps.denom().try_into().map_err(|_| Error::Rejected("eps: denominator too large".into()))?;
    Ok((p, q))
}

/// What a checked ratio certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatioOutcome {
    /// `R = min A_lo/A_hi`, attained by a closure point, and `A_lo ≥ R·A_hi` for every correct head.
    Ratio(Rat),
    /// No correct head has `A_hi > 0` (for these parameters, none at all when `hi` is in every denominator).
    Empty,
    /// `A_lo/A_hi` is unbounded below over correct heads (signed kernels).
    MinusInf,
}

impl PartialEq<Rat> for RatioOutcome {
    fn eq(&self, r: &Rat) -> bool {
        matches!(self, RatioOutcome::Ratio(v) if v == r)
    }
}

impl RatioOutcome {
    /// The finite ratio, if any.
    pub fn value(&self) -> Option<&Rat> {
        match self {
            RatioOutcome::Ratio(r) => Some(r),
            _ => None,
        }
    }
    pub fn label(&self) -> String {
        match self {
            RatioOutcome::Ratio(r) => fmt_q(r),
            RatioOutcome::Empty => EMPTY.into(),
            RatioOutcome::MinusInf => MINUS_INF.into(),
        }
    }
}

/// Checks a ratio certificate with a finite ratio; returns the certified `R`.
pub fn check_ratio(c: &RatioCertificate) -> Res<Rat> {
    match check_ratio_outcome(c)? {
        RatioOutcome::Ratio(r) => Ok(r),
        other => Err(Error::Rejected(format!("ratio: {} (no finite ratio)", other.label()))),
    }
}

/// The sum of `v` over the slots of a class (the summed kernel, or one slot).
fn over(inst: &RatioInstance, v: &[Rat], class: u32) -> Rat {
    inst.class_slots(class).into_iter().fold(Rat::zero(), |acc, j| acc + &v[j])
}

fn values(what: &str, v: &[String], ns: usize) -> Res<Vec<Rat>> {
    if v.len() != ns {
        return Err(Error::Rejected(format!("{what}: need {ns} values")));
    }
    v.iter().enumerate().map(|(o, s)| rational(&format!("{what}[{o}]"), s)).collect()
}

/// Checks a ratio certificate; returns what it proves.
pub fn check_ratio_outcome(c: &RatioCertificate) -> Res<RatioOutcome> {
    let inst = stated_instance(c)?;
    let (ep, eq) = eps_parts(&inst.eps)?;
    let total = inst.sequence_count();
    if total > MAX_CHECKED_MULTISETS {
        return Err(Error::TooLarge(format!(
            "too large to check: {total} sequences (n = {}, h = {}), the limit is {MAX_CHECKED_MULTISETS}",
            inst.n, inst.h
        )));
    }
    if c.multipliers.len() > MAX_MULTIPLIERS {
        return Err(Error::TooLarge(format!(
            "too large to check: {} multipliers, the limit is {MAX_MULTIPLIERS}",
            c.multipliers.len()
        )));
    }
    within_budget(
        work_of(&inst, c),
        &format!("{total} sequences of length {} and {} multipliers", inst.seq_len(), c.multipliers.len()),
    )?;
    let points = Points {
        inst: &inst,
        ep,
        eq,
        default: inst.setting.is_default() && inst.m.is_none(),
        signed: inst.setting.kernel == Kernel::Signed,
        ns: inst.slots(),
    };
    match c.ratio.as_str() {
        EMPTY => check_empty(&inst, c),
        MINUS_INF => check_minus_inf(&points, c),
        _ => check_finite(&points, c),
    }
}

/// The points of a certificate (the point, the witness, the ray), checked against the rows of
/// its instance.
struct Points<'a> {
    inst: &'a RatioInstance,
    /// `ε = ep/eq`.
    ep: i64,
    eq: i64,
    /// The paper's model (classes are named by `class_label`).
    default: bool,
    signed: bool,
    /// The slots of a point (`alpha` and `p` have one value each).
    ns: usize,
}

impl Points<'_> {
    fn label(&self, j: usize) -> String {
        if self.default {
            class_label(self.inst.h, j as u32)
        } else {
            self.inst.slot_label(j)
        }
    }

    /// Every row of every sequence at `x` is ≤ 0 (closed) or < 0 (strict). The point is
    /// written over one common positive denominator, so a row's sign is that of an integer
    /// combination of the numerators (the same sign as the rational row value).
    fn all_rows(&self, x: &[Rat], strict: bool, what: &str) -> Res<()> {
        let inst = self.inst;
        let den = x.iter().fold(BigInt::one(), |l, v| l.lcm(v.denom()));
        let xs: Vec<BigInt> = x.iter().map(|v| v.numer() * (&den / v.denom())).collect();
        for seq in inst.sequences() {
            for &side in inst.sides() {
                let lhs = inst
                    .row(&seq, side, self.ep, self.eq)
                    .into_iter()
                    .fold(BigInt::zero(), |acc, (j, coef)| acc + &xs[j] * coef);
                if lhs.is_positive() || (strict && lhs.is_zero()) {
                    let why = if side == Side::Pos {
                        "D ≤ 0".to_string()
                    } else if strict {
                        "|N − tD| ≥ εD".into()
                    } else {
                        "|N − tD| > εD".into()
                    };
                    let seqname = if self.default { "multiset" } else { "sequence" };
                    return Err(Error::Rejected(format!(
                        "{what}: violates the {} row of {seqname} {seq:?} ({why})",
                        side.name()
                    )));
                }
            }
        }
        Ok(())
    }

    /// The values `alpha` then `p` of a point (`what`: `point`, `witness` or `ray`), the
    /// kernel values nonnegative unless the kernel is signed.
    fn point(&self, pt: (&[String], &[String]), what: &str) -> Res<Vec<Rat>> {
        let ns = self.ns;
        let (a, p) = pt;
        if a.len() != ns || p.len() != ns {
            return Err(Error::Rejected(format!("{what}: need {ns} values of alpha and p")));
        }
        let a = values(&format!("{}alpha", if what == "point" { "" } else { "witness." }), a, ns)?;
        let p = values(&format!("{}p", if what == "point" { "" } else { "witness." }), p, ns)?;
        if !self.signed {
            if let Some(o) = a.iter().position(|v| v.is_negative()) {
                return Err(Error::Rejected(if what == "point" {
                    format!("alpha[{o}]: negative kernel value")
                } else {
                    format!("{what}: negative kernel value at {}", self.label(o))
                }));
            }
        }
        Ok(a.into_iter().chain(p).collect())
    }

    /// The witness, a strictly correct head with `A_hi > 0` and every weight positive (nonzero
    /// for a signed kernel); optional in the paper's model only.
    fn witness(&self, w: &Option<RatioPoint>) -> Res<()> {
        let Some(w) = w else {
            return if self.default {
                Ok(())
            } else {
                Err(Error::Rejected(
                    "witness: missing (a strictly correct head; required beyond the default setting)".into(),
                ))
            };
        };
        let x = self.point((&w.alpha, &w.p), "witness")?;
        let signed = self.signed;
        if let Some(o) = (0..self.ns).find(|&o| if signed { x[o].is_zero() } else { !x[o].is_positive() }) {
            return Err(Error::Rejected(format!(
                "witness: the weight of {} must be {}",
                self.label(o),
                if signed { "nonzero" } else { "positive" }
            )));
        }
        if !over(self.inst, &x, self.inst.hi).is_positive() {
            return Err(Error::Rejected("witness: need A_hi > 0".into()));
        }
        self.all_rows(&x, true, "witness")
    }
}

/// `ratio: empty`: the multipliers alone (`den` rows allowed) leave nothing on `P` and
/// nothing negative on `A`.
fn check_empty(inst: &RatioInstance, c: &RatioCertificate) -> Res<RatioOutcome> {
    if !c.alpha.is_empty() || !c.p.is_empty() || c.witness.is_some() || c.ray.is_some() {
        return Err(Error::Rejected(
            "empty: no point, witness or ray (the multipliers are the certificate)".into(),
        ));
    }
    if c.multipliers.is_empty() {
        return Err(Error::Rejected("empty: no multipliers".into()));
    }
    let ns = inst.slots();
    let (mut va, mut vp) = (vec![Rat::zero(); ns], vec![Rat::zero(); ns]);
    add_multipliers(inst, &c.multipliers, true, &mut va, &mut vp)?;
    require_cancellation(inst, &va, &vp)?;
    Ok(RatioOutcome::Empty)
}

/// `ratio: -inf` (signed kernels): a point with `A_hi = 1`, a ray with `A_hi = 0` and
/// `A_lo < 0` along which every row stays closed, and the witness.
fn check_minus_inf(pts: &Points, c: &RatioCertificate) -> Res<RatioOutcome> {
    let inst = pts.inst;
    if !pts.signed {
        return Err(Error::Rejected("ratio: -inf only with a signed kernel".into()));
    }
    if !c.multipliers.is_empty() {
        return Err(Error::Rejected("-inf: no multipliers".into()));
    }
    let x = pts.point((&c.alpha, &c.p), "point")?;
    if !over(inst, &x, inst.hi).is_one() {
        return Err(Error::Rejected("point: need A_hi = 1".into()));
    }
    pts.all_rows(&x, false, "point")?;
    let ray = c.ray.as_ref().ok_or_else(|| Error::Rejected("ray: missing".into()))?;
    let r = pts.point((&ray.alpha, &ray.p), "ray")?;
    if !over(inst, &r, inst.hi).is_zero() || !over(inst, &r, inst.lo).is_negative() {
        return Err(Error::Rejected("ray: need A_hi = 0 and A_lo < 0 along it".into()));
    }
    pts.all_rows(&r, false, "ray")?;
    pts.witness(&c.witness)?;
    Ok(RatioOutcome::MinusInf)
}

/// A finite ratio `R`: the point attains it (`A_hi = 1`, `A_lo = R`), the multipliers prove
/// `A_lo ≥ R·A_hi`, the point satisfies every closed row, and the witness.
fn check_finite(pts: &Points, c: &RatioCertificate) -> Res<RatioOutcome> {
    let (inst, ns) = (pts.inst, pts.ns);
    if c.ray.is_some() {
        return Err(Error::Rejected("ray: only with ratio -inf".into()));
    }
    let r = rational("ratio", &c.ratio)?;
    if c.alpha.len() != ns || c.p.len() != ns {
        return Err(Error::Rejected(format!("point: need {ns} values of alpha and p")));
    }
    let x = pts.point((&c.alpha, &c.p), "point")?;
    if pts.default {
        if !x[inst.hi as usize].is_one() {
            return Err(Error::Rejected(format!(
                "alpha[{}]: the point must have A_hi = 1",
                class_label(inst.h, inst.hi)
            )));
        }
        if x[inst.lo as usize] != r {
            return Err(Error::Rejected(format!(
                "alpha[{}]: the point gives A_lo = {}, not the ratio {}",
                inst.lo,
                fmt_q(&x[inst.lo as usize]),
                c.ratio
            )));
        }
    } else {
        if !over(inst, &x, inst.hi).is_one() {
            return Err(Error::Rejected("point: need A_hi = 1".into()));
        }
        let lo = over(inst, &x, inst.lo);
        if lo != r {
            return Err(Error::Rejected(format!(
                "point: gives A_lo = {}, not the ratio {}",
                fmt_q(&lo),
                c.ratio
            )));
        }
    }
    // 2. The multipliers prove A_lo − R·A_hi ≥ 0 (checked first: it is cheap and
    // rejects a tampered n or h before the enumeration below). A stated multiplier `y`
    // is for the row `N − tD − εD` (or `tD − N − εD`, or `−D`), the integer row over `q`.
    check_multipliers(inst, &r, &c.multipliers)?;
    // 1. The point satisfies every closed row (every sequence, every side).
    pts.all_rows(&x, false, "point")?;
    pts.witness(&c.witness)?;
    Ok(RatioOutcome::Ratio(r))
}

/// The most multipliers a certificate may list (each costs `O(n)` rational operations).
pub const MAX_MULTIPLIERS: usize = 1_000_000;

/// The dual side shared by `minip-ratio/2` and `minip-ratio-bound/1` (docs/math.md §4.5):
/// every multiplier names a sequence of the LP and a side, none twice, and is positive;
/// `A_lo − r·A_hi + Σ y·row` has zero `P` part and an `A` part `≥ 0` (`= 0` for a signed
/// kernel), so `A_lo ≥ r·A_hi` for every correct head (strictly if a multiplier is listed).
/// The rows are rebuilt from the instance and the named sequences only: nothing is enumerated.
pub fn check_multipliers(inst: &RatioInstance, r: &Rat, multipliers: &[Multiplier]) -> Res<()> {
    if multipliers.len() > MAX_MULTIPLIERS {
        return Err(Error::TooLarge(format!(
            "too large to check: {} multipliers, the limit is {MAX_MULTIPLIERS}",
            multipliers.len()
        )));
    }
    within_budget(multiplier_work(inst, multipliers), &format!("{} multipliers", multipliers.len()))?;
    let ns = inst.slots();
    let (mut va, mut vp) = (vec![Rat::zero(); ns], vec![Rat::zero(); ns]);
    for j in inst.class_slots(inst.lo) {
        va[j] += Rat::one();
    }
    for j in inst.class_slots(inst.hi) {
        va[j] -= r;
    }
    add_multipliers(inst, multipliers, false, &mut va, &mut vp)?;
    require_cancellation(inst, &va, &vp)
}

fn is_default(inst: &RatioInstance) -> bool {
    inst.setting.is_default() && inst.m.is_none()
}

/// Adds `Σ y·row` (over the slots' `A` and `P`) for the listed multipliers; `den` rows are
/// allowed only in `empty` certificates.
fn add_multipliers(
    inst: &RatioInstance,
    multipliers: &[Multiplier],
    allow_den: bool,
    va: &mut [Rat],
    vp: &mut [Rat],
) -> Res<()> {
    let ns = inst.slots();
    let (ep, eq) = eps_parts(&inst.eps)?;
    let mut seen = BTreeSet::new();
    // Every multiplier read and judged first (the first bad one is the error), then the sum.
    let mut rows: Vec<(&[u32], Side, Rat)> = Vec::with_capacity(multipliers.len());
    for (i, m) in multipliers.iter().enumerate() {
        let at = format!("multipliers[{i}] ({:?} {})", m.classes, m.side);
        let side = Side::parse(&m.side)
            .filter(|s| inst.sides().contains(s) || (allow_den && *s == Side::Den))
            .ok_or_else(|| Error::Rejected(format!("{at}: unknown side '{}'", m.side)))?;
        if side == Side::Den {
            if !m.classes.is_empty() {
                return Err(Error::Rejected(format!("{at}: the den row has no classes")));
            }
        } else if !inst.is_sequence(&m.classes) {
            return Err(Error::Rejected(if is_default(inst) {
                format!("{at}: not a nondecreasing multiset of n − 1 classes in 0..{}", inst.classes())
            } else {
                format!(
                    "{at}: not a sequence of this LP (length {}, classes below {})",
                    inst.seq_len(),
                    inst.classes()
                )
            }));
        }
        if !seen.insert((m.classes.clone(), side)) {
            return Err(Error::Rejected(format!("{at}: listed twice")));
        }
        let y = rational(&at, &m.y)?;
        if !y.is_positive() {
            return Err(Error::Rejected(format!("{at}: multiplier {} is not positive", m.y)));
        }
        rows.push((&m.classes, side, y));
    }
    // A stated multiplier `y` is for the row `N − tD − εD` (or `tD − N − εD`, or `−D`),
    // which is the integer row over `q`: `Σ (y/q)·row` is formed in integers over
    // `L = q·lcm(denominators of y)` (`y·L/q` is an integer) and divided by `L` once.
    let ys: Vec<Rat> = rows.iter().map(|r| r.2.clone()).collect();
    let (l, ints) = crate::rational::over_lcd(&ys);
    let mut sa = vec![BigInt::zero(); ns];
    let mut sp = vec![BigInt::zero(); ns];
    for ((classes, side, _), y) in rows.iter().zip(&ints) {
        for (j, coef) in inst.row(classes, *side, ep, eq) {
            let v = if j < ns { &mut sa[j] } else { &mut sp[j - ns] };
            *v += y * coef;
        }
    }
    let den = l * BigInt::from(eq);
    for (v, s) in va.iter_mut().chain(vp.iter_mut()).zip(sa.into_iter().chain(sp)) {
        if !s.is_zero() {
            fast::add_to(v, &fast::new(s, den.clone()));
        }
    }
    Ok(())
}

/// The combination must leave nothing on `P` and, on `A`, nothing negative (nothing at all
/// for a signed kernel, which has no `A ≥ 0` to absorb it).
fn require_cancellation(inst: &RatioInstance, va: &[Rat], vp: &[Rat]) -> Res<()> {
    let label = |j: usize| if is_default(inst) { class_label(inst.h, j as u32) } else { inst.slot_label(j) };
    if let Some(o) = vp.iter().position(|v| !v.is_zero()) {
        return Err(Error::Rejected(format!(
            "multipliers: the combination leaves {} on P_{}",
            fmt_q(&vp[o]),
            label(o)
        )));
    }
    if inst.setting.kernel == Kernel::Signed {
        if let Some(o) = va.iter().position(|v| !v.is_zero()) {
            return Err(Error::Rejected(format!(
                "multipliers: the combination leaves {} on A_{} (a signed kernel has no A ≥ 0 to absorb it)",
                fmt_q(&va[o]),
                label(o)
            )));
        }
    } else if let Some(o) = va.iter().position(|v| v.is_negative()) {
        return Err(Error::Rejected(format!(
            "multipliers: the combination leaves {} < 0 on A_{}",
            fmt_q(&va[o]),
            label(o)
        )));
    }
    Ok(())
}

/// Checks a lower-bound-only ratio certificate (`minip-ratio-bound/1`, docs/math.md §9.2);
/// returns the certified lower bound `L`: every correct head has `A_lo ≥ L·A_hi`, strictly
/// when a multiplier is listed. Never enumerates sequences.
pub fn check_ratio_bound(c: &RatioBoundCertificate) -> Res<Rat> {
    if c.format != RATIO_BOUND_FORMAT {
        return Err(Error::Rejected(format!("format: expected {RATIO_BOUND_FORMAT}")));
    }
    let p = &c.params;
    if !p.is_default_setting() {
        return Err(Error::Rejected(format!("params: {RATIO_BOUND_FORMAT} has the default setting only (min-ip, nonneg, shared maps, all keys)")));
    }
    let inst = ratio_instance(p.n, rational("params.eps", &p.eps)?, p.h, p.lo, p.hi, p.superset)
        .map_err(stated("params"))?;
    let r = rational("bound", &c.bound)?;
    check_multipliers(&inst, &r, &c.multipliers)?;
    Ok(r)
}

// What a checked certificate proves (the registry's claim of this format, crate::format).

/// What a ratio certificate proves about `A_lo / A_hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatioKind {
    /// A finite ratio `R`, attained by a closure point and a lower bound for every correct head.
    Ratio,
    /// No correct head has `A_hi > 0` (`empty_of` says whether any correct head exists).
    Empty,
    /// Unbounded below (signed kernels).
    MinusInf,
}

/// `minip-ratio/2`: the forced ratio `R_{n,ε}(lo, hi; h)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RatioClaim {
    pub outcome: RatioKind,
    /// The ratio (`"p/q"`), with `outcome = ratio`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<String>,
    /// With `outcome = empty`: `true` when no correct head exists at all, `false` when only
    /// none with `A_hi > 0`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_head_at_all: Option<bool>,
    pub n: u32,
    pub eps: String,
    pub h: u32,
    /// Class labels (`3`, `3+` for `h⁺`, `o1e2` with `m`).
    pub lo: String,
    pub hi: String,
    /// The class `h⁺` is in the LP.
    pub superset: bool,
    #[serde(flatten)]
    pub setting: SettingClaim,
    /// Bits of the tokens (task `nearest` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub m: Option<u32>,
}

/// `minip-ratio-bound/1`: the lower side `L ≤ R(lo, hi; h)` alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RatioBoundClaim {
    pub bound: String,
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub lo: String,
    pub hi: String,
    pub superset: bool,
    #[serde(flatten)]
    pub setting: SettingClaim,
}

/// The line of a ratio certificate: the ratio, `-inf`, or which kind of empty.
fn ratio_line(f: &mut std::fmt::Formatter<'_>, r: &RatioClaim) -> std::fmt::Result {
    let classes = if r.superset { " classes 0..h,h+" } else { "" };
    let m = r.m.map(|m| format!(" m={m}")).unwrap_or_default();
    let what = match r.outcome {
        RatioKind::Ratio => format!("ratio R = {}", r.ratio.as_deref().unwrap_or("?")),
        RatioKind::Empty if r.no_head_at_all == Some(false) => {
            format!("empty: no correct head with A_{} > 0 (Farkas)", r.hi)
        }
        RatioKind::Empty => "empty: no correct head at all (Farkas)".into(),
        RatioKind::MinusInf => "ratio R = -inf".into(),
    };
    write!(
        f,
        "{what} ({}n={} eps={} h={} lo={} hi={}{classes}{m})",
        r.setting.prefix(),
        r.n,
        r.eps,
        r.h,
        r.lo,
        r.hi
    )
}

impl std::fmt::Display for RatioClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        ratio_line(f, self)
    }
}

impl std::fmt::Display for RatioBoundClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = self;
        let classes = if r.superset { " classes 0..h,h+" } else { "" };
        write!(
            f,
            "ratio R >= {} ({}n={} eps={} h={} lo={} hi={}{classes}, lower side only)",
            r.bound,
            r.setting.prefix(),
            r.n,
            r.eps,
            r.h,
            r.lo,
            r.hi
        )
    }
}

impl Proves for RatioCertificate {
    type Claim = RatioClaim;
    fn proves(&self, _: &Context) -> Res<RatioClaim> {
        ratio_claim(self)
    }
}

impl Proves for RatioBoundCertificate {
    type Claim = RatioBoundClaim;
    fn proves(&self, _: &Context) -> Res<RatioBoundClaim> {
        ratio_bound_claim(self)
    }
}

fn ratio_claim(c: &RatioCertificate) -> Res<RatioClaim> {
    let r = check_ratio_outcome(c)?;
    let p = &c.params;
    let inst = stated_instance(c)?;
    let (outcome, value) = match &r {
        RatioOutcome::Ratio(v) => (RatioKind::Ratio, Some(fmt_q(v))),
        RatioOutcome::Empty => (RatioKind::Empty, None),
        RatioOutcome::MinusInf => (RatioKind::MinusInf, None),
    };
    let no_head_at_all =
        (outcome == RatioKind::Empty).then(|| !c.multipliers.iter().any(|m| m.side == "den"));
    Ok(RatioClaim {
        outcome,
        ratio: value,
        no_head_at_all,
        n: p.n,
        eps: fmt_q(&inst.eps),
        h: p.h,
        lo: inst.label(p.lo),
        hi: inst.label(p.hi),
        superset: p.superset,
        setting: SettingClaim::of(&inst.setting),
        m: inst.m,
    })
}

fn ratio_bound_claim(c: &RatioBoundCertificate) -> Res<RatioBoundClaim> {
    let r = check_ratio_bound(c)?;
    let p = &c.params;
    let setting = crate::model::Setting::from_fields(
        p.task.as_deref(),
        p.kernel.as_deref(),
        p.positions.as_deref(),
        p.keys.as_deref(),
        p.at,
        p.n,
    )
    .map_err(Error::in_certificate)?;
    Ok(RatioBoundClaim {
        bound: fmt_q(&r),
        n: p.n,
        eps: fmt_q(&rational("params.eps", &p.eps)?),
        h: p.h,
        lo: p.lo.to_string(),
        hi: class_label(p.h, p.hi),
        superset: p.superset,
        setting: SettingClaim::of(&setting),
    })
}
