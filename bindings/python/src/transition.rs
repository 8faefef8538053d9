//! `minip transition` from Python: the three-token phase-transition table, through the request
//! the command line fills. JSON text out.

use crate::convert::to_text;
use crate::head::parse_line;
use crate::run;
use minip::request::head::Transition;
use pyo3::prelude::*;
use serde_json::{json, Value};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(transition, m)?)?;
    Ok(())
}

/// `minip transition`: the three-token phase-transition table, `m = 1..=m_max`, each entry
/// verified exhaustively (the records `minip transition --json` prints, and the table).
#[pyfunction]
#[pyo3(signature = (m_max, exact_len))]
fn transition(py: Python<'_>, m_max: u32, exact_len: u32) -> PyResult<String> {
    run(py, move |ctl| {
        let t = Transition { m_max, exact_len }.validate()?.run(ctl)?;
        let entries: Vec<Value> = t.json_lines().lines().map(parse_line).collect();
        Ok(to_text(&json!({ "entries": entries, "text": t.text(), "exit_code": t.exit_code() })))
    })
}
