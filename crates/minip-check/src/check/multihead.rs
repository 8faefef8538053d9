//! Several heads on the paper family (docs/math.md §12): `H` normalized heads, each given by
//! its kernel row `α_h(x,·) ≥ 0` and its scalarized value row `s_h(x,·)` on the tokens
//! `x, y, z`, their outputs summed by the readout (a query-dependent affine readout of the
//! heads' outputs is such a sum once each head's values are scalarized). The outputs on
//! S1–S3 are recomputed exactly from the stated parameters; nothing is taken from the caller
//! but the rows.

use crate::error::{Error, Res};
use crate::model::{sequences, Family, Gap};
use crate::rational::{fmt_q, Rat};
use num_traits::{Signed, Zero};

/// One head's row at the query `x`: kernel values and scalarized values on `(x, y, z)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadRow {
    pub alpha: [Rat; 3],
    pub s: [Rat; 3],
}

/// The readout's output on a sequence with multiplicities `mult = (i_x, i_y, i_z)`:
/// `Σ_h Σ_j λ^h_j s_h(x, j)` with `λ^h_j = i_j α_h(x,j) / Σ_k i_k α_h(x,k)`.
pub fn output(heads: &[HeadRow], mult: [u32; 3]) -> Res<Rat> {
    let mut y = Rat::zero();
    for (k, head) in heads.iter().enumerate() {
        let weight = |j: usize| Rat::from_integer(mult[j].into()) * &head.alpha[j];
        let den: Rat = (0..3).map(weight).sum();
        if !den.is_positive() {
            return Err(Error::Rejected(format!(
                "head {}: its weights sum to {} on a sequence",
                k + 1,
                fmt_q(&den)
            )));
        }
        let num: Rat = (0..3).map(|j| weight(j) * &head.s[j]).sum();
        y += num / den;
    }
    Ok(y)
}

/// Checks that `heads` are correct on S1–S3 of `(n, ε, h, u, w)` with tolerance `ε` (every
/// error strictly below `ε`), every kernel value `≥ 0`; returns the largest error.
pub fn check_paper(n: u32, eps: &Rat, gap: &Gap, heads: &[HeadRow]) -> Res<Rat> {
    if n < 3 {
        return Err(Error::Input(format!("need n ≥ 3, got n = {n}")));
    }
    if !eps.is_positive() {
        return Err(Error::Input(format!("need ε > 0, got ε = {}", fmt_q(eps))));
    }
    if heads.is_empty() {
        return Err(Error::Input("no heads".into()));
    }
    for (k, head) in heads.iter().enumerate() {
        if let Some(a) = head.alpha.iter().find(|a| a.is_negative()) {
            return Err(Error::Rejected(format!("head {}: a kernel value {} < 0", k + 1, fmt_q(a))));
        }
    }
    let mut worst = Rat::zero();
    for seq in sequences(n, gap, Family::Paper) {
        let err = (output(heads, seq.mult)? - Rat::from_integer(seq.target.into())).abs();
        if &err >= eps {
            return Err(Error::Rejected(format!(
                "{}: the output is off by {} ≥ ε = {}",
                seq.name,
                fmt_q(&err),
                fmt_q(eps)
            )));
        }
        worst = worst.max(err);
    }
    Ok(worst)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    fn row(a: [Rat; 3], s: [Rat; 3]) -> HeadRow {
        HeadRow { alpha: a, s }
    }

    #[test]
    fn two_heads_with_alpha_xy_zero_solve_s1_to_s3() {
        // n = 3, d = 3 (u = 0, w = 3): α = (1, 0, 1/4) and (1, 0, 1/2), σ1 = −σ2 = −54, ζ1 = 36:
        // S1: σ1 + σ2 = 0; S2 (z twice): (σ1 + ζ1/2)/(3/2) + σ2/2 = −12 + 27 − 12 = 3;
        // S3 (z once): (σ1 + ζ1/4)/(5/4) + σ2/(3/2) = −36 + 36 = 0.
        let gap = Gap { h: 3, u: 0, w: 3 };
        let (z, one) = (q(0, 1), q(1, 1));
        let heads = [
            row([one.clone(), z.clone(), q(1, 4)], [q(-54, 1), z.clone(), q(36, 1)]),
            row([one.clone(), z.clone(), q(1, 2)], [q(54, 1), z.clone(), z.clone()]),
        ];
        let outs: Vec<Rat> =
            [[1, 2, 0], [1, 0, 2], [1, 1, 1]].iter().map(|m| output(&heads, *m).unwrap()).collect();
        assert_eq!(outs, vec![q(0, 1), q(3, 1), q(0, 1)]);
        assert_eq!(check_paper(3, &q(1, 2), &gap, &heads).unwrap(), q(0, 1));
        // An edited value: S2 moves by 1/3 (still correct, the error is stated), then by 2/3.
        let mut near = heads.clone();
        near[0].s[2] = q(37, 1);
        assert_eq!(check_paper(3, &q(1, 2), &gap, &near).unwrap(), q(1, 3));
        near[0].s[2] = q(38, 1);
        assert_eq!(
            check_paper(3, &q(1, 2), &gap, &near).unwrap_err(),
            Error::Rejected("S2: the output is off by 2/3 ≥ ε = 1/2".into())
        );
        let mut neg = heads;
        neg[0].alpha[1] = q(-1, 8);
        assert_eq!(
            check_paper(3, &q(1, 2), &gap, &neg).unwrap_err(),
            Error::Rejected("head 1: a kernel value -1/8 < 0".into())
        );
        assert!(matches!(check_paper(2, &q(1, 2), &gap, &[]), Err(Error::Input(_))));
    }
}
