//! `minip head search` (also Python's `head_search`): the low-rank head search of
//! docs/math.md §14 (docs/frontier.md, "Searched heads"). Alternating LPs on `α = Φ Ψᵀ` with
//! `rank` nonnegative columns from pseudo-random starts (`crate::batch::search`); a hint that
//! reaches every sequence within 0.45 is rounded and checked exactly
//! (`crate::batch::search_exact`, `minip_check`), and with `out` written as
//! `mMM.rR.json` (`minip-search-head/1`) and `mMM.rR.head` (`minip-head/1`). A run is
//! determined by its request.

use super::{Control, Error};
use crate::batch::search::{search, Config, Event, Restart};
use crate::batch::search_exact::certify;
use crate::print::json;
use minip_check::check::search::MAX_SEARCH_M;
use minip_check::check::Checked;
use minip_check::format::search::{SearchHead, SearchRun};
use minip_check::rational::fmt_q;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Largest number of restarts, and of steps per restart.
pub const MAX_SEARCH_EFFORT: u32 = 10_000;
/// Largest size of one step, `rank · 8^m` (the `Ψ` LP has `2·8^m` pair rows over `rank · 2^m`
/// unknowns; above this HiGHS runs out of memory under 1 GiB: `m = 8` takes rank ≤ 4).
pub const MAX_STEP_CELLS: u128 = 1 << 26;
/// Largest work of one search, `restarts · iterations · rank · 8^m`: a step at `m = 5`, rank 3
/// takes about 10 s on the project's 2-core VM at load 6–8, one at `m = 8`, rank 2 about 40 s,
/// so the whole budget is about an hour at `m = 5` and about 20 minutes at `m = 8`.
pub const MAX_HEAD_SEARCH_WORK: u128 = 1 << 30;

/// `head search` as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadSearch {
    /// Token bits, `1..=8`.
    pub m: u32,
    /// Feature rank `1 ≤ r ≤ 2^m` of `α = Φ Ψᵀ` (rank `2^m` is any kernel).
    pub rank: usize,
    /// Seed of the pseudo-random starts.
    pub seed: u64,
    /// Random starts, each until it succeeds or stalls.
    pub restarts: u32,
    /// Largest number of alternating steps per restart.
    pub iterations: u32,
    /// Write `mMM.rR.json` and `mMM.rR.head` into this directory when a head is certified.
    pub out: Option<PathBuf>,
}

impl Default for HeadSearch {
    /// The command line's defaults: `m = 4`, rank 2, seed 1, 20 restarts of 100 steps.
    fn default() -> HeadSearch {
        HeadSearch { m: 4, rank: 2, seed: 1, restarts: 20, iterations: 100, out: None }
    }
}

/// A validated search.
#[derive(Clone, Debug)]
pub struct SearchJob {
    cfg: Config,
    out: Option<PathBuf>,
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
        in_range(self.iterations, 1, MAX_SEARCH_EFFORT, "--iterations")?;
        let step = self.rank as u128 * (1u128 << (3 * self.m));
        super::at_most(
            &format!("one step (rank x 8^m, m = {}, rank {})", self.m, self.rank),
            step,
            MAX_STEP_CELLS,
            "the pair rows of an LP times the rank; about 1 GiB",
        )?;
        super::at_most(
            "the search (restarts x iterations x rank x 8^m)",
            u128::from(self.restarts) * u128::from(self.iterations) * step,
            MAX_HEAD_SEARCH_WORK,
            "about an hour; ask fewer --restarts or --iterations",
        )?;
        let cfg = Config {
            m: self.m,
            rank: self.rank,
            restarts: self.restarts,
            iterations: self.iterations,
            seed: self.seed,
        };
        Ok(SearchJob { cfg, out: self.out.clone() })
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
    pub runs: Vec<Restart>,
    pub head: Option<Checked<SearchHead>>,
    pub files: Option<(PathBuf, PathBuf)>,
    pub seconds: f64,
}

