//! The low-rank head search (docs/frontier.md, "Searched heads"): alternating LPs on a
//! factorization `α = Φ Ψᵀ` with `r` nonnegative columns, for heads correct on every
//! length-3 sequence over `{0,1}^m` (docs/math.md §1.4, §14). The steps are LPs of
//! `crate::solve::search`; here are the starts, the alternation and its stopping rule.
//! Everything is floating point and only a hint: `search_exact` rounds a hint to rationals
//! and `minip_check` decides.
//!
//! Each step minimizes `Σ_x u_x`, `u_x` the largest excess `|N − tD| − eD` at query `x`
//! (a head's rows may be scaled freely, §1.4, so each query has `α(x,x) = 1`). Each step keeps
//! the previous point feasible, so the objective never increases; a restart ends at `0`
//! (every sequence within `e`), at `iterations`, or when the objective stalls. The `Φ` step
//! decomposes into one small LP per query.
//!
//! Starts are pseudo-random (splitmix64 from the seed; no coordinate symmetry), so a run is
//! determined by its configuration: HiGHS runs single-threaded and every result is
//! collected in query order.

use crate::error::Error;
pub use crate::solve::search::{pairs, target, SEARCH_ERROR};
use crate::solve::search::{phi_step, psi_generates_rows, psi_step};

/// One search: `m`, the feature dimension `rank`, and the effort.
#[derive(Clone, Debug)]
pub struct Config {
    pub m: u32,
    pub rank: usize,
    pub restarts: u32,
    pub iterations: u32,
    pub seed: u64,
}

/// A float head: `phi` (queries × rank) and `psi` (keys × rank), both nonnegative.
#[derive(Clone, Debug)]
pub struct Hint {
    pub phi: Vec<Vec<f64>>,
    pub psi: Vec<Vec<f64>>,
}

/// What one restart did: the objective after each step, whether it reached `0`, and the
/// most pair rows a `Ψ` LP of it had (two per sequence; row generation from `m = 6` on).
#[derive(Clone, Debug)]
pub struct Restart {
    pub objective: Vec<f64>,
    pub found: bool,
    pub rows: usize,
}

/// The restarts run, the first hint whose objective reached zero, and whether the caller
/// stopped the search (`Event`'s answer) before it ended.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub restarts: Vec<Restart>,
    pub hint: Option<Hint>,
    pub stopped: bool,
}

/// What the search reports on the way: an LP of a `Ψ` step's row generation solved (its pair
/// rows and objective), a step done (its objective, and the pair rows of its last LP for a
/// `Ψ` step, 0 for a `Φ` step), or a restart ended.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    Round { restart: u32, step: u32, rows: usize, objective: f64 },
    Step { restart: u32, step: u32, objective: f64, rows: usize },
    Restart { restart: u32, run: &'a Restart },
}

/// An objective at or below this counts as zero (HiGHS's feasibility tolerance is 1e-7).
const ZERO: f64 = 1e-7;

/// A restart stops when ten steps lowered the objective by less than this fraction.
const STALL: f64 = 1e-3;

/// splitmix64: the pseudo-random numbers of the starts.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Runs the search: `restarts` random starts, each alternating until it succeeds or stops.
/// `each` hears every step and restart; when it answers `false` the search stops there.
pub fn search(cfg: &Config, mut each: impl FnMut(Event) -> bool) -> Result<Outcome, Error> {
    if !(1..=8).contains(&cfg.m) || cfg.rank == 0 {
        return Err(Error::Unknown("the search takes 1 <= m <= 8 and rank >= 1".into()));
    }
    let n = 1usize << cfg.m;
    let pairs = pairs(cfg.m);
    let mut restarts = Vec::new();
    for k in 0..cfg.restarts {
        let mut rng = Rng::new(cfg.seed.wrapping_mul(0x1000_0000_01b3).wrapping_add(k as u64));
        let mut psi: Vec<Vec<f64>> =
            (0..n).map(|_| (0..cfg.rank).map(|_| 0.05 + rng.unit()).collect()).collect();
        let mut phi = vec![vec![0.0; cfg.rank]; n];
        let mut active: Vec<Vec<usize>> = Vec::new();
        let mut objective = Vec::new();
        let mut found = false;
        let mut most_rows = 0;
        for it in 0..cfg.iterations {
            let (obj, rows) = if it % 2 == 0 {
                let rows = phi_step(cfg.m, &psi, &pairs)?;
                let obj = rows.iter().map(|r| r.u).sum::<f64>();
                (phi, active) = rows.into_iter().map(|r| (r.phi, r.active)).unzip();
                (obj, 0)
            } else {
                let mut round = |rows, objective| {
                    if psi_generates_rows(cfg.m) {
                        each(Event::Round { restart: k, step: it, rows, objective });
                    }
                };
                let step = psi_step(cfg.m, &phi, &pairs, &active, &mut round)?;
                most_rows = most_rows.max(step.rows);
                psi = step.psi;
                (step.objective, step.rows)
            };
            normalize(&mut phi, &mut psi);
            objective.push(obj);
            if !each(Event::Step { restart: k, step: it, objective: obj, rows }) {
                let r = Restart { objective, found: false, rows: most_rows };
                restarts.push(r);
                return Ok(Outcome { restarts, hint: None, stopped: true });
            }
            if obj <= ZERO {
                found = true;
                break;
            }
            // Stall on the `Φ` steps' objectives (the `Ψ` steps' are equal or lower).
            let true_obj: Vec<f64> = objective.iter().step_by(2).copied().collect();
            let l = true_obj.len();
            let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
            if it % 2 == 0
                && l > 6
                && best(&true_obj[..l - 5]) - best(&true_obj) <= STALL * best(&true_obj[..l - 5])
            {
                break;
            }
        }
        let r = Restart { objective, found, rows: most_rows };
        let go_on = each(Event::Restart { restart: k, run: &r });
        restarts.push(r);
        if found {
            return Ok(Outcome { restarts, hint: Some(Hint { phi, psi }), stopped: false });
        }
        if !go_on {
            return Ok(Outcome { restarts, hint: None, stopped: true });
        }
    }
    Ok(Outcome { restarts, hint: None, stopped: false })
}

/// Scales column `i` of `Ψ` to largest entry 1 and column `i` of `Φ` inversely (`α` unchanged).
fn normalize(phi: &mut [Vec<f64>], psi: &mut [Vec<f64>]) {
    let r = psi.first().map_or(0, Vec::len);
    for i in 0..r {
        let big = psi.iter().fold(0f64, |b, row| b.max(row[i]));
        if big > 0.0 {
            psi.iter_mut().for_each(|row| row[i] /= big);
            phi.iter_mut().for_each(|row| row[i] *= big);
        }
    }
}
