//! `minip bench`, `minip head bench` and `minip amplify-bench` from Python: the same
//! measurements through the same requests, JSON text out (the figures and the command
//! line's text).

use crate::convert::to_text;
use crate::run;
use minip::request::amplify_bench::AmplifyBench;
use minip::request::head::HeadBench;
use minip::request::sweep::Bench;
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bench_run, m)?)?;
    m.add_function(wrap_pyfunction!(head_bench, m)?)?;
    m.add_function(wrap_pyfunction!(amplify_bench, m)?)?;
    Ok(())
}

/// `minip bench`: a grid swept with certificates written and re-verified (the regression
/// grid when `grid` is `None`), then `proofs` verified, timed: the `bench.run` record.
#[pyfunction]
#[pyo3(name = "bench", signature = (grid=None, proofs=None))]
fn bench_run(py: Python<'_>, grid: Option<String>, proofs: Option<String>) -> PyResult<String> {
    run(py, move |ctl| {
        let b = Bench { grid: grid.map(PathBuf::from), proofs: proofs.map(PathBuf::from) }
            .validate()?
            .run(ctl)?;
        Ok(to_text(&json!({ "record": b.json(), "text": b.text(), "exit_code": b.exit_code() })))
    })
}

/// `minip head bench`: exhaustive verification speed of softmax at length 3, one row per `m`.
#[pyfunction]
fn head_bench(py: Python<'_>, m_max: u32) -> PyResult<String> {
    run(py, move |ctl| {
        let b = HeadBench { m_max }.validate()?.run_with(ctl)?;
        let rows: Vec<Value> = b
            .rows
            .iter()
            .map(|r| {
                json!({
                    "m": r.m, "build_seconds": r.build, "sequences": r.sequences, "seconds": r.secs,
                    "seconds_symmetry": r.secs_symmetry, "correct": r.correct,
                })
            })
            .collect();
        Ok(to_text(&json!({ "threads": b.threads, "rows": rows, "text": b.text() })))
    })
}

/// `minip amplify-bench`: certified ratios `R(0, h; h)` timed beside exact LP solvers run on
/// the exported LP (`against`: esolver, glpsol, both or none), one `amplify.bench` row per `h`.
#[pyfunction]
fn amplify_bench(py: Python<'_>, h: String, against: String, timeout: u64) -> PyResult<String> {
    run(py, move |ctl| {
        let b = AmplifyBench { h, against, timeout }.validate()?;
        let mut rows: Vec<Value> = Vec::new();
        let mut text = b.header();
        let t = b.run(ctl, &mut |row| {
            rows.push(serde_json::to_value(row).map_err(|e| minip::Error::Input(e.to_string()))?);
            text.push_str(&minip::request::amplify_bench::Bench::line(row));
            Ok(())
        })?;
        let exit_code = t.exit_code();
        Ok(to_text(&json!({
            "rows": rows,
            "text": text,
            "smallest_speedup": t.worst,
            "disagree": t.disagree,
            "failure": t.failure().map(|e| e.message().to_string()),
            "exit_code": exit_code,
        })))
    })
}
