//! Requests: what the command line and the Python package ask of the library, in one place.
//!
//! Each command is a typed request (plain values: numbers, lists, rationals as text, paths)
//! → `validate` → a job in which every range and limit has been checked, once → `run` with a
//! [`Control`] (stop, progress) → a plain result that the renderers of `crate::print` (or the
//! command line's) turn into a table, JSON lines, CSV or SVG, and the Python module into
//! objects. Neither front end validates, limits or tabulates anything itself.
//!
//! Errors are typed ([`Error`]): bad input, a rejected certificate, a job past a limit,
//! nothing certified, an interrupted run, a file that could not be read or written. The front
//! ends map the kind, never the text: the command line to exit 1 or 2, Python to `ValueError`,
//! `minip.Rejected`, `minip.Unknown`, `KeyboardInterrupt`, `OSError`. Messages name options as
//! the command line spells them (`--eps`), the same words in both front ends.
//!
//! - [`amplify`]: forced ratios over a range of h, or the series of a ratio table file.
//! - [`amplify_bench`]: certified ratios timed against exact LP solvers.
//! - [`config`]: one gap configuration (`check`, `sharp`): n, ε, the gap, family, bound, setting.
//! - [`export`]: `export coq`, accepted certificates as Coq data.
//! - [`frontier`]: `frontier`: the m, n and kernel classes, and where the lower bounds are read.
//! - [`frontier_files`]: the files `frontier` writes (`--out`, `--plot`) and those it refuses.
//! - [`gap`]: `settle` and `check`.
//! - [`head`]: `head verify|attack|bench` and `transition`: a head, its lengths and tolerance.
//! - [`head_search`]: `head search`: the low-rank head search, its exact certificate and files.
//! - [`multihead`]: `multihead domination`: several heads against the step of Lemma 3.
//! - [`notice`]: the notes and warnings a request gives on the way.
//! - [`paper`]: `paper`: the ledger of the paper's claims with every row's evidence re-checked.
//! - [`plot`]: the records of a run as the plain series `crate::print::svg` draws.
//! - [`rank`]: `rank` (explicit codes) and `rank --linear` (linear codes): the m and n to bound.
//! - [`rank2`]: `rank --two`: refuting feature rank <= 2 by two orders (a DRAT proof).
//! - [`readout`]: `readout`: a nonlinear readout, its construction, precision and lower bound.
//! - [`readout_precision`], [`readout_multilevel`]: `readout --precision` (the least integer
//!   values, by SAT) and `readout --multilevel` (the family of the finite-precision theorem).
//! - [`sharp`]: `kstar` of one configuration, of a grid file, the MILP cross-check, a summary.
//! - [`sweep`]: `sweep` (grid files, `--expect`, `--shard`) and `bench`.
//! - [`weighted`]: `rank --weighted`: the weighted trace/Frobenius bound for one m.
//! - [`verify`]: `verify` (certificate and VIPR files) and one certificate checked from its text.

pub mod amplify;
pub mod amplify_bench;
pub mod config;
pub mod export;
pub mod frontier;
pub mod frontier_files;
pub mod gap;
pub mod head;
pub mod head_search;
pub mod multihead;
pub mod notice;
pub mod paper;
pub mod plot;
pub mod rank;
pub mod rank2;
pub mod readout;
pub mod readout_multilevel;
pub mod readout_precision;
pub mod sharp;
pub mod sweep;
pub mod verify;
pub mod weighted;

pub use crate::control::Control;
pub use crate::error::Error;
pub use crate::ranges::Values;

use std::fmt;

/// Writes each checked certificate into `dir` (pretty JSON) under the name `name` gives it.
pub fn write_each<C: minip_check::check::Certificate + serde::Serialize>(
    rows: &[minip_check::check::Checked<C>],
    dir: &std::path::Path,
    name: impl Fn(&C) -> String,
) -> Result<(), Error> {
    for c in rows {
        crate::print::write_file(&dir.join(name(c)), &crate::print::json::pretty(c))?;
    }
    Ok(())
}

/// The worker threads a request runs on: `jobs` (`--jobs`, Python's `jobs=`), else
/// `RAYON_NUM_THREADS`, else one per core (`crate::batch::threads`), built by `validate`
/// before any work, so neither front end makes a pool.
#[derive(Clone)]
pub struct Workers(std::sync::Arc<rayon::ThreadPool>);

impl Workers {
    /// A pool of `jobs` threads (see above for the default); a count out of range is refused.
    pub fn new(jobs: Option<usize>) -> Result<Workers, Error> {
        Ok(Workers(std::sync::Arc::new(crate::batch::threads::pool(jobs)?)))
    }

    /// Runs `f` on the pool (rayon's parallel iterators inside it use its threads).
    pub fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        self.0.install(f)
    }

    /// How many threads.
    pub fn count(&self) -> usize {
        self.0.current_num_threads()
    }
}

impl fmt::Debug for Workers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Workers({})", self.count())
    }
}

/// Builds rayon's global pool (the one a request without `jobs` uses outside [`Workers`]) with
/// the count `crate::batch::threads` gives, before any work; the command line calls it first.
pub fn global_workers() -> Result<(), Error> {
    crate::batch::threads::global_pool()
}

/// A run compared with its `--expect` table, once for both front ends: one line per change or
/// error, the summary and the exit status (0 as expected, 1 changes, 2 unknown). The command
/// line prints the lines and the summary on stderr; Python returns the object.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Expected {
    pub lines: Vec<String>,
    pub changes: usize,
    pub unknown: usize,
    pub compared: usize,
    pub summary: String,
    pub exit_code: i32,
}

impl Expected {
    /// Compares `run` with `table`; `grid` is every configuration of the grid as a row (a row of
    /// the table for another shard is left alone, one for no configuration is a change).
    pub fn compare<R: std::borrow::Borrow<crate::batch::expect::Row>>(
        table: &crate::batch::expect::Table,
        grid: impl IntoIterator<Item = R>,
        run: &[crate::batch::expect::Row],
    ) -> Expected {
        let rep = crate::batch::expect::compare(table, grid, run);
        Expected {
            summary: rep.summary(table),
            exit_code: rep.exit_code(),
            lines: rep.lines,
            changes: rep.changes,
            unknown: rep.unknown,
            compared: rep.compared,
        }
    }
}

/// `Err(TooLarge)` when `count > max` (`minip_check::limits::at_most`, typed).
pub fn at_most<T: PartialOrd + fmt::Display>(name: &str, count: T, max: T, what: &str) -> Result<(), Error> {
    minip_check::limits::at_most(name, count, max, what).map_err(|e| Error::TooLarge(e.to_string()))
}

/// What the request modules' tests share: a refusal as (kind, message), a scratch directory.
#[cfg(test)]
pub(crate) mod testing {
    use super::Error;
    use std::path::PathBuf;

    fn kind(e: &Error) -> &'static str {
        match e {
            Error::Input(_) => "input",
            Error::TooLarge(_) => "too large",
            Error::Io(_) => "io",
            _ => "other",
        }
    }

    /// The error of a request that does not validate, as (kind, message).
    pub fn refused<J>(r: Result<J, Error>) -> (&'static str, String) {
        match r {
            Err(e) => (kind(&e), e.message().to_string()),
            Ok(_) => panic!("validated"),
        }
    }

    /// A fresh scratch directory.
    pub fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("minip-request-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
