//! Checking rank bounds from linear codes (`minip-rank-linear/1`, docs/math.md §9), end to end:
//! 1. the parameters and the blocks: lengths add up to `m`, `1 ≤ h`, `2h ≤ m`; every
//!    generator row has its block's length; the rows of a block are independent and at most
//!    `MAX_BLOCK_DIM` (so `2^k` combinations are `2^k` distinct codewords); the work is
//!    budgeted from these numbers before anything is enumerated;
//! 2. the pair counts: each distinct block's pair table enumerated from its generator
//!    (`model::linear::block_pairs`), convolved over the direct sum, and the slice of the
//!    weight-`h` words read off (`model::linear::pair_counts`): `k` and, per overlap, the
//!    number of ordered pairs;
//! 3. the classes (docs/math.md §5.3, §9.1): for `x_i ≠ x_j` of weight `h` and `y_j` the
//!    complement of `x_j`, `o = <x_i,y_j> = h − |x_i ∧ x_j|`; `o < h` is class `o`; `o = h`
//!    (disjoint words) is class `h` when `m = 2h` (then `y_j = x_i`) and class `h⁺` when
//!    `m > 2h` (then `y_j ⊋ x_i`); the stated classes must equal the recount;
//! 4. the ratios: one certificate per class, in order, for `R(0, class; h)` with the stated
//!    `n, ε, h`, full (`check_ratio`) or lower side only (`check_ratio_bound`), its value equal
//!    to the stated one and positive; `h⁺` needs the superset class (`m > h` holds here);
//! 5. the arithmetic: `value = k²/(k + Σ pairs·R^{−2})`, and `bound = ⌈value⌉`, or with
//!    `strict` `⌊value⌋ + 1` after checking `k ≥ 2` and a multiplier in every ratio; with
//!    `power = p > 1` (Hadamard power, docs/math.md §9.7) `R^{−2p}` in the sum, and `bound` the
//!    least `r` with `C(r + p − 1, p)` at least that integer.
//!
//! `claim`: what a checked file proves (the registry's rank-linear claims), and its line.

use super::input::{rational, stated};
use super::ratio::{bound_work, check_ratio, check_ratio_bound, ratio_work, within_budget};
use crate::error::{Error, Res};
use crate::format::rank_linear::{
    ChainRatio, RankLinearCertificate, RatioProof, RANK_LINEAR_FORMAT, RATIO_CHAIN_FORMAT,
};
use crate::model::code::parse_bits;
use crate::model::linear::{
    block_pair_work, convolution_work, gf2_rank, limbs_for, pair_counts, weight_groups, Block, Cells,
    PairEntry, MAX_BLOCK_DIM, MAX_BLOCK_LEN,
};
use crate::model::macwilliams::{
    dual_pair_work, dual_types, parse_wide, slice, slice_work, wide_rank, Wide, MAX_DUAL_DIM, MAX_DUAL_LEN,
};
use crate::rational::{fast, fmt_q, Rat};
use crate::rows::chain::ChainTable;
use crate::rows::ratio::{class_label, int_row_counts, ratio_instance};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;
use std::sync::Arc;

mod claim;
pub use claim::RankLinearClaim;

/// Results of the two enumerations, kept for the life of the process and keyed by everything
/// they are computed from (a block's length and generator rows; `h`, the blocks in order and
/// the limbs): the committed certificates share a few codes (`eham16^16` at n = 3..8), so a
/// directory is checked with each table computed once. A pure function of its key, so a hit
/// returns exactly what the computation would.
mod memo {
    use super::*;
    use std::sync::{Mutex, OnceLock};
    const KEEP: usize = 64;
    /// One slot per key, filled once: a thread that asks for a key another thread is still
    /// computing waits for that result instead of computing it again (with `--jobs 2` the
    /// files sharing a code used to race and enumerate the same tables twice).
    type Slot<V> = Arc<OnceLock<V>>;
    type Tables = Vec<(Block, Slot<Arc<Vec<PairEntry>>>)>;
    type Counts = Vec<((u32, Vec<Block>, usize), Slot<Res<Arc<Vec<BigUint>>>>)>;
    static TABLES: OnceLock<Mutex<Tables>> = OnceLock::new();
    static COUNTS: OnceLock<Mutex<Counts>> = OnceLock::new();

