//! Command-line interface: parse arguments, call the library, print. No mathematics
//! here. Exit codes: 0 success / lemma holds, 1 a certified counterexample or a
//! rejected certificate, 2 bad input, errors and `unknown`.

mod head;
mod sharp;
mod amplify;
mod rank;
mod table;

use crate::cert::{self, AnyCertificate};
use crate::certify::{decide, Outcome};
use crate::check::{check_any, check_gap};
use crate::exact::rational::{fmt_q, parse_rational};
use crate::model::tokens::gap_from_tokens;
use crate::model::{Bound, Family, Gap, Instance};
use crate::settle::{self, SettleJob};
use crate::sweep::{self, Record};
use clap::{Args, Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

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
    /// Exact forced kernel ratios R(lo, hi; h) over all length-n sequences (MATH.md §4).
    Amplify(amplify::AmplifyArgs),
    /// Time certified ratios up to h = 168, side by side with glpsol --exact.
    AmplifyBench(amplify::AmplifyBenchArgs),
    /// Certified feature-rank lower bounds for small m (codes, SAT, exact ratios).
    Rank(rank::RankArgs),
}

#[derive(Args, Clone)]
struct InstanceArgs {
    /// Sequence length n (≥ 3).
    #[arg(long, default_value_t = 3)]
    n: u32,
    /// Tolerance ε: 1/2, 0.5, 3/8, ...
    #[arg(long, default_value = "1/2", allow_hyphen_values = true)]
    eps: String,
    /// Gap d alone: u = 0, w = h = d.
    #[arg(long, conflicts_with_all = ["h", "u", "w", "tokens"])]
    d: Option<u32>,
    /// Query weight h = |x|.
    #[arg(long, requires_all = ["u", "w"])]
    h: Option<u32>,
    /// Overlap u = <x,y>.
    #[arg(long, requires_all = ["h", "w"])]
    u: Option<u32>,
    /// Overlap w = <x,z>.
    #[arg(long, requires_all = ["h", "u"])]
    w: Option<u32>,
    /// Real tokens x,y,z as bit strings (overlaps taken from them).
    #[arg(long, conflicts_with_all = ["h", "u", "w"])]
    tokens: Option<String>,
    /// Family: paper (S1, S2, S3) or all.
    #[arg(long, default_value = "paper")]
    family: String,
    /// Negated bound factor K': 'paper' (the lemma's K) or a rational.
    #[arg(long, default_value = "paper", allow_hyphen_values = true)]
    bound: String,
}

impl InstanceArgs {
    fn instance(&self) -> Result<(Instance, Option<[String; 3]>), String> {
        let eps = parse_rational(&self.eps).map_err(|e| format!("--eps: {e}"))?;
        let (gap, toks) = match (&self.tokens, self.d, self.h) {
            (Some(t), _, _) => {
                let (g, t) = gap_from_tokens(t)?;
                (g, Some(t.map(|t| t.bits())))
            }
            (None, Some(d), _) => (Gap::from_d(d)?, None),
            (None, None, Some(h)) => (Gap::new(h, self.u.unwrap_or(0), self.w.unwrap_or(0))?, None),
            (None, None, None) => return Err("give the configuration: --d D, --h H --u U --w W, or --tokens x,y,z".into()),
        };
        let family = Family::parse(&self.family)?;
        let bound = Bound::parse(&self.bound)?;
        Ok((Instance::new(self.n, eps, gap, family, bound)?, toks))
    }
}

