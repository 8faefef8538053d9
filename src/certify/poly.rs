//! Certifying overlap-polynomial heads (docs/math.md §10): for a kernel class (one shared
//! polynomial, or one per query weight), a support `S`, and nonnegative or signed kernels,
//! either a head (`minip-poly-head/1`) or a Farkas refutation (`minip-poly-none/1`).
//!
//! Pipeline per support: `formulate::poly` (the class LP over node values) →
//! `solve::poly::class_lp` (HiGHS) → feasible: node values rounded to rationals, the exact
//! binomial coefficients, then per query weight `solve::poly::max_margin` and
//! `repair::poly::exact_values`; infeasible: `solve::poly::farkas_lp` and
//! `repair::poly::exact_farkas`. For a shared polynomial the query weights are added by row
//! generation: the LP starts with some of them, and every query weight whose exact values
//! fail joins the LP (the LP decomposes per `h` once `f` is fixed). Certificates leave only
//! through `minip_check`'s checks; anything else is `unknown`.

use crate::error::At;
use crate::error::Error;
use crate::formulate::poly::{cardinal, row_names, rows_of, RowName};
use crate::repair::poly::{exact_farkas, exact_values, round_nodes};
use crate::repair::poly_simplex::{solve as exact_class_lp, ExactAnswer};
use crate::solve::poly::{class_lp, farkas_lp, max_margin, LpAnswer};
use minip_check::check::poly::head_error;
use minip_check::check::{Checked, Context};
use minip_check::format::poly::{
    ClassValues, LevelRank, PolyCoeffs, PolyHead, PolyMultiplier, PolyNone, PolyParams, Refutation,
    POLY_HEAD_FORMAT, POLY_NONE_FORMAT,
};
use minip_check::model::kernel::{rank_levels, rank_of, Kernel, KernelClass, Poly, MAX_POLY_M};
use minip_check::rational::{fmt_q, to_f64, Rat};
use minip_check::rows::poly::{class_count, overlap};
use num_traits::{Signed, Zero};
use std::collections::BTreeMap;
use std::time::Instant;

/// HiGHS's time limit per call, seconds.
pub const LP_SECONDS: f64 = 300.0;
/// Rounds of row generation before giving up.
const MAX_ROUNDS: usize = 12;
/// Query weights added per round.
const ADD_PER_ROUND: usize = 4;
/// Sequence rows up to which a shared LP starts with every query weight.
const FULL_LP_ROWS: usize = 16_000;

/// A polynomial with exact values `s` for the query weights it was solved for.
#[derive(Clone, Debug)]
pub struct Piece {
    pub poly: Poly,
    pub values: BTreeMap<u32, Vec<Rat>>,
}

/// Nonzero multipliers on named rows, exact.
pub type Multipliers = Vec<(RowName, Rat)>;

/// The answer for one support.
#[derive(Clone, Debug)]
pub enum Attempt {
    Head(Piece),
    Refuted(Multipliers),
}

/// Counters for `--json` and the docs.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub lps: usize,
    pub rounds: usize,
    pub seconds: f64,
    /// Query weights in the last LP.
    pub hs_in_lp: usize,
}

/// Exact kernel values of each class of a weight-`h` query.
fn alphas(m: u32, h: u32, poly: &Poly) -> Vec<Rat> {
    (0..class_count(m, h)).map(|c| poly.eval(overlap(h, c))).collect()
}

/// Query weights the shared LP starts with.
fn initial_hs(m: u32, all: &[u32]) -> Vec<u32> {
    let total: usize = all.iter().map(|&h| rows_of(m, h)).sum();
    if total <= FULL_LP_ROWS {
        return all.to_vec();
    }
    let mut hs: Vec<u32> = (1..8)
        .map(|i| (m * i + 4) / 8)
        .chain([0, m.saturating_sub(3), m.saturating_sub(2), m.saturating_sub(1), m])
        .collect();
    hs.retain(|h| all.contains(h));
    hs.sort_unstable();
    hs.dedup();
    hs
}

/// Exact values for every query weight in `hs` at the exact polynomial; the failures with
/// their float margins (worst first).
/// Exact values per query weight, and the query weights that failed with their float margins.
type ValuesAt = (BTreeMap<u32, Vec<Rat>>, Vec<(f64, u32)>);

