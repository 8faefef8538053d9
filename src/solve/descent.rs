//! First-order descent for the low-rank head search (`minip head search --method gradient`,
//! docs/math.md §14.2): a smooth surrogate of the strict constraints of every length-3
//! sequence, its gradient in one pass over the queries, the largest error of a float head,
//! Adam with projection onto `Φ, Ψ ≥ 0`, and a nonnegative factorization of a given kernel
//! (the starts). Everything here is floating point and only a hint: `crate::batch::search_exact`
//! rounds a head and `minip_check` decides.
//!
//! **The head.** Nonnegative `Φ` (queries × `r`), `Ψ` (keys × `r`), so `α = Φ Ψᵀ ≥ 0` with `r`
//! features, and a value table `s` (queries × keys), optimized jointly. At a query `x` with
//! the multiset `{a, b}` of the other two tokens, `D = w_x + w_a + w_b` (`w_k = α(x,k)`),
//! `ŷ = (w_x s_x + w_a s_a + w_b s_b)/D` and the target is `t = min(<x,a>, <x,b>)` (the
//! query's own overlap `|x|` is never smaller).
//!
//! **Structure.** At a fixed query and target `t`, the sequences of target `t` are the pairs
//! `a ∈ A_t` (overlap exactly `t`), `b ∈ B_t` (overlap `≥ t`), and `ŷ − t > e` iff
//! `u_x + u_a + u_b > 0` with `u_k = w_k (s_k − t − e)` (the other side with `t − e − s_k`):
//! a sum of one term per key. With `B_t` sorted by `u` the sequences above `e` are, for each
//! `a`, a prefix of that order, so a pass lists exactly the sequences that violate the
//! target `e` in `O(2^m · m · log 2^m)` per query plus their number, and the largest error
//! of a query (Dinkelbach's iteration on the same sums) in `O(2^m · m)` per round.
//!
//! **The loss.** `Σ (|ŷ − t| − e)²` over the sequences with `|ŷ − t| > e` (squared hinge in
//! the error itself, so rows of very different scale weigh alike; invariant under scaling a
//! query's row of `α`), each multiset once. Its gradient: per sequence
//! `∂/∂w_k = g (s_k − ŷ)/D`, `∂/∂s_k = g w_k/D` for each of its three keys (`g` the
//! derivative of the hinge times the sign of `ŷ − t`); then `∂/∂Φ = G_w Ψ` and
//! `∂/∂Ψ = G_wᵀ Φ`. Every sum runs in a fixed order (queries in parallel, each row on its
//! own, reduced in query order), so a step is a function of its input.

use rayon::prelude::*;

/// A float head: `phi` (`2^m × rank`, row-major), `psi` (`2^m × rank`), `s` (`2^m × 2^m`).
#[derive(Clone, Debug)]
pub struct Factors {
    pub m: u32,
    pub rank: usize,
    pub phi: Vec<f64>,
    pub psi: Vec<f64>,
    pub s: Vec<f64>,
}

/// One evaluation: the loss, the largest error `|ŷ − t|` over every sequence, and the
/// number of sequences above the target.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    pub loss: f64,
    pub max_error: f64,
    pub violated: u64,
}

/// The gradient of the loss with respect to `phi`, `psi` and `s` (same layouts).
#[derive(Clone, Debug)]
pub struct Gradient {
    pub phi: Vec<f64>,
    pub psi: Vec<f64>,
    pub s: Vec<f64>,
}

/// The overlap `<x,k>` of every key `k`, and `|x|`.
fn overlaps(x: usize, n: usize) -> (Vec<u32>, u32) {
    ((0..n).map(|k| (x & k).count_ones()).collect(), x.count_ones())
}

/// The largest error `|ŷ − t|` over every sequence `(x, a, b)` of query `x`, from its kernel
/// row `w` and values `s`: for each target `t` and side, Dinkelbach's iteration (the pair
/// maximizing `±(N − tD) − eD` is one best key of `A_t` and one of `B_t`; `e` becomes its
/// error, until no pair is above `e`). `∞` when some `D` is 0.
pub fn row_max_error(x: usize, w: &[f64], s: &[f64]) -> f64 {
    let n = w.len();
    let (o, h) = overlaps(x, n);
    let mut worst = 0f64;
    for t in 0..=h {
        let tf = f64::from(t);
        for sign in [1.0f64, -1.0] {
            let error = |a: usize, b: usize| {
                let d = w[x] + w[a] + w[b];
                let num = w[x] * s[x] + w[a] * s[a] + w[b] * s[b];
                if d > 0.0 {
                    sign * (num / d - tf)
                } else {
                    f64::INFINITY
                }
            };
            let mut e = worst;
            // Each round strictly raises `e` to the error of a pair; there are finitely many.
            for _ in 0..n * n {
                let key = |k: usize| w[k] * (sign * (s[k] - tf) - e);
                let (mut ba, mut va, mut bb, mut vb) = (usize::MAX, f64::NEG_INFINITY, 0, f64::NEG_INFINITY);
                for k in 0..n {
                    if o[k] < t {
                        continue;
                    }
                    let v = key(k);
                    if o[k] == t && v > va {
                        (ba, va) = (k, v);
                    }
                    if v > vb {
                        (bb, vb) = (k, v);
                    }
                }
                if ba == usize::MAX || key(x) + va + vb <= 0.0 {
                    break;
                }
                let next = error(ba, bb);
                if next <= e {
                    break;
                }
                e = next;
            }
            worst = worst.max(e);
        }
    }
    worst
}

