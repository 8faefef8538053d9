//! Several heads on the paper family (docs/math.md §12): `H` normalized heads, each given by
//! its kernel row `α_h(x,·) ≥ 0` and its scalarized value row `s_h(x,·)` on the tokens
//! `x, y, z`, their outputs summed by the readout (a query-dependent affine readout of the
//! heads' outputs is such a sum once each head's values are scalarized). The outputs on
//! S1–S3 are recomputed exactly from the stated parameters; nothing is taken from the caller
//! but the rows. [`check_multihead`] checks a `minip-multihead/1` certificate the same way.

use super::input::{rational, stated};
use super::work::within;
use super::{Certificate, Context};
use crate::error::{Error, Res};
use crate::format::multihead::{
    MultiheadCertificate, MultiheadHeadsCertificate, MULTIHEAD_FORMAT, MULTIHEAD_HEADS_FORMAT,
    MULTIHEAD_HEADS_FORMAT_V1,
};
use crate::model::{paper_k, sequences, Family, Gap};
use crate::rational::{fmt_q, over_lcd, Rat};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use serde::Serialize;

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
    let (wn, wd) = paper_worst(n, eps, gap, heads)?;
    Ok(Rat::new(wn, wd))
}

/// [`check_paper`]'s check, the largest error returned unreduced as `(numerator, denominator)`.
/// In integers, without a gcd per operation: head `k`'s kernel values and values over their
/// least common denominators, `α = a/A_k`, `s = σ/S_k`, so its output is
/// `Σ_j i_j·a_j·σ_j / (S_k·Σ_j i_j·a_j)`; the heads' outputs are added as fractions.
fn paper_worst(n: u32, eps: &Rat, gap: &Gap, heads: &[HeadRow]) -> Res<(BigInt, BigInt)> {
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
    let ints: Vec<_> = heads.iter().map(|hd| (over_lcd(&hd.alpha), over_lcd(&hd.s))).collect();
    let (mut wn, mut wd) = (BigInt::zero(), BigInt::one());
    for seq in sequences(n, gap, Family::Paper) {
        let (mut num, mut den) = (BigInt::zero(), BigInt::one());
        for (k, ((a_den, a), (s_den, sigma))) in ints.iter().enumerate() {
            let d: BigInt = (0..3).map(|j| &a[j] * seq.mult[j]).sum();
            if !d.is_positive() {
                return Err(Error::Rejected(format!(
                    "head {}: its weights sum to {} on a sequence",
                    k + 1,
                    fmt_q(&Rat::new(d, a_den.clone()))
                )));
            }
            let n_k: BigInt = (0..3).map(|j| &a[j] * &sigma[j] * seq.mult[j]).sum();
            let f = d * s_den;
            num = num * &f + n_k * &den;
            den *= f;
        }
        let diff = (num - &den * seq.target).abs();
        if &diff * eps.denom() >= eps.numer() * &den {
            return Err(Error::Rejected(format!(
                "{}: the output is off by {} ≥ ε = {}",
                seq.name,
                super::work::shown(&diff, &den),
                fmt_q(eps)
            )));
        }
        if super::work::greater(&diff, &den, &wn, &wd) {
            (wn, wd) = (diff, den);
        }
    }
    Ok((wn, wd))
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
    use crate::rows::poly::class_count;
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
    }
    let ints: Vec<IntHead> = heads
        .iter()
        .map(|hd| {
            let ((a_den, a), (s_den, sigma)) = (over_lcd(&hd.alpha), over_lcd(&hd.s));
            IntHead { a_den, a, s_den, sigma }
        })
        .collect();
    let (wn, wd) = class_worst(m, h, &ints)?;
    Ok(Rat::new(wn, wd))
}

/// One head at one query weight in integers: kernel values `a/a_den` and values `σ/s_den`
/// per class (`a_den`, `s_den` positive).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct IntHead {
    pub a_den: BigInt,
    pub a: Vec<BigInt>,
    pub s_den: BigInt,
    pub sigma: Vec<BigInt>,
}

