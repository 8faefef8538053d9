//! Candidate certificates of the row LP: from an exact basis (`certificate_of_basis`), from
//! HiGHS's primal and dual hint when its basis is not usable (`from_hint_repair`), and the
//! parts of the other outcomes beyond the paper's model (a strictly correct head, a point and
//! a ray of an unbounded LP). Candidates only: the checker judges them.

use crate::formulate::ratio::RowLp;
use crate::repair::hint::exact_point;
use crate::solve::gap::solve_slack;
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
    let k = lp.k();
    let m = lp.rows.len();
    let q = Rat::from_integer(lp.eps.denom().clone());
    let mut multipliers: Vec<Multiplier> = held
        .iter()
        .zip(y)
        .filter(|(&c, v)| c < m && !v.is_zero())
        .map(|(&i, v)| Multiplier {
            classes: lp.names[i].0.clone(),
            side: lp.names[i].1.name().into(),
            y: fmt_q(&(v * &q)),
        })
        .collect();
    multipliers.sort_by(|a, b| (&a.classes, &a.side).cmp(&(&b.classes, &b.side)));
    if !lp.is_default() {
        let ns = lp.slots();
        let r = lp.obj.iter().fold(Rat::zero(), |acc, &j| acc + &x[j]);
        return RatioCertificate {
            ratio: fmt_q(&r),
            alpha: x[..ns].iter().map(fmt_q).collect(),
            p: x[ns..].iter().map(fmt_q).collect(),
            multipliers,
            ..base_certificate(lp)
        };
    }
    RatioCertificate {
        format: RATIO_FORMAT.into(),
        params: RatioParams {
            n: lp.n,
            eps: fmt_q(&lp.eps),
            h: lp.h,
            lo: lp.lo,
            hi: lp.hi,
            superset: lp.superset,
            task: None,
            kernel: None,
            positions: None,
            keys: None,
            at: None,
            m: None,
        },
        ratio: fmt_q(&x[lp.lo as usize]),
        alpha: x[..k].iter().map(fmt_q).collect(),
        p: x[k..].iter().map(fmt_q).collect(),
        multipliers,
        witness: None,
        ray: None,
    }
}

/// The optimum from HiGHS's primal and dual hint: a candidate `R` (the rounded value),
/// multipliers `y ≥ 0` on the rows of the dual support with `A_lo − R·A_hi + Σ y·row` free
/// of `P` (and `≥ 0` on `A`, `= 0` for a signed kernel), and an exact point with `A_hi = 1`,
/// `A_lo = R` on the active rows. A candidate; the checker judges it.
pub(super) fn from_hint_repair(lp: &RowLp, h: &lp::Hint) -> Option<RatioCertificate> {
    use crate::repair::hint::exact_combination;
    let ns = lp.slots();
    let m = lp.rows.len();
    let dense = |r: &minip_check::rows::ratio::IntRow| {
        let mut c = vec![Rat::zero(); 2 * ns];
        for &(j, v) in r {
            c[j] = Rat::from_integer(v.into());
        }
        c
    };
    let value: f64 = lp.obj.iter().map(|&j| h.cols[j]).sum();
    let mut rows: Vec<Vec<Rat>> = lp.rows.iter().map(dense).collect();
    let mut dual_hint: Vec<f64> = h.row_duals[..m].to_vec();
    if !lp.signed() {
        for j in 0..ns {
            let mut c = vec![Rat::zero(); 2 * ns];
            c[j] = -Rat::one();
            rows.push(c);
            dual_hint.push(h.col_duals[j]);
        }
    }
    for den in [1u64, 100, 10_000, 1_000_000] {
        let r = crate::repair::round::approx(value, den)?;
        // Σ y·row = −(A_lo − R·A_hi) on every column.
        let mut target = vec![Rat::zero(); 2 * ns];
        for &j in &lp.obj {
            target[j] -= Rat::one();
        }
        for &j in &lp.norm {
            target[j] += &r;
        }
        let Some(y) = exact_combination(&rows, &target, &dual_hint) else { continue };
        let mut sys: Vec<(Vec<Rat>, Rat)> = rows.iter().map(|c| (c.clone(), Rat::zero())).collect();
        let form = |slots: &[usize], v: Rat| {
            let mut c = vec![Rat::zero(); 2 * ns];
            for &j in slots {
                c[j] = v.clone();
            }
            c
        };
        sys.push((form(&lp.norm, Rat::one()), Rat::one()));
        sys.push((form(&lp.norm, -Rat::one()), -Rat::one()));
        sys.push((form(&lp.obj, Rat::one()), r.clone()));
        sys.push((form(&lp.obj, -Rat::one()), -r.clone()));
        let Some(x) = exact_point(&sys, &h.cols) else { continue };
        let q = Rat::from_integer(lp.eps.denom().clone());
        let mut multipliers: Vec<Multiplier> = (0..m)
            .filter(|&i| !y[i].is_zero())
            .map(|i| Multiplier {
                classes: lp.names[i].0.clone(),
                side: lp.names[i].1.name().into(),
                y: fmt_q(&(&y[i] * &q)),
            })
            .collect();
        multipliers.sort_by(|a, b| (&a.classes, &a.side).cmp(&(&b.classes, &b.side)));
        return Some(RatioCertificate {
            ratio: fmt_q(&r),
            alpha: x[..ns].iter().map(fmt_q).collect(),
            p: x[ns..].iter().map(fmt_q).collect(),
            multipliers,
            ..base_certificate(lp)
        });
    }
    None
}