    /// The slot of `key` (a new empty one if absent), taken under the lock.
    fn slot<K: PartialEq, V>(cache: &Mutex<Vec<(K, Slot<V>)>>, key: K) -> Slot<V> {
        let mut c = cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = c.iter().find(|(k, _)| *k == key) {
            return e.1.clone();
        }
        if c.len() >= KEEP {
            c.remove(0);
        }
        let s: Slot<V> = Arc::default();
        c.push((key, s.clone()));
        s
    }

    pub fn block_pairs(b: &Block) -> Arc<Vec<PairEntry>> {
        let s = slot(TABLES.get_or_init(Default::default), b.clone());
        s.get_or_init(|| Arc::new(crate::model::linear::block_pairs(b))).clone()
    }

    type Duals = Vec<((u32, u32, Vec<Wide>), Slot<Res<Arc<Vec<BigUint>>>>)>;
    static DUALS: OnceLock<Mutex<Duals>> = OnceLock::new();

    /// The slice `(h, h)` of a code given by its dual rows (`m`, `h`, rows): the committed
    /// `eham256` serves six certificates (n = 16..1024).
    pub fn dual_slice(
        m: u32,
        h: u32,
        rows: &[Wide],
        compute: impl FnOnce() -> Res<Vec<BigUint>>,
    ) -> Res<Arc<Vec<BigUint>>> {
        let s = slot(DUALS.get_or_init(Default::default), (m, h, rows.to_vec()));
        s.get_or_init(|| compute().map(Arc::new)).clone()
    }

    pub fn pair_counts(
        h: u32,
        order: &[Block],
        limbs: usize,
        compute: impl FnOnce() -> Res<Vec<BigUint>>,
    ) -> Res<Arc<Vec<BigUint>>> {
        let s = slot(COUNTS.get_or_init(Default::default), (h, order.to_vec(), limbs));
        s.get_or_init(|| compute().map(Arc::new)).clone()
    }
}

/// Largest `m` (the direct sum's length).
pub const MAX_LINEAR_M: u32 = 4096;
/// Most pairs of codewords enumerated over all distinct blocks (`model::linear::
/// block_pair_work`: `≈ 4^k/2` per block, `4^k/8` with the all-ones word): two blocks of
/// dimension 16 without the all-ones word and some small ones. Measured on the idle 2-core
/// VM: `ham21s` (`2^31` pairs) 2.1 s, `rm2_5` (`2^29`) 0.5 s; so at most about 4.5 s.
pub const MAX_BLOCK_PAIRS: u128 = (1 << 32) + (1 << 26);
/// Most limb multiplications in the convolution, counted before any table is enumerated
/// (`model::linear::ops_of_groups` over `weight_groups`, at most 1.2 times the exact
/// `convolution_ops` on the committed codes). Measured on the 2-core VM: 3·10^8 to 1.4·10^9
/// per second (dense tables are the slow end), so at most about 7 s; the largest committed
/// code (`eham16^16`) needs 8.5·10^8. See `tests/rank_linear_budget.rs`.
pub const MAX_CONVOLUTION_OPS: u128 = 2_000_000_000;
/// Most steps of the convolution's loops around its limb operations, counted with them
/// (`model::linear::convolution_work`): `(h + 1)²` cells visited per block, and every pair of
/// a nonempty cell and a cell of the block's table. The committed direct sums need at most
/// 1.34·10^6 (`eham16^16` at h = 128); a sum of thousands of one-bit blocks at h = 512 needs
/// 10^9 and is refused in closed form, before any step is taken. Measured on the 2-core VM
/// under a load of about 4.5: 64 empty blocks at h = 1240 (9.9·10^7 cells visited) in 2.1 s,
/// so at most about 1 s at the limit; the count itself stops at the limit.
pub const MAX_CONVOLUTION_STEPS: u128 = 50_000_000;
/// Most modular products in the MacWilliams transform of a code given by its dual
/// (`model::macwilliams::slice_work`, Krawtchouk rows and the final sum, `O(N²)` per distinct
/// dual weight, `O(N)` per dual pair type). Measured on the 2-core VM under a load average of
/// about 8: `eham1024` 2.2·10^8 products in 1.5 s (6 ns each); the slowest
/// shape, 65536 pair types (`tests/rank_linear_budget.rs`), 7.9·10^8 in 13 s (16 ns each). So
/// at most about 6.5 s; `eham1024`, the largest committed code, needs 55% of it.
pub const MAX_MACWILLIAMS_WORK: u128 = 400_000_000;

