//! Binary linear codes for the rank bound from linear codes (docs/math.md §9): blocks given
//! by generator matrices, their GF(2) rank and codewords, the pair table of one block by
//! enumeration, and the pair counts of a direct sum by convolution.
//!
//! For a code `C ⊆ {0,1}^m` the **pair table** counts ordered pairs of codewords by weights
//! and overlap: `T(a, b, i) = #{(x, y) ∈ C² : |x| = a, |y| = b, |x ∧ y| = i}`. It is
//! multiplicative over direct sums (weights and overlaps add coordinate block by coordinate
//! block), so the table of `C_1 ⊕ … ⊕ C_t` is the convolution of the blocks' tables. The rank
//! bound needs one slice: the pairs of weight-`h` words, by overlap, `T(h, h, ·)`.
//!
//! Words are `u64` masks (bit `b` is character `b` of the bit string). Counts of the direct
//! sum are exact nonnegative integers held in a fixed number of 64-bit limbs: every entry
//! counts pairs of codewords of a sub-sum, so it is below `4^K` (`K` the total dimension) and
//! the limbs are chosen to hold `4^K`; an addition that would carry out of them is reported as
//! an error (it cannot happen), never wrapped.

use crate::error::{Error, Res};
use num_bigint::BigUint;

/// One entry of a block's pair table: `(a, b, i, count)`.
pub type PairEntry = (u32, u32, u32, u64);

/// Longest block (words are `u64` masks).
pub const MAX_BLOCK_LEN: u32 = 64;
/// Largest block dimension: its pair table is enumerated over `4^k / 2` pairs.
pub const MAX_BLOCK_DIM: u32 = 16;

/// A block: `m ≤ 64` coordinates and the generator rows (masks of `m` bits).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block {
    pub m: u32,
    pub rows: Vec<u64>,
}

/// The rank of the rows over GF(2).
pub fn gf2_rank(rows: &[u64]) -> usize {
    let mut basis: Vec<u64> = Vec::new();
    for &r in rows {
        let mut v = r;
        for &b in &basis {
            v = v.min(v ^ b);
        }
        if v != 0 {
            basis.push(v);
            basis.sort_unstable_by(|a, b| b.cmp(a));
        }
    }
    basis.len()
}

/// All `2^k` combinations of the rows, in Gray-code order (codewords once each when the rows
/// are independent).
pub fn codewords(rows: &[u64]) -> Vec<u64> {
    let k = rows.len();
    let mut out = Vec::with_capacity(1 << k);
    let mut w = 0u64;
    out.push(w);
    for s in 1u64..(1u64 << k) {
        w ^= rows[s.trailing_zeros() as usize];
        out.push(w);
    }
    out
}

/// The weight distribution `A_w` (`w = 0..=m`) of the code spanned by independent rows.
pub fn weight_distribution(b: &Block) -> Vec<u64> {
    let mut a = vec![0u64; b.m as usize + 1];
    for w in codewords(&b.rows) {
        a[w.count_ones() as usize] += 1;
    }
    a
}

/// Unordered pairs `x ≤ y` of the code, `2^k(2^k + 1)/2`, or of the subcode of dimension `k − 1`
/// when the all-ones word is a codeword (a quarter as many): what the checker's budget counts
/// for a block (rows independent). `block_pairs` takes about a third of these steps: it visits
/// each triple `{x, y, x ⊕ y}` of distinct nonzero words once.
pub fn block_pair_work(b: &Block) -> u128 {
    let k = b.rows.len() as u32 - u32::from(without_ones(b).is_some());
    let n = 1u128 << k;
    n * (n + 1) / 2
}

/// The all-ones word of `m` bits.
fn ones(m: u32) -> u64 {
    if m == 64 {
        u64::MAX
    } else {
        (1u64 << m) - 1
    }
}

