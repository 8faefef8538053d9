//! The chain bound at `ε = 1/2` in closed form (docs/math.md §9.3), rebuilt by the checker:
//! `chain_n(s) = max Π (n−2)(d_i − 1)` over splits `s = d_1 + … + d_k`, `d_i ≥ 2`, and the
//! `2k + 1` chain multipliers that prove `R(0, hi; h) ≥ chain_n(hi)` (`hi < h` or `h⁺`) and
//! `R(0, h; h) ≥ (n·chain_n(h) − 1)/(n − 1)`. Every multiplier sits on a row of a sequence
//! whose `n − 1` keys come from at most two classes (`u^{n−1}`, `w^{n−1}`, `u w^{n−2}`), so the
//! rows stay few for every `n` (`≤ h + 1` multipliers per class, whatever `n`).
//!
//! The checker evaluates these rows by their classes and counts (`rows`), never writing out
//! the `n − 1` keys, over integers: one class of `n = 1024`, `h = 512` costs about 0.2 ms.
//! `multipliers` writes the same dual out as a `minip-ratio-bound/1` lists it, for the generic
//! check that a test compares with.
//!
//! One dynamic program up to the largest span serves every class of a certificate: `O(s²)`
//! products of integers. Ties go to the smallest last gap, as in `minip::certify::ratio`.

use crate::format::ratio::Multiplier;
use crate::rational::{fmt_q, Rat};
use crate::rows::ratio::Side;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// `best[t] = (chain_n(t), last gap)` for `t = 0..=smax` (`None` where there is no split).
#[derive(Clone, Debug)]
pub struct ChainTable {
    pub n: u32,
    best: Vec<Option<(BigUint, u32)>>,
}

impl ChainTable {
    /// The table for spans up to `smax` (`n ≥ 3`).
    pub fn new(n: u32, smax: u32) -> ChainTable {
        let s = smax as usize;
        let mut best: Vec<Option<(BigUint, u32)>> = vec![None; s + 1];
        best[0] = Some((BigUint::one(), 0));
        for t in 2..=s {
            for d in 2..=t {
                let k = BigUint::from(n - 2) * BigUint::from(d as u32 - 1);
                if k.is_zero() {
                    continue;
                }
                if let Some((b, _)) = &best[t - d] {
                    let v = b * &k;
                    if best[t].as_ref().is_none_or(|cur| v > cur.0) {
                        best[t] = Some((v, d as u32));
                    }
                }
            }
        }
        ChainTable { n, best }
    }

    /// The largest span in the table.
    pub fn max_span(&self) -> u32 {
        self.best.len() as u32 - 1
    }

    /// `chain_n(s)`; `None` for `s ≤ 1` or beyond the table.
    pub fn value(&self, s: u32) -> Option<&BigUint> {
        if s == 0 {
            return None;
        }
        self.best.get(s as usize)?.as_ref().map(|b| &b.0)
    }

    /// The optimal split of `s` into gaps, in chain order.
    pub fn gaps(&self, s: u32) -> Option<Vec<u32>> {
        self.value(s)?;
        let mut gaps = Vec::new();
        let mut t = s as usize;
        while t > 0 {
            let d = self.best[t].as_ref()?.1;
            gaps.push(d);
            t -= d as usize;
        }
        gaps.reverse();
        Some(gaps)
    }

    /// The closed form of `R(0, hi; h)` (`hi = h + 1` is `h⁺`): `chain_n(min(hi, h))`, and
    /// `(n·chain_n(h) − 1)/(n − 1)` for the query's own class `hi = h`.
    pub fn ratio(&self, h: u32, hi: u32) -> Option<Rat> {
        if hi == 0 || hi > h + 1 {
            return None;
        }
        let c = Rat::from_integer(self.value(hi.min(h))?.clone().into());
        if hi == h {
            let n = Rat::from_integer(self.n.into());
            Some((&n * c - Rat::one()) / (n - Rat::one()))
        } else {
            Some(c)
        }
    }

    /// Units of checker work (about 1 µs each, as `check::ratio::op_cost`'s) of checking the
    /// chain rows of `R(0, hi; h)` (`check::rank_linear`'s structured check), without building
    /// them: `3·gaps` rows of at most three classes, each entry one product of `W` (at most
    /// `chain_n(hi)`) by a machine integer, added to a sum about as long. An upper bound:
    /// measured (2-core VM, idle), every class of `n = 1024`, `h = 512` in 0.11 s (4.5·10⁵
    /// units), of `n = 3`, `h = 512` in 0.027 s (8·10⁴ units).
    pub fn work(&self, h: u32, hi: u32) -> u128 {
        let Some(v) = self.value(hi.min(h)) else { return 0 };
        let gaps = self.gaps(hi.min(h)).map_or(0, |g| g.len()) as u128;
        let limbs = v.bits() as u128 / 64 + 1;
        3 * gaps * (1 + limbs / 16)
    }

    /// The chain rows of `R(0, hi; h)`, `(n − 1)` times their multipliers: for each link
    /// `u → w` of the optimal split (`K = (n−2)(d−1)`, `W` the product of the earlier `K`s),
    /// `W` on `lower (x, u^{n−1})`, `(n−2)W` on `lower (x, w^{n−1})` and `(n−1)W` on
    /// `upper (x, u, w^{n−2})`, the last class of the split being `hi`. Each sequence is given
    /// by its classes with their counts (`rows::ratio::int_row_counts`), so a link costs the
    /// same for every `n`. A row shared by consecutive links is listed once per link.
    pub fn rows(&self, h: u32, hi: u32) -> Option<Vec<ChainRow>> {
        let (shapes, ks) = self.shapes(h, hi)?;
        let mut ws = vec![BigUint::one()];
        for &k in &ks {
            let w = ws.last().expect("nonempty") * k;
            ws.push(w);
        }
        Some(
            shapes
                .into_iter()
                .map(|s| ChainRow { counts: s.counts, side: s.side, y: &ws[s.link] * s.factor })
                .collect(),
        )
    }

