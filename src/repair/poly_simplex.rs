//! An exact dual simplex on the class LP of overlap-polynomial heads (docs/math.md §10.2),
//! for nonnegative kernels, in the binomial basis with the checker's own rows.
//!
//! Why it exists: with `n − 2` copies of a far key the kernel must grow by a factor of order
//! `√(n − 2)` per unit of overlap, so at `n = 7, 8` and `h ≥ 20` a head spans ten or more
//! orders of magnitude between `f(0)` and `f(h)`. HiGHS's answer is then right only to its
//! tolerances relative to the largest entries; rounded, it misses the rows of the small
//! overlaps by more than their margin, and its Farkas hints do not repair either. Here the LP
//! is small (`|S| + #classes` unknowns, a few hundred rows per query weight), so it is solved
//! exactly instead, from scratch:
//!
//! - the LP: `min Σ_i f(node_i)` subject to every sequence row (`≤ −1`) and `f(o) ≥ 1` for
//!   `o = 0..=top` (a scaling of `f > 0`, as in `crate::solve::poly::class_lp`);
//! - the start: the nonnegativity rows at `|S|` nodes (they fix `f`) and one diagonal row per
//!   class (it fixes `P_{h,c}`); multipliers 1 on the node rows, 0 elsewhere, which is dual
//!   feasible for that objective;
//! - dual simplex pivots (most violated row in, ratio test with ties to the lowest index),
//!   every basis system solved by `super::sparse`;
//! - the end: an optimal point (a head candidate) or a row whose ratio test is empty, which
//!   gives exact Farkas multipliers `y ≥ 0`, `yᵀG = 0`.
//!
//! Nothing here decides anything: `minip_check` checks what comes out.

use super::sparse::{self, Eq};
use crate::error::Error;
use crate::formulate::poly::RowName;
use minip_check::model::kernel::binom;
use minip_check::rational::{to_f64, Rat};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

/// The exact answer for one support.
#[derive(Clone, Debug)]
pub enum ExactAnswer {
    /// Binomial coefficients `c` (one per support element) and products `P_{h,c}`.
    Feasible { c: Vec<Rat>, p: BTreeMap<(u32, u32), Rat> },
    /// Farkas multipliers on the named rows (`y ≥ 0`, `yᵀG = 0`, `Σ_{sequence rows} y = 1`).
    Infeasible(Vec<(RowName, Rat)>),
}

/// The LP: constraint `i` is `a_i·x ≤ b_i`.
struct Lp {
    a: Vec<Vec<(usize, BigInt)>>,
    b: Vec<BigInt>,
    /// Euclidean norms of the rows, for the choice of the entering row.
    norm: Vec<f64>,
    /// Variable index of each product `P_{h,c}` (the `c_k` come first).
    pvar: BTreeMap<(u32, u32), usize>,
    nvars: usize,
}

impl Lp {
    fn new(names: &[RowName], support: &[u32]) -> Lp {
        let nc = support.len();
        let rows: Vec<_> = names.iter().map(|n| n.exact(support)).collect();
        let mut pvar: BTreeMap<(u32, u32), usize> = BTreeMap::new();
        for (name, row) in names.iter().zip(&rows) {
            if let RowName::Pair { h, .. } = *name {
                for &(cl, _) in &row.p {
                    pvar.insert((h, cl), 0);
                }
            }
        }
        for (j, v) in pvar.values_mut().enumerate() {
            *v = nc + j;
        }
        let mut a = Vec::with_capacity(names.len());
        let mut b = Vec::with_capacity(names.len());
        for (name, row) in names.iter().zip(rows) {
            let mut v: Vec<(usize, BigInt)> = row.c.iter().map(|&(i, x)| (i, BigInt::from(x))).collect();
            if let RowName::Pair { h, .. } = *name {
                v.extend(row.p.iter().map(|&(cl, x)| (pvar[&(h, cl)], BigInt::from(x))));
            }
            v.sort_by_key(|e| e.0);
            a.push(v);
            // f(o) ≥ 1 instead of ≥ 0: the strict system is homogeneous.
            b.push(BigInt::from(if matches!(name, RowName::Nn { .. }) { -1 } else { row.rhs }));
        }
        let norm = a
            .iter()
            .map(|r| r.iter().map(|(_, v)| to_f64(&Rat::from_integer(v.clone())).powi(2)).sum::<f64>().sqrt())
            .collect();
        let nvars = nc + pvar.len();
        Lp { a, b, norm, pvar, nvars }
    }

    /// The basic point: every held constraint at equality.
    fn point(&self, held: &[usize]) -> Option<Vec<Rat>> {
        let eqs = held.iter().map(|&i| Eq { coeffs: self.a[i].clone(), rhs: self.b[i].clone() }).collect();
        let s = sparse::solve(eqs, self.nvars)?;
        s.free.is_empty().then_some(s.x)
    }

