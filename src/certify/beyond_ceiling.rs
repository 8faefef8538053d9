//! Beyond the code ceiling at `n = 3` (docs/frontier.md, "Beyond the ceiling at n = 3";
//! docs/math.md §9.7): two arguments that use more than one ratio per entry, run exactly.
//!
//! - **The corner of the row LP.** `corner(h)` builds one point of the closed row LP of
//!   `(n, ε) = (3, 1/2)` (with the class `h⁺`) whose weights are *all* at their forced
//!   ratios at once: `A_0 = 1`, `A_o = 1/R(0, o; h)` for `2 ≤ o < h`, `A_h = 1/R(0, h; h)`,
//!   `A_{h⁺} = 1/R(0, h⁺; h)`. The products come from `repair::tvpi` and the point is
//!   checked against every closed row the checker builds. When it exists, the joint
//!   feasible set of a row contains the entrywise maximum, so every rank bound that is
//!   monotone in the off-diagonal entries gains nothing from the joint information.
//! - **Hadamard powers.** `hadamard` prices `M^{∘p}` (`rank ≤ C(r + p − 1, p)`, entries
//!   `≤ R^{−p}`) with the trace/Frobenius lemma over the same code search as `rank --linear`.

pub use crate::certify::rank_linear::power_value;

use crate::certify::rank_linear::{certify, ratios, search_with, sum_counts, sum_name, Library};
use crate::certify::ratio::closed_form_ratio;
use crate::error::Error;
use crate::repair::tvpi::{self, PairSum};
use minip_check::check::rank_linear::least_rank;
use minip_check::check::{Checked, Context};
use minip_check::format::rank_linear::RankLinearCertificate;
use minip_check::rational::fmt_q;
use minip_check::rational::Rat;
use minip_check::rows::ratio::{int_row, multisets, Side};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Zero};

/// A point `(A, P)` of the closed row LP (classes `0..=h` and `h⁺` at index `h + 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Corner {
    pub h: u32,
    pub alpha: Vec<Rat>,
    pub p: Vec<Rat>,
}

fn half() -> Rat {
    Rat::new(1.into(), 2.into())
}

/// The corner weights for a given `A_1` (class 1 has no positive ratio, so it is free).
pub fn corner_weights(h: u32, a1: &Rat) -> Result<Vec<Rat>, Error> {
    let eps = half();
    let mut a = vec![Rat::one()];
    if h >= 1 {
        a.push(a1.clone());
    }
    // Classes up to `h⁺ = h + 1`, without wrapping at `h = u32::MAX` (an empty loop, a short vector).
    let top = h.checked_add(1).ok_or_else(|| Error::Input(format!("h = {h}: no class h+ above it")))?;
    for o in 2..=top {
        let r = closed_form_ratio(3, &eps, h, o)
            .ok_or_else(|| Error::Input(format!("h = {h}: no ratio for class {o}")))?;
        a.push(Rat::one() / r);
    }
    Ok(a)
}

/// Every closed row of the `n = 3`, `ε = 1/2` row LP with `h⁺` holds at `(alpha, p)`, exactly
/// (the checker's rows, `minip_check::rows::ratio::int_row`).
pub fn holds(h: u32, alpha: &[Rat], p: &[Rat]) -> bool {
    let k = h as usize + 2;
    if alpha.len() != k || p.len() != k || alpha.iter().any(|a| *a < Rat::zero()) {
        return false;
    }
    multisets(2, k as u32 - 1).all(|m| {
        [Side::Upper, Side::Lower].into_iter().all(|side| {
            let row = int_row(h, k, &m, side, 1, 2);
            let v: Rat = row
                .iter()
                .map(|&(j, c)| Rat::from_integer(c.into()) * if j < k { &alpha[j] } else { &p[j - k] })
                .sum();
            v <= Rat::zero()
        })
    })
}

