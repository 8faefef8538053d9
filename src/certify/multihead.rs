//! Several heads against the step of Lemma 3 (docs/math.md §12): `H ≥ 2` normalized heads,
//! every one with `α_h(x,y) = 0`, whose summed outputs are exactly right on S1–S3. With one
//! head that is impossible for `K ≥ 0` (Proposition 2.3); with two it is a linear system in the
//! values once the kernels are fixed. The heads are found in rationals and reported only after
//! the checker has recomputed every output (`minip_check::check::multihead`).

use crate::error::Error;
use crate::linalg::invert;
use crate::repair::round::approx;
use crate::solve::multihead::max_margin_heads;
use minip_check::check::multihead::{check_paper, class_error, ClassHead, HeadRow};
use minip_check::check::{Checked, Context};
use minip_check::format::multihead::{
    HeadsParams, MultiheadCertificate, MultiheadHeadsCertificate, MultiheadParams, MultiheadRow,
    PolyHeadPart, MULTIHEAD_FORMAT, MULTIHEAD_HEADS_FORMAT,
};
use minip_check::model::kernel::{binom_big, rank_levels, rank_of, Kernel, KernelClass, Poly};
use minip_check::model::{paper_k, sequences, Family, Gap};
use minip_check::rational::fmt_q;
use minip_check::rational::{q, Rat};
use minip_check::rows::poly::{class_count, overlap};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// An exact set of heads that escapes the lemma's step on S1–S3 of one configuration, as the
/// checker accepted it: every field printed comes from the checked certificate.
#[derive(Clone, Debug)]
pub struct Escape {
    pub n: u32,
    pub eps: Rat,
    pub gap: Gap,
    /// The lemma's factor `K = (n−2)(d−2ε)/(2ε)`: no head has `α_h(x,y) > K·α_h(x,z)`.
    pub k: Rat,
    pub heads: Vec<HeadRow>,
    /// The largest error on S1–S3, recomputed by the checker (0: the outputs are the targets).
    pub max_error: Rat,
    /// The `minip-multihead/1` certificate of these heads, checked in full (the claim printed).
    pub cert: Checked<MultiheadCertificate>,
}

impl Escape {
    /// Whether `K ≥ 1`, the lemma's range on the paper family (docs/math.md §2.3): below it one
    /// head escapes too, so several heads show nothing new there.
    pub fn in_range(&self) -> bool {
        self.k >= Rat::one()
    }
}

/// `H ≥ 2` heads that escape the lemma's step on S1–S3, every one with `α_h(x,y) = 0`, checked
/// by the checker as the full claim of a `minip-multihead/1` certificate (`α_h(x,y) ≤ K·α_h(x,z)`
/// included) before they are returned; `Err("unknown: …")` when the check refuses them.
///
/// For `K ≥ 0`: kernel rows `α_h = (1, 0, h/4)` on `(x, y, z)` and values solving `ŷ(S) = t(S)`
/// exactly on S1–S3 (three of the `2H` values `σ_h = s_h(x,x)`, `ζ_h = s_h(x,z)`, the first three
/// whose columns are independent; the others 0). For `K < 0` (`d < 2ε`) the bound forces
/// `α_h(x,z) = 0`: rows `α_h = (1, 0, 0)` and `σ_1 = d/2`, every output `d/2`, error `d/2 < ε`
/// (Proposition 2.3(b)).
pub fn escape(n: u32, eps: &Rat, d: u32, heads: u32) -> Result<Escape, Error> {
    if heads < 2 {
        return Err(Error::Input(format!(
            "--heads {heads}: need at least 2 (one head is Lemma 3: minip check --d {d})"
        )));
    }
    let gap = Gap::from_d(d)?;
    let k = paper_k(n, eps, d);
    let rows = if k.is_negative() { constant_heads(d, heads) } else { solved_heads(n, &gap, heads)? };
    let cert = certificate(n, eps, &gap, &k, &rows)
        .map_err(|e| Error::Unknown(format!("unknown: n = {n}, d = {d}: {e}")))?;
    let max_error = rational(&cert.max_error)?;
    Ok(Escape { n, eps: eps.clone(), k, gap, heads: rows, max_error, cert })
}

fn rational(s: &str) -> Result<Rat, Error> {
    minip_check::rational::parse_rational(s).map_err(|e| Error::Unknown(format!("unknown: {e}")))
}

