//! Several heads against the step of Lemma 3 (docs/math.md §12): `H ≥ 2` normalized heads,
//! every one with `α_h(x,y) = 0`, whose summed outputs are exactly right on S1–S3. With one
//! head that is impossible for `K ≥ 0` (Proposition 2.3); with two it is a linear system in the
//! values once the kernels are fixed. The heads are found in rationals and reported only after
//! the checker has recomputed every output (`minip_check::check::multihead`).

use crate::linalg::invert;
use minip_check::check::multihead::{check_paper, HeadRow};
use minip_check::check::{Checked, Context};
use minip_check::format::multihead::{MultiheadCertificate, MultiheadParams, MultiheadRow, MULTIHEAD_FORMAT};
use minip_check::model::{paper_k, sequences, Family, Gap};
use minip_check::rational::fmt_q;
use minip_check::rational::{q, Rat};
use num_traits::{One, Zero};

/// An exact set of heads that escapes the lemma's step on S1–S3 of one configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Escape {
    pub n: u32,
    pub eps: Rat,
    pub gap: Gap,
    /// The lemma's factor `K = (n−2)(d−2ε)/(2ε)`: no head has `α_h(x,y) > K·α_h(x,z)`.
    pub k: Rat,
    pub heads: Vec<HeadRow>,
    /// The largest error on S1–S3, recomputed by the checker (0: the outputs are the targets).
    pub max_error: Rat,
}

/// `H` heads with kernel rows `α_h = (1, 0, h/4)` on `(x, y, z)` and values solving
/// `ŷ(S) = t(S)` exactly on S1–S3 (three of the `2H` values `σ_h = s_h(x,x)`,
/// `ζ_h = s_h(x,z)`, the first three whose columns are independent; the others 0), checked.
pub fn escape(n: u32, eps: &Rat, d: u32, heads: u32) -> Result<Escape, String> {
    if heads < 2 {
        return Err(format!("--heads {heads}: need at least 2 (one head is Lemma 3: minip check --d {d})"));
    }
    let gap = Gap::from_d(d)?;
    let c: Vec<Rat> = (1..=heads).map(|h| q(h.into(), 4)).collect();
    let seqs = sequences(n, &gap, Family::Paper);
    // Column 2h: σ_h, column 2h + 1: ζ_h; row per sequence: i_x σ_h/den_h + i_z c_h ζ_h/den_h.
    let coef = |mult: [u32; 3], col: usize| {
        let (h, zeta) = (col / 2, col % 2 == 1);
        let (ix, iz) = (Rat::from_integer(mult[0].into()), Rat::from_integer(mult[2].into()));
        let den = &ix + &iz * &c[h];
        if zeta {
            iz * &c[h] / den
        } else {
            ix / den
        }
    };
    let cols = 2 * heads as usize;
    let picks =
        (0..cols).flat_map(|a| (a + 1..cols).flat_map(move |b| (b + 1..cols).map(move |e| [a, b, e])));
    for pick in picks {
        let m: Vec<Vec<Rat>> =
            seqs.iter().map(|s| pick.iter().map(|&col| coef(s.mult, col)).collect()).collect();
        let Some(inv) = invert(m) else { continue };
        let t: Vec<Rat> = seqs.iter().map(|s| Rat::from_integer(s.target.into())).collect();
        let mut values = vec![Rat::zero(); cols];
        for (row, &col) in inv.iter().zip(&pick) {
            values[col] = row.iter().zip(&t).map(|(a, b)| a * b).sum();
        }
        let rows: Vec<HeadRow> = (0..heads as usize)
            .map(|h| HeadRow {
                alpha: [Rat::one(), Rat::zero(), c[h].clone()],
                s: [values[2 * h].clone(), Rat::zero(), values[2 * h + 1].clone()],
            })
            .collect();
        let max_error = check_paper(n, eps, &gap, &rows).map_err(|e| e.to_string())?;
        return Ok(Escape { n, eps: eps.clone(), k: paper_k(n, eps, d), gap, heads: rows, max_error });
    }
    Err(format!("unknown: no three independent values for n = {n}, d = {d}"))
}

impl Escape {
    /// The `minip-multihead/1` certificate of these heads, checked by the checker crate
    /// (`minip_check::check::multihead::check_multihead`) from its stated parameters.
    pub fn certificate(&self) -> Result<Checked<MultiheadCertificate>, String> {
        let three = |r: &[Rat; 3]| [fmt_q(&r[0]), fmt_q(&r[1]), fmt_q(&r[2])];
        let cert = MultiheadCertificate {
            format: MULTIHEAD_FORMAT.into(),
            params: MultiheadParams { n: self.n, eps: fmt_q(&self.eps), d: self.gap.d() },
            paper_k: fmt_q(&self.k),
            heads: self
                .heads
                .iter()
                .map(|h| MultiheadRow { alpha: three(&h.alpha), s: three(&h.s) })
                .collect(),
            verdict: "escapes".into(),
            max_error: fmt_q(&self.max_error),
        };
        Checked::new(cert, &Context::default()).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_heads_escape_at_n3_d3_with_the_hand_solution() {
        let e = escape(3, &q(1, 2), 3, 2).unwrap();
        assert_eq!(e.k, q(2, 1));
        assert_eq!(e.max_error, q(0, 1));
        let alpha: Vec<[Rat; 3]> = e.heads.iter().map(|h| h.alpha.clone()).collect();
        assert_eq!(alpha, vec![[q(1, 1), q(0, 1), q(1, 4)], [q(1, 1), q(0, 1), q(1, 2)]]);
        // σ1, ζ1, σ2 picked (ζ2 = 0): σ1 = −54, ζ1 = 36, σ2 = 54 (docs/math.md §12).
        let s: Vec<[Rat; 3]> = e.heads.iter().map(|h| h.s.clone()).collect();
        assert_eq!(s, vec![[q(-54, 1), q(0, 1), q(36, 1)], [q(54, 1), q(0, 1), q(0, 1)]]);
        let c = e.certificate().unwrap();
        assert_eq!((c.claim().k.clone(), c.claim().heads), (q(2, 1), 2));
        assert_eq!(c.heads[0].s, ["-54".to_string(), "0".into(), "36".into()]);
    }

    #[test]
    fn every_paper_grid_point_escapes_and_one_head_is_refused() {
        for n in 3..=6 {
            for d in 2..=8 {
                let e = escape(n, &q(1, 2), d, 2).unwrap();
                assert_eq!(e.max_error, q(0, 1), "n = {n}, d = {d}");
                assert!(e.heads.iter().all(|h| h.alpha[1].is_zero()));
            }
        }
        assert_eq!(
            escape(3, &q(1, 2), 3, 1).unwrap_err(),
            "--heads 1: need at least 2 (one head is Lemma 3: minip check --d 3)"
        );
    }
}