/// Products `P` making the weights `alpha` feasible, or `None` when none exist (exact: the
/// pair-sum system of `repair::tvpi` in `Q_c = P_c + P_h/2`, `Q_h = 3P_h/2`).
pub fn products(h: u32, alpha: &[Rat]) -> Option<Vec<Rat>> {
    let k = h as usize + 2;
    let hq = h as usize;
    let eps = half();
    let cons: Vec<PairSum> = multisets(2, k as u32 - 1)
        .map(|m| {
            let (a, b) = (m[0] as usize, m[1] as usize);
            let t = Rat::from_integer(m.iter().map(|&c| c.min(h)).min().unwrap_or(h).into());
            let d = &alpha[hq] + &alpha[a] + &alpha[b];
            PairSum { a, b, lo: (&t - &eps) * &d, hi: (&t + &eps) * &d }
        })
        .collect();
    let q = tvpi::solve(k, &cons)?;
    let ph = &q[hq] * Rat::new(2.into(), 3.into());
    let p = (0..k).map(|c| if c == hq { ph.clone() } else { &q[c] - &ph * &eps }).collect();
    Some(p)
}

/// The corner point of `h` (module docs) with the query's own weight `A_h = 0` and `A_1 = 1`,
/// checked against every closed row, or `None` when the pair-sum system has no solution.
/// (With `A_h = 1/R(0, h; h)` as well there is none for `3 ≤ h ≤ 32`: the tests.)
pub fn corner(h: u32) -> Result<Option<Corner>, Error> {
    if h < 2 {
        return Err(Error::Input(format!("h = {h}: the corner needs h ≥ 2")));
    }
    let mut alpha = corner_weights(h, &Rat::one())?;
    alpha[h as usize] = Rat::zero();
    Ok(products(h, &alpha).filter(|p| holds(h, &alpha, p)).map(|p| Corner { h, alpha, p }))
}

/// The rows of the `n = 3`, `ε = 1/2` row LP with `h⁺` (`k = h + 2` classes), integer form.
pub fn rows3(h: u32) -> Vec<minip_check::rows::ratio::IntRow> {
    let k = h as usize + 2;
    multisets(2, k as u32 - 1)
        .flat_map(|m| [Side::Upper, Side::Lower].into_iter().map(move |s| int_row(h, k, &m, s, 1, 2)))
        .collect()
}

/// `max Σ_c w_c A_c` over the closed row LP with `A_0 = 1` (HiGHS, floating point: a hint,
/// printed as such by `examples/beyond_ceiling.rs`).
pub fn joint_float(h: u32, w: &[f64]) -> Result<f64, Error> {
    let k = h as usize + 2;
    let w0 = corner_weights(h, &half())?;
    let scale: Vec<f64> = w0.iter().map(|a| minip_check::rational::to_f64(a).max(1e-12)).collect();
    Ok(crate::solve::beyond_ceiling::solve(k, w, &rows3(h), &scale)?.value)
}

/// One row of the Hadamard-power table: the best code for `M^{∘p}` at `m` (`h = ⌊m/2⌋`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerRow {
    pub m: u32,
    pub p: u32,
    pub code: String,
    pub k: BigUint,
    /// `k²/(k + Σ pairs·R^{−2p})`: `rank(M^{∘p}) > value`.
    pub value: Rat,
    /// The least `r` with `C(r + p − 1, p) ≥ ⌊value⌋ + 1`: every head has rank `≥ bound`.
    pub bound: BigUint,
    /// `joint_ceiling` of this code: no per-row argument monotone in the entries gets past it.
    pub joint: Option<Rat>,
}

/// The price of a code in the search: `power_value`, and at odd `m` (`2h < m`) only for codes
/// without disjoint weight-`h` words (those would be class `h⁺`, which `rank_linear::certify`
/// does not label; `ratios` holds `R(0, h; h)` there, not `R(0, h⁺; h)`).
fn price(m: u32, h: u32, counts: &[BigUint], r: &[Option<Rat>], p: u32) -> Option<Rat> {
    if 2 * h < m && !counts.first()?.is_zero() {
        return None;
    }
    power_value(h, counts, r, p)
}

/// The least `r` with `C(r + p − 1, p) > value` (strict entries: `rank(M^{∘p}) ≥ ⌊value⌋ + 1`).
pub fn power_bound(value: &Rat, p: u32) -> BigUint {
    let need = (value.numer().div_floor(value.denom()) + BigInt::one()).to_biguint().unwrap_or_default();
    least_rank(&need, p)
}

/// The Hadamard-power bound at `(m, p)`, `n = 3`, `ε = 1/2`: the code search of
/// `rank --linear`, each sum priced by `power_value`, the best one's rank bound.
pub fn hadamard(lib: &Library, m: u32, p: u32) -> Result<PowerRow, Error> {
    let eps = half();
    let (sum, value, _) = search_with(lib, 3, &eps, m, |h, c, r| price(m, h, c, r, p))?;
    let counts = sum_counts(lib, m, &sum)?;
    let joint = joint_ceiling(m, m / 2, &counts, &ratios(3, &eps, m / 2));
    Ok(PowerRow {
        joint,
        m,
        p,
        code: sum_name(lib, &sum),
        k: counts[(m / 2) as usize].clone(),
        bound: power_bound(&value, p),
        value,
    })
}

