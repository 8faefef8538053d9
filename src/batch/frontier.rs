//! `minip frontier` (docs/frontier.md): per `m`, the certified lower bound on the feature rank
//! and certified upper bounds from overlap-polynomial heads (docs/math.md §10), each class a
//! column.
//!
//! - lower: committed `minip-rank/2` certificates (`proofs/rank/mMM.json`), checked here, and
//!   extended upward: a head over `{0,1}^m` restricted to tokens that vanish outside the
//!   first `m'` coordinates is a head over `{0,1}^{m'}` of no larger rank, so a bound at
//!   `m'` holds at every `m ≥ m'`. The linear-code bounds (`minip rank --linear`) are read the same way
//!   from another directory when its certificates exist.
//! - per_weight: `f_h` of the smallest degree for every query weight (refutations below);
//!   the query weights are shared across `m` (the LP of `h` depends only on whether `h⁺`
//!   exists), solved once in increasing `h`, each search starting at the previous degree;
//! - shared: one `f` of the smallest degree, both sides; the search starts at the largest
//!   per-weight degree, whose refutation is already a shared one (§10.6);
//! - sparse: a shared support found by `certify::poly::sparse_shared`, with refutations;
//! - signed: per-weight polynomials without `f_h ≥ 0` (only `D > 0`). A shared signed
//!   polynomial is no column: every overlap `o` is also a query weight, and `(x, x, x)` with
//!   `|x| = o` forces `f(o) = α(x,x) > 0`, so signed and nonnegative shared heads coincide
//!   (docs/math.md §10.7).

pub use super::committed::Source;
use crate::certify::poly::{
    head_certificate, none_certificate, per_weight_certificates, per_weight_degree, refutation,
    shared_certificates, shared_degree, sparse_shared, DegreeResult, Multipliers, WeightResult,
};
use crate::control::Control;
use crate::error::At;
use crate::error::Error;
use minip_check::check::Checked;
use minip_check::claim::{check_any, Claim};
use minip_check::format::poly::{PolyHead, PolyNone};
use minip_check::model::kernel::KernelClass;
use minip_check::rational::{fmt_q, Rat};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use std::time::Instant;

/// Largest `m` of the frontier (the checker's limit for overlap-polynomial kernels).
pub const MAX_FRONTIER_M: u32 = minip_check::model::kernel::MAX_POLY_M;

/// Which columns to compute.
#[derive(Clone, Debug)]
pub struct FrontierJob {
    pub ms: Vec<u32>,
    /// The sequence length `n ≥ 3`: heads correct on every sequence of length `≤ n`
    /// (docs/math.md §10.10; the class LP has the same rows for every `n`).
    pub n: u32,
    pub per_weight: bool,
    pub shared: bool,
    pub sparse: bool,
    pub signed: bool,
    /// Shared (and signed) columns only for `m` up to this.
    pub shared_m_max: u32,
    /// Sparse column only for `m` up to this.
    pub sparse_m_max: u32,
    /// Supports decided per `m` by the sparse search.
    pub sparse_attempts: usize,
    /// Checked lower bounds by the `m` of their certificate (`read_lower`).
    pub lower: BTreeMap<u32, Lower>,
    /// The same for linear-code certificates (`minip-rank-linear/1`), when present.
    pub lower_linear: BTreeMap<u32, Lower>,
}

/// A lower bound and the `m` of the certificate it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lower {
    pub bound: u64,
    pub from_m: u32,
    pub file: PathBuf,
}

/// A head and the refutation of every smaller degree (or of the supports given up).
#[derive(Clone, Debug)]
pub struct Upper {
    pub head: Checked<PolyHead>,
    pub none: Option<Checked<PolyNone>>,
    /// Shared: the smallest degree; per-weight: the largest `d*(h)`.
    pub degree: u32,
    /// Sparse: the support and whether the refutations make it inclusion-minimal.
    pub support: Option<(Vec<u32>, bool)>,
    /// Query weights whose degree below the head's could not be settled (no refutation;
    /// the head is certified, its degree there not proven the smallest).
    pub unsettled: Vec<u32>,
    pub seconds: f64,
}

