//! The CNF question "do integer values `v : {0,1}^m → [0, V]` separate the target functions of
//! the multisets of `h = n − 1` keys?" (docs/math.md §13.9): uniform attention, `D = 1`, the
//! decoder reading `S(M) = Σ_{k∈M} v(k)`. Built deterministically from `(m, h, V)` alone, so the
//! checker rebuilds the exact formula a DRAT refutation refers to.
//!
//! Variables: the value of token `k` (`0 ≤ k < 2^m`) is `w = max(1, bitlen(V))` bits,
//! `v(k)` bit `b` (least significant first) is variable `k·w + b + 1`; then auxiliaries in the
//! order they are made. Clauses, in this order:
//! 1. `v(k) ≤ V` for every token: for each bit `b` where `V` has a 0, the clause
//!    `¬v_b ∨ ⋁_{c > b, V_c = 1} ¬v_c` (exact: `v > V` iff at the highest bit where they differ
//!    `v` has the 1);
//! 2. symmetry breaking: `v(0) ≤ v(2^m − 1)` and `v(e_1) ≤ v(e_2) ≤ … ≤ v(e_m)` (`e_i` the
//!    token with the single bit `i − 1`), each a lexicographic comparator with "prefix equal"
//!    auxiliaries. Sound together: `v ↦ V − v` keeps `[0, V]` and maps `S(M)` to `hV − S(M)`
//!    (still separating) and swaps the order of `v(0)` and `v(2^m − 1)`; a permutation `π` of
//!    the coordinates fixes `0` and `2^m − 1`, permutes the `e_i` and the target functions
//!    (`t(πx, πM) = t(x, M)`), so `v ∘ π` separates when `v` does and can sort the `v(e_i)`;
//! 3. per pair of multisets `{M, M'}` with different target functions, the common keys
//!    cancelled (`S(M) ≠ S(M')` iff the sums of what is left differ), the reduced pairs deduplicated and
//!    taken in sorted order: the sums of the two sides as ripple-carry adders (the sum of `j`
//!    keys is the sum of its first `j − 1` keys plus the last one, each sum made once, when
//!    first needed; full and half adders with both implication directions), then
//!    `S(A) ≠ S(B)`: fresh `d_i → (a_i ≠ b_i)` per bit and the clause `⋁ d_i`.
//!
//! Depends on nothing in the crate but [`super::cnf::Cnf`].

use super::cnf::{Cnf, Lit};
use std::collections::{BTreeSet, HashMap};

/// Token bits of the formula (`2^m` value words; every multiset classified by its target function).
pub const MAX_PRECISION_M: u32 = 4;
/// Keys per multiset, `h = n − 1` (`3 ≤ n ≤ 5`).
pub const MAX_PRECISION_H: u32 = 4;
/// Largest `V` of the formula (values of at most 20 bits).
pub const MAX_PRECISION_V: u64 = (1 << 20) - 1;

/// An upper estimate of the literals [`encode`] writes for `(m, h, V)`, saturating: the value
/// clauses, `3·(jV + 1)(V + 1)` per sum of `j ≤ h` keys (every multiset of every size), and
/// `2·(hV + 1)` per pair of multisets of `h` keys.
pub fn estimate(m: u32, h: u32, vmax: u64) -> u128 {
    let t = 1u128 << m.min(64);
    let v = u128::from(vmax) + 1;
    let count = |j: u32| (0..u128::from(j)).fold(1u128, |c, i| c.saturating_mul(t + i) / (i + 1));
    let mut lits = t.saturating_mul(v).saturating_mul(2);
    for j in 2..=h {
        let per = 3u128.saturating_mul(u128::from(j).saturating_mul(v)).saturating_mul(v);
        lits = lits.saturating_add(count(j).saturating_mul(per));
    }
    let pairs = count(h).saturating_mul(count(h)) / 2;
    lits.saturating_add(pairs.saturating_mul(2 * u128::from(h) * v))
}

/// Every multiset of `h` keys from `0..t`, sorted tuples in lexicographic order.
pub fn multisets(t: u32, h: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut ks = vec![0u32; h as usize];
    loop {
        out.push(ks.clone());
        let Some(i) = (0..h as usize).rev().find(|&i| ks[i] + 1 < t) else { return out };
        ks[i] += 1;
        for j in i + 1..h as usize {
            ks[j] = ks[i];
        }
    }
}

/// The target function `x ↦ min_{k∈M} <x,k>` of a multiset, one entry per query `x`.
pub fn target_function(m: u32, keys: &[u32]) -> Vec<u8> {
    (0..1u32 << m).map(|x| keys.iter().map(|&k| (x & k).count_ones()).min().unwrap_or(0) as u8).collect()
}

