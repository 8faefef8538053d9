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
    let mut s =
        format!("{{\"format\":{},\"certificates\":[\n", serde_json::to_string(&f.format).expect("string"));
    for (i, c) in f.certificates.iter().enumerate() {
        s.push_str(&serde_json::to_string(c).expect("certificate serializes"));
        s.push_str(if i + 1 < f.certificates.len() { ",\n" } else { "\n" });
    }
    s.push_str("]}\n");
    s
}

/// A checked certificate as a compact file: the top-level fields one per line, arrays one
/// element per line, each element on one line (small diffs, a fraction of the pretty size).
pub fn by_lines<C: Certificate + Serialize>(c: &Checked<C>) -> String {
    let compact = serde_json::to_string(c.cert()).expect("certificate serializes");
    // Containers open at each depth: '{' or '['. Breaks go inside the top-level object and
    // inside arrays that are its fields' values; everything deeper stays compact.
    let mut stack: Vec<u8> = Vec::new();
    let (mut s, mut in_str, mut escaped) =
        (String::with_capacity(compact.len() + compact.len() / 8), false, false);
    let br = |s: &mut String, depth: usize| {
        s.push('\n');
        s.push_str(&"  ".repeat(depth));
    };
    for ch in compact.chars() {
        if in_str {
            s.push(ch);
            match (escaped, ch) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        let breaking = |stack: &[u8]| stack.len() == 1 || (stack.len() == 2 && stack[1] == b'[');
        match ch {
            '"' => {
                in_str = true;
                s.push(ch);
            }
            '{' | '[' => {
                s.push(ch);
                stack.push(ch as u8);
                if breaking(&stack) {
                    br(&mut s, stack.len());
                }
            }
            '}' | ']' => {
                if breaking(&stack) {
                    br(&mut s, stack.len() - 1);
                }
                stack.pop();
                s.push(ch);
            }
            ',' => {
                s.push(ch);
                if breaking(&stack) {
                    br(&mut s, stack.len());
                }
            }
            ':' if stack.len() == 1 => s.push_str(": "),
            _ => s.push(ch),
        }
    }
    s.push('\n');
    s
}

/// One JSON object and a newline.
pub fn line<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("serializes") + "\n"
}

/// The version of the record vocabulary (docs/schema/README.md): every record carries it as
/// `"version"`, and every schema in docs/schema requires this value.
pub const RECORD_VERSION: u32 = 2;

/// A record line for `--json`: the value's fields, `"kind"` (what the record is, e.g.
/// `gap.verdict`) and `"version"` (`RECORD_VERSION`); every command's records are described
/// by `docs/schema/<kind>.json`.
pub fn record<T: Serialize>(kind: &str, v: &T) -> String {
    let mut value = serde_json::to_value(v).expect("serializes");
    match value.as_object_mut() {
        Some(obj) => {
            obj.insert("kind".into(), serde_json::Value::String(kind.into()));
            obj.insert("version".into(), RECORD_VERSION.into());
        }
        None => value = serde_json::json!({ "kind": kind, "version": RECORD_VERSION, "value": value }),
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

/// Each record as a JSON value with the text of its checked certificate beside it
/// (`certificate`: the file's pretty JSON), pairing records and certificates in order.
pub fn with_certificates<R: Serialize, C: minip_check::check::Certificate + Serialize>(
    records: &[R],
    certs: &[minip_check::check::Checked<C>],
) -> Vec<serde_json::Value> {
    records
        .iter()
        .zip(certs)
        .map(|(r, c)| {
            let mut v = serde_json::to_value(r).expect("a record serializes");
            v["certificate"] = serde_json::Value::String(pretty(c));
            v
        })
        .collect()
}
