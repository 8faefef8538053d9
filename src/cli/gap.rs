//! `minip settle`, `check`, `sweep`, `verify`, `bench`: argument handling and printing over
//! `crate::certify::gap`, `crate::batch` and `minip_check::verify`. No mathematics here.

use super::{emit, json_line, progress_wanted};
use crate::batch::grid::{parse_grid, parse_shard, parse_range, shard};
use crate::batch::settle::{self, SettleJob};
use crate::batch::sweep::{self, Record};
use crate::certify::gap::{decide_at, Outcome};
use crate::print::{gap, table, vipr};
use minip_check::check::Verdict;
use minip_check::model::tokens::gap_from_tokens;
use minip_check::model::{Bound, Family, Gap, Instance};
use minip_check::model::tokens::Token;
use minip_check::rational::{fmt_q, parse_rational};
use minip_check::verify::{collect, verify_file, FileResult};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Clone)]
pub struct InstanceArgs {
    /// Sequence length n (≥ 3).
    #[arg(long, default_value_t = 3)]
    pub(super) n: u32,
    /// Tolerance ε: 1/2, 0.5, 3/8, ...
    #[arg(long, default_value = "1/2", allow_hyphen_values = true)]
    pub(super) eps: String,
    /// Gap d alone: u = 0, w = h = d.
    #[arg(long, conflicts_with_all = ["h", "u", "w", "tokens"])]
    pub(super) d: Option<u32>,
    /// Query weight h = |x|.
    #[arg(long, requires_all = ["u", "w"])]
    pub(super) h: Option<u32>,
    /// Overlap u = <x,y>.
    #[arg(long, requires_all = ["h", "w"])]
    pub(super) u: Option<u32>,
    /// Overlap w = <x,z>.
    #[arg(long, requires_all = ["h", "u"])]
    pub(super) w: Option<u32>,
    /// Real tokens x,y,z as bit strings (overlaps taken from them).
    #[arg(long, conflicts_with_all = ["h", "u", "w"])]
    pub(super) tokens: Option<String>,
    /// Family: paper (S1, S2, S3) or all.
    #[arg(long, default_value = "paper")]
    pub(super) family: String,
    /// Negated bound factor K': 'paper' (the lemma's K) or a rational.
    #[arg(long, default_value = "paper", allow_hyphen_values = true)]
    pub(super) bound: String,
    #[command(flatten)]
    pub(super) setting: SettingArgs,
}

/// The options beyond Min-IP (docs/math.md §11), shared by `check`, `sharp` and `amplify`.
#[derive(Args, Clone, Default)]
pub struct SettingArgs {
    /// Comparison task: min-ip (self included), max-ip or nearest (self excluded; the better key is z).
    #[arg(long, default_value = "min-ip")]
    pub(super) task: String,
    /// Kernel sign: nonneg (alpha >= 0) or signed (every attention denominator D > 0 instead).
    #[arg(long, default_value = "nonneg")]
    pub(super) kernel: String,
    /// Position dependence of the maps: shared, per-position (alpha_p per key position), causal-last (query at position n).
    #[arg(long, default_value = "shared")]
    pub(super) positions: String,
    /// Keys: all, or distinct (no copy of the query token among the other positions).
    #[arg(long, default_value = "all")]
    pub(super) keys: String,
    /// With per-position or causal-last maps: the key position (1-based) of the ratio/bound; default: summed over positions.
    #[arg(long)]
    pub(super) at: Option<u32>,
}

impl SettingArgs {
    /// The setting for length-`n` sequences, validated.
    pub fn setting(&self, n: u32) -> Result<minip_check::model::Setting, String> {
        minip_check::model::Setting::from_fields(Some(&self.task), Some(&self.kernel), Some(&self.positions), Some(&self.keys), self.at, n).map_err(|e| if e.starts_with("at") { format!("--{e}") } else { e })
    }
}

impl InstanceArgs {
    pub fn instance(&self) -> Result<(Instance, Option<[Token; 3]>), String> {
        let eps = parse_rational(&self.eps).map_err(|e| format!("--eps: {e}"))?;
        let (gap, toks) = match (&self.tokens, self.d, self.h) {
            (Some(t), _, _) => {
                let (g, t) = gap_from_tokens(t)?;
                (g, Some(t))
            }
            (None, Some(d), _) => (Gap::from_d(d)?, None),
            (None, None, Some(h)) => (Gap::new(h, self.u.unwrap_or(0), self.w.unwrap_or(0))?, None),
            (None, None, None) => return Err("give the configuration: --d D, --h H --u U --w W, or --tokens x,y,z".into()),
        };
        let family = Family::parse(&self.family)?;
        let bound = Bound::parse(&self.bound)?;
        let mut inst = Instance::new(self.n, eps, gap, family, bound)?.with_setting(self.setting.setting(self.n)?)?;
        if let Some(t) = &toks {
            inst = inst.with_tokens(t)?;
        }
        Ok((inst, toks))
    }
}

