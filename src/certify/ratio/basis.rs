//! Candidate certificates of the row LP: from an exact basis (`certificate_of_basis`), from
//! HiGHS's primal and dual hint when its basis is not usable (`from_hint_repair`), and the
//! parts of the other outcomes beyond the paper's model (a strictly correct head, a point and
//! a ray of an unbounded LP). Candidates only: the checker judges them.

use super::ratio_params;
use crate::certify::slack_point;
use crate::formulate::ratio::RowLp;
use crate::formulate::slack::{form, pinned};
use crate::repair::hint::exact_point;
use crate::solve::ratio as lp;
use minip_check::format::ratio::{Multiplier, RatioCertificate, RatioParams, RatioPoint, RATIO_FORMAT};
use minip_check::rational::{fmt_q, Rat};
use minip_check::rows::gap::Row;
use num_bigint::BigInt;
use num_traits::{One, Zero};

/// The candidate certificate of a basis: its point `x` and the multipliers `y` of
/// its held constraints (scaled units; held bounds `A_o ≥ 0` only absorb the `A`
/// slack and are not listed).
pub fn certificate_of_basis(lp: &RowLp, held: &[usize], y: &[Rat], x: &[Rat]) -> RatioCertificate {
    let m = lp.rows.len();
    let multipliers =
        held.iter().zip(y).filter(|(&c, v)| c < m && !v.is_zero()).map(|(&i, v)| row_multiplier(lp, i, v));
    let r = lp.obj.iter().fold(Rat::zero(), |acc, &j| acc + &x[j]);
    let RatioPoint { alpha, p } = point(lp, x);
    RatioCertificate {
        ratio: fmt_q(&r),
        alpha,
        p,
        multipliers: sorted(multipliers.collect()),
        ..base_certificate(lp)
    }
}

/// The optimum from HiGHS's primal and dual hint: a candidate `R` (the rounded value),
/// multipliers `y ≥ 0` on the rows of the dual support with `A_lo − R·A_hi + Σ y·row` free
/// of `P` (and `≥ 0` on `A`, `= 0` for a signed kernel), and an exact point with `A_hi = 1`,
/// `A_lo = R` on the active rows. A candidate; the checker judges it.
pub(super) fn from_hint_repair(lp: &RowLp, h: &lp::Hint) -> Option<RatioCertificate> {
    use crate::repair::hint::exact_combination;
    let width = 2 * lp.slots();
    let m = lp.rows.len();
    let value: f64 = lp.obj.iter().map(|&j| h.cols[j]).sum();
    let mut rows: Vec<Vec<Rat>> = lp.rows.iter().map(|r| lp.dense(r)).collect();
    let mut dual_hint: Vec<f64> = h.row_duals[..m].to_vec();
    if !lp.signed() {
        for j in 0..lp.slots() {
            rows.push(form(width, &[j], &-Rat::one()));
            dual_hint.push(h.col_duals[j]);
        }
    }
    for den in [1u64, 100, 10_000, 1_000_000] {
        let r = crate::repair::round::approx(value, den)?;
        // Σ y·row = −(A_lo − R·A_hi) on every column.
        let mut target = vec![Rat::zero(); width];
        for &j in &lp.obj {
            target[j] -= Rat::one();
        }
        for &j in &lp.norm {
            target[j] += &r;
        }
        let Some(y) = exact_combination(&rows, &target, &dual_hint) else { continue };
        let mut sys: Vec<(Vec<Rat>, Rat)> = rows.iter().map(|c| (c.clone(), Rat::zero())).collect();
        sys.push((form(width, &lp.norm, &Rat::one()), Rat::one()));
        sys.push((form(width, &lp.norm, &-Rat::one()), -Rat::one()));
        sys.push((form(width, &lp.obj, &Rat::one()), r.clone()));
        sys.push((form(width, &lp.obj, &-Rat::one()), -r.clone()));
        let Some(x) = exact_point(&sys, &h.cols) else { continue };
        let multipliers = (0..m).filter(|&i| !y[i].is_zero()).map(|i| row_multiplier(lp, i, &y[i]));
        let RatioPoint { alpha, p } = point(lp, &x);
        return Some(RatioCertificate {
            ratio: fmt_q(&r),
            alpha,
            p,
            multipliers: sorted(multipliers.collect()),
            ..base_certificate(lp)
        });
    }
    None
}

