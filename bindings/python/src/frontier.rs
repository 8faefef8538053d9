//! `minip frontier` from Python: certified lower and upper rank bounds per m. JSON text out.

use crate::convert::{nonempty, to_text};
use crate::{run, Failure};
use minip::batch::frontier::{self as frontier_batch, FrontierJob, Lower, Upper, MAX_FRONTIER_M};
use minip::print::json;
use minip::rational::fmt_q;
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(frontier, m)?)?;
    Ok(())
}

fn lower_json(l: &Option<Lower>) -> Value {
    match l {
        None => Value::Null,
        Some(l) => json!({ "bound": l.bound, "from_m": l.from_m, "file": l.file.display().to_string() }),
    }
}

fn upper_json(c: &Option<Result<Upper, String>>) -> Value {
    match c {
        None => Value::Null,
        Some(Err(e)) => json!({ "reason": e }),
        Some(Ok(u)) => {
            let claim = u.head.claim();
            let mut v = json!({
                "rank": claim.rank.to_string(),
                "degree": u.degree,
                "degrees": claim.degrees,
                "max_error": fmt_q(&claim.max_error),
                "certificate": json::pretty(&u.head),
                "refutation": u.none.as_ref().map(json::pretty),
            });
            if let Some((s, minimal)) = &u.support {
                v["support"] = json!(s);
                v["inclusion_minimal"] = json!(minimal);
            }
            v
        }
    }
}

/// `minip frontier`: per `m`, certified upper bounds on the feature rank from
/// overlap-polynomial heads (one entry per kernel class), and the lower bounds read from
/// committed rank certificates (when the directories are given).
#[pyfunction]
#[pyo3(signature = (ms, kernel, shared_m_max, sparse_m_max, sparse_attempts, rank_dir, rank_linear_dir))]
#[allow(clippy::too_many_arguments)]
fn frontier(
    py: Python<'_>,
    ms: Vec<u32>,
    kernel: String,
    shared_m_max: u32,
    sparse_m_max: u32,
    sparse_attempts: usize,
    rank_dir: Option<String>,
    rank_linear_dir: Option<String>,
) -> PyResult<String> {
    let (text, skipped) = run(py, move |ctl| {
        nonempty("m", &ms)?;
        if let Some(m) = ms.iter().find(|&&m| m == 0 || m > MAX_FRONTIER_M) {
            return Err(Failure::Input(format!("m: m = {m} is out of range (1..={MAX_FRONTIER_M})")));
        }
        if sparse_attempts > 500 {
            return Err(Failure::Input(format!("sparse_attempts: {sparse_attempts} is above the limit 500")));
        }
        let (mut pw, mut sh, mut sp, mut sg) = (false, false, false, false);
        for k in kernel.split(',').map(str::trim) {
            match k {
                "per_weight" => pw = true,
                "shared" => sh = true,
                "sparse" => sp = true,
                "signed" => sg = true,
                "all" => (pw, sh, sp, sg) = (true, true, true, true),
                other => {
                    return Err(Failure::Input(format!(
                        "kernel: unknown class '{other}' (expected per_weight, shared, sparse, signed, all)"
                    )))
                }
            }
        }
        let top = ms.iter().copied().max().unwrap_or(0);
        // Files whose claim gives no bound for these rows: a Python warning each, as the
        // command line's one-line warnings.
        let mut skipped = Vec::new();
        let mut read = |d: &Option<String>| -> Result<BTreeMap<u32, Lower>, Failure> {
            match d {
                None => Ok(BTreeMap::new()),
                Some(d) if !Path::new(d).is_dir() => Err(Failure::Io(format!("{d}: not a directory"))),
                Some(d) => {
                    let l = frontier_batch::read_lower(Path::new(d), top).map_err(|e| {
                        if e.contains(": rejected: ") {
                            Failure::Rejected(e)
                        } else {
                            Failure::Input(e)
                        }
                    })?;
                    skipped.extend(l.skipped);
                    Ok(l.bounds)
                }
            }
        };
        let (lower, lower_linear) = (read(&rank_dir)?, read(&rank_linear_dir)?);
        let job = FrontierJob {
            ms: ms.clone(),
            n: 3,
            per_weight: pw,
            shared: sh,
            sparse: sp,
            signed: sg,
            shared_m_max,
            sparse_m_max,
            sparse_attempts,
            lower,
            lower_linear,
        };
        let rows = frontier_batch::run(&job, ctl)?;
        let out: Vec<Value> = rows
            .iter()
            .map(|r| {
                let best = r.best_upper();
                json!({
                    "m": r.m,
                    "complete": r.complete(),
                    "lower": lower_json(&r.lower),
                    "lower_linear": lower_json(&r.lower_linear),
                    "per_weight": upper_json(&r.per_weight),
                    "shared": upper_json(&r.shared),
                    "sparse": upper_json(&r.sparse),
                    "signed": upper_json(&r.signed),
                    "best_upper": best.as_ref().map(|(x, c)| json!({ "rank": x.to_string(), "class": c })),
                })
            })
            .collect();
        Ok((to_text(&Value::Array(out)), skipped))
    })?;
    for s in skipped {
        PyErr::warn(py, &py.get_type::<pyo3::exceptions::PyUserWarning>(), &std::ffi::CString::new(s)?, 1)?;
    }
    Ok(text)
}