/// One query's part of the loss: its statistics, and the gradient with respect to its kernel
/// row (`gw`) and values (`gs`), added in.
fn query_loss(x: usize, w: &[f64], s: &[f64], target: f64, gw: &mut [f64], gs: &mut [f64]) -> Stats {
    let n = w.len();
    let (o, h) = overlaps(x, n);
    let mut st = Stats::default();
    let mut keys: Vec<(f64, usize)> = Vec::with_capacity(n);
    let mut first: Vec<usize> = Vec::with_capacity(n);
    for t in 0..=h {
        let tf = f64::from(t);
        for sign in [1.0f64, -1.0] {
            let u = |k: usize| w[k] * (sign * (s[k] - tf) - target);
            keys.clear();
            first.clear();
            for k in 0..n {
                if o[k] >= t {
                    keys.push((u(k), k));
                    if o[k] == t {
                        first.push(k);
                    }
                }
            }
            keys.sort_unstable_by(|p, q| q.0.total_cmp(&p.0).then(p.1.cmp(&q.1)));
            let ux = u(x);
            for &a in &first {
                let c = ux + u(a);
                for &(ub, b) in &keys {
                    if c + ub <= 0.0 {
                        break;
                    }
                    // Each multiset once: two keys of overlap `t` are taken with `a ≤ b`.
                    if o[b] == t && b < a {
                        continue;
                    }
                    let d = w[x] + w[a] + w[b];
                    if d <= 0.0 {
                        continue;
                    }
                    let y = (w[x] * s[x] + w[a] * s[a] + w[b] * s[b]) / d;
                    let v = sign * (y - tf) - target;
                    if v <= 0.0 {
                        continue;
                    }
                    st.violated += 1;
                    st.loss += v * v;
                    let g = 2.0 * v * sign / d;
                    for k in [x, a, b] {
                        gw[k] += g * (s[k] - y);
                        gs[k] += g * w[k];
                    }
                }
            }
        }
    }
    st.max_error = row_max_error(x, w, s);
    st
}

impl Factors {
    pub fn n(&self) -> usize {
        1 << self.m
    }

    /// The kernel row `α(x, ·)`.
    pub fn row(&self, x: usize) -> Vec<f64> {
        let r = self.rank;
        let p = &self.phi[x * r..(x + 1) * r];
        self.psi.chunks_exact(r).map(|k| p.iter().zip(k).map(|(a, b)| a * b).sum()).collect()
    }

    /// The largest error over every sequence (no loss, no gradient).
    pub fn max_error(&self) -> f64 {
        let n = self.n();
        (0..n)
            .into_par_iter()
            .map(|x| row_max_error(x, &self.row(x), &self.s[x * n..(x + 1) * n]))
            .collect::<Vec<f64>>()
            .into_iter()
            .fold(0.0, f64::max)
    }

    /// The loss at hinge level `target` and its gradient, in one pass over the queries.
    pub fn loss_gradient(&self, target: f64) -> (Stats, Gradient) {
        let (n, r) = (self.n(), self.rank);
        let rows: Vec<(Stats, Vec<f64>, Vec<f64>)> = (0..n)
            .into_par_iter()
            .map(|x| {
                let w = self.row(x);
                let (mut gw, mut gs) = (vec![0.0; n], vec![0.0; n]);
                let st = query_loss(x, &w, &self.s[x * n..(x + 1) * n], target, &mut gw, &mut gs);
                (st, gw, gs)
            })
            .collect();
        let mut st = Stats::default();
        for (q, _, _) in &rows {
            st.loss += q.loss;
            st.violated += q.violated;
            st.max_error = st.max_error.max(q.max_error);
        }
        let phi: Vec<f64> = rows
            .par_iter()
            .flat_map_iter(|(_, gw, _)| {
                let mut g = vec![0.0; r];
                for (k, &c) in gw.iter().enumerate() {
                    if c != 0.0 {
                        g.iter_mut().zip(&self.psi[k * r..(k + 1) * r]).for_each(|(gi, p)| *gi += c * p);
                    }
                }
                g
            })
            .collect();
        let psi: Vec<f64> = (0..n)
            .into_par_iter()
            .flat_map_iter(|k| {
                let mut g = vec![0.0; r];
                for (x, (_, gw, _)) in rows.iter().enumerate() {
                    let c = gw[k];
                    if c != 0.0 {
                        g.iter_mut().zip(&self.phi[x * r..(x + 1) * r]).for_each(|(gi, p)| *gi += c * p);
                    }
                }
                g
            })
            .collect();
        let s: Vec<f64> = rows.into_iter().flat_map(|(_, _, gs)| gs).collect();
        (st, Gradient { phi, psi, s })
    }

