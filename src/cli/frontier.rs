//! `minip frontier`: per `m`, the certified lower bound on the feature rank and the certified
//! upper bounds from overlap-polynomial heads (docs/frontier.md, docs/math.md §10); a table,
//! JSON lines (`frontier.row`), certificates and a plot. The work is `crate::batch::frontier`.

use super::{ctl, emit};
use crate::batch::frontier::{read_lower_n, run, FrontierJob, Lower, Row, Upper, MAX_FRONTIER_M};
use crate::print::{json, svg, table};
use clap::Args;
use minip_check::check::poly::support_text;
use minip_check::rational::{fmt_q, log2_abs, Rat};
use std::path::PathBuf;
use std::time::Instant;

/// Supports decided per `m` by the sparse search, at most.
const MAX_SPARSE_ATTEMPTS: usize = 500;

/// What `minip frontier --help` says before the examples.
pub(super) const NOTES: &str = "\
lower: a checked rank certificate whose claim implies the row's (m' <= m, n' <= N, eps' >= 1/2; others
skipped with a warning); upper: exact ranks of overlap-polynomial heads (docs/math.md §10); m <= 64,
--n N <= 1024 (§10.10). Exit 1: a lower bound rejected; 2: an entry unknown, or lower > upper.";

#[derive(Args)]
pub struct FrontierArgs {
    /// Sequence length N or a range such as 4..=8 (heads correct on every length <= N).
    #[arg(long, default_value = "3")]
    n: String,
    /// Bits per token: M or a range such as 4..=64.
    #[arg(long, default_value = "4..=64")]
    m: String,
    /// Take every STEP-th m of the range (2: even m from an even start).
    #[arg(long, default_value_t = 2)]
    step: u32,
    /// Kernel classes, comma-separated: per_weight, shared, sparse, signed, or all.
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
    /// Directory of minip-rank/2 certificates mMM.json for the lower bound [default: proofs/rank].
    #[arg(long)]
    rank_dir: Option<PathBuf>,
    /// Directory of linear-code rank certificates n3_mMMM.json (minip-rank-linear/1); '-' for none
    /// [default: proofs/rank-linear].
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

/// The paper's asymptotic bound `2^{m/10 − 6}` (a formula, printed for comparison).
fn paper(m: u32) -> f64 {
    (m as f64 / 10.0 - 6.0).exp2()
}

fn rank_of(u: &Upper) -> &num_bigint::BigInt {
    &u.head.claim().rank
}

fn log2_per_m(x: &num_bigint::BigInt, m: u32) -> f64 {
    log2_abs(&Rat::from_integer(x.clone())) / m as f64
}

fn lower_text(l: &Option<Lower>, m: u32) -> String {
    match l {
        Some(l) if l.from_m == m => l.bound.to_string(),
        Some(l) => format!("{} (m={})", l.bound, l.from_m),
        None => "-".into(),
    }
}

fn cell(c: &Option<Result<Upper, String>>, f: impl Fn(&Upper) -> String) -> String {
    match c {
        None => "".into(),
        Some(Ok(u)) => f(u),
        Some(Err(_)) => "unknown".into(),
    }
}

fn upper_json(c: &Option<Result<Upper, String>>) -> serde_json::Value {
    match c {
        None => serde_json::Value::Null,
        Some(Err(e)) => serde_json::json!({ "unknown": e }),
        Some(Ok(u)) => {
            let claim = u.head.claim();
            let mut v = serde_json::json!({
                "rank": claim.rank.to_string(),
                "degree": u.degree,
                "degrees": claim.degrees,
                "max_error": fmt_q(&claim.max_error),
                "refuted_below": u.none.is_some(),
            });
            if !u.unsettled.is_empty() {
                v["unsettled_h"] = serde_json::json!(u.unsettled);
            }
            if let Some((s, minimal)) = &u.support {
                v["support"] = serde_json::json!(s);
                v["inclusion_minimal"] = serde_json::json!(minimal);
            }
            v
        }
    }
}

fn lower_json(l: &Option<Lower>) -> serde_json::Value {
    match l {
        None => serde_json::Value::Null,
        Some(l) => serde_json::json!({ "bound": l.bound.to_string(), "from_m": l.from_m }),
    }
}

fn record(r: &Row, n: u32) -> serde_json::Value {
    let best = r.best_upper();
    serde_json::json!({
        "verdict": if r.complete() { "certified" } else { "unknown" },
        "n": n,
        "m": r.m,
        "lower": lower_json(&r.lower),
        "lower_linear": lower_json(&r.lower_linear),
        "per_weight": upper_json(&r.per_weight),
        "shared": upper_json(&r.shared),
        "sparse": upper_json(&r.sparse),
        "signed": upper_json(&r.signed),
        "best_upper": best.as_ref().map(|(x, c)| serde_json::json!({ "rank": x.to_string(), "class": c })),
        "paper_log2": crate::print::rank::paper_log2(r.m),
        "trivial": crate::print::rank::trivial(r.m),
    })
}

pub fn cmd_frontier(a: FrontierArgs) -> Result<i32, String> {
    let range = crate::ranges::parse_range(&a.m).map_err(|e| format!("--m: {e}"))?;
    if a.step == 0 {
        return Err("--step: need step ≥ 1".into());
    }
    let ms: Vec<u32> = range.into_iter().step_by(a.step as usize).collect();
    if ms.is_empty() {
        return Err("--m: empty range".into());
    }
    if let Some(m) = ms.iter().find(|&&m| m == 0 || m > MAX_FRONTIER_M) {
        return Err(format!("--m: m = {m} is out of range (1..={MAX_FRONTIER_M})"));
    }
    if a.sparse_attempts > MAX_SPARSE_ATTEMPTS {
        return Err(format!(
            "--sparse-attempts: {} is above the limit {MAX_SPARSE_ATTEMPTS}",
            a.sparse_attempts
        ));
    }
    let nrange = crate::ranges::parse_range(&a.n).map_err(|e| format!("--n: {e}"))?;
    let ns: Vec<u32> = nrange.into_iter().collect();
    if ns.is_empty() {
        return Err("--n: empty range".into());
    }
    let max_n = minip_check::check::poly::MAX_POLY_N;
    if let Some(n) = ns.iter().find(|&&n| !(3..=max_n).contains(&n)) {
        return Err(format!("--n: n = {n} is out of range (3..={max_n})"));
    }
    let (mut pw, mut sh, mut sp, mut sg) = (false, false, false, false);
    for k in a.kernel.split(',').map(str::trim) {
        match k {
            "per_weight" => pw = true,
            "shared" => sh = true,
            "sparse" => sp = true,
            "signed" => sg = true,
            "all" => (pw, sh, sp, sg) = (true, true, true, true),
            other => {
                return Err(format!(
                    "--kernel: unknown class '{other}' (expected per_weight, shared, sparse, signed, all)"
                ))
            }
        }
    }
    // A directory given on the command line must exist (checked before any work); a missing
    // default one (minip run outside the repository) only costs its column.
    for (flag, dir) in [("--rank-dir", &a.rank_dir), ("--rank-linear-dir", &a.rank_linear_dir)] {
        if let Some(d) = dir.as_ref().filter(|d| d.as_os_str() != "-" && !d.is_dir()) {
            return Err(format!("{flag} {}: not a directory", d.display()));
        }
    }
    let rank_dir = a.rank_dir.clone().unwrap_or_else(|| PathBuf::from("proofs/rank"));
    let rank_linear_dir = a.rank_linear_dir.clone().unwrap_or_else(|| PathBuf::from("proofs/rank-linear"));
    let pool = super::pool(a.jobs)?;
    // The certificates the lower bounds may come from are inputs: no output replaces one.
    let inputs = [&rank_dir, &rank_linear_dir]
        .into_iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flat_map(|e| e.flatten().map(|e| e.path()))
        // The names the lower bounds are read from (`batch::frontier::read_lower_n`): mMM.json,
        // nN_mMMM.json; the frontier's own mMM.<class>.json there are not read.
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let stem = name.split_once('_').filter(|(n, _)| n.starts_with('n')).map_or(name, |(_, s)| s);
            stem.strip_prefix('m')
                .and_then(|s| s.strip_suffix(".json"))
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        })
        .fold(crate::print::Inputs::new(), |i, f| i.add("the certificate", &f));
    if let Some(p) = &a.plot {
        inputs.refuse_file("--plot", p)?;
        crate::print::check_target(p)?;
    }
    if let Some(dir) = &a.out {
        // The names written: mMM.<class>.json, mMM.<class>.none.json, mMM.<class>.head (never
        // a rank certificate's mMM.json, so --out may be the rank directory itself).
        inputs.refuse_dir("--out", dir, |n| {
            n.starts_with('m')
                && n.matches('.').count() >= 2
                && (n.ends_with(".json") || n.ends_with(".head"))
        })?;
        super::warn(crate::print::out_dir(dir)?);
    }
    let mut code = 0;
    let mut all_rows: Vec<(u32, Vec<Row>)> = Vec::new();
    for &n in &ns {
        let out = a.out.as_ref().map(|d| if n == 3 { d.clone() } else { d.join(format!("n{n}")) });
        if let Some(dir) = out.as_ref().filter(|_| n != 3) {
            super::warn(crate::print::out_dir(dir)?);
        }
        let c = one_n(
            &a,
            n,
            &ms,
            (pw, sh, sp, sg),
            &rank_dir,
            &rank_linear_dir,
            out.as_ref(),
            &pool,
            &mut all_rows,
        )?;
        code = code.max(c);
        if c == 1 {
            return Ok(1);
        }
    }
    if let (Some(p), true) = (&a.plot, ns.len() > 1 || ns[0] != 3) {
        crate::print::write_file(p, &svg::frontier_by_n(&super::plot::frontier_by_n(&all_rows)))?;
    }
    Ok(code)
}

