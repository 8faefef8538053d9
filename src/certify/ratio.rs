//! Certifying forced ratios (docs/math.md §4): `R_{n,ε}(lo, hi; h)`, the minimum of
//! `A_lo / A_hi` over heads correct on all length-`n` sequences, with a two-sided
//! certificate (`minip-ratio/2`).
//!
//! Pipeline: `formulate::ratio` (the row LP) → `solve::ratio` (HiGHS basis, a hint) →
//! `repair::{sparse, simplex}` (the basis solved and refined exactly) → the candidate
//! certificate → `minip_check::check::check_ratio`, the only judge. A ratio leaves this
//! module only inside a certificate that passed the checker.

use crate::formulate::ratio::{row_lp, RowLp};
use crate::repair::simplex;
use crate::solve::ratio as lp;
use minip_check::check::{class_label, ratio_instance, Checked, Context};
use minip_check::format::ratio::{Multiplier, RatioCertificate, RatioParams, RATIO_FORMAT};
use minip_check::format::ratio_bound::{RatioBoundCertificate, RATIO_BOUND_FORMAT};
use minip_check::model::paper_k;
use minip_check::rational::{fmt_q, Rat};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::time::Instant;

/// Where stepping starts (`R(0, h; h)` only), tried in order: the first base at
/// which HiGHS's basis is exactly dual feasible is used; up to it HiGHS starts
/// directly. (Measured: starting higher, e.g. from HiGHS's basis at 120, costs more
/// pivots afterwards than stepping from 64, because HiGHS picks a different
/// degenerate optimal basis.)
const STEP_BASES: [u32; 1] = [64];
/// With HiGHS's columns scaled by `profile`, its basis of `R(0, h; h)` is exactly optimal up to
/// h = 72 at n = 3, ε = 1/2 (measured; from 76 to 168 a few of its exact multipliers are
/// negative and its point is off by about 1e-5): above, HiGHS is not asked at h.
const HIGHS_MAX: u32 = 72;
/// Classes added per step when stepping up from `STEP_BASE`.
const STEP: u32 = 8;
const MAX_PIVOTS: usize = 20_000;

/// How a certificate was found (for `amplify-bench`; never in a certificate or a record).
#[derive(Clone, Debug, Default)]
pub struct SolveStats {
    /// `closed` (the descent point with the chain multipliers, no LP), `hint` (HiGHS's basis
    /// was exactly optimal), `hint+chain`, `hint+pivots`, `trivial+pivots`, `stepped`.
    pub route: String,
    pub pivots: usize,
    /// Where the time went (seconds): building the rows, HiGHS, the exact basis solves and
    /// pivots, the checker.
    pub phases: Phases,
}

/// Seconds per phase of one certified ratio (`SolveStats`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Phases {
    pub rows: f64,
    pub highs: f64,
    pub exact: f64,
    pub check: f64,
}

/// `R_{n,ε}(lo, hi; h)` with a certificate that already passed `check_ratio`; `hi = h + 1`
/// is the class `h⁺` and needs `superset`.
///
/// ```
/// use minip::certify::ratio::forced_ratio;
/// use minip::rational::q;
/// // R(0, 3; 3) at n = 3, eps = 1/2: every correct head has alpha(x, y) >= 5/2 alpha(x, x)
/// // for <x,y> = 0; against a strict superset z of x only 2 is forced.
/// assert_eq!(forced_ratio(3, &q(1, 2), 3, 0, 3, true).unwrap().claim().label(), "5/2");
/// assert_eq!(forced_ratio(3, &q(1, 2), 3, 0, 4, true).unwrap().claim().label(), "2");
/// ```
pub fn forced_ratio(
    n: u32,
    eps: &Rat,
    h: u32,
    lo: u32,
    hi: u32,
    superset: bool,
) -> Result<Checked<RatioCertificate>, String> {
    forced_ratio_stats(n, eps, h, lo, hi, superset).map(|(c, _)| c)
}

/// `forced_ratio` with the route taken. Errors starting `unknown:` mean the exact
/// solve did not finish (nothing was certified); others are bad input.
pub fn forced_ratio_stats(
    n: u32,
    eps: &Rat,
    h: u32,
    lo: u32,
    hi: u32,
    superset: bool,
) -> Result<(Checked<RatioCertificate>, SolveStats), String> {
    check_size(n, eps, h, lo, hi, superset)?;
    match closed_route(n, eps, h, lo, hi, superset) {
        Some(Ok(done)) => return Ok(done),
        // Too large for the checker: the LP route's candidate would be too (same rows).
        Some(Err(e)) => return Err(e),
        None => {}
    }
    lp_route(n, eps, h, lo, hi, superset)
}

/// `forced_ratio_stats` through the row LP only (HiGHS's basis, exact pivots, stepping),
/// never the closed route: the route every setting other than `R(0, h; h)` at `ε = 1/2`
/// takes, kept callable so that tests can compare the two routes.
pub fn forced_ratio_lp(
    n: u32,
    eps: &Rat,
    h: u32,
    lo: u32,
    hi: u32,
    superset: bool,
) -> Result<(Checked<RatioCertificate>, SolveStats), String> {
    check_size(n, eps, h, lo, hi, superset)?;
    lp_route(n, eps, h, lo, hi, superset)
}

