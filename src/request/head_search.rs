//! `minip head search` (also Python's `head_search`): the low-rank head search of
//! docs/math.md §14 (docs/frontier.md, "Searched heads"), by one of two methods:
//!
//! - `gradient` (the default): Adam on a smooth surrogate of every length-3 constraint, with
//!   nonnegative `Φ, Ψ` of `rank` columns and the values optimized jointly
//!   (`crate::batch::search_gradient`, §14.2), restarts in parallel from several kinds of
//!   start; each float head that reaches every sequence within 0.49 is made exact at once
//!   (`crate::batch::search_exact::certify_factors`, `minip_check`);
//! - `lp`: alternating LPs on `α = Φ Ψᵀ` from pseudo-random starts (`crate::batch::search`);
//!   a hint that reaches every sequence within 0.45 is rounded and checked exactly
//!   (`crate::batch::search_exact::certify`).
//!
//! With `out` a certified head is written as `mMM.rR.json` (`minip-search-head/1`) and
//! `mMM.rR.head` (`minip-head/1`). A run is determined by its request, unless a time limit
//! ends it (then what was run depends on the machine).

use super::{Control, Error};
use crate::batch::search::{search, Config, Event, Restart};
use crate::batch::search_exact::certify;
use crate::batch::search_gradient::{self as gradient, End, Run, Start};
use crate::print::json;
use minip_check::check::search::MAX_SEARCH_M;
use minip_check::check::Checked;
use minip_check::format::search::{SearchHead, SearchRun};
use minip_check::rational::fmt_q;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// Largest number of restarts, and of steps per restart of the alternating LPs.
pub const MAX_SEARCH_EFFORT: u32 = 10_000;
/// Largest size of one step, `rank · 8^m` (the `Ψ` LP has `2·8^m` pair rows over `rank · 2^m`
/// unknowns; above this HiGHS runs out of memory under 1 GiB: `m = 8` takes rank ≤ 4).
pub const MAX_STEP_CELLS: u128 = 1 << 26;
/// Largest work of one search, `restarts · iterations · rank · 8^m`: a step at `m = 5`, rank 3
/// takes about 10 s on the project's 2-core VM at load 6–8, one at `m = 8`, rank 2 about 40 s,
/// so the whole budget is about an hour at `m = 5` and about 20 minutes at `m = 8`.
pub const MAX_HEAD_SEARCH_WORK: u128 = 1 << 30;
/// Largest number of steps per restart of the first-order search.
pub const MAX_GRADIENT_STEPS: u32 = 1_000_000;
/// Largest work of a first-order search, `restarts · (steps + 600) · 4^m · (rank + m)` (a step
/// touches every kernel entry `rank` times and sorts each query's keys per target; a start's
/// factorization costs about 600 steps' worth of kernel products): a step at `m = 8`, rank 8
/// (`2^20` units) takes about 16–30 ms on one core of the project's VM, so the budget is about
/// a day and a half of one core.
pub const MAX_GRADIENT_WORK: u128 = 1 << 42;
/// The steps a start counts for in `MAX_GRADIENT_WORK` (two kernel products per round of the
/// softmax start's factorization).
pub const START_STEPS: u128 = 2 * gradient::FACTORIZE_ROUNDS as u128;
/// Largest `--time-limit`, in seconds (a week).
pub const MAX_TIME_LIMIT: f64 = 604_800.0;
/// Steps per restart when `iterations` is not given: the alternating LPs, the first-order search.
pub const LP_ITERATIONS: u32 = 100;
pub const GRADIENT_STEPS: u32 = 20_000;

/// The search method (`--method`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Gradient,
    Lp,
}

impl Method {
    pub fn parse(s: &str) -> Result<Method, Error> {
        match s {
            "gradient" => Ok(Method::Gradient),
            "lp" => Ok(Method::Lp),
            _ => Err(Error::Input(format!("--method must be gradient or lp, got '{s}'"))),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Method::Gradient => "gradient",
            Method::Lp => "lp",
        }
    }
}

/// The kind of start of the first-order search (`--start`), from its name.
pub fn parse_start(s: &str) -> Result<Start, Error> {
    Start::parse(s)
        .ok_or_else(|| Error::Input(format!("--start must be one of {}, got '{s}'", Start::NAMES.join(", "))))
}

