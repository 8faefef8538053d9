//! The command line: parse arguments and dispatch to one module per command family; each
//! handler calls the library and prints. No mathematics here. Exit codes: 0 success /
//! lemma holds, 1 a certified counterexample or a rejected certificate, 2 bad input,
//! errors and `unknown`.
//!
//! - `gap` (`settle`, `check`, `sweep`), `verify`, `bench`, `head` (`head …`, `transition`),
//!   `sharp`, `amplify` (and `amplify-bench`), `rank` (with `rank --linear` and `--weighted`),
//!   `frontier`, `multihead`, `readout`, `export`, `paper`: the handlers of each command family;
//! - `progress`: the bars on stderr (the `--plot` series come from `crate::request::plot`).

/// `eprintln!` that never panics: a closed or full stderr (`2> /dev/full`) loses the message
/// but must not turn an answer into exit 101. Shadows the standard macro in every command module.
macro_rules! eprintln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($t)*);
    }};
}

mod amplify;
mod bench;
mod export;
mod frontier;
mod gap;
mod head;
mod multihead;
mod paper;
mod progress;
mod rank;
mod readout;
mod sharp;
mod verify;

use crate::control::Control;
use crate::error::Error;
use bench::BenchArgs;
use clap::{CommandFactory, Parser, Subcommand};
use gap::{CheckArgs, SettleArgs, SweepArgs};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use verify::VerifyArgs;

/// The exit codes, the same for every command (printed by every `--help`).
pub const EXIT_CODES: &str = "\
Exit status (every command):
  0  every claim checked holds (a lemma bound holds, a value is certified, every certificate verifies)
  1  a certified counterexample (a head that breaks a bound, kstar < K) or a failed check
     (a certificate rejected, a MILP disagreement, a head that fails)
  2  usage, input or resource error, output not written (a full disk, or a reader that closed the
     pipe as in `| head -1`), an interrupt, or unknown (nothing was certified)
Output: a table, or --json lines (docs/schema/), on stdout; the rest on stderr. Maths: docs/math.md";

#[derive(Parser)]
#[command(name = "minip", version, about = "Exact certificates for the three-token kernel-attention lower bound", after_help = top_help())]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

/// The pointer to the limits table that closes every command's help.
const LIMITS_LINE: &str = "Limits on input sizes (checked before any work starts): minip help limits";

/// The top-level help: the exit codes, the rules on outputs, threads and signals, and the
/// pointer to the limits table (printed in full by
/// `minip help limits` only).
fn top_help() -> String {
    format!("{EXIT_CODES}\n\n{CONTRACT}\n{LIMITS_LINE}")
}

/// `minip help limits`: the whole table (the checker's limits, then those of what the command
/// line builds, in the same columns), the examples and the exit codes.
fn limits_help() -> String {
    format!(
        "{}\n{CLI_LIMITS}\n\nExamples:\n  minip limits\n  minip help limits\n\n{EXIT_CODES}",
        minip_check::limits::TABLE
    )
}

/// A command's help after the options: notes of its own, examples, the exit codes and the
/// pointer to the limits.
pub(super) fn tail(notes: &str, examples: &[&str]) -> String {
    let mut s = String::new();
    if !notes.is_empty() {
        s.push_str(notes);
        s.push_str("\n\n");
    }
    s.push_str("Examples:\n");
    for e in examples {
        s.push_str("  ");
        s.push_str(e);
        s.push('\n');
    }
    format!("{s}\n{EXIT_CODES}\n{LIMITS_LINE}")
}

