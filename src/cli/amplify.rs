//! `minip amplify` and `minip amplify-bench`: argument handling and printing over the
//! requests of `crate::request::amplify` (docs/math.md §4). No mathematics here.

use super::sharp::say;
use super::{ctl, emit};
use crate::error::Error;
use crate::print::json;
use crate::print::svg;
use crate::request::amplify::{self, Amplified, Amplify, Grid, Job};
use crate::request::amplify_bench::{AmplifyBench, Bench};
use crate::request::Values;
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub struct AmplifyArgs {
    /// Query weights: H, a range A..=B (both ends included) or a list such as 24,64,168.
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

/// The request the arguments make.
fn request(a: &AmplifyArgs) -> Amplify {
    let s = &a.setting;
    Amplify {
        h: Values::Text(a.h.clone()),
        n: a.n,
        eps: a.eps.clone(),
        lo: a.lo.clone(),
        hi: a.hi.clone(),
        pairs: a.pairs.clone(),
        superset: a.superset,
        m: a.m,
        grid: a.grid.clone(),
        expect: a.expect.clone(),
        task: s.task.clone(),
        kernel: s.kernel.clone(),
        positions: s.positions.clone(),
        keys: s.keys.clone(),
        at: s.at,
        out: a.out.clone(),
        plot: a.plot.clone(),
        vipr: a.vipr,
        export_lp: a.export_lp.clone(),
    }
}

pub fn cmd_amplify(a: AmplifyArgs) -> Result<i32, Error> {
    let job = match request(&a).validate_noting(&mut say) {
        Ok(Job::Ratios(job)) => job,
        Ok(Job::Grid(g)) => return cmd_grid(&a, &g),
        Err(e) => return Err(e),
    };
    job.export()?;
    super::batch_run();
    let done = job.run(ctl())?;
    let Amplified { n, title, records: recs, stopped, .. } = done;
    // A plot is of the whole range: none after an interrupt.
    if let (Some(p), Ok(())) = (&a.plot, &stopped) {
        crate::print::write_file(p, &svg::ratio(&crate::request::plot::ratio(&recs), &title))?;
    }
    if a.json {
        emit(&recs.iter().map(|r| json::record("amplify.ratio", r)).collect::<String>())?;
    } else {
        emit(&amplify::text(n, &title, &recs))?;
    }
    for line in amplify::remarks(&recs) {
        eprintln!("{line}");
    }
    stopped?;
    Ok(amplify::exit_code(&recs))
}

#[derive(Args)]
pub struct AmplifyBenchArgs {
    /// Query weights h compared (R(0, h; h), n = 3, eps = 1/2): H, a range A..=B or a list.
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

pub fn cmd_amplify_bench(a: AmplifyBenchArgs) -> Result<i32, Error> {
    let req = AmplifyBench { h: a.h.clone(), against: a.against.clone(), timeout: a.timeout };
    let bench = req.validate()?;
    if !a.json {
        emit(&bench.header())?;
    }
    let mut sink = |row: &crate::request::amplify_bench::AmplifyBenchRow| -> Result<(), Error> {
        if a.json {
            let v = serde_json::to_value(row).map_err(|e| Error::Input(e.to_string()))?;
            emit(&json::record("amplify.bench", &v))
        } else {
            emit(&Bench::line(row))
        }
    };
    let t = bench.run(ctl(), &mut sink)?;
    if let (Some(w), Some(tool)) = (t.worst, bench.tools.first()) {
        eprintln!("smallest speed-up against {}: {w:.1}x", tool.name());
    }
    if t.disagree > 0 {
        eprintln!("{} yardstick values differ from the certified ratio", t.disagree);
        return Ok(1);
    }
    match t.failure() {
        Some(e) => Err(e),
        None => Ok(0),
    }
}

/// `amplify --grid FILE`: every series of a ratio table, one column per series, certificates
/// per series under `--out`, and `--plot` with one curve per series.
fn cmd_grid(a: &AmplifyArgs, job: &Grid) -> Result<i32, Error> {
    let g = &job.grid;
    super::batch_run();
    let run = job.run(ctl())?;
    let per = job.per_series(&run.records);
    let stopped = &run.stopped;
    let title = job.title();
    // A plot is of the whole table: none after an interrupt.
    if let (Some(p), Ok(())) = (&a.plot, &stopped) {
        let curves: Vec<svg::Curve> =
            g.series.iter().zip(&per).map(|(s, rs)| crate::request::plot::ratio_curve(&s.name, rs)).collect();
        crate::print::write_file(p, &svg::series(&curves, &title))?;
    }
    if a.json {
        match job.json_lines(&per) {
            Ok(s) => emit(&s)?,
            Err(e) => return Err(e),
        }
    } else {
        emit(&job.text(&run, &per))?;
    }
    eprintln!("{} ratios certified in {:.1} s", run.done - run.unknown(), run.seconds);
    if let Err(e) = stopped {
        return Err(e.clone());
    }
    if let Some(x) = job.expected(&per) {
        return Ok(super::report_expect(&x));
    }
    Ok(run.exit_code())
}