/// `head search` as asked.
#[derive(Clone, Debug, PartialEq)]
pub struct HeadSearch {
    /// Token bits, `1..=8`.
    pub m: u32,
    /// Feature rank `1 ≤ r ≤ 2^m` of `α = Φ Ψᵀ` (rank `2^m` is any kernel).
    pub rank: usize,
    /// Seed of the pseudo-random starts.
    pub seed: u64,
    /// Starts, each until it succeeds or stalls.
    pub restarts: u32,
    /// Largest number of steps per restart (`None`: 100 alternating steps, 20,000 descent steps).
    pub iterations: Option<u32>,
    /// Gradient (first-order) or alternating LPs.
    pub method: Method,
    /// The kind of start of the first-order search (`None`: `mixed`); refused with `lp`.
    pub start: Option<Start>,
    /// Wall-clock limit of the first-order search, in seconds; refused with `lp`.
    pub time_limit: Option<f64>,
    /// Write `mMM.rR.json` and `mMM.rR.head` into this directory when a head is certified.
    pub out: Option<PathBuf>,
    /// Worker threads for the restarts (`None`: see [`super::Workers`]).
    pub jobs: Option<usize>,
}

impl Default for HeadSearch {
    /// The command line's defaults: `m = 4`, rank 2, seed 1, 20 restarts, the first-order search.
    fn default() -> HeadSearch {
        HeadSearch {
            m: 4,
            rank: 2,
            seed: 1,
            restarts: 20,
            iterations: None,
            method: Method::Gradient,
            start: None,
            time_limit: None,
            out: None,
            jobs: None,
        }
    }
}

/// A validated search.
#[derive(Clone, Debug)]
pub struct SearchJob {
    plan: Plan,
    out: Option<PathBuf>,
    workers: super::Workers,
}

#[derive(Clone, Debug)]
enum Plan {
    Lp(Config),
    Gradient(gradient::Config),
}

/// `Err` unless `lo ≤ v ≤ hi`: below is bad input, above is past a limit.
fn in_range<T: PartialOrd + std::fmt::Display>(v: T, lo: T, hi: T, what: &str) -> Result<(), Error> {
    let msg = || format!("{what} must be in {lo}..={hi}, got {v}");
    if v < lo {
        Err(Error::Input(msg()))
    } else if v > hi {
        Err(Error::TooLarge(msg()))
    } else {
        Ok(())
    }
}

impl HeadSearch {
    /// Checks every field against its range (`minip help limits`).
    pub fn validate(&self) -> Result<SearchJob, Error> {
        in_range(self.m, 1, MAX_SEARCH_M, "--m")?;
        in_range(self.rank, 1, 1usize << self.m, &format!("--rank (m = {})", self.m))?;
        in_range(self.restarts, 1, MAX_SEARCH_EFFORT, "--restarts")?;
        let plan = match self.method {
            Method::Lp => {
                if self.start.is_some() || self.time_limit.is_some() {
                    return Err(Error::Input("--start and --time-limit are for --method gradient".into()));
                }
                let iterations = self.iterations.unwrap_or(LP_ITERATIONS);
                in_range(iterations, 1, MAX_SEARCH_EFFORT, "--iterations")?;
                let step = self.rank as u128 * (1u128 << (3 * self.m));
                super::at_most(
                    &format!("one step (rank x 8^m, m = {}, rank {})", self.m, self.rank),
                    step,
                    MAX_STEP_CELLS,
                    "the pair rows of an LP times the rank; about 1 GiB",
                )?;
                super::at_most(
                    "the search (restarts x iterations x rank x 8^m)",
                    u128::from(self.restarts) * u128::from(iterations) * step,
                    MAX_HEAD_SEARCH_WORK,
                    "about an hour; ask fewer --restarts or --iterations",
                )?;
                Plan::Lp(Config {
                    m: self.m,
                    rank: self.rank,
                    restarts: self.restarts,
                    iterations,
                    seed: self.seed,
                })
            }
            Method::Gradient => {
                let steps = self.iterations.unwrap_or(GRADIENT_STEPS);
                in_range(steps, 1, MAX_GRADIENT_STEPS, "--iterations")?;
                if let Some(t) = self.time_limit {
                    if t.is_nan() || t <= 0.0 {
                        return Err(Error::Input(format!("--time-limit must be positive, got {t}")));
                    }
                    in_range(t, 0.0, MAX_TIME_LIMIT, "--time-limit (seconds)")?;
                }
                let cells = (1u128 << (2 * self.m)) * (self.rank as u128 + u128::from(self.m));
                super::at_most(
                    "the search (restarts x (iterations + 600) x 4^m x (rank + m))",
                    u128::from(self.restarts) * (u128::from(steps) + START_STEPS) * cells,
                    MAX_GRADIENT_WORK,
                    "about a day and a half of one core; ask fewer --restarts or --iterations",
                )?;
                Plan::Gradient(gradient::Config {
                    m: self.m,
                    rank: self.rank,
                    seed: self.seed,
                    restarts: self.restarts,
                    steps,
                    start: self.start.unwrap_or(Start::Mixed),
                    time_limit: self.time_limit,
                })
            }
        };
        Ok(SearchJob { plan, out: self.out.clone(), workers: super::Workers::new(self.jobs)? })
    }
}

