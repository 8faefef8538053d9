//! The first-order low-rank head search (`minip head search --method gradient`, docs/math.md
//! §14.2, docs/frontier.md "Searched heads"): starts, Adam on the surrogate loss of
//! `crate::solve::descent`, restarts in parallel, and each find made exact at once
//! (`search_exact::certify_factors`, checked by `minip_check`); a restart whose float head
//! fails to be made exact goes on descending and tries again only below that head's error.
//!
//! **Determinism.** Each restart is a function of the seed and its index: its start comes
//! from splitmix64 seeded by both, and every step is computed in a fixed order. Restarts are
//! handed out in index order to the workers; the head reported is that of the *lowest* index
//! that found one, and a restart is abandoned only when a lower index has already found one
//! (it could not be reported). So the report and the files do not depend on the number of
//! threads or on their timing, unless a time limit ends restarts (then what was run depends on
//! the machine).

use super::search::Rng;
use super::search_exact::certify_factors;
use crate::error::Error;
use crate::solve::descent::{factorize, Adam, Factors, Stats};
use minip_check::check::Checked;
use minip_check::format::search::{SearchHead, SearchRun};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The hinge level of the loss: sequences with error above it are pushed down.
pub const TARGET: f64 = 0.45;
/// Adam's step size for the features, and for the values.
pub const LEARNING_RATE: f64 = 0.02;
pub const VALUE_LEARNING_RATE: f64 = 0.006;
/// Every `POLISH_EVERY` steps, while the largest error is below `POLISH_BELOW`, the head is
/// made exact even though its float error is not below 1/2: the exact form takes, per query,
/// the best values for its kernel (an LP), and the descent's values lag behind its kernel
/// (a float error of 0.57 became 0.495 at `m = 7`). The descent goes on with its own values.
pub const POLISH_EVERY: u32 = 500;
pub const POLISH_BELOW: f64 = 0.6;
/// A restart ends when its best largest error has not dropped by `STALL_DROP` in
/// `STALL_STEPS` steps.
pub const STALL_STEPS: u32 = 4000;
const STALL_DROP: f64 = 1e-3;
/// A progress line every this many steps of a restart.
pub const REPORT_EVERY: u32 = 250;
/// The base of the softmax kernel a `softmax` start factorizes, and the rounds of the
/// factorization.
const SOFTMAX_BASE: f64 = 3.0;
pub const FACTORIZE_ROUNDS: usize = 300;

/// The kinds of start (`--start`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Restart `k` takes `softmax`, `subsets`, `random` in turn (`k mod 3`).
    Mixed,
    /// A nonnegative rank-`r` factorization (multiplicative updates from a pseudo-random
    /// point) of the softmax kernel `3^-<x,k>`, a correct head of full rank (§6.2).
    Softmax,
    /// The exact nonnegative factorization of the softmax kernel (features `S ⊆ x`, keys
    /// `S ∩ k = ∅`, one per set `S`), cut to `r` sets of the smallest sizes (ties at random),
    /// each entry perturbed by up to 30%: a coordinate-symmetric kernel's features, broken.
    Subsets,
    /// Every feature uniform in `[0.05, 1.05)`.
    Random,
}

impl Start {
    pub const NAMES: [&'static str; 4] = ["mixed", "softmax", "subsets", "random"];

    pub fn parse(s: &str) -> Option<Start> {
        match s {
            "mixed" => Some(Start::Mixed),
            "softmax" => Some(Start::Softmax),
            "subsets" => Some(Start::Subsets),
            "random" => Some(Start::Random),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Start::Mixed => "mixed",
            Start::Softmax => "softmax",
            Start::Subsets => "subsets",
            Start::Random => "random",
        }
    }

    /// The start of restart `k`.
    pub fn of(self, k: u32) -> Start {
        match (self, k % 3) {
            (Start::Mixed, 0) => Start::Softmax,
            (Start::Mixed, 1) => Start::Subsets,
            (Start::Mixed, _) => Start::Random,
            (s, _) => s,
        }
    }
}

/// One search: `m`, the feature dimension `rank`, restarts of at most `steps` steps each,
/// the kind of start, and an optional wall-clock limit in seconds for the whole search.
#[derive(Clone, Debug)]
pub struct Config {
    pub m: u32,
    pub rank: usize,
    pub seed: u64,
    pub restarts: u32,
    pub steps: u32,
    pub start: Start,
    pub time_limit: Option<f64>,
}

/// Why a restart ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// A head was found and certified.
    Found,
    /// The step limit.
    Steps,
    /// No progress in `STALL_STEPS` steps.
    Stalled,
    /// The time limit of the search.
    TimeLimit,
    /// The caller stopped the search.
    Stopped,
}

impl End {
    pub fn name(self) -> &'static str {
        match self {
            End::Found => "found",
            End::Steps => "steps",
            End::Stalled => "stalled",
            End::TimeLimit => "time limit",
            End::Stopped => "stopped",
        }
    }
}

