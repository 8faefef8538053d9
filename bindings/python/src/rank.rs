//! `minip rank`, `minip rank --linear`, `--weighted` and `--two` from Python: certified feature-rank lower bounds. JSON text out.

use crate::convert::{to_text, Nums};
use crate::{run, warn_all};
use minip::request::rank::{Rank, RankLinear};
use pyo3::prelude::*;
use serde_json::Value;
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(rank_linear, m)?)?;
    m.add_function(wrap_pyfunction!(rank_weighted, m)?)?;
    m.add_function(wrap_pyfunction!(rank_two, m)?)?;
    Ok(())
}

/// `minip rank`: the best certified feature-rank lower bound for each `m` (explicit codes,
/// SAT, exact ratios), with its certificate and the maximality proof it refers to.
#[pyfunction]
#[pyo3(signature = (ms, n, eps, h_max, sat_budget, sat_m_max, uniform, out=None, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn rank(
    py: Python<'_>,
    ms: Nums,
    n: u32,
    eps: String,
    h_max: u32,
    sat_budget: u64,
    sat_m_max: u32,
    uniform: bool,
    out: Option<String>,
    jobs: Option<usize>,
) -> PyResult<String> {
    let (text, warnings) = run(py, move |ctl| {
        let job = Rank {
            m: ms.into(),
            n,
            eps,
            h_max,
            sat_budget: sat_budget.to_string(),
            sat_m_max,
            uniform,
            jobs,
        }
        .validate()?;
        let out = out.map(PathBuf::from);
        let warnings: Vec<String> = match &out {
            Some(dir) => minip::request::gap::out_dir(dir)?.into_iter().collect(),
            None => Vec::new(),
        };
        let found = job.run(ctl);
        if let Some(dir) = &out {
            found.write(dir)?;
        }
        let rows = found.values();
        Ok((to_text(&Value::Array(rows)), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text)
}

/// `minip rank --linear`: certified bounds from direct sums of linear codes, even `m` up to
/// 256 (then 512 and 1024), for each `(m, n)` with `3 ≤ n ≤ 1024`, as on the command line
/// (without its explicit-code column); rows sorted by `m`, then `n`.
/// `minip rank --linear`: one row per `(m, n)`, with the explicit-code method's bound for
/// `m ≤ 24` when `explicit`; `out` a directory for the certificates (`nN_mMMM.json`).
#[pyfunction]
#[pyo3(signature = (ms, ns, explicit=false, out=None, jobs=None))]
fn rank_linear(
    py: Python<'_>,
    ms: Nums,
    ns: Nums,
    explicit: bool,
    out: Option<String>,
    jobs: Option<usize>,
) -> PyResult<String> {
    let (text, warnings) = run(py, move |ctl| {
        let request = RankLinear { m: ms.text(), n: ns.text(), explicit, jobs, ..RankLinear::default() };
        let job = request.validate()?;
        let out = out.map(PathBuf::from);
        let warnings: Vec<String> = match &out {
            Some(dir) => minip::request::gap::out_dir(dir)?.into_iter().collect(),
            None => Vec::new(),
        };
        let found = job.run(ctl);
        found.stopped.clone()?;
        if let Some(dir) = &out {
            found.write(dir)?;
        }
        let rows = found.values();
        Ok((to_text(&Value::Array(rows)), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text)
}

/// `minip rank --weighted`: the weighted trace/Frobenius bound for one `m`, from a local search
/// over weighted pairs (or the weights on `start`'s words, as `--from`); `out` a directory
/// for its `minip-rank-weighted/1` certificate (`mMM.json`).
#[pyfunction]
#[pyo3(signature = (m, n, start=None, rounds=200, out=None))]
fn rank_weighted(
    py: Python<'_>,
    m: u32,
    n: u32,
    start: Option<String>,
    rounds: u32,
    out: Option<String>,
) -> PyResult<String> {
    let (text, warnings) = run(py, move |ctl| {
        let job =
            minip::request::weighted::Weighted { m, n, from: start.map(PathBuf::from), rounds }.validate()?;
        let out = out.map(PathBuf::from);
        if let Some(dir) = &out {
            job.check_out(dir)?;
        }
        let warnings: Vec<String> = match &out {
            Some(dir) => minip::print::out_dir(dir)?.into_iter().collect(),
            None => Vec::new(),
        };
        let found = job.run(ctl)?;
        if let Some(dir) = &out {
            found.write(dir)?;
        }
        Ok((to_text(&found.value()), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text)
}

/// `minip rank --two`: feature rank `<= 2` refuted at one `m` by two orders (a DRAT proof);
/// `out` a directory for the `minip-rank2-none/1` certificate and its proof (`mMM.json`,
/// `mMM.drat`). Unknown (an error) when two orders satisfy the formula.
#[pyfunction]
#[pyo3(signature = (m, n, eps, out=None))]
fn rank_two(py: Python<'_>, m: u32, n: u32, eps: String, out: Option<String>) -> PyResult<String> {
    let (text, warnings) = run(py, move |ctl| {
        let job = minip::request::rank2::RankTwo { m, n, eps }.validate()?;
        let out = out.map(PathBuf::from);
        let warnings: Vec<String> = match &out {
            Some(dir) => minip::print::out_dir(dir)?.into_iter().collect(),
            None => Vec::new(),
        };
        let found = job.run(ctl)?;
        let value = found.value()?;
        if let Some(dir) = &out {
            found.write(dir)?;
        }
        Ok((to_text(&value), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text)
}
