//! Sweeps: settle every instance of a grid in parallel (`super::runner`), write their
//! certificates, and report in a deterministic order.

use super::runner;
use crate::certify::gap::{decide, Outcome};
use crate::print::{json, vipr};
use minip_check::check::Checked;
use minip_check::format::gap::GapCertificate;
use minip_check::model::Instance;
use minip_check::rational::fmt_q;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One settled instance, as printed (table row or JSON line).
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub d: u32,
    pub family: String,
    pub bound: String,
    pub kprime: String,
    pub verdict: String,
    /// The setting (docs/math.md §11); absent for the default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setting: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Writes a checked certificate (and for `holds`, its VIPR export when asked).
pub fn write_certificate(c: &Checked<GapCertificate>, path: &Path, with_vipr: bool) -> Result<(), String> {
    crate::print::write_file(path, &json::pretty(c))?;
    if with_vipr {
        if let Ok(text) = vipr::gap(c) {
            crate::print::write_file(&path.with_extension("vipr"), &text)?;
        }
    }
    Ok(())
}

/// Settles one instance and writes its certificate under `out` (if given).
pub fn settle_one(inst: &Instance, out: Option<&Path>, vipr: bool) -> Record {
    let outcome = decide(inst);
    let mut rec = Record {
        n: inst.n,
        eps: fmt_q(&inst.eps),
        h: inst.gap.h,
        u: inst.gap.u,
        w: inst.gap.w,
        d: inst.d(),
        family: inst.family.name().into(),
        bound: inst.bound.label(),
        kprime: fmt_q(&inst.kprime()),
        verdict: outcome.verdict_name().into(),
        setting: Some(inst.setting.label()).filter(|s| !s.is_empty()),
        certificate: None,
        reason: None,
    };
    match &outcome {
        Outcome::Certified(cert) => {
            if let Some(dir) = out {
                let path: PathBuf = dir.join(format!("{}.json", inst.stem()));
                match write_certificate(cert, &path, vipr) {
                    Ok(()) => rec.certificate = Some(path.display().to_string()),
                    Err(e) => {
                        rec.verdict = "unknown".into();
                        rec.reason = Some(e);
                    }
                }
            }
        }
        Outcome::Unknown { reason } => rec.reason = Some(reason.clone()),
    }
    rec
}

/// Settles instances in parallel; the output order is the input order.
pub fn run(insts: &[Instance], out: Option<&Path>, vipr: bool, progress: bool) -> Vec<Record> {
    runner::run(insts, "instances", progress, |inst| settle_one(inst, out, vipr))
}

/// Counts by verdict: (holds, broken, unknown).
pub fn tally(recs: &[Record]) -> (usize, usize, usize) {
    let count = |v: &str| recs.iter().filter(|r| r.verdict == v).count();
    (count("holds"), count("broken"), count("unknown"))
}