/// A searched head read from `proofs/search` (`minip-search-head/1`, docs/math.md §14),
/// checked: its feature dimension and largest error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    pub rank: usize,
    pub max_error: Rat,
    pub file: PathBuf,
    /// Its least value dimension and state `rank·(D + 1)` (docs/math.md §10.11), recomputed.
    pub value_dim: num_bigint::BigInt,
    pub state: num_bigint::BigInt,
}

/// One row of the table; a column is `None` when not asked for, `Some(Err)` when unknown.
#[derive(Clone, Debug)]
pub struct Row {
    pub m: u32,
    pub lower: Option<Lower>,
    pub lower_linear: Option<Lower>,
    pub per_weight: Option<Result<Upper, Error>>,
    pub shared: Option<Result<Upper, Error>>,
    pub sparse: Option<Result<Upper, Error>>,
    pub signed: Option<Result<Upper, Error>>,
    /// The searched head of this `m` with the fewest features, if any (length 3 only).
    pub searched: Option<Searched>,
}

impl Row {
    /// The smallest certified rank among the nonnegative columns and the searched head (a
    /// tie keeps the overlap-polynomial class).
    pub fn best_upper(&self) -> Option<(num_bigint::BigInt, &'static str)> {
        [("per_weight", &self.per_weight), ("shared", &self.shared), ("sparse", &self.sparse)]
            .into_iter()
            .filter_map(|(name, c)| {
                c.as_ref().and_then(|r| r.as_ref().ok()).map(|u| (u.head.claim().rank.clone(), name))
            })
            .chain(self.searched.as_ref().map(|s| (num_bigint::BigInt::from(s.rank), "searched")))
            .min_by(|a, b| a.0.cmp(&b.0))
    }
    /// The least value dimension `D` and the state `r·(D + 1)` of the head of `best_upper`
    /// (docs/math.md §10.11), as the checker recomputed them.
    pub fn best_state(&self) -> Option<(num_bigint::BigInt, num_bigint::BigInt)> {
        let (_, class) = self.best_upper()?;
        if class == "searched" {
            let s = self.searched.as_ref()?;
            return Some((s.value_dim.clone(), s.state.clone()));
        }
        let column = match class {
            "per_weight" => &self.per_weight,
            "shared" => &self.shared,
            _ => &self.sparse,
        };
        let claim = column.as_ref()?.as_ref().ok()?.head.claim();
        Some((claim.value_dim.clone(), claim.state.clone()))
    }
    /// Every column asked for was certified.
    pub fn complete(&self) -> bool {
        [&self.per_weight, &self.shared, &self.sparse, &self.signed]
            .iter()
            .all(|c| c.as_ref().is_none_or(|r| r.is_ok()))
    }
    /// The row is consistent: no lower bound above a certified rank of a nonnegative head
    /// (both are checked claims about the same heads, so this cannot happen unless a claim
    /// was used where it does not apply). A second net behind `applies`: the row is refused
    /// rather than printed. The signed column is no nonnegative head and is not compared.
    pub fn consistent(&self) -> Result<(), Error> {
        let Some((upper, class)) = self.best_upper() else { return Ok(()) };
        for l in [&self.lower, &self.lower_linear].into_iter().flatten() {
            if num_bigint::BigInt::from(l.bound) > upper {
                return Err(Error::Rejected(format!(
                    "m = {}: the lower bound {} (from {}, m = {}) is above the certified upper bound {upper} ({class}): a bound was used outside its claim, nothing is printed",
                    self.m,
                    l.bound,
                    l.file.display(),
                    l.from_m
                )));
            }
        }
        Ok(())
    }
}

/// The tolerance of every frontier entry: the heads are checked at `ε = 1/2` (§10.9), so a
/// lower bound is used only if it holds for heads correct with tolerance 1/2.
pub fn frontier_eps() -> Rat {
    minip_check::rational::q(1, 2)
}

/// Why the lower bounds of a directory could not be read: the message names the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LowerError {
    /// A file that could not be read as a certificate (`FILE: why`).
    Unreadable(String),
    /// A certificate that does not pass its check (`FILE: rejected: why`).
    Rejected(String),
}