/// The file names of a searched head: `mMM.rR.json` and `mMM.rR.head`.
pub fn file_names(m: u32, rank: usize) -> (String, String) {
    (format!("m{m:02}.r{rank}.json"), format!("m{m:02}.r{rank}.head"))
}

/// What a search did: its request, every restart, and the checked head when one was found
/// (with the files written).
#[derive(Clone, Debug)]
pub struct HeadSearched {
    pub m: u32,
    pub rank: usize,
    pub seed: u64,
    pub restarts: u32,
    pub iterations: u32,
    pub method: Method,
    /// The first-order search's kind of start and time limit (`None` for `lp`).
    pub start: Option<Start>,
    pub time_limit: Option<f64>,
    /// The restarts of the alternating LPs (`lp`), or of the first-order search (`gradient`):
    /// every index up to the one that found the head.
    pub runs: Vec<Restart>,
    pub gradient_runs: Vec<Run>,
    /// The time limit ended the search before every restart ran (`gradient`).
    pub timed_out: bool,
    pub head: Option<Checked<SearchHead>>,
    /// The restart that found the head.
    pub restart: Option<u32>,
    pub files: Option<(PathBuf, PathBuf)>,
    pub seconds: f64,
}

impl SearchJob {
    /// Runs the search; `line` hears progress lines as they come (the command line prints
    /// them on stderr; the first-order search's come from every worker). A stop (`ctl`) ends
    /// the search after the steps in progress.
    pub fn run(&self, ctl: &Control, line: impl FnMut(&str) + Send) -> Result<HeadSearched, Error> {
        let t = Instant::now();
        let mut done = self.workers.install(|| match &self.plan {
            Plan::Lp(cfg) => run_lp(cfg, ctl, line, t),
            Plan::Gradient(cfg) => run_gradient(cfg, ctl, line, t),
        })?;
        if let (Some(dir), Some(c)) = (&self.out, &done.head) {
            done.files = Some(write(dir, c)?);
        }
        done.seconds = t.elapsed().as_secs_f64();
        Ok(done)
    }
}

/// The alternating LPs.
fn run_lp(
    cfg: &Config,
    ctl: &Control,
    mut line: impl FnMut(&str),
    t: Instant,
) -> Result<HeadSearched, Error> {
    let meter = ctl.meter(u64::from(cfg.restarts), "restarts");
    let found = search(cfg, |e| {
        match e {
            Event::Round { restart, step, rows, objective } => {
                line(&format!(
                    "restart {restart} step {step}: LP with {rows} pair rows, objective {objective:.4e} ({:.0} s)",
                    t.elapsed().as_secs_f64()
                ));
            }
            Event::Step { restart, step, objective, rows } => {
                let rows = if rows > 0 { format!(", {rows} pair rows") } else { String::new() };
                line(&format!(
                    "restart {restart} step {step}: objective {objective:.4e}{rows} ({:.0} s)",
                    t.elapsed().as_secs_f64()
                ));
            }
            Event::Restart { restart, run } => {
                meter.inc(1);
                line(&restart_line(restart, run));
            }
        }
        !ctl.is_stopped()
    })?;
    meter.finish();
    if found.stopped {
        return Err(Error::Interrupted(format!(
            "interrupted after {} of {} restarts (nothing written)",
            found.restarts.len(),
            cfg.restarts
        )));
    }
    let mut done = HeadSearched {
        m: cfg.m,
        rank: cfg.rank,
        seed: cfg.seed,
        restarts: cfg.restarts,
        iterations: cfg.iterations,
        method: Method::Lp,
        start: None,
        time_limit: None,
        runs: found.restarts,
        gradient_runs: Vec::new(),
        timed_out: false,
        head: None,
        restart: None,
        files: None,
        seconds: 0.0,
    };
    if let Some(hint) = &found.hint {
        let restart = done.runs.len() as u32 - 1;
        let run = SearchRun {
            seed: cfg.seed,
            restart,
            restarts: cfg.restarts,
            iterations: cfg.iterations,
            method: None,
            start: None,
            step: None,
        };
        done.head = Some(certify(cfg.m, hint, run)?);
        done.restart = Some(restart);
    }
    Ok(done)
}

