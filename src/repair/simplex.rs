//! Exact dual simplex on the row LP (docs/math.md §4.2), the refinement step of its exact
//! solve: starting from a dual-feasible basis (HiGHS's, when its exact multipliers
//! are nonnegative, or the trivial one), pivot in exact arithmetic until the
//! basic point satisfies every row. Linear algebra is `super::sparse` from scratch
//! at each pivot (the basis systems are sparse and nearly triangular).
//!
//! Constraints: `i < m` is row `i` (`G_i z ≤ 0`); `m + o` is `−A_o ≤ 0`. The
//! equality `A_hi = 1` is always held. Results are candidates for the checker.

use super::sparse::{self, Eq};
use crate::error::Error;
use crate::formulate::ratio::RowLp;
use minip_check::rational::Rat;
use minip_check::rows::ratio::Side;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// A basis: `2k − 1` held constraints and their multipliers.
#[derive(Clone, Debug)]
pub struct Basis {
    pub held: Vec<usize>,
    pub y: Vec<Rat>,
}

/// A basis read off HiGHS's basis of `crate::solve::ratio::solve_general` (the
/// normalisation is its last row, which must be nonbasic; nonbasic rows held; nonbasic
/// `A_j` held at zero for a nonnegative kernel), with exact multipliers.
pub fn from_hint_general(lp: &RowLp, hint: &crate::solve::ratio::Hint) -> Option<Basis> {
    let m = lp.rows.len();
    if hint.row_status.len() != m + 1 || hint.row_status[m] == 1 {
        return None;
    }
    let mut held: Vec<usize> = (0..m).filter(|&i| hint.row_status[i] != 1).collect();
    if !lp.signed() {
        held.extend((0..lp.slots()).filter(|&o| hint.col_status[o] != 1).map(|o| m + o));
    }
    if held.len() != 2 * lp.slots() - 1 {
        return None;
    }
    let y = multipliers(lp, &held)?;
    Some(Basis { held, y })
}

fn coeffs(lp: &RowLp, c: usize) -> Vec<(usize, BigInt)> {
    let m = lp.rows.len();
    if c < m {
        lp.rows[c].iter().map(|&(j, v)| (j, BigInt::from(v))).collect()
    } else {
        vec![(c - m, BigInt::from(-1))]
    }
}

/// A basis read off HiGHS's final basis (nonbasic rows held, nonbasic `A_o` held
/// at zero), with exact multipliers; `None` if singular or the wrong size.
///
/// A free column `P_c` that HiGHS leaves nonbasic at zero (its status 3: typically a class
/// with `A_c = 0` at the optimum) leaves the held set one short: it is completed with the
/// tightest rows at HiGHS's point that contain that column, the first that gives nonnegative
/// exact multipliers (a degenerate pivot in, at the same point), else the first nonsingular.
pub fn from_hint(lp: &RowLp, hint: &crate::solve::ratio::Hint) -> Option<Basis> {
    let m = lp.rows.len();
    let k = lp.k();
    let mut held: Vec<usize> = (0..m).filter(|&i| hint.row_status[i] != 1).collect();
    held.extend((0..k).filter(|&o| o != lp.hi as usize && hint.col_status[o] != 1).map(|o| m + o));
    let free: Vec<usize> = (k..2 * k).filter(|&j| hint.col_status[j] == 3).collect();
    if held.len() + free.len() != 2 * k - 1 {
        return None;
    }
    for &j in &free {
        // Rows with column j, tightest first (row activities of the scaled, row-normalised LP).
        let mut cands: Vec<(f64, usize)> = (0..m)
            .filter(|&i| hint.row_status[i] == 1 && lp.rows[i].iter().any(|e| e.0 == j))
            .map(|i| (hint.rows[i].abs(), i))
            .collect();
        cands.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let last = j == *free.last().expect("nonempty");
        // Until the set is complete nothing can be tested; then the first candidate with
        // nonnegative multipliers, else the first nonsingular one (the caller decides).
        let test = |i: usize| {
            let mut h = held.clone();
            h.push(i);
            multipliers(lp, &h).map(|y| y.iter().all(|v| !v.is_negative()))
        };
        let pick = if last {
            let tried: Vec<(usize, bool)> =
                cands.iter().take(16).filter_map(|c| test(c.1).map(|ok| (c.1, ok))).collect();
            tried.iter().find(|t| t.1).or(tried.first())?.0
        } else {
            cands.first()?.1
        };
        held.push(pick);
    }
    let y = multipliers(lp, &held)?;
    Some(Basis { held, y })
}