/// `R(0, h; h)` at `ε = 1/2` without an LP (docs/amplify.md, "The closed route"): the point of
/// `repair::descent` with the chain multipliers of docs/math.md §9.3, passed to the checker
/// (which tests the point against every row and the multipliers' combination). `None` when the
/// route does not apply (another pair, `ε`, or `h⁺` in the LP) or its candidate does not
/// attain the closed form or fails the checker; the row LP then decides. `Some(Err)` when the
/// checker refuses the candidate as too large to check (`unknown`, no LP tried).
fn closed_route(
    n: u32,
    eps: &Rat,
    h: u32,
    lo: u32,
    hi: u32,
    superset: bool,
) -> Option<Result<(Checked<RatioCertificate>, SolveStats), String>> {
    if lo != 0 || hi != h || superset {
        return None;
    }
    let t = Instant::now();
    let r = closed_form_ratio(n, eps, h, hi)?;
    let (alpha, p) = crate::repair::descent::point(n, h)?;
    if alpha[0] != r {
        return None;
    }
    let multipliers = chain_multipliers(n, eps, h, hi)?;
    let cert = RatioCertificate {
        format: RATIO_FORMAT.into(),
        params: default_params(n, eps, h, lo, hi, superset),
        ratio: fmt_q(&r),
        alpha: alpha.iter().map(fmt_q).collect(),
        p: p.iter().map(fmt_q).collect(),
        multipliers,
        witness: None,
        ray: None,
    };
    let phases = Phases { exact: t.elapsed().as_secs_f64(), ..Phases::default() };
    match checked(cert, SolveStats { route: "closed".into(), pivots: 0, phases }) {
        Ok(done) => Some(Ok(done)),
        Err(e) if e.contains("too large to check") => Some(Err(e)),
        Err(_) => None,
    }
}

/// The parameters of a default-setting certificate.
fn default_params(n: u32, eps: &Rat, h: u32, lo: u32, hi: u32, superset: bool) -> RatioParams {
    RatioParams {
        n,
        eps: fmt_q(eps),
        h,
        lo,
        hi,
        superset,
        task: None,
        kernel: None,
        positions: None,
        keys: None,
        at: None,
        m: None,
    }
}

/// The row-LP route of `forced_ratio_stats` (after `check_size`).
fn lp_route(
    n: u32,
    eps: &Rat,
    h: u32,
    lo: u32,
    hi: u32,
    superset: bool,
) -> Result<(Checked<RatioCertificate>, SolveStats), String> {
    let t = Instant::now();
    let lp = row_lp(n, eps, h, lo, hi, superset)?;
    let rows = t.elapsed().as_secs_f64();
    // R(0, h; h) above the stepping bases: HiGHS's basis at h is not optimal there (see
    // STEP_BASES), so it is not asked; an optimal basis at a base is moved up instead.
    let above = lo == 0 && hi == h && h > HIGHS_MAX;
    let t = Instant::now();
    let hint = if above { None } else { lp::solve(lp.k(), lp.lo, lp.hi, &lp.rows, &profile(&lp)).ok() };
    let highs = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let start = hint.as_ref().and_then(|hint| simplex::from_hint(&lp, hint));
    let mut failed = None;
    if let Some(b) = start.as_ref().filter(|b| b.y.iter().all(|v| !v.is_negative())) {
        // HiGHS's basis is dual feasible: exact dual simplex pivots to the optimum.
        match simplex::dual_simplex(&lp, b.clone(), MAX_PIVOTS) {
            Ok((b, x, pivots)) => {
                let route = if pivots == 0 { "hint" } else { "hint+pivots" };
                let phases = Phases { rows, highs, exact: t.elapsed().as_secs_f64(), check: 0.0 };
                let stats = SolveStats { route: route.into(), pivots, phases };
                return checked(certificate_of_basis(&lp, &b.held, &b.y, &x), stats);
            }
            Err(e) => failed = Some(e),
        }
    } else if let Some(b) = &start {
        // Not dual feasible (float error in HiGHS's last pivots), but its point may be optimal:
        // at ε = 1/2 the optimum and the dual are known in closed form (docs/math.md §9.2),
        // so HiGHS's point with the chain multipliers is a full candidate for the checker.
        if let Some(cert) = with_chain_multipliers(&lp, &b.held) {
            let phases = Phases { rows, highs, exact: t.elapsed().as_secs_f64(), check: 0.0 };
            let stats = SolveStats { route: "hint+chain".into(), pivots: 0, phases };
            if let Ok(c) = checked(cert, stats) {
                return Ok(c);
            }
        }
    }
    let _ = failed;
    let (lp, basis, x, mut stats) = if lo == 0 && hi == h && h > STEP_BASES[STEP_BASES.len() - 1] {
        // Move an optimal basis of a smaller h up (fewer pivots than the trivial basis).
        let t = Instant::now();
        let mut out = None;
        stepped(n, eps, superset, &[h], |lp, b, x, pivots| {
            out = Some((lp.clone(), b.clone(), x.to_vec(), pivots));
        })
        .map_err(|e| format!("unknown: {e}"))?;
        let (lp, b, x, pivots) = out.ok_or("unknown: stepping did not reach h")?;
        let phases = Phases { exact: t.elapsed().as_secs_f64(), ..Phases::default() };
        (lp, b, x, SolveStats { route: "stepped".into(), pivots, phases })
    } else {
        let (b, x, stats) = from_trivial(&lp).map_err(|e| format!("unknown: {e}"))?;
        (lp, b, x, stats)
    };
    stats.phases.rows = rows;
    stats.phases.highs = highs;
    checked(certificate_of_basis(&lp, &basis.held, &basis.y, &x), stats)
}

