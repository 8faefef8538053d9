//! From HiGHS's hint to an exact optimal pair (MATH.md §4): the active set is read
//! off the hint, its equations are solved in exact integers/rationals
//! (`super::sparse`), and the result becomes a candidate certificate. Whether it is
//! right is decided only by `crate::check::check_ratio`.

use super::lp::Hint;
use super::rows::{IntRow, Side};
use super::sparse::{self, Eq};
use crate::cert::ratio::{Multiplier, RatioCertificate, RATIO_FORMAT};
use crate::exact::rational::{fmt_q, Q};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// The row LP as built: each row's multiset and side, and its integer coefficients.
pub struct RowLp {
    pub n: u32,
    pub eps: Q,
    pub h: u32,
    pub lo: u32,
    pub hi: u32,
    pub names: Vec<(Vec<u32>, Side)>,
    pub rows: Vec<IntRow>,
}

impl RowLp {
    pub fn k(&self) -> usize {
        self.h as usize + 1
    }
}

/// An active set: rows held at equality, and variables (`A_o` or `P_o`) held at zero.
#[derive(Clone, Debug, Default)]
pub struct Active {
    pub rows: Vec<usize>,
    pub zero: Vec<usize>,
}

/// Reads the active set off HiGHS's final basis: nonbasic rows are held at
/// equality, nonbasic `A_o` at zero, nonbasic free `P_o` at zero.
pub fn active_from_hint(lp: &RowLp, hint: &Hint) -> Active {
    let rows = (0..lp.rows.len()).filter(|&i| hint.row_status[i] != 1).collect();
    let zero = (0..2 * lp.k()).filter(|&j| j != lp.hi as usize && hint.col_status[j] != 1).collect();
    Active { rows, zero }
}

fn big(c: i64) -> BigInt {
    BigInt::from(c)
}

/// Solves the primal equations of an active set: the point, or why not.
pub fn primal(lp: &RowLp, act: &Active) -> Result<(Vec<Q>, Vec<usize>), String> {
    let k = lp.k();
    let mut eqs: Vec<Eq> = act
        .rows
        .iter()
        .map(|&i| Eq { coeffs: lp.rows[i].iter().map(|&(j, c)| (j, big(c))).collect(), rhs: BigInt::zero() })
        .collect();
    eqs.push(Eq { coeffs: vec![(lp.hi as usize, BigInt::one())], rhs: BigInt::one() });
    for &o in &act.zero {
        eqs.push(Eq { coeffs: vec![(o, BigInt::one())], rhs: BigInt::zero() });
    }
    let sol = sparse::solve(eqs, 2 * k).ok_or("active set is inconsistent")?;
    Ok((sol.x, sol.free))
}

/// Solves the dual equations for multipliers on the active rows, given `R`.
/// Returns multipliers in the scaled (integer-row) units.
pub fn dual(lp: &RowLp, act: &Active, r: &Q) -> Result<Vec<Q>, String> {
    let k = lp.k();
    // Columns of the active rows: Σ_r y_r G_r[j] = target_j for every j not held at zero.
    let mut cols: Vec<Vec<(usize, BigInt)>> = vec![Vec::new(); 2 * k];
    for (ri, &i) in act.rows.iter().enumerate() {
        for &(j, c) in &lp.rows[i] {
            cols[j].push((ri, big(c)));
        }
    }
    let den = r.denom().clone();
    let mut eqs = Vec::new();
    for (j, coeffs) in cols.into_iter().enumerate() {
        if j < k && act.zero.contains(&j) {
            continue;
        }
        // target: R·[j = hi] − [j = lo], times den to stay integral.
        let mut rhs = BigInt::zero();
        if j == lp.hi as usize {
            rhs += r.numer();
        }
        if j == lp.lo as usize {
            rhs -= &den;
        }
        let coeffs = coeffs.into_iter().map(|(ri, c)| (ri, c * &den)).collect();
        eqs.push(Eq { coeffs, rhs });
    }
    let sol = sparse::solve(eqs, act.rows.len()).ok_or("dual equations are inconsistent")?;
    Ok(sol.x)
}

/// The candidate certificate of a primal point and multipliers (scaled units).
pub fn certificate(lp: &RowLp, x: &[Q], y: &[Q], act: &Active) -> RatioCertificate {
    let k = lp.k();
    let q = Q::from_integer(lp.eps.denom().clone());
    let mut multipliers: Vec<Multiplier> = act
        .rows
        .iter()
        .zip(y)
        .filter(|(_, v)| !v.is_zero())
        .map(|(&i, v)| Multiplier { classes: lp.names[i].0.clone(), side: lp.names[i].1.name().into(), y: fmt_q(&(v * &q)) })
        .collect();
    multipliers.sort_by(|a, b| (&a.classes, &a.side).cmp(&(&b.classes, &b.side)));
    RatioCertificate {
        format: RATIO_FORMAT.into(),
        params: crate::cert::ratio::RatioParams { n: lp.n, eps: fmt_q(&lp.eps), h: lp.h, lo: lp.lo, hi: lp.hi },
        ratio: fmt_q(&x[lp.lo as usize]),
        alpha: x[..k].iter().map(fmt_q).collect(),
        p: x[k..].iter().map(fmt_q).collect(),
        multipliers,
    }
}

/// Exact slack of every row at `x` (scaled units): indices of violated rows.
pub fn violated(lp: &RowLp, x: &[Q]) -> Vec<usize> {
    // Common denominator: evaluate in integers.
    let den = x.iter().fold(BigInt::one(), |acc, v| num_integer::Integer::lcm(&acc, v.denom()));
    let xi: Vec<BigInt> = x.iter().map(|v| v.numer() * (&den / v.denom())).collect();
    (0..lp.rows.len())
        .filter(|&i| {
            let s: BigInt = lp.rows[i].iter().map(|&(j, c)| &xi[j] * c).sum();
            s.is_positive()
        })
        .collect()
}