    /// `w` with `Σ_i w_i a_{held_i} = target`.
    fn express(&self, held: &[usize], target: &[(usize, BigInt)]) -> Option<Vec<Rat>> {
        let mut by_var: Vec<Vec<(usize, BigInt)>> = vec![Vec::new(); self.nvars];
        for (ii, &i) in held.iter().enumerate() {
            for (j, v) in &self.a[i] {
                by_var[*j].push((ii, v.clone()));
            }
        }
        let mut rhs = vec![BigInt::zero(); self.nvars];
        for (j, v) in target {
            rhs[*j] += v;
        }
        let eqs = by_var.into_iter().zip(rhs).map(|(coeffs, rhs)| Eq { coeffs, rhs }).collect();
        let s = sparse::solve(eqs, held.len())?;
        s.free.is_empty().then_some(s.x)
    }

    /// The most violated constraint at `x` (violation over the row's norm), exactly decided.
    fn most_violated(&self, x: &[Rat]) -> Option<usize> {
        let den = x.iter().fold(BigInt::one(), |acc, v| num_integer::Integer::lcm(&acc, v.denom()));
        let xi: Vec<BigInt> = x.iter().map(|v| v.numer() * (&den / v.denom())).collect();
        let scale = to_f64(&Rat::new(BigInt::one(), den.clone()));
        let xnorm = x.iter().map(|v| to_f64(v).abs()).fold(1.0, f64::max);
        let mut best: Option<(f64, usize)> = None;
        for (i, row) in self.a.iter().enumerate() {
            let lhs: BigInt = row.iter().map(|(j, c)| &xi[*j] * c).sum();
            let viol = lhs - &self.b[i] * &den;
            if viol.is_positive() {
                let v = to_f64(&Rat::from_integer(viol)) * scale / (self.norm[i] * xnorm);
                let v = if v.is_finite() { v } else { f64::MAX };
                if best.is_none_or(|b| v > b.0) {
                    best = Some((v, i));
                }
            }
        }
        best.map(|b| b.1)
    }
}

/// Solves the class LP of the rows `names` exactly for a polynomial with `support`
/// (`0 ∈ support`, nonnegative kernels: `names` holds the `nn` rows of the overlaps
/// `0..=top`, `top + 1 ≥ |support|`). `Err` if the algebra fails, `max_pivots` is reached or
/// `max_seconds` have passed (checked between pivots).
pub fn solve(
    names: &[RowName],
    support: &[u32],
    max_pivots: usize,
    max_seconds: f64,
) -> Result<ExactAnswer, Error> {
    let t0 = std::time::Instant::now();
    let lp = Lp::new(names, support);
    let nc = support.len();
    let index: BTreeMap<RowName, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    // Start: nn rows at |S| spread overlaps, one diagonal `upper` row per class.
    let nn: Vec<u32> =
        names.iter().filter_map(|n| if let RowName::Nn { o } = *n { Some(o) } else { None }).collect();
    if nn.len() < nc {
        return Err(Error::Unknown("fewer nonnegativity rows than coefficients".into()));
    }
    let top = *nn.iter().max().ok_or_else(|| Error::Unknown("no nonnegativity rows".into()))?;
    let nodes: Vec<u32> = (0..nc)
        .map(|i| {
            if nc == 1 {
                0
            } else {
                ((i as u64 * top as u64 + (nc as u64 - 1) / 2) / (nc as u64 - 1)) as u32
            }
        })
        .collect();
    let mut held: Vec<usize> = Vec::with_capacity(lp.nvars);
    for &o in &nodes {
        held.push(
            *index.get(&RowName::Nn { o }).ok_or_else(|| Error::Unknown("node without an nn row".into()))?,
        );
    }
    let mut pinned: Vec<(u32, u32)> = lp.pvar.keys().copied().collect();
    pinned.sort_unstable();
    for (h, c) in pinned {
        let len = names
            .iter()
            .find_map(|n| {
                if let RowName::Pair { n: len, h: hh, .. } = *n {
                    (hh == h).then_some(len)
                } else {
                    None
                }
            })
            .ok_or_else(|| Error::Unknown("no rows".into()))?;
        let name = RowName::Pair { n: len, h, c1: c, c2: c, side: minip_check::rows::poly::Side::Upper };
        held.push(*index.get(&name).ok_or_else(|| Error::Unknown("no diagonal row".into()))?);
    }
    if held.len() != lp.nvars {
        return Err(Error::Unknown("start basis of the wrong size".into()));
    }
    let mut y: Vec<Rat> =
        held.iter().enumerate().map(|(ii, _)| if ii < nc { Rat::one() } else { Rat::zero() }).collect();
    for _ in 0..=max_pivots {
        if t0.elapsed().as_secs_f64() > max_seconds {
            return Err(Error::Unknown(format!("no exact answer within {max_seconds} s")));
        }
        let x = lp.point(&held).ok_or_else(|| Error::Unknown("singular basis".into()))?;
        let Some(r) = lp.most_violated(&x) else {
            let c = x[..nc].to_vec();
            let p = lp.pvar.iter().map(|(k, &j)| (*k, x[j].clone())).collect();
            return Ok(ExactAnswer::Feasible { c, p });
        };
        let w = lp.express(&held, &lp.a[r]).ok_or_else(|| Error::Unknown("singular basis".into()))?;
        let mut leave: Option<(Rat, usize)> = None;
        for (ii, wi) in w.iter().enumerate() {
            if wi.is_positive() {
                let t = &y[ii] / wi;
                if leave.as_ref().is_none_or(|(bt, bi)| t < *bt || (t == *bt && held[ii] < held[*bi])) {
                    leave = Some((t, ii));
                }
            }
        }
        let Some((t, out)) = leave else {
            // a_r = Σ w_i a_i with every w_i ≤ 0: y = e_r − Σ w_i e_i is ≥ 0 with yᵀA = 0.
            let mut mult: Vec<(usize, Rat)> = vec![(r, Rat::one())];
            mult.extend(held.iter().zip(&w).filter(|(_, v)| !v.is_zero()).map(|(&i, v)| (i, -v)));
            let seq: Rat = mult
                .iter()
                .filter(|(i, _)| matches!(names[*i], RowName::Pair { .. }))
                .map(|(_, v)| v.clone())
                .sum();
            if !seq.is_positive() {
                return Err(Error::Unknown("Farkas multipliers without a sequence row".into()));
            }
            mult.sort_by_key(|e| e.0);
            return Ok(ExactAnswer::Infeasible(
                mult.into_iter().map(|(i, v)| (names[i], v / &seq)).collect(),
            ));
        };
        for (yi, wi) in y.iter_mut().zip(&w) {
            *yi -= &t * wi;
        }
        held[out] = r;
        y[out] = t;
    }
    Err(Error::Unknown(format!("no exact answer after {max_pivots} exact pivots")))
}

