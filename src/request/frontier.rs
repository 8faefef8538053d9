//! `minip frontier` as a request: per `m`, certified upper bounds on the feature rank from
//! overlap-polynomial heads (one column per kernel class) and the lower bounds read from rank
//! certificates, for each sequence length `n` (docs/frontier.md). Checked once here for both
//! front ends; the work is `crate::batch::frontier`; the table and JSON lines come from the
//! result of each length.

use super::{Control, Error, Values};
use crate::batch::committed::Source;
use crate::batch::frontier::{read_lower_n, FrontierJob, LowerError, MAX_FRONTIER_M};
pub use crate::batch::frontier::{Lower, Row, Upper};
use crate::batch::search_files::read_searched;
use crate::error::At;
use crate::print::json;
use crate::print::rank::{paper_log2, paper_text, trivial};
use crate::print::table;
use minip_check::check::poly::{support_text, MAX_POLY_N};
use minip_check::rational::{fmt_q, log2_abs, Rat};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

/// Supports decided per `m` by the sparse search, at most.
pub const MAX_SPARSE_ATTEMPTS: usize = 500;

/// The lower-bound directory of `minip-rank/2` certificates when none is given: the
/// committed one, built in (`crate::batch::committed`), wherever minip runs.
pub const DEFAULT_RANK_DIR: &str = "proofs/rank";
/// The lower-bound directory of linear-code certificates when none is given (built in too).
pub const DEFAULT_RANK_LINEAR_DIR: &str = "proofs/rank-linear";

/// A directory as asked: `None` is the committed `proofs/NAME` (built in), `-` none, any other
/// path that directory on disk.
pub fn source(asked: &Option<PathBuf>, committed: &str) -> Source {
    match asked {
        None => Source::committed(committed),
        Some(p) => Source::Dir(p.clone()),
    }
}

/// A directory name that stands for no directory (no lower bounds from it).
pub const NO_DIR: &str = "-";

/// A certificate that does not check is a rejection; an unreadable one is bad input.
impl From<LowerError> for Error {
    fn from(e: LowerError) -> Error {
        match e {
            LowerError::Unreadable(m) => Error::Input(m),
            LowerError::Rejected(m) => Error::Rejected(m),
        }
    }
}

/// The kernel classes asked for (the columns).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kernels {
    pub per_weight: bool,
    pub shared: bool,
    pub sparse: bool,
    pub signed: bool,
}

impl Kernels {
    /// `per-weight` (or `per_weight`, the name of its column in JSON), `shared`, `sparse`,
    /// `signed` or `all`, comma-separated.
    pub fn parse(text: &str) -> Result<Kernels, Error> {
        let mut k = Kernels::default();
        for name in text.split(',').map(str::trim) {
            match name {
                "per-weight" | "per_weight" => k.per_weight = true,
                "shared" => k.shared = true,
                "sparse" => k.sparse = true,
                "signed" => k.signed = true,
                "all" => k = Kernels { per_weight: true, shared: true, sparse: true, signed: true },
                other => {
                    return Err(Error::Input(format!(
                        "--kernel: unknown class '{other}' (expected per-weight, shared, sparse, signed, all)"
                    )))
                }
            }
        }
        Ok(k)
    }
}

/// `minip frontier` as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frontier {
    /// The `m`, in order (each in `1..=64`).
    pub m: Values,
    /// Every `step`-th `m` of `m` is run (1: all).
    pub step: u32,
    /// Sequence length `N` or a range such as `4..=8`, as text (heads correct on every
    /// length `≤ N`).
    pub n: String,
    /// Kernel classes, comma-separated: `per_weight`, `shared`, `sparse`, `signed`, or `all`.
    pub kernel: String,
    /// Shared (and sparse) columns only for `m` up to this.
    pub shared_m_max: u32,
    /// Sparse column only for `m` up to this.
    pub sparse_m_max: u32,
    /// Supports decided per `m` by the sparse search (at most `MAX_SPARSE_ATTEMPTS`).
    pub sparse_attempts: usize,
    /// Directory of `minip-rank/2` certificates `mMM.json` for the lower bounds: `None` is
    /// the committed `proofs/rank` (built in, wherever minip runs), `-` none; a directory
    /// given must exist.
    pub rank_dir: Option<PathBuf>,
    /// Directory of linear-code certificates `nN_mMMM.json`: `None` is the committed
    /// `proofs/rank-linear` (built in), `-` none.
    pub rank_linear_dir: Option<PathBuf>,
    /// Worker threads (`None`: see [`super::Workers`]).
    pub jobs: Option<usize>,
}