/// When the all-ones word `1` is a codeword (and `k ≥ 1`): rows of the subcode
/// `C' = {c ∈ C : c_0 = 0}` (a row with bit 0 set is eliminated from the others and dropped),
/// so that `C = C' ⊔ (C' ⊕ 1)`.
fn without_ones(b: &Block) -> Option<Vec<u64>> {
    if b.rows.is_empty() || gf2_rank(&[b.rows.as_slice(), &[ones(b.m)]].concat()) != b.rows.len() {
        return None;
    }
    // `1` has bit 0 set, so some row does; C' is the subcode with bit 0 clear.
    let mut rows = b.rows.clone();
    let i = rows.iter().position(|r| r & 1 == 1)?;
    let piv = rows.remove(i);
    for r in rows.iter_mut() {
        if *r & 1 == 1 {
            *r ^= piv;
        }
    }
    Some(rows)
}

/// The pair table of one block, `T(a, b, i)` over all ordered pairs of codewords, as sparse
/// entries `(a, b, i, count)` sorted by `(a, b, i)`. The rows must be independent and
/// `k ≤ MAX_BLOCK_DIM` (the caller checks both).
///
/// Counted through triples: for codewords `x, y` the overlap is `|x ∧ y| = (|x| + |y| − |x ⊕ y|)/2`
/// and `x ⊕ y` is a codeword, so `T(a, b, i) = N(a, b, a + b − 2i)` with `N(a, b, c)` the ordered
/// pairs with `|x| = a`, `|y| = b`, `|x ⊕ y| = c`. Words are numbered by their coordinates
/// `s ∈ [0, 2^k)` in the rows, so the word of `s ⊕ t` is the sum of the words of `s` and `t`.
/// The pairs with `x = y` or a zero word are counted directly; the others come in triples
/// `{s, t, s ⊕ t}` of distinct nonzero numbers, each triple giving its six ordered pairs. A triple
/// is visited once, as `s < t < s ⊕ t`: then `t` has its highest bit above that of `s` and
/// the bit of `s`'s highest clear. The visits are split over the available threads. When the
/// all-ones word `1` is a codeword, only the subcode `C'` with `C = C' ⊔ (C' ⊕ 1)` is
/// enumerated: complementing `x` maps `(a, b, i)` to `(m − a, b, b − i)`, complementing `y` to
/// `(a, m − b, a − i)` (docs/math.md §9.2).
pub fn block_pairs(b: &Block) -> Vec<PairEntry> {
    let m = b.m as usize + 1;
    let sub = without_ones(b);
    let rows = sub.as_deref().unwrap_or(&b.rows);
    // Words by number: word(s) = the sum of the rows at the bits of s.
    let n = 1usize << rows.len();
    let mut words = vec![0u64; n];
    for s in 1..n {
        words[s] = words[s & (s - 1)] ^ rows[s.trailing_zeros() as usize];
    }
    let wt: Vec<usize> = words.iter().map(|w| w.count_ones() as usize).collect();
    // The word and its weight's offset in a row of the table, side by side.
    let keyed: Vec<(u64, usize)> = words.iter().zip(&wt).map(|(&w, &c)| (w, c * m)).collect();
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get()).min(n.max(1));
    // Triples s < t < s ⊕ t, counted by (|w_s|, |w_t|, |w_s ⊕ w_t|), per thread.
    let parts: Vec<Vec<u64>> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|th| {
                let keyed = &keyed;
                sc.spawn(move || {
                    let mut tab = vec![0u64; m * m * m];
                    let mut s = 1 + th;
                    while s < n {
                        let (x, am) = keyed[s];
                        let row = &mut tab[am * m..(am + m) * m];
                        let high = 1usize << (usize::BITS - 1 - s.leading_zeros());
                        let mut base = 2 * high;
                        while base < n {
                            for &(y, bm) in &keyed[base..base + high] {
                                row[bm + (x ^ y).count_ones() as usize] += 1;
                            }
                            base += 2 * high;
                        }
                        s += threads;
                    }
                    tab
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("pair enumeration thread")).collect()
    });
    let mut tri = vec![0u64; m * m * m];
    for p in parts {
        for (t, v) in tri.iter_mut().zip(p) {
            *t += v;
        }
    }
    // N(a, b, c): each triple's six orders, the pairs with a zero word, and x = y.
    let at = |a: usize, bb: usize, c: usize| (a * m + bb) * m + c;
    let mut pairs = vec![0u64; m * m * m];
    for a in 0..m {
        for bb in 0..m {
            for c in 0..m {
                let v = tri[at(a, bb, c)];
                if v > 0 {
                    for (p, q, r) in [(a, bb, c), (bb, a, c), (a, c, bb), (c, a, bb), (bb, c, a), (c, bb, a)]
                    {
                        pairs[at(p, q, r)] += v;
                    }
                }
            }
        }
    }
    for &w in &wt[1..] {
        pairs[at(0, w, w)] += 1;
        pairs[at(w, 0, w)] += 1;
    }
    for &w in &wt {
        pairs[at(w, w, 0)] += 1;
    }
    // T(a, b, i) = N(a, b, a + b − 2i) over the enumerated code.
    let mut full = vec![0u64; m * m * m];
    for a in 0..m {
        for bb in 0..m {
            for i in 0..=a.min(bb) {
                let c = a + bb - 2 * i;
                if c < m {
                    full[at(a, bb, i)] = pairs[at(a, bb, c)];
                }
            }
        }
    }
    if sub.is_some() {
        // C = C' ⊔ (C' ⊕ 1): each pair of C' stands for four pairs of C.
        let mm = b.m as usize;
        let mut all = vec![0u64; m * m * m];
        for a in 0..m {
            for bb in 0..m {
                for i in 0..=a.min(bb) {
                    let v = full[at(a, bb, i)];
                    if v > 0 {
                        all[at(a, bb, i)] += v;
                        all[at(mm - a, bb, bb - i)] += v;
                        all[at(a, mm - bb, a - i)] += v;
                        all[at(mm - a, mm - bb, mm + i - a - bb)] += v;
                    }
                }
            }
        }
        full = all;
    }
    let mut out = Vec::new();
    for a in 0..m {
        for bb in 0..m {
            for i in 0..m {
                let v = full[at(a, bb, i)];
                if v > 0 {
                    out.push((a as u32, bb as u32, i as u32, v));
                }
            }
        }
    }
    out
}

