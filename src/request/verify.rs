//! `minip verify` (certificate files checked with the checker alone, and VIPR exports matched
//! to them) and one certificate checked from its text (the Python module's
//! `check_certificate`), as requests.

use super::{Control, Error};
use crate::batch::runner;
use crate::batch::verify::{certificate, vipr, Item};
use minip_check::check::Context;
use minip_check::claim::check_any;
use minip_check::format::rank::RANK_FORMAT;
use minip_check::format::AnyCertificate;
use minip_check::verify::collect_walk;
use std::path::PathBuf;

/// `minip verify PATHS`: files, or directories searched recursively for `*.json` (and `*.vipr`,
/// matched to the certificate beside them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verify {
    pub paths: Vec<PathBuf>,
}

/// A validated `verify`: the files found, and the entries the walks did not read.
pub struct Verifying {
    pub certificates: Vec<PathBuf>,
    pub viprs: Vec<PathBuf>,
    /// Entries not read, each once (a FIFO named `x.json` is in the JSON walk only), sorted.
    pub skipped: Vec<minip_check::verify::Skipped>,
    pool: rayon::ThreadPool,
}

impl Verify {
    /// Walks the paths (each must exist); refuses a walk that found nothing.
    pub fn validate(&self) -> Result<Verifying, Error> {
        let walk = collect_walk(&self.paths, "json").map_err(|e| Error::Io(e.to_string()))?;
        let vwalk = collect_walk(&self.paths, "vipr").map_err(|e| Error::Io(e.to_string()))?;
        if walk.files.is_empty() && vwalk.files.is_empty() {
            return Err(Error::Input("no certificates found under the given paths".into()));
        }
        let mut skipped = walk.skipped;
        skipped.extend(
            vwalk
                .skipped
                .into_iter()
                .filter(|s| s.unreadable || s.path.extension().is_some_and(|x| x == "vipr")),
        );
        skipped.sort_by(|x, y| x.path.cmp(&y.path));
        skipped.dedup_by(|x, y| x.path == y.path);
        let pool = crate::batch::threads::verify_pool()?;
        Ok(Verifying { certificates: walk.files, viprs: vwalk.files, skipped, pool })
    }
}

impl Verifying {
    /// Checks the certificates, then (unless stopped) the VIPR files, in parallel; then reports
    /// the entries skipped. `each` receives every item in order as soon as it is done; a
    /// failure of `each` stops the run.
    pub fn run(
        &self,
        ctl: &Control,
        mut each: impl FnMut(&Item) -> Result<(), Error> + Send,
    ) -> Result<Verified, Error> {
        let mut items = Vec::with_capacity(self.certificates.len() + self.viprs.len() + self.skipped.len());
        let mut sink = |_, r: Item| {
            each(&r)?;
            items.push(r);
            Ok(())
        };
        let handed = self
            .pool
            .install(|| {
                runner::run_stream(&self.certificates, "certificates", ctl, |f| certificate(f), &mut sink)
            })
            .map_err(|e| Error::Io(e.to_string()))?;
        let done = handed
            + if ctl.is_stopped() {
                0
            } else {
                self.pool
                    .install(|| runner::run_stream(&self.viprs, "VIPR files", ctl, |v| vipr(v), &mut sink))
                    .map_err(|e| Error::Io(e.to_string()))?
            };
        for s in &self.skipped {
            sink(0, Item::skipped(s)).map_err(|e| Error::Io(e.to_string()))?;
        }
        let total = self.certificates.len() + self.viprs.len();
        let interrupted = ctl.stopped_after(done, total, "files").err();
        Ok(Verified {
            items,
            done,
            certificates: self.certificates.len(),
            viprs: self.viprs.len(),
            interrupted,
        })
    }
}

/// The items of a `verify` run, in order.
#[derive(Clone, Debug)]
pub struct Verified {
    pub items: Vec<Item>,
    /// How many certificate and VIPR files were checked (the entries skipped aside).
    pub done: usize,
    /// How many certificate files and VIPR files the walks found.
    pub certificates: usize,
    pub viprs: usize,
    pub interrupted: Option<Error>,
}

/// Why a VIPR file can be `unchecked`, said once in the summary: minip checks a VIPR file by
/// printing it again from its checked certificate (the same name, `.json`), so a VIPR file
/// without one (the sharp exports of `sharp --vipr`, `proofs/sharp/vipr`) is only parsed.
pub const UNCHECKED_WHY: &str = "VIPR files with no certificate beside them, such as sharp exports, are \
     only parsed here; check them with viprchk, the VIPR project's checker: see the README";

/// The verdicts, in the order the summary counts them.
const VERDICTS: [&str; 5] = ["verified", "rejected", "invalid", "unchecked", "skipped"];

