//! Floating-point solves of the class LP of overlap-polynomial heads (docs/math.md §10),
//! with HiGHS (the `highs` crate directly). Everything returned is a hint for
//! `crate::repair::poly`; nothing here decides anything.
//!
//! - `class_lp`: the rows of some query weights over node values `g` and products, with
//!   `f(o) ≥ 1` on `0..=top` for nonnegative kernels (a scaling of `f > 0`, which is no
//!   loss: the strict system is open and homogeneous), minimising `Σ f(o)`;
//! - `farkas_lp`: `y ≥ 0`, `yᵀG = 0`, `Σ_{sequence rows} y = 1`, minimising `Σ y`;
//! - `max_margin`: for fixed kernel values at one query weight, the values `s` that
//!   maximise the smallest distance `1/2 − |ŷ − t|` over all multisets.

use crate::error::Error;
use crate::formulate::poly::{float_row, Cardinal, RowName};
use highs::{ColProblem, HighsModelStatus, RowProblem, Sense};
use minip_check::rows::poly::{class_count, keys, pairs, target};
use std::collections::BTreeMap;

/// What HiGHS says about the class LP.
#[derive(Clone, Debug)]
pub enum LpAnswer {
    /// Node values `g` of a feasible point.
    Feasible(Vec<f64>),
    Infeasible,
}

fn tune(model: &mut highs::Model, seconds: f64) {
    model.make_quiet();
    model.set_option("threads", 1);
    model.set_option("time_limit", seconds);
}

/// The class LP over the query weights `hs`.
pub fn class_lp(
    m: u32,
    len: u32,
    card: &Cardinal,
    hs: &[u32],
    signed: bool,
    seconds: f64,
) -> Result<LpAnswer, Error> {
    let n = card.support.len();
    let mut pb = RowProblem::default();
    // Objective Σ_o f(o) = Σ_i (Σ_o at[o][i]) g_i over the overlaps the rows see.
    let tops: Vec<u32> = if signed { hs.to_vec() } else { (0..=card.top).collect() };
    let cost: Vec<f64> = (0..n).map(|i| tops.iter().map(|&o| card.at[o as usize][i]).sum()).collect();
    let g: Vec<highs::Col> = cost.iter().map(|&c| pb.add_column::<f64, _>(c, ..)).collect();
    let mut p: BTreeMap<(u32, u32), highs::Col> = BTreeMap::new();
    for &h in hs {
        for c in 0..class_count(m, h) {
            p.insert((h, c), pb.add_column::<f64, _>(0.0, ..));
        }
    }
    let mut buf: Vec<(highs::Col, f64)> = Vec::new();
    for &h in hs {
        for (c1, c2) in pairs(m, h) {
            for side in [minip_check::rows::poly::Side::Upper, minip_check::rows::poly::Side::Lower] {
                let (gc, pc, rhs) = float_row(&RowName::Pair { n: len, h, c1, c2, side }, card);
                buf.clear();
                buf.extend(g.iter().zip(&gc).filter(|e| *e.1 != 0.0).map(|(c, v)| (*c, *v)));
                buf.extend(pc.iter().map(|(k, v)| (p[k], *v)));
                pb.add_row(..=rhs, &buf);
            }
        }
    }
    if !signed {
        for o in 0..=card.top {
            buf.clear();
            buf.extend(g.iter().zip(&card.at[o as usize]).filter(|e| *e.1 != 0.0).map(|(c, v)| (*c, *v)));
            pb.add_row(1.0.., &buf);
        }
    }
    // Measured: the default dual simplex is fast on almost every instance but sometimes
    // stalls for a minute on an infeasible one (h = 62, degree 10); the primal simplex then
    // settles it in about a second. So: the default for a while, then primal.
    let mut last = String::new();
    for (strategy, limit) in [(None, FIRST_TRY_SECONDS.min(seconds)), (Some(4), seconds)] {
        let mut model = highs::Model::new(pb.clone());
        model.set_sense(Sense::Minimise);
        tune(&mut model, limit);
        if let Some(st) = strategy {
            model.set_option("simplex_strategy", st);
        }
        let solved = model.try_solve().map_err(|e| Error::Unknown(format!("HiGHS: {e:?}")))?;
        match solved.status() {
            HighsModelStatus::Optimal => {
                return Ok(LpAnswer::Feasible(solved.get_solution().columns()[..n].to_vec()))
            }
            HighsModelStatus::Infeasible => return Ok(LpAnswer::Infeasible),
            s => last = format!("HiGHS: status {s:?}"),
        }
    }
    Err(Error::Unknown(last))
}

