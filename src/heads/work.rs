//! The work of a head command, counted before anything is built (`minip help limits`).
//!
//! A head over `{0,1}^m` is two tables of `4^m` exact rationals, built from the maps by
//! sparse dot products (`Head::build`); `eval::verify` then puts each query row over one
//! common denominator and walks every (query, multiset of other tokens) class. Both costs
//! depend on the size of the numbers: a normalised rational operation costs gcds, about
//! quadratic in their length, and the walk adds integers of the rows' length (machine `i128`
//! when every entry is below 2^50, `BigInt` otherwise). So the count is
//!
//! - tables: `4^m` pairs × (terms of the two dot products + 8) rational operations, each
//!   `25 + 4ℓ + ℓ²/16` units for numbers of `ℓ` 64-bit limbs;
//! - rows: `queries × 2^m × 4` such operations (products, common denominators, scaling);
//! - walk: `queries × Σ_L C(2^m + L − 2, L − 1)` evaluations, each 2 units on `i128` and
//!   `14 + ℓ + ℓ²/256` units on `BigInt`;
//!
//! where the lengths `ℓ` are upper bounds computed from the maps alone (`MapSize`): the
//! common denominator of a map's vectors and the size of their entries over it. One unit took
//! 3 to 10 ns on the 2-core reference machine (idle; measured over softmax and exact heads with
//! bases of 1 to 10,000 digits, m = 3..=10, and the frontier's head files). `queries` is
//! `m + 1` only for the built-ins with the symmetry allowed (they are invariant under
//! coordinate permutations, `Head::coordinate_invariant`); otherwise `2^m`, an upper bound,
//! since the invariance of a head file is known only once its tables are built.

use super::{Map, Rule, Spec};
use crate::error::Error;
use minip_check::rational::Rat;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeSet;

/// Units of work of one head command (`verify`, `attack`, `bench`, `transition`), at most:
/// 3 to 8 s on the reference machine (2 cores, idle). Every head command of the
/// documentation fits (the largest: `head bench --m-max 9`, 3.8·10^8; `head verify softmax
/// --m 10 --len 3`, 6·10^8); `--len 4` at `m = 10` (2·10^9) does not.
pub const MAX_HEAD_WORK: u128 = 800_000_000;

/// Units of one normalised rational operation on small numbers (allocation, gcd).
const OP: u128 = 25;

/// Bits below which every row entry runs on `i128` (`eval::fits_i128`).
const I128_BITS: u64 = 50;

/// Denominators of a table are multiplied out exactly (their lcm) only up to this many bits
/// in all; beyond it their product bounds the lcm.
const EXACT_LCM_BITS: u64 = 4096;

/// Upper bounds for one map over all tokens: the largest number of nonzero entries of a
/// vector, the bits of a common denominator of the entries of one vector (`row`) and of every
/// vector (`all`), and `v` with `|a| < 2^v` for every entry (so `a·L` has at most `den + v`
/// bits over a common denominator `L`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MapSize {
    nnz: u64,
    row: u64,
    all: u64,
    v: u64,
}

fn bits(x: &BigInt) -> u64 {
    x.bits()
}

/// `v` of one rational: `|p/q| < 2^(bits(p) − bits(q) + 1)`, at least 0.
fn value_bits(a: &Rat) -> u64 {
    (bits(a.numer()) + 1).saturating_sub(bits(a.denom()))
}

fn log2_ceil(x: u64) -> u64 {
    64 - x.saturating_sub(1).leading_zeros() as u64
}

/// Bits of a common denominator of `dens`: their lcm when they are short together, else the
/// bits of their product.
fn lcm_bits(dens: &BTreeSet<&BigInt>) -> u64 {
    let total: u64 = dens.iter().map(|d| bits(d)).sum();
    if total > EXACT_LCM_BITS {
        return total;
    }
    bits(&dens.iter().fold(BigInt::one(), |l, d| l.lcm(d)))
}

