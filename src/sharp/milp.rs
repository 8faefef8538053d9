//! An independent cross-check of `kstar` by mixed-integer programming (issue 3, part 3).
//!
//! The tokens are unknowns: `x, y, z ∈ {0,1}^m` binary, overlaps `u = Σ x_i y_i` and
//! `w = Σ x_i z_i` by the standard linearised products, `h = Σ x_i`, gap `w − u ≥ d`.
//! Targets: for each set of token kinds a sequence can contain (`{x}`, `{x,y}`, `{x,z}`,
//! `{x,y,z}`) the target `t = min` of the present overlaps, by min-linearisation (one
//! selected term, `t ≤` every term). The head's closed rows (MATH.md §3, strict rows
//! homogeneous) need `t·a`, `t·b`, `t·c`: linearised exactly with a one-hot encoding of
//! `t` and a split of the weight, `v = Σ_k v_k`, `0 ≤ v_k ≤ U·[t = k]`, `t·v = Σ k v_k`.
//! Normalisation `b + c = 1` bounds `b, c` by 1 and makes `min b` the same as `min b/c`;
//! `a` is bounded by `A_MAX`: the bound can only raise the MILP value, and any rise would
//! show up as a disagreement with the exact minimum (none seen).
//!
//! The MILP answer is a float and is only compared; the value reported is always the
//! exact, certified minimum of `kstar` over the enumerated configurations.

use super::{sharp, SharpOutcome};
use crate::exact::rational::{fmt_q, parse_rational, to_f64, Q};
use crate::model::{Bound, Family, Gap, Instance};
use good_lp::solvers::highs::highs;
use good_lp::{variable, Expression, ProblemVariables, Solution, SolverModel, Variable};
use serde::Serialize;
use std::time::Instant;

/// Largest token length accepted.
pub const MAX_M: u32 = 6;
/// Bound on `a` after normalising `b + c = 1`.
pub const A_MAX: f64 = 1000.0;
/// Relative tolerance of the float comparison.
pub const TOL: f64 = 1e-6;

/// One cross-check: tokens in `m` bits, gap at least `d`.
#[derive(Clone, Debug)]
pub struct Job {
    pub n: u32,
    pub eps: Q,
    pub family: Family,
    pub m: u32,
    pub d: u32,
}

impl Job {
    pub fn new(n: u32, eps: Q, family: Family, m: u32, d: u32) -> Result<Job, String> {
        if !(1..=MAX_M).contains(&m) {
            return Err(format!("need 1 ≤ m ≤ {MAX_M}, got m = {m}"));
        }
        if d == 0 || d > m {
            return Err(format!("need 1 ≤ d ≤ m, got d = {d}, m = {m}"));
        }
        Instance::new(n, eps.clone(), Gap::from_d(1)?, family, Bound::Paper)?;
        Ok(Job { n, eps, family, m, d })
    }
    /// Every configuration realizable in `m` bits by pairwise distinct tokens with gap at
    /// least `d` (`w = h` needs a strict superset of `x`, so `h < m`).
    pub fn configurations(&self) -> Vec<Instance> {
        Gap::all_up_to(self.m)
            .into_iter()
            .filter(|g| g.d() >= self.d && (g.w < g.h || g.h < self.m))
            .map(|gap| Instance { n: self.n, eps: self.eps.clone(), gap, family: self.family, bound: Bound::Paper })
            .collect()
    }
}

/// The outcome of one cross-check.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub m: u32,
    pub d: u32,
    pub configurations: usize,
    /// The exact minimum of the certified `kstar` (the reported value).
    pub min_kstar: String,
    pub argmin: String,
    pub milp_value: Option<f64>,
    pub milp_tokens: String,
    pub agree: bool,
    pub enum_seconds: f64,
    pub milp_seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The exact side: certify every configuration and take the minimum.