impl SearchJob {
    /// Runs the search; `line` hears one line per step and per restart as they end (the
    /// command line prints them on stderr). A stop (`ctl`) ends the search after the step in
    /// progress.
    pub fn run(&self, ctl: &Control, mut line: impl FnMut(&str)) -> Result<HeadSearched, Error> {
        let t = Instant::now();
        let cfg = &self.cfg;
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
        })
        .map_err(Error::Unknown)?;
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
            runs: found.restarts,
            head: None,
            files: None,
            seconds: 0.0,
        };
        if let Some(hint) = &found.hint {
            let run = SearchRun {
                seed: cfg.seed,
                restart: done.runs.len() as u32 - 1,
                restarts: cfg.restarts,
                iterations: cfg.iterations,
            };
            let c = certify(cfg.m, hint, run).map_err(Error::Unknown)?;
            if let Some(dir) = &self.out {
                done.files = Some(write(dir, &c)?);
            }
            done.head = Some(c);
        }
        done.seconds = t.elapsed().as_secs_f64();
        Ok(done)
    }
}

/// Writes the certificate and its head file into `dir`.
fn write(dir: &Path, c: &Checked<SearchHead>) -> Result<(PathBuf, PathBuf), Error> {
    let (json_name, head_name) = file_names(c.claim().m, c.claim().rank);
    let (cert, head) = (dir.join(json_name), dir.join(head_name));
    crate::print::write_file(&cert, &json::by_lines(c)).map_err(Error::Io)?;
    crate::print::write_file(&head, &crate::heads::search::head_file(c)).map_err(Error::Io)?;
    Ok((cert, head))
}

/// One restart in words: steps, first and last objective, the best, and whether it was found.
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

impl HeadSearched {
    /// The summary: the search asked, and the certified head or that none was found.
    pub fn text(&self) -> String {
        let mut s = format!(
            "search: m = {}, rank {}, seed {}, {} of at most {} restarts of at most {} steps\n",
            self.m,
            self.rank,
            self.seed,
            self.runs.len(),
            self.restarts,
            self.iterations
        );
        match &self.head {
            Some(c) => {
                s += &format!(
                    "certified: rank {}, max error {} (restart {})\n",
                    c.claim().rank,
                    fmt_q(&c.claim().max_error),
                    self.runs.len() - 1
                );
                if let Some((a, b)) = &self.files {
                    s += &format!("wrote {} and {}\n", a.display(), b.display());
                }
            }
            None => s += &format!("no head of rank {} found\n", self.rank),
        }
        s
    }

    /// The `head.search` record (docs/schema/head.search.json).
    pub fn json_line(&self) -> String {
        let best = |r: &Restart| r.objective.iter().copied().fold(f64::INFINITY, f64::min);
        let rec = json!({
            "m": self.m,
            "rank": self.rank.to_string(),
            "seed": self.seed.to_string(),
            "restarts": self.restarts,
            "iterations": self.iterations,
            "runs": self.runs.iter().map(|r| json!({
                "steps": r.objective.len(),
                "best_objective": format!("{}", best(r)),
                "pair_rows": r.rows,
                "found": r.found,
            })).collect::<Vec<_>>(),
            "verdict": if self.head.is_some() { "certified" } else { "unknown" },
            "max_error": self.head.as_ref().map(|c| fmt_q(&c.claim().max_error)),
            "certificate_file": self.files.as_ref().map(|f| f.0.display().to_string()),
            "head_file": self.files.as_ref().map(|f| f.1.display().to_string()),
        });
        json::record("head.search", &rec)
    }

    /// 0 when a head was certified, 1 when none was found.
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
            r(|h| h.iterations = 10_001),
            ("too large", "--iterations must be in 1..=10000, got 10001".into())
        );
        assert_eq!(file_names(6, 7), ("m06.r7.json".into(), "m06.r7.head".into()));
    }

    #[test]
    fn the_work_of_a_search_is_counted_before_it_starts() {
        let ask = |m: u32, rank: usize, restarts: u32, iterations: u32| {
            refused(HeadSearch { m, rank, restarts, iterations, ..HeadSearch::default() }.validate())
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
        // The committed runs fit: m = 4, rank 2, 20 x 100; m = 5, rank 3, 4 x 60; one step at m = 8.
        assert!(HeadSearch { m: 4, rank: 2, ..HeadSearch::default() }.validate().is_ok());
        assert!(HeadSearch { m: 5, rank: 3, restarts: 4, iterations: 60, ..HeadSearch::default() }
            .validate()
            .is_ok());
        assert!(HeadSearch { m: 8, rank: 2, restarts: 1, iterations: 30, ..HeadSearch::default() }
            .validate()
            .is_ok());
    }
}