/// The pairs of multisets (sorted by [`multisets`]' order, `i < j`) whose target functions differ.
pub fn separated_pairs(m: u32, h: u32) -> Vec<(Vec<u32>, Vec<u32>)> {
    let ms = multisets(1 << m, h);
    let fs: Vec<Vec<u8>> = ms.iter().map(|k| target_function(m, k)).collect();
    let mut out = Vec::new();
    for i in 0..ms.len() {
        for j in i + 1..ms.len() {
            if fs[i] != fs[j] {
                out.push((ms[i].clone(), ms[j].clone()));
            }
        }
    }
    out
}

/// The two sorted multisets with their common keys removed.
fn cancel(a: &[u32], b: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let (mut i, mut j) = (0, 0);
    let (mut ra, mut rb) = (Vec::new(), Vec::new());
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x < y => {
                ra.push(*x);
                i += 1;
            }
            (Some(x), None) => {
                ra.push(*x);
                i += 1;
            }
            (_, Some(y)) => {
                rb.push(*y);
                j += 1;
            }
            (None, None) => unreachable!("the loop condition"),
        }
    }
    (ra, rb)
}

/// The formula and where the values are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrecisionCnf {
    pub formula: Cnf,
    pub m: u32,
    pub h: u32,
    pub vmax: u64,
    /// Reduced disequalities `S(A) ≠ S(B)` the formula states.
    pub disequalities: usize,
}

impl PrecisionCnf {
    /// Variable "`v(k) = i`".
    pub fn value_var(&self, k: u32, i: u64) -> Lit {
        value_var(self.vmax, k, i)
    }
    /// The values a model (`true` per variable, index `var − 1`) assigns: per token the least
    /// `i` with "`v(k) = i`" true (any choice of true indicators separates, see the module
    /// comment), `None` for a token without one.
    pub fn values(&self, model: &[bool]) -> Option<Vec<u64>> {
        (0..1u32 << self.m)
            .map(|k| (0..=self.vmax).find(|&i| model.get(self.value_var(k, i) as usize - 1) == Some(&true)))
            .collect()
    }
}

fn value_var(vmax: u64, k: u32, i: u64) -> Lit {
    (u64::from(k) * (vmax + 1) + i + 1) as Lit
}

struct Builder {
    f: Cnf,
}

impl Builder {
    fn fresh(&mut self) -> Lit {
        self.f.vars += 1;
        self.f.vars as Lit
    }
    fn clause(&mut self, c: &[Lit]) {
        self.f.clauses.push(c.to_vec());
    }
    /// `v(a) ≤ v(b)` on indicators: `[v(a) = i] → ⋁_{j ≥ i} [v(b) = j]`.
    fn le(&mut self, a: &[Lit], b: &[Lit]) {
        for i in 0..a.len() {
            let mut c = vec![-a[i]];
            c.extend_from_slice(&b[i..]);
            self.clause(&c);
        }
    }
    /// Indicators of `σ = S(A) + v(k)` from those of `S(A)` and `v(k)`:
    /// `[S(A) = i] ∧ [v(k) = j] → [σ = i + j]`.
    fn add(&mut self, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
        let out: Vec<Lit> = (0..a.len() + b.len() - 1).map(|_| self.fresh()).collect();
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                self.clause(&[-x, -y, out[i + j]]);
            }
        }
        out
    }
    /// `S(A) ≠ S(B)`: no sum is indicated on both sides.
    fn differ(&mut self, a: &[Lit], b: &[Lit]) {
        for (&x, &y) in a.iter().zip(b) {
            self.clause(&[-x, -y]);
        }
    }
}