/// The first-order search: restarts in parallel, progress lines every
/// `search_gradient::REPORT_EVERY` steps of a restart, a meter over every step.
fn run_gradient(
    cfg: &gradient::Config,
    ctl: &Control,
    line: impl FnMut(&str) + Send,
    t: Instant,
) -> Result<HeadSearched, Error> {
    let meter = ctl.meter(u64::from(cfg.restarts) * u64::from(cfg.steps), "steps");
    let line = Mutex::new(line);
    let say = |s: String| {
        if let Ok(mut l) = line.lock() {
            l(&s)
        }
    };
    let each = |e: gradient::Event| match e {
        gradient::Event::Steps(n) => meter.inc(n),
        gradient::Event::Progress { restart, start, step, stats, best } => say(format!(
            "restart {restart} ({}) step {step}: max error {:.4}, {} sequences above {}, loss {:.3e}; \
             best max error so far {best:.4} (margin {:+.4}) ({:.0} s)",
            start.name(),
            stats.max_error,
            stats.violated,
            gradient::TARGET,
            stats.loss,
            0.5 - best,
            t.elapsed().as_secs_f64()
        )),
        gradient::Event::Restart { restart, run } => say(gradient_line(restart, run)),
    };
    let stop = || ctl.is_stopped();
    let found = gradient::search(cfg, &stop, &each)?;
    meter.finish();
    if found.stopped && found.head.is_none() {
        return Err(Error::Interrupted(format!(
            "interrupted after {} of {} restarts (nothing written)",
            found.runs.len(),
            cfg.restarts
        )));
    }
    let (restart, head) = match found.head {
        Some((k, h)) => (Some(k), Some(h)),
        None => (None, None),
    };
    Ok(HeadSearched {
        m: cfg.m,
        rank: cfg.rank,
        seed: cfg.seed,
        restarts: cfg.restarts,
        iterations: cfg.steps,
        method: Method::Gradient,
        start: Some(cfg.start),
        time_limit: cfg.time_limit,
        runs: Vec::new(),
        gradient_runs: found.runs,
        timed_out: found.timed_out,
        head,
        restart,
        files: None,
        seconds: 0.0,
    })
}

/// Writes the certificate and its head file into `dir`.
fn write(dir: &Path, c: &Checked<SearchHead>) -> Result<(PathBuf, PathBuf), Error> {
    let (json_name, head_name) = file_names(c.claim().m, c.claim().rank);
    let (cert, head) = (dir.join(json_name), dir.join(head_name));
    crate::print::write_file(&cert, &json::by_lines(c))?;
    crate::print::write_file(&head, &crate::heads::search::head_file(c))?;
    Ok((cert, head))
}

/// One restart of the alternating LPs in words: steps, first and last objective, the best,
/// and whether it was found.
fn restart_line(k: u32, r: &Restart) -> String {
    let first = r.objective.first().copied().unwrap_or(f64::NAN);
    let last = r.objective.last().copied().unwrap_or(f64::NAN);
    let best = r.objective.iter().copied().fold(f64::INFINITY, f64::min);
    format!(
        "restart {k}: {} steps, objective {first:.3e} -> {last:.3e} (best {best:.3e}){}",
        r.objective.len(),
        if r.found { ", found" } else { "" }
    )
}

/// One restart of the first-order search in words.
fn gradient_line(k: u32, r: &Run) -> String {
    let failed = match r.failed_exact {
        0 => String::new(),
        f => format!(", {f} float heads lost their margin when made exact"),
    };
    let exact = r.best_exact_try.map_or(String::new(), |e| format!(" ({e:.4} with the best values)"));
    format!(
        "restart {k} ({}): {} steps, best max error {:.4}{exact}, ended: {}{failed}",
        r.start.name(),
        r.steps,
        r.best_error,
        r.end.name()
    )
}

/// A float as its shortest decimal text (`inf` when none was measured).
fn decimal(v: f64) -> String {
    format!("{v}")
}

impl HeadSearched {
    /// The restarts run.
    fn restarts_run(&self) -> usize {
        match self.method {
            Method::Lp => self.runs.len(),
            Method::Gradient => self.gradient_runs.len(),
        }
    }

