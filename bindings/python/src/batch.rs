//! `minip sweep`, `minip sharp --grid` and `minip export coq` from Python: grid files and
//! certificate directories, each through the request the command line fills. JSON text out.

use crate::convert::to_text;
use crate::{run, warn_all, Failure};
use minip::batch::expect::{compare, Table};
use minip::request::export::ExportCoq;
use minip::request::sharp::{Job, Sharp};
use minip::request::sweep::Sweep;
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sweep, m)?)?;
    m.add_function(wrap_pyfunction!(sharp_grid, m)?)?;
    m.add_function(wrap_pyfunction!(export_coq, m)?)?;
    Ok(())
}

/// The comparison with an `--expect` table, as `minip sweep --expect` reports it on stderr:
/// one line per change, the summary, the exit status.
pub(crate) fn expect_json(
    table: &Table,
    grid: Vec<minip::batch::expect::Row>,
    run: &[minip::batch::expect::Row],
) -> Value {
    let rep = compare(table, grid, run);
    json!({
        "lines": rep.lines,
        "changes": rep.changes,
        "unknown": rep.unknown,
        "compared": rep.compared,
        "summary": rep.summary(table),
        "exit_code": rep.exit_code(),
    })
}

/// `minip sweep GRID`: every configuration of a grid file (or one shard), with `--expect`,
/// `--jobs`, `--out` and `--vipr` as on the command line. Warnings (an output directory that
/// is not empty) become Python warnings.
#[pyfunction]
#[pyo3(signature = (grid, expect, shard, jobs, out, vipr))]
fn sweep(
    py: Python<'_>,
    grid: String,
    expect: Option<String>,
    shard: Option<String>,
    jobs: Option<usize>,
    out: Option<String>,
    vipr: bool,
) -> PyResult<String> {
    let (text, warnings) = run(py, move |ctl| {
        let request = Sweep {
            grid: grid.into(),
            out: out.map(PathBuf::from),
            vipr,
            jobs,
            shard,
            expect: expect.map(PathBuf::from),
        };
        let job = request.validate()?;
        let mut warnings = Vec::new();
        if let Some(dir) = &request.out {
            warnings.extend(minip::request::gap::out_dir(dir)?);
        }
        let swept = job.run(ctl, |_| Ok(()))?;
        if let Some(e) = swept.interrupted() {
            return Err(e.into());
        }
        let expect = job.table.as_ref().map(|t| expect_json(t, job.grid_rows().collect(), &swept.rows()));
        Ok((
            to_text(&json!({
                "rows": swept.records,
                "summary": swept.summary(),
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
        let expect = g.table.as_ref().map(|t| {
            let rows: Vec<_> = swept.records.iter().map(minip::batch::expect::row).collect();
            expect_json(t, g.all.iter().map(minip::batch::sweep::key_row).collect(), &rows)
        });
        Ok((
            to_text(&json!({
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

/// `minip export coq CERT... --out DIR`: certificates the checker accepts, as Coq data, one
/// `.v` file per argument; what was written, per file.
#[pyfunction]
fn export_coq(py: Python<'_>, certs: Vec<String>, out: String) -> PyResult<String> {
    let (text, warnings) = run(py, move |ctl| {
        let request = ExportCoq { certs: certs.into_iter().map(PathBuf::from).collect(), out: out.into() };
        let job = request.validate()?;
        let warnings: Vec<String> = minip::request::gap::out_dir(&request.out)?.into_iter().collect();
        // A stop ends the export after the file in progress (each file is written whole).
        let written = job.run(ctl, |_| Ok(()))?;
        let files: Vec<Value> = written
            .iter()
            .map(|w| {
                json!({
                    "path": w.path.display().to_string(),
                    "gaps": w.gaps,
                    "ratios": w.ratios,
                    "files": w.files,
                    "skipped": w.skipped,
                    "line": w.line().trim_end(),
                })
            })
            .collect();
        Ok((to_text(&Value::Array(files)), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text)
}