fn values_at(m: u32, len: u32, poly: &Poly, hs: &[u32]) -> Result<ValuesAt, Error> {
    use rayon::prelude::*;
    #[allow(clippy::type_complexity)]
    let results: Vec<(u32, Result<Option<Vec<Rat>>, (f64, u32)>)> = hs
        .par_iter()
        .map(|&h| {
            let a = alphas(m, h, poly);
            let af: Vec<f64> = a.iter().map(to_f64).collect();
            let r = match max_margin(m, len, h, &af) {
                Ok((delta, s)) if delta > 0.0 => match exact_values(m, len, h, &a, &s) {
                    Some(v) => Ok(Some(v)),
                    None => Err((delta, h)),
                },
                Ok((delta, _)) => Err((delta, h)),
                Err(_) => Ok(None),
            };
            (h, r)
        })
        .collect();
    let mut vals = BTreeMap::new();
    let mut fails = Vec::new();
    for (h, r) in results {
        match r {
            Ok(Some(v)) => {
                vals.insert(h, v);
            }
            Ok(None) => return Err(Error::Input(format!("HiGHS failed on the margin LP of h = {h}"))),
            Err(f) => fails.push(f),
        }
    }
    fails.sort_by(|a, b| a.0.total_cmp(&b.0));
    Ok((vals, fails))
}

/// Decides one support: a head on the query weights `all` (with the overlaps `0..=top`) or
/// Farkas multipliers. `Err` is `unknown`.
pub fn attempt(
    m: u32,
    len: u32,
    top: u32,
    all: &[u32],
    support: &[u32],
    signed: bool,
    stats: &mut Stats,
) -> Result<Attempt, Error> {
    match attempt_float(m, len, top, all, support, signed, stats) {
        // One nonnegative query weight: small enough to solve exactly when HiGHS's answer
        // does not round (ill-conditioned heads at n ≥ 7, docs/frontier.md).
        Err(e) if !signed && all.len() == 1 => {
            let t0 = Instant::now();
            let r = attempt_exact(m, len, top, all, support);
            stats.seconds += t0.elapsed().as_secs_f64();
            r.at(&format!("{e}; exact simplex"))
        }
        r => r,
    }
}

/// Pivots and seconds the exact simplex may take per support (the slowest committed one,
/// `n = 8`, `h = 24`, takes about 13 s under load).
const MAX_EXACT_PIVOTS: usize = 5_000;
const EXACT_SECONDS: f64 = 120.0;

/// `attempt` by the exact dual simplex of `repair::poly_simplex` (nonnegative kernels).
fn attempt_exact(m: u32, len: u32, top: u32, all: &[u32], support: &[u32]) -> Result<Attempt, Error> {
    let names = row_names(m, len, top, all, false);
    match exact_class_lp(&names, support, MAX_EXACT_PIVOTS, EXACT_SECONDS)? {
        ExactAnswer::Infeasible(y) => Ok(Attempt::Refuted(y)),
        ExactAnswer::Feasible { c, p } => {
            let (support2, c2): (Vec<u32>, Vec<Rat>) =
                support.iter().zip(c).filter(|(_, v)| !v.is_zero()).map(|(k, v)| (*k, v)).unzip();
            let poly = Poly { support: support2, c: c2 };
            let mut values = BTreeMap::new();
            for &h in all {
                let s: Vec<Rat> = (0..class_count(m, h))
                    .map(|cl| {
                        let a = poly.eval(overlap(h, cl));
                        let pc = p.get(&(h, cl)).cloned().unwrap_or_else(Rat::zero);
                        if a.is_zero() {
                            Rat::zero()
                        } else {
                            pc / a
                        }
                    })
                    .collect();
                values.insert(h, s);
            }
            Ok(Attempt::Head(Piece { poly, values }))
        }
    }
}

