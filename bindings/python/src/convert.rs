//! Conversions shared by the module's functions: arguments as the command line reads them,
//! results as JSON text.

use crate::Failure;
use minip::request::config::Config;
use serde_json::Value;

pub fn to_text(v: &Value) -> String {
    serde_json::to_string(v).expect("a JSON value serializes")
}

/// A configuration as `minip check` and `minip sharp` take it: the JSON the Python layer
/// sends (rationals as text), read into a `minip::request::config::Config`.
#[derive(serde::Deserialize)]
pub struct Conf {
    pub n: u32,
    pub eps: String,
    pub d: Option<u32>,
    pub h: Option<u32>,
    pub u: Option<u32>,
    pub w: Option<u32>,
    pub tokens: Option<String>,
    pub family: String,
    pub bound: String,
    pub task: String,
    pub kernel: String,
    pub positions: String,
    pub keys: String,
    pub at: Option<u32>,
}

impl Conf {
    pub fn parse(text: &str) -> Result<Conf, Failure> {
        serde_json::from_str(text).map_err(|e| Failure::Input(format!("configuration: {e}")))
    }

    /// The configuration request.
    pub fn config(&self) -> Config {
        Config {
            n: self.n,
            eps: self.eps.clone(),
            d: self.d,
            h: self.h,
            u: self.u,
            w: self.w,
            tokens: self.tokens.clone(),
            family: self.family.clone(),
            bound: self.bound.clone(),
            task: self.task.clone(),
            kernel: self.kernel.clone(),
            positions: self.positions.clone(),
            keys: self.keys.clone(),
            at: self.at,
        }
    }
}
