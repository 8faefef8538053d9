//! Exact candidates for overlap-polynomial heads (docs/math.md §10) from HiGHS's hints:
//! - `exact_farkas`: multipliers on the rows the hint supports, solved exactly in the
//!   binomial basis (the checker's rows) by `super::sparse`, dropping negative ones;
//! - `exact_values`: for exact kernel values at one query weight, rationals `s` near the
//!   hint that make every multiset strictly correct (checked here only to choose among
//!   roundings; the checker decides);
//! - `round_nodes`: node values to simple rationals.

use super::round::approx;
use super::sparse::{self, Eq};
use crate::formulate::poly::RowName;
use minip_check::rational::Rat;
use minip_check::rows::poly::{class_count, keys, pairs, target};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use std::collections::BTreeMap;

/// Node values rounded to rationals with denominators below `den`.
pub fn round_nodes(g: &[f64], den: u64) -> Option<Vec<Rat>> {
    g.iter().map(|&v| approx(v, den)).collect()
}

/// Exact Farkas multipliers `y ≥ 0` (`yᵀG = 0`, `Σ_{sequence rows} y = 1`) over the rows
/// the hint gives weight to; `None` if no support tried gives one.
pub fn exact_farkas(names: &[RowName], support: &[u32], hint: &[f64]) -> Option<Vec<(RowName, Rat)>> {
    let scale = hint.iter().fold(0f64, |m, v| m.max(v.abs()));
    if !(scale > 0.0 && scale.is_finite()) {
        return None;
    }
    for tol in [1e-9, 1e-7, 1e-11, 1e-5] {
        let mut keep: Vec<usize> = (0..names.len()).filter(|&i| hint[i] > tol * scale).collect();
        for _ in 0..names.len() {
            if keep.is_empty() {
                break;
            }
            // Unknowns y_r (r in keep); one equation per variable c_k and P_{h,c}, plus the normalisation.
            let mut cols: BTreeMap<(u8, u32, u32), Vec<(usize, BigInt)>> = BTreeMap::new();
            let mut norm: Vec<(usize, BigInt)> = Vec::new();
            for (u, &i) in keep.iter().enumerate() {
                let row = names[i].exact(support);
                for (k, v) in row.c {
                    cols.entry((0, k as u32, 0)).or_default().push((u, BigInt::from(v)));
                }
                if let RowName::Pair { h, .. } = names[i] {
                    for (cl, v) in row.p {
                        cols.entry((1, h, cl)).or_default().push((u, BigInt::from(v)));
                    }
                }
                if row.rhs != 0 {
                    norm.push((u, BigInt::from(-row.rhs)));
                }
            }
            let mut eqs: Vec<Eq> =
                cols.into_values().map(|coeffs| Eq { coeffs, rhs: BigInt::zero() }).collect();
            eqs.push(Eq { coeffs: norm, rhs: BigInt::from(1) });
            let sol = sparse::solve(eqs, keep.len())?;
            let neg: Vec<usize> = (0..keep.len()).filter(|&u| sol.x[u].is_negative()).collect();
            if neg.is_empty() {
                let out: Vec<(RowName, Rat)> = keep
                    .iter()
                    .zip(sol.x)
                    .filter(|(_, y)| !y.is_zero())
                    .map(|(&i, y)| (names[i], y))
                    .collect();
                return (!out.is_empty()).then_some(out);
            }
            let drop: Vec<usize> = neg.iter().map(|&u| keep[u]).collect();
            keep.retain(|i| !drop.contains(i));
        }
    }
    None
}

/// Whether exact values `s` make every multiset of a weight-`h` query strictly correct
/// with kernel values `alpha` (the checker's test, repeated to choose a rounding).
pub fn values_correct(m: u32, len: u32, h: u32, alpha: &[Rat], s: &[Rat]) -> bool {
    pairs(m, h).all(|(c1, c2)| {
        let ks = keys(len, h, c1, c2);
        let d: Rat = ks.iter().map(|&(c, k)| &alpha[c as usize] * Rat::from_integer(k.into())).sum();
        let n: Rat =
            ks.iter().map(|&(c, k)| &alpha[c as usize] * &s[c as usize] * Rat::from_integer(k.into())).sum();
        let t = Rat::from_integer(target(h, c1, c2).into());
        let two = Rat::from_integer(2.into());
        d.is_positive() && (two * (n - t * &d)).abs() < d
    })
}

/// Rationals `s` near the hint (simplest first) that pass `values_correct`.
pub fn exact_values(m: u32, len: u32, h: u32, alpha: &[Rat], hint: &[f64]) -> Option<Vec<Rat>> {
    debug_assert_eq!(hint.len(), class_count(m, h) as usize);
    for den in [100u64, 10_000, 1_000_000, 1_000_000_000, 1_000_000_000_000] {
        let s: Vec<Rat> = hint.iter().map(|&v| approx(v, den)).collect::<Option<_>>()?;
        if values_correct(m, len, h, alpha, &s) {
            return Some(s);
        }
    }
    None
}
