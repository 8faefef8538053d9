//! `minip verify`: every certificate under some paths checked by `minip_check`, and every
//! VIPR file parsed and matched to the certificate it was printed from (the same name with
//! `.json`): the file must be exactly what minip prints for that checked certificate. A VIPR
//! file with no certificate beside it (the sharp exports) is parsed and reported `unchecked`.

use crate::print::vipr;
use minip_check::check::{Checked, Context};
use minip_check::format::AnyCertificate;
use minip_check::verify::{verify_file, EXIT_INPUT, EXIT_OK, EXIT_REJECTED};
use serde::Serialize;
use std::path::Path;

/// The outcome for one file (a line of the report, a JSON record of kind `verify.file`).
#[derive(Clone, Debug, Serialize)]
pub struct Item {
    pub path: String,
    /// `verified`, `rejected` (a failed check), `invalid` (unreadable or malformed) or
    /// `unchecked` (a VIPR file with no certificate to match).
    pub verdict: String,
    /// What the file proves, when verified.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip)]
    pub exit_code: i32,
}

/// Checks one certificate file.
pub fn certificate(path: &Path) -> Item {
    let r = verify_file(path);
    let p = path.display().to_string();
    match r.result {
        Ok(claim) => {
            Item { path: p, verdict: "verified".into(), claim: Some(claim), reason: None, exit_code: EXIT_OK }
        }
        Err((code, why)) => {
            let verdict = if code == EXIT_REJECTED { "rejected" } else { "invalid" };
            Item { path: p, verdict: verdict.into(), claim: None, reason: Some(why), exit_code: code }
        }
    }
}

/// Parses one VIPR file and matches it to its certificate.
pub fn vipr(path: &Path) -> Item {
    let p = path.display().to_string();
    let bad = |why: String| Item {
        path: p.clone(),
        verdict: "invalid".into(),
        claim: None,
        reason: Some(why),
        exit_code: EXIT_INPUT,
    };
    let text = match minip_check::read::read_text(path) {
        Ok(t) => t,
        Err(e) => return bad(e),
    };
    if let Err(e) = parse(&text) {
        return bad(format!("not a VIPR 1.0 file: {e}"));
    }
    let json = path.with_extension("json");
    if !json.is_file() {
        return Item {
            path: p,
            verdict: "unchecked".into(),
            claim: None,
            reason: Some("VIPR 1.0 parsed; no certificate beside it to match (check it with viprchk)".into()),
            exit_code: EXIT_OK,
        };
    }
    let cert = match minip_check::read::read(&json) {
        Ok(c) => c,
        Err(e) => return bad(format!("{}: {e}", json.display())),
    };
    let ctx = Context::beside(&json);
    let printed = match cert {
        AnyCertificate::Gap(c) => Checked::new(c, &ctx).map_err(String::from).and_then(|c| vipr::gap(&c)),
        AnyCertificate::Ratio(c) => Checked::new(c, &ctx).map_err(String::from).and_then(|c| vipr::ratio(&c)),
        _ => Err(format!("{} has no VIPR form", json.display())),
    };
    match printed {
        Ok(t) if t == text => Item {
            path: p,
            verdict: "verified".into(),
            claim: Some(format!("VIPR export of the checked {}", json.display())),
            reason: None,
            exit_code: EXIT_OK,
        },
        Ok(_) => Item {
            path: p,
            verdict: "rejected".into(),
            claim: None,
            reason: Some(format!("differs from the VIPR export of the checked {}", json.display())),
            exit_code: EXIT_REJECTED,
        },
        Err(e) => Item {
            path: p,
            verdict: "rejected".into(),
            claim: None,
            reason: Some(e),
            exit_code: EXIT_REJECTED,
        },
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
