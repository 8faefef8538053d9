//! Binary linear codes by generator matrices, the building blocks of the direct sums behind
//! `minip rank --linear` (docs/math.md §9): Reed–Muller codes `RM(r, k)` (the extended Hamming
//! code `[16,11,4]` is `RM(2,4)`), the extended Golay code, the extended quadratic-residue
//! code of length 18, the Hamming and simplex codes of length 7, and shortened and punctured
//! variants. Rows are `u64` masks (bit `b` is coordinate `b`); what the checker does with them
//! is `minip_check::model::linear`.

use minip_check::model::linear::{gf2_rank, Block};

/// `RM(r, k)`: length `2^k` (at most 64), one row per monomial of degree `≤ r` in `k` variables
/// (coordinate `p` is the point whose bits are the variables' values).
pub fn reed_muller(r: u32, k: u32) -> Block {
    assert!(k <= 6, "RM(r, k) needs 2^k <= 64");
    let m = 1u32 << k;
    let mut rows = Vec::new();
    for deg in 0..=r.min(k) {
        for mask in 0u32..(1 << k) {
            if mask.count_ones() != deg {
                continue;
            }
            rows.push((0..m).filter(|&p| p & mask == mask).fold(0u64, |w, p| w | 1 << p));
        }
    }
    Block { m, rows }
}

/// The extended Golay code `[24, 12, 8]` (the generator of `crate::codes`).
pub fn golay24() -> Block {
    Block { m: 24, rows: super::golay_generators().into_iter().map(u64::from).collect() }
}

/// The extended quadratic-residue code of prime length `p ≡ ±1 mod 8`, `p + 1 ≤ 64`: the
/// cyclic span of an idempotent of dimension `(p+1)/2`, extended by a parity coordinate.
pub fn extended_qr(p: u32) -> Option<Block> {
    // `p + 1 > 64` without wrapping at `p = u32::MAX`.
    if p >= 64 {
        return None;
    }
    let q: Vec<u32> = (1..p).map(|i| i * i % p).collect();
    let n: Vec<u32> = (1..p).filter(|i| !q.contains(i)).collect();
    for (base, one) in [(&q, false), (&n, false), (&q, true), (&n, true)] {
        let mut e = 0u64;
        for &i in base.iter() {
            e |= 1 << i;
        }
        if one {
            e |= 1;
        }
        let shifts: Vec<u64> = (0..p)
            .map(|s| (0..p).filter(|&j| e >> ((j + p - s) % p) & 1 == 1).fold(0u64, |w, j| w | 1 << j))
            .collect();
        let rows = basis(&shifts);
        if rows.len() as u32 == p.div_ceil(2) {
            let rows = rows.into_iter().map(|r| r | u64::from(r.count_ones() % 2 == 1) << p).collect();
            return Some(Block { m: p + 1, rows });
        }
    }
    None
}

/// The shortened Hamming code `[len, len − 5, 3]` (`6 ≤ len ≤ 31`): the words `x` with
/// `Σ_j x_j·col_j = 0` over GF(2)^5, where coordinates `0..5` have the unit columns and
/// coordinate `j ≥ 5` the `(j − 4)`-th other nonzero 5-bit column in increasing order. No word
/// of weight 1 or 2 (the columns are nonzero and distinct), so no two weight-`h` words are at
/// distance 2; rate up to `16/21` at dimension 16 (`len = 21`), the largest rate of any code
/// without weight-2 words whose dimension is at most 16 (Hamming bound: `2^{n−k} ≥ n + 1`).
pub fn hamming_shortened(len: u32) -> Block {
    assert!((6..=31).contains(&len), "shortened Hamming code of length 6..=31");
    let cols: Vec<u64> = (1u64..32).filter(|c| !c.is_power_of_two()).take(len as usize - 5).collect();
    let rows = cols.iter().enumerate().map(|(j, &c)| c | 1 << (5 + j)).collect();
    Block { m: len, rows }
}