/// What one restart did: its start, its steps, the smallest largest error it reached (float,
/// with the descent's values), the smallest largest error of an attempt to make it exact (the
/// rounded kernel with its best values, in floating point; `None` if none was measured), how
/// it ended, and the exact forms that failed on the way (float heads below 1/2 that lost their
/// margin when rounded).
#[derive(Clone, Debug)]
pub struct Run {
    pub start: Start,
    pub steps: u32,
    pub best_error: f64,
    pub best_exact_try: Option<f64>,
    pub end: End,
    pub failed_exact: u32,
}

/// The restarts reported (every index up to the first head found, or all that ran), the
/// certified head with its restart, and whether the caller stopped the search or the time
/// limit ended it.
#[derive(Debug)]
pub struct Outcome {
    pub runs: Vec<Run>,
    pub head: Option<(u32, Checked<SearchHead>)>,
    pub stopped: bool,
    pub timed_out: bool,
}

/// What the search reports on the way (from any worker): a restart's progress every
/// `REPORT_EVERY` steps (its step, largest error now, and the best largest error of the whole
/// search so far), `steps` more steps done (for a meter), and a restart ended.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    Progress { restart: u32, start: Start, step: u32, stats: Stats, best: f64 },
    Steps(u64),
    Restart { restart: u32, run: &'a Run },
}

/// The starting point of restart `k` (values: the overlaps `<x,k>`, the ideal output of a key
/// that is the least overlap).
pub fn start_point(cfg: &Config, k: u32) -> Factors {
    let (m, r) = (cfg.m, cfg.rank);
    let n = 1usize << m;
    let mut rng = Rng::new(cfg.seed.wrapping_mul(0x1000_0000_01b3).wrapping_add(u64::from(k)));
    let s = (0..n * n).map(|i| f64::from(((i / n) & (i % n)).count_ones())).collect();
    let mut f = Factors { m, rank: r, phi: vec![0.0; n * r], psi: vec![0.0; n * r], s };
    match cfg.start.of(k) {
        Start::Random | Start::Mixed => {
            f.phi.iter_mut().chain(f.psi.iter_mut()).for_each(|v| *v = 0.05 + rng.unit());
        }
        Start::Softmax => {
            f.phi.iter_mut().chain(f.psi.iter_mut()).for_each(|v| *v = 0.05 + rng.unit());
            let target: Vec<f64> =
                (0..n * n).map(|i| SOFTMAX_BASE.powi(-(((i / n) & (i % n)).count_ones() as i32))).collect();
            factorize(&target, n, r, &mut f.phi, &mut f.psi, FACTORIZE_ROUNDS);
        }
        Start::Subsets => {
            let b = SOFTMAX_BASE;
            let mut sets: Vec<(u32, u64, usize)> =
                (0..n).map(|set| ((set as u32).count_ones(), rng.next_u64(), set)).collect();
            sets.sort_unstable();
            for (i, &(size, _, set)) in sets.iter().take(r).enumerate() {
                for x in 0..n {
                    let q = if set & !x == 0 {
                        (b - 1.0).powi(size as i32) * b.powi(-(x.count_ones() as i32))
                    } else {
                        0.0
                    };
                    f.phi[x * r + i] = q * (1.0 + 0.3 * rng.unit()) + 0.01 * rng.unit();
                    let key = if set & x == 0 { 1.0 } else { 0.0 };
                    f.psi[x * r + i] = key * (1.0 + 0.3 * rng.unit()) + 0.01 * rng.unit();
                }
            }
        }
    }
    f
}

/// The shared state of a search's workers.
struct Shared<'a> {
    cfg: &'a Config,
    clock: Instant,
    next: AtomicU32,
    /// The lowest restart index that found a head (`u32::MAX`: none yet).
    found: AtomicU32,
    /// The best largest error so far, as `f64` bits (errors are `≥ 0`, so bits order alike).
    best: AtomicU64,
    stop: &'a (dyn Fn() -> bool + Sync),
    each: &'a (dyn Fn(Event) + Sync),
}

