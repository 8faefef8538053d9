//! The class LP of overlap-polynomial heads (docs/math.md §10.2): length-3 sequences over
//! `{0,1}^m`, `ε = 1/2`, every position queried.
//!
//! For a query of weight `h` the keys fall into classes: `c = 0..h−1` (overlap `c`), `c = h`
//! (the query token itself) and `c = h + 1` (`h⁺`, the strict supersets, only when `h < m`);
//! class `c` has overlap `min(c, h)`. A sequence queried at `x` is `(x, {c1, c2})` with
//! `c1 ≤ c2` (every multiset of two classes), target `t = min(h, o(c1), o(c2))`.
//!
//! Variables: the coefficients `c_k` (`k` in the support) of the polynomial the query uses,
//! and the products `P_{h,c} = α·s` per class. With `D = f(h) + f(o1) + f(o2)` and
//! `N = P_{h,h} + P_{h,c1} + P_{h,c2}` the closed rows are
//! - `upper`: `2N − (2t+1)D ≤ −1`,
//! - `lower`: `−2N + (2t−1)D ≤ −1`,
//! - `nn` (nonnegative kernels only): `−f(o) ≤ 0`.
//!
//! **Length `n ≥ 3`** (`PolyParams::n`, default 3): the pair `(c1, c2)` names the sequence
//! `(x, {c1, c2^(n−2)})` (the query, `c1` once, `c2` `n − 2` times), so the rows are the
//! same in number and name and only the multiplicity of `c2` changes. They decide
//! correctness on every sequence of length `≤ n` (docs/math.md §10.10: at a fixed minimum
//! class the rows are linear in the class counts, and every count vector is a convex
//! combination of these).
//!
//! Every coefficient is an integer (`C(o,k)` times small factors; `i128` is exact for
//! `m ≤ 64`).

use crate::model::kernel::binom;
pub use crate::rows::ratio::class_label;

/// Which correctness row of a sequence (the class LP has no other kind of row but `nn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    Upper,
    Lower,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Upper => "upper",
            Side::Lower => "lower",
        }
    }
}

/// Number of key classes of a weight-`h` query in `m` bits: `h + 1`, plus `h⁺` when `h < m`.
pub fn class_count(m: u32, h: u32) -> u32 {
    h + 1 + u32::from(h < m)
}

/// The overlap of class `c` with a weight-`h` query.
pub fn overlap(h: u32, c: u32) -> u32 {
    c.min(h)
}

/// The Min-IP target of `(x, {c1, c2})`: `min(h, o(c1), o(c2))`.
pub fn target(h: u32, c1: u32, c2: u32) -> u32 {
    overlap(h, c1).min(overlap(h, c2))
}

/// Every multiset `{c1 ≤ c2}` of classes of a weight-`h` query, lexicographically.
pub fn pairs(m: u32, h: u32) -> impl Iterator<Item = (u32, u32)> {
    let k = class_count(m, h);
    (0..k).flat_map(move |a| (a..k).map(move |b| (a, b)))
}

/// Number of sequences (multisets) of a weight-`h` query.
pub fn pair_count(m: u32, h: u32) -> u64 {
    let k = class_count(m, h) as u64;
    k * (k + 1) / 2
}

/// One closed row: `Σ coef·c_k + Σ coef·P_{h,c} ≤ rhs`. `c` is indexed by position in the
/// support, `p` by class (of the row's query weight `h`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolyRow {
    pub c: Vec<(usize, i128)>,
    pub p: Vec<(u32, i64)>,
    pub rhs: i64,
}

/// The classes of the length-`n` sequence a pair `(c1, c2)` names, with multiplicities:
/// the query once, `c1` once and `c2` `n − 2` times (`(x, {c1, c2})` at `n = 3`).
pub fn keys(n: u32, h: u32, c1: u32, c2: u32) -> [(u32, u32); 3] {
    [(h, 1), (c1, 1), (c2, n - 2)]
}

/// The row of `(x, {c1, c2^(n−2)})`, `|x| = h`, on `side`, for a polynomial with `support`
/// (`n ≥ 3`; `n = 3` is `(x, {c1, c2})`).
pub fn pair_row(n: u32, h: u32, support: &[u32], c1: u32, c2: u32, side: Side) -> PolyRow {
    let t = target(h, c1, c2) as i128;
    let (dcoef, pcoef) = match side {
        Side::Upper => (-(2 * t + 1), 2i64),
        Side::Lower => (2 * t - 1, -2i64),
    };
    let ks = keys(n, h, c1, c2);
    let c = support
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let b: i128 =
                ks.iter().map(|&(cl, mult)| mult as i128 * binom(overlap(h, cl) as i64, k as i64)).sum();
            (i, dcoef * b)
        })
        .filter(|&(_, v)| v != 0)
        .collect();
    let mut p: Vec<(u32, i64)> = Vec::with_capacity(3);
    for (cl, mult) in ks {
        match p.iter_mut().find(|e| e.0 == cl) {
            Some(e) => e.1 += pcoef * mult as i64,
            None => p.push((cl, pcoef * mult as i64)),
        }
    }
    p.sort_unstable();
    PolyRow { c, p, rhs: -1 }
}

/// `−f(o) ≤ 0`.
pub fn nn_row(o: u32, support: &[u32]) -> PolyRow {
    let c = support
        .iter()
        .enumerate()
        .map(|(i, &k)| (i, -binom(o as i64, k as i64)))
        .filter(|&(_, v)| v != 0)
        .collect();
    PolyRow { c, p: Vec::new(), rhs: 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_and_targets() {
        assert_eq!(class_count(4, 2), 4); // 0, 1, the query, 2+
        assert_eq!(class_count(4, 4), 5); // 0..3, the query; no strict superset
        assert_eq!(pairs(4, 0).collect::<Vec<_>>(), vec![(0, 0), (0, 1), (1, 1)]);
        assert_eq!(target(3, 1, 4), 1);
        assert_eq!(target(3, 3, 4), 3);
        let rows: u64 = (0..=24).map(|h| 2 * pair_count(24, h)).sum::<u64>() + 25;
        assert_eq!(rows, 6523, "docs/math.md §10.2: 6,523 rows at m = 24");
    }

    #[test]
    fn rows_follow_the_definition() {
        // h = 2, {0, 2+}: D = f(2) + f(0) + f(2), t = 0; support {0, 1}: D = 3c0 + 4c1.
        // upper: 2(P_2 + P_0 + P_3) − D ≤ −1.
        let r = pair_row(3, 2, &[0, 1], 0, 3, Side::Upper);
        assert_eq!(r.c, vec![(0, -3), (1, -4)]);
        assert_eq!(r.p, vec![(0, 2), (2, 2), (3, 2)]);
        // lower with the query twice: {2, 2}: N = 3P_2, t = 2, D = 3f(2): −6P_2 + 3·3f(2) ≤ −1.
        let r = pair_row(3, 2, &[0, 1], 2, 2, Side::Lower);
        assert_eq!(r.c, vec![(0, 9), (1, 18)]);
        assert_eq!(r.p, vec![(2, -6)]);
        assert_eq!(nn_row(3, &[0, 2]), PolyRow { c: vec![(0, -1), (1, -3)], p: vec![], rhs: 0 });
    }
}
