//! The weighted trace/Frobenius bound in floating point (docs/math.md §15): for pairs
//! `(x_i, ¬x_i)` and the matrix `B` of squared entry bounds (`B_ii = 1`, `B_ij = R_ij^{−2}`),
//! the weights `w ≥ 0`, `Σ w = 1` minimizing `wᵀBw` (the bound is `1/min`), and a local search
//! over supports: words are added while their gradient `(Bw)_z` is below `wᵀBw` (a first-order
//! gain), with restarts that drop part of the best support. Deterministic (a fixed xorshift
//! seed); everything here is a hint that `crate::certify::weighted` makes exact and
//! `minip_check` checks.

/// The squared entry bound of `(i, j)` from precomputed ratios: `ratio[h][class]` for a row of
/// query weight `h` (`lo = 0`), `None` where no positive ratio exists (classes 0 and 1).
pub struct Ratios {
    pub m: u32,
    /// `ratio[h][c]`, `c` in `0..=h+1` (`h + 1` the strict supersets).
    pub ratio: Vec<Vec<f64>>,
}

impl Ratios {
    /// The class of `y = ¬x_j` as seen from `x_i` (docs/math.md §5.3) and its bound `R^{−2}`.
    pub fn entry(&self, xi: u64, xj: u64) -> Option<f64> {
        let full = if self.m == 64 { u64::MAX } else { (1u64 << self.m) - 1 };
        let yj = full & !xj;
        let h = xi.count_ones();
        let o = (xi & yj).count_ones();
        let c = if o < h {
            o
        } else if yj == xi {
            h
        } else {
            h + 1
        };
        let r = *self.ratio.get(h as usize)?.get(c as usize)?;
        (r > 0.0).then(|| 1.0 / (r * r))
    }

    /// The symmetric part `(B_ij + B_ji)/2`, `None` when either entry is unbounded.
    pub fn sym(&self, a: u64, b: u64) -> Option<f64> {
        Some((self.entry(a, b)? + self.entry(b, a)?) / 2.0)
    }
}

/// `min wᵀSw` over the simplex by pairwise exchanges with exact line search (the gradient kept
/// up to date), from the given start; returns `wᵀSw`.
pub fn min_quadratic(s: &[Vec<f64>], w: &mut [f64], steps: usize) -> f64 {
    let k = w.len();
    let mut g: Vec<f64> = (0..k).map(|i| (0..k).map(|j| s[i][j] * w[j]).sum()).collect();
    for _ in 0..steps {
        let mut hi = usize::MAX;
        let mut lo = 0;
        for i in 0..k {
            if w[i] > 0.0 && (hi == usize::MAX || g[i] > g[hi]) {
                hi = i;
            }
            if g[i] < g[lo] {
                lo = i;
            }
        }
        if hi == usize::MAX || g[hi] - g[lo] < 1e-14 {
            break;
        }
        let curv = s[lo][lo] + s[hi][hi] - 2.0 * s[lo][hi];
        let slope = g[lo] - g[hi];
        let t = if curv > 0.0 { (-slope / curv).min(w[hi]) } else { w[hi] };
        w[lo] += t;
        w[hi] -= t;
        for (i, gi) in g.iter_mut().enumerate() {
            *gi += t * (s[i][lo] - s[i][hi]);
        }
    }
    (0..k).map(|i| w[i] * g[i]).sum()
}

/// A support with its weights and the float value `1/wᵀBw` (`Σ w = 1`).
#[derive(Clone, Debug)]
pub struct Weighted {
    pub x: Vec<u64>,
    pub w: Vec<f64>,
    pub value: f64,
}

/// The optimal weights on a fixed support (every pair of it bounded), zero weights dropped.
pub fn optimize(r: &Ratios, x: &[u64], start: Option<&[f64]>) -> Option<Weighted> {
    let k = x.len();
    let mut s = vec![vec![1.0; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j {
                s[i][j] = r.sym(x[i], x[j])?;
            }
        }
    }
    let mut w: Vec<f64> = start.map_or_else(|| vec![1.0 / k as f64; k], |v| v.to_vec());
    let v = min_quadratic(&s, &mut w, 200_000);
    let keep: Vec<usize> = (0..k).filter(|&i| w[i] > 1e-12).collect();
    let sum: f64 = keep.iter().map(|&i| w[i]).sum();
    Some(Weighted {
        x: keep.iter().map(|&i| x[i]).collect(),
        w: keep.iter().map(|&i| w[i] / sum).collect(),
        value: 1.0 / v,
    })
}

/// Iterated local search from `start` over the candidate words (`rounds` restarts): grow by
/// the word of least gradient among the three best (pseudo-random), re-optimize, and from the
/// best support so far drop a pseudo-random part and grow again. `go_on` is asked before each
/// restart; `false` ends the search with the best support so far.
pub fn search(
    r: &Ratios,
    words: &[u64],
    start: &[u64],
    rounds: u32,
    mut go_on: impl FnMut() -> bool,
) -> Option<Weighted> {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut cur = optimize(r, start, None)?;
    let mut best = cur.clone();
    for _ in 0..rounds {
        if !go_on() {
            break;
        }
        loop {
            let target = 1.0 / cur.value;
            let mut cands: Vec<(f64, u64)> = Vec::new();
            for &z in words {
                if cur.x.contains(&z) {
                    continue;
                }
                let mut g = 0.0;
                let ok = cur.x.iter().zip(&cur.w).all(|(&x, &w)| r.sym(z, x).map(|v| g += v * w).is_some());
                if ok && g < target - 1e-12 {
                    cands.push((g, z));
                }
            }
            if cands.is_empty() {
                break;
            }
            cands.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let z = cands[(next() % cands.len().min(3) as u64) as usize].1;
            let mut x = cur.x.clone();
            let mut w: Vec<f64> = cur.w.iter().map(|v| v * 0.99).collect();
            x.push(z);
            w.push(0.01);
            cur = optimize(r, &x, Some(&w))?;
        }
        if cur.value > best.value + 1e-12 {
            best = cur.clone();
        }
        let mut x = best.x.clone();
        let mut w = best.w.clone();
        let drop = 1 + (next() % (x.len() as u64).div_ceil(3)) as usize;
        for _ in 0..drop {
            if x.len() > 1 {
                let i = (next() % x.len() as u64) as usize;
                x.remove(i);
                w.remove(i);
            }
        }
        let sum: f64 = w.iter().sum();
        w.iter_mut().for_each(|v| *v /= sum);
        cur = optimize(r, &x, Some(&w))?;
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_by_two_is_solved_exactly() {
        // S = [[1, 1/4], [1/4, 1]]: the optimum is w = (1/2, 1/2), wᵀSw = 5/8.
        let s = vec![vec![1.0, 0.25], vec![0.25, 1.0]];
        let mut w = vec![0.9, 0.1];
        let v = min_quadratic(&s, &mut w, 100);
        assert!((v - 0.625).abs() < 1e-12 && (w[0] - 0.5).abs() < 1e-12);
    }
}
