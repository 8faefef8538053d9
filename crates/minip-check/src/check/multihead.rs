//! Several heads on the paper family (docs/math.md §12): `H` normalized heads, each given by
//! its kernel row `α_h(x,·) ≥ 0` and its scalarized value row `s_h(x,·)` on the tokens
//! `x, y, z`, their outputs summed by the readout (a query-dependent affine readout of the
//! heads' outputs is such a sum once each head's values are scalarized). The outputs on
//! S1–S3 are recomputed exactly from the stated parameters; nothing is taken from the caller
//! but the rows. [`check_multihead`] checks a `minip-multihead/1` certificate the same way.

use super::input::{rational, stated};
use super::{Certificate, Context};
use crate::error::{Error, Res};
use crate::format::multihead::{
    MultiheadCertificate, MultiheadHeadsCertificate, MULTIHEAD_FORMAT, MULTIHEAD_HEADS_FORMAT,
};
use crate::model::{paper_k, sequences, Family, Gap};
use crate::rational::{fmt_q, over_lcd, Rat};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// One head's row at the query `x`: kernel values and scalarized values on `(x, y, z)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadRow {
    pub alpha: [Rat; 3],
    pub s: [Rat; 3],
}

/// The readout's output on a sequence with multiplicities `mult = (i_x, i_y, i_z)`:
/// `Σ_h Σ_j λ^h_j s_h(x, j)` with `λ^h_j = i_j α_h(x,j) / Σ_k i_k α_h(x,k)`.
pub fn output(heads: &[HeadRow], mult: [u32; 3]) -> Res<Rat> {
    let mut y = Rat::zero();
    for (k, head) in heads.iter().enumerate() {
        let weight = |j: usize| Rat::from_integer(mult[j].into()) * &head.alpha[j];
        let den: Rat = (0..3).map(weight).sum();
        if !den.is_positive() {
            return Err(Error::Rejected(format!(
                "head {}: its weights sum to {} on a sequence",
                k + 1,
                fmt_q(&den)
            )));
        }
        let num: Rat = (0..3).map(|j| weight(j) * &head.s[j]).sum();
        y += num / den;
    }
    Ok(y)
}

/// Checks that `heads` are correct on S1–S3 of `(n, ε, h, u, w)` with tolerance `ε` (every
/// error strictly below `ε`), every kernel value `≥ 0`; returns the largest error.
pub fn check_paper(n: u32, eps: &Rat, gap: &Gap, heads: &[HeadRow]) -> Res<Rat> {
    if n < 3 {
        return Err(Error::Input(format!("need n ≥ 3, got n = {n}")));
    }
    if !eps.is_positive() {
        return Err(Error::Input(format!("need ε > 0, got ε = {}", fmt_q(eps))));
    }
    if heads.is_empty() {
        return Err(Error::Input("no heads".into()));
    }
    for (k, head) in heads.iter().enumerate() {
        if let Some(a) = head.alpha.iter().find(|a| a.is_negative()) {
            return Err(Error::Rejected(format!("head {}: a kernel value {} < 0", k + 1, fmt_q(a))));
        }
    }
    let mut worst = Rat::zero();
    for seq in sequences(n, gap, Family::Paper) {
        let err = (output(heads, seq.mult)? - Rat::from_integer(seq.target.into())).abs();
        if &err >= eps {
            return Err(Error::Rejected(format!(
                "{}: the output is off by {} ≥ ε = {}",
                seq.name,
                fmt_q(&err),
                fmt_q(eps)
            )));
        }
        worst = worst.max(err);
    }
    Ok(worst)
}

/// One head at a query of weight `h` (docs/math.md §12.2): its kernel value and its
/// scalarized value on every key class (`0..h−1`, the query itself, `h⁺` when `h < m`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassHead {
    pub alpha: Vec<Rat>,
    pub s: Vec<Rat>,
}

