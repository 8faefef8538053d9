//! The per-`m` search for the best certified rank bound (docs/math.md §5): for every shape
//! `(h, lo, hi)` in `m` bits it tries the constructions (greedy packing and shortened
//! Golay words and Hadamard rows under the complement construction) and the exact varisat search, prices
//! each code with the exact forced ratios `R(lo, o; h)` of `crate::amplify`, and
//! certifies the best as a `minip-rank/1` certificate that has passed `check_rank`.
//!
//! Deterministic: the SAT budget counts proof clauses, not seconds (`crate::solve::sat`), so
//! the same budget gives the same codes on any machine under any load (a larger budget can
//! only find more).

use crate::certify::ratio::forced_ratio;
use crate::codes::{complement_code, greedy_packing, hadamard_words, shortened_golay};
use crate::control::Control;
use crate::error::Error;
use crate::solve::sat;
use minip_check::check::rank_bound::{ceil, delta, entrywise_value, lemma_value, rank_bound, strict_bound};
use minip_check::check::{class_label, Checked, Context};
use minip_check::format::rank::{Maximal, RankCertificate, RankClass, RankCode, RankParams, RANK_FORMAT};
use minip_check::format::ratio::RatioCertificate;
use minip_check::model::code::{bits, Code, Shape};
use minip_check::rational::{fmt_q, Rat};
use num_traits::{Signed, Zero};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The default SAT budget per `m`, in proof clauses: on the reference machine (2-core AMD
/// EPYC) about what the searches of `m = 11` did in the former 10-second budget.
pub const DEFAULT_SAT_BUDGET: u64 = 200_000;

/// What to search.
#[derive(Clone, Debug)]
pub struct RankJob {
    pub n: u32,
    pub eps: Rat,
    /// Largest query weight tried.
    pub h_max: u32,
    /// Budget of the SAT search of one `m` (all its shapes together), in clauses added to
    /// the proofs (about one per conflict); 0: constructions only.
    pub sat_budget: u64,
    /// SAT searches only for `m` up to this (the formula grows like `k²m`).
    pub sat_m_max: u32,
    /// Largest constant-weight word list enumerated by the greedy packing.
    pub greedy_words_max: u64,
    /// Choose codes by the uniform bound `⌈k/(1+(k−1)δ²)⌉` of docs/math.md §5.4 instead of the
    /// entrywise one (the certificate states and checks both either way).
    pub uniform: bool,
}

impl RankJob {
    pub fn new(n: u32, eps: Rat) -> RankJob {
        RankJob {
            n,
            eps,
            h_max: 16,
            sat_budget: DEFAULT_SAT_BUDGET,
            sat_m_max: 12,
            greedy_words_max: 3_000_000,
            uniform: false,
        }
    }
}

/// Exact forced ratios, computed once per `(h, lo, class, superset)` and shared across
/// threads. For `m` bits the LP has the class `h⁺` exactly when `m > h` (docs/math.md §4.3).
pub struct Ratios {
    n: u32,
    eps: Rat,
    #[allow(clippy::type_complexity)]
    cache: Mutex<BTreeMap<(u32, u32, u32, bool), Result<(Rat, RatioCertificate), Error>>>,
}

impl Ratios {
    pub fn new(n: u32, eps: Rat) -> Ratios {
        Ratios { n, eps, cache: Mutex::new(BTreeMap::new()) }
    }
    /// `R(lo, class; h)` with its checked certificate, in `m` bits (`class = h + 1` is `h⁺`).
    pub fn get(&self, m: u32, h: u32, lo: u32, class: u32) -> Result<(Rat, RatioCertificate), Error> {
        let sup = m > h;
        if let Some(r) = self.cache.lock().expect("ratio cache").get(&(h, lo, class, sup)) {
            return r.clone();
        }
        let r = forced_ratio(self.n, &self.eps, h, lo, class, sup).and_then(|c| {
            Ok((
                c.claim().value().cloned().ok_or_else(|| Error::Input("no finite ratio".into()))?,
                c.into_cert(),
            ))
        });
        self.cache.lock().expect("ratio cache").insert((h, lo, class, sup), r.clone());
        r
    }
    /// The classes an off-diagonal entry of shape `(m, h, ·, hi)` can fall in: `hi..=h`, and
    /// `h⁺` when `m > h`.
    pub fn classes(m: u32, h: u32, hi: u32) -> impl Iterator<Item = u32> {
        hi..=h + u32::from(m > h)
    }
    /// `δ = max 1/R(lo, c; h)` over the classes a shape allows.
    pub fn delta(&self, m: u32, h: u32, lo: u32, hi: u32) -> Result<Rat, Error> {
        let rs: Vec<Rat> =
            Self::classes(m, h, hi).map(|c| self.get(m, h, lo, c).map(|r| r.0)).collect::<Result<_, _>>()?;
        delta(&rs).map_err(Error::from)
    }
}

/// A code found for a shape, before certification.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub construction: &'static str,
    pub code: Code,
    /// Proof that no code of `k + 1` pairs has this shape.
    pub refuted: Option<(usize, Vec<u8>)>,
}

