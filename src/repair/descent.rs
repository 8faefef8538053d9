//! An attaining point of `R(0, h; h)` at `ε = 1/2` without a solver (docs/amplify.md, "The
//! closed route"): the classes are filled from the query down, each with the least weight
//! its rows allow.
//!
//! The row of a multiset `M` (docs/math.md §4.2) involves the query class `h` and the classes
//! of `M`, whose smallest overlap `a` is its target `t`. So once the classes above `a` are
//! fixed, every row whose smallest class is `a` is a bound on `(A_a, P_a)` alone: with `k ≥ 1`
//! copies of `a` and `n − 1 − k` keys above it,
//!
//! ```text
//! upper:  k·(P_a − (a + ε)A_a) ≤ −(P_h − (a + ε)A_h) − Σ_{b ∈ rest} (P_b − (a + ε)A_b)
//! lower:  k·(P_a − (a − ε)A_a) ≥ −(P_h − (a − ε)A_h) − Σ_{b ∈ rest} (P_b − (a − ε)A_b)
//! ```
//!
//! and the worst `rest` repeats the class with the largest (smallest) term. Both together say
//! `(a − ε)A_a + L_a ≤ P_a ≤ (a + ε)A_a + U_a`, feasible iff `A_a ≥ L_a − U_a` (`2ε = 1`). The
//! descent starts at `A_h = 1`, `P_h = h − 1/2` and takes `A_a = max(0, L_a − U_a)`,
//! `P_a = (a − 1/2)A_a + L_a`. The point satisfies every row by construction; that its `A_0`
//! is the optimum is not proved here: it is compared with the closed form (docs/math.md §9.3)
//! by the caller, and the checker decides (point against every row, chain multipliers).
//! Measured: `A_0` equals the closed form at `n = 3` for every `h = 2..=168` (tests/amplify.rs)
//! and every `h` tried up to 438 (the checker's budget), and at `n = 4, 5` for small `h`.
//!
//! Cost: `O(n·h²)` integer operations (rationals only once per class), no linear algebra.

use minip_check::rational::Rat;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// The point `(A, P)` (classes `0..=h`, `A_h = 1`) of the descent at `ε = 1/2` for sequences of
/// length `n ≥ 3` and query weight `h ≥ 1`; `None` for other parameters.
///
/// Integers over one common denominator `den` (multiplied up when a class needs it; at
/// `n = 3` it stays small): `a[c] = A_c·den`, `p[c] = P_c·den`, and for the current class `c`
/// `f[b] = 2(P_b − (c + 1/2)A_b)·den`, `g[b] = 2(P_b − (c − 1/2)A_b)·den`, which grow by `2a[b]`
/// when `c` steps down. Only the per-class bounds are rationals.
pub fn point(n: u32, h: u32) -> Option<(Vec<Rat>, Vec<Rat>)> {
    if n < 3 || h == 0 {
        return None;
    }
    let hu = h as usize;
    let keys = (n - 1) as i64;
    let int = |v: i64| BigInt::from(v);
    let mut den = int(2);
    let mut a: Vec<BigInt> = vec![BigInt::zero(); hu + 1];
    let mut p: Vec<BigInt> = vec![BigInt::zero(); hu + 1];
    let mut f: Vec<BigInt> = vec![BigInt::zero(); hu + 1];
    let mut g: Vec<BigInt> = vec![BigInt::zero(); hu + 1];
    // A_h = 1, P_h = h − 1/2, seen from the class h − 1.
    a[hu] = int(2);
    p[hu] = int(2 * h as i64 - 1);
    let at = |p: &BigInt, a: &BigInt, c: i64, sign: i64| -> BigInt { p * 2 - a * (2 * c + sign) };
    f[hu] = at(&p[hu], &a[hu], h as i64 - 1, 1);
    g[hu] = at(&p[hu], &a[hu], h as i64 - 1, -1);
    for c in (0..hu).rev() {
        let (fh, gh) = (&f[hu], &g[hu]);
        let fmax = f[c + 1..=hu].iter().max().expect("h is above c");
        let gmin = g[c + 1..=hu].iter().min().expect("h is above c");
        // U = min over k of xu/k and L = max of xl/k, both over 2·den.
        let mut upper: Option<(BigInt, i64)> = None;
        let mut lower: Option<(BigInt, i64)> = None;
        for k in 1..=keys {
            let rest = keys - k;
            let xu = -(fh + fmax * rest);
            let xl = -(gh + gmin * rest);
            if upper.as_ref().is_none_or(|(x, j)| &xu * *j < x * k) {
                upper = Some((xu, k));
            }
            if lower.as_ref().is_none_or(|(x, j)| &xl * *j > x * k) {
                lower = Some((xl, k));
            }
        }
        let (xu, ku) = upper.expect("n ≥ 3");
        let (xl, kl) = lower.expect("n ≥ 3");
        // L·den and U·den; A_c = max(0, L − U), P_c = (c − 1/2)A_c + L, times den.
        let l = Rat::new(xl, int(2 * kl));
        let u = Rat::new(xu, int(2 * ku));
        let need = &l - &u;
        let ac = if need.is_positive() { need } else { Rat::zero() };
        let pc = Rat::new(int(2 * c as i64 - 1), int(2)) * &ac + l;
        let m = ac.denom().lcm(pc.denom());
        if !m.is_one() {
            den *= &m;
            for v in [&mut a, &mut p, &mut f, &mut g] {
                for x in v[c + 1..=hu].iter_mut() {
                    *x *= &m;
                }
            }
        }
        let mr = Rat::from_integer(m);
        a[c] = (ac * &mr).to_integer();
        p[c] = (pc * &mr).to_integer();
        if c > 0 {
            for b in c + 1..=hu {
                let step = &a[b] * 2;
                f[b] += &step;
                g[b] += step;
            }
            f[c] = at(&p[c], &a[c], c as i64 - 1, 1);
            g[c] = at(&p[c], &a[c], c as i64 - 1, -1);
        }
    }
    let out = |v: Vec<BigInt>| -> Vec<Rat> { v.into_iter().map(|x| Rat::new(x, den.clone())).collect() };
    Some((out(a), out(p)))
}