impl LowerError {
    /// The message, naming the file.
    pub fn message(&self) -> &str {
        match self {
            LowerError::Unreadable(m) | LowerError::Rejected(m) => m,
        }
    }
}

impl std::fmt::Display for LowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

/// The lower bounds read from one directory, by the `m` of their claim, and the files that
/// were read but skipped, each as one line naming the file and the mismatch.
#[derive(Clone, Debug, Default)]
pub struct LowerBounds {
    pub bounds: BTreeMap<u32, Lower>,
    pub skipped: Vec<String>,
}

/// The certified lower bounds found in `dir`, by `m`: `mMM.json` (`minip-rank/2`, explicit
/// codes) and `n3_mMMM.json` (`minip-rank-linear/1` at length 3; other `n` are skipped, the
/// frontier is about length-3 heads), for `m ≤ max_m` (a bound at `m'` holds for every
/// `m ≥ m'`; larger ones are not read). Each is checked when read; a file that fails its check
/// is an error (`LowerError::Rejected`); a missing directory is no bounds; a file whose claim
/// does not give a bound for the frontier's heads is skipped (`LowerBounds::skipped`, see
/// `applies`).
pub fn read_lower(dir: &Path, max_m: u32) -> Result<LowerBounds, LowerError> {
    read_lower_n(&Source::Dir(dir.to_path_buf()), max_m, 3)
}

/// Whether a checked claim gives a lower bound for the frontier's question at length `n`:
/// every head over `{0,1}^m` correct with tolerance `ε = 1/2` on every sequence of length
/// `≤ n`. `Ok((m', bound))`: the bound holds at every `m ≥ m'`; `Err`: the mismatch, in words.
/// Every parameter comes from the checked claim, never from the file name (`name` only has
/// to agree with it). A claim is used only when it implies the needed one:
///
/// - setting: `minip-rank/2`, `minip-rank-weighted/1`, `minip-rank2-none/1` and `minip-rank-linear/1` claims are about the paper's model
///   (Min-IP, nonnegative kernel, shared maps, all keys: their checkers refuse ratios of any
///   other setting), which is the frontier's; the overlap-polynomial heads of every column are
///   nonnegative heads of that model (the signed column is not compared with lower bounds);
/// - `ε`: a bound for heads with tolerance `ε'` applies at `ε ≤ ε'`, because a head with
///   every error `< ε` has every error `< ε'` (docs/math.md §1.3); so `ε' ≥ 1/2`;
/// - `n`: a head correct on every sequence of length `≤ n` is correct on every length-`n'`
///   sequence for `n' ≤ n` (docs/math.md §10.10), so a rank claim at `n' ≤ n` applies;
///   linear-code claims are read only at `n' = n` (their files are named by `n`);
/// - `m`: a bound at `m'` holds at every `m ≥ m'` by restricting a head to a subcube
///   (docs/math.md §10.8); the row records `from_m` = `m'` and `lower_at` uses it only for
///   rows `m ≥ m'`.
pub fn applies(claim: &Claim, name: (Option<u32>, u32), n: u32) -> Result<(u32, u64), Error> {
    let (name_n, name_m) = name;
    let (cn, eps, cm, bound) = match claim {
        Claim::Rank(c) => (c.n, &c.eps, c.m, c.bound),
        Claim::RankWeighted(c) => (c.n, &c.eps, c.m, c.bound),
        Claim::Rank2None(c) => (c.n, &c.eps, c.m, c.bound),
        Claim::RankLinear(c) => {
            let b = c
                .bound
                .parse::<u64>()
                .map_err(|_| Error::Input(format!("its bound {} is above 2^64", c.bound)))?;
            (c.n, &c.eps, c.m, b)
        }
        other => return Err(Error::Input(format!("not a rank lower bound ({other})"))),
    };
    if cm != name_m {
        return Err(Error::Input(format!("its claim is at m = {cm}, not the m = {name_m} of its file name")));
    }
    if let Some(nn) = name_n.filter(|&nn| nn != cn) {
        return Err(Error::Input(format!("its claim is at n = {cn}, not the n = {nn} of its file name")));
    }
    let need = frontier_eps();
    let e = minip_check::rational::parse_rational(eps).at("eps")?;
    if e < need {
        return Err(Error::Input(format!(
            "its claim is at eps = {eps}, below the frontier's eps = {} (a bound at eps' applies only at eps <= eps')",
            fmt_q(&need)
        )));
    }
    match claim {
        Claim::RankLinear(_) if cn != n => Err(Error::Input(format!(
            "its claim is at n = {cn}; linear-code bounds are read at the frontier's n = {n} only"
        ))),
        Claim::Rank(_) | Claim::RankWeighted(_) | Claim::Rank2None(_) if cn > n => {
            Err(Error::Input(format!(
            "its claim is at n = {cn}, above the frontier's n = {n} (a bound at n' applies only at n >= n')"
        )))
        }
        _ => Ok((cm, bound)),
    }
}

