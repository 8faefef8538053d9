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
//! In integers: the keys' features over one common denominator, each query's features and
//! values over theirs, so every kernel entry is an integer dot product (in `i128` while the
//! features are below `2^56`); while a query's weights and products stay below `2^56` its
//! `2^m (2^m + 1)/2` sequences run in `i128` (no product can overflow), else in big integers,
//! errors compared by cross products. The work is counted before any number is parsed
//! ([`search_work`], budget `MAX_SEARCH_WORK`).

use super::input::rational;
use crate::error::{Error, Res};
use crate::format::search::{SearchHead, SEARCH_HEAD_FORMAT, SEARCH_HEAD_FORMAT_V1};
use crate::rational::{fmt_q, Rat};
use num_bigint::BigInt;
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
    /// The least value dimension of `s` (docs/math.md §10.11) and the state `rank·(D + 1)`.
    pub value_dim: usize,
    pub state: BigInt,
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
    let value_dim = value_dim(c)?;
    let state = super::poly::stated_state(
        c.format == SEARCH_HEAD_FORMAT,
        c.value_dim.as_deref(),
        c.state.as_deref(),
        &BigInt::from(value_dim),
        &BigInt::from(c.rank),
    )?;
    Ok(SearchHeadClaim { m: c.params.m, rank: c.rank, max_error: worst, value_dim, state })
}

/// The least value dimension of the head's `s`, `rank [s; 1ᵀ] − 1` (docs/math.md §10.11):
/// modulo `2^61 − 1` first, settled when it reaches `2^m − 1`, otherwise exact elimination
/// within what the search budget leaves. The shapes must have been checked.
pub fn value_dim(c: &SearchHead) -> Res<usize> {
    let n = 1usize << c.params.m;
    if let Some(d) = crate::model::value::table_value_dim_text(&c.s) {
        return Ok(d);
    }
    let s = table("s", &c.s, n, n)?;
    let mut budget = crate::limits::MAX_SEARCH_WORK.saturating_sub(search_work(c));
    let left = budget;
    crate::model::value::table_value_dim(&s, &mut budget).map_err(|spent| {
        Error::TooLarge(format!(
            "too large to check: the value dimension's elimination needs more than the {left} units of work left ({spent} spent)"
        ))
    })
}

/// Units of work of checking a searched head (`crate::check::work` units, budget
/// `MAX_SEARCH_WORK`), from the lengths of its stated numbers before any is parsed: parsing
/// them; the common denominators (each query's row of `phi_q` and of `s`, all of `phi_k`); the
/// `4^m·r` products of the kernel entries; and per query the `2^m (2^m + 1)/2` sequences. Small
/// numbers (machine integers: a product below 2^112, a sequence's entries below 2^40) cost
/// a few units each, long ones their limbs.
pub fn search_work(c: &SearchHead) -> u128 {
    use super::work::{common_bits, common_limbs, parse_work, GCD};
    let all = c.phi_q.iter().chain(&c.phi_k).chain(&c.s).flatten();
    let mut work = parse_work(all);
    let n = c.phi_q.len().max(c.phi_k.len()).max(c.s.len()) as u128;
    let k_limbs = common_limbs(c.phi_k.iter().flatten());
    let k_bits = common_bits(c.phi_k.iter().flatten());
    let distinct = c.phi_k.iter().flatten().filter(|v| v.contains(['/', '.', 'e', 'E'])).count() as u128 + 1;
    work = work.saturating_add(
        GCD.saturating_mul(distinct.min(n * n)).saturating_mul(k_limbs.saturating_mul(k_limbs)),
    );
    let r = c.rank as u128;
    let pairs = n.saturating_mul(n + 1) / 2;
    for (q, s) in c.phi_q.iter().zip(&c.s) {
        let (q_limbs, s_limbs) = (common_limbs(q), common_limbs(s));
        let (q_bits, s_bits) = (common_bits(q), common_bits(s));
        work = work.saturating_add(GCD.saturating_mul(q_limbs * q_limbs + s_limbs * s_limbs));
        // The kernel entries of this query: n dot products of r terms, in i128 when every
        // feature is below 2^56.
        let small = q_bits <= 56 && k_bits <= 56;
        let per_term = if small { 2 } else { 100 + q_limbs.saturating_mul(k_limbs) };
        work = work.saturating_add(n.saturating_mul(r).saturating_mul(per_term));
        // Its sequences: weights A·L_s and products A·σ (A below 2^(q + k + 8) for r ≤ 256),
        // then three additions and a comparison each, in i128 below 2^56.
        let entries = q_limbs + k_limbs + 1 + s_limbs;
        let small = q_bits + k_bits + 8 + s_bits <= 56;
        let per_pair = if small { 4 } else { 100 + 2 * entries + entries.saturating_mul(entries) / 8 };
        work = work.saturating_add(n.saturating_mul(GCD + entries * entries));
        work = work.saturating_add(pairs.saturating_mul(per_pair));
    }
    work
}

