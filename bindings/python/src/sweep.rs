//! `minip sweep` from Python: every configuration of a grid file settled, through the request
//! the command line fills. JSON text out.

use crate::convert::to_text;
use crate::{run, warn_all};
use minip::request::sweep::Sweep;
use pyo3::prelude::*;
use serde_json::json;
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sweep, m)?)?;
    Ok(())
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
        let expect = job.expected(&swept);
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
