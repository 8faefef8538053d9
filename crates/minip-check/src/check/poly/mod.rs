//! Checking overlap-polynomial heads (`minip-poly-head/1`) and refutations of supports
//! (`minip-poly-none/1`); docs/math.md §10.
//!
//! A head is checked on the values, never through rows: for every query weight `h` and
//! every multiset `{c1, c2}` of key classes, `α = f_h(overlap)` per class and the stated `s`
//! give `D = Σ α` and `ŷ = Σ α·s / D`, and the check is `D > 0` and `|ŷ − t| < 1/2`
//! (strict), in exact rationals. Unless `signed`, `f_h ≥ 0` on every overlap `0..=h` a
//! weight-`h` query sees. The rank is recomputed by the formula of §10.4 from the
//! coefficients alone, level by level.
//!
//! A refutation is checked against rows rebuilt from the stated `m`, kernel class and
//! support (`crate::rows::poly`): multipliers `y > 0` whose combination vanishes on every
//! variable (`c_k`, every `P_{h,c}`) and whose right-hand side is negative.
//!
//! `claim`: what a checked file proves (the registry's poly-head and poly-none claims), and its line.

use super::input::{rational, stated};
use crate::error::{Error, Res};
use crate::format::poly::{
    ClassValues, LevelRank, PolyCoeffs, PolyHead, PolyNone, PolyParams, Refutation, POLY_HEAD_FORMAT,
    POLY_HEAD_FORMAT_V1, POLY_NONE_FORMAT,
};
use crate::model::kernel::{first_negative, rank_of, shared_rank, Kernel, KernelClass, Poly, MAX_POLY_M};
use crate::rational::{fmt_q, Rat};
use crate::rows::poly::{
    class_count, class_label, keys, nn_row, overlap, pair_row, pairs, target, PolyRow, Side,
};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use std::collections::{BTreeMap, BTreeSet};

pub use crate::verdict::support_text;

mod claim;
pub use claim::{PolyHeadSummary, PolyNoneSummary, RefutedSupport};

/// What a checked head proves: a head of this class over `{0,1}^m`, correct on every
/// sequence of length `≤ n` (§10.3, §10.10), whose kernel matrix has rank `rank`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolyHeadClaim {
    pub m: u32,
    pub class: KernelClass,
    pub signed: bool,
    /// Correct on every sequence of length `≤ n`.
    pub n: u32,
    pub rank: BigInt,
    /// The least value dimension of the values (§10.11) and the state `rank·(D + 1)`.
    pub value_dim: BigInt,
    pub state: BigInt,
    pub max_error: Rat,
    /// The degree of each polynomial (shared: one; per_weight: one per `h`).
    pub degrees: Vec<Option<u32>>,
}

/// One refuted support: no head of the class has its support (at query weight `h` for
/// `per_weight`) inside `support`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refuted {
    pub h: Option<u32>,
    pub support: Vec<u32>,
}

impl Refuted {
    /// `Some(d)` when the support is `0..d` (every degree below `d` is refuted).
    pub fn degree_bound(&self) -> Option<u32> {
        let d = self.support.len() as u32;
        self.support.iter().enumerate().all(|(i, &k)| k == i as u32).then_some(d)
    }
}

/// What a checked refutation file proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolyNoneClaim {
    pub m: u32,
    pub class: KernelClass,
    pub signed: bool,
    pub n: u32,
    pub refuted: Vec<Refuted>,
}

/// The largest sequence length a poly certificate may state (the rows do not grow with
/// `n`; the bound keeps every row coefficient far inside `i128`).
pub const MAX_POLY_N: u32 = 1024;

fn params(p: &PolyParams) -> Res<KernelClass> {
    if p.n < 3 || p.n > MAX_POLY_N {
        return Err(Error::Rejected(format!("params.n: n = {} is outside 3..={MAX_POLY_N}", p.n)));
    }
    if p.m == 0 {
        return Err(Error::Rejected("params.m: m = 0, need m ≥ 1".into()));
    }
    if p.m > MAX_POLY_M {
        return Err(Error::TooLarge(format!(
            "too large to check: m = {} (the limit is m ≤ {MAX_POLY_M})",
            p.m
        )));
    }
    KernelClass::parse(&p.kernel).map_err(stated("params.kernel"))
}