/// Checks `H` heads at every length-3 sequence `(x, {c1, c2})` of a weight-`h` query over
/// `{0,1}^m` (the classes of `crate::rows::poly`, target `min(o(c1), o(c2))`): every kernel
/// value `≥ 0`, every head's weights summing to `> 0`, and the summed output
/// `Σ_k Σ_j α_k(j) s_k(j) / Σ_j α_k(j)` strictly within 1/2 of the target. Returns the largest
/// error; a failure is [`Error::Rejected`] naming the sequence.
pub fn class_error(m: u32, h: u32, heads: &[ClassHead]) -> Res<Rat> {
    use crate::rows::poly::{class_count, keys, pairs, target};
    let k = class_count(m, h) as usize;
    if heads.is_empty() {
        return Err(Error::Rejected(format!("h = {h}: no heads")));
    }
    for (i, head) in heads.iter().enumerate() {
        if head.alpha.len() != k || head.s.len() != k {
            return Err(Error::Rejected(format!(
                "h = {h}, head {}: {} kernel values and {} values for {k} classes",
                i + 1,
                head.alpha.len(),
                head.s.len()
            )));
        }
        if let Some(c) = head.alpha.iter().position(Signed::is_negative) {
            return Err(Error::Rejected(format!(
                "h = {h}, head {}: the kernel value {} on class {c} is negative",
                i + 1,
                fmt_q(&head.alpha[c])
            )));
        }
    }
    // In integers, without a gcd per operation: head `i`'s kernel values and values over their
    // least common denominators, `α = a/A_i`, `s = σ/S_i`, so its output is
    // `Σ_j a·σ / (S_i·Σ_j a)`; the heads' outputs are added as fractions and only a failing or
    // a new largest error is reduced.
    let ints: Vec<_> = heads.iter().map(|hd| (over_lcd(&hd.alpha), over_lcd(&hd.s))).collect();
    let mut worst = Rat::zero();
    for (c1, c2) in pairs(m, h) {
        let ks = keys(3, h, c1, c2);
        let (mut num, mut den) = (BigInt::zero(), BigInt::one());
        for (i, ((a_den, a), (s_den, sigma))) in ints.iter().enumerate() {
            let d: BigInt = ks.iter().map(|&(c, n)| &a[c as usize] * BigInt::from(n)).sum();
            if !d.is_positive() {
                return Err(Error::Rejected(format!(
                    "h = {h}, classes ({c1}, {c2}), head {}: the weights sum to {}",
                    i + 1,
                    fmt_q(&Rat::new(d, a_den.clone()))
                )));
            }
            let n_i: BigInt =
                ks.iter().map(|&(c, n)| &a[c as usize] * &sigma[c as usize] * BigInt::from(n)).sum();
            let f = d * s_den;
            num = num * &f + n_i * &den;
            den *= f;
        }
        let diff = (num - &den * BigInt::from(target(h, c1, c2))).abs();
        if &diff * 2 >= den {
            return Err(Error::Rejected(format!(
                "h = {h}, classes ({c1}, {c2}): the output is off by {} ≥ 1/2",
                fmt_q(&Rat::new(diff, den))
            )));
        }
        // diff/den > worst ⇔ diff·denom(worst) > numer(worst)·den (denominators positive).
        if &diff * worst.denom() > worst.numer() * &den {
            worst = Rat::new(diff, den);
        }
    }
    Ok(worst)
}

/// The stated `max_error` must be the recomputed largest error `worst`.
fn stated_max_error(stated: &str, worst: &Rat) -> Res<()> {
    let stated = rational("max_error", stated)?;
    if &stated != worst {
        return Err(Error::Rejected(format!(
            "max_error: stated {} but the sequences give {}",
            fmt_q(&stated),
            fmt_q(worst)
        )));
    }
    Ok(())
}

/// What a `minip-multihead/1` certificate proves, as checked (reduced rationals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiheadChecked {
    pub heads: usize,
    pub n: u32,
    pub eps: Rat,
    pub d: u32,
    /// The lemma's `K`, recomputed: no head has `α_h(x,y) > K·α_h(x,z)`.
    pub k: Rat,
    pub max_error: Rat,
}

impl Certificate for MultiheadCertificate {
    type Claim = MultiheadChecked;
    fn check(&self, _: &Context) -> Res<MultiheadChecked> {
        check_multihead(self)
    }
}