/// `read_lower` for length `n`: `nN_mMMM.json` linear-code certificates whose claim is at
/// length `n`, and `mMM.json` rank certificates whose claim is at a length `≤ n`.
pub fn read_lower_n(dir: &Source, max_m: u32, n: u32) -> Result<LowerBounds, LowerError> {
    let mut out = LowerBounds::default();
    for f in dir.files() {
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let prefix = format!("n{n}_");
        let stem = name.strip_prefix(prefix.as_str()).unwrap_or(name);
        if stem.len() == name.len() && name.starts_with('n') {
            continue; // another length's linear-code certificate
        }
        let name_n = (stem.len() != name.len()).then_some(n);
        // The name selects the files worth reading (and must agree with the claim); the
        // parameters come from the checked claim.
        let Some(m) =
            stem.strip_prefix('m').and_then(|s| s.strip_suffix(".json")).and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        if m > max_m {
            continue;
        }
        let (cert, ctx) =
            dir.read(&f).map_err(|e| LowerError::Unreadable(format!("{}: {e}", f.display())))?;
        let claim = check_any(&cert, &ctx)
            .map_err(|e| LowerError::Rejected(format!("{}: rejected: {e}", f.display())))?;
        match applies(&claim, (name_n, m), n) {
            Ok((from_m, bound)) => {
                let keep = out.bounds.get(&from_m).is_none_or(|l| l.bound < bound);
                if keep {
                    out.bounds.insert(from_m, Lower { bound, from_m, file: f });
                }
            }
            Err(why) => out.skipped.push(format!("{}: skipped: {why}", f.display())),
        }
    }
    Ok(out)
}

/// The best bound at `m` from certificates at `m' ≤ m`.
pub fn lower_at(bounds: &BTreeMap<u32, Lower>, m: u32) -> Option<Lower> {
    bounds
        .range(..=m)
        .map(|(_, l)| l)
        .max_by(|a, b| a.bound.cmp(&b.bound).then(a.from_m.cmp(&b.from_m)))
        .cloned()
}

type Weights = BTreeMap<(u32, bool), Result<WeightResult, Error>>;
/// One entry of [`Weights`]: `(h, h⁺ present)` and its search.
type WeightEntry = ((u32, bool), Result<WeightResult, Error>);

/// Query weights per block of the per-weight searches (blocks run in parallel).
const WEIGHT_BLOCK: usize = 4;

