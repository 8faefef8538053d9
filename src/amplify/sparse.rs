//! Sparse fraction-free elimination over the integers: solves the active-set
//! systems of the row LP exactly. Rows of the row LP have about six nonzeros and
//! the active sets are nearly triangular, so a Markowitz-style choice of pivots
//! keeps fill-in small; after each row operation the row is divided by the gcd of
//! its entries, so numbers stay as small as the solution allows.
//!
//! Depends only on num-bigint / num-rational. Nothing here decides anything: the
//! results are candidates that `crate::check::ratio` checks.

use crate::exact::rational::Q;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// A sparse equation `Σ c_j x_j = rhs`, entries sorted by column, no zeros.
#[derive(Clone, Debug)]
pub struct Eq {
    pub coeffs: Vec<(usize, BigInt)>,
    pub rhs: BigInt,
}

/// The outcome of elimination.
#[derive(Debug)]
pub struct Solution {
    /// Values; columns not determined by the equations are 0.
    pub x: Vec<Q>,
    /// Columns the equations leave free.
    pub free: Vec<usize>,
}

fn normalize(e: &mut Eq) {
    let mut g = e.rhs.abs();
    for (_, c) in &e.coeffs {
        if g.is_one() {
            return;
        }
        g = g.gcd(c);
    }
    if !g.is_zero() && !g.is_one() {
        for (_, c) in e.coeffs.iter_mut() {
            *c /= &g;
        }
        e.rhs /= &g;
    }
}

/// `a·e − b·p` (eliminates the pivot column when `a`, `b` are the pivot's and `e`'s entries).
fn combine(e: &Eq, a: &BigInt, p: &Eq, b: &BigInt) -> Eq {
    let mut out = Vec::with_capacity(e.coeffs.len() + p.coeffs.len());
    let (mut i, mut j) = (0, 0);
    while i < e.coeffs.len() || j < p.coeffs.len() {
        let ci = e.coeffs.get(i).map(|x| x.0).unwrap_or(usize::MAX);
        let cj = p.coeffs.get(j).map(|x| x.0).unwrap_or(usize::MAX);
        let (col, v) = if ci < cj {
            i += 1;
            (ci, a * &e.coeffs[i - 1].1)
        } else if cj < ci {
            j += 1;
            (cj, -(b * &p.coeffs[j - 1].1))
        } else {
            i += 1;
            j += 1;
            (ci, a * &e.coeffs[i - 1].1 - b * &p.coeffs[j - 1].1)
        };
        if !v.is_zero() {
            out.push((col, v));
        }
    }
    let mut r = Eq { coeffs: out, rhs: a * &e.rhs - b * &p.rhs };
    normalize(&mut r);
    r
}

/// Solves the system exactly; `None` if it is inconsistent.
pub fn solve(eqs: Vec<Eq>, nvars: usize) -> Option<Solution> {
    let mut rest: Vec<Eq> = eqs;
    for e in rest.iter_mut() {
        e.coeffs.retain(|(_, c)| !c.is_zero());
        e.coeffs.sort_by_key(|x| x.0);
        normalize(e);
    }
    let mut pivots: Vec<(usize, Eq)> = Vec::new();
    let mut colcount = vec![0usize; nvars];
    loop {
        // Empty equations: consistent only with a zero right-hand side.
        let mut k = 0;
        while k < rest.len() {
            if rest[k].coeffs.is_empty() {
                if !rest[k].rhs.is_zero() {
                    return None;
                }
                rest.swap_remove(k);
            } else {
                k += 1;
            }
        }
        if rest.is_empty() {
            break;
        }
        colcount.iter_mut().for_each(|c| *c = 0);
        for e in &rest {
            for (c, _) in &e.coeffs {
                colcount[*c] += 1;
            }
        }
        // Markowitz: minimise (row nnz − 1)(column count − 1); small entries break ties.
        let mut best: Option<(usize, usize, usize, u64)> = None;
        for (i, e) in rest.iter().enumerate() {
            let rn = e.coeffs.len() - 1;
            for (c, v) in &e.coeffs {
                let cost = rn * (colcount[*c] - 1);
                let size = v.bits();
                if best.map_or(true, |b| (cost, size) < (b.2, b.3)) {
                    best = Some((i, *c, cost, size));
                }
            }
        }
        let (pi, col, _, _) = best.expect("nonempty");
        let piv = rest.swap_remove(pi);
        let a = piv.coeffs.iter().find(|x| x.0 == col).unwrap().1.clone();
        for e in rest.iter_mut() {
            if let Some((_, b)) = e.coeffs.iter().find(|x| x.0 == col) {
                let g = a.gcd(b);
                let (a1, b1) = (&a / &g, b / &g);
                *e = combine(e, &a1, &piv, &b1);
            }
        }
        pivots.push((col, piv));
    }
    let mut x = vec![Q::zero(); nvars];
    let mut determined = vec![false; nvars];
    for (col, e) in pivots.iter().rev() {
        let mut v = Q::from_integer(e.rhs.clone());
        let mut a = BigInt::zero();
        for (c, coef) in &e.coeffs {
            if c == col {
                a = coef.clone();
            } else if !x[*c].is_zero() {
                v -= &x[*c] * Q::from_integer(coef.clone());
            }
        }
        x[*col] = v / Q::from_integer(a);
        determined[*col] = true;
    }
    let free = (0..nvars).filter(|&j| !determined[j]).collect();
    Some(Solution { x, free })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::rational::{q, qi};

    fn eq(c: &[(usize, i64)], r: i64) -> Eq {
        Eq { coeffs: c.iter().map(|&(j, v)| (j, BigInt::from(v))).collect(), rhs: BigInt::from(r) }
    }

    #[test]
    fn solves_small_systems_exactly() {
        // x + y = 3, x − y = 1, 2z = 1
        let s = solve(vec![eq(&[(0, 1), (1, 1)], 3), eq(&[(0, 1), (1, -1)], 1), eq(&[(2, 2)], 1)], 3).unwrap();
        assert_eq!(s.x, vec![qi(2), qi(1), q(1, 2)]);
        assert!(s.free.is_empty());
        let s = solve(vec![eq(&[(0, 1), (1, 2)], 1)], 2).unwrap();
        assert_eq!(s.free.len(), 1);
        assert!(solve(vec![eq(&[(0, 1)], 1), eq(&[(0, 2)], 3)], 1).is_none());
    }
}