    /// The summary: the search asked, and the certified head or that none was found.
    pub fn text(&self) -> String {
        let start = self.start.map_or(String::new(), |s| format!(", {} starts", s.name()));
        let limit = self.time_limit.map_or(String::new(), |l| format!(", time limit {l} s"));
        let mut s = format!(
            "search ({}): m = {}, rank {}, seed {}{start}, {} of at most {} restarts of at most {} steps{limit}\n",
            self.method.name(),
            self.m,
            self.rank,
            self.seed,
            self.restarts_run(),
            self.restarts,
            self.iterations
        );
        match &self.head {
            Some(c) => {
                s += &format!(
                    "certified: rank {}, max error {} (restart {})\n",
                    c.claim().rank,
                    minip_check::rational::readable(&fmt_q(&c.claim().max_error)),
                    self.restart.unwrap_or(0)
                );
                if let Some((a, b)) = &self.files {
                    s += &format!("wrote {} and {}\n", a.display(), b.display());
                }
            }
            None => {
                let why = if self.timed_out { " (the time limit ended the search)" } else { "" };
                s += &format!("no head of rank {} found{why}\n", self.rank);
            }
        }
        s
    }

    /// The record `--json` prints, with the text and the certificate file's text (what the
    /// Python module returns).
    pub fn value(&self) -> serde_json::Value {
        let mut v: serde_json::Value =
            serde_json::from_str(&self.json_line()).expect("a record line is JSON");
        v["text"] = serde_json::Value::String(self.text());
        v["certificate"] = self
            .head
            .as_ref()
            .map_or(serde_json::Value::Null, |c| serde_json::Value::String(json::pretty(c)));
        v
    }

    /// The `head.search` record (docs/schema/head.search.json).
    pub fn json_line(&self) -> String {
        let best = |r: &Restart| r.objective.iter().copied().fold(f64::INFINITY, f64::min);
        let runs: Vec<serde_json::Value> = match self.method {
            Method::Lp => self
                .runs
                .iter()
                .map(|r| {
                    json!({
                        "steps": r.objective.len(),
                        "best_objective": decimal(best(r)),
                        "pair_rows": r.rows,
                        "found": r.found,
                    })
                })
                .collect(),
            Method::Gradient => self
                .gradient_runs
                .iter()
                .map(|r| {
                    json!({
                        "start": r.start.name(),
                        "steps": r.steps,
                        "best_max_error": decimal(r.best_error),
                        "best_exact_try": r.best_exact_try.map(decimal),
                        "ended": r.end.name(),
                        "failed_exact": r.failed_exact,
                        "found": r.end == End::Found,
                    })
                })
                .collect(),
        };
        let rec = json!({
            "m": self.m,
            "rank": self.rank.to_string(),
            "seed": self.seed.to_string(),
            "method": self.method.name(),
            "start": self.start.map(Start::name),
            "time_limit": self.time_limit,
            "restarts": self.restarts,
            "iterations": self.iterations,
            "runs": runs,
            "verdict": if self.head.is_some() { "certified" } else { "unknown" },
            "max_error": self.head.as_ref().map(|c| fmt_q(&c.claim().max_error)),
            "certificate_file": self.files.as_ref().map(|f| f.0.display().to_string()),
            "head_file": self.files.as_ref().map(|f| f.1.display().to_string()),
        });
        json::record("head.search", &rec)
    }