fn attempt_float(
    m: u32,
    len: u32,
    top: u32,
    all: &[u32],
    support: &[u32],
    signed: bool,
    stats: &mut Stats,
) -> Result<Attempt, Error> {
    let t0 = Instant::now();
    let card = cardinal(top, support)?;
    let mut hs = initial_hs(m, all);
    let mut out = None;
    for round in 0..MAX_ROUNDS {
        stats.rounds = round + 1;
        stats.lps += 1;
        stats.hs_in_lp = hs.len();
        let answer = match class_lp(m, len, &card, &hs, signed, LP_SECONDS) {
            Ok(a) => a,
            // HiGHS could not decide the LP: its Farkas LP may still give a refutation.
            Err(e) => {
                out = Some(
                    refute(m, len, top, &hs, support, signed, &card, stats)
                        .map_err(|f| Error::Input(format!("{e}; then {f}")))?,
                );
                break;
            }
        };
        match answer {
            LpAnswer::Infeasible => {
                out = Some(refute(m, len, top, &hs, support, signed, &card, stats)?);
                break;
            }
            LpAnswer::Feasible(g) => {
                let mut last_fails = Vec::new();
                let mut done = None;
                for den in [1_000_000u64, 1_000_000_000_000] {
                    let gx =
                        round_nodes(&g, den).ok_or_else(|| Error::Input("non-finite node value".into()))?;
                    let c = card.coefficients(&gx);
                    let (support2, c2): (Vec<u32>, Vec<Rat>) =
                        support.iter().zip(c).filter(|(_, v)| !v.is_zero()).map(|(k, v)| (*k, v)).unzip();
                    let poly = Poly { support: support2, c: c2 };
                    if !signed && (0..=top).any(|o| poly.eval(o).is_negative()) {
                        continue;
                    }
                    let (vals, fails) = values_at(m, len, &poly, all)?;
                    if fails.is_empty() {
                        done = Some(Piece { poly, values: vals });
                        break;
                    }
                    last_fails = fails;
                }
                if let Some(p) = done {
                    out = Some(Attempt::Head(p));
                    break;
                }
                let new: Vec<u32> =
                    last_fails.iter().map(|f| f.1).filter(|h| !hs.contains(h)).take(ADD_PER_ROUND).collect();
                if new.is_empty() {
                    // HiGHS called it feasible but no exact head came out: perhaps it is not.
                    out = Some(refute(m, len, top, &hs, support, signed, &card, stats).map_err(|e| {
                        e.map_message(|e| {
                            format!("HiGHS found the LP feasible but no exact head passed ({e})")
                        })
                    })?);
                    break;
                }
                hs.extend(new);
                hs.sort_unstable();
            }
        }
    }
    stats.seconds += t0.elapsed().as_secs_f64();
    out.ok_or_else(|| Error::Input(format!("no exact answer after {MAX_ROUNDS} rounds of row generation")))
}

#[allow(clippy::too_many_arguments)]
fn refute(
    m: u32,
    len: u32,
    top: u32,
    hs: &[u32],
    support: &[u32],
    signed: bool,
    card: &crate::formulate::poly::Cardinal,
    stats: &mut Stats,
) -> Result<Attempt, Error> {
    let names = row_names(m, len, top, hs, signed);
    stats.lps += 1;
    let y = farkas_lp(card, &names, LP_SECONDS)?;
    exact_farkas(&names, support, &y)
        .map(Attempt::Refuted)
        .ok_or_else(|| Error::Unknown("the Farkas hint did not repair to exact multipliers".to_string()))
}

/// `0..=d`.
pub fn degree_support(d: u32) -> Vec<u32> {
    (0..=d).collect()
}

/// The smallest degree with a head: the head's piece, the refutation of the degree below
/// (absent when the degree is 0), and the work done.
#[derive(Clone, Debug)]
pub struct DegreeResult {
    pub degree: u32,
    pub piece: Piece,
    pub refutation: Option<Multipliers>,
    /// Why the degree below could not be settled (then `degree` is an upper bound on the
    /// smallest degree, not proven the smallest; `refutation` is `None`).
    pub unsettled: Option<String>,
    pub stats: Stats,
}