/// Limbs of 64 bits that hold every count of a direct sum of total dimension `dim`:
/// counts are at most `4^dim`, which needs `2·dim + 1` bits.
pub fn limbs_for(dim: u32) -> usize {
    (2 * dim as usize + 1).div_ceil(64)
}

/// `acc += x · v` on `L`-limb numbers, `x` given by its low limbs (the others zero, `x` no
/// longer than `acc`): the product over `x`'s limbs, then the carry through `acc`'s higher
/// limbs until it is spent; `Err` if the sum does not fit in `acc` (never for true counts).
fn mul_add_used(acc: &mut [u64], x: &[u64], v: u64) -> Result<(), ()> {
    let mut carry: u128 = 0;
    for (a, &xi) in acc.iter_mut().zip(x) {
        let t = *a as u128 + xi as u128 * v as u128 + carry;
        *a = t as u64;
        carry = t >> 64;
    }
    for a in acc.iter_mut().skip(x.len()) {
        if carry == 0 {
            break;
        }
        let t = *a as u128 + carry;
        *a = t as u64;
        carry = t >> 64;
    }
    if carry == 0 {
        Ok(())
    } else {
        Err(())
    }
}

/// Whether a block's pair table (sorted by `(a, b, i)`) has `T(a, b, i) = T(b, a, i)`.
fn is_symmetric(table: &[PairEntry]) -> bool {
    let mut swapped: Vec<PairEntry> = table.iter().map(|&(a, b, i, v)| (b, a, i, v)).collect();
    swapped.sort_unstable();
    swapped == table
}

