//! `minip head verify` from Python: an explicit head checked exhaustively. JSON text out.

use crate::convert::{rational, to_text};
use crate::{run, Failure};
use minip::rational::{fmt_q, q};
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
        if len == 0 || len > 64 {
            return Err(Failure::Input(format!("length must be in 1..=64, got {len}")));
        }
        let base = base.map(|b| rational("base", &b)).transpose()?;
        let eps = rational("eps", &eps)?;
        if eps <= q(0, 1) {
            return Err(Failure::Input("eps: ε > 0 is required".into()));
        }
        let plan = minip::heads::Plan {
            task: minip::heads::Task::Verify { lo: 1, hi: len },
            eps: eps.clone(),
            symmetry,
        };
        let h = minip::heads::load_for(&head, m, base.as_ref(), &plan)?;
        let r = minip::heads::eval::verify(&h, 1, len, &eps, symmetry, ctl)?;
        Ok(to_text(&json!({
            "head": r.head,
            "m": r.m,
            "rank": h.rank,
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