impl Verified {
    /// How many items per verdict, in the order of `VERDICTS`.
    fn counts(&self) -> [usize; 5] {
        let mut counts = [0; 5];
        for r in &self.items {
            counts[VERDICTS.iter().position(|v| *v == r.verdict).expect("a known verdict")] += 1;
        }
        counts
    }

    /// `N files: V verified, F failed, I invalid, U unchecked[, S skipped]`, and when some are
    /// unchecked, why and how to check them (`UNCHECKED_WHY`).
    pub fn summary(&self) -> String {
        let c = self.counts();
        let plural = if self.done == 1 { "file" } else { "files" };
        let skipped = if c[4] > 0 { format!(", {} skipped", c[4]) } else { String::new() };
        let why = if c[3] > 0 { format!(" ({UNCHECKED_WHY})") } else { String::new() };
        format!(
            "{} {plural}: {} verified, {} failed, {} invalid, {} unchecked{why}{skipped}",
            self.done, c[0], c[1], c[2], c[3]
        )
    }

    /// The exit status: the worst item's; `Interrupted` when files were left out; `Input`
    /// when only VIPR exports were found and nothing they could be matched to.
    pub fn status(&self) -> Result<i32, Error> {
        if let Some(e) = &self.interrupted {
            return Err(e.clone());
        }
        if self.certificates == 0 && self.counts()[0] == 0 {
            let one = self.viprs == 1;
            return Err(Error::Input(format!(
                "no certificates found under the given paths ({} VIPR file{} without a certificate beside {})",
                self.viprs,
                if one { "" } else { "s" },
                if one { "it" } else { "them" }
            )));
        }
        Ok(self.items.iter().map(|r| r.exit_code).max().unwrap_or(0))
    }
}

/// One item as a line of the report: `ok`, `FAILED`, `INVALID`, `SKIPPED` or `UNCHECKED`, the
/// path, and the summary or the reason.
pub fn line(r: &Item) -> String {
    let label = match r.verdict.as_str() {
        "verified" => "ok",
        "rejected" => "FAILED",
        "invalid" => "INVALID",
        "skipped" => "SKIPPED",
        _ => "UNCHECKED",
    };
    format!("{label:<10}{}: {}\n", r.path, r.text())
}

/// One certificate given as JSON text, checked with the checker alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckCertificate {
    pub text: String,
    /// Where the files it refers to (a rank certificate's DRAT proof) are looked up.
    pub dir: Option<PathBuf>,
    /// Referenced files held in memory by name.
    pub files: Vec<(String, Vec<u8>)>,
}

/// A certificate parsed, with the context of its check.
pub struct CertificateCheck {
    cert: AnyCertificate,
    ctx: Context,
}

/// What a rejection says first, in the user's terms; the checker's detail follows it.
pub const REJECTED: &str = "the certificate does not prove its claim";

impl CheckCertificate {
    /// Parses the text (the files are moved into the check's context, not copied). A proof
    /// file the certificate refers to that is neither held in memory nor in the directory
    /// given is `Io` (a file not given, not a certificate that fails).
    pub fn validate(self) -> Result<CertificateCheck, Error> {
        let cert = minip_check::read::parse(&self.text)?;
        if let Some(name) = proof_file(&cert).filter(|n| !self.files.iter().any(|(f, _)| f == n)) {
            match &self.dir {
                None => {
                    return Err(Error::Io(format!(
                        "the proof file '{name}' this certificate refers to was not given: pass dir= (the directory that holds it), or the result object itself instead of its certificate"
                    )))
                }
                Some(d) if !d.join(name).is_file() => {
                    return Err(Error::Io(format!(
                        "the proof file '{name}' this certificate refers to is not in {}: pass dir= (the directory that holds it)",
                        d.display()
                    )))
                }
                Some(_) => {}
            }
        }
        Ok(CertificateCheck { cert, ctx: Context { dir: self.dir, files: self.files } })
    }
}

/// The file a certificate refers to by a plain name (the DRAT proof of a `minip-rank/2`,
/// `minip-rank2-none/1` or `minip-readout-precision/1` certificate); a name that is not plain is the checker's to reject.
fn proof_file(cert: &AnyCertificate) -> Option<&str> {
    match cert {
        AnyCertificate::Rank(r) if r.format == RANK_FORMAT => r
            .maximal
            .as_ref()
            .map(|mx| mx.proof.as_str())
            .filter(|n| !n.is_empty() && !n.contains(['/', '\\']) && !n.starts_with('.')),
        AnyCertificate::ReadoutPrecision(r) => Some(r.proof.as_str())
            .filter(|n| !n.is_empty() && !n.contains(['/', '\\']) && !n.starts_with('.')),
        AnyCertificate::Rank2None(r) => Some(r.proof.as_str())
            .filter(|n| !n.is_empty() && !n.contains(['/', '\\']) && !n.starts_with('.')),
        _ => None,
    }
}

