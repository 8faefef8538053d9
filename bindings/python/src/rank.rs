//! `minip rank` and `minip rank --linear` from Python: certified feature-rank lower bounds. JSON text out.

use crate::convert::{nonempty, rational, to_text};
use crate::{run, Failure};
use minip::certify::rank::{self as rank_search, RankJob};
use minip::certify::rank_linear::{self as linear_search, Library, MAX_M as LINEAR_MAX_M};
use minip::print::json;
use minip::rational::q;
use pyo3::prelude::*;
use serde_json::{json, Value};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(rank_linear, m)?)?;
    Ok(())
}

/// `minip rank`: the best certified feature-rank lower bound for each `m` (explicit codes,
/// SAT, exact ratios), with its certificate and the maximality proof it refers to.
#[pyfunction]
#[pyo3(signature = (ms, n, eps, h_max, sat_budget, sat_m_max, uniform))]
#[allow(clippy::too_many_arguments)]
fn rank(
    py: Python<'_>,
    ms: Vec<u32>,
    n: u32,
    eps: String,
    h_max: u32,
    sat_budget: u64,
    sat_m_max: u32,
    uniform: bool,
) -> PyResult<String> {
    run(py, move |ctl| {
        nonempty("m", &ms)?;
        if let Some(m) = ms.iter().find(|&&m| m == 0 || m > 40) {
            return Err(Failure::Input(format!("m: m = {m} is out of range (1..=40)")));
        }
        let eps = rational("eps", &eps)?;
        minip::check::ratio_instance(n, eps.clone(), 1, 0, 1, false)?;
        if h_max == 0 {
            return Err(Failure::Input("h_max: need h_max ≥ 1".into()));
        }
        let mut job = RankJob::new(n, eps);
        job.h_max = h_max;
        job.sat_budget = sat_budget;
        job.sat_m_max = sat_m_max;
        job.uniform = uniform;
        let results = rank_search::run(&job, &ms, ctl);
        let rows: Vec<Value> = ms
            .iter()
            .zip(results)
            .map(|(m, r)| match r {
                Ok(r) => {
                    let c = &r.cert;
                    let p = &c.params;
                    json!({
                        "m": p.m, "n": p.n, "eps": p.eps, "bound": c.bound, "strict": c.strict, "k": c.k,
                        "h": p.h, "lo": p.lo, "hi": p.hi, "delta": c.delta, "value": c.value,
                        "uniform_bound": c.uniform_bound, "construction": c.construction,
                        "maximal": c.maximal.as_ref().map(|mx| mx.refuted), "sat_out_of_budget": r.sat_out_of_budget,
                        "certificate": json::pretty(c),
                        "proof": r.proof.as_ref().map(|(name, bytes)| json!({"name": name, "bytes": bytes})),
                    })
                }
                Err(e) => json!({ "m": m, "reason": e }),
            })
            .collect();
        Ok(to_text(&Value::Array(rows)))
    })
}

/// `minip rank --linear`: certified bounds from direct sums of linear codes, even `m` up to
/// 256, for each `(m, n)`.
#[pyfunction]
fn rank_linear(py: Python<'_>, ms: Vec<u32>, ns: Vec<u32>) -> PyResult<String> {
    run(py, move |ctl| {
        nonempty("m", &ms)?;
        nonempty("n", &ns)?;
        if let Some(n) = ns.iter().find(|&&n| !(3..=8).contains(&n)) {
            return Err(Failure::Input(format!("n: n = {n} is out of range (3..=8)")));
        }
        if let Some(m) = ms.iter().find(|&&m| m % 2 == 1) {
            return Err(Failure::Input(format!("m: m = {m} is odd (the linear method needs m = 2h)")));
        }
        if let Some(m) = ms.iter().find(|&&m| {
            !(8..=LINEAR_MAX_M).contains(&m) || (m > linear_search::DIRECT_MAX_M && !m.is_power_of_two())
        }) {
            return Err(Failure::Input(format!(
                "m: m = {m} is out of range (even m in 8..={}, then 512 and {LINEAR_MAX_M})",
                linear_search::DIRECT_MAX_M
            )));
        }
        let eps = q(1, 2);
        let jobs: Vec<(u32, u32)> = ms.iter().flat_map(|&m| ns.iter().map(move |&n| (m, n))).collect();
        let lib = Library::new();
        let results = linear_search::run(&lib, &eps, &jobs, ctl);
        let rows: Vec<Value> = jobs
            .iter()
            .zip(results)
            .map(|(&(m, n), r)| match r {
                Ok(r) => {
                    let c = &r.cert;
                    json!({
                        "m": m, "n": n, "bound": c.bound, "strict": c.strict, "k": c.k, "value": c.value,
                        "construction": c.construction, "h": c.params.h,
                        "certificate": json::by_lines(c),
                    })
                }
                Err(e) => json!({ "m": m, "n": n, "reason": e }),
            })
            .collect();
        Ok(to_text(&Value::Array(rows)))
    })
}
