//! The command line: parse arguments and dispatch to one module per command family; each
//! handler calls the library and prints. No mathematics here. Exit codes: 0 success /
//! lemma holds, 1 a certified counterexample or a rejected certificate, 2 bad input,
//! errors and `unknown`.

/// `eprintln!` that never panics: a closed or full stderr (`2> /dev/full`) loses the message
/// but must not turn an answer into exit 101. Shadows the standard macro in every command module.
macro_rules! eprintln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($t)*);
    }};
}

mod amplify;
mod frontier;
mod gap;
mod head;
mod rank;
mod sharp;

use clap::{CommandFactory, Parser, Subcommand};
use gap::{BenchArgs, CheckArgs, SettleArgs, SweepArgs, VerifyArgs};
use std::io::{IsTerminal, Write};

/// The exit codes, the same for every command (printed by every `--help`).
pub const EXIT_CODES: &str = "\
Exit status (every command):
  0  every claim checked holds (a lemma bound holds, a value is certified, every certificate verifies)
  1  a certified counterexample (a head that breaks a bound, kstar < K) or a failed check
     (a certificate rejected, a MILP disagreement, a head that fails)
  2  usage, input or resource error, an interrupt, or unknown (nothing was certified)
The mathematics: docs/math.md. Output: a table on stdout, or with --json one JSON object per line
(field \"kind\", schemas in docs/schema/); summaries, warnings and progress go to stderr.";

#[derive(Parser)]
#[command(name = "minip", version, about = "Exact certificates for the three-token kernel-attention lower bound", after_help = after_help())]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

/// The exit codes and the limits, after every command's help.
fn after_help() -> String {
    format!("{EXIT_CODES}\n\n{}\n{CLI_LIMITS}", minip_check::limits::TABLE)
}

/// Limits that count the work of what the command line builds (beyond `limits::TABLE`), and
/// what a signal does.
pub const CLI_LIMITS: &str = "\
  gap LP (check, sharp, grids)  <= 750000 cells (rows x columns; per-position and causal-last
                                   order every sequence: about n!/(i_x! i_y! i_z!) orderings each)
  row LP (amplify, rank)        <= 10000000 multisets x (n - 1)
  grid files: every list (n, eps, families, bounds, tasks, kernels, positions, keys, at, d) counts
  in the configuration limit; a repeated entry is refused; n is checked against each family's limit
Outputs (--out, --cert, --csv, --plot, --vipr, --export-lp) replace only regular files: a directory,
device, FIFO or socket there is refused before any work.
Signals: the first Ctrl-C or SIGTERM stops a batch after the items in progress (exit 2, partial
counts on stderr, no temporary file left); a second one, or one during a single computation,
exits 2 at once.";

#[derive(Subcommand)]
#[command(after_help = after_help())]
enum Cmd {
    /// The review's check: literal b <= 2c and the lemma's b <= Kc for n = 3, eps = 1/2, d = 2..=8.
    #[command(after_help = after_help())]
    Settle(SettleArgs),
    /// Settle one configuration and print its certificate.
    #[command(after_help = after_help())]
    Check(CheckArgs),
    /// Settle every configuration of a grid file, in parallel.
    #[command(after_help = after_help())]
    Sweep(SweepArgs),
    /// Check certificate files (directories recursively) with the checker alone.
    #[command(after_help = after_help())]
    Verify(VerifyArgs),
    /// Measure sweep and verify throughput.
    #[command(after_help = after_help())]
    Bench(BenchArgs),
    /// Explicit heads: exact exhaustive verification, attack, benchmark.
    #[command(after_help = after_help())]
    Head(head::HeadArgs),
    /// The three-token phase-transition table, m = 1..=8, each entry verified exhaustively.
    #[command(after_help = after_help())]
    Transition(head::TransitionArgs),
    /// The exact best factor kstar = inf b/c per configuration (two-sided certificate), a grid sweep, or the MILP cross-check.
    #[command(after_help = after_help())]
    Sharp(sharp::SharpArgs),
    /// Exact forced kernel ratios R(lo, hi; h) over all length-n sequences (docs/math.md §4).
    #[command(after_help = after_help())]
    Amplify(amplify::AmplifyArgs),
    /// Time certified ratios up to h = 168, side by side with glpsol --exact.
    #[command(after_help = after_help())]
    AmplifyBench(amplify::AmplifyBenchArgs),
    /// Certified feature-rank lower bounds for small m (codes, SAT, exact ratios).
    #[command(after_help = after_help())]
    Rank(rank::RankArgs),
    /// Certified lower and upper rank bounds per m: codes below, overlap-polynomial heads above (docs/frontier.md).
    Frontier(frontier::FrontierArgs),
}