/// Everything [`check_search_head`] checks but the stated `max_error`, which it returns
/// (what a producer states).
pub fn largest_error(c: &SearchHead) -> Res<Rat> {
    if c.format != SEARCH_HEAD_FORMAT && c.format != SEARCH_HEAD_FORMAT_V1 {
        return Err(rejected(format!(
            "format '{}' is not {SEARCH_HEAD_FORMAT} or {SEARCH_HEAD_FORMAT_V1}",
            c.format
        )));
    }
    let m = c.params.m;
    if !(1..=MAX_SEARCH_M).contains(&m) {
        return Err(rejected(format!("params.m: m = {m} is outside 1..={MAX_SEARCH_M}")));
    }
    let n = 1usize << m;
    if c.rank == 0 || c.rank > n {
        return Err(rejected(format!("rank: {} is outside 1..={n}", c.rank)));
    }
    super::work::within(
        search_work(c),
        crate::limits::MAX_SEARCH_WORK,
        "the head's numbers, kernel and sequences",
    )?;
    let phi_q = table("phi_q", &c.phi_q, n, c.rank)?;
    let phi_k = table("phi_k", &c.phi_k, n, c.rank)?;
    let s = table("s", &c.s, n, n)?;
    // In integers: the keys' features over one common denominator `L_K`, each query's over
    // its own `L_x`, its values over theirs `L_s`; then `A(x,k) = L_x·L_K·α(x,k)` is a dot
    // product of integers, and `ŷ = Σ α·s / Σ α` is unchanged when every `α(x,·)` is scaled by
    // the positive `L_s/(L_x·L_K)`: weights `A·L_s`, products `A·σ`.
    let (lk, keys) = crate::rational::over_lcd(&phi_k.concat());
    let keys: Vec<&[BigInt]> = keys.chunks(c.rank).collect();
    let small_keys = keys.iter().flat_map(|k| k.iter()).all(|v| v.bits() <= 56);
    let mut worst = Rat::zero();
    for x in 0..n {
        let (lx, q) = crate::rational::over_lcd(&phi_q[x]);
        let small = small_keys && q.iter().all(|v| v.bits() <= 56);
        let a: Vec<BigInt> = if small {
            // |q|, |k| < 2^56 and r ≤ 256 terms: every sum below 2^120.
            let q: Vec<i128> = q.iter().map(|v| v.to_i128().expect("below 2^56")).collect();
            keys.iter()
                .map(|k| {
                    let dot = k
                        .iter()
                        .zip(&q)
                        .fold(0i128, |acc, (kv, qv)| acc + kv.to_i128().expect("below 2^56") * qv);
                    BigInt::from(dot)
                })
                .collect()
        } else {
            keys.iter().map(|k| k.iter().zip(&q).map(|(kv, qv)| kv * qv).sum()).collect()
        };
        if let Some(k) = a.iter().position(Signed::is_negative) {
            let b = |t: usize| crate::model::code::bits(t as u64, m);
            let alpha = Rat::new(a[k].clone(), &lx * &lk);
            return Err(rejected(format!(
                "negative kernel entry alpha({}, {}) = {}",
                b(x),
                b(k),
                fmt_q(&alpha)
            )));
        }
        let (ls, sigma) = crate::rational::over_lcd(&s[x]);
        let weights: Vec<BigInt> = a.iter().map(|v| v * &ls).collect();
        let prod: Vec<BigInt> = a.iter().zip(&sigma).map(|(v, w)| v * w).collect();
        let err = query_row(m, x as u32, &weights, &prod).map_err(rejected)?;
        worst = worst.max(err);
    }
    Ok(worst)
}

/// Every sequence `(x, k1, k2)` at query `x`, from integer weights `a` and products `p` (one
/// per key, `ŷ = Σ p / Σ a`).
fn query_row(m: u32, x: u32, a: &[BigInt], p: &[BigInt]) -> RowResult {
    let limit = BigInt::one() << 56;
    let small = a.iter().chain(p).all(|v| v.abs() < limit);
    if small {
        let a: Vec<i128> = a.iter().map(|v| v.to_i128().expect("below 2^56")).collect();
        let p: Vec<i128> = p.iter().map(|v| v.to_i128().expect("below 2^56")).collect();
        row_small(m, x, &a, &p)
    } else {
        row_big(m, x, a, p)
    }
}

fn target(x: u32, k1: u32, k2: u32) -> u32 {
    (x & k1).count_ones().min((x & k2).count_ones()).min(x.count_ones())
}

fn fail(m: u32, x: u32, k1: u32, k2: u32, what: String) -> String {
    let b = |t: u32| crate::model::code::bits(t.into(), m);
    format!("sequence ({}, {}, {}) at {}: {what}", b(x), b(k1), b(k2), b(x))
}

/// `i128`: every entry below `2^56`, so `D`, `N` below `2^58`, `|N − tD|` below `2^62`
/// (`t ≤ m ≤ 8`), and the cross products that compare two errors below `2^120`.
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