/// A block's cells `(a2, b2)` with (a bound on) their numbers of table entries.
pub type Cells = Vec<(usize, usize, u128)>;

/// The limb multiplications `pair_counts` performs, counted exactly from the tables' supports
/// without any arithmetic on counts: for each block in order, every nonempty cell `(a, b)` of
/// the window (its `min(a, b) + 1` overlaps) times the table entries whose cell lands in the
/// next window, times the limbs. (`pair_counts` skips overlaps whose count is zero, so it does
/// at most this.) Costs `cells × table cells` per block, a small fraction of the convolution;
/// the checker budgets with it (docs/math.md §9.2).
pub fn convolution_ops(h: u32, blocks: &[(u32, &[PairEntry])], limbs: usize) -> u128 {
    let groups: Vec<(u32, Cells)> = blocks
        .iter()
        .map(|&(len, table)| {
            let mut g: Cells = Vec::new();
            for &(a2, b2, _, _) in table {
                match g.last_mut() {
                    Some(x) if (x.0, x.1) == (a2 as usize, b2 as usize) => x.2 += 1,
                    _ => g.push((a2 as usize, b2 as usize, 1)),
                }
            }
            (len, g)
        })
        .collect();
    ops_of_groups(h, &groups, limbs)
}

/// The cells `(a, b)` of a block's pair table and an upper bound on their entries, from the
/// weight distribution alone (`2^k` codewords, no pairs): every pair of weights that occur,
/// with all the overlaps `max(0, a + b − len) ..= min(a, b)`. With `ops_of_groups` it bounds
/// `convolution_ops` before any pair table is enumerated.
pub fn weight_groups(b: &Block) -> Cells {
    let wd = weight_distribution(b);
    let ws: Vec<usize> = (0..wd.len()).filter(|&w| wd[w] > 0).collect();
    let l = b.m as usize;
    let mut g = Vec::new();
    for &a in &ws {
        for &bb in &ws {
            g.push((a, bb, (a.min(bb) + 1 - (a + bb).saturating_sub(l)) as u128));
        }
    }
    g
}

/// `convolution_ops` from each block's cells `(a2, b2, entries)` (its table's, or the bound of
/// `weight_groups`): the exact count, however long it takes (`convolution_work` stops early).
pub fn ops_of_groups(h: u32, blocks: &[(u32, Cells)], limbs: usize) -> u128 {
    convolution_work(h, blocks, limbs, u128::MAX).ops
}

/// What the convolution of `pair_counts` costs (`convolution_work`): limb multiplications, and
/// steps of its loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvolutionWork {
    /// Limb multiplications (`convolution_ops`, from the blocks' cells).
    pub ops: u128,
    /// Steps of the loops around them: every cell `(a, b)` of the `(h + 1)²` a table has is
    /// visited once per block (`(h + 1)²` per block, in closed form), and every nonempty cell
    /// meets every cell of the block's table.
    pub steps: u128,
    /// Counting stopped early, past `max_steps`: both counts are then lower bounds.
    pub stopped: bool,
}

