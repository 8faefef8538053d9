//! The row LP as built for the exact solve, and the candidate certificate of an
//! exact basis (MATH.md §4). Whether a candidate is right is decided only by
//! `crate::check::check_ratio`.

use super::rows::{IntRow, Side};
use crate::cert::ratio::{Multiplier, RatioCertificate, RatioParams, RATIO_FORMAT};
use crate::exact::rational::{fmt_q, Q};
use num_traits::Zero;

/// The row LP as built: each row's multiset and side, and its integer coefficients.
#[derive(Clone)]
pub struct RowLp {
    pub n: u32,
    pub eps: Q,
    pub h: u32,
    pub lo: u32,
    pub hi: u32,
    /// The class `h⁺` (index `h + 1`) is in the LP.
    pub superset: bool,
    pub names: Vec<(Vec<u32>, Side)>,
    pub rows: Vec<IntRow>,
}

impl RowLp {
    /// Number of classes (`h + 1`, or `h + 2` with `h⁺`).
    pub fn k(&self) -> usize {
        self.h as usize + 1 + usize::from(self.superset)
    }
}

/// The candidate certificate of a basis: its point `x` and the multipliers `y` of
/// its held constraints (scaled units; held bounds `A_o ≥ 0` only absorb the `A`
/// slack and are not listed).
pub fn certificate_of_basis(lp: &RowLp, held: &[usize], y: &[Q], x: &[Q]) -> RatioCertificate {
    let k = lp.k();
    let m = lp.rows.len();
    let q = Q::from_integer(lp.eps.denom().clone());
    let mut multipliers: Vec<Multiplier> = held
        .iter()
        .zip(y)
        .filter(|(&c, v)| c < m && !v.is_zero())
        .map(|(&i, v)| Multiplier { classes: lp.names[i].0.clone(), side: lp.names[i].1.name().into(), y: fmt_q(&(v * &q)) })
        .collect();
    multipliers.sort_by(|a, b| (&a.classes, &a.side).cmp(&(&b.classes, &b.side)));
    RatioCertificate {
        format: RATIO_FORMAT.into(),
        params: RatioParams { n: lp.n, eps: fmt_q(&lp.eps), h: lp.h, lo: lp.lo, hi: lp.hi, superset: lp.superset },
        ratio: fmt_q(&x[lp.lo as usize]),
        alpha: x[..k].iter().map(fmt_q).collect(),
        p: x[k..].iter().map(fmt_q).collect(),
        multipliers,
    }
}
