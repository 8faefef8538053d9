//! `minip rank` and `minip rank --linear` as requests: the `m` (and `n`) to bound, checked
//! once here for both front ends, then the searches of `crate::certify::rank` (explicit codes,
//! SAT) and `crate::certify::rank_linear` (direct sums of linear codes), and plain results
//! that `crate::print::rank` renders.
//!
//! `rank --linear` is at `ε = 1/2` only (its ratios are closed forms there): the request
//! refuses any other `--eps`, and the job carries no tolerance of its own.

use super::{Control, Error, Values};
use crate::certify::rank::{self as explicit, RankJob, Ratios};
pub use crate::certify::rank::{RankResult, DEFAULT_SAT_BUDGET};
use crate::certify::rank_linear::{self as linear, Library, LinearResult, DIRECT_MAX_M, MAX_M};
use crate::control::NOT_STARTED;
use crate::error::At;
use crate::print::json;
use crate::print::rank::{self as print, Bound, Linear};
use minip_check::rational::{fmt_q, parse_rational, q, Rat};
use std::collections::BTreeMap;
use std::time::Instant;

/// Largest `m` of the explicit-code search (`minip rank` without `--linear`).
pub const EXPLICIT_MAX_M: u32 = 40;
/// Smallest `m` of `rank --linear`.
pub const LINEAR_MIN_M: u32 = 8;
/// Longest sequence length of `rank --linear` (the checker's limit for the paper family).
pub const LINEAR_MAX_N: u32 = minip_check::limits::MAX_N;
/// With `--linear`, the explicit-code method (a column) runs for `m` up to this.
pub const EXPLICIT_COLUMN_MAX_M: u32 = 24;

/// The tolerance of `rank --linear`: its ratios are the closed forms at `ε = 1/2`.
fn linear_eps() -> Rat {
    q(1, 2)
}

/// The results of the items that were run, with their keys: items a stop left out
/// (`NOT_STARTED`) are dropped.
fn started<K, R>(
    keys: impl IntoIterator<Item = K>,
    results: Vec<Result<R, Error>>,
) -> Vec<(K, Result<R, Error>)> {
    keys.into_iter()
        .zip(results)
        .filter(|(_, r)| !matches!(r, Err(Error::Interrupted(e)) if e == NOT_STARTED))
        .collect()
}

/// `minip rank`: the best certified rank lower bound for each `m` from explicit codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rank {
    /// The `m` to bound, in order (each in `1..=40`).
    pub m: Values,
    /// Sequence length (≥ 3).
    pub n: u32,
    /// Tolerance ε as text (`1/2`).
    pub eps: String,
    /// Largest query weight tried.
    pub h_max: u32,
    /// SAT budget per `m` in proof clauses, as text (an integer ≥ 0; 0: constructions only).
    pub sat_budget: String,
    /// SAT searches only for `m` up to this.
    pub sat_m_max: u32,
    /// Choose codes by the uniform bound instead of the entrywise one.
    pub uniform: bool,
    /// Worker threads (`None`: see [`super::Workers`]).
    pub jobs: Option<usize>,
}

impl Default for Rank {
    /// The command line's defaults (`--m` has none: no `m` yet).
    fn default() -> Rank {
        Rank {
            m: Values::List(Vec::new()),
            n: 3,
            eps: "1/2".into(),
            h_max: 16,
            sat_budget: DEFAULT_SAT_BUDGET.to_string(),
            sat_m_max: 12,
            uniform: false,
            jobs: None,
        }
    }
}

/// A checked `minip rank` request.
#[derive(Clone, Debug)]
pub struct Job {
    ms: Vec<u32>,
    search: RankJob,
    /// ε and the SAT budget as given, for the table.
    eps: String,
    sat_budget: String,
    workers: super::Workers,
}

