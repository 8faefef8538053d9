//! `minip export coq CERT... --out DIR`: certificates that the checker accepts, written as
//! Coq data for `proofs/coq` (one `.v` file per CERT argument: a file or a directory,
//! recursively). Parsing and printing only; the text is `crate::print::coq`.

use super::emit;
use crate::print::coq::{module_name, CoqBatch};
use clap::{Args, Subcommand};
use std::collections::BTreeSet;
use std::path::PathBuf;

#[derive(Args)]
pub(super) struct ExportArgs {
    #[command(subcommand)]
    what: ExportWhat,
}

#[derive(Subcommand)]
enum ExportWhat {
    /// Certificates as Coq terms (parameters and multipliers; Coq rebuilds the rows), one .v file per CERT.
    #[command(after_help = super::tail("Compile with: coqc -Q proofs/coq/theories Minip DIR/NAME.v (docs/formal.md).", &[
        "minip export coq proofs/settle --out /tmp/coq",
        "minip export coq proofs/amplify proofs/regression --out /tmp/coq",
    ]))]
    Coq(CoqArgs),
}

#[derive(Args)]
struct CoqArgs {
    /// Certificate files or directories (gap `holds`, sharp lower sides, ratio, ratio-bound, rank-linear).
    #[arg(required = true)]
    certs: Vec<PathBuf>,
    /// Output directory (created if missing); compile with `coqc -Q proofs/coq/theories Minip`.
    #[arg(long)]
    out: PathBuf,
}

pub(super) fn cmd_export(a: ExportArgs) -> Result<i32, String> {
    let ExportWhat::Coq(a) = a.what;
    let mut names = BTreeSet::new();
    let mut plans = Vec::new();
    for c in &a.certs {
        let source = c.display().to_string();
        let name = module_name(&source);
        if !names.insert(name.clone()) {
            return Err(format!("{source}: two arguments give the same Coq file {name}.v"));
        }
        let files = minip_check::verify::collect(std::slice::from_ref(c))?;
        if files.is_empty() {
            return Err(format!("{source}: no certificates found"));
        }
        plans.push((source, name, files));
    }
    // No .v file this run writes may be one of the certificates it reads (or a link to one).
    let inputs =
        plans.iter().flat_map(|p| &p.2).fold(crate::print::Inputs::new(), |i, f| i.add("the certificate", f));
    inputs.refuse_dir("--out", &a.out, |n| plans.iter().any(|p| n == format!("{}.v", p.1)))?;
    if let Some(w) = crate::print::out_dir(&a.out)? {
        super::warn(Some(w));
    }
    for (source, name, files) in plans {
        let mut batch = CoqBatch::default();
        for f in &files {
            let checked = minip_check::verify::verify_file(f);
            if let Err(why) = checked.result {
                return Err(format!("{}: not exported, the checker does not accept it: {why}", f.display()));
            }
            let text = minip_check::read::read_text(f)?;
            let v: serde_json::Value =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", f.display()))?;
            batch.add(&v).map_err(|e| format!("{}: {e}", f.display()))?;
        }
        let path = a.out.join(format!("{name}.v"));
        crate::print::write_file(&path, &batch.render(&source))?;
        emit(&format!(
            "wrote {}: {} gap and {} ratio certificates from {} files ({} with nothing to export)\n",
            path.display(),
            batch.gaps.len(),
            batch.ratios.len(),
            files.len(),
            batch.skipped
        ))?;
    }
    Ok(0)
}
