//! The chain bound (docs/math.md §4.7) and, at `ε = 1/2`, the closed form of the forced ratio
//! with its chain multipliers (docs/math.md §9.2): the closed route of `forced_ratio` (no LP)
//! and the chain certificates (`minip-ratio-bound/1`, and `minip-ratio/2` with the LP's point).

use super::{forced_ratio, ratio_params, Phases, SolveStats};
use crate::error::Error;
use minip_check::check::{class_label, ratio_instance, Checked, Context};
use minip_check::format::ratio::{Multiplier, RatioCertificate, RATIO_FORMAT};
use minip_check::format::ratio_bound::{RatioBoundCertificate, RATIO_BOUND_FORMAT};
use minip_check::limits::MAX_N;
use minip_check::model::paper_k;
use minip_check::rational::{fmt_q, Rat};
use minip_check::rows::chain::ChainTable;
use num_bigint::BigInt;
use num_traits::{One, Signed};
use std::time::Instant;

/// `R(0, h; h)` at `ε = 1/2` without an LP (docs/amplify.md, "The closed route"): the point of
/// `repair::descent` with the chain multipliers of docs/math.md §9.3, passed to the checker
/// (which tests the point against every row and the multipliers' combination). `None` when the
/// route does not apply (another pair, `ε`, or `h⁺` in the LP) or its candidate does not
/// attain the closed form or fails the checker; the row LP then decides. `Some(Err)` when the
/// checker refuses the candidate as too large to check (`unknown`, no LP tried).
pub(super) fn closed_route(
    n: u32,
    eps: &Rat,
    h: u32,
    lo: u32,
    hi: u32,
    superset: bool,
) -> Option<Result<(Checked<RatioCertificate>, SolveStats), Error>> {
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
        params: ratio_params(n, eps, h, lo, hi, superset),
        ratio: fmt_q(&r),
        alpha: alpha.iter().map(fmt_q).collect(),
        p: p.iter().map(fmt_q).collect(),
        multipliers,
        witness: None,
        ray: None,
    };
    let phases = Phases { exact: t.elapsed().as_secs_f64(), ..Phases::default() };
    // A candidate past the checker's limits is `unknown` (no other route would pass either);
    // one that merely fails falls through to the LP route.
    let t = Instant::now();
    match Checked::new(cert, &Context::default()) {
        Ok(c) => {
            let phases = Phases { check: t.elapsed().as_secs_f64(), ..phases };
            Some(Ok((c, SolveStats { route: "closed".into(), pivots: 0, phases })))
        }
        Err(e @ minip_check::Error::TooLarge(_)) => {
            Some(Err(Error::Unknown(format!("unknown: the exact candidate failed the checker ({e})"))))
        }
        Err(_) => None,
    }
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
/// there is no chain (`hi ≤ 1`). The checker's `ChainTable::ratio`.
pub fn closed_form_ratio(n: u32, eps: &Rat, h: u32, hi: u32) -> Option<Rat> {
    let (table, h) = chain_table(n, eps, h, hi)?;
    table.ratio(h, hi)
}

/// The chain multipliers of `R(0, hi; h)` at `ε = 1/2` (docs/math.md §9.2): for each link
/// `u → w` of an optimal split (`K = (n−2)(d−1)`, `W` the product of the earlier `K`s),
/// `W/(n−1)` on `lower (x, u^{n−1})`, `(n−2)W/(n−1)` on `lower (x, w^{n−1})` and `W` on
/// `upper (x, u, w^{n−2})` (the paper's `N1 + (n−2)N2 = (n−1)N3`); rows shared by
/// consecutive links are merged, `2k + 1` multipliers for `k` links. Classes are indices
/// (`h + 1` is `h⁺`). The checker's `ChainTable::multipliers`; `None` above `n = MAX_N`,
/// where the checker accepts no certificate (the table computes `K` in 32 bits).
pub fn chain_multipliers(n: u32, eps: &Rat, h: u32, hi: u32) -> Option<Vec<Multiplier>> {
    if n > MAX_N {
        return None;
    }
    let (table, h) = chain_table(n, eps, h, hi)?;
    table.multipliers(h, hi)
}

/// The checker's chain table for the class `hi` of `h` at `ε = 1/2`, with the `h` to ask it
/// about; `None` when there is no closed form (`ε ≠ 1/2`, `hi = 0` or `hi > h + 1`). The table
/// answers alike for every `h > hi` (`hi` is a class below the query's own) and computes
/// `h + 1`: an `h` above `hi + 1` is asked as `hi + 1`, so that `h = u32::MAX` does not wrap.
fn chain_table(n: u32, eps: &Rat, h: u32, hi: u32) -> Option<(ChainTable, u32)> {
    // `h + 1` widened: at `h = u32::MAX` it does not wrap to 0 (which refused every `hi`).
    if *eps != Rat::new(1.into(), 2.into()) || hi == 0 || u64::from(hi) > u64::from(h) + 1 {
        return None;
    }
    let asked = if hi < h { hi + 1 } else { h };
    Some((ChainTable::new(n, hi.min(h)), asked))
}

/// A lower-bound-only certificate (`minip-ratio-bound/1`) for the closed form of
/// `R(0, hi; h)` at `ε = 1/2`, any `n` and `h`, no LP: the chain multipliers, checked.
pub fn chain_bound_certificate(
    n: u32,
    eps: &Rat,
    h: u32,
    hi: u32,
    superset: bool,
) -> Result<Checked<RatioBoundCertificate>, Error> {
    ratio_instance(n, eps.clone(), h, 0, hi, superset)?;
    let r = closed_form_ratio(n, eps, h, hi).ok_or_else(|| {
        Error::Input(format!(
            "no closed form for R(0, {}; {h}) at n = {n}, eps = {}",
            class_label(h, hi),
            fmt_q(eps)
        ))
    })?;
    let multipliers = chain_multipliers(n, eps, h, hi).expect("closed form exists");
    let cert = RatioBoundCertificate {
        format: RATIO_BOUND_FORMAT.into(),
        params: ratio_params(n, eps, h, 0, hi, superset),
        bound: fmt_q(&r),
        multipliers,
    };
    Checked::new(cert, &Context::default())
        .map_err(|e| Error::Input(format!("the chain certificate failed the checker ({e})")))
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
) -> Result<Checked<RatioCertificate>, Error> {
    let r = closed_form_ratio(n, eps, h, hi)
        .ok_or_else(|| Error::Input(format!("no closed form for R(0, {}; {h})", class_label(h, hi))))?;
    let lp = forced_ratio(n, eps, h, 0, hi, superset)?;
    if lp.claim().value() != Some(&r) {
        return Err(Error::Input(format!(
            "the row LP gives R(0, {}; {h}) = {}, the closed form {}",
            class_label(h, hi),
            lp.claim().label(),
            fmt_q(&r)
        )));
    }
    let mut cert = lp.cert().clone();
    cert.multipliers = chain_multipliers(n, eps, h, hi).expect("closed form exists");
    Ok(Checked::new(cert, &Context::default()).unwrap_or(lp))
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
        // The multipliers too (the checker's table is asked about `h = 6`), and none past `MAX_N`.
        let five = chain_multipliers(3, &e, 10, 5).unwrap();
        assert_eq!(five.len(), 3);
        assert_eq!(chain_multipliers(3, &e, u32::MAX, 5), Some(five));
        assert_eq!(chain_multipliers(MAX_N, &e, 4, 4).map(|m| m.len()), Some(5));
        assert_eq!(chain_multipliers(MAX_N + 1, &e, 4, 4), None);
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
}