fn support_ok(at: &str, support: &[u32], top: u32) -> Res<()> {
    if support.windows(2).any(|w| w[0] >= w[1]) {
        return Err(Error::Rejected(format!("{at}: the support must be strictly increasing")));
    }
    if let Some(k) = support.iter().find(|&&k| k > top) {
        return Err(Error::Rejected(format!("{at}: support element {k} is above {top}")));
    }
    Ok(())
}

/// The kernel a head certificate states, validated.
pub fn stated_kernel(c: &PolyHead) -> Res<Kernel> {
    kernel_of(&c.params, &c.polys)
}

/// The kernel of `polys` under `params` (class, `m`), validated: the number of polynomials,
/// each one's `h`, support and nonzero coefficients.
pub fn kernel_of(params: &PolyParams, polys_in: &[PolyCoeffs]) -> Res<Kernel> {
    let class = self::params(params)?;
    let m = params.m;
    let want = match class {
        KernelClass::Shared => 1,
        KernelClass::PerWeight => m as usize + 1,
    };
    if polys_in.len() != want {
        return Err(Error::Rejected(format!(
            "polys: a {} kernel over m = {m} has {want} polynomials, not {}",
            class.name(),
            polys_in.len()
        )));
    }
    let mut polys = Vec::with_capacity(want);
    for (i, p) in polys_in.iter().enumerate() {
        let at = format!("polys[{i}]");
        let top = match class {
            KernelClass::Shared => {
                if p.h.is_some() {
                    return Err(Error::Rejected(format!("{at}: a shared polynomial has no h")));
                }
                m
            }
            KernelClass::PerWeight => {
                if p.h != Some(i as u32) {
                    return Err(Error::Rejected(format!("{at}: expected h = {i}")));
                }
                i as u32
            }
        };
        support_ok(&at, &p.support, top)?;
        if p.c.len() != p.support.len() {
            return Err(Error::Rejected(format!(
                "{at}: {} coefficients for a support of {}",
                p.c.len(),
                p.support.len()
            )));
        }
        let cs: Vec<Rat> =
            p.c.iter()
                .enumerate()
                .map(|(j, s)| rational(&format!("{at}.c[{j}]"), s))
                .collect::<Result<_, _>>()?;
        if let Some(j) = cs.iter().position(Zero::is_zero) {
            return Err(Error::Rejected(format!(
                "{at}.c[{j}]: a coefficient in the support must be nonzero"
            )));
        }
        polys.push(Poly { support: p.support.clone(), c: cs });
    }
    Ok(Kernel { m, class, polys })
}

/// Checks a head certificate; returns what it proves.
pub fn check_poly_head(c: &PolyHead) -> Res<PolyHeadClaim> {
    if c.format != POLY_HEAD_FORMAT && c.format != POLY_HEAD_FORMAT_V1 {
        return Err(Error::Rejected(format!("format: expected {POLY_HEAD_FORMAT} or {POLY_HEAD_FORMAT_V1}")));
    }
    let class = params(&c.params)?;
    let sizes = head_sizes(class, c.params.m, &c.polys, &c.values);
    let per_weight: u128 = (0..=c.params.m)
        .fold(0, |acc, h| acc.saturating_add(weight_work(c.params.m, h, &sizes[h as usize..=h as usize])));
    let mut budget =
        head_budget(kernel_work(class, c.params.m, &c.polys, &c.values).saturating_add(per_weight))?;
    let kernel = stated_kernel(c)?;
    let m = kernel.m;
    let signed = c.params.signed;
    // 1. Nonnegativity on every overlap a query sees.
    if !signed {
        nonnegative(&kernel)?;
    }
    // 2. Every sequence, recomputed from the values.
    let worst = head_error(&kernel, c.params.n, &c.values)?;
    if rational("max_error", &c.max_error)? != worst {
        return Err(Error::Rejected(format!(
            "max_error: stated {} but the sequences give {}",
            c.max_error,
            fmt_q(&worst)
        )));
    }
    // 3. The rank, level by level.
    let rank = stated_rank(&kernel, &c.levels, &c.rank, &mut budget)?;
    // 4. The value dimension and the state (§10.11): stated in format 2, recomputed always.
    let value_dim = values_dim(m, &c.values, &mut budget)?;
    let state = stated_state(
        c.format == POLY_HEAD_FORMAT,
        c.value_dim.as_deref(),
        c.state.as_deref(),
        &value_dim,
        &rank,
    )?;
    let degrees = kernel.polys.iter().map(Poly::degree).collect();
    Ok(PolyHeadClaim {
        m,
        class: kernel.class,
        signed,
        n: c.params.n,
        rank,
        value_dim,
        state,
        max_error: worst,
        degrees,
    })
}

