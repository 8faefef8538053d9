//! A searched hint made exact (docs/math.md §14): nonnegative features rounded to simple
//! fractions (so `α = Φ Ψᵀ ≥ 0` exactly), then per query the values for the exact kernel row:
//! an LP minimizes the largest error `e` (`|N − tD| ≤ eD` is linear in the values once `α` is
//! fixed), and the values are rounded. The result is a `minip-search-head/1` certificate that
//! `minip_check` has checked; nothing here decides anything.
//!
//! Two roundings: `certify` (the alternating LPs' hints: continued fractions of denominator
//! at most `10^6`, the values LP with a row per sequence, values of denominator at most
//! `10^5`), kept so that the committed heads of that search are reproduced byte for byte; and
//! `certify_factors` (the first-order search, §14.2): features on the grid `1/2^16` (then
//! `1/2^24`, `1/2^32` if the coarser grid loses the margin) after scaling each `Ψ` column and
//! each `Φ` row to largest entry 1, values by the LP by classes (`O(2^m · m)` rows per query),
//! rounded to the grid `1/4096`. On the `1/2^16` grid every kernel entry is a dot product of
//! integers below `2^16` over the common denominator `2^32`, exact in `f64`, and the checker's
//! sums stay in machine integers.

use super::search::{pairs, Hint};
use crate::error::Error;
use crate::repair::round::approx;
use crate::solve::descent::{row_max_error, Factors};
use crate::solve::search::{values as values_lp, values_by_class};
use minip_check::check::search::largest_error;
use minip_check::check::{Checked, Context};
use minip_check::format::search::{SearchHead, SearchParams, SearchRun, SEARCH_HEAD_FORMAT};
use minip_check::rational::{fmt_q, to_f64, Rat};
use num_traits::{Signed, Zero};
use rayon::prelude::*;

/// Denominators of the rounded features (after scaling each `Ψ` column and each `Φ` row to
/// largest entry 1) and of the rounded values.
const FEATURE_DEN: u64 = 1_000_000;
const VALUE_DEN: u64 = 100_000;

/// The exact head of a hint, checked; `Err` says why none was made (a kernel entry
/// `α(x,x)` rounded to 0, a row whose best error is not below `1/2`, or the check).
pub fn certify(m: u32, hint: &Hint, run: SearchRun) -> Result<Checked<SearchHead>, Error> {
    let n = 1usize << m;
    let r = hint.psi.first().map_or(0, Vec::len);
    let round_rows = |rows: &[Vec<f64>], by_column: bool| -> Vec<Vec<Rat>> {
        let scale: Vec<f64> = if by_column {
            (0..r).map(|i| rows.iter().fold(0f64, |b, row| b.max(row[i]))).collect()
        } else {
            vec![1.0; r]
        };
        rows.iter()
            .map(|row| {
                let big = if by_column { 1.0 } else { row.iter().fold(0f64, |b, &v| b.max(v)) };
                (0..r)
                    .map(|i| {
                        let d = if by_column { scale[i] } else { big };
                        let v = if d > 0.0 { row[i] / d } else { 0.0 };
                        approx(v.max(0.0), FEATURE_DEN).unwrap_or_else(Rat::zero)
                    })
                    .collect()
            })
            .collect()
    };
    let psi = round_rows(&hint.psi, true);
    let phi = round_rows(&hint.phi, false);
    let alpha: Vec<Vec<Rat>> = (0..n)
        .map(|x| {
            (0..n).map(|k| phi[x].iter().zip(&psi[k]).fold(Rat::zero(), |a, (p, q)| a + p * q)).collect()
        })
        .collect();
    if let Some(x) = (0..n).find(|&x| !alpha[x][x].is_positive()) {
        return Err(Error::Unknown(format!("rounded kernel has alpha(x,x) = 0 at token {x}")));
    }
    let pairs = pairs(m);
    let s: Vec<Vec<Rat>> = (0..n as u32)
        .into_par_iter()
        .map(|x| values(x, &alpha[x as usize], &pairs))
        .collect::<Result<_, _>>()?;
    let table = |t: &[Vec<Rat>]| -> Vec<Vec<String>> {
        t.iter().map(|row| row.iter().map(fmt_q).collect()).collect()
    };
    let mut cert = SearchHead {
        format: SEARCH_HEAD_FORMAT.into(),
        params: SearchParams { m },
        rank: r,
        phi_q: table(&phi),
        phi_k: table(&psi),
        s: table(&s),
        max_error: String::new(),
        value_dim: None,
        state: None,
        search: Some(run),
    };
    cert.max_error = fmt_q(&largest_error(&cert).map_err(|e| Error::Unknown(e.to_string()))?);
    state_fields(&mut cert).map_err(|e| Error::Unknown(e.to_string()))?;
    Checked::new(cert, &Context::default()).map_err(|e| Error::Unknown(e.to_string()))
}

