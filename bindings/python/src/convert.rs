//! Conversions shared by the module's functions: arguments as the command line reads them,
//! results as JSON text.

use crate::Failure;
use minip::rational::{parse_rational, Rat};
use serde_json::Value;

/// A rational argument, read as the command line reads it; the message names the argument.
pub fn rational(name: &str, text: &str) -> Result<Rat, Failure> {
    parse_rational(text).map_err(|e| Failure::Input(format!("{name}: {e}")))
}

pub fn to_text(v: &Value) -> String {
    serde_json::to_string(v).expect("a JSON value serializes")
}

/// A non-empty list of at most `limits::MAX_RANGE_ITEMS` values.
pub fn nonempty(name: &str, v: &[u32]) -> Result<(), Failure> {
    if v.is_empty() {
        return Err(Failure::Input(format!("{name}: empty range")));
    }
    minip_check::limits::at_most(name, v.len(), minip_check::limits::MAX_RANGE_ITEMS, "values")?;
    Ok(())
}
