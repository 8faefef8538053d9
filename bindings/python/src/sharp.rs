//! `minip sharp` from Python: the exact best factor `kstar` of one configuration. JSON text out.

use crate::convert::to_text;
use crate::gap::Conf;
use crate::{run, Failure};
use minip::request::config::Config;
use minip::request::sharp::{Job, Sharp};
use pyo3::prelude::*;
use serde_json::Value;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sharp, m)?)?;
    Ok(())
}

/// The request of one configuration.
fn request(c: Conf) -> Sharp {
    let config = Config {
        n: c.n,
        eps: c.eps,
        d: c.d,
        h: c.h,
        u: c.u,
        w: c.w,
        tokens: c.tokens,
        family: c.family,
        bound: c.bound,
        task: c.task,
        kernel: c.kernel,
        positions: c.positions,
        keys: c.keys,
        at: c.at,
    };
    Sharp { config, ..Sharp::default() }
}

/// `minip sharp`: the exact best factor `kstar` of one configuration, with its certificate
/// (a `minip-sharp/1` file of one certificate).
#[pyfunction]
fn sharp(py: Python<'_>, conf: String) -> PyResult<String> {
    run(py, move |ctl| {
        let Job::One(job) = request(Conf::parse(&conf)?).validate()? else {
            return Err(Failure::Input("sharp: one configuration".into()));
        };
        let k = job.run(ctl)?;
        let mut v = serde_json::to_value(&k.record).expect("serializes");
        v["certificate"] = Value::String(k.file()?);
        Ok(to_text(&v))
    })
}