/// What a checked certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankLinearChecked {
    pub n: u32,
    pub m: u32,
    pub h: u32,
    /// Number of weight-`h` codewords (pairs `(x_i, y_i)`).
    pub k: BigUint,
    /// Total dimension of the code.
    pub dim: u32,
    pub value: Rat,
    pub bound: BigUint,
    pub strict: bool,
    /// The Hadamard power (1: the plain bound).
    pub power: u32,
}

/// The largest Hadamard power a certificate may state.
pub const MAX_POWER: u32 = 8;

/// `C(r + p − 1, p)`: the dimension of the symmetric degree-`p` tensors over `R^r`, which
/// bounds `rank(M^{∘p})` when `rank M ≤ r` (docs/math.md §9.7).
pub fn sym_dim(r: &BigUint, p: u32) -> BigUint {
    let mut c = BigUint::one();
    for i in 0..p {
        c = c * (r + BigUint::from(i)) / BigUint::from(i + 1);
    }
    c
}

/// The least `r ≥ 1` with `sym_dim(r, p) ≥ need` (bisection; `sym_dim` grows with `r`).
pub fn least_rank(need: &BigUint, p: u32) -> BigUint {
    let (mut lo, mut hi) = (BigUint::one(), need.clone().max(BigUint::one()));
    while lo < hi {
        let mid = (&lo + &hi) >> 1;
        if &sym_dim(&mid, p) >= need {
            hi = mid;
        } else {
            lo = mid + BigUint::one();
        }
    }
    lo
}

/// Checks a `minip-ratio-chain/1` claim: default setting, `ε = 1/2`, `lo = 0`, `n`, `h`
/// and `hi` within the checker's limits; the chain rows rebuilt from `table` (built for this
/// `n` and spans up to `h`) by `rows::ratio::int_row_counts`, and the dual check of
/// `check::ratio::check_multipliers` done over integers: with `bound = a/b`, the combination
/// `(n−1)·2b·(A_0 − bound·A_hi) + Σ b·Y·row` (`Y = (n − 1)·y`, the rows over `q = 2`) must
/// leave nothing on any `P_c` and nothing negative on any `A_c`. The same dual as the
/// `minip-ratio-bound/1` of `ChainTable::multipliers` (a test checks both agree), in a number
/// of operations that does not grow with `n`. Returns the bound.
fn check_chain(r: &ChainRatio, table: &ChainTable) -> Res<Rat> {
    if r.format != RATIO_CHAIN_FORMAT {
        return Err(Error::Rejected(format!("format: expected {RATIO_CHAIN_FORMAT}")));
    }
    let p = &r.params;
    let eps = rational("params.eps", &p.eps)?;
    if eps != Rat::new(1.into(), 2.into()) || p.lo != 0 || p.n != table.n {
        return Err(Error::Rejected("params: the chain form is for eps = 1/2, lo = 0".into()));
    }
    if !p.is_default_setting() {
        return Err(Error::Rejected(format!("params: {RATIO_CHAIN_FORMAT} has the default setting only (min-ip, nonneg, shared maps, all keys)")));
    }
    if p.h > table.max_span() {
        return Err(Error::Rejected(format!("params.h = {}: beyond the certificate's h", p.h)));
    }
    let inst = ratio_instance(p.n, eps, p.h, p.lo, p.hi, p.superset).map_err(stated("params"))?;
    let bound = rational("bound", &r.bound)?;
    let (shapes, ks) = table.shapes(p.h, p.hi).ok_or_else(|| {
        Error::Rejected(format!(
            "no chain for R(0, {}; {}) (a span of at most 1)",
            class_label(p.h, p.hi),
            p.h
        ))
    })?;
    let k = inst.classes();
    let (n1, b) = (BigInt::from(p.n - 1), bound.denom().clone());
    // Σ Y·row first (Y = factor·W of the row's link, W kept as the product of the links'
    // K so far), in place; then v = b·Σ + the bound's terms.
    let mut v = vec![BigInt::zero(); 2 * k];
    let (mut w, mut at, mut term) = (BigInt::one(), 0usize, BigInt::zero());
    for shape in &shapes {
        while at < shape.link {
            w *= ks[at];
            at += 1;
        }
        for (j, coef) in int_row_counts(p.h, k, &shape.counts, shape.side, 1, 2) {
            term.clone_from(&w);
            term *= i128::from(coef) * i128::from(shape.factor);
            v[j] += &term;
        }
    }
    if !b.is_one() {
        for x in v.iter_mut().filter(|x| !x.is_zero()) {
            *x *= &b;
        }
    }
    v[p.lo as usize] += &n1 * 2 * &b;
    v[p.hi as usize] -= &n1 * 2 * bound.numer();
    let scale = Rat::from_integer(&n1 * 2 * &b);
    if let Some(o) = v[k..].iter().position(|x| !x.is_zero()) {
        let left = fmt_q(&(Rat::from_integer(v[k + o].clone()) / scale));
        return Err(Error::Rejected(format!(
            "multipliers: the combination leaves {left} on P_{}",
            class_label(p.h, o as u32)
        )));
    }
    if let Some(o) = v[..k].iter().position(|x| x.is_negative()) {
        let left = fmt_q(&(Rat::from_integer(v[o].clone()) / scale));
        return Err(Error::Rejected(format!(
            "multipliers: the combination leaves {left} < 0 on A_{}",
            class_label(p.h, o as u32)
        )));
    }
    Ok(bound)
}