/// The least value dimension of a head's class values (docs/math.md §10.11), by the level
/// formula of `crate::model::value` (modular ranks first, a level short of full size in exact
/// rationals within `budget`). The values' shape must have been checked.
pub fn values_dim(m: u32, values: &[ClassValues], budget: &mut u128) -> Res<BigInt> {
    let v: Vec<Vec<Rat>> = values
        .iter()
        .enumerate()
        .map(|(h, cv)| {
            cv.s.iter().enumerate().map(|(j, x)| rational(&format!("values[{h}].s[{j}]"), x)).collect()
        })
        .collect::<Res<_>>()?;
    let left = *budget;
    let table = crate::model::value::ClassTable { m, values: &v };
    let (d, _) = crate::model::value::class_value_dim(&table, budget).map_err(|spent| {
        Error::TooLarge(format!(
            "too large to check: the value dimension's eliminations need more than the {left} units of work left of {} ({spent} spent)",
            crate::limits::MAX_HEAD_WORK
        ))
    })?;
    Ok(d)
}

/// The state `rank·(D + 1)`; `current` (the format that states them): `value_dim` and `state`
/// must be stated and equal the recomputed ones; format 1 states neither.
pub fn stated_state(
    current: bool,
    value_dim: Option<&str>,
    state: Option<&str>,
    d: &BigInt,
    rank: &BigInt,
) -> Res<BigInt> {
    let st = crate::model::value::state_size(rank, d);
    match (current, value_dim, state) {
        (true, Some(v), Some(s)) => {
            super::input::recomputed(
                "value_dim",
                v,
                d.to_string().as_str(),
                "values' rank [S; 1ᵀ] − 1 (§10.11)",
            )?;
            super::input::recomputed("state", s, st.to_string().as_str(), "rank·(value_dim + 1)")?;
        }
        (true, _, _) => {
            return Err(Error::Rejected("value_dim, state: both are required in this format".into()));
        }
        (false, None, None) => {}
        (false, _, _) => {
            return Err(Error::Rejected(
                "value_dim, state: not fields of format 1 (state them in format 2)".into(),
            ));
        }
    }
    Ok(st)
}

/// Nonnegativity on every overlap a query sees: `f_h(o) ≥ 0` for `o = 0..=h` (shared: the
/// one polynomial on `0..=m`).
pub fn nonnegative(kernel: &Kernel) -> Res<()> {
    for h in 0..=kernel.m {
        if kernel.class == KernelClass::PerWeight || h == kernel.m {
            // f(o) = v/L with L > 0: its sign is v's (integers, no gcd per term).
            let (_, v) = poly_ints(kernel.poly(h), h, h + 1);
            if let Some(o) = v.iter().position(Signed::is_negative) {
                let o = o as u32;
                let (_, f) = first_negative(kernel.poly(h), h).unwrap_or((o, Rat::zero()));
                return Err(Error::Rejected(format!(
                    "polys: the kernel is negative at h = {h}, overlap {o}: f({o}) = {}",
                    fmt_q(&f)
                )));
            }
        }
    }
    Ok(())
}

/// The polynomial's values on the key classes `0..k` of a weight-`h` query (overlap
/// `min(c, h)`), over the least common denominator `L` of its coefficients: `(L, [f(o)·L])`,
/// in integers (the binomials are machine integers, so each value costs the coefficients'
/// length, not a gcd).
pub(crate) fn poly_ints(p: &Poly, h: u32, k: u32) -> (BigInt, Vec<BigInt>) {
    let (l, c) = crate::rational::over_lcd(&p.c);
    let values = (0..k)
        .map(|cl| {
            let o = overlap(h, cl) as i64;
            p.support.iter().zip(&c).fold(BigInt::zero(), |acc, (&kk, ck)| {
                let b = crate::model::kernel::binom(o, kk as i64);
                if b == 0 {
                    acc
                } else {
                    acc + ck * b
                }
            })
        })
        .collect();
    (l, values)
}

