//! `minip amplify` and `minip amplify-bench`: argument handling and printing over
//! `crate::certify::ratio` and `crate::batch::ratio` (docs/math.md §4). No mathematics here.

use super::{ctl, emit, warn};
use crate::batch::ratio::{self as report, Job, Record};
use crate::formulate::lp_file as export;
use crate::print::table;
use crate::print::{json, svg};
use clap::Args;
use minip_check::rational::{fmt_q, parse_rational, Rat};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args)]
pub struct AmplifyArgs {
    /// Query weights: 6, 2..=24, 2..25.
    #[arg(long, default_value = "2..=24")]
    h: String,
    /// Sequence length n (≥ 3).
    #[arg(long, default_value_t = 3)]
    n: u32,
    /// Tolerance ε.
    #[arg(long, default_value = "1/2", allow_hyphen_values = true)]
    eps: String,
    /// Class on top of the ratio (default 0; beyond Min-IP also h+, or o=O e=E for nearest).
    #[arg(long, conflicts_with = "pairs")]
    lo: Option<String>,
    /// Class normalised to 1: an overlap 0..=h (h is the query token itself), or `h+` for the
    /// strict supersets of the query (implies --superset). Default h.
    #[arg(long, conflicts_with = "pairs")]
    hi: Option<String>,
    /// `all`: every pair lo < hi, hi over the classes of the LP (h+ included with --superset).
    #[arg(long)]
    pairs: Option<String>,
    /// Add the class h+ of strict supersets of the query (they exist when m > h; docs/math.md §4.1).
    #[arg(long)]
    superset: bool,
    /// Token dimension m: adds the class h+ exactly when m > h (for each h); for --task nearest
    /// the classes (o, e), e = |z \ x| ≤ m − h (required there).
    #[arg(long, conflicts_with = "superset")]
    m: Option<u32>,
    /// A ratio table file (instances/beyond/*.toml): several series (settings and classes) over a range of h.
    #[arg(long, conflicts_with_all = ["lo", "hi", "pairs", "superset", "m", "export_lp"])]
    grid: Option<PathBuf>,
    /// With --grid: compare with a table of expected ratios (JSON Lines as written by --json):
    /// exit 0 when every ratio is as expected, 1 with one line per change, 2 on errors.
    #[arg(long, value_name = "TABLE")]
    expect: Option<PathBuf>,
    #[command(flatten)]
    setting: super::gap::SettingArgs,
    /// Write certificates (minip-ratio/2) into this directory.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write an SVG plot of log2 R and the chain bound against h.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// With --out: also write each certificate in VIPR 1.0 (`RTP range R R`) beside it.
    #[arg(long, requires = "out")]
    vipr: bool,
    /// Write the row LP (CPLEX LP format) of the single (h, lo, hi) here.
    #[arg(long)]
    export_lp: Option<PathBuf>,
    /// One JSON object per ratio on stdout (kind "amplify.ratio"; "amplify.series" with --grid).
    #[arg(long)]
    json: bool,
}

