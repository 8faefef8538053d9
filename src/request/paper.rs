//! `minip paper` as a request: the ledger of `crate::print::paper` with each row's evidence
//! re-checked on this machine. Certificates go through the checker, in process (the walk and
//! checks of `minip verify`); Coq theorems through `coqc`: one small file of `Print Assumptions`
//! lines loaded against the compiled development (`make -C proofs/coq`), each of which must
//! list only the standard real axioms. A missing `coqc`, or a development that is not built or
//! older than its sources, leaves the Coq evidence "not re-checked here", never failed.

use super::{Control, Error};
use crate::print::paper::{Claim, Recheck, LEDGER};
use crate::request::verify::Verify;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The axioms of Coq's standard library of real numbers (8.16), the only ones a theorem of the
/// ledger may rest on (docs/formal.md, "What is trusted").
pub const STANDARD_AXIOMS: [&str; 3] = [
    "ClassicalDedekindReals.sig_forall_dec",
    "ClassicalDedekindReals.sig_not_dec",
    "FunctionalExtensionality.functional_extensionality_dep",
];

/// The frontier plot the HTML page shows, under the root.
pub const FRONTIER_SVG: &str = "docs/frontier.svg";

/// `minip paper`: the repository whose `proofs/` holds the evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paper {
    /// The repository root (`proofs/` and `docs/` under it).
    pub root: PathBuf,
    /// The Coq compiler to run (`coqc` on the PATH by default); `None`: do not run Coq.
    pub coqc: Option<PathBuf>,
    /// Also write the ledger as one self-contained HTML page here (`--html`).
    pub html: Option<PathBuf>,
}

impl Default for Paper {
    fn default() -> Paper {
        Paper { root: PathBuf::from("."), coqc: Some(PathBuf::from("coqc")), html: None }
    }
}

/// A validated `paper`: the root holds `proofs/`.
pub struct PaperJob {
    root: PathBuf,
    coqc: Option<PathBuf>,
    /// The page's file and the frontier plot it shows (docs/frontier.svg, read up front).
    html: Option<(PathBuf, String)>,
}

impl Paper {
    /// Refuses a root without `proofs/` (before any work).
    pub fn validate(&self) -> Result<PaperJob, Error> {
        if !self.root.join("proofs").is_dir() {
            return Err(Error::Input(format!(
                "{}: no proofs/ directory here: run from the repository root or give --root",
                self.root.display()
            )));
        }
        let html = match &self.html {
            None => None,
            Some(out) => {
                crate::print::Inputs::new()
                    .add("the frontier plot", &self.root.join(FRONTIER_SVG))
                    .refuse_file("--html", out)?;
                crate::print::check_target(out).map_err(|e| e.at("--html"))?;
                let svg = std::fs::read_to_string(self.root.join(FRONTIER_SVG))
                    .map_err(|e| Error::Input(format!("{}: {e}", self.root.join(FRONTIER_SVG).display())))?;
                Some((out.clone(), svg))
            }
        };
        Ok(PaperJob { root: self.root.clone(), coqc: self.coqc.clone(), html })
    }
}

/// The ledger with its re-checks, in the ledger's order.
#[derive(Clone, Debug)]
pub struct Ledger {
    pub rows: Vec<(&'static Claim, Recheck)>,
    /// How the Coq evidence was treated on this machine, one line.
    pub coq: String,
}

impl Ledger {
    /// 0 when no row's evidence failed to re-check, 1 otherwise (rows not re-checked here do not
    /// fail).
    pub fn exit_code(&self) -> i32 {
        if self.rows.iter().any(|(_, r)| r.verdict == "failed") {
            1
        } else {
            0
        }
    }

    /// The rows as the printers take them.
    pub fn print_rows(&self) -> Vec<crate::print::paper::Row<'_>> {
        self.rows.iter().map(|(c, r)| crate::print::paper::Row { claim: c, recheck: r }).collect()
    }
}

