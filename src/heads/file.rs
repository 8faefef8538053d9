//! The head file format `minip-head/1` (docs/heads.md): JSON with `phi_q`, `phi_k`, `v`, `w`,
//! `beta`, each a rule or a per-token table of rationals. Parsing only; the checks that need
//! the whole head (dimensions, `α ≥ 0`) are in `Head::build`.
//!
//! Depends only on `minip_check::rational` and the head types.

use super::{Map, Rule, Sparse, Spec, MAX_M};
use crate::error::At;
use crate::error::Error;
use minip_check::model::code::parse_bits;
use minip_check::rational::{parse_rational, Rat};
use num_traits::{One, Zero};
use serde_json::Value;

pub const FORMAT: &str = "minip-head/1";
const MAPS: [&str; 5] = ["phi_q", "phi_k", "v", "w", "beta"];

/// JSON values of one head file (table entries, keys, lists, objects), counted on its text
/// before anything is parsed or converted, so that a head file's memory is bounded whatever
/// its tables' shape (2^m tokens × any dimension): the JSON tree, the exact rationals and the
/// head built from them took at most 0.65 GB at this limit (entries of 25 digits, m = 1 and
/// m = 10). Two full tables at `m = 10` (2^10 tokens × dimension 2^10: the kernel and the
/// value tables written out) fit; the same number bounds the vectors a head's maps give over
/// `{0,1}^m` (`Head::build`).
pub const MAX_HEAD_VALUES: u64 = 3 << 20;

/// The JSON values of `text`, counted from above: one for the whole, one for each comma and
/// each opening bracket outside strings (a list or object of `k ≥ 1` members has `k − 1`
/// commas and one bracket; an empty one counts one more than it holds).
pub fn count_values(text: &str) -> u64 {
    let (mut n, mut in_string, mut escaped) = (1u64, false, false);
    for &b in text.as_bytes() {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else {
            match b {
                b'"' => in_string = true,
                b',' | b'[' | b'{' => n += 1,
                _ => {}
            }
        }
    }
    n
}

/// Parses a head file. Errors are one line and name the field.
pub fn parse(text: &str) -> Result<Spec, Error> {
    parse_inner(text).map_err(|e| e.map_message(|m| minip_check::error::one_line(&m)))
}

fn parse_inner(text: &str) -> Result<Spec, Error> {
    // Counted before the JSON tree is built (its nodes alone would outgrow the memory).
    let values = count_values(text);
    if values > MAX_HEAD_VALUES {
        return Err(Error::TooLarge(format!(
            "too large: {values} JSON values (table entries, keys, lists), above the supported {MAX_HEAD_VALUES} of a head file (minip help limits)"
        )));
    }
    minip_check::read::reject_duplicate_keys(text).at("malformed head file")?;
    let v: Value =
        serde_json::from_str(text).map_err(|e| Error::Input(format!("malformed head file: {e}")))?;
    let obj =
        v.as_object().ok_or_else(|| Error::Input("malformed head file: expected a JSON object".into()))?;
    match obj.get("format").and_then(Value::as_str) {
        Some(FORMAT) => {}
        Some(f) => return Err(Error::Input(format!("unknown format '{f}' (expected '{FORMAT}')"))),
        None => return Err(Error::Input(format!("missing field 'format' (expected '{FORMAT}')"))),
    }
    for k in obj.keys() {
        if !["format", "name", "m", "comment"].contains(&k.as_str()) && !MAPS.contains(&k.as_str()) {
            return Err(Error::Input(format!("unknown field '{k}'")));
        }
    }
    let m = match obj.get("m") {
        None => None,
        Some(x) => match x.as_u64() {
            Some(m) if (1..=MAX_M as u64).contains(&m) => Some(m as u32),
            _ => return Err(Error::Input(format!("field 'm' must be an integer in 1..={MAX_M}"))),
        },
    };
    let name = match obj.get("name") {
        None => "head".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(Error::Input("field 'name' must be a string".into())),
    };
    // Two passes: the shapes of every map first (keys, tokens, dimensions; numbers taken as 0,
    // which costs nothing), so a malformed file is refused before any number is read exactly
    // (2·10⁶ long rationals take seconds); then the numbers.
    let spec = |exact: bool| -> Result<Spec, Error> {
        let mut maps = Vec::new();
        for key in MAPS {
            let val = obj.get(key).ok_or_else(|| Error::Input(format!("missing field '{key}'")))?;
            maps.push(parse_map(val, m, key == "beta", exact).at(key)?);
        }
        let mut it = maps.into_iter();
        let mut next = || it.next().expect("five maps");
        Ok(Spec { name: name.clone(), m, phi_q: next(), phi_k: next(), v: next(), w: next(), beta: next() })
    };
    let shape = spec(false)?;
    if let Some(m) = m {
        super::check_dims(&shape, m)?;
    }
    spec(true)
}

/// A rational entry; with `exact` false only its kind is checked and it counts as 0.
fn number(v: &Value, exact: bool) -> Result<Rat, Error> {
    match v {
        Value::String(_) | Value::Number(_) if !exact => Ok(Rat::zero()),
        Value::String(s) => parse_rational(s).map_err(Error::from),
        Value::Number(n) => parse_rational(&n.to_string()).map_err(Error::from),
        _ => Err(Error::Input(format!("expected a rational (\"3/8\" or a number), got {v}"))),
    }
}