/// The basic point: every held constraint at equality and `A_hi = 1`.
pub fn point(lp: &RowLp, held: &[usize]) -> Option<Vec<Rat>> {
    let mut eqs: Vec<Eq> = held.iter().map(|&c| Eq { coeffs: coeffs(lp, c), rhs: BigInt::zero() }).collect();
    eqs.push(Eq { coeffs: lp.norm.iter().map(|&j| (j, BigInt::one())).collect(), rhs: BigInt::one() });
    let s = sparse::solve(eqs, 2 * lp.slots())?;
    s.free.is_empty().then_some(s.x)
}

/// Writes `target` (a dense-by-coordinate sparse vector) as `Σ w_i a_i + w_hi e_hi`
/// over the held constraints; returns `w` (the last entry is `w_hi`).
fn express(lp: &RowLp, held: &[usize], target: &[(usize, BigInt)]) -> Option<Vec<Rat>> {
    let n = 2 * lp.slots();
    let mut by_coord: Vec<Vec<(usize, BigInt)>> = vec![Vec::new(); n];
    for (ii, &c) in held.iter().enumerate() {
        for (j, v) in coeffs(lp, c) {
            by_coord[j].push((ii, v));
        }
    }
    for &j in &lp.norm {
        by_coord[j].push((held.len(), BigInt::one()));
    }
    let mut rhs = vec![BigInt::zero(); n];
    for (j, v) in target {
        rhs[*j] += v;
    }
    let eqs = by_coord.into_iter().zip(rhs).map(|(coeffs, rhs)| Eq { coeffs, rhs }).collect();
    let s = sparse::solve(eqs, held.len() + 1)?;
    s.free.is_empty().then_some(s.x)
}

/// Multipliers of a basis: `e_lo + Σ y_i a_i + μ e_hi = 0`, i.e. `−e_lo` expressed.
pub fn multipliers(lp: &RowLp, held: &[usize]) -> Option<Vec<Rat>> {
    let target: Vec<(usize, BigInt)> = lp.obj.iter().map(|&j| (j, BigInt::from(-1))).collect();
    let w = express(lp, held, &target)?;
    Some(w[..held.len()].to_vec())
}

/// The trivial dual-feasible basis: every `A_o ≥ 0` but `A_hi`, and the `upper`
/// row of each `(x, o, …, o)` to pin the `P_o` (multiplier 1 on `A_lo ≥ 0`).
pub fn trivial_basis(lp: &RowLp) -> Basis {
    let m = lp.rows.len();
    let k = lp.k();
    let mut held: Vec<usize> = (0..k).filter(|&o| o != lp.hi as usize).map(|o| m + o).collect();
    for o in 0..k as u32 {
        let want = vec![o; lp.n as usize - 1];
        let i = lp.names.iter().position(|(c, s)| *c == want && *s == Side::Upper).expect("diagonal row");
        held.push(i);
    }
    let y = held.iter().map(|&c| if c == m + lp.lo as usize { Rat::one() } else { Rat::zero() }).collect();
    Basis { held, y }
}

