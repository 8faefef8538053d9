//! `minip rank`: the best certified rank lower bound per `m` (docs/math.md §5), next to the
//! paper's `2^{m/10−6}` and the trivial `2^m`; certificates, JSON lines and an SVG plot.
//! Arguments into a `crate::request::rank::Rank`, its run, and the output: certificates,
//! the plot, the table or JSON lines of `crate::print::rank`.

use super::{ctl, emit, warn};
use crate::error::Error;
use crate::print::svg;
use crate::request::rank::Rank;
use clap::Args;
use std::path::PathBuf;

mod linear;
mod two;
mod weighted;

/// What `minip rank --help` says before the examples.
pub(super) const NOTES: &str = "\
Without --linear: m up to 40 (explicit codes, SAT maximality up to --sat-m-max); larger m: --linear.
With --linear: --m takes even m in 8..=256, then 512 and 1024, as M, a range (other m skipped) or
a comma list, e.g. 24..=256 or 64,128,256,512,1024; --n takes 3..=1024 (a range or list gives one column per n); eps
must be 1/2 (the ratios are closed forms at eps = 1/2). For n > 8 at m = 64, 128, 256 the extended
Hamming code of length m is tried too (its pair counts from its dual by the biweight MacWilliams
identity); above m = 256 it is the only code (m = 512 or 1024, every n; other m: unknown).
With --two: one m in 1..=6; exit 0 when rank <= 2 is refuted (rank >= 3), 2 when two orders satisfy
the formula (unknown: nothing refuted).
Exit 0: every bound printed was certified; 2: an m without a certified bound (unknown).";

#[derive(Args)]
pub struct RankArgs {
    /// Number of bits: M, a range A..=B (both ends included) or a list such as 4,8..=12 (--linear: 64,128,256).
    #[arg(long)]
    m: String,
    /// Sequence length n (≥ 3); with --linear also a range A..=B or a list (one column per n).
    #[arg(long, default_value = "3")]
    n: String,
    /// Bounds from linear codes (direct sums up to m = 256; eham64..1024 by MacWilliams), m up to 1024.
    #[arg(long)]
    linear: bool,
    /// The weighted trace/Frobenius bound for one m (a local search over weighted pairs; m <= 16, or --from).
    #[arg(long)]
    weighted: bool,
    /// Refute feature rank <= 2 at one m by two orders (forced ratios, a SAT formula, a DRAT proof; m <= 6).
    #[arg(long, conflicts_with_all = ["linear", "weighted"])]
    two: bool,
    /// With --weighted: start from this rank certificate's words (minip-rank/2 or minip-rank-weighted/1).
    #[arg(long)]
    from: Option<PathBuf>,
    /// With --weighted: restarts of the local search (0: the start support's optimal weights only).
    #[arg(long, default_value_t = 200)]
    rounds: u32,
    /// With --linear: skip the explicit-code method (the column for m <= 24).
    #[arg(long)]
    no_explicit: bool,
    /// Tolerance ε.
    #[arg(long, default_value = "1/2", allow_hyphen_values = true)]
    eps: String,
    /// Largest query weight h tried.
    #[arg(long, default_value_t = 16)]
    h_max: u32,
    /// SAT search budget per m, in clauses added to the proofs (about one per conflict;
    /// deterministic: the same on any machine and load). 0: constructions only.
    #[arg(long, default_value_t = crate::request::rank::DEFAULT_SAT_BUDGET.to_string())]
    sat_budget: String,
    /// Run the SAT search only for m up to this.
    #[arg(long, default_value_t = 12)]
    sat_m_max: u32,
    /// Write each m's certificate as DIR/m<M>.json.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Draw the bounds against m as SVG.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// With --linear: draw log2(bound)/m against n (one curve per m) with the ceiling and 1, as SVG.
    #[arg(long)]
    plot_n: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Choose codes by the uniform bound ceil(k/(1+(k-1)delta^2)) instead of the entrywise one.
    #[arg(long)]
    uniform: bool,
    /// One JSON object per m on stdout (kind "rank.bound"; "rank.linear" with --linear).
    #[arg(long)]
    json: bool,
}

pub fn cmd_rank(a: RankArgs) -> Result<i32, Error> {
    if a.linear {
        return linear::cmd_rank_linear(a);
    }
    if a.weighted {
        return weighted::cmd_rank_weighted(a);
    }
    if a.two {
        return two::cmd_rank_two(a);
    }
    let n: u32 =
        a.n.trim().parse().map_err(|_| {
            Error::Input(format!("--n: malformed '{}' (a single n ≥ 3 without --linear)", a.n))
        })?;
    let request = Rank {
        m: crate::request::Values::Text(a.m.clone()),
        n,
        eps: a.eps.clone(),
        h_max: a.h_max,
        sat_budget: a.sat_budget.clone(),
        sat_m_max: a.sat_m_max,
        uniform: a.uniform,
        jobs: a.jobs,
    };
    let job = request.validate()?;
    if let Some(p) = &a.plot {
        crate::print::check_target(p)?;
    }
    if let Some(dir) = &a.out {
        warn(crate::print::out_dir(dir)?);
    }
    super::batch_run();
    let found = job.run(ctl());
    for (m, e) in found.unknown() {
        eprintln!("minip: m = {m}: unknown: {e}");
    }
    let ok = found.ok();
    let stopped = found.stopped.clone();
    if let Some(dir) = &a.out {
        found.write(dir)?;
    }
    // A plot is of the whole range: none after an interrupt.
    if let (Some(p), Ok(())) = (&a.plot, &stopped) {
        crate::print::write_file(p, &svg::rank(&crate::request::plot::rank(&ok)))?;
    }
    emit(&if a.json { found.json_lines() } else { found.text() })?;
    stopped?;
    Ok(found.exit_code())
}
