//! Pair tables of long high-rate codes from their small duals: the MacWilliams identity for the
//! joint (biweight) weight enumerator (docs/math.md §9.6).
//!
//! For a binary linear code `C ⊆ {0,1}^N` with dual `C⊥` of dimension `d`, the pair code
//! `C × C ⊆ (Z_2²)^N` has dual `C⊥ × C⊥`. Counting the pairs `(x, y) ∈ C²` by the numbers
//! `(n00, n01, n10, n11)` of coordinates where `(x_t, y_t) = (c, e)` is the complete weight
//! enumerator of `C × C` over the group `Z_2²`, and its MacWilliams transform reads
//!
//! `4^d · Σ_{(x,y) ∈ C²} Π_t z_{x_t y_t} = Σ_{(x',y') ∈ (C⊥)²} Π_t ẑ_{x'_t y'_t}`,
//! `ẑ_{ab} = Σ_{ce} (−1)^{ac + be} z_{ce}`,
//!
//! so the right side depends only on the **type** `(p00, p01, p10, p11)` of each dual pair (how
//! many coordinates carry each pattern). With `z00 = 1`, `z10 = u`, `z01 = v`, `z11 = w` and
//! `s = (−1)^{x'_t}`, `s' = (−1)^{y'_t}`, each factor is `1 + s·u + s'·v + s s'·w =
//! (1 + s u)(1 + s' v) + s s'·t` with `t = w − uv`; expanding in `t` separates `u` from `v`:
//!
//! `S(a, b, i) = Σ_e Π_q C(p_q, e_q)·(−1)^{e01 + e10}·C(E, i)(−1)^{E − i}
//!     · K(N − E, p00 + p01 − e00 − e01; a − E) · K(N − E, p00 + p10 − e00 − e10; b − E)`
//!
//! over `e_q ≤ p_q`, `E = Σ e_q`, where `K(L, A; j) = [u^j] (1 + u)^A (1 − u)^{L − A}`
//! (a Krawtchouk number), and `T(a, b, i) = 4^{−d} Σ_types N_type·S_type(a, b, i)` is the number
//! of ordered pairs with `|x| = a`, `|y| = b`, `|x ∧ y| = i`.
//!
//! **Exactness.** The sum is computed modulo several primes below `2^31` whose product exceeds
//! `4^N`, and the residues are combined by the Chinese remainder theorem. The true value
//! `X = 4^d·T(a, b, i)` is an integer with `0 ≤ X ≤ 4^d·|C|² = 4^N`, so the combination is `X`
//! itself; `X` must then be divisible by `4^d` (an internal error otherwise, which cannot
//! happen). Nothing is approximated.

use crate::error::{Error, Res};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// Longest code given by its dual (words are bit sets of `N` bits).
pub const MAX_DUAL_LEN: u32 = 1024;
/// Largest dual dimension: the `4^d` dual pairs are enumerated (`RM(1, 10)` has 11 rows).
pub const MAX_DUAL_DIM: u32 = 11;

/// A dual pair's type: coordinates with `(x'_t, y'_t) = (0,0), (0,1), (1,0), (1,1)`.
pub type PairType = [u32; 4];

/// A word of `N` bits as 64-bit limbs (bit `b` of the word is bit `b % 64` of limb `b / 64`).
pub type Wide = Vec<u64>;

/// Parses a bit string of exactly `len` characters `0`/`1` (character `b` is coordinate `b`).
pub fn parse_wide(s: &str, len: u32) -> Res<Wide> {
    if s.len() != len as usize {
        return Err(Error::Input(format!("bit string of {} characters, expected {len}", s.len())));
    }
    let mut w = vec![0u64; (len as usize).div_ceil(64)];
    for (b, ch) in s.bytes().enumerate() {
        match ch {
            b'0' => {}
            b'1' => w[b / 64] |= 1 << (b % 64),
            _ => return Err(Error::Input(format!("bit string: character '{}' is not 0 or 1", ch as char))),
        }
    }
    Ok(w)
}

/// The bit string of a wide word of `len` bits.
pub fn wide_bits(w: &[u64], len: u32) -> String {
    (0..len as usize).map(|b| if w[b / 64] >> (b % 64) & 1 == 1 { '1' } else { '0' }).collect()
}

/// The GF(2) rank of wide rows.
pub fn wide_rank(rows: &[Wide]) -> usize {
    let mut basis: Vec<Wide> = Vec::new();
    for r in rows {
        let mut v = r.clone();
        for b in &basis {
            let top = lead(b);
            if top.is_some_and(|t| v[t / 64] >> (t % 64) & 1 == 1) {
                for (x, y) in v.iter_mut().zip(b) {
                    *x ^= y;
                }
            }
        }
        if lead(&v).is_some() {
            basis.push(v);
        }
    }
    basis.len()
}

