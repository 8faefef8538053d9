//! `minip head verify`, `minip head attack` and `minip head search` from
//! Python: explicit heads checked exhaustively, and the low-rank head search. JSON text out.

use crate::convert::to_text;
use crate::{run, warn_all};
use minip::request::head::{HeadAttack, HeadVerify, Select};
use minip::request::head_search::{parse_start, HeadSearch, Method};
use pyo3::prelude::*;
use serde_json::Value;
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(head_verify, m)?)?;
    m.add_function(wrap_pyfunction!(head_attack, m)?)?;
    m.add_function(wrap_pyfunction!(head_search, m)?)?;
    Ok(())
}

/// `minip head verify`: an explicit head (a built-in `rank1`, `softmax`, `exact`, or a head
/// file) checked exactly on every sequence of lengths `1..=len` over `{0,1}^m`.
#[pyfunction]
#[pyo3(signature = (head, m, len, eps, base, symmetry))]
fn head_verify(
    py: Python<'_>,
    head: String,
    m: Option<u32>,
    len: u32,
    eps: String,
    base: Option<String>,
    symmetry: bool,
) -> PyResult<String> {
    run(py, move |ctl| {
        let v = HeadVerify { select: Select { head, m, base, eps, symmetry }, len }.validate()?.run(ctl)?;
        Ok(to_text(&v.value()))
    })
}

/// A JSON line of the command line's `--json` output, as a value.
pub(crate) fn parse_line(line: &str) -> Value {
    serde_json::from_str(line).expect("a record line is JSON")
}

/// `minip head attack`: a failing length-`n` sequence, by gap domination on the head's
/// kernel, then exhaustively (the record `minip head attack --json` prints).
#[pyfunction]
#[pyo3(signature = (head, m, n, eps, base, symmetry))]
fn head_attack(
    py: Python<'_>,
    head: String,
    m: Option<u32>,
    n: u32,
    eps: String,
    base: Option<String>,
    symmetry: bool,
) -> PyResult<String> {
    run(py, move |ctl| {
        let at = HeadAttack { select: Select { head, m, base, eps, symmetry }, n }.validate()?.run(ctl)?;
        Ok(to_text(&parse_line(&at.json_line())))
    })
}

/// `minip head search`: the low-rank head search (the record `minip head search --json` prints,
/// the summary, and the certificate when a head was found); `method` `"gradient"` or `"lp"`,
/// `iterations` `None` for the method's default, `out` a directory for its files, `jobs` the
/// worker threads (restarts in parallel). Progress: a meter over every step (`set_progress`).
#[pyfunction]
#[pyo3(signature = (m, rank, seed, restarts, iterations=None, method="gradient".to_string(), start=None, time_limit=None, out=None, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn head_search(
    py: Python<'_>,
    m: u32,
    rank: usize,
    seed: u64,
    restarts: u32,
    iterations: Option<u32>,
    method: String,
    start: Option<String>,
    time_limit: Option<f64>,
    out: Option<String>,
    jobs: Option<usize>,
) -> PyResult<String> {
    let (text_out, warnings) = run(py, move |ctl| {
        let out = out.map(PathBuf::from);
        let method = Method::parse(&method)?;
        let start = start.as_deref().map(parse_start).transpose()?;
        let request = HeadSearch {
            m,
            rank,
            seed,
            restarts,
            iterations,
            method,
            start,
            time_limit,
            out: out.clone(),
            jobs,
        };
        let job = request.validate()?;
        let warnings: Vec<String> = match &out {
            Some(dir) => minip::print::out_dir(dir)?.into_iter().collect(),
            None => Vec::new(),
        };
        let found = job.run(ctl, |_| {})?;
        Ok((to_text(&found.value()), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text_out)
}