/// The values of query `x` for its exact kernel row: `min e` over `P(x,·)`, rounded.
fn values(x: u32, alpha: &[Rat], pairs: &[(u32, u32)]) -> Result<Vec<Rat>, Error> {
    let a: Vec<f64> = alpha.iter().map(to_f64).collect();
    let (cols, e) = values_lp(x, &a, pairs)?;
    if e >= 0.5 - 1e-6 {
        return Err(Error::Unknown(format!("token {x}: the best error of the rounded kernel row is {e}")));
    }
    Ok((0..a.len())
        .map(|k| {
            if a[k] > 0.0 {
                approx(cols[k] / a[k], VALUE_DEN).unwrap_or_else(Rat::zero)
            } else {
                Rat::zero()
            }
        })
        .collect())
}

/// The feature grids tried in turn (bits: entries are multiples of `2^-bits`).
pub const FEATURE_GRID_BITS: [u32; 3] = [16, 24, 32];
/// The values' grid (multiples of `1/VALUE_GRID`).
pub const VALUE_GRID: f64 = 4096.0;

/// Why a float head of the first-order search was not made exact: in words, and the largest
/// error (in floating point) of the rounded kernel with its best values, when that was measured.
#[derive(Clone, Debug)]
pub struct NotExact {
    pub why: String,
    pub error: Option<f64>,
}

/// The exact head of a float head of the first-order search, checked. `Err` says why none was
/// made (on every grid: a kernel entry `α(x,x)` rounded to 0, a largest error not below `1/2`,
/// or the check).
pub fn certify_factors(f: &Factors, run: SearchRun) -> Result<Checked<SearchHead>, NotExact> {
    let mut f = f.clone();
    f.normalize();
    let mut why = Vec::new();
    let mut error: Option<f64> = None;
    for bits in FEATURE_GRID_BITS {
        match on_grid(&f, bits, &run) {
            Ok(c) => return Ok(c),
            Err((e, measured, finer)) => {
                why.push(format!("grid 2^-{bits}: {e}"));
                error = match (error, measured) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                if !finer {
                    break;
                }
            }
        }
    }
    Err(NotExact { why: why.join("; "), error })
}

