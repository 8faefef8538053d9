//! Floating-point solves for several heads (docs/math.md §12.2), with HiGHS: for fixed kernel
//! values of `H` heads at one query weight, the values that maximise the margin. A hint for
//! `crate::certify::multihead`; nothing here decides anything.

use crate::error::Error;
use highs::{HighsModelStatus, RowProblem, Sense};
use minip_check::rows::poly::{class_count, keys, pairs, target};

/// For kernel values `alpha[k][c]` of `H` heads (one per class of a weight-`h` query over
/// `{0,1}^m`, length-3 sequences), the values `s[k][c]` maximising the margin `δ` (every summed
/// output within `1/2 − δ` of its target), `δ ≤ 1/2`. `δ ≤ 0`: no values make the heads correct.
///
/// With `basis` (`basis[c][j]`, one row per class) each head's values are restricted to
/// `s[k][c] = Σ_j basis[c][j]·a[k][j]` and the unknowns returned are the `a[k][j]`; without it
/// they are the class values themselves.
pub fn max_margin_heads(
    m: u32,
    h: u32,
    alpha: &[Vec<f64>],
    basis: Option<&[Vec<f64>]>,
) -> Result<(f64, Vec<Vec<f64>>), Error> {
    let classes = class_count(m, h) as usize;
    let k = basis.map_or(classes, |b| b.first().map_or(0, Vec::len));
    let mut pb = RowProblem::default();
    let s: Vec<Vec<highs::Col>> =
        alpha.iter().map(|_| (0..k).map(|_| pb.add_column::<f64, _>(0.0, ..)).collect()).collect();
    let delta = pb.add_column(1.0, ..=0.5);
    let mut buf: Vec<(highs::Col, f64)> = Vec::new();
    for (c1, c2) in pairs(m, h) {
        let ks = keys(3, h, c1, c2);
        let t = target(h, c1, c2) as f64;
        for sign in [1.0, -1.0] {
            // sign·(ŷ − t) + δ ≤ 1/2 with ŷ = Σ_k Σ_c (n_c α_k[c] / D_k) s_k[c].
            buf.clear();
            for (a, cols) in alpha.iter().zip(&s) {
                let d: f64 = ks.iter().map(|&(c, n)| n as f64 * a[c as usize]).sum();
                if d <= 0.0 {
                    return Ok((f64::NEG_INFINITY, vec![vec![0.0; k]; alpha.len()]));
                }
                for &(c, n) in &ks {
                    let w = sign * n as f64 * a[c as usize] / d;
                    let mut add = |col: highs::Col, w: f64| match buf.iter_mut().find(|e| e.0 == col) {
                        Some(e) => e.1 += w,
                        None => buf.push((col, w)),
                    };
                    match basis {
                        None => add(cols[c as usize], w),
                        Some(b) => {
                            for (j, &x) in b[c as usize].iter().enumerate() {
                                if x != 0.0 {
                                    add(cols[j], w * x);
                                }
                            }
                        }
                    }
                }
            }
            buf.push((delta, 1.0));
            pb.add_row(..=0.5 + sign * t, &buf);
        }
    }
    let mut model = pb.optimise(Sense::Maximise);
    model.make_quiet();
    model.set_option("threads", 1);
    model.set_option("time_limit", 60.0);
    let solved = model.try_solve().map_err(|e| Error::Unknown(format!("HiGHS: {e:?}")))?;
    if solved.status() != HighsModelStatus::Optimal {
        return Err(Error::Unknown(format!("HiGHS (several-heads margin LP): status {:?}", solved.status())));
    }
    let sol = solved.get_solution();
    let cols = sol.columns();
    let values = (0..alpha.len()).map(|i| cols[i * k..(i + 1) * k].to_vec()).collect();
    Ok((cols[alpha.len() * k], values))
}