/// The best certified bound for one `m`.
#[derive(Clone, Debug)]
pub struct RankResult {
    pub m: u32,
    pub cert: Checked<RankCertificate>,
    /// The maximality proof the certificate refers to: `(file name, DRAT text)`.
    pub proof: Option<(String, Vec<u8>)>,
    /// SAT searches cut by the budget.
    pub sat_out_of_budget: usize,
}

fn binom(m: u32, h: u32) -> u64 {
    (0..h as u64).fold(1u64, |c, i| c.saturating_mul(m as u64 - i) / (i + 1))
}

/// Largest code kept by a construction.
const CODE_CAP: usize = 3000;

/// The constructions for `m`: shortened Golay words and greedy packings, complemented
/// (`lo = 0`, `hi = h − λ`); a greedy packing is skipped when its shape cannot beat the
/// best bound found so far, and stops once more pairs cannot raise its bound.
fn constructions(job: &RankJob, ratios: &Ratios, m: u32) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut floor = 0u64;
    let push = |out: &mut Vec<Candidate>, floor: &mut u64, c: Candidate| {
        if let Some((b, _)) = price(job, ratios, &c.code) {
            *floor = (*floor).max(b);
        }
        out.push(c);
    };
    for h in [8, 12] {
        if h <= job.h_max {
            let words = shortened_golay(m, h);
            if words.len() >= 2 {
                if let Ok(code) = complement_code(m, h, &words) {
                    push(&mut out, &mut floor, Candidate { construction: "golay", code, refuted: None });
                }
            }
        }
    }
    for order in [4usize, 8, 12, 16, 20, 24, 32] {
        let words = hadamard_words(order, m);
        if words.len() >= 2 && (order / 2) as u32 <= job.h_max {
            if let Ok(code) = complement_code(m, (order / 2) as u32, &words) {
                push(&mut out, &mut floor, Candidate { construction: "hadamard", code, refuted: None });
            }
        }
    }
    // Most promising shapes first: smallest δ.
    let mut shapes: Vec<(Rat, u32, u32)> = Vec::new();
    for h in 1..=m.min(job.h_max) {
        if binom(m, h) > job.greedy_words_max {
            continue;
        }
        for lambda in 0..h {
            if let Ok(d) = ratios.delta(m, h, 0, h - lambda) {
                shapes.push((d, h, lambda));
            }
        }
    }
    shapes.sort();
    for (_, h, lambda) in shapes {
        if ceiling(job, ratios, m, h, 0, h - lambda).is_some_and(|c| c <= floor) {
            continue;
        }
        let words = greedy_packing(m, h, lambda, CODE_CAP);
        if !words.is_empty() {
            if let Ok(code) = complement_code(m, h, &words) {
                push(&mut out, &mut floor, Candidate { construction: "greedy", code, refuted: None });
            }
        }
    }
    out
}

/// The classes of a code's off-diagonal entries with their ratios and counts.
fn priced_classes(ratios: &Ratios, code: &Code) -> Option<Vec<(u32, Rat, u64)>> {
    let s = code.shape;
    code.class_counts()
        .into_iter()
        .map(|(c, n)| ratios.get(s.m, s.h, s.lo, c).ok().map(|r| (c, r.0, n)))
        .collect()
}

/// The bound a certificate states for these classes: `δ` over the classes that occur,
/// the entrywise value, and the strict form `⌊value⌋ + 1` when `k ≥ 2` (docs/math.md §5.5;
/// `check_rank` checks the precondition).
fn bounds(k: usize, classes: &[(u32, Rat, u64)]) -> Option<(Rat, Rat, u64, bool)> {
    if classes.iter().any(|c| !c.1.is_positive()) {
        return None;
    }
    let d = if classes.is_empty() {
        Rat::zero()
    } else {
        delta(&classes.iter().map(|c| c.1.clone()).collect::<Vec<_>>()).ok()?
    };
    let pairs: Vec<(Rat, u64)> = classes.iter().map(|c| (c.1.clone(), c.2)).collect();
    let value = entrywise_value(k, &pairs);
    let strict = k >= 2;
    let bound = if strict { strict_bound(&value) } else { ceil(&value) };
    Some((d, value, bound, strict))
}

/// Prices a code: its certified bound and `δ` (None without ratios).
fn price(job: &RankJob, ratios: &Ratios, code: &Code) -> Option<(u64, Rat)> {
    let (d, _, bound, _) = bounds(code.len(), &priced_classes(ratios, code)?)?;
    if job.uniform {
        return Some((rank_bound(code.len(), &d), d));
    }
    Some((bound, d))
}

