//! The CNF "two linear orders, one of the queries and one of the keys, agree on every forced
//! quadruple" (docs/math.md §5.8), built deterministically from `m` and a list of forced
//! ratios, so that the checker rebuilds the exact formula a DRAT proof refers to.
//!
//! A head of feature rank `≤ 2` gives such orders (the angles of its nonnegative features);
//! UNSAT of the formula refutes rank `≤ 2`. Tokens are `0..2^m` (bit `b` of the integer is
//! coordinate `b`). Variables: `Q(i, j)` for tokens `i < j` ("query `i` comes before query
//! `j`"), numbered `1..=P` in lexicographic order of `(i, j)`, `P = 2^m(2^m − 1)/2`; then
//! `K(i, j)` ("key `i` before key `j`") as `P + 1..=2P`. The literal "`j` before `i`" for
//! `i < j` is `−(i, j)`. Clauses, in this order:
//! 1. per order (queries, then keys), per triple `i < j < k` (lexicographic), the two
//!    3-cycles are forbidden: `¬(i<j) ∨ ¬(j<k) ∨ (i<k)` and `(i<j) ∨ (j<k) ∨ ¬(i<k)`;
//! 2. per forced quadruple `(p, q, a, b)` with `p < q` (in the order `p`, `q`, `a`, `b`):
//!    `Q(p before q) ⇔ K(a before b)`, as the two clauses `¬Q ∨ K` and `Q ∨ ¬K`.
//!
//! A quadruple is forced when, as seen from the query `p`, `a` is in class `lo` and `b` in
//! class `hi` of a listed ratio `R1 = R(lo, hi; |p|)`, as seen from `q`, `b` is in class `lo'`
//! and `a` in class `hi'` of a listed `R2 = R(lo', hi'; |q|)`, and `R1·R2 ≥ 1`. Classes as
//! seen from the query (docs/math.md §4.1): the overlap `o < h`, `h` for the query itself,
//! `h + 1` (`h⁺`) for a strict superset.
//!
//! Depends on rationals only; what the ratios mean is the checker's (`crate::check::rank2`).

use super::cnf::{Cnf, Lit};
use crate::rational::Rat;
use num_traits::One;

/// Largest `m` the formula is built for: `2^m` tokens, `2·C(2^m, 3)` cycle clauses per order
/// (166,656 clauses at `m = 6`) and `4^m·4^m/2` candidate quadruples scanned.
pub const MAX_ORDER_M: u32 = 6;

/// One forced ratio as the formula uses it: at every query of weight `h`, every key of
/// class `lo` weighs more than `ratio > 0` times every key of class `hi` (docs/math.md §4.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forced {
    pub h: u32,
    pub lo: u32,
    pub hi: u32,
    pub ratio: Rat,
}

/// The class of key `k` as seen from the query `p` (docs/math.md §4.1): `<p,k>` when below
/// `|p|`, `|p|` for `k = p`, `|p| + 1` for a strict superset.
pub fn class(p: u64, k: u64) -> u32 {
    let h = p.count_ones();
    let o = (p & k).count_ones();
    if o < h {
        o
    } else if k == p {
        h
    } else {
        h + 1
    }
}

/// A built formula and what it is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderCnf {
    pub formula: Cnf,
    /// `2^m`.
    pub tokens: usize,
    /// The forced quadruples `(p, q, a, b)`, `p < q`, in the order of their clauses.
    pub quadruples: Vec<[u64; 4]>,
}

impl OrderCnf {
    /// The variable of the pair `i < j` of one order (`keys`: the key order).
    pub fn var(&self, keys: bool, i: u64, j: u64) -> Lit {
        pair_var(self.tokens as u64, keys, i, j)
    }
    /// The literal "`i` comes before `j`" in one order (`i ≠ j`).
    pub fn before(&self, keys: bool, i: u64, j: u64) -> Lit {
        before(self.tokens as u64, keys, i, j)
    }
}

fn pair_var(n: u64, keys: bool, i: u64, j: u64) -> Lit {
    debug_assert!(i < j && j < n);
    let idx = i * (2 * n - i - 1) / 2 + (j - i - 1);
    let off = if keys { n * (n - 1) / 2 } else { 0 };
    (off + idx + 1) as Lit
}

fn before(n: u64, keys: bool, i: u64, j: u64) -> Lit {
    if i < j {
        pair_var(n, keys, i, j)
    } else {
        -pair_var(n, keys, j, i)
    }
}

