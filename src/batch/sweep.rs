//! Sweeps: settle every instance of a grid in parallel (`super::runner`), write their
//! certificates, and report in a deterministic order.

use super::runner;
use crate::certify::gap::{decide, Outcome};
use crate::control::Control;
use crate::error::Error;
use crate::print::{json, vipr};
use minip_check::check::Checked;
use minip_check::format::gap::GapCertificate;
use minip_check::model::Instance;
use minip_check::rational::fmt_q;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One settled instance, as printed (table row or JSON line of kind `gap.verdict`).
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub d: u32,
    pub family: String,
    /// `paper` or a rational: the negated bound `b ≤ K'·c`.
    pub bound: String,
    /// `K'`.
    pub kprime: String,
    /// The lemma's `K = (n−2)(d−2ε)/(2ε)`.
    pub paper_k: String,
    /// `holds`, `broken` or `unknown`.
    pub verdict: String,
    /// The setting (docs/math.md §11); absent for the default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setting: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The record of an instance and its outcome (no file).
pub fn record(inst: &Instance, outcome: &Outcome) -> Record {
    Record {
        n: inst.n,
        eps: fmt_q(&inst.eps),
        h: inst.gap.h,
        u: inst.gap.u,
        w: inst.gap.w,
        d: inst.d(),
        family: inst.family.name().into(),
        bound: inst.bound.label(),
        kprime: fmt_q(&inst.kprime()),
        paper_k: fmt_q(&minip_check::model::paper_k(inst.n, &inst.eps, inst.d())),
        verdict: outcome.verdict_name().into(),
        setting: Some(inst.setting.label()).filter(|s| !s.is_empty()),
        certificate_file: None,
        reason: match outcome {
            Outcome::Unknown { reason } => Some(reason.clone()),
            Outcome::Certified(_) => None,
        },
    }
}

/// The fields that name a configuration in an `--expect` table (those of `record`, with the
/// same text), without its values: the key of every configuration of a grid, computed cheaply
/// (a grid has up to a million). Also the key of `sharp --grid`'s records, which leave out
/// the bound.
pub fn key_row(inst: &Instance) -> crate::batch::expect::Row {
    let mut r: crate::batch::expect::Row = [
        ("n", inst.n.to_string()),
        ("eps", fmt_q(&inst.eps)),
        ("h", inst.gap.h.to_string()),
        ("u", inst.gap.u.to_string()),
        ("w", inst.gap.w.to_string()),
        ("family", inst.family.name().to_string()),
        ("bound", inst.bound.label()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    let setting = inst.setting.label();
    if !setting.is_empty() {
        r.insert("setting".into(), setting);
    }
    r
}

/// Writes a checked certificate (and for `holds`, its VIPR export when asked), durably.
pub fn write_certificate(c: &Checked<GapCertificate>, path: &Path, with_vipr: bool) -> Result<(), Error> {
    write_with(c, path, with_vipr, crate::print::write_file)
}

fn write_with(
    c: &Checked<GapCertificate>,
    path: &Path,
    with_vipr: bool,
    write: fn(&Path, &str) -> Result<(), Error>,
) -> Result<(), Error> {
    write(path, &json::pretty(c))?;
    if with_vipr {
        if let Ok(text) = vipr::gap(c) {
            write(&path.with_extension("vipr"), &text)?;
        }
    }
    Ok(())
}

/// Settles one instance and writes its certificate under `out` (if given), atomically but
/// not yet durably: the batch calls `crate::print::sync_batch(out)` once at its end.
pub fn settle_one(inst: &Instance, out: Option<&Path>, vipr: bool) -> Record {
    filed(inst, &decide(inst), out, vipr)
}

/// The record of an outcome, its certificate written under `out` (if given) as `settle_one`
/// writes it: a failed write turns the record into `unknown`, with the reason.
pub fn filed(inst: &Instance, outcome: &Outcome, out: Option<&Path>, vipr: bool) -> Record {
    let mut rec = record(inst, outcome);
    match outcome {
        Outcome::Certified(cert) => {
            if let Some(dir) = out {
                let path: PathBuf = dir.join(format!("{}.json", inst.stem()));
                match write_with(cert, &path, vipr, crate::print::write_file_in_batch) {
                    Ok(()) => rec.certificate_file = Some(path.display().to_string()),
                    Err(e) => {
                        rec.verdict = "unknown".into();
                        rec.reason = Some(e.to_string());
                    }
                }
            }
        }
        Outcome::Unknown { .. } => {}
    }
    rec
}

/// Settles instances in parallel; the output order is the input order. The certificates
/// written under `out` are made durable at the end, at once (a failed sync turns every
/// record with a file into `unknown`).
pub fn run(insts: &[Instance], out: Option<&Path>, vipr: bool, ctl: &Control) -> Vec<Record> {
    let mut recs = runner::run(insts, "instances", ctl, |inst| settle_one(inst, out, vipr));
    if let Some(dir) = out {
        sync_or_unknown(dir, recs.iter_mut());
    }
    recs
}

/// Makes the certificates a batch wrote under `dir` durable, at once; a failed sync turns
/// every record with a file into `unknown`, with the reason.
pub fn sync_or_unknown<'a>(dir: &Path, recs: impl Iterator<Item = &'a mut Record>) {
    if let Err(e) = crate::print::sync_batch(dir) {
        for r in recs.filter(|r| r.certificate_file.is_some()) {
            r.verdict = "unknown".into();
            r.reason = Some(e.to_string());
        }
    }
}

/// The exit status of a batch of gap verdicts: 2 if any is unknown, else 1 if a certified
/// head breaks its bound, else 0.
pub fn exit_code(recs: &[Record]) -> i32 {
    let (_, broken, unknown) = tally(recs);
    if unknown > 0 {
        2
    } else if broken > 0 {
        1
    } else {
        0
    }
}

/// Counts by verdict: (holds, broken, unknown).
pub fn tally(recs: &[Record]) -> (usize, usize, usize) {
    let count = |v: &str| recs.iter().filter(|r| r.verdict == v).count();
    (count("holds"), count("broken"), count("unknown"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_row_is_the_records_key() {
        // Every setting of the committed grids: the key fields of the cheap row are those of
        // the record, with the same text.
        let unsolved = Outcome::Unknown { reason: String::new() };
        let keys = ["setting", "n", "eps", "h", "u", "w", "family", "bound"];
        let mut seen = 0;
        for path in [
            "instances/small.toml",
            "instances/beyond/signed-gap.toml",
            "instances/beyond/positions-sharp.toml",
            "instances/beyond/tasks-sharp.toml",
        ] {
            let text =
                std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
            let g = crate::batch::grid::parse_grid(&text).unwrap();
            for i in g.gap_instances().iter().chain(&g.sharp_instances()) {
                let full = crate::batch::expect::row(&record(i, &unsolved));
                let key = key_row(i);
                for k in keys {
                    assert_eq!(full.get(k), key.get(k), "{path}: {k}");
                }
                seen += usize::from(key.contains_key("setting"));
            }
        }
        assert!(seen > 0, "a grid with settings");
    }
}