impl Default for Frontier {
    /// The command line's defaults: `m = 4..=64` in steps of 2, `n = 3`, the per-weight, shared
    /// and signed columns, the committed rank directories.
    fn default() -> Frontier {
        Frontier {
            m: Values::Text("4..=64".into()),
            step: 2,
            n: "3".into(),
            kernel: "per_weight,shared,signed".into(),
            shared_m_max: 32,
            sparse_m_max: 24,
            sparse_attempts: 80,
            rank_dir: None,
            rank_linear_dir: None,
            jobs: None,
        }
    }
}

/// A checked `minip frontier` request.
#[derive(Clone, Debug)]
pub struct Job {
    pub ms: Vec<u32>,
    pub ns: Vec<u32>,
    pub kernels: Kernels,
    shared_m_max: u32,
    sparse_m_max: u32,
    sparse_attempts: usize,
    /// Where the lower bounds are read from (`-`: nowhere).
    pub rank_dir: Source,
    pub rank_linear_dir: Source,
    /// Where searched heads are read from (docs/math.md §14): the directory `search` beside
    /// the rank directory (`proofs/search` by default; none when the rank directory is `-`).
    pub search_dir: Source,
    workers: super::Workers,
}

impl Frontier {
    /// The `m` to run: every `step`-th value of each range `A..=B` of the text, from its start;
    /// a value listed on its own (`--m 5,6`) or a list (Python) is always kept. Sorted, each
    /// once.
    fn stepped_m(&self) -> Result<Vec<u32>, Error> {
        // The whole text first: its errors, its count against the limit and `empty range`.
        let all = self.m.resolve("--m")?;
        let Values::Text(text) = &self.m else {
            return Ok(all);
        };
        let mut ms = Vec::new();
        for item in text.split(',') {
            let values = crate::ranges::parse_range(item.trim()).at("--m")?;
            if item.contains("..") {
                ms.extend(values.into_iter().step_by(self.step as usize));
            } else {
                ms.extend(values);
            }
        }
        ms.sort_unstable();
        ms.dedup();
        Ok(ms)
    }

    /// Checks every field before any work: the `m` and `n`, the sparse search's limit, the
    /// classes, and that a directory given exists.
    pub fn validate(&self) -> Result<Job, Error> {
        if self.step == 0 {
            return Err(Error::Input("--step: need step ≥ 1".into()));
        }
        let ms = self.stepped_m()?;
        if let Some(&m) = ms.iter().find(|&&m| m == 0 || m > MAX_FRONTIER_M) {
            let msg = format!("--m: m = {m} is out of range (1..={MAX_FRONTIER_M})");
            return Err(if m > MAX_FRONTIER_M { Error::TooLarge(msg) } else { Error::Input(msg) });
        }
        if self.sparse_attempts > MAX_SPARSE_ATTEMPTS {
            return Err(Error::TooLarge(format!(
                "--sparse-attempts: {} is above the limit {MAX_SPARSE_ATTEMPTS}",
                self.sparse_attempts
            )));
        }
        let ns = crate::ranges::parse_range(&self.n).at("--n")?;
        if ns.is_empty() {
            return Err(Error::Input("--n: empty range".into()));
        }
        if let Some(&n) = ns.iter().find(|&&n| !(3..=MAX_POLY_N).contains(&n)) {
            let msg = format!("--n: n = {n} is out of range (3..={MAX_POLY_N})");
            return Err(if n > MAX_POLY_N { Error::TooLarge(msg) } else { Error::Input(msg) });
        }
        let kernels = Kernels::parse(&self.kernel)?;
        // A directory given must exist (checked before any work); the default ones are built in.
        for (flag, dir) in [("--rank-dir", &self.rank_dir), ("--rank-linear-dir", &self.rank_linear_dir)] {
            if let Some(d) = dir.as_ref().filter(|d| d.as_os_str() != NO_DIR && !d.is_dir()) {
                return Err(Error::Io(format!("{flag} {}: not a directory", d.display())));
            }
        }
        let rank_dir = source(&self.rank_dir, "rank");
        let search_dir = rank_dir.sibling("search");
        Ok(Job {
            ms,
            ns,
            kernels,
            shared_m_max: self.shared_m_max,
            sparse_m_max: self.sparse_m_max,
            sparse_attempts: self.sparse_attempts,
            rank_dir,
            rank_linear_dir: source(&self.rank_linear_dir, "rank-linear"),
            search_dir,
            workers: super::Workers::new(self.jobs)?,
        })
    }
}

