//! The class LP of overlap-polynomial heads (docs/math.md §10.2) as the solver side holds
//! it: rows named by query weight, key classes and side (or `nn`), built exactly by the
//! checker's own builder (`minip_check::rows::poly`), and, for the floating-point solve, the
//! same rows over a better-conditioned parametrization of the polynomial.
//!
//! The binomial basis `C(o,k)` is what certificates state (its support is what the rank
//! counts), but it is badly conditioned: `c_k` alternate in sign with large cancellations.
//! HiGHS therefore sees the polynomial through its values `g_i = f(node_i)` at `|S|` nodes
//! (a cardinal basis of `span{C(o,k) : k ∈ S}` on the overlaps `0..=top`); `to_c` maps node
//! values back to binomial coefficients exactly. Changing variables by an invertible map
//! changes neither feasibility nor the Farkas multipliers, so the exact repair works in the
//! binomial basis with the rows the checker rebuilds.

use crate::error::Error;
use crate::linalg::invert;
use minip_check::model::kernel::binom;
use minip_check::rational::{to_f64, Rat};
use minip_check::rows::poly::{class_count, keys, nn_row, overlap, pair_row, pairs, target, PolyRow, Side};
use num_traits::Zero;

/// A row of the class LP by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RowName {
    /// The `side` row of `(x, {c1, c2^(n−2)})`, `|x| = h` (length `n`).
    Pair { n: u32, h: u32, c1: u32, c2: u32, side: Side },
    /// `−f(o) ≤ 0`.
    Nn { o: u32 },
}

impl RowName {
    /// The exact row (the checker's builder) for a polynomial with `support`.
    pub fn exact(&self, support: &[u32]) -> PolyRow {
        match *self {
            RowName::Pair { n, h, c1, c2, side } => pair_row(n, h, support, c1, c2, side),
            RowName::Nn { o } => nn_row(o, support),
        }
    }
}

/// The rows of the query weights `hs` (both sides of every multiset of two classes), then,
/// unless `signed`, the nonnegativity rows of the overlaps `0..=top`.
pub fn row_names(m: u32, n: u32, top: u32, hs: &[u32], signed: bool) -> Vec<RowName> {
    let mut out = Vec::new();
    for &h in hs {
        for (c1, c2) in pairs(m, h) {
            for side in [Side::Upper, Side::Lower] {
                out.push(RowName::Pair { n, h, c1, c2, side });
            }
        }
    }
    if !signed {
        out.extend((0..=top).map(|o| RowName::Nn { o }));
    }
    out
}

/// Number of rows of query weight `h` (both sides).
pub fn rows_of(m: u32, h: u32) -> usize {
    let k = class_count(m, h) as usize;
    k * (k + 1)
}

/// A cardinal basis of `span{C(o,k) : k ∈ support}` on the overlaps `0..=top`.
#[derive(Clone, Debug)]
pub struct Cardinal {
    pub top: u32,
    pub support: Vec<u32>,
    /// `f(node_i) = g_i`.
    pub nodes: Vec<u32>,
    /// `c = to_c · g`, exactly (`|S| × |S|`).
    pub to_c: Vec<Vec<Rat>>,
    /// `f(o) = Σ_i at[o][i]·g_i`, `o = 0..=top` (floating point, for the solver).
    pub at: Vec<Vec<f64>>,
}

impl Cardinal {
    /// Exact binomial coefficients from exact node values.
    pub fn coefficients(&self, g: &[Rat]) -> Vec<Rat> {
        self.to_c.iter().map(|row| row.iter().zip(g).fold(Rat::zero(), |acc, (a, b)| acc + a * b)).collect()
    }
    /// `max_o Σ_i |at[o][i]|`: how much node errors can grow (display and tests).
    pub fn lebesgue(&self) -> f64 {
        self.at.iter().map(|r| r.iter().map(|v| v.abs()).sum::<f64>()).fold(0.0, f64::max)
    }
}

