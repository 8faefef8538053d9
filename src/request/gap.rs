//! The gap commands as requests: `settle` (the review's check over a range of gaps) and
//! `check` (one configuration); `sweep` and `bench` are in `super::sweep`. Each request is
//! checked once by `validate`; the job runs with a [`Control`]; the result holds the rows and
//! renders the text both front ends print.

use super::config::{Config, Configured};
use super::{Control, Error, Values};
use crate::batch::runner;
use crate::batch::settle::{self as settle_batch, SettleJob, SettleRow};
use crate::batch::sweep::{self, Record};
use crate::certify::gap::{decide, decide_at, eps_note, Outcome};
use crate::error::At;
use crate::print::{table, vipr};
use minip_check::check::{Checked, Verdict};
use minip_check::format::gap::GapCertificate;
use minip_check::model::{Family, Instance};
use minip_check::rational::{fmt_q, parse_rational};
use std::path::{Path, PathBuf};

/// Makes an output directory (`--out DIR`) before any work; a warning when it already holds
/// files (they may be replaced).
pub fn out_dir(dir: &Path) -> Result<Option<String>, Error> {
    crate::print::out_dir(dir)
}

// ---------------------------------------------------------------------------------------
// settle

/// `minip settle`: for each gap `d`, is there a head correct on the family with the review's
/// literal bound `b ≤ literal·c`, and one with the lemma's `b ≤ K·c`?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settle {
    pub n: u32,
    pub eps: String,
    /// The gaps, in order.
    pub d: Values,
    pub family: String,
    /// The review's literal factor.
    pub literal: String,
    /// Write the certificates (JSON, and VIPR for `holds`) into this directory, made by
    /// [`out_dir`] before the run.
    pub out: Option<PathBuf>,
    /// Keep each row's instance and certificate in the result (the Python module returns them).
    pub certificates: bool,
}

impl Default for Settle {
    /// `n = 3`, `ε = 1/2`, `d = 2..=8`, the paper's family, the literal factor 2, no files.
    fn default() -> Settle {
        Settle {
            n: 3,
            eps: "1/2".into(),
            d: Values::Text("2..=8".into()),
            family: "paper".into(),
            literal: "2".into(),
            out: None,
            certificates: false,
        }
    }
}

/// A validated `settle`: two instances per gap (the literal bound, then the lemma's).
#[derive(Clone, Debug)]
pub struct Settling {
    pub job: SettleJob,
    pub instances: Vec<Instance>,
    out: Option<PathBuf>,
    certificates: bool,
}

impl Settle {
    pub fn validate(&self) -> Result<Settling, Error> {
        let eps = parse_rational(&self.eps).at("--eps")?;
        let family = Family::parse(&self.family)?;
        let literal = parse_rational(&self.literal).at("--literal")?;
        let ds = self.d.resolve("--d")?;
        let job = SettleJob { n: self.n, eps, ds, family, literal };
        let instances = settle_batch::instances(&job)?;
        Ok(Settling { job, instances, out: self.out.clone(), certificates: self.certificates })
    }
}

impl Settling {
    /// Above ε = 1/2 the question changes: said once, at the smallest gap (the worst case).
    pub fn note(&self) -> Option<String> {
        eps_note(&self.instances[1]).map(|note| format!("at d = {}: {note}", self.job.ds[0]))
    }

