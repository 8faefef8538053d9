//! Repair: from the solver's floating-point hints to exact rational candidates.
//!
//! A candidate found here is *not* yet trusted: the caller hands it to the checker.
//! Two repairs, both "solve the active set in rationals":
//! - a primal point of `G z ≤ g`: round, and if that fails, solve the rows the hint
//!   makes tight as equalities, the remaining freedom fixed at the rounded hint;
//! - Farkas multipliers `y ≥ 0`, `yᵀG = 0`, `yᵀg = −1`: solve those equations on the
//!   hint's support, dropping any multiplier that comes out negative and retrying.

use super::round::approx;
use crate::linalg::{dot, solve_near};
use minip_check::rational::{to_f64, Rat};
use num_traits::{Signed, Zero};

/// Rows as `(coefficients, right-hand side)` of `coeffs · z ≤ rhs`.
pub type Rows = [(Vec<Rat>, Rat)];

/// Denominator limits tried when rounding a hint, smallest (simplest answer) first.
const DENOMINATORS: [u64; 4] = [1_000, 1_000_000, 1_000_000_000, 1_000_000_000_000];

fn satisfies(rows: &Rows, z: &[Rat]) -> bool {
    rows.iter().all(|(c, g)| dot(c, z) <= *g)
}

fn round(hint: &[f64], den: u64) -> Option<Vec<Rat>> {
    hint.iter().map(|&v| approx(v, den)).collect()
}

/// An exact point of `rows` near `hint`, or `None`.
pub fn exact_point(rows: &Rows, hint: &[f64]) -> Option<Vec<Rat>> {
    for den in DENOMINATORS {
        let z0 = round(hint, den)?;
        if satisfies(rows, &z0) {
            return Some(z0);
        }
    }
    let z0 = round(hint, DENOMINATORS[2])?;
    for tol in [1e-9, 1e-7, 1e-5] {
        let tight: Vec<(Vec<Rat>, Rat)> = rows
            .iter()
            .filter(|(c, g)| {
                let lhs: f64 = c.iter().zip(hint).map(|(a, x)| to_f64(a) * x).sum();
                let g = to_f64(g);
                (lhs - g).abs() <= tol * (1.0 + g.abs())
            })
            .cloned()
            .collect();
        if let Some(z) = solve_near(&tight, &z0, &[]) {
            if satisfies(rows, &z) {
                return Some(z);
            }
        }
    }
    None
}

/// Exact Farkas multipliers for `rows` (`y ≥ 0`, `yᵀG = 0`, `yᵀg = −1`) near `hint`.
/// The hint's sign convention does not matter: only its support and magnitudes are used.
pub fn exact_farkas(rows: &Rows, hint: &[f64]) -> Option<Vec<Rat>> {
    let nvars = rows.first()?.0.len();
    let scale = hint.iter().map(|v| v.abs()).fold(0.0, f64::max);
    if scale == 0.0 || !scale.is_finite() {
        return None;
    }
    for tol in [1e-9, 1e-7, 1e-12] {
        let mut support: Vec<usize> = (0..rows.len()).filter(|&i| hint[i].abs() > tol * scale).collect();
        for _ in 0..rows.len() {
            if support.is_empty() {
                break;
            }
            // Unknowns y_S; equations: columns cancel, and yᵀg = −1.
            let mut eqs: Vec<(Vec<Rat>, Rat)> = (0..nvars)
                .map(|j| (support.iter().map(|&i| rows[i].0[j].clone()).collect(), Rat::zero()))
                .collect();
            eqs.push((support.iter().map(|&i| rows[i].1.clone()).collect(), -Rat::from_integer(1.into())));
            let norm: f64 = support.iter().map(|&i| hint[i].abs() * -to_f64(&rows[i].1)).sum();
            let hints: Vec<f64> = support
                .iter()
                .map(|&i| if norm > 0.0 { hint[i].abs() / norm } else { hint[i].abs() / scale })
                .collect();
            let best_negative = match nonnegative_on_support(&eqs, &hints, &support, rows.len())? {
                Ok(full) => return Some(full),
                Err(neg) => neg,
            };
            match best_negative {
                Some(neg) => {
                    let drop: Vec<usize> = neg.iter().map(|&k| support[k]).collect();
                    support.retain(|i| !drop.contains(i));
                }
                None => break,
            }
        }
    }
    None
}

