//! `minip sharp` from Python: the exact best factor `kstar` of one configuration, of a grid file
//! (`--grid`), the MILP cross-check (`--milp`) and the summary of committed files
//! (`--summarize`). JSON text out.

use crate::convert::to_text;
use crate::{run, warn_all, Failure};
use minip::print::json;
use minip::request::sharp::{Job, Sharp};
use pyo3::prelude::*;
use serde_json::Value;
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sharp, m)?)?;
    m.add_function(wrap_pyfunction!(sharp_milp, m)?)?;
    m.add_function(wrap_pyfunction!(sharp_summarize, m)?)?;
    m.add_function(wrap_pyfunction!(sharp_grid, m)?)?;
    Ok(())
}

/// `minip sharp`: the exact best factor `kstar` of one configuration, with its certificate
/// (a `minip-sharp/1` file of one certificate); `out` and `vipr` as `--out` and `--vipr`.
#[pyfunction]
#[pyo3(signature = (conf, out=None, vipr=None))]
fn sharp(py: Python<'_>, conf: String, out: Option<String>, vipr: Option<String>) -> PyResult<String> {
    run(py, move |ctl| {
        let request = Sharp {
            config: crate::convert::config(&conf)?,
            out: out.map(PathBuf::from),
            vipr: vipr.map(PathBuf::from),
            ..Sharp::default()
        };
        let Job::One(job) = request.validate()? else {
            return Err(Failure(minip::Error::Input("sharp: one configuration".into())));
        };
        let k = job.run(ctl)?;
        let mut v = serde_json::to_value(&k.record).expect("serializes");
        v["certificate"] = Value::String(k.file()?);
        Ok(to_text(&v))
    })
}

/// `minip sharp --milp`: the Boolean-token MILP cross-check, one report per `m` (JSON lines
/// of kind `sharp.milp`, as `--json` prints them).
#[pyfunction]
fn sharp_milp(py: Python<'_>, conf: String, m: String) -> PyResult<String> {
    run(py, move |ctl| {
        let request = Sharp { config: crate::convert::config(&conf)?, milp: true, m, ..Sharp::default() };
        let Job::Milp(job) = request.validate()? else {
            return Err(Failure(minip::Error::Input("sharp --milp".into())));
        };
        let checks = job.run(ctl);
        let rows: Vec<Value> = checks
            .rows
            .iter()
            .map(|r| serde_json::from_str(&json::record("sharp.milp", r)).expect("a JSON line"))
            .collect();
        Ok(to_text(&serde_json::json!({
            "rows": rows,
            "text": checks.text(),
            "exit_code": checks.exit_code(),
        })))
    })
}

/// `minip sharp --summarize PATH`: the records of committed `minip-sharp/1` files (each
/// checked first) and the summary lines the command line prints.
#[pyfunction]
fn sharp_summarize(py: Python<'_>, path: String) -> PyResult<String> {
    run(py, move |ctl| {
        let request = Sharp { summarize: Some(PathBuf::from(path)), ..Sharp::default() };
        let Job::Summarize(job) = request.validate()? else {
            return Err(Failure(minip::Error::Input("sharp --summarize".into())));
        };
        Ok(to_text(&serde_json::to_value(job.run(ctl)?).expect("serializes")))
    })
}

/// `minip sharp --grid GRID`: `kstar` of every configuration of a grid file (or one shard),
/// with `--expect`, `--jobs`, `--out`, `--vipr` and `--csv` as on the command line.
#[pyfunction]
#[pyo3(signature = (grid, expect, shard, jobs, out, vipr, csv))]
#[allow(clippy::too_many_arguments)]
fn sharp_grid(
    py: Python<'_>,
    grid: String,
    expect: Option<String>,
    shard: Option<String>,
    jobs: Option<usize>,
    out: Option<String>,
    vipr: Option<String>,
    csv: Option<String>,
) -> PyResult<String> {
    let (text, warnings) = run(py, move |ctl| {
        let request = Sharp {
            grid: Some(grid.into()),
            expect: expect.map(PathBuf::from),
            shard,
            jobs,
            out: out.map(PathBuf::from),
            vipr: vipr.map(PathBuf::from),
            csv: csv.map(PathBuf::from),
            ..Sharp::default()
        };
        // Warnings about outputs become Python warnings; notes are dropped.
        let mut warnings = Vec::new();
        let mut say = crate::keep_warnings(&mut warnings);
        let Job::Grid(g) = request.validate_noting(&mut say)? else {
            return Err(Failure(minip::Error::Input("sharp: a grid file".into())));
        };
        let swept = g.run(ctl, &mut say, &mut |_| Ok(()))?;
        drop(say);
        swept.stopped.clone()?;
        let expect = g.expected(&swept);
        Ok((
            to_text(&serde_json::json!({
                "rows": swept.records,
                "text": swept.text(),
                "exit_code": swept.exit_code(),
                "expect": expect,
            })),
            warnings,
        ))
    })?;
    warn_all(py, warnings)?;
    Ok(text)
}