/// The rows of `RM(1, r)` as wide words of `2^r` bits (the all-ones word, then the `r`
/// coordinate functions): the dual of the extended Hamming code `[2^r, 2^r − r − 1, 4]`,
/// the long block of `minip rank --linear` for `n > 8` (`eham{2^r}`, docs/math.md §9.6).
pub fn rm1_dual(r: u32) -> Vec<Vec<u64>> {
    let len = 1usize << r;
    let mut rows = Vec::new();
    for mask in std::iter::once(0u32).chain((0..r).map(|v| 1 << v)) {
        let mut w = vec![0u64; len.div_ceil(64)];
        for p in (0..len).filter(|&p| p as u32 & mask == mask) {
            w[p / 64] |= 1 << (p % 64);
        }
        rows.push(w);
    }
    rows
}

/// A basis of the span (reduced, largest first).
pub fn basis(rows: &[u64]) -> Vec<u64> {
    let mut b: Vec<u64> = Vec::new();
    for &r in rows {
        let mut v = r;
        for &x in &b {
            v = v.min(v ^ x);
        }
        if v != 0 {
            b.push(v);
            b.sort_unstable_by(|x, y| y.cmp(x));
        }
    }
    b
}

/// Deletes the coordinates in `pos` (sorted or not); the rows stay a basis of the punctured code.
pub fn puncture(b: &Block, pos: &[u32]) -> Block {
    let keep: Vec<u32> = (0..b.m).filter(|c| !pos.contains(c)).collect();
    let rows = b
        .rows
        .iter()
        .map(|&r| keep.iter().enumerate().fold(0u64, |w, (i, &c)| w | (r >> c & 1) << i))
        .collect::<Vec<_>>();
    Block { m: keep.len() as u32, rows: basis(&rows) }
}

/// The subcode vanishing on `pos`, with those coordinates deleted.
pub fn shorten(b: &Block, pos: &[u32]) -> Block {
    let mut rows = basis(&b.rows);
    for &p in pos {
        if let Some(i) = rows.iter().position(|r| r >> p & 1 == 1) {
            let piv = rows.remove(i);
            for r in rows.iter_mut() {
                if *r >> p & 1 == 1 {
                    *r ^= piv;
                }
            }
        }
    }
    puncture(&Block { m: b.m, rows }, pos)
}

/// A named block of the library.
#[derive(Clone, Debug)]
pub struct Named {
    pub name: String,
    pub block: Block,
}

fn named(name: &str, block: Block) -> Named {
    debug_assert_eq!(gf2_rank(&block.rows), block.rows.len(), "{name}");
    Named { name: name.into(), block }
}

/// The blocks the search combines (all of dimension `≤ 16`): the extended Hamming code
/// `eham16 = RM(2,4)` and its shortenings `eham16_15s..12s` and puncturing `ham15`; the
/// extended Golay code, punctured (`golay23p..21p`) and shortened (`golay23s..20s`); `rm2_5`
/// (`[32,16,8]`), punctured (`rm25_31p..29p`) and shortened (`rm25_31s..28s`); `rm1_3`,
/// `rm1_4`, `rm1_5`, `ham7`, `simplex7`, `eqr18`; and two one-coordinate blocks, `zero1` (the
/// coordinate is always 0) and `one1` (the coordinate is free).
/// Blocks of the library used only for `n > 8` (so the search for `n ≤ 8` is unchanged).
pub const LONG_BLOCKS: [&str; 5] = ["ham17s", "ham18s", "ham19s", "ham20s", "ham21s"];