impl Rank {
    /// Checks every field, and the size of the largest row LP the ratios need (it grows
    /// with `n`), before any work.
    pub fn validate(&self) -> Result<Job, Error> {
        let ms = &self.m.resolve("--m")?;
        if let Some(&m) = ms.iter().find(|&&m| m == 0 || m > EXPLICIT_MAX_M) {
            return Err(if m > EXPLICIT_MAX_M {
                Error::TooLarge(format!("--m: m = {m} is above {EXPLICIT_MAX_M}, the largest m of the explicit-code search; rank --linear certifies even m up to 1024 (e.g. rank --linear --m {})", m.min(256) & !1))
            } else {
                Error::Input(format!("--m: m = 0 is out of range (1..={EXPLICIT_MAX_M})"))
            });
        }
        let eps = parse_rational(&self.eps).at("--eps")?;
        minip_check::check::ratio_instance(self.n, eps.clone(), 1, 0, 1, false)?;
        if self.h_max == 0 {
            return Err(Error::Input("--h-max: need h-max ≥ 1".into()));
        }
        // The largest row LP the ratios need (h up to min(h-max, m), the class h+ when m > h),
        // counted before any is built: its size grows with n.
        let m_max = ms.iter().copied().max().unwrap_or(1);
        let h_top = self.h_max.min(m_max);
        crate::formulate::ratio::check_row_lp_size(self.n, h_top as usize + 1 + usize::from(m_max > h_top))
            .map_err(|e| Error::TooLarge(format!("--n {} with h up to {h_top}: {e}", self.n)))?;
        let budget = self.sat_budget.trim().parse::<u64>().map_err(|_| {
            Error::Input(format!(
                "--sat-budget: malformed number of clauses '{}' (an integer ≥ 0)",
                self.sat_budget
            ))
        })?;
        let mut search = RankJob::new(self.n, eps);
        search.h_max = self.h_max;
        search.sat_budget = budget;
        search.sat_m_max = self.sat_m_max;
        search.uniform = self.uniform;
        Ok(Job {
            ms: ms.clone(),
            search,
            eps: self.eps.clone(),
            sat_budget: self.sat_budget.clone(),
            workers: super::Workers::new(self.jobs)?,
        })
    }
}

/// What `minip rank` found: each `m` that was run, certified or not, in the order asked.
#[derive(Debug)]
pub struct Bounds {
    pub n: u32,
    /// Every `m` run (after a stop, those not started are left out), with its bound or why not.
    pub rows: Vec<(u32, Result<RankResult, Error>)>,
    pub seconds: f64,
    /// `Err(Interrupted)` when a stop left `m` out.
    pub stopped: Result<(), Error>,
    eps: String,
    sat_budget: String,
}

impl Job {
    /// Runs the search of every `m` (in parallel on the request's workers).
    pub fn run(&self, ctl: &Control) -> Bounds {
        let t = Instant::now();
        let results = self.workers.install(|| explicit::run(&self.search, &self.ms, ctl));
        let seconds = t.elapsed().as_secs_f64();
        let rows = started(self.ms.iter().copied(), results);
        let stopped = ctl.stopped_after(rows.len(), self.ms.len(), "m");
        Bounds {
            n: self.search.n,
            rows,
            seconds,
            stopped,
            eps: self.eps.clone(),
            sat_budget: self.sat_budget.clone(),
        }
    }
}

impl Bounds {
    /// Each `m` as an object (what the Python module returns): the bound, its parameters, the
    /// certificate's text and the maximality proof's bytes; or the reason nothing was certified.
    pub fn values(&self) -> Vec<serde_json::Value> {
        use serde_json::json;
        self.rows
            .iter()
            .map(|(m, r)| match r {
                Ok(r) => {
                    let c = &r.cert;
                    let p = &c.params;
                    json!({
                        "m": p.m, "n": p.n, "eps": p.eps, "bound": c.bound, "strict": c.strict, "k": c.k,
                        "h": p.h, "lo": p.lo, "hi": p.hi, "delta": c.delta, "value": c.value,
                        "uniform_bound": c.uniform_bound, "construction": c.construction,
                        "maximal": c.maximal.as_ref().map(|mx| mx.refuted), "sat_out_of_budget": r.sat_out_of_budget,
                        "certificate": json::pretty(c),
                        "proof": r.proof.as_ref().map(|(name, bytes)| json!({"name": name, "bytes": bytes})),
                    })
                }
                Err(e) => json!({ "m": m, "reason": e }),
            })
            .collect()
    }
}