/// The checker's verdict on a candidate, timed into `stats`.
fn checked(
    cert: RatioCertificate,
    mut stats: SolveStats,
) -> Result<(Checked<RatioCertificate>, SolveStats), String> {
    let t = Instant::now();
    let cert = Checked::new(cert, &Context::default())
        .map_err(|e| format!("unknown: the exact candidate failed the checker ({e})"))?;
    stats.phases.check = t.elapsed().as_secs_f64();
    Ok((cert, stats))
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

/// The parameters, and the size of the LP, within the supported limits (before any work).
pub fn check_size(n: u32, eps: &Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Result<(), String> {
    let inst = ratio_instance(n, eps.clone(), h, lo, hi, superset)?;
    use minip_check::limits::{at_most, MAX_RATIO_H};
    at_most("h", h, MAX_RATIO_H, "the row LP certified by minip amplify")?;
    crate::formulate::ratio::check_row_lp_size(n, inst.classes())
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
fn from_trivial(lp: &RowLp) -> Result<(simplex::Basis, Vec<Rat>, SolveStats), String> {
    let t = Instant::now();
    let (b, x, pivots) = simplex::dual_simplex(lp, simplex::trivial_basis(lp), MAX_PIVOTS)?;
    let phases = Phases { exact: t.elapsed().as_secs_f64(), ..Phases::default() };
    Ok((b, x, SolveStats { route: "trivial+pivots".into(), pivots, phases }))
}

/// `R(0, h; h)` for large `h`: solve at a base directly (HiGHS's basis, exact pivots),
/// then move the optimal basis up (at most `STEP` classes at a time, stopping at every
/// `h` in `stops`, which must be sorted) with `simplex::shifted_basis` and re-optimise
/// with exact pivots. `at_stop` receives each optimal basis at a stop.
fn stepped(
    n: u32,
    eps: &Rat,
    superset: bool,
    stops: &[u32],
    mut at_stop: impl FnMut(&RowLp, &simplex::Basis, &[Rat], usize),
) -> Result<(), String> {
    let last = *stops.last().ok_or("no h")?;
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
        let start = simplex::shifted_basis(&cur, &b.held, &next).ok_or("cannot shift the basis")?;
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

/// `R(0, h; h)` for every `h` in `hs` (any order), sharing one stepping pass for the
/// `h` above the stepping base; each result passed `check_ratio`, as in `forced_ratio`.
pub fn forced_ratio_series(
    n: u32,
    eps: &Rat,
    hs: &[u32],
    superset: bool,
) -> Vec<Result<Checked<RatioCertificate>, String>> {
    forced_ratio_series_with(n, eps, hs, superset, &crate::control::Control::new(), &|| {})
}

/// `forced_ratio_series`, calling `done` once per `h` as it is certified (for progress); the
/// `h` not started when `ctl` is stopped give `control::NOT_STARTED`.
pub fn forced_ratio_series_with(
    n: u32,
    eps: &Rat,
    hs: &[u32],
    superset: bool,
    ctl: &crate::control::Control,
    done: &(dyn Fn() + Sync),
) -> Vec<Result<Checked<RatioCertificate>, String>> {
    use rayon::prelude::*;
    let base = STEP_BASES[STEP_BASES.len() - 1];
    // At ε = 1/2 without h⁺ every h takes the closed route (`forced_ratio`): nothing to step.
    let closed = !superset && closed_form_ratio(n, eps, 2, 2).is_some();
    // Only the `h` within the limits of `forced_ratio` are stepped to (every stepping LP is built
    // in full); the others fall through to `forced_ratio`, which refuses them.
    let mut high: Vec<u32> = hs
        .iter()
        .copied()
        .filter(|&h| h > base && !closed && check_size(n, eps, h, 0, h, superset).is_ok())
        .collect();
    high.sort_unstable();
    high.dedup();
    let mut found: std::collections::BTreeMap<u32, RatioCertificate> = std::collections::BTreeMap::new();
    let mut failure: Option<String> = None;
    if !high.is_empty() && ratio_instance(n, eps.clone(), 1, 0, 1, superset).is_ok() {
        let r = stepped(n, eps, superset, &high, |lp, b, x, _| {
            found.insert(lp.h, certificate_of_basis(lp, &b.held, &b.y, x));
            done();
        });
        failure = r.err().map(|e| format!("unknown: {e}"));
    }
    hs.par_iter()
        .map(|&h| match found.get(&h) {
            Some(c) => Checked::new(c.clone(), &Context::default())
                .map_err(|e| format!("unknown: the exact candidate failed the checker ({e})")),
            None if h > base && failure.is_some() => Err(failure.clone().expect("checked")),
            None if ctl.is_stopped() => Err(crate::control::NOT_STARTED.to_string()),
            None => {
                let r = forced_ratio(n, eps, h, 0, h, superset);
                done();
                r
            }
        })
        .collect()
}

/// The chain bound: the maximum over splits of `hi − lo` (the default `hi = h`
/// gives `h − lo`; docs/math.md §4.7) into integer gaps `d_i ≥ 2` with `K(d_i) > 0` of
/// `Π K(d_i)`, `K(d) = (n−2)(d−2ε)/(2ε)`. `None` if there is no split. Display only.
pub fn chain_bound(n: u32, eps: &Rat, hi: u32, lo: u32) -> Option<Rat> {
    chain_split(n, eps, hi.checked_sub(lo)?).map(|c| c.0)
}

/// The chain bound of a span `s` with an optimal split into gaps (in chain order); `None`
/// if `s` has no split into gaps with `K(d) > 0` (e.g. `s ≤ 1`). Ties go to the smallest
/// last gap, so the split is deterministic.
pub fn chain_split(n: u32, eps: &Rat, s: u32) -> Option<(Rat, Vec<u32>)> {
    let s = s as usize;
    if s == 0 {
        return None;
    }
    // K(d) for every gap, `None` where K(d) ≤ 0. When every K(d) is an integer (ε = 1/2),
    // the products are kept as integers (no gcd per product).
    let ks: Vec<Option<Rat>> =
        (0..=s).map(|d| Some(paper_k(n, eps, d as u32)).filter(|k| d >= 2 && k.is_positive())).collect();
    let (value, choice) = if ks.iter().flatten().all(|k| k.is_integer()) {
        let ints: Vec<Option<BigInt>> = ks.iter().map(|k| k.as_ref().map(|k| k.to_integer())).collect();
        let (v, c) = best_splits::<BigInt>(&ints, s);
        (Rat::from_integer(v?), c)
    } else {
        let (v, c) = best_splits::<Rat>(&ks, s);
        (v?, c)
    };
    let mut gaps = Vec::new();
    let mut t = s;
    while t > 0 {
        let d = choice[t];
        gaps.push(d as u32);
        t -= d;
    }
    gaps.reverse();
    Some((value, gaps))
}

/// The chain DP: the best product of `ks[d]` over splits of `s` (`None` if none) and, for
/// every `t ≤ s` that has a split, the last gap of its best split (the smallest on ties).
fn best_splits<T>(ks: &[Option<T>], s: usize) -> (Option<T>, Vec<usize>)
where
    T: Clone + Ord + One,
    for<'a> &'a T: std::ops::Mul<&'a T, Output = T>,
{
    let mut best: Vec<Option<T>> = vec![None; s + 1];
    let mut choice = vec![0usize; s + 1];
    best[0] = Some(T::one());
    for t in 2..=s {
        for d in 2..=t {
            let (Some(k), Some(b)) = (&ks[d], &best[t - d]) else { continue };
            let v = b * k;
            if best[t].as_ref().is_none_or(|cur| v > *cur) {
                best[t] = Some(v);
                choice[t] = d;
            }
        }
    }
    (best[s].take(), choice)
}

/// The closed form of the forced ratio at `ε = 1/2` (docs/math.md §9.2), for every `n ≥ 3`:
/// `R(0, o; h) = chain_n(o)` for `o < h`, `R(0, h⁺; h) = chain_n(h)` and
/// `R(0, h; h) = (n·chain_n(h) − 1)/(n − 1)`; `hi = h + 1` is `h⁺`. `None` when `ε ≠ 1/2` or
/// there is no chain (`hi ≤ 1`).
pub fn closed_form_ratio(n: u32, eps: &Rat, h: u32, hi: u32) -> Option<Rat> {
    // `h + 1` widened: at `h = u32::MAX` it does not wrap to 0 (which refused every `hi`).
    if *eps != Rat::new(1.into(), 2.into()) || hi == 0 || u64::from(hi) > u64::from(h) + 1 {
        return None;
    }
    let (c, _) = chain_split(n, eps, hi.min(h))?;
    if hi == h {
        let nn = Rat::from_integer(n.into());
        Some((&nn * c - Rat::one()) / (nn - Rat::one()))
    } else {
        Some(c)
    }
}

/// The chain multipliers of `R(0, hi; h)` at `ε = 1/2` (docs/math.md §9.2): for each link
/// `u → w` of an optimal split (`K = (n−2)(d−1)`, `W` the product of the earlier `K`s),
/// `W/(n−1)` on `lower (x, u^{n−1})`, `(n−2)W/(n−1)` on `lower (x, w^{n−1})` and `W` on
/// `upper (x, u, w^{n−2})` (the paper's `N1 + (n−2)N2 = (n−1)N3`); rows shared by
/// consecutive links are merged, `2k + 1` multipliers for `k` links. Classes are indices
/// (`h + 1` is `h⁺`).
pub fn chain_multipliers(n: u32, eps: &Rat, h: u32, hi: u32) -> Option<Vec<Multiplier>> {
    closed_form_ratio(n, eps, h, hi)?;
    let (_, gaps) = chain_split(n, eps, hi.min(h))?;
    let mut cls = vec![0u32];
    for d in &gaps {
        cls.push(cls.last().expect("nonempty") + d);
    }
    *cls.last_mut().expect("nonempty") = hi;
    let n1 = Rat::from_integer((n - 1).into());
    let mut ys: std::collections::BTreeMap<(Vec<u32>, &str), Rat> = std::collections::BTreeMap::new();
    let mut w = Rat::one();
    for (i, d) in gaps.iter().enumerate() {
        let (u, v) = (cls[i], cls[i + 1]);
        let rep = |c: u32, k: usize| vec![c; k];
        let mut mixed = vec![u];
        mixed.extend(rep(v, n as usize - 2));
        for (key, y) in [
            ((rep(u, n as usize - 1), "lower"), &w / &n1),
            ((rep(v, n as usize - 1), "lower"), Rat::from_integer((n - 2).into()) * &w / &n1),
            ((mixed, "upper"), w.clone()),
        ] {
            *ys.entry(key).or_insert_with(Rat::zero) += y;
        }
        // K = (n − 2)(d − 1) in 64 bits (`closed_form_ratio` above means n ≥ 3, d ≥ 2).
        w *= Rat::from_integer((u64::from(n - 2) * u64::from(d - 1)).into());
    }
    Some(
        ys.into_iter()
            .map(|((classes, side), y)| Multiplier { classes, side: side.into(), y: fmt_q(&y) })
            .collect(),
    )
}

/// A lower-bound-only certificate (`minip-ratio-bound/1`) for the closed form of
/// `R(0, hi; h)` at `ε = 1/2`, any `n` and `h`, no LP: the chain multipliers, checked.
pub fn chain_bound_certificate(
    n: u32,
    eps: &Rat,
    h: u32,
    hi: u32,
    superset: bool,
) -> Result<Checked<RatioBoundCertificate>, String> {
    ratio_instance(n, eps.clone(), h, 0, hi, superset)?;
    let r = closed_form_ratio(n, eps, h, hi).ok_or_else(|| {
        format!("no closed form for R(0, {}; {h}) at n = {n}, eps = {}", class_label(h, hi), fmt_q(eps))
    })?;
    let multipliers = chain_multipliers(n, eps, h, hi).expect("closed form exists");
    let cert = RatioBoundCertificate {
        format: RATIO_BOUND_FORMAT.into(),
        params: RatioParams {
            n,
            eps: fmt_q(eps),
            h,
            lo: 0,
            hi,
            superset,
            task: None,
            kernel: None,
            positions: None,
            keys: None,
            at: None,
            m: None,
        },
        bound: fmt_q(&r),
        multipliers,
    };
    Checked::new(cert, &Context::default())
        .map_err(|e| format!("the chain certificate failed the checker ({e})"))
}

/// A full certificate (`minip-ratio/2`) for the closed form of `R(0, hi; h)` at `ε = 1/2`:
/// the attaining point from the row LP (`forced_ratio`) with the chain multipliers. The LP's
/// value must equal the closed form (a cross-check); if the point does not combine with the
/// chain multipliers, the LP's own checked certificate is returned.
pub fn chain_full_certificate(
    n: u32,
    eps: &Rat,
    h: u32,
    hi: u32,
    superset: bool,
) -> Result<Checked<RatioCertificate>, String> {
    let r = closed_form_ratio(n, eps, h, hi)
        .ok_or_else(|| format!("no closed form for R(0, {}; {h})", class_label(h, hi)))?;
    let lp = forced_ratio(n, eps, h, 0, hi, superset)?;
    if lp.claim().value() != Some(&r) {
        return Err(format!(
            "the row LP gives R(0, {}; {h}) = {}, the closed form {}",
            class_label(h, hi),
            lp.claim().label(),
            fmt_q(&r)
        ));
    }
    let mut cert = lp.cert().clone();
    cert.multipliers = chain_multipliers(n, eps, h, hi).expect("closed form exists");
    Ok(Checked::new(cert, &Context::default()).unwrap_or(lp))
}

/// The candidate certificate of a basis: its point `x` and the multipliers `y` of
/// its held constraints (scaled units; held bounds `A_o ≥ 0` only absorb the `A`
/// slack and are not listed).
pub fn certificate_of_basis(lp: &RowLp, held: &[usize], y: &[Rat], x: &[Rat]) -> RatioCertificate {
    let k = lp.k();
    let m = lp.rows.len();
    let q = Rat::from_integer(lp.eps.denom().clone());
    let mut multipliers: Vec<Multiplier> = held
        .iter()
        .zip(y)
        .filter(|(&c, v)| c < m && !v.is_zero())
        .map(|(&i, v)| Multiplier {
            classes: lp.names[i].0.clone(),
            side: lp.names[i].1.name().into(),
            y: fmt_q(&(v * &q)),
        })
        .collect();
    multipliers.sort_by(|a, b| (&a.classes, &a.side).cmp(&(&b.classes, &b.side)));
    if !lp.is_default() {
        let ns = lp.slots();
        let r = lp.obj.iter().fold(Rat::zero(), |acc, &j| acc + &x[j]);
        return RatioCertificate {
            ratio: fmt_q(&r),
            alpha: x[..ns].iter().map(fmt_q).collect(),
            p: x[ns..].iter().map(fmt_q).collect(),
            multipliers,
            ..base_certificate(lp)
        };
    }
    RatioCertificate {
        format: RATIO_FORMAT.into(),
        params: RatioParams {
            n: lp.n,
            eps: fmt_q(&lp.eps),
            h: lp.h,
            lo: lp.lo,
            hi: lp.hi,
            superset: lp.superset,
            task: None,
            kernel: None,
            positions: None,
            keys: None,
            at: None,
            m: None,
        },
        ratio: fmt_q(&x[lp.lo as usize]),
        alpha: x[..k].iter().map(fmt_q).collect(),
        p: x[k..].iter().map(fmt_q).collect(),
        multipliers,
        witness: None,
        ray: None,
    }
}

// ---------------------------------------------------------------------------------------
// Beyond Min-IP (docs/math.md §11): the same row LP in any setting.

use crate::formulate::ratio::row_lp_in;
use crate::repair::hint::{exact_farkas, exact_point};
use crate::solve::gap::{solve_farkas, solve_slack};
use minip_check::format::ratio::{RatioPoint, EMPTY, MINUS_INF};
use minip_check::rows::gap::Row;
use minip_check::rows::ratio::{ratio_instance_in, RatioInstance};

pub use crate::formulate::ratio::MAX_GENERAL_ROWS;

/// Row LPs beyond the paper's model above this many cells are solved one at a time on one
/// thread (`on_heavy_thread`): each is within `MAX_GENERAL_CELLS` alone (about 0.55 GB at the
/// limit), but a batch (`amplify --grid`, a range of `h`) would run two of the largest at once,
/// and glibc keeps each worker's freed memory in that worker's arena, so two workers' peaks
/// add up (a Max-IP table `h = 97..=100` aborted under 1 GiB of address space).
const HEAVY_CELLS: u128 = crate::formulate::ratio::MAX_GENERAL_CELLS / 8;

type HeavyJob = Box<dyn FnOnce() + Send>;
static HEAVY: std::sync::OnceLock<Option<std::sync::Mutex<std::sync::mpsc::Sender<HeavyJob>>>> =
    std::sync::OnceLock::new();

/// `f()` on the one thread that runs the large row LPs, in the order they arrive (inline if
/// that thread cannot be started).
fn on_heavy_thread<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
    let tx = HEAVY.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel::<HeavyJob>();
        let spawned = std::thread::Builder::new().name("minip-heavy-lp".into()).spawn(move || {
            for job in rx {
                job();
            }
        });
        spawned.ok().map(|_| std::sync::Mutex::new(tx))
    });
    let Some(tx) = tx else { return Ok(f()) };
    let (rtx, rrx) = std::sync::mpsc::sync_channel(1);
    let job: HeavyJob = Box::new(move || {
        let _ = rtx.send(f());
    });
    tx.lock()
        .unwrap_or_else(|e| e.into_inner())
        .send(job)
        .map_err(|_| "the large-LP thread is gone".to_string())?;
    rrx.recv().map_err(|_| "the large-LP thread stopped before answering".to_string())
}

/// The validated instance of a setting (docs/math.md §11), for `forced_ratio_in`.
#[allow(clippy::too_many_arguments)]
pub fn instance_in(
    n: u32,
    eps: &Rat,
    h: u32,
    lo: u32,
    hi: u32,
    superset: bool,
    setting: minip_check::model::Setting,
    m: Option<u32>,
) -> Result<RatioInstance, String> {
    let inst = ratio_instance_in(n, eps.clone(), h, lo, hi, superset, setting, m)?;
    if !(inst.setting.is_default() && inst.m.is_none()) {
        crate::formulate::ratio::check_general_size(&inst)?;
    }
    Ok(inst)
}

/// `R = inf A_lo/A_hi` over heads correct on every sequence of the setting (or `empty`, or
/// `-inf`), with a certificate that passed the checker. The default setting takes the
/// route of `forced_ratio` (same certificate bytes). Errors starting `unknown:` mean the
/// exact solve did not finish.
pub fn forced_ratio_in(inst: &RatioInstance) -> Result<Checked<RatioCertificate>, String> {
    if inst.setting.is_default() && inst.m.is_none() {
        return forced_ratio(inst.n, &inst.eps, inst.h, inst.lo, inst.hi, inst.superset);
    }
    let rows = inst.exact_sequence_count().saturating_mul(inst.sides().len() as u128);
    if rows.saturating_mul(inst.slots() as u128) > HEAVY_CELLS
        && std::thread::current().name() != Some("minip-heavy-lp")
    {
        let inst = inst.clone();
        return on_heavy_thread(move || forced_ratio_in(&inst))?;
    }
    let lp = row_lp_in(inst)?;
    if lp.rows.len() > MAX_GENERAL_ROWS {
        return Err(format!("{} rows: more than the {MAX_GENERAL_ROWS} this route solves", lp.rows.len()));
    }
    let ns = lp.slots();
    let q = Rat::from_integer(lp.eps.denom().clone());
    // 1. Is there a correct head with A_hi > 0? The strict rows closed as ≤ −1.
    let mut rows: Vec<Row> = lp
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut c = vec![Rat::zero(); 2 * ns];
            for &(j, v) in r {
                c[j] = Rat::from_integer(v.into());
            }
            Row { name: format!("{i}"), coeffs: c, rhs: -Rat::one(), strict: true }
        })
        .collect();
    let mut den = vec![Rat::zero(); 2 * ns];
    for &j in &lp.norm {
        den[j] = -Rat::one();
    }
    rows.push(Row { name: "den".into(), coeffs: den, rhs: -Rat::one(), strict: true });
    if !lp.signed() {
        for j in 0..ns {
            let mut c = vec![Rat::zero(); 2 * ns];
            c[j] = -Rat::one();
            rows.push(Row { name: format!("sign{j}"), coeffs: c, rhs: Rat::zero(), strict: false });
        }
    }
    let exact_rows: Vec<(Vec<Rat>, Rat)> = rows.iter().map(|r| (r.coeffs.clone(), r.rhs.clone())).collect();
    let hint = solve_slack(&rows, 2 * ns).map_err(|e| format!("unknown: {e}"))?;
    let mut cert = base_certificate(&lp);
    if hint.sigma <= 1e-9 {
        // Prefer a certificate without the `den` row: no correct head at all.
        let den_at = lp.rows.len();
        let without: Vec<Row> =
            rows.iter().enumerate().filter(|(i, _)| *i != den_at).map(|(_, r)| r.clone()).collect();
        let exact_without: Vec<(Vec<Rat>, Rat)> =
            without.iter().map(|r| (r.coeffs.clone(), r.rhs.clone())).collect();
        let strong = solve_slack(&without, 2 * ns).ok().filter(|h| h.sigma <= 1e-9).and_then(|h| {
            exact_farkas(&exact_without, &h.duals)
                .or_else(|| exact_farkas(&exact_without, &solve_farkas(&without, 2 * ns).ok()?))
        });
        let strong = strong.map(|y| {
            let mut full = y;
            full.insert(den_at, Rat::zero());
            full
        });
        let y = strong
            .or_else(|| exact_farkas(&exact_rows, &hint.duals))
            .or_else(|| exact_farkas(&exact_rows, &solve_farkas(&rows, 2 * ns).ok()?))
            .ok_or("unknown: no correct head found, and no exact Farkas multipliers either")?;
        let m = lp.rows.len();
        let mut mults: Vec<Multiplier> = Vec::new();
        for (i, v) in y.iter().enumerate().take(m + 1) {
            if v.is_zero() {
                continue;
            }
            if i == m {
                mults.push(Multiplier { classes: vec![], side: "den".into(), y: fmt_q(v) });
            } else {
                mults.push(Multiplier {
                    classes: lp.names[i].0.clone(),
                    side: lp.names[i].1.name().into(),
                    y: fmt_q(&(v * &q)),
                });
            }
        }
        mults.sort_by(|a, b| (&a.classes, &a.side).cmp(&(&b.classes, &b.side)));
        cert.ratio = EMPTY.into();
        cert.multipliers = mults;
        return Checked::new(cert, &Context::default())
            .map_err(|e| format!("unknown: the exact candidate failed the checker ({e})"));
    }
    let scaled: Vec<f64> = hint.z.iter().map(|v| v / hint.sigma).collect();
    let z = exact_point(&exact_rows, &scaled)
        .ok_or("unknown: no exact strictly correct head near the solver's")?;
    cert.witness = Some(move_zero_weights(&lp, z));
    // 2. The closure minimum, exactly.
    match lp::solve_general(&lp) {
        Ok(h) => {
            let b0 = simplex::from_hint_general(&lp, &h);
            let exact = b0
                .filter(|b| b.y.iter().all(|v| !v.is_negative()))
                .and_then(|start| simplex::dual_simplex(&lp, start, MAX_PIVOTS).ok());
            let mut c = match exact {
                Some((b, x, _)) => certificate_of_basis(&lp, &b.held, &b.y, &x),
                // HiGHS's basis is not usable as it is (e.g. a free P column nonbasic at
                // zero): round the optimum and solve both sides on the hint's supports.
                None => from_hint_repair(&lp, &h).ok_or(
                    "unknown: HiGHS's basis is not exactly dual feasible and the hint did not repair",
                )?,
            };
            c.witness = cert.witness.take();
            Checked::new(c, &Context::default())
                .map_err(|e| format!("unknown: the exact candidate failed the checker ({e})"))
        }
        Err(lp::NoOptimum::Unbounded) => {
            let (point, ray) =
                unbounded_parts(&lp).ok_or("unknown: unbounded, but no exact point and ray")?;
            cert.ratio = MINUS_INF.into();
            cert.alpha = point[..ns].iter().map(fmt_q).collect();
            cert.p = point[ns..].iter().map(fmt_q).collect();
            cert.ray = Some(RatioPoint {
                alpha: ray[..ns].iter().map(fmt_q).collect(),
                p: ray[ns..].iter().map(fmt_q).collect(),
            });
            Checked::new(cert, &Context::default())
                .map_err(|e| format!("unknown: the exact candidate failed the checker ({e})"))
        }
        Err(lp::NoOptimum::Other(e)) => Err(format!("unknown: {e}")),
    }
}

