//! Attacking a given head (docs/math.md §2.3, §6.4): find a failing length-`n` sequence.
//!
//! First the gap-domination inequality on the head's own kernel: for a query `x` and
//! candidates `y`, `z` with `u = <x,y> < w = <x,z>`, a head correct on S1, S2, S3 has
//! `α(x,y) > K·α(x,z)`, `K = (n−2)(d−2ε)/(2ε)`. So a pair with `α(x,y) ≤ K·α(x,z)` points at
//! S1, S2 or S3; each is evaluated exactly and the first that fails is reported. Per query the
//! weakest pair of each class pair is taken (smallest `α(x,y)` with overlap `u`, largest
//! `α(x,z)` with overlap `w`), so every pair is covered. If no pair yields a confirmed failure
//! (the lemma needs `d ≥ 2ε(n−1)/(n−2)`, i.e. `K ≥ 1`), exhaustive search of length `n` follows.
//!
//! Depends only on `minip_check::rational`, the head tables and `eval`.

use super::eval::{queries, verify, Witness};
use super::Head;
use crate::control::Control;
use crate::error::Error;
use minip_check::rational::{fmt_q, Rat};
use num_traits::Signed;

/// How the failure was found. (One value per attack: the size difference does not matter.)
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Method {
    GapDomination {
        x: u32,
        y: u32,
        z: u32,
        u: u32,
        w: u32,
        /// The lemma's `K` for `d = w − u`.
        k: Rat,
        alpha_xy: Rat,
        alpha_xz: Rat,
        /// "S1", "S2" or "S3".
        sequence: &'static str,
    },
    Exhaustive {
        evaluations: u64,
    },
}

#[derive(Clone, Debug)]
pub struct Attack {
    pub n: u32,
    pub eps: Rat,
    /// Class pairs `(x, u, w)` checked against the inequality.
    pub pairs_checked: u64,
    /// Pairs that met `α(x,y) ≤ K·α(x,z)` but whose S1–S3 all passed.
    pub unconfirmed: u64,
    /// `None`: the head is correct on every length-`n` sequence (exhaustive).
    pub found: Option<(Method, Witness)>,
}

/// Attacks `head` at length `n`: searches the class pairs `(x, u, w)` for one where
/// `α(x,y) ≤ K·α(x,z)` (the lemma's `K = (n−2)(d−2ε)/(2ε)`) and confirms a failure on S1–S3.
pub fn attack(head: &Head, n: u32, eps: &Rat, use_symmetry: bool, ctl: &Control) -> Result<Attack, Error> {
    if n < 3 {
        return Err(Error::Input(format!("--n must be ≥ 3 (S3 needs three tokens), got {n}")));
    }
    if !eps.is_positive() {
        return Err(Error::Input("ε must be > 0".into()));
    }
    let sym = use_symmetry && head.coordinate_invariant();
    let (mut pairs_checked, mut unconfirmed) = (0u64, 0u64);
    for x in queries(head.m, sym) {
        let h = x.count_ones();
        // Per overlap class: the key with the smallest and with the largest α(x,·). The query
        // itself is no candidate (docs/math.md §2.1): the class of overlap h holds only the
        // strict supersets of x, and is empty when x has no strict superset.
        let mut lo: Vec<Option<u32>> = vec![None; h as usize + 1];
        let mut hi: Vec<Option<u32>> = vec![None; h as usize + 1];
        for k in (0..head.tokens()).filter(|&k| k != x) {
            let o = (x & k).count_ones() as usize;
            if lo[o].is_none_or(|j| head.alpha(x, k) < head.alpha(x, j)) {
                lo[o] = Some(k);
            }
            if hi[o].is_none_or(|j| head.alpha(x, k) > head.alpha(x, j)) {
                hi[o] = Some(k);
            }
        }
        for u in 0..=h {
            for w in u + 1..=h {
                let (Some(y), Some(z)) = (lo[u as usize], hi[w as usize]) else {
                    continue;
                };
                pairs_checked += 1;
                let k = minip_check::model::paper_k(n, eps, w - u);
                if *head.alpha(x, y) > &k * head.alpha(x, z) {
                    continue;
                }
                let rep = |t: u32, c: u32| std::iter::repeat_n(t, c as usize);
                let family: [(&'static str, Vec<u32>); 3] = [
                    ("S1", std::iter::once(x).chain(rep(y, n - 1)).collect()),
                    ("S2", std::iter::once(x).chain(rep(z, n - 1)).collect()),
                    ("S3", std::iter::once(x).chain(rep(y, 1)).chain(rep(z, n - 2)).collect()),
                ];
                let mut hit = None;
                for (name, seq) in family {
                    let wit = Witness::confirm(head, seq)?;
                    if wit.error >= *eps {
                        hit = Some((name, wit));
                        break;
                    }
                }
                match hit {
                    Some((sequence, wit)) => {
                        let method = Method::GapDomination {
                            x,
                            y,
                            z,
                            u,
                            w,
                            k,
                            alpha_xy: head.alpha(x, y).clone(),
                            alpha_xz: head.alpha(x, z).clone(),
                            sequence,
                        };
                        return Ok(Attack {
                            n,
                            eps: eps.clone(),
                            pairs_checked,
                            unconfirmed,
                            found: Some((method, wit)),
                        });
                    }
                    None => unconfirmed += 1,
                }
            }
        }
    }
    let rep = verify(head, n, n, eps, use_symmetry, ctl)?;
    let found =
        rep.first_failure().cloned().map(|w| (Method::Exhaustive { evaluations: rep.evaluations() }, w));
    Ok(Attack { n, eps: eps.clone(), pairs_checked, unconfirmed, found })
}

impl Method {
    pub fn describe(&self, m: u32) -> String {
        use super::bits;
        match self {
            Method::GapDomination { x, y, z, u, w, k, alpha_xy, alpha_xz, sequence } => format!(
                "gap domination: x = {}, y = {}, z = {} (u = {u}, w = {w}, d = {}), alpha(x,y) = {} <= K*alpha(x,z) = {}*{}; {sequence} must fail",
                bits(m, *x),
                bits(m, *y),
                bits(m, *z),
                w - u,
                fmt_q(alpha_xy),
                fmt_q(k),
                fmt_q(alpha_xz)
            ),
            Method::Exhaustive { evaluations } => format!(
                "exhaustive search ({evaluations} {})",
                if *evaluations == 1 { "evaluation" } else { "evaluations" }
            ),
        }
    }
}