/// [`class_error`]'s check on heads in integers (one entry per class each); the largest
/// error unreduced. Without a gcd per operation: head `i`'s output is `Σ_j a·σ / (S_i·Σ_j a)`,
/// the heads' outputs are added as fractions, and errors are compared by cross products.
pub(crate) fn class_worst(m: u32, h: u32, heads: &[IntHead]) -> Res<(BigInt, BigInt)> {
    use crate::rows::poly::{keys, pairs, target};
    for (i, head) in heads.iter().enumerate() {
        if let Some(c) = head.a.iter().position(Signed::is_negative) {
            return Err(Error::Rejected(format!(
                "h = {h}, head {}: the kernel value {} on class {c} is negative",
                i + 1,
                fmt_q(&Rat::new(head.a[c].clone(), head.a_den.clone()))
            )));
        }
    }
    let (mut wn, mut wd) = (BigInt::zero(), BigInt::one());
    for (c1, c2) in pairs(m, h) {
        let ks = keys(3, h, c1, c2);
        let (mut num, mut den) = (BigInt::zero(), BigInt::one());
        for (i, hd) in heads.iter().enumerate() {
            let d: BigInt = ks.iter().map(|&(c, n)| &hd.a[c as usize] * n).sum();
            if !d.is_positive() {
                return Err(Error::Rejected(format!(
                    "h = {h}, classes ({c1}, {c2}), head {}: the weights sum to {}",
                    i + 1,
                    fmt_q(&Rat::new(d, hd.a_den.clone()))
                )));
            }
            let n_i: BigInt = ks.iter().map(|&(c, n)| &hd.a[c as usize] * &hd.sigma[c as usize] * n).sum();
            let f = d * &hd.s_den;
            num = num * &f + n_i * &den;
            den *= f;
        }
        let diff = (num - &den * target(h, c1, c2)).abs();
        if &diff * 2 >= den {
            return Err(Error::Rejected(format!(
                "h = {h}, classes ({c1}, {c2}): the output is off by {} ≥ 1/2",
                super::work::shown(&diff, &den)
            )));
        }
        if super::work::greater(&diff, &den, &wn, &wd) {
            (wn, wd) = (diff, den);
        }
    }
    Ok((wn, wd))
}

/// The stated `max_error` must be the recomputed largest error `wn/wd` (`wd > 0`, not
/// necessarily reduced: compared by cross products); returns it, reduced.
fn stated_max_error(stated: &str, (wn, wd): (&BigInt, &BigInt)) -> Res<Rat> {
    let stated = rational("max_error", stated)?;
    if stated.numer() * wd != wn * stated.denom() {
        return Err(Error::Rejected(format!(
            "max_error: stated {} but the sequences give {}",
            fmt_q(&stated),
            super::work::shown(wn, wd)
        )));
    }
    Ok(stated)
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
    if c.heads.len() < 2 {
        let what = if c.heads.is_empty() { "no heads".to_string() } else { "1 head".to_string() };
        return Err(Error::Rejected(format!(
            "heads: {what}; the claim needs at least 2 (one head is Lemma 3 itself)"
        )));
    }
    crate::limits::at_most("heads", c.heads.len() as u32, MAX_CERT_HEADS, "heads per certificate")?;
    within(paper_work(c), crate::limits::MAX_HEAD_WORK, "the heads' numbers and their outputs on S1-S3")?;
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
    let (wn, wd) = paper_worst(p.n, &eps, &gap, &rows).map_err(Error::in_certificate)?;
    let worst = stated_max_error(&c.max_error, (&wn, &wd))?;
    Ok(MultiheadChecked { heads: rows.len(), n: p.n, eps, d: p.d, k, max_error: worst })
}