/// The optimum from HiGHS's primal and dual hint: a candidate `R` (the rounded value),
/// multipliers `y ≥ 0` on the rows of the dual support with `A_lo − R·A_hi + Σ y·row` free
/// of `P` (and `≥ 0` on `A`, `= 0` for a signed kernel), and an exact point with `A_hi = 1`,
/// `A_lo = R` on the active rows. A candidate; the checker judges it.
fn from_hint_repair(lp: &RowLp, h: &lp::Hint) -> Option<RatioCertificate> {
    use crate::repair::hint::exact_combination;
    let ns = lp.slots();
    let m = lp.rows.len();
    let dense = |r: &minip_check::rows::ratio::IntRow| {
        let mut c = vec![Rat::zero(); 2 * ns];
        for &(j, v) in r {
            c[j] = Rat::from_integer(v.into());
        }
        c
    };
    let value: f64 = lp.obj.iter().map(|&j| h.cols[j]).sum();
    let mut rows: Vec<Vec<Rat>> = lp.rows.iter().map(dense).collect();
    let mut dual_hint: Vec<f64> = h.row_duals[..m].to_vec();
    if !lp.signed() {
        for j in 0..ns {
            let mut c = vec![Rat::zero(); 2 * ns];
            c[j] = -Rat::one();
            rows.push(c);
            dual_hint.push(h.col_duals[j]);
        }
    }
    for den in [1u64, 100, 10_000, 1_000_000] {
        let r = crate::repair::round::approx(value, den)?;
        // Σ y·row = −(A_lo − R·A_hi) on every column.
        let mut target = vec![Rat::zero(); 2 * ns];
        for &j in &lp.obj {
            target[j] -= Rat::one();
        }
        for &j in &lp.norm {
            target[j] += &r;
        }
        let Some(y) = exact_combination(&rows, &target, &dual_hint) else { continue };
        let mut sys: Vec<(Vec<Rat>, Rat)> = rows.iter().map(|c| (c.clone(), Rat::zero())).collect();
        let form = |slots: &[usize], v: Rat| {
            let mut c = vec![Rat::zero(); 2 * ns];
            for &j in slots {
                c[j] = v.clone();
            }
            c
        };
        sys.push((form(&lp.norm, Rat::one()), Rat::one()));
        sys.push((form(&lp.norm, -Rat::one()), -Rat::one()));
        sys.push((form(&lp.obj, Rat::one()), r.clone()));
        sys.push((form(&lp.obj, -Rat::one()), -r.clone()));
        let Some(x) = exact_point(&sys, &h.cols) else { continue };
        let q = Rat::from_integer(lp.eps.denom().clone());
        let mut multipliers: Vec<Multiplier> = (0..m)
            .filter(|&i| !y[i].is_zero())
            .map(|i| Multiplier {
                classes: lp.names[i].0.clone(),
                side: lp.names[i].1.name().into(),
                y: fmt_q(&(&y[i] * &q)),
            })
            .collect();
        multipliers.sort_by(|a, b| (&a.classes, &a.side).cmp(&(&b.classes, &b.side)));
        return Some(RatioCertificate {
            ratio: fmt_q(&r),
            alpha: x[..ns].iter().map(fmt_q).collect(),
            p: x[ns..].iter().map(fmt_q).collect(),
            multipliers,
            ..base_certificate(lp)
        });
    }
    None
}