/// The limits of what the command line builds (after `limits::TABLE`, in its columns).
pub const CLI_LIMITS: &str =
    "  gap LP (check, sharp, grids)    <= 750000 cells (rows x columns; per-position: every ordering)
  row LP (amplify, rank)          <= 10000000 multisets x (n - 1)
  row LP beyond the model         <= 60000 rows and <= 1200000 cells (rows x columns)
                                  (amplify --task, --kernel, --positions, --keys)
  frontier (class LP)             m <= 64, 3 <= n <= 1024 (6523 rows at m = 24, whatever n)
  rank --linear                   even m in 8..=256, then 512 and 1024; 3 <= n <= 1024, eps = 1/2
  readout                         <= 1048576 multisets of n - 1 keys (each decoded); 3 <= n <= 5
                                  --precision: m <= 4, --budget <= 1250000 clauses/V (1 min/10^6)
                                  --multilevel: (q + 1)s <= 64, (s + 1)^q <= 262144
  rank --two                      m <= 6, 3 <= n <= 8 (the order CNF: 2 C(2^m, 3) clauses per order)
  rank --weighted                 m 4..=24 (> 16: --from, <= 4096 words), --rounds <= 100000
                                  and --rounds x 2^m <= 65536000 (about a minute at m = 16)
  head, transition                <= 800000000 units of work (4^m entries, sequence classes; 3-8 s)
                                  head search: m <= 8, rank <= 2^m, --restarts <= 10000; gradient:
                                  --iterations <= 1000000, --time-limit <= 604800 s, and restarts
                                  x (iterations + 600) x 4^m x (rank + m) <= 2^42 (36 h of a core);
                                  --method lp: --iterations <= 10000, rank x 8^m <= 2^26 per step,
                                  x restarts x iterations <= 2^30
  head files                      <= 3145728 JSON values (before parsing), <= 3145728 map entries
  grid files and ratio tables:    every list (n, eps, families, bounds, tasks, kernels, positions,
                                  keys, at, d, each series' h) counts in the configuration limit;
                                  repeats refused; n checked per family";

/// The rules every command follows beyond its limits: outputs, worker threads, signals (the
/// top-level help).
pub const CONTRACT: &str = "\
Outputs (--out, --cert, --csv, --plot, --vipr, --export-lp) replace only regular files, never an
input of the same run (or a link to one): a directory, device, FIFO, socket or input is refused.
Worker threads: --jobs N, else RAYON_NUM_THREADS (0 or empty: unset), else one per core; at most 256.
Several values (--m, --n, --d, --h, --q, --s): N, A..=B (both ends included) or a comma list such as
4,8..=12, sorted, each once; A..B is refused (a Rust range would leave B out, a shell's would not).
Signals: the first Ctrl-C or SIGTERM stops a batch after the items in progress (exit 2, partial
counts on stderr, no temporary file left; an item still running after 1 s is abandoned; nothing left
out: the usual report); a second one, or one during a single computation, exits 2 at once.";

#[derive(Subcommand)]
enum Cmd {
    /// Settle Lemma 3 as stated: b <= 2c and the lemma's b <= Kc for n = 3, eps = 1/2, d = 2..=8.
    #[command(after_help = tail("", &["minip settle", "minip settle --d 2..=12 --out /tmp/settle", "minip settle --n 4 --eps 1/3 --json"]))]
    Settle(SettleArgs),
    /// Settle one configuration and print its certificate.
    #[command(after_help = tail("", &[
        "minip check --d 3",
        "minip check --n 3 --eps 1/3 --d 1          # broken: a certified head",
        "minip check --h 4 --u 1 --w 3 --family all --bound 3/2",
        "minip check --tokens 1110,1000,1100 --cert c.json --vipr c.vipr",
    ]))]
    Check(CheckArgs),
    /// Settle every configuration of a grid file, in parallel.
    #[command(after_help = tail("", &[
        "minip sweep instances/regression.toml --out /tmp/regression",
        "minip sweep instances/regression.toml --json --jobs 2 --shard 0/16 > part-0.jsonl",
    ]))]
    Sweep(SweepArgs),
    /// Check certificate files (directories recursively) with the checker alone.
    #[command(after_help = tail("", &["minip verify proofs", "minip verify proofs/settle proofs/rank/m11.json --json"]))]
    Verify(VerifyArgs),
    /// Measure sweep and verify throughput.
    #[command(after_help = tail("", &["minip bench", "minip bench --proofs proofs"]))]
    Bench(BenchArgs),
    /// Explicit heads: exact exhaustive verification, attack, benchmark.
    #[command(after_help = tail("", &[
        "minip head verify softmax --m 8 --len 3",
        "minip head attack rank1 --m 3",
        "minip head bench --m-max 6",
    ]))]
    Head(head::HeadArgs),
    /// The three-token phase-transition table, m = 1..=8, each entry verified exhaustively.
    #[command(after_help = tail("", &["minip transition", "minip transition --m-max 4 --json"]))]
    Transition(head::TransitionArgs),
    /// The exact best factor kstar = inf b/c per configuration (two-sided certificate), a grid sweep, or the MILP cross-check.
    #[command(after_help = tail("", &[
        "minip sharp --d 3 --n 4 --eps 1/4",
        "minip sharp --grid instances/sharp-probe.toml --out /tmp/sharp --csv /tmp/sharp.csv",
        "minip sharp --milp --m 1..=6 --d 1 --n 3 --eps 1/3 --family all",
        "minip sharp --summarize proofs/sharp",
    ]))]
    // `--bound` (shared with check and sweep) is refused here: kstar is the best bound.
    #[command(mut_arg("bound", |a| a.hide(true)))]
    Sharp(sharp::SharpArgs),
    /// Exact forced kernel ratios R(lo, hi; h) over all length-n sequences (docs/math.md §4).
    #[command(after_help = tail("", &[
        "minip amplify --h 2..=24",
        "minip amplify --h 2..=168 --plot ratio.svg",
        "minip amplify --h 12 --out /tmp/amplify --vipr",
        "minip amplify --grid instances/beyond/tasks-ratios.toml --plot tasks.svg",
    ]))]
    Amplify(amplify::AmplifyArgs),
    /// Time certified ratios up to h = 168 against an exact LP solver (default: QSopt_ex's esolver).
    #[command(after_help = tail("", &["minip amplify-bench", "minip amplify-bench --h 48,96 --against both --json"]))]
    AmplifyBench(amplify::AmplifyBenchArgs),
    /// Certified feature-rank lower bounds for small m (codes, SAT, exact ratios); --linear: up to m = 1024.
    #[command(after_help = tail(rank::NOTES, &[
        "minip rank --m 4..=24",
        "minip rank --m 24 --out /tmp/r24",
        "minip rank --linear --m 24..=256 --plot rank.svg",
        "minip rank --linear --m 64,128,256 --n 3..=8",
    ]))]
    Rank(rank::RankArgs),
    /// Certified lower and upper rank bounds per m: codes below, overlap-polynomial heads above (docs/frontier.md).
    #[command(after_help = tail(frontier::NOTES, &[
        "minip frontier --m 4..=64 --plot frontier.svg",
        "minip frontier --n 4..=8 --m 4..=24 --kernel per_weight --out /tmp/fn",
    ]))]
    Frontier(frontier::FrontierArgs),
    /// Several heads: must some head satisfy the lemma's alpha(x,y) > K*alpha(x,z)? (docs/escape.md)
    #[command(after_help = tail("", &["minip multihead domination", "minip multihead domination --heads 3 --d 3 --n 3 --json"]))]
    Multihead(multihead::MultiheadArgs),
    /// A nonlinear readout: rank, dimension and bits a decoder needs; exact constructions and bounds (docs/escape.md).
    #[command(after_help = tail(readout::NOTES, &[
        "minip readout",
        "minip readout --m 1..=10 --n 3 --out /tmp/readout",
        "minip readout --precision --m 1..=3 --n 3 --out /tmp/precision",
        "minip readout --multilevel --q 1..=4 --s 1..=3 --out /tmp/multilevel",
    ]))]
    Readout(readout::ReadoutArgs),
    /// Export accepted certificates for a proof assistant: `minip export coq CERT... --out DIR` (docs/formal.md).
    #[command(after_help = tail("", &["minip export coq proofs/settle --out /tmp/coq", "minip export coq proofs/amplify/n3_eps1-2_h10_lo0_hi10.json --out /tmp/coq"]))]
    Export(export::ExportArgs),
    /// The paper claim by claim: status, evidence, what stays open; every row's evidence re-checked here.
    #[command(after_help = tail(paper::NOTES, &["minip paper", "minip paper --json", "minip paper --html /tmp/paper.html"]))]
    Paper(paper::PaperArgs),
    /// The limits on input sizes, checked before any work starts (also: minip help limits).
    #[command(after_help = limits_help())]
    Limits,
}

