//! `minip readout`: a nonlinear readout (docs/escape.md). Arguments into
//! `crate::request::readout::Readout`; the rows printed by `crate::print::readout`.

use super::{emit, warn};
use crate::print::json;
use crate::print::readout::{text, ReadoutRecord};
use crate::request::readout::{file_name, Readout};
use crate::request::Values;
use clap::Args;
use std::path::PathBuf;

/// The notes of `minip readout --help`.
pub(super) const NOTES: &str = "\
Model: one head, any decoder g_x per query instead of the affine readout; correct iff sequences with
different targets give different outputs o. Each row: the power-sum construction (rank 1, D = 1) with
every sum of n - 1 values sorted and decoded exactly, its bits, and the lower bound on any head's
key state (docs/math.md §13). Limit: at most 1048576 multisets (n = 3: m <= 10; 4: m <= 7; 5: m <= 6).";

#[derive(Args)]
pub(super) struct ReadoutArgs {
    /// Token bits m, or a range such as 1..=10.
    #[arg(long, default_value = "1..=8")]
    m: String,
    /// Sequence length n (3..=5), or a range such as 3..=5.
    #[arg(long, default_value = "3")]
    n: String,
    /// One JSON object per row on stdout (kind "readout.row").
    #[arg(long)]
    json: bool,
    /// Write one minip-readout/1 certificate per row into DIR (mMM_nN.json).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

pub(super) fn cmd_readout(a: ReadoutArgs) -> Result<i32, String> {
    if let Some(dir) = &a.out {
        warn(crate::print::out_dir(dir)?);
    }
    let request = Readout { m: Values::Text(a.m.clone()), n: Values::Text(a.n.clone()), out: a.out.clone() };
    let found = request.run()?;
    let records: Vec<ReadoutRecord> = found
        .rows
        .iter()
        .map(|c| {
            let file = a.out.as_ref().map(|d| d.join(file_name(c.m, c.n)).display().to_string());
            ReadoutRecord::new(c, file)
        })
        .collect();
    if a.json {
        for r in &records {
            emit(&json::record("readout.row", r))?;
        }
    } else {
        emit(&text(&records))?;
    }
    Ok(0)
}