/// Per-weight results for every `(h, h⁺ present)` the rows need. Searches start at the
/// previous weight's degree, or at `hint`'s degree for the same key (the nonnegative
/// results, when solving signed ones).
fn per_weight_all(ms: &[u32], len: u32, signed: bool, hint: Option<&Weights>, ctl: &Control) -> Weights {
    let top = ms.iter().copied().max().unwrap_or(0);
    let mut out = BTreeMap::new();
    let label = if signed {
        "query weights (signed per-weight polynomials)"
    } else {
        "query weights (per-weight polynomials)"
    };
    let bar = ctl.meter(top as u64 + ms.len() as u64, label);
    let hinted = |key: (u32, bool)| {
        hint.and_then(|w| w.get(&key)).and_then(|r| r.as_ref().ok()).map(|w| w.result.degree)
    };
    // The weights `0..top` in fixed blocks of `WEIGHT_BLOCK`, the blocks in parallel: within a
    // block each search starts at the previous weight's degree, the first at `h / 6` (a start
    // only: the search goes up or down from it to the least degree and its refutation, so the
    // results do not depend on the blocks or on the number of threads).
    let blocks: Vec<Vec<WeightEntry>> = {
        use rayon::prelude::*;
        let hs: Vec<u32> = (0..top).collect();
        hs.par_chunks(WEIGHT_BLOCK)
            .map(|block| {
                let mut start = block[0] / 6;
                let mut done = Vec::new();
                for &h in block {
                    if ctl.is_stopped() {
                        break;
                    }
                    let r = per_weight_degree(h + 1, len, h, signed, hinted((h, true)).unwrap_or(start));
                    if let Ok(w) = &r {
                        start = w.result.degree;
                    }
                    done.push(((h, true), r));
                    bar.inc(1);
                }
                done
            })
            .collect()
    };
    out.extend(blocks.into_iter().flatten());
    let tops: Vec<(u32, Result<WeightResult, Error>)> = {
        use rayon::prelude::*;
        ms.par_iter()
            .map(|&m| {
                if ctl.is_stopped() {
                    return (m, Err(Error::Interrupted(crate::control::NOT_STARTED.to_string())));
                }
                let prev = out
                    .get(&(m.saturating_sub(1), true))
                    .and_then(|r| r.as_ref().ok())
                    .map_or(0, |w| w.result.degree);
                let r = per_weight_degree(m, len, m, signed, hinted((m, false)).unwrap_or(prev));
                bar.inc(1);
                (m, r)
            })
            .collect()
    };
    for (m, r) in tops {
        out.insert((m, false), r);
    }
    bar.finish();
    out
}

fn unsettled(ws: &[&WeightResult]) -> Vec<u32> {
    ws.iter().filter(|w| w.result.unsettled.is_some()).map(|w| w.h).collect()
}

fn weights_for(m: u32, pw: &Weights) -> Result<Vec<&WeightResult>, Error> {
    (0..=m)
        .map(|h| match pw.get(&(h, h < m)) {
            Some(Ok(w)) => Ok(w),
            Some(Err(e)) => Err(e.clone()),
            None => Err(Error::Unknown(format!("h = {h} not computed"))),
        })
        .collect()
}

/// The largest per-weight degree over `h ≤ m` and its refutation (of `0..d−1` at that `h`),
/// which is also a refutation for a shared polynomial (§10.6).
fn per_weight_floor(ws: &[&WeightResult]) -> Option<(u32, Option<(u32, Multipliers)>)> {
    let w = ws.iter().max_by(|a, b| a.result.degree.cmp(&b.result.degree).then(b.h.cmp(&a.h)))?;
    let d = w.result.degree;
    Some((d, w.result.refutation.clone().filter(|_| d > 0).map(|y| (d - 1, y))))
}

