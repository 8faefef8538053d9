//! Exact linear algebra over the rationals: Gauss–Jordan elimination for the small
//! systems that arise when a solver's active set or dual support is solved exactly.
//!
//! Below the layers of the crate root's list: it uses no solver and no other module of the
//! crate, so `formulate` (the class LP's change of basis), `repair` (exact points and
//! multipliers near a hint) and `heads` may all use it.

use minip_check::rational::Rat;
use num_traits::{One, Zero};

/// Solves `E x = f` exactly. Rows are `(coefficients, right-hand side)`.
///
/// The system may be under-determined: variables left free by the elimination are
/// fixed at `hint` (the solver's rounded values), so the exact solution lands as
/// close to the solver's point as the equations allow. Pivots are chosen among the
/// columns in `priority` order first, so callers can say which unknowns they would
/// rather have determined by the equations. Returns `None` if the system is
/// inconsistent.
pub fn solve_near(rows: &[(Vec<Rat>, Rat)], hint: &[Rat], priority: &[usize]) -> Option<Vec<Rat>> {
    let nvars = hint.len();
    let mut m: Vec<Vec<Rat>> = rows
        .iter()
        .map(|(c, r)| {
            let mut row = c.clone();
            row.push(r.clone());
            row
        })
        .collect();
    let mut order: Vec<usize> = priority.to_vec();
    order.extend((0..nvars).filter(|j| !priority.contains(j)));
    let mut pivots: Vec<(usize, usize)> = Vec::new(); // (row, column)
    let mut r = 0;
    for &col in &order {
        if r == m.len() {
            break;
        }
        let Some(p) = (r..m.len()).find(|&i| !m[i][col].is_zero()) else {
            continue;
        };
        m.swap(r, p);
        let inv = Rat::from_integer(1.into()) / &m[r][col];
        for v in m[r].iter_mut() {
            *v *= &inv;
        }
        let pivot_row = m[r].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i != r && !row[col].is_zero() {
                let f = row[col].clone();
                for (v, pv) in row.iter_mut().zip(&pivot_row) {
                    if !pv.is_zero() {
                        *v -= &f * pv;
                    }
                }
            }
        }
        pivots.push((r, col));
        r += 1;
    }
    // Remaining rows are all-zero on the left: they must be zero on the right.
    if m[r..].iter().any(|row| !row[nvars].is_zero()) {
        return None;
    }
    let mut x = hint.to_vec();
    let pivot_cols: Vec<usize> = pivots.iter().map(|&(_, c)| c).collect();
    for &(row, col) in &pivots {
        let mut v = m[row][nvars].clone();
        for j in 0..nvars {
            if j != col && !pivot_cols.contains(&j) && !m[row][j].is_zero() {
                v -= &m[row][j] * &x[j];
            }
        }
        x[col] = v;
    }
    Some(x)
}

/// `Σ a_i b_i`.
pub fn dot(a: &[Rat], b: &[Rat]) -> Rat {
    a.iter().zip(b).fold(Rat::zero(), |acc, (x, y)| acc + x * y)
}

/// The exact inverse of a square rational matrix (Gauss–Jordan), `None` if singular.
pub fn invert(a: Vec<Vec<Rat>>) -> Option<Vec<Vec<Rat>>> {
    let n = a.len();
    let mut m: Vec<Vec<Rat>> = a
        .into_iter()
        .enumerate()
        .map(|(i, mut r)| {
            r.extend((0..n).map(|j| if i == j { Rat::one() } else { Rat::zero() }));
            r
        })
        .collect();
    for col in 0..n {
        let p = (col..n).find(|&i| !m[i][col].is_zero())?;
        m.swap(col, p);
        let inv = m[col][col].recip();
        for x in m[col].iter_mut() {
            *x *= &inv;
        }
        let pr = m[col].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i != col && !row[col].is_zero() {
                let f = row[col].clone();
                for (x, p) in row.iter_mut().zip(&pr) {
                    if !p.is_zero() {
                        *x -= &f * p;
                    }
                }
            }
        }
    }
    Some(m.into_iter().map(|r| r[n..].to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::{q, qi};

    #[test]
    fn solves_square_and_underdetermined_systems() {
        // x + y = 3, x - y = 1  =>  x = 2, y = 1
        let rows = vec![(vec![qi(1), qi(1)], qi(3)), (vec![qi(1), qi(-1)], qi(1))];
        assert_eq!(solve_near(&rows, &[qi(0), qi(0)], &[]).unwrap(), vec![qi(2), qi(1)]);
        // x + 2y = 1 with y free at its hint 1/4  =>  x = 1/2
        let rows = vec![(vec![qi(1), qi(2)], qi(1))];
        assert_eq!(solve_near(&rows, &[qi(9), q(1, 4)], &[0]).unwrap(), vec![q(1, 2), q(1, 4)]);
        // inconsistent
        let rows = vec![(vec![qi(1)], qi(1)), (vec![qi(2)], qi(3))];
        assert!(solve_near(&rows, &[qi(0)], &[]).is_none());
    }
}
