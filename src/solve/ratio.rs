//! The floating-point solve of the row LP with HiGHS (the `highs` crate directly:
//! tens of thousands of rows are built without expression trees). Everything here is
//! a hint for `crate::repair::simplex`; no value read here is ever reported.

use crate::error::Error;
use highs::{Col, HighsModelStatus, Model, RowProblem, Sense, SolvedModel};
use minip_check::rows::ratio::IntRow;

/// HiGHS's answer: column values, row activities, row duals, column duals.
pub struct Hint {
    pub cols: Vec<f64>,
    pub rows: Vec<f64>,
    pub row_duals: Vec<f64>,
    pub col_duals: Vec<f64>,
    /// HiGHS basis status per column and per row (1 = basic; 0/2 = at a bound; 3 = free at zero).
    pub col_status: Vec<i32>,
    pub row_status: Vec<i32>,
}

/// `min A_lo` s.t. `rows ≤ 0`, `A ≥ 0`, `A_hi = 1`, `P` free.
///
/// Kernel values span many orders of magnitude (`A_lo/A_hi` grows like `g^h`), so
/// HiGHS sees `A_o = scale[o]·a_o`, `P_o = scale[o]·p_o` with `scale` the caller's
/// guess of the profile, and each row divided by its largest coefficient. The basis
/// statuses returned are those of the scaled model (the same basis).
pub fn solve(k: usize, lo: u32, hi: u32, rows: &[IntRow], scale: &[f64]) -> Result<Hint, Error> {
    let (pb, _) = row_problem(k, rows, Some(scale), |pb, o| {
        let cost = if o == lo as usize { 1.0 } else { 0.0 };
        let fix = 1.0 / scale[o];
        if o == hi as usize {
            pb.add_column(cost, fix..=fix)
        } else {
            pb.add_column(cost, 0.0..)
        }
    });
    let solved = solve_optimal(pb, Sense::Minimise)?;
    hint_of(&solved, 2 * k, rows.len()).map_err(Error::Unknown)
}

/// Why the general solve stopped without an optimum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoOptimum {
    /// HiGHS reports the LP unbounded (signed kernels: the ratio has no lower bound).
    Unbounded,
    Other(String),
}

/// Any row LP of docs/math.md §11 (`crate::formulate::ratio::row_lp_in`): `min Σ_obj A`
/// s.t. `rows ≤ 0`, `A ≥ 0` unless the kernel is signed, `P` free, and the normalisation
/// `Σ_norm A = 1` as the last row. No column scaling (these LPs are small).
pub fn solve_general(lp: &crate::formulate::ratio::RowLp) -> Result<Hint, NoOptimum> {
    let ns = lp.slots();
    let (mut pb, cols) = row_problem(ns, &lp.rows, None, |pb, j| {
        let cost = if lp.obj.contains(&j) { 1.0 } else { 0.0 };
        if lp.signed() {
            pb.add_column::<f64, _>(cost, ..)
        } else {
            pb.add_column(cost, 0.0..)
        }
    });
    let norm: Vec<_> = lp.norm.iter().map(|&j| (cols[j], 1.0)).collect();
    pb.add_row(1.0..=1.0, &norm);
    let solved = dual_simplex(pb, Sense::Minimise)
        .try_solve()
        .map_err(|e| NoOptimum::Other(format!("HiGHS: {e:?}")))?;
    match solved.status() {
        HighsModelStatus::Optimal => {}
        HighsModelStatus::Unbounded | HighsModelStatus::UnboundedOrInfeasible => {
            return Err(NoOptimum::Unbounded)
        }
        s => return Err(NoOptimum::Other(format!("HiGHS: status {s:?}"))),
    }
    hint_of(&solved, 2 * ns, lp.rows.len() + 1).map_err(NoOptimum::Other)
}

/// The row LP for HiGHS: `k` kernel columns, each added by `kernel(pb, c)` with its cost and
/// bounds, then `k` free product columns (cost 0), then every row `≤ 0`, its coefficients
/// multiplied by the `scale` of their class (`None`: as they are) and divided by the largest.
/// Also `solve::beyond_ceiling`'s weighted LP.
pub(crate) fn row_problem(
    k: usize,
    rows: &[IntRow],
    scale: Option<&[f64]>,
    mut kernel: impl FnMut(&mut RowProblem, usize) -> Col,
) -> (RowProblem, Vec<Col>) {
    let mut pb = RowProblem::default();
    let mut cols = Vec::with_capacity(2 * k);
    for c in 0..k {
        let col = kernel(&mut pb, c);
        cols.push(col);
    }
    for _ in 0..k {
        cols.push(pb.add_column::<f64, _>(0.0, ..));
    }
    let mut buf = Vec::new();
    for r in rows {
        buf.clear();
        match scale {
            Some(scale) => buf.extend(r.iter().map(|&(j, c)| (cols[j], c as f64 * scale[j % k]))),
            None => buf.extend(r.iter().map(|&(j, c)| (cols[j], c as f64))),
        }
        let m = buf.iter().fold(0f64, |m, e| m.max(e.1.abs()));
        buf.iter_mut().for_each(|e| e.1 /= m);
        pb.add_row(..=0.0, &buf);
    }
    (pb, cols)
}

/// The row LP as HiGHS should solve it. Measured on this LP: presolve loses the tiny
/// far-apart terms and HiGHS's default strategy fails from h ≈ 128 on; the plain dual simplex
/// is fast and returns an (almost) optimal basis well past that. One thread, 60 s at most.
pub(crate) fn dual_simplex(pb: RowProblem, sense: Sense) -> Model {
    let mut model = pb.optimise(sense);
    model.make_quiet();
    model.set_option("threads", 1);
    model.set_option("presolve", "off");
    model.set_option("simplex_strategy", 1);
    model.set_option("time_limit", 60.0);
    model
}

/// `dual_simplex` solved, `Err` unless HiGHS reports an optimum.
pub(crate) fn solve_optimal(pb: RowProblem, sense: Sense) -> Result<SolvedModel, Error> {
    let solved = dual_simplex(pb, sense).try_solve().map_err(|e| Error::Unknown(format!("HiGHS: {e:?}")))?;
    if solved.status() != HighsModelStatus::Optimal {
        return Err(Error::Unknown(format!("HiGHS: status {:?}", solved.status())));
    }
    Ok(solved)
}

/// The solution and basis of a solved model with `ncols` columns and `nrows` rows.
fn hint_of(solved: &SolvedModel, ncols: usize, nrows: usize) -> Result<Hint, String> {
    let s = solved.get_solution();
    let mut col_status = vec![0 as highs_sys::HighsInt; ncols];
    let mut row_status = vec![0 as highs_sys::HighsInt; nrows];
    // SAFETY: the model is alive and solved; the buffers have one slot per column/row.
    let rc = unsafe {
        highs_sys::Highs_getBasis(solved.as_ptr(), col_status.as_mut_ptr(), row_status.as_mut_ptr())
    };
    if rc != 0 {
        return Err("HiGHS: no basis".into());
    }
    Ok(Hint {
        col_status: col_status.into_iter().collect(),
        row_status: row_status.into_iter().collect(),
        cols: s.columns().to_vec(),
        rows: s.rows().to_vec(),
        row_duals: s.dual_rows().to_vec(),
        col_duals: s.dual_columns().to_vec(),
    })
}
