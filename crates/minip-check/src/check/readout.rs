//! A nonlinear readout (docs/math.md §13): one head of rank 1 (uniform attention), values of
//! dimension 1 from the power-sum construction, and any decoder per query. The check rebuilds
//! the values from `(m, n, p)`, sorts the sums of every multiset of `n − 1` keys (all distinct:
//! a `B_{n−1}` set, a Sidon set for `n = 3`), runs the written-out decoder on every sum (digits,
//! power sums, Newton's identities, roots mod `p`) and compares its answer with the multiset,
//! and recomputes the stated precision. The lower bound counts the distinct target functions
//! `x ↦ t(x, M) = min_{k∈M} <x,k>` over the multisets `M` (or, for `n = 3` past the counting
//! limit, evaluates the closed form proved in §13.5).
//!
//! ```
//! use minip_check::check::readout::PowerSum;
//! let c = PowerSum::new(2, 3).unwrap();   // tokens 0..4, pairs of keys, p = 5
//! assert_eq!(c.p, 5);
//! // v(k) = k + 10·(k² mod 5): 0, 11, 42, 43.
//! assert_eq!((0..4).map(|k| c.value(k)).collect::<Vec<_>>(), vec![0, 11, 42, 43]);
//! // The decoder reads the keys back from the sum of their values.
//! assert_eq!(c.decoder().decode(42 + 43), Some(vec![2, 3]));
//! assert_eq!(c.decoder().decode(11 + 11), Some(vec![1, 1]));
//! ```

use super::input::recomputed;
pub use super::readout_search::for_each_multiset;
use super::{Certificate, Context};
use crate::error::{Error, Res};
use crate::format::readout::{ReadoutCertificate, READOUT_FORMAT};
use crate::limits::at_most;
use serde::Serialize;
use std::collections::HashSet;

/// Multisets of `n − 1` keys the exhaustive check enumerates (every sum sorted and decoded):
/// `n = 3` up to `m = 10`, `n = 4` up to `m = 7`, `n = 5` up to `m = 6`.
pub const MAX_READOUT_MULTISETS: u128 = 1 << 20;
/// Multisets × queries the class count walks (one target per pair); past it the count is
/// taken from the closed form (`n = 3`) or not stated.
pub const MAX_READOUT_CLASS_WORK: u128 = 1 << 26;
/// Sequence lengths of the readout (`n − 1 ≤ 4` keys beside the query).
pub const MAX_READOUT_N: u32 = 5;

/// The power-sum construction for `h = n − 1` keys in `m` bits: `p` the smallest prime
/// `≥ max(2^m, h + 1)`, token `k` (its bits read as a binary number, `0 ≤ k < 2^m`) has the
/// value `v(k) = Σ_{j=1..h} (k^j mod p)·(hp)^{j−1}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerSum {
    pub m: u32,
    pub h: u32,
    pub p: u64,
}

/// `C(t + h − 1, h)`, the multisets of `h` keys from `t` tokens; `None` on overflow.
pub fn multisets(t: u128, h: u32) -> Option<u128> {
    let mut c: u128 = 1;
    for i in 0..h as u128 {
        c = c.checked_mul(t + i)? / (i + 1);
    }
    Some(c)
}

/// The smallest `b` with `2^b ≥ x` (`0` for `x ≤ 1`).
pub fn ceil_log2(x: u128) -> u32 {
    if x <= 1 {
        0
    } else {
        128 - (x - 1).leading_zeros()
    }
}

fn is_prime(p: u64) -> bool {
    p >= 2 && (2..).take_while(|d| d * d <= p).all(|d| p % d != 0)
}

/// The number of multisets of `n − 1` keys, refused past [`MAX_READOUT_MULTISETS`].
pub fn checked_multisets(m: u32, n: u32) -> Res<u128> {
    let why = "the exhaustive check sorts and decodes every sum";
    let count = if m > 20 { None } else { multisets(1u128 << m, n - 1) };
    match count {
        Some(c) if c <= MAX_READOUT_MULTISETS => Ok(c),
        Some(c) => Err(Error::TooLarge(format!(
            "m = {m}, n = {n}: {c} multisets of n - 1 keys is above the supported {MAX_READOUT_MULTISETS} ({why})"
        ))),
        None => Err(Error::TooLarge(format!(
            "m = {m}, n = {n}: the multisets of n - 1 keys are above the supported {MAX_READOUT_MULTISETS} ({why})"
        ))),
    }
}