/// `H` heads `α_h = (1, 0, 0)`, the first with `σ = d/2`, the others with values 0.
fn constant_heads(d: u32, heads: u32) -> Vec<HeadRow> {
    (0..heads)
        .map(|h| HeadRow {
            alpha: [Rat::one(), Rat::zero(), Rat::zero()],
            s: [if h == 0 { q(d.into(), 2) } else { Rat::zero() }, Rat::zero(), Rat::zero()],
        })
        .collect()
}

/// `H` heads `α_h = (1, 0, h/4)` with values solving the three outputs exactly.
fn solved_heads(n: u32, gap: &Gap, heads: u32) -> Result<Vec<HeadRow>, Error> {
    let d = gap.d();
    let c: Vec<Rat> = (1..=heads).map(|h| q(h.into(), 4)).collect();
    let seqs = sequences(n, gap, Family::Paper);
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
        return Ok((0..heads as usize)
            .map(|h| HeadRow {
                alpha: [Rat::one(), Rat::zero(), c[h].clone()],
                s: [values[2 * h].clone(), Rat::zero(), values[2 * h + 1].clone()],
            })
            .collect());
    }
    Err(Error::Unknown(format!("unknown: no three independent values for n = {n}, d = {d}")))
}

/// The `minip-multihead/1` certificate of `rows`, checked by the checker crate
/// (`minip_check::check::multihead::check_multihead`) from its stated parameters; its
/// `max_error` is the one `check_paper` recomputes (the check then compares it again).
fn certificate(
    n: u32,
    eps: &Rat,
    gap: &Gap,
    k: &Rat,
    rows: &[HeadRow],
) -> Result<Checked<MultiheadCertificate>, Error> {
    let max_error = check_paper(n, eps, gap, rows)?;
    let three = |r: &[Rat; 3]| [fmt_q(&r[0]), fmt_q(&r[1]), fmt_q(&r[2])];
    let cert = MultiheadCertificate {
        format: MULTIHEAD_FORMAT.into(),
        params: MultiheadParams { n, eps: fmt_q(eps), d: gap.d() },
        paper_k: fmt_q(k),
        heads: rows.iter().map(|h| MultiheadRow { alpha: three(&h.alpha), s: three(&h.s) }).collect(),
        verdict: "escapes".into(),
        max_error: fmt_q(&max_error),
    };
    Ok(Checked::new(cert, &Context::default())?)
}

/// The binomial-basis coefficients of `f(o) = (o + shift)^degree` restricted to overlaps
/// `0..=top` (`C(o, j) = 0` there for `j > top`): `a_j = Δ^j f(0)`, the nonzero ones.
pub fn shifted_power(shift: &Rat, degree: u32, top: u32) -> Poly {
    let f = |o: u32| num_traits::pow(Rat::from_integer(o.into()) + shift, degree as usize);
    let (mut support, mut c) = (Vec::new(), Vec::new());
    for j in 0..=degree.min(top) {
        let a: Rat = (0..=j)
            .map(|i| {
                let sign = if (j - i) % 2 == 0 { 1 } else { -1 };
                f(i) * Rat::from_integer(binom_big(j.into(), i.into()) * sign)
            })
            .sum();
        if !a.is_zero() {
            support.push(j);
            c.push(a);
        }
    }
    Poly { support, c }
}

/// `H` heads at one query weight `h` over `{0,1}^m`, correct on every length-3 sequence,
/// checked by `minip_check::check::multihead::class_error`.
#[derive(Clone, Debug)]
pub struct WeightHeads {
    pub h: u32,
    /// Head `k`'s kernel at this weight is `(o + shifts[k])^degree`.
    pub shifts: Vec<Rat>,
    pub heads: Vec<ClassHead>,
    pub max_error: Rat,
}

/// Float values `s[k][c]` per head and class (a hint).
type Values = Vec<Vec<f64>>;

/// The shifts searched at each query weight: `c_k = c0·ρ^k`, `c0` and `ρ` from these lists.
const SHIFT_STARTS: [(i64, i64); 11] =
    [(1, 16), (1, 8), (1, 4), (1, 2), (1, 1), (2, 1), (4, 1), (8, 1), (16, 1), (32, 1), (64, 1)];
const SHIFT_RATIOS: [i64; 10] = [2, 3, 4, 6, 8, 12, 16, 24, 32, 64];

