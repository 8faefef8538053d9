//! A searched hint made exact (docs/math.md §14): `Φ` and `Ψ` rounded to simple nonnegative
//! fractions (so `α = Φ Ψᵀ ≥ 0` exactly), then per query the values: an LP over the
//! products `P(x,·)` with the exact kernel row minimizes the largest error `e`
//! (`|N − tD| ≤ eD` is linear in `(P, e)` once `α` is fixed), and `s = P/α` is rounded.
//! The result is a `minip-search-head/1` certificate that `minip_check` has checked; nothing
//! here decides anything.

use super::search::{pairs, Hint};
use crate::repair::round::approx;
use crate::solve::search::values as values_lp;
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
pub fn certify(m: u32, hint: &Hint, run: SearchRun) -> Result<Checked<SearchHead>, String> {
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
        return Err(format!("rounded kernel has alpha(x,x) = 0 at token {x}"));
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
        search: Some(run),
    };
    cert.max_error = fmt_q(&largest_error(&cert).map_err(|e| e.to_string())?);
    Checked::new(cert, &Context::default()).map_err(|e| e.to_string())
}

/// The values of query `x` for its exact kernel row: `min e` over `P(x,·)`, rounded.
fn values(x: u32, alpha: &[Rat], pairs: &[(u32, u32)]) -> Result<Vec<Rat>, String> {
    let a: Vec<f64> = alpha.iter().map(to_f64).collect();
    let (cols, e) = values_lp(x, &a, pairs)?;
    if e >= 0.5 - 1e-6 {
        return Err(format!("token {x}: the best error of the rounded kernel row is {e}"));
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