/// Limbs that bound a weight's kernel values over the common denominator of its polynomial:
/// every coefficient's text, and two limbs for the binomials and the sum.
fn poly_limbs(p: &PolyCoeffs) -> u128 {
    super::work::common_limbs(&p.c).saturating_add(2)
}

/// Limbs that bound a weight's values over their common denominator: every denominator and
/// the longest numerator.
fn values_limbs(s: &[String]) -> u128 {
    super::work::common_limbs(s)
}

/// Per query weight `0..=m`, bounds `(a, s)` of one head's numbers: its kernel values (over
/// the common denominator of the weight's polynomial) and values, in limbs.
pub(crate) fn head_sizes(
    class: KernelClass,
    m: u32,
    polys: &[PolyCoeffs],
    values: &[ClassValues],
) -> Vec<(u128, u128)> {
    (0..=m as usize)
        .map(|h| {
            let p = match class {
                KernelClass::Shared => polys.first(),
                KernelClass::PerWeight => polys.get(h),
            };
            (p.map_or(2, poly_limbs), values.get(h).map_or(1, |v| values_limbs(&v.s)))
        })
        .collect()
}

/// Units of work of everything but the sequences and the eliminations: parsing every stated
/// number, building the level matrices of the rank formula (`n_j` entries per row, one term per
/// coefficient, each reduced) and the kernel values.
pub(crate) fn kernel_work(class: KernelClass, m: u32, polys: &[PolyCoeffs], values: &[ClassValues]) -> u128 {
    use super::work::{parse_work, GCD};
    let mut w = parse_work(polys.iter().flat_map(|p| &p.c))
        .saturating_add(parse_work(values.iter().flat_map(|v| &v.s)));
    let row = |h: u32| match class {
        KernelClass::Shared => polys.first(),
        KernelClass::PerWeight => polys.get(h as usize),
    };
    for j in 0..=m / 2 {
        let n = u128::from(m - 2 * j + 1);
        for h in j..=m - j {
            if let Some(p) = row(h) {
                let l = poly_limbs(p);
                let terms = p.c.len() as u128;
                w = w.saturating_add(n.saturating_mul(terms).saturating_mul(GCD * l.saturating_mul(l) + 16));
            }
        }
    }
    for h in 0..=m {
        if let Some(p) = row(h) {
            let l = poly_limbs(p);
            let k = u128::from(class_count(m, h)) + 1;
            w = w.saturating_add(GCD.saturating_mul(p.c.len() as u128).saturating_mul(l).saturating_mul(l));
            w = w.saturating_add(k.saturating_mul(p.c.len() as u128).saturating_mul(l + 16));
        }
    }
    w
}

/// Units of work of every sequence of query weight `h` for heads whose numbers there have the
/// sizes `(a, s)` (one entry per head): per head the common denominator of the values, and per
/// sequence the heads' outputs added as fractions (`T` limbs in all: about `2T²` units for the
/// products and the comparison, and a fixed cost per head).
pub(crate) fn weight_work(m: u32, h: u32, sizes: &[(u128, u128)]) -> u128 {
    use super::work::GCD;
    let k = u128::from(class_count(m, h));
    let pairs = u128::from(crate::rows::poly::pair_count(m, h));
    let mut t = 0u128;
    let mut lcd = 0u128;
    for &(a, s) in sizes {
        t = t.saturating_add(a).saturating_add(s).saturating_add(1);
        lcd = lcd.saturating_add(GCD.saturating_mul(k).saturating_mul(s.saturating_mul(s)));
    }
    let per_pair = t.saturating_mul(t).saturating_mul(2).saturating_add(100 * sizes.len() as u128);
    lcd.saturating_add(pairs.saturating_mul(per_pair))
}

/// The budget left after `work` units counted before the check: refused past
/// `MAX_HEAD_WORK`, else the units left for the eliminations of the rank formula.
pub(crate) fn head_budget(work: u128) -> Res<u128> {
    let max = crate::limits::MAX_HEAD_WORK;
    super::work::within(work, max, "the head's numbers, rank formula and sequences")?;
    Ok(max - work)
}