fn jobs(a: &AmplifyArgs) -> Result<(u32, Rat, Vec<Job>), String> {
    let eps = parse_rational(&a.eps).map_err(|e| format!("--eps: {e}"))?;
    let hs = crate::ranges::parse_range(&a.h).map_err(|e| format!("--h: {e}"))?;
    if hs.is_empty() {
        return Err("--h: empty range".into());
    }
    let setting = a.setting.setting(a.n)?;
    if !setting.is_default() {
        return setting_jobs(a, eps, &hs, setting);
    }
    let want_sup = a.hi.as_deref().is_some_and(|s| s.ends_with('+'));
    let lo =
        a.lo.as_deref()
            .map(|s| s.parse::<u32>().map_err(|_| format!("--lo: expected an overlap, got '{s}'")))
            .transpose()?;
    // Every h is validated and the jobs are counted before any job is built: `--pairs all`
    // asks for (h + s)(h + s + 1)/2 ratios per h (s = 1 with the class h+).
    let mut per_h = Vec::with_capacity(hs.len());
    let mut count: u64 = 0;
    for &h in &hs {
        let superset = match a.m {
            Some(m) if m < h => return Err(format!("--m {m}: need m ≥ h (h = {h})")),
            Some(m) => m > h,
            None => a.superset || want_sup,
        };
        if want_sup && !superset {
            return Err(format!(
                "--hi {}: the class h+ exists only when m > h (h = {h})",
                a.hi.as_deref().unwrap_or("")
            ));
        }
        crate::certify::ratio::check_size(a.n, &eps, h, 0, h, superset)?;
        count += match a.pairs.as_deref() {
            Some("all") => {
                let top = u64::from(h) + u64::from(superset);
                top * (top + 1) / 2
            }
            Some(other) => return Err(format!("--pairs: expected 'all', got '{other}'")),
            None => 1,
        };
        per_h.push((h, superset));
    }
    let max = minip_check::limits::MAX_GRID_ITEMS as u64;
    if count > max {
        return Err(format!(
            "--pairs all: {count} pairs lo < hi over the values of --h, above the supported {max} (ratios of one run, as configurations of one grid)"
        ));
    }
    let mut jobs = Vec::with_capacity(count as usize);
    for (h, superset) in per_h {
        if a.pairs.is_some() {
            // Every pair 0 ≤ lo < hi ≤ h (+ 1 for h+) of an h checked above.
            let class = |c: u64| u32::try_from(c).map_err(|_| format!("--pairs all: no class {c} (h = {h})"));
            for hi in 1..=u64::from(h) + u64::from(superset) {
                for lo in 0..hi {
                    jobs.push(Job::new(h, class(lo)?, class(hi)?, superset));
                }
            }
        } else {
            let j = Job::new(h, lo.unwrap_or(0), parse_class(a.hi.as_deref(), h)?, superset);
            crate::certify::ratio::check_size(a.n, &eps, j.h, j.lo, j.hi, j.superset)?;
            jobs.push(j);
        }
    }
    Ok((a.n, eps, jobs))
}

/// Jobs beyond the default setting (docs/math.md §11): classes as in ratio table files
/// (`0`, `h`, `h-1`, `h+`, `o=h e=1`), defaults per task: Min-IP `R(0, h)`; Max-IP the
/// query's own class (or with keys distinct `h+`/`h-1`) over `0`; nearest the nearest class
/// (`o=h e=1`, or `o=h-1 e=0` when `m = h`) over the farthest (`o=0 e=m-h`).
fn setting_jobs(
    a: &AmplifyArgs,
    eps: Rat,
    hs: &[u32],
    setting: minip_check::model::Setting,
) -> Result<(u32, Rat, Vec<Job>), String> {
    use minip_check::model::{Keys, Task};
    if a.pairs.is_some() || a.vipr || a.export_lp.is_some() {
        return Err("--pairs, --vipr and --export-lp are implemented for the default setting only (min-ip, nonneg, shared, all keys)".into());
    }
    let nearest = setting.task == Task::Nearest;
    if nearest && a.m.is_none() {
        return Err("--task nearest: give the bits --m (its classes are (o, e), e ≤ m − h)".into());
    }
    let mut jobs = Vec::new();
    for &h in hs {
        let m = if nearest { a.m } else { None };
        let superset = if nearest {
            false
        } else {
            match a.m {
                Some(m) if m < h => return Err(format!("--m {m}: need m ≥ h (h = {h})")),
                Some(m) => m > h,
                None => a.superset || a.hi.as_deref() == Some("h+") || a.lo.as_deref() == Some("h+"),
            }
        };
        let distinct = setting.keys == Keys::Distinct;
        let (dlo, dhi) = match setting.task {
            Task::MinIp => (
                "0".to_string(),
                if distinct {
                    if superset {
                        "h+"
                    } else {
                        "h-1"
                    }
                } else {
                    "h"
                }
                .to_string(),
            ),
            Task::MaxIp => (
                if distinct {
                    if superset {
                        "h+"
                    } else {
                        "h-1"
                    }
                } else {
                    "h"
                }
                .to_string(),
                "0".to_string(),
            ),
            Task::Nearest => {
                (if m > Some(h) { "o=h e=1" } else { "o=h-1 e=0" }.to_string(), "o=0 e=m-h".to_string())
            }
        };
        let lo = crate::batch::grid::class_at(a.lo.as_deref().unwrap_or(&dlo), h, m)
            .map_err(|e| format!("--lo: {e}"))?;
        let hi = crate::batch::grid::class_at(a.hi.as_deref().unwrap_or(&dhi), h, m)
            .map_err(|e| format!("--hi: {e}"))?;
        crate::certify::ratio::instance_in(a.n, &eps, h, lo, hi, superset, setting, m)?;
        jobs.push(Job { h, lo, hi, superset, setting, m });
    }
    Ok((a.n, eps, jobs))
}