    /// Settles every row; after a stop, the rows done (a prefix) and the interruption. With
    /// `--out`, the certificates are made durable at the end, at once, as `sweep` does.
    pub fn run(&self, ctl: &Control) -> Settled {
        let (out, keep) = (self.out.as_deref(), self.certificates);
        let done = runner::run_indexed(&self.instances, "instances", ctl, |inst| {
            let outcome = decide(inst);
            let record = sweep::filed(inst, &outcome, out, true);
            let cert = match outcome {
                Outcome::Certified(c) if keep => Some(c),
                _ => None,
            };
            (record, cert)
        });
        let total = self.instances.len();
        let interrupted = ctl.stopped_after(done.len(), total, "rows").err();
        let mut rows = Vec::with_capacity(done.len());
        let mut kept = Vec::new();
        for (i, (record, cert)) in done {
            let inst = &self.instances[i];
            let d = inst.gap.d();
            rows.push(SettleRow {
                d,
                paper_k: minip_check::model::paper_k(self.job.n, &self.job.eps, d),
                record,
            });
            if keep {
                kept.push((inst.clone(), cert));
            }
        }
        if let Some(dir) = out {
            sweep::sync_or_unknown(dir, rows.iter_mut().map(|r| &mut r.record));
        }
        Settled { job: self.job.clone(), rows, kept, out: self.out.is_some(), interrupted }
    }
}

/// The rows of `settle`, in order.
#[derive(Clone, Debug)]
pub struct Settled {
    pub job: SettleJob,
    pub rows: Vec<SettleRow>,
    /// With `certificates`: each row's instance and certificate (`None` when unknown).
    pub kept: Vec<(Instance, Option<Checked<GapCertificate>>)>,
    /// Whether certificates were written (`--out`).
    pub out: bool,
    /// The run was stopped before every row was done: the rows are a prefix.
    pub interrupted: Option<Error>,
}

impl Settled {
    /// 0 if the lemma's own bound holds everywhere, 1 if a certified head breaks it, 2 if
    /// anything is unknown.
    pub fn exit_code(&self) -> i32 {
        settle_batch::exit_code(&self.rows)
    }

    /// The plain-language conclusion under the table.
    pub fn conclusion(&self) -> Vec<String> {
        settle_batch::conclusion(&self.job, &self.rows)
    }

    /// `--json`: one `gap.verdict` record per row.
    pub fn json_lines(&self) -> String {
        self.rows.iter().map(|r| crate::print::json::record("gap.verdict", &r.record)).collect()
    }

    /// Each row as an object: the record `--json` prints, with (when kept and certified) the
    /// certificate file's text and the verdict's description (what the Python module returns).
    pub fn values(&self) -> Vec<serde_json::Value> {
        let value = |(i, r): (usize, &SettleRow)| match self.kept.get(i) {
            Some((inst, cert)) => verdict_value(&r.record, Some(inst), cert.as_ref()),
            None => verdict_value(&r.record, None, None),
        };
        self.rows.iter().enumerate().map(value).collect()
    }

    /// The table, its legend and (unless interrupted: no conclusion from part of the gaps)
    /// the conclusion.
    pub fn text(&self) -> String {
        let body: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| {
                let rec = &r.record;
                let bound = if rec.bound == "paper" {
                    format!("b <= K*c (K = {})", rec.kprime)
                } else {
                    format!("b <= {}*c", rec.bound)
                };
                let mut row = vec![rec.d.to_string(), bound, rec.verdict.clone()];
                if self.out || rec.reason.is_some() {
                    row.push(rec.certificate_file.clone().or(rec.reason.clone()).unwrap_or_default());
                }
                row
            })
            .collect();
        let mut s = format!(
            "Gap domination (Lemma 3), n = {}, eps = {}, family {}: is there a correct head with the bound?\n\n",
            self.job.n,
            fmt_q(&self.job.eps),
            self.job.family.name()
        );
        let header: &[&str] = if body.iter().any(|r| r.len() > 3) {
            &["d", "bound", "verdict", "certificate"]
        } else {
            &["d", "bound", "verdict"]
        };
        s.push_str(&table::render(header, &body));
        s.push_str("\nholds = no correct head meets the bound (exact Farkas certificate); broken = a correct head meets it (exact head).\n");
        if !self.out {
            s.push_str("Every verdict was checked; --out DIR writes the certificates (the committed ones: --out proofs/settle).\n");
        }
        if self.interrupted.is_none() {
            s.push('\n');
            for line in self.conclusion() {
                s.push_str(&line);
                s.push('\n');
            }
        }
        s
    }
}

