//! `minip rank`: the best certified rank lower bound per `m` (docs/math.md §5), next to the
//! paper's `2^{m/10−6}` and the trivial `2^m`; certificates, JSON lines and an SVG plot.
//! Printing only: the search and its certificates are `crate::certify::rank`.

use super::{ctl, emit, pool, warn};
use crate::certify::rank::{self as search, RankJob, RankResult};
use crate::print::table;
use crate::print::{json, svg};
use clap::Args;
use minip_check::rational::parse_rational;
use std::path::PathBuf;
use std::time::Instant;

mod linear;

/// What `minip rank --help` says before the examples.
pub(super) const NOTES: &str = "\
Without --linear: m up to 40 (explicit codes, SAT maximality up to --sat-m-max); larger m: --linear.
With --linear: --m takes even m in 8..=256, then 512 and 1024, as M, a range (other m skipped) or
a comma list, e.g. 24..=256 or 64,128,256,512,1024; --n takes 3..=1024 (a range or list gives one column per n); eps
must be 1/2 (the ratios are closed forms at eps = 1/2). For n > 8 at m = 64, 128, 256 the extended
Hamming code of length m is tried too (its pair counts from its dual by the biweight MacWilliams
identity); above m = 256 it is the only code (m = 512 or 1024, every n; other m: unknown).
Exit 0: every bound printed was certified; 2: an m without a certified bound (unknown).";