/// What a piece of evidence came to.
#[derive(Clone, Debug)]
enum Outcome {
    /// Checked: how many files (certificates) or 1 (a theorem).
    Ok(usize),
    Failed(String),
    NotHere(String),
}

impl PaperJob {
    /// Re-checks every row's evidence: each certificate path once (in parallel, with a progress
    /// bar through `ctl`), then every Coq name in one `coqc` run.
    pub fn run(&self, ctl: &Control) -> Result<Ledger, Error> {
        let certs = self.certificates(ctl)?;
        let (coq, coq_line) = self.coq(ctl);
        let rows = LEDGER
            .iter()
            .map(|c| {
                let mut checked_certs = 0;
                let mut checked_coq = 0;
                let mut failed = Vec::new();
                let mut not_here = Vec::new();
                for p in c.certificates {
                    match &certs[*p] {
                        Outcome::Ok(n) => checked_certs += n,
                        Outcome::Failed(why) => failed.push(why.clone()),
                        Outcome::NotHere(why) => not_here.push(why.clone()),
                    }
                }
                for t in c.coq {
                    match &coq[*t] {
                        Outcome::Ok(_) => checked_coq += 1,
                        Outcome::Failed(why) => failed.push(why.clone()),
                        Outcome::NotHere(why) => not_here.push(why.clone()),
                    }
                }
                failed.dedup();
                not_here.dedup();
                let checked = checked_certs + checked_coq;
                let (verdict, detail) = if !failed.is_empty() {
                    ("failed", failed.join("; "))
                } else if !not_here.is_empty() && checked > 0 {
                    (
                        "not-re-checked",
                        format!(
                            "not re-checked here: {}; {}",
                            not_here.join("; "),
                            evidence_line(checked_certs, checked_coq)
                        ),
                    )
                } else if !not_here.is_empty() {
                    ("not-re-checked", format!("not re-checked here: {}", not_here.join("; ")))
                } else {
                    ("re-checked", evidence_line(checked_certs, checked_coq))
                };
                let r = Recheck {
                    verdict: verdict.to_string(),
                    certificates_checked: checked_certs,
                    coq_checked: checked_coq,
                    detail,
                };
                (c, r)
            })
            .collect();
        let ledger = Ledger { rows, coq: coq_line };
        if let Some((out, svg)) = &self.html {
            let machine = format!("Re-checked by minip {}: {}.", env!("CARGO_PKG_VERSION"), ledger.coq);
            let page = crate::print::paper::html(&ledger.print_rows(), svg, &machine);
            crate::print::write_file(out, &page).map_err(|e| e.at("--html"))?;
        }
        Ok(ledger)
    }

