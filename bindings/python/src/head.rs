//! `minip head verify` from Python: an explicit head checked exhaustively. JSON text out.

use crate::convert::to_text;
use crate::run;
use minip::rational::fmt_q;
use minip::request::head::{HeadVerify, Select};
use pyo3::prelude::*;
use serde_json::json;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(head_verify, m)?)?;
    Ok(())
}

/// `minip head verify`: an explicit head (a built-in `rank1`, `softmax`, `exact`, or a head
/// file) checked exactly on every sequence of lengths `1..=len` over `{0,1}^m`.
#[pyfunction]
#[pyo3(signature = (head, m, len, eps, base, symmetry))]
fn head_verify(
    py: Python<'_>,
    head: String,
    m: Option<u32>,
    len: u32,
    eps: String,
    base: Option<String>,
    symmetry: bool,
) -> PyResult<String> {
    run(py, move |ctl| {
        let v = HeadVerify { select: Select { head, m, base, eps, symmetry }, len }.validate()?.run(ctl)?;
        let r = &v.report;
        Ok(to_text(&json!({
            "head": r.head,
            "m": r.m,
            "rank": v.head.rank,
            "len": len,
            "eps": fmt_q(&r.eps),
            "symmetry": if r.coordinate_symmetry { "positions+coordinates" } else { "positions" },
            "evaluations": r.evaluations(),
            "max_error": fmt_q(&r.max_error()),
            "worst": r.worst().map(|w| w.json(r.m)),
            "correct": r.correct(),
            "first_failure": r.first_failure().map(|w| w.json(r.m)),
            "lengths": r.lens.iter().map(|l| json!({
                "len": l.len, "evaluations": l.evaluations, "max_error": fmt_q(&l.max_error),
                "correct": l.first_failure.is_none(),
            })).collect::<Vec<_>>(),
        })))
    })
}