/// The certificate of the Hadamard-power bound at `(m, p)` (`minip-rank-linear/1` with
/// `power = p`): the best code for `p`, its classes and ratios as for `p = 1`, the value and
/// bound for `M^{∘p}`, checked by `minip_check`.
pub fn hadamard_certificate(lib: &Library, m: u32, p: u32) -> Result<Checked<RankLinearCertificate>, Error> {
    let eps = half();
    let (sum, value, _) = search_with(lib, 3, &eps, m, |h, c, r| price(m, h, c, r, p))?;
    let mut cert = certify(lib, 3, &eps, m, &sum)?.into_cert();
    cert.power = p;
    cert.value = fmt_q(&value);
    cert.bound = power_bound(&value, p).to_string();
    Checked::new(cert, &Context::default())
        .map_err(|e| Error::Input(format!("the certificate failed the checker ({e})")))
}

/// The most the joint row argument can give with a code at `m = 2h` (the corner: every class
/// but `h` at its ratio at once): `k²/(k + Σ_{o<h} pairs_o·R_o^{−2})`, the class-`h` term
/// (complementary pairs) dropped.
/// For odd `m` (`2h < m`) disjoint words are class `h⁺`, which the corner holds at its ratio:
/// nothing is dropped.
pub fn joint_ceiling(m: u32, h: u32, by_overlap: &[BigUint], r: &[Option<Rat>]) -> Option<Rat> {
    let mut c = by_overlap.to_vec();
    if 2 * h == m {
        c[0] = BigUint::zero();
    }
    power_value(h, &c, r, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::q;

    #[test]
    fn corner_weights_do_not_wrap_at_the_largest_h() {
        // 2..=h + 1 wrapped to the empty 2..=0 at h = u32::MAX: two weights for 2^32 + 1 classes.
        assert_eq!(
            corner_weights(u32::MAX, &Rat::one()).unwrap_err(),
            "h = 4294967295: no class h+ above it"
        );
        assert_eq!(corner_weights(3, &Rat::one()).unwrap().len(), 5);
    }

    #[test]
    fn corner_without_the_query_class_is_a_point_of_the_row_lp() {
        // A_h = 0, A_1 = 1, every other class (h⁺ included) at 1/R: feasible, exactly.
        // math.md Proposition 9.7: every 2 ≤ h ≤ 32.
        for h in 2..=32u32 {
            let c = corner(h).unwrap().expect("a corner");
            assert!(holds(h, &c.alpha, &c.p));
            assert_eq!(c.alpha[h as usize], Rat::zero());
            if h > 4 {
                assert_eq!(c.alpha[4], q(1, 3));
                assert_eq!(
                    c.alpha[h as usize + 1],
                    Rat::one() / closed_form_ratio(3, &half(), h, h + 1).unwrap()
                );
            }
        }
        // With the query's own weight at 1/R(0, h; h) as well there is none (h ≥ 3).
        for h in 3..=32u32 {
            for a1 in [Rat::one(), half(), Rat::zero()] {
                assert_eq!(products(h, &corner_weights(h, &a1).unwrap()), None);
            }
        }
        // A wrong point is refused by the exact row check.
        let mut c = corner(5).unwrap().unwrap();
        c.p[2] += q(1, 1);
        assert!(!holds(5, &c.alpha, &c.p));
    }

    #[test]
    fn hadamard_square_beats_the_code_bound_at_m24() {
        let lib = Library::new();
        let one = hadamard(&lib, 24, 1).unwrap();
        assert_eq!((one.code.as_str(), one.bound.to_string()), ("golay24", "21".to_string()));
        let two = hadamard(&lib, 24, 2).unwrap();
        assert_eq!(two.code, "golay24");
        assert_eq!(two.value, q(961_486_848_000, 3_628_327_877));
        assert_eq!(two.bound, BigUint::from(23u32));
        let cert = hadamard_certificate(&lib, 24, 2).unwrap().into_cert();
        assert_eq!((cert.power, cert.bound.as_str()), (2, "23"));
    }
}