/// The rank, level by level: the stated `levels` must be the recomputed ones (§10.4) and
/// `rank` their sum; returns the rank.
pub fn stated_rank(kernel: &Kernel, levels: &[LevelRank], rank: &str, budget: &mut u128) -> Res<BigInt> {
    let m = kernel.m;
    let left = *budget;
    let recomputed = crate::model::kernel::rank_levels_within(kernel, budget).map_err(|spent| {
        Error::TooLarge(format!(
            "too large to check: the eliminations of the rank formula need more than the {left} units of work left of {} (entries grow with every pivot; {spent} spent)",
            crate::limits::MAX_HEAD_WORK
        ))
    })?;
    let stated: Vec<LevelRank> =
        recomputed.iter().map(|l| LevelRank { j: l.j, dim: l.dim.to_string(), rank: l.rank }).collect();
    if levels != stated {
        let first =
            levels.iter().zip(&stated).position(|(a, b)| a != b).unwrap_or(levels.len().min(stated.len()));
        return Err(Error::Rejected(format!(
            "levels: entry {first} differs from the recomputed levels (j, dim, rank M_j)"
        )));
    }
    let r = rank_of(&recomputed);
    if kernel.class == KernelClass::Shared && r != shared_rank(m, &kernel.polys[0].support) {
        return Err(Error::Rejected(
            "levels: the shared kernel's rank is not the sum of C(m,k) over its support".into(),
        ));
    }
    if rank != r.to_string() {
        return Err(Error::Rejected(format!("rank: stated {rank} but the levels give {r}")));
    }
    Ok(r)
}

/// Every multiset of every query weight, recomputed from the kernel and the stated values:
/// `D > 0` and `|ŷ − t| < 1/2`; returns the largest `|ŷ − t|`. The first failure is the error.
/// For length `n` the multisets are `{c1, c2^(n−2)}`, the vertices of each minimum class's
/// count polytope: `ŷ` is a ratio of linear functions of the counts with a positive
/// denominator there, so its extremes over every sequence of length `≤ n` are at these
/// (docs/math.md §10.10).
pub fn head_error(kernel: &Kernel, n: u32, values: &[ClassValues]) -> Res<Rat> {
    if !(3..=MAX_POLY_N).contains(&n) {
        return Err(Error::Rejected(format!("n = {n} is outside 3..={MAX_POLY_N}")));
    }
    let m = kernel.m;
    if values.len() != m as usize + 1 {
        return Err(Error::Rejected(format!(
            "values: need one entry per query weight 0..={m}, got {}",
            values.len()
        )));
    }
    let (mut wn, mut wd) = (BigInt::zero(), BigInt::from(1));
    for h in 0..=m {
        let v = &values[h as usize];
        let at = format!("values[{h}]");
        if v.h != h {
            return Err(Error::Rejected(format!("{at}: expected h = {h}")));
        }
        let k = class_count(m, h);
        if v.s.len() != k as usize {
            return Err(Error::Rejected(format!("{at}: {} values for {k} key classes", v.s.len())));
        }
        let s: Vec<Rat> =
            v.s.iter()
                .enumerate()
                .map(|(j, x)| rational(&format!("{at}.s[{j}]"), x))
                .collect::<Result<_, _>>()?;
        // In integers, without a gcd per operation: `α = a/A` over the common denominator of
        // the polynomial's coefficients and `s = σ/S` over the least common denominator of
        // this weight's values, so `D = Σ k·a / A` and
        // `ŷ − t = (Σ k·a·σ − t·S·Σ k·a) / (S·Σ k·a)`; errors are compared by cross products
        // and only the largest is reduced.
        let (a_den, a) = poly_ints(kernel.poly(h), h, k);
        let (s_den, sigma) = crate::rational::over_lcd(&s);
        for (c1, c2) in pairs(m, h) {
            let ks = keys(n, h, c1, c2);
            let d: BigInt = ks.iter().map(|&(cl, k)| &a[cl as usize] * BigInt::from(k)).sum();
            let at = if n == 3 {
                format!("h = {h}, keys {{{}, {}}}", class_label(h, c1), class_label(h, c2))
            } else {
                format!("h = {h}, keys {{{}, {}^{}}}", class_label(h, c1), class_label(h, c2), n - 2)
            };
            if !d.is_positive() {
                let shown = Rat::new(d, a_den.clone());
                return Err(Error::Rejected(format!(
                    "{at}: denominator D = {} is not positive",
                    fmt_q(&shown)
                )));
            }
            let num: BigInt =
                ks.iter().map(|&(cl, k)| &a[cl as usize] * &sigma[cl as usize] * BigInt::from(k)).sum();
            let full = d * &s_den;
            let diff = (num - &full * BigInt::from(target(h, c1, c2))).abs();
            if &diff * 2 >= full {
                let err = super::work::shown(&diff, &full);
                return Err(Error::Rejected(format!("{at}: |ŷ − t| = {err} is not below 1/2")));
            }
            if super::work::greater(&diff, &full, &wn, &wd) {
                (wn, wd) = (diff, full);
            }
        }
    }
    Ok(Rat::new(wn, wd))
}

