//! The escape routes from Python: `minip readout` (a nonlinear decoder) and `minip multihead`
//! (several heads), through the requests the command line fills. JSON text out: the records
//! `--json` prints, the certificates, and the command line's table.

use crate::convert::{to_text, Nums};
use crate::{run, warn_all};
use minip::control::Control;
use minip::print::json;
use minip::print::readout::{text, ReadoutRecord};
use minip::print::readout_multilevel::{text as multilevel_text, MultilevelRecord};
use minip::print::readout_precision::{text as precision_text, PrecisionRecord};
use minip::request::multihead::{Domination, HeadsFrontier};
use minip::request::readout::{file_name, Readout};
use minip::request::readout_multilevel::{file_name as multilevel_file, ReadoutMultilevel};
use minip::request::readout_precision::{file_name as precision_file, proof_name, ReadoutPrecision};
use minip_check::check::{Certificate, Checked};
use pyo3::prelude::*;
use serde::Serialize;
use serde_json::{json, Value};
use std::path::PathBuf;

/// Each record as JSON with the text of its checked certificate beside it (`certificate`).
fn with_certificates<R: Serialize, C: Certificate + Serialize>(
    records: &[R],
    certs: &[Checked<C>],
) -> Vec<Value> {
    records
        .iter()
        .zip(certs)
        .map(|(r, c)| {
            let mut v = serde_json::to_value(r).expect("serializes");
            v["certificate"] = Value::String(json::pretty(c));
            v
        })
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(readout, m)?)?;
    m.add_function(wrap_pyfunction!(readout_multilevel, m)?)?;
    m.add_function(wrap_pyfunction!(multihead_domination, m)?)?;
    m.add_function(wrap_pyfunction!(multihead_frontier, m)?)?;
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
        let rows = with_certificates(&records, &found.rows);
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
    let mut rows = with_certificates(&records, &certs);
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
        let rows = with_certificates(&records, &found.rows);
        Ok((to_text(&json!({ "rows": rows, "text": multilevel_text(&records) })), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text_out)
}

/// `minip multihead domination`: for each `(n, d)`, heads none of which dominates, whose
/// summed outputs are exact on S1–S3, checked; `out` a directory for the `minip-multihead/1`
/// certificates.
#[pyfunction]
#[pyo3(signature = (heads, ds, ns, eps, out=None))]
fn multihead_domination(
    py: Python<'_>,
    heads: u32,
    ds: Nums,
    ns: Nums,
    eps: String,
    out: Option<String>,
) -> PyResult<String> {
    let (text_out, warnings) = run(py, move |ctl| {
        // Checked before any work, the output directory too; a stop ends the run between rows.
        let job = Domination { heads, d: ds.into(), n: ns.into(), eps }.validate()?;
        let out = out.map(PathBuf::from);
        let mut warnings = Vec::new();
        if let Some(dir) = &out {
            warnings.extend(minip::print::out_dir(dir)?);
        }
        let found = job.run(ctl)?;
        let mut files: Vec<Option<String>> = vec![None; found.rows.len()];
        if let Some(dir) = out {
            let names = found.write(&dir)?;
            files = names.into_iter().map(|n| Some(dir.join(n).display().to_string())).collect();
        }
        let records = found.records();
        let rows: Vec<Value> = records
            .iter()
            .zip(files)
            .map(|(r, f)| {
                let mut v = serde_json::to_value(r).expect("serializes");
                v["certificate_file"] = json!(f);
                v
            })
            .collect();
        Ok((to_text(&json!({ "rows": rows, "text": minip::print::multihead::text(&records) })), warnings))
    })?;
    warn_all(py, warnings)?;
    Ok(text_out)
}

/// `minip multihead frontier`: `heads` heads of kernel degree `degree` certified on every
/// length-3 sequence, per `m`, with their total rank beside the single-head frontier's and the
/// certified lower bound for one head (`rank_dir`, `rank_linear_dir`); `out` a
/// directory for the `minip-multihead-heads/1` certificates.
#[pyfunction]
#[pyo3(signature = (heads, ms, degree, single_dir=None, out=None, rank_dir=None, rank_linear_dir=None))]
#[allow(clippy::too_many_arguments)] // one argument per option of the command
fn multihead_frontier(
    py: Python<'_>,
    heads: u32,
    ms: Nums,
    degree: u32,
    single_dir: Option<String>,
    out: Option<String>,
    rank_dir: Option<String>,
    rank_linear_dir: Option<String>,
) -> PyResult<String> {
    let (text_out, warnings) = run(py, move |ctl| {
        // Checked before any work, the output directory too; a stop ends the run between weights.
        let job = HeadsFrontier {
            heads,
            m: ms.into(),
            degree,
            single_dir: single_dir.map(PathBuf::from),
            rank_dir: rank_dir.map(PathBuf::from),
            rank_linear_dir: rank_linear_dir.map(PathBuf::from),
        }
        .validate()?;
        let out = out.map(PathBuf::from);
        let mut warnings = Vec::new();
        if let Some(dir) = &out {
            warnings.extend(minip::print::out_dir(dir)?);
        }
        let found = job.run(ctl)?;
        warnings.extend(found.skipped.iter().cloned());
        let mut written = Vec::new();
        if let Some(dir) = out {
            written = found.write(&dir)?.into_iter().map(|n| dir.join(n).display().to_string()).collect();
        }
        let records = found.records();
        let mut files = written.into_iter();
        let rows: Vec<Value> = records
            .iter()
            .map(|r| {
                let mut v = serde_json::to_value(r).expect("serializes");
                let file = if r.verdict == "certified" { files.next() } else { None };
                v["certificate_file"] = json!(file);
                v
            })
            .collect();
        Ok((
            to_text(&json!({
                "rows": rows,
                "text": minip::print::multihead::heads_frontier_text(&records),
                "exit_code": found.exit_code(),
            })),
            warnings,
        ))
    })?;
    warn_all(py, warnings)?;
    Ok(text_out)
}