/// The largest margin `1/2 − max error` HiGHS finds at weight `h` over the shift grid, with
/// those shifts and their values (a hint): a hill climb on the grid from `c0 = 1`, `ρ = 4`
/// (each step to the best of the eight neighbours, while the margin grows).
fn best_hint(
    m: u32,
    h: u32,
    heads: usize,
    degree: u32,
    basis: Option<&[Vec<Rat>]>,
) -> Result<(f64, Vec<Rat>, Values), Error> {
    let basis: Option<Vec<Vec<f64>>> =
        basis.map(|b| b.iter().map(|r| r.iter().map(to_f64).collect()).collect());
    let shifts = |i: usize, j: usize| -> Vec<Rat> {
        let (p, d) = SHIFT_STARTS[i];
        (0..heads).map(|k| q(p, d) * num_traits::pow(Rat::from_integer(SHIFT_RATIOS[j].into()), k)).collect()
    };
    let mut seen: std::collections::BTreeSet<(usize, usize)> = Default::default();
    // A grid point HiGHS cannot solve (large shifts make the heads nearly uniform and the LP
    // badly scaled) is a point without a margin: the climb goes on from the others.
    let eval = |i: usize, j: usize| -> Result<(f64, Vec<Vec<f64>>), Error> {
        let alpha: Vec<Vec<f64>> =
            shifts(i, j).iter().map(|c| class_kernel(m, h, c, degree).iter().map(to_f64).collect()).collect();
        Ok(max_margin_heads(m, h, &alpha, basis.as_deref()).unwrap_or((f64::NEG_INFINITY, Vec::new())))
    };
    seen.insert((4, 2));
    let (mut at, mut best) = ((4usize, 2usize), eval(4, 2)?);
    // One head: the ratio does not matter.
    let rows: &[isize] = if heads == 1 { &[0] } else { &[-1, 0, 1] };
    loop {
        let mut next: Option<((usize, usize), (f64, Values))> = None;
        for di in [-1isize, 0, 1] {
            for &dj in rows {
                let (i, j) = (at.0 as isize + di, at.1 as isize + dj);
                if (di, dj) == (0, 0)
                    || i < 0
                    || j < 0
                    || i as usize >= SHIFT_STARTS.len()
                    || j as usize >= SHIFT_RATIOS.len()
                {
                    continue;
                }
                let (i, j) = (i as usize, j as usize);
                if !seen.insert((i, j)) {
                    continue;
                }
                let r = eval(i, j)?;
                if r.0 > next.as_ref().map_or(best.0, |n| n.1 .0) {
                    next = Some(((i, j), r));
                }
            }
        }
        match next {
            Some((p, r)) if r.0 > best.0 + 1e-12 => (at, best) = (p, r),
            _ => break,
        }
    }
    Ok((best.0, shifts(at.0, at.1), best.1))
}

fn to_f64(x: &Rat) -> f64 {
    use num_traits::ToPrimitive;
    x.to_f64().unwrap_or(f64::NAN)
}

/// The kernel value `(o(c) + shift)^degree` on every class of a weight-`h` query.
fn class_kernel(m: u32, h: u32, shift: &Rat, degree: u32) -> Vec<Rat> {
    (0..class_count(m, h))
        .map(|c| num_traits::pow(Rat::from_integer(overlap(h, c).into()) + shift, degree as usize))
        .collect()
}

/// The values of degree at most `t` in the overlap at a weight-`h` query over `{0,1}^m`:
/// `s(c) = Σ_{j ≤ min(t, h)} a_j·C(o(c), j)`, as the rows `basis[c][j] = C(o(c), j)` (the query
/// itself and its strict supersets share the overlap `h`, so they share a value).
pub fn value_basis(m: u32, h: u32, t: u32) -> Vec<Vec<Rat>> {
    (0..class_count(m, h))
        .map(|c| {
            (0..=t.min(h)).map(|j| Rat::from_integer(binom_big(overlap(h, c).into(), j.into()))).collect()
        })
        .collect()
}