/// The pair counts by overlap of the weight-`h` words of a direct sum of small blocks
/// (enumerated tables, convolved), and the total dimension; budgeted before any work.
fn direct_sum_counts(c: &RankLinearCertificate) -> Res<(Arc<Vec<BigUint>>, u64)> {
    let p = &c.params;
    let mut distinct: BTreeMap<Block, Option<Arc<Vec<PairEntry>>>> = BTreeMap::new();
    let mut order: Vec<Block> = Vec::new();
    let (mut len, mut dim) = (0u64, 0u64);
    for (bi, b) in c.blocks.iter().enumerate() {
        let at = format!("blocks[{bi}] ({})", b.name);
        if b.m == 0 || b.m > MAX_BLOCK_LEN {
            return Err(Error::Rejected(format!("{at}: length {} out of range (1..={MAX_BLOCK_LEN})", b.m)));
        }
        if b.copies == 0 {
            return Err(Error::Rejected(format!("{at}: copies must be at least 1")));
        }
        if b.generator.len() > MAX_BLOCK_DIM as usize {
            return Err(Error::TooLarge(format!(
                "too large to check: {at} has {} generator rows, the limit is {MAX_BLOCK_DIM}",
                b.generator.len()
            )));
        }
        let rows: Vec<u64> = b
            .generator
            .iter()
            .enumerate()
            .map(|(r, s)| {
                parse_bits(s, b.m).map_err(|e| e.at(&format!("{at}.generator[{r}]")).in_certificate())
            })
            .collect::<Result<_, _>>()?;
        if gf2_rank(&rows) != rows.len() {
            return Err(Error::Rejected(format!(
                "{at}: the generator rows are linearly dependent (rank {} < {})",
                gf2_rank(&rows),
                rows.len()
            )));
        }
        len += b.m as u64 * b.copies as u64;
        dim += rows.len() as u64 * b.copies as u64;
        if len > MAX_LINEAR_M as u64 {
            return Err(Error::Rejected(format!("blocks: total length exceeds {MAX_LINEAR_M}")));
        }
        let block = Block { m: b.m, rows };
        distinct.entry(block.clone()).or_insert(None);
        for _ in 0..b.copies {
            order.push(block.clone());
        }
    }
    if len != p.m as u64 {
        return Err(Error::Rejected(format!("blocks: total length {len}, but params.m = {}", p.m)));
    }
    let pair_work: u128 = distinct.keys().map(block_pair_work).sum();
    if pair_work > MAX_BLOCK_PAIRS {
        return Err(Error::TooLarge(format!("too large to check: {pair_work} pairs of block codewords to enumerate, the limit is {MAX_BLOCK_PAIRS}")));
    }
    // The convolution, bounded from the blocks' weight distributions (`2^k` words each).
    let limbs = limbs_for(dim as u32);
    let weights: BTreeMap<&Block, Cells> = distinct.keys().map(|b| (b, weight_groups(b))).collect();
    let groups: Vec<(u32, Cells)> = order.iter().map(|b| (b.m, weights[b].clone())).collect();
    let work = convolution_work(p.h, &groups, limbs, MAX_CONVOLUTION_STEPS);
    if work.steps > MAX_CONVOLUTION_STEPS {
        return Err(Error::TooLarge(format!(
            "too large to check: at least {} steps of the convolution over {} blocks at h = {}, the limit is {MAX_CONVOLUTION_STEPS}",
            work.steps,
            groups.len(),
            p.h
        )));
    }
    if work.ops > MAX_CONVOLUTION_OPS {
        return Err(Error::TooLarge(format!("too large to check: about {} limb operations in the convolution, the limit is {MAX_CONVOLUTION_OPS}", work.ops)));
    }
    // 2. The pair tables of the distinct blocks, then the convolution.
    for (b, t) in distinct.iter_mut() {
        *t = Some(memo::block_pairs(b));
    }
    let by_overlap = memo::pair_counts(p.h, &order, limbs, || {
        let tables: Vec<(u32, &[PairEntry])> =
            order.iter().map(|b| (b.m, distinct[b].as_deref().map_or(&[][..], |t| &t[..]))).collect();
        pair_counts(p.h, &tables, limbs)
    })?;
    Ok((by_overlap, dim))
}