/// The certificate's parameters with no outcome yet.
fn base_certificate(lp: &RowLp) -> RatioCertificate {
    let f = lp.setting.fields();
    RatioCertificate {
        format: RATIO_FORMAT.into(),
        params: RatioParams {
            n: lp.n,
            eps: fmt_q(&lp.eps),
            h: lp.h,
            lo: lp.lo,
            hi: lp.hi,
            superset: lp.superset,
            task: f.task,
            kernel: f.kernel,
            positions: f.positions,
            keys: f.keys,
            at: f.at,
            m: lp.m,
        },
        ratio: String::new(),
        alpha: vec![],
        p: vec![],
        multipliers: vec![],
        witness: None,
        ray: None,
    }
}

/// A strictly correct point (every strict row `≤ −1`) made into a head: a zero weight gets
/// `δ = 1/(2·n·max|coefficient|)` (products kept), which moves no row by more than 1/2.
fn move_zero_weights(lp: &RowLp, mut z: Vec<Rat>) -> RatioPoint {
    let ns = lp.slots();
    let cmax = lp.rows.iter().flat_map(|r| r.iter().map(|e| e.1.unsigned_abs())).max().unwrap_or(1).max(1);
    // `2·n·max|c|` as a big integer: the coefficients are `i64`, their product with `2n` need not fit.
    let delta = Rat::new(1.into(), BigInt::from(2 * u64::from(lp.n)) * BigInt::from(cmax));
    for v in z.iter_mut().take(ns) {
        if v.is_zero() {
            *v = delta.clone();
        }
    }
    RatioPoint { alpha: z[..ns].iter().map(fmt_q).collect(), p: z[ns..].iter().map(fmt_q).collect() }
}

