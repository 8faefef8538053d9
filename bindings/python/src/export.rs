//! `minip export coq` from Python: accepted certificates written as Coq data, through the
//! request the command line fills. JSON text out.

use crate::convert::to_text;
use crate::{run, warn_all};
use minip::request::export::ExportCoq;
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(export_coq, m)?)?;
    Ok(())
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
