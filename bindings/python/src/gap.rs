//! `minip settle`, `check`, `verify` and the certificate checker from Python, and atomic
//! writes. JSON text out.

pub use crate::convert::Conf;
use crate::convert::{rational, to_text};
use crate::{run, Failure};
use minip::batch::runner;
use minip::batch::settle::{self as settle_batch, SettleJob, SettleRow};
use minip::batch::sweep;
use minip::certify::gap::{decide, decide_at, Outcome};
use minip::check::Verdict;
use minip::model::{paper_k, Family, Instance};
use minip::print::{gap as gap_text, json, table};
use minip::rational::fmt_q;
use pyo3::prelude::*;
use serde_json::{json, Value};
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

/// A gap outcome as JSON: the record (as `minip check --json` prints it), the certificate
/// file's text and the human-readable description.
fn gap_json(inst: &Instance, outcome: &Outcome) -> Value {
    let rec = sweep::record(inst, outcome);
    let mut v = serde_json::to_value(&rec).expect("a record serializes");
    if let Outcome::Certified(c) = outcome {
        v["certificate"] = Value::String(json::pretty(c));
        v["text"] = Value::String(gap_text::describe(inst, c));
    }
    v
}

/// `minip settle`: the table's rows (with certificates) and the printed text.
#[pyfunction]
#[pyo3(signature = (n, eps, ds, family, literal))]
fn settle(
    py: Python<'_>,
    n: u32,
    eps: String,
    ds: Vec<u32>,
    family: String,
    literal: String,
) -> PyResult<String> {
    run(py, move |ctl| {
        let job = SettleJob {
            n,
            eps: rational("eps", &eps)?,
            ds,
            family: Family::parse(&family)?,
            literal: rational("literal", &literal)?,
        };
        if job.ds.is_empty() {
            return Err(Failure::Input("d: empty range".into()));
        }
        minip_check::limits::at_most("d", job.ds.len(), minip_check::limits::MAX_RANGE_ITEMS, "gaps")?;
        let insts = settle_batch::instances(&job)?;
        let outcomes = runner::run(&insts, "instances", ctl, decide);
        if outcomes.len() < insts.len() {
            return Err(Failure::Input(format!(
                "interrupted after {} of {} instances",
                outcomes.len(),
                insts.len()
            )));
        }
        let rows: Vec<SettleRow> = insts
            .iter()
            .zip(&outcomes)
            .map(|(inst, o)| SettleRow {
                d: inst.gap.d(),
                paper_k: paper_k(job.n, &job.eps, inst.gap.d()),
                record: sweep::record(inst, o),
            })
            .collect();
        // The text `minip settle` prints (without --out), line for line.
        let body: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                let rec = &r.record;
                let bound = if rec.bound == "paper" {
                    format!("b <= K*c (K = {})", rec.kprime)
                } else {
                    format!("b <= {}*c", rec.bound)
                };
                let mut row = vec![rec.d.to_string(), bound, rec.verdict.clone()];
                if let Some(reason) = &rec.reason {
                    row.push(reason.clone());
                }
                row
            })
            .collect();
        let mut s = format!(
            "Gap domination (Lemma 3), n = {}, eps = {}, family {}: is there a correct head with the bound?\n\n",
            job.n,
            fmt_q(&job.eps),
            job.family.name()
        );
        let header: &[&str] = if body.iter().any(|r| r.len() > 3) {
            &["d", "bound", "verdict", "certificate"]
        } else {
            &["d", "bound", "verdict"]
        };
        s.push_str(&table::render(header, &body));
        s.push_str("\nholds = no correct head meets the bound (exact Farkas certificate); broken = a correct head meets it (exact head).\n");
        s.push_str("Every verdict was checked; --out DIR writes the certificates (the committed ones: --out proofs/settle).\n\n");
        for line in settle_batch::conclusion(&job, &rows) {
            s.push_str(&line);
            s.push('\n');
        }
        let items: Vec<Value> = insts.iter().zip(&outcomes).map(|(i, o)| gap_json(i, o)).collect();
        Ok(to_text(&json!({
            "rows": items,
            "text": s,
            "conclusion": settle_batch::conclusion(&job, &rows),
            "exit_code": settle_batch::exit_code(&rows),
        })))
    })
}

/// `minip check`: one configuration, its verdict and certificate; `Unknown` if nothing was
/// certified.
#[pyfunction]
fn check(py: Python<'_>, conf: String) -> PyResult<String> {
    run(py, move |_| {
        let (inst, toks) = Conf::parse(&conf)?.instance()?;
        let outcome = decide_at(&inst, toks.as_ref());
        if let Outcome::Unknown { reason } = &outcome {
            return Err(Failure::Unknown(format!("unknown: {reason}")));
        }
        let mut v = gap_json(&inst, &outcome);
        if let Outcome::Certified(c) = &outcome {
            v["tokens"] = serde_json::to_value(&c.tokens).expect("serializes");
            v["holds"] = Value::Bool(*c.claim() == Verdict::Holds);
        }
        Ok(to_text(&v))
    })
}

/// `minip verify`: every certificate (and VIPR file) under the paths, one item per file.
#[pyfunction]
fn verify(py: Python<'_>, paths: Vec<String>) -> PyResult<String> {
    run(py, move |ctl| {
        let paths: Vec<PathBuf> = paths.into_iter().map(PathBuf::from).collect();
        let files = minip_check::verify::collect(&paths).map_err(|e| Failure::Io(e.to_string()))?;
        let viprs =
            minip_check::verify::collect_ext(&paths, "vipr").map_err(|e| Failure::Io(e.to_string()))?;
        if files.is_empty() && viprs.is_empty() {
            return Err(Failure::Input("no certificates found under the given paths".into()));
        }
        let mut items = runner::run(&files, "certificates", ctl, |f| minip::batch::verify::certificate(f));
        if items.len() < files.len() {
            return Err(Failure::Input(format!(
                "interrupted after {} of {} files",
                items.len(),
                files.len()
            )));
        }
        items.extend(viprs.iter().map(|v| minip::batch::verify::vipr(v)));
        Ok(to_text(&serde_json::to_value(&items).expect("serializes")))
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
        let cert = minip::read::parse(&text)?;
        let ctx = minip::check::Context { dir: dir.map(PathBuf::from), files };
        minip::check::check_any(&cert, &ctx).map(|claim| claim.to_string()).map_err(|e| match e {
            minip_check::Error::Rejected(_) => Failure::Rejected(e.to_string()),
            minip_check::Error::Input(_) | minip_check::Error::TooLarge(_) => Failure::Input(e.to_string()),
        })
    })
}

/// Writes a file atomically (a temporary file, then a rename), as the command line does.
#[pyfunction]
fn write_text(py: Python<'_>, path: String, text: String) -> PyResult<()> {
    run(py, move |_| minip::print::write_file(std::path::Path::new(&path), &text).map_err(Failure::Io))
}

/// Writes a binary file atomically (a rank certificate's DRAT proof).
#[pyfunction]
fn write_bytes(py: Python<'_>, path: String, data: Vec<u8>) -> PyResult<()> {
    run(py, move |_| minip::print::write_bytes(std::path::Path::new(&path), &data).map_err(Failure::Io))
}
