//! The row LP of docs/math.md §4 in integer form: the rows the ratio checker rebuilds, and
//! the rows the solver side solves.
//!
//! Classes `c = 0..k−1`: overlaps `0..h−1`, the query token itself (`h`) and, when the
//! LP has it, the strict supersets `h⁺` (index `h + 1`, overlap `h`). Variables: `A_c` at
//! index `c` and `P_c` at index `k + c`. For each multiset `M` of `n − 1` classes
//! (nondecreasing), target `t` = the smallest overlap in `(x, M)`, two closed rows,
//! both `≤ 0`, scaled by `q` where `ε = p/q`:
//! - `upper`: `q·(N − tD) − p·D ≤ 0`
//! - `lower`: `q·(tD − N) − p·D ≤ 0`
//!
//! Multisets are enumerated lazily in lexicographic order; nothing is materialised
//! unless a caller collects it. `ratio_instance` validates the parameters of one LP.

use crate::error::{Error, Res};
use crate::model::setting::{target, Kernel, KeyView, Keys, Positions, Setting, Task};
use crate::rational::{fmt_q, Rat};
use num_traits::Signed;

/// The parameters as numbers, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatioInstance {
    pub n: u32,
    pub eps: Rat,
    pub h: u32,
    pub lo: u32,
    /// A class: `0..=h`, or `h + 1` for `h⁺` (needs `superset`).
    pub hi: u32,
    /// The class `h⁺` of strict supersets is part of the LP (the caller says `m > h`).
    pub superset: bool,
    /// Task, kernel, positions, keys (docs/math.md §11); default: the paper's model.
    pub setting: Setting,
    /// Bits `m`: only for the task `nearest`, whose classes are `(o, e)` (docs/math.md §11.1).
    pub m: Option<u32>,
}