/// The smallest degree of a polynomial for the query weights `all` (overlaps `0..=top`),
/// searched from `start` down (after a head) or up (after a refutation); feasibility is
/// monotone in the support, so a head at `d` and a refutation at `d − 1` settle it. `known`
/// is a refutation already in hand for the support `0..=known.0`, used instead of solving.
pub fn min_degree(
    m: u32,
    len: u32,
    top: u32,
    all: &[u32],
    signed: bool,
    start: u32,
    known: Option<(u32, Multipliers)>,
) -> Result<DegreeResult, Error> {
    let mut stats = Stats::default();
    let mut d = start.min(top);
    let mut head: Option<(u32, Piece)> = None;
    let mut refuted: Option<(u32, Multipliers)> = None;
    // A degree HiGHS could not settle exactly (neither a head nor a refutation passed).
    let mut unsettled: Option<(u32, String)> = None;
    loop {
        let answer = match &known {
            Some((kd, y)) if *kd == d => Attempt::Refuted(y.clone()),
            _ => match attempt(m, len, top, all, &degree_support(d), signed, &mut stats) {
                Ok(a) => a,
                // Unknown at d: a head at a larger degree is still a certified upper bound,
                // only not proven of the smallest degree.
                Err(e) if head.is_none() && d < top => {
                    unsettled = Some((d, e.to_string()));
                    d += 1;
                    continue;
                }
                Err(e) => return Err(e),
            },
        };
        match answer {
            Attempt::Head(p) => {
                head = Some((d, p));
                if d == 0
                    || refuted.as_ref().is_some_and(|r| r.0 + 1 == d)
                    || unsettled.as_ref().is_some_and(|u| u.0 + 1 == d)
                {
                    break;
                }
                d -= 1;
            }
            Attempt::Refuted(y) => {
                refuted = Some((d, y));
                if head.as_ref().is_some_and(|h| h.0 == d + 1) {
                    break;
                }
                if d == top {
                    return Err(Error::Input(format!("no degree up to {top} gave a head")));
                }
                d += 1;
            }
        }
    }
    let (degree, piece) = head.expect("found");
    let refutation = refuted.filter(|(rd, _)| rd + 1 == degree).map(|(_, y)| y);
    let unsettled = unsettled.filter(|(ud, _)| ud + 1 == degree).map(|(_, e)| e);
    Ok(DegreeResult { degree, piece, refutation, unsettled, stats })
}

/// One query weight of a per-weight kernel (with `h⁺` when `h < m`).
#[derive(Clone, Debug)]
pub struct WeightResult {
    pub h: u32,
    pub superset: bool,
    pub result: DegreeResult,
}

/// The smallest degree of `f_h` at query weight `h`, searched from `start`.
pub fn per_weight_degree(m: u32, len: u32, h: u32, signed: bool, start: u32) -> Result<WeightResult, Error> {
    let result = min_degree(m, len, h, &[h], signed, start, None).at(&format!("h = {h}"))?;
    Ok(WeightResult { h, superset: h < m, result })
}

/// The smallest degree of a shared polynomial over `m` bits, searched from `start`.
pub fn shared_degree(
    m: u32,
    len: u32,
    signed: bool,
    start: u32,
    known: Option<(u32, Multipliers)>,
) -> Result<DegreeResult, Error> {
    let all: Vec<u32> = (0..=m).collect();
    min_degree(m, len, m, &all, signed, start, known).at(&format!("m = {m}"))
}

/// The head certificate of a kernel: `polys` (one, or one per `h = 0..=m`) and the values of
/// every query weight; checked before it is returned.
pub fn head_certificate(
    m: u32,
    len: u32,
    class: KernelClass,
    signed: bool,
    polys: Vec<Poly>,
    values: &BTreeMap<u32, Vec<Rat>>,
) -> Result<Checked<PolyHead>, Error> {
    if m == 0 || m > MAX_POLY_M {
        return Err(Error::Input(format!("m = {m} is outside 1..={MAX_POLY_M}")));
    }
    let kernel = Kernel { m, class, polys };
    let values: Vec<ClassValues> = (0..=m)
        .map(|h| {
            values
                .get(&h)
                .map(|s| ClassValues { h, s: s.iter().map(fmt_q).collect() })
                .ok_or_else(|| Error::Input(format!("no values for h = {h}")))
        })
        .collect::<Result<_, _>>()?;
    let err = head_error(&kernel, len, &values)
        .map_err(|e| Error::Unknown(format!("unknown: the exact head fails ({e})")))?;
    let levels = rank_levels(&kernel);
    let rank = rank_of(&levels);
    let value_dim = minip_check::check::poly::values_dim(m, &values, &mut u128::MAX.clone())
        .map_err(|e| Error::Unknown(format!("unknown: the value dimension ({e})")))?;
    let state = minip_check::model::value::state_size(&rank, &value_dim);
    let cert = PolyHead {
        format: POLY_HEAD_FORMAT.into(),
        params: PolyParams { m, kernel: class.name().into(), signed, n: len },
        polys: kernel
            .polys
            .iter()
            .enumerate()
            .map(|(i, p)| PolyCoeffs {
                h: (class == KernelClass::PerWeight).then_some(i as u32),
                support: p.support.clone(),
                c: p.c.iter().map(fmt_q).collect(),
            })
            .collect(),
        values,
        max_error: fmt_q(&err),
        levels: levels.iter().map(|l| LevelRank { j: l.j, dim: l.dim.to_string(), rank: l.rank }).collect(),
        rank: rank.to_string(),
        value_dim: Some(value_dim.to_string()),
        state: Some(state.to_string()),
    };
    Checked::new(cert, &Context::default())
        .map_err(|e| Error::Unknown(format!("unknown: the head failed the checker ({e})")))
}