/// The pair counts by overlap of the weight-`h` words of one long code given by its dual
/// (docs/math.md §9.6): the dual's `4^d` pairs by type, then the MacWilliams transform of the
/// slice `(h, h)`; both budgeted first. Returns the counts and the code's dimension `m − d`.
fn dual_counts(c: &RankLinearCertificate) -> Res<(Arc<Vec<BigUint>>, u64)> {
    let p = &c.params;
    let [b] = c.blocks.as_slice() else {
        return Err(Error::Rejected("blocks: a block given by its dual must be the only block".into()));
    };
    let at = format!("blocks[0] ({})", b.name);
    if b.copies != 1 || !b.generator.is_empty() {
        return Err(Error::Rejected(format!(
            "{at}: a block given by its dual has one copy and no generator rows"
        )));
    }
    if b.m != p.m {
        return Err(Error::Rejected(format!("blocks: total length {}, but params.m = {}", b.m, p.m)));
    }
    if b.m > MAX_DUAL_LEN {
        return Err(Error::TooLarge(format!("too large to check: {at} has length {}, the limit for a code given by its dual is {MAX_DUAL_LEN}", b.m)));
    }
    if b.dual.len() > MAX_DUAL_DIM as usize {
        return Err(Error::TooLarge(format!(
            "too large to check: {at} has {} dual rows, the limit is {MAX_DUAL_DIM}",
            b.dual.len()
        )));
    }
    let rows: Vec<Wide> = b
        .dual
        .iter()
        .enumerate()
        .map(|(r, s)| parse_wide(s, b.m).map_err(|e| e.at(&format!("{at}.dual[{r}]")).in_certificate()))
        .collect::<Result<_, _>>()?;
    let rank = wide_rank(&rows);
    if rank != rows.len() {
        return Err(Error::Rejected(format!(
            "{at}: the dual rows are linearly dependent (rank {rank} < {})",
            rows.len()
        )));
    }
    let d = rows.len() as u32;
    let pair_work = dual_pair_work(b.m, d);
    if pair_work > MAX_BLOCK_PAIRS {
        return Err(Error::TooLarge(format!(
            "too large to check: {pair_work} dual pair operations, the limit is {MAX_BLOCK_PAIRS}"
        )));
    }
    let counts = memo::dual_slice(b.m, p.h, &rows, || {
        let types = dual_types(b.m, &rows);
        let work = slice_work(b.m, &types, p.h, p.h);
        if work > MAX_MACWILLIAMS_WORK {
            return Err(Error::TooLarge(format!("too large to check: about {work} modular products in the MacWilliams transform, the limit is {MAX_MACWILLIAMS_WORK}")));
        }
        let mut counts = slice(b.m, d, &types, p.h, p.h)?;
        counts.resize(p.h as usize + 1, BigUint::zero());
        Ok(counts)
    })?;
    Ok((counts, u64::from(b.m - d)))
}

/// Longest informational name (`construction`, a block's `name`).
pub const MAX_NAME_LEN: usize = 256;

/// `Err` unless `s` is a plain name: 1 to `MAX_NAME_LEN` characters among ASCII letters,
/// digits and `_ ^ + . -` (every name minip writes: `eham16^9+golay24`, `rm2_5`, `eham1024`).
///
/// ```
/// use minip_check::check::rank_linear::plain_name;
/// assert!(plain_name("construction", "eham16^9+golay24").is_ok());
/// assert_eq!(
///     plain_name("construction", "eham16, n=3\nok").unwrap_err(),
///     "construction: 'eham16, n=3\\nok' is not a plain name (1 to 256 ASCII letters, digits and _ ^ + . -)"
/// );
/// ```
pub fn plain_name(what: &str, s: &str) -> Res<()> {
    let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '^' | '+' | '.' | '-');
    if s.is_empty() || s.len() > MAX_NAME_LEN || !s.chars().all(ok) {
        return Err(Error::Rejected(format!(
            "{what}: '{}' is not a plain name (1 to {MAX_NAME_LEN} ASCII letters, digits and _ ^ + . -)",
            crate::rational::quoted(s)
        )));
    }
    Ok(())
}