/// Picks `|S|` nodes in `0..=top` by greedy row pivoting on `[C(o,k)/C(top,k)]` (a
/// maximal-volume heuristic) and inverts the node matrix exactly. Errors if the support
/// does not fit (`k > top`) or the node matrix is singular.
pub fn cardinal(top: u32, support: &[u32]) -> Result<Cardinal, Error> {
    if let Some(k) = support.iter().find(|&&k| k > top) {
        return Err(Error::Input(format!("support element {k} above the largest overlap {top}")));
    }
    let n = support.len();
    let rows = top as usize + 1;
    let mut v: Vec<Vec<f64>> = (0..rows)
        .map(|o| {
            support
                .iter()
                .map(|&k| binom(o as i64, k as i64) as f64 / binom(top as i64, k as i64) as f64)
                .collect()
        })
        .collect();
    let mut nodes = Vec::with_capacity(n);
    let mut used = vec![false; rows];
    for col in (0..n).rev() {
        let (best, val) = (0..rows)
            .filter(|&o| !used[o])
            .map(|o| (o, v[o][col].abs()))
            .fold((usize::MAX, 0.0), |b, x| if x.1 > b.1 { x } else { b });
        if best == usize::MAX || val == 0.0 {
            return Err(Error::Input("no nodes for this support".into()));
        }
        used[best] = true;
        nodes.push(best as u32);
        let piv = v[best].clone();
        for (o, row) in v.iter_mut().enumerate() {
            if !used[o] && row[col] != 0.0 {
                let f = row[col] / piv[col];
                for (x, p) in row.iter_mut().zip(&piv) {
                    *x -= f * p;
                }
            }
        }
    }
    nodes.sort_unstable();
    // Exact: V[i][j] = C(node_i, k_j); to_c = V^{-1}.
    let vx: Vec<Vec<Rat>> = nodes
        .iter()
        .map(|&o| support.iter().map(|&k| Rat::from_integer(binom(o as i64, k as i64).into())).collect())
        .collect();
    let to_c = invert(vx).ok_or_else(|| Error::Input("singular node matrix".into()))?;
    let at = (0..rows)
        .map(|o| {
            (0..n)
                .map(|i| {
                    let e = support.iter().enumerate().fold(Rat::zero(), |acc, (j, &k)| {
                        acc + &to_c[j][i] * Rat::from_integer(binom(o as i64, k as i64).into())
                    });
                    to_f64(&e)
                })
                .collect()
        })
        .collect();
    Ok(Cardinal { top, support: support.to_vec(), nodes, to_c, at })
}

/// A row in floating point: coefficients of the node values `g`, of the products
/// `P_{h,c}` (keyed by `(h, c)`), and the right-hand side.
pub type FloatRow = (Vec<f64>, Vec<((u32, u32), f64)>, f64);

/// The row of `name` over the node values `g` and the products, in floating point.
pub fn float_row(name: &RowName, card: &Cardinal) -> FloatRow {
    let n = card.support.len();
    match *name {
        RowName::Pair { n: len, h, c1, c2, side } => {
            let t = target(h, c1, c2) as f64;
            let ks = keys(len, h, c1, c2);
            let (dcoef, pcoef) = match side {
                Side::Upper => (-(2.0 * t + 1.0), 2.0),
                Side::Lower => (2.0 * t - 1.0, -2.0),
            };
            let mut g = vec![0.0; n];
            for &(cl, k) in &ks {
                for (x, a) in g.iter_mut().zip(&card.at[overlap(h, cl) as usize]) {
                    *x += dcoef * k as f64 * a;
                }
            }
            let mut p: Vec<((u32, u32), f64)> = Vec::with_capacity(3);
            for &(cl, k) in &ks {
                match p.iter_mut().find(|e| e.0 == (h, cl)) {
                    Some(e) => e.1 += pcoef * k as f64,
                    None => p.push(((h, cl), pcoef * k as f64)),
                }
            }
            (g, p, -1.0)
        }
        RowName::Nn { o } => (card.at[o as usize].iter().map(|a| -a).collect(), Vec::new(), 0.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::qi;

    #[test]
    fn cardinal_bases_interpolate_exactly() {
        for (top, s) in
            [(8u32, vec![0u32, 1, 2]), (16, vec![0, 1, 2, 3, 13, 14, 15, 16]), (32, (0..=8).collect())]
        {
            let card = cardinal(top, &s).unwrap();
            assert_eq!(card.nodes.len(), s.len());
            // g = f(node) for f(o) = Σ c_k C(o,k) with c = (1, 2, 3, ...): to_c recovers c.
            let c: Vec<Rat> = (1..=s.len() as i64).map(qi).collect();
            let f = |o: u32| {
                s.iter().zip(&c).fold(Rat::zero(), |acc, (&k, ck)| {
                    acc + ck * Rat::from_integer(binom(o as i64, k as i64).into())
                })
            };
            let g: Vec<Rat> = card.nodes.iter().map(|&o| f(o)).collect();
            assert_eq!(card.coefficients(&g), c);
            assert!(card.lebesgue() < 1e6, "top = {top}: Lebesgue constant {}", card.lebesgue());
        }
    }
}
