//! The MILP cross-check's solve (docs/sharp.md): tokens `x, y, z ∈ {0,1}^m` as binary
//! unknowns, overlaps by linearised products, targets by min-linearisation, `t·a, t·b, t·c`
//! linearised exactly with a one-hot of `t`, normalisation `b + c = 1`, `min b`. HiGHS MIP
//! through good_lp. The answer is a float, only ever compared with the certified minimum
//! (`crate::certify::milp`).

use crate::error::Error;
use crate::formulate::milp::{Job, A_MAX};
use good_lp::solvers::highs::highs;
use good_lp::{variable, Expression, ProblemVariables, Solution, SolverModel, Variable};
use minip_check::model::Gap;
use minip_check::rational::to_f64;

/// The MILP side: `(min b/c, tokens)` from HiGHS.
pub fn solve(job: &Job) -> Result<(f64, String), Error> {
    let m = job.m as usize;
    let mf = job.m as f64;
    let eps = to_f64(&job.eps);
    let mut pv = ProblemVariables::new();
    let bin = |pv: &mut ProblemVariables, k: usize| -> Vec<Variable> {
        (0..k).map(|_| pv.add(variable().binary())).collect()
    };
    let x = bin(&mut pv, m);
    let y = bin(&mut pv, m);
    let z = bin(&mut pv, m);
    let pxy: Vec<Variable> = (0..m).map(|_| pv.add(variable().min(0.0).max(1.0))).collect();
    let pxz: Vec<Variable> = (0..m).map(|_| pv.add(variable().min(0.0).max(1.0))).collect();
    // Overlap kinds: 0 = h (x with itself), 1 = u, 2 = w; token sets by which of y, z occur.
    let sets: [(bool, bool); 4] = [(false, false), (true, false), (false, true), (true, true)];
    let t: Vec<Variable> = (0..4).map(|_| pv.add(variable().integer().min(0.0).max(mf))).collect();
    let sel: Vec<Vec<Variable>> = (0..4).map(|_| bin(&mut pv, 3)).collect();
    let onehot: Vec<Vec<Variable>> = (0..4).map(|_| bin(&mut pv, m + 1)).collect();
    let a = pv.add(variable().min(0.0).max(A_MAX));
    let b = pv.add(variable().min(0.0).max(1.0));
    let c = pv.add(variable().min(0.0).max(1.0));
    let weights = [(a, A_MAX), (b, 1.0), (c, 1.0)];
    let prods: Vec<Variable> = (0..3).map(|_| pv.add(variable())).collect(); // P, Q, S
                                                                             // split[set][weight][k] = weight · [t_set = k]
    let split: Vec<Vec<Vec<Variable>>> = (0..4)
        .map(|_| {
            weights
                .iter()
                .map(|&(_, ub)| (0..=m).map(|_| pv.add(variable().min(0.0).max(ub))).collect())
                .collect()
        })
        .collect();
    let mut model = pv.minimise(b).using(highs);
    model.set_verbose(false);
    let mut model = model.set_threads(1);
    let sum = |vs: &[Variable]| -> Expression { vs.iter().copied().sum() };
    for i in 0..m {
        for (p, o) in [(pxy[i], y[i]), (pxz[i], z[i])] {
            model.add_constraint((p - x[i]).leq(0.0));
            model.add_constraint((p - o).leq(0.0));
            model.add_constraint((p - x[i] - o).geq(-1.0));
        }
    }
    let h_e = sum(&x);
    let u_e = sum(&pxy);
    let w_e = sum(&pxz);
    model.add_constraint((w_e.clone() - u_e.clone()).geq(job.d as f64));
    // z is a different token from x (docs/math.md §2.1: a strict superset is not the query):
    // Hamming distance |x| + |z| − 2<x,z> ≥ 1. (y differs from both since u < w ≤ h.)
    model.add_constraint((h_e.clone() + sum(&z) - 2.0 * w_e.clone()).geq(1.0));
    let overlaps = [h_e, u_e, w_e];
    for (s, &(has_y, has_z)) in sets.iter().enumerate() {
        let present: Vec<usize> =
            [Some(0), has_y.then_some(1), has_z.then_some(2)].into_iter().flatten().collect();
        // t = min of the present overlaps.
        let mut chosen = Expression::from(0.0);
        for &o in &present {
            model.add_constraint((t[s] - overlaps[o].clone()).leq(0.0));
            model.add_constraint((Expression::from(t[s]) - overlaps[o].clone() - mf * sel[s][o]).geq(-mf));
            chosen += sel[s][o];
        }
        model.add_constraint(chosen.eq(1.0));
        for o in 0..3 {
            if !present.contains(&o) {
                model.add_constraint(Expression::from(sel[s][o]).eq(0.0));
            }
        }
        // One-hot of t and the exact split of every weight.
        model.add_constraint(sum(&onehot[s]).eq(1.0));
        let mut tv = Expression::from(0.0);
        for (k, e) in onehot[s].iter().enumerate() {
            tv.add_mul(k as f64, *e);
        }
        model.add_constraint((tv - t[s]).eq(0.0));
        for (j, &(v, ub)) in weights.iter().enumerate() {
            model.add_constraint((sum(&split[s][j]) - v).eq(0.0));
            for k in 0..=m {
                model.add_constraint((Expression::from(split[s][j][k]) - ub * onehot[s][k]).leq(0.0));
            }
        }
    }
    model.add_constraint((Expression::from(b) + c).eq(1.0));
    let probe = Gap::from_d(1)?;
    for seq in minip_check::model::sequences(job.n, &probe, job.family) {
        let s = (seq.mult[1] > 0) as usize + 2 * (seq.mult[2] > 0) as usize;
        let mult: Vec<f64> = seq.mult.iter().map(|&i| i as f64).collect();
        let mut dd = Expression::from(0.0);
        let mut nn = Expression::from(0.0);
        let mut td = Expression::from(0.0);
        for j in 0..3 {
            dd.add_mul(mult[j], weights[j].0);
            nn.add_mul(mult[j], prods[j]);
            for k in 0..=m {
                td.add_mul(mult[j] * k as f64, split[s][j][k]);
            }
        }
        // N − tD − εD ≤ 0 and −N + tD − εD ≤ 0 (closed, homogeneous).
        model.add_constraint((nn.clone() - td.clone() - eps * dd.clone()).leq(0.0));
        model.add_constraint((td - nn - eps * dd).leq(0.0));
    }
    let sol = model.solve().map_err(|e| Error::Unknown(format!("HiGHS MIP: {e}")))?;
    let bv = sol.value(b);
    let cv = sol.value(c);

    let bits = |v: &[Variable]| -> String {
        v.iter().map(|&q| if sol.value(q) > 0.5 { '1' } else { '0' }).collect()
    };
    let toks = format!("{},{},{}", bits(&x), bits(&y), bits(&z));
    if cv <= 1e-12 {
        return Err(Error::Unknown(format!("MILP optimum has c = {cv}: b/c undefined")));
    }
    Ok((bv / cv, toks))
}
