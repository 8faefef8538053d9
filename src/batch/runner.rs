//! The one batch runner: items in parallel (rayon), results handed over in input order as soon
//! as they are ready (so `--json` lines stream), a progress bar on stderr when wanted, and a
//! clean stop on SIGINT or SIGTERM: items not started are skipped, every item done is handed
//! over, and the caller learns how many. The caller's `Control` says when to stop and shows
//! the progress.
//! `sweep`, `settle`, `sharp --grid`, `amplify` and `verify` use it.

use crate::control::Control;
use crate::error::Error;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::mpsc;

/// Runs `f` on every item in parallel; the output order is the input order. Items skipped
/// after an interrupt are missing from the result (`run_indexed` says which are there).
pub fn run<T: Sync, R: Send>(
    items: &[T],
    label: &str,
    ctl: &Control,
    f: impl Fn(&T) -> R + Sync + Send,
) -> Vec<R> {
    run_indexed(items, label, ctl, f).into_iter().map(|(_, r)| r).collect()
}

/// `run` with the index of each result's item: every item done, in input order.
pub fn run_indexed<T: Sync, R: Send>(
    items: &[T],
    label: &str,
    ctl: &Control,
    f: impl Fn(&T) -> R + Sync + Send,
) -> Vec<(usize, R)> {
    let mut out = Vec::with_capacity(items.len());
    // Collecting never fails, so neither does the run.
    let _ = run_stream(items, label, ctl, f, |i, r| {
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
    ctl: &Control,
    f: impl Fn(&T) -> R + Sync + Send,
    mut sink: impl FnMut(usize, R) -> Result<(), Error> + Send,
) -> Result<usize, Error> {
    let bar = ctl.meter(items.len() as u64, label);
    let (tx, rx) = mpsc::channel::<(usize, Option<R>)>();
    let bar_ref = &bar;
    let (handed, failure) = std::thread::scope(|scope| {
        let consumer = scope.spawn(move || {
            let mut handed = 0usize;
            let mut next = 0usize;
            let mut failure: Option<Error> = None;
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
                                ctl.stop();
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
            let r = if ctl.is_stopped() { None } else { Some(f(it)) };
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