/// One line from a clap error: its message, the arguments it names on the lines below (a
/// missing required argument is named there, not in the first line) and its suggestion;
/// without the usage block.
fn one_line_clap_error(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("invalid arguments").trim_start_matches("error: ").trim_end();
    // The indented lines right after the first (up to the first blank line) are its details.
    let details: Vec<&str> = lines
        .clone()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .filter(|l| !l.starts_with("tip:"))
        .collect();
    let tip = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("tip:"))
        .map(|t| format!("; {t}"))
        .unwrap_or_default();
    let sep = if details.is_empty() || first.ends_with(':') { " " } else { ": " };
    let msg =
        if details.is_empty() { first.to_string() } else { format!("{first}{sep}{}", details.join(", ")) };
    format!("minip: error: {msg}{tip} (see --help)")
}

/// `minip head` (a command of subcommands) given none: one line naming them.
fn missing_subcommand(args: &[String]) -> Option<String> {
    let mut cmd = Cli::command();
    let mut path = vec!["minip"];
    for a in args.iter().skip(1) {
        let Some(sub) = cmd.find_subcommand(a.as_str()).cloned() else { break };
        path.push(a);
        cmd = sub;
    }
    let subs: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).filter(|n| *n != "help").collect();
    if subs.is_empty() || path.len() < 2 {
        return None;
    }
    let p = path.join(" ");
    Some(format!("minip: error: '{p}' needs a subcommand: {} (see {p} --help)", subs.join(", ")))
}