impl Bounds {
    /// The certified bounds, in order.
    pub fn ok(&self) -> Vec<&RankResult> {
        self.rows.iter().filter_map(|(_, r)| r.as_ref().ok()).collect()
    }

    /// The `m` without a certified bound, with the reason.
    pub fn unknown(&self) -> impl Iterator<Item = (u32, &Error)> {
        self.rows.iter().filter_map(|(m, r)| r.as_ref().err().map(|e| (*m, e)))
    }

    /// Writes every certified bound into `dir` (made by `super::gap::out_dir`) as
    /// `mMM.json`, each proof file first: a certificate never refers to a missing file.
    pub fn write(&self, dir: &std::path::Path) -> Result<(), Error> {
        for r in self.ok() {
            if let Some((name, bytes)) = &r.proof {
                crate::print::write_bytes(&dir.join(name), bytes)?;
            }
            crate::print::write_file(&dir.join(format!("m{:02}.json", r.m)), &json::pretty(&r.cert))?;
        }
        Ok(())
    }

    /// 0 when every `m` run was certified, 2 otherwise.
    pub fn exit_code(&self) -> i32 {
        if self.unknown().next().is_some() {
            2
        } else {
            0
        }
    }

    fn bounds(&self) -> Vec<Bound<'_>> {
        self.ok()
            .into_iter()
            .map(|r| Bound { cert: &r.cert, sat_out_of_budget: r.sat_out_of_budget })
            .collect()
    }

    /// The table of the certified bounds.
    pub fn text(&self) -> String {
        print::bounds_table(&self.bounds(), self.n, &self.eps, self.seconds, &self.sat_budget)
    }

    /// One JSON line per certified bound (kind `rank.bound`).
    pub fn json_lines(&self) -> String {
        self.bounds().iter().map(|b| json::record("rank.bound", &print::bound_record(b))).collect()
    }
}

/// `minip rank --linear`: certified bounds from direct sums of linear codes, for every
/// `(m, n)`, next to the explicit-code method where it applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankLinear {
    /// Even `m` as the command line writes them: a value, a range (its even members; above 256
    /// its powers of 2) or a comma list (`64,128,256`, `24..=256`).
    pub m: String,
    /// Sequence lengths: a value, a range or a comma list (one column per `n`).
    pub n: String,
    /// Must be `1/2`: anything else is refused.
    pub eps: String,
    /// Refused: the bound is entrywise.
    pub uniform: bool,
    /// Also run the explicit-code method for `m ≤ 24` (a column of the table).
    pub explicit: bool,
    /// Worker threads (`None`: see [`super::Workers`]).
    pub jobs: Option<usize>,
}

impl Default for RankLinear {
    /// The command line's defaults (`--m` has none: no `m` yet).
    fn default() -> RankLinear {
        RankLinear {
            m: String::new(),
            n: "3".into(),
            eps: "1/2".into(),
            uniform: false,
            explicit: true,
            jobs: None,
        }
    }
}

/// A checked `minip rank --linear` request.
#[derive(Clone, Debug)]
pub struct LinearJob {
    /// Sorted, without repeats.
    pub ms: Vec<u32>,
    /// Sorted, without repeats.
    pub ns: Vec<u32>,
    explicit: bool,
    workers: super::Workers,
}

/// Even `m` from a list of values and ranges: ranges keep their even members, a single odd
/// value is an error.
fn parse_even(s: &str) -> Result<Vec<u32>, Error> {
    let mut v = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        let vals = crate::ranges::parse_range(part)?;
        if !part.contains("..") {
            if let Some(m) = vals.iter().find(|m| *m % 2 == 1) {
                return Err(Error::Input(format!("m = {m} is odd (--linear needs m = 2h)")));
            }
        }
        // Above DIRECT_MAX_M only the extended Hamming codes (m a power of 2) are offered: a
        // range skips the other m, as it skips odd m; a single value is refused below.
        v.extend(
            vals.into_iter().filter(|&m| {
                m % 2 == 0 && (m <= DIRECT_MAX_M || m.is_power_of_two() || !part.contains(".."))
            }),
        );
    }
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