/// Highest set bit.
fn lead(w: &[u64]) -> Option<usize> {
    w.iter().enumerate().rev().find(|x| *x.1 != 0).map(|(i, &x)| i * 64 + 63 - x.leading_zeros() as usize)
}

/// The types of all ordered pairs of dual codewords with their numbers (`4^d` pairs; the rows
/// must be independent). The pair `(x', y')` has `p11 = |x' ∧ y'|`, `p10 = |x'| − p11`,
/// `p01 = |y'| − p11`, `p00 = N − p01 − p10 − p11`.
///
/// As `model::linear::block_pairs` counts a block's pairs: `p11 = (|x'| + |y'| − |x' ⊕ y'|)/2`
/// and `x' ⊕ y'` is a dual codeword, so the pairs are counted by the weights of the triples
/// `{s, t, s ⊕ t}` of distinct nonzero coordinate vectors (each visited once, as
/// `s < t < s ⊕ t`, and giving its six ordered pairs), with the pairs `x' = y'` and those with
/// a zero word counted directly.
pub fn dual_types(len: u32, rows: &[Wide]) -> BTreeMap<PairType, u64> {
    dual_types_in(len, rows, 1 << 22)
}

/// `dual_types`, the triples counted in a dense table when it has at most `dense_max` cells
/// (`W³` for `W` distinct weights), else in a hash map.
fn dual_types_in(len: u32, rows: &[Wide], dense_max: usize) -> BTreeMap<PairType, u64> {
    let limbs = (len as usize).div_ceil(64);
    let n = 1usize << rows.len();
    // Words by coordinates: word(s) = the sum of the rows at the bits of s.
    let mut words = vec![0u64; n * limbs];
    for s in 1..n {
        let (prev, r) = (s & (s - 1), &rows[s.trailing_zeros() as usize]);
        for l in 0..limbs {
            words[s * limbs + l] = words[prev * limbs + l] ^ r[l];
        }
    }
    let word = |s: usize| &words[s * limbs..(s + 1) * limbs];
    let wt: Vec<u32> = (0..n).map(|s| word(s).iter().map(|x| x.count_ones()).sum()).collect();
    // Ordered pairs by (|x'|, |y'|, |x' ⊕ y'|).
    let mut by_weights: BTreeMap<(u32, u32, u32), u64> = BTreeMap::new();
    let mut add = |k: (u32, u32, u32), v: u64| *by_weights.entry(k).or_insert(0) += v;
    for s in 0..n {
        add((wt[s], wt[s], 0), 1);
        if s > 0 {
            add((0, wt[s], wt[s]), 1);
            add((wt[s], 0, wt[s]), 1);
        }
    }
    // Triples, counted densely by the indices of their weights among the weights that occur.
    let mut ws: Vec<u32> = wt.clone();
    ws.sort_unstable();
    ws.dedup();
    let nw = ws.len();
    let mut index = vec![usize::MAX; len as usize + 1];
    for (i, &w) in ws.iter().enumerate() {
        index[w as usize] = i;
    }
    let mut dense: Vec<u64> = if nw * nw * nw <= dense_max { vec![0; nw * nw * nw] } else { Vec::new() };
    let mut sparse: std::collections::HashMap<(u32, u32, u32), u64> = std::collections::HashMap::new();
    for s in 1..n {
        let x = word(s);
        let high = 1usize << (usize::BITS - 1 - s.leading_zeros());
        let mut base = 2 * high;
        while base < n {
            for t in base..base + high {
                let c: u32 = x.iter().zip(word(t)).map(|(p, q)| (p ^ q).count_ones()).sum();
                if dense.is_empty() {
                    *sparse.entry((wt[s], wt[t], c)).or_insert(0) += 1;
                } else {
                    dense[(index[wt[s] as usize] * nw + index[wt[t] as usize]) * nw + index[c as usize]] += 1;
                }
            }
            base += 2 * high;
        }
    }
    let mut triples: Vec<((u32, u32, u32), u64)> = sparse.into_iter().collect();
    for (i, &v) in dense.iter().enumerate().filter(|e| *e.1 > 0) {
        triples.push(((ws[i / (nw * nw)], ws[i / nw % nw], ws[i % nw]), v));
    }
    for ((a, b, c), v) in triples {
        for k in [(a, b, c), (b, a, c), (a, c, b), (c, a, b), (b, c, a), (c, b, a)] {
            add(k, v);
        }
    }
    let mut types: BTreeMap<PairType, u64> = BTreeMap::new();
    for ((wx, wy, c), v) in by_weights {
        let p11 = (wx + wy - c) / 2;
        *types.entry([len + p11 - wx - wy, wy - p11, wx - p11, p11]).or_insert(0) += v;
    }
    types
}

/// Dual pairs enumerated by `dual_types` (`4^d`, times the limbs of a word).
pub fn dual_pair_work(len: u32, dim: u32) -> u128 {
    (1u128 << (2 * dim)) * (len as u128).div_ceil(64)
}