/// Most violated constraint at `x` (relative violation), if any. Rows are screened
/// in floating point (a row more than 1e-9 of its magnitude below zero cannot be
/// violated); the rest are evaluated exactly.
fn most_violated(lp: &RowLp, x: &[Rat]) -> Option<usize> {
    let m = lp.rows.len();
    let den = x.iter().fold(BigInt::one(), |acc, v| num_integer::Integer::lcm(&acc, v.denom()));
    let xi: Vec<BigInt> = x.iter().map(|v| v.numer() * (&den / v.denom())).collect();
    for o in 0..lp.slots() {
        if !lp.signed() && xi[o].is_negative() {
            return Some(m + o);
        }
    }
    let xf: Vec<f64> = x.iter().map(minip_check::rational::to_f64).collect();
    let mut best: Option<(f64, usize)> = None;
    for (i, row) in lp.rows.iter().enumerate() {
        let (mut s, mut mag) = (0f64, 0f64);
        for &(j, c) in row {
            let t = c as f64 * xf[j];
            s += t;
            mag += t.abs();
        }
        if s < -1e-9 * mag {
            continue;
        }
        let exact: BigInt = row.iter().map(|&(j, c)| &xi[j] * c).sum();
        if exact.is_positive() {
            let rel = s / mag.max(1e-300);
            if best.is_none_or(|b| rel > b.0) {
                best = Some((rel, i));
            }
        }
    }
    best.map(|b| b.1)
}

/// Dual simplex from a dual-feasible basis to an optimal one; returns the basis,
/// its point and the number of pivots. `Err` if a pivot limit is hit or the algebra
/// fails (then the caller reports unknown). Ties in the ratio test go to the lowest
/// constraint index (Bland), so exact degenerate pivots cannot cycle forever unnoticed
/// within the limit.
pub fn dual_simplex(lp: &RowLp, mut b: Basis, max_pivots: usize) -> Result<(Basis, Vec<Rat>, usize), Error> {
    for pivots in 0..=max_pivots {
        let x = point(lp, &b.held).ok_or_else(|| Error::Unknown("singular basis".into()))?;
        let Some(r) = most_violated(lp, &x) else {
            return Ok((b, x, pivots));
        };
        let w =
            express(lp, &b.held, &coeffs(lp, r)).ok_or_else(|| Error::Unknown("singular basis".into()))?;
        // Entering r with multiplier t keeps y_i − t w_i ≥ 0.
        let mut leave: Option<(Rat, usize)> = None;
        for (ii, wi) in w[..b.held.len()].iter().enumerate() {
            if wi.is_positive() {
                let t = &b.y[ii] / wi;
                if leave.as_ref().is_none_or(|(bt, bi)| t < *bt || (t == *bt && b.held[ii] < b.held[*bi])) {
                    leave = Some((t, ii));
                }
            }
        }
        let (t, out) =
            leave.ok_or_else(|| Error::Unknown("row LP infeasible (no leaving constraint)".into()))?;
        for (ii, wi) in w[..b.held.len()].iter().enumerate() {
            b.y[ii] -= &t * wi;
        }
        b.held[out] = r;
        b.y[out] = t;
    }
    Err(Error::Unknown(format!("no optimal basis after {max_pivots} exact pivots")))
}

/// Moves an optimal basis of `(n, ε, h − Δ)` (with `lo = 0`, `hi = h − Δ`) to
/// `(n, ε, h)`: every class shifts up by `Δ` (overlaps shifted by `Δ` keep every
/// row of the shifted multisets), the `Δ` new bottom classes get `A_o = 0` and their
/// diagonal `upper` row, and the multipliers restart dual-feasibly at `A_lo ≥ 0`.
pub fn shifted_basis(old: &RowLp, held: &[usize], new: &RowLp) -> Option<Basis> {
    let delta = new.h.checked_sub(old.h)?;
    let (mo, mn) = (old.rows.len(), new.rows.len());
    let index: std::collections::HashMap<(&[u32], Side), usize> =
        new.names.iter().enumerate().map(|(i, (c, s))| ((c.as_slice(), *s), i)).collect();
    let mut out = Vec::with_capacity(held.len() + 2 * delta as usize);
    for &c in held {
        if c < mo {
            let (cl, side) = &old.names[c];
            let shifted: Vec<u32> = cl.iter().map(|o| o + delta).collect();
            out.push(*index.get(&(shifted.as_slice(), *side))?);
        } else {
            out.push(mn + (c - mo) + delta as usize);
        }
    }
    for o in 0..delta {
        out.push(mn + o as usize);
        let want = vec![o; new.n as usize - 1];
        out.push(*index.get(&(want.as_slice(), Side::Upper))?);
    }
    let y = out.iter().map(|&c| if c == mn + new.lo as usize { Rat::one() } else { Rat::zero() }).collect();
    Some(Basis { held: out, y })
}