/// One sequence length: lower bounds, the run, certificates, the table or JSON.
#[allow(clippy::too_many_arguments)]
fn one_n(
    a: &FrontierArgs,
    n: u32,
    ms: &[u32],
    (pw, sh, sp, sg): (bool, bool, bool, bool),
    rank_dir: &PathBuf,
    rank_linear_dir: &PathBuf,
    out: Option<&PathBuf>,
    pool: &rayon::ThreadPool,
    all_rows: &mut Vec<(u32, Vec<Row>)>,
) -> Result<i32, String> {
    // Lower bounds next: a rejected committed certificate is a failed check (exit 1). Only
    // certificates at m' ≤ the largest m asked for can give a bound; no other is read.
    let top = ms.iter().copied().max().unwrap_or(0);
    let mut lowers = Vec::new();
    for dir in [rank_dir, rank_linear_dir] {
        if dir.as_os_str() != "-" && !dir.is_dir() {
            super::warn(Some(format!("{} is not a directory: no lower bounds from it", dir.display())));
        }
        match read_lower_n(dir, top, n) {
            Ok(l) => {
                // A file whose claim does not give the frontier's bound: one line each.
                for s in l.skipped {
                    super::warn(Some(s));
                }
                lowers.push(l.bounds)
            }
            Err(e) => {
                eprintln!("minip: error: {e}");
                return Ok(if e.contains(": rejected: ") { 1 } else { 2 });
            }
        }
    }
    let (Some(lower_linear), Some(lower)) = (lowers.pop(), lowers.pop()) else {
        return Err("internal: two lower-bound directories expected".into());
    };
    let job = FrontierJob {
        ms: ms.to_vec(),
        n,
        per_weight: pw,
        shared: sh,
        sparse: sp,
        signed: sg,
        shared_m_max: a.shared_m_max,
        sparse_m_max: a.sparse_m_max,
        sparse_attempts: a.sparse_attempts,
        lower,
        lower_linear,
    };
    let t = Instant::now();
    super::batch_run();
    let rows = pool.install(|| run(&job, ctl()))?;
    let secs = t.elapsed().as_secs_f64();
    let stopped = ctl().stopped_after(rows.len(), ms.len(), "m");
    let mut unknown = 0;
    for r in &rows {
        for (name, c) in [
            ("per_weight", &r.per_weight),
            ("shared", &r.shared),
            ("sparse", &r.sparse),
            ("signed", &r.signed),
        ] {
            if let Some(Err(e)) = c {
                // "not run" is a limit the user set, not an unknown.
                if !e.starts_with("not run") {
                    unknown += 1;
                    eprintln!("minip: m = {}: {name}: unknown: {e}", r.m);
                }
            }
        }
    }
    if let Some(dir) = out {
        for r in &rows {
            for (name, c) in [
                ("per_weight", &r.per_weight),
                ("shared", &r.shared),
                ("sparse", &r.sparse),
                ("signed", &r.signed),
            ] {
                let Some(Ok(u)) = c else { continue };
                crate::print::write_file(
                    &dir.join(format!("m{:02}.{name}.json", r.m)),
                    &json::pretty(&u.head),
                )?;
                if let Some(n) = &u.none {
                    crate::print::write_file(
                        &dir.join(format!("m{:02}.{name}.none.json", r.m)),
                        &json::pretty(n),
                    )?;
                }
                if n == 3
                    && r.m <= crate::heads::poly::MAX_HEAD_FILE_M
                    && (name == "per_weight" || name == "shared")
                {
                    let text = crate::heads::poly::head_file(&u.head)
                        .map_err(|e| format!("m = {}: head file: {e}", r.m))?;
                    crate::print::write_file(&dir.join(format!("m{:02}.{name}.head", r.m)), &text)?;
                }
            }
        }
    }
    // A plot is of the whole range: none after an interrupt.
    if let (Some(p), Ok(()), true) = (&a.plot, &stopped, a.n.trim() == "3") {
        crate::print::write_file(p, &svg::frontier(&super::plot::frontier(&rows)))?;
    }
    if a.json {
        let s: String = rows.iter().map(|r| json::record("frontier.row", &record(r, n))).collect();
        emit(&s)?;
    } else {
        let mut header = vec!["m", "lower"];
        let linear = rows.iter().any(|r| r.lower_linear.is_some());
        if linear {
            header.push("lower (linear codes)");
        }
        if pw {
            header.push("per-weight rank (max deg)");
        }
        if sh {
            header.push("shared deg: rank");
        }
        if sp {
            header.push("sparse shared: rank {support}");
        }
        if sg {
            header.push("signed per-weight rank (max deg)");
        }
        header.extend(["best upper", "log2(upper)/m", "paper 2^(m/10-6)", "trivial 2^m"]);
        let body: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                let mut v = vec![r.m.to_string(), lower_text(&r.lower, r.m)];
                if linear {
                    v.push(lower_text(&r.lower_linear, r.m));
                }
                if pw {
                    v.push(cell(&r.per_weight, |u| {
                        let mark = if u.unsettled.is_empty() { "" } else { "*" };
                        format!("{} ({}){mark}", rank_of(u), u.degree)
                    }));
                }
                if sh {
                    v.push(match &r.shared {
                        Some(Err(e)) if e.starts_with("not run") => "-".into(),
                        c => cell(c, |u| format!("{}: {}", u.degree, rank_of(u))),
                    });
                }
                if sp {
                    v.push(match &r.sparse {
                        None => "-".into(),
                        c => cell(c, |u| {
                            let (s, minimal) = u.support.as_ref().expect("sparse support");
                            format!(
                                "{} {}{}",
                                rank_of(u),
                                support_text(s),
                                if *minimal { "" } else { " (not minimal)" }
                            )
                        }),
                    });
                }
                if sg {
                    v.push(cell(&r.signed, |u| format!("{} ({})", rank_of(u), u.degree)));
                }
                match r.best_upper() {
                    Some((x, _)) => {
                        v.push(x.to_string());
                        v.push(format!("{:.3}", log2_per_m(&x, r.m)));
                    }
                    None => v.extend(["unknown".to_string(), "-".to_string()]),
                }
                v.push(format!("{:.4}", paper(r.m)));
                v.push(if r.m < 64 { (1u64 << r.m).to_string() } else { "2^64".into() });
                v
            })
            .collect();
        let mut s = if n == 3 {
            String::from("Certified feature-rank bounds for heads correct on all length-3 Min-IP sequences over {0,1}^m, eps = 1/2\n\n")
        } else {
            format!("Certified feature-rank bounds for heads correct on all Min-IP sequences of length <= {n} over {{0,1}}^m, eps = 1/2\n\n")
        };
        s.push_str(&table::render(&header, &body));
        s.push_str(
            "\nlower: committed minip-rank/2 certificate (m = the certificate's, if smaller); upper: exact rank of an overlap-polynomial head,\n\
             every smaller degree refuted by Farkas multipliers (per-weight: per query weight; max deg = the largest). The signed column drops\n\
             f_h >= 0 (only D > 0; not a nonnegative head, so not in best upper). Every entry passed the checker (docs/frontier.md).\n",
        );
        let marked: Vec<String> = rows
            .iter()
            .filter_map(|r| {
                r.per_weight.as_ref()?.as_ref().ok().filter(|u| !u.unsettled.is_empty()).map(|u| {
                    format!(
                        "m={}: h={}",
                        r.m,
                        u.unsettled.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
                    )
                })
            })
            .collect();
        if !marked.is_empty() {
            s.push_str(&format!(
                "*: the degree one below was not settled at {} (neither a head nor a refutation passed): the head is certified,\n\
                 its degree there not proven the smallest.\n",
                marked.join("; ")
            ));
        }
        emit(&s)?;
    }
    eprintln!(
        "minip: frontier: {} in {:.1} s{}",
        crate::print::count(rows.len(), "row", "rows"),
        secs,
        if unknown > 0 {
            format!(", {} unknown", crate::print::count(unknown, "entry", "entries"))
        } else {
            String::new()
        }
    );
    stopped?;
    all_rows.push((n, rows));
    Ok(if unknown > 0 { 2 } else { 0 })
}