impl PowerSum {
    /// The construction for `m` bits and length `n` (`3 ≤ n ≤ 5`, `1 ≤ m`, within the
    /// multisets limit).
    pub fn new(m: u32, n: u32) -> Res<PowerSum> {
        if m == 0 {
            return Err(Error::Input("need m >= 1".into()));
        }
        if n < 3 {
            return Err(Error::Input(format!("n = {n}: need 3 <= n <= {MAX_READOUT_N}")));
        }
        at_most("n", n, MAX_READOUT_N, "the readout's values have n - 1 digits of (n - 1)p each")?;
        checked_multisets(m, n)?;
        let h = n - 1;
        let mut p = (1u64 << m).max(u64::from(h) + 1);
        while !is_prime(p) {
            p += 1;
        }
        Ok(PowerSum { m, h, p })
    }
    /// The number of tokens, `2^m`.
    pub fn tokens(&self) -> u64 {
        1 << self.m
    }
    /// The base of the digits, `hp`.
    pub fn base(&self) -> u128 {
        u128::from(self.h) * u128::from(self.p)
    }
    /// `v(k) = Σ_{j=1..h} (k^j mod p)·(hp)^{j−1}`.
    pub fn value(&self, k: u64) -> u128 {
        let (mut v, mut place, mut power) = (0u128, 1u128, 1u64);
        for _ in 0..self.h {
            power = power * k % self.p;
            v += u128::from(power) * place;
            place *= self.base();
        }
        v
    }
    /// The decoder: tables for the arithmetic mod `p`.
    pub fn decoder(&self) -> Decoder<'_> {
        let p = self.p;
        let mut sqrt = vec![u64::MAX; p as usize];
        for t in 0..p {
            sqrt[(t * t % p) as usize] = t;
        }
        Decoder { c: self, sqrt }
    }
}

/// The written-out decoder of docs/math.md §13.3: from the sum of `h` values back to the keys.
pub struct Decoder<'a> {
    c: &'a PowerSum,
    /// A square root mod `p` of each residue (`u64::MAX`: none).
    sqrt: Vec<u64>,
}

fn pow_mod(mut b: u64, mut e: u64, p: u64) -> u64 {
    let mut r = 1 % p;
    b %= p;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % p;
        }
        b = b * b % p;
        e >>= 1;
    }
    r
}

impl Decoder<'_> {
    /// The multiset of keys (sorted) whose values sum to `s`, or `None` when no multiset of
    /// tokens does: the base-`hp` digits of `s` are the sums `P_j` of `k^j mod p`, their
    /// residues the power sums `p_j`; Newton's identities give the elementary symmetric
    /// functions `e_j` (`j ≤ h < p` is invertible), the roots of `Π (t − k)` are the keys.
    pub fn decode(&self, s: u128) -> Option<Vec<u64>> {
        let (h, p) = (self.c.h as usize, self.c.p);
        let mut power = vec![0u64; h + 1];
        let mut rest = s;
        for pj in power.iter_mut().skip(1) {
            *pj = (rest % self.c.base() % u128::from(p)) as u64;
            rest /= self.c.base();
        }
        if rest != 0 {
            return None;
        }
        // j·e_j = Σ_{i=1..j} (−1)^{i−1} e_{j−i} p_i.
        let mut e = vec![0u64; h + 1];
        e[0] = 1;
        for j in 1..=h {
            let mut acc = 0u64;
            for i in 1..=j {
                let t = e[j - i] * power[i] % p;
                acc = if i % 2 == 1 { (acc + t) % p } else { (acc + p - t) % p };
            }
            e[j] = acc * pow_mod(j as u64, p - 2, p) % p;
        }
        // f(t) = Σ_i (−1)^i e_i t^{h−i}, coefficients from the leading one.
        let mut f: Vec<u64> = (0..=h).map(|i| if i % 2 == 0 { e[i] } else { (p - e[i]) % p }).collect();
        let mut roots = Vec::with_capacity(h);
        let mut t = 0;
        while f.len() > 3 && t < p {
            // Synthetic division by (X − t) while t is a root.
            let mut q = Vec::with_capacity(f.len() - 1);
            let mut acc = 0u64;
            for &a in &f {
                acc = (acc * t + a) % p;
                q.push(acc);
            }
            if acc == 0 {
                q.pop();
                f = q;
                roots.push(t);
            } else {
                t += 1;
            }
        }
        match f.len() {
            // X² + bX + c: roots (−b ± √(b² − 4c))/2.
            3 => {
                let (b, c) = (f[1], f[2]);
                let disc = (b * b % p + p - 4 * c % p) % p;
                let r = self.sqrt[disc as usize];
                if r == u64::MAX {
                    return None;
                }
                let half = pow_mod(2, p - 2, p);
                roots.push((p - b + r) % p * half % p);
                roots.push((2 * p - b - r) % p * half % p);
            }
            2 => roots.push((p - f[1]) % p),
            _ => {}
        }
        roots.sort_unstable();
        (roots.len() == h && roots.iter().all(|&k| k < self.c.tokens())).then_some(roots)
    }
}