/// The work of `pair_counts` over blocks given by their cells (`weight_groups`, or a table's),
/// counted before any table is enumerated, in time bounded by the step limit itself: the scan
/// of `(h + 1)²` cells per block is counted in closed form (first), then the cells are followed
/// as a list of the nonempty ones, each block's steps added as they are met, and counting stops
/// as soon as `steps > max_steps`. So it costs at most about `max_steps` steps of its own,
/// whatever `h` and the number of blocks (a sum of thousands of one-bit blocks at `h = 512` used
/// to spend seconds counting before it was refused); below that the counts are exact.
pub fn convolution_work(h: u32, blocks: &[(u32, Cells)], limbs: usize, max_steps: u128) -> ConvolutionWork {
    let hh = h as usize + 1;
    let cells = (hh as u128) * (hh as u128);
    let mut w =
        ConvolutionWork { ops: 0, steps: (blocks.len() as u128).saturating_mul(cells), stopped: false };
    let limbs = limbs as u128;
    if w.steps > max_steps {
        w.stopped = true;
        return w;
    }
    let total: u64 = blocks.iter().map(|b| u64::from(b.0)).sum();
    // The nonempty cells, as indices `a·hh + b`, and the block at which each was last added
    // (so that a cell enters the next list once).
    let mut live: Vec<usize> = vec![0];
    let mut next: Vec<usize> = Vec::new();
    let mut added = vec![u32::MAX; hh * hh];
    let mut done = 0u64;
    for (t, (len, groups)) in blocks.iter().enumerate() {
        done += u64::from(*len);
        let lo = u64::from(h).saturating_sub(total - done) as usize;
        next.clear();
        for &cell in &live {
            let (a, b) = (cell / hh, cell % hh);
            let chunks = (a.min(b) + 1) as u128;
            for &(a2, b2, cnt) in groups {
                let (na, nb) = (a + a2, b + b2);
                if na >= hh || nb >= hh || na < lo || nb < lo {
                    continue;
                }
                let to = na * hh + nb;
                if added[to] != t as u32 {
                    added[to] = t as u32;
                    next.push(to);
                }
                w.ops = w.ops.saturating_add(chunks.saturating_mul(cnt));
            }
            w.steps = w.steps.saturating_add(groups.len() as u128);
            if w.steps > max_steps {
                w.stopped = true;
                w.ops = w.ops.saturating_mul(limbs);
                return w;
            }
        }
        std::mem::swap(&mut live, &mut next);
    }
    w.ops = w.ops.saturating_mul(limbs);
    w
}

/// Upper bound on the entries of a block's pair table, from its length alone: the triples
/// `(a, b, i)` with `a, b ≤ len` and `max(0, a + b − len) ≤ i ≤ min(a, b)`. Lets the checker
/// budget the convolution before it enumerates any table.
pub fn table_entries_bound(len: u32) -> usize {
    let l = len as usize;
    let mut n = 0;
    for a in 0..=l {
        for b in 0..=l {
            n += a.min(b) + 1 - (a + b).saturating_sub(l);
        }
    }
    n
}

/// `acc += x · y` on `L`-limb numbers (the product truncated to `L` limbs only if it fits).
fn mul_add_wide(acc: &mut [u64], x: &[u64], y: &[u64]) -> Result<(), ()> {
    let l = acc.len();
    let ylen = y.iter().rposition(|&v| v != 0).map_or(0, |p| p + 1);
    for (j, &yj) in y[..ylen].iter().enumerate() {
        if yj == 0 {
            continue;
        }
        let mut carry: u128 = 0;
        for i in 0..l - j {
            let t = acc[i + j] as u128 + x[i] as u128 * yj as u128 + carry;
            acc[i + j] = t as u64;
            carry = t >> 64;
        }
        // Whatever would land beyond the limbs must be zero.
        if carry != 0 || x[l - j..].iter().any(|&v| v != 0) {
            return Err(());
        }
    }
    Ok(())
}

fn to_big(x: &[u64]) -> BigUint {
    BigUint::new(x.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect())
}

const OVERFLOW: &str = "internal error: a pair count exceeds its limbs";

/// The pair table of a (partial) direct sum, restricted to weights `a, b ≤ h`: cell `(a, b)`
/// holds the counts by overlap `i = 0..=min(a, b)`, each in `limbs` limbs.
#[derive(Clone, Debug)]
pub struct PairTable {
    pub h: u32,
    pub limbs: usize,
    cells: Vec<Vec<u64>>,
    /// Cell `(a, b)` equals cell `(b, a)`: the table of pairs of one code (both orders of every
    /// pair), kept by convolving with symmetric tables. Then `convolve` computes the cells
    /// `a ≤ b` and copies the others.
    symmetric: bool,
}

