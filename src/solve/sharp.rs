//! The floating-point solve behind `kstar` (docs/math.md §3): HiGHS through good_lp,
//! `min b` over the closed homogeneous correctness rows with `c = 1`. A hint only.

use crate::error::Error;
use good_lp::solvers::highs::highs;
use good_lp::{variable, Expression, ProblemVariables, ResolutionError, Solution, SolverModel, Variable};
use minip_check::rational::{to_f64, Rat};
use minip_check::rows::gap::VARS;

/// HiGHS: `min b` s.t. `G_s z ≤ 0`, `a, b ≥ 0`, `c = 1`. Returns `(b*, z*)`: a hint.
pub fn lp_hint(rows: &[(Vec<Rat>, Rat)]) -> Result<(f64, Vec<f64>), Error> {
    let mut pv = ProblemVariables::new();
    let z: Vec<Variable> = (0..VARS.len())
        .map(|j| match j {
            0 | 1 => pv.add(variable().min(0.0)),
            2 => pv.add(variable().min(1.0).max(1.0)),
            _ => pv.add(variable()),
        })
        .collect();
    let mut model = pv.minimise(z[1]).using(highs);
    model.set_verbose(false);
    let mut model = model.set_threads(1);
    for (c, _) in rows {
        model.add_constraint(row_expression(c, &z).leq(0.0));
    }
    let sol = model.solve().map_err(|e| Error::Unknown(format!("HiGHS: {e}")))?;
    let zv: Vec<f64> = z.iter().map(|v| sol.value(*v)).collect();
    Ok((zv[1], zv))
}

/// The answer of `lp_hint_general`.
pub enum Hint {
    Optimal(f64, Vec<f64>),
    /// The LP is unbounded below (signed kernels).
    Unbounded,
}

/// Any setting (docs/math.md §11): `min Σ_good A` s.t. `G_s z ≤ 0`, `Σ_bad A = 1`, and
/// `A ≥ 0` for the first `nslots` variables unless `signed`. A hint.
pub fn lp_hint_general(
    rows: &[(Vec<Rat>, Rat)],
    nvars: usize,
    nslots: usize,
    good: &[usize],
    bad: &[usize],
    signed: bool,
) -> Result<Hint, Error> {
    let mut pv = ProblemVariables::new();
    let z: Vec<Variable> = (0..nvars)
        .map(|j| if j < nslots && !signed { pv.add(variable().min(0.0)) } else { pv.add(variable()) })
        .collect();
    let obj: Expression = good.iter().map(|&j| z[j]).sum();
    let mut model = pv.minimise(obj).using(highs);
    model.set_verbose(false);
    let mut model = model.set_threads(1);
    for (c, _) in rows {
        model.add_constraint(row_expression(c, &z).leq(0.0));
    }
    let norm: Expression = bad.iter().map(|&j| z[j]).sum();
    model.add_constraint(norm.eq(1.0));
    match model.solve() {
        Ok(sol) => {
            let zv: Vec<f64> = z.iter().map(|v| sol.value(*v)).collect();
            let b = good.iter().map(|&j| zv[j]).sum();
            Ok(Hint::Optimal(b, zv))
        }
        Err(ResolutionError::Unbounded) => Ok(Hint::Unbounded),
        Err(e) => Err(Error::Unknown(format!("HiGHS: {e}"))),
    }
}

/// `Σ g_j z_j` over the nonzero coefficients of an exact row (as floats: a hint).
fn row_expression(c: &[Rat], z: &[Variable]) -> Expression {
    let mut e = Expression::from(0.0);
    for (g, v) in c.iter().zip(z) {
        let g = to_f64(g);
        if g != 0.0 {
            e.add_mul(g, *v);
        }
    }
    e
}