/// An upper bound on the bound of any code of shape `(m, h, lo, hi)`: every entry is at
/// least `1/R_max` (the largest ratio of the classes the shape allows), so the value is
/// `< R_max²` and the strict bound at most `⌈R_max²⌉`.
fn ceiling(job: &RankJob, ratios: &Ratios, m: u32, h: u32, lo: u32, hi: u32) -> Option<u64> {
    if job.uniform {
        return ratios.delta(m, h, lo, hi).ok().map(|d| rank_bound(1 << 24, &d));
    }
    let top = Ratios::classes(m, h, hi)
        .map(|c| ratios.get(m, h, lo, c).ok().map(|r| r.0))
        .collect::<Option<Vec<Rat>>>()?
        .into_iter()
        .max()?;
    Some(ceil(&(&top * &top)))
}

/// SAT searches over every shape of `m` whose best possible bound (`< 1/δ²`, and `≤ k`)
/// could beat `floor`, most promising first, within the budget.
fn sat_candidates(
    job: &RankJob,
    ratios: &Ratios,
    m: u32,
    floor: u64,
    ctl: &Control,
) -> (Vec<Candidate>, usize) {
    let budget = sat::Budget::new(Some(job.sat_budget)).with_control(ctl);
    let mut shapes: Vec<(Rat, Shape)> = Vec::new();
    for h in 1..=m.min(job.h_max) {
        for lo in 0..h {
            for hi in lo + 1..=h {
                let Ok(s) = Shape::new(m, h, lo, hi) else { continue };
                let Ok(d) = ratios.delta(m, h, lo, hi) else { continue };
                // The bound is < 1/δ² + 1; skip shapes that cannot beat the floor.
                if d > Rat::from_integer(0.into()) && rank_bound(1 << 20, &d) <= floor {
                    continue;
                }
                shapes.push((d, s));
            }
        }
    }
    shapes.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut out = Vec::new();
    let mut timeouts = 0;
    for (_, s) in shapes {
        if budget.stopped() {
            break;
        }
        if budget.left() == 0 {
            timeouts += 1;
            continue;
        }
        match sat::search(s, 1, 1 << 12, &budget) {
            Ok(r) => {
                if r.out_of_budget {
                    timeouts += 1;
                }
                if let Some(code) = r.best {
                    let refuted = r.refuted.filter(|(k, _)| *k == code.len() + 1);
                    out.push(Candidate { construction: "sat", code, refuted });
                }
            }
            Err(_) => timeouts += 1,
        }
    }
    (out, timeouts)
}

/// Builds and checks the certificate for a candidate.
/// The name of the maximality proof of the certificate for `m` (beside `mMM.json`).
pub fn proof_name(m: u32) -> String {
    format!("m{m:02}.maximal.drat")
}

/// A proof file: its name (as the certificate refers to it) and its bytes.
pub type ProofFile = (String, Vec<u8>);

/// Builds and checks the certificate for a candidate; returns it with its proof file.
pub fn certify(
    job: &RankJob,
    ratios: &Ratios,
    cand: &Candidate,
) -> Result<(Checked<RankCertificate>, Option<ProofFile>), Error> {
    let s = cand.code.shape;
    let mut certs = Vec::new();
    let mut classes = Vec::new();
    let mut priced = Vec::new();
    for (c, n) in cand.code.class_counts() {
        let (r, cert) = ratios.get(s.m, s.h, s.lo, c)?;
        classes.push(RankClass { class: class_label(s.h, c), entries: n, ratio: fmt_q(&r) });
        priced.push((c, r, n));
        certs.push(cert);
    }
    let k = cand.code.len();
    let (d, value, bound, strict) = bounds(k, &priced)
        .ok_or_else(|| Error::Input("a forced ratio of the code is not positive".into()))?;
    let bits = |v: &[u64]| v.iter().map(|&w| bits(w, s.m)).collect();
    let cert = RankCertificate {
        format: RANK_FORMAT.into(),
        params: RankParams { n: job.n, eps: fmt_q(&job.eps), m: s.m, h: s.h, lo: s.lo, hi: s.hi },
        construction: cand.construction.into(),
        code: RankCode { x: bits(&cand.code.x), y: bits(&cand.code.y) },
        classes,
        ratios: certs,
        k,
        delta: fmt_q(&d),
        uniform_value: fmt_q(&lemma_value(k, &d)),
        uniform_bound: rank_bound(k, &d),
        value: fmt_q(&value),
        bound,
        strict,
        maximal: cand.refuted.as_ref().map(|(kk, _)| Maximal {
            refuted: *kk,
            proof_format: "drat-binary".into(),
            proof: proof_name(s.m),
        }),
    };
    let proof = cand.refuted.as_ref().map(|(_, p)| (proof_name(s.m), p.clone()));
    let ctx = Context { dir: None, files: proof.iter().cloned().collect() };
    Ok((Checked::new(cert, &ctx)?, proof))
}

