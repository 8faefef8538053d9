//! The row-LP route of `forced_ratio`: HiGHS's basis of the scaled LP (a hint), made exact and
//! pivoted to the optimum by the exact dual simplex (`repair::simplex`); for `R(0, h; h)` above
//! the stepping base, an optimal basis of a smaller `h` moved up class by class instead.

use super::basis::certificate_of_basis;
use super::chain::{chain_multipliers, closed_form_ratio};
use super::{checked, Phases, SolveStats};
use crate::error::Error;
use crate::formulate::ratio::{row_lp, RowLp};
use crate::repair::simplex;
use crate::solve::ratio as lp;
use minip_check::check::Checked;
use minip_check::format::ratio::RatioCertificate;
use minip_check::rational::Rat;
use num_traits::{Signed, Zero};
use std::time::Instant;

/// Where stepping starts (`R(0, h; h)` only), tried in order: the first base at
/// which HiGHS's basis is exactly dual feasible is used; up to it HiGHS starts
/// directly. (Measured: starting higher, e.g. from HiGHS's basis at 120, costs more
/// pivots afterwards than stepping from 64, because HiGHS picks a different
/// degenerate optimal basis.)
pub(super) const STEP_BASES: [u32; 1] = [64];
/// With HiGHS's columns scaled by `profile`, its basis of `R(0, h; h)` is exactly optimal up to
/// h = 72 at n = 3, ε = 1/2 (measured; from 76 to 168 a few of its exact multipliers are
/// negative and its point is off by about 1e-5): above, HiGHS is not asked at h.
const HIGHS_MAX: u32 = 72;
/// Classes added per step when stepping up from `STEP_BASE`.
const STEP: u32 = 8;
pub(super) const MAX_PIVOTS: usize = 20_000;

/// The row-LP route of `forced_ratio_stats` (after `check_size`).
pub(super) fn lp_route(
    n: u32,
    eps: &Rat,
    h: u32,
    lo: u32,
    hi: u32,
    superset: bool,
) -> Result<(Checked<RatioCertificate>, SolveStats), Error> {
    let t = Instant::now();
    let lp = row_lp(n, eps, h, lo, hi, superset)?;
    let rows = t.elapsed().as_secs_f64();
    // R(0, h; h) above the stepping bases: HiGHS's basis at h is not optimal there (see
    // STEP_BASES), so it is not asked; an optimal basis at a base is moved up instead.
    let above = lo == 0 && hi == h && h > HIGHS_MAX;
    let t = Instant::now();
    let hint = if above { None } else { lp::solve(lp.k(), lp.lo, lp.hi, &lp.rows, &profile(&lp)).ok() };
    let highs = t.elapsed().as_secs_f64();
    if let Some(done) = from_highs(&lp, hint.as_ref(), rows, highs) {
        return done;
    }
    let (lp, basis, x, mut stats) = if lo == 0 && hi == h && h > STEP_BASES[STEP_BASES.len() - 1] {
        // Move an optimal basis of a smaller h up (fewer pivots than the trivial basis).
        let t = Instant::now();
        let mut out = None;
        stepped(n, eps, superset, &[h], |lp, b, x, pivots| {
            out = Some((lp.clone(), b.clone(), x.to_vec(), pivots));
        })
        .map_err(|e| Error::Unknown(format!("unknown: {e}")))?;
        let (lp, b, x, pivots) =
            out.ok_or_else(|| Error::Unknown("unknown: stepping did not reach h".into()))?;
        let phases = Phases { exact: t.elapsed().as_secs_f64(), ..Phases::default() };
        (lp, b, x, SolveStats { route: "stepped".into(), pivots, phases })
    } else {
        let (b, x, stats) = from_trivial(&lp).map_err(|e| Error::Unknown(format!("unknown: {e}")))?;
        (lp, b, x, stats)
    };
    stats.phases.rows = rows;
    stats.phases.highs = highs;
    checked(certificate_of_basis(&lp, &basis.held, &basis.y, &x), stats)
}

/// A certificate from HiGHS's basis (`hint`, timed `rows` and `highs` seconds before): when it
/// is exactly dual feasible, pivoted to the optimum by the exact dual simplex (the checker's
/// verdict is the answer); when not, its point with the chain multipliers if the checker
/// accepts them. `None` when neither applies: the caller starts from another basis.
fn from_highs(
    lp: &RowLp,
    hint: Option<&lp::Hint>,
    rows: f64,
    highs: f64,
) -> Option<Result<(Checked<RatioCertificate>, SolveStats), Error>> {
    let t = Instant::now();
    let start = simplex::from_hint(lp, hint?)?;
    if start.y.iter().all(|v| !v.is_negative()) {
        // HiGHS's basis is dual feasible: exact dual simplex pivots to the optimum.
        let (b, x, pivots) = simplex::dual_simplex(lp, start, MAX_PIVOTS).ok()?;
        let route = if pivots == 0 { "hint" } else { "hint+pivots" };
        let phases = Phases { rows, highs, exact: t.elapsed().as_secs_f64(), check: 0.0 };
        let stats = SolveStats { route: route.into(), pivots, phases };
        return Some(checked(certificate_of_basis(lp, &b.held, &b.y, &x), stats));
    }
    // Not dual feasible (float error in HiGHS's last pivots), but its point may be optimal:
    // at ε = 1/2 the optimum and the dual are known in closed form (docs/math.md §9.2),
    // so HiGHS's point with the chain multipliers is a full candidate for the checker.
    let cert = with_chain_multipliers(lp, &start.held)?;
    let phases = Phases { rows, highs, exact: t.elapsed().as_secs_f64(), check: 0.0 };
    let stats = SolveStats { route: "hint+chain".into(), pivots: 0, phases };
    checked(cert, stats).ok().map(Ok)
}