/// Checks a refutation file; returns the refuted supports.
pub fn check_poly_none(c: &PolyNone) -> Res<PolyNoneClaim> {
    if c.format != POLY_NONE_FORMAT {
        return Err(Error::Rejected(format!("format: expected {POLY_NONE_FORMAT}")));
    }
    let class = params(&c.params)?;
    let (m, signed, n) = (c.params.m, c.params.signed, c.params.n);
    if c.refutations.is_empty() {
        return Err(Error::Rejected("refutations: none listed".into()));
    }
    // The work, from the multipliers' lengths before any is parsed: parsing them, their common
    // denominator per refutation, and one product per row entry.
    let mut work = 0u128;
    for r in &c.refutations {
        let ys = r.multipliers.iter().map(|y| &y.y);
        let l = super::work::common_limbs(ys.clone());
        let dens = r.multipliers.iter().filter(|y| y.y.contains(['/', '.', 'e', 'E'])).count() as u128;
        let row = r.support.len() as u128 + 4;
        work = work
            .saturating_add(super::work::parse_work(ys))
            .saturating_add(super::work::GCD.saturating_mul(dens).saturating_mul(l.saturating_mul(l)))
            .saturating_add((r.multipliers.len() as u128).saturating_mul(row).saturating_mul(l + 16));
    }
    super::work::within(work, crate::limits::MAX_HEAD_WORK, "the refutations' multipliers")?;
    let mut refuted = Vec::with_capacity(c.refutations.len());
    // Each support (with its query weight) once: the claim lists and counts them.
    let mut listed: BTreeMap<(Option<u32>, &[u32]), usize> = BTreeMap::new();
    for (i, r) in c.refutations.iter().enumerate() {
        let at = format!("refutations[{i}]");
        if let Some(first) = listed.insert((r.h, r.support.as_slice()), i) {
            return Err(Error::Rejected(format!(
                "{at}: the support is refuted twice (also in refutations[{first}])"
            )));
        }
        let top = match (class, r.h) {
            (KernelClass::Shared, None) => m,
            (KernelClass::PerWeight, Some(h)) if h <= m => h,
            (KernelClass::Shared, Some(_)) => {
                return Err(Error::Rejected(format!("{at}: a shared refutation has no h")))
            }
            (KernelClass::PerWeight, _) => {
                return Err(Error::Rejected(format!("{at}: a per_weight refutation needs h in 0..={m}")))
            }
        };
        support_ok(&at, &r.support, top)?;
        check_refutation(&at, r, class, &c.params, top)?;
        refuted.push(Refuted { h: r.h, support: r.support.clone() });
    }
    Ok(PolyNoneClaim { m, class, signed, n, refuted })
}

