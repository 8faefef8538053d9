//! The multilevel family (docs/math.md §13.10): `(s + 1)^q` Min-IP sequences of length `2q`
//! with the same `q` query tokens, whose answers at the queries are any `a ∈ {0,…,s}^q`.
//!
//! Coordinates `m = (q + 1)·s`: blocks `B_1, …, B_q` of `s` each, then a common block `C`.
//! Query `i` (position `i`) is `1_{B_i} + 1_C`; key `i` at level `a_i` (position `q + i`) is
//! `1_{B_l}` for every `l ≠ i` plus the first `a_i` coordinates of `B_i`. At query `i` the
//! overlaps are `2s` (itself), `s` (another query, through `C`), `s` (another key, through
//! `B_i`) and `a_i ≤ s` (its own key), so its target is `a_i`.
//!
//! ```
//! use minip_check::model::multilevel::{answers, sequence};
//! // q = 2, s = 3: the assignment (1, 3) is read back at the two queries.
//! assert_eq!(answers(2, &sequence(2, 3, &[1, 3])), vec![1, 3]);
//! ```

use crate::error::{Error, Res};
use crate::limits::at_most;

/// Most sequences a family may have (`(s + 1)^q`).
pub const MAX_MULTILEVEL_INSTANCES: u64 = 1 << 18;
/// Most token bits (`(q + 1)·s`, tokens are 64-bit words).
pub const MAX_MULTILEVEL_M: u32 = 64;

/// Checks `q ≥ 1`, `s ≥ 1`, `m = (q + 1)s ≤ 64` and `(s + 1)^q ≤ 2^18`; returns `(m, instances)`.
pub fn shape(q: u32, s: u32) -> Res<(u32, u64)> {
    if q == 0 || s == 0 {
        return Err(Error::Input(format!("q = {q}, s = {s}: need q >= 1 and s >= 1")));
    }
    let m = (u64::from(q) + 1) * u64::from(s);
    at_most("m = (q + 1)s", m, u64::from(MAX_MULTILEVEL_M), "tokens are 64-bit words")?;
    // With (q + 1)s <= 64, (s + 1)^q <= 2^63.
    let count = (0..q).fold(1u128, |c, _| c.saturating_mul(u128::from(s) + 1));
    let why = "every sequence is built and its answers computed";
    at_most("(s + 1)^q", count, u128::from(MAX_MULTILEVEL_INSTANCES), why)?;
    Ok((m as u32, count as u64))
}

fn ones(from: u32, len: u32) -> u64 {
    if len == 0 {
        0
    } else {
        (u64::MAX >> (64 - len)) << from
    }
}

/// The `q` queries: query `i` is `B_i ∪ C` (bit `j` of a token is coordinate `j`).
pub fn queries(q: u32, s: u32) -> Vec<u64> {
    (0..q).map(|i| ones(i * s, s) | ones(q * s, s)).collect()
}

/// The sequence of assignment `a` (`a.len() = q`, each `≤ s`): the queries, then the keys.
pub fn sequence(q: u32, s: u32, a: &[u32]) -> Vec<u64> {
    let all_blocks = ones(0, q * s);
    let mut x = queries(q, s);
    x.extend(a.iter().enumerate().map(|(i, &ai)| {
        let i = i as u32;
        (all_blocks & !ones(i * s, s)) | ones(i * s, ai)
    }));
    x
}

/// The Min-IP targets `t_i = min_j <x_i, x_j>` (every position `j`, `i` included) at the first
/// `q` positions of a sequence.
pub fn answers(q: u32, x: &[u64]) -> Vec<u32> {
    x[..q as usize].iter().map(|&xi| x.iter().map(|&xj| (xi & xj).count_ones()).min().unwrap_or(0)).collect()
}

/// Least `b` with `2^b ≥ count`: the bits of any transcript that takes `count` values.
pub fn bits_for(count: u64) -> u32 {
    if count <= 1 {
        0
    } else {
        64 - (count - 1).leading_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_targets() {
        // q = 2, s = 2: m = 6, B_1 = bits 0-1, B_2 = bits 2-3, C = bits 4-5.
        assert_eq!(queries(2, 2), vec![0b110011, 0b111100]);
        assert_eq!(sequence(2, 2, &[1, 0]), vec![0b110011, 0b111100, 0b001101, 0b000011]);
        assert_eq!(answers(2, &sequence(2, 2, &[1, 0])), vec![1, 0]);
        assert_eq!(answers(1, &sequence(1, 4, &[3])), vec![3]);
        assert_eq!(shape(3, 3).unwrap(), (12, 64));
        assert!(shape(0, 3).is_err() && shape(2, 0).is_err());
        assert_eq!(shape(18, 1).unwrap(), (19, 1 << 18));
        assert!(shape(19, 1).is_err()); // 2^19 sequences
        assert!(shape(2, 21).is_ok() && shape(2, 22).is_err()); // m = 66 > 64
        assert!(shape(u32::MAX, 1).is_err() && shape(1, u32::MAX).is_err()); // no wrap-around
        assert_eq!((bits_for(1), bits_for(2), bits_for(9), bits_for(16), bits_for(17)), (0, 1, 4, 4, 5));
    }
}