/// `H` heads of kernels `(o + c_k)^degree` at weight `h`, exact and checked, or the best
/// margin the hint found (`≤ 0`: the grid of shifts has no correct heads; else the rounding
/// failed). With `value_degree = Some(t)` every head's values are a polynomial of degree at
/// most `t` in the overlap ([`value_basis`]): its coefficients are what is rounded, so the
/// exact values keep the degree.
pub fn weight_heads(
    m: u32,
    h: u32,
    heads: usize,
    degree: u32,
    value_degree: Option<u32>,
) -> Result<WeightHeads, Result<f64, Error>> {
    let basis = value_degree.map(|t| value_basis(m, h, t));
    let (delta, shifts, hint) = best_hint(m, h, heads, degree, basis.as_deref()).map_err(Err)?;
    if delta <= 1e-9 {
        return Err(Ok(delta));
    }
    let alpha: Vec<Vec<Rat>> = shifts.iter().map(|c| class_kernel(m, h, c, degree)).collect();
    match exact_values(m, h, &alpha, &hint, basis.as_deref()) {
        Some((heads, max_error)) => Ok(WeightHeads { h, shifts, heads, max_error }),
        None => Err(Ok(delta)),
    }
}

/// The hint's unknowns (class values, or with `basis` the coefficients of [`value_basis`])
/// rounded to rationals of growing denominators until the heads with kernel values `alpha`
/// pass `class_error` at weight `h`; the heads and their largest error, or `None`.
fn exact_values(
    m: u32,
    h: u32,
    alpha: &[Vec<Rat>],
    hint: &Values,
    basis: Option<&[Vec<Rat>]>,
) -> Option<(Vec<ClassHead>, Rat)> {
    for den in [1_000u64, 1_000_000, 1_000_000_000, 1_000_000_000_000] {
        let Some(values) = hint
            .iter()
            .map(|v| v.iter().map(|&x| approx(x, den)).collect::<Option<Vec<Rat>>>())
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        let values: Vec<Vec<Rat>> = match basis {
            None => values,
            Some(b) => values
                .iter()
                .map(|a| b.iter().map(|row| row.iter().zip(a).map(|(x, y)| x * y).sum()).collect())
                .collect(),
        };
        let rows: Vec<ClassHead> =
            alpha.iter().zip(values).map(|(a, s)| ClassHead { alpha: a.clone(), s }).collect();
        if let Ok(max_error) = class_error(m, h, &rows) {
            return Some((rows, max_error));
        }
    }
    None
}

/// One head with its kernel fixed (per-weight polynomials `polys[h]`, as a committed
/// `minip-poly-head` certificate states them) and values of low degree in the overlap.
#[derive(Clone, Debug)]
pub struct FixedKernelValues {
    /// At each query weight `h`, the least `T` for which HiGHS finds values of degree `≤ T`
    /// with a positive margin and their rounding passes the checker's class check (the
    /// smaller `T` are refuted only in floats: a hint).
    pub least: Vec<u32>,
    /// The head with those values, as a one-head `minip-multihead-heads/2` certificate
    /// checked in full (its `value_dim` recomputed by the checker).
    pub upper: HeadsUpper,
}

/// [`FixedKernelValues`] of the per-weight kernel `polys` over `{0,1}^m`; `Err` naming the
/// first weight at which no degree up to `h` gives checked values.
pub fn fixed_kernel_values(m: u32, polys: &[Poly]) -> Result<FixedKernelValues, Error> {
    if polys.len() != m as usize + 1 {
        return Err(Error::Input(format!(
            "{} polynomials for m = {m}: need one per weight 0..={m}",
            polys.len()
        )));
    }
    let mut least = Vec::with_capacity(polys.len());
    let mut weights = Vec::with_capacity(polys.len());
    for (h, f) in (0..=m).zip(polys) {
        let alpha: Vec<Rat> = (0..class_count(m, h)).map(|c| f.eval(overlap(h, c))).collect();
        let float: Vec<f64> = alpha.iter().map(to_f64).collect();
        let found = (0..=h).find_map(|t| {
            let basis = value_basis(m, h, t);
            let b: Vec<Vec<f64>> = basis.iter().map(|r| r.iter().map(to_f64).collect()).collect();
            let (delta, hint) = max_margin_heads(m, h, std::slice::from_ref(&float), Some(&b)).ok()?;
            if delta <= 1e-9 {
                return None;
            }
            exact_values(m, h, std::slice::from_ref(&alpha), &hint, Some(&basis)).map(|r| (t, r))
        });
        let Some((t, (heads, max_error))) = found else {
            return Err(Error::Unknown(format!("h = {h}: no values of degree <= {h} found for this kernel")));
        };
        least.push(t);
        weights.push(WeightHeads { h, shifts: Vec::new(), heads, max_error });
    }
    let kernel = Kernel { m, class: KernelClass::PerWeight, polys: polys.to_vec() };
    let rank = rank_of(&rank_levels(&kernel));
    let half = q(1, 2);
    let margin = weights.iter().map(|w| &half - &w.max_error).min().expect("h = 0");
    let cert = certificate_of(m, &weights, std::slice::from_ref(&kernel), &rank)?;
    let degree = polys.iter().filter_map(|p| p.support.last().copied()).max().unwrap_or(0);
    let upper = HeadsUpper {
        m,
        degree,
        weights,
        kernels: vec![kernel],
        ranks: vec![rank.clone()],
        total_rank: rank,
        margin,
        cert,
    };
    Ok(FixedKernelValues { least, upper })
}

