//! Overlap-polynomial kernels (docs/math.md §10): `α(x,z) = f(<x,z>)` with one polynomial
//! `f` for all queries (`shared`), or `α(x,z) = f_{|x|}(<x,z>)` with one polynomial per
//! query weight (`per_weight`). Polynomials are written in the binomial basis,
//! `f(o) = Σ_{k ∈ S} c_k·C(o,k)`, `S` the support (the `k` with `c_k ≠ 0`).
//!
//! The exact rank of the `2^m × 2^m` kernel matrix, by the Johnson-scheme decomposition of
//! §10.4: `rank = Σ_j (C(m,j) − C(m,j−1))·rank M_j` with
//! `M_j[h,w] = Σ_{k ≥ j} c_{h,k}·C(m−j−k, w−k)·C(h−j, k−j)` over `h, w ∈ j..=m−j`
//! (`c_{h,k} = c_k` for a shared kernel, where it reduces to `Σ_{k ∈ S} C(m,k)`).
//!
//! Pure arithmetic: no rows, no solver.

use crate::error::{Error, Res};
use crate::rational::{fast, Rat};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};

/// Largest `m` accepted for overlap-polynomial kernels (query weights `0..=m`).
pub const MAX_POLY_M: u32 = 64;

/// Which kernels: one polynomial for all queries, or one per query weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KernelClass {
    /// `α(x,z) = f(<x,z>)`.
    Shared,
    /// `α(x,z) = f_{|x|}(<x,z>)`.
    PerWeight,
}

impl KernelClass {
    pub fn parse(s: &str) -> Res<KernelClass> {
        match s {
            "shared" => Ok(KernelClass::Shared),
            "per_weight" => Ok(KernelClass::PerWeight),
            _ => Err(Error::Input(format!("unknown kernel class '{s}' (expected shared or per_weight)"))),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            KernelClass::Shared => "shared",
            KernelClass::PerWeight => "per_weight",
        }
    }
}

/// `C(n, k)` for `0 ≤ n ≤ 124` as a machine integer (exact: every intermediate
/// `C(n, i)·(n − i)` is below `2^127` up to `n = 124`; every caller has `n ≤ MAX_POLY_M = 64`);
/// zero when `k < 0` or `k > n` or `n < 0`.
pub fn binom(n: i64, k: i64) -> i128 {
    if n < 0 || k < 0 || k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: i128 = 1;
    for i in 0..k {
        // Exact at every step: c·(n − i) is divisible by (i + 1).
        c = c * (n - i) as i128 / (i + 1) as i128;
    }
    c
}

/// `C(n, k)` as a big integer (`binom` is exact for the sizes used here).
pub fn binom_big(n: i64, k: i64) -> BigInt {
    BigInt::from(binom(n, k))
}

/// A polynomial in the binomial basis: `f(o) = Σ_i c[i]·C(o, support[i])`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Poly {
    /// Strictly increasing.
    pub support: Vec<u32>,
    pub c: Vec<Rat>,
}

impl Poly {
    pub fn eval(&self, o: u32) -> Rat {
        self.support
            .iter()
            .zip(&self.c)
            .fold(Rat::zero(), |acc, (&k, c)| acc + c * Rat::from_integer(binom_big(o as i64, k as i64)))
    }
    /// The largest `k` of the support (`None` for the zero polynomial).
    pub fn degree(&self) -> Option<u32> {
        self.support.last().copied()
    }
}

/// A kernel of one class over `{0,1}^m`: one polynomial (`shared`) or `m + 1` (`per_weight`,
/// index = query weight).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    pub m: u32,
    pub class: KernelClass,
    pub polys: Vec<Poly>,
}

impl Kernel {
    /// The polynomial used by queries of weight `h`.
    pub fn poly(&self, h: u32) -> &Poly {
        match self.class {
            KernelClass::Shared => &self.polys[0],
            KernelClass::PerWeight => &self.polys[h as usize],
        }
    }
    /// `c_{h,k}` (zero outside the support).
    pub fn coeff(&self, h: u32, k: u32) -> Rat {
        let p = self.poly(h);
        match p.support.binary_search(&k) {
            Ok(i) => p.c[i].clone(),
            Err(_) => Rat::zero(),
        }
    }
}

/// One level `j` of the rank formula: `dim = C(m,j) − C(m,j−1)` (the multiplicity of the
/// `j`-th irreducible), `rank = rank M_j`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub j: u32,
    pub dim: BigInt,
    pub rank: usize,
}

/// `M_j` of the rank formula, rows `h` and columns `w` in `j..=m−j`. Each row's polynomial
/// is taken over the least common denominator `L` of its coefficients, so an entry is an
/// integer sum over `L`, reduced once (the same rational as the sum of the terms).
pub fn level_matrix(k: &Kernel, j: u32) -> Vec<Vec<Rat>> {
    let m = k.m as i64;
    let j64 = j as i64;
    let hs: Vec<u32> = (j..=k.m - j).collect();
    hs.iter()
        .map(|&h| {
            let p = k.poly(h);
            let (l, ints) = crate::rational::over_lcd(&p.c);
            hs.iter()
                .map(|&w| {
                    let mut acc = BigInt::zero();
                    for (&kk, c) in p.support.iter().zip(&ints) {
                        let kk = kk as i64;
                        if kk < j64 {
                            continue;
                        }
                        let f = binom(m - j64 - kk, w as i64 - kk) * binom(h as i64 - j64, kk - j64);
                        if f != 0 {
                            acc += c * BigInt::from(f);
                        }
                    }
                    fast::new(acc, l.clone())
                })
                .collect()
        })
        .collect()
}