/// One refutation entry from exact multipliers.
pub fn refutation(h: Option<u32>, support: &[u32], y: &Multipliers) -> Refutation {
    let multipliers = y
        .iter()
        .map(|(name, v)| match *name {
            RowName::Pair { h, c1, c2, side, .. } => PolyMultiplier {
                h: Some(h),
                classes: Some([c1, c2]),
                side: Some(side.name().into()),
                nn: None,
                y: fmt_q(v),
            },
            RowName::Nn { o } => {
                PolyMultiplier { h: None, classes: None, side: None, nn: Some(o), y: fmt_q(v) }
            }
        })
        .collect();
    Refutation { h, support: support.to_vec(), multipliers }
}

/// A refutation file; checked before it is returned.
pub fn none_certificate(
    m: u32,
    len: u32,
    class: KernelClass,
    signed: bool,
    refutations: Vec<Refutation>,
) -> Result<Checked<PolyNone>, Error> {
    let cert = PolyNone {
        format: POLY_NONE_FORMAT.into(),
        params: PolyParams { m, kernel: class.name().into(), signed, n: len },
        refutations,
    };
    Checked::new(cert, &Context::default())
        .map_err(|e| Error::Unknown(format!("unknown: the refutation failed the checker ({e})")))
}

/// A shared head of the smallest degree with its refutation, both checked.
pub fn shared_certificates(
    m: u32,
    len: u32,
    signed: bool,
    r: &DegreeResult,
) -> Result<(Checked<PolyHead>, Option<Checked<PolyNone>>), Error> {
    let head =
        head_certificate(m, len, KernelClass::Shared, signed, vec![r.piece.poly.clone()], &r.piece.values)?;
    let none = match &r.refutation {
        Some(y) => Some(none_certificate(
            m,
            len,
            KernelClass::Shared,
            signed,
            vec![refutation(None, &degree_support(r.degree - 1), y)],
        )?),
        None => None,
    };
    Ok((head, none))
}

/// A per-weight head over `m` bits from the per-`h` results (`ws[h]` for `h = 0..=m`, each
/// solved with `h⁺` exactly when `h < m`), with the refutations of every smaller degree.
pub fn per_weight_certificates(
    m: u32,
    len: u32,
    signed: bool,
    ws: &[&WeightResult],
) -> Result<(Checked<PolyHead>, Option<Checked<PolyNone>>), Error> {
    if ws.len() != m as usize + 1
        || ws.iter().enumerate().any(|(h, w)| w.h != h as u32 || w.superset != (w.h < m))
    {
        return Err(Error::Input(format!("per-weight results do not match m = {m}")));
    }
    let polys = ws.iter().map(|w| w.result.piece.poly.clone()).collect();
    let values: BTreeMap<u32, Vec<Rat>> =
        ws.iter().map(|w| (w.h, w.result.piece.values[&w.h].clone())).collect();
    let head = head_certificate(m, len, KernelClass::PerWeight, signed, polys, &values)?;
    let refs: Vec<Refutation> = ws
        .iter()
        .filter_map(|w| {
            w.result
                .refutation
                .as_ref()
                .map(|y| refutation(Some(w.h), &degree_support(w.result.degree - 1), y))
        })
        .collect();
    let none = if refs.is_empty() {
        None
    } else {
        Some(none_certificate(m, len, KernelClass::PerWeight, signed, refs)?)
    };
    Ok((head, none))
}

