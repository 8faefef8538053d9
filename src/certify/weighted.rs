//! Weighted rank bounds (docs/math.md §15): the float weights of `crate::solve::weighted`
//! made exact (integers, so the checker's sums are exact without denominators), the classes
//! recounted per `(h, lo, class)`, one chain certificate (`minip-ratio-bound/1`) per class,
//! and the certificate `minip-rank-weighted/1` passed to `minip_check` before it is returned.

use crate::certify::ratio::{chain_bound_certificate, closed_form_ratio};
use crate::error::At;
use crate::error::Error;
use crate::solve::weighted::{Ratios, Weighted};
use minip_check::check::{class_label, Checked, Context};
use minip_check::format::weighted::{
    WeightedCertificate, WeightedClass, WeightedPair, WeightedParams, WEIGHTED_FORMAT,
};
use minip_check::model::code::bits;
use minip_check::rational::{fmt_q, q, Rat};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::collections::BTreeMap;

/// The weight scale: the largest weight of a certificate is `2^20`.
pub const WEIGHT_SCALE: f64 = (1u64 << 20) as f64;

/// The float ratios `R(0, c; h)` at `ε = 1/2` for `h ≤ m` (closed forms, docs/math.md §9.3).
pub fn ratios(n: u32, m: u32) -> Ratios {
    let eps = q(1, 2);
    let ratio = (0..=m)
        .map(|h| {
            (0..=h + 1)
                .map(|c| {
                    let r = if h >= 1 && c >= 1 { closed_form_ratio(n, &eps, h, c) } else { None };
                    r.and_then(|r| r.to_f64()).unwrap_or(0.0)
                })
                .collect()
        })
        .collect();
    Ratios { m, ratio }
}

/// Integer weights `round(w_i/max w · 2^20)`, pairs rounded to 0 dropped.
pub fn integer_weights(best: &Weighted) -> (Vec<u64>, Vec<u64>) {
    let max = best.w.iter().cloned().fold(0.0, f64::max);
    let mut x = Vec::new();
    let mut w = Vec::new();
    for (&xi, &wi) in best.x.iter().zip(&best.w) {
        let v = (wi / max * WEIGHT_SCALE).round() as u64;
        if v > 0 {
            x.push(xi);
            w.push(v);
        }
    }
    (x, w)
}

/// The certificate for pairs `(x_i, ¬x_i)` with integer weights, checked.
pub fn certificate(
    n: u32,
    m: u32,
    x: &[u64],
    w: &[u64],
    construction: &str,
) -> Result<Checked<WeightedCertificate>, Error> {
    let eps = q(1, 2);
    let full = if m == 64 { u64::MAX } else { (1u64 << m) - 1 };
    let y: Vec<u64> = x.iter().map(|&v| full & !v).collect();
    let mut counts: BTreeMap<(u32, u32, u32), (u64, u128)> = BTreeMap::new();
    for i in 0..x.len() {
        let h = x[i].count_ones();
        for j in (0..x.len()).filter(|&j| j != i) {
            let o = (x[i] & y[j]).count_ones();
            let c = if o < h {
                o
            } else if y[j] == x[i] {
                h
            } else {
                h + 1
            };
            let e = counts.entry((h, 0, c)).or_insert((0, 0));
            e.0 += 1;
            e.1 += w[i] as u128 * w[j] as u128;
        }
    }
    let mut classes = Vec::new();
    let mut ratios = Vec::new();
    let mut frob = Rat::from_integer(BigInt::from(w.iter().map(|&v| v as u128 * v as u128).sum::<u128>()));
    let mut plain = Rat::from_integer(BigInt::from(x.len()));
    for (&(h, lo, c), &(entries, weighted)) in &counts {
        let cert = chain_bound_certificate(n, &eps, h, c, c == h + 1)
            .at(&format!("R(0, {}; {h})", class_label(h, c)))?;
        let r = minip_check::rational::parse_rational(&cert.cert().bound)?;
        let r2 = &r * &r;
        frob += Rat::from_integer(BigInt::from(weighted)) / &r2;
        plain += Rat::from_integer(BigInt::from(entries)) / &r2;
        classes.push(WeightedClass {
            h,
            lo,
            class: class_label(h, c),
            entries,
            weighted: weighted.to_string(),
            ratio: fmt_q(&r),
        });
        ratios.push(cert.cert().clone());
    }
    let trace = Rat::from_integer(BigInt::from(w.iter().map(|&v| v as u128).sum::<u128>()));
    let value = &trace * &trace / &frob;
    let k = Rat::from_integer(BigInt::from(x.len()));
    let unweighted = &k * &k / plain;
    let bound = minip_check::check::rank_bound::strict_bound(&value);
    let cert = WeightedCertificate {
        format: WEIGHTED_FORMAT.into(),
        params: WeightedParams { n, eps: fmt_q(&eps), m },
        construction: construction.into(),
        k: x.len(),
        pairs: x
            .iter()
            .zip(&y)
            .zip(w)
            .map(|((&a, &b), &v)| WeightedPair { x: bits(a, m), y: bits(b, m), w: v })
            .collect(),
        classes,
        ratios,
        trace: fmt_q(&trace),
        frobenius: fmt_q(&frob),
        value: fmt_q(&value),
        unweighted_value: fmt_q(&unweighted),
        bound,
        strict: true,
    };
    Checked::new(cert, &Context::default())
        .map_err(|e| Error::Input(format!("the weighted certificate failed the checker ({e})")))
}