impl RankLinear {
    /// Checks `ε = 1/2`, the lengths and the `m` before any work.
    pub fn validate(&self) -> Result<LinearJob, Error> {
        let eps = parse_rational(&self.eps).at("--eps")?;
        if eps != linear_eps() {
            return Err(Error::Input(format!(
                "--eps {}: --linear needs eps = 1/2 (its ratios are the closed forms at eps = 1/2)",
                fmt_q(&eps)
            )));
        }
        if self.uniform {
            return Err(Error::Input(
                "--uniform: not available with --linear (the bound is entrywise)".into(),
            ));
        }
        let ns = crate::ranges::parse_list(&self.n).at("--n")?;
        if let Some(&n) = ns.iter().find(|&&n| !(3..=LINEAR_MAX_N).contains(&n)) {
            let msg = format!("--n: n = {n} is out of range (3..={LINEAR_MAX_N})");
            return Err(if n > LINEAR_MAX_N { Error::TooLarge(msg) } else { Error::Input(msg) });
        }
        let ms = parse_even(&self.m).at("--m")?;
        if ms.is_empty() || ns.is_empty() {
            return Err(Error::Input("--m, --n: empty".into()));
        }
        if let Some(&m) = ms
            .iter()
            .find(|&&m| !(LINEAR_MIN_M..=MAX_M).contains(&m) || (m > DIRECT_MAX_M && !m.is_power_of_two()))
        {
            let msg = format!(
                "--m: m = {m} is out of range (even m in {LINEAR_MIN_M}..={DIRECT_MAX_M}, then 512 and {MAX_M})"
            );
            return Err(if m > MAX_M { Error::TooLarge(msg) } else { Error::Input(msg) });
        }
        Ok(LinearJob { ms, ns, explicit: self.explicit, workers: super::Workers::new(self.jobs)? })
    }
}

/// What `minip rank --linear` found.
#[derive(Debug)]
pub struct LinearBounds {
    pub ms: Vec<u32>,
    pub ns: Vec<u32>,
    /// Every `(m, n)` run (after a stop, those not started are left out), `m` major.
    pub rows: Vec<((u32, u32), Result<LinearResult, Error>)>,
    /// The explicit-code method's bounds by `(m, n)`.
    pub explicit: BTreeMap<(u32, u32), u64>,
    /// `(m, n)` where the explicit-code method certified nothing, with the reason.
    pub explicit_unknown: Vec<((u32, u32), Error)>,
    pub seconds: f64,
    /// `Err(Interrupted)` when a stop left an `(m, n)` or an explicit-method item out.
    pub stopped: Result<(), Error>,
}

impl LinearBounds {
    /// Each `(m, n)` as an object (what the Python module returns), with the explicit-code
    /// method's bound where it ran; or the reason nothing was certified.
    pub fn values(&self) -> Vec<serde_json::Value> {
        use serde_json::json;
        self.rows
            .iter()
            .map(|&((m, n), ref r)| {
                let mut v = match r {
                    Ok(r) => {
                        let c = &r.cert;
                        json!({
                            "m": m, "n": n, "bound": c.bound, "strict": c.strict, "k": c.k, "value": c.value,
                            "construction": c.construction, "h": c.params.h,
                            "certificate": json::by_lines(c),
                        })
                    }
                    Err(e) => json!({ "m": m, "n": n, "reason": e }),
                };
                if let Some(b) = self.explicit.get(&(m, n)) {
                    v["explicit_bound"] = json!(b);
                }
                v
            })
            .collect()
    }
}

impl LinearJob {
    /// Runs every `(m, n)`, then the explicit-code method for `m ≤ 24`, on the request's
    /// workers.
    pub fn run(&self, ctl: &Control) -> LinearBounds {
        self.workers.install(|| self.run_here(ctl))
    }