// ---------------------------------------------------------------------------------------
// check

/// `minip check`: one configuration settled, its certificate written where asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Check {
    pub config: Config,
    /// Write the certificate (JSON) here.
    pub cert: Option<PathBuf>,
    /// Write a VIPR 1.0 infeasibility certificate here (verdict `holds` only).
    pub vipr: Option<PathBuf>,
}

/// A validated `check`.
#[derive(Clone, Debug)]
pub struct Checking {
    pub configured: Configured,
    cert: Option<PathBuf>,
    vipr: Option<PathBuf>,
}

impl Check {
    /// The configuration, a VIPR file only in the default setting, and outputs that can be
    /// written (checked before the computation).
    pub fn validate(&self) -> Result<Checking, Error> {
        let configured = self.config.validate()?;
        if self.vipr.is_some() && !configured.inst.setting.is_default() {
            return Err(Error::Input("--vipr: VIPR export is implemented for the default setting only (min-ip, nonneg, shared, all keys)".into()));
        }
        for p in [&self.cert, &self.vipr].into_iter().flatten() {
            crate::print::check_target(p)?;
        }
        Ok(Checking { configured, cert: self.cert.clone(), vipr: self.vipr.clone() })
    }
}

impl Checking {
    /// Above ε = 1/2 the question changes.
    pub fn note(&self) -> Option<String> {
        eps_note(&self.configured.inst)
    }

    /// Settles the configuration (tokens given are stated as given; the checker checks them
    /// like any others) and writes the files asked for. A VIPR file states an infeasibility:
    /// only a `holds` verdict has one.
    pub fn run(&self) -> Result<CheckResult, Error> {
        let inst = &self.configured.inst;
        let outcome = decide_at(inst, self.configured.tokens.as_ref());
        let mut record = sweep::record(inst, &outcome);
        let Outcome::Certified(checked) = outcome else {
            return Ok(CheckResult { inst: inst.clone(), record, certificate: None, vipr_note: None });
        };
        if let Some(p) = &self.cert {
            sweep::write_certificate(&checked, p, false)?;
            record.certificate_file = Some(p.display().to_string());
        }
        let vipr_note = match (&self.vipr, *checked.claim()) {
            (Some(p), Verdict::Holds) => {
                crate::print::write_file(p, &vipr::gap(&checked)?)?;
                None
            }
            (Some(p), Verdict::Broken) => Some(format!(
                "no VIPR file written to {}: the verdict is broken (a head), and VIPR states infeasibility",
                p.display()
            )),
            (None, _) => None,
        };
        Ok(CheckResult { inst: inst.clone(), record, certificate: Some(checked), vipr_note })
    }
}

/// The verdict of one configuration.
#[derive(Clone, Debug)]
pub struct CheckResult {
    pub inst: Instance,
    /// As `--json` prints it (with the certificate file when one was written).
    pub record: Record,
    /// `None`: unknown (the reason is the record's).
    pub certificate: Option<Checked<GapCertificate>>,
    /// Why no VIPR file was written although one was asked for.
    pub vipr_note: Option<String>,
}

impl CheckResult {
    /// The certificate, or `Unknown` when nothing was certified.
    pub fn certified(&self) -> Result<&Checked<GapCertificate>, Error> {
        self.certificate.as_ref().ok_or_else(|| {
            Error::Unknown(format!("unknown: {}", self.record.reason.clone().unwrap_or_default()))
        })
    }

    /// 0 holds, 1 broken, 2 unknown.
    pub fn exit_code(&self) -> i32 {
        match &self.certificate {
            None => 2,
            Some(c) if *c.claim() == Verdict::Holds => 0,
            Some(_) => 1,
        }
    }