/// For an unbounded closure LP: an exact point with `A_hi = 1` and a ray with `A_hi = 0`,
/// `A_lo = −1`, both on the closed rows.
fn unbounded_parts(lp: &RowLp) -> Option<(Vec<Rat>, Vec<Rat>)> {
    let ns = lp.slots();
    let form = |slots: &[usize], v: i64| {
        let mut c = vec![Rat::zero(); 2 * ns];
        for &j in slots {
            c[j] = Rat::from_integer(v.into());
        }
        c
    };
    let closed: Vec<Row> = lp
        .rows
        .iter()
        .map(|r| {
            let mut c = vec![Rat::zero(); 2 * ns];
            for &(j, v) in r {
                c[j] = Rat::from_integer(v.into());
            }
            Row { name: String::new(), coeffs: c, rhs: Rat::zero(), strict: false }
        })
        .collect();
    // `form = value·σ` as two rows (the slack LP scales right-hand sides by σ).
    let pinned = |slots: &[usize], value: i64| -> Vec<Row> {
        vec![
            Row {
                name: String::new(),
                coeffs: form(slots, 1),
                rhs: Rat::from_integer(value.into()),
                strict: value < 0,
            },
            Row {
                name: String::new(),
                coeffs: form(slots, -1),
                rhs: Rat::from_integer((-value).into()),
                strict: value > 0,
            },
        ]
    };
    let solve = |extra: Vec<Row>| -> Option<Vec<Rat>> {
        let mut rows = closed.clone();
        rows.extend(extra);
        let hint = solve_slack(&rows, 2 * ns).ok()?;
        if hint.sigma <= 1e-9 {
            return None;
        }
        let scaled: Vec<f64> = hint.z.iter().map(|v| v / hint.sigma).collect();
        exact_point(&rows.iter().map(|r| (r.coeffs.clone(), r.rhs.clone())).collect::<Vec<_>>(), &scaled)
    };
    let point = solve(pinned(&lp.norm, 1))?;
    let mut ray_rows = pinned(&lp.obj, -1);
    ray_rows.extend(pinned(&lp.norm, 0).into_iter().map(|mut r| {
        r.strict = false;
        r
    }));
    let ray = solve(ray_rows)?;
    Some((point, ray))
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::{q, qi};

    #[test]
    fn chain_bound_matches_math_md() {
        assert_eq!(chain_bound(3, &q(1, 2), 3, 0), Some(qi(2)));
        assert_eq!(chain_bound(3, &q(1, 2), 6, 0), Some(qi(5)));
        assert_eq!(chain_bound(3, &q(1, 2), 1, 0), None);
        assert!(chain_bound(3, &q(1, 2), 0, 0).is_none());
    }

    #[test]
    fn chain_certificates_check_for_every_class() {
        let e = q(1, 2);
        for n in 3..=8u32 {
            for h in [2u32, 3, 7, 12, 24, 64] {
                for hi in 2..=h + 1 {
                    let c = chain_bound_certificate(n, &e, h, hi, hi > h)
                        .unwrap_or_else(|err| panic!("n={n} h={h} hi={hi}: {err}"));
                    assert_eq!(*c.claim(), closed_form_ratio(n, &e, h, hi).unwrap());
                    let (_, gaps) = chain_split(n, &e, hi.min(h)).unwrap();
                    assert_eq!(c.multipliers.len(), 2 * gaps.len() + 1, "n={n} h={h} hi={hi}");
                }
            }
        }
        // docs/math.md §4.7 and the research values: R(0,h;h) = (3 chain(h) - 1)/2.
        assert_eq!(closed_form_ratio(3, &e, 12, 12), Some(qi(40)));
        assert_eq!(closed_form_ratio(3, &e, 64, 64), Some(q(150994943, 2)));
        assert_eq!(closed_form_ratio(8, &e, 8, 8), Some(qi(1481)));
        assert_eq!(closed_form_ratio(4, &e, 8, 8), Some(q(143, 3)));
        assert_eq!(closed_form_ratio(3, &e, 10, 11), Some(qi(16)));
        assert!(closed_form_ratio(3, &e, 10, 1).is_none());
        assert!(closed_form_ratio(3, &q(1, 4), 10, 5).is_none());
        // `hi ≤ h + 1` is checked without wrapping: at h = u32::MAX the class 5 has its ratio.
        assert_eq!(closed_form_ratio(3, &e, u32::MAX, 5), closed_form_ratio(3, &e, 10, 5));
        assert_eq!(closed_form_ratio(3, &e, u32::MAX, 5), Some(qi(4)));
    }

    #[test]
    fn a_series_steps_only_within_the_limits() {
        // h = 600 is above the 512 of `forced_ratio`: refused with its message, not stepped to
        // (the stepping LPs up to 600 would all be built and solved first).
        let r = forced_ratio_series(3, &q(1, 3), &[600], false);
        assert_eq!(
            r[0].as_ref().unwrap_err(),
            "h = 600 is above the supported 512 (the row LP certified by minip amplify)"
        );
    }

    #[test]
    fn full_chain_certificates_match_the_lp() {
        let e = q(1, 2);
        for (h, hi) in [(12u32, 4u32), (12, 12), (12, 13), (16, 15)] {
            let c = chain_full_certificate(3, &e, h, hi, hi > h).unwrap();
            assert_eq!(*c.claim(), closed_form_ratio(3, &e, h, hi).unwrap());
            assert_eq!(c.multipliers, chain_multipliers(3, &e, h, hi).unwrap(), "h={h} hi={hi}");
        }
    }

    #[test]
    fn public_values_of_math_md() {
        let want = [(2, qi(1)), (3, q(5, 2)), (4, qi(4)), (5, q(11, 2)), (6, qi(7))];
        for (h, r) in want {
            let cert = forced_ratio(3, &q(1, 2), h, 0, h, false).unwrap();
            assert_eq!(*cert.claim(), r, "h = {h}");
        }
    }

    #[test]
    fn the_superset_class_has_its_own_smaller_ratio() {
        // docs/math.md §4.7: R(0, h⁺; h) = 2, 3, 4, 5 for h = 3..6, and the class leaves the
        // query's own ratio R(0, h; h) unchanged.
        for (h, r, own) in [(3, qi(2), q(5, 2)), (4, qi(3), qi(4)), (5, qi(4), q(11, 2)), (6, qi(5), qi(7))] {
            let sup = forced_ratio(3, &q(1, 2), h, 0, h + 1, true).unwrap();
            assert_eq!(*sup.claim(), r, "h = {h}");
            let with = forced_ratio(3, &q(1, 2), h, 0, h, true).unwrap();
            assert_eq!(*with.claim(), own, "h = {h}");
        }
        assert!(forced_ratio(3, &q(1, 2), 3, 0, 4, false).is_err());
    }
}