    /// Scales feature `i` of `Ψ` to largest entry 1 and feature `i` of `Φ` inversely (`α`
    /// unchanged), then each row of `Φ` to largest entry 1 (no output changes, §1.4).
    pub fn normalize(&mut self) {
        let (n, r) = (self.n(), self.rank);
        for i in 0..r {
            let big = (0..n).fold(0f64, |b, k| b.max(self.psi[k * r + i]));
            if big > 0.0 {
                (0..n).for_each(|k| self.psi[k * r + i] /= big);
                (0..n).for_each(|x| self.phi[x * r + i] *= big);
            }
        }
        for row in self.phi.chunks_exact_mut(r) {
            let big = row.iter().fold(0f64, |b, &v| b.max(v));
            if big > 0.0 {
                row.iter_mut().for_each(|v| *v /= big);
            }
        }
    }
}

/// Adam (β₁ = 0.9, β₂ = 0.999) on one block of parameters, optionally projected onto `≥ 0`.
#[derive(Clone, Debug)]
pub struct Adam {
    first: Vec<f64>,
    second: Vec<f64>,
    steps: i32,
}

impl Adam {
    pub fn new(len: usize) -> Adam {
        Adam { first: vec![0.0; len], second: vec![0.0; len], steps: 0 }
    }

    /// One step of size `lr` along `g`; with `nonnegative` every entry is then clamped at 0.
    pub fn step(&mut self, x: &mut [f64], g: &[f64], lr: f64, nonnegative: bool) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        self.steps = self.steps.saturating_add(1);
        let (c1, c2) = (1.0 - B1.powi(self.steps), 1.0 - B2.powi(self.steps));
        for (((x, &g), m), v) in x.iter_mut().zip(g).zip(&mut self.first).zip(&mut self.second) {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *x -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-12);
            if nonnegative && *x < 0.0 {
                *x = 0.0;
            }
        }
    }
}