#[derive(Args)]
struct SettleArgs {
    #[arg(long, default_value_t = 3)]
    n: u32,
    #[arg(long, default_value = "1/2", allow_hyphen_values = true)]
    eps: String,
    /// Gaps to check, e.g. 2..=8.
    #[arg(long, default_value = "2..=8")]
    d: String,
    #[arg(long, default_value = "paper")]
    family: String,
    /// The review's literal factor.
    #[arg(long, default_value = "2", allow_hyphen_values = true)]
    literal: String,
    /// Where certificates go.
    #[arg(long, default_value = "proofs/settle")]
    out: PathBuf,
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct CheckArgs {
    #[command(flatten)]
    inst: InstanceArgs,
    /// Write the certificate (JSON) here.
    #[arg(long)]
    cert: Option<PathBuf>,
    /// Write a VIPR 1.0 infeasibility certificate here (verdict holds only).
    #[arg(long)]
    vipr: Option<PathBuf>,
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct SweepArgs {
    /// Grid file (TOML), e.g. instances/regression.toml.
    grid: PathBuf,
    /// Certificate directory (none written if omitted).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also write VIPR files next to holds certificates.
    #[arg(long)]
    vipr: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Run only shard i of N (0-based contiguous blocks; outputs concatenate).
    #[arg(long)]
    shard: Option<String>,
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct VerifyArgs {
    /// Files or directories (searched recursively for *.json).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct BenchArgs {
    #[arg(long, default_value = "instances/regression.toml")]
    grid: PathBuf,
    /// Certificates to verify.
    #[arg(long, default_value = "proofs")]
    proofs: PathBuf,
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
        Cmd::Settle(a) => cmd_settle(a),
        Cmd::Check(a) => cmd_check(a),
        Cmd::Sweep(a) => cmd_sweep(a),
        Cmd::Verify(a) => cmd_verify(a),
        Cmd::Bench(a) => cmd_bench(a),
        Cmd::Head(a) => head::cmd_head(a),
        Cmd::Transition(a) => head::cmd_transition(a),
        Cmd::Sharp(a) => sharp::cmd_sharp(a),
        Cmd::Amplify(a) => amplify::cmd_amplify(a),
        Cmd::AmplifyBench(a) => amplify::cmd_amplify_bench(a),
        Cmd::Rank(a) => rank::cmd_rank(a),
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
    serde_json::to_string(v).expect("serializes") + "\n"
}

fn cmd_settle(a: SettleArgs) -> Result<i32, String> {
    let job = SettleJob {
        n: a.n,
        eps: parse_rational(&a.eps).map_err(|e| format!("--eps: {e}"))?,
        ds: sweep::parse_range(&a.d).map_err(|e| format!("--d: {e}"))?,
        family: Family::parse(&a.family)?,
        literal: parse_rational(&a.literal).map_err(|e| format!("--literal: {e}"))?,
    };
    if job.ds.is_empty() {
        return Err("--d: empty range".into());
    }
    let rows = settle::settle(&job, &a.out, progress_wanted())?;
    if a.json {
        let mut s = String::new();
        for r in &rows {
            s.push_str(&json_line(&r.record));
        }
        s.push_str(&json_line(&serde_json::json!({ "conclusion": settle::conclusion(&job, &rows) })));
        emit(&s);
    } else {
        let body: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                let rec = &r.record;
                let bound = if rec.bound == "paper" { format!("b <= K*c (K = {})", rec.kprime) } else { format!("b <= {}*c", rec.bound) };
                vec![rec.d.to_string(), bound, rec.verdict.clone(), rec.certificate.clone().or(rec.reason.clone()).unwrap_or_default()]
            })
            .collect();
        let mut s = format!(
            "Gap domination (Lemma 3), n = {}, eps = {}, family {}: is there a correct head with the bound?\n\n",
            job.n,
            fmt_q(&job.eps),
            job.family.name()
        );
        s.push_str(&table::render(&["d", "bound", "verdict", "certificate"], &body));
        s.push_str("\nholds = no correct head meets the bound (exact Farkas certificate); broken = a correct head meets it (exact head).\n\n");
        for line in settle::conclusion(&job, &rows) {
            s.push_str(&line);
            s.push('\n');
        }
        emit(&s);
    }
    Ok(settle::exit_code(&rows))
}

fn cmd_check(a: CheckArgs) -> Result<i32, String> {
    let (inst, toks) = a.inst.instance()?;
    let outcome = decide(&inst);
    let (verdict, cert) = match outcome {
        Outcome::Certified { verdict, cert } => (verdict, cert),
        Outcome::Unknown { reason } => {
            if a.json {
                emit(&json_line(&serde_json::json!({"verdict": "unknown", "reason": reason})));
            } else {
                emit(&format!("verdict  unknown\nreason   {reason}\n"));
            }
            return Ok(2);
        }
    };
    // Tokens given by the user are stated as given (the checker checks them like any others).
    let mut cert = cert;
    if let Some([x, y, z]) = &toks {
        cert.tokens = cert::Triple { x: x.clone(), y: y.clone(), z: z.clone() };
    }
    let checked = check_gap(&cert)?;
    if let Some(p) = &a.cert {
        sweep::write_certificate(&cert, p, false)?;
    }
    if let Some(p) = &a.vipr {
        let text = cert::vipr::write(&checked)?;
        std::fs::write(p, text).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if a.json {
        emit(&json_line(&cert));
    } else {
        emit(&describe_check(&inst, &cert));
    }
    Ok(if verdict == crate::check::Verdict::Holds { 0 } else { 1 })
}

fn describe_check(inst: &Instance, cert: &cert::GapCertificate) -> String {
    let g = inst.gap;
    let toks = [&cert.tokens.x, &cert.tokens.y, &cert.tokens.z];
    let mut s = format!(
        "instance  n = {}, eps = {}, (h, u, w) = ({}, {}, {}), d = {}, family {}\n",
        inst.n,
        fmt_q(&inst.eps),
        g.h,
        g.u,
        g.w,
        g.d(),
        inst.family.name()
    );
    s.push_str(&format!("tokens    x = {}  y = {}  z = {}  (m = {})\n", toks[0], toks[1], toks[2], toks[0].len()));
    s.push_str(&format!("question  a correct head with alpha(x,y) <= K'*alpha(x,z), K' = {} ({})\n", fmt_q(&inst.kprime()), inst.bound.label()));
    match (&cert.farkas, &cert.head) {
        (Some(f), _) => {
            s.push_str("verdict   holds: no such head (exact Farkas certificate)\n\nnonzero multipliers (each closed row times its multiplier sums to 0 <= ");
            s.push_str(&f.combined_rhs);
            s.push_str(")\n");
            let body: Vec<Vec<String>> =
                f.rows.iter().filter(|r| r.multiplier != "0").map(|r| vec![r.name.clone(), r.multiplier.clone()]).collect();
            s.push_str(&table::render(&["row", "multiplier"], &body));
        }
        (None, Some(h)) => {
            s.push_str("verdict   broken: a correct head meets the bound (exact, recomputed)\n\nhead at query x\n");
            let body = vec![
                vec!["x".into(), h.alpha.x.clone(), h.s.x.clone()],
                vec!["y".into(), h.alpha.y.clone(), h.s.y.clone()],
                vec!["z".into(), h.alpha.z.clone(), h.s.z.clone()],
            ];
            s.push_str(&table::render(&["token", "alpha(x,.)", "s(x,.)"], &body));
            s.push('\n');
            let body: Vec<Vec<String>> = cert
                .sequences
                .iter()
                .zip(&h.outputs)
                .map(|(q, o)| vec![q.name.clone(), q.tokens.clone(), q.target.to_string(), o.yhat.clone()])
                .collect();
            s.push_str(&table::render(&["sequence", "tokens", "target", "yhat"], &body));
        }
        (None, None) => {}
    }
    s
}

fn cmd_sweep(a: SweepArgs) -> Result<i32, String> {
    let text = std::fs::read_to_string(&a.grid).map_err(|e| format!("{}: {e}", a.grid.display()))?;
    let grid = sweep::parse_grid(&text).map_err(|e| format!("{}: {e}", a.grid.display()))?;
    let all = sweep::instances(&grid);
    let insts = match &a.shard {
        Some(s) => {
            let (i, n) = sweep::parse_shard(s)?;
            sweep::shard(&all, i, n).to_vec()
        }
        None => all,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.unwrap_or(0))
        .build()
        .map_err(|e| format!("--jobs: {e}"))?;
    let recs = pool.install(|| sweep::run(&insts, a.out.as_deref(), a.vipr, progress_wanted()));
    let (holds, broken, unknown) = sweep::tally(&recs);
    let summary = format!("{} configurations: {holds} holds, {broken} broken, {unknown} unknown", recs.len());
    if a.json {
        let s: String = recs.iter().map(json_line).collect();
        emit(&s);
        eprintln!("{summary}");
    } else {
        let body: Vec<Vec<String>> = recs.iter().map(record_cells).collect();
        let mut s = table::render(&["n", "eps", "h", "u", "w", "family", "K'", "verdict", "certificate"], &body);
        s.push('\n');
        s.push_str(&summary);
        s.push('\n');
        let first: Vec<String> = recs
            .iter()
            .filter(|r| r.verdict == "broken")
            .take(5)
            .map(|r| format!("  n={} eps={} (h,u,w)=({},{},{}) {} b<={}c", r.n, r.eps, r.h, r.u, r.w, r.family, r.kprime))
            .collect();
        if !first.is_empty() {
            s.push_str("first broken:\n");
            s.push_str(&first.join("\n"));
            s.push('\n');
        }
        emit(&s);
    }
    Ok(if unknown > 0 { 2 } else { 0 })
}

fn record_cells(r: &Record) -> Vec<String> {
    vec![
        r.n.to_string(),
        r.eps.clone(),
        r.h.to_string(),
        r.u.to_string(),
        r.w.to_string(),
        r.family.clone(),
        format!("{} ({})", r.kprime, r.bound),
        r.verdict.clone(),
        r.certificate.clone().or(r.reason.clone()).unwrap_or_default(),
    ]
}

/// Every `*.json` under the given paths, sorted, directories recursively.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
        let meta = std::fs::metadata(p).map_err(|e| format!("{}: {e}", p.display()))?;
        if meta.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            for e in entries {
                if e.is_dir() || e.extension().is_some_and(|x| x == "json") {
                    walk(&e, out)?;
                }
            }
        } else {
            out.push(p.to_path_buf());
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        walk(p, &mut out)?;
    }
    Ok(out)
}