    /// The rows of `rows` with their multipliers given by their link and factor (`(n − 1)`
    /// times the multiplier is `factor·W_link`, `W_0 = 1`, `W_{i+1} = W_i·K_i`), and the `K_i`:
    /// what a check needs to form the combination without a number per row.
    pub fn shapes(&self, h: u32, hi: u32) -> Option<(Vec<ChainShape>, Vec<u64>)> {
        // Where `ratio` is defined (without forming it).
        if hi == 0 || hi > h + 1 {
            return None;
        }
        let gaps = self.gaps(hi.min(h))?;
        let n = self.n as i64;
        let mut cls = vec![0u32];
        for d in &gaps {
            cls.push(cls.last().expect("nonempty") + d);
        }
        *cls.last_mut().expect("nonempty") = hi;
        let mut shapes = Vec::with_capacity(3 * gaps.len());
        let mut ks = Vec::with_capacity(gaps.len());
        for (i, d) in gaps.iter().enumerate() {
            let (u, v) = (cls[i], cls[i + 1]);
            let mixed = vec![(u, 1), (v, n - 2)];
            shapes.push(ChainShape { counts: vec![(u, n - 1)], side: Side::Lower, link: i, factor: 1 });
            shapes.push(ChainShape {
                counts: vec![(v, n - 1)],
                side: Side::Lower,
                link: i,
                factor: self.n - 2,
            });
            shapes.push(ChainShape { counts: mixed, side: Side::Upper, link: i, factor: self.n - 1 });
            ks.push(u64::from(self.n - 2) * u64::from(d - 1));
        }
        Some((shapes, ks))
    }

    /// The chain multipliers of `R(0, hi; h)` as a `minip-ratio-bound/1` lists them (each
    /// sequence written out, `y` divided by `n − 1`, rows shared by consecutive links merged):
    /// the same dual as `rows`, for the generic check (`check::ratio::check_multipliers`).
    pub fn multipliers(&self, h: u32, hi: u32) -> Option<Vec<Multiplier>> {
        let n1 = Rat::from_integer((self.n - 1).into());
        let mut ys: BTreeMap<(Vec<u32>, &str), Rat> = BTreeMap::new();
        for r in self.rows(h, hi)? {
            let classes = r.counts.iter().flat_map(|&(c, k)| vec![c; k as usize]).collect();
            *ys.entry((classes, r.side.name())).or_insert_with(Rat::zero) +=
                Rat::from_integer(r.y.into()) / &n1;
        }
        Some(
            ys.into_iter()
                .map(|((classes, side), y)| Multiplier { classes, side: side.into(), y: fmt_q(&y) })
                .collect(),
        )
    }
}

/// A chain row before its multiplier is formed (`ChainTable::shapes`): the sequence as
/// `(class, count)` pairs, its side, its link and the factor of the link's `W`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainShape {
    pub counts: Vec<(u32, i64)>,
    pub side: Side,
    pub link: usize,
    pub factor: u32,
}

/// One chain row: the sequence `(x, keys)` as `(class, count)` pairs (`n − 1` keys), its side,
/// and `n − 1` times its multiplier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainRow {
    pub counts: Vec<(u32, i64)>,
    pub side: Side,
    pub y: BigUint,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_values_of_math_md() {
        // n = 3: 0, 1, 2, 3, 4, 5, 6, 9, 12, 16, 20, 27, 36 for s = 1..13 (docs/rank.md).
        let t = ChainTable::new(3, 13);
        let v: Vec<String> = (2..=13).map(|s| t.value(s).unwrap().to_string()).collect();
        assert_eq!(v, ["1", "2", "3", "4", "5", "6", "9", "12", "16", "20", "27", "36"]);
        assert!(t.value(1).is_none() && t.value(0).is_none());
        // n ≥ 6: (n−2)^{s/2}, times 2 with one gap of 3 for odd s.
        let t = ChainTable::new(1024, 9);
        assert_eq!(t.value(8).unwrap(), &BigUint::from(1022u64.pow(4)));
        assert_eq!(t.value(9).unwrap(), &(BigUint::from(1022u64.pow(4)) * 2u32));
        assert_eq!(t.gaps(9).unwrap(), [3, 2, 2, 2]);
        // The query's class: (n·chain − 1)/(n − 1); R(0, 12; 12) = 40 at n = 3.
        assert_eq!(ChainTable::new(3, 12).ratio(12, 12).unwrap(), Rat::from_integer(40.into()));
    }

    #[test]
    fn multipliers_are_two_class_rows_and_few() {
        let t = ChainTable::new(1024, 128);
        let ms = t.multipliers(128, 127).unwrap();
        // One link of 3 and 62 of 2: 2·63 + 1 rows.
        assert_eq!(ms.len(), 127);
        for m in &ms {
            assert_eq!(m.classes.len(), 1023);
            let mut d = m.classes.clone();
            d.dedup();
            assert!(d.len() <= 2, "{:?}", d);
        }
    }
}