#[derive(Args)]
pub struct SettleArgs {
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
pub struct CheckArgs {
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
pub struct SweepArgs {
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
pub struct VerifyArgs {
    /// Files or directories (searched recursively for *.json).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct BenchArgs {
    #[arg(long, default_value = "instances/regression.toml")]
    grid: PathBuf,
    /// Certificates to verify.
    #[arg(long, default_value = "proofs")]
    proofs: PathBuf,
}

pub fn cmd_settle(a: SettleArgs) -> Result<i32, String> {
    let job = SettleJob {
        n: a.n,
        eps: parse_rational(&a.eps).map_err(|e| format!("--eps: {e}"))?,
        ds: parse_range(&a.d).map_err(|e| format!("--d: {e}"))?,
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

pub fn cmd_check(a: CheckArgs) -> Result<i32, String> {
    let (inst, toks) = a.inst.instance()?;
    if a.vipr.is_some() && !inst.setting.is_default() {
        return Err("--vipr: VIPR export is implemented for the default setting only (min-ip, nonneg, shared, all keys)".into());
    }
    // Tokens given by the user are stated as given (the checker checks them like any others).
    let checked = match decide_at(&inst, toks.as_ref()) {
        Outcome::Certified(c) => c,
        Outcome::Unknown { reason } => {
            if a.json {
                emit(&json_line(&serde_json::json!({"verdict": "unknown", "reason": reason})));
            } else {
                emit(&format!("verdict  unknown\nreason   {reason}\n"));
            }
            return Ok(2);
        }
    };
    if let Some(p) = &a.cert {
        sweep::write_certificate(&checked, p, false)?;
    }
    if let Some(p) = &a.vipr {
        crate::print::write_file(p, &vipr::gap(&checked)?)?;
    }
    if a.json {
        emit(&json_line(checked.cert()));
    } else {
        emit(&gap::describe(&inst, &checked));
    }
    Ok(if *checked.claim() == Verdict::Holds { 0 } else { 1 })
}

pub fn cmd_sweep(a: SweepArgs) -> Result<i32, String> {
    let text = std::fs::read_to_string(&a.grid).map_err(|e| format!("{}: {e}", a.grid.display()))?;
    let grid = parse_grid(&text).map_err(|e| format!("{}: {e}", a.grid.display()))?;
    let all = grid.gap_instances();
    let insts = match &a.shard {
        Some(s) => {
            let (i, n) = parse_shard(s)?;
            shard(&all, i, n).to_vec()
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
        let with_setting = recs.iter().any(|r| r.setting.is_some());
        let body: Vec<Vec<String>> = recs
            .iter()
            .map(|r| {
                let mut v = record_cells(r);
                if with_setting {
                    v.insert(0, r.setting.clone().unwrap_or_else(|| "default".into()));
                }
                v
            })
            .collect();
        let mut head = vec!["n", "eps", "h", "u", "w", "family", "K'", "verdict", "certificate"];
        if with_setting {
            head.insert(0, "setting");
        }
        let mut s = table::render(&head, &body);
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

pub fn cmd_verify(a: VerifyArgs) -> Result<i32, String> {
    use rayon::prelude::*;
    let files = collect(&a.paths)?;
    let results: Vec<FileResult> = files.par_iter().map(|f| verify_file(f)).collect();
    let mut s = String::new();
    if a.json {
        for r in &results {
            let p = r.path.display().to_string();
            s.push_str(&json_line(&match &r.result {
                Ok(what) => serde_json::json!({"path": p, "ok": true, "result": what}),
                Err((_, why)) => serde_json::json!({"path": p, "ok": false, "error": why}),
            }));
        }
    } else {
        s.push_str(&minip_check::verify::report(&results));
    }
    emit(&s);
    if results.is_empty() {
        return Err("no certificates found under the given paths".into());
    }
    Ok(minip_check::verify::exit_code(&results))
}

pub fn cmd_bench(a: BenchArgs) -> Result<i32, String> {
    let text = std::fs::read_to_string(&a.grid).map_err(|e| format!("{}: {e}", a.grid.display()))?;
    let b = crate::batch::bench::run(&parse_grid(&text)?, &a.proofs, progress_wanted())?;
    let (h, br, u) = b.tally;
    emit(&format!(
        "threads            {}\nsweep              {} configurations ({h} holds, {br} broken, {u} unknown), certificates written and re-verified ({} ok) in {:.2} s = {:.0} configurations/s\nverify             {} certificates under {} ({} ok) in {:.3} s = {:.0} certificates/s\n",
        b.threads,
        b.configurations,
        b.written_ok,
        b.sweep_seconds,
        b.configurations as f64 / b.sweep_seconds,
        b.proofs,
        a.proofs.display(),
        b.proofs_ok,
        b.verify_seconds,
        b.proofs as f64 / b.verify_seconds.max(1e-9)
    ));
    Ok(if u > 0 || b.written_ok != b.written || b.proofs_ok != b.proofs { 2 } else { 0 })
}