/// Checks a `minip-rank-linear/1` certificate (steps 1–5 of the module comment); returns what
/// it proves.
pub fn check_rank_linear(c: &RankLinearCertificate) -> Res<RankLinearChecked> {
    let eps = stated_params(c)?;
    let p = &c.params;
    // 1–2. The blocks, and the budget, before anything is enumerated; then the pair counts.
    let (by_overlap, dim) =
        if c.blocks.iter().any(|b| !b.dual.is_empty()) { dual_counts(c)? } else { direct_sum_counts(c)? };
    // 3. k and the classes: overlap i = |x_i ∧ x_j| gives o = h − i.
    let (k, counts) = recounted_classes(c, &by_overlap)?;
    // 4. The ratios, class by class.
    let (priced, all_strict) = price_classes(c, &counts, &eps)?;
    // 5. The arithmetic.
    let (value, bound) = checked_bound(c, &k, &priced, all_strict)?;
    Ok(RankLinearChecked {
        n: p.n,
        m: p.m,
        h: p.h,
        k,
        dim: dim as u32,
        value,
        bound,
        strict: c.strict,
        power: c.power,
    })
}

/// The format, the informational names, and the parameters `n, ε, m, h` and the power, each in
/// range; returns `ε`.
fn stated_params(c: &RankLinearCertificate) -> Res<Rat> {
    if c.format != RANK_LINEAR_FORMAT {
        return Err(Error::Rejected(format!("format: expected {RANK_LINEAR_FORMAT}")));
    }
    // The informational names are printed (the construction in the summary line, block
    // names in messages): plain names only, so that no text can pass for part of a claim.
    plain_name("construction", &c.construction)?;
    for (i, b) in c.blocks.iter().enumerate() {
        plain_name(&format!("blocks[{i}].name"), &b.name)?;
    }
    let p = &c.params;
    let eps = super::input::rank_params(p.n, &p.eps)?;
    if p.m == 0 || p.m > MAX_LINEAR_M {
        return Err(Error::Rejected(format!("params.m = {}: out of range (1..={MAX_LINEAR_M})", p.m)));
    }
    // `2h ≤ m` in 64 bits: in 32 bits `2h` wraps for `h ≥ 2^31` and a huge `h` passed.
    if p.h == 0 || 2 * u64::from(p.h) > u64::from(p.m) {
        return Err(Error::Rejected(format!("params.h = {}: need 1 ≤ h and 2h ≤ m = {}", p.h, p.m)));
    }
    if c.power == 0 || c.power > MAX_POWER {
        return Err(Error::Rejected(format!("power = {}: out of range (1..={MAX_POWER})", c.power)));
    }
    Ok(eps)
}