/// A nonnegative factorization `K ≈ Φ Ψᵀ` of the `n × n` table `target` (row-major) from
/// the nonnegative `phi`, `psi` (`n × r`): `rounds` multiplicative updates (Lee and Seung),
/// which keep both nonnegative and do not increase `‖K − Φ Ψᵀ‖²`.
pub fn factorize(target: &[f64], n: usize, r: usize, phi: &mut [f64], psi: &mut [f64], rounds: usize) {
    // One side: `a ← a · (K b) / (a (bᵀb))` with `K` or `Kᵀ`.
    fn side(target: &[f64], n: usize, r: usize, a: &mut [f64], b: &[f64], transpose: bool) {
        let btb: Vec<f64> =
            (0..r * r).map(|ij| (0..n).map(|k| b[k * r + ij / r] * b[k * r + ij % r]).sum()).collect();
        a.par_chunks_exact_mut(r).enumerate().for_each(|(x, row)| {
            let mut num = vec![0.0; r];
            for k in 0..n {
                let kv = if transpose { target[k * n + x] } else { target[x * n + k] };
                num.iter_mut().zip(&b[k * r..(k + 1) * r]).for_each(|(s, bv)| *s += kv * bv);
            }
            let old = row.to_vec();
            for i in 0..r {
                let den: f64 = (0..r).map(|j| old[j] * btb[j * r + i]).sum();
                row[i] = old[i] * num[i] / (den + 1e-300);
            }
        });
    }
    for _ in 0..rounds {
        side(target, n, r, phi, psi, false);
        side(target, n, r, psi, phi, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `m = 1`, rank 2: `α(x,k) = 4^(1 − <x,k>)` (`φ_Q(x) = e_x`), values `<x,k>`; at
    /// `x = 1` the sequence `(1, 0, 1)` has `ŷ = (1 + 0 + 1)/(1 + 4 + 1) = 1/3`, target 0,
    /// the largest error (the checker's own example, `check::search`).
    fn tiny() -> Factors {
        Factors {
            m: 1,
            rank: 2,
            phi: vec![1.0, 0.0, 0.0, 1.0],
            psi: vec![4.0, 4.0, 4.0, 1.0],
            s: vec![0.0, 0.0, 0.0, 1.0],
        }
    }

    #[test]
    fn the_largest_error_is_that_of_the_worst_sequence() {
        let f = tiny();
        assert_eq!(f.row(1), vec![4.0, 1.0]);
        assert!((f.max_error() - 1.0 / 3.0).abs() < 1e-15);
        // Against every multiset, at m = 3 with a pseudo-random head.
        let (n, r) = (8, 2);
        let v = |i: usize| ((i * 7919 + 13) % 101) as f64 / 50.0;
        let f = Factors {
            m: 3,
            rank: r,
            phi: (0..n * r).map(v).collect(),
            psi: (0..n * r).map(|i| v(i + 500)).collect(),
            s: (0..n * n).map(|i| v(i + 900) * 2.0 - 1.0).collect(),
        };
        let mut brute = 0f64;
        for x in 0..n {
            let (w, s) = (f.row(x), &f.s[x * n..(x + 1) * n]);
            for a in 0..n {
                for b in a..n {
                    let t = (x & a).count_ones().min((x & b).count_ones()) as f64;
                    let y = (w[x] * s[x] + w[a] * s[a] + w[b] * s[b]) / (w[x] + w[a] + w[b]);
                    brute = brute.max((y - t).abs());
                }
            }
        }
        assert!((f.max_error() - brute).abs() < 1e-12, "{} {brute}", f.max_error());
    }

    #[test]
    fn the_gradient_is_the_derivative_of_the_loss() {
        let (n, r) = (8, 2);
        let v = |i: usize| 0.2 + ((i * 7919 + 13) % 101) as f64 / 60.0;
        let f = Factors {
            m: 3,
            rank: r,
            phi: (0..n * r).map(v).collect(),
            psi: (0..n * r).map(|i| v(i + 500)).collect(),
            s: (0..n * n).map(|i| v(i + 900) * 2.0 - 1.0).collect(),
        };
        let target = 0.3;
        let (st, g) = f.loss_gradient(target);
        assert!(st.violated > 0 && st.loss > 0.0);
        // Against every multiset directly.
        let mut brute = (0.0, 0u64);
        for x in 0..n {
            let (w, s) = (f.row(x), &f.s[x * n..(x + 1) * n]);
            for a in 0..n {
                for b in a..n {
                    let t = (x & a).count_ones().min((x & b).count_ones()) as f64;
                    let y = (w[x] * s[x] + w[a] * s[a] + w[b] * s[b]) / (w[x] + w[a] + w[b]);
                    let e = (y - t).abs() - target;
                    if e > 0.0 {
                        brute = (brute.0 + e * e, brute.1 + 1);
                    }
                }
            }
        }
        assert_eq!(st.violated, brute.1);
        assert!((st.loss - brute.0).abs() < 1e-9 * brute.0);
        // Central differences on a few entries of each block.
        let h = 1e-6;
        let loss = |f: &Factors| f.loss_gradient(target).0.loss;
        for (block, i) in [(0, 3), (0, 10), (1, 5), (1, 14), (2, 9), (2, 40)] {
            let (mut up, mut down) = (f.clone(), f.clone());
            let (pu, pd, gi) = match block {
                0 => (&mut up.phi[i], &mut down.phi[i], g.phi[i]),
                1 => (&mut up.psi[i], &mut down.psi[i], g.psi[i]),
                _ => (&mut up.s[i], &mut down.s[i], g.s[i]),
            };
            *pu += h;
            *pd -= h;
            let numeric = (loss(&up) - loss(&down)) / (2.0 * h);
            assert!(
                (numeric - gi).abs() < 1e-5 * (1.0 + gi.abs()),
                "block {block} entry {i}: {numeric} {gi}"
            );
        }
    }

    #[test]
    fn normalizing_changes_no_output() {
        let mut f = tiny();
        let before = f.max_error();
        f.normalize();
        assert_eq!(f.psi, vec![1.0, 1.0, 1.0, 0.25]);
        assert_eq!(f.phi, vec![1.0, 0.0, 0.0, 1.0]);
        assert_eq!(f.max_error(), before);
    }

    #[test]
    fn a_factorization_of_a_rank_one_table_fits_it() {
        let n = 4;
        let target: Vec<f64> = (0..n * n).map(|i| ((i / n) + 1) as f64 * ((i % n) + 2) as f64).collect();
        let (mut phi, mut psi) = (vec![0.5; n], (0..n).map(|i| 0.3 + i as f64 * 0.1).collect::<Vec<_>>());
        factorize(&target, n, 1, &mut phi, &mut psi, 200);
        for x in 0..n {
            for k in 0..n {
                assert!((phi[x] * psi[k] - target[x * n + k]).abs() < 1e-6 * target[x * n + k]);
            }
        }
    }
}
