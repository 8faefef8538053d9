//! `minip readout` from Python (the escape route of a nonlinear decoder: the power-sum
//! construction, `--precision` and `--multilevel`), through the requests the command line
//! fills. JSON text out: the records `--json` prints, the certificates, and the command line's
//! table.

use crate::convert::{to_text, Nums};
use crate::{run, warn_all};
use minip::control::Control;
use minip::print::json;
use minip::print::readout::{text, ReadoutRecord};
use minip::print::readout_multilevel::{text as multilevel_text, MultilevelRecord};
use minip::print::readout_precision::{text as precision_text, PrecisionRecord};
use minip::request::readout::{file_name, Readout};
use minip::request::readout_multilevel::{file_name as multilevel_file, ReadoutMultilevel};
use minip::request::readout_precision::{file_name as precision_file, proof_name, ReadoutPrecision};
use pyo3::prelude::*;
use serde_json::json;
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(readout, m)?)?;
    m.add_function(wrap_pyfunction!(readout_multilevel, m)?)?;
    Ok(())
}

/// `minip readout`: the power-sum construction (rank 1, `D = 1`) for each `(m, n)`, checked
/// exhaustively; `out` a directory for the `minip-readout/1` certificates. `precision`:
/// `minip readout --precision` instead (the least integer values by SAT, `budget` proof clauses
/// per `V`; `minip-readout-precision/1` certificates and their DRAT proofs in `out`).
/// Makes the `out` directory, once the request is valid: its warnings (a directory that holds
/// files).
fn out_dir(out: &Option<PathBuf>) -> Result<Vec<String>, crate::Failure> {
    Ok(match out {
        Some(dir) => minip::print::out_dir(dir)?.into_iter().collect(),
        None => Vec::new(),
    })
}

#[pyfunction]
#[pyo3(signature = (ms, ns, out=None, precision=false, budget=None))]
fn readout(
    py: Python<'_>,
    ms: Nums,
    ns: Nums,
    out: Option<String>,
    precision: bool,
    budget: Option<u64>,
) -> PyResult<String> {
    if budget.is_some() && !precision {
        return Err(crate::Failure(minip::Error::Input("budget: only with precision=True".into())).into());
    }
    let (text_out, warnings) = run(py, move |ctl| {
        let out = out.map(PathBuf::from);
        if precision {
            return least_precision(ms, ns, budget, out, ctl);
        }
        let job = Readout { m: ms.into(), n: ns.into(), out: out.clone() }.validate()?;
        let warnings = out_dir(&out)?;
        let found = job.run(ctl)?;
        let records: Vec<ReadoutRecord> = found
            .rows
            .iter()
            .map(|c| {
                ReadoutRecord::new(c, out.as_ref().map(|d| d.join(file_name(c.m, c.n)).display().to_string()))
            })
            .collect();
        let rows = json::with_certificates(&records, &found.rows);
        Ok((to_text(&json!({ "rows": rows, "text": text(&records) })), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text_out)
}

/// `minip readout --precision`: the records `--json` prints, each with its certificate, and the
/// table.
fn least_precision(
    ms: Nums,
    ns: Nums,
    budget: Option<u64>,
    out: Option<PathBuf>,
    ctl: &Control,
) -> Result<(String, Vec<String>), crate::Failure> {
    let job = ReadoutPrecision { m: ms.into(), n: ns.into(), budget, out: out.clone() }.validate()?;
    let warnings = out_dir(&out)?;
    let found = job.run(ctl)?;
    let at = |name: String| out.as_ref().map(|d| d.join(name).display().to_string());
    let records: Vec<PrecisionRecord> = found
        .rows
        .iter()
        .map(|p| {
            let (m, n) = (p.cert.m, p.cert.n);
            PrecisionRecord::new(p, at(precision_file(m, n)), at(proof_name(m, n)))
        })
        .collect();
    let certs: Vec<_> = found.rows.iter().map(|p| p.cert.clone()).collect();
    let mut rows = json::with_certificates(&records, &certs);
    for (v, p) in rows.iter_mut().zip(&found.rows) {
        v["proof"] = json!({"name": p.cert.proof, "bytes": p.proof});
    }
    Ok((to_text(&json!({ "rows": rows, "text": precision_text(&records) })), warnings))
}

/// `minip readout --multilevel`: for each `(q, s)` the multilevel family, every sequence built
/// and its answers counted; `out` a directory for the `minip-multilevel/1` certificates.
#[pyfunction]
#[pyo3(signature = (qs, ss, out=None))]
fn readout_multilevel(py: Python<'_>, qs: Nums, ss: Nums, out: Option<String>) -> PyResult<String> {
    let (text_out, warnings) = run(py, move |ctl| {
        let out = out.map(PathBuf::from);
        let job = ReadoutMultilevel { q: qs.into(), s: ss.into(), out: out.clone() }.validate()?;
        let warnings = out_dir(&out)?;
        let found = job.run(ctl)?;
        let at = |q: u32, s: u32| out.as_ref().map(|d| d.join(multilevel_file(q, s)).display().to_string());
        let records: Vec<MultilevelRecord> =
            found.rows.iter().map(|c| MultilevelRecord::new(c, at(c.q, c.s))).collect();
        let rows = json::with_certificates(&records, &found.rows);
        Ok((to_text(&json!({ "rows": rows, "text": multilevel_text(&records) })), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text_out)
}