/// How long a batch's items in progress may run after the first signal.
const GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// Parses the command line and runs it; returns the exit code.
pub fn run() -> i32 {
    // The first Ctrl-C (or SIGTERM) stops a batch after the items in progress (files written
    // so far are complete: every write is atomic) and the command exits 2; a command that is
    // not a batch, or a second signal, ends the process at once, also with exit 2, after
    // removing the temporary files of writes in progress.
    let _ = ctrlc::set_handler(|| {
        if ctl().is_stopped() || !BATCH.load(Ordering::SeqCst) {
            eprintln!("\nminip: error: interrupted");
            abandon_and_exit();
        }
        eprintln!("\nminip: interrupted: finishing the items in progress (Ctrl-C again to stop at once)");
        ctl().stop();
        // One long item (`rank --linear --m 256`, one LP of a large `amplify`) does not hold
        // the process: an item still running after the grace period is abandoned like on a
        // second signal (temporary files removed, exit 2); every line and file already
        // written is complete.
        std::thread::spawn(|| {
            std::thread::sleep(GRACE);
            eprintln!(
                "minip: error: interrupted (the items in progress did not finish within {} s; stopped at once)",
                GRACE.as_secs()
            );
            abandon_and_exit();
        });
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
            // error (exit 2); a closed pipe ends quietly (exit 2): help states no result.
            return match write_stdout(&e.render().to_string()) {
                Ok(()) => 0,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 2,
                Err(e) => {
                    eprintln!("minip: error: {}", stdout_error(&e));
                    2
                }
            };
        }
        Err(e) => {
            // One line: clap's message, the arguments it names, its suggestion; no usage block.
            // A command of subcommands given none: their names.
            use clap::error::ErrorKind::{DisplayHelpOnMissingArgumentOrSubcommand, MissingSubcommand};
            let missing = matches!(e.kind(), MissingSubcommand | DisplayHelpOnMissingArgumentOrSubcommand);
            eprintln!(
                "{}",
                missing
                    .then(|| missing_subcommand(&args))
                    .flatten()
                    .unwrap_or_else(|| one_line_clap_error(&e))
            );
            return 2;
        }
    };
    if let Err(e) = global_pool() {
        eprintln!("minip: error: {e}");
        return 2;
    }
    let result = match cli.cmd {
        Cmd::Settle(a) => gap::cmd_settle(a),
        Cmd::Check(a) => gap::cmd_check(a),
        Cmd::Sweep(a) => gap::cmd_sweep(a),
        Cmd::Verify(a) => verify::cmd_verify(a),
        Cmd::Bench(a) => bench::cmd_bench(a),
        Cmd::Head(a) => head::cmd_head(a),
        Cmd::Transition(a) => head::cmd_transition(a),
        Cmd::Sharp(a) => sharp::cmd_sharp(a),
        Cmd::Amplify(a) => amplify::cmd_amplify(a),
        Cmd::AmplifyBench(a) => amplify::cmd_amplify_bench(a),
        Cmd::Rank(a) => rank::cmd_rank(a),
        Cmd::Frontier(a) => frontier::cmd_frontier(a),
        Cmd::Multihead(a) => multihead::cmd_multihead(a),
        Cmd::Readout(a) => readout::cmd_readout(a),
        Cmd::Export(a) => export::cmd_export(a),
        Cmd::Paper(a) => paper::cmd_paper(a),
        Cmd::Limits => {
            emit(&format!("{}\n{CLI_LIMITS}\n\n{CONTRACT}\n", minip_check::limits::TABLE)).map(|_| 0)
        }
    };
    // Every error is reported here, once: one line, and the exit status of its kind (1 for a
    // rejected certificate, 2 otherwise). Also a reader that went away (`| head -1`): exit 2
    // with the one line "cannot write to standard output: the reader closed the pipe", as for
    // any output not written, since what was not written (the rest of a batch, its summary)
    // was not done or not shown.
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("minip: error: {e}");
            e.exit_code()
        }
    }
}