fn map_size(map: &Map, m: u32) -> MapSize {
    let m64 = u64::from(m);
    match map {
        Map::Concat(parts) => {
            let s: Vec<MapSize> = parts.iter().map(|p| map_size(p, m)).collect();
            MapSize {
                nnz: s.iter().map(|x| x.nnz).sum(),
                row: s.iter().map(|x| x.row).sum(),
                all: s.iter().map(|x| x.all).sum(),
                v: s.iter().map(|x| x.v).max().unwrap_or(0),
            }
        }
        Map::Table { rows, .. } => {
            let mut every = BTreeSet::new();
            let (mut nnz, mut row, mut v) = (0u64, 0u64, 0u64);
            for r in rows {
                nnz = nnz.max(r.len() as u64);
                let mut dens = BTreeSet::new();
                for (_, a) in r {
                    v = v.max(value_bits(a));
                    if !a.denom().is_one() {
                        dens.insert(a.denom());
                    }
                }
                row = row.max(lcm_bits(&dens));
                every.extend(dens);
            }
            MapSize { nnz, row, all: lcm_bits(&every), v }
        }
        Map::Rule { rule, scale } => {
            if scale.is_zero() || *rule == Rule::Zero {
                return MapSize { nnz: 0, row: 0, all: 0, v: 0 };
            }
            let (d, v) = (bits(scale.denom()) - 1, value_bits(scale));
            let (nnz, d, v) = match rule {
                Rule::Ones | Rule::Unit => (1, d, v),
                Rule::Bits | Rule::NotBits => (m64, d, v),
                Rule::Weight => (1, d, v + log2_ceil(m64 + 1)),
                // Entries `scale·(q/p)^o`, `o ≤ m`, for the base `p/q`: every denominator
                // divides `den(scale)·p^m`; `|(q/p)^o| < 2^(m·(bits q − bits p + 1))` when it
                // exceeds 1.
                Rule::Row(b) => {
                    let (p, q) = (bits(b.numer()), bits(b.denom()));
                    (1 << m, d + m64 * p, v + m64 * (q + 1).saturating_sub(p))
                }
                Rule::Zero => (0, 0, 0),
            };
            MapSize { nnz, row: d, all: d, v }
        }
    }
}

/// `1 + ⌊bits/64⌋` limbs.
fn limbs(bits: u64) -> u128 {
    u128::from(bits / 64 + 1)
}

/// One normalised rational operation on numbers of `bits` bits.
fn op(bits: u64) -> u128 {
    let l = limbs(bits);
    OP + 4 * l + l * l / 16
}

/// `C(n + k − 1, k)`: multisets of `k` of `n` tokens, saturating.
fn multisets(n: u128, k: u32) -> u128 {
    let mut c: u128 = 1;
    for i in 1..=u128::from(k) {
        // c·(n + i − 1)/i stays an integer at every step (it is C(n + i − 1, i)).
        c = match c.checked_mul(n + i - 1) {
            Some(x) => x / i,
            None => return u128::MAX,
        };
    }
    c
}

/// The sizes of a head's numbers, from its maps alone.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    m: u32,
    /// Terms of the dot products of `α` and of `s`.
    terms: (u64, u64),
    /// Bits (numerator and denominator) of an entry of `α` and of `s`, at most.
    entry: (u64, u64),
    /// Bits (numerator and denominator) of a product `α·s`, at most.
    prod: u64,
    /// Bits of a row entry over the row's common denominator (`eval::big_rows`), at most.
    row: u64,
}

/// The sizes of the head `spec` builds over `{0,1}^m`.
pub fn sizes(spec: &Spec, m: u32) -> Sizes {
    let [q, k, v, w, b] = [&spec.phi_q, &spec.phi_k, &spec.v, &spec.w, &spec.beta].map(|x| map_size(x, m));
    let (ta, ts) = (q.nnz.min(k.nnz), v.nnz.min(w.nnz));
    // α(q,k) = Σ a_i b_i over L_Q(q)·L_K(k) with |α| < ta·2^(vQ + vK); s = w·v + β over
    // L_w(q)·L_v(k)·L_β(q), each L the common denominator of one vector.
    let va = q.v + k.v + log2_ceil(ta + 1);
    let vs = (w.v + v.v + log2_ceil(ts + 1)).max(b.v) + 1;
    let (ea, es) = (2 * (q.row + k.row) + va, 2 * (w.row + v.row + b.row) + vs);
    // A row is one query: its entries α·D and α·s·D, D a common denominator of the row,
    // which divides L_Q(q)·L_w(q)·L_β(q) times the common denominators of every key vector.
    let den = q.row + k.all + w.row + v.all + b.row;
    let row = den + va + vs;
    Sizes { m, terms: (ta, ts), entry: (ea, es), prod: ea + es, row }
}

/// Units of comparing or copying numbers of `bits` bits (linear).
fn lin(bits: u64) -> u128 {
    5 + limbs(bits)
}

/// Units of building the tables (`Head::build`) and checking their invariance.
pub fn tables(s: &Sizes) -> u128 {
    let n = 1u128 << s.m;
    let ((ta, ts), (ea, es)) = (s.terms, s.entry);
    // Per pair: the two dot products (a product and a sum per term), the scaled map vectors,
    // s + β, and the two entries compared twice each (the invariance check).
    let pair = u128::from(ta + 4) * op(ea) + u128::from(ts + 4) * op(es) + lin(ea + es);
    (n * n).saturating_mul(pair)
}