/// Verifies one file: `Ok(summary)` or `Err((exit code, reason))`.
pub fn verify_file(path: &Path) -> Result<String, (i32, String)> {
    let cert: AnyCertificate = cert::read(path).map_err(|e| (2, e))?;
    check_any(&cert).map_err(|e| (1, e))
}

fn cmd_verify(a: VerifyArgs) -> Result<i32, String> {
    use rayon::prelude::*;
    let files = collect_files(&a.paths)?;
    let results: Vec<Result<String, (i32, String)>> = files.par_iter().map(|f| verify_file(f)).collect();
    let mut code = 0;
    let mut s = String::new();
    for (f, r) in files.iter().zip(&results) {
        let p = f.display().to_string();
        match r {
            Ok(what) if a.json => s.push_str(&json_line(&serde_json::json!({"path": p, "ok": true, "result": what}))),
            Ok(what) => s.push_str(&format!("ok      {p}: {what}\n")),
            Err((c, why)) => {
                code = code.max(*c);
                if a.json {
                    s.push_str(&json_line(&serde_json::json!({"path": p, "ok": false, "error": why})));
                } else {
                    s.push_str(&format!("FAILED  {p}: {why}\n"));
                }
            }
        }
    }
    if !a.json {
        let bad = results.iter().filter(|r| r.is_err()).count();
        s.push_str(&format!("{} files: {} verified, {} failed\n", files.len(), files.len() - bad, bad));
    }
    emit(&s);
    Ok(code)
}

