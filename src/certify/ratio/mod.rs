//! Certifying forced ratios (docs/math.md §4): `R_{n,ε}(lo, hi; h)`, the minimum of
//! `A_lo / A_hi` over heads correct on all length-`n` sequences, with a two-sided
//! certificate (`minip-ratio/2`).
//!
//! Pipeline: `formulate::ratio` (the row LP) → `solve::ratio` (HiGHS basis, a hint) →
//! `repair::{sparse, simplex}` (the basis solved and refined exactly) → the candidate
//! certificate → `minip_check::check::check_ratio`, the only judge. A ratio leaves this
//! module only inside a certificate that passed the checker.
//!
//! This file holds the entry points; the work is split by concern:
//! - `lp`: the row-LP route (HiGHS's basis, exact dual simplex pivots, stepping up in `h`);
//! - `chain`: the chain bound, its splits and the closed form at `ε = 1/2`, the chain
//!   multipliers, the closed route (no LP) and the chain certificates;
//! - `basis`: candidate certificates from a basis or from a hint, points and rays;
//! - `general`: the same row LP beyond the paper's model (docs/math.md §11).

mod basis;
mod chain;
mod general;
mod lp;

pub use basis::certificate_of_basis;
pub use chain::{chain_bound, chain_multipliers, chain_split, closed_form_ratio};
pub use chain::{chain_bound_certificate, chain_full_certificate};
pub use general::{forced_ratio_in, instance_in, MAX_GENERAL_ROWS};
pub use lp::profile;

use crate::error::Error;
use chain::closed_route;
use lp::{lp_route, stepped, STEP_BASES};

use minip_check::check::{ratio_instance, Checked, Context};
use minip_check::format::ratio::{RatioCertificate, RatioParams};
use minip_check::rational::{fmt_q, Rat};
use std::time::Instant;

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
) -> Result<Checked<RatioCertificate>, Error> {
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
) -> Result<(Checked<RatioCertificate>, SolveStats), Error> {
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
) -> Result<(Checked<RatioCertificate>, SolveStats), Error> {
    check_size(n, eps, h, lo, hi, superset)?;
    lp_route(n, eps, h, lo, hi, superset)
}

/// The checker's verdict on a candidate, timed into `stats`.
fn checked(
    cert: RatioCertificate,
    mut stats: SolveStats,
) -> Result<(Checked<RatioCertificate>, SolveStats), Error> {
    let t = Instant::now();
    let cert = check_candidate(cert)?;
    stats.phases.check = t.elapsed().as_secs_f64();
    Ok((cert, stats))
}

/// The checker's verdict on a candidate; a refusal is `unknown` (the exact solve failed, not
/// the claim).
fn check_candidate(cert: RatioCertificate) -> Result<Checked<RatioCertificate>, Error> {
    Checked::new(cert, &Context::default())
        .map_err(|e| Error::Unknown(format!("unknown: the exact candidate failed the checker ({e})")))
}

/// The parameters of a certificate in the paper's model: no setting field, no `m` (beyond
/// the paper's model, `basis::base_certificate` adds them).
pub fn ratio_params(n: u32, eps: &Rat, h: u32, lo: u32, hi: u32, superset: bool) -> RatioParams {
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

/// The parameters, and the size of the LP, within the supported limits (before any work).
pub fn check_size(n: u32, eps: &Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Result<(), Error> {
    let inst = ratio_instance(n, eps.clone(), h, lo, hi, superset)?;
    use minip_check::limits::{at_most, MAX_RATIO_H};
    at_most("h", h, MAX_RATIO_H, "the row LP certified by minip amplify")?;
    crate::formulate::ratio::check_row_lp_size(n, inst.classes())
}

/// `R(0, h; h)` for every `h` in `hs` (any order), sharing one stepping pass for the
/// `h` above the stepping base; each result passed `check_ratio`, as in `forced_ratio`.
pub fn forced_ratio_series(
    n: u32,
    eps: &Rat,
    hs: &[u32],
    superset: bool,
) -> Vec<Result<Checked<RatioCertificate>, Error>> {
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
) -> Vec<Result<Checked<RatioCertificate>, Error>> {
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
            Some(c) => check_candidate(c.clone()),
            None if h > base && failure.is_some() => Err(Error::Input(failure.clone().expect("checked"))),
            None if ctl.is_stopped() => Err(Error::Interrupted(crate::control::NOT_STARTED.to_string())),
            None => {
                let r = forced_ratio(n, eps, h, 0, h, superset);
                done();
                r
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::{q, qi};

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
