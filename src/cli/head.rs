//! `minip head verify|attack|bench|search` and `minip transition`: arguments into the
//! requests of `crate::request::head` and `crate::request::head_search`, their runs, and the
//! reports of `crate::print::head`.

use super::{ctl, emit, warn};
use crate::error::Error;
use crate::request::head::{self as request, HeadAttack, HeadBench, HeadVerify, Transition};
use crate::request::head_search::HeadSearch;
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Args)]
pub struct HeadArgs {
    #[command(subcommand)]
    cmd: HeadCmd,
}

#[derive(Subcommand)]
enum HeadCmd {
    /// Evaluate a head exactly on every sequence of length 1..=L over {0,1}^m.
    #[command(after_help = super::tail("Exit 0: the head is correct on every sequence; 1: it fails on one (printed).", &[
        "minip head verify softmax --m 8 --len 3",
        "minip head verify exact --m 4 --base 2 --len 3     # fails: error exactly 1/2",
        "minip head verify instances/heads/linear-overlap.json --m 3 --len 3",
    ]))]
    Verify(VerifyArgs),
    /// Find a failing length-n sequence (gap domination on the head's kernel, then exhaustive).
    #[command(after_help = super::tail("Exit 0: nothing found (the head is correct on every length-n sequence); 1: a failure, confirmed exactly.", &[
        "minip head attack rank1 --m 3",
        "minip head attack softmax --m 4 --n 4 --json",
    ]))]
    Attack(AttackArgs),
    /// Measure exhaustive verification speed (softmax, length 3, m = 1..=M).
    #[command(after_help = super::tail("", &["minip head bench", "minip head bench --m-max 6"]))]
    Bench(BenchArgs),
    /// Search for a head of a given feature rank (first-order descent, or alternating LPs), certify it exactly.
    #[command(after_help = super::tail(SEARCH_NOTES, &[
        "minip head search --m 6 --rank 4 --restarts 4 --seed 1 --out proofs/search",
        "minip head search --m 8 --rank 8 --restarts 2 --jobs 1",
        "minip head search --m 4 --rank 2 --method lp --iterations 100 --out /tmp/search",
    ]))]
    Search(SearchArgs),
}