/// Units of work of checking a `minip-multihead/1` certificate, from the lengths of its
/// numbers (`b` limbs per head): parsing them, each head's common denominators, and on each of
/// the three sequences the heads' outputs added as fractions (`T = Σ b` limbs: about `2T²`).
pub fn paper_work(c: &MultiheadCertificate) -> u128 {
    use super::work::{common_limbs, parse_work, GCD};
    let mut work = parse_work(c.heads.iter().flat_map(|h| h.alpha.iter().chain(&h.s)));
    let mut t = 0u128;
    for h in &c.heads {
        let b = common_limbs(&h.alpha).saturating_add(common_limbs(&h.s)).saturating_add(1);
        work = work.saturating_add((2 * GCD).saturating_mul(b.saturating_mul(b)));
        t = t.saturating_add(b);
    }
    let per_sequence = t.saturating_mul(t).saturating_mul(2).saturating_add(100 * c.heads.len() as u128);
    work.saturating_add(per_sequence.saturating_mul(3))
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
    /// Each head's least value dimension (docs/math.md §10.11) and state `rank·(D + 1)`.
    pub value_dims: Vec<BigInt>,
    pub states: Vec<BigInt>,
    pub total_state: BigInt,
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
    use super::poly::weight_work;
    use super::poly::{head_budget, head_sizes, kernel_of, kernel_work, nonnegative, poly_ints, stated_rank};
    use crate::format::poly::PolyParams;
    use crate::rows::poly::class_count;
    if c.format != MULTIHEAD_HEADS_FORMAT && c.format != MULTIHEAD_HEADS_FORMAT_V1 {
        return Err(Error::Rejected(format!(
            "format '{}': expected '{MULTIHEAD_HEADS_FORMAT}' or '{MULTIHEAD_HEADS_FORMAT_V1}'",
            c.format
        )));
    }
    let current = c.format == MULTIHEAD_HEADS_FORMAT;
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
    // The work, counted from the stated numbers' lengths before any is parsed.
    let class = crate::model::kernel::KernelClass::PerWeight;
    let sizes: Vec<Vec<(u128, u128)>> =
        c.heads.iter().map(|hd| head_sizes(class, m, &hd.polys, &hd.values)).collect();
    let mut work = 0u128;
    for hd in &c.heads {
        work = work.saturating_add(kernel_work(class, m, &hd.polys, &hd.values));
    }
    for h in 0..=m as usize {
        let at_h: Vec<(u128, u128)> = sizes.iter().map(|s| s[h]).collect();
        work = work.saturating_add(weight_work(m, h as u32, &at_h));
    }
    let mut budget = head_budget(work)?;
    let mut kernels = Vec::with_capacity(c.heads.len());
    let mut ranks = Vec::with_capacity(c.heads.len());
    for (i, head) in c.heads.iter().enumerate() {
        let at = |e: Error| match e {
            Error::Rejected(msg) => Error::Rejected(format!("heads[{i}].{msg}")),
            other => other,
        };
        let kernel = kernel_of(&params, &head.polys).map_err(at)?;
        nonnegative(&kernel).map_err(at)?;
        ranks.push(stated_rank(&kernel, &head.levels, &head.rank, &mut budget).map_err(at)?);
        if head.values.len() != m as usize + 1 {
            return Err(Error::Rejected(format!(
                "heads[{i}].values: need one entry per query weight 0..={m}, got {}",
                head.values.len()
            )));
        }
        kernels.push(kernel);
    }
    let (mut wn, mut wd) = (BigInt::zero(), BigInt::one());
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
            let s: Vec<Rat> =
                v.s.iter()
                    .enumerate()
                    .map(|(j, x)| rational(&format!("{at}.s[{j}]"), x))
                    .collect::<Res<_>>()?;
            let (a_den, a) = poly_ints(kernel.poly(h), h, k as u32);
            let (s_den, sigma) = over_lcd(&s);
            rows.push(IntHead { a_den, a, s_den, sigma });
        }
        let (n_h, d_h) = class_worst(m, h, &rows)?;
        if super::work::greater(&n_h, &d_h, &wn, &wd) {
            (wn, wd) = (n_h, d_h);
        }
    }
    let worst = stated_max_error(&c.max_error, (&wn, &wd))?;
    let total_rank: BigInt = ranks.iter().sum();
    if c.total_rank != total_rank.to_string() {
        return Err(Error::Rejected(format!(
            "total_rank: stated {} but the heads' ranks sum to {total_rank}",
            c.total_rank
        )));
    }
    // The value dimensions and states (§10.11): stated in format 2, recomputed always.
    let (mut value_dims, mut states) = (Vec::new(), Vec::new());
    for (i, (head, rank)) in c.heads.iter().zip(&ranks).enumerate() {
        let at = |e: Error| match e {
            Error::Rejected(msg) => Error::Rejected(format!("heads[{i}].{msg}")),
            other => other,
        };
        let d = super::poly::values_dim(m, &head.values, &mut budget).map_err(at)?;
        let st =
            super::poly::stated_state(current, head.value_dim.as_deref(), head.state.as_deref(), &d, rank)
                .map_err(at)?;
        value_dims.push(d);
        states.push(st);
    }
    let total_state: BigInt = states.iter().sum();
    match (&c.total_state, current) {
        (Some(t), true) => super::input::recomputed(
            "total_state",
            t.as_str(),
            total_state.to_string().as_str(),
            "sum of the heads' states",
        )?,
        (None, false) => {}
        (_, true) => return Err(Error::Rejected("total_state: required in this format".into())),
        (_, false) => return Err(Error::Rejected("total_state: not a field of format 1".into())),
    }
    Ok(HeadsChecked { m, ranks, total_rank, value_dims, states, total_state, max_error: worst })
}

