//! `minip sharp` from Python: the exact best factor `kstar` of one configuration. JSON text out.

use crate::convert::to_text;
use crate::{run, Failure};
use minip::request::sharp::{Job, Sharp};
use pyo3::prelude::*;
use serde_json::Value;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sharp, m)?)?;
    Ok(())
}

/// `minip sharp`: the exact best factor `kstar` of one configuration, with its certificate
/// (a `minip-sharp/1` file of one certificate).
#[pyfunction]
fn sharp(py: Python<'_>, conf: String) -> PyResult<String> {
    run(py, move |ctl| {
        let request = Sharp { config: crate::convert::config(&conf)?, ..Sharp::default() };
        let Job::One(job) = request.validate()? else {
            return Err(Failure::Input("sharp: one configuration".into()));
        };
        let k = job.run(ctl)?;
        let mut v = serde_json::to_value(&k.record).expect("serializes");
        v["certificate"] = Value::String(k.file()?);
        Ok(to_text(&v))
    })
}