/// Checks a `minip-multihead/1` certificate: the parameters in range, `paper_k` equal to
/// `K = (n−2)(d−2ε)/(2ε)`, the verdict `escapes`, every head with `α_h ≥ 0` and
/// `α_h(x,y) ≤ K·α_h(x,z)`, every output on S1–S3 (rebuilt from `n` and `d`) within `ε`,
/// and `max_error` equal to the largest error. Every failure is [`Error::Rejected`] naming
/// the field, except a limit ([`Error::TooLarge`]).
pub fn check_multihead(c: &MultiheadCertificate) -> Res<MultiheadChecked> {
    if c.format != MULTIHEAD_FORMAT {
        return Err(Error::Rejected(format!("format '{}': expected '{MULTIHEAD_FORMAT}'", c.format)));
    }
    let p = &c.params;
    if p.n < 3 {
        return Err(Error::Rejected(format!("params.n: need n ≥ 3, got n = {}", p.n)));
    }
    crate::limits::at_most("n", p.n, crate::limits::MAX_N, "three sequences").map_err(stated("params.n"))?;
    let eps = rational("params.eps", &p.eps)?;
    if !eps.is_positive() {
        return Err(Error::Rejected(format!("params.eps: need ε > 0, got ε = {}", fmt_q(&eps))));
    }
    let gap = Gap::from_d(p.d).map_err(stated("params.d"))?;
    let k = paper_k(p.n, &eps, p.d);
    let stated_k = rational("paper_k", &c.paper_k)?;
    if stated_k != k {
        return Err(Error::Rejected(format!(
            "paper_k: stated {} but the parameters give K = (n-2)(d-2eps)/(2eps) = {}",
            fmt_q(&stated_k),
            fmt_q(&k)
        )));
    }
    if c.verdict != "escapes" {
        return Err(Error::Rejected(format!(
            "verdict '{}': the only claim of {MULTIHEAD_FORMAT} is 'escapes'",
            c.verdict
        )));
    }
    if c.heads.is_empty() {
        return Err(Error::Rejected("heads: no heads".into()));
    }
    let mut rows = Vec::with_capacity(c.heads.len());
    for (i, h) in c.heads.iter().enumerate() {
        let three = |what: &str, v: &[String; 3]| -> Res<[Rat; 3]> {
            let at = |j: usize| rational(&format!("heads[{i}].{what}[{j}]"), &v[j]);
            Ok([at(0)?, at(1)?, at(2)?])
        };
        rows.push(HeadRow { alpha: three("alpha", &h.alpha)?, s: three("s", &h.s)? });
    }
    for (i, r) in rows.iter().enumerate() {
        if let Some(j) = r.alpha.iter().position(Signed::is_negative) {
            return Err(Error::Rejected(format!(
                "heads[{i}].alpha[{j}] = {} < 0: kernel values are nonnegative",
                fmt_q(&r.alpha[j])
            )));
        }
        let bound = &k * &r.alpha[2];
        if r.alpha[1] > bound {
            return Err(Error::Rejected(format!(
                "heads[{i}]: alpha(x,y) = {} > K*alpha(x,z) = {}: this head satisfies the lemma's step",
                fmt_q(&r.alpha[1]),
                fmt_q(&bound)
            )));
        }
    }
    let worst = check_paper(p.n, &eps, &gap, &rows).map_err(Error::in_certificate)?;
    stated_max_error(&c.max_error, &worst)?;
    Ok(MultiheadChecked { heads: rows.len(), n: p.n, eps, d: p.d, k, max_error: worst })
}

/// The most heads a `minip-multihead-heads/1` certificate may state.
pub const MAX_CERT_HEADS: u32 = 64;

/// What a `minip-multihead-heads/1` certificate proves, as checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadsChecked {
    pub m: u32,
    /// Each head's exact kernel rank, in order.
    pub ranks: Vec<BigInt>,
    pub total_rank: BigInt,
    pub max_error: Rat,
}