    /// Every certificate path of the ledger, checked once: `Ok(files)` when every file under it
    /// verified (VIPR files without a certificate beside them are parsed only, as in `verify`).
    fn certificates(&self, ctl: &Control) -> Result<BTreeMap<&'static str, Outcome>, Error> {
        let mut out = BTreeMap::new();
        let mut present = Vec::new();
        for c in LEDGER {
            for p in c.certificates {
                if out.contains_key(p) {
                    continue;
                }
                let full = self.root.join(p);
                if full.exists() {
                    present.push(*p);
                    out.insert(*p, Outcome::Ok(0));
                } else {
                    out.insert(*p, Outcome::Failed(format!("{p}: missing")));
                }
            }
        }
        if present.is_empty() {
            return Ok(out);
        }
        // Each file once: a path under another ledger path is walked with it.
        let paths: Vec<PathBuf> = present
            .iter()
            .filter(|p| !present.iter().any(|q| q != *p && self.root.join(p).starts_with(self.root.join(q))))
            .map(|p| self.root.join(p))
            .collect();
        let done = Verify { paths }.validate()?.run(ctl, |_| Ok(()))?;
        if let Some(e) = done.interrupted {
            return Err(e);
        }
        for item in &done.items {
            let path = Path::new(&item.path);
            let ok = matches!(item.verdict.as_str(), "verified" | "unchecked" | "skipped");
            // Nested ledger paths (proofs/rank and proofs/rank/m04.json) share a file's result.
            for q in present.iter().filter(|q| path.starts_with(self.root.join(q))) {
                let entry = out.get_mut(q).expect("listed");
                match (entry.clone(), ok) {
                    (Outcome::Ok(n), true) => {
                        *entry = Outcome::Ok(n + usize::from(item.verdict != "skipped"))
                    }
                    (Outcome::Ok(_), false) => {
                        let why = item.reason.clone().unwrap_or_default();
                        *entry = Outcome::Failed(format!("{}: {} ({why})", item.path, item.verdict));
                    }
                    _ => {}
                }
            }
        }
        for p in &present {
            if matches!(out[p], Outcome::Ok(0)) {
                out.insert(*p, Outcome::Failed(format!("{p}: no certificate files")));
            }
        }
        Ok(out)
    }

    /// Every Coq name of the ledger through one `coqc` run of `Print Assumptions` lines, and
    /// the line that says how (or why not).
    fn coq(&self, ctl: &Control) -> (BTreeMap<&'static str, Outcome>, String) {
        let names: Vec<&'static str> = {
            let mut v: Vec<&'static str> = LEDGER.iter().flat_map(|c| c.coq.iter().copied()).collect();
            v.sort();
            v.dedup();
            v
        };
        let all = |o: Outcome| names.iter().map(|n| (*n, o.clone())).collect::<BTreeMap<_, _>>();
        let Some(coqc) = &self.coqc else {
            let why = "Coq not run (--no-coq)".to_string();
            return (all(Outcome::NotHere(why.clone())), why);
        };
        let version = Command::new(coqc).arg("--version").output();
        if !version.as_ref().is_ok_and(|o| o.status.success()) {
            let why = format!("{} is not installed", coqc.display());
            return (all(Outcome::NotHere(why.clone())), why);
        }
        let theories = self.root.join("proofs/coq/theories");
        if let Err(why) = built(&theories) {
            return (all(Outcome::NotHere(why.clone())), why);
        }
        // coqc runs in a scratch directory: the development's path must not be relative.
        let Ok(theories) = std::fs::canonicalize(&theories) else {
            let why = "proofs/coq/theories cannot be resolved".to_string();
            return (all(Outcome::NotHere(why.clone())), why);
        };
        let meter = ctl.meter(1, "Coq runs");
        let result = print_assumptions(coqc, &theories, &names);
        meter.inc(1);
        meter.finish();
        match result {
            Ok(per) => {
                let line = format!(
                    "{} Coq theorems: Print Assumptions through {} against the compiled proofs/coq, standard real axioms only",
                    names.len(),
                    coqc.display()
                );
                (names.iter().copied().zip(per).collect(), line)
            }
            Err(why) => {
                let line = format!("coqc failed: {why}");
                (all(Outcome::Failed(line.clone())), line)
            }
        }
    }
}

/// `2 certificate files and 3 Coq theorems checked`.
fn evidence_line(certs: usize, coq: usize) -> String {
    let mut parts = Vec::new();
    if certs > 0 {
        parts.push(crate::print::count(certs, "certificate file", "certificate files"));
    }
    if coq > 0 {
        parts.push(crate::print::count(coq, "Coq theorem", "Coq theorems"));
    }
    format!("{} checked", parts.join(" and "))
}

/// `Ok` when every `X.v` of the development has an `X.vo` at least as new.
fn built(theories: &Path) -> Result<(), String> {
    let not_built = || "proofs/coq is not built or older than its sources (make -C proofs/coq)".to_string();
    let entries = std::fs::read_dir(theories).map_err(|_| not_built())?;
    let mut any = false;
    for e in entries.flatten() {
        let v = e.path();
        if v.extension().is_none_or(|x| x != "v") {
            continue;
        }
        any = true;
        let vo = v.with_extension("vo");
        let (Ok(src), Ok(obj)) = (std::fs::metadata(&v), std::fs::metadata(&vo)) else {
            return Err(not_built());
        };
        match (src.modified(), obj.modified()) {
            (Ok(s), Ok(o)) if o >= s => {}
            _ => return Err(not_built()),
        }
    }
    if any {
        Ok(())
    } else {
        Err(not_built())
    }
}

