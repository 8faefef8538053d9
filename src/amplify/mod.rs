//! Amplification (MATH.md §4): the exact forced ratio `R_{n,ε}(lo, hi; h)`, the
//! minimum of `A_lo / A_hi` over heads correct on all length-`n` sequences, with a
//! two-sided certificate (`minip-ratio/1`).
//!
//! Pipeline: `rows` (the row LP, lazily enumerated) → `lp` (HiGHS hint) → `exact`
//! (active set solved exactly in `sparse`) → `crate::check::check_ratio`, the only
//! judge. A ratio leaves this module only inside a certificate that passed the checker.

pub mod exact;
pub mod lp;
pub mod rows;
pub mod sparse;

use crate::cert::ratio::RatioCertificate;
use crate::check::{check_ratio, ratio_instance};
use crate::exact::rational::Q;
use exact::{Active, RowLp};
use num_traits::{One, Signed};
use rows::Side;

/// Builds the full row LP of `(n, ε, h)` with objective `A_lo`, normalisation `A_hi = 1`.
pub fn row_lp(n: u32, eps: &Q, h: u32, lo: u32, hi: u32) -> Result<RowLp, String> {
    let inst = ratio_instance(n, eps.clone(), h, lo, hi)?;
    let total = rows::count(n as usize - 1, h);
    if total > 5_000_000 {
        return Err(format!("{total} multisets of {} classes out of {}: too many rows", n - 1, h + 1));
    }
    let p: i64 = eps.numer().try_into().map_err(|_| "eps: numerator too large".to_string())?;
    let q: i64 = eps.denom().try_into().map_err(|_| "eps: denominator too large".to_string())?;
    let mut names = Vec::with_capacity(2 * total as usize);
    let mut rws = Vec::with_capacity(2 * total as usize);
    for m in rows::multisets(n as usize - 1, h) {
        for side in [Side::Upper, Side::Lower] {
            rws.push(rows::int_row(h, &m, side, p, q));
            names.push((m.clone(), side));
        }
    }
    Ok(RowLp { n: inst.n, eps: inst.eps, h, lo, hi, names, rows: rws })
}

/// `R_{n,ε}(lo, hi; h)` with a certificate that already passed `check_ratio`.
pub fn forced_ratio(n: u32, eps: &Q, h: u32, lo: u32, hi: u32) -> Result<RatioCertificate, String> {
    let lp = row_lp(n, eps, h, lo, hi)?;
    let hint = lp::solve(h, lo, hi, &lp.rows)?;
    let act = exact::active_from_hint(&lp, &hint);
    certify_active(&lp, act).map_err(|e| format!("unknown: {e}"))
}

fn debug() -> bool {
    std::env::var_os("MINIP_DEBUG").is_some()
}

/// Solves an active set exactly and checks the result.
fn certify_active(lp: &RowLp, act: Active) -> Result<RatioCertificate, String> {
    let (x, free) = exact::primal(lp, &act)?;
    if debug() {
        eprintln!("active rows {} zero {:?} free {:?}", act.rows.len(), act.zero, free);
    }
    if !free.is_empty() {
        return Err(format!("active set leaves {} unknowns free", free.len()));
    }
    let viol = exact::violated(lp, &x);
    if !viol.is_empty() {
        return Err(format!("exact point violates {} rows", viol.len()));
    }
    if x[..lp.k()].iter().any(|v| v.is_negative()) {
        return Err("exact point has a negative kernel value".into());
    }
    let r = x[lp.lo as usize].clone();
    let y = exact::dual(lp, &act, &r)?;
    if y.iter().any(|v| v.is_negative()) {
        return Err(format!("{} negative multipliers", y.iter().filter(|v| v.is_negative()).count()));
    }
    let cert = exact::certificate(lp, &x, &y, &act);
    check_ratio(&cert)?;
    Ok(cert)
}

/// The chain bound: the maximum over splits of `h − lo` into integer gaps `d_i ≥ 2`
/// with `K(d_i) > 0` of `Π K(d_i)`, `K(d) = (n−2)(d−2ε)/(2ε)`. `None` if no split.
pub fn chain_bound(n: u32, eps: &Q, h: u32, lo: u32) -> Option<Q> {
    let s = h.checked_sub(lo)? as usize;
    let two_eps = eps * Q::from_integer(2.into());
    let kd = |d: usize| Q::from_integer((n as i64 - 2).into()) * (Q::from_integer((d as i64).into()) - &two_eps) / &two_eps;
    let mut best: Vec<Option<Q>> = vec![None; s + 1];
    best[0] = Some(Q::one());
    for t in 2..=s {
        for d in 2..=t {
            let k = kd(d);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::rational::{q, qi};

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
            let cert = forced_ratio(3, &q(1, 2), h, 0, h).unwrap();
            assert_eq!(check_ratio(&cert).unwrap(), r, "h = {h}");
        }
    }
}
