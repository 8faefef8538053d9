//! The one batch runner: items in parallel (rayon), results in input order, progress on
//! stderr when wanted. `sweep`, `settle`, `sharp --grid` and `amplify` use it.

use super::progress::Bar;
use rayon::prelude::*;

/// Runs `f` on every item in parallel; the output order is the input order.
pub fn run<T: Sync, R: Send>(items: &[T], label: &str, progress: bool, f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    let bar = Bar::new(items.len() as u64, label, progress);
    let out = items
        .par_iter()
        .map(|it| {
            let r = f(it);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish();
    out
}
