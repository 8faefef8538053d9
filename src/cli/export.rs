//! `minip export coq CERT... --out DIR`: certificates that the checker accepts, written as
//! Coq data for `proofs/coq` (one `.v` file per CERT argument: a file or a directory,
//! recursively). Arguments into `crate::request::export::ExportCoq`, its lines printed.

use super::emit;
use crate::error::Error;
use crate::request::export::ExportCoq;
use crate::request::gap::out_dir;
use clap::{Args, Subcommand};
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

pub(super) fn cmd_export(a: ExportArgs) -> Result<i32, Error> {
    let ExportWhat::Coq(a) = a.what;
    let job = ExportCoq { certs: a.certs, out: a.out.clone() }.validate()?;
    super::warn(out_dir(&a.out)?);
    super::batch_run();
    job.run(super::ctl(), |w| emit(&w.line()))?;
    Ok(0)
}
