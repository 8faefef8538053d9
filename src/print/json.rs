//! JSON: certificate files (pretty, one value per file, stable bytes) and records (one
//! JSON object per line).

use minip_check::check::{Certificate, Checked};
use minip_check::format::sharp::SharpFile;
use serde::Serialize;

/// A checked certificate as its file: pretty JSON with a trailing newline.
pub fn pretty<C: Certificate + Serialize>(c: &Checked<C>) -> String {
    let mut s = serde_json::to_string_pretty(c.cert()).expect("certificate serializes");
    s.push('\n');
    s
}

/// A checked sharp file: one certificate per line (small diffs, stable bytes).
pub fn sharp_file(file: &Checked<SharpFile>) -> String {
    let f = file.cert();
    let mut s = format!("{{\"format\":{},\"certificates\":[\n", serde_json::to_string(&f.format).expect("string"));
    for (i, c) in f.certificates.iter().enumerate() {
        s.push_str(&serde_json::to_string(c).expect("certificate serializes"));
        s.push_str(if i + 1 < f.certificates.len() { ",\n" } else { "\n" });
    }
    s.push_str("]}\n");
    s
}

/// One JSON object and a newline.
pub fn line<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("serializes") + "\n"
}

/// A record line for `--json`: the value's fields and `"kind"` (what the record is, e.g.
/// `gap.verdict`); every command's records are described by `docs/schema/<kind>.json`.
pub fn record<T: Serialize>(kind: &str, v: &T) -> String {
    let mut value = serde_json::to_value(v).expect("serializes");
    match value.as_object_mut() {
        Some(obj) => {
            obj.insert("kind".into(), serde_json::Value::String(kind.into()));
        }
        None => value = serde_json::json!({ "kind": kind, "value": value }),
    }
    line(&value)
}

/// A record line with the checked certificate embedded as `certificate` (single questions:
/// `check --json`, `sharp --json`).
pub fn record_with_certificate<R: Serialize, C: Serialize>(kind: &str, rec: &R, cert: &C) -> String {
    let mut value = serde_json::to_value(rec).expect("serializes");
    if let Some(obj) = value.as_object_mut() {
        obj.insert("certificate".into(), serde_json::to_value(cert).expect("serializes"));
    }
    record(kind, &value)
}
