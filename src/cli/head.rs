//! `minip head verify|attack|bench` and `minip transition`: arguments into the requests of
//! `crate::request::head`, their runs, and the reports of `crate::print::head`.

use super::{ctl, emit, report};
use crate::request::head::{self as request, HeadAttack, HeadBench, HeadVerify, Transition};
use clap::{Args, Subcommand};

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
}

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

pub fn cmd_head(a: HeadArgs) -> Result<i32, String> {
    match a.cmd {
        HeadCmd::Verify(v) => cmd_verify(v),
        HeadCmd::Attack(v) => cmd_attack(v),
        HeadCmd::Bench(v) => cmd_bench(v),
    }
}

fn cmd_verify(a: VerifyArgs) -> Result<i32, String> {
    let done = HeadVerify { select: a.sel.request(), len: a.len }.validate().and_then(|job| job.run(ctl()));
    let v = match done {
        Ok(v) => v,
        Err(e) => return Ok(report(e)),
    };
    emit(&if a.sel.json { v.json_line() } else { v.text() })?;
    Ok(v.exit_code())
}

fn cmd_attack(a: AttackArgs) -> Result<i32, String> {
    let done = HeadAttack { select: a.sel.request(), n: a.n }.validate().and_then(|job| job.run(ctl()));
    let at = match done {
        Ok(at) => at,
        Err(e) => return Ok(report(e)),
    };
    emit(&if a.sel.json { at.json_line() } else { at.text() })?;
    Ok(at.exit_code())
}

fn cmd_bench(a: BenchArgs) -> Result<i32, String> {
    let done = HeadBench { m_max: a.m_max }.validate().and_then(|job| job.run());
    let bench = match done {
        Ok(b) => b,
        Err(e) => return Ok(report(e)),
    };
    emit(&bench.text())?;
    Ok(0)
}

pub fn cmd_transition(a: TransitionArgs) -> Result<i32, String> {
    let done =
        Transition { m_max: a.m_max, exact_len: a.exact_len }.validate().and_then(|job| job.run(ctl()));
    let t = match done {
        Ok(t) => t,
        Err(e) => return Ok(report(e)),
    };
    emit(&if a.json { t.json_lines() } else { t.text() })?;
    Ok(t.exit_code())
}