/// The run control of the process: the signal handler stops it; progress bars on stderr when
/// stderr is a terminal.
fn ctl() -> &'static Control {
    static CONTROL: OnceLock<Control> = OnceLock::new();
    CONTROL.get_or_init(|| {
        let c = Control::new();
        if std::io::stderr().is_terminal() {
            c.with_meters(progress::meters())
        } else {
            c
        }
    })
}

/// Whether the running command is a batch that stops cleanly after the items in progress on
/// the first signal (`batch_run`); any other command is ended at once by the first signal.
static BATCH: AtomicBool = AtomicBool::new(false);

/// Says that the running command is a batch that stops cleanly (and checks the control itself).
fn batch_run() {
    BATCH.store(true, Ordering::SeqCst);
}

/// Ends the process at once with exit 2 after removing the temporary files of writes in
/// progress (the lock on them is held until the process is gone).
fn abandon_and_exit() -> ! {
    let _held = crate::print::abandon_temporary_files();
    std::process::exit(2)
}

/// A warning on stderr (one line, `minip: warning: …`).
fn warn(w: Option<String>) {
    if let Some(w) = w {
        eprintln!("minip: warning: {w}");
    }
}

/// A run compared with its expected table: one line per change on stderr, then the summary;
/// returns the exit status (0 as expected, 1 changes, 2 unknown).
fn report_expect(x: &crate::request::Expected) -> i32 {
    for line in &x.lines {
        eprintln!("{line}");
    }
    eprintln!("{}", x.summary);
    x.exit_code
}

/// Builds rayon's global pool with the count `threads(None)` gives, before any work.
fn global_pool() -> Result<(), Error> {
    // glibc gives each thread that allocates its own arena of 64 MiB of address space, up to 8
    // per core: 16 arenas on 2 cores fill `prlimit --as=1GiB` before any work. One per core is
    // enough for the workers (one per core by default), and 256 of them then fit in 1 GiB.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(2, |c| c.get()).clamp(2, 1024);
        // SAFETY: a setting of glibc's allocator, before the workers start.
        unsafe { libc::mallopt(libc::M_ARENA_MAX, cores as i32) };
    }
    crate::request::global_workers()
}

/// Writes to standard output; a failed write (a closed pipe, a full disk) is an error that
/// ends the command with exit 2, never a silent loss of results.
fn emit(s: &str) -> Result<(), Error> {
    write_stdout(s).map_err(|e| Error::Io(stdout_error(&e)))
}

fn write_stdout(s: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(s.as_bytes()).and_then(|_| out.flush())
}

/// The message of a failed write to standard output.
fn stdout_error(e: &std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        format!("cannot write to standard output: {BROKEN_PIPE}")
    } else {
        format!("cannot write to standard output: {e}")
    }
}