/// The checked lower bounds of one length, by the `m` of their certificate.
#[derive(Clone, Debug, Default)]
pub struct Lowers {
    pub lower: BTreeMap<u32, Lower>,
    pub lower_linear: BTreeMap<u32, Lower>,
}

/// The rows of one length `n`.
#[derive(Debug)]
pub struct Length {
    pub n: u32,
    /// In the order of the `m` asked for; after a stop only the rows finished.
    pub rows: Vec<Row>,
    pub seconds: f64,
    /// `Err(Interrupted)` when a stop left rows out.
    pub stopped: Result<(), Error>,
    kernels: Kernels,
    shared_m_max: u32,
    /// Warnings given while reading its lower bounds (skipped files, a missing directory),
    /// counted in the summary; set by the front end that gave them.
    pub warnings: usize,
}

/// A row's best upper bound: its rank and class, and the head's value dimension and state.
fn best_json(r: &Row) -> Option<serde_json::Value> {
    r.best_upper().map(|(x, c)| {
        let mut b = serde_json::json!({ "rank": x.to_string(), "class": c });
        if let Some((d, st)) = r.best_state() {
            b["value_dim"] = serde_json::json!(d.to_string());
            b["state"] = serde_json::json!(st.to_string());
        }
        b
    })
}

impl Length {
    /// Each row as an object (what the Python module returns): the bounds with their
    /// certificates' text, `best_upper` with its class.
    pub fn values(&self) -> Vec<serde_json::Value> {
        use serde_json::{json, Value};
        let lower = |l: &Option<Lower>| match l {
            None => Value::Null,
            Some(l) => json!({ "bound": l.bound, "from_m": l.from_m, "file": l.file.display().to_string() }),
        };
        let upper = |c: &Option<Result<Upper, Error>>| match c {
            None => Value::Null,
            Some(Err(e)) => json!({ "reason": e }),
            Some(Ok(u)) => {
                let claim = u.head.claim();
                let mut v = json!({
                    "rank": claim.rank.to_string(),
                    "degree": u.degree,
                    "degrees": claim.degrees,
                    "max_error": fmt_q(&claim.max_error),
                    "certificate": json::pretty(&u.head),
                    "refutation": u.none.as_ref().map(json::pretty),
                });
                if let Some((s, minimal)) = &u.support {
                    v["support"] = json!(s);
                    v["inclusion_minimal"] = json!(minimal);
                }
                v
            }
        };
        self.rows
            .iter()
            .map(|r| {
                json!({
                    "m": r.m,
                    "n": self.n,
                    "complete": r.complete(),
                    "lower": lower(&r.lower),
                    "lower_linear": lower(&r.lower_linear),
                    "per_weight": upper(&r.per_weight),
                    "shared": upper(&r.shared),
                    "sparse": upper(&r.sparse),
                    "signed": upper(&r.signed),
                    "best_upper": best_json(r),
                })
            })
            .collect()
    }
}

impl Job {
    /// The lower bounds for length `n` from both directories, each certificate checked when
    /// read; `warn` receives one line for a default directory that is missing and for each
    /// file whose claim gives no bound for these rows. A certificate that does not check is
    /// `Err(Rejected)`. Only certificates at `m' ≤` the largest `m` asked for are read.
    pub fn lowers(&self, n: u32, warn: &mut dyn FnMut(String)) -> Result<Lowers, Error> {
        let top = self.ms.iter().copied().max().unwrap_or(0);
        let mut read = |dir: &Source| -> Result<BTreeMap<u32, Lower>, Error> {
            if !dir.is_none() && !dir.exists() {
                warn(format!("{} is not a directory: no lower bounds from it", dir.path().display()));
            }
            let l = read_lower_n(dir, top, n)?;
            for s in l.skipped {
                warn(s);
            }
            Ok(l.bounds)
        };
        let mut lower = read(&self.rank_dir)?;
        // Weighted bounds (`minip-rank-weighted/1`) from the sibling `weighted` of a directory
        // named `rank` (`proofs/weighted`), when it exists, in the same column.
        let weighted = self.rank_dir.sibling("weighted");
        if self.rank_dir.path().file_name().is_some_and(|f| f == "rank") && weighted.exists() {
            for (m, l) in read(&weighted)? {
                if lower.get(&m).is_none_or(|c| c.bound < l.bound) {
                    lower.insert(m, l);
                }
            }
        }
        // Rank-2 refutations (`minip-rank2-none/1`) from the sibling `rank2`, the same way.
        let rank2 = self.rank_dir.sibling("rank2");
        if self.rank_dir.path().file_name().is_some_and(|f| f == "rank") && rank2.exists() {
            for (m, l) in read(&rank2)? {
                if lower.get(&m).is_none_or(|c| c.bound < l.bound) {
                    lower.insert(m, l);
                }
            }
        }
        let lower_linear = read(&self.rank_linear_dir)?;
        Ok(Lowers { lower, lower_linear })
    }