fn shared_cell(
    m: u32,
    len: u32,
    signed: bool,
    r: Result<DegreeResult, Error>,
    t: Instant,
) -> Result<Upper, Error> {
    let r = r?;
    let (head, none) = shared_certificates(m, len, signed, &r)?;
    Ok(Upper {
        head,
        none,
        degree: r.degree,
        support: None,
        unsettled: if r.unsettled.is_some() { vec![m] } else { Vec::new() },
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// Runs the frontier. Rows come back in the order of `job.ms`; after a signal
/// (a stopped `Control`) only the rows finished. `Err` when a row has a lower bound above a
/// certified upper bound (`Row::consistent`).
pub fn run(job: &FrontierJob, ctl: &Control) -> Result<Vec<Row>, Error> {
    let (lower, lower_linear) = (&job.lower, &job.lower_linear);
    let t0 = Instant::now();
    let pw = if job.per_weight || job.shared || job.signed {
        per_weight_all(&job.ms, job.n, false, None, ctl)
    } else {
        BTreeMap::new()
    };
    let pw_seconds = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let pw_signed =
        if job.signed { per_weight_all(&job.ms, job.n, true, Some(&pw), ctl) } else { BTreeMap::new() };
    let signed_seconds = t1.elapsed().as_secs_f64();
    let bar = ctl.meter(job.ms.len() as u64, "m (heads and refutations)");
    let mut order: Vec<u32> = job.ms.clone();
    order.sort_unstable_by(|a, b| b.cmp(a)); // large m first: they take longest
    let rows: Vec<Row> = {
        use rayon::prelude::*;
        order
            .par_iter()
            .filter(|_| !ctl.is_stopped())
            .map(|&m| {
                let ws = weights_for(m, &pw);
                let per_weight = job.per_weight.then(|| {
                    let t = Instant::now();
                    let ws = ws.clone()?;
                    let (head, none) = per_weight_certificates(m, job.n, false, &ws)?;
                    let degree = ws.iter().map(|w| w.result.degree).max().unwrap_or(0);
                    Ok(Upper {
                        head,
                        none,
                        degree,
                        support: None,
                        unsettled: unsettled(&ws),
                        seconds: pw_seconds + t.elapsed().as_secs_f64(),
                    })
                });
                let in_shared = m <= job.shared_m_max;
                let floor = ws.as_ref().ok().and_then(|w| per_weight_floor(w));
                let shared_result = ((job.shared || job.sparse) && in_shared).then(|| {
                    let t = Instant::now();
                    let (start, known) = floor.clone().unwrap_or((m.div_ceil(4), None));
                    (shared_degree(m, job.n, false, start, known), t)
                });
                let shared = job.shared.then(|| match &shared_result {
                    Some((r, t)) => shared_cell(m, job.n, false, r.clone(), *t),
                    None => Err(Error::Input(format!("not run (m > --shared-m-max {})", job.shared_m_max))),
                });
                let sparse = (job.sparse && m <= job.sparse_m_max).then(|| {
                    let (r, _) =
                        shared_result.as_ref().ok_or_else(|| Error::Input("no shared result".into()))?;
                    let dense = r.as_ref().map_err(|e| e.clone())?;
                    let t = Instant::now();
                    let sp = sparse_shared(m, job.n, false, dense, job.sparse_attempts)?;
                    let head = head_certificate(
                        m,
                        job.n,
                        KernelClass::Shared,
                        false,
                        vec![sp.piece.poly.clone()],
                        &sp.piece.values,
                    )?;
                    let refs: Vec<_> = sp.refuted.iter().map(|(s, y)| refutation(None, s, y)).collect();
                    let none = if refs.is_empty() {
                        None
                    } else {
                        Some(none_certificate(m, job.n, KernelClass::Shared, false, refs)?)
                    };
                    Ok(Upper {
                        head,
                        none,
                        degree: sp.support.last().copied().unwrap_or(0),
                        support: Some((sp.support, sp.minimal)),
                        unsettled: Vec::new(),
                        seconds: t.elapsed().as_secs_f64(),
                    })
                });
                let signed = job.signed.then(|| {
                    let t = Instant::now();
                    let ws = weights_for(m, &pw_signed)?;
                    let (head, none) = per_weight_certificates(m, job.n, true, &ws)?;
                    let degree = ws.iter().map(|w| w.result.degree).max().unwrap_or(0);
                    Ok(Upper {
                        head,
                        none,
                        degree,
                        support: None,
                        unsettled: unsettled(&ws),
                        seconds: signed_seconds + t.elapsed().as_secs_f64(),
                    })
                });
                bar.inc(1);
                Row {
                    m,
                    lower: lower_at(lower, m),
                    lower_linear: lower_at(lower_linear, m),
                    per_weight,
                    shared,
                    sparse,
                    signed,
                    searched: None,
                }
            })
            .collect()
    };
    bar.finish();
    // After a signal the rows not started are missing (the caller says how many are done).
    let by_m: BTreeMap<u32, Row> = rows.into_iter().map(|r| (r.m, r)).collect();
    let rows: Vec<Row> = job.ms.iter().filter_map(|m| by_m.get(m).cloned()).collect();
    for r in &rows {
        r.consistent()?;
    }
    Ok(rows)
}