/// Certified `H` heads over `{0,1}^m` on every length-3 sequence (Min-IP at `n = 3`), one
/// [`WeightHeads`] per query weight `h = 0..=m`, with each head's per-weight kernel
/// `f_{k,h}(o) = (o + c_{k,h})^degree` and its exact rank (Theorem 10.4).
#[derive(Clone, Debug)]
pub struct HeadsUpper {
    pub m: u32,
    pub degree: u32,
    pub weights: Vec<WeightHeads>,
    /// Head `k`'s kernel (`per_weight`), as the rank formula reads it.
    pub kernels: Vec<Kernel>,
    pub ranks: Vec<BigInt>,
    pub total_rank: BigInt,
    /// The smallest `1/2 − max error` over all query weights.
    pub margin: Rat,
    /// The `minip-multihead-heads/1` certificate of these heads, checked in full by the checker
    /// crate (the claim printed and written).
    pub cert: Checked<MultiheadHeadsCertificate>,
}

/// Assembles the heads of every weight `0..=m` into kernels and ranks (`weights[h]` for query
/// weight `h`, each already checked by the checker for this `m`), then checks the whole
/// `minip-multihead-heads/1` certificate; `Err` when the checker refuses it.
pub fn heads_upper(m: u32, degree: u32, weights: Vec<WeightHeads>) -> Result<HeadsUpper, Error> {
    let count = weights[0].shifts.len();
    let kernels: Vec<Kernel> = (0..count)
        .map(|k| Kernel {
            m,
            class: KernelClass::PerWeight,
            polys: weights.iter().map(|w| shifted_power(&w.shifts[k], degree, w.h)).collect(),
        })
        .collect();
    let ranks: Vec<BigInt> = kernels.iter().map(|k| rank_of(&rank_levels(k))).collect();
    let total_rank = ranks.iter().sum();
    let half = q(1, 2);
    let margin = weights.iter().map(|w| &half - &w.max_error).min().expect("h = 0");
    let cert = certificate_of(m, &weights, &kernels, &total_rank)?;
    Ok(HeadsUpper { m, degree, weights, kernels, ranks, total_rank, margin, cert })
}