fn parse_rule(name: &str, base: Option<&Value>, exact: bool) -> Result<Rule, Error> {
    let rule = match name {
        "ones" => Rule::Ones,
        "zero" => Rule::Zero,
        "bits" => Rule::Bits,
        "not_bits" => Rule::NotBits,
        "weight" => Rule::Weight,
        "unit" => Rule::Unit,
        "row" => Rule::Row(
            number(base.ok_or_else(|| Error::Input("rule 'row' needs a 'base'".into()))?, exact)
                .at("base")?,
        ),
        _ => {
            return Err(Error::Input(format!(
                "unknown rule '{name}' (expected ones, zero, bits, not_bits, weight, unit, row)"
            )))
        }
    };
    if base.is_some() && !matches!(rule, Rule::Row(_)) {
        return Err(Error::Input(format!("rule '{name}' takes no 'base'")));
    }
    Ok(rule)
}

fn parse_map(v: &Value, m: Option<u32>, scalar: bool, exact: bool) -> Result<Map, Error> {
    match v {
        Value::String(s) => Ok(Map::rule(parse_rule(s, None, exact)?)),
        Value::Object(o) => {
            if let Some(parts) = o.get("concat") {
                let parts = parts.as_array().filter(|p| !p.is_empty() && o.len() == 1).ok_or_else(|| {
                    Error::Input("'concat' must be the only key, with a nonempty array".into())
                })?;
                let maps = parts
                    .iter()
                    .map(|p| parse_map(p, m, false, exact))
                    .collect::<Result<Vec<_>, _>>()
                    .at("concat")?;
                return Ok(Map::Concat(maps));
            }
            if let Some(t) = o.get("table") {
                if o.len() != 1 {
                    return Err(Error::Input("a table takes no other keys".into()));
                }
                let m = m.ok_or_else(|| Error::Input("a table needs the field 'm'".into()))?;
                return parse_table(t, m, scalar, exact);
            }
            for k in o.keys() {
                if !["rule", "scale", "base"].contains(&k.as_str()) {
                    return Err(Error::Input(format!(
                        "unknown key '{k}' (expected 'rule', 'scale', 'base' or 'table')"
                    )));
                }
            }
            let name = o
                .get("rule")
                .and_then(Value::as_str)
                .ok_or_else(|| Error::Input("expected 'rule' (a string) or 'table'".into()))?;
            let rule = parse_rule(name, o.get("base"), exact)?;
            let scale = match o.get("scale") {
                Some(s) => number(s, exact).at("scale")?,
                None => Rat::one(),
            };
            Ok(Map::scaled(rule, scale))
        }
        _ => Err(Error::Input(
            "expected a rule name, {\"rule\": ...}, {\"table\": ...} or {\"concat\": [...]}".into(),
        )),
    }
}

/// `{"00": ["1", "0"], "01": [...], ...}`: every token of `{0,1}^m` exactly once, vectors of
/// one length. For `beta` a bare number stands for a vector of length one.
fn parse_table(t: &Value, m: u32, scalar: bool, exact: bool) -> Result<Map, Error> {
    let o = t.as_object().ok_or_else(|| Error::Input("'table' must map bit strings to vectors".into()))?;
    let n = 1usize << m;
    let mut rows: Vec<Option<Sparse>> = vec![None; n];
    let mut dim = None;
    for (key, val) in o {
        let x = parse_bits(key, m).at("table key")? as u32;
        let entries: Vec<Rat> = match val {
            Value::Array(a) => {
                a.iter().map(|e| number(e, exact)).collect::<Result<_, _>>().at(&format!("token {key}"))?
            }
            _ if scalar => vec![number(val, exact).at(&format!("token {key}"))?],
            _ => return Err(Error::Input(format!("token {key}: expected an array of rationals"))),
        };
        match dim {
            None => dim = Some(entries.len()),
            Some(d) if d != entries.len() => {
                return Err(Error::Input(format!(
                    "mismatched dimensions: token {key} has {} entries, others have {d}",
                    entries.len()
                )))
            }
            _ => {}
        }
        if entries.is_empty() {
            return Err(Error::Input(format!("token {key}: empty vector")));
        }
        if rows[x as usize].is_some() {
            return Err(Error::Input(format!("token {key} appears twice")));
        }
        rows[x as usize] = Some(
            entries
                .into_iter()
                .enumerate()
                .filter(|(_, a)| !a.is_zero())
                .map(|(i, a)| (i as u32, a))
                .collect(),
        );
    }
    let mut out = Vec::with_capacity(n);
    for (x, r) in rows.into_iter().enumerate() {
        out.push(r.ok_or_else(|| {
            Error::Input(format!("token {} is missing from the table", super::bits(m, x as u32)))
        })?);
    }
    Ok(Map::Table { dim: dim.unwrap_or(0), rows: out })
}

#[cfg(test)]
mod tests {
    use super::count_values;

    #[test]
    fn values_are_counted_outside_strings_only() {
        // The whole, the object, the list and one comma; the string's `",[{` is not counted,
        // nor its escaped quote.
        assert_eq!(count_values(r#"{"a\",[{":[1,2]}"#), 4);
        assert_eq!(count_values(r#"[[],[],[]]"#), 1 + 1 + 3 + 2);
        assert_eq!(count_values("7"), 1);
        // A backslash that ends a string does not escape what follows it.
        assert_eq!(count_values(r#"["\\",1]"#), 3);
    }
}