/// `--hi`: an overlap `0..=h`, or `h+` / `<h>+` for the strict supersets (index `h + 1`).
fn parse_class(s: Option<&str>, h: u32) -> Result<u32, String> {
    match s {
        None => Ok(h),
        Some(t) if t == "h+" || t == format!("{h}+") => {
            h.checked_add(1).ok_or_else(|| format!("--hi {t}: h = {h} has no class above it"))
        }
        Some(t) if t.ends_with('+') => {
            Err(format!("--hi {t}: the superset class is written h+ (or {h}+ for h = {h})"))
        }
        Some(t) => match t.parse::<u32>() {
            Ok(o) if o <= h => Ok(o),
            Ok(o) => {
                Err(format!("--hi {o}: need hi ≤ h = {h} (or h+ for the strict supersets of the query)"))
            }
            Err(_) => Err(format!("--hi: expected an overlap or h+, got '{t}'")),
        },
    }
}

pub fn cmd_amplify(a: AmplifyArgs) -> Result<i32, String> {
    if a.grid.is_none() && a.expect.is_some() {
        return Err("--expect needs --grid (it compares a ratio table's series with a table)".into());
    }
    if let Some(g) = &a.grid {
        if !a.setting.setting(a.n)?.is_default() {
            return Err("--grid: put task, kernel, positions, keys and at into the series of the file".into());
        }
        return cmd_grid(&a, g);
    }
    let (n, eps, jobs) = jobs(&a)?;
    for p in [&a.export_lp, &a.plot].into_iter().flatten() {
        crate::print::check_target(p)?;
    }
    if let Some(dir) = &a.out {
        warn(crate::print::out_dir(dir)?);
    }
    if let Some(p) = &a.export_lp {
        let [j] = jobs.as_slice() else { return Err("--export-lp: needs a single h (and lo, hi)".into()) };
        crate::print::write_file(p, &export::cplex_lp(n, &eps, j.h, j.lo, j.hi, j.superset)?)?;
    }
    super::batch_run();
    let mut out = report::run(n, &eps, &jobs, ctl());
    // After a signal: the jobs not started are left out of everything printed and counted.
    out.retain(|(r, _)| r.reason.as_deref() != Some(crate::control::NOT_STARTED));
    let stopped = ctl().stopped_after(out.len(), jobs.len(), "ratios");
    if let Some(dir) = &a.out {
        for (rec, cert) in out.iter_mut() {
            if let Some(c) = cert {
                let job = jobs
                    .iter()
                    .find(|j| {
                        j.h == rec.h && j.lo == rec.lo && j.hi == c.params.hi && j.superset == rec.superset
                    })
                    .copied()
                    .ok_or("internal: a record without its job")?;
                let p = dir.join(format!("{}.json", report::stem(n, &eps, &job)));
                crate::print::write_file(&p, &json::pretty(c))?;
                if a.vipr {
                    crate::print::write_file(&p.with_extension("vipr"), &crate::print::vipr::ratio(c)?)?;
                }
                rec.certificate_file = Some(p.display().to_string());
            }
        }
    }
    let recs: Vec<Record> = out.into_iter().map(|(r, _)| r).collect();
    let unknown = recs.iter().filter(|r| r.verdict != "certified").count();
    let classes = if jobs.iter().any(|j| j.superset) {
        ", classes 0..h-1, h (the query), h+ (strict supersets)"
    } else {
        ""
    };
    let title = format!("Forced kernel ratio, n = {n}, eps = {}{classes}", fmt_q(&eps));
    // A plot is of the whole range: none after an interrupt.
    if let (Some(p), Ok(())) = (&a.plot, &stopped) {
        crate::print::write_file(p, &svg::ratio(&super::plot::ratio(&recs), &title))?;
    }
    if a.json {
        emit(&recs.iter().map(|r| json::record("amplify.ratio", r)).collect::<String>())?;
    } else {
        let f2 = |v: Option<f64>| v.map(|x| format!("{x:.3}")).unwrap_or_else(|| "-".into());
        let body: Vec<Vec<String>> = recs
            .iter()
            .map(|r| {
                vec![
                    r.h.to_string(),
                    r.lo_label.clone(),
                    r.hi.clone(),
                    r.ratio.clone().unwrap_or_else(|| "unknown".into()),
                    f2(r.log2_ratio),
                    r.chain_bound.clone().unwrap_or_else(|| "-".into()),
                    f2(r.ratio_over_chain),
                    f2(r.growth),
                ]
            })
            .collect();
        let mut s = format!("{title}: R = min alpha(x,lo)/alpha(x,hi) over heads correct on all length-{n} sequences (exact, certified)\n\n");
        s.push_str(&table::render(&["h", "lo", "hi", "R", "log2 R", "chain", "R/chain", "growth"], &body));
        emit(&s)?;
    }
    if let Some((c, b)) = report::fit(&recs) {
        eprintln!("fitted: log2 R ≈ {c:.4}·h {} {:.3}  (R ≈ {:.4}^h; least squares over the certified rows with R > 0)", if b < 0.0 { "−" } else { "+" }, b.abs(), 2f64.powf(c));
    }
    for r in recs.iter().filter(|r| r.verdict != "certified") {
        eprintln!("h={} lo={} hi={}: {}", r.h, r.lo, r.hi, r.reason.clone().unwrap_or_default());
    }
    stopped?;
    Ok(if unknown > 0 { 2 } else { 0 })
}