impl RatioInstance {
    /// Number of classes: `h + 1`, or `h + 2` with `h⁺`; for `nearest` `(h + 1)(m − h + 1)`.
    pub fn classes(&self) -> usize {
        match self.m {
            Some(m) => (self.h as usize + 1) * (m - self.h) as usize + self.h as usize + 1,
            None => self.h as usize + 1 + usize::from(self.superset),
        }
    }
    /// `nearest`: the number of values of `e = |z \ x|`, `m − h + 1`.
    fn e_span(&self) -> u32 {
        self.m.map_or(1, |m| m - self.h + 1)
    }
    /// The class of the query token itself: `h`, or `(h, 0)` for `nearest`.
    pub fn query_class(&self) -> u32 {
        self.h * self.e_span()
    }
    /// The overlap of a class with the query (`h⁺` has overlap `h`; `(o, e)` has `o`).
    pub fn overlap(&self, c: u32) -> u32 {
        match self.m {
            Some(_) => c / self.e_span(),
            None => c.min(self.h),
        }
    }
    /// The Hamming distance of a class from the query: `h − o + e` (only `nearest` uses it).
    pub fn dist(&self, c: u32) -> u32 {
        match self.m {
            Some(_) => self.h - c / self.e_span() + c % self.e_span(),
            None => self.h - c.min(self.h) + u32::from(c > self.h),
        }
    }
    /// The label of a class: `0..h`, `h+`; `o2e1` for `nearest`.
    pub fn label(&self, c: u32) -> String {
        match self.m {
            Some(_) => format!("o{}e{}", c / self.e_span(), c % self.e_span()),
            None => class_label(self.h, c),
        }
    }
    /// Number of kernel unknowns (slots): one per class (shared), per key position and class
    /// (per-position: `n·k`), or per key position `< n` and class plus the self term
    /// (causal-last: `(n − 1)·k + 1`).
    pub fn slots(&self) -> usize {
        let k = self.classes();
        match self.setting.positions {
            Positions::Shared => k,
            Positions::PerPosition => self.n as usize * k,
            Positions::CausalLast => (self.n as usize - 1) * k + 1,
        }
    }
    /// The label of a slot: the class, or `p:class` (and `n:self`) with positions.
    pub fn slot_label(&self, j: usize) -> String {
        let k = self.classes();
        match self.setting.positions {
            Positions::Shared => self.label(j as u32),
            Positions::CausalLast if j == (self.n as usize - 1) * k => format!("{}:self", self.n),
            _ => format!("{}:{}", j / k + 1, self.label((j % k) as u32)),
        }
    }
    /// The slots whose weights the ratio's class `c` sums: one (shared, or key position
    /// `at`), or every key position (the summed kernel).
    pub fn class_slots(&self, c: u32) -> Vec<usize> {
        let k = self.classes();
        let keypos = match self.setting.positions {
            Positions::Shared => return vec![c as usize],
            Positions::PerPosition => self.n as usize,
            Positions::CausalLast => self.n as usize - 1,
        };
        match self.setting.at {
            Some(p) => vec![(p as usize - 1) * k + c as usize],
            None => (0..keypos).map(|p| p * k + c as usize).collect(),
        }
    }
    /// Length of a sequence name: `n − 1` classes (shared: a nondecreasing multiset;
    /// causal-last: the keys in order), or `n` (per-position: the whole ordered tuple).
    pub fn seq_len(&self) -> usize {
        match self.setting.positions {
            Positions::PerPosition => self.n as usize,
            _ => self.n as usize - 1,
        }
    }
    /// Whether `seq` names a sequence of the LP: the right length and classes, nondecreasing
    /// for shared maps, with the query token at least once (per-position), and no copy of
    /// the query when keys are distinct.
    pub fn is_sequence(&self, seq: &[u32]) -> bool {
        let k = self.classes() as u32;
        let q = self.query_class();
        let copies = seq.iter().filter(|&&c| c == q).count();
        seq.len() == self.seq_len()
            && seq.iter().all(|&c| c < k)
            && match self.setting.positions {
                Positions::Shared => {
                    seq.windows(2).all(|w| w[0] <= w[1]) && (self.setting.keys == Keys::All || copies == 0)
                }
                Positions::PerPosition => copies >= 1 && (self.setting.keys == Keys::All || copies == 1),
                Positions::CausalLast => self.setting.keys == Keys::All || copies == 0,
            }
    }
    /// Every sequence of the LP, lazily, in a fixed order.
    pub fn sequences(&self) -> Box<dyn Iterator<Item = Vec<u32>> + '_> {
        let k = self.classes() as u32;
        match self.setting.positions {
            Positions::Shared => {
                Box::new(multisets(self.n as usize - 1, k - 1).filter(move |s| self.is_sequence(s)))
            }
            _ => Box::new(tuples(self.seq_len(), k).filter(move |s| self.is_sequence(s))),
        }
    }
    /// An upper bound on the number of sequences (what enumerating them costs).
    pub fn sequence_count(&self) -> u128 {
        let k = self.classes() as u128;
        match self.setting.positions {
            Positions::Shared => count(self.n as usize - 1, k as u32 - 1),
            _ => k.saturating_pow(self.seq_len() as u32),
        }
    }
    /// The exact number of sequences `sequences()` yields, counted without enumerating:
    /// multisets of `n − 1` keys (over `k` classes, or `k − 1` without the query when keys are
    /// distinct), `kⁿ − (k−1)ⁿ` (`n·(k−1)ⁿ⁻¹` distinct) per-position tuples holding the query,
    /// `kⁿ⁻¹` (`(k−1)ⁿ⁻¹`) causal-last ones. Saturates at `u128::MAX`.
    pub fn exact_sequence_count(&self) -> u128 {
        let k = self.classes() as u128;
        let n = self.n;
        let distinct = self.setting.keys == Keys::Distinct;
        let pow = |b: u128, e: u32| b.checked_pow(e).unwrap_or(u128::MAX);
        match self.setting.positions {
            Positions::Shared => count(n as usize - 1, k as u32 - 1 - u32::from(distinct)),
            Positions::PerPosition if distinct => pow(k - 1, n - 1).saturating_mul(n as u128),
            Positions::PerPosition => match k.checked_pow(n) {
                Some(all) => all - pow(k - 1, n),
                None => u128::MAX,
            },
            Positions::CausalLast => pow(k - u128::from(distinct), n - 1),
        }
    }
    /// The sides of a sequence: `upper`, `lower`, and `pos` (`D > 0`) for a signed kernel.
    pub fn sides(&self) -> &'static [Side] {
        match self.setting.kernel {
            Kernel::Nonneg => &[Side::Upper, Side::Lower],
            Kernel::Signed => &[Side::Upper, Side::Lower, Side::Pos],
        }
    }
    /// The integer row of a sequence on `side` (`ε = p/q`) over the variables `A_j` (index
    /// `j`) and `P_j` (index `slots + j`): `upper` `q(N − tD) − pD`, `lower` `q(tD − N) − pD`,
    /// `pos` `−qD`, `den` `−q·A_hi` (the normalised form, summed over its slots); all `≤ 0`.
    /// For the default setting this is `int_row`.
    pub fn row(&self, seq: &[u32], side: Side, p: i64, q: i64) -> IntRow {
        if self.setting.is_default() && side != Side::Den {
            return int_row(self.h, self.classes(), seq, side, p, q);
        }
        let ns = self.slots();
        let k = self.classes();
        if side == Side::Den {
            let mut r: IntRow = self.class_slots(self.hi).into_iter().map(|j| (j, -q)).collect();
            r.sort_unstable();
            return r;
        }
        let qc = self.query_class();
        // (slot, class) of every position of the sequence, the queried one first.
        let mut occ: Vec<usize> = Vec::with_capacity(self.n as usize);
        let mut others: Vec<u32> = Vec::with_capacity(self.n as usize);
        match self.setting.positions {
            Positions::Shared => {
                occ.push(qc as usize);
                occ.extend(seq.iter().map(|&c| c as usize));
                others.extend_from_slice(seq);
            }
            Positions::PerPosition => {
                let at = seq.iter().position(|&c| c == qc).expect("a sequence holds the query");
                for (p, &c) in seq.iter().enumerate() {
                    occ.push(p * k + c as usize);
                    if p != at {
                        others.push(c);
                    }
                }
            }
            Positions::CausalLast => {
                for (p, &c) in seq.iter().enumerate() {
                    occ.push(p * k + c as usize);
                }
                occ.push((self.n as usize - 1) * k);
                others.extend_from_slice(seq);
            }
        }
        let t = target(
            self.setting.task,
            self.h,
            others.iter().map(|&c| KeyView { overlap: self.overlap(c), dist: self.dist(c) }),
        ) as i64;
        let (ca, cp) = match side {
            Side::Upper => (-t * q - p, q),
            Side::Lower => (t * q - p, -q),
            Side::Pos => (-q, 0),
            Side::Den => unreachable!(),
        };
        merged(occ.into_iter().flat_map(|j| [(j, ca), (ns + j, cp)]))
    }
}