/// The basic point of `held` with the closed-form chain multipliers (`lo = 0`, `ε = 1/2`),
/// when the point attains the closed-form ratio; `None` otherwise. A candidate: the checker
/// verifies the point against every row and the multipliers' combination.
fn with_chain_multipliers(lp: &RowLp, held: &[usize]) -> Option<RatioCertificate> {
    if lp.lo != 0 || !lp.is_default() {
        return None;
    }
    let r = closed_form_ratio(lp.n, &lp.eps, lp.h, lp.hi)?;
    let x = simplex::point(lp, held)?;
    if x[lp.lo as usize] != r {
        return None;
    }
    let mut cert = certificate_of_basis(lp, held, &vec![Rat::zero(); held.len()], &x);
    cert.multipliers = chain_multipliers(lp.n, &lp.eps, lp.h, lp.hi)?;
    Some(cert)
}

/// A guess of the optimal kernel profile `A_c` (with `A_hi = 1`), HiGHS's column scale:
/// the chain bound of the span from `c` up to `hi` (docs/math.md §4.7; the exact ratios
/// stay within a constant factor of it), 1 for the classes at or above `hi`. The
/// forced ratios span 2^68 by h = 168: unscaled, HiGHS's basis there is not optimal and the
/// exact repair needs hundreds of pivots; scaled, it is (almost) always optimal.
pub fn profile(lp: &RowLp) -> Vec<f64> {
    let top = lp.hi.min(lp.h) as usize;
    let e = minip_check::rational::to_f64(&lp.eps);
    let kd = |d: usize| (lp.n as f64 - 2.0) * (d as f64 - 2.0 * e) / (2.0 * e);
    // best[s]: the largest product of K(d_i) > 0 over splits of s into gaps d_i ≥ 2.
    let mut best = vec![0f64; top + 1];
    best[0] = 1.0;
    for s in 2..=top {
        for d in 2..=s {
            if kd(d) > 0.0 && best[s - d] > 0.0 {
                best[s] = best[s].max(best[s - d] * kd(d));
            }
        }
    }
    (0..lp.k())
        .map(|c| {
            let span = top.saturating_sub(c.min(lp.h as usize));
            if c == lp.hi as usize {
                1.0
            } else {
                best[span].max(1.0)
            }
        })
        .collect()
}

/// HiGHS's basis (on the scaled LP) with exact multipliers; `None` if HiGHS fails or the
/// basis is singular or not exactly dual feasible.
fn hint_basis(lp: &RowLp) -> Option<simplex::Basis> {
    lp::solve(lp.k(), lp.lo, lp.hi, &lp.rows, &profile(lp))
        .ok()
        .and_then(|hint| simplex::from_hint(lp, &hint))
        .filter(|b| b.y.iter().all(|v| !v.is_negative()))
}

/// Exact pivots from the trivial dual-feasible basis (no hint).
fn from_trivial(lp: &RowLp) -> Result<(simplex::Basis, Vec<Rat>, SolveStats), Error> {
    let t = Instant::now();
    let (b, x, pivots) = simplex::dual_simplex(lp, simplex::trivial_basis(lp), MAX_PIVOTS)?;
    let phases = Phases { exact: t.elapsed().as_secs_f64(), ..Phases::default() };
    Ok((b, x, SolveStats { route: "trivial+pivots".into(), pivots, phases }))
}

/// `R(0, h; h)` for large `h`: solve at a base directly (HiGHS's basis, exact pivots),
/// then move the optimal basis up (at most `STEP` classes at a time, stopping at every
/// `h` in `stops`, which must be sorted) with `simplex::shifted_basis` and re-optimise
/// with exact pivots. `at_stop` receives each optimal basis at a stop.
pub(super) fn stepped(
    n: u32,
    eps: &Rat,
    superset: bool,
    stops: &[u32],
    mut at_stop: impl FnMut(&RowLp, &simplex::Basis, &[Rat], usize),
) -> Result<(), Error> {
    let last = *stops.last().ok_or_else(|| Error::Input("no h".into()))?;
    let mut found = None;
    for &base in STEP_BASES.iter().filter(|&&b| b < last) {
        let lp = row_lp(n, eps, base, 0, base, superset)?;
        if let Some(start) = hint_basis(&lp) {
            found = Some((lp, start));
            break;
        }
    }
    let (mut cur, start) = match found {
        Some(f) => f,
        None => {
            let base = STEP_BASES[STEP_BASES.len() - 1];
            let lp = row_lp(n, eps, base, 0, base, superset)?;
            let t = simplex::trivial_basis(&lp);
            (lp, t)
        }
    };
    let (mut b, _, mut pivots) = simplex::dual_simplex(&cur, start, MAX_PIVOTS)?;
    let h0 = cur.h;
    let mut next_stop = stops.iter().copied().filter(|&h| h > h0).peekable();
    while let Some(&stop) = next_stop.peek() {
        let nh = (cur.h + STEP).min(stop);
        let next = row_lp(n, eps, nh, 0, nh, superset)?;
        let start = simplex::shifted_basis(&cur, &b.held, &next)
            .ok_or_else(|| Error::Input("cannot shift the basis".into()))?;
        let (b2, x2, p) = simplex::dual_simplex(&next, start, MAX_PIVOTS)?;
        pivots += p;
        (b, cur) = (b2, next);
        if nh == stop {
            at_stop(&cur, &b, &x2, pivots);
            next_stop.next();
        }
    }
    Ok(())
}