/// Primes below `2^31` used (largest first) and how many are needed for values up to `4^N`.
fn primes(len: u32) -> Vec<u64> {
    let need_bits = 2 * len as u64 + 2;
    let mut out = Vec::new();
    let mut bits = 0u64;
    let mut p = (1u64 << 31) - 1;
    while bits < need_bits {
        if is_prime(p) {
            out.push(p);
            bits += 30; // each prime exceeds 2^30
        }
        p -= 2;
    }
    out
}

/// Whether `p < 2^32` is prime: Miller–Rabin with the bases 2, 7 and 61, exact below
/// 4,759,123,141 (Jaeschke).
fn is_prime(p: u64) -> bool {
    assert!(p < 1 << 32, "a prime below 2^32");
    if p < 2 {
        return false;
    }
    for q in [2u64, 3, 5, 7, 61] {
        if p % q == 0 {
            return p == q;
        }
    }
    let mulmod = |x: u64, y: u64| ((u128::from(x) * u128::from(y)) % u128::from(p)) as u64;
    let (mut d, mut r) = (p - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        r += 1;
    }
    [2u64, 7, 61].iter().all(|&base| {
        let (mut x, mut e, mut b) = (1u64, d, base % p);
        while e > 0 {
            if e & 1 == 1 {
                x = mulmod(x, b);
            }
            b = mulmod(b, b);
            e >>= 1;
        }
        if x == 1 || x == p - 1 {
            return true;
        }
        (1..r).any(|_| {
            x = mulmod(x, x);
            x == p - 1
        })
    })
}

/// Modular products of `slice` for the slice `(a, b)` (`slice_mod`, about three products per
/// Krawtchouk number and two per term of the final sum), times the primes. Computed from the
/// types alone, so the checker refuses a code over its budget before any of the work is done.
pub fn slice_work(len: u32, types: &BTreeMap<PairType, u64>, a: u32, b: u32) -> u128 {
    let (n, a, b) = (u128::from(len), u128::from(a.min(len)), u128::from(b.min(len)));
    let imax = a.min(b);
    let xs: std::collections::BTreeSet<u32> = types.keys().map(|t| t[0] + t[1]).collect();
    let rows = (2 * b + 2) * types.len() as u128;
    let kraw = 3 * ((n - b + 1) * (a + 1) + (b + 1) * (imax + 1) + rows);
    let sum = 2 * xs.len() as u128 * (b + 1) * (imax + 1);
    (n + kraw + sum) * primes(len).len() as u128
}

/// Arithmetic modulo a prime `p < 2^31` (Barrett reduction of products below `2^62`).
#[derive(Clone, Copy)]
struct Modp {
    p: u64,
    inv: u64,
}

impl Modp {
    fn new(p: u64) -> Modp {
        Modp { p, inv: u64::MAX / p }
    }
    #[inline]
    fn red(self, x: u64) -> u64 {
        let q = ((x as u128 * self.inv as u128) >> 64) as u64;
        let mut r = x - q * self.p;
        while r >= self.p {
            r -= self.p;
        }
        r
    }
    #[inline]
    fn mul(self, a: u64, b: u64) -> u64 {
        self.red(a * b)
    }
    #[inline]
    fn neg(self, a: u64) -> u64 {
        if a == 0 {
            0
        } else {
            self.p - a
        }
    }
}

/// `K(A + B, A; j) = [u^j] (1 + u)^A (1 − u)^B mod p` for `j = 0..=jmax`, by the three-term
/// recurrence `(j + 1)·K_{j+1} = (A − B)·K_j − (A + B − j + 1)·K_{j−1}` (from
/// `(1 − u²) F' = ((A − B) − (A + B) u) F`); `inv[j]` is `j^{−1} mod p`, `j ≤ A + B < p`.
fn kraw(a: usize, b: usize, jmax: usize, f: Modp, inv: &[u64]) -> Vec<u64> {
    let mut k = vec![0u64; jmax + 1];
    let (d, s) = ((a as u64 + f.p - b as u64) % f.p, (a + b) as u64);
    for j in 0..=jmax.min(a + b) {
        k[j] = match j {
            0 => 1,
            1 => d,
            _ => {
                let back = f.mul((s + 2 + f.p - j as u64) % f.p, k[j - 2]);
                f.mul((f.mul(d, k[j - 1]) + f.neg(back)) % f.p, inv[j])
            }
        };
    }
    k
}

