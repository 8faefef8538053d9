//! The command line: parse arguments and dispatch to one module per command family; each
//! handler calls the library and prints. No mathematics here. Exit codes: 0 success /
//! lemma holds, 1 a certified counterexample or a rejected certificate, 2 bad input,
//! errors and `unknown`.

mod amplify;
mod frontier;
mod gap;
mod head;
mod rank;
mod sharp;

use clap::{Parser, Subcommand};
use gap::{BenchArgs, CheckArgs, SettleArgs, SweepArgs, VerifyArgs};
use std::io::{IsTerminal, Write};

#[derive(Parser)]
#[command(name = "minip", version, about = "Exact certificates for the three-token kernel-attention lower bound")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// The review's check: literal b <= 2c and the lemma's b <= Kc for n = 3, eps = 1/2, d = 2..=8.
    Settle(SettleArgs),
    /// Settle one configuration and print its certificate.
    Check(CheckArgs),
    /// Settle every configuration of a grid file, in parallel.
    Sweep(SweepArgs),
    /// Check certificate files (directories recursively) with the checker alone.
    Verify(VerifyArgs),
    /// Measure sweep and verify throughput.
    Bench(BenchArgs),
    /// Explicit heads: exact exhaustive verification, attack, benchmark.
    Head(head::HeadArgs),
    /// The three-token phase-transition table, m = 1..=8, each entry verified exhaustively.
    Transition(head::TransitionArgs),
    /// The exact best factor kstar = inf b/c per configuration (two-sided certificate), a grid sweep, or the MILP cross-check.
    Sharp(sharp::SharpArgs),
    /// Exact forced kernel ratios R(lo, hi; h) over all length-n sequences (docs/math.md §4).
    Amplify(amplify::AmplifyArgs),
    /// Time certified ratios up to h = 168, side by side with glpsol --exact.
    AmplifyBench(amplify::AmplifyBenchArgs),
    /// Certified feature-rank lower bounds for small m (codes, SAT, exact ratios).
    Rank(rank::RankArgs),
    /// Certified lower and upper rank bounds per m: codes below, overlap-polynomial heads above (docs/frontier.md).
    Frontier(frontier::FrontierArgs),
}

/// Parses the command line and runs it; returns the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => {
            let _ = e.print(); // --help, --version
            return 0;
        }
        Err(e) => {
            // One line: clap's first line, without the usage block.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("invalid arguments").trim_start_matches("error: ");
            eprintln!("minip: error: {first} (see --help)");
            return 2;
        }
    };
    let result = match cli.cmd {
        Cmd::Settle(a) => gap::cmd_settle(a),
        Cmd::Check(a) => gap::cmd_check(a),
        Cmd::Sweep(a) => gap::cmd_sweep(a),
        Cmd::Verify(a) => gap::cmd_verify(a),
        Cmd::Bench(a) => gap::cmd_bench(a),
        Cmd::Head(a) => head::cmd_head(a),
        Cmd::Transition(a) => head::cmd_transition(a),
        Cmd::Sharp(a) => sharp::cmd_sharp(a),
        Cmd::Amplify(a) => amplify::cmd_amplify(a),
        Cmd::AmplifyBench(a) => amplify::cmd_amplify_bench(a),
        Cmd::Rank(a) => rank::cmd_rank(a),
        Cmd::Frontier(a) => frontier::cmd_frontier(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("minip: error: {e}");
            2
        }
    }
}

fn progress_wanted() -> bool {
    std::io::stderr().is_terminal()
}

fn emit(s: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(s.as_bytes());
}

fn json_line<T: serde::Serialize>(v: &T) -> String {
    crate::print::json::line(v)
}