#[derive(Args)]
pub struct AmplifyBenchArgs {
    /// Query weights h compared (R(0, h; h), n = 3, eps = 1/2).
    #[arg(long, default_value = "48,64,80,96,112,128,144,160,168")]
    h: String,
    /// Yardsticks run on the same exported LP after minip: esolver (QSopt_ex), glpsol
    /// (GLPK --exact), both, or none.
    #[arg(long, default_value = "esolver")]
    against: String,
    /// Seconds before a yardstick is stopped (`timeout`); its speed-up is then a lower bound.
    #[arg(long, default_value_t = 600)]
    timeout: u64,
    /// One JSON object per h (kind amplify.bench) instead of the table.
    #[arg(long)]
    json: bool,
}

pub fn cmd_amplify_bench(a: AmplifyBenchArgs) -> Result<i32, String> {
    use crate::batch::bench::{amplify_row, Yardstick};
    let eps = parse_rational("1/2").expect("literal");
    let mut hs = Vec::new();
    for part in a.h.split(',') {
        hs.extend(crate::ranges::parse_range(part.trim()).map_err(|e| format!("--h: {e}"))?);
    }
    if hs.is_empty() {
        return Err("--h: empty list".into());
    }
    // Every h is checked before any work; rows are printed as they finish.
    for &h in &hs {
        crate::certify::ratio::check_size(3, &eps, h, 0, h, false).map_err(|e| format!("--h: {e}"))?;
    }
    let tools: Vec<Yardstick> = match a.against.as_str() {
        "esolver" => vec![Yardstick::Esolver],
        "glpsol" => vec![Yardstick::Glpsol],
        "both" => vec![Yardstick::Esolver, Yardstick::Glpsol],
        "none" => vec![],
        other => return Err(format!("--against: '{other}' is not esolver, glpsol, both or none")),
    };
    minip_check::limits::at_most("--timeout", a.timeout, 86_400, "seconds")?;
    let spin = ctl().meter(hs.len() as u64, "h");
    if !a.json {
        let mut head = format!(
            "amplify-bench: R(0, h; h), n = 3, eps = 1/2. minip: certified in process (route closed: the descent point and the chain multipliers under `exact`, then the checker; the LP routes: rows, HiGHS, exact solves and pivots, checker; rayon threads {}); yardsticks: the process on `minip amplify --h H --export-lp` (parsing included), run after minip, never at the same time.\n\n",
            rayon::current_num_threads()
        );
        head.push_str(&format!(
            "{:<4} {:<9} {:<24} {:<12} {:<34}",
            "h", "minip s", "rows/HiGHS/exact/check s", "route", "R"
        ));
        for t in &tools {
            head.push_str(&format!(" {:<22} {:<9}", format!("{} s", t.name()), "speed-up"));
        }
        head.push('\n');
        emit(&head)?;
    }
    let mut worst: Option<f64> = None;
    let mut disagree = 0;
    let (mut failed, mut failures): (Option<String>, usize) = (None, 0);
    for h in hs {
        let row = amplify_row(h, &tools, a.timeout)?;
        spin.inc(1);
        // Only a yardstick that reached the certified ratio (or the timeout) has a speed-up.
        if let Some(y) = row.yardsticks.first().filter(|y| y.measured()) {
            worst = Some(worst.map_or(y.speedup, |w: f64| w.min(y.speedup)));
        }
        disagree += row.yardsticks.iter().filter(|y| y.differs()).count();
        for y in row.yardsticks.iter().filter(|y| y.failed()) {
            failed.get_or_insert_with(|| format!("{} at h = {}: {}", y.solver, row.h, y.said));
            failures += 1;
        }
        if a.json {
            let v = serde_json::to_value(&row).map_err(|e| e.to_string())?;
            emit(&json::record("amplify.bench", &v))?;
            continue;
        }
        let mut line = format!(
            "{:<4} {:<9} {:<24} {:<12} {:<34}",
            row.h,
            format!("{:.3}", row.seconds),
            format!(
                "{:.3}/{:.3}/{:.3}/{:.3}",
                row.rows_seconds, row.highs_seconds, row.exact_seconds, row.check_seconds
            ),
            format!("{} ({})", row.route, row.pivots),
            row.ratio
        );
        for y in &row.yardsticks {
            let said = match y.agrees {
                Some(true) => format!("{:.2}, =R", y.seconds),
                Some(false) if y.differs() => format!("{:.2}, NOT R", y.seconds),
                _ => y.said.clone(),
            };
            let speedup = if y.measured() {
                format!("{}{:.1}x", if y.timed_out { ">" } else { "" }, y.speedup)
            } else {
                "-".into()
            };
            line.push_str(&format!(" {:<22} {:<9}", said, speedup));
        }
        line.push('\n');
        emit(&line)?;
    }
    spin.finish();
    if let (Some(w), Some(t)) = (worst, tools.first()) {
        eprintln!("smallest speed-up against {}: {w:.1}x", t.name());
    }
    if disagree > 0 {
        eprintln!("{disagree} yardstick values differ from the certified ratio");
        return Ok(1);
    }
    if let Some(first) = failed {
        return Err(format!(
            "{failures} yardstick run{} gave no optimal value, so no speed-up was measured there (first: {first})",
            if failures == 1 { "" } else { "s" }
        ));
    }
    Ok(0)
}

