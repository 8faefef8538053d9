//! Code constructions for the rank bound (docs/math.md §5): the greedy packing of
//! constant-weight words, the extended Golay code's octads and dodecads (shortened to
//! `m < 24`), rows of Hadamard matrices, and the complement construction that turns a
//! constant-weight code with pairwise overlap `≤ λ` into a code with `lo = 0`, `hi = h − λ`.
//! What a code is, and its check, are `minip_check::model::code`.
//! `linear`: binary linear codes by generator matrices (Reed–Muller, extended Hamming,
//! Golay, QR, shortened and punctured variants) for the bound from linear codes.
//! `ceiling`: the first-moment ceiling of the code argument (docs/math.md §9.5), the most any
//! code can give.
//!
//! Plain bit arithmetic.

pub mod ceiling;
pub mod linear;

use crate::error::Error;
use minip_check::model::code::{overlap, Code, Shape};

/// All weight-`h` words of `m` bits in the greedy order: decreasing as bit strings
/// (`11..100..0` first), i.e. lexicographic order of the support.
pub fn weight_words(m: u32, h: u32) -> impl Iterator<Item = u64> {
    // Words are 64-bit masks: beyond 64 bits `1 << b` would wrap (none are enumerated).
    let mut idx: Vec<u32> = (0..h).collect();
    let mut done = h > m || m > 64;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let w = idx.iter().fold(0u64, |w, &b| w | 1 << b);
        // Next combination in lexicographic order.
        let mut i = h as usize;
        loop {
            if i == 0 {
                done = true;
                break;
            }
            i -= 1;
            if idx[i] < m - h + i as u32 {
                idx[i] += 1;
                for j in i + 1..h as usize {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
        Some(w)
    })
}

/// The greedy packing: weight-`h` words in order, each kept if its overlap with every
/// kept word is `≤ lambda`; stops at `limit` words.
///
/// The same words as testing every kept word in order, found sooner: consecutive words share
/// most of their support, so the kept word that refused the previous word is tried first, and
/// then the kept words from the newest back (a refusal usually comes from a recent one).
pub fn greedy_packing(m: u32, h: u32, lambda: u32, limit: usize) -> Vec<u64> {
    let mut kept: Vec<u64> = Vec::new();
    let mut refused_by = usize::MAX;
    for w in weight_words(m, h) {
        if kept.len() >= limit {
            break;
        }
        if kept.get(refused_by).is_some_and(|&k| overlap(k, w) > lambda) {
            continue;
        }
        match kept.iter().rposition(|&k| overlap(k, w) > lambda) {
            Some(i) => refused_by = i,
            None => kept.push(w),
        }
    }
    kept
}

/// Generator rows of the extended binary Golay code `[24, 12, 8]`: `[I | A]` with `A`
/// built from the quadratic residues mod 11 (the bordered circulant form).
pub fn golay_generators() -> Vec<u32> {
    let qr = [1u32, 3, 4, 5, 9];
    let mut rows = Vec::new();
    // B: 11x11 circulant of the complement pattern, bordered to 12x12.
    for i in 0..11u32 {
        let mut r = 1u32 << i;
        for j in 0..11u32 {
            let d = (j + 11 - i) % 11;
            if d == 0 || !qr.contains(&d) {
                r |= 1 << (12 + j);
            }
        }
        r |= 1 << 23;
        rows.push(r);
    }
    rows.push((1 << 11) | (0x7ff << 12));
    rows
}

/// All 4096 codewords of the extended Golay code (24-bit words).
pub fn golay_codewords() -> Vec<u32> {
    let g = golay_generators();
    (0u32..4096).map(|s| (0..12).filter(|&i| s >> i & 1 == 1).fold(0u32, |w, i| w ^ g[i])).collect()
}

/// Weight-`h` words of the Golay code shortened to `m ≤ 24` bits (codewords vanishing on
/// the last `24 − m` coordinates). Any two differ in `≥ 8` places: overlap `≤ h − 4`.
pub fn shortened_golay(m: u32, h: u32) -> Vec<u64> {
    if m > 24 {
        return Vec::new();
    }
    let keep = if m == 24 { u32::MAX } else { (1u32 << m) - 1 };
    let mut v: Vec<u64> = golay_codewords()
        .into_iter()
        .filter(|&c| c & !keep == 0 && c.count_ones() == h)
        .map(u64::from)
        .collect();
    v.sort_unstable_by_key(|a| std::cmp::Reverse(a.reverse_bits()));
    v
}

/// A normalized Hadamard matrix of order `N` (first row and column all `+1`), from
/// Sylvester's doubling or Paley's construction I (`N = q + 1`, prime `q ≡ 3 mod 4`);
/// `None` for orders neither covers.
pub fn hadamard(order: usize) -> Option<Vec<Vec<i8>>> {
    let mut h: Vec<Vec<i8>> = if order.is_power_of_two() && order >= 1 {
        let mut h = vec![vec![1i8]];
        while h.len() < order {
            let n = h.len();
            let mut g = vec![vec![0i8; 2 * n]; 2 * n];
            for i in 0..n {
                for j in 0..n {
                    g[i][j] = h[i][j];
                    g[i][j + n] = h[i][j];
                    g[i + n][j] = h[i][j];
                    g[i + n][j + n] = -h[i][j];
                }
            }
            h = g;
        }
        h
    } else {
        let q = order.checked_sub(1)?;
        if q % 4 != 3 || !(2..q).take_while(|d| d * d <= q).all(|d| q % d != 0) {
            return None;
        }
        let chi = |a: usize| -> i8 {
            let a = a % q;
            if a == 0 {
                0
            } else if (1..q).any(|x| x * x % q == a) {
                1
            } else {
                -1
            }
        };
        // H = I + S, S = [[0, 1ᵀ], [−1, Q]], Q the Jacobsthal matrix.
        let mut h = vec![vec![0i8; order]; order];
        for i in 0..order {
            for j in 0..order {
                let s = match (i, j) {
                    (0, 0) => 0,
                    (0, _) => 1,
                    (_, 0) => -1,
                    _ => chi(j + q - i),
                };
                h[i][j] = s + if i == j { 1 } else { 0 };
            }
        }
        h
    };
    let n = h.len();
    for j in 0..n {
        if h[0][j] < 0 {
            (0..n).for_each(|i| h[i][j] = -h[i][j]);
        }
    }
    for row in h.iter_mut() {
        if row[0] < 0 {
            row.iter_mut().for_each(|v| *v = -*v);
        }
    }
    Some(h)
}

/// The `2(N−1)` rows of a normalized Hadamard matrix of order `N ≤ m` other than the
/// first, and their negations, as the positions of `+1`: weight `N/2`, pairwise
/// overlap `≤ N/4` (padded with zeros to `m` bits).
pub fn hadamard_words(order: usize, m: u32) -> Vec<u64> {
    // Words are 64-bit masks: an order above 64 (or m) has no words here.
    if order > m as usize || !(4..=64).contains(&order) {
        return Vec::new();
    }
    let Some(h) = hadamard(order) else { return Vec::new() };
    // The low `order` bits (`(1 << 64) − 1` would wrap at order 64).
    let mask = u64::MAX >> (64 - order);
    let mut v = Vec::new();
    for row in &h[1..] {
        let w = row.iter().enumerate().fold(0u64, |w, (b, &x)| if x > 0 { w | 1 << b } else { w });
        v.push(w);
        v.push(!w & mask);
    }
    v
}

/// The largest pairwise overlap in a constant-weight code (0 for fewer than two words).
pub fn max_overlap(words: &[u64]) -> u32 {
    let mut lam = 0;
    for (i, &a) in words.iter().enumerate() {
        for &b in &words[i + 1..] {
            lam = lam.max(overlap(a, b));
        }
    }
    lam
}

/// The complement construction: `y_i = ` the complement of `x_i`, so `lo = 0` and
/// `hi = h − λ` for pairwise overlap `≤ λ`.
pub fn complement_code(m: u32, h: u32, words: &[u64]) -> Result<Code, Error> {
    let lam = max_overlap(words);
    let shape = Shape::new(m, h, 0, h - lam)?;
    let code = Code { shape, x: words.to_vec(), y: words.iter().map(|&w| !w & shape.mask()).collect() };
    code.verify()?;
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golay_code_has_its_weight_distribution() {
        let words = golay_codewords();
        let mut dist = [0usize; 25];
        for w in &words {
            dist[w.count_ones() as usize] += 1;
        }
        assert_eq!((dist[0], dist[8], dist[12], dist[16], dist[24]), (1, 759, 2576, 759, 1));
        assert_eq!(dist.iter().sum::<usize>(), 4096);
        // Shortened: the Steiner systems S(4,7,23)... counted by weight-8 words vanishing on the tail.
        assert_eq!(shortened_golay(23, 8).len(), 506);
        assert_eq!(shortened_golay(22, 8).len(), 330);
        assert_eq!(max_overlap(&shortened_golay(24, 8)), 4);
    }

    #[test]
    fn hadamard_matrices_are_orthogonal_and_give_their_codes() {
        for n in [4usize, 8, 12, 16, 20, 24, 32] {
            let h = hadamard(n).unwrap_or_else(|| panic!("order {n}"));
            for i in 0..n {
                for j in 0..n {
                    let dot: i32 = (0..n).map(|c| (h[i][c] * h[j][c]) as i32).sum();
                    assert_eq!(dot, if i == j { n as i32 } else { 0 }, "order {n}");
                }
            }
            let words = hadamard_words(n, 24.max(n as u32));
            assert_eq!(words.len(), 2 * (n - 1));
            assert!(words.iter().all(|w| w.count_ones() as usize == n / 2));
            assert_eq!(max_overlap(&words) as usize, n / 4);
        }
        assert!(hadamard(28).is_none()); // 27 is not prime
        assert!(hadamard_words(24, 20).is_empty());
        // Order 64, the widest mask: the negated rows have weight 32 too (the mask
        // (1 << 64) − 1 wrapped to 0 and made them empty).
        let words = hadamard_words(64, 64);
        assert_eq!(words.len(), 126);
        assert!(words.iter().all(|w| w.count_ones() == 32));
        assert!(hadamard_words(128, 200).is_empty());
    }

    #[test]
    fn weight_words_are_all_enumerated_in_order() {
        let v: Vec<u64> = weight_words(5, 2).collect();
        assert_eq!(v.len(), 10);
        assert_eq!(minip_check::model::code::bits(v[0], 5), "11000");
        assert_eq!(minip_check::model::code::bits(v[9], 5), "00011");
        assert_eq!(weight_words(4, 5).count(), 0);
        // 64 bits at most: 1 << b would wrap beyond.
        assert_eq!(weight_words(64, 1).count(), 64);
        assert_eq!(weight_words(65, 1).count(), 0);
    }

    #[test]
    fn greedy_packing_keeps_the_words_of_its_definition() {
        // The definition written out: each word in order against every kept word, in order.
        let plain = |m: u32, h: u32, lambda: u32, limit: usize| {
            let mut kept: Vec<u64> = Vec::new();
            for w in weight_words(m, h) {
                if kept.len() < limit && kept.iter().all(|&k| overlap(k, w) <= lambda) {
                    kept.push(w);
                }
            }
            kept
        };
        for m in [5, 9, 12, 14] {
            for h in 1..=m / 2 + 1 {
                for lambda in 0..h {
                    for limit in [3, usize::MAX] {
                        assert_eq!(
                            greedy_packing(m, h, lambda, limit),
                            plain(m, h, lambda, limit),
                            "{m} {h} {lambda}"
                        );
                    }
                }
            }
        }
        assert_eq!(greedy_packing(14, 7, 3, usize::MAX).len(), 8);
    }

    #[test]
    fn complement_construction_meets_its_shape() {
        let words = greedy_packing(9, 3, 1, usize::MAX);
        assert_eq!(words.len(), 8); // greedy; the Steiner triple system STS(9) has 12
        let code = complement_code(9, 3, &words).unwrap();
        assert_eq!((code.shape.lo, code.shape.hi), (0, 2));
        assert_eq!(code.off_diagonal_overlaps(), vec![2, 3]);
        // m = 9 > 2h: an overlap of 3 = h means y_j ⊋ x_i (never x_i itself), class h⁺.
        let classes: Vec<u32> = code.class_counts().into_keys().collect();
        assert_eq!(classes, vec![2, 4]);
        let mut bad = code.clone();
        bad.y[0] |= bad.x[0] & bad.x[0].wrapping_neg();
        assert!(bad.verify().is_err());
    }
}