/// An upper estimate of the literals `encode(m, ·)` writes (the cycle clauses, and at most
/// one quadruple per query pair and ordered key pair), saturating; `m` above
/// [`MAX_ORDER_M`] gives `u128::MAX`.
pub fn estimate(m: u32) -> u128 {
    if m > MAX_ORDER_M {
        return u128::MAX;
    }
    let n = 1u128 << m;
    let triples = n * (n - 1) * (n - 2) / 6;
    let pairs = n * (n - 1) / 2;
    12 * triples + 4 * pairs * n * n
}

/// The formula for `m` bits and the listed ratios (each entry's `ratio > 0`; an entry of a
/// weight `h > m` has no query and adds nothing). `m ≤ MAX_ORDER_M` (the caller checks).
pub fn encode(m: u32, forced: &[Forced]) -> OrderCnf {
    assert!(m <= MAX_ORDER_M, "m = {m} above {MAX_ORDER_M}");
    let n = 1u64 << m;
    let tokens = n as usize;
    let mut clauses: Vec<Vec<Lit>> = Vec::new();
    for keys in [false, true] {
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    let (ij, jk, ik) =
                        (pair_var(n, keys, i, j), pair_var(n, keys, j, k), pair_var(n, keys, i, k));
                    clauses.push(vec![-ij, -jk, ik]);
                    clauses.push(vec![ij, jk, -ik]);
                }
            }
        }
    }
    // table[p][a][b]: the index of the listed ratio that makes `a` outweigh `b` at `p`.
    let ones: Vec<Vec<bool>> =
        forced.iter().map(|f| forced.iter().map(|g| &f.ratio * &g.ratio >= Rat::one()).collect()).collect();
    let by_query: Vec<Vec<Option<usize>>> = (0..n)
        .map(|p| {
            let h = p.count_ones();
            let mut t = vec![None; tokens * tokens];
            for (ri, f) in forced.iter().enumerate().filter(|(_, f)| f.h == h) {
                for a in (0..n).filter(|&a| class(p, a) == f.lo) {
                    for b in (0..n).filter(|&b| class(p, b) == f.hi) {
                        // The first listed entry wins (a checker refuses duplicates anyway).
                        t[(a * n + b) as usize].get_or_insert(ri);
                    }
                }
            }
            t
        })
        .collect();
    let mut quadruples = Vec::new();
    for p in 0..n {
        for q in p + 1..n {
            for a in 0..n {
                for b in 0..n {
                    let (Some(r1), Some(r2)) = (
                        by_query[p as usize][(a * n + b) as usize],
                        by_query[q as usize][(b * n + a) as usize],
                    ) else {
                        continue;
                    };
                    if ones[r1][r2] {
                        quadruples.push([p, q, a, b]);
                    }
                }
            }
        }
    }
    for &[p, q, a, b] in &quadruples {
        let x = before(n, false, p, q);
        let y = before(n, true, a, b);
        clauses.push(vec![-x, y]);
        clauses.push(vec![x, -y]);
    }
    OrderCnf { formula: Cnf { vars: tokens * (tokens - 1), clauses }, tokens, quadruples }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::qi;

    #[test]
    fn classes_as_seen_from_the_query() {
        // p = 0b0011 (weight 2): 0b1100 overlap 0, 0b0110 overlap 1, p itself 2, 0b0111 is 2+.
        assert_eq!([class(3, 12), class(3, 6), class(3, 3), class(3, 7)], [0, 1, 2, 3]);
    }

    #[test]
    fn at_m_4_the_weight_2_ratios_force_only_complements() {
        // R(0, 2; 2) = R(0, 2+; 2) = 1: a key disjoint from p outweighs p and its supersets.
        // At m = 4 the only forced quadruples are (p, ¬p, ¬p, p) for the 3 pairs {p, ¬p}.
        let f = [Forced { h: 2, lo: 0, hi: 2, ratio: qi(1) }, Forced { h: 2, lo: 0, hi: 3, ratio: qi(1) }];
        let e = encode(4, &f);
        assert_eq!(e.quadruples, vec![[3, 12, 12, 3], [5, 10, 10, 5], [6, 9, 9, 6]]);
        assert_eq!(e.formula.vars, 240);
        assert_eq!(e.formula.clauses.len(), 4 * 560 + 2 * 3);
        assert_eq!((e.var(false, 0, 1), e.var(false, 14, 15), e.var(true, 0, 1)), (1, 120, 121));
        assert_eq!(e.before(true, 15, 14), -240);
        assert!(estimate(4) >= 4 * 560 * 3 + 2 * 3 * 2 && estimate(7) == u128::MAX);
        // A product below 1 forces nothing.
        let weak = [Forced { h: 2, lo: 0, hi: 2, ratio: crate::rational::q(1, 2) }];
        assert!(encode(4, &weak).quadruples.is_empty());
    }
}
