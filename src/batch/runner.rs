//! The one batch runner: items in parallel (rayon), results handed over in input order as soon
//! as they are ready (so `--json` lines stream), a progress bar on stderr when wanted, and a
//! clean stop on SIGINT or SIGTERM: items not started are skipped, every item done is handed
//! over, and the caller learns how many.
//! `sweep`, `settle`, `sharp --grid`, `amplify` and `verify` use it.

use super::progress::Bar;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static BATCH: AtomicBool = AtomicBool::new(false);

/// Says that the running command is a batch that stops cleanly after the items in progress
/// on the first signal (and checks `interrupted()` itself). Any other command is ended at
/// once by the first signal.
pub fn batch() {
    BATCH.store(true, Ordering::SeqCst);
}

/// Whether the running command stops cleanly on a signal (`batch`).
pub fn is_batch() -> bool {
    BATCH.load(Ordering::SeqCst)
}

/// `Err("interrupted after DONE of TOTAL WHAT …")` when a stop was asked for and items were
/// left out: the message every batch ends with after a signal (exit 2), with the count of
/// items whose results it printed. A signal that came when every item was already done or in
/// progress (`done == total`) left nothing out: the batch reports as usual, with its own exit
/// status.
pub fn stopped(done: usize, total: usize, what: &str) -> Result<(), String> {
    if interrupted() && done < total {
        return Err(format!("interrupted after {done} of {total} {what} (every file written is complete)"));
    }
    Ok(())
}

/// Asks every running batch to stop after the items in progress (the SIGINT handler).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// The error of an item that was not started because a stop was asked for (batches that do
/// not use `run_stream` leave such items out of what they print and count).
pub const NOT_STARTED: &str = "interrupted before it started";

/// Whether a stop was asked for.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Runs `f` on every item in parallel; the output order is the input order. Items skipped
/// after an interrupt are missing from the result (`run_indexed` says which are there).
pub fn run<T: Sync, R: Send>(
    items: &[T],
    label: &str,
    progress: bool,
    f: impl Fn(&T) -> R + Sync + Send,
) -> Vec<R> {
    run_indexed(items, label, progress, f).into_iter().map(|(_, r)| r).collect()
}

/// `run` with the index of each result's item: every item done, in input order.
pub fn run_indexed<T: Sync, R: Send>(
    items: &[T],
    label: &str,
    progress: bool,
    f: impl Fn(&T) -> R + Sync + Send,
) -> Vec<(usize, R)> {
    let mut out = Vec::with_capacity(items.len());
    // Collecting never fails, so neither does the run.
    let _ = run_stream(items, label, progress, f, |i, r| {
        out.push((i, r));
        Ok(())
    });
    out
}

/// Like `run`, but hands each result and its item's index to `sink` in input order as soon
/// as it and every earlier one are done or skipped. Stops at the first error of `sink` (a
/// failed write); after an interrupt the items not started are skipped and every item done
/// is still handed over, so the count printed is the count done (and the files written
/// are those of the items counted). Returns how many results were handed over. The items run on the current rayon
/// pool (`--jobs`); `sink` runs on a helper thread, so even one worker never waits on itself.
pub fn run_stream<T: Sync, R: Send>(
    items: &[T],
    label: &str,
    progress: bool,
    f: impl Fn(&T) -> R + Sync + Send,
    mut sink: impl FnMut(usize, R) -> Result<(), String> + Send,
) -> Result<usize, String> {
    let bar = Bar::new(items.len() as u64, label, progress);
    let (tx, rx) = mpsc::channel::<(usize, Option<R>)>();
    let bar_ref = &bar;
    let (handed, failure) = std::thread::scope(|scope| {
        let consumer = scope.spawn(move || {
            let mut handed = 0usize;
            let mut next = 0usize;
            let mut failure: Option<String> = None;
            let mut pending: BTreeMap<usize, Option<R>> = BTreeMap::new();
            let mut stopped = false;
            for (i, r) in rx.iter() {
                if stopped {
                    continue;
                }
                pending.insert(i, r);
                while let Some(r) = pending.remove(&next) {
                    next += 1;
                    // `None`: skipped after an interrupt.
                    if let Some(r) = r {
                        match sink(next - 1, r) {
                            Ok(()) => {
                                // The bar counts what is handed over, so the count it shows
                                // and the one printed after an interrupt agree.
                                bar_ref.inc(1);
                                handed += 1
                            }
                            Err(e) => {
                                failure = Some(e);
                                interrupt();
                                stopped = true;
                                break;
                            }
                        }
                    }
                }
                if stopped {
                    pending.clear();
                }
            }
            (handed, failure)
        });
        // One task per item: costs differ by orders of magnitude (a sharp bundle against a gap
        // certificate), and rayon's default halving left one worker idle behind the costly half.
        items.par_iter().with_max_len(1).enumerate().for_each_with(tx, |tx, (i, it)| {
            let r = if interrupted() { None } else { Some(f(it)) };
            let _ = tx.send((i, r));
        });
        consumer.join().expect("the result thread does not panic")
    });
    bar.finish();
    match failure {
        Some(e) => Err(e),
        None => Ok(handed),
    }
}

/// Withdraws a stop request, so that the next batch runs in full. For library callers that
/// handle one interrupt per call (the Python module); the command line never calls it.
pub fn clear_interrupt() {
    INTERRUPTED.store(false, Ordering::SeqCst);
}
