//! `minip amplify` from Python: exact forced kernel ratios. JSON text out.

use crate::convert::{nonempty, rational, to_text};
use crate::{run, Failure};
use minip::batch::ratio::{self as ratio_batch, Job};
use minip::print::json;
use pyo3::prelude::*;
use serde_json::Value;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(amplify, m)?)?;
    Ok(())
}

/// `minip amplify` (the paper's setting): exact forced ratios `R(lo, hi; h)` for each `h`,
/// with certificates. `hi`: an overlap, `"h"` (default) or `"h+"` (strict supersets).
#[pyfunction]
#[pyo3(signature = (n, eps, hs, lo, hi, superset, m))]
#[allow(clippy::too_many_arguments)]
fn amplify(
    py: Python<'_>,
    n: u32,
    eps: String,
    hs: Vec<u32>,
    lo: u32,
    hi: Option<String>,
    superset: bool,
    m: Option<u32>,
) -> PyResult<String> {
    run(py, move |ctl| {
        let eps = rational("eps", &eps)?;
        nonempty("h", &hs)?;
        let want_sup = hi.as_deref().is_some_and(|s| s.ends_with('+'));
        let mut jobs = Vec::new();
        for &h in &hs {
            let sup = match m {
                Some(m) if m < h => return Err(Failure::Input(format!("m {m}: need m ≥ h (h = {h})"))),
                Some(m) => m > h,
                None => superset || want_sup,
            };
            // h first, as on the command line (`h + 1` below cannot wrap then).
            minip::certify::ratio::check_size(n, &eps, h, 0, h, sup)?;
            let hi_class = match hi.as_deref() {
                None | Some("h") => h,
                Some(t) if t == "h+" || t == format!("{h}+") => {
                    if !sup {
                        return Err(Failure::Input(format!(
                            "hi {t}: the class h+ exists only when m > h (h = {h})"
                        )));
                    }
                    h.checked_add(1).ok_or_else(|| format!("hi {t}: h = {h} has no class above it"))?
                }
                Some(t) => match t.parse::<u32>() {
                    Ok(o) if o <= h => o,
                    Ok(o) => {
                        return Err(Failure::Input(format!(
                            "hi {o}: need hi ≤ h = {h} (or h+ for the strict supersets of the query)"
                        )))
                    }
                    Err(_) => {
                        return Err(Failure::Input(format!(
                            "hi: expected an overlap, 'h' or 'h+', got '{t}'"
                        )))
                    }
                },
            };
            minip::certify::ratio::check_size(n, &eps, h, lo, hi_class, sup)?;
            jobs.push(Job::new(h, lo, hi_class, sup));
        }
        let out = ratio_batch::run(n, &eps, &jobs, ctl);
        let rows: Vec<Value> = out
            .iter()
            .map(|(rec, cert)| {
                let mut v = serde_json::to_value(rec).expect("serializes");
                if let Some(c) = cert {
                    v["certificate"] = Value::String(json::pretty(c));
                }
                v
            })
            .collect();
        Ok(to_text(&Value::Array(rows)))
    })
}
