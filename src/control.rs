//! Run control: the small handle every run receives from its caller, to be stopped and to
//! report progress. It holds no process-wide state: the command line makes one for the
//! process (its signal handler stops it, its meters draw progress bars on stderr); the Python
//! module makes one per call (an interrupted call stays stopped, and the next call starts
//! afresh); a library caller passes `Control::new()` (never stopped, no output).
//!
//! ```
//! use minip::control::Control;
//! let ctl = Control::new();
//! let copy = ctl.clone(); // the same run: a signal handler holds one, the run another
//! assert!(!ctl.is_stopped());
//! copy.stop();
//! assert!(ctl.is_stopped());
//! assert_eq!(
//!     ctl.stopped_after(3, 5, "rows").unwrap_err(),
//!     minip::Error::Interrupted("interrupted after 3 of 5 rows (every file written is complete)".into())
//! );
//! assert!(ctl.stopped_after(5, 5, "rows").is_ok()); // nothing was left out
//! assert!(!ctl.is_abandoned()); // the items in progress may finish
//! copy.abandon();
//! assert!(ctl.is_abandoned()); // they give up at their next check
//! ```

use crate::error::Error;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A progress display for one run of `len` steps: the command line draws a bar on stderr.
pub trait Meter: Send + Sync {
    /// `n` more steps are done.
    fn inc(&self, n: u64);
    /// The run is over (a bar is cleared).
    fn finish(&self);
}

/// Makes a meter for a run of `len` steps labelled `label` (`"instances"`, `"m"`, …).
pub type Meters = Arc<dyn Fn(u64, &str) -> Box<dyn Meter> + Send + Sync>;

/// The error of an item that was not started because a stop was asked for (runs that do not
/// stream leave such items out of what they print and count).
pub const NOT_STARTED: &str = "interrupted before it started";

/// The handle of one run: a stop flag and an abandon flag shared by its clones, and an
/// optional progress display.
#[derive(Clone, Default)]
pub struct Control {
    stop: Arc<AtomicBool>,
    abandon: Arc<AtomicBool>,
    meters: Option<Meters>,
}

impl Control {
    /// Never stopped unless `stop` is called; no progress shown.
    pub fn new() -> Control {
        Control::default()
    }

    /// The same control, showing progress through `meters`.
    pub fn with_meters(mut self, meters: Meters) -> Control {
        self.meters = Some(meters);
        self
    }

    /// Asks the run to stop after the items in progress; items not started are skipped.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// Stops the run, and asks the work in progress to give up at its next check: its result
    /// is not wanted. The Python module abandons an interrupted call (it waits for the worker
    /// to end before it raises); the command line only stops, and lets the items in progress
    /// run for its grace period.
    pub fn abandon(&self) {
        self.abandon.store(true, Ordering::SeqCst);
        self.stop();
    }

    /// Whether the work in progress was abandoned (`abandon`).
    pub fn is_abandoned(&self) -> bool {
        self.abandon.load(Ordering::SeqCst)
    }

    /// A progress display for `len` steps (nothing without meters).
    pub fn meter(&self, len: u64, label: &str) -> Progress {
        Progress(self.meters.as_ref().map(|m| m(len, label)))
    }

    /// `Err(Interrupted("interrupted after DONE of TOTAL WHAT …")` when a stop was asked for and items were
    /// left out: the message every batch ends with after a signal (exit 2), with the count of
    /// items whose results it printed. A stop that came when every item was already done or
    /// in progress (`done == total`) left nothing out: the batch reports as usual.
    pub fn stopped_after(&self, done: usize, total: usize, what: &str) -> Result<(), Error> {
        if self.is_stopped() && done < total {
            return Err(Error::Interrupted(format!(
                "interrupted after {done} of {total} {what} (every file written is complete)"
            )));
        }
        Ok(())
    }
}

/// One run's progress display, or nothing.
pub struct Progress(Option<Box<dyn Meter>>);

impl Progress {
    /// `n` more steps are done.
    pub fn inc(&self, n: u64) {
        if let Some(m) = &self.0 {
            m.inc(n);
        }
    }
    /// The run is over.
    pub fn finish(&self) {
        if let Some(m) = &self.0 {
            m.finish();
        }
    }
}