/// Re-checks `names` with as few `coqc` runs as it can: one file that loads their modules,
/// packs every theorem into one tuple (which fails if a name does not exist) and prints the
/// tuple's assumptions (about 2 s of CPU in all; one `Print Assumptions` per theorem costs
/// 0.5 s each). A name or module that does not exist fails alone and the rest are run again;
/// a non-standard axiom in the union sends each theorem through its own `Print Assumptions`.
fn print_assumptions(coqc: &Path, theories: &Path, names: &[&str]) -> Result<Vec<Outcome>, String> {
    let mut out: BTreeMap<&str, Outcome> = BTreeMap::new();
    let mut left: Vec<&str> = names.to_vec();
    while !left.is_empty() {
        let tuple: Vec<String> = left.iter().map(|n| format!("@Minip.{n}")).collect();
        let text = format!(
            "{}Definition minip_ledger := ({}).\nPrint Assumptions minip_ledger.\n",
            require(&left),
            tuple.join(", ")
        );
        let (ok, log) = run_coqc(coqc, theories, &text)?;
        if ok {
            let blocks = assumption_blocks(&log);
            let standard =
                blocks.len() == 1 && blocks[0].iter().all(|a| STANDARD_AXIOMS.contains(&a.as_str()));
            if standard {
                for n in &left {
                    out.insert(*n, Outcome::Ok(1));
                }
            } else {
                for (n, o) in one_by_one(coqc, theories, &left)? {
                    out.insert(n, o);
                }
            }
            break;
        }
        // A missing theorem or module: it fails, the others are asked again.
        let gone: Vec<&str> = if let Some(r) = between(&log, "The reference Minip.", " was not found") {
            left.iter().copied().filter(|n| *n == r).collect()
        } else if let Some(m) = between(&log, "logical path ", " with prefix Minip") {
            left.iter().copied().filter(|n| n.split('.').next() == Some(m.as_str())).collect()
        } else {
            Vec::new()
        };
        if gone.is_empty() {
            return Err(first_error(&log));
        }
        for n in gone {
            out.insert(n, Outcome::Failed(format!("Minip.{n} not found in proofs/coq")));
            left.retain(|l| *l != n);
        }
    }
    Ok(names
        .iter()
        .map(|n| out.remove(n).unwrap_or_else(|| Outcome::Failed(format!("Minip.{n} not checked"))))
        .collect())
}

/// Each theorem's own `Print Assumptions` (the slow path, when the union is not standard).
fn one_by_one<'a>(
    coqc: &Path,
    theories: &Path,
    names: &[&'a str],
) -> Result<Vec<(&'a str, Outcome)>, String> {
    let mut text = require(names);
    for n in names {
        text.push_str(&format!("Print Assumptions Minip.{n}.\n"));
    }
    let (ok, log) = run_coqc(coqc, theories, &text)?;
    if !ok {
        return Err(first_error(&log));
    }
    let blocks = assumption_blocks(&log);
    if blocks.len() != names.len() {
        return Err(format!("{} answers to {} Print Assumptions", blocks.len(), names.len()));
    }
    Ok(names
        .iter()
        .zip(blocks)
        .map(|(n, axioms)| match axioms.iter().find(|a| !STANDARD_AXIOMS.contains(&a.as_str())) {
            None => (*n, Outcome::Ok(1)),
            Some(a) => (*n, Outcome::Failed(format!("Minip.{n} assumes {a}"))),
        })
        .collect())
}

