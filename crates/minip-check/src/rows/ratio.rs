//! The row LP of docs/math.md §4 in integer form: the rows the ratio checker rebuilds, and
//! the rows the solver side solves.
//!
//! Classes `c = 0..k−1`: overlaps `0..h−1`, the query token itself (`h`) and, when the
//! LP has it, the strict supersets `h⁺` (index `h + 1`, overlap `h`). Variables: `A_c` at
//! index `c` and `P_c` at index `k + c`. For each multiset `M` of `n − 1` classes
//! (nondecreasing), target `t` = the smallest overlap in `(x, M)`, two closed rows,
//! both `≤ 0`, scaled by `q` where `ε = p/q`:
//! - `upper`: `q·(N − tD) − p·D ≤ 0`
//! - `lower`: `q·(tD − N) − p·D ≤ 0`
//!
//! Multisets are enumerated lazily in lexicographic order; nothing is materialised
//! unless a caller collects it. `ratio_instance` validates the parameters of one LP.

use crate::rational::{fmt_q, Rat};
use num_traits::Signed;


/// The parameters as numbers, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatioInstance {
    pub n: u32,
    pub eps: Rat,
    pub h: u32,
    pub lo: u32,
    /// A class: `0..=h`, or `h + 1` for `h⁺` (needs `superset`).
    pub hi: u32,
    /// The class `h⁺` of strict supersets is part of the LP (the caller says `m > h`).
    pub superset: bool,
}

impl RatioInstance {
    /// Number of classes: `h + 1`, or `h + 2` with `h⁺`.
    pub fn classes(&self) -> usize {
        self.h as usize + 1 + usize::from(self.superset)
    }
    /// The overlap of a class with the query (`h⁺` has overlap `h`).
    pub fn overlap(&self, c: u32) -> u32 {
        c.min(self.h)
    }
}

/// The label of a class as printed: `0`, …, `h`, and `h+` for `h⁺` (index `h + 1`).
pub fn class_label(h: u32, c: u32) -> String {
    if c > h {
        format!("{h}+")
    } else {
        c.to_string()
    }
}

/// Validates `(n, ε, h, lo, hi, superset)`; errors are one line.
pub fn ratio_instance(n: u32, eps: Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Result<RatioInstance, String> {
    if n < 3 {
        return Err(format!("n = {n}: need n ≥ 3"));
    }
    if !eps.is_positive() {
        return Err(format!("eps = {}: need ε > 0", fmt_q(&eps)));
    }
    if h < 1 {
        return Err("h = 0: need h ≥ 1".into());
    }
    let limit = num_bigint::BigInt::from(1u64 << 31);
    if eps.numer() >= &limit || eps.denom() >= &limit {
        return Err(format!("eps = {}: numerator and denominator must be below 2^31", fmt_q(&eps)));
    }
    if n > crate::model::MAX_N || h > crate::model::MAX_H {
        return Err(format!("n = {n}, h = {h}: larger than the supported n ≤ {}, h ≤ {}", crate::model::MAX_N, crate::model::MAX_H));
    }
    if hi == h + 1 && !superset {
        return Err(format!("hi = {h}+: the strict-superset class h+ needs the superset class in the LP (m > h)"));
    }
    if hi > h + 1 {
        return Err(format!("hi = {hi}, h = {h}: need hi ≤ h (or hi = h+)"));
    }
    if lo >= hi {
        return Err(format!("lo = {lo}, hi = {}: need lo < hi", class_label(h, hi)));
    }
    Ok(RatioInstance { n, eps, h, lo, hi, superset })
}

/// Which of the two rows of a sequence.
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

/// All nondecreasing sequences of length `k` over `0..=h` (here `h` is the largest
/// class index), lexicographically.
pub struct Multisets {
    h: u32,
    cur: Option<Vec<u32>>,
}

pub fn multisets(k: usize, h: u32) -> Multisets {
    Multisets { h, cur: Some(vec![0; k]) }
}

impl Iterator for Multisets {
    type Item = Vec<u32>;
    fn next(&mut self) -> Option<Vec<u32>> {
        let out = self.cur.take()?;
        let mut nxt = out.clone();
        // Increment the last position that can grow, reset the tail to it.
        if let Some(i) = (0..nxt.len()).rev().find(|&i| nxt[i] < self.h) {
            let v = nxt[i] + 1;
            for x in &mut nxt[i..] {
                *x = v;
            }
            self.cur = Some(nxt);
        }
        Some(out)
    }
}

/// Number of multisets of `k` classes out of `h + 1`: `C(h + k, k)`.
/// Saturates at `u128::MAX` (a count that large is refused by every limit anyway).
pub fn count(k: usize, h: u32) -> u128 {
    let mut c: u128 = 1;
    for i in 0..k as u128 {
        // C(h+1+i, i+1) = C(h+i, i)·(h+1+i)/(i+1), exact at every step.
        match c.checked_mul(h as u128 + 1 + i) {
            Some(v) => c = v / (i + 1),
            None => return u128::MAX,
        }
    }
    c
}

/// One integer row: sparse `(variable, coefficient)`, sorted by variable.
pub type IntRow = Vec<(usize, i64)>;

/// The integer row of `(x, M)` on `side` for query weight `h` and `k` classes, with `ε = p/q`.
pub fn int_row(h: u32, k: usize, classes: &[u32], side: Side, p: i64, q: i64) -> IntRow {
    let t = classes.iter().map(|&c| c.min(h)).min().unwrap_or(h) as i64;
    let (ca, cp) = match side {
        Side::Upper => (-t * q - p, q),
        Side::Lower => (t * q - p, -q),
    };
    let hp = k;
    let mut row: IntRow = Vec::with_capacity(2 * (classes.len() + 1));
    for &o in std::iter::once(&h).chain(classes) {
        for (var, c) in [(o as usize, ca), (hp + o as usize, cp)] {
            match row.iter_mut().find(|(v, _)| *v == var) {
                Some(e) => e.1 += c,
                None => row.push((var, c)),
            }
        }
    }
    row.retain(|&(_, c)| c != 0);
    row.sort_unstable();
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerates_every_multiset_once_in_order() {
        let all: Vec<Vec<u32>> = multisets(2, 2).collect();
        assert_eq!(all, vec![vec![0, 0], vec![0, 1], vec![0, 2], vec![1, 1], vec![1, 2], vec![2, 2]]);
        assert_eq!(multisets(3, 5).count() as u128, count(3, 5));
        assert_eq!(count(2, 168), 14365);
    }

    #[test]
    fn rows_follow_the_definition() {
        // h = 2, M = {0, 2}, eps = 1/2: D = 2A_2 + A_0, N = 2P_2 + P_0, t = 0.
        // upper: 2(N) - D = -A_0 - 2A_2 + 2P_0 + 4P_2
        assert_eq!(int_row(2, 3, &[0, 2], Side::Upper, 1, 2), vec![(0, -1), (2, -2), (3, 2), (5, 4)]);
        // lower: 2(-N) - D
        assert_eq!(int_row(2, 3, &[0, 2], Side::Lower, 1, 2), vec![(0, -1), (2, -2), (3, -2), (5, -4)]);
        // With h⁺ (class 3, overlap 2): M = {2, 3} has target 2; P sits at 4 + c.
        // upper: 2(N − 2D) − D = −5D + 2N, D = 2A_2 + A_3.
        assert_eq!(int_row(2, 4, &[2, 3], Side::Upper, 1, 2), vec![(2, -10), (3, -5), (6, 4), (7, 2)]);
    }
}
