//! The weighted row LP of the joint argument (docs/frontier.md, "Beyond the ceiling"):
//! `max Σ_c w_c A_c` over the closed row LP with `A_0 = 1`, `A ≥ 0`, `P` free. A hint for
//! `crate::certify::beyond_ceiling`; nothing read here is reported.

use highs::{HighsModelStatus, RowProblem, Sense};
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
/// largest coefficient. The duals returned are those of the scaled model.
pub fn solve(k: usize, w: &[f64], rows: &[IntRow], scale: &[f64]) -> Result<WeightedHint, String> {
    let mut pb = RowProblem::default();
    let mut cols = Vec::with_capacity(2 * k);
    for c in 0..k {
        let cost = w[c] * scale[c];
        cols.push(if c == 0 { pb.add_column(cost, 1.0..=1.0) } else { pb.add_column(cost, 0.0..) });
    }
    for _ in 0..k {
        cols.push(pb.add_column::<f64, _>(0.0, ..));
    }
    let mut buf = Vec::new();
    for r in rows {
        buf.clear();
        buf.extend(r.iter().map(|&(j, c)| (cols[j], c as f64 * scale[j % k])));
        let m = buf.iter().fold(0f64, |m, e| m.max(e.1.abs()));
        buf.iter_mut().for_each(|e| e.1 /= m);
        pb.add_row(..=0.0, &buf);
    }
    let mut model = pb.optimise(Sense::Maximise);
    model.make_quiet();
    model.set_option("threads", 1);
    model.set_option("presolve", "off");
    model.set_option("simplex_strategy", 1);
    model.set_option("time_limit", 60.0);
    let solved = model.try_solve().map_err(|e| format!("HiGHS: {e:?}"))?;
    if solved.status() != HighsModelStatus::Optimal {
        return Err(format!("HiGHS: status {:?}", solved.status()));
    }
    let s = solved.get_solution();
    let cols: Vec<f64> = s.columns().iter().enumerate().map(|(j, v)| v * scale[j % k]).collect();
    let value = (0..k).map(|c| w[c] * cols[c]).sum();
    Ok(WeightedHint { value, cols, row_duals: s.dual_rows().to_vec(), col_duals: s.dual_columns().to_vec() })
}