/// Parses the command line and runs it; returns the exit code.
pub fn run() -> i32 {
    // The first Ctrl-C (or SIGTERM) stops a batch after the items in progress (files written
    // so far are complete: every write is atomic) and the command exits 2; a command that is
    // not a batch, or a second signal, ends the process at once, also with exit 2, after
    // removing the temporary files of writes in progress.
    let _ = ctrlc::set_handler(|| {
        if crate::batch::runner::interrupted() || !crate::batch::runner::is_batch() {
            eprintln!("\nminip: error: interrupted");
            crate::print::abandon_temporary_files_and_exit(2);
        }
        eprintln!("\nminip: interrupted: finishing the items in progress (Ctrl-C again to stop at once)");
        crate::batch::runner::interrupt();
    });
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 1 {
        // Bare `minip`: the usage, on stderr, and the usage-error status.
        let _ = Cli::command().write_help(&mut std::io::stderr());
        return 2;
    }
    // `-h` is help; the query weight is `--h`. A number after `-h` is a mistake, not a request
    // for help.
    if let Some(w) = args.windows(2).find(|w| w[0] == "-h" && w[1].parse::<f64>().is_ok()) {
        eprintln!(
            "minip: error: '-h {}' asks for help; the query weight is written --h {} (see --help)",
            w[1], w[1]
        );
        return 2;
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => {
            // --help, --version: written like every other output, so a full disk is an
            // error (exit 2) and a closed pipe ends quietly.
            return match emit(&e.render().to_string()) {
                Ok(()) => 0,
                Err(m) if m.ends_with(BROKEN_PIPE) => 2,
                Err(m) => {
                    eprintln!("minip: error: {m}");
                    2
                }
            };
        }
        Err(e) => {
            // One line: clap's message and its suggestion, without the usage block.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("invalid arguments").trim_start_matches("error: ");
            let tip = text
                .lines()
                .map(str::trim)
                .find(|l| l.starts_with("tip:"))
                .map(|t| format!("; {t}"))
                .unwrap_or_default();
            eprintln!("minip: error: {first}{tip} (see --help)");
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
        // The reader went away (`| head`): stop quietly, as other command-line tools do.
        Err(e) if e.ends_with(BROKEN_PIPE) => 2,
        Err(e) => {
            eprintln!("minip: error: {}", minip_check::error::one_line(&e));
            2
        }
    }
}

fn progress_wanted() -> bool {
    std::io::stderr().is_terminal()
}

/// A warning on stderr (one line, `minip: warning: …`).
fn warn(w: Option<String>) {
    if let Some(w) = w {
        eprintln!("minip: warning: {w}");
    }
}

/// A worker pool of `--jobs` threads (default: all cores), within the supported limit.
fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, String> {
    if let Some(j) = jobs {
        minip_check::limits::at_most("--jobs", j, minip_check::limits::MAX_JOBS, "worker threads")?;
    }
    rayon::ThreadPoolBuilder::new().num_threads(jobs.unwrap_or(0)).build().map_err(|e| format!("--jobs: {e}"))
}

/// Writes to standard output; a failed write (a closed pipe, a full disk) is an error that
/// ends the command with exit 2, never a silent loss of results.
fn emit(s: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    out.write_all(s.as_bytes()).and_then(|_| out.flush()).map_err(|e| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            format!("cannot write to standard output: {BROKEN_PIPE}")
        } else {
            format!("cannot write to standard output: {e}")
        }
    })
}

const BROKEN_PIPE: &str = "the reader closed the pipe";
