//! The solving layer: HiGHS through good_lp. Everything it returns is a floating-point
//! *hint*; no verdict is ever read off these numbers (see `crate::certify`).
//!
//! The slack LP always has an optimal primal/dual pair: maximise a common slack `σ`
//! on the strict rows, `G_strict z + σ ≤ 0`, `G_other z ≤ 0`, with `z` boxed in
//! `[−1, 1]` and `σ ∈ [0, 1]` (homogeneity lets any solution be scaled into the box).
//! `σ* > 0` means a head exists (scale `z/σ*`); at `σ* = 0` the row duals are Farkas
//! multipliers (they sum to one on the strict rows and cancel every column).

use crate::error::Error;
use good_lp::solvers::highs::highs;
use good_lp::{
    constraint::ConstraintReference, variable, DualValues, Expression, ProblemVariables, Solution,
    SolutionWithDual, SolverModel, Variable,
};
use minip_check::rows::gap::Row;

/// The solver's answer to the slack LP.
#[derive(Clone, Debug)]
pub struct SlackHint {
    /// The optimal common slack `σ*`.
    pub sigma: f64,
    /// `z*` (not yet scaled by `1/σ*`).
    pub z: Vec<f64>,
    /// Row duals, one per row, in row order.
    pub duals: Vec<f64>,
}

fn row_expr(coeffs: &[f64], vars: &[Variable]) -> Expression {
    let mut e = Expression::from(0.0);
    for (c, v) in coeffs.iter().zip(vars) {
        if *c != 0.0 {
            e.add_mul(*c, *v);
        }
    }
    e
}

fn floats(row: &Row) -> (Vec<f64>, f64) {
    (row.coeffs.iter().map(minip_check::rational::to_f64).collect(), minip_check::rational::to_f64(&row.rhs))
}

/// Solves the slack LP for rows `G z ≤ g` (strict rows have `g = −1`, others `g = 0`).
pub fn solve_slack(rows: &[Row], nvars: usize) -> Result<SlackHint, Error> {
    let mut pv = ProblemVariables::new();
    let z: Vec<Variable> = (0..nvars).map(|_| pv.add(variable().min(-1.0).max(1.0))).collect();
    let sigma = pv.add(variable().min(0.0).max(1.0));
    let mut model = pv.maximise(sigma).using(highs);
    model.set_verbose(false);
    let model = model.set_threads(1);
    let mut model = model;
    let refs: Vec<ConstraintReference> = rows
        .iter()
        .map(|r| {
            let (c, g) = floats(r);
            // G z − σ g ≤ 0: the strict rows (g = −1) get the slack.
            let mut e = row_expr(&c, &z);
            e.add_mul(-g, sigma);
            model.add_constraint(e.leq(0.0))
        })
        .collect();
    let mut sol = model.solve().map_err(|e| Error::Unknown(format!("HiGHS: {e}")))?;
    let s = sol.value(sigma);
    let zv: Vec<f64> = z.iter().map(|v| sol.value(*v)).collect();
    let dual = sol.compute_dual();
    let duals = refs.iter().map(|r| dual.dual(r.clone())).collect();
    Ok(SlackHint { sigma: s, z: zv, duals })
}

/// Solves the Farkas alternative directly: `y ≥ 0`, `yᵀG = 0`, `−yᵀg = 1`,
/// minimising `Σ y` for a sparse vertex. A second source of multipliers when the
/// slack LP's duals do not repair.
pub fn solve_farkas(rows: &[Row], nvars: usize) -> Result<Vec<f64>, Error> {
    let mut pv = ProblemVariables::new();
    let y: Vec<Variable> = (0..rows.len()).map(|_| pv.add(variable().min(0.0))).collect();
    let total: Expression = y.iter().copied().sum();
    let mut model = pv.minimise(total).using(highs);
    model.set_verbose(false);
    let mut model = model.set_threads(1);
    let cols: Vec<(Vec<f64>, f64)> = rows.iter().map(floats).collect();
    for j in 0..nvars {
        let mut e = Expression::from(0.0);
        for (i, (c, _)) in cols.iter().enumerate() {
            if c[j] != 0.0 {
                e.add_mul(c[j], y[i]);
            }
        }
        model.add_constraint(e.eq(0.0));
    }
    let mut e = Expression::from(0.0);
    for (i, (_, g)) in cols.iter().enumerate() {
        if *g != 0.0 {
            e.add_mul(-*g, y[i]);
        }
    }
    model.add_constraint(e.eq(1.0));
    let sol = model.solve().map_err(|e| Error::Unknown(format!("HiGHS: {e}")))?;
    Ok(y.iter().map(|v| sol.value(*v)).collect())
}
