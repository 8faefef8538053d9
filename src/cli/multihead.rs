//! `minip multihead domination`: several heads against the step of Lemma 3 (docs/escape.md).
//! Arguments into `crate::request::multihead::Domination`; the rows printed by
//! `crate::print::multihead`.

use super::emit;
use crate::print::json;
use crate::print::multihead::{text, DominationRecord};
use crate::request::multihead::Domination;
use crate::request::Values;
use clap::{Args, Subcommand};

#[derive(Args)]
pub(super) struct MultiheadArgs {
    #[command(subcommand)]
    what: MultiheadWhat,
}

#[derive(Subcommand)]
enum MultiheadWhat {
    /// Must some head have alpha(x,y) > K*alpha(x,z)? H exact heads with alpha(x,y) = 0 that solve S1-S3.
    #[command(after_help = super::tail(
        "Each row's heads are recomputed exactly on S1, S2, S3 before it is printed (docs/escape.md).",
        &[
            "minip multihead domination",
            "minip multihead domination --heads 3 --d 3 --n 3 --json",
            "minip multihead domination --out proofs/multihead && minip verify proofs/multihead",
        ],
    ))]
    Domination(DominationArgs),
}

#[derive(Args)]
struct DominationArgs {
    /// Number of heads H (>= 2; one head is Lemma 3 itself).
    #[arg(long, default_value_t = 2)]
    heads: u32,
    /// Gap d, or a range such as 2..=8 (configuration h = w = d, u = 0).
    #[arg(long, default_value = "2..=8")]
    d: String,
    /// Sequence length n, or a range such as 3..=6.
    #[arg(long, default_value = "3..=6")]
    n: String,
    /// Tolerance eps (a rational).
    #[arg(long, default_value = "1/2")]
    eps: String,
    /// One JSON object per row on stdout (kind "multihead.domination").
    #[arg(long)]
    json: bool,
    /// Write one minip-multihead/1 certificate per row into DIR (nN_dD.json; minip verify DIR).
    #[arg(long, value_name = "DIR")]
    out: Option<std::path::PathBuf>,
}

pub(super) fn cmd_multihead(a: MultiheadArgs) -> Result<i32, String> {
    let MultiheadWhat::Domination(a) = a.what;
    let request = Domination {
        heads: a.heads,
        d: Values::Text(a.d.clone()),
        n: Values::Text(a.n.clone()),
        eps: a.eps.clone(),
    };
    // The rows take milliseconds: the directory is made once the input has been checked.
    let found = request.run()?;
    if let Some(dir) = &a.out {
        super::warn(crate::print::out_dir(dir)?);
        found.write(dir)?;
    }
    let records: Vec<DominationRecord> = found
        .rows
        .iter()
        .map(|e| {
            let rows: Vec<_> = e.heads.iter().map(|h| (h.alpha.clone(), h.s.clone())).collect();
            DominationRecord::new(e.n, &e.eps, e.gap.d(), &e.k, &rows, &e.max_error)
        })
        .collect();
    if a.json {
        for r in &records {
            emit(&json::record("multihead.domination", r))?;
        }
    } else {
        emit(&text(&records))?;
    }
    Ok(0)
}