impl PairTable {
    /// The table of the empty sum: one pair `(0, 0)` of weight 0.
    pub fn unit(h: u32, limbs: usize) -> PairTable {
        let hh = h as usize + 1;
        let mut cells = vec![Vec::new(); hh * hh];
        let mut one = vec![0u64; limbs];
        one[0] = 1;
        cells[0] = one;
        PairTable { h, limbs, cells, symmetric: true }
    }

    /// The table of the sum extended by one block (its `block_pairs` entries), keeping only
    /// cells with `lo ≤ a, b ≤ h` (the others can no longer reach the slice wanted).
    ///
    /// Products are taken over the limbs the table uses (its largest count's), and carries run
    /// on into the higher limbs only as far as they go: exact for any counts, with the same
    /// overflow check at the top limb. When both tables are symmetric (every table of pairs of
    /// a code is), only the cells `a ≤ b` are computed and the others copied from them.
    pub fn convolve(&self, table: &[PairEntry], lo: u32) -> Res<PairTable> {
        let (hh, limbs, lo) = (self.h as usize + 1, self.limbs, lo as usize);
        // The block's entries grouped by (a2, b2): the overlaps i2 and counts of each.
        type Group = ((usize, usize), Vec<(usize, u64)>);
        let mut groups: Vec<Group> = Vec::new();
        for &(a2, b2, i2, v) in table {
            let key = (a2 as usize, b2 as usize);
            match groups.last_mut() {
                Some((k, g)) if *k == key => g.push((i2 as usize, v)),
                _ => groups.push((key, vec![(i2 as usize, v)])),
            }
        }
        let symmetric = self.symmetric && is_symmetric(table);
        // Limbs below the highest nonzero limb of any count.
        let used = self
            .cells
            .iter()
            .flat_map(|c| c.chunks_exact(limbs))
            .map(|x| x.iter().rposition(|&l| l != 0).map_or(0, |p| p + 1))
            .max()
            .unwrap_or(0);
        let mut next: Vec<Vec<u64>> = vec![Vec::new(); hh * hh];
        for a in 0..hh {
            for b in 0..hh {
                let src = &self.cells[a * hh + b];
                if src.is_empty() {
                    continue;
                }
                for ((a2, b2), g) in &groups {
                    let (na, nb) = (a + a2, b + b2);
                    if na >= hh || nb >= hh || na < lo || nb < lo || (symmetric && na > nb) {
                        continue;
                    }
                    let dst = &mut next[na * hh + nb];
                    if dst.is_empty() {
                        *dst = vec![0u64; (na.min(nb) + 1) * limbs];
                    }
                    for (i, x) in src.chunks_exact(limbs).enumerate() {
                        if x[..used].iter().all(|&l| l == 0) {
                            continue;
                        }
                        for &(i2, v) in g {
                            let at = (i + i2) * limbs;
                            mul_add_used(&mut dst[at..at + limbs], &x[..used], v)
                                .map_err(|_| Error::Rejected(OVERFLOW.into()))?;
                        }
                    }
                }
            }
        }
        if symmetric {
            for na in 0..hh {
                for nb in 0..na {
                    next[na * hh + nb] = next[nb * hh + na].clone();
                }
            }
        }
        Ok(PairTable { h: self.h, limbs, cells: next, symmetric })
    }

    /// The counts of cell `(a, b)` by overlap (empty if none).
    pub fn cell(&self, a: u32, b: u32) -> Vec<BigUint> {
        let hh = self.h as usize + 1;
        self.cells[a as usize * hh + b as usize].chunks_exact(self.limbs).map(to_big).collect()
    }