/// A sparse shared support: the best support found, its head, refutations of supports
/// tried without success, and whether they prove the support inclusion-minimal.
#[derive(Clone, Debug)]
pub struct SparseResult {
    pub support: Vec<u32>,
    pub piece: Piece,
    pub refuted: Vec<(Vec<u32>, Multipliers)>,
    /// Every support obtained by dropping one element lies inside a refuted one.
    pub minimal: bool,
    pub stats: Stats,
}

/// `Σ_{k ∈ S} C(m,k)` as a float, for ordering candidates (the certificate states the exact rank).
fn cost(m: u32, s: &[u32]) -> f64 {
    s.iter().map(|&k| minip_check::model::kernel::binom(m as i64, k as i64) as f64).sum()
}

/// Searches shared supports below the rank of `dense` (the smallest degree's head):
/// first `0..=a` together with the top `b` values `m−b+1..=m` (cheap, since
/// `C(m,k) = C(m,m−k)`), in increasing rank, then drops elements greedily, most expensive
/// first. Every support kept has a head; every support given up has a refutation. At most
/// `max_attempts` supports are decided. Minimality is inclusion-minimality only (no other
/// support of smaller rank is excluded).
pub fn sparse_shared(
    m: u32,
    len: u32,
    signed: bool,
    dense: &DegreeResult,
    max_attempts: usize,
) -> Result<SparseResult, Error> {
    let all: Vec<u32> = (0..=m).collect();
    let mut stats = Stats::default();
    let mut best: (Vec<u32>, Piece) = (dense.piece.poly.support.clone(), dense.piece.clone());
    let mut refuted: Vec<(Vec<u32>, Multipliers)> = Vec::new();
    let mut tries = 0;
    let covered = |s: &[u32], refuted: &[(Vec<u32>, Multipliers)]| {
        refuted.iter().any(|(r, _)| s.iter().all(|k| r.contains(k)))
    };
    // 1. Low block plus top block.
    let d = dense.degree;
    let mut cands: Vec<Vec<u32>> = Vec::new();
    for a in 0..d {
        for b in 1..=(m / 2).saturating_sub(a) {
            let s: Vec<u32> = (0..=a).chain(m + 1 - b..=m).collect();
            if cost(m, &s) < cost(m, &best.0) {
                cands.push(s);
            }
        }
    }
    cands.sort_by(|x, y| cost(m, x).total_cmp(&cost(m, y)).then(x.cmp(y)));
    for s in cands {
        if tries >= max_attempts || cost(m, &s) >= cost(m, &best.0) {
            break;
        }
        if covered(&s, &refuted) {
            continue;
        }
        tries += 1;
        match attempt(m, len, m, &all, &s, signed, &mut stats)? {
            Attempt::Head(p) => best = (p.poly.support.clone(), p),
            Attempt::Refuted(y) => refuted.push((s, y)),
        }
    }
    // 2. Greedy drops, most expensive first, until none helps.
    loop {
        let mut order = best.0.clone();
        order.sort_by(|x, y| cost(m, &[*y]).total_cmp(&cost(m, &[*x])).then(y.cmp(x)));
        let mut improved = false;
        for k in order {
            let s: Vec<u32> = best.0.iter().copied().filter(|&j| j != k).collect();
            if covered(&s, &refuted) {
                continue;
            }
            if tries >= max_attempts {
                break;
            }
            tries += 1;
            match attempt(m, len, m, &all, &s, signed, &mut stats)? {
                Attempt::Head(p) => {
                    best = (p.poly.support.clone(), p);
                    improved = true;
                    break;
                }
                Attempt::Refuted(y) => refuted.push((s, y)),
            }
        }
        if !improved {
            break;
        }
    }
    let minimal = best.0.iter().all(|&k| {
        let s: Vec<u32> = best.0.iter().copied().filter(|&j| j != k).collect();
        covered(&s, &refuted)
    });
    Ok(SparseResult { support: best.0, piece: best.1, refuted, minimal, stats })
}