// What a checked certificate proves (the registry's claim of this format, crate::format).

/// `minip-multihead/1`: `heads` heads, none with `α_h(x,y) > K·α_h(x,z)`, whose summed outputs
/// are within `ε` on S1–S3 of `(h, u, w) = (d, 0, d)` (docs/math.md §12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MultiheadClaim {
    pub heads: usize,
    pub n: u32,
    pub eps: String,
    pub d: u32,
    pub paper_k: String,
    pub max_error: String,
    /// `K ≥ 1`: the lemma's range (docs/math.md §2.3). Below it one head escapes too
    /// (Proposition 2.3(b)), so the claim says nothing about several heads.
    pub in_lemma_range: bool,
}

/// `minip-multihead-heads/1`: `heads` nonnegative overlap-polynomial heads over `{0,1}^m` whose
/// summed outputs are correct on every length-3 sequence, of total rank `total_rank`
/// (docs/math.md §12.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MultiheadHeadsClaim {
    pub m: u32,
    pub heads: usize,
    pub ranks: Vec<String>,
    pub total_rank: String,
    pub max_error: String,
    /// Each head's least value dimension `D` (docs/math.md §10.11).
    pub value_dims: Vec<String>,
    /// `Σ rank·(D + 1)` over the heads.
    pub total_state: String,
}

impl std::fmt::Display for MultiheadClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let m = self;
        let range = if m.in_lemma_range {
            ""
        } else {
            "; K < 1: outside the lemma's range (Proposition 2.3(b): one head escapes too)"
        };
        write!(
            f,
            "escapes (multihead heads={} n={} eps={} d={}: no head has alpha(x,y) > K*alpha(x,z), K={}, max error {}{range})",
            m.heads, m.n, m.eps, m.d, m.paper_k, crate::rational::readable(&m.max_error)
        )
    }
}

impl std::fmt::Display for MultiheadHeadsClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let h = self;
        let (heads, ranks, dims) = if h.heads == 1 {
            ("head", "rank", "value dimension")
        } else {
            ("heads", "ranks", "value dimensions")
        };
        write!(
            f,
            "total rank <= {} ({} {heads} over m={}, {ranks} {}, correct on every length-3 sequence, max error {}), {dims} {}, state {}",
            h.total_rank,
            h.heads,
            h.m,
            h.ranks.join("+"),
            crate::rational::readable(&h.max_error),
            h.value_dims.join("+"),
            h.total_state
        )
    }
}

impl super::Proves for MultiheadCertificate {
    type Claim = MultiheadClaim;
    fn proves(&self, _: &Context) -> Res<MultiheadClaim> {
        let r = check_multihead(self)?;
        Ok(MultiheadClaim {
            heads: r.heads,
            n: r.n,
            eps: fmt_q(&r.eps),
            d: r.d,
            paper_k: fmt_q(&r.k),
            max_error: fmt_q(&r.max_error),
            in_lemma_range: r.k >= One::one(),
        })
    }
}

impl super::Proves for MultiheadHeadsCertificate {
    type Claim = MultiheadHeadsClaim;
    fn proves(&self, _: &Context) -> Res<MultiheadHeadsClaim> {
        let r = check_multihead_heads(self)?;
        Ok(MultiheadHeadsClaim {
            m: r.m,
            heads: r.ranks.len(),
            ranks: r.ranks.iter().map(ToString::to_string).collect(),
            total_rank: r.total_rank.to_string(),
            max_error: fmt_q(&r.max_error),
            value_dims: r.value_dims.iter().map(ToString::to_string).collect(),
            total_state: r.total_state.to_string(),
        })
    }
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

#[cfg(test)]
mod certificate_tests {
    use crate::check::{Context, Proves};
    use crate::error::Error;
    use crate::format::AnyCertificate;