/// `From Minip Require A B.` for the modules of `names`.
fn require(names: &[&str]) -> String {
    let mut modules: Vec<&str> = names.iter().map(|n| n.split('.').next().unwrap_or(n)).collect();
    modules.sort();
    modules.dedup();
    format!("From Minip Require {}.\n", modules.join(" "))
}

/// The text of `log` between `from` and `to` on one line (Coq may break a line: spaces joined).
fn between(log: &str, from: &str, to: &str) -> Option<String> {
    let flat = log.split_whitespace().collect::<Vec<_>>().join(" ");
    let i = flat.find(from)? + from.len();
    let j = flat[i..].find(to)? + i;
    Some(flat[i..j].to_string())
}

/// The first error of a coqc log, on one line.
fn first_error(log: &str) -> String {
    let flat = log.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.find("Error:") {
        Some(i) => flat[i..].chars().take(200).collect(),
        None => "coqc failed without a message".to_string(),
    }
}

/// Compiles `text` as one file in a scratch directory against the development; returns
/// (success, stdout + stderr).
fn run_coqc(coqc: &Path, theories: &Path, text: &str) -> Result<(bool, String), String> {
    let dir = std::env::temp_dir().join(format!("minip-paper-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    crate::print::remember_temporary(&dir);
    let file = dir.join("MinipPaper.v");
    let result = std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display())).and_then(|_| {
        Command::new(coqc)
            .args(["-w", "-notation-overridden,-ambiguous-paths", "-Q"])
            .arg(theories)
            .arg("Minip")
            .arg(&file)
            .current_dir(&dir)
            .output()
            .map_err(|e| format!("{}: {e}", coqc.display()))
    });
    let _ = std::fs::remove_dir_all(&dir);
    crate::print::forget_temporary(&dir);
    let out = result?;
    let log = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    Ok((out.status.success(), log))
}

/// The axiom names of each `Print Assumptions` answer, in order (`Closed under the global
/// context`: none; `Axioms:` then one `name : type` line per axiom, continuations indented).
pub fn assumption_blocks(log: &str) -> Vec<Vec<String>> {
    let mut blocks: Vec<Vec<String>> = Vec::new();
    let mut open = false;
    for l in log.lines() {
        if l.starts_with("Closed under the global context") {
            blocks.push(Vec::new());
            open = false;
        } else if l.starts_with("Axioms:") {
            blocks.push(Vec::new());
            open = true;
        } else if open && !l.is_empty() && !l.starts_with(' ') {
            if let Some(b) = blocks.last_mut() {
                b.push(l.split(" : ").next().unwrap_or(l).trim().to_string());
            }
        }
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assumption_blocks_read_names_and_closed_answers() {
        let log = "Axioms:\nClassicalDedekindReals.sig_forall_dec\n  : forall P : nat -> Prop,\n    \
                   {n | ~ P n} + {forall n, P n}\nFunctionalExtensionality.functional_extensionality_dep : forall x, x\n\
                   Closed under the global context\nAxioms:\nMy.axiom : False\n";
        let b = assumption_blocks(log);
        assert_eq!(
            b,
            vec![
                vec![
                    "ClassicalDedekindReals.sig_forall_dec".to_string(),
                    "FunctionalExtensionality.functional_extensionality_dep".to_string()
                ],
                vec![],
                vec!["My.axiom".to_string()],
            ]
        );
    }

    #[test]
    fn a_root_without_proofs_is_refused() {
        let e = Paper { root: PathBuf::from("/nonexistent-minip-root"), coqc: None, html: None }
            .validate()
            .err()
            .unwrap();
        assert!(matches!(e, Error::Input(_)) && e.message().contains("no proofs/ directory"), "{e}");
    }

    #[test]
    fn every_ledger_id_is_unique_and_every_row_has_evidence_or_is_open() {
        let mut ids: Vec<&str> = LEDGER.iter().map(|c| c.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), LEDGER.len());
        for c in LEDGER {
            assert!(!c.coq.is_empty() || !c.certificates.is_empty(), "{}: no evidence", c.id);
        }
    }
}