pub fn enumerate(job: &Job) -> Result<(Q, Instance), String> {
    let mut best: Option<(Q, Instance)> = None;
    for inst in job.configurations() {
        let k = match sharp(&inst) {
            SharpOutcome::Certified(c) => parse_rational(&c.kstar)?,
            SharpOutcome::Unknown(why) => return Err(format!("kstar unknown at {}: {why}", inst.gap)),
        };
        if best.as_ref().is_none_or(|(b, _)| k < *b) {
            best = Some((k, inst));
        }
    }
    best.ok_or_else(|| "no configuration".into())
}

/// The MILP side: `(min b/c, tokens)` from HiGHS.
pub fn solve(job: &Job) -> Result<(f64, String), String> {
    let m = job.m as usize;
    let mf = job.m as f64;
    let eps = to_f64(&job.eps);
    let mut pv = ProblemVariables::new();
    let bin = |pv: &mut ProblemVariables, k: usize| -> Vec<Variable> { (0..k).map(|_| pv.add(variable().binary())).collect() };
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
    let split: Vec<Vec<Vec<Variable>>> =
        (0..4).map(|_| weights.iter().map(|&(_, ub)| (0..=m).map(|_| pv.add(variable().min(0.0).max(ub))).collect()).collect()).collect();
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
    // z is a different token from x (MATH.md §4: a strict superset is not the query):
    // Hamming distance |x| + |z| − 2<x,z> ≥ 1. (y differs from both since u < w ≤ h.)
    model.add_constraint((h_e.clone() + sum(&z) - 2.0 * w_e.clone()).geq(1.0));
    let overlaps = [h_e, u_e, w_e];
    for (s, &(has_y, has_z)) in sets.iter().enumerate() {
        let present: Vec<usize> = [Some(0), has_y.then_some(1), has_z.then_some(2)].into_iter().flatten().collect();
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
    for seq in crate::model::sequences(job.n, &probe, job.family) {
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
    let sol = model.solve().map_err(|e| format!("HiGHS MIP: {e}"))?;
    let bv = sol.value(b);
    let cv = sol.value(c);

    let bits = |v: &[Variable]| -> String { v.iter().map(|&q| if sol.value(q) > 0.5 { '1' } else { '0' }).collect() };
    let toks = format!("{},{},{}", bits(&x), bits(&y), bits(&z));
    if cv <= 1e-12 {
        return Err(format!("MILP optimum has c = {cv}: b/c undefined"));
    }
    Ok((bv / cv, toks))
}

/// Runs both sides and compares (the MILP float against the exact minimum).
pub fn cross_check(job: &Job) -> Report {
    let t = Instant::now();
    let exact = enumerate(job);
    let enum_seconds = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let milp = solve(job);
    let milp_seconds = t.elapsed().as_secs_f64();
    let mut r = Report {
        m: job.m,
        d: job.d,
        configurations: job.configurations().len(),
        min_kstar: "unknown".into(),
        argmin: String::new(),
        milp_value: None,
        milp_tokens: String::new(),
        agree: false,
        enum_seconds,
        milp_seconds,
        error: None,
    };
    if r.configurations == 0 {
        // Nothing realizable (e.g. m = 1: z would have to be x). Both sides must say so.
        r.min_kstar = "none".into();
        match milp {
            Err(_) => r.agree = true,
            Ok((v, toks)) => {
                r.milp_value = Some(v);
                r.milp_tokens = toks;
            }
        }
        return r;
    }
    match (exact, milp) {
        (Ok((k, inst)), Ok((v, toks))) => {
            let kf = to_f64(&k);
            r.min_kstar = fmt_q(&k);
            r.argmin = format!("({},{},{})", inst.gap.h, inst.gap.u, inst.gap.w);
            r.milp_value = Some(v);
            r.milp_tokens = toks;
            r.agree = (v - kf).abs() <= TOL * kf.abs().max(1.0);
        }
        (Err(e), _) | (_, Err(e)) => r.error = Some(e),
    }
    r
}