    /// The pairs of weight-`h` words of the sum of two parts, by overlap `i = 0..=h`:
    /// `Σ_{a,b} self(a, b, ·) ∗ other(h − a, h − b, ·)`. Both tables must have the same `h`
    /// and limbs that hold the counts of the whole sum.
    pub fn meet(&self, other: &PairTable) -> Res<Vec<BigUint>> {
        assert!(self.h == other.h && self.limbs == other.limbs, "tables of one sum");
        let (h, hh, limbs) = (self.h as usize, self.h as usize + 1, self.limbs);
        let mut out = vec![0u64; hh * limbs];
        for a in 0..hh {
            for b in 0..hh {
                let (x, y) = (&self.cells[a * hh + b], &other.cells[(h - a) * hh + (h - b)]);
                if x.is_empty() || y.is_empty() {
                    continue;
                }
                for (i, xv) in x.chunks_exact(limbs).enumerate() {
                    if xv.iter().all(|&l| l == 0) {
                        continue;
                    }
                    for (j, yv) in y.chunks_exact(limbs).enumerate() {
                        let at = (i + j) * limbs;
                        mul_add_wide(&mut out[at..at + limbs], xv, yv)
                            .map_err(|_| Error::Rejected(OVERFLOW.into()))?;
                    }
                }
            }
        }
        Ok(out.chunks_exact(limbs).map(to_big).collect())
    }
}