/// `K(L, A; j)` for `A = 0..=L` and `j = 0..=jmax`, mod p, with additions only:
/// `K(L, 0; j) = (−1)^j C(L, j)`, and `(1 − u)·F_{A+1} = (1 + u)·F_A` for
/// `F_A = (1 + u)^A (1 − u)^{L − A}` gives `K_{A+1}[j] = K_{A+1}[j − 1] + K_A[j] + K_A[j − 1]`.
/// `inv[j]` is `j^{−1} mod p` (`j ≤ L < p`).
fn kraw_table(l: usize, jmax: usize, f: Modp, inv: &[u64]) -> Vec<Vec<u64>> {
    // Branch-free: `t − p` wraps to a huge value exactly when `t < p` (a branch here is
    // mispredicted half the time).
    let add = |x: u64, y: u64| {
        let t = x + y;
        t.min(t.wrapping_sub(f.p))
    };
    let mut first = vec![0u64; jmax + 1];
    let mut c = 1u64;
    for (j, v) in first.iter_mut().enumerate().take(l.min(jmax) + 1) {
        if j > 0 {
            c = f.mul(f.mul(c, (l + 1 - j) as u64), inv[j]);
        }
        *v = if j % 2 == 0 { c } else { f.neg(c) };
    }
    let mut rows = Vec::with_capacity(l + 1);
    rows.push(first);
    for _ in 0..l {
        let prev = rows.last().expect("a row");
        let mut next = vec![0u64; jmax + 1];
        next[0] = prev[0];
        for j in 1..=jmax {
            // One reduction on the chain through `next`.
            next[j] = add(next[j - 1], add(prev[j], prev[j - 1]));
        }
        rows.push(next);
    }
    rows
}

/// `X(i) = Σ_types N_type·S_type(a, b, i) mod p`, `i = 0..=min(a, b)`, with (module comment,
/// `X = p00 + p01`, `Y = p10 + p11`)
/// `S(a, b, i) = Σ_k K(X, p00; k)·K(Y, p10; b − k)·K(N − b, X − k; a − i)·K(b, k; i)`:
/// one-dimensional Krawtchouk rows only, `O(N²)` per distinct dual weight. The two tables
/// `K(N − b, ·; ·)` and `K(b, ·; ·)` are built by additions (`kraw_table`); the final sum
/// adds products below `2^93` in 128 bits (fewer than `2^34` of them) and reduces once.
fn slice_mod(len: u32, types: &BTreeMap<PairType, u64>, a: u32, b: u32, f: Modp) -> Vec<u64> {
    let (n, a, b) = (len as usize, a as usize, b as usize);
    let imax = a.min(b);
    let mut inv = vec![0u64, 1];
    for j in 2..=n as u64 {
        inv.push(f.neg(f.mul(f.p / j, inv[(f.p % j) as usize])));
    }
    // ux[A][j] = K(N − b, A; j); vy[k][i] = K(b, k; i).
    let ux = kraw_table(n - b, a, f, &inv);
    // The diagonal slice of a code of length 2h (the certificates' case) needs one table.
    let vy_own;
    let vy = if (b, imax) == (n - b, a) {
        &ux
    } else {
        vy_own = kraw_table(b, imax, f, &inv);
        &vy_own
    };
    // gamma[X][k] = Σ_{types with this X} N_type·K(X, p00; k)·K(Y, p10; b − k).
    let mut gamma: BTreeMap<usize, Vec<u64>> = BTreeMap::new();
    for (t, &count) in types {
        let [p00, p01, p10, p11] = t.map(|x| x as usize);
        let (x, y) = (p00 + p01, p10 + p11);
        let (c, d) = (kraw(p00, p01, b.min(x), f, &inv), kraw(p10, p11, b.min(y), f, &inv));
        let g = gamma.entry(x).or_insert_with(|| vec![0; b + 1]);
        for k in b.saturating_sub(y)..=b.min(x) {
            g[k] = (g[k] + f.mul(count % f.p, f.mul(c[k], d[b - k]))) % f.p;
        }
    }
    let mut acc = vec![0u128; imax + 1];
    for (&x, g) in &gamma {
        for (k, &gk) in g.iter().enumerate().filter(|e| *e.1 != 0) {
            let (row, col) = (&ux[x - k], &vy[k]);
            for (i, s) in acc.iter_mut().enumerate() {
                // gk·K < 2^62, times K < 2^31: below 2^93.
                *s += u128::from(gk * row[a - i]) * u128::from(col[i]);
            }
        }
    }
    acc.iter().map(|&s| (s % u128::from(f.p)) as u64).collect()
}

/// The pair counts `T(a, b, i)`, `i = 0..=min(a, b)`, of the code of length `len` whose dual has
/// `dim` independent rows with the pair types `types` (`dual_types`). Exact (module comment).
pub fn slice(len: u32, dim: u32, types: &BTreeMap<PairType, u64>, a: u32, b: u32) -> Res<Vec<BigUint>> {
    slice_with(len, dim, types, a, b, slice_mod)
}

/// Residues per prime.
type PerPrime = fn(u32, &BTreeMap<PairType, u64>, u32, u32, Modp) -> Vec<u64>;