fn cmd_bench(a: BenchArgs) -> Result<i32, String> {
    use rayon::prelude::*;
    let text = std::fs::read_to_string(&a.grid).map_err(|e| format!("{}: {e}", a.grid.display()))?;
    let insts = sweep::instances(&sweep::parse_grid(&text)?);
    let dir = std::env::temp_dir().join(format!("minip-bench-{}", std::process::id()));
    let t = Instant::now();
    let recs = sweep::run(&insts, Some(&dir), true, progress_wanted());
    let files = collect_files(std::slice::from_ref(&dir))?;
    let ok = files.par_iter().filter(|f| verify_file(f).is_ok()).count();
    let sweep_s = t.elapsed().as_secs_f64();
    let _ = std::fs::remove_dir_all(&dir);
    let (h, b, u) = sweep::tally(&recs);
    let proofs = collect_files(std::slice::from_ref(&a.proofs))?;
    let t = Instant::now();
    let vok = proofs.par_iter().filter(|f| verify_file(f).is_ok()).count();
    let verify_s = t.elapsed().as_secs_f64();
    emit(&format!(
        "threads            {}\nsweep              {} configurations ({h} holds, {b} broken, {u} unknown), certificates written and re-verified ({ok} ok) in {:.2} s = {:.0} configurations/s\nverify             {} certificates under {} ({vok} ok) in {:.3} s = {:.0} certificates/s\n",
        rayon::current_num_threads(),
        recs.len(),
        sweep_s,
        recs.len() as f64 / sweep_s,
        proofs.len(),
        a.proofs.display(),
        verify_s,
        proofs.len() as f64 / verify_s.max(1e-9)
    ));
    Ok(if u > 0 || ok != files.len() || vok != proofs.len() { 2 } else { 0 })
}
