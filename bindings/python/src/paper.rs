//! `minip paper` from Python: the ledger of the paper's claims with every row's evidence
//! re-checked on this machine. JSON text out: the `paper.claim` records and the command line's
//! table.

use crate::run;
use minip::print::paper::table_text;
use minip::request::paper::Paper;
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(paper, m)?)?;
    Ok(())
}

/// `minip paper`: `{"rows": [paper.claim records], "text": the table}`; `coq` false is
/// `--no-coq`, `html` is `--html FILE`.
#[pyfunction]
#[pyo3(signature = (root, coq, html=None))]
fn paper(py: Python<'_>, root: String, coq: bool, html: Option<String>) -> PyResult<String> {
    run(py, move |ctl| {
        let coqc = coq.then(|| PathBuf::from("coqc"));
        let job = Paper { root: PathBuf::from(root), coqc, html: html.map(PathBuf::from) }.validate()?;
        let ledger = job.run(ctl)?;
        let rows = ledger.print_rows();
        let records: Vec<Value> = rows
            .iter()
            .map(|r| serde_json::from_str(&minip::print::paper::record(r)).expect("a record is JSON"))
            .collect();
        Ok(json!({ "rows": records, "text": table_text(&rows) }).to_string())
    })
}