/// Units of putting the rows of `queries` query tokens over common denominators
/// (`eval::big_rows`): per query and key `α·s`, the denominator grown twice, two entries
/// scaled.
pub fn rows(s: &Sizes, queries: u128) -> u128 {
    (queries * (1u128 << s.m) * 4).saturating_mul(op(s.prod.max(s.row)))
}

/// Units of walking every class of lengths `lo..=hi` for `queries` query tokens at
/// tolerance `eps`, their rows included.
pub fn walk(s: &Sizes, queries: u128, lo: u32, hi: u32, eps: &Rat) -> u128 {
    let n = 1u128 << s.m;
    let classes = (lo..=hi).fold(0u128, |acc, len| acc.saturating_add(multisets(n, len - 1)));
    let small = BigInt::one() << 32;
    let fast = s.row < I128_BITS && hi <= 64 && eps.numer().abs() < small && eps.denom() < &small;
    let per = if fast {
        2
    } else {
        // Sums of up to `hi` entries, compared against ε by cross-multiplication.
        let l = limbs(s.row + log2_ceil(u64::from(hi)) + bits(eps.numer()) + bits(eps.denom()));
        14 + l + l * l / 256
    };
    // Each length also confirms its witnesses by direct rational evaluation.
    let confirm = u128::from(hi - lo + 1) * 4 * u128::from(hi) * op(s.prod);
    let leaves = queries.saturating_mul(classes).saturating_mul(per).saturating_add(confirm);
    rows(s, queries).saturating_add(leaves)
}

/// Query tokens walked: `m + 1` when the head is known invariant and the symmetry is allowed.
pub fn queries(m: u32, invariant: bool, symmetry: bool) -> u128 {
    if invariant && symmetry {
        u128::from(m) + 1
    } else {
        1u128 << m
    }
}

/// Units of `head attack` at length `n`: the class pairs of every query (each confirmed on
/// three sequences of length `n`), then the exhaustive search of length `n`.
pub fn attack(s: &Sizes, queries: u128, n: u32, eps: &Rat) -> u128 {
    let n_tok = 1u128 << s.m;
    let h = u128::from(s.m) + 1;
    let scan = queries.saturating_mul(2 * n_tok + h * h * (3 * u128::from(n) + 4)).saturating_mul(op(s.prod));
    scan.saturating_add(walk(s, queries, n, n, eps))
}

/// A head's name in a message: the user's (a head file's `name`, a base of thousands of
/// digits), so cut after 40 characters.
pub fn short(name: &str) -> String {
    if name.chars().count() > 40 {
        name.chars().take(40).chain("…".chars()).collect()
    } else {
        name.to_string()
    }
}

/// `Ok` when `work` is within `MAX_HEAD_WORK`; else the one-line refusal, `what` naming the
/// command's work.
pub fn within_budget(work: u128, what: &str) -> Result<(), Error> {
    if work <= MAX_HEAD_WORK {
        return Ok(());
    }
    let shown = if work == u128::MAX { "more than 10^38".to_string() } else { work.to_string() };
    Err(Error::TooLarge(format!(
        "too large: {what} is {shown} units of work (table entries and sequence classes, weighted by the size of their numbers), above the supported {MAX_HEAD_WORK} (minip help limits)"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::{q, qi};

    #[test]
    fn multisets_count_the_classes() {
        assert_eq!(multisets(4, 0), 1);
        assert_eq!(multisets(4, 2), 10);
        assert_eq!(multisets(256, 2), 32896);
        assert_eq!(multisets(1 << 10, 63), u128::MAX);
    }

    #[test]
    fn softmax_sizes_are_tight() {
        // Base 6 at m = 8: rows 6^(8−o) and their products with s ≤ 8, below 2^50: i128.
        let spec = super::super::builtin("softmax", None, 3).unwrap().unwrap();
        let s = sizes(&spec, 8);
        assert!(s.row < I128_BITS, "{s:?}");
        let confirm = 3 * 4 * 3 * op(s.prod);
        let rows = rows(&s, 9);
        assert_eq!(
            walk(&s, queries(8, true, true), 1, 3, &q(1, 2)),
            2 * 9 * (1 + 256 + 32896) + confirm + rows
        );
        // A base of 1000 digits (3322 bits): entries 10^(−1000·o), o ≤ m.
        let big = super::super::builtin("softmax", Some(&qi(10).pow(1000)), 3).unwrap().unwrap();
        let b = sizes(&big, 4);
        assert!(b.row >= 4 * 3322 && b.row < 4 * 3322 * 2, "{b:?}");
    }
}