/// `f` (normalized) with its features on the grid `2^-bits`, values by the LP by classes.
/// `Err` says why, the largest error measured (if it was), and whether a finer grid may help
/// (not when the kernel's best values miss `1/2` by more than rounding could explain).
fn on_grid(
    f: &Factors,
    bits: u32,
    run: &SearchRun,
) -> Result<Checked<SearchHead>, (String, Option<f64>, bool)> {
    let (m, r, n) = (f.m, f.rank, f.n());
    let scale = f64::from(bits).exp2();
    let grid = |v: &[f64]| -> Vec<f64> { v.iter().map(|&x| (x.max(0.0) * scale).round()).collect() };
    let mut g = Factors { m, rank: r, phi: grid(&f.phi), psi: grid(&f.psi), s: f.s.clone() };
    // A query whose own kernel entry rounds to 0 (the float head may use `α(x,x)` as small as
    // it likes, never 0) gets one grid unit on the feature where its key is largest (or, if
    // its key rounds to 0, on the key where its query is largest).
    for x in 0..n {
        if g.row(x)[x] > 0.0 {
            continue;
        }
        let largest = |v: &[f64]| (0..r).fold(0, |b, i| if v[i] > v[b] { i } else { b });
        let (q, key) = (largest(&f.phi[x * r..(x + 1) * r]), largest(&g.psi[x * r..(x + 1) * r]));
        if g.psi[x * r + key] > 0.0 {
            g.phi[x * r + key] = g.phi[x * r + key].max(1.0);
        } else {
            g.psi[x * r + q] = 1.0;
            g.phi[x * r + q] = g.phi[x * r + q].max(1.0);
        }
    }
    // The kernel in units of `2^-2bits` (exact in `f64` while `r·2^2bits < 2^53`).
    let rows: Vec<Vec<f64>> = (0..n).map(|x| g.row(x)).collect();
    if let Some(x) = (0..n).find(|&x| rows[x][x] <= 0.0) {
        return Err((format!("alpha(x,x) rounds to 0 at token {x}"), None, true));
    }
    let values: Vec<Vec<f64>> = (0..n)
        .into_par_iter()
        .map(|x| {
            let big = rows[x].iter().fold(0f64, |b, &v| b.max(v));
            let w: Vec<f64> = rows[x].iter().map(|v| v / big).collect();
            let (s, _) = values_by_class(x as u32, &w).map_err(|e| e.message().to_string())?;
            Ok(s.iter().map(|v| (v * VALUE_GRID).round() / VALUE_GRID).collect())
        })
        .collect::<Result<_, String>>()
        .map_err(|e| (e, None, false))?;
    g.s = values.concat();
    let worst = (0..n)
        .into_par_iter()
        .map(|x| row_max_error(x, &rows[x], &g.s[x * n..(x + 1) * n]))
        .collect::<Vec<f64>>()
        .into_iter()
        .fold(0f64, f64::max);
    if worst >= 0.5 {
        return Err((format!("largest error {worst:.6} in floating point"), Some(worst), worst < 0.501));
    }
    let frac = |v: f64, den: f64| fmt_q(&Rat::new((v as i64).into(), (den as i64).into()));
    let table = |t: &[f64], cols: usize, den: f64, times: f64| -> Vec<Vec<String>> {
        t.chunks_exact(cols).map(|row| row.iter().map(|&v| frac(v * times, den)).collect()).collect()
    };
    let mut cert = SearchHead {
        format: SEARCH_HEAD_FORMAT.into(),
        params: SearchParams { m },
        rank: r,
        phi_q: table(&g.phi, r, scale, 1.0),
        phi_k: table(&g.psi, r, scale, 1.0),
        s: table(&g.s, n, VALUE_GRID, VALUE_GRID),
        max_error: String::new(),
        value_dim: None,
        state: None,
        search: Some(run.clone()),
    };
    cert.max_error = fmt_q(&largest_error(&cert).map_err(|e| (e.to_string(), Some(worst), true))?);
    state_fields(&mut cert).map_err(|e| (e.to_string(), Some(worst), true))?;
    Checked::new(cert, &Context::default()).map_err(|e| (e.to_string(), Some(worst), true))
}

/// States the head's value dimension and state (docs/math.md §10.11), recomputed as the
/// checker does.
fn state_fields(cert: &mut SearchHead) -> Result<(), Error> {
    let d = minip_check::check::search::value_dim(cert)?;
    cert.value_dim = Some(d.to_string());
    cert.state = Some((cert.rank as u128 * (d as u128 + 1)).to_string());
    Ok(())
}