/// `f(o)` for binomial coefficients `c` on `support`.
pub fn eval(support: &[u32], c: &[Rat], o: u32) -> Rat {
    support
        .iter()
        .zip(c)
        .fold(Rat::zero(), |acc, (&k, ck)| acc + ck * Rat::from_integer(binom(o as i64, k as i64).into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formulate::poly::row_names;
    use minip_check::rational::qi;

    /// m = 4, n = 4, h = 4: degree 2 is the smallest (tests/frontier_n.rs, `degrees`), so
    /// `{0, 1}` is refuted and `{0, 1, 2}` solved, both exactly.
    #[test]
    fn settles_both_sides_of_the_smallest_degree() {
        let names = row_names(4, 4, 4, &[4], false);
        let ExactAnswer::Infeasible(y) = solve(&names, &[0, 1], 1000, 60.0).unwrap() else {
            panic!("degree 1")
        };
        assert!(y.iter().all(|(_, v)| v.is_positive()));
        let seq: Rat =
            y.iter().filter(|(n, _)| matches!(n, RowName::Pair { .. })).map(|(_, v)| v.clone()).sum();
        assert_eq!(seq, qi(1));
        // yᵀG = 0 on every coefficient and product.
        let mut sums: BTreeMap<(u8, u32, u32), Rat> = BTreeMap::new();
        for (name, v) in &y {
            let row = name.exact(&[0, 1]);
            for (k, c) in row.c {
                *sums.entry((0, k as u32, 0)).or_insert_with(Rat::zero) += v * Rat::from_integer(c.into());
            }
            for (cl, c) in row.p {
                *sums.entry((1, cl, 0)).or_insert_with(Rat::zero) += v * Rat::from_integer(c.into());
            }
        }
        assert!(sums.values().all(|v| v.is_zero()), "{sums:?}");
        let ExactAnswer::Feasible { c, p } = solve(&names, &[0, 1, 2], 1000, 60.0).unwrap() else {
            panic!("degree 2")
        };
        // Every row holds exactly at the point (f ≥ 1 on the overlaps).
        for name in &names {
            let row = name.exact(&[0, 1, 2]);
            let lhs = row.c.iter().fold(Rat::zero(), |a, &(i, v)| a + &c[i] * Rat::from_integer(v.into()))
                + row
                    .p
                    .iter()
                    .fold(Rat::zero(), |a, &(cl, v)| a + &p[&(4, cl)] * Rat::from_integer(v.into()));
            assert!(lhs <= qi(row.rhs), "{name:?}");
        }
        assert!((0..=4).all(|o| eval(&[0, 1, 2], &c, o) >= qi(1)));
    }
}