    /// `--json`: the `gap.verdict` record, with the query tokens and the certificate when one
    /// was certified.
    pub fn json_line(&self) -> String {
        match &self.certificate {
            None => crate::print::json::record("gap.verdict", &self.record),
            Some(c) => {
                let mut v = serde_json::to_value(&self.record).expect("a record serializes");
                v["tokens"] = serde_json::to_value(&c.tokens).expect("tokens serialize");
                crate::print::json::record_with_certificate("gap.verdict", &v, c.cert())
            }
        }
    }

    /// The certified verdict as an object: the record, the certificate file's text and the
    /// description, the query tokens and `holds` (what the Python module returns); `Unknown`
    /// when nothing was certified.
    pub fn value(&self) -> Result<serde_json::Value, Error> {
        let c = self.certified()?;
        let mut v = verdict_value(&self.record, Some(&self.inst), Some(c));
        v["tokens"] = serde_json::to_value(&c.tokens).expect("tokens serialize");
        v["holds"] = serde_json::Value::Bool(*c.claim() == Verdict::Holds);
        Ok(v)
    }

    /// The description of the verdict (`crate::print::gap::describe`), or the reason nothing
    /// was certified.
    pub fn text(&self) -> String {
        match &self.certificate {
            Some(c) => crate::print::gap::describe(&self.inst, c),
            None => {
                format!("verdict  unknown\nreason   {}\n", self.record.reason.clone().unwrap_or_default())
            }
        }
    }
}

