//! Checking searched heads (`minip-search-head/1`, docs/math.md §14).
//!
//! A head given by feature tables is checked by direct exact evaluation: every kernel entry
//! `α(x,k) = <φ_Q(x), φ_K(k)>` is computed and must be `≥ 0`; for every query `x` and every
//! multiset `{k1 ≤ k2}` of two keys (the query among them allowed), `D = α(x,x) + α(x,k1) +
//! α(x,k2) > 0` and `|ŷ − t| < 1/2` with `ŷ = Σ α·s / D` and `t` the least overlap. These
//! are all sequences of length 3 queried at every position (the output depends only on the
//! query and the multiset of the other tokens, §1.4); shorter ones follow (§10.10, tokens in
//! place of classes). The rank claimed is the feature dimension `r`.
//!
//! Each query's row is put over one common denominator; while its integers stay below
//! `2^40` the `2^m (2^m + 1)/2` sequences run in `i128` (no product can overflow), else in
//! big integers.

use super::input::rational;
use crate::error::{Error, Res};
use crate::format::search::{SearchHead, SEARCH_HEAD_FORMAT};
use crate::rational::{fmt_q, Rat};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The largest `m` of a searched head: `4^m` kernel entries and `2^m (2^m + 1)/2` sequences
/// per query (8.4 million sequences at `m = 8`).
pub const MAX_SEARCH_M: u32 = 8;

/// What a checked searched head proves: a head of feature dimension `rank` over `{0,1}^m`,
/// correct with tolerance `1/2` on every sequence of length `≤ 3`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchHeadClaim {
    pub m: u32,
    pub rank: usize,
    pub max_error: Rat,
}

fn rejected(msg: String) -> Error {
    Error::Rejected(msg)
}

/// A table of `rows` rows of `cols` rationals, named `field` in errors.
fn table(field: &str, t: &[Vec<String>], rows: usize, cols: usize) -> Res<Vec<Vec<Rat>>> {
    if t.len() != rows {
        return Err(rejected(format!("{field}: {} rows, expected {rows} (one per token)", t.len())));
    }
    t.iter()
        .enumerate()
        .map(|(x, row)| {
            if row.len() != cols {
                return Err(rejected(format!("{field}[{x}]: {} entries, expected {cols}", row.len())));
            }
            row.iter().enumerate().map(|(i, v)| rational(&format!("{field}[{x}][{i}]"), v)).collect()
        })
        .collect()
}

/// The largest error of one query's sequences, or the first failing multiset.
type RowResult = Result<Rat, String>;

/// Checks a searched head: shapes, `α ≥ 0`, every sequence of length 3, `max_error`.
pub fn check_search_head(c: &SearchHead) -> Res<SearchHeadClaim> {
    let worst = largest_error(c)?;
    let stated = rational("max_error", &c.max_error)?;
    if worst != stated {
        return Err(rejected(format!("max_error: stated {}, recomputed {}", fmt_q(&stated), fmt_q(&worst))));
    }
    Ok(SearchHeadClaim { m: c.params.m, rank: c.rank, max_error: worst })
}

/// Everything [`check_search_head`] checks but the stated `max_error`, which it returns
/// (what a producer states).
pub fn largest_error(c: &SearchHead) -> Res<Rat> {
    if c.format != SEARCH_HEAD_FORMAT {
        return Err(rejected(format!("format '{}' is not {SEARCH_HEAD_FORMAT}", c.format)));
    }
    let m = c.params.m;
    if !(1..=MAX_SEARCH_M).contains(&m) {
        return Err(rejected(format!("params.m: m = {m} is outside 1..={MAX_SEARCH_M}")));
    }
    let n = 1usize << m;
    if c.rank == 0 || c.rank > n {
        return Err(rejected(format!("rank: {} is outside 1..={n}", c.rank)));
    }
    let phi_q = table("phi_q", &c.phi_q, n, c.rank)?;
    let phi_k = table("phi_k", &c.phi_k, n, c.rank)?;
    let s = table("s", &c.s, n, n)?;
    let mut worst = Rat::zero();
    for x in 0..n {
        let alpha: Vec<Rat> = (0..n)
            .map(|k| phi_q[x].iter().zip(&phi_k[k]).fold(Rat::zero(), |acc, (a, b)| acc + a * b))
            .collect();
        if let Some(k) = alpha.iter().position(Signed::is_negative) {
            let b = |t: usize| crate::model::code::bits(t as u64, m);
            return Err(rejected(format!(
                "negative kernel entry alpha({}, {}) = {}",
                b(x),
                b(k),
                fmt_q(&alpha[k])
            )));
        }
        let prod: Vec<Rat> = alpha.iter().zip(&s[x]).map(|(a, v)| a * v).collect();
        let err = query_row(m, x as u32, &alpha, &prod).map_err(rejected)?;
        worst = worst.max(err);
    }
    Ok(worst)
}