/// One refutation (`at` names it; `top` is the largest overlap its query weights see): every
/// multiplier names a distinct row of the class LP rebuilt from `params` and the support, and
/// is positive; their combination vanishes on every `c_k` and `P_{h,c}` and has a negative
/// right-hand side.
fn check_refutation(at: &str, r: &Refutation, class: KernelClass, params: &PolyParams, top: u32) -> Res<()> {
    let (m, signed, n) = (params.m, params.signed, params.n);
    let mut rows: Vec<(PolyRow, u32)> = Vec::with_capacity(r.multipliers.len());
    let mut ys: Vec<Rat> = Vec::with_capacity(r.multipliers.len());
    let mut seen = BTreeSet::new();
    for (j, y) in r.multipliers.iter().enumerate() {
        let at = format!("{at}.multipliers[{j}]");
        let (row, h, key): (PolyRow, u32, String) = match (y.h, y.classes, y.side.as_deref(), y.nn) {
            (Some(h), Some([c1, c2]), Some(side), None) => {
                if let (KernelClass::PerWeight, Some(rh)) = (class, r.h) {
                    if h != rh {
                        return Err(Error::Rejected(format!(
                            "{at}: a row of h = {h} in the refutation of h = {rh}"
                        )));
                    }
                }
                if h > m {
                    return Err(Error::Rejected(format!("{at}: h = {h} is above m = {m}")));
                }
                let k = class_count(m, h);
                if c1 > c2 || c2 >= k {
                    return Err(Error::Rejected(format!("{at}: classes [{c1}, {c2}] are not a nondecreasing pair of the {k} classes of h = {h}")));
                }
                let side = match side {
                    "upper" => Side::Upper,
                    "lower" => Side::Lower,
                    other => return Err(Error::Rejected(format!("{at}: unknown side '{other}'"))),
                };
                (pair_row(n, h, &r.support, c1, c2, side), h, format!("{h} {c1} {c2} {}", side.name()))
            }
            (None, None, None, Some(o)) => {
                if signed {
                    return Err(Error::Rejected(format!("{at}: a signed kernel has no nonnegativity rows")));
                }
                if o > top {
                    return Err(Error::Rejected(format!("{at}: nn = {o} is above {top}")));
                }
                (nn_row(o, &r.support), 0, format!("nn {o}"))
            }
            _ => {
                return Err(Error::Rejected(format!(
                    "{at}: name a sequence row (h, classes, side) or a nonnegativity row (nn), not both"
                )))
            }
        };
        if !seen.insert(key) {
            return Err(Error::Rejected(format!("{at}: row listed twice")));
        }
        let yv = rational(&format!("{at}.y"), &y.y)?;
        if !yv.is_positive() {
            return Err(Error::Rejected(format!("{at}: multiplier {} is not positive", y.y)));
        }
        rows.push((row, h));
        ys.push(yv);
    }
    // In integers: the multipliers over their common denominator `L > 0`, so the combination
    // is `1/L` times integer sums of products with the rows' small coefficients.
    let (l, ys) = crate::rational::over_lcd(&ys);
    let mut vc = vec![BigInt::zero(); r.support.len()];
    let mut vp: BTreeMap<(u32, u32), BigInt> = BTreeMap::new();
    let mut rhs = BigInt::zero();
    for ((row, h), y) in rows.into_iter().zip(&ys) {
        for (idx, coef) in row.c {
            vc[idx] += y * coef;
        }
        for (cl, coef) in row.p {
            *vp.entry((h, cl)).or_insert_with(BigInt::zero) += y * coef;
        }
        rhs += y * row.rhs;
    }
    let shown = |v: &BigInt| super::work::shown(v, &l);
    if let Some(idx) = vc.iter().position(|v| !v.is_zero()) {
        return Err(Error::Rejected(format!(
            "{at}: the combination leaves {} on c_{}",
            shown(&vc[idx]),
            r.support[idx]
        )));
    }
    if let Some(((h, cl), v)) = vp.iter().find(|(_, v)| !v.is_zero()) {
        return Err(Error::Rejected(format!(
            "{at}: the combination leaves {} on P[h = {h}, class {}]",
            shown(v),
            class_label(*h, *cl)
        )));
    }
    if !rhs.is_negative() {
        return Err(Error::Rejected(format!(
            "{at}: the combined right-hand side {} is not negative",
            shown(&rhs)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> PolyHead {
        let text = include_str!("../../../tests/fixtures/poly_head_m04.json");
        match crate::read::parse(text).unwrap() {
            crate::format::AnyCertificate::PolyHead(c) => c,
            _ => unreachable!(),
        }
    }

    #[test]
    fn a_head_is_checked_in_integers_and_its_work_counted_first() {
        // f = 23/3 − (5/3)·o at m = 4: rank 1 + 4, the error recomputed in integers.
        let c = fixture();
        let claim = check_poly_head(&c).unwrap();
        assert_eq!((claim.rank, claim.max_error), (BigInt::from(5), crate::rational::q(2113, 4576)));
        // The same kernel scaled by a long factor is the same head (α scales per query, the
        // outputs and the rank do not move), but its numbers are long: counted and refused
        // before one is read.
        let mut long = c.clone();
        let factor: BigInt = format!("{}1", "3".repeat(9_000)).parse().unwrap();
        long.polys[0].c = vec![format!("{}/3", &factor * 23), format!("-{}/3", &factor * 5)];
        for v in long.values.iter_mut() {
            v.s = (0..v.s.len()).map(|j| format!("{j}/{}{j}", "7".repeat(9_990))).collect();
        }
        let e = check_poly_head(&long).unwrap_err();
        assert!(matches!(e, Error::TooLarge(_)), "{e:?}");
        assert!(
            e.ends_with(
                "units of work (the head's numbers, rank formula and sequences), the limit is 3000000000"
            ),
            "{e}"
        );
        // The kernel alone (no long values) is within the budget and checks as before.
        let mut scaled = c.clone();
        scaled.polys = long.polys.clone();
        assert_eq!(check_poly_head(&scaled).unwrap().max_error, crate::rational::q(2113, 4576));
    }

    #[test]
    fn refutations_are_combined_in_integers_and_their_multipliers_counted_first() {
        let text = include_str!("../../../tests/fixtures/poly_none_m04.json");
        let crate::format::AnyCertificate::PolyNone(c) = crate::read::parse(text).unwrap() else {
            unreachable!()
        };
        let claim = check_poly_none(&c).unwrap();
        assert_eq!(claim.refuted.len(), c.refutations.len());
        // Every multiplier scaled by one long factor: the same combination, still a refutation.
        let mut scaled = c.clone();
        let f: BigInt = format!("{}1", "3".repeat(3_000)).parse().unwrap();
        for r in &mut scaled.refutations {
            for y in &mut r.multipliers {
                y.y = fmt_q(&(crate::rational::parse_rational(&y.y).unwrap() * Rat::from_integer(f.clone())));
            }
        }
        assert_eq!(check_poly_none(&scaled).unwrap(), claim);
        // A multiplier moved: the combination no longer vanishes, named in reduced form.
        let mut moved = c.clone();
        moved.refutations[0].multipliers[0].y = "1000".into();
        let e = check_poly_none(&moved).unwrap_err();
        assert!(
            matches!(e, Error::Rejected(ref m) if m.starts_with("refutations[0]: the combination leaves")),
            "{e:?}"
        );
        // Multipliers with denominators of their own of 9,000 digits: refused before parsing.
        let mut long = c;
        for (j, y) in long.refutations[0].multipliers.iter_mut().enumerate() {
            y.y = format!("1/{}{j:03}", "7".repeat(9_000));
        }
        for _ in 0..200 {
            let r = long.refutations[0].clone();
            long.refutations.push(r);
        }
        let e = check_poly_none(&long).unwrap_err();
        assert!(
            matches!(e, Error::TooLarge(ref m) if m.ends_with("units of work (the refutations' multipliers), the limit is 3000000000")),
            "{e:?}"
        );
    }

    #[test]
    fn the_rank_eliminations_are_charged_as_they_run() {
        let k = stated_kernel(&fixture()).unwrap();
        let mut plenty = u128::MAX;
        let levels = crate::model::kernel::rank_levels_within(&k, &mut plenty).unwrap();
        assert_eq!(rank_of(&levels), BigInt::from(5));
        let mut little = 50u128;
        assert!(crate::model::kernel::rank_levels_within(&k, &mut little).is_err());
        let fields = &fixture();
        let e = stated_rank(&k, &fields.levels, &fields.rank, &mut 50).unwrap_err();
        assert!(matches!(e, Error::TooLarge(_)), "{e:?}");
        assert!(
            e.starts_with(
                "too large to check: the eliminations of the rank formula need more than the 50 units"
            ),
            "{e}"
        );
    }
}