const BROKEN_PIPE: &str = "the reader closed the pipe";

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subcommand, with its path of names (`["head", "verify"]`).
    fn leaves(cmd: &clap::Command, path: Vec<String>, out: &mut Vec<(Vec<String>, clap::Command)>) {
        let subs: Vec<&clap::Command> = cmd.get_subcommands().filter(|c| c.get_name() != "help").collect();
        if subs.is_empty() && !path.is_empty() {
            out.push((path.clone(), cmd.clone()));
        }
        for c in subs {
            let mut p = path.clone();
            p.push(c.get_name().to_string());
            leaves(c, p, out);
        }
    }

    fn all() -> Vec<(Vec<String>, clap::Command)> {
        let mut v = Vec::new();
        let mut root = Cli::command();
        root.build();
        leaves(&root, Vec::new(), &mut v);
        v
    }

    /// A value a required argument accepts (only the parse matters here).
    fn sample(a: &clap::Arg) -> Vec<String> {
        let v = if a.get_id() == "m" {
            "4"
        } else if a.get_id() == "len" {
            "3"
        } else {
            "x"
        };
        match a.get_long() {
            Some(l) => vec![format!("--{l}"), v.into()],
            None => vec![v.into()],
        }
    }

    #[test]
    fn a_missing_required_argument_is_named() {
        let mut seen = 0;
        for (path, cmd) in all() {
            let required: Vec<&clap::Arg> = cmd.get_arguments().filter(|a| a.is_required_set()).collect();
            for missing in &required {
                let mut argv = vec!["minip".to_string()];
                argv.extend(path.iter().cloned());
                for a in required.iter().filter(|a| a.get_id() != missing.get_id()) {
                    argv.extend(sample(a));
                }
                let err = match Cli::try_parse_from(&argv) {
                    Err(e) => e,
                    Ok(_) => panic!("{argv:?} parsed without {}", missing.get_id()),
                };
                assert_eq!(err.kind(), clap::error::ErrorKind::MissingRequiredArgument, "{argv:?}");
                let line = one_line_clap_error(&err);
                let name = match missing.get_long() {
                    Some(l) => format!("--{l}"),
                    None => format!("<{}>", missing.get_value_names().expect("named")[0]),
                };
                assert!(line.contains(&name), "{argv:?}: {line}");
                assert_eq!(line.lines().count(), 1, "{line}");
                seen += 1;
            }
        }
        // sweep GRID, verify PATHS, rank --m, head verify HEAD --len, head attack HEAD,
        // export coq CERT --out.
        assert_eq!(seen, 8);
    }

    #[test]
    fn every_help_has_examples_that_parse_the_exit_codes_and_fits_a_screen() {
        for (path, mut cmd) in all() {
            let help = cmd.render_help().to_string();
            let name = path.join(" ");
            assert!(help.contains("Exit status (every command):"), "{name}");
            assert!(help.contains("Examples:\n  minip "), "{name}");
            if name != "limits" {
                assert!(help.contains(LIMITS_LINE) && !help.contains("Limits (checked"), "{name}");
            }
            // The limits page is the table itself (every other help points to it): a row per
            // limit, so it may take a taller screen.
            let cap = if name == "limits" { 64 } else { 50 };
            assert!(help.lines().count() <= cap, "{name}: {} lines", help.lines().count());
            let examples = help.split("Examples:\n").nth(1).expect("examples");
            let mut n = 0;
            for line in examples.lines().take_while(|l| l.starts_with("  minip ")) {
                // The command up to a comment or a redirection.
                let cmdline = line.split(" #").next().unwrap().split(" > ").next().unwrap();
                let argv: Vec<&str> = cmdline.split_whitespace().collect();
                let rest = if argv[1] == "help" { &argv[2..] } else { &argv[1..] };
                assert!(
                    rest.starts_with(&path.iter().map(String::as_str).collect::<Vec<_>>()),
                    "{name}: {line}"
                );
                if let Err(e) = Cli::try_parse_from(&argv) {
                    assert!(!e.use_stderr(), "{name}: example '{line}' does not parse: {e}");
                }
                n += 1;
            }
            assert!((2..=4).contains(&n), "{name}: {n} examples");
        }
    }

    #[test]
    fn the_top_level_help_points_to_the_limits_table() {
        let help = Cli::command().render_help().to_string();
        assert!(
            !help.contains("Limits (checked before any work starts") && !help.contains("n (paper family)"),
            "{help}"
        );
        assert!(help.contains(LIMITS_LINE) && help.contains(CONTRACT), "{help}");
        assert!(help.lines().count() <= 50, "{} lines", help.lines().count());
    }

    #[test]
    fn the_precision_budget_printed_is_the_constant() {
        let max = crate::request::readout_precision::MAX_PRECISION_BUDGET;
        assert!(
            CLI_LIMITS.contains(&format!("--precision: m <= 4, --budget <= {max} clauses/V (1 min/10^6)"))
        );
    }

    #[test]
    fn the_limits_table_is_aligned() {
        // Every row: a label from column 2, then the limit from column 34; a continuation line
        // starts in column 34 too.
        let table = format!("{}\n{CLI_LIMITS}", minip_check::limits::TABLE);
        let mut rows = 0;
        for line in table.lines().skip(1) {
            assert!(line.len() <= 100 && line.len() > 34, "{line}");
            let (label, limit) = line.split_at(34);
            assert!(label.starts_with("  ") && label.ends_with("  ") && !limit.starts_with(' '), "{line}");
            rows += 1;
        }
        assert!(rows >= 25, "{rows} rows");
    }
}