    fn run_here(&self, ctl: &Control) -> LinearBounds {
        let t = Instant::now();
        let eps = linear_eps();
        let lib = Library::new();
        let jobs: Vec<(u32, u32)> =
            self.ms.iter().flat_map(|&m| self.ns.iter().map(move |&n| (m, n))).collect();
        let results = linear::run(&lib, &eps, &jobs, ctl);
        let mut explicit_bounds = BTreeMap::new();
        let mut explicit_unknown = Vec::new();
        // Explicit-method items asked for and done (after a signal, those not started are not).
        let (mut explicit_asked, mut explicit_done) = (0, 0);
        let small: Vec<u32> = self.ms.iter().copied().filter(|&m| m <= EXPLICIT_COLUMN_MAX_M).collect();
        if self.explicit && !small.is_empty() {
            for &n in &self.ns {
                let job = RankJob::new(n, eps.clone());
                let ratios = Ratios::new(n, eps.clone());
                let got = crate::batch::runner::run_indexed(&small, "explicit m", ctl, |&m| {
                    explicit::best_for_m(&job, &ratios, m)
                });
                explicit_asked += small.len();
                explicit_done += got.len();
                for (m, r) in got.into_iter().map(|(i, r)| (small[i], r)) {
                    match r {
                        Ok(r) => {
                            explicit_bounds.insert((m, n), r.cert.claim().bound);
                        }
                        Err(e) => explicit_unknown.push(((m, n), e)),
                    }
                }
            }
        }
        let seconds = t.elapsed().as_secs_f64();
        let rows = started(jobs.iter().copied(), results);
        // Complete only when every (m, n) and every explicit-method item is done.
        let stopped = ctl
            .stopped_after(rows.len(), jobs.len(), "(m, n)")
            .and_then(|()| ctl.stopped_after(explicit_done, explicit_asked, "explicit-method items"));
        LinearBounds {
            ms: self.ms.clone(),
            ns: self.ns.clone(),
            rows,
            explicit: explicit_bounds,
            explicit_unknown,
            seconds,
            stopped,
        }
    }
}

impl LinearBounds {
    /// The certified bounds, `m` major.
    pub fn ok(&self) -> Vec<&LinearResult> {
        self.rows.iter().filter_map(|(_, r)| r.as_ref().ok()).collect()
    }

    /// The `(m, n)` without a certified bound, with the reason.
    pub fn unknown(&self) -> impl Iterator<Item = ((u32, u32), &Error)> {
        self.rows.iter().filter_map(|(k, r)| r.as_ref().err().map(|e| (*k, e)))
    }

    /// 0 when every `(m, n)` run was certified, 2 otherwise (the explicit column aside).
    /// Writes every certified bound into `dir` (made by `super::gap::out_dir`) as
    /// `nN_mMMM.json`, the file `rank --linear --out` writes.
    pub fn write(&self, dir: &std::path::Path) -> Result<(), Error> {
        for r in self.ok() {
            let name = format!("n{}_m{:03}.json", r.n, r.m);
            crate::print::write_file(&dir.join(name), &json::by_lines(&r.cert))?;
        }
        Ok(())
    }

    pub fn exit_code(&self) -> i32 {
        if self.unknown().next().is_some() {
            2
        } else {
            0
        }
    }

