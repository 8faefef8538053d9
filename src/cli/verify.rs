//! `minip verify`: certificate and VIPR files checked by the checker crate, one line (or JSON
//! record) per file as it is done, the summary on stderr. Arguments into
//! `crate::request::verify::Verify`, its result printed.

use super::{ctl, emit};
use crate::error::Error;
use crate::print::json;
use crate::request::verify::{self, Verify};
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub struct VerifyArgs {
    /// Files or directories, searched recursively for *.json certificates and *.vipr exports (a
    /// .vipr is matched to the certificate it was printed from, else listed UNCHECKED; minip-check
    /// reads *.json only, so its file count leaves the .vipr files out).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// One JSON object per file on stdout (kind "verify.file"); the summary goes to stderr.
    #[arg(long)]
    json: bool,
}

pub fn cmd_verify(a: VerifyArgs) -> Result<i32, Error> {
    let job = Verify { paths: a.paths }.validate()?;
    super::batch_run();
    let json = a.json;
    let verified =
        job.run(ctl(), |r| emit(&if json { json::record("verify.file", r) } else { verify::line(r) }))?;
    eprintln!("{}", verified.summary());
    verified.status()
}
