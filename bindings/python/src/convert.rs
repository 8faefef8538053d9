//! Conversions shared by the module's functions: arguments as the command line reads them,
//! results as JSON text.

use crate::Failure;
use minip::request::config::Config;
use minip::request::Values;
use pyo3::prelude::*;
use serde_json::Value;

pub fn to_text(v: &Value) -> String {
    serde_json::to_string(v).expect("a JSON value serializes")
}

/// A configuration as `minip check` and `minip sharp` take it: the JSON the Python layer
/// sends (rationals as text), read into the request's own `Config`.
pub fn config(text: &str) -> Result<Config, Failure> {
    serde_json::from_str(text).map_err(|e| Failure(minip::Error::Input(format!("configuration: {e}"))))
}

/// The numbers of one option from Python: text for a `range` of step 1 (`"2..=8"`, as the
/// command line writes a range), or a list; the request counts and refuses both with the
/// command line's words. A list is read no further than the range item limit: a longer
/// sequence (or an endless iterable) is refused before more is read.
pub enum Nums {
    Text(String),
    List(Vec<u32>),
}

impl<'py> FromPyObject<'py> for Nums {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Nums> {
        if let Ok(t) = ob.extract::<String>() {
            return Ok(Nums::Text(t));
        }
        let limit = minip_check::limits::MAX_RANGE_ITEMS;
        let over = |count: String| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "values = {count} is above the supported {limit} (in one range or list)"
            ))
        };
        if let Ok(n) = ob.len() {
            if n > limit {
                return Err(over(n.to_string()));
            }
        }
        let mut v = Vec::new();
        for item in ob.try_iter()? {
            if v.len() == limit {
                return Err(over(format!("{} or more", limit + 1)));
            }
            v.push(item?.extract::<u32>()?);
        }
        Ok(Nums::List(v))
    }
}

impl From<Nums> for Values {
    fn from(n: Nums) -> Values {
        match n {
            Nums::Text(t) => Values::Text(t),
            Nums::List(v) => Values::List(v),
        }
    }
}

impl Nums {
    /// As the command line's text (a range, or a comma list), for options that read lists.
    pub fn text(&self) -> String {
        match self {
            Nums::Text(t) => t.clone(),
            Nums::List(v) => v.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
        }
    }
}
