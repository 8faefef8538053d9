//! The chain bound at `ε = 1/2` in closed form (docs/math.md §9.3), rebuilt by the checker:
//! `chain_n(s) = max Π (n−2)(d_i − 1)` over splits `s = d_1 + … + d_k`, `d_i ≥ 2`, and the
//! `2k + 1` chain multipliers that prove `R(0, hi; h) ≥ chain_n(hi)` (`hi < h` or `h⁺`) and
//! `R(0, h; h) ≥ (n·chain_n(h) − 1)/(n − 1)`. Every multiplier sits on a row of a sequence
//! whose `n − 1` keys come from at most two classes (`u^{n−1}`, `w^{n−1}`, `u w^{n−2}`), so the
//! rows stay few for every `n` (`≤ h + 1` multipliers per class, whatever `n`).
//!
//! One dynamic program up to the largest span serves every class of a certificate: `O(s²)`
//! products of integers. Ties go to the smallest last gap, as in `minip::certify::ratio`.

use crate::format::ratio::Multiplier;
use crate::rational::{fmt_q, Rat};
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

    /// Units of checker work (`check::ratio::multiplier_work`'s units) of building and
    /// checking the chain multipliers of `R(0, hi; h)`, without building them: at most
    /// `2·gaps + 1` rows of `n` classes in at most two runs, each `y` at most as long as
    /// `chain_n(hi)` over a divisor of `n − 1`. Measured (shared 2-core VM): `n = 1024`,
    /// `h = 1024`: one class in 1.6 s.
    pub fn work(&self, h: u32, hi: u32) -> u128 {
        let Some(v) = self.value(hi.min(h)) else { return 0 };
        let gaps = self.gaps(hi.min(h)).map_or(0, |g| g.len()) as u128;
        let digits = v.bits() as u128 * 3 / 10 + 1 + 2 * (self.n - 1).to_string().len() as u128;
        let limbs = digits / 19;
        let op = 1 + limbs * 4 / 3 + limbs * limbs / 256;
        (2 * gaps + 1) * ((self.n as u128).div_ceil(64) + 6 * op)
    }

    /// The chain multipliers of `R(0, hi; h)`: for each link `u → w` of the optimal split
    /// (`K = (n−2)(d−1)`, `W` the product of the earlier `K`s), `W/(n−1)` on
    /// `lower (x, u^{n−1})`, `(n−2)W/(n−1)` on `lower (x, w^{n−1})` and `W` on
    /// `upper (x, u, w^{n−2})`; rows shared by consecutive links merged.
    pub fn multipliers(&self, h: u32, hi: u32) -> Option<Vec<Multiplier>> {
        self.ratio(h, hi)?;
        let gaps = self.gaps(hi.min(h))?;
        let n = self.n;
        let mut cls = vec![0u32];
        for d in &gaps {
            cls.push(cls.last().expect("nonempty") + d);
        }
        *cls.last_mut().expect("nonempty") = hi;
        let n1 = Rat::from_integer((n - 1).into());
        let mut ys: BTreeMap<(Vec<u32>, &str), Rat> = BTreeMap::new();
        let mut w = Rat::one();
        for (i, d) in gaps.iter().enumerate() {
            let (u, v) = (cls[i], cls[i + 1]);
            let rep = |c: u32, k: usize| vec![c; k];
            let mut mixed = vec![u];
            mixed.extend(rep(v, n as usize - 2));
            for (key, y) in [
                ((rep(u, n as usize - 1), "lower"), &w / &n1),
                ((rep(v, n as usize - 1), "lower"), Rat::from_integer((n - 2).into()) * &w / &n1),
                ((mixed, "upper"), w.clone()),
            ] {
                *ys.entry(key).or_insert_with(Rat::zero) += y;
            }
            w *= Rat::from_integer(((n - 2) * (d - 1)).into());
        }
        Some(
            ys.into_iter()
                .map(|((classes, side), y)| Multiplier { classes, side: side.into(), y: fmt_q(&y) })
                .collect(),
        )
    }
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