/// Every sequence `(x, k1, k2)` at query `x`, over one common denominator.
fn query_row(m: u32, x: u32, alpha: &[Rat], prod: &[Rat]) -> RowResult {
    let den = alpha.iter().chain(prod).fold(BigInt::one(), |l, q| l.lcm(q.denom()));
    let ints = |v: &[Rat]| -> Vec<BigInt> { v.iter().map(|q| q.numer() * (&den / q.denom())).collect() };
    let (a, p) = (ints(alpha), ints(prod));
    let limit = BigInt::one() << 40;
    let small = a.iter().chain(&p).all(|v| v.abs() < limit);
    if small {
        let a: Vec<i128> = a.iter().map(|v| v.to_i128().expect("below 2^40")).collect();
        let p: Vec<i128> = p.iter().map(|v| v.to_i128().expect("below 2^40")).collect();
        row_small(m, x, &a, &p)
    } else {
        row_big(m, x, &a, &p)
    }
}

fn target(x: u32, k1: u32, k2: u32) -> u32 {
    (x & k1).count_ones().min((x & k2).count_ones()).min(x.count_ones())
}

fn fail(m: u32, x: u32, k1: u32, k2: u32, what: String) -> String {
    let b = |t: u32| crate::model::code::bits(t.into(), m);
    format!("sequence ({}, {}, {}) at {}: {what}", b(x), b(k1), b(k2), b(x))
}

/// `i128`: every entry below `2^40`, so `D`, `N` below `2^42`, `|N − tD|` below `2^46`, and
/// the cross products that compare two errors below `2^88`.
fn row_small(m: u32, x: u32, a: &[i128], p: &[i128]) -> RowResult {
    let n = a.len() as u32;
    let (mut wn, mut wd) = (0i128, 1i128);
    for k1 in 0..n {
        for k2 in k1..n {
            let (i, j, q) = (k1 as usize, k2 as usize, x as usize);
            let d = a[q] + a[i] + a[j];
            let t = target(x, k1, k2) as i128;
            if d <= 0 {
                return Err(fail(m, x, k1, k2, "denominator D = 0".into()));
            }
            let e = (p[q] + p[i] + p[j] - t * d).abs();
            if 2 * e >= d {
                let err = Rat::new(e.into(), d.into());
                return Err(fail(m, x, k1, k2, format!("target {t}, error {} >= 1/2", fmt_q(&err))));
            }
            if e * wd > wn * d {
                (wn, wd) = (e, d);
            }
        }
    }
    Ok(Rat::new(wn.into(), wd.into()))
}

fn row_big(m: u32, x: u32, a: &[BigInt], p: &[BigInt]) -> RowResult {
    let n = a.len() as u32;
    let mut worst = Rat::zero();
    for k1 in 0..n {
        for k2 in k1..n {
            let (i, j, q) = (k1 as usize, k2 as usize, x as usize);
            let d = &a[q] + &a[i] + &a[j];
            let t = target(x, k1, k2);
            if !d.is_positive() {
                return Err(fail(m, x, k1, k2, "denominator D = 0".into()));
            }
            let e = (&p[q] + &p[i] + &p[j] - BigInt::from(t) * &d).abs();
            let err = Rat::new(e, d);
            if err >= Rat::new(1.into(), 2.into()) {
                return Err(fail(m, x, k1, k2, format!("target {t}, error {} >= 1/2", fmt_q(&err))));
            }
            worst = worst.max(err);
        }
    }
    Ok(worst)
}
