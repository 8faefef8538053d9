//! The approximate-identity lemma in exact arithmetic (docs/math.md §5.1): a `k×k` matrix with unit
//! diagonal and off-diagonal entries of absolute value `≤ δ` has rank `≥ k/(1+(k−1)δ²)`,
//! so a head correct on all length-`n` sequences over a code of `k` pairs has feature rank
//! `r ≥ ⌈k/(1+(k−1)δ²)⌉`, with `δ = max_{o ≥ hi} 1/R(lo, o; h)`.
//!
//! The same trace/Frobenius argument with a bound per entry, `|M_ij| ≤ 1/R(lo, o_ij; h)`
//! for the overlap `o_ij = <x_i,y_j>` that actually occurs, gives the entrywise value
//! `k² / (k + Σ_{i≠j} R(lo, o_ij; h)^{−2})`, never smaller than the uniform one.
//!
//! Rationals only; shared by the search and the checker.

use crate::error::{Error, Res};
use crate::rational::{qi, Rat};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// `δ = max 1/R_o` over the given ratios (all must be positive).
pub fn delta(ratios: &[Rat]) -> Res<Rat> {
    let mut d: Option<Rat> = None;
    for r in ratios {
        if !r.is_positive() {
            return Err(Error::Rejected(format!("forced ratio {r} is not positive")));
        }
        let inv = Rat::one() / r;
        d = Some(match d {
            Some(x) if x >= inv => x,
            _ => inv,
        });
    }
    d.ok_or_else(|| Error::Rejected("no forced ratios".into()))
}

/// `k/(1+(k−1)δ²)`, exactly.
pub fn lemma_value(k: usize, delta: &Rat) -> Rat {
    let k = qi(k as i64);
    &k / (Rat::one() + (&k - Rat::one()) * delta * delta)
}

/// `k² / (k + Σ count_o / R_o²)` over the off-diagonal overlap classes `(R_o, count_o)`.
pub fn entrywise_value(k: usize, classes: &[(Rat, u64)]) -> Rat {
    let kq = qi(k as i64);
    let mut frob = kq.clone();
    for (r, c) in classes {
        frob += qi(*c as i64) / (r * r);
    }
    &kq * &kq / frob
}

/// The strict form (docs/math.md §5.5, docs/rank.md): when every off-diagonal entry is strictly
/// below its bound (`k ≥ 2` and every forced ratio positive, proved by a dual combination
/// with a positive multiplier on a strict row), `‖M‖_F² < k + Σ R_ij^{−2}`, so
/// `rank > value` and `rank ≥ ⌊value⌋ + 1`. Equal to `⌈value⌉` unless `value` is an integer.
pub fn strict_bound(value: &Rat) -> u64 {
    value.floor().to_integer().to_u64().map_or(u64::MAX, |f| f.saturating_add(1))
}

/// `⌈x⌉` of a nonnegative rational, as an integer.
pub fn ceil(x: &Rat) -> u64 {
    let (q, r) = x.numer().div_rem(x.denom());
    let q = if r.is_zero() { q } else { q + 1 };
    q.to_u64().unwrap_or(u64::MAX)
}

/// The certified rank bound `⌈k/(1+(k−1)δ²)⌉` (0 for the empty code).
pub fn rank_bound(k: usize, delta: &Rat) -> u64 {
    if k == 0 {
        return 0;
    }
    ceil(&lemma_value(k, delta))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    #[test]
    fn bound_arithmetic_is_exact() {
        // δ = 1/4: k = 16 gives 16/(1 + 15/16) = 256/31 = 8.25…, ceiling 9.
        assert_eq!(lemma_value(16, &q(1, 4)), q(256, 31));
        assert_eq!(rank_bound(16, &q(1, 4)), 9);
        // δ = 0 (an identity): the bound is k.
        assert_eq!(rank_bound(7, &Rat::zero()), 7);
        // δ = 1: the bound is 1.
        assert_eq!(rank_bound(50, &Rat::one()), 1);
        // An exact integer is not rounded up: k = 2, δ = 1 → 2/2 = 1.
        assert_eq!(rank_bound(2, &Rat::one()), 1);
        // ... but the strict form goes one above it.
        assert_eq!(strict_bound(&qi(2)), 3);
        assert_eq!(strict_bound(&q(9, 4)), 3);
        assert_eq!(strict_bound(&q(256, 31)), 9);
        assert_eq!(rank_bound(0, &q(1, 2)), 0);
        // δ is the largest reciprocal.
        assert_eq!(delta(&[q(5, 2), qi(4), qi(7)]).unwrap(), q(2, 5));
        assert!(delta(&[qi(0)]).is_err());
        assert!(delta(&[]).is_err());
    }

    #[test]
    fn entrywise_value_dominates_the_uniform_one() {
        // k = 3: six off-diagonal entries, four with R = 2 and two with R = 4.
        let v = entrywise_value(3, &[(qi(2), 4), (qi(4), 2)]);
        assert_eq!(v, q(9, 1) / (qi(3) + q(4, 4) + q(2, 16)));
        assert!(v >= lemma_value(3, &q(1, 2)));
        // All entries at δ: the two agree.
        assert_eq!(entrywise_value(5, &[(qi(3), 20)]), lemma_value(5, &q(1, 3)));
    }

    #[test]
    fn bound_never_exceeds_k_nor_one_over_delta_squared() {
        for k in 1..40usize {
            for den in 1..8i64 {
                let d = q(1, den);
                let b = rank_bound(k, &d);
                assert!(b as usize <= k);
                assert!(qi(b as i64 - 1) < qi(den * den), "k={k} den={den} b={b}");
            }
        }
    }
}