/// Seconds the default strategy gets before the primal simplex is tried.
const FIRST_TRY_SECONDS: f64 = 10.0;

/// Farkas multipliers for the rows `names` (a hint: one value per row).
pub fn farkas_lp(card: &Cardinal, names: &[RowName], seconds: f64) -> Result<Vec<f64>, Error> {
    let n = card.support.len();
    let mut pb = ColProblem::default();
    let grows: Vec<highs::Row> = (0..n).map(|_| pb.add_row(0.0..=0.0)).collect();
    let mut prow: BTreeMap<(u32, u32), highs::Row> = BTreeMap::new();
    for name in names {
        if let RowName::Pair { h, c1, c2, .. } = *name {
            for cl in [h, c1, c2] {
                prow.entry((h, cl)).or_insert_with(|| pb.add_row(0.0..=0.0));
            }
        }
    }
    let norm = pb.add_row(1.0..=1.0);
    let mut buf: Vec<(highs::Row, f64)> = Vec::new();
    for name in names {
        let (gc, pc, rhs) = float_row(name, card);
        buf.clear();
        buf.extend(grows.iter().zip(&gc).filter(|e| *e.1 != 0.0).map(|(r, v)| (*r, *v)));
        buf.extend(pc.iter().map(|(k, v)| (prow[k], *v)));
        if rhs != 0.0 {
            buf.push((norm, -rhs));
        }
        pb.add_column(1.0, 0.0.., &buf);
    }
    let mut model = pb.optimise(Sense::Minimise);
    tune(&mut model, seconds);
    let solved = model.try_solve().map_err(|e| Error::Unknown(format!("HiGHS: {e:?}")))?;
    if solved.status() != HighsModelStatus::Optimal {
        return Err(Error::Unknown(format!("HiGHS (Farkas LP): status {:?}", solved.status())));
    }
    Ok(solved.get_solution().columns().to_vec())
}

/// For kernel values `alpha[c]` (one per class of a weight-`h` query, as floats), the values
/// `s` maximising the margin `δ` (every output within `1/2 − δ` of its target), `δ ≤ 1/2`.
pub fn max_margin(m: u32, len: u32, h: u32, alpha: &[f64]) -> Result<(f64, Vec<f64>), Error> {
    let k = class_count(m, h);
    let mut pb = RowProblem::default();
    let s: Vec<highs::Col> = (0..k).map(|_| pb.add_column::<f64, _>(0.0, ..)).collect();
    let delta = pb.add_column(1.0, ..=0.5);
    let mut buf: Vec<(highs::Col, f64)> = Vec::new();
    for (c1, c2) in pairs(m, h) {
        let ks = keys(len, h, c1, c2);
        let d: f64 = ks.iter().map(|&(c, k)| k as f64 * alpha[c as usize]).sum();
        if d <= 0.0 {
            return Ok((f64::NEG_INFINITY, vec![0.0; k as usize]));
        }
        let t = target(h, c1, c2) as f64;
        for sign in [1.0, -1.0] {
            // sign·(ŷ − t) + δ ≤ 1/2, ŷ = Σ (α_c/D) s_c.
            buf.clear();
            for &(c, k) in &ks {
                let w = sign * k as f64 * alpha[c as usize] / d;
                match buf.iter_mut().find(|e| e.0 == s[c as usize]) {
                    Some(e) => e.1 += w,
                    None => buf.push((s[c as usize], w)),
                }
            }
            buf.push((delta, 1.0));
            pb.add_row(..=0.5 + sign * t, &buf);
        }
    }
    let mut model = pb.optimise(Sense::Maximise);
    tune(&mut model, 60.0);
    let solved = model.try_solve().map_err(|e| Error::Unknown(format!("HiGHS: {e:?}")))?;
    if solved.status() != HighsModelStatus::Optimal {
        return Err(Error::Unknown(format!("HiGHS (margin LP): status {:?}", solved.status())));
    }
    let sol = solved.get_solution();
    let cols = sol.columns();
    Ok((cols[k as usize], cols[..k as usize].to_vec()))
}
