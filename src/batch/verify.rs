//! `minip verify`: every certificate under some paths checked by `minip_check`, and every
//! VIPR file parsed and matched to the certificate it was printed from (the same name with
//! `.json`): the file must be exactly what minip prints for that checked certificate. A VIPR
//! file with no certificate beside it (the sharp exports) is parsed and reported `unchecked`.

use crate::error::Error;
use crate::print::vipr;
use minip_check::check::{Checked, Context};
use minip_check::claim::{check_any, Claim};
use minip_check::error::one_line;
use minip_check::format::AnyCertificate;
use minip_check::verify::{shown, verify_file, FileResult, Skipped, EXIT_INPUT, EXIT_OK, EXIT_REJECTED};
use serde::Serialize;
use std::path::Path;

/// The outcome for one file (a line of the report, a JSON record of kind `verify.file`).
#[derive(Clone, Debug, Serialize)]
pub struct Item {
    pub path: String,
    /// `verified`, `rejected` (a failed check), `invalid` (unreadable or malformed),
    /// `unchecked` (a VIPR file with no certificate to match) or `skipped` (an entry of a
    /// directory walk that is not read: a FIFO, a device, a symbolic link not followed).
    pub verdict: String,
    /// What the file proves, when verified, as data (`minip_check::claim::Claim`: every
    /// parameter and the setting as fields); for a VIPR export, the claim of its certificate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<Claim>,
    /// The claim's one-line summary, as printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// For a VIPR export: the certificate it was printed from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exported_from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip)]
    pub exit_code: i32,
}

impl Item {
    /// A file not verified; `path` and `reason` are kept to one line each (control characters
    /// escaped), as every text of a report.
    fn failed(path: String, verdict: &str, reason: String, exit_code: i32) -> Item {
        Item {
            path: one_line(&path),
            verdict: verdict.into(),
            claim: None,
            summary: None,
            exported_from: None,
            reason: Some(one_line(&reason)),
            exit_code,
        }
    }
    /// An entry a directory walk did not read.
    pub fn skipped(s: &Skipped) -> Item {
        let (verdict, code) = if s.unreadable { ("invalid", EXIT_INPUT) } else { ("skipped", EXIT_OK) };
        Item::failed(shown(&s.path), verdict, s.reason.clone(), code)
    }
    /// The text the report prints after the path: the summary, or the reason.
    pub fn text(&self) -> &str {
        self.summary.as_ref().or(self.reason.as_ref()).map(String::as_str).unwrap_or("")
    }
}

/// Checks one certificate file.
pub fn certificate(path: &Path) -> Item {
    item(verify_file(path))
}

/// The item of a checked file: its path, summary and reason each on one line (a file name or a
/// message holding a newline cannot print a line of its own).
pub fn item(r: FileResult) -> Item {
    let p = shown(&r.path);
    let (status, code) = (r.status(), r.exit_code());
    match r.result {
        Ok(claim) => Item {
            path: p,
            verdict: status.name().into(),
            summary: Some(one_line(&claim.to_string())),
            claim: Some(claim),
            exported_from: None,
            reason: None,
            exit_code: EXIT_OK,
        },
        Err(why) => Item::failed(p, status.name(), why.to_string(), code),
    }
}

/// Parses one VIPR file and matches it to its certificate.
pub fn vipr(path: &Path) -> Item {
    let p = shown(path);
    let bad = |why: String| Item::failed(p.clone(), "invalid", why, EXIT_INPUT);
    let text = match minip_check::read::read_text(path) {
        Ok(t) => t,
        Err(e) => return bad(e.to_string()),
    };
    if let Err(e) = parse(&text) {
        return bad(format!("not a VIPR 1.0 file: {e}"));
    }
    let json = path.with_extension("json");
    let json_shown = shown(&json);
    if !json.is_file() {
        return Item::failed(
            p,
            "unchecked",
            "VIPR 1.0 parsed; no certificate beside it to match (check it with viprchk)".into(),
            EXIT_OK,
        );
    }
    let cert = match minip_check::read::read(&json) {
        Ok(c) => c,
        Err(e) => return bad(format!("{json_shown}: {e}")),
    };
    let ctx = Context::beside(&json);
    let claim = match check_any(&cert, &ctx) {
        Ok(c) => c,
        Err(e) => return Item::failed(p, "rejected", format!("{json_shown}: {e}"), e.exit_code()),
    };
    let printed = match cert {
        AnyCertificate::Gap(c) => Checked::new(c, &ctx).map_err(Error::from).and_then(|c| vipr::gap(&c)),
        AnyCertificate::Ratio(c) => Checked::new(c, &ctx).map_err(Error::from).and_then(|c| vipr::ratio(&c)),
        _ => Err(Error::Input(format!("{json_shown} has no VIPR form"))),
    };
    match printed {
        Ok(t) if t == text => Item {
            path: p,
            verdict: "verified".into(),
            summary: Some(one_line(&format!("VIPR export of the checked {json_shown}: {claim}"))),
            claim: Some(claim),
            exported_from: Some(json_shown),
            reason: None,
            exit_code: EXIT_OK,
        },
        Ok(_) => Item::failed(
            p,
            "rejected",
            format!("differs from the VIPR export of the checked {json_shown}"),
            EXIT_REJECTED,
        ),
        Err(e) => Item::failed(p, "rejected", e.to_string(), EXIT_REJECTED),
    }
}

/// The sections of a VIPR 1.0 file, in order, after comment lines (`%`).
fn parse(text: &str) -> Result<(), String> {
    let mut toks = text.lines().filter(|l| !l.trim_start().starts_with('%')).flat_map(str::split_whitespace);
    if (toks.next(), toks.next()) != (Some("VER"), Some("1.0")) {
        return Err("the first line must be VER 1.0".into());
    }
    let rest: Vec<&str> = toks.collect();
    let mut at = 0;
    for section in ["VAR", "INT", "OBJ", "CON", "RTP", "SOL", "DER"] {
        match rest[at..].iter().position(|t| *t == section) {
            Some(i) => at += i + 1,
            None => return Err(format!("section {section} missing or out of order")),
        }
    }
    Ok(())
}