/// `k` (the weight-`h` codewords, as stated and nonzero) and the classes that occur with their
/// pair counts, as many as the stated classes and ratios.
fn recounted_classes<'a>(
    c: &RankLinearCertificate,
    by_overlap: &'a [BigUint],
) -> Res<(BigUint, Vec<(u32, &'a BigUint)>)> {
    let p = &c.params;
    let k = by_overlap[p.h as usize].clone();
    if c.k != k.to_string() {
        return Err(Error::Rejected(format!("k = {}, recounted {k} weight-{} codewords", c.k, p.h)));
    }
    if k.is_zero() {
        return Err(Error::Rejected(format!("k = 0: the code has no word of weight h = {}", p.h)));
    }
    let top = if 2 * u64::from(p.h) == u64::from(p.m) { p.h } else { p.h + 1 };
    let counts: Vec<(u32, &BigUint)> = (1..=p.h)
        .filter_map(|o| {
            let n = &by_overlap[(p.h - o) as usize];
            (!n.is_zero()).then_some((if o == p.h { top } else { o }, n))
        })
        .collect();
    if c.classes.len() != counts.len() || c.ratios.len() != counts.len() {
        return Err(Error::Rejected(format!(
            "classes: {} listed with {} ratios, the code has {} classes",
            c.classes.len(),
            c.ratios.len(),
            counts.len()
        )));
    }
    Ok((k, counts))
}

/// The ratio of each class (its work budgeted together with the others' first,
/// `MAX_RATIO_WORK`): full, lower side only, or a chain, for `R(0, class; h)` at the stated `n`
/// and `ε`, equal to the stated ratio and positive. Returns `(R, pairs)` per class, and whether
/// every ratio has a multiplier on a strict row.
fn price_classes(
    c: &RankLinearCertificate,
    counts: &[(u32, &BigUint)],
    eps: &Rat,
) -> Res<(Vec<(Rat, BigUint)>, bool)> {
    let p = &c.params;
    let mut work: u128 = 0;
    let mut chain: Option<ChainTable> = None;
    for ((class, _), proof) in counts.iter().zip(&c.ratios) {
        work = work.saturating_add(match proof {
            RatioProof::Full(r) => ratio_work(r).unwrap_or(0),
            RatioProof::Bound(r) => bound_work(r).unwrap_or(0),
            RatioProof::Chain(_) => chain.get_or_insert_with(|| ChainTable::new(p.n, p.h)).work(p.h, *class),
        });
    }
    within_budget(work, &format!("the {} ratio certificates together", c.ratios.len()))?;
    let mut priced: Vec<(Rat, BigUint)> = Vec::new();
    let mut all_strict = true;
    for (i, ((class, n), stated)) in counts.iter().zip(&c.classes).enumerate() {
        let o = (*class).min(p.h);
        let label = class_label(p.h, *class);
        if stated.class != label || stated.weight != 2 * o || stated.pairs != n.to_string() {
            return Err(Error::Rejected(format!(
                "classes[{i}]: stated class {} (weight {}) with {} pairs, recounted class {label} (weight {}) with {n} pairs",
                stated.class, stated.weight, stated.pairs, 2 * o
            )));
        }
        let name = format!("R(0, {label}; {})", p.h);
        let (params, value, multipliers) = match &c.ratios[i] {
            RatioProof::Full(r) => (
                &r.params,
                check_ratio(r).map_err(|e| e.at(&format!("ratios[{i}] {name}")))?,
                r.multipliers.len(),
            ),
            RatioProof::Bound(r) => (
                &r.params,
                check_ratio_bound(r).map_err(|e| e.at(&format!("ratios[{i}] {name}")))?,
                r.multipliers.len(),
            ),
            RatioProof::Chain(r) => {
                let table = chain.get_or_insert_with(|| ChainTable::new(p.n, p.h));
                (&r.params, check_chain(r, table).map_err(|e| e.at(&format!("ratios[{i}] {name}")))?, 1)
            }
        };
        if !params.is_default_setting() {
            return Err(Error::Rejected(format!("ratios[{i}] {name}: a rank bound uses ratios of the paper's model (min-ip, nonneg, shared maps, all keys)")));
        }
        if (params.n, params.h, params.lo, params.hi) != (p.n, p.h, 0, *class)
            || rational("ratio eps", &params.eps)? != *eps
        {
            return Err(Error::Rejected(format!(
                "ratios[{i}]: a certificate for R({}, {}; {}) with n = {}, eps = {}, expected {name} with n = {}, eps = {}",
                params.lo,
                class_label(params.h, params.hi),
                params.h,
                params.n,
                params.eps,
                p.n,
                p.eps
            )));
        }
        if rational(&format!("classes[{i}].ratio"), &stated.ratio)? != value {
            return Err(Error::Rejected(format!(
                "classes[{i}]: stated ratio {}, its certificate proves {}",
                stated.ratio,
                fmt_q(&value)
            )));
        }
        if !value.is_positive() {
            return Err(Error::Rejected(format!(
                "class {label}: the ratio {} is not positive, so the entries are not bounded",
                fmt_q(&value)
            )));
        }
        all_strict &= multipliers > 0;
        priced.push((value, (*n).clone()));
    }
    Ok((priced, all_strict))
}

/// `value = k²/(k + Σ pairs·R^{−2p})` and the bound (`⌈value⌉`, or the strict form once its
/// precondition holds; with `power = p > 1` the least `r` with `C(r + p − 1, p)` at least that),
/// each equal to the stated one.
fn checked_bound(
    c: &RankLinearCertificate,
    k: &BigUint,
    priced: &[(Rat, BigUint)],
    all_strict: bool,
) -> Res<(Rat, BigUint)> {
    let kq = Rat::from_integer(BigInt::from(k.clone()));
    let mut frob = kq.clone();
    for (r, n) in priced {
        // n·R^{−2p} = n·d^{2p}/a^{2p} for R = a/d (reduced, so are its powers).
        let e = 2 * c.power as usize;
        let (a, d) = (num_traits::pow(r.numer().clone(), e), num_traits::pow(r.denom().clone(), e));
        let term = fast::new(BigInt::from(n.clone()) * d, a);
        fast::add_to(&mut frob, &term);
    }
    let value = fast::div(&fast::mul(&kq, &kq), &frob);
    if rational("value", &c.value)? != value {
        return Err(Error::Rejected(format!("value = {}, recomputed {}", c.value, fmt_q(&value))));
    }
    let floor = value.numer().div_floor(value.denom());
    let entries = if c.strict {
        if *k < BigUint::from(2u32) {
            return Err(Error::Rejected("strict: needs k ≥ 2 (an off-diagonal entry)".into()));
        }
        if !all_strict {
            return Err(Error::Rejected(
                "strict: a ratio certificate has no multiplier on a strict row".into(),
            ));
        }
        floor + BigInt::one()
    } else if value.is_integer() {
        floor
    } else {
        floor + BigInt::one()
    };
    // `rank(M^{∘p}) ≥ entries` and `rank(M^{∘p}) ≤ C(r + p − 1, p)`; `p = 1` gives `entries`.
    let bound = least_rank(&entries.to_biguint().expect("nonnegative"), c.power);
    if c.bound != bound.to_string() {
        let form = if c.strict { "strict form ⌊value⌋ + 1" } else { "⌈value⌉" };
        let power = if c.power > 1 {
            format!(", then the least r with C(r + {}, {}) ≥ it", c.power - 1, c.power)
        } else {
            String::new()
        };
        return Err(Error::Rejected(format!("bound = {}, recomputed {bound} ({form}{power})", c.bound)));
    }
    Ok((value, bound))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::ratio::RatioParams;
    use crate::format::ratio_bound::{RatioBoundCertificate, RATIO_BOUND_FORMAT};

    fn claim(n: u32, h: u32, hi: u32, bound: &Rat) -> ChainRatio {
        ChainRatio {
            format: RATIO_CHAIN_FORMAT.into(),
            params: RatioParams {
                n,
                eps: "1/2".into(),
                h,
                lo: 0,
                hi,
                superset: hi == h + 1,
                task: None,
                kernel: None,
                positions: None,
                keys: None,
                at: None,
                m: None,
            },
            bound: fmt_q(bound),
        }
    }

    /// The structured check and the generic dual check of the written-out multipliers
    /// (`check_ratio_bound`) accept the chain value and refuse anything above it, at every
    /// class of small `n` and `h`; the structured check alone at `n = 1024`.
    #[test]
    fn structured_chain_check_agrees_with_the_generic_one() {
        for n in [3u32, 4, 5, 6, 9] {
            for h in 2..=12u32 {
                let table = ChainTable::new(n, h);
                for hi in 2..=h + 1 {
                    let value = table.ratio(h, hi).unwrap();
                    for (bound, ok) in [
                        (value.clone(), true),
                        (&value - Rat::new(1.into(), 3.into()), true),
                        (&value + Rat::new(1.into(), 1000.into()), false),
                    ] {
                        let c = claim(n, h, hi, &bound);
                        let generic = check_ratio_bound(&RatioBoundCertificate {
                            format: RATIO_BOUND_FORMAT.into(),
                            params: c.params.clone(),
                            bound: c.bound.clone(),
                            multipliers: table.multipliers(h, hi).unwrap(),
                        });
                        let structured = check_chain(&c, &table);
                        assert_eq!(generic.is_ok(), ok, "n={n} h={h} hi={hi}: {generic:?}");
                        assert_eq!(structured.is_ok(), ok, "n={n} h={h} hi={hi}: {structured:?}");
                        if ok {
                            assert_eq!(structured.unwrap(), bound);
                        }
                    }
                }
            }
        }
        let table = ChainTable::new(1024, 64);
        let value = table.ratio(64, 65).unwrap();
        assert_eq!(value, Rat::from_integer(BigInt::from(1022u32).pow(32)));
        assert!(check_chain(&claim(1024, 64, 65, &value), &table).is_ok());
        let e = check_chain(&claim(1024, 64, 65, &(value + Rat::one())), &table).unwrap_err();
        assert_eq!(e, "multipliers: the combination leaves -1 < 0 on A_64+");
        // The query's own class: (n·chain − 1)/(n − 1).
        let own = table.ratio(64, 64).unwrap();
        assert_eq!(
            own,
            (Rat::from_integer(BigInt::from(1024u32) * BigInt::from(1022u32).pow(32)) - Rat::one())
                / Rat::from_integer(1023.into())
        );
        assert!(check_chain(&claim(1024, 64, 64, &own), &table).is_ok());
    }
}