/// Every tuple of length `len` over `0..k`, lexicographically.
pub fn tuples(len: usize, k: u32) -> impl Iterator<Item = Vec<u32>> {
    let mut cur = Some(vec![0u32; len]);
    std::iter::from_fn(move || {
        let out = cur.take()?;
        let mut nxt = out.clone();
        if let Some(i) = (0..len).rev().find(|&i| nxt[i] + 1 < k) {
            nxt[i] += 1;
            for x in &mut nxt[i + 1..] {
                *x = 0;
            }
            cur = Some(nxt);
        }
        Some(out)
    })
}

/// The label of a class as printed: `0`, …, `h`, and `h+` for `h⁺` (index `h + 1`).
pub fn class_label(h: u32, c: u32) -> String {
    if c > h {
        format!("{h}+")
    } else {
        c.to_string()
    }
}

/// Validates `(n, ε, h, lo, hi, superset)`; errors are one line.
pub fn ratio_instance(n: u32, eps: Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Res<RatioInstance> {
    ratio_instance_in(n, eps, h, lo, hi, superset, Setting::default(), None)
}

/// Validates a row LP in any setting (docs/math.md §11): `lo` is the class on top of the
/// ratio and `hi` the one normalised to 1 (for Min-IP `lo < hi`; for the other tasks any two
/// different classes). `nearest` needs `m ≥ h` and has the classes `(o, e)` (no separate
/// `h⁺`); with keys distinct neither class may be the query token.
#[allow(clippy::too_many_arguments)]
pub fn ratio_instance_in(
    n: u32,
    eps: Rat,
    h: u32,
    lo: u32,
    hi: u32,
    superset: bool,
    setting: Setting,
    m: Option<u32>,
) -> Res<RatioInstance> {
    if setting.is_default() && m.is_none() {
        return ratio_instance_default(n, eps, h, lo, hi, superset);
    }
    check_n_eps_h(n, &eps, h)?;
    if n > 64 || h > 4096 {
        return Err(Error::Input(format!(
            "n = {n}, h = {h}: beyond Min-IP the row LP supports n ≤ 64, h ≤ 4096"
        )));
    }
    setting.validate(n)?;
    match (setting.task, m) {
        (Task::Nearest, None) => return Err(Error::Input("nearest: the classes (o, e) need the bits m".into())),
        (Task::Nearest, Some(m)) if m < h || m > 4096 => return Err(Error::Input(format!("m = {m}: need h ≤ m ≤ 4096 (h = {h})"))),
        (Task::Nearest, Some(_)) if superset => return Err(Error::Input("nearest: the classes (o, e) already contain the strict supersets (o = h, e ≥ 1); no superset flag".into())),
        (Task::MinIp | Task::MaxIp, Some(_)) => return Err(Error::Input("m: only the task nearest has classes (o, e)".into())),
        _ => {}
    }
    let inst = RatioInstance { n, eps, h, lo, hi, superset, setting, m };
    let k = inst.classes() as u32;
    if m.is_none() && hi == h + 1 && !superset {
        return Err(Error::Input(format!(
            "hi = {h}+: the strict-superset class h+ needs the superset class in the LP (m > h)"
        )));
    }
    if m.is_none() && lo == h + 1 && !superset {
        return Err(Error::Input(format!(
            "lo = {h}+: the strict-superset class h+ needs the superset class in the LP (m > h)"
        )));
    }
    if lo >= k || hi >= k {
        return Err(Error::Input(format!("lo = {lo}, hi = {hi}: need classes below {k}")));
    }
    if lo == hi || (setting.task == Task::MinIp && lo > hi) {
        return Err(Error::Input(format!(
            "lo = {}, hi = {}: need {}",
            inst.label(lo),
            inst.label(hi),
            if setting.task == Task::MinIp { "lo < hi" } else { "lo ≠ hi" }
        )));
    }
    if setting.keys == Keys::Distinct && (lo == inst.query_class() || hi == inst.query_class()) {
        return Err(Error::Input(
            "keys distinct: the query token is not a key (choose lo, hi among the other classes)".into(),
        ));
    }
    Ok(inst)
}

/// The checks every instance shares: `n ≥ 3`, `0 < ε` with numerator and denominator below
/// `2^31` (the integer rows need them as machine integers), `h ≥ 1`.
fn check_n_eps_h(n: u32, eps: &Rat, h: u32) -> Res<()> {
    if n < 3 {
        return Err(Error::Input(format!("n = {n}: need n ≥ 3")));
    }
    if !eps.is_positive() {
        return Err(Error::Input(format!("eps = {}: need ε > 0", fmt_q(eps))));
    }
    if h < 1 {
        return Err(Error::Input("h = 0: need h ≥ 1".into()));
    }
    let limit = num_bigint::BigInt::from(1u64 << 31);
    if eps.numer() >= &limit || eps.denom() >= &limit {
        return Err(Error::Input(format!(
            "eps = {}: numerator and denominator must be below 2^31",
            fmt_q(eps)
        )));
    }
    Ok(())
}

fn ratio_instance_default(n: u32, eps: Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Res<RatioInstance> {
    check_n_eps_h(n, &eps, h)?;
    if n > crate::model::MAX_N || h > crate::model::MAX_H {
        return Err(Error::TooLarge(format!(
            "n = {n}, h = {h}: larger than the supported n ≤ {}, h ≤ {}",
            crate::model::MAX_N,
            crate::model::MAX_H
        )));
    }
    if hi == h + 1 && !superset {
        return Err(Error::Input(format!(
            "hi = {h}+: the strict-superset class h+ needs the superset class in the LP (m > h)"
        )));
    }
    if hi > h + 1 {
        return Err(Error::Input(format!("hi = {hi}, h = {h}: need hi ≤ h (or hi = h+)")));
    }
    if lo >= hi {
        return Err(Error::Input(format!("lo = {lo}, hi = {}: need lo < hi", class_label(h, hi))));
    }
    Ok(RatioInstance { n, eps, h, lo, hi, superset, setting: Setting::default(), m: None })
}

/// Which row of a sequence: the two correctness rows, `pos` (`D > 0`, signed kernels),
/// or `den` (the normalised weight is positive; no sequence, used by `empty` certificates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    Upper,
    Lower,
    Pos,
    Den,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Upper => "upper",
            Side::Lower => "lower",
            Side::Pos => "pos",
            Side::Den => "den",
        }
    }
    pub fn parse(s: &str) -> Option<Side> {
        [Side::Upper, Side::Lower, Side::Pos, Side::Den].into_iter().find(|x| x.name() == s)
    }
}

