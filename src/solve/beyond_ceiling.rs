//! The weighted row LP of the joint argument (docs/frontier.md, "Beyond the ceiling"):
//! `max Σ_c w_c A_c` over the closed row LP with `A_0 = 1`, `A ≥ 0`, `P` free. A hint for
//! `crate::certify::beyond_ceiling`; nothing read here is reported.

use super::ratio::{row_problem, solve_optimal};
use crate::error::Error;
use highs::Sense;
use minip_check::rows::ratio::IntRow;

/// HiGHS's answer: the optimum, column values, row duals, column duals.
pub struct WeightedHint {
    pub value: f64,
    pub cols: Vec<f64>,
    pub row_duals: Vec<f64>,
    pub col_duals: Vec<f64>,
}

/// `max Σ w_c A_c` s.t. `rows ≤ 0`, `A ≥ 0`, `A_0 = 1`; `scale[c]` is the caller's guess of
/// `A_c` (HiGHS sees `A_c = scale[c]·a_c`, `P_c = scale[c]·p_c`), rows divided by their
/// largest coefficient: the row LP of `solve::ratio`, solved the same way. The duals returned
/// are those of the scaled model.
pub fn solve(k: usize, w: &[f64], rows: &[IntRow], scale: &[f64]) -> Result<WeightedHint, Error> {
    let (pb, _) = row_problem(k, rows, Some(scale), |pb, c| {
        let cost = w[c] * scale[c];
        if c == 0 {
            pb.add_column(cost, 1.0..=1.0)
        } else {
            pb.add_column(cost, 0.0..)
        }
    });
    let solved = solve_optimal(pb, Sense::Maximise)?;
    let s = solved.get_solution();
    let cols: Vec<f64> = s.columns().iter().enumerate().map(|(j, v)| v * scale[j % k]).collect();
    let value = (0..k).map(|c| w[c] * cols[c]).sum();
    Ok(WeightedHint { value, cols, row_duals: s.dual_rows().to_vec(), col_duals: s.dual_columns().to_vec() })
}
