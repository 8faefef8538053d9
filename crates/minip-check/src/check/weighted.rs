//! Checking weighted rank bounds (`minip-rank-weighted/1`, docs/math.md §15), end to end:
//! 1. the parameters and the pairs: `n ≥ 3`, `ε > 0`, every token of `m` bits, every weight a
//!    positive integer `≤ 2^32`, at least two pairs, `k²` within `MAX_CODE_PAIRS`;
//! 2. the classes: each off-diagonal entry `(i, j)` classified from the tokens as seen from
//!    the query `x_i` (`h_i = |x_i|`, `lo_i = <x_i,y_i>`; the overlap `o = <x_i,y_j> < h_i` is
//!    class `o`, `y_j = x_i` class `h`, `y_j ⊋ x_i` class `h⁺`); a class `≤ lo_i` has no
//!    ratio and is refused; per key `(h, lo, class)` the entries and `Σ w_i w_j` are
//!    recounted and must equal the stated ones, in order;
//! 3. the ratios: one `minip-ratio-bound/1` per key, same order, for `R(lo, class; h)` with
//!    the stated `n, ε` in the paper's model, passing `check_ratio_bound`, positive, with a
//!    multiplier (so strict, docs/math.md §4.6); the class `h⁺` from an LP with the superset
//!    class, and a superset LP only when `m > h`;
//! 4. the arithmetic: `trace = Σ w`, `frobenius = Σ w_i² + Σ_keys weighted·R^{−2}`,
//!    `value = trace²/frobenius`, the unweighted value `k²/(k + Σ entries·R^{−2})`, and the
//!    strict bound `⌊value⌋ + 1`.
//!
//! Depends on rationals and the ratio checker; never on the search.

use super::input::rational;
use super::rank_bound::strict_bound;
use super::ratio::{bound_work, check_ratio_bound, within_budget};
use super::{Context, Proves};
use crate::error::{Error, Res};
use crate::format::weighted::{WeightedCertificate, WEIGHTED_FORMAT};
use crate::model::code::parse_bits;
use crate::rational::{fmt_q, Rat};
use crate::rows::ratio::class_label;
use num_bigint::BigInt;
use num_traits::{One, Signed};
use serde::Serialize;
use std::collections::BTreeMap;

/// The largest weight of a pair.
pub const MAX_WEIGHT: u64 = 1 << 32;

/// What a checked weighted certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedChecked {
    pub n: u32,
    pub m: u32,
    pub k: usize,
    pub value: Rat,
    pub unweighted_value: Rat,
    pub bound: u64,
}

/// Per key `(h, lo, class)`: the number of entries and `Σ w_i w_j` over them.
type Counts = BTreeMap<(u32, u32, u32), (u64, u128)>;

/// Checks a weighted rank certificate end to end (steps 1–4 of the module comment).
pub fn check_weighted(c: &WeightedCertificate) -> Res<WeightedChecked> {
    if c.format != WEIGHTED_FORMAT {
        return Err(Error::Rejected(format!("format '{}', expected {WEIGHTED_FORMAT}", c.format)));
    }
    let p = &c.params;
    let eps = super::input::rank_params(p.n, &p.eps)?;
    let (x, y, w) = stated_pairs(c)?;
    let counts = class_counts(&x, &y, &w)?;
    let ratios = priced(c, &counts, &eps)?;
    // 4. The arithmetic, in integers: `Σ weighted/R²` and `Σ entries/R²` added as fractions
    // over the products of the `a²` (`R = a/b`), compared with the stated values by cross
    // products; nothing is reduced (the stated values are, and they are what the claim names).
    let trace: u128 = w.iter().map(|&v| v as u128).sum();
    let k = x.len();
    let (mut frob_n, mut frob_d) =
        (BigInt::from(w.iter().map(|&v| v as u128 * v as u128).sum::<u128>()), BigInt::one());
    let (mut plain_n, mut plain_d) = (BigInt::from(k), BigInt::one());
    for ((_, (entries, weighted)), r) in counts.iter().zip(&ratios) {
        let (a2, b2) = (r.numer() * r.numer(), r.denom() * r.denom());
        frob_n = frob_n * &a2 + BigInt::from(*weighted) * &b2 * &frob_d;
        frob_d *= &a2;
        plain_n = plain_n * &a2 + BigInt::from(*entries) * &b2 * &plain_d;
        plain_d *= &a2;
    }
    let t = BigInt::from(trace);
    let (value_n, value_d) = (&t * &t * &frob_d, frob_n.clone());
    let kq = BigInt::from(k);
    let (plain_value_n, plain_value_d) = (&kq * &kq * &plain_d, plain_n);
    let same = |what: &str, stated: &str, (n, d): (&BigInt, &BigInt)| -> Res<Rat> {
        let s = rational(what, stated)?;
        if s.numer() * d != n * s.denom() {
            return Err(Error::Rejected(format!(
                "{what} = {stated}, recomputed {}",
                super::work::shown(n, d)
            )));
        }
        Ok(s)
    };
    same("trace", &c.trace, (&t, &BigInt::one()))?;
    same("frobenius", &c.frobenius, (&frob_n, &frob_d))?;
    let value = same("value", &c.value, (&value_n, &value_d))?;
    let unweighted = same("unweighted_value", &c.unweighted_value, (&plain_value_n, &plain_value_d))?;
    if !c.strict {
        return Err(Error::Rejected(
            "strict: a weighted bound is stated in the strict form ⌊value⌋ + 1".into(),
        ));
    }
    let b = strict_bound(&value);
    if c.bound != b {
        return Err(Error::Rejected(format!(
            "bound = {}, recomputed {b} (strict form ⌊value⌋ + 1)",
            c.bound
        )));
    }
    Ok(WeightedChecked { n: p.n, m: p.m, k, value, unweighted_value: unweighted, bound: b })
}