/// All nondecreasing sequences of length `k` over `0..=h` (here `h` is the largest
/// class index), lexicographically.
pub struct Multisets {
    h: u32,
    cur: Option<Vec<u32>>,
}

pub fn multisets(k: usize, h: u32) -> Multisets {
    Multisets { h, cur: Some(vec![0; k]) }
}

impl Iterator for Multisets {
    type Item = Vec<u32>;
    fn next(&mut self) -> Option<Vec<u32>> {
        let out = self.cur.take()?;
        let mut nxt = out.clone();
        // Increment the last position that can grow, reset the tail to it.
        if let Some(i) = (0..nxt.len()).rev().find(|&i| nxt[i] < self.h) {
            let v = nxt[i] + 1;
            for x in &mut nxt[i..] {
                *x = v;
            }
            self.cur = Some(nxt);
        }
        Some(out)
    }
}

/// Number of multisets of `k` classes out of `h + 1`: `C(h + k, k)`.
/// Saturates at `u128::MAX` (a count that large is refused by every limit anyway).
pub fn count(k: usize, h: u32) -> u128 {
    let mut c: u128 = 1;
    for i in 0..k as u128 {
        // C(h+1+i, i+1) = C(h+i, i)·(h+1+i)/(i+1), exact at every step.
        match c.checked_mul(h as u128 + 1 + i) {
            Some(v) => c = v / (i + 1),
            None => return u128::MAX,
        }
    }
    c
}