/// The pair counts of the weight-`h` words of a direct sum: `out[i]` is the number of ordered
/// pairs `(x, y)` of codewords with `|x| = |y| = h` and `|x ∧ y| = i`, `i = 0..=h`. `blocks`
/// are the blocks in order, each with its length and pair table (`block_pairs`); `limbs` must
/// hold `4^K` (`limbs_for`). Cells `(a, b)` that can no longer reach `(h, h)` are dropped.
pub fn pair_counts(h: u32, blocks: &[(u32, &[PairEntry])], limbs: usize) -> Res<Vec<BigUint>> {
    let total: u32 = blocks.iter().map(|b| b.0).sum();
    let mut t = PairTable::unit(h, limbs);
    let mut done = 0u32;
    for &(len, table) in blocks {
        done += len;
        t = t.convolve(table, h.saturating_sub(total - done))?;
    }
    let mut out = t.cell(h, h);
    out.resize(h as usize + 1, BigUint::default());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over all pairs of codewords of a small direct sum, written out in full.
    fn brute(blocks: &[Block], h: u32) -> Vec<u64> {
        let mut words = vec![0u128];
        let mut shift = 0;
        for b in blocks {
            let cw = codewords(&b.rows);
            words = words.iter().flat_map(|&w| cw.iter().map(move |&c| w | (c as u128) << shift)).collect();
            shift += b.m;
        }
        let hw: Vec<u128> = words.into_iter().filter(|w| w.count_ones() == h).collect();
        let mut out = vec![0u64; h as usize + 1];
        for &x in &hw {
            for &y in &hw {
                out[(x & y).count_ones() as usize] += 1;
            }
        }
        out
    }

    #[test]
    fn convolution_equals_brute_force_on_small_sums() {
        // [8,4,4] RM(1,3), the [7,4,3] Hamming code, and a free coordinate.
        let rm13 = Block { m: 8, rows: vec![0xff, 0xaa, 0xcc, 0xf0] };
        let ham7 = Block { m: 7, rows: vec![0b0001011, 0b0010110, 0b0101100, 0b1011000] };
        let one = Block { m: 1, rows: vec![1] };
        let zero = Block { m: 1, rows: vec![] };
        for sum in [
            vec![rm13.clone(), rm13.clone()],
            vec![ham7.clone(), rm13.clone(), one.clone()],
            vec![ham7.clone(), ham7.clone(), zero.clone(), one.clone()],
        ] {
            let m: u32 = sum.iter().map(|b| b.m).sum();
            let dim: u32 = sum.iter().map(|b| b.rows.len() as u32).sum();
            let tables: Vec<Vec<PairEntry>> = sum.iter().map(block_pairs).collect();
            let refs: Vec<(u32, &[PairEntry])> =
                sum.iter().zip(&tables).map(|(b, t)| (b.m, t.as_slice())).collect();
            for h in [m / 2, m / 2 - 1] {
                let got = pair_counts(h, &refs, limbs_for(dim)).unwrap();
                let want = brute(&sum, h);
                assert_eq!(
                    got,
                    want.iter().map(|&v| BigUint::from(v)).collect::<Vec<_>>(),
                    "m = {m}, h = {h}"
                );
                // The same from two halves met in the middle.
                let (l, r) = refs.split_at(1);
                let rl: u32 = r.iter().map(|b| b.0).sum();
                let left = l
                    .iter()
                    .try_fold(PairTable::unit(h, limbs_for(dim)), |t, b| {
                        t.convolve(b.1, h.saturating_sub(rl))
                    })
                    .unwrap();
                let right =
                    r.iter().try_fold(PairTable::unit(h, limbs_for(dim)), |t, b| t.convolve(b.1, 0)).unwrap();
                assert_eq!(left.meet(&right).unwrap(), got, "meet, m = {m}, h = {h}");
            }
        }
    }

    /// `k` rows of `m` bits from a fixed xorshift sequence.
    fn pseudo_random_rows(m: u32, k: usize, seed: u64) -> Vec<u64> {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        (0..k)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if m == 64 {
                    x
                } else {
                    x & ((1u64 << m) - 1)
                }
            })
            .collect()
    }

    #[test]
    fn block_tables_equal_the_ordered_pairs() {
        // With the all-ones word (RM(1,3), Hamming [7,4], a free coordinate) and without it
        // (the simplex code [7,3,4], the even-weight code of length 5 shortened... here [5,2]).
        let blocks = [
            Block { m: 8, rows: vec![0xff, 0xaa, 0xcc, 0xf0] },
            Block { m: 7, rows: vec![0b0001011, 0b0010110, 0b0101100, 0b1011000] },
            Block { m: 7, rows: vec![0b1110100, 0b0111010, 0b0011101] },
            Block { m: 5, rows: vec![0b00011, 0b01100] },
            Block { m: 1, rows: vec![1] },
            Block { m: 3, rows: vec![] },
            // Longer words, every bit of a u64: pseudo-random rows, with and without `1`.
            Block { m: 37, rows: pseudo_random_rows(37, 9, 7) },
            Block { m: 64, rows: [pseudo_random_rows(64, 8, 11), vec![u64::MAX]].concat() },
        ];
        for b in &blocks {
            assert_eq!(gf2_rank(&b.rows), b.rows.len(), "{b:?}");
            let cw = codewords(&b.rows);
            let mut want: std::collections::BTreeMap<(u32, u32, u32), u64> =
                std::collections::BTreeMap::new();
            for &x in &cw {
                for &y in &cw {
                    *want.entry((x.count_ones(), y.count_ones(), (x & y).count_ones())).or_insert(0) += 1;
                }
            }
            let want: Vec<PairEntry> = want.into_iter().map(|((a, bb, i), v)| (a, bb, i, v)).collect();
            assert_eq!(block_pairs(b), want, "{b:?}");
        }
        assert!(without_ones(&blocks[0]).is_some() && without_ones(&blocks[2]).is_none());
    }

    #[test]
    fn ranks_codewords_and_weights() {
        assert_eq!(gf2_rank(&[0b11, 0b10, 0b01]), 2);
        let rm13 = Block { m: 8, rows: vec![0xff, 0xaa, 0xcc, 0xf0] };
        assert_eq!(gf2_rank(&rm13.rows), 4);
        assert_eq!(weight_distribution(&rm13), vec![1, 0, 0, 0, 14, 0, 0, 0, 1]);
        let mut c = codewords(&rm13.rows);
        c.sort_unstable();
        c.dedup();
        assert_eq!(c.len(), 16);
        assert_eq!(limbs_for(32), 2);
        assert_eq!(limbs_for(31), 1);
    }
}