#[derive(Args)]
pub struct RankArgs {
    /// Number of bits: M, a range such as 4..=24, or (with --linear) a comma list such as 64,128,256.
    #[arg(long)]
    m: String,
    /// Sequence length n (≥ 3); with --linear also a range or list (one column per n).
    #[arg(long, default_value = "3")]
    n: String,
    /// Bounds from linear codes (direct sums up to m = 256; eham64..1024 by MacWilliams), m up to 1024.
    #[arg(long)]
    linear: bool,
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
    #[arg(long, default_value_t = crate::certify::rank::DEFAULT_SAT_BUDGET.to_string())]
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

/// The exponent `m/10 − 6` of the paper's asymptotic bound `2^{m/10 − 6}`, exactly (`--json`:
/// `paper_log2`; the bound itself is irrational for most `m`).
pub fn paper_log2(m: u32) -> String {
    minip_check::rational::fmt_q(&(minip_check::rational::q(m as i64, 10) - minip_check::rational::qi(6)))
}

/// `2^m`, the trivial upper bound, as a decimal string.
pub fn trivial(m: u32) -> String {
    (num_bigint::BigUint::from(1u8) << m).to_string()
}

/// The paper's asymptotic bound `2^{m/10 − 6}` (a formula, printed for comparison).
fn paper(m: u32) -> f64 {
    (m as f64 / 10.0 - 6.0).exp2()
}

pub fn cmd_rank(a: RankArgs) -> Result<i32, String> {
    if a.linear {
        return linear::cmd_rank_linear(a);
    }
    let n: u32 =
        a.n.trim()
            .parse()
            .map_err(|_| format!("--n: malformed '{}' (a single n ≥ 3 without --linear)", a.n))?;
    let ms = crate::ranges::parse_range(&a.m).map_err(|e| format!("--m: {e}"))?;
    if ms.is_empty() {
        return Err("--m: empty range".into());
    }
    if let Some(m) = ms.iter().find(|&&m| m == 0 || m > 40) {
        return Err(if *m > 40 {
            format!("--m: m = {m} is above 40, the largest m of the explicit-code search; rank --linear certifies even m up to 1024 (e.g. rank --linear --m {})", m.min(&256) & !1)
        } else {
            "--m: m = 0 is out of range (1..=40)".into()
        });
    }
    let eps = parse_rational(&a.eps).map_err(|e| format!("--eps: {e}"))?;
    minip_check::check::ratio_instance(n, eps.clone(), 1, 0, 1, false)?;
    if a.h_max == 0 {
        return Err("--h-max: need h-max ≥ 1".into());
    }
    // The largest row LP the ratios need (h up to min(h-max, m), the class h+ when m > h),
    // counted before any is built: its size grows with n.
    let m_max = ms.iter().copied().max().unwrap_or(1);
    let h_top = a.h_max.min(m_max);
    crate::formulate::ratio::check_row_lp_size(n, h_top as usize + 1 + usize::from(m_max > h_top))
        .map_err(|e| format!("--n {n} with h up to {h_top}: {e}"))?;
    let budget = a.sat_budget.trim().parse::<u64>().map_err(|_| {
        format!("--sat-budget: malformed number of clauses '{}' (an integer ≥ 0)", a.sat_budget)
    })?;
    let mut job = RankJob::new(n, eps);
    job.h_max = a.h_max;
    job.sat_budget = budget;
    job.sat_m_max = a.sat_m_max;
    job.uniform = a.uniform;
    let pool = pool(a.jobs)?;
    if let Some(p) = &a.plot {
        crate::print::check_target(p)?;
    }
    if let Some(dir) = &a.out {
        warn(crate::print::out_dir(dir)?);
    }
    let t = Instant::now();
    super::batch_run();
    let results = pool.install(|| search::run(&job, &ms, ctl()));
    let secs = t.elapsed().as_secs_f64();
    let mut ok: Vec<&RankResult> = Vec::new();
    let mut failed = 0;
    let mut done = 0;
    for (m, r) in ms.iter().zip(&results) {
        match r {
            Err(e) if e == crate::control::NOT_STARTED => continue,
            Ok(r) => ok.push(r),
            Err(e) => {
                failed += 1;
                eprintln!("minip: m = {m}: unknown: {e}");
            }
        }
        done += 1;
    }
    let stopped = ctl().stopped_after(done, ms.len(), "m");
    if let Some(dir) = &a.out {
        for r in &ok {
            // The proof first: a certificate never refers to a missing file.
            if let Some((name, bytes)) = &r.proof {
                crate::print::write_bytes(&dir.join(name), bytes)?;
            }
            crate::print::write_file(&dir.join(format!("m{:02}.json", r.m)), &json::pretty(&r.cert))?;
        }
    }
    // A plot is of the whole range: none after an interrupt.
    if let (Some(p), Ok(())) = (&a.plot, &stopped) {
        crate::print::write_file(p, &svg::rank(&super::plot::rank(&ok)))?;
    }
    if a.json {
        let s: String = ok.iter().map(|r| json::record("rank.bound", &record(r))).collect();
        emit(&s)?;
    } else {
        let body: Vec<Vec<String>> = ok
            .iter()
            .map(|r| {
                let c = &r.cert;
                let p = &c.params;
                let maximal = match &c.maximal {
                    Some(mx) => format!("yes (no {})", mx.refuted),
                    None if r.sat_out_of_budget > 0 => "budget".into(),
                    None => "-".into(),
                };
                vec![
                    p.m.to_string(),
                    format!(
                        "{}{}",
                        c.bound,
                        if c.strict
                            && minip_check::rational::parse_rational(&c.value).is_ok_and(|v| v.is_integer())
                        {
                            " (strict)"
                        } else {
                            ""
                        }
                    ),
                    c.uniform_bound.to_string(),
                    c.k.to_string(),
                    format!("({}, {}, {})", p.h, p.lo, p.hi),
                    c.delta.clone(),
                    c.construction.clone(),
                    maximal,
                    format!("{:.4}", paper(p.m)),
                    format!("{}", 1u64 << p.m),
                ]
            })
            .collect();
        let mut s = format!(
            "Certified feature-rank lower bounds, heads correct on all length-{} Min-IP sequences over {{0,1}}^m, eps = {}\n\n",
            n, a.eps
        );
        s.push_str(&table::render(
            &[
                "m",
                "rank >=",
                "uniform",
                "k",
                "(h, lo, hi)",
                "delta",
                "code",
                "k maximal",
                "paper 2^(m/10-6)",
                "trivial 2^m",
            ],
            &body,
        ));
        s.push_str(&format!(
            "\nrank >= floor(value) + 1 > value = k^2/(k + sum_(i!=j) R_ij^-2), R_ij = R(lo, class of y_j seen from x_i; h) (classes o < h, h = the query itself, h+ = strict supersets);\n(strict) marks rows where value is an integer and the strict form adds 1 (docs/rank.md). uniform = ceil(k/(1+(k-1)delta^2)), delta = max_(i!=j) 1/R_ij.\nEvery row's certificate passed the checker ({} in {:.1} s, SAT budget {} proof clauses per m).\n",
            crate::print::count(ok.len(), "value of m", "values of m"),
            secs,
            a.sat_budget
        ));
        emit(&s)?;
    }
    stopped?;
    Ok(if failed > 0 { 2 } else { 0 })
}

fn record(r: &RankResult) -> serde_json::Value {
    let c = &r.cert;
    let p = &c.params;
    serde_json::json!({
        "m": p.m, "n": p.n, "eps": p.eps, "verdict": "certified", "bound": c.bound.to_string(), "strict": c.strict, "k": c.k.to_string(), "h": p.h, "lo": p.lo, "hi": p.hi,
        "classes": c.classes,
        "delta": c.delta, "value": c.value, "uniform_bound": c.uniform_bound.to_string(), "uniform_value": c.uniform_value, "construction": c.construction,
        "maximal": c.maximal.as_ref().map(|mx| mx.refuted), "sat_out_of_budget": r.sat_out_of_budget,
        "paper_log2": paper_log2(p.m), "trivial": trivial(p.m),
        "x": c.code.x, "y": c.code.y,
    })
}