/// Step 1: the tokens and weights, parsed and within the limits.
fn stated_pairs(c: &WeightedCertificate) -> Res<(Vec<u64>, Vec<u64>, Vec<u64>)> {
    let m = c.params.m;
    if m == 0 || m > 64 {
        return Err(Error::Rejected(format!("params.m = {m}: expected 1..=64")));
    }
    let k = c.pairs.len() as u128;
    if k * k > crate::limits::MAX_CODE_PAIRS {
        return Err(Error::TooLarge(format!(
            "too large to check: {k} pairs need {} entry comparisons, the limit is {}",
            k * k,
            crate::limits::MAX_CODE_PAIRS
        )));
    }
    if c.k != c.pairs.len() || c.k < 2 {
        return Err(Error::Rejected(format!(
            "k = {} with {} pairs: need k equal to the number of pairs and at least 2 (an off-diagonal entry)",
            c.k,
            c.pairs.len()
        )));
    }
    let (mut x, mut y, mut w) = (Vec::new(), Vec::new(), Vec::new());
    for (i, pair) in c.pairs.iter().enumerate() {
        let at = |e: Error| e.at(&format!("pairs[{i}]")).in_certificate();
        x.push(parse_bits(&pair.x, m).map_err(at)?);
        y.push(parse_bits(&pair.y, m).map_err(at)?);
        if pair.w == 0 || pair.w > MAX_WEIGHT {
            return Err(Error::Rejected(format!("pairs[{i}].w = {}: expected 1..=2^32", pair.w)));
        }
        w.push(pair.w);
    }
    Ok((x, y, w))
}

/// Step 2: every off-diagonal entry classified as seen from its row's query; a class at or
/// below the row's `lo` has no forced ratio.
fn class_counts(x: &[u64], y: &[u64], w: &[u64]) -> Res<Counts> {
    let mut counts = Counts::new();
    for i in 0..x.len() {
        let h = x[i].count_ones();
        let lo = (x[i] & y[i]).count_ones();
        for j in 0..x.len() {
            if i == j {
                continue;
            }
            let o = (x[i] & y[j]).count_ones();
            let class = if o < h {
                o
            } else if y[j] == x[i] {
                h
            } else {
                h + 1
            };
            if class <= lo {
                return Err(Error::Rejected(format!(
                    "entry ({i}, {j}): y_{j} is in class {} as seen from x_{i}, not above lo = {lo}: no forced ratio bounds it",
                    class_label(h, class)
                )));
            }
            let e = counts.entry((h, lo, class)).or_insert((0, 0));
            e.0 += 1;
            e.1 += w[i] as u128 * w[j] as u128;
        }
    }
    Ok(counts)
}

