//! The first-moment ceiling of the code argument (docs/math.md §9.5): for every code of `k`
//! pairs `(x_i, y_i)` with `|x_i| = h` in `m` bits and `lo = 0`, priced with the chain-bound
//! ratios of length-`n` sequences, the trace/Frobenius value is at most
//!
//! `γ_n² · C(m, h) / Σ_j C(h, j)·C(m − h, j)·β_n^{2j}`, with `β_n = 1/c_n` and `γ_n = n/(n − 1)`,
//!
//! with `c_n = max_{d ≥ 2} ((n − 2)(d − 1))^{1/d}` the chain bound's best growth per unit of
//! overlap. In the exponent: `log2(value)/m ≤ 1 − log2(1 + β_n) + O(log m / m)`.
//!
//! Display and tests only: nothing here is a verdict (the figures are `f64`), and the
//! ceiling is a statement about the method, proved in docs/math.md, not checked by minip.

/// `c_n` and the gap `d` that attains it (the smallest on ties): `c_3 = 4^{1/5}` (`d = 5`),
/// `c_4 = 4^{1/3}`, `c_5 = 6^{1/3}` (`d = 3`), `c_n = √(n − 2)` for `n ≥ 6` (`d = 2`).
/// `None` for `n < 3`.
pub fn growth(n: u32) -> Option<(f64, u32)> {
    if n < 3 {
        return None;
    }
    let mut best: Option<(f64, u32)> = None;
    // ((n−2)(d−1))^{1/d} decreases once d − 1 > e·…; d ≤ 64 is far past the maximum for every n ≥ 3.
    for d in 2..=64u32 {
        let l = (f64::from(n - 2) * f64::from(d - 1)).ln() / f64::from(d);
        if best.is_none_or(|b| l > b.0 + 1e-12) {
            best = Some((l, d));
        }
    }
    best.map(|(l, d)| (l.exp(), d))
}

/// The limit of the ceiling: `1 − log2(1 + 1/c_n)` (`n ≥ 3`; 0.186, 0.295, 0.367, 0.415 for
/// `n = 3..6`, tending to 1 like `1 − 1/(√n·ln 2)`).
pub fn exponent(n: u32) -> f64 {
    growth(n).map_or(0.0, |(c, _)| 1.0 - (1.0 + 1.0 / c).log2())
}

/// `ln C(a, b)`.
fn ln_binom(a: u32, b: u32) -> f64 {
    if b > a {
        return f64::NEG_INFINITY;
    }
    let b = b.min(a - b);
    (0..b).map(|i| (f64::from(a - i) / f64::from(i + 1)).ln()).sum()
}

/// `log2` of the ceiling on the value at `(n, m, h)` (`2h ≤ m`): the bound of the module
/// comment. Every certified value at these parameters is at most `2^{ceiling_log2}`, and
/// every certified bound (`⌊value⌋ + 1`) at most one more.
pub fn ceiling_log2(n: u32, m: u32, h: u32) -> f64 {
    let Some((c, _)) = growth(n) else { return f64::INFINITY };
    let lb2 = -2.0 * c.ln();
    let terms: Vec<f64> =
        (0..=h.min(m - h)).map(|j| ln_binom(h, j) + ln_binom(m - h, j) + f64::from(j) * lb2).collect();
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ln_theta = top + terms.iter().map(|t| (t - top).exp()).sum::<f64>().ln();
    let gamma = f64::from(n) / f64::from(n - 1);
    (2.0 * gamma.ln() + ln_binom(m, h) - ln_theta) / std::f64::consts::LN_2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_constants_are_the_closed_forms() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert_eq!(growth(3).map(|g| g.1), Some(5));
        assert!(close(growth(3).unwrap().0, 4f64.powf(0.2)));
        assert_eq!(growth(4).map(|g| g.1), Some(3));
        assert!(close(growth(4).unwrap().0, 4f64.powf(1.0 / 3.0)));
        assert_eq!(growth(5).map(|g| g.1), Some(3));
        assert!(close(growth(5).unwrap().0, 6f64.powf(1.0 / 3.0)));
        // n = 6: d = 2 and d = 3 tie at 2; the smaller gap is reported.
        assert_eq!(growth(6).map(|g| g.1), Some(2));
        for n in 6..=1024 {
            let (c, d) = growth(n).unwrap();
            assert_eq!(d, 2, "n = {n}");
            assert!(close(c, f64::from(n - 2).sqrt()), "n = {n}");
        }
        assert!(growth(2).is_none());
    }

    #[test]
    fn ceiling_exponents_of_the_issue() {
        let e: Vec<String> = [3, 4, 5, 8].iter().map(|&n| format!("{:.3}", exponent(n))).collect();
        assert_eq!(e, ["0.186", "0.295", "0.367", "0.506"]);
        assert!(exponent(256) > 0.91 && exponent(256) < 0.913);
        assert!(exponent(1024) > 0.955 && exponent(1024) < 0.956);
    }

    #[test]
    fn finite_ceiling_is_the_exponent_up_to_a_constant() {
        // ceiling_log2 = m·exponent + O(1): C(2h,h) ≈ 4^h/√(πh) against θ_0 ≈ (1+β)^{2h}/(2√(πhβ)).
        for n in [3, 4, 8, 64, 256, 1024] {
            let e = exponent(n);
            for m in [64u32, 256, 1024, 4096] {
                let off = ceiling_log2(n, m, m / 2) - e * f64::from(m);
                assert!(off.abs() < 2.0, "n = {n}, m = {m}: offset {off}");
            }
        }
        // n = 3, m = 256: 0.1907 (the limit 0.1862 plus 1.16/256).
        assert_eq!(format!("{:.4}", ceiling_log2(3, 256, 128) / 256.0), "0.1907");
    }

    /// The inequality behind the ceiling (docs/math.md §9.5): for every set `X` of weight-`h`
    /// words, `Σ_{x,y ∈ X} β^{d(x,y)} ≥ k²·θ_0/C(m,h)`. Checked on every subset of the
    /// weight-2 words of 5 bits (1024 sets) and on greedy-ordered prefixes at m = 8, h = 4.
    #[test]
    fn the_positive_semidefinite_inequality_holds_on_small_slices() {
        let theta0 = |m: u32, h: u32, b: f64| -> f64 {
            (0..=h.min(m - h))
                .map(|j| ln_binom(h, j).exp() * ln_binom(m - h, j).exp() * b.powi(2 * j as i32))
                .sum()
        };
        for b in [0.1, 0.5, 1.0 / 4f64.powf(0.2), 0.99] {
            let words: Vec<u64> = super::super::weight_words(5, 2).collect();
            assert_eq!(words.len(), 10);
            let t = theta0(5, 2, b);
            for mask in 1u32..(1 << 10) {
                let x: Vec<u64> = (0..10).filter(|i| mask >> i & 1 == 1).map(|i| words[i]).collect();
                let s: f64 =
                    x.iter().flat_map(|a| x.iter().map(move |c| b.powi((a ^ c).count_ones() as i32))).sum();
                let k = x.len() as f64;
                assert!(s >= k * k * t / 10.0 - 1e-9, "mask {mask:b}, beta {b}");
            }
            let words: Vec<u64> = super::super::weight_words(8, 4).collect();
            let t = theta0(8, 4, b);
            for k in 1..=words.len() {
                let x = &words[..k];
                let s: f64 =
                    x.iter().flat_map(|a| x.iter().map(move |c| b.powi((a ^ c).count_ones() as i32))).sum();
                assert!(s >= (k * k) as f64 * t / 70.0 - 1e-9, "k = {k}, beta {b}");
            }
        }
    }
}