/// Builds the formula for `(m, h, V)` (callers check the limits: `1 ≤ m ≤` [`MAX_PRECISION_M`],
/// `2 ≤ h ≤` [`MAX_PRECISION_H`], `V ≤` [`MAX_PRECISION_V`]).
pub fn encode(m: u32, h: u32, vmax: u64) -> PrecisionCnf {
    // Within these the variable numbers (below 2^4·2^20 for the values) and the literal
    // counts cannot wrap; `check::readout_precision::check_shape` refuses anything else.
    debug_assert!((1..=MAX_PRECISION_M).contains(&m) && h <= MAX_PRECISION_H && vmax <= MAX_PRECISION_V);
    let t = 1u32 << m;
    let mut bld = Builder { f: Cnf { vars: t as usize * (vmax as usize + 1), clauses: Vec::new() } };
    let word = |k: u32| -> Vec<Lit> { (0..=vmax).map(|i| value_var(vmax, k, i)).collect() };
    for k in 0..t {
        bld.clause(&word(k));
    }
    let zero: Vec<Lit> = (0..t).map(|k| value_var(vmax, k, 0)).collect();
    bld.clause(&zero);
    bld.le(&word(0), &word(t - 1));
    for i in 0..m.saturating_sub(1) {
        bld.le(&word(1 << i), &word(1 << (i + 1)));
    }
    let reduced: BTreeSet<(Vec<u32>, Vec<u32>)> = separated_pairs(m, h)
        .into_iter()
        .map(|(a, b)| {
            let (ra, rb) = cancel(&a, &b);
            if ra <= rb {
                (ra, rb)
            } else {
                (rb, ra)
            }
        })
        .collect();
    let mut sums: HashMap<Vec<u32>, Vec<Lit>> = HashMap::new();
    for k in 0..t {
        sums.insert(vec![k], word(k));
    }
    fn sum_of(bld: &mut Builder, sums: &mut HashMap<Vec<u32>, Vec<Lit>>, keys: &[u32]) -> Vec<Lit> {
        if let Some(s) = sums.get(keys) {
            return s.clone();
        }
        let (rest, last) = keys.split_at(keys.len() - 1);
        let a = sum_of(bld, sums, rest);
        let b = sums[last].clone();
        let s = bld.add(&a, &b);
        sums.insert(keys.to_vec(), s.clone());
        s
    }
    for (a, b) in &reduced {
        let sa = sum_of(&mut bld, &mut sums, a);
        let sb = sum_of(&mut bld, &mut sums, b);
        bld.differ(&sa, &sb);
    }
    PrecisionCnf { formula: bld.f, m, h, vmax, disequalities: reduced.len() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over all assignments of the auxiliaries is out of reach; instead, fix the
    /// values and propagate: the formula with the values as units is satisfiable iff they
    /// separate (checked on m = 1 and m = 2 by enumerating every value table).
    fn unit_propagates_to_conflict(f: &Cnf, units: &[Lit]) -> bool {
        let mut val = vec![0i8; f.vars + 1];
        for &u in units {
            val[u.unsigned_abs() as usize] = if u > 0 { 1 } else { -1 };
        }
        loop {
            let mut changed = false;
            for c in &f.clauses {
                let lv = |l: Lit| {
                    let v = val[l.unsigned_abs() as usize];
                    if l < 0 {
                        -v
                    } else {
                        v
                    }
                };
                if c.iter().any(|&l| lv(l) == 1) {
                    continue;
                }
                let free: Vec<Lit> = c.iter().copied().filter(|&l| lv(l) == 0).collect();
                match free.len() {
                    0 => return true,
                    1 => {
                        val[free[0].unsigned_abs() as usize] = if free[0] > 0 { 1 } else { -1 };
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return false;
            }
        }
    }

    #[test]
    fn cancelling_and_counts() {
        assert_eq!(cancel(&[0, 1, 1], &[1, 2, 3]), (vec![0, 1], vec![2, 3]));
        assert_eq!(cancel(&[0, 3], &[1, 3]), (vec![0], vec![1]));
        assert_eq!(multisets(4, 2).len(), 10);
        // m = 2, h = 2: 10 multisets in ω_3(2) = 5 classes: the zero function ({00, k} for
        // every k), {01, 01} = {01, 11}, {10, 10} = {10, 11}, {01, 10} and {11, 11}; so
        // C(4, 2) + 1 + 1 = 8 of the 45 pairs share a function.
        let ms = multisets(4, 2);
        let fs: BTreeSet<Vec<u8>> = ms.iter().map(|k| target_function(2, k)).collect();
        assert_eq!(fs.len(), 5);
        assert_eq!(separated_pairs(2, 2).len(), 45 - 8);
    }

    #[test]
    fn values_fixed_as_units_decide_the_formula() {
        // m = 2, h = 2, V = 6: with v = (0, 1, 4, 6) everything propagates without a conflict;
        // (0, 1, 4, 5) conflicts ({00, 11} and {01, 10} both sum to 5); the unsorted
        // (0, 4, 1, 6) and (6, 1, 4, 0) break the symmetry rules, (1, 2, 5, 6) has no 0.
        let f = encode(2, 2, 6);
        let units = |v: &[u64]| -> Vec<Lit> {
            (0..4u32)
                .flat_map(|k| (0..=6).map(move |i| (k, i)))
                .map(|(k, i)| if v[k as usize] == i { f.value_var(k, i) } else { -f.value_var(k, i) })
                .collect()
        };
        assert!(!unit_propagates_to_conflict(&f.formula, &units(&[0, 1, 4, 6])));
        for bad in [[0, 1, 4, 5], [0, 4, 1, 6], [6, 1, 4, 0], [1, 2, 5, 6]] {
            assert!(unit_propagates_to_conflict(&f.formula, &units(&bad)), "{bad:?}");
        }
        let mut model = vec![false; f.formula.vars];
        for (k, i) in [(0, 0), (1, 1), (1, 3), (2, 4), (3, 6)] {
            model[f.value_var(k, i) as usize - 1] = true;
        }
        assert_eq!(f.values(&model), Some(vec![0, 1, 4, 6]));
        model[f.value_var(3, 6) as usize - 1] = false;
        assert_eq!(f.values(&model), None);
    }
}