/// The construction's values separate every multiset and the decoder reads each one back;
/// returns the largest value.
pub fn check_separation(c: &PowerSum) -> Res<u128> {
    let values: Vec<u128> = (0..c.tokens()).map(|k| c.value(k)).collect();
    let mut sums: Vec<(u128, Vec<u64>)> = Vec::new();
    let dec = c.decoder();
    let mut wrong: Option<(Vec<u64>, Option<Vec<u64>>)> = None;
    for_each_multiset(c.tokens(), c.h as usize, |ks| {
        let s = ks.iter().map(|&k| values[k as usize]).sum();
        if wrong.is_none() {
            let back = dec.decode(s);
            if back.as_deref() != Some(ks) {
                wrong = Some((ks.to_vec(), back));
            }
        }
        sums.push((s, ks.to_vec()));
    });
    sums.sort_unstable();
    if let Some(w) = sums.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(Error::Rejected(format!(
            "the keys {:?} and {:?} have the same sum {}: the output does not separate them",
            w[0].1, w[1].1, w[0].0
        )));
    }
    if let Some((ks, back)) = wrong {
        let got = back.map_or("nothing".to_string(), |b| format!("{b:?}"));
        return Err(Error::Rejected(format!("the decoder reads the sum of the keys {ks:?} as {got}")));
    }
    Ok(values.into_iter().max().unwrap_or(0))
}

/// The number of distinct target functions `x ↦ min_{k∈M} <x,k>` over the multisets `M` of
/// `h` keys in `m` bits, counted over every query (refused past [`MAX_READOUT_CLASS_WORK`]).
pub fn count_classes(m: u32, h: u32) -> Res<u128> {
    let t = 1u64 << m;
    let work = multisets(u128::from(t), h).unwrap_or(u128::MAX).saturating_mul(u128::from(t));
    at_most("multisets x queries", work, MAX_READOUT_CLASS_WORK, "the class count walks every pair")?;
    let mut seen: HashSet<Box<[u8]>> = HashSet::new();
    for_each_multiset(t, h as usize, |ks| {
        let f: Box<[u8]> =
            (0..t).map(|x| ks.iter().map(|&k| (x & k).count_ones()).min().unwrap_or(0) as u8).collect();
        seen.insert(f);
    });
    Ok(seen.len() as u128)
}

/// The closed form for `n = 3` (docs/math.md §13.5): `C(2^m, 2) + 2^{m+1} − 3^m` classes of
/// pairs of keys.
pub fn classes_n3(m: u32) -> u128 {
    let t = 1u128 << m;
    t * (t - 1) / 2 + 2 * t - 3u128.pow(m)
}

/// How the lower bound's class count is found at `(m, n)`: `counted` within the counting
/// limit, `formula` past it for `n = 3`, `None` otherwise.
pub fn classes_by(m: u32, n: u32) -> Option<&'static str> {
    let t = 1u128 << m.min(100);
    let work = multisets(t, n - 1).unwrap_or(u128::MAX).saturating_mul(t);
    if work <= MAX_READOUT_CLASS_WORK {
        Some("counted")
    } else if n == 3 {
        Some("formula")
    } else {
        None
    }
}

/// What a `minip-readout/1` certificate proves, every value recomputed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadoutChecked {
    pub m: u32,
    pub n: u32,
    pub p: u64,
    pub max_value: u128,
    pub multisets: u128,
    pub bits: u32,
    /// `(classes, how, lower_bits)` when the certificate states the lower bound.
    pub lower: Option<(u128, &'static str, u32)>,
    /// `(V, bits)` of the least integer scheme, when stated.
    pub least: Option<(u64, u32)>,
}