    /// Lemma 3's configuration at `n = 3`, `ε = 1/2`: two heads `α = (1, 0, 1/4), (1, 0, 1/2)`
    /// whose values (the `d = 3` ones scaled by `d/3`) give the outputs `0, d, 0` on S1–S3.
    fn cert(d: u32, k: &str, heads: &[(&str, &str)]) -> String {
        let rows: Vec<String> =
            heads.iter().map(|(a, s)| format!(r#"{{"alpha":[{a}],"s":[{s}]}}"#)).collect();
        format!(
            r#"{{"format":"minip-multihead/1","params":{{"n":3,"eps":"1/2","d":{d}}},"paper_k":"{k}","heads":[{}],"verdict":"escapes","max_error":"0"}}"#,
            rows.join(",")
        )
    }
    const H1: (&str, &str) = (r#""1","0","1/4""#, r#""-18","0","12""#);
    const H2: (&str, &str) = (r#""1","0","1/2""#, r#""18","0","0""#);

    fn check(text: &str) -> Result<String, Error> {
        let AnyCertificate::Multihead(c) = crate::read::parse(text).unwrap() else { unreachable!() };
        c.proves(&Context::default()).map(|c| c.to_string())
    }

    #[test]
    fn two_heads_at_least_and_the_claim_says_when_k_is_below_one() {
        // d = 1: K = (n−2)(d−2ε)/(2ε) = 0 < 1, outside the lemma's range: said in the claim.
        assert_eq!(
            check(&cert(1, "0", &[H1, H2])).unwrap(),
            "escapes (multihead heads=2 n=3 eps=1/2 d=1: no head has alpha(x,y) > K*alpha(x,z), K=0, max error 0; K < 1: outside the lemma's range (Proposition 2.3(b): one head escapes too))"
        );
        // d = 3 (values ×3): K = 2, inside the range, and the line says nothing more.
        let (h1, h2) = ((H1.0, r#""-54","0","36""#), (H2.0, r#""54","0","0""#));
        assert_eq!(
            check(&cert(3, "2", &[h1, h2])).unwrap(),
            "escapes (multihead heads=2 n=3 eps=1/2 d=3: no head has alpha(x,y) > K*alpha(x,z), K=2, max error 0)"
        );
        // One head is Lemma 3 itself (here it is not even correct); none is nothing.
        let one = (r#""1","0","0""#, r#""0","0","0""#);
        assert_eq!(
            check(&cert(1, "0", &[one])).unwrap_err(),
            Error::Rejected("heads: 1 head; the claim needs at least 2 (one head is Lemma 3 itself)".into())
        );
        assert_eq!(
            check(&cert(1, "0", &[])).unwrap_err(),
            Error::Rejected(
                "heads: no heads; the claim needs at least 2 (one head is Lemma 3 itself)".into()
            )
        );
        // At most MAX_CERT_HEADS, counted before any number is read.
        let many = vec![H1; super::MAX_CERT_HEADS as usize + 1];
        assert_eq!(
            check(&cert(1, "0", &many)).unwrap_err(),
            Error::TooLarge("heads = 65 is above the supported 64 (heads per certificate)".into())
        );
    }

    #[test]
    fn long_numbers_are_counted_before_they_are_read() {
        // 64 heads (the first two and 31 pairs of heads whose values cancel), each value with
        // its own denominator of 6,000 digits: correct, but about 2·(62·940)² units of work on
        // each sequence.
        let v = |sign: &str, last: u32| format!("\"{sign}1/{}{last}\"", "7".repeat(5999));
        let p = format!("{},{},{}", v("", 1), v("", 3), v("", 9));
        let n = format!("{},{},{}", v("-", 1), v("-", 3), v("-", 9));
        let mut heads = vec![H1, H2];
        for _ in 0..31 {
            heads.push((H1.0, p.as_str()));
            heads.push((H1.0, n.as_str()));
        }
        let e = check(&cert(1, "0", &heads)).unwrap_err();
        assert!(matches!(e, Error::TooLarge(_)), "{e:?}");
        assert!(
            e.starts_with("too large to check: about ")
                && e.ends_with(
                    "units of work (the heads' numbers and their outputs on S1-S3), the limit is 3000000000"
                ),
            "{e}"
        );
        // The same with short numbers checks: the cancelling pairs add nothing.
        let (p, n) = (r#""1/7","2/7","3/7""#, r#""-1/7","-2/7","-3/7""#);
        let mut heads = vec![H1, H2];
        for _ in 0..31 {
            heads.push((H1.0, p));
            heads.push((H1.0, n));
        }
        assert!(check(&cert(1, "0", &heads)).unwrap().starts_with("escapes (multihead heads=64 n=3"));
    }
}
