//! Progress of a call, reported to a Python callable: `set_progress(callback)` arms the next
//! call made on this Python thread; that call's run gets meters that count the steps of each
//! of its runs (the same meters that draw the command line's bars), and the waiting thread
//! (`run` in lib.rs, every 50 ms and once at the end, with the GIL held) calls
//! `callback(done, total, label)` for every meter whose count changed, and at least once a
//! second while the call runs (the current count again: a single long step, such as one large
//! `m`, shows that it is working). A callback that raises stops the run, and its exception is
//! the call's.

use minip::control::{Control, Meter, Meters};
use pyo3::prelude::*;
use std::cell::{Cell, RefCell};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest time between two calls of the callback while a call runs.
const HEARTBEAT: Duration = Duration::from_secs(1);

thread_local! {
    /// The callback for the next call on this thread (taken by that call).
    static NEXT: RefCell<Option<Py<PyAny>>> = const { RefCell::new(None) };
}

/// Arms (or, with `None`, disarms) progress reports for the next call on this thread.
#[pyfunction]
#[pyo3(signature = (callback=None))]
fn set_progress(callback: Option<Py<PyAny>>) {
    NEXT.with(|n| *n.borrow_mut() = callback);
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(set_progress, m)?)
}

/// One meter's count: its label, its length, the steps done and the count last reported.
struct Count {
    label: String,
    len: u64,
    done: u64,
    reported: Option<u64>,
}

type Counts = Arc<Mutex<Vec<Count>>>;

struct Counter {
    counts: Counts,
    index: usize,
}

impl Meter for Counter {
    fn inc(&self, n: u64) {
        if let Ok(mut c) = self.counts.lock() {
            c[self.index].done += n;
        }
    }
    fn finish(&self) {}
}

/// The callback of one call and the counts its meters keep.
pub struct Reporter {
    callback: Py<PyAny>,
    counts: Counts,
    /// When the callback was last called.
    last: Cell<Instant>,
}

/// Takes the callback armed for this call, if any: `ctl` with meters counting for it.
pub fn take(ctl: Control) -> (Control, Option<Reporter>) {
    let Some(callback) = NEXT.with(|n| n.borrow_mut().take()) else {
        return (ctl, None);
    };
    let counts: Counts = Arc::default();
    let made = counts.clone();
    let meters: Meters = Arc::new(move |len: u64, label: &str| -> Box<dyn Meter> {
        let mut c = made.lock().expect("progress counts");
        c.push(Count { label: label.to_string(), len, done: 0, reported: None });
        Box::new(Counter { counts: made.clone(), index: c.len() - 1 })
    });
    (ctl.with_meters(meters), Some(Reporter { callback, counts, last: Cell::new(Instant::now()) }))
}

impl Reporter {
    /// Calls back, in the order the meters were made, for each count changed since the last
    /// report; when none changed for a second, once with the count of the latest meter (the
    /// lock is not held while Python runs).
    pub fn report(&self, py: Python<'_>) -> PyResult<()> {
        let heartbeat = self.last.get().elapsed() >= HEARTBEAT;
        let changed: Vec<(u64, u64, String)> = match self.counts.lock() {
            Ok(mut counts) => {
                let mut v: Vec<(u64, u64, String)> = counts
                    .iter_mut()
                    .filter(|c| c.reported != Some(c.done))
                    .map(|c| {
                        c.reported = Some(c.done);
                        (c.done.min(c.len), c.len, c.label.clone())
                    })
                    .collect();
                if v.is_empty() && heartbeat {
                    v.extend(counts.last().map(|c| (c.done.min(c.len), c.len, c.label.clone())));
                }
                v
            }
            Err(_) => Vec::new(),
        };
        if !changed.is_empty() {
            self.last.set(Instant::now());
        }
        for args in changed {
            self.callback.call1(py, args)?;
        }
        Ok(())
    }
}
