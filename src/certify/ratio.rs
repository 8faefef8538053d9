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
use minip_check::check::{ratio_instance, Checked, Context};
use minip_check::format::ratio::{Multiplier, RatioCertificate, RatioParams, RATIO_FORMAT};
use minip_check::model::paper_k;
use minip_check::rational::{fmt_q, Rat};
use num_traits::{One, Signed, Zero};

/// Where stepping starts (`R(0, h; h)` only), tried in order: the first base at
/// which HiGHS's basis is exactly dual feasible is used; up to it HiGHS starts
/// directly. (Measured: starting higher, e.g. from HiGHS's basis at 120, costs more
/// pivots afterwards than stepping from 64, because HiGHS picks a different
/// degenerate optimal basis.)
const STEP_BASES: [u32; 1] = [64];
/// Classes added per step when stepping up from `STEP_BASE`.
const STEP: u32 = 8;
const MAX_PIVOTS: usize = 20_000;

/// How a certificate was found (for benchmarks and `--json`).
#[derive(Clone, Debug, Default)]
pub struct SolveStats {
    /// `hint` (HiGHS's basis was exactly optimal), `hint+pivots`, `trivial+pivots`, `stepped`.
    pub route: String,
    pub pivots: usize,
}

/// `R_{n,ε}(lo, hi; h)` with a certificate that already passed `check_ratio`; `hi = h + 1`
/// is the class `h⁺` and needs `superset`.
///
/// ```
/// use minip::certify::ratio::forced_ratio;
/// use minip::rational::{q, fmt_q};
/// // R(0, 3; 3) at n = 3, eps = 1/2: every correct head has alpha(x, y) >= 5/2 alpha(x, x)
/// // for <x,y> = 0; against a strict superset z of x only 2 is forced.
/// assert_eq!(fmt_q(forced_ratio(3, &q(1, 2), 3, 0, 3, true).unwrap().claim()), "5/2");
/// assert_eq!(fmt_q(forced_ratio(3, &q(1, 2), 3, 0, 4, true).unwrap().claim()), "2");
/// ```
pub fn forced_ratio(n: u32, eps: &Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Result<Checked<RatioCertificate>, String> {
    forced_ratio_stats(n, eps, h, lo, hi, superset).map(|(c, _)| c)
}

/// `forced_ratio` with the route taken. Errors starting `unknown:` mean the exact
/// solve did not finish (nothing was certified); others are bad input.
pub fn forced_ratio_stats(n: u32, eps: &Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Result<(Checked<RatioCertificate>, SolveStats), String> {
    check_size(n, eps, h, lo, hi, superset)?;
    let (lp, basis, x, stats) = if lo == 0 && hi == h && h > STEP_BASES[STEP_BASES.len() - 1] {
        let mut out = None;
        stepped(n, eps, superset, &[h], |lp, b, x, pivots| {
            out = Some((lp.clone(), b.clone(), x.to_vec(), SolveStats { route: "stepped".into(), pivots }));
        })
        .map_err(|e| format!("unknown: {e}"))?;
        out.ok_or("unknown: stepping did not reach h")?
    } else {
        let lp = row_lp(n, eps, h, lo, hi, superset)?;
        let (b, x, stats) = direct(&lp).map_err(|e| format!("unknown: {e}"))?;
        (lp, b, x, stats)
    };
    let cert = certificate_of_basis(&lp, &basis.held, &basis.y, &x);
    let cert = Checked::new(cert, &Context::default()).map_err(|e| format!("unknown: the exact candidate failed the checker ({e})"))?;
    Ok((cert, stats))
}

/// The parameters, and the size of the LP, within the supported limits (before any work).
pub fn check_size(n: u32, eps: &Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Result<(), String> {
    let inst = ratio_instance(n, eps.clone(), h, lo, hi, superset)?;
    use minip_check::limits::{at_most, MAX_RATIO_H, MAX_RATIO_MULTISETS};
    at_most("h", h, MAX_RATIO_H, "the row LP certified by minip amplify")?;
    let total = minip_check::rows::ratio::count(n as usize - 1, inst.classes() as u32 - 1);
    at_most("the row LP", total, MAX_RATIO_MULTISETS, "multisets of n - 1 classes: too many rows")
}

/// A dual-feasible start from HiGHS's basis, if its exact multipliers are nonnegative.
fn hint_basis(lp: &RowLp) -> Option<simplex::Basis> {
    let scale = vec![1.0; lp.k()];
    lp::solve(lp.k(), lp.lo, lp.hi, &lp.rows, &scale)
        .ok()
        .and_then(|hint| simplex::from_hint(lp, &hint))
        .filter(|b| b.y.iter().all(|v| !v.is_negative()))
}

/// HiGHS at `h`, then exact pivots from its basis (or from the trivial basis if
/// HiGHS's exact multipliers are not all nonnegative).
fn direct(lp: &RowLp) -> Result<(simplex::Basis, Vec<Rat>, SolveStats), String> {
    let (route, start) = match hint_basis(lp) {
        Some(b) => ("hint", b),
        None => ("trivial", simplex::trivial_basis(lp)),
    };
    let (b, x, pivots) = simplex::dual_simplex(lp, start, MAX_PIVOTS)?;
    let route = if pivots == 0 { route.to_string() } else { format!("{route}+pivots") };
    Ok((b, x, SolveStats { route, pivots }))
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
pub fn forced_ratio_series(n: u32, eps: &Rat, hs: &[u32], superset: bool) -> Vec<Result<Checked<RatioCertificate>, String>> {
    forced_ratio_series_with(n, eps, hs, superset, &|| {})
}

/// `forced_ratio_series`, calling `done` once per `h` as it is certified (for progress).
pub fn forced_ratio_series_with(n: u32, eps: &Rat, hs: &[u32], superset: bool, done: &(dyn Fn() + Sync)) -> Vec<Result<Checked<RatioCertificate>, String>> {
    use rayon::prelude::*;
    let base = STEP_BASES[STEP_BASES.len() - 1];
    let mut high: Vec<u32> = hs.iter().copied().filter(|&h| h > base).collect();
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
            Some(c) => Checked::new(c.clone(), &Context::default()).map_err(|e| format!("unknown: the exact candidate failed the checker ({e})")),
            None if h > base && failure.is_some() => Err(failure.clone().expect("checked")),
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
    let s = hi.checked_sub(lo)? as usize;
    let mut best: Vec<Option<Rat>> = vec![None; s + 1];
    best[0] = Some(Rat::one());
    for t in 2..=s {
        for d in 2..=t {
            let k = paper_k(n, eps, d as u32);
            if !k.is_positive() {
                continue;
            }
            if let Some(b) = &best[t - d] {
                let v = b * &k;
                if best[t].as_ref().map_or(true, |cur| &v > cur) {
                    best[t] = Some(v);
                }
            }
        }
    }
    best[s].clone().filter(|_| s > 0)
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
        .map(|(&i, v)| Multiplier { classes: lp.names[i].0.clone(), side: lp.names[i].1.name().into(), y: fmt_q(&(v * &q)) })
        .collect();
    multipliers.sort_by(|a, b| (&a.classes, &a.side).cmp(&(&b.classes, &b.side)));
    RatioCertificate {
        format: RATIO_FORMAT.into(),
        params: RatioParams { n: lp.n, eps: fmt_q(&lp.eps), h: lp.h, lo: lp.lo, hi: lp.hi, superset: lp.superset },
        ratio: fmt_q(&x[lp.lo as usize]),
        alpha: x[..k].iter().map(fmt_q).collect(),
        p: x[k..].iter().map(fmt_q).collect(),
        multipliers,
    }
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