/// Checks a `minip-readout/1` certificate (docs/math.md §13.6).
pub fn check_readout(c: &ReadoutCertificate) -> Res<ReadoutChecked> {
    if c.format != READOUT_FORMAT {
        return Err(Error::Rejected(format!("format '{}': expected {READOUT_FORMAT}", c.format)));
    }
    if c.construction != "power-sum" || c.rank != 1 || c.dim != 1 {
        return Err(Error::Rejected(format!(
            "construction '{}' of rank {} and dimension {}: only power-sum, rank 1, dimension 1 is known",
            c.construction, c.rank, c.dim
        )));
    }
    if c.m == 0 || c.n < 3 {
        return Err(Error::Rejected(format!("m = {}, n = {}: need m >= 1 and n >= 3", c.m, c.n)));
    }
    let ps = PowerSum::new(c.m, c.n)?;
    recomputed("p", c.p, ps.p, "construction")?;
    let count = checked_multisets(c.m, c.n)?;
    recomputed("multisets", c.multisets.as_str(), count.to_string().as_str(), "construction")?;
    let max = check_separation(&ps)?;
    recomputed("max_value", c.max_value.as_str(), max.to_string().as_str(), "construction")?;
    let bits = ceil_log2(u128::from(ps.h) * max + 1);
    recomputed("bits", c.bits, bits, "construction")?;
    let lower = match (&c.classes, &c.classes_by, c.lower_bits) {
        (None, None, None) => None,
        (Some(classes), Some(by), Some(lower_bits)) => {
            let how = classes_by(c.m, c.n).ok_or_else(|| {
                Error::TooLarge(format!(
                    "classes at m = {}, n = {}: past the counting limit and no closed form",
                    c.m, c.n
                ))
            })?;
            recomputed("classes_by", by.as_str(), how, "construction")?;
            let k = if how == "counted" { count_classes(c.m, c.n - 1)? } else { classes_n3(c.m) };
            recomputed("classes", classes.as_str(), k.to_string().as_str(), "construction")?;
            recomputed("lower_bits", lower_bits, ceil_log2(k), "construction")?;
            Some((k, how, lower_bits))
        }
        _ => return Err(Error::Rejected("classes, classes_by and lower_bits go together".into())),
    };
    let least = check_least(c)?;
    Ok(ReadoutChecked { m: c.m, n: c.n, p: ps.p, max_value: max, multisets: count, bits, lower, least })
}

/// The least integer scheme, when stated: its values lie in `[0, V]` and separate the classes,
/// the search below `V` finds nothing, and `least_bits = ⌈log2((n − 1)·V + 1)⌉`.
fn check_least(c: &ReadoutCertificate) -> Res<Option<(u64, u32)>> {
    use super::readout_search::{refute_below, separates};
    let (v, values, bits) = match (&c.least_max_value, &c.least_values, c.least_bits) {
        (None, None, None) => return Ok(None),
        (Some(v), Some(values), Some(bits)) => (v, values, bits),
        _ => return Err(Error::Rejected("least_max_value, least_values and least_bits go together".into())),
    };
    let num = |t: &str| {
        t.parse::<u64>().map_err(|_| Error::Rejected(format!("'{t}': not a value (a decimal integer)")))
    };
    let vmax = num(v)?;
    // Refuting V − 1 tries every value of the first token: past the search budget it cannot
    // succeed, and the search's tables have h·V + 1 entries.
    at_most(
        "least_max_value",
        vmax,
        super::readout_search::MAX_READOUT_SEARCH_NODES,
        "the search below it tries every value",
    )?;
    let values: Vec<u64> = values.iter().map(|t| num(t)).collect::<Res<_>>()?;
    if let Some(x) = values.iter().find(|&&x| x > vmax) {
        return Err(Error::Rejected(format!("least_values: {x} is above least_max_value {vmax}")));
    }
    let h = c.n - 1;
    separates(c.m, h, &values)?;
    refute_below(c.m, h, vmax)?;
    recomputed("least_bits", bits, ceil_log2(u128::from(h) * u128::from(vmax) + 1), "construction")?;
    Ok(Some((vmax, bits)))
}

/// The claim of a checked certificate, from the recomputed values.
fn claim(c: &ReadoutCertificate) -> Res<ReadoutClaim> {
    let k = check_readout(c)?;
    Ok(ReadoutClaim {
        construction: "power-sum".into(),
        rank: 1,
        dim: 1,
        m: k.m,
        n: k.n,
        p: k.p,
        max_value: k.max_value.to_string(),
        multisets: k.multisets.to_string(),
        bits: k.bits,
        classes: k.lower.map(|l| l.0.to_string()),
        classes_by: k.lower.map(|l| l.1.to_string()),
        lower_bits: k.lower.map(|l| l.2),
        least_max_value: k.least.map(|l| l.0.to_string()),
        least_bits: k.least.map(|l| l.1),
    })
}