/// The certificate's parameters (with the setting's fields beyond the paper's model) and no
/// outcome yet.
pub(super) fn base_certificate(lp: &RowLp) -> RatioCertificate {
    let f = lp.setting.fields();
    RatioCertificate {
        format: RATIO_FORMAT.into(),
        params: RatioParams {
            task: f.task,
            kernel: f.kernel,
            positions: f.positions,
            keys: f.keys,
            at: f.at,
            m: lp.m,
            ..ratio_params(lp.n, &lp.eps, lp.h, lp.lo, lp.hi, lp.superset)
        },
        ratio: String::new(),
        alpha: vec![],
        p: vec![],
        multipliers: vec![],
        witness: None,
        ray: None,
    }
}

/// The multiplier `y` of row `i` as a certificate lists it: in the units of the rows the
/// checker rebuilds, which are the solver's times the denominator of `ε`.
pub(super) fn row_multiplier(lp: &RowLp, i: usize, y: &Rat) -> Multiplier {
    let q = Rat::from_integer(lp.eps.denom().clone());
    Multiplier { classes: lp.names[i].0.clone(), side: lp.names[i].1.name().into(), y: fmt_q(&(y * &q)) }
}

/// Multipliers in a certificate's order: by classes, then side.
pub(super) fn sorted(mut multipliers: Vec<Multiplier>) -> Vec<Multiplier> {
    multipliers.sort_by(|a, b| (&a.classes, &a.side).cmp(&(&b.classes, &b.side)));
    multipliers
}

/// A point `(A, P)` of the LP's unknowns as a certificate writes it.
pub(super) fn point(lp: &RowLp, x: &[Rat]) -> RatioPoint {
    let ns = lp.slots();
    RatioPoint { alpha: x[..ns].iter().map(fmt_q).collect(), p: x[ns..].iter().map(fmt_q).collect() }
}

/// A strictly correct point (every strict row `≤ −1`) made into a head: a zero weight gets
/// `δ = 1/(2·n·max|coefficient|)` (products kept), which moves no row by more than 1/2.
pub(super) fn move_zero_weights(lp: &RowLp, mut z: Vec<Rat>) -> RatioPoint {
    let cmax = lp.rows.iter().flat_map(|r| r.iter().map(|e| e.1.unsigned_abs())).max().unwrap_or(1).max(1);
    // `2·n·max|c|` as a big integer: the coefficients are `i64`, their product with `2n` need not fit.
    let delta = Rat::new(1.into(), BigInt::from(2 * u64::from(lp.n)) * BigInt::from(cmax));
    for v in z.iter_mut().take(lp.slots()) {
        if v.is_zero() {
            *v = delta.clone();
        }
    }
    point(lp, &z)
}

/// For an unbounded closure LP: an exact point with `A_hi = 1` and a ray with `A_hi = 0`,
/// `A_lo = −1`, both on the closed rows.
pub(super) fn unbounded_parts(lp: &RowLp) -> Option<(Vec<Rat>, Vec<Rat>)> {
    let width = 2 * lp.slots();
    let closed: Vec<Row> = lp
        .rows
        .iter()
        .map(|r| Row { name: String::new(), coeffs: lp.dense(r), rhs: Rat::zero(), strict: false })
        .collect();
    let point = slack_point(&closed, pinned(width, &lp.norm, 1), width).ok()?;
    let mut ray_rows = pinned(width, &lp.obj, -1);
    ray_rows.extend(pinned(width, &lp.norm, 0));
    let ray = slack_point(&closed, ray_rows, width).ok()?;
    Some((point, ray))
}
