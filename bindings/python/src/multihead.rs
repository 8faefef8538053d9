//! `minip multihead` from Python (the escape route of several heads: `domination` and
//! `frontier`), through the requests the command line fills. JSON text out: the records
//! `--json` prints, the certificate files written, and the command line's table.

use crate::convert::{to_text, Nums};
use crate::{run, warn_all};
use minip::request::multihead::{Domination, HeadsFrontier};
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(multihead_domination, m)?)?;
    m.add_function(wrap_pyfunction!(multihead_frontier, m)?)?;
    Ok(())
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
/// certified lower bound for one head (`rank_dir`, `rank_linear_dir`); `value_degree` restricts
/// each head's values to a polynomial of that degree in the overlap; `out` a
/// directory for the `minip-multihead-heads/1` certificates.
#[pyfunction]
#[pyo3(signature = (heads, ms, degree, single_dir=None, out=None, rank_dir=None, rank_linear_dir=None, value_degree=None))]
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
    value_degree: Option<u32>,
) -> PyResult<String> {
    let (text_out, warnings) = run(py, move |ctl| {
        // Checked before any work, the output directory too; a stop ends the run between weights.
        let job = HeadsFrontier {
            heads,
            m: ms.into(),
            degree,
            value_degree,
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
