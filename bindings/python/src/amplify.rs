//! `minip amplify` from Python: exact forced kernel ratios. JSON text out.

use crate::convert::{to_text, Nums};
use crate::{run, warn_all, Failure};
use minip::print::json;
use minip::request::amplify::{Amplify, Job};
use pyo3::prelude::*;
use serde_json::Value;
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(amplify, m)?)?;
    m.add_function(wrap_pyfunction!(amplify_grid, m)?)?;
    Ok(())
}

/// `minip amplify`: exact forced ratios `R(lo, hi; h)` for each `h`, in the order given, with
/// certificates. Classes as on the command line (`None`: the setting's default); the setting
/// beyond Min-IP by `task`, `kernel`, `positions`, `keys`, `at`; `pairs` (`"all"`) every
/// pair of classes; `export_lp` the row LP of a single ratio, written before the run.
#[pyfunction]
#[pyo3(signature = (n, eps, hs, lo, hi, superset, m, task, kernel, positions, keys, at, out=None, vipr=false, pairs=None, export_lp=None))]
#[allow(clippy::too_many_arguments)]
fn amplify(
    py: Python<'_>,
    n: u32,
    eps: String,
    hs: Nums,
    lo: Option<String>,
    hi: Option<String>,
    superset: bool,
    m: Option<u32>,
    task: String,
    kernel: String,
    positions: String,
    keys: String,
    at: Option<u32>,
    out: Option<String>,
    vipr: bool,
    pairs: Option<String>,
    export_lp: Option<String>,
) -> PyResult<String> {
    let (text, warnings) = run(py, move |ctl| {
        let req = Amplify {
            h: hs.into(),
            n,
            eps,
            lo,
            hi,
            superset,
            m,
            task,
            kernel,
            positions,
            keys,
            at,
            out: out.map(PathBuf::from),
            vipr,
            pairs,
            export_lp: export_lp.map(PathBuf::from),
            ..Amplify::default()
        };
        // Warnings about outputs (a directory that is not empty) become Python warnings.
        let mut warnings = Vec::new();
        let mut say = crate::keep_warnings(&mut warnings);
        let Job::Ratios(job) = req.validate_noting(&mut say)? else {
            return Err(Failure(minip::Error::Input("amplify: a range of h".into())));
        };
        drop(say);
        job.export()?;
        let done = job.run(ctl)?;
        done.stopped.clone()?;
        let rows: Vec<Value> = done
            .records
            .iter()
            .zip(&done.certificates)
            .map(|(rec, cert)| {
                let mut v = serde_json::to_value(rec).expect("serializes");
                if let Some(c) = cert {
                    v["certificate"] = Value::String(json::pretty(c));
                }
                v
            })
            .collect();
        Ok((to_text(&Value::Array(rows)), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text)
}

/// `minip amplify --grid FILE`: every series of a ratio table (the JSON lines `--json`
/// prints, each with its series' name), the table the command line prints, and the
/// comparison with the expected ratios (`--expect`).
#[pyfunction]
#[pyo3(signature = (grid, expect=None, out=None))]
fn amplify_grid(
    py: Python<'_>,
    grid: String,
    expect: Option<String>,
    out: Option<String>,
) -> PyResult<String> {
    let (text, warnings) = run(py, move |ctl| {
        let req = Amplify {
            grid: Some(PathBuf::from(grid)),
            expect: expect.map(PathBuf::from),
            out: out.map(PathBuf::from),
            ..Amplify::default()
        };
        let mut warnings = Vec::new();
        let mut say = crate::keep_warnings(&mut warnings);
        let Job::Grid(job) = req.validate_noting(&mut say)? else {
            return Err(Failure(minip::Error::Input("amplify: a ratio table".into())));
        };
        drop(say);
        let run = job.run(ctl)?;
        run.stopped.clone()?;
        let per = job.per_series(&run.records);
        let rows: Vec<Value> =
            job.json_lines(&per)?.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
        let expect = job.expected(&per);
        Ok((
            to_text(&serde_json::json!({
                "rows": rows,
                "text": job.text(&run, &per),
                "exit_code": run.exit_code(),
                "expect": expect,
            })),
            warnings,
        ))
    })?;
    warn_all(py, warnings)?;
    Ok(text)
}