impl Certificate for ReadoutCertificate {
    type Claim = ReadoutChecked;
    fn check(&self, _: &Context) -> Res<ReadoutChecked> {
        check_readout(self)
    }
}

// What a checked certificate proves (the registry's claim of this format, crate::format).

/// `minip-readout/1` (docs/math.md §13): the construction's values separate every multiset of
/// `n − 1` keys (so a decoder per query reads the target off the output), with the bits of
/// `n·o − v(x)`; with the lower bound, the number of target functions and its `⌈log2⌉`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReadoutClaim {
    pub construction: String,
    pub rank: u32,
    pub dim: u32,
    pub m: u32,
    pub n: u32,
    pub p: u64,
    pub max_value: String,
    pub multisets: String,
    pub bits: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bits: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub least_max_value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub least_bits: Option<u32>,
}

fn readout_line(f: &mut std::fmt::Formatter<'_>, r: &ReadoutClaim) -> std::fmt::Result {
    write!(
        f,
        "readout separates all {} multisets ({} rank={} dim={} m={} n={} p={}): bits = {}",
        r.multisets, r.construction, r.rank, r.dim, r.m, r.n, r.p, r.bits
    )?;
    if let (Some(c), Some(by), Some(b)) = (&r.classes, &r.classes_by, r.lower_bits) {
        write!(f, "; any head's key state takes >= {c} values ({by}): >= {b} bits")?;
    }
    if let (Some(v), Some(b)) = (&r.least_max_value, r.least_bits) {
        write!(f, "; least integer values: [0, {v}], bits = {b} (below: none, searched)")?;
    }
    Ok(())
}

impl std::fmt::Display for ReadoutClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        readout_line(f, self)
    }
}

impl super::Proves for ReadoutCertificate {
    type Claim = ReadoutClaim;
    fn proves(&self, _: &Context) -> Res<ReadoutClaim> {
        claim(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sidon_sets_decode_every_pair_up_to_m8_and_the_classes_match_the_formula() {
        for m in 1..=8 {
            let c = PowerSum::new(m, 3).unwrap();
            let max = check_separation(&c).unwrap();
            assert_eq!(max, (0..c.tokens()).map(|k| c.value(k)).max().unwrap());
            if m <= 6 {
                assert_eq!(count_classes(m, 2).unwrap(), classes_n3(m), "m = {m}");
            }
        }
        // m = 1: p = 3; m = 3: p = 11; m = 8: p = 257.
        assert_eq!([1, 3, 8].map(|m| PowerSum::new(m, 3).unwrap().p), [3, 11, 257]);
        // Classes: {00, 01} share a target function at m = 1; 28 + 16 - 27 = 17 at m = 3.
        assert_eq!((classes_n3(1), classes_n3(3)), (2, 17));
        assert_eq!(count_classes(3, 2).unwrap(), 17);
    }

    #[test]
    fn b_h_sets_for_four_and_five_tokens() {
        for (m, n) in [(1, 4), (3, 4), (4, 4), (1, 5), (3, 5)] {
            let c = PowerSum::new(m, n).unwrap();
            check_separation(&c).unwrap();
        }
        // n = 5 at m = 1: h = 4 keys need p > 4.
        assert_eq!(PowerSum::new(1, 5).unwrap().p, 5);
    }

    #[test]
    fn a_construction_that_is_not_sidon_is_rejected() {
        // p = 8 is not a prime: v(k) = k + 16·(k² mod 8), and v(3) + v(3) = 38 = v(1) + v(5).
        let c = PowerSum { m: 3, h: 2, p: 8 };
        let e = check_separation(&c).unwrap_err();
        assert!(matches!(e, Error::Rejected(ref s) if s.contains("the same sum")), "{e:?}");
    }

    #[test]
    fn limits_and_counts() {
        assert_eq!(multisets(1024, 2), Some(524_800));
        assert!(checked_multisets(10, 3).is_ok());
        assert!(matches!(checked_multisets(11, 3), Err(Error::TooLarge(_))));
        assert!(checked_multisets(7, 4).is_ok() && checked_multisets(8, 4).is_err());
        assert!(checked_multisets(6, 5).is_ok() && checked_multisets(7, 5).is_err());
        assert_eq!((ceil_log2(1), ceil_log2(2), ceil_log2(5), ceil_log2(8)), (0, 1, 3, 3));
        assert_eq!(classes_by(8, 3), Some("counted"));
        assert_eq!(classes_by(9, 3), Some("formula"));
        assert_eq!(classes_by(6, 5), Some("counted"));
        assert_eq!(classes_by(7, 4), Some("counted"));
    }
}