    fn certified(&self) -> Vec<Linear<'_>> {
        self.ok()
            .into_iter()
            .map(|r| Linear {
                m: r.m,
                n: r.n,
                cert: &r.cert,
                candidates: r.candidates,
                explicit: self.explicit.get(&(r.m, r.n)).copied(),
            })
            .collect()
    }

    /// The table: one column of bounds for one `n`, else one column per `n`.
    pub fn text(&self) -> String {
        if self.ns.len() == 1 {
            print::linear_table(&self.certified(), self.ns[0], self.seconds)
        } else {
            print::linear_table_by_n(&self.certified(), &self.ms, &self.ns, self.seconds)
        }
    }

    /// One JSON line per certified `(m, n)` (kind `rank.linear`).
    pub fn json_lines(&self) -> String {
        self.certified().iter().map(|r| json::record("rank.linear", &print::linear_record(r))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_command_lines() {
        let r = Rank::default();
        assert_eq!((r.n, r.eps.as_str(), r.h_max, r.sat_m_max, r.uniform), (3, "1/2", 16, 12, false));
        assert_eq!(r.sat_budget, "200000");
        let l = RankLinear::default();
        assert_eq!((l.n.as_str(), l.eps.as_str(), l.uniform, l.explicit), ("3", "1/2", false, true));
    }

    #[test]
    fn rank_refuses_with_the_command_lines_words() {
        let ask = |m: Vec<u32>| Rank { m: Values::List(m), ..Rank::default() }.validate().unwrap_err();
        assert_eq!(ask(vec![]), Error::Input("--m: empty range".into()));
        assert_eq!(ask(vec![0]), Error::Input("--m: m = 0 is out of range (1..=40)".into()));
        assert_eq!(
            ask(vec![4, 300]),
            Error::TooLarge("--m: m = 300 is above 40, the largest m of the explicit-code search; rank --linear certifies even m up to 1024 (e.g. rank --linear --m 256)".into())
        );
        assert_eq!(
            ask(vec![4; 10_001]),
            Error::TooLarge("--m: values = 10001 is above the supported 10000 (in one range or list)".into())
        );
        let bad = Rank { m: Values::List(vec![4]), sat_budget: "-1".into(), ..Rank::default() }
            .validate()
            .unwrap_err();
        assert_eq!(
            bad,
            Error::Input("--sat-budget: malformed number of clauses '-1' (an integer ≥ 0)".into())
        );
        let bad = Rank { m: Values::List(vec![4]), h_max: 0, ..Rank::default() }.validate().unwrap_err();
        assert_eq!(bad, Error::Input("--h-max: need h-max ≥ 1".into()));
        let big = Rank { m: Values::List(vec![6]), n: 1000, ..Rank::default() }.validate().unwrap_err();
        assert!(matches!(&big, Error::TooLarge(m) if m.starts_with("--n 1000 with h up to 6: ")), "{big:?}");
        let job = Rank { m: Values::List(vec![8, 4]), sat_budget: " 7 ".into(), ..Rank::default() }
            .validate()
            .unwrap();
        assert_eq!((job.ms, job.search.sat_budget, job.search.n), (vec![8, 4], 7, 3));
    }

    #[test]
    fn rank_linear_takes_every_length_up_to_1024_and_only_eps_one_half() {
        let ask =
            |m: &str, n: &str| RankLinear { m: m.into(), n: n.into(), ..RankLinear::default() }.validate();
        let job = ask("64", "3,1024").unwrap();
        assert_eq!((job.ms, job.ns), (vec![64], vec![3, 1024]));
        assert_eq!(
            ask("64", "1025").unwrap_err(),
            Error::TooLarge("--n: n = 1025 is out of range (3..=1024)".into())
        );
        assert_eq!(ask("64", "2").unwrap_err(), Error::Input("--n: n = 2 is out of range (3..=1024)".into()));
        assert_eq!(
            ask("25", "3").unwrap_err(),
            Error::Input("--m: m = 25 is odd (--linear needs m = 2h)".into())
        );
        assert_eq!(
            ask("258", "3").unwrap_err(),
            Error::Input("--m: m = 258 is out of range (even m in 8..=256, then 512 and 1024)".into())
        );
        assert_eq!(
            ask("2048", "3").unwrap_err(),
            Error::TooLarge("--m: m = 2048 is out of range (even m in 8..=256, then 512 and 1024)".into())
        );
        assert_eq!(ask("9..=9", "3").unwrap_err(), Error::Input("--m, --n: empty".into()));
        // A range keeps its even m, and above 256 its powers of 2.
        assert_eq!(ask("250..=520", "3").unwrap().ms, vec![250, 252, 254, 256, 512]);
        let eps = RankLinear { m: "64".into(), eps: "1/4".into(), ..RankLinear::default() }.validate();
        assert_eq!(
            eps.unwrap_err(),
            Error::Input(
                "--eps 1/4: --linear needs eps = 1/2 (its ratios are the closed forms at eps = 1/2)".into()
            )
        );
        let uniform = RankLinear { m: "64".into(), uniform: true, ..RankLinear::default() }.validate();
        assert_eq!(
            uniform.unwrap_err(),
            Error::Input("--uniform: not available with --linear (the bound is entrywise)".into())
        );
    }
}
