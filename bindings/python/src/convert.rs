//! Conversions shared by the module's functions: arguments as the command line reads them,
//! results as JSON text.

use crate::Failure;
use minip::request::config::Config;
use serde_json::Value;

pub fn to_text(v: &Value) -> String {
    serde_json::to_string(v).expect("a JSON value serializes")
}

/// A configuration as `minip check` and `minip sharp` take it: the JSON the Python layer
/// sends (rationals as text), read into the request's own `Config`.
pub fn config(text: &str) -> Result<Config, Failure> {
    serde_json::from_str(text).map_err(|e| Failure::Input(format!("configuration: {e}")))
}