/// Runs the search. `stop` is asked at every step (a `true` ends the search after the steps in
/// progress); `each` hears progress from every worker.
pub fn search(
    cfg: &Config,
    stop: &(dyn Fn() -> bool + Sync),
    each: &(dyn Fn(Event) + Sync),
) -> Result<Outcome, Error> {
    if !(1..=16).contains(&cfg.m) || cfg.rank == 0 || cfg.restarts == 0 {
        return Err(Error::Input("the search takes 1 <= m <= 16, rank >= 1 and restarts >= 1".into()));
    }
    let shared = Shared {
        cfg,
        clock: Instant::now(),
        next: AtomicU32::new(0),
        found: AtomicU32::new(u32::MAX),
        best: AtomicU64::new(f64::INFINITY.to_bits()),
        stop,
        each,
    };
    type Slot = Mutex<Option<(Run, Option<Checked<SearchHead>>)>>;
    let slots: Vec<Slot> = (0..cfg.restarts).map(|_| Mutex::new(None)).collect();
    let workers = rayon::current_num_threads().clamp(1, cfg.restarts as usize);
    (0..workers).into_par_iter().for_each(|_| loop {
        let k = shared.next.fetch_add(1, Ordering::SeqCst);
        if k >= cfg.restarts || shared.found.load(Ordering::SeqCst) < k || (shared.stop)() {
            break;
        }
        if let Some((run, head)) = restart(&shared, k) {
            if head.is_some() {
                shared.found.fetch_min(k, Ordering::SeqCst);
            }
            (shared.each)(Event::Restart { restart: k, run: &run });
            *slots[k as usize].lock().expect("a restart's slot") = Some((run, head));
        }
    });
    let mut out = Outcome { runs: Vec::new(), head: None, stopped: false, timed_out: false };
    for (k, slot) in slots.into_iter().enumerate() {
        let Some((run, head)) =
            slot.into_inner().map_err(|_| Error::Unknown("a worker panicked".to_string()))?
        else {
            // Not run (a stop, a time limit), or abandoned after a lower index found a head.
            if out.head.is_none() {
                out.stopped |= (shared.stop)();
                out.timed_out |= !out.stopped;
            }
            break;
        };
        out.stopped |= run.end == End::Stopped;
        out.timed_out |= run.end == End::TimeLimit;
        out.runs.push(run);
        if let Some(h) = head {
            out.head = Some((k as u32, h));
            break;
        }
    }
    Ok(out)
}

/// One restart; `None` when it was abandoned because a lower index found a head.
fn restart(sh: &Shared, k: u32) -> Option<(Run, Option<Checked<SearchHead>>)> {
    let cfg = sh.cfg;
    let start = cfg.start.of(k);
    let mut f = start_point(cfg, k);
    let (mut a_phi, mut a_psi, mut a_s) =
        (Adam::new(f.phi.len()), Adam::new(f.psi.len()), Adam::new(f.s.len()));
    let mut run = Run {
        start,
        steps: 0,
        best_error: f64::INFINITY,
        best_exact_try: None,
        end: End::Steps,
        failed_exact: 0,
    };
    // A float head below `accept` is made exact; after a failure, only one better than it.
    let mut accept = 0.5;
    let (mut mark_step, mut mark_error) = (0u32, f64::INFINITY);
    let mut reported = 0u32;
    for step in 0..cfg.steps {
        if sh.found.load(Ordering::SeqCst) < k {
            return None;
        }
        if (sh.stop)() {
            run.end = End::Stopped;
            break;
        }
        if cfg.time_limit.is_some_and(|l| sh.clock.elapsed().as_secs_f64() > l) {
            run.end = End::TimeLimit;
            break;
        }
        let (stats, g) = f.loss_gradient(TARGET);
        run.steps = step + 1;
        run.best_error = run.best_error.min(stats.max_error);
        let bits = run.best_error.to_bits();
        let best = f64::from_bits(sh.best.fetch_min(bits, Ordering::SeqCst).min(bits));
        if step % REPORT_EVERY == 0 {
            (sh.each)(Event::Steps(u64::from(step - reported)));
            reported = step;
            (sh.each)(Event::Progress { restart: k, start, step, stats, best });
        }
        let polish = step > 0 && step % POLISH_EVERY == 0 && stats.max_error < POLISH_BELOW;
        if stats.max_error < accept || polish {
            let provenance = SearchRun {
                seed: cfg.seed,
                restart: k,
                restarts: cfg.restarts,
                iterations: cfg.steps,
                method: Some("gradient".into()),
                start: Some(start.name().into()),
                step: Some(step),
            };
            match certify_factors(&f, provenance) {
                Ok(c) => {
                    run.end = End::Found;
                    (sh.each)(Event::Steps(u64::from(cfg.steps - reported)));
                    return Some((run, Some(c)));
                }
                Err(e) => {
                    if let Some(v) = e.error {
                        run.best_exact_try = Some(run.best_exact_try.map_or(v, |b| b.min(v)));
                    }
                    if stats.max_error < accept {
                        run.failed_exact += 1;
                        accept = stats.max_error;
                    }
                }
            }
        }
        if run.best_error < mark_error - STALL_DROP {
            (mark_step, mark_error) = (step, run.best_error);
        } else if step - mark_step >= STALL_STEPS {
            run.end = End::Stalled;
            break;
        }
        a_phi.step(&mut f.phi, &g.phi, LEARNING_RATE, true);
        a_psi.step(&mut f.psi, &g.psi, LEARNING_RATE, true);
        a_s.step(&mut f.s, &g.s, VALUE_LEARNING_RATE, false);
    }
    (sh.each)(Event::Steps(u64::from(cfg.steps - reported)));
    Some((run, None))
}