/// Order of preference: larger bound, then a code proved maximal for its shape, then
/// constructions before SAT codes (so that a SAT search cut by the budget changes the
/// answer only when it raises the bound), then smaller code and `(h, lo, hi)`.
fn better(a: &(u64, &Candidate), b: &(u64, &Candidate)) -> bool {
    let key = |x: &(u64, &Candidate)| {
        let s = x.1.code.shape;
        (
            std::cmp::Reverse(x.0),
            x.1.refuted.is_none(),
            x.1.construction == "sat",
            x.1.code.len(),
            s.h,
            s.lo,
            s.hi,
            x.1.construction,
        )
    };
    key(a) < key(b)
}

/// The best certified bound for `m` (constructions first, then SAT above their best).
pub fn best_for_m(job: &RankJob, ratios: &Ratios, m: u32) -> Result<RankResult, Error> {
    best_for_m_until(job, ratios, m, &Control::new())
}

/// `best_for_m`; when `ctl` is abandoned (`Control::abandon`) the SAT search ends at its next
/// proof write and the item with `Err` (its result is not wanted).
fn best_for_m_until(job: &RankJob, ratios: &Ratios, m: u32, ctl: &Control) -> Result<RankResult, Error> {
    let mut cands = constructions(job, ratios, m);
    let floor = cands.iter().filter_map(|c| price(job, ratios, &c.code).map(|p| p.0)).max().unwrap_or(0);
    let mut timeouts = 0;
    if m <= job.sat_m_max && job.sat_budget > 0 {
        let (sat, t) = sat_candidates(job, ratios, m, floor.saturating_sub(1), ctl);
        timeouts = t;
        cands.extend(sat);
    }
    if ctl.is_abandoned() {
        return Err(Error::Input(format!("m = {m}: interrupted")));
    }
    let mut best: Option<(u64, &Candidate)> = None;
    for c in &cands {
        if let Some((b, _)) = price(job, ratios, &c.code) {
            if best.as_ref().is_none_or(|cur| better(&(b, c), cur)) {
                best = Some((b, c));
            }
        }
    }
    // m = 1..: a single pair always exists (k = 1 gives r ≥ 1) when h ≥ 1 and m ≥ 1.
    let (_, cand) = best.ok_or_else(|| Error::Input(format!("m = {m}: no code found")))?;
    let (cert, proof) = certify(job, ratios, cand)?;
    Ok(RankResult { m, cert, proof, sat_out_of_budget: timeouts })
}

/// Every `m` in order; rayon across `m` (and the ratio cache shared).
pub fn run(job: &RankJob, ms: &[u32], ctl: &Control) -> Vec<Result<RankResult, Error>> {
    let ratios = Ratios::new(job.n, job.eps.clone());
    // Ratios first (shared by every m), in parallel: for each h the LP without the class
    // h⁺ (m = h) and with it (m > h), as the m asked for need.
    let m_max = ms.iter().copied().max().unwrap_or(0);
    let mut jobs: Vec<(u32, u32, u32, u32)> = Vec::new();
    for h in 1..=job.h_max.min(m_max) {
        for m in [h, h + 1] {
            if (m == h && ms.contains(&h)) || (m > h && m_max > h) {
                for lo in 0..h {
                    for c in lo + 1..=h + u32::from(m > h) {
                        jobs.push((m, h, lo, c));
                    }
                }
            }
        }
    }
    // Two steps, each with its own meter: the ratios (many short LPs), then the codes per m.
    let lps = ctl.meter(jobs.len() as u64, "ratios");
    jobs.par_iter().for_each(|&(m, h, lo, c)| {
        if !ctl.is_stopped() {
            let _ = ratios.get(m, h, lo, c);
        }
        lps.inc(1);
    });
    lps.finish();
    let bar = ctl.meter(ms.len() as u64, "m");
    let mut order: Vec<u32> = ms.to_vec();
    order.sort_unstable_by(|a, b| b.cmp(a)); // the slow large m first
    let results: Vec<(u32, Result<RankResult, Error>)> = order
        .par_iter()
        .map(|&m| {
            // After a signal: items not started are skipped (and not counted as done).
            if ctl.is_stopped() {
                return (m, Err(Error::Interrupted(crate::control::NOT_STARTED.to_string())));
            }
            let r = best_for_m_until(job, &ratios, m, ctl);
            bar.inc(1);
            (m, r)
        })
        .collect();
    bar.finish();
    ms.iter().map(|m| results.iter().find(|r| r.0 == *m).expect("every m").1.clone()).collect()
}