/// One integer row: sparse `(variable, coefficient)`, sorted by variable.
pub type IntRow = Vec<(usize, i64)>;

/// The integer row of `(x, M)` on `side` for query weight `h` and `k` classes, with `ε = p/q`.
pub fn int_row(h: u32, k: usize, classes: &[u32], side: Side, p: i64, q: i64) -> IntRow {
    row_of_counts(h, k, classes.iter().map(|&c| (c, 1)), side, p, q)
}

/// `int_row` of the multiset holding `count` keys of each listed `(class, count)` (counts
/// positive): the same row, built in the number of distinct classes rather than of keys, so
/// a chain multiplier's sequence `u^{n−1}` or `u w^{n−2}` costs the same for every `n`.
pub fn int_row_counts(h: u32, k: usize, counts: &[(u32, i64)], side: Side, p: i64, q: i64) -> IntRow {
    row_of_counts(h, k, counts.iter().copied(), side, p, q)
}

fn row_of_counts(
    h: u32,
    k: usize,
    counts: impl Iterator<Item = (u32, i64)> + Clone,
    side: Side,
    p: i64,
    q: i64,
) -> IntRow {
    let t = counts.clone().map(|(c, _)| c.min(h)).min().unwrap_or(h) as i64;
    let (ca, cp) = match side {
        Side::Upper => (-t * q - p, q),
        Side::Lower => (t * q - p, -q),
        Side::Pos => (-q, 0),
        // Not a sequence row (`RatioInstance::row` builds it); never reached from the checker.
        Side::Den => (0, 0),
    };
    let hp = k;
    merged(
        std::iter::once((h, 1))
            .chain(counts)
            .flat_map(|(o, c)| [(o as usize, c * ca), (hp + o as usize, c * cp)]),
    )
}

