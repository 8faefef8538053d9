//! `minip sharp` from Python: the exact best factor `kstar` of one configuration. JSON text out.

use crate::convert::to_text;
use crate::gap::Conf;
use crate::{run, Failure};
use minip::certify::sharp::{sharp as sharp_one, SharpOutcome};
use minip::check::{Checked, Context};
use minip::format::sharp::{SharpFile, SHARP_FORMAT};
use minip::print::json;
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
    run(py, move |_| {
        let conf = Conf::parse(&conf)?;
        if conf.bound != "paper" {
            return Err(Failure::Input("bound has no meaning for sharp (kstar is the best bound)".into()));
        }
        let (inst, _) = conf.instance()?;
        let out = sharp_one(&inst);
        let rec = minip::batch::sharp::record(&inst, &out);
        let cert = match out {
            SharpOutcome::Certified(c) => c,
            SharpOutcome::Unknown(why) => return Err(Failure::Unknown(format!("unknown: {why}"))),
        };
        let file = SharpFile { format: SHARP_FORMAT.into(), certificates: vec![cert.cert().clone()] };
        let text = json::sharp_file(
            &Checked::new(file, &Context::default()).map_err(|e| Failure::Rejected(e.to_string()))?,
        );
        let mut v = serde_json::to_value(&rec).expect("serializes");
        v["certificate"] = Value::String(text);
        Ok(to_text(&v))
    })
}
