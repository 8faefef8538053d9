//! `minip settle`, `check`, `verify` and the certificate checker from Python, and atomic
//! writes: each call fills the request of `minip::request` that the command line fills,
//! and returns its result as JSON text.

use crate::convert::{to_text, Nums};
use crate::{run, warn_all, Failure};
use minip::request::gap::{Check, Settle};
use minip::request::verify::{CheckCertificate, Verify};
use pyo3::prelude::*;
use serde_json::json;
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(settle, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(check_certificate, m)?)?;
    m.add_function(wrap_pyfunction!(write_text, m)?)?;
    m.add_function(wrap_pyfunction!(write_bytes, m)?)?;
    Ok(())
}

/// `minip settle`: the table's rows (with certificates) and the printed text.
#[pyfunction]
#[pyo3(signature = (n, eps, ds, family, literal, out=None))]
fn settle(
    py: Python<'_>,
    n: u32,
    eps: String,
    ds: Nums,
    family: String,
    literal: String,
    out: Option<String>,
) -> PyResult<String> {
    let (text, warnings) = run(py, move |ctl| {
        let out = out.map(PathBuf::from);
        let request = Settle { n, eps, d: ds.into(), family, literal, out: out.clone(), certificates: true };
        let job = request.validate()?;
        // Made (and its warnings collected) after the request is valid, as the command line does.
        let warnings = match &out {
            Some(dir) => minip::request::gap::out_dir(dir)?.into_iter().collect(),
            None => Vec::new(),
        };
        let settled = job.run(ctl);
        if let Some(e) = settled.interrupted {
            return Err(e.into());
        }
        let text = to_text(&json!({
            "rows": settled.values(),
            // The advice in it (`out=DIR`) in the package's words.
            "text": crate::error::spelling(&settled.text()),
            "conclusion": settled.conclusion(),
            "exit_code": settled.exit_code(),
        }));
        Ok((text, warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text)
}

/// `minip check`: one configuration, its verdict and certificate; `Unknown` if nothing was
/// certified. `cert` and `vipr`: the files `--cert` and `--vipr` write (a VIPR file only for
/// `holds`; why none was written comes back as a warning).
#[pyfunction]
#[pyo3(signature = (conf, cert=None, vipr=None))]
fn check(py: Python<'_>, conf: String, cert: Option<String>, vipr: Option<String>) -> PyResult<String> {
    let (text, warnings) = run(py, move |_| {
        let request = Check {
            config: crate::convert::config(&conf)?,
            cert: cert.map(PathBuf::from),
            vipr: vipr.map(PathBuf::from),
        };
        let r = request.validate()?.run()?;
        let v = r.value()?;
        Ok((to_text(&v), r.vipr_note.into_iter().collect()))
    })?;
    warn_all(py, warnings)?;
    Ok(text)
}

/// `minip verify`: every certificate (and VIPR file) under the paths, one item per file.
#[pyfunction]
fn verify(py: Python<'_>, paths: Vec<String>) -> PyResult<String> {
    run(py, move |ctl| {
        let request = Verify { paths: paths.into_iter().map(PathBuf::from).collect() };
        let verified = request.validate()?.run(ctl, |_| Ok(()))?;
        verified.status()?;
        Ok(to_text(&json!({ "items": verified.items, "summary": verified.summary() })))
    })
}

/// Checks one certificate given as JSON text with the checker alone; returns what it proves.
/// Referenced files (a rank certificate's DRAT proof) are looked up in `dir` when given.
/// `files`: referenced files held in memory by name (a rank result's proof).
#[pyfunction]
#[pyo3(signature = (text, dir=None, files=Vec::new()))]
fn check_certificate(
    py: Python<'_>,
    text: String,
    dir: Option<String>,
    files: Vec<(String, Vec<u8>)>,
) -> PyResult<String> {
    run(py, move |_| {
        let request = CheckCertificate { text, dir: dir.map(PathBuf::from), files };
        Ok(request.validate()?.run()?)
    })
}

/// Writes a file atomically (a temporary file, then a rename), as the command line does.
#[pyfunction]
fn write_text(py: Python<'_>, path: String, text: String) -> PyResult<()> {
    run(py, move |_| minip::print::write_file(std::path::Path::new(&path), &text).map_err(Failure::from))
}

/// Writes a binary file atomically (a rank certificate's DRAT proof).
#[pyfunction]
fn write_bytes(py: Python<'_>, path: String, data: Vec<u8>) -> PyResult<()> {
    run(py, move |_| minip::print::write_bytes(std::path::Path::new(&path), &data).map_err(Failure::from))
}