pub fn library() -> Vec<Named> {
    let mut v = Vec::new();
    let e = reed_muller(2, 4);
    v.push(named("eham16", e.clone()));
    v.push(named("ham15", puncture(&e, &[0])));
    for s in 1..=4u32 {
        v.push(named(&format!("eham16_{}s", 16 - s), shorten(&e, &(0..s).collect::<Vec<_>>())));
    }
    let g = golay24();
    v.push(named("golay24", g.clone()));
    for s in 1..=3u32 {
        v.push(named(&format!("golay{}p", 24 - s), puncture(&g, &(0..s).collect::<Vec<_>>())));
    }
    for s in 1..=4u32 {
        v.push(named(&format!("golay{}s", 24 - s), shorten(&g, &(0..s).collect::<Vec<_>>())));
    }
    let r = reed_muller(2, 5);
    v.push(named("rm2_5", r.clone()));
    for s in 1..=3u32 {
        v.push(named(&format!("rm25_{}p", 32 - s), puncture(&r, &(0..s).collect::<Vec<_>>())));
    }
    for s in 1..=4u32 {
        v.push(named(&format!("rm25_{}s", 32 - s), shorten(&r, &(0..s).collect::<Vec<_>>())));
    }
    let r13 = reed_muller(1, 3);
    v.push(named("rm1_3", r13.clone()));
    v.push(named("ham7", puncture(&r13, &[0])));
    v.push(named("simplex7", shorten(&r13, &[0])));
    v.push(named("rm1_4", reed_muller(1, 4)));
    v.push(named("rm1_5", reed_muller(1, 5)));
    v.push(named("eqr18", extended_qr(17).expect("p = 17")));
    // The long-context blocks (n > 8 only, `LONG_BLOCKS`): rate up to 16/21.
    for len in 17..=21u32 {
        v.push(named(&format!("ham{len}s"), hamming_shortened(len)));
    }
    v.push(named("zero1", Block { m: 1, rows: vec![] }));
    v.push(named("one1", Block { m: 1, rows: vec![1] }));
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::model::linear::weight_distribution;

    fn nonzero(a: &[u64]) -> Vec<(usize, u64)> {
        a.iter().enumerate().filter(|x| *x.1 > 0).map(|(w, &c)| (w, c)).collect()
    }

    #[test]
    fn blocks_have_their_parameters() {
        assert_eq!(
            nonzero(&weight_distribution(&reed_muller(2, 4))),
            vec![(0, 1), (4, 140), (6, 448), (8, 870), (10, 448), (12, 140), (16, 1)]
        );
        assert_eq!(
            nonzero(&weight_distribution(&golay24())),
            vec![(0, 1), (8, 759), (12, 2576), (16, 759), (24, 1)]
        );
        let rm25 = weight_distribution(&reed_muller(2, 5));
        assert_eq!((rm25[8], rm25[12], rm25[16]), (620, 13888, 36518));
        let q = extended_qr(17).unwrap();
        assert_eq!((q.m, q.rows.len()), (18, 9));
        assert!(extended_qr(u32::MAX).is_none() && extended_qr(67).is_none());
        assert_eq!(weight_distribution(&q).iter().skip(1).position(|&c| c > 0).map(|w| w + 1), Some(6)); // [18, 9, 6]
        let lib = library();
        assert_eq!(lib.len(), 35);
        // The dual of RM(1, 4) is the extended Hamming code RM(2, 4) (eham16).
        let d: Vec<u64> = rm1_dual(4).into_iter().map(|w| w[0]).collect();
        assert_eq!(d, reed_muller(1, 4).rows);
        assert!(reed_muller(2, 4).rows.iter().all(|&x| d.iter().all(|&y| (x & y).count_ones() % 2 == 0)));
        assert_eq!(rm1_dual(8).len(), 9);
        // The long-context blocks: [len, len − 5, 3], no word of weight 1 or 2.
        for len in 17..=21u32 {
            let b = hamming_shortened(len);
            let wd = weight_distribution(&b);
            assert_eq!((b.m, b.rows.len(), wd[1], wd[2]), (len, len as usize - 5, 0, 0), "len {len}");
            assert!(wd[3] > 0);
        }
        for b in &lib {
            assert!(b.block.rows.len() <= 16 && b.block.m <= 32, "{}", b.name);
            assert_eq!(gf2_rank(&b.block.rows), b.block.rows.len(), "{}", b.name);
        }
        let dims: Vec<(&str, u32, usize)> =
            lib.iter().map(|b| (b.name.as_str(), b.block.m, b.block.rows.len())).collect();
        for want in [
            ("ham15", 15, 11),
            ("eham16_12s", 12, 7),
            ("golay21p", 21, 12),
            ("golay20s", 20, 8),
            ("rm25_29p", 29, 16),
            ("rm25_28s", 28, 12),
            ("ham7", 7, 4),
            ("simplex7", 7, 3),
        ] {
            assert!(dims.contains(&want), "{want:?}");
        }
    }
}