    /// Runs the rows of length `n` with its lower bounds, on the request's workers. `Err`
    /// when a row has a lower bound above a certified upper bound (nothing of it is printed).
    pub fn run(&self, n: u32, lowers: Lowers, ctl: &Control) -> Result<Length, Error> {
        self.workers.install(|| self.run_here(n, lowers, ctl))
    }

    fn run_here(&self, n: u32, lowers: Lowers, ctl: &Control) -> Result<Length, Error> {
        let k = self.kernels;
        let job = FrontierJob {
            ms: self.ms.clone(),
            n,
            per_weight: k.per_weight,
            shared: k.shared,
            sparse: k.sparse,
            signed: k.signed,
            shared_m_max: self.shared_m_max,
            sparse_m_max: self.sparse_m_max,
            sparse_attempts: self.sparse_attempts,
            lower: lowers.lower,
            lower_linear: lowers.lower_linear,
        };
        let t = Instant::now();
        let mut rows = crate::batch::frontier::run(&job, ctl)?;
        // Searched heads are checked at length 3 only (docs/math.md §14).
        if n == 3 && !self.search_dir.is_none() {
            let top = self.ms.iter().copied().max().unwrap_or(0);
            let searched = read_searched(&self.search_dir, top)?;
            for r in &mut rows {
                r.searched = searched.get(&r.m).cloned();
                r.consistent()?;
            }
        }
        let seconds = t.elapsed().as_secs_f64();
        let stopped = ctl.stopped_after(rows.len(), self.ms.len(), "m");
        Ok(Length { n, rows, seconds, stopped, kernels: k, shared_m_max: self.shared_m_max, warnings: 0 })
    }
}

