//! `minip frontier`: per `m`, the certified lower bound on the feature rank and the certified
//! upper bounds from overlap-polynomial heads (docs/frontier.md, docs/math.md §10); a table,
//! JSON lines (`frontier.row`), certificates and a plot. The work is `crate::batch::frontier`.

use super::{ctl, emit};
use crate::error::Error;
use crate::print::svg;
use crate::request::frontier::Row;
use crate::request::frontier::{Frontier, Job};
use crate::request::frontier_files as files;
use clap::Args;
use std::path::PathBuf;

/// What `minip frontier --help` says before the examples.
pub(super) const NOTES: &str = "\
lower: a checked rank certificate whose claim implies the row's (m' <= m, n' <= N, eps' >= 1/2; others
skipped with a warning); upper: exact ranks of overlap-polynomial heads (docs/math.md §10); m <= 64,
--n N <= 1024 (§10.10). Exit 1: a lower bound rejected; 2: an entry unknown, or lower > upper.";

#[derive(Args)]
pub struct FrontierArgs {
    /// Sequence length N, a range A..=B or a list such as 3,8 (heads correct on every length <= N).
    #[arg(long, default_value = "3")]
    n: String,
    /// Bits per token: M, a range A..=B (both ends included) or a list such as 4,8..=12.
    #[arg(long, default_value = "4..=64")]
    m: String,
    /// Take every STEP-th m of each range A..=B, from its start (2: even m from an even start);
    /// values listed one by one (--m 5,6) are all kept.
    #[arg(long, default_value_t = 2)]
    step: u32,
    /// Kernel classes, comma-separated: per-weight (or per_weight), shared, sparse, signed, or all.
    #[arg(long, default_value = "per_weight,shared,signed")]
    kernel: String,
    /// Shared (and sparse) columns only for m up to this (their LP has every query weight).
    #[arg(long, default_value_t = 32)]
    shared_m_max: u32,
    /// Sparse column only for m up to this.
    #[arg(long, default_value_t = 24)]
    sparse_m_max: u32,
    /// Supports decided per m by the sparse search.
    #[arg(long, default_value_t = 80)]
    sparse_attempts: usize,
    /// Directory of minip-rank/2 certificates mMM.json for the lower bound; '-' for none
    /// [default: the committed proofs/rank, built into minip].
    #[arg(long)]
    rank_dir: Option<PathBuf>,
    /// Directory of linear-code rank certificates n3_mMMM.json (minip-rank-linear/1); '-' for none
    /// [default: the committed proofs/rank-linear, built into minip].
    #[arg(long)]
    rank_linear_dir: Option<PathBuf>,
    /// Write every certificate to DIR (mMM.<class>.json, .none.json; head files mMM.per_weight.head, mMM.shared.head for m <= 8; N > 3 in DIR/nN).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Draw log2(bound)/m against m as SVG.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// One JSON object per m on stdout (kind "frontier.row").
    #[arg(long)]
    json: bool,
}

pub fn cmd_frontier(a: FrontierArgs) -> Result<i32, Error> {
    let request = Frontier {
        m: crate::request::Values::Text(a.m.clone()),
        step: a.step,
        n: a.n.clone(),
        kernel: a.kernel.clone(),
        shared_m_max: a.shared_m_max,
        sparse_m_max: a.sparse_m_max,
        sparse_attempts: a.sparse_attempts,
        rank_dir: a.rank_dir.clone(),
        rank_linear_dir: a.rank_linear_dir.clone(),
        jobs: a.jobs,
    };
    let job = request.validate()?;
    if let Some(p) = &a.plot {
        job.plot_target(p)?;
    }
    if let Some(dir) = &a.out {
        super::warn(job.out_dir(dir)?);
    }
    let ns = &job.ns;
    let mut code = 0;
    let mut all_rows: Vec<(u32, Vec<Row>)> = Vec::new();
    for &n in ns {
        let out = a.out.as_ref().map(|d| files::out_for(d, n));
        if let Some(dir) = out.as_ref().filter(|_| n != 3) {
            super::warn(crate::print::out_dir(dir)?);
        }
        let c = one_n(&a, &job, n, out.as_ref(), &mut all_rows)?;
        code = code.max(c);
        if c == 1 {
            return Ok(1);
        }
    }
    if let (Some(p), true) = (&a.plot, ns.len() > 1 || ns[0] != 3) {
        crate::print::write_file(p, &svg::frontier_by_n(&crate::request::plot::frontier_by_n(&all_rows)))?;
    }
    Ok(code)
}

/// One sequence length: lower bounds, the run, certificates, the table or JSON.
fn one_n(
    a: &FrontierArgs,
    job: &Job,
    n: u32,
    out: Option<&PathBuf>,
    all_rows: &mut Vec<(u32, Vec<Row>)>,
) -> Result<i32, Error> {
    // Lower bounds first: a rejected committed certificate is a failed check (exit 1). Only
    // certificates at m' ≤ the largest m asked for can give a bound; no other is read.
    let mut warnings = 0;
    let lowers = match job.lowers(n, &mut |w| {
        warnings += 1;
        super::warn(Some(w))
    }) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("minip: error: {}", e.message());
            return Ok(e.exit_code());
        }
    };
    super::batch_run();
    let mut length = job.run(n, lowers, ctl())?;
    length.warnings = warnings;
    for (m, name, e) in length.unknown() {
        eprintln!("minip: m = {m}: {name}: unknown: {e}");
    }
    let (rows, stopped) = (length.rows.clone(), length.stopped.clone());
    if let Some(dir) = out {
        files::write_certificates(dir, n, &rows)?;
    }
    // A plot is of the whole range: none after an interrupt.
    if let (Some(p), Ok(()), true) = (&a.plot, &stopped, a.n.trim() == "3") {
        crate::print::write_file(p, &svg::frontier(&crate::request::plot::frontier(&rows)))?;
    }
    emit(&if a.json { length.json_lines() } else { length.text() })?;
    eprintln!("minip: {}", length.summary());
    // An interrupt ends the command (the lengths after this one are not run).
    stopped?;
    let code = length.exit_code();
    all_rows.push((n, rows));
    Ok(code)
}