/// A gap verdict as an object: the record (as `--json` prints it) and, when certified, the
/// certificate file's text (`certificate`) and the human-readable description (`text`).
fn verdict_value(
    record: &Record,
    inst: Option<&Instance>,
    cert: Option<&Checked<GapCertificate>>,
) -> serde_json::Value {
    let mut v = serde_json::to_value(record).expect("a record serializes");
    if let (Some(inst), Some(c)) = (inst, cert) {
        v["certificate"] = serde_json::Value::String(crate::print::json::pretty(c));
        v["text"] = serde_json::Value::String(crate::print::gap::describe(inst, c));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::request::testing::{refused, scratch};

    #[test]
    fn settle_refuses_bad_input_with_the_command_lines_words() {
        let r = |s: Settle| refused(s.validate());
        assert_eq!(
            r(Settle { d: Values::List(vec![]), ..Settle::default() }),
            ("input", "--d: empty range".into())
        );
        assert_eq!(
            r(Settle {
                d: Values::List(vec![3; minip_check::limits::MAX_RANGE_ITEMS + 1]),
                ..Settle::default()
            }),
            ("too large", "--d: values = 10001 is above the supported 10000 (in one range or list)".into())
        );
        let (k, m) = r(Settle { eps: "x".into(), ..Settle::default() });
        assert!(k == "input" && m.starts_with("--eps: "), "{m}");
        let (k, m) = r(Settle { literal: "1/0".into(), ..Settle::default() });
        assert!(k == "input" && m.starts_with("--literal: "), "{m}");
        assert_eq!(
            r(Settle { d: Values::List(vec![0]), ..Settle::default() }),
            ("input", "the gap d must be at least 1".into())
        );
        assert_eq!(r(Settle { n: 2, ..Settle::default() }), ("input", "need n ≥ 3, got n = 2".into()));
    }

    #[test]
    fn settle_runs_two_rows_per_gap_with_the_conclusion() {
        let job = Settle { d: Values::List(vec![2, 3]), certificates: true, ..Settle::default() }
            .validate()
            .unwrap();
        assert_eq!(job.instances.len(), 4);
        assert_eq!(job.note(), None);
        let s = job.run(&Control::new());
        let got: Vec<(u32, &str, &str)> =
            s.rows.iter().map(|r| (r.d, r.record.bound.as_str(), r.record.verdict.as_str())).collect();
        assert_eq!(
            got,
            [(2, "2", "broken"), (2, "paper", "holds"), (3, "2", "holds"), (3, "paper", "holds")]
        );
        assert_eq!(s.exit_code(), 0);
        assert!(s.interrupted.is_none());
        assert_eq!(s.kept.len(), 4);
        assert!(s.kept.iter().all(|(_, c)| c.is_some()));
        let text = s.text();
        assert!(text.starts_with("Gap domination (Lemma 3), n = 3, eps = 1/2, family paper:"), "{text}");
        assert!(text.contains("Every verdict was checked; --out DIR writes"));
        assert!(text.ends_with(&format!("{}\n", s.conclusion().join("\n"))));
        assert!(s.conclusion()[0].starts_with("The lemma stands"));
    }

    #[test]
    fn a_stopped_settle_keeps_no_conclusion() {
        let job = Settle { d: Values::List(vec![3]), ..Settle::default() }.validate().unwrap();
        let ctl = Control::new();
        ctl.stop();
        let s = job.run(&ctl);
        assert!(s.rows.is_empty() && s.kept.is_empty());
        assert_eq!(
            s.interrupted,
            Some(Error::Interrupted("interrupted after 0 of 2 rows (every file written is complete)".into()))
        );
        assert!(!s.text().contains("The lemma"));
    }

    #[test]
    fn settle_notes_a_tolerance_above_one_half() {
        let job =
            Settle { eps: "3/2".into(), d: Values::List(vec![2]), ..Settle::default() }.validate().unwrap();
        assert!(job.note().unwrap().starts_with("at d = 2: ε = 3/2 > 1/2"));
    }

    #[test]
    fn check_settles_one_configuration() {
        let config = Config { d: Some(3), ..Config::default() };
        let r = Check { config, ..Check::default() }.validate().unwrap().run().unwrap();
        assert_eq!((r.record.verdict.as_str(), r.record.kprime.as_str()), ("holds", "2"));
        assert_eq!(r.exit_code(), 0);
        assert!(r.certified().is_ok() && r.vipr_note.is_none());
        assert!(r.text().contains("verdict   holds: no such head"));
        let config = Config { d: Some(2), bound: "2".into(), ..Config::default() };
        let r = Check { config, ..Check::default() }.validate().unwrap().run().unwrap();
        assert_eq!((r.record.verdict.as_str(), r.exit_code()), ("broken", 1));
    }

    #[test]
    fn check_refuses_vipr_beyond_the_default_setting_and_unwritable_outputs() {
        let config = Config { d: Some(3), task: "max-ip".into(), ..Config::default() };
        let vipr = Some(PathBuf::from("c.vipr"));
        let (k, m) = refused(Check { config, vipr, ..Check::default() }.validate());
        assert!(
            k == "input" && m.starts_with("--vipr: VIPR export is implemented for the default setting only")
        );
        let dir = scratch("check");
        let config = Config { d: Some(3), ..Config::default() };
        // A directory where the certificate file would go: a file-system refusal (OSError in
        // Python), exit 2 on the command line.
        let (k, m) = refused(Check { config, cert: Some(dir.clone()), ..Check::default() }.validate());
        assert_eq!(k, "io", "{m}");
        assert!(m.starts_with(&dir.display().to_string()), "{m}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn check_writes_the_files_asked_for() {
        let dir = scratch("check-files");
        let (cert, vipr) = (dir.join("c.json"), dir.join("c.vipr"));
        let config = Config { d: Some(2), bound: "2".into(), ..Config::default() };
        let request = Check { config, cert: Some(cert.clone()), vipr: Some(vipr.clone()) };
        let r = request.validate().unwrap().run().unwrap();
        assert_eq!(r.record.certificate_file, Some(cert.display().to_string()));
        assert_eq!(
            std::fs::read_to_string(&cert).unwrap(),
            crate::print::json::pretty(r.certified().unwrap())
        );
        // A broken verdict has no VIPR file: VIPR states infeasibility.
        assert!(!vipr.exists());
        assert!(r.vipr_note.unwrap().starts_with(&format!("no VIPR file written to {}", vipr.display())));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