    /// 0 when a head was certified, 2 otherwise (unknown: nothing was certified, which is
    /// not a lower bound).
    pub fn exit_code(&self) -> i32 {
        if self.head.is_some() {
            0
        } else {
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::testing::refused;

    #[test]
    fn every_field_is_checked_against_its_range() {
        let r = |f: fn(&mut HeadSearch)| {
            let mut h = HeadSearch::default();
            f(&mut h);
            refused(h.validate())
        };
        assert_eq!(r(|h| h.m = 0), ("input", "--m must be in 1..=8, got 0".into()));
        assert_eq!(r(|h| h.m = 9), ("too large", "--m must be in 1..=8, got 9".into()));
        assert_eq!(r(|h| h.rank = 17), ("too large", "--rank (m = 4) must be in 1..=16, got 17".into()));
        assert_eq!(r(|h| h.rank = 0), ("input", "--rank (m = 4) must be in 1..=16, got 0".into()));
        assert_eq!(r(|h| h.restarts = 0), ("input", "--restarts must be in 1..=10000, got 0".into()));
        assert_eq!(
            r(|h| h.iterations = Some(1_000_001)),
            ("too large", "--iterations must be in 1..=1000000, got 1000001".into())
        );
        assert_eq!(
            r(|h| h.iterations = Some(0)),
            ("input", "--iterations must be in 1..=1000000, got 0".into())
        );
        assert_eq!(r(|h| h.time_limit = Some(0.0)), ("input", "--time-limit must be positive, got 0".into()));
        assert_eq!(
            r(|h| h.time_limit = Some(f64::NAN)),
            ("input", "--time-limit must be positive, got NaN".into())
        );
        assert_eq!(
            r(|h| h.time_limit = Some(1e6)),
            ("too large", "--time-limit (seconds) must be in 0..=604800, got 1000000".into())
        );
        // The alternating LPs: their own step limit, and no --start or --time-limit.
        let lp = |f: fn(&mut HeadSearch)| {
            let mut h = HeadSearch { method: Method::Lp, ..HeadSearch::default() };
            f(&mut h);
            refused(h.validate())
        };
        assert_eq!(
            lp(|h| h.iterations = Some(10_001)),
            ("too large", "--iterations must be in 1..=10000, got 10001".into())
        );
        assert_eq!(
            lp(|h| h.start = Some(Start::Random)),
            ("input", "--start and --time-limit are for --method gradient".into())
        );
        assert_eq!(
            lp(|h| h.time_limit = Some(5.0)),
            ("input", "--start and --time-limit are for --method gradient".into())
        );
        assert_eq!(file_names(6, 7), ("m06.r7.json".into(), "m06.r7.head".into()));
        assert_eq!(
            refused(Method::parse("newton").map(|_| ())),
            ("input", "--method must be gradient or lp, got 'newton'".into())
        );
        assert_eq!(
            refused(parse_start("zeros").map(|_| ())),
            ("input", "--start must be one of mixed, softmax, subsets, random, got 'zeros'".into())
        );
    }

    #[test]
    fn the_work_of_a_search_is_counted_before_it_starts() {
        let ask = |m: u32, rank: usize, restarts: u32, iterations: u32| {
            let h = HeadSearch {
                m,
                rank,
                restarts,
                iterations: Some(iterations),
                method: Method::Lp,
                ..HeadSearch::default()
            };
            refused(h.validate())
        };
        // m = 8, rank 256: one step is 2^32 cells (HiGHS ran out of memory under 1 GiB).
        assert_eq!(
            ask(8, 256, 1, 1),
            (
                "too large",
                "one step (rank x 8^m, m = 8, rank 256) = 4294967296 is above the supported 67108864 \
                 (the pair rows of an LP times the rank; about 1 GiB)"
                    .into()
            )
        );
        // m = 8 with the default 20 restarts of 100 steps: 2000 steps of 2^25 cells.
        assert_eq!(
            ask(8, 2, 20, 100),
            (
                "too large",
                "the search (restarts x iterations x rank x 8^m) = 67108864000 is above the supported \
                 1073741824 (about an hour; ask fewer --restarts or --iterations)"
                    .into()
            )
        );
        // The committed runs of the alternating LPs fit: m = 4, rank 2, 20 x 100; m = 5, rank 3, 4 x 60.
        let lp = |m, rank, restarts, iterations| HeadSearch {
            m,
            rank,
            restarts,
            iterations: Some(iterations),
            method: Method::Lp,
            ..HeadSearch::default()
        };
        assert!(lp(4, 2, 20, 100).validate().is_ok() && lp(5, 3, 4, 60).validate().is_ok());
        // The first-order search: 4^m (rank + m) per step and 600 steps for a start; at m = 8,
        // rank 256 that is 2^16 · 264, so 2^42 allows 20 restarts of 12,000 steps, not of the
        // default 20,000.
        let grad = |rank, restarts, iterations| HeadSearch {
            m: 8,
            rank,
            restarts,
            iterations,
            ..HeadSearch::default()
        };
        assert!(grad(256, 20, Some(12_000)).validate().is_ok());
        assert_eq!(
            refused(grad(256, 20, None).validate()),
            (
                "too large",
                "the search (restarts x (iterations + 600) x 4^m x (rank + m)) = 7128219648000 is above \
                 the supported 4398046511104 (about a day and a half of one core; ask fewer --restarts or \
                 --iterations)"
                    .into()
            )
        );
        assert!(grad(8, 20, None).validate().is_ok());
    }
}