/// The notes of `minip head search --help`.
const SEARCH_NOTES: &str = "\
--method gradient (the default): Adam on a squared hinge of every length-3 sequence's error (level
0.4) over nonnegative Phi, Psi and the values, restarts in parallel (--start mixed: a factorization
of the softmax kernel, perturbed symmetric subset features, random, in turn). A float head with
every error below 0.49 is rounded, its values re-solved per query by an LP, and checked exactly.
--method lp: alternating LPs on alpha = Phi Psi^T (Phi step one LP per query, Psi step one LP; row
generation from m = 6) until every sequence is within 0.45, or a stall.
A head found is checked exactly at eps = 1/2 (minip-search-head/1) and, with --out, written as
mMM.rR.json and mMM.rR.head (docs/frontier.md, \"Searched heads\"). Progress on stderr. A run is
determined by its options (any --jobs) unless --time-limit ends it. Exit 0: a head was
certified; 2: none found (unknown: not a lower bound), or bad input.";

#[derive(Args)]
struct Select {
    /// A built-in (rank1, softmax, exact) or a head file (docs/heads.md).
    head: String,
    /// Number of bits m (optional when the head file fixes it).
    #[arg(long)]
    m: Option<u32>,
    /// Base B of softmax (default 6) or exact (default max(2, length)).
    #[arg(long)]
    base: Option<String>,
    /// Tolerance ε.
    #[arg(long, default_value = "1/2", allow_hyphen_values = true)]
    eps: String,
    /// Do not use the coordinate-permutation symmetry even if the head is invariant.
    #[arg(long)]
    no_symmetry: bool,
    /// One JSON object on stdout instead of the table.
    #[arg(long)]
    json: bool,
}

impl Select {
    /// The head as the requests take it.
    fn request(&self) -> request::Select {
        request::Select {
            head: self.head.clone(),
            m: self.m,
            base: self.base.clone(),
            eps: self.eps.clone(),
            symmetry: !self.no_symmetry,
        }
    }
}

#[derive(Args)]
struct VerifyArgs {
    #[command(flatten)]
    sel: Select,
    /// Longest sequence length L (every length 1..=L is checked).
    #[arg(long)]
    len: u32,
}

#[derive(Args)]
struct AttackArgs {
    #[command(flatten)]
    sel: Select,
    /// Sequence length n (≥ 3).
    #[arg(long, default_value_t = 3)]
    n: u32,
}

#[derive(Args)]
struct BenchArgs {
    /// Largest m.
    #[arg(long, default_value_t = 8)]
    m_max: u32,
}

#[derive(Args)]
struct SearchArgs {
    /// Number of bits m (1..=8).
    #[arg(long, default_value_t = 4)]
    m: u32,
    /// Feature rank r of alpha = Phi Psi^T (1..=2^m).
    #[arg(long, default_value_t = 2)]
    rank: usize,
    /// gradient (first-order descent) or lp (alternating LPs).
    #[arg(long, default_value = "gradient")]
    method: String,
    /// Seed of the pseudo-random starts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Starts, each until it succeeds or stalls (1..=10000).
    #[arg(long, default_value_t = 20)]
    restarts: u32,
    /// Largest number of steps per restart (gradient: default 20000, at most 1000000; lp: default 100, at most 10000).
    #[arg(long)]
    iterations: Option<u32>,
    /// Kind of start of the gradient method: mixed, softmax, subsets or random.
    #[arg(long)]
    start: Option<String>,
    /// Wall-clock limit of the gradient method in seconds (the result then depends on the machine).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Worker threads (restarts in parallel; default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Write the certified head into DIR (mMM.rR.json and mMM.rR.head).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// One JSON object on stdout instead of the summary (kind "head.search").
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct TransitionArgs {
    /// Largest m (the table covers m = 1..=M).
    #[arg(long, default_value_t = 8)]
    m_max: u32,
    /// Length L of the exact-head columns (base L passes, base L − 1 fails).
    #[arg(long, default_value_t = 3)]
    exact_len: u32,
    /// One JSON object per entry instead of the table.
    #[arg(long)]
    json: bool,
}

pub fn cmd_head(a: HeadArgs) -> Result<i32, Error> {
    match a.cmd {
        HeadCmd::Verify(v) => cmd_verify(v),
        HeadCmd::Attack(v) => cmd_attack(v),
        HeadCmd::Bench(v) => cmd_bench(v),
        HeadCmd::Search(v) => cmd_search(v),
    }
}

fn cmd_verify(a: VerifyArgs) -> Result<i32, Error> {
    let done = HeadVerify { select: a.sel.request(), len: a.len }.validate().and_then(|job| job.run(ctl()));
    let v = done?;
    emit(&if a.sel.json { v.json_line() } else { v.text() })?;
    Ok(v.exit_code())
}

fn cmd_attack(a: AttackArgs) -> Result<i32, Error> {
    let done = HeadAttack { select: a.sel.request(), n: a.n }.validate().and_then(|job| job.run(ctl()));
    let at = done?;
    emit(&if a.sel.json { at.json_line() } else { at.text() })?;
    Ok(at.exit_code())
}

fn cmd_bench(a: BenchArgs) -> Result<i32, Error> {
    let done = HeadBench { m_max: a.m_max }.validate().and_then(|job| job.run());
    let bench = done?;
    emit(&bench.text())?;
    Ok(0)
}

fn cmd_search(a: SearchArgs) -> Result<i32, Error> {
    let method = crate::request::head_search::Method::parse(&a.method)?;
    let start = a.start.as_deref().map(crate::request::head_search::parse_start).transpose()?;
    let request = HeadSearch {
        m: a.m,
        rank: a.rank,
        seed: a.seed,
        restarts: a.restarts,
        iterations: a.iterations,
        method,
        start,
        time_limit: a.time_limit,
        out: a.out.clone(),
        jobs: a.jobs,
    };
    let job = request.validate()?;
    if let Some(dir) = &a.out {
        warn(crate::print::out_dir(dir)?);
    }
    let found = job.run(ctl(), |l| eprintln!("{l}"))?;
    eprintln!("search took {:.1} s", found.seconds);
    emit(&if a.json { found.json_line() } else { found.text() })?;
    Ok(found.exit_code())
}

pub fn cmd_transition(a: TransitionArgs) -> Result<i32, Error> {
    let done =
        Transition { m_max: a.m_max, exact_len: a.exact_len }.validate().and_then(|job| job.run(ctl()));
    let t = done?;
    emit(&if a.json { t.json_lines() } else { t.text() })?;
    Ok(t.exit_code())
}
