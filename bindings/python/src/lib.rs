//! `minip._minip`: the extension module behind the Python package `minip` (python/minip).
//!
//! A thin layer over the library (never the command line): every function takes plain
//! values (rationals as text, exactly as the command line reads them), runs the library on a
//! worker thread with the GIL released, and returns JSON text that the Python layer turns
//! into objects with `fractions.Fraction` fields. Errors come back as Python exceptions with
//! the command line's one-line messages in the package's spelling (`error`): `ValueError` for
//! bad input, `minip.Unknown` when nothing could be certified, `minip.Rejected` (a
//! `ValueError`) for a certificate that does not check, `OSError` for files. A panic is caught
//! and raised as `RuntimeError`; Ctrl-C stops the call's run, which gives up at its next look at
//! its control, and KeyboardInterrupt is raised once the worker has ended (nothing is written
//! after it).
//!
//! One file per command, named as the package's module that calls it (`gap` for
//! `minip/_gap.py`: settle, check, verify; `sweep`, `sharp`, `amplify`, `rank`, `frontier`,
//! `head`, `transition`, `export`, `bench`, `readout`, `multihead`, `paper`; tests/test_layers.py keeps
//! them matched); `expect` compares a grid run with an `--expect` table, `convert` turns Python
//! values into requests, `progress` reports a run's progress to a callback, and `error` maps
//! the library's typed error to Python exceptions, once, in the package's spelling.

mod amplify;
mod bench;
mod convert;
mod error;
mod export;
mod frontier;
mod gap;
mod head;
mod multihead;
mod paper;
mod progress;
mod rank;
mod readout;
mod sharp;
mod sweep;
mod transition;

pub use error::{Failure, Rejected, Unknown};
use minip::control::Control;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// The worker thread's stack: the command line's main thread has 8 MiB (the usual limit), and
/// nothing in the library recurses deeply (the checker's parsers and the exact arithmetic are
/// loops; rayon's workers and the test threads run the same code on 2 MiB). Several calls at once,
/// from Python threads, then fit an address-space limit of 1 GiB.
const WORKER_STACK: usize = 8 << 20;

/// Runs `f` on a worker thread while this thread waits with the GIL released, checking for
/// Ctrl-C every 50 ms. Each call has its own run control: on an interrupt (or a progress
/// callback that raises) that call's run is stopped for good (items not started are skipped,
/// long computations give up at their next check), and KeyboardInterrupt is raised once the
/// worker has ended: nothing the call writes can follow the exception. The wait is as long as
/// the worker's next look at the control (a row, a solver's proof write, a file). The worker's
/// result is then dropped. The next call starts with a fresh control. A call armed with
/// `set_progress(callback)` reports its progress to the callback from this thread
/// (progress.rs).
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    f: impl FnOnce(&Control) -> Result<T, Failure> + Send + 'static,
) -> PyResult<T> {
    let (ctl, reporter) = progress::take(Control::new());
    let worker = ctl.clone();
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::Builder::new()
        .name("minip".into())
        .stack_size(WORKER_STACK)
        .spawn(move || {
            let _ = tx.send(catch_unwind(AssertUnwindSafe(|| f(&worker))));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a worker thread: {e}")))?;
    let mut rx = rx;
    loop {
        // The receiver goes to the GIL-free side and comes back (it is Send, not Sync).
        let (got, back) = py.allow_threads(move || (rx.recv_timeout(Duration::from_millis(50)), rx));
        rx = back;
        match got {
            Ok(Ok(r)) => {
                let _ = handle.join();
                if let Some(rep) = &reporter {
                    rep.report(py)?;
                }
                return r.map_err(PyErr::from);
            }
            Ok(Err(panic)) => {
                let _ = handle.join();
                let what = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "a panic".into());
                return Err(PyRuntimeError::new_err(format!(
                    "minip: internal error (please report): {what}"
                )));
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals().and_then(|()| match &reporter {
                    Some(rep) => rep.report(py),
                    None => Ok(()),
                }) {
                    ctl.abandon();
                    // The worker ends (its result, or its panic, dropped) before the exception
                    // is raised, so no file is written after it; a further Ctrl-C waits in
                    // Python until then.
                    py.allow_threads(move || {
                        let _ = rx.recv();
                        let _ = handle.join();
                    });
                    return Err(e);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                let _ = handle.join();
                return Err(PyRuntimeError::new_err(
                    "minip: internal error: the worker ended without a result",
                ));
            }
        }
    }
}

/// A notice sink for a request's `validate_noting` and `run`: its warnings (about outputs: a
/// directory that holds files) are kept for `warn_all`, its notes dropped.
pub fn keep_warnings(into: &mut Vec<String>) -> impl FnMut(minip::request::notice::Notice) + '_ {
    move |n| {
        if let minip::request::notice::Notice::Warning(w) = n {
            into.push(w);
        }
    }
}

/// Each line as a Python `UserWarning` (the command line's `minip: warning: …` lines), in the
/// package's spelling (`error::spelling`).
pub fn warn_all(py: Python<'_>, lines: Vec<String>) -> PyResult<()> {
    for s in lines {
        let s = error::spelling(&s);
        PyErr::warn(py, &py.get_type::<pyo3::exceptions::PyUserWarning>(), &std::ffi::CString::new(s)?, 1)?;
    }
    Ok(())
}

/// The checker's limits (`minip_check::limits`, `minip help limits`) by name, as Python ints:
/// the package's tests read them here instead of copying them.
fn limits(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyDict>> {
    use minip_check::limits as l;
    let d = pyo3::types::PyDict::new(py);
    macro_rules! put {
        ($($name:ident),* $(,)?) => { $( d.set_item(stringify!($name), l::$name)?; )* };
    }
    put!(
        MAX_N,
        MAX_N_ALL,
        MAX_H,
        MAX_RATIO_MULTISETS,
        MAX_RATIO_H,
        MAX_CHECKED_MULTISETS,
        MAX_CNF_LITERALS,
        MAX_CODE_M,
        MAX_RANGE_ITEMS,
        MAX_GRID_ITEMS,
        MAX_JOBS,
        MAX_INPUT_BYTES,
        MAX_PROOF_BYTES,
        MAX_PROOF_MEMORY,
        MAX_RATIONAL_DIGITS,
        MAX_CODE_PAIRS,
        MAX_RATIO_WORK,
        MAX_HEAD_WORK,
        MAX_SEARCH_WORK,
    );
    Ok(d)
}

#[pymodule]
fn _minip(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // rayon's global pool sized as the command line sizes it (RAYON_NUM_THREADS at most 256),
    // before any call can start it from the environment alone.
    minip::request::global_workers().map_err(|e| PyValueError::new_err(e.to_string()))?;
    m.add("Unknown", m.py().get_type::<Unknown>())?;
    m.add("Rejected", m.py().get_type::<Rejected>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The most values of one range or list: the Python layer reads no iterable past it.
    m.add("MAX_RANGE_ITEMS", minip_check::limits::MAX_RANGE_ITEMS)?;
    m.add("LIMITS", limits(m.py())?)?;
    m.add_function(wrap_pyfunction!(error::spelling_of, m)?)?;
    gap::register(m)?;
    sharp::register(m)?;
    amplify::register(m)?;
    rank::register(m)?;
    frontier::register(m)?;
    head::register(m)?;
    transition::register(m)?;
    sweep::register(m)?;
    export::register(m)?;
    bench::register(m)?;
    readout::register(m)?;
    multihead::register(m)?;
    paper::register(m)?;
    progress::register(m)
}