/// `amplify --grid FILE`: every series of a ratio table, one column per series, certificates
/// per series under `--out`, and `--plot` with one curve per series.
fn cmd_grid(a: &AmplifyArgs, path: &std::path::Path) -> Result<i32, String> {
    let text = minip_check::read::read_text(path)?;
    let g = crate::batch::grid::parse_ratio_grid(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    // No output replaces the grid or the table (under its name or a link to it).
    let inputs =
        crate::print::Inputs::new().add("the grid", path).add_some("the --expect table", a.expect.as_deref());
    if let Some(p) = &a.plot {
        inputs.refuse_file("--plot", p)?;
    }
    if let Some(dir) = &a.out {
        let jobs = || g.series.iter().flat_map(|s| s.jobs.iter());
        inputs.refuse_dir("--out", dir, |name| {
            jobs().any(|j| name == format!("{}.json", report::stem(g.n, &g.eps, j)))
        })?;
    }
    if let Some(p) = &a.plot {
        crate::print::check_target(p)?;
    }
    if let Some(dir) = &a.out {
        warn(crate::print::out_dir(dir)?);
    }
    let configurations = g.series.iter().map(|s| s.jobs.len()).sum();
    let table = a
        .expect
        .as_deref()
        .map(|p| super::read_expect(p, crate::batch::expect::Kind::Series, configurations))
        .transpose()?;
    let jobs: Vec<Job> = g.series.iter().flat_map(|s| s.jobs.iter().copied()).collect();
    let t = Instant::now();
    super::batch_run();
    let mut out = report::run(g.n, &g.eps, &jobs, ctl());
    let secs = t.elapsed().as_secs_f64();
    let not_started = |r: &Record| r.reason.as_deref() == Some(crate::control::NOT_STARTED);
    let done = out.iter().filter(|(r, _)| !not_started(r)).count();
    let stopped = ctl().stopped_after(done, jobs.len(), "ratios");
    if let Some(dir) = &a.out {
        for ((rec, cert), job) in out.iter_mut().zip(&jobs) {
            if let Some(c) = cert {
                let p = dir.join(format!("{}.json", report::stem(g.n, &g.eps, job)));
                crate::print::write_file(&p, &json::pretty(c))?;
                rec.certificate_file = Some(p.display().to_string());
            }
        }
    }
    let recs: Vec<Record> = out.into_iter().map(|(r, _)| r).collect();
    let unknown = recs.iter().filter(|r| r.verdict != "certified" && !not_started(r)).count();
    // Records per series, in file order (after a signal, the jobs not started are left out).
    let mut per: Vec<Vec<&Record>> = Vec::new();
    let mut i = 0;
    for s in &g.series {
        per.push(recs.iter().skip(i).take(s.jobs.len()).filter(|r| !not_started(r)).collect());
        i += s.jobs.len();
    }
    let title = format!(
        "{}, n = {}, eps = {}",
        g.title.as_deref().unwrap_or("Forced ratios beyond Min-IP"),
        g.n,
        fmt_q(&g.eps)
    );
    // A plot is of the whole table: none after an interrupt.
    if let (Some(p), Ok(())) = (&a.plot, &stopped) {
        let curves: Vec<svg::Curve> =
            g.series.iter().zip(&per).map(|(s, rs)| super::plot::ratio_curve(&s.name, rs)).collect();
        crate::print::write_file(p, &svg::series(&curves, &title))?;
    }
    if a.json {
        let mut s = String::new();
        for (ser, rs) in g.series.iter().zip(&per) {
            for r in rs {
                let mut v = serde_json::to_value(r).map_err(|e| e.to_string())?;
                v["series"] = ser.name.clone().into();
                s.push_str(&json::record("amplify.series", &v));
            }
        }
        emit(&s)?;
    } else {
        let mut hs: Vec<u32> = jobs.iter().map(|j| j.h).collect();
        hs.sort_unstable();
        hs.dedup();
        let body: Vec<Vec<String>> = hs
            .iter()
            .map(|&h| {
                let mut row = vec![h.to_string()];
                for rs in &per {
                    row.push(
                        rs.iter()
                            .find(|r| r.h == h)
                            .map(|r| r.ratio.clone().unwrap_or_else(|| "unknown".into()))
                            .unwrap_or_else(|| "-".into()),
                    );
                }
                let chain = per
                    .iter()
                    .flat_map(|rs| rs.iter())
                    .find(|r| r.h == h && r.setting.is_none())
                    .and_then(|r| r.chain_bound.clone());
                row.push(
                    chain
                        .or_else(|| crate::certify::ratio::chain_bound(g.n, &g.eps, h, 0).map(|c| fmt_q(&c)))
                        .unwrap_or_else(|| "-".into()),
                );
                row
            })
            .collect();
        let mut head: Vec<String> = vec!["h".into()];
        head.extend(g.series.iter().map(|s| s.name.clone()));
        head.push("chain(h)".into());
        let head: Vec<&str> = head.iter().map(String::as_str).collect();
        let mut s = format!("{title}: R = inf alpha(x,lo)/alpha(x,hi) over correct heads (exact, certified; empty = no correct head, Farkas)\n\n");
        s.push_str(&table::render(&head, &body));
        for r in recs.iter().filter(|r| r.verdict != "certified" && !not_started(r)) {
            s.push_str(&format!(
                "h={} {}: {}\n",
                r.h,
                r.setting.clone().unwrap_or_default(),
                r.reason.clone().unwrap_or_default()
            ));
        }
        emit(&s)?;
    }
    eprintln!("{} ratios certified in {secs:.1} s", done - unknown);
    stopped?;
    if let Some(table) = &table {
        // The rows of a series carry its name, as in the JSON lines.
        let mut rows = Vec::with_capacity(recs.len());
        for (ser, rs) in g.series.iter().zip(&per) {
            for r in rs {
                let mut row = crate::batch::expect::row(r);
                row.insert("series".into(), ser.name.clone());
                rows.push(row);
            }
        }
        return Ok(super::report_expect(table, &rows, &rows));
    }
    Ok(if unknown > 0 { 2 } else { 0 })
}