/// The columns of a row, by name.
fn columns(r: &Row) -> [(&'static str, &Option<Result<Upper, Error>>); 4] {
    [("per_weight", &r.per_weight), ("shared", &r.shared), ("sparse", &r.sparse), ("signed", &r.signed)]
}

fn rank_of(u: &Upper) -> &num_bigint::BigInt {
    &u.head.claim().rank
}

fn log2_per_m(x: &num_bigint::BigInt, m: u32) -> f64 {
    log2_abs(&Rat::from_integer(x.clone())) / m as f64
}

fn lower_text(l: &Option<Lower>, m: u32) -> String {
    match l {
        Some(l) if l.from_m == m => l.bound.to_string(),
        Some(l) => format!("{} (m={})", l.bound, l.from_m),
        None => "-".into(),
    }
}

fn cell(c: &Option<Result<Upper, Error>>, f: impl Fn(&Upper) -> String) -> String {
    match c {
        None => "".into(),
        Some(Ok(u)) => f(u),
        Some(Err(_)) => "unknown".into(),
    }
}

fn upper_json(c: &Option<Result<Upper, Error>>) -> serde_json::Value {
    match c {
        None => serde_json::Value::Null,
        Some(Err(e)) => serde_json::json!({ "unknown": e.message() }),
        Some(Ok(u)) => {
            let claim = u.head.claim();
            let mut v = serde_json::json!({
                "rank": claim.rank.to_string(),
                "degree": u.degree,
                "degrees": claim.degrees,
                "max_error": fmt_q(&claim.max_error),
                "refuted_below": u.none.is_some(),
            });
            if !u.unsettled.is_empty() {
                v["unsettled_h"] = serde_json::json!(u.unsettled);
            }
            if let Some((s, minimal)) = &u.support {
                v["support"] = serde_json::json!(s);
                v["inclusion_minimal"] = serde_json::json!(minimal);
            }
            v
        }
    }
}

fn lower_json(l: &Option<Lower>) -> serde_json::Value {
    match l {
        None => serde_json::Value::Null,
        Some(l) => serde_json::json!({ "bound": l.bound.to_string(), "from_m": l.from_m }),
    }
}

impl Length {
    /// Whether the column `name` of row `r` was left out by `--shared-m-max` (a limit the
    /// user set: no unknown).
    fn not_run(&self, r: &Row, name: &str) -> bool {
        name == "shared" && r.m > self.shared_m_max
    }

    /// The entries asked for that were not certified: `(m, class, why)`.
    pub fn unknown(&self) -> Vec<(u32, &'static str, &Error)> {
        let mut out = Vec::new();
        for r in &self.rows {
            for (name, c) in columns(r) {
                if let Some(Err(e)) = c {
                    if !self.not_run(r, name) {
                        out.push((r.m, name, e));
                    }
                }
            }
        }
        out
    }

    /// 0 when every entry asked for was certified, 2 otherwise.
    pub fn exit_code(&self) -> i32 {
        if self.unknown().is_empty() {
            0
        } else {
            2
        }
    }

    /// `frontier: R rows in S s` and the count of unknown entries (a line for stderr).
    pub fn summary(&self) -> String {
        let unknown = self.unknown().len();
        format!(
            "frontier: {} in {:.1} s{}{}",
            crate::print::count(self.rows.len(), "row", "rows"),
            self.seconds,
            if unknown > 0 {
                format!(", {} unknown", crate::print::count(unknown, "entry", "entries"))
            } else {
                String::new()
            },
            if self.warnings > 0 {
                format!(
                    ", {} about the lower bounds (above)",
                    crate::print::count(self.warnings, "warning", "warnings")
                )
            } else {
                String::new()
            }
        )
    }

    /// One JSON line per row (kind `frontier.row`).
    pub fn json_lines(&self) -> String {
        self.rows.iter().map(|r| json::record("frontier.row", &self.record(r))).collect()
    }

    fn record(&self, r: &Row) -> serde_json::Value {
        let mut v = serde_json::json!({
            "verdict": if r.complete() { "certified" } else { "unknown" },
            "n": self.n,
            "m": r.m,
            "lower": lower_json(&r.lower),
            "lower_linear": lower_json(&r.lower_linear),
            "per_weight": upper_json(&r.per_weight),
            "shared": upper_json(&r.shared),
            "sparse": upper_json(&r.sparse),
            "signed": upper_json(&r.signed),
            "best_upper": best_json(r),
            "paper_log2": paper_log2(r.m),
            "trivial": trivial(r.m),
        });
        // Only rows with a searched head carry the key (the others are as before).
        if let Some(s) = &r.searched {
            v["searched"] = serde_json::json!({
                "rank": s.rank.to_string(),
                "max_error": fmt_q(&s.max_error),
                "file": s.file.display().to_string(),
            });
        }
        v
    }

    /// The table: one row per `m`, a column per class asked for, then the definitions.
    pub fn text(&self) -> String {
        let k = self.kernels;
        let rows = &self.rows;
        let mut header = vec!["m", "lower"];
        let linear = rows.iter().any(|r| r.lower_linear.is_some());
        if linear {
            header.push("lower (linear codes)");
        }
        if k.per_weight {
            header.push("per-weight rank (max deg)");
        }
        if k.shared {
            header.push("shared deg: rank");
        }
        if k.sparse {
            header.push("sparse shared: rank {support}");
        }
        if k.signed {
            header.push("signed per-weight rank (max deg)");
        }
        header.extend(["best upper", "log2(upper)/m", "D", "state", "paper 2^(m/10-6)", "trivial 2^m"]);
        let body: Vec<Vec<String>> = rows.iter().map(|r| self.table_row(r, linear)).collect();
        let mut s = if self.n == 3 {
            String::from("Certified feature-rank bounds for heads correct on all length-3 Min-IP sequences over {0,1}^m, eps = 1/2\n\n")
        } else {
            format!("Certified feature-rank bounds for heads correct on all Min-IP sequences of length <= {} over {{0,1}}^m, eps = 1/2\n\n", self.n)
        };
        s.push_str(&table::render(&header, &body));
        s.push_str(
            "\nlower: the best committed lower bound (minip-rank/2, -rank-weighted/1, -rank2-none/1; m = the certificate's, if smaller); upper: exact rank of an overlap-polynomial head,\n\
             every smaller degree refuted by Farkas multipliers (per-weight: per query weight; max deg = the largest). The signed column drops\n\
             f_h >= 0 (only D > 0; not a nonnegative head, so not in best upper). Every entry passed the checker (docs/frontier.md).\n\
             D, state: the best upper head's least value dimension and the r*(D + 1) numbers a linear-attention head keeps (docs/math.md §10.11).\n",
        );
        let searched: Vec<String> = rows
            .iter()
            .filter_map(|r| {
                r.searched.as_ref().map(|s| format!("m={}: rank {} ({})", r.m, s.rank, s.file.display()))
            })
            .collect();
        if !searched.is_empty() {
            s.push_str(&format!(
                "searched heads (explicit features found by search, checked on every length-3 sequence; docs/math.md §14), in best upper: {}.\n",
                searched.join("; ")
            ));
        }
        let marked: Vec<String> = rows
            .iter()
            .filter_map(|r| {
                r.per_weight.as_ref()?.as_ref().ok().filter(|u| !u.unsettled.is_empty()).map(|u| {
                    format!(
                        "m={}: h={}",
                        r.m,
                        u.unsettled.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
                    )
                })
            })
            .collect();
        if !marked.is_empty() {
            s.push_str(&format!(
                "*: the degree one below was not settled at {} (neither a head nor a refutation passed): the head is certified,\n\
                 its degree there not proven the smallest.\n",
                marked.join("; ")
            ));
        }
        s
    }

    fn table_row(&self, r: &Row, linear: bool) -> Vec<String> {
        let k = self.kernels;
        let mut v = vec![r.m.to_string(), lower_text(&r.lower, r.m)];
        if linear {
            v.push(lower_text(&r.lower_linear, r.m));
        }
        if k.per_weight {
            v.push(cell(&r.per_weight, |u| {
                let mark = if u.unsettled.is_empty() { "" } else { "*" };
                format!("{} ({}){mark}", rank_of(u), u.degree)
            }));
        }
        if k.shared {
            v.push(match &r.shared {
                Some(Err(_)) if self.not_run(r, "shared") => "-".into(),
                c => cell(c, |u| format!("{}: {}", u.degree, rank_of(u))),
            });
        }
        if k.sparse {
            v.push(match &r.sparse {
                None => "-".into(),
                c => cell(c, |u| {
                    let (s, minimal) = u.support.as_ref().expect("sparse support");
                    format!(
                        "{} {}{}",
                        rank_of(u),
                        support_text(s),
                        if *minimal { "" } else { " (not minimal)" }
                    )
                }),
            });
        }
        if k.signed {
            v.push(cell(&r.signed, |u| format!("{} ({})", rank_of(u), u.degree)));
        }
        match r.best_upper() {
            Some((x, _)) => {
                v.push(x.to_string());
                v.push(format!("{:.3}", log2_per_m(&x, r.m)));
            }
            None => v.extend(["unknown".to_string(), "-".to_string()]),
        }
        match r.best_state() {
            Some((d, st)) => v.extend([d.to_string(), st.to_string()]),
            None => v.extend(["-".to_string(), "-".to_string()]),
        }
        v.push(paper_text(r.m));
        v.push(if r.m < 64 { (1u64 << r.m).to_string() } else { "2^64".into() });
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_the_command_lines() {
        let f = Frontier::default();
        let job = f.validate().unwrap();
        assert_eq!(job.ms, (4..=64).step_by(2).collect::<Vec<u32>>());
        assert_eq!(job.ns, vec![3]);
        assert_eq!(job.kernels, Kernels { per_weight: true, shared: true, sparse: false, signed: true });
        assert_eq!((f.shared_m_max, f.sparse_m_max, f.sparse_attempts), (32, 24, 80));
        assert_eq!(
            (job.rank_dir, job.rank_linear_dir),
            (Source::Committed("rank"), Source::Committed("rank-linear"))
        );
        // Every value is spelled with hyphens; the underscore (the JSON column's name) is kept.
        assert_eq!(Kernels::parse("per-weight").unwrap(), Kernels::parse("per_weight").unwrap());
        assert!(Kernels::parse("per-weight").unwrap().per_weight);
    }

    #[test]
    fn the_step_thins_ranges_and_keeps_listed_values() {
        let ms = |m: &str, step: u32| {
            Frontier { m: Values::Text(m.into()), step, ..Frontier::default() }.validate().unwrap().ms
        };
        assert_eq!(ms("5,6", 2), vec![5, 6]);
        assert_eq!(ms("4..=9,11", 2), vec![4, 6, 8, 11]);
        assert_eq!(ms("5..=9,6", 2), vec![5, 6, 7, 9]);
        assert_eq!(ms("4..=9", 1), vec![4, 5, 6, 7, 8, 9]);
        let list = Frontier { m: Values::List(vec![5, 6]), step: 2, ..Frontier::default() };
        assert_eq!(list.validate().unwrap().ms, vec![5, 6]);
    }

    #[test]
    fn refusals_name_the_option_and_their_kind() {
        let ask = |f: Frontier| f.validate().unwrap_err();
        assert_eq!(
            ask(Frontier { step: 0, ..Frontier::default() }),
            Error::Input("--step: need step ≥ 1".into())
        );
        assert_eq!(
            ask(Frontier { m: Values::List(vec![]), ..Frontier::default() }),
            Error::Input("--m: empty range".into())
        );
        assert_eq!(
            ask(Frontier { m: Values::List(vec![4, 65]), step: 1, ..Frontier::default() }),
            Error::TooLarge("--m: m = 65 is out of range (1..=64)".into())
        );
        assert_eq!(
            ask(Frontier { m: Values::List(vec![0]), ..Frontier::default() }),
            Error::Input("--m: m = 0 is out of range (1..=64)".into())
        );
        assert_eq!(
            ask(Frontier { sparse_attempts: MAX_SPARSE_ATTEMPTS + 1, ..Frontier::default() }),
            Error::TooLarge("--sparse-attempts: 501 is above the limit 500".into())
        );
        assert!(Frontier { sparse_attempts: MAX_SPARSE_ATTEMPTS, ..Frontier::default() }.validate().is_ok());
        assert_eq!(
            ask(Frontier { n: "3..=1025".into(), ..Frontier::default() }),
            Error::TooLarge("--n: n = 1025 is out of range (3..=1024)".into())
        );
        assert_eq!(
            ask(Frontier { n: "2".into(), ..Frontier::default() }),
            Error::Input("--n: n = 2 is out of range (3..=1024)".into())
        );
        assert_eq!(
            ask(Frontier { kernel: "shared,cubic".into(), ..Frontier::default() }),
            Error::Input(
                "--kernel: unknown class 'cubic' (expected per-weight, shared, sparse, signed, all)".into()
            )
        );
        assert_eq!(
            ask(Frontier { rank_dir: Some("/nonexistent/rank".into()), ..Frontier::default() }),
            Error::Io("--rank-dir /nonexistent/rank: not a directory".into())
        );
        let none = Frontier { rank_dir: Some(NO_DIR.into()), ..Frontier::default() }.validate().unwrap();
        assert_eq!(none.rank_dir, Source::Dir("-".into()));
    }

    #[test]
    fn kernel_lists() {
        assert_eq!(
            Kernels::parse("all").unwrap(),
            Kernels { per_weight: true, shared: true, sparse: true, signed: true }
        );
        assert_eq!(
            Kernels::parse(" sparse , signed").unwrap(),
            Kernels { per_weight: false, shared: false, sparse: true, signed: true }
        );
    }

    #[test]
    fn a_rejected_lower_bound_is_a_rejection_and_an_unreadable_one_bad_input() {
        let dir = std::env::temp_dir().join(format!("minip-request-frontier-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("m05.json");
        std::fs::write(&f, "{").unwrap();
        let job = Frontier {
            m: Values::List(vec![5]),
            rank_dir: Some(dir.clone()),
            rank_linear_dir: Some(NO_DIR.into()),
            ..Frontier::default()
        }
        .validate()
        .unwrap();
        let e = job.lowers(3, &mut |_| {}).unwrap_err();
        assert!(matches!(&e, Error::Input(m) if m.starts_with(&format!("{}: ", f.display()))), "{e:?}");
        // A rank certificate whose claimed bound is forged.
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/proofs/rank/m05.json")).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["bound"] = serde_json::json!(v["bound"].as_u64().unwrap() + 1);
        std::fs::write(&f, v.to_string()).unwrap();
        let e = job.lowers(3, &mut |_| {}).unwrap_err();
        assert!(
            matches!(&e, Error::Rejected(m) if m.starts_with(&format!("{}: rejected: ", f.display()))),
            "{e:?}"
        );
        assert_eq!(e.exit_code(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
