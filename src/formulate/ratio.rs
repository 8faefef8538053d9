//! The row LP of docs/math.md §4 as the solver side holds it: every row of
//! `minip_check::rows::ratio` (the rows the checker rebuilds), named by its multiset and
//! side, with the objective `A_lo` and the normalisation `A_hi = 1`.

use minip_check::check::ratio_instance;
use minip_check::rational::Rat;
use minip_check::rows::ratio::{count, int_row, multisets, IntRow, Side};

/// The row LP as built: each row's multiset and side, and its integer coefficients.
#[derive(Clone)]
pub struct RowLp {
    pub n: u32,
    pub eps: Rat,
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


/// Builds the full row LP of `(n, ε, h)` with objective `A_lo`, normalisation `A_hi = 1`;
/// `superset` adds the class `h⁺` of strict supersets (index `h + 1`; docs/math.md §4.1).
pub fn row_lp(n: u32, eps: &Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Result<RowLp, String> {
    let inst = ratio_instance(n, eps.clone(), h, lo, hi, superset)?;
    let k = inst.classes();
    let total = count(n as usize - 1, k as u32 - 1);
    if total > minip_check::limits::MAX_RATIO_MULTISETS {
        return Err(format!("{total} multisets of {} classes out of {k}: too many rows", n - 1));
    }
    let p: i64 = eps.numer().try_into().map_err(|_| "eps: numerator too large".to_string())?;
    let q: i64 = eps.denom().try_into().map_err(|_| "eps: denominator too large".to_string())?;
    let mut names = Vec::with_capacity(2 * total as usize);
    let mut rws = Vec::with_capacity(2 * total as usize);
    for m in multisets(n as usize - 1, k as u32 - 1) {
        for side in [Side::Upper, Side::Lower] {
            rws.push(int_row(h, k, &m, side, p, q));
            names.push((m.clone(), side));
        }
    }
    Ok(RowLp { n: inst.n, eps: inst.eps, h, lo, hi, superset, names, rows: rws })
}