/// The exact rank of a rational matrix (Gaussian elimination).
pub fn matrix_rank(a: Vec<Vec<Rat>>) -> usize {
    let mut unlimited = u128::MAX;
    matrix_rank_within(a, &mut unlimited).unwrap_or(0)
}

/// [`matrix_rank`], each rational operation charged against `budget` by the size of its
/// operands (the checker's work units, `crate::rational::GCD_WORK`: a product and its gcd,
/// about 24 per limb²); `Err` with the work done when the budget runs out first. The entries
/// of an elimination grow with the pivots taken, so their sizes are counted as they come
/// rather than bounded before.
pub fn matrix_rank_within(mut a: Vec<Vec<Rat>>, budget: &mut u128) -> Result<usize, u128> {
    let mut spent = 0u128;
    let mut charge = |x: &Rat, y: &Rat| -> Result<(), u128> {
        let l = |r: &Rat| r.numer().bits() as u128 / 64 + r.denom().bits() as u128 / 64 + 2;
        let cost = 16 + (crate::rational::GCD_WORK + 4) * l(x) * l(y);
        spent = spent.saturating_add(cost);
        if cost > *budget {
            *budget = 0;
            return Err(spent);
        }
        *budget -= cost;
        Ok(())
    };
    let rows = a.len();
    let cols = a.first().map_or(0, Vec::len);
    let mut r = 0;
    for col in 0..cols {
        let Some(p) = (r..rows).find(|&i| !a[i][col].is_zero()) else { continue };
        a.swap(r, p);
        let inv = a[r][col].recip();
        let mut pivot: Vec<Rat> = Vec::with_capacity(cols);
        for v in &a[r] {
            charge(v, &inv)?;
            pivot.push(fast::mul(v, &inv));
        }
        for row in a.iter_mut().skip(r + 1) {
            if row[col].is_zero() {
                continue;
            }
            let f = row[col].clone();
            for (v, pv) in row.iter_mut().zip(&pivot).skip(col) {
                if !pv.is_zero() {
                    charge(&f, pv)?;
                    charge(v, pv)?;
                    *v = fast::sub(v, &fast::mul(&f, pv));
                }
            }
        }
        r += 1;
        if r == rows {
            break;
        }
    }
    Ok(r)
}

/// Every level `j = 0..=⌊m/2⌋` with a nonzero rank.
pub fn rank_levels(k: &Kernel) -> Vec<Level> {
    (0..=k.m / 2)
        .filter_map(|j| {
            let rank = matrix_rank(level_matrix(k, j));
            let dim = binom_big(k.m as i64, j as i64) - binom_big(k.m as i64, j as i64 - 1);
            (rank > 0).then_some(Level { j, dim, rank })
        })
        .collect()
}

/// [`rank_levels`] within `budget` units of work (see [`matrix_rank_within`]); `Err` with the
/// work done by then when it runs out.
pub fn rank_levels_within(k: &Kernel, budget: &mut u128) -> Result<Vec<Level>, u128> {
    let mut out = Vec::new();
    for j in 0..=k.m / 2 {
        let rank = matrix_rank_within(level_matrix(k, j), budget)?;
        let dim = binom_big(k.m as i64, j as i64) - binom_big(k.m as i64, j as i64 - 1);
        if rank > 0 {
            out.push(Level { j, dim, rank });
        }
    }
    Ok(out)
}

/// `Σ_j dim_j·rank_j`: the rank of the kernel matrix.
pub fn rank_of(levels: &[Level]) -> BigInt {
    levels.iter().fold(BigInt::zero(), |acc, l| acc + &l.dim * BigInt::from(l.rank))
}

/// `Σ_{k ∈ S} C(m,k)`: the rank of a shared kernel with support `S` (the formula's special case).
pub fn shared_rank(m: u32, support: &[u32]) -> BigInt {
    support.iter().fold(BigInt::zero(), |acc, &k| acc + binom_big(m as i64, k as i64))
}

/// `f ≥ 0` on `0..=top`; the first overlap where it is negative otherwise.
pub fn first_negative(p: &Poly, top: u32) -> Option<(u32, Rat)> {
    (0..=top).map(|o| (o, p.eval(o))).find(|(_, v)| v.is_negative())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::{q, qi};

    fn shared(m: u32, support: &[u32], c: &[Rat]) -> Kernel {
        Kernel {
            m,
            class: KernelClass::Shared,
            polys: vec![Poly { support: support.to_vec(), c: c.to_vec() }],
        }
    }

    #[test]
    fn binomials_are_exact() {
        assert_eq!(binom(64, 32), 1_832_624_140_942_590_534);
        assert_eq!(binom(5, 7), 0);
        assert_eq!(binom(-1, 0), 0);
        assert_eq!(binom(0, 0), 1);
    }

    #[test]
    fn shared_rank_is_the_binomial_sum() {
        // f = 13/3 − o at m = 4 (support {0, 1}): rank 1 + 4 = 5.
        let k = shared(4, &[0, 1], &[q(13, 3), qi(-1)]);
        assert_eq!(rank_of(&rank_levels(&k)), BigInt::from(5));
        for (m, s) in [
            (8u32, vec![0u32, 1, 2]),
            (16, vec![0, 1, 2, 3, 13, 14, 15, 16]),
            (24, vec![0, 1, 2, 3, 4, 5, 6]),
        ] {
            let c: Vec<Rat> = s.iter().map(|&k| qi(k as i64 * 7 - 3)).collect();
            let k = shared(m, &s, &c);
            assert_eq!(rank_of(&rank_levels(&k)), shared_rank(m, &s), "m = {m}");
        }
        assert_eq!(shared_rank(24, &[0, 1, 2, 3, 4, 5, 6]), BigInt::from(190_051));
    }
}
