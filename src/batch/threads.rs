//! How many worker threads a run gets, and where the count came from: `--jobs` (or a binding's
//! `jobs=`), else `RAYON_NUM_THREADS`, else one per core; never more than
//! `minip_check::limits::MAX_JOBS`. Every rayon pool is built from this count, rayon's global
//! one included, so no environment can ask for more threads than supported. Depends on the
//! checker's limits and rayon only.

use crate::error::Error;
use minip_check::limits::{at_most, MAX_JOBS};

/// The count and its source (`--jobs 4`, `RAYON_NUM_THREADS=8`, `one per core`). A count out of
/// range is refused, from either source, never clamped: a count the user chose is honoured or
/// refused. `RAYON_NUM_THREADS` empty or 0 is unset, as rayon reads it.
pub fn threads(jobs: Option<usize>) -> Result<(usize, String), Error> {
    if let Some(j) = jobs {
        if j == 0 {
            return Err(Error::Input(
                "--jobs 0: need at least 1 worker thread (omit --jobs for one per core)".into(),
            ));
        }
        at_most("--jobs", j, MAX_JOBS, "worker threads")?;
        return Ok((j, format!("--jobs {j}")));
    }
    let env = std::env::var_os("RAYON_NUM_THREADS").unwrap_or_default();
    let v = env.to_string_lossy();
    let v = v.trim();
    if v.is_empty() || v == "0" {
        let n = std::thread::available_parallelism().map_or(1, |n| n.get()).min(MAX_JOBS);
        return Ok((n, "one per core".into()));
    }
    if !v.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::Input(format!(
            "RAYON_NUM_THREADS = '{}' is not a number of worker threads (1..={MAX_JOBS}; unset it for one per core)",
            minip_check::error::one_line(v)
        )));
    }
    // All digits: a count too long for usize is above the limit too.
    let n = v.trim_start_matches('0').parse::<usize>().unwrap_or(usize::MAX);
    if n > MAX_JOBS {
        return Err(Error::TooLarge(format!(
            "RAYON_NUM_THREADS = {v} is above the supported {MAX_JOBS} (worker threads; unset it for one per core)"
        )));
    }
    Ok((n, format!("RAYON_NUM_THREADS={n}")))
}

/// A worker pool of `jobs` threads (see `threads` for the default), within the supported limit.
pub fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, Error> {
    let (n, from) = threads(jobs)?;
    rayon::ThreadPoolBuilder::new().num_threads(n).build().map_err(|e| cannot_start(n, &from, &e))
}

/// The pool of `minip verify`: as [`pool`], but by default one thread more than the cores
/// (`minip_check::verify::default_jobs`): a check waiting for a table another thread is
/// computing leaves its core to the extra thread. `RAYON_NUM_THREADS` still sets the count.
pub fn verify_pool() -> Result<rayon::ThreadPool, Error> {
    let (n, from) = threads(None)?;
    let (n, from) = if from == "one per core" {
        (minip_check::verify::default_jobs().min(MAX_JOBS), "one per core, plus one".to_string())
    } else {
        (n, from)
    };
    rayon::ThreadPoolBuilder::new().num_threads(n).build().map_err(|e| cannot_start(n, &from, &e))
}

/// Builds rayon's global pool, which every parallel loop outside a command's own pool runs on,
/// with the count `threads(None)` gives, before any work. Once built it stays: a second call
/// does nothing (rayon's global pool cannot be rebuilt).
pub fn global_pool() -> Result<(), Error> {
    static BUILT: std::sync::OnceLock<Result<(), Error>> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let (n, from) = threads(None)?;
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build_global()
                .map_err(|e| cannot_start(n, &from, &e))
        })
        .clone()
}

/// The one-line error when the threads of a pool cannot be started (address space, process
/// limits).
fn cannot_start(n: usize, from: &str, e: &rayon::ThreadPoolBuildError) -> Error {
    Error::Io(format!(
        "cannot start {n} worker threads ({from}): {e}; ask for fewer with --jobs or RAYON_NUM_THREADS"
    ))
}