impl CertificateCheck {
    /// What the certificate proves, one line; `Rejected` if it does not check (the message
    /// starts with [`REJECTED`], then the checker's detail), `Input`, `TooLarge` or `Io` if
    /// it cannot be checked.
    pub fn run(&self) -> Result<String, Error> {
        match check_any(&self.cert, &self.ctx) {
            Ok(claim) => Ok(claim.to_string()),
            Err(minip_check::Error::Rejected(m)) => Err(Error::Rejected(format!("{REJECTED}: {m}"))),
            Err(e) => Err(e.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("minip-request-verify-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn verify_checks_the_committed_settle_certificates() {
        let job = Verify { paths: vec![root().join("proofs/settle")] }.validate().unwrap();
        assert_eq!((job.certificates.len(), job.viprs.len(), job.skipped.len()), (14, 13, 0));
        let mut lines = String::new();
        let v = job
            .run(&Control::new(), |r| {
                lines.push_str(&line(r));
                Ok(())
            })
            .unwrap();
        assert_eq!(v.summary(), "27 files: 27 verified, 0 failed, 0 invalid, 0 unchecked");
        assert_eq!(v.status(), Ok(0));
        assert_eq!(lines.lines().count(), 27);
        assert!(lines.lines().all(|l| l.starts_with("ok        ")), "{lines}");
    }

    #[test]
    fn verify_refuses_a_missing_path_and_a_walk_with_nothing() {
        let dir = scratch("empty");
        match (Verify { paths: vec![dir.join("none")] }).validate() {
            Err(Error::Io(m)) => assert!(m.starts_with(&dir.join("none").display().to_string()), "{m}"),
            _ => panic!("validated"),
        }
        match (Verify { paths: vec![dir.clone()] }).validate() {
            Err(e) => assert_eq!(e, Error::Input("no certificates found under the given paths".into())),
            _ => panic!("validated"),
        }
        // A VIPR file with no certificate beside it: parsed, unchecked, and nothing was checked.
        std::fs::copy(root().join("proofs/settle/n3_eps1-2_h3_u0_w3_paper_b2.vipr"), dir.join("a.vipr"))
            .unwrap();
        let v =
            Verify { paths: vec![dir.clone()] }.validate().unwrap().run(&Control::new(), |_| Ok(())).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(v.items[0].verdict, "unchecked");
        assert_eq!(
            v.summary(),
            "1 file: 0 verified, 0 failed, 0 invalid, 1 unchecked (VIPR files with no certificate beside \
             them, such as sharp exports, are only parsed here; check them with viprchk, the VIPR \
             project's checker: see the README)"
        );
        assert_eq!(
            v.status(),
            Err(Error::Input(
                "no certificates found under the given paths (1 VIPR file without a certificate beside it)"
                    .into()
            ))
        );
    }

    #[test]
    fn a_tampered_certificate_is_rejected_and_a_malformed_one_is_input() {
        let text =
            std::fs::read_to_string(root().join("proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json")).unwrap();
        let check = |text: String| CheckCertificate { text, ..CheckCertificate::default() }.validate()?.run();
        assert!(check(text.clone()).unwrap().starts_with("broken (gap n=3 eps=1/2 h=2 u=0 w=2"));
        match check(text.replace("\"yhat\": \"-6/17\"", "\"yhat\": \"-6/16\"")) {
            Err(Error::Rejected(m)) => assert!(m.starts_with(&format!("{REJECTED}: ")), "{m}"),
            other => panic!("{other:?}"),
        }
        match check("{ not json".into()) {
            Err(Error::Input(m)) => assert!(m.starts_with("malformed certificate"), "{m}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_rank_certificate_without_its_proof_file_is_a_file_not_given() {
        let dir = root().join("proofs/rank");
        let text = std::fs::read_to_string(dir.join("m08.json")).unwrap();
        let check = |dir: Option<PathBuf>| CheckCertificate { text: text.clone(), dir, files: Vec::new() };
        match check(None).validate() {
            Err(Error::Io(m)) => {
                assert!(
                    m.starts_with(
                        "the proof file 'm08.maximal.drat' this certificate refers to was not given"
                    ),
                    "{m}"
                )
            }
            Err(e) => panic!("{e:?}"),
            Ok(_) => panic!("validated"),
        }
        assert!(check(Some(dir)).validate().unwrap().run().unwrap().starts_with("rank >= 2"));
        let elsewhere = root().join("proofs/settle");
        match check(Some(elsewhere.clone())).validate() {
            Err(Error::Io(m)) => assert_eq!(
                m,
                format!(
                    "the proof file 'm08.maximal.drat' this certificate refers to is not in {}: pass dir= (the directory that holds it)",
                    elsewhere.display()
                )
            ),
            Err(e) => panic!("{e:?}"),
            Ok(_) => panic!("validated"),
        }
    }
}