/// `slice` with the residues of `X(i)` modulo each prime from `per_prime`, combined by CRT.
fn slice_with(
    len: u32,
    dim: u32,
    types: &BTreeMap<PairType, u64>,
    a: u32,
    b: u32,
    per_prime: PerPrime,
) -> Res<Vec<BigUint>> {
    if a > len || b > len {
        return Ok(vec![BigUint::zero(); a.min(b) as usize + 1]);
    }
    let ps = primes(len);
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get()).clamp(1, ps.len());
    let residues: Vec<Vec<u64>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let ps = &ps;
                s.spawn(move || {
                    ps.iter()
                        .skip(t)
                        .step_by(threads)
                        .map(|&p| per_prime(len, types, a, b, Modp::new(p)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let parts: Vec<Vec<Vec<u64>>> =
            handles.into_iter().map(|h| h.join().expect("MacWilliams thread")).collect();
        // Back to the order of `ps`.
        (0..ps.len()).map(|j| parts[j % threads][j / threads].clone()).collect()
    });
    // Chinese remainders: x = Σ r_j·M_j·(M_j^{-1} mod p_j) mod M.
    let big_m: BigUint = ps.iter().map(|&p| BigUint::from(p)).product();
    let coef: Vec<BigUint> = ps
        .iter()
        .map(|&p| {
            let mj = &big_m / p;
            let r = (&mj % p).to_u64_digits().first().copied().unwrap_or(0);
            let inv = BigUint::from(r).modpow(&BigUint::from(p - 2), &BigUint::from(p));
            mj * inv
        })
        .collect();
    let four_d = BigUint::one() << (2 * dim as usize);
    let bound = BigUint::one() << (2 * len as usize);
    (0..=a.min(b) as usize)
        .map(|i| {
            let x: BigUint = ps.iter().zip(&coef).map(|(_, cf)| cf.clone()).enumerate().fold(
                BigUint::zero(),
                |acc, (j, cf)| acc + cf * BigUint::from(residues[j][i]),
            ) % &big_m;
            if x > bound || !(&x % &four_d).is_zero() {
                return Err(Error::Rejected(format!(
                    "internal error: the MacWilliams sum at (a, b, i) = ({a}, {b}, {i}) is not 4^d times a count"
                )));
            }
            Ok(x / &four_d)
        })
        .collect()
}

/// The previous, `O(N^4)` computation (the module comment's sum over `e`), kept to test the
/// Krawtchouk form against it.
#[cfg(test)]
mod expanded {
    use super::*;

    /// `#{e ∈ ℕ^4 : e_q ≤ p_q, Σ e_q ≤ emax}` by inclusion–exclusion over the bounds that fail.
    pub fn tuples(t: &PairType, emax: u64) -> u128 {
        let mut total: i128 = 0;
        for sub in 0u32..16 {
            let over: u64 = (0..4).filter(|q| sub >> q & 1 == 1).map(|q| u64::from(t[q]) + 1).sum();
            if over > emax {
                continue;
            }
            // Nonnegative solutions of e_1 + … + e_4 ≤ r: C(r + 4, 4).
            let r = (emax - over) as i128;
            let c = (r + 1) * (r + 2) * (r + 3) * (r + 4) / 24;
            total += if sub.count_ones() % 2 == 0 { c } else { -c };
        }
        total as u128
    }

    /// Modular products of `expanded_mod` for the slice `(a, b)`: per prime, the tuples `(e_q)` with
    /// `e_q ≤ p_q` and `Σ e_q ≤ min(a, b)` over the types (about three products each) plus
    /// `min(a, b) + 1` per type, and the Krawtchouk tables. Computed in `O(1)` per type, so the
    /// checker refuses a code over its budget before any of the work is done.
    pub fn expanded_work(len: u32, types: &BTreeMap<PairType, u64>, a: u32, b: u32) -> u128 {
        let emax = u64::from(a.min(b));
        let per_type: u128 = types.keys().map(|t| 3 * tuples(t, emax) + u128::from(emax) + 1).sum();
        let kraw = 2 * (u128::from(emax) + 1).pow(2) * (u128::from(len) + 1);
        (per_type + kraw) * primes(len).len() as u128
    }

    /// `X(i) mod p` by the previous method, the four-fold sum of the module comment (expanding
    /// each factor in `t = w − uv`): `O(N^4)`, kept as an independent reference for `slice_mod`.
    pub fn expanded_mod(len: u32, types: &BTreeMap<PairType, u64>, a: u32, b: u32, f: Modp) -> Vec<u64> {
        let n = len as usize;
        let emax = a.min(b) as usize;
        // Pascal's triangle mod p up to n.
        let mut binom: Vec<Vec<u64>> = Vec::with_capacity(n + 1);
        for r in 0..=n {
            let mut row = vec![1u64; r + 1];
            for k in 1..r {
                row[k] = (binom[r - 1][k - 1] + binom[r - 1][k]) % f.p;
            }
            binom.push(row);
        }
        let c = |r: usize, k: usize| if k <= r { binom[r][k] } else { 0 };
        // K(N − E, A; j) for A = 0..=N − E, with j = a − E (kx) and j = b − E (ky).
        let kraw = |e: usize, j: usize| -> Vec<u64> {
            let l = n - e;
            (0..=l)
                .map(|aa| {
                    let mut s = 0u64;
                    for t in 0..=j.min(l - aa) {
                        let v = f.mul(c(aa, j - t), c(l - aa, t));
                        s = if t % 2 == 0 { (s + v) % f.p } else { (s + f.neg(v)) % f.p };
                    }
                    s
                })
                .collect()
        };
        let kx: Vec<Vec<u64>> = (0..=emax).map(|e| kraw(e, a as usize - e)).collect();
        let ky: Vec<Vec<u64>> =
            if a == b { kx.clone() } else { (0..=emax).map(|e| kraw(e, b as usize - e)).collect() };
        let mut out = vec![0u64; emax + 1];
        let mut total = vec![0u64; emax + 1];
        for (t, &count) in types {
            let [p00, p01, p10, p11] = t.map(|x| x as usize);
            let (px, py) = (p00 + p01, p00 + p10);
            let mut g = vec![0u64; emax + 1];
            for e00 in 0..=p00.min(emax) {
                for e01 in 0..=p01.min(emax - e00) {
                    let b0 = f.mul(c(p00, e00), c(p01, e01));
                    for e10 in 0..=p10.min(emax - e00 - e01) {
                        let s = e00 + e01 + e10;
                        let mut base = f.mul(b0, c(p10, e10));
                        if (e01 + e10) % 2 == 1 {
                            base = f.neg(base);
                        }
                        if base == 0 {
                            continue;
                        }
                        let (ax, ay) = (px - e00 - e01, py - e00 - e10);
                        for e11 in 0..=p11.min(emax - s) {
                            let e = s + e11;
                            let v = f.mul(f.mul(base, c(p11, e11)), f.mul(kx[e][ax], ky[e][ay]));
                            g[e] = (g[e] + v) % f.p;
                        }
                    }
                }
            }
            let cnt = count % f.p;
            for (t, &v) in total.iter_mut().zip(&g) {
                *t = (*t + f.mul(cnt, v)) % f.p;
            }
        }
        for (i, o) in out.iter_mut().enumerate() {
            let mut s = 0u64;
            for (e, &ge) in total.iter().enumerate().skip(i) {
                let v = f.mul(c(e, i), ge);
                s = if (e - i) % 2 == 0 { (s + v) % f.p } else { (s + f.neg(v)) % f.p };
            }
            *o = s;
        }
        out
    }

    /// `slice` by this method.
    pub fn slice(len: u32, dim: u32, types: &BTreeMap<PairType, u64>, a: u32, b: u32) -> Res<Vec<BigUint>> {
        slice_with(len, dim, types, a, b, expanded_mod)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::linear::{block_pairs, codewords, Block};

    /// The dual (in `u64` words) of a block: a basis of `{y : <x, y> = 0 for all rows x}`.
    fn dual_of(b: &Block) -> Vec<u64> {
        let all: Vec<u64> =
            (0u64..1 << b.m).filter(|y| b.rows.iter().all(|r| (r & y).count_ones() % 2 == 0)).collect();
        let mut basis: Vec<u64> = Vec::new();
        for y in all {
            let mut v = y;
            for &x in &basis {
                v = v.min(v ^ x);
            }
            if v != 0 {
                basis.push(v);
                basis.sort_unstable_by(|x, y| y.cmp(x));
            }
        }
        basis
    }

    /// Every cell `T(a, b, i)` from the dual equals the count by enumeration of the code.
    fn agrees(b: &Block) {
        let dual: Vec<Wide> = dual_of(b).into_iter().map(|w| vec![w]).collect();
        let d = dual.len() as u32;
        assert_eq!(d as usize + b.rows.len(), b.m as usize);
        let types = dual_types(b.m, &dual);
        assert_eq!(types.values().sum::<u64>(), 1 << (2 * d));
        let mut want: BTreeMap<(u32, u32, u32), u64> = BTreeMap::new();
        for (a, bb, i, v) in block_pairs(b) {
            want.insert((a, bb, i), v);
        }
        for a in 0..=b.m {
            for bb in 0..=b.m {
                let got = slice(b.m, d, &types, a, bb).unwrap();
                assert_eq!(got, expanded::slice(b.m, d, &types, a, bb).unwrap());
                for (i, g) in got.iter().enumerate() {
                    let w = want.get(&(a, bb, i as u32)).copied().unwrap_or(0);
                    assert_eq!(*g, BigUint::from(w), "m = {}, (a, b, i) = ({a}, {bb}, {i})", b.m);
                }
            }
        }
    }

    /// `RM(1, 3)` = extended Hamming `[8, 4, 4]`, `RM(2, 4)` = `[16, 11, 4]`, their shortenings,
    /// the Hamming code `[7, 4, 3]` and a code without the all-ones word.
    #[test]
    fn biweight_macwilliams_equals_enumeration_on_small_codes() {
        let rm = |r: u32, k: u32| -> Block {
            let m = 1u32 << k;
            let mut rows = Vec::new();
            for mask in 0u32..(1 << k) {
                if mask.count_ones() <= r {
                    rows.push((0..m).filter(|&p| p & mask == mask).fold(0u64, |w, p| w | 1 << p));
                }
            }
            Block { m, rows }
        };
        let shorten = |b: &Block, s: u32| -> Block {
            // The subcode vanishing on the first s coordinates, those deleted.
            let words: Vec<u64> =
                codewords(&b.rows).into_iter().filter(|w| w & ((1 << s) - 1) == 0).map(|w| w >> s).collect();
            let mut basis: Vec<u64> = Vec::new();
            for y in words {
                let mut v = y;
                for &x in &basis {
                    v = v.min(v ^ x);
                }
                if v != 0 {
                    basis.push(v);
                    basis.sort_unstable_by(|x, y| y.cmp(x));
                }
            }
            Block { m: b.m - s, rows: basis }
        };
        let e8 = rm(1, 3);
        let e16 = rm(2, 4);
        for b in [
            e8.clone(),
            shorten(&e8, 1),
            e16.clone(),
            shorten(&e16, 1),
            shorten(&e16, 3),
            Block { m: 7, rows: vec![0b0001011, 0b0010110, 0b0101100, 0b1011000] },
            Block { m: 6, rows: vec![0b000011, 0b011100] },
        ] {
            agrees(&b);
        }
        // The whole space (dual {0}) and the zero code (dual everything).
        agrees(&Block { m: 5, rows: vec![1, 2, 4, 8, 16] });
        agrees(&Block { m: 4, rows: vec![] });
    }

    /// `RM(1, r)` as wide words: the all-ones word and the `r` coordinate functions.
    pub fn rm1(r: u32) -> Vec<Wide> {
        let len = 1u32 << r;
        (0..=r)
            .map(|c| {
                let mut w = vec![0u64; (len as usize).div_ceil(64)];
                for p in (0..len).filter(|&p| c == r || p >> c & 1 == 1) {
                    w[p as usize / 64] |= 1 << (p % 64);
                }
                w
            })
            .collect()
    }

    /// The Krawtchouk form equals the four-fold sum: on the extended Hamming codes of length
    /// 64, 128, 256 (the slice `(N/2, N/2)` the certificates use, and off-diagonal slices at
    /// 64), and on duals with many distinct weights (disjoint runs, pseudo-random rows).
    #[test]
    fn krawtchouk_form_equals_the_four_fold_sum() {
        for r in [6u32, 7, 8] {
            let (len, rows) = (1u32 << r, rm1(r));
            let types = dual_types(len, &rows);
            let h = len / 2;
            let got = slice(len, r + 1, &types, h, h).unwrap();
            assert_eq!(got, expanded::slice(len, r + 1, &types, h, h).unwrap(), "N = {len}");
            // k: the weight-N/2 words of the extended Hamming code, summed over overlaps.
            assert!(got[h as usize] > BigUint::zero());
            if r == 6 {
                for (a, b) in [(0, 0), (4, 8), (31, 20), (64, 64), (40, 24)] {
                    assert_eq!(
                        slice(len, r + 1, &types, a, b).unwrap(),
                        expanded::slice(len, r + 1, &types, a, b).unwrap(),
                        "({a}, {b})"
                    );
                }
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        // Runs of lengths 1, 2, 4, 8, 16, 32 in 70 coordinates: 64 distinct dual weights.
        let runs: Vec<Wide> = (0..6)
            .map(|j| {
                let mut w = vec![0u64; 2];
                for p in (1u32 << j) - 1..(2u32 << j) - 1 {
                    w[p as usize / 64] |= 1 << (p % 64);
                }
                w
            })
            .collect();
        let random: Vec<Wide> = (0..5).map(|_| vec![next(), next() & 0xff]).collect();
        for (len, rows) in [(70u32, runs), (72, random)] {
            assert_eq!(wide_rank(&rows), rows.len());
            let d = rows.len() as u32;
            let types = dual_types(len, &rows);
            for (a, b) in [(35, 35), (36, 36), (10, 30), (33, 2), (70, 70)] {
                assert_eq!(
                    slice(len, d, &types, a, b).unwrap(),
                    expanded::slice(len, d, &types, a, b).unwrap(),
                    "N = {len}, ({a}, {b})"
                );
            }
        }
    }

    /// `dual_types` equals the count over all `4^d` ordered pairs, on wide pseudo-random rows
    /// (with and without the all-ones word) and on `RM(1, 7)`.
    #[test]
    fn dual_types_equal_every_pair_counted() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let random: Vec<Wide> = (0..7).map(|_| vec![next(), next(), next() & 0x3f]).collect();
        let with_ones = [random[..5].to_vec(), vec![vec![u64::MAX, u64::MAX, 0x3f]]].concat();
        for (len, rows) in [(134u32, random), (134, with_ones), (128, rm1(7))] {
            assert_eq!(wide_rank(&rows), rows.len());
            let mut words = vec![vec![0u64; rows[0].len()]];
            for r in &rows {
                let more: Vec<Wide> =
                    words.iter().map(|w| w.iter().zip(r).map(|(x, y)| x ^ y).collect()).collect();
                words.extend(more);
            }
            let weight = |w: &Wide| w.iter().map(|x| x.count_ones()).sum::<u32>();
            let mut want: BTreeMap<PairType, u64> = BTreeMap::new();
            for x in &words {
                for y in &words {
                    let p11: u32 = x.iter().zip(y).map(|(a, b)| (a & b).count_ones()).sum();
                    let (wx, wy) = (weight(x), weight(y));
                    *want.entry([len + p11 - wx - wy, wy - p11, wx - p11, p11]).or_insert(0) += 1;
                }
            }
            assert_eq!(dual_types(len, &rows), want, "N = {len}");
            assert_eq!(dual_types_in(len, &rows, 0), want, "N = {len}, sparse");
        }
    }

    #[test]
    fn primes_are_primes() {
        let trial = |p: u64| p >= 2 && (2..).take_while(|q: &u64| q * q <= p).all(|q| p % q != 0);
        for p in (0..3000u64).chain((1 << 31) - 3000..1 << 31).chain([4_294_967_291, 3_215_031_751]) {
            assert_eq!(is_prime(p), trial(p), "{p}");
        }
        let ps = primes(1024);
        assert_eq!((ps.len(), ps[0], ps[1]), (69, (1 << 31) - 1, 2_147_483_629));
    }

    #[test]
    fn tuple_counts_are_exact() {
        for t in [[0u32, 0, 0, 0], [3, 1, 4, 1], [5, 9, 2, 6], [64, 64, 64, 64], [7, 0, 0, 2]] {
            for emax in [0u64, 1, 5, 9, 30, 128] {
                let mut n = 0u128;
                for a in 0..=t[0] {
                    for b in 0..=t[1] {
                        for c in 0..=t[2] {
                            for d in 0..=t[3] {
                                n += u128::from(u64::from(a + b + c + d) <= emax);
                            }
                        }
                    }
                }
                assert_eq!(expanded::tuples(&t, emax), n, "{t:?}, {emax}");
            }
        }
    }

    #[test]
    fn wide_words_parse_and_rank() {
        let w = parse_wide(&format!("1{}1", "0".repeat(98)), 100).unwrap();
        assert_eq!(w, vec![1, 1 << 35]);
        assert_eq!(wide_bits(&w, 100), format!("1{}1", "0".repeat(98)));
        assert!(parse_wide("012", 3).is_err() && parse_wide("01", 3).is_err());
        let a = parse_wide(&"1".repeat(70), 70).unwrap();
        let b = parse_wide(&format!("{}{}", "0".repeat(69), "1"), 70).unwrap();
        let c: Wide = a.iter().zip(&b).map(|(x, y)| x ^ y).collect();
        assert_eq!(wide_rank(&[a.clone(), b.clone()]), 2);
        assert_eq!(wide_rank(&[a, b, c]), 2);
    }
}

#[cfg(test)]
mod bench {
    use super::*;

    /// `cargo test --release -p minip-check --lib macwilliams_timing -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn macwilliams_timing() {
        for r in [6u32, 7, 8, 9, 10] {
            let len = 1u32 << r;
            let rows = super::tests::rm1(r);
            let t0 = std::time::Instant::now();
            let types = dual_types(len, &rows);
            let h = len / 2;
            let work = slice_work(len, &types, h, h);
            let t1 = t0.elapsed().as_secs_f64();
            let s = slice(len, r + 1, &types, h, h).unwrap();
            println!(
                "N = {len}: {} types, work {work}, types {t1:.3} s, slice {:.3} s, k = {}",
                types.len(),
                t0.elapsed().as_secs_f64(),
                s[h as usize]
            );
            if r <= 8 {
                let t0 = std::time::Instant::now();
                let old = super::expanded::slice(len, r + 1, &types, h, h).unwrap();
                assert_eq!(old, s);
                let work = super::expanded::expanded_work(len, &types, h, h);
                println!("  four-fold sum: work {work}, {:.3} s", t0.elapsed().as_secs_f64());
            }
        }
    }
}