/// The terms summed per variable, zeros dropped, sorted by variable: `O(n log n)` in the
/// number of terms (a sequence of length `n` gives `2n` terms), whatever the classes.
fn merged(terms: impl Iterator<Item = (usize, i64)>) -> IntRow {
    let mut all: Vec<(usize, i64)> = terms.collect();
    all.sort_unstable_by_key(|&(v, _)| v);
    let mut row: IntRow = Vec::with_capacity(all.len().min(64));
    for (var, c) in all {
        match row.last_mut() {
            Some(e) if e.0 == var => e.1 += c,
            _ => row.push((var, c)),
        }
    }
    row.retain(|&(_, c)| c != 0);
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerates_every_multiset_once_in_order() {
        let all: Vec<Vec<u32>> = multisets(2, 2).collect();
        assert_eq!(all, vec![vec![0, 0], vec![0, 1], vec![0, 2], vec![1, 1], vec![1, 2], vec![2, 2]]);
        assert_eq!(multisets(3, 5).count() as u128, count(3, 5));
        assert_eq!(count(2, 168), 14365);
    }

    #[test]
    fn rows_follow_the_definition() {
        // h = 2, M = {0, 2}, eps = 1/2: D = 2A_2 + A_0, N = 2P_2 + P_0, t = 0.
        // upper: 2(N) - D = -A_0 - 2A_2 + 2P_0 + 4P_2
        assert_eq!(int_row(2, 3, &[0, 2], Side::Upper, 1, 2), vec![(0, -1), (2, -2), (3, 2), (5, 4)]);
        // lower: 2(-N) - D
        assert_eq!(int_row(2, 3, &[0, 2], Side::Lower, 1, 2), vec![(0, -1), (2, -2), (3, -2), (5, -4)]);
        // With h⁺ (class 3, overlap 2): M = {2, 3} has target 2; P sits at 4 + c.
        // upper: 2(N − 2D) − D = −5D + 2N, D = 2A_2 + A_3.
        assert_eq!(int_row(2, 4, &[2, 3], Side::Upper, 1, 2), vec![(2, -10), (3, -5), (6, 4), (7, 2)]);
    }

    #[test]
    fn rows_by_counts_are_the_rows_of_the_written_out_multiset() {
        // Every multiset of up to 4 keys over the classes of h = 3 with h⁺, both sides.
        for len in 0..=4 {
            for m in multisets(len, 4) {
                let mut counts: Vec<(u32, i64)> = Vec::new();
                for &c in &m {
                    match counts.last_mut() {
                        Some(e) if e.0 == c => e.1 += 1,
                        _ => counts.push((c, 1)),
                    }
                }
                for side in [Side::Upper, Side::Lower] {
                    assert_eq!(
                        int_row_counts(3, 5, &counts, side, 1, 3),
                        int_row(3, 5, &m, side, 1, 3),
                        "{m:?}"
                    );
                }
            }
        }
        // 1023 keys of class 5 and one of 7 (h = 6): t = 5, the query's class 6 once.
        let r = int_row_counts(6, 8, &[(5, 1023), (7, 1)], Side::Lower, 1, 2);
        assert_eq!(r, vec![(5, 1023 * 9), (6, 9), (7, 9), (13, -2046), (14, -2), (15, -2)]);
    }

    #[allow(clippy::too_many_arguments)]
    fn inst(
        task: Task,
        positions: Positions,
        keys: Keys,
        h: u32,
        lo: u32,
        hi: u32,
        superset: bool,
        m: Option<u32>,
    ) -> RatioInstance {
        let s = Setting { task, positions, keys, ..Setting::default() };
        ratio_instance_in(3, Rat::new(1.into(), 2.into()), h, lo, hi, superset, s, m).unwrap()
    }

    #[test]
    fn general_rows_follow_each_task() {
        // max-ip, h = 2, M = {0, 2 (a copy of x)}: target = 2 (the copy counts |x|).
        let i = inst(Task::MaxIp, Positions::Shared, Keys::All, 2, 2, 0, false, None);
        // upper: 2(N − 2D) − D over D = 2A_2 + A_0 = -5 D + 2N
        assert_eq!(i.row(&[0, 2], Side::Upper, 1, 2), vec![(0, -5), (2, -10), (3, 2), (5, 4)]);
        // nearest, h = 1, m = 2: classes (o,e) o∈{0,1}, e∈{0,1}: 0=(0,0) 1=(0,1) 2=(1,0)=x 3=(1,1).
        let i = inst(Task::Nearest, Positions::Shared, Keys::Distinct, 1, 3, 1, false, Some(2));
        assert_eq!(i.classes(), 4);
        assert_eq!((i.query_class(), i.dist(0), i.dist(1), i.dist(3)), (2, 1, 2, 1));
        assert_eq!(i.label(3), "o1e1");
        // (x; (0,1), (1,1)): distances 2 and 1, target 1.
        assert_eq!(
            i.row(&[1, 3], Side::Lower, 1, 2),
            vec![(1, 1), (2, 1), (3, 1), (5, -2), (6, -2), (7, -2)]
        );
        assert_eq!(i.sequences().count(), 6); // multisets of 2 over the 3 classes ≠ x
                                              // The default through the general path is int_row.
        let d = ratio_instance(3, Rat::new(1.into(), 2.into()), 3, 0, 3, true).unwrap();
        for s in d.sequences() {
            assert_eq!(d.row(&s, Side::Lower, 1, 2), int_row(3, 5, &s, Side::Lower, 1, 2));
        }
    }

    #[test]
    fn positions_index_slots_by_key_position() {
        let i = inst(Task::MinIp, Positions::CausalLast, Keys::All, 2, 0, 2, false, None);
        assert_eq!(i.slots(), 7); // 2 key positions × 3 classes + the self term
        assert_eq!(i.class_slots(2), vec![2, 5]);
        assert_eq!(i.sequences().count(), 9);
        // (0, 2) then the query: target 0, D = A_(1,0) + A_(2,2) + A_self
        assert_eq!(
            i.row(&[0, 2], Side::Upper, 1, 2),
            vec![(0, -1), (5, -1), (6, -1), (7, 2), (12, 2), (13, 2)]
        );
        let p = inst(Task::MinIp, Positions::PerPosition, Keys::Distinct, 2, 0, 1, false, None);
        assert_eq!(p.sequences().count(), 3 * 2 * 2); // x at one of 3 positions, 2 classes elsewhere
        for s in [&i, &p] {
            assert_eq!(s.sequences().count() as u128, s.exact_sequence_count());
        }
        for keys in [Keys::All, Keys::Distinct] {
            for pos in [Positions::Shared, Positions::PerPosition, Positions::CausalLast] {
                let s = inst(Task::MaxIp, pos, keys, 2, 0, 1, false, None);
                assert_eq!(s.sequences().count() as u128, s.exact_sequence_count(), "{pos:?} {keys:?}");
            }
        }
        assert_eq!(p.slot_label(4), "2:1");
    }
}