/// The `minip-multihead-heads/1` certificate of these heads, checked by the checker crate.
fn certificate_of(
    m: u32,
    weights: &[WeightHeads],
    kernels: &[Kernel],
    total_rank: &BigInt,
) -> Result<Checked<MultiheadHeadsCertificate>, Error> {
    {
        use minip_check::format::poly::{ClassValues, LevelRank, PolyCoeffs};
        let mut total_state = BigInt::from(0);
        let heads = kernels
            .iter()
            .enumerate()
            .map(|(k, kernel)| {
                let levels = rank_levels(kernel);
                let values: Vec<ClassValues> = weights
                    .iter()
                    .map(|w| ClassValues { h: w.h, s: w.heads[k].s.iter().map(fmt_q).collect() })
                    .collect();
                let rank = rank_of(&levels);
                let value_dim = minip_check::check::poly::values_dim(m, &values, &mut u128::MAX.clone())?;
                let state = minip_check::model::value::state_size(&rank, &value_dim);
                total_state += &state;
                Ok(PolyHeadPart {
                    polys: kernel
                        .polys
                        .iter()
                        .enumerate()
                        .map(|(h, p)| PolyCoeffs {
                            h: Some(h as u32),
                            support: p.support.clone(),
                            c: p.c.iter().map(fmt_q).collect(),
                        })
                        .collect(),
                    values,
                    levels: levels
                        .iter()
                        .map(|l| LevelRank { j: l.j, dim: l.dim.to_string(), rank: l.rank })
                        .collect(),
                    rank: rank.to_string(),
                    value_dim: Some(value_dim.to_string()),
                    state: Some(state.to_string()),
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let max_error = weights.iter().map(|w| w.max_error.clone()).max().expect("h = 0");
        let cert = MultiheadHeadsCertificate {
            format: MULTIHEAD_HEADS_FORMAT.into(),
            params: HeadsParams { m, heads: kernels.len() as u32 },
            heads,
            total_rank: total_rank.to_string(),
            total_state: Some(total_state.to_string()),
            max_error: fmt_q(&max_error),
        };
        Checked::new(cert, &Context::default())
            .map_err(|e| Error::Input(format!("the heads failed the checker ({e})")))
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
        let c = &e.cert;
        assert!(e.in_range());
        assert_eq!(c.paper_k, "2");
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

    #[test]
    fn outside_the_lemmas_range_the_rows_are_the_ones_the_checker_accepts() {
        // d = 1, n = 3, eps = 1: K = (1 − 2)/2 = −1/2 < 0. alpha(x,y) = 0 <= K*alpha(x,z)
        // forces alpha(x,z) = 0: constant heads, every output d/2 = 1/2 < eps.
        let e = escape(3, &q(1, 1), 1, 2).unwrap();
        assert_eq!((e.k.clone(), e.max_error.clone(), e.in_range()), (q(-1, 2), q(1, 2), false));
        assert!(e.heads.iter().all(|h| h.alpha == [q(1, 1), q(0, 1), q(0, 1)]));
        assert_eq!(e.heads[0].s, [q(1, 2), q(0, 1), q(0, 1)]);
        assert_eq!(e.cert.claim().k, q(-1, 2));
        // 0 <= K < 1 (d = 1, eps = 1/2: K = 0): the solved heads, marked outside the range.
        let e = escape(3, &q(1, 2), 1, 2).unwrap();
        assert_eq!((e.k.clone(), e.in_range()), (q(0, 1), false));
        // d = 1, eps = 2/3: K < 0 and d/2 = 1/2 < eps, the constant heads check.
        let e = escape(4, &q(2, 3), 1, 3).unwrap();
        assert_eq!((e.k.clone(), e.max_error.clone()), (q(-1, 2), q(1, 2)));
    }
}

#[cfg(test)]
mod frontier_tests {
    use super::*;

    #[test]
    fn shifted_powers_in_the_binomial_basis() {
        // (o + 2)^2 = 4 + 5·C(o,1) + 2·C(o,2); at weight 1 the C(o,2) term is dropped.
        let p = shifted_power(&q(2, 1), 2, 5);
        assert_eq!((p.support.clone(), p.c.clone()), (vec![0, 1, 2], vec![q(4, 1), q(5, 1), q(2, 1)]));
        assert_eq!(
            (0..=5).map(|o| p.eval(o)).collect::<Vec<_>>(),
            (2..=7).map(|x| q(x * x, 1)).collect::<Vec<_>>()
        );
        assert_eq!(shifted_power(&q(2, 1), 2, 1).support, vec![0, 1]);
    }

    #[test]
    fn two_degree_one_heads_reach_weight_seven_and_one_head_fails() {
        // m = 7: weights 0..=7, each checked by the checker; two heads of rank m + 1 = 8.
        let weights: Vec<WeightHeads> = (0..=7).map(|h| weight_heads(7, h, 2, 1, None).unwrap()).collect();
        let u = heads_upper(7, 1, weights).unwrap();
        assert_eq!((u.ranks.clone(), u.total_rank.clone()), (vec![BigInt::from(8); 2], BigInt::from(16)));
        assert!(u.margin > q(7, 100) && u.margin < q(8, 100), "{}", u.margin);
        let c = &u.cert;
        assert_eq!(
            (c.claim().total_rank.clone(), c.claim().max_error.clone()),
            (BigInt::from(16), q(1, 2) - &u.margin)
        );
        let mut forged = c.cert().clone();
        forged.total_rank = "15".into();
        assert_eq!(
            Checked::new(forged, &Context::default()).unwrap_err().to_string(),
            "total_rank: stated 15 but the heads' ranks sum to 16"
        );
        // At weight 8 (inside m = 9) two heads have margin 0 at best: nothing certified.
        let r = weight_heads(9, 8, 2, 1, None).map(|w| w.max_error);
        assert!(matches!(r, Err(Ok(d)) if d.abs() < 1e-3), "{r:?}");
        assert!(matches!(weight_heads(5, 4, 1, 1, None), Err(Ok(d)) if d < -0.5));
    }
}