/// Big integers: errors compared by cross products, only the largest reduced.
fn row_big(m: u32, x: u32, a: &[BigInt], p: &[BigInt]) -> RowResult {
    let n = a.len() as u32;
    let (mut wn, mut wd) = (BigInt::zero(), BigInt::one());
    for k1 in 0..n {
        for k2 in k1..n {
            let (i, j, q) = (k1 as usize, k2 as usize, x as usize);
            let d = &a[q] + &a[i] + &a[j];
            let t = target(x, k1, k2);
            if !d.is_positive() {
                return Err(fail(m, x, k1, k2, "denominator D = 0".into()));
            }
            let e = (&p[q] + &p[i] + &p[j] - &d * t).abs();
            if &e * 2 >= d {
                let err = super::work::shown(&e, &d);
                return Err(fail(m, x, k1, k2, format!("target {t}, error {err} >= 1/2")));
            }
            if super::work::greater(&e, &d, &wn, &wd) {
                (wn, wd) = (e, d);
            }
        }
    }
    Ok(Rat::new(wn, wd))
}

// What a checked certificate proves (the registry's claim of this format, crate::format).

/// `minip-search-head/1`: a head of feature dimension `rank` given by explicit tables, correct
/// on every sequence of length `≤ 3` (`ε = 1/2`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SearchHeadSummary {
    pub rank: usize,
    pub m: u32,
    pub max_error: String,
    /// The least value dimension `D` of `s` (docs/math.md §10.11).
    pub value_dim: usize,
    /// The state `rank·(D + 1)`, decimal.
    pub state: String,
}

impl std::fmt::Display for SearchHeadSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "head of rank {} (searched, explicit features, m={}, max error {}), value dimension {}, state {}",
            self.rank,
            self.m,
            crate::rational::readable(&self.max_error),
            self.value_dim,
            self.state
        )
    }
}

impl super::Proves for SearchHead {
    type Claim = SearchHeadSummary;
    fn proves(&self, _: &super::Context) -> Res<SearchHeadSummary> {
        let r = check_search_head(self)?;
        Ok(SearchHeadSummary {
            rank: r.rank,
            m: r.m,
            max_error: fmt_q(&r.max_error),
            value_dim: r.value_dim,
            state: r.state.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::search::SearchParams;

    /// `m = 1`, rank 2: `α(x,k) = 4^(1 − <x,k>)` as the features `φ_Q(x) = e_x`,
    /// `φ_K(k) = (α(0,k), α(1,k))`, values `s(x,k) = <x,k>`. At `x = 1` the sequence
    /// `(1, 0, 1)` has `D = 1 + 4 + 1`, `N = 1 + 0 + 1`, target 0: the largest error 1/3.
    fn head(max_error: &str) -> SearchHead {
        let v = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        SearchHead {
            format: SEARCH_HEAD_FORMAT.into(),
            params: SearchParams { m: 1 },
            rank: 2,
            phi_q: vec![v(&["1", "0"]), v(&["0", "1"])],
            phi_k: vec![v(&["4", "4"]), v(&["4", "1"])],
            s: vec![v(&["0", "0"]), v(&["0", "1"])],
            max_error: max_error.into(),
            value_dim: Some("1".into()),
            state: Some("4".into()),
            search: None,
        }
    }

    #[test]
    fn sequences_are_checked_in_integers_small_or_long() {
        assert_eq!(check_search_head(&head("1/3")).unwrap().max_error, crate::rational::q(1, 3));
        assert_eq!(
            check_search_head(&head("1/4")).unwrap_err(),
            Error::Rejected("max_error: stated 1/4, recomputed 1/3".into())
        );
        // Query 1's features scaled by 10^60/7 (its kernel row scales, its outputs do not):
        // the dot products and the sequences run in big integers, with the same result.
        let mut long = head("1/3");
        long.phi_q[1] = vec!["0".into(), format!("1{}/7", "0".repeat(60))];
        assert_eq!(check_search_head(&long).unwrap().max_error, crate::rational::q(1, 3));
        // A negative kernel entry names the entry, as a reduced rational.
        let mut neg = long.clone();
        neg.phi_k[1][1] = "-1".into();
        assert_eq!(
            check_search_head(&neg).unwrap_err(),
            Error::Rejected(format!("negative kernel entry alpha(1, 1) = -1{}/7", "0".repeat(60)))
        );
    }

    #[test]
    fn long_numbers_are_counted_before_they_are_read() {
        // m = 4 (16 tokens): every value with a denominator of its own of 9,000 digits.
        let mut c = head("0");
        c.params.m = 4;
        let row = |x: usize| vec![format!("{x}"), "1".into()];
        c.phi_q = (0..16).map(row).collect();
        c.phi_k = (0..16).map(row).collect();
        c.s = (0..16)
            .map(|x| (0..16).map(|k| format!("1/{}{x:02}{k:02}", "7".repeat(9_000))).collect())
            .collect();
        let e = largest_error(&c).unwrap_err();
        assert!(matches!(e, Error::TooLarge(_)), "{e:?}");
        assert!(
            e.ends_with("units of work (the head's numbers, kernel and sequences), the limit is 2000000000"),
            "{e}"
        );
        assert!(search_work(&c) > crate::limits::MAX_SEARCH_WORK && search_work(&head("0")) < 10_000);
    }
}
