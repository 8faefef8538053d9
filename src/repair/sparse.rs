//! Sparse fraction-free elimination over the integers: solves the active-set
//! systems of the row LP exactly. Rows of the row LP have about six nonzeros and
//! the active sets are nearly triangular, so a Markowitz-style choice of pivots
//! keeps fill-in small; after each row operation the row is divided by the gcd of
//! its entries, so numbers stay as small as the solution allows.
//!
//! Depends only on num-bigint / num-rational. Nothing here decides anything: the
//! results are candidates that `minip_check::check::ratio` checks.

use minip_check::rational::Rat;
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
    pub x: Vec<Rat>,
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
///
/// Pivot order: a shortest remaining equation, and in it the column that occurs in
/// the fewest remaining equations (counts and column→equation lists are kept up to
/// date, so a step costs what its fill-in costs).
pub fn solve(eqs: Vec<Eq>, nvars: usize) -> Option<Solution> {
    let mut rows: Vec<Option<Eq>> = Vec::with_capacity(eqs.len());
    let mut colcount = vec![0usize; nvars];
    let mut colrows: Vec<Vec<usize>> = vec![Vec::new(); nvars];
    for mut e in eqs {
        e.coeffs.retain(|(_, c)| !c.is_zero());
        e.coeffs.sort_by_key(|x| x.0);
        normalize(&mut e);
        if e.coeffs.is_empty() {
            if !e.rhs.is_zero() {
                return None;
            }
            continue;
        }
        let i = rows.len();
        for (c, _) in &e.coeffs {
            colcount[*c] += 1;
            colrows[*c].push(i);
        }
        rows.push(Some(e));
    }
    let mut active: Vec<usize> = (0..rows.len()).collect();
    let mut pivots: Vec<(usize, Eq)> = Vec::new();
    while !active.is_empty() {
        // Markowitz cost (r − 1)(c − 1) over the entries of the few shortest equations.
        let mut short: Vec<(usize, usize)> = Vec::with_capacity(5);
        for (ai, &i) in active.iter().enumerate() {
            let len = rows[i].as_ref().map_or(0, |e| e.coeffs.len());
            if short.len() < 4 || len < short[short.len() - 1].0 {
                let at = short.partition_point(|x| x.0 <= len);
                short.insert(at, (len, ai));
                short.truncate(4);
            }
        }
        let mut best: Option<((usize, u64), usize, usize)> = None;
        for &(len, ai) in &short {
            for (c, v) in &rows[active[ai]].as_ref().expect("active").coeffs {
                let cost = ((len - 1) * (colcount[*c] - 1), v.bits());
                if best.as_ref().is_none_or(|b| cost < b.0) {
                    best = Some((cost, ai, *c));
                }
            }
        }
        // A column singleton costs no fill at all, however long its equation.
        if best.as_ref().is_none_or(|b| b.0 .0 > 0) {
            if let Some(c) = (0..nvars).find(|&c| colcount[c] == 1) {
                let i = *colrows[c]
                    .iter()
                    .find(|&&i| {
                        rows[i].as_ref().is_some_and(|e| e.coeffs.binary_search_by_key(&c, |x| x.0).is_ok())
                    })
                    .expect("counted");
                best = Some(((0, 0), active.iter().position(|&j| j == i).expect("active"), c));
            }
        }
        let (_, ai, col) = best.expect("nonempty");
        let pi = active.swap_remove(ai);
        let piv = rows[pi].take().expect("active");
        for (c, _) in &piv.coeffs {
            colcount[*c] -= 1;
        }
        let a = piv.coeffs[piv.coeffs.binary_search_by_key(&col, |x| x.0).expect("pivot entry")].1.clone();
        let mut targets = std::mem::take(&mut colrows[col]);
        targets.sort_unstable();
        targets.dedup();
        for i in targets {
            let Some(e) = rows[i].as_ref() else { continue };
            let Ok(pos) = e.coeffs.binary_search_by_key(&col, |x| x.0) else { continue };
            let b = e.coeffs[pos].1.clone();
            let g = a.gcd(&b);
            let (a1, b1) = (&a / &g, &b / &g);
            let ne = combine(e, &a1, &piv, &b1);
            for (c, _) in &e.coeffs {
                colcount[*c] -= 1;
            }
            for (c, _) in &ne.coeffs {
                colcount[*c] += 1;
                if e.coeffs.binary_search_by_key(c, |x| x.0).is_err() {
                    colrows[*c].push(i);
                }
            }
            if ne.coeffs.is_empty() {
                if !ne.rhs.is_zero() {
                    return None;
                }
                rows[i] = None;
                active.retain(|&j| j != i);
            } else {
                rows[i] = Some(ne);
            }
        }
        pivots.push((col, piv));
    }
    let mut x = vec![Rat::zero(); nvars];
    let mut determined = vec![false; nvars];
    for (col, e) in pivots.iter().rev() {
        let mut v = Rat::from_integer(e.rhs.clone());
        let mut a = BigInt::zero();
        for (c, coef) in &e.coeffs {
            if c == col {
                a = coef.clone();
            } else if !x[*c].is_zero() {
                v -= &x[*c] * Rat::from_integer(coef.clone());
            }
        }
        x[*col] = v / Rat::from_integer(a);
        determined[*col] = true;
    }
    let free = (0..nvars).filter(|&j| !determined[j]).collect();
    Some(Solution { x, free })
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::{q, qi};

    fn eq(c: &[(usize, i64)], r: i64) -> Eq {
        Eq { coeffs: c.iter().map(|&(j, v)| (j, BigInt::from(v))).collect(), rhs: BigInt::from(r) }
    }

    #[test]
    fn solves_small_systems_exactly() {
        // x + y = 3, x − y = 1, 2z = 1
        let s =
            solve(vec![eq(&[(0, 1), (1, 1)], 3), eq(&[(0, 1), (1, -1)], 1), eq(&[(2, 2)], 1)], 3).unwrap();
        assert_eq!(s.x, vec![qi(2), qi(1), q(1, 2)]);
        assert!(s.free.is_empty());
        let s = solve(vec![eq(&[(0, 1), (1, 2)], 1)], 2).unwrap();
        assert_eq!(s.free.len(), 1);
        assert!(solve(vec![eq(&[(0, 1)], 1), eq(&[(0, 2)], 3)], 1).is_none());
    }
}