/// Solves `eqs` (unknowns: the multipliers on `support`) near `hints` rounded to each of
/// `DENOMINATORS` in turn. `Ok(full)`: a nonnegative solution, spread over all `n` rows;
/// `Err(Some(neg))`: the support positions negative in the first solution found; `Err(None)`:
/// no solution. `None`: a hint does not round (give up).
fn nonnegative_on_support(
    eqs: &[(Vec<Rat>, Rat)],
    hints: &[f64],
    support: &[usize],
    n: usize,
) -> Option<Result<Vec<Rat>, Option<Vec<usize>>>> {
    let mut best_negative: Option<Vec<usize>> = None;
    for den in DENOMINATORS {
        let h0 = round(hints, den)?;
        let Some(y) = solve_near(eqs, &h0, &[]) else { break };
        let neg: Vec<usize> = (0..y.len()).filter(|&k| y[k].is_negative()).collect();
        if neg.is_empty() {
            let mut full = vec![Rat::zero(); n];
            for (k, &i) in support.iter().enumerate() {
                full[i] = y[k].clone();
            }
            return Some(Ok(full));
        }
        best_negative.get_or_insert(neg);
    }
    Some(Err(best_negative))
}

/// Multipliers `y ≥ 0` with `Σ y_i G_i = target` (exactly) on the support of `hint`
/// (rows `G_i` as coefficient vectors), or `None`. Used for dual certificates of LP optima:
/// the target is minus the objective's combination, the rows include the sign rows.
pub fn exact_combination(rows: &[Vec<Rat>], target: &[Rat], hint: &[f64]) -> Option<Vec<Rat>> {
    let nvars = target.len();
    let scale = hint.iter().map(|v| v.abs()).fold(0.0, f64::max);
    if !scale.is_finite() {
        return None;
    }
    for tol in [1e-9, 1e-7, 1e-12] {
        let mut support: Vec<usize> =
            (0..rows.len()).filter(|&i| hint[i].abs() > tol * scale.max(1e-300)).collect();
        for _ in 0..rows.len() {
            let eqs: Vec<(Vec<Rat>, Rat)> = (0..nvars)
                .map(|j| (support.iter().map(|&i| rows[i][j].clone()).collect(), target[j].clone()))
                .collect();
            let hints: Vec<f64> = support.iter().map(|&i| hint[i].abs()).collect();
            let best_negative = match nonnegative_on_support(&eqs, &hints, &support, rows.len())? {
                Ok(full) => return Some(full),
                Err(neg) => neg,
            };
            match best_negative {
                Some(neg) if !support.is_empty() => {
                    let drop: Vec<usize> = neg.iter().map(|&k| support[k]).collect();
                    support.retain(|i| !drop.contains(i));
                }
                _ => break,
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::{q, qi};

    #[test]
    fn repairs_a_point_on_a_tight_row() {
        // x + y ≤ 1, −x ≤ −1/3: the hint sits on both rows with float noise.
        let rows = vec![(vec![qi(1), qi(1)], qi(1)), (vec![qi(-1), qi(0)], q(-1, 3))];
        let z = exact_point(&rows, &[0.333333333333333, 0.666666666666667 + 1e-13]).unwrap();
        assert!(satisfies(&rows, &z));
    }

    #[test]
    fn repairs_farkas_multipliers() {
        // x ≤ −1 and −x ≤ 0: y = (1, 1) up to noise.
        let rows = vec![(vec![qi(1)], qi(-1)), (vec![qi(-1)], qi(0))];
        let y = exact_farkas(&rows, &[-0.9999999999, -1.0000000001]).unwrap();
        assert_eq!(y, vec![qi(1), qi(1)]);
    }
}