impl Certificate for MultiheadHeadsCertificate {
    type Claim = HeadsChecked;
    fn check(&self, _: &Context) -> Res<HeadsChecked> {
        check_multihead_heads(self)
    }
}

/// Checks a `minip-multihead-heads/1` certificate: `m` and the number of heads in range, every
/// head a nonnegative per-weight overlap-polynomial kernel (as in `minip-poly-head/1`) with its
/// rank recomputed level by level, and for every query weight the heads' summed outputs on
/// every length-3 sequence recomputed by [`class_error`]; `max_error` and `total_rank` equal to
/// the recomputed ones. Every failure is [`Error::Rejected`] naming the field, except a limit.
pub fn check_multihead_heads(c: &MultiheadHeadsCertificate) -> Res<HeadsChecked> {
    use super::poly::{kernel_of, nonnegative, stated_rank};
    use crate::format::poly::PolyParams;
    use crate::rows::poly::{class_count, overlap};
    if c.format != MULTIHEAD_HEADS_FORMAT {
        return Err(Error::Rejected(format!("format '{}': expected '{MULTIHEAD_HEADS_FORMAT}'", c.format)));
    }
    let (m, count) = (c.params.m, c.params.heads);
    if count == 0 || count as usize != c.heads.len() {
        return Err(Error::Rejected(format!(
            "params.heads = {count}: need 1 ≤ H equal to the {} heads listed",
            c.heads.len()
        )));
    }
    crate::limits::at_most("params.heads", count, MAX_CERT_HEADS, "heads per certificate")?;
    if m == 0 {
        return Err(Error::Rejected("params.m: m = 0, need m ≥ 1".into()));
    }
    crate::limits::at_most("params.m", m, crate::model::kernel::MAX_POLY_M, "the rank formula")?;
    let params = PolyParams { m, kernel: "per_weight".into(), signed: false, n: 3 };
    let mut kernels = Vec::with_capacity(c.heads.len());
    let mut ranks = Vec::with_capacity(c.heads.len());
    for (i, head) in c.heads.iter().enumerate() {
        let at = |e: Error| match e {
            Error::Rejected(msg) => Error::Rejected(format!("heads[{i}].{msg}")),
            other => other,
        };
        let kernel = kernel_of(&params, &head.polys).map_err(at)?;
        nonnegative(&kernel).map_err(at)?;
        ranks.push(stated_rank(&kernel, &head.levels, &head.rank).map_err(at)?);
        if head.values.len() != m as usize + 1 {
            return Err(Error::Rejected(format!(
                "heads[{i}].values: need one entry per query weight 0..={m}, got {}",
                head.values.len()
            )));
        }
        kernels.push(kernel);
    }
    let mut worst = Rat::zero();
    for h in 0..=m {
        let k = class_count(m, h) as usize;
        let mut rows = Vec::with_capacity(kernels.len());
        for (i, (kernel, head)) in kernels.iter().zip(&c.heads).enumerate() {
            let v = &head.values[h as usize];
            let at = format!("heads[{i}].values[{h}]");
            if v.h != h || v.s.len() != k {
                return Err(Error::Rejected(format!(
                    "{at}: need h = {h} and {k} values (one per key class), got h = {} and {}",
                    v.h,
                    v.s.len()
                )));
            }
            let s =
                v.s.iter()
                    .enumerate()
                    .map(|(j, x)| rational(&format!("{at}.s[{j}]"), x))
                    .collect::<Res<_>>()?;
            let p = kernel.poly(h);
            let alpha = (0..k as u32).map(|cl| p.eval(overlap(h, cl))).collect();
            rows.push(ClassHead { alpha, s });
        }
        worst = worst.max(class_error(m, h, &rows)?);
    }
    stated_max_error(&c.max_error, &worst)?;
    let total_rank: BigInt = ranks.iter().sum();
    if c.total_rank != total_rank.to_string() {
        return Err(Error::Rejected(format!(
            "total_rank: stated {} but the heads' ranks sum to {total_rank}",
            c.total_rank
        )));
    }
    Ok(HeadsChecked { m, ranks, total_rank, max_error: worst })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    fn row(a: [Rat; 3], s: [Rat; 3]) -> HeadRow {
        HeadRow { alpha: a, s }
    }

    #[test]
    fn two_heads_with_alpha_xy_zero_solve_s1_to_s3() {
        // n = 3, d = 3 (u = 0, w = 3): α = (1, 0, 1/4) and (1, 0, 1/2), σ1 = −σ2 = −54, ζ1 = 36:
        // S1: σ1 + σ2 = 0; S2 (z twice): (σ1 + ζ1/2)/(3/2) + σ2/2 = −12 + 27 − 12 = 3;
        // S3 (z once): (σ1 + ζ1/4)/(5/4) + σ2/(3/2) = −36 + 36 = 0.
        let gap = Gap { h: 3, u: 0, w: 3 };
        let (z, one) = (q(0, 1), q(1, 1));
        let heads = [
            row([one.clone(), z.clone(), q(1, 4)], [q(-54, 1), z.clone(), q(36, 1)]),
            row([one.clone(), z.clone(), q(1, 2)], [q(54, 1), z.clone(), z.clone()]),
        ];
        let outs: Vec<Rat> =
            [[1, 2, 0], [1, 0, 2], [1, 1, 1]].iter().map(|m| output(&heads, *m).unwrap()).collect();
        assert_eq!(outs, vec![q(0, 1), q(3, 1), q(0, 1)]);
        assert_eq!(check_paper(3, &q(1, 2), &gap, &heads).unwrap(), q(0, 1));
        // An edited value: S2 moves by 1/3 (still correct, the error is stated), then by 2/3.
        let mut near = heads.clone();
        near[0].s[2] = q(37, 1);
        assert_eq!(check_paper(3, &q(1, 2), &gap, &near).unwrap(), q(1, 3));
        near[0].s[2] = q(38, 1);
        assert_eq!(
            check_paper(3, &q(1, 2), &gap, &near).unwrap_err(),
            Error::Rejected("S2: the output is off by 2/3 ≥ ε = 1/2".into())
        );
        let mut neg = heads;
        neg[0].alpha[1] = q(-1, 8);
        assert_eq!(
            check_paper(3, &q(1, 2), &gap, &neg).unwrap_err(),
            Error::Rejected("head 1: a kernel value -1/8 < 0".into())
        );
        assert!(matches!(check_paper(2, &q(1, 2), &gap, &[]), Err(Error::Input(_))));
    }

    #[test]
    fn class_error_recomputes_every_class_multiset() {
        // m = 1, h = 1: classes 0 (overlap 0), 1 (the query), no h⁺; targets 0, 0, 1.
        let head =
            |a: [i64; 2], s: [Rat; 2]| ClassHead { alpha: vec![q(a[0], 1), q(a[1], 1)], s: s.to_vec() };
        // α = (6, 1), s = (−1/3, 1): (x,{0,0}) → (1 − 4)/13, (x,{0,1}) → (2 − 2)/8, (x,{1,1}) → 1.
        assert_eq!(class_error(1, 1, &[head([6, 1], [q(-1, 3), q(1, 1)])]), Ok(q(3, 13)));
        assert_eq!(
            class_error(1, 1, &[head([1, 0], [q(0, 1), q(1, 1)])]).unwrap_err(),
            Error::Rejected("h = 1, classes (1, 1), head 1: the weights sum to 0".into())
        );
        let two = [head([1, 1], [q(0, 1), q(1, 1)]), head([1, 1], [q(0, 1), q(1, 2)])];
        // (x,{0,0}): 1/3 + 1/6 = 1/2 → off by 1/2, rejected.
        assert_eq!(
            class_error(1, 1, &two).unwrap_err(),
            Error::Rejected("h = 1, classes (0, 0): the output is off by 1/2 ≥ 1/2".into())
        );
        let neg = [head([1, -1], [q(0, 1), q(1, 1)])];
        assert_eq!(
            class_error(1, 1, &neg).unwrap_err(),
            Error::Rejected("h = 1, head 1: the kernel value -1 on class 1 is negative".into())
        );
    }
}