/// The certificate's parameters with no outcome yet.
pub(super) fn base_certificate(lp: &RowLp) -> RatioCertificate {
    let f = lp.setting.fields();
    RatioCertificate {
        format: RATIO_FORMAT.into(),
        params: RatioParams {
            n: lp.n,
            eps: fmt_q(&lp.eps),
            h: lp.h,
            lo: lp.lo,
            hi: lp.hi,
            superset: lp.superset,
            task: f.task,
            kernel: f.kernel,
            positions: f.positions,
            keys: f.keys,
            at: f.at,
            m: lp.m,
        },
        ratio: String::new(),
        alpha: vec![],
        p: vec![],
        multipliers: vec![],
        witness: None,
        ray: None,
    }
}

/// A strictly correct point (every strict row `≤ −1`) made into a head: a zero weight gets
/// `δ = 1/(2·n·max|coefficient|)` (products kept), which moves no row by more than 1/2.
pub(super) fn move_zero_weights(lp: &RowLp, mut z: Vec<Rat>) -> RatioPoint {
    let ns = lp.slots();
    let cmax = lp.rows.iter().flat_map(|r| r.iter().map(|e| e.1.unsigned_abs())).max().unwrap_or(1).max(1);
    // `2·n·max|c|` as a big integer: the coefficients are `i64`, their product with `2n` need not fit.
    let delta = Rat::new(1.into(), BigInt::from(2 * u64::from(lp.n)) * BigInt::from(cmax));
    for v in z.iter_mut().take(ns) {
        if v.is_zero() {
            *v = delta.clone();
        }
    }
    RatioPoint { alpha: z[..ns].iter().map(fmt_q).collect(), p: z[ns..].iter().map(fmt_q).collect() }
}

/// For an unbounded closure LP: an exact point with `A_hi = 1` and a ray with `A_hi = 0`,
/// `A_lo = −1`, both on the closed rows.
pub(super) fn unbounded_parts(lp: &RowLp) -> Option<(Vec<Rat>, Vec<Rat>)> {
    let ns = lp.slots();
    let form = |slots: &[usize], v: i64| {
        let mut c = vec![Rat::zero(); 2 * ns];
        for &j in slots {
            c[j] = Rat::from_integer(v.into());
        }
        c
    };
    let closed: Vec<Row> = lp
        .rows
        .iter()
        .map(|r| {
            let mut c = vec![Rat::zero(); 2 * ns];
            for &(j, v) in r {
                c[j] = Rat::from_integer(v.into());
            }
            Row { name: String::new(), coeffs: c, rhs: Rat::zero(), strict: false }
        })
        .collect();
    // `form = value·σ` as two rows (the slack LP scales right-hand sides by σ).
    let pinned = |slots: &[usize], value: i64| -> Vec<Row> {
        vec![
            Row {
                name: String::new(),
                coeffs: form(slots, 1),
                rhs: Rat::from_integer(value.into()),
                strict: value < 0,
            },
            Row {
                name: String::new(),
                coeffs: form(slots, -1),
                rhs: Rat::from_integer((-value).into()),
                strict: value > 0,
            },
        ]
    };
    let solve = |extra: Vec<Row>| -> Option<Vec<Rat>> {
        let mut rows = closed.clone();
        rows.extend(extra);
        let hint = solve_slack(&rows, 2 * ns).ok()?;
        if hint.sigma <= 1e-9 {
            return None;
        }
        let scaled: Vec<f64> = hint.z.iter().map(|v| v / hint.sigma).collect();
        exact_point(&rows.iter().map(|r| (r.coeffs.clone(), r.rhs.clone())).collect::<Vec<_>>(), &scaled)
    };
    let point = solve(pinned(&lp.norm, 1))?;
    let mut ray_rows = pinned(&lp.obj, -1);
    ray_rows.extend(pinned(&lp.norm, 0).into_iter().map(|mut r| {
        r.strict = false;
        r
    }));
    let ray = solve(ray_rows)?;
    Some((point, ray))
}
