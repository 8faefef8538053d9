//! `minip paper`: the paper's claims, each with its status and evidence, the evidence re-checked
//! on this machine (docs/paper.md). Arguments into `crate::request::paper::Paper`; the table,
//! the JSON lines and the HTML page come from `crate::print::paper`.

use super::emit;
use crate::error::Error;
use crate::print::paper::{record, table_text};
use crate::request::paper::Paper;
use clap::Args;
use std::path::PathBuf;

/// The notes of `minip paper --help`.
pub(super) const NOTES: &str = "\
Statuses: proved (in Coq, for every parameter), certified (for the finite parameters listed),
open, false-as-read (false as literally read). Re-check: every certificate path through the checker
(in process), every Coq name through `coqc` (Print Assumptions against the compiled proofs/coq, which
must list only the standard real axioms). Without coqc, or with proofs/coq not built (make -C
proofs/coq), Coq evidence is \"not re-checked here\". Exit 0 unless some row's evidence fails.";

#[derive(Args)]
pub(super) struct PaperArgs {
    /// The repository root, where proofs/ and docs/ are.
    #[arg(long, value_name = "DIR", default_value = ".")]
    root: PathBuf,
    /// One JSON object per claim on stdout (kind "paper.claim").
    #[arg(long)]
    json: bool,
    /// Also write the ledger as one self-contained HTML page (table, frontier plot, evidence).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Do not run Coq: the Coq evidence is "not re-checked here".
    #[arg(long)]
    no_coq: bool,
}

pub(super) fn cmd_paper(a: PaperArgs) -> Result<i32, Error> {
    let coqc = if a.no_coq { None } else { Some(PathBuf::from("coqc")) };
    let job = Paper { root: a.root, coqc, html: a.html.clone() }.validate()?;
    let ledger = job.run(super::ctl())?;
    let rows = ledger.print_rows();
    let failed = rows.iter().filter(|r| r.recheck.verdict == "failed").count();
    let not_here = rows.iter().filter(|r| r.recheck.verdict == "not-re-checked").count();
    let summary = format!(
        "{} claims: {} re-checked, {} not re-checked here, {} failed. {}.",
        rows.len(),
        rows.len() - failed - not_here,
        not_here,
        failed,
        ledger.coq
    );
    if a.json {
        for r in &rows {
            emit(&record(r))?;
        }
        eprintln!("{summary}");
    } else {
        let mut s = table_text(&rows);
        s.push('\n');
        for r in rows.iter().filter(|r| r.recheck.verdict != "re-checked") {
            s.push_str(&format!("{}: {}\n", r.claim.id, r.recheck.detail));
        }
        s.push_str(&summary);
        s.push_str("\nStatements, evidence and what stays open: docs/paper.md (or --html FILE).\n");
        emit(&s)?;
    }
    if let Some(p) = &a.html {
        eprintln!("wrote {}", p.display());
    }
    Ok(ledger.exit_code())
}