/// Step 3: the stated classes equal the recount, and each ratio certificate proves the
/// stated positive ratio for its key, strictly. Returns the ratios in key order.
fn priced(c: &WeightedCertificate, counts: &Counts, eps: &Rat) -> Res<Vec<Rat>> {
    let mut work: u128 = 0;
    for r in &c.ratios {
        work = work.saturating_add(bound_work(r).unwrap_or(0));
    }
    within_budget(work, &format!("the {} ratio certificates together", c.ratios.len()))?;
    // The sums of step 4 grow by every ratio's squared numerator and denominator (`T` limbs in
    // all, from the stated ratios' lengths): about `T²` limb products, 1 ns each, counted in
    // the ratio units (about 0.9 µs) with the certificates.
    let t = c.classes.iter().fold(2u128, |acc, cl| acc.saturating_add(2 * super::work::text_size(&cl.ratio)));
    let arithmetic = t.saturating_mul(t).saturating_mul(4) / 900;
    within_budget(
        work.saturating_add(arithmetic),
        &format!("the {} ratio certificates and the sums over their classes", c.ratios.len()),
    )?;
    if c.classes.len() != counts.len() || c.ratios.len() != counts.len() {
        return Err(Error::Rejected(format!(
            "classes: {} listed with {} ratios, the pairs have {} classes",
            c.classes.len(),
            c.ratios.len(),
            counts.len()
        )));
    }
    let mut out = Vec::new();
    for (i, ((&(h, lo, class), &(entries, weighted)), stated)) in counts.iter().zip(&c.classes).enumerate() {
        let label = class_label(h, class);
        let name = format!("R({lo}, {label}; {h})");
        if (stated.h, stated.lo) != (h, lo)
            || stated.class != label
            || stated.entries != entries
            || stated.weighted != weighted.to_string()
        {
            return Err(Error::Rejected(format!(
                "classes[{i}]: stated h={} lo={} class {} with {} entries (weighted {}), recounted h={h} lo={lo} class {label} with {entries} entries (weighted {weighted})",
                stated.h, stated.lo, stated.class, stated.entries, stated.weighted
            )));
        }
        let r = &c.ratios[i];
        let q = &r.params;
        if (q.n, q.h, q.lo, q.hi) != (c.params.n, h, lo, class) || rational("ratio eps", &q.eps)? != *eps {
            return Err(Error::Rejected(format!(
                "ratios[{i}]: a certificate for R({}, {}; {}) with n = {}, eps = {}, expected {name} with n = {}, eps = {}",
                q.lo,
                class_label(q.h, q.hi),
                q.h,
                q.n,
                q.eps,
                c.params.n,
                c.params.eps
            )));
        }
        if !q.is_default_setting() {
            return Err(Error::Rejected(format!("ratios[{i}] {name}: a rank bound uses ratios of the paper's model (min-ip, nonneg, shared maps, all keys)")));
        }
        if q.superset && c.params.m <= h {
            return Err(Error::Rejected(format!(
                "ratios[{i}]: its LP has the strict-superset class h+, which does not exist when m = h"
            )));
        }
        let value = check_ratio_bound(r).map_err(|e| e.at(&format!("ratios[{i}] {name}")))?;
        if rational(&format!("classes[{i}].ratio"), &stated.ratio)? != value {
            return Err(Error::Rejected(format!(
                "classes[{i}]: stated ratio {}, its certificate proves {}",
                stated.ratio,
                fmt_q(&value)
            )));
        }
        if !value.is_positive() || r.multipliers.is_empty() {
            return Err(Error::Rejected(format!(
                "class {label}: the ratio {} is not positive with a multiplier on a strict row, so the entries are not strictly bounded",
                fmt_q(&value)
            )));
        }
        out.push(value);
    }
    Ok(out)
}

/// The claim of a checked weighted certificate (`check::claims`).
fn claim(c: &WeightedCertificate) -> Res<RankWeightedClaim> {
    let r = check_weighted(c)?;
    Ok(RankWeightedClaim {
        bound: r.bound,
        n: r.n,
        eps: fmt_q(&rational("params.eps", &c.params.eps)?),
        m: r.m,
        k: r.k,
        value: fmt_q(&r.value),
        unweighted_value: fmt_q(&r.unweighted_value),
    })
}

// What a checked certificate proves (the registry's claim of this format, crate::format).

/// `minip-rank-weighted/1`: the rank bound from the weighted trace/Frobenius inequality.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RankWeightedClaim {
    pub bound: u64,
    pub n: u32,
    pub eps: String,
    pub m: u32,
    pub k: usize,
    pub value: String,
    /// The entrywise value of the same pairs with equal weights.
    pub unweighted_value: String,
}

impl std::fmt::Display for RankWeightedClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = self;
        write!(
            f,
            "rank >= {} (weighted pairs, n={} eps={} m={} k={} value={} unweighted {})",
            r.bound, r.n, r.eps, r.m, r.k, r.value, r.unweighted_value
        )
    }
}

impl Proves for WeightedCertificate {
    type Claim = RankWeightedClaim;
    fn proves(&self, _: &Context) -> Res<RankWeightedClaim> {
        claim(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sums_over_long_ratios_are_counted_before_any_is_checked() {
        // Two pairs at m = 2 and 60 stated classes whose ratios have 10,000 digits each: the
        // sums of step 4 would grow to about 2·60·1040 limbs; refused before any ratio is read.
        let text = format!(
            r#"{{"format":"{WEIGHTED_FORMAT}","params":{{"n":3,"eps":"1/2","m":2}},"construction":"test","k":2,
            "pairs":[{{"x":"10","y":"01","w":1}},{{"x":"01","y":"10","w":1}}],
            "classes":[{}],"ratios":[],"trace":"2","frobenius":"2","value":"2","unweighted_value":"2","bound":3,"strict":true}}"#,
            vec![
                format!(
                    r#"{{"h":1,"lo":0,"class":"1","entries":1,"weighted":"1","ratio":"{}/3"}}"#,
                    "7".repeat(9_999)
                );
                60
            ]
            .join(",")
        );
        let crate::format::AnyCertificate::RankWeighted(c) = crate::read::parse(&text).unwrap() else {
            unreachable!()
        };
        let e = check_weighted(&c).unwrap_err();
        assert!(matches!(e, Error::TooLarge(_)), "{e:?}");
        assert!(
            e.starts_with("too large to check: about ")
                && e.contains(
                    "(the 0 ratio certificates and the sums over their classes), the limit is 9000000"
                ),
            "{e}"
        );
        // Two such classes are within the budget: the counts are compared next (and differ).
        let mut two = c.clone();
        two.classes.truncate(2);
        assert!(check_weighted(&two).unwrap_err().starts_with("classes: 2 listed with 0 ratios"));
    }
}
