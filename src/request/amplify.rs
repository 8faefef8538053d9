//! `amplify`: exact forced kernel ratios `R(lo, hi; h)` over a range of query weights, in
//! the paper's model or a setting beyond it (docs/math.md §4, §11), or every series of a
//! ratio table file (`--grid`). `validate` checks every option and input in the order the command line reports
//! them (and makes the output directory); `run` solves, writes the certificates asked for and
//! returns the records. `amplify-bench` is `super::amplify_bench`.

use super::config::Config;
use super::notice::Notice;
use super::{Control, Error, Values};
use crate::batch::expect::{Kind, Row, Table};
use crate::batch::grid::RatioGrid;
use crate::batch::ratio::{self as ratios, Job as RatioJob, Record};
use crate::certify::ratio::{check_size, instance_in};
use crate::error::At;
use crate::print::{json, table};
use minip_check::check::Checked;
use minip_check::format::ratio::RatioCertificate;
use minip_check::limits::MAX_GRID_ITEMS;
use minip_check::model::{Keys, Setting, Task};
use minip_check::rational::{fmt_q, parse_rational, Rat};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// An `amplify` request as the command line reads it (classes as text: `3`, `h`, `h+`,
/// `h-1`, `o=h e=1`).
#[derive(Clone, Debug)]
pub struct Amplify {
    pub h: Values,
    pub n: u32,
    pub eps: String,
    /// The class on top of the ratio; default 0 (beyond Min-IP: the task's own).
    pub lo: Option<String>,
    /// The class normalised to 1; default h (beyond Min-IP: the task's own).
    pub hi: Option<String>,
    /// `all`: every pair lo < hi.
    pub pairs: Option<String>,
    /// The class h+ of strict supersets in the LP.
    pub superset: bool,
    /// Bits m: the class h+ exactly when m > h; the classes (o, e) of `nearest`.
    pub m: Option<u32>,
    /// A ratio table file: its series instead of one range.
    pub grid: Option<PathBuf>,
    /// With `grid`: a table of expected ratios to compare with.
    pub expect: Option<PathBuf>,
    pub task: String,
    pub kernel: String,
    pub positions: String,
    pub keys: String,
    pub at: Option<u32>,
    /// A directory for the certificates.
    pub out: Option<PathBuf>,
    /// The plot's file (drawn by the caller; checked here).
    pub plot: Option<PathBuf>,
    /// With `out`: VIPR beside each certificate.
    pub vipr: bool,
    /// The row LP of a single `(h, lo, hi)` in CPLEX LP format.
    pub export_lp: Option<PathBuf>,
}

impl Default for Amplify {
    /// The command line's defaults: `h = 2..=24`, `n = 3`, `ε = 1/2`, Min-IP's setting, the
    /// default classes, no outputs.
    fn default() -> Amplify {
        let c = Config::default();
        Amplify {
            h: Values::Text("2..=24".into()),
            n: 3,
            eps: "1/2".into(),
            lo: None,
            hi: None,
            pairs: None,
            superset: false,
            m: None,
            grid: None,
            expect: None,
            task: c.task,
            kernel: c.kernel,
            positions: c.positions,
            keys: c.keys,
            at: c.at,
            out: None,
            plot: None,
            vipr: false,
            export_lp: None,
        }
    }
}

/// A validated `amplify` request.
pub enum Job {
    Ratios(Ratios),
    Grid(Grid),
}

impl Amplify {
    /// `validate_noting`, its warnings dropped.
    pub fn validate(&self) -> Result<Job, Error> {
        self.validate_noting(&mut |_| {})
    }

    /// Checks every option and input (warnings go to `say`) and makes the output directory.
    pub fn validate_noting(&self, say: &mut dyn FnMut(Notice)) -> Result<Job, Error> {
        if self.grid.is_none() && self.expect.is_some() {
            return Err(Error::Input(
                "--expect needs --grid (it compares a ratio table's series with a table)".into(),
            ));
        }
        if let Some(g) = &self.grid {
            if !self.setting()?.is_default() {
                return Err(Error::Input(
                    "--grid: put task, kernel, positions, keys and at into the series of the file".into(),
                ));
            }
            return self.grid(g, say).map(Job::Grid);
        }
        let (eps, jobs) = self.jobs()?;
        for p in [&self.export_lp, &self.plot].into_iter().flatten() {
            crate::print::check_target(p)?;
        }
        if let Some(dir) = &self.out {
            if let Some(w) = crate::print::out_dir(dir)? {
                say(Notice::Warning(w));
            }
        }
        if self.export_lp.is_some() && jobs.len() != 1 {
            return Err(Error::Input("--export-lp: needs a single h (and lo, hi)".into()));
        }
        Ok(Job::Ratios(Ratios {
            n: self.n,
            eps,
            jobs,
            out: self.out.clone(),
            vipr: self.vipr,
            export_lp: self.export_lp.clone(),
        }))
    }

    /// The setting, validated as `Config` validates it.
    fn setting(&self) -> Result<Setting, Error> {
        Config {
            n: self.n,
            task: self.task.clone(),
            kernel: self.kernel.clone(),
            positions: self.positions.clone(),
            keys: self.keys.clone(),
            at: self.at,
            ..Config::default()
        }
        .setting()
    }

    /// The query weights, a non-empty list.
    fn weights(&self) -> Result<Vec<u32>, Error> {
        self.h.resolve("--h")
    }

    /// Every job, each `h` validated and the jobs counted before any job is built.
    fn jobs(&self) -> Result<(Rat, Vec<RatioJob>), Error> {
        let eps = parse_rational(&self.eps).at("--eps")?;
        let hs = self.weights()?;
        let setting = self.setting()?;
        if !setting.is_default() {
            return self.setting_jobs(eps, &hs, setting);
        }
        let want_sup = self.hi.as_deref().is_some_and(|s| s.ends_with('+'));
        let lo = self
            .lo
            .as_deref()
            .map(|s| {
                s.parse::<u32>().map_err(|_| Error::Input(format!("--lo: expected an overlap, got '{s}'")))
            })
            .transpose()?;
        // `--pairs all` asks for (h + s)(h + s + 1)/2 ratios per h (s = 1 with the class h+).
        let mut per_h = Vec::with_capacity(hs.len());
        let mut count: u64 = 0;
        for &h in &hs {
            let superset = match self.m {
                Some(m) if m < h => return Err(Error::Input(format!("--m {m}: need m ≥ h (h = {h})"))),
                Some(m) => m > h,
                None => self.superset || want_sup,
            };
            if want_sup && !superset {
                return Err(Error::Input(format!(
                    "--hi {}: the class h+ exists only when m > h (h = {h})",
                    self.hi.as_deref().unwrap_or("")
                )));
            }
            check_size(self.n, &eps, h, 0, h, superset)?;
            count += match self.pairs.as_deref() {
                Some("all") => {
                    let top = u64::from(h) + u64::from(superset);
                    top * (top + 1) / 2
                }
                Some(other) => return Err(Error::Input(format!("--pairs: expected 'all', got '{other}'"))),
                None => 1,
            };
            per_h.push((h, superset));
        }
        let max = MAX_GRID_ITEMS as u64;
        if count > max {
            return Err(Error::TooLarge(format!(
                "--pairs all: {count} pairs lo < hi over the values of --h, above the supported {max} (ratios of one run, as configurations of one grid)"
            )));
        }
        let mut jobs = Vec::with_capacity(count as usize);
        for (h, superset) in per_h {
            if self.pairs.is_some() {
                // Every pair 0 ≤ lo < hi ≤ h (+ 1 for h+) of an h checked above.
                let class = |c: u64| {
                    u32::try_from(c).map_err(|_| Error::Input(format!("--pairs all: no class {c} (h = {h})")))
                };
                for hi in 1..=u64::from(h) + u64::from(superset) {
                    for lo in 0..hi {
                        jobs.push(RatioJob::new(h, class(lo)?, class(hi)?, superset));
                    }
                }
            } else {
                let j = RatioJob::new(h, lo.unwrap_or(0), parse_class(self.hi.as_deref(), h)?, superset);
                check_size(self.n, &eps, j.h, j.lo, j.hi, j.superset)?;
                jobs.push(j);
            }
        }
        Ok((eps, jobs))
    }

    /// Jobs beyond the default setting (docs/math.md §11): classes as in ratio table files
    /// (`0`, `h`, `h-1`, `h+`, `o=h e=1`), defaults per task: Min-IP `R(0, h)`; Max-IP the
    /// query's own class (or with keys distinct `h+`/`h-1`) over `0`; nearest the nearest class
    /// (`o=h e=1`, or `o=h-1 e=0` when `m = h`) over the farthest (`o=0 e=m-h`).
    fn setting_jobs(&self, eps: Rat, hs: &[u32], setting: Setting) -> Result<(Rat, Vec<RatioJob>), Error> {
        if self.pairs.is_some() || self.vipr || self.export_lp.is_some() {
            return Err(Error::Input("--pairs, --vipr and --export-lp are implemented for the default setting only (min-ip, nonneg, shared, all keys)".into()));
        }
        let nearest = setting.task == Task::Nearest;
        if nearest && self.m.is_none() {
            return Err(Error::Input(
                "--task nearest: give the bits --m (its classes are (o, e), e ≤ m − h)".into(),
            ));
        }
        let mut jobs = Vec::new();
        for &h in hs {
            let m = if nearest { self.m } else { None };
            let superset = if nearest {
                false
            } else {
                match self.m {
                    Some(m) if m < h => return Err(Error::Input(format!("--m {m}: need m ≥ h (h = {h})"))),
                    Some(m) => m > h,
                    None => {
                        self.superset || self.hi.as_deref() == Some("h+") || self.lo.as_deref() == Some("h+")
                    }
                }
            };
            let own = if setting.keys != Keys::Distinct {
                "h"
            } else if superset {
                "h+"
            } else {
                "h-1"
            };
            let (dlo, dhi) = match setting.task {
                Task::MinIp => ("0", own),
                Task::MaxIp => (own, "0"),
                Task::Nearest => (if m > Some(h) { "o=h e=1" } else { "o=h-1 e=0" }, "o=0 e=m-h"),
            };
            let lo = crate::batch::grid::class_at(self.lo.as_deref().unwrap_or(dlo), h, m).at("--lo")?;
            let hi = crate::batch::grid::class_at(self.hi.as_deref().unwrap_or(dhi), h, m).at("--hi")?;
            instance_in(self.n, &eps, h, lo, hi, superset, setting, m)?;
            jobs.push(RatioJob { h, lo, hi, superset, setting, m });
        }
        Ok((eps, jobs))
    }

    fn grid(&self, path: &Path, say: &mut dyn FnMut(Notice)) -> Result<Grid, Error> {
        let text = minip_check::read::read_text(path)?;
        let g = crate::batch::grid::parse_ratio_grid(&text).at(&format!("{}", path.display()))?;
        // No output replaces the grid or the table (under its name or a link to it).
        let inputs = crate::print::Inputs::new()
            .add("the grid", path)
            .add_some("the --expect table", self.expect.as_deref());
        if let Some(p) = &self.plot {
            inputs.refuse_file("--plot", p)?;
        }
        if let Some(dir) = &self.out {
            let jobs = || g.series.iter().flat_map(|s| s.jobs.iter());
            inputs.refuse_dir("--out", dir, |name| {
                jobs().any(|j| name == format!("{}.json", ratios::stem(g.n, &g.eps, j)))
            })?;
        }
        if let Some(p) = &self.plot {
            crate::print::check_target(p)?;
        }
        if let Some(dir) = &self.out {
            if let Some(w) = crate::print::out_dir(dir)? {
                say(Notice::Warning(w));
            }
        }
        let configurations = g.series.iter().map(|s| s.jobs.len()).sum();
        let table = self
            .expect
            .as_deref()
            .map(|p| super::sharp::expect_table(p, Kind::Series, configurations))
            .transpose()?;
        let jobs: Vec<RatioJob> = g.series.iter().flat_map(|s| s.jobs.iter().copied()).collect();
        Ok(Grid { grid: g, jobs, table, out: self.out.clone() })
    }
}

/// `--hi` in the paper's model: an overlap `0..=h`, `h` (the default), or `h+` / `<h>+` for
/// the strict supersets (index `h + 1`).
fn parse_class(s: Option<&str>, h: u32) -> Result<u32, Error> {
    match s {
        None | Some("h") => Ok(h),
        Some(t) if t == "h+" || t == format!("{h}+") => {
            h.checked_add(1).ok_or_else(|| Error::Input(format!("--hi {t}: h = {h} has no class above it")))
        }
        Some(t) if t.ends_with('+') => {
            Err(Error::Input(format!("--hi {t}: the superset class is written h+ (or {h}+ for h = {h})")))
        }
        Some(t) => match t.parse::<u32>() {
            Ok(o) if o <= h => Ok(o),
            Ok(o) => Err(Error::Input(format!(
                "--hi {o}: need hi ≤ h = {h} (or h+ for the strict supersets of the query)"
            ))),
            Err(_) => Err(Error::Input(format!("--hi: expected an overlap or h+, got '{t}'"))),
        },
    }
}

/// The ratios of a range of `h`, validated, and the files to write.
pub struct Ratios {
    pub n: u32,
    pub eps: Rat,
    pub jobs: Vec<RatioJob>,
    pub out: Option<PathBuf>,
    pub vipr: bool,
    pub export_lp: Option<PathBuf>,
}

/// The records of a range of `h` (after a stop, those done) and their certificates.
pub struct Amplified {
    pub n: u32,
    /// The title of the table and the plot.
    pub title: String,
    pub records: Vec<Record>,
    pub certificates: Vec<Option<Checked<RatioCertificate>>>,
    /// `Interrupted` when a stop left ratios out.
    pub stopped: Result<(), Error>,
}

impl Ratios {
    /// Writes the row LP (`export_lp`) of the single job; nothing without it. The command
    /// line writes it before the run starts.
    pub fn export(&self) -> Result<(), Error> {
        if let (Some(p), [j]) = (&self.export_lp, self.jobs.as_slice()) {
            let lp = crate::formulate::lp_file::cplex_lp(self.n, &self.eps, j.h, j.lo, j.hi, j.superset)?;
            crate::print::write_file(p, &lp)?;
        }
        Ok(())
    }

    /// Solves every job (in parallel) and writes the certificates asked for (`out`, `vipr`).
    pub fn run(&self, ctl: &Control) -> Result<Amplified, Error> {
        let mut out = ratios::run(self.n, &self.eps, &self.jobs, ctl);
        // After a stop: the jobs not started are left out of everything printed and counted.
        out.retain(|(r, _)| r.reason.as_deref() != Some(crate::control::NOT_STARTED));
        let stopped = ctl.stopped_after(out.len(), self.jobs.len(), "ratios");
        if let Some(dir) = &self.out {
            for (rec, cert) in out.iter_mut() {
                if let Some(c) = cert {
                    let job = self
                        .jobs
                        .iter()
                        .find(|j| {
                            j.h == rec.h
                                && j.lo == rec.lo
                                && j.hi == c.params.hi
                                && j.superset == rec.superset
                        })
                        .copied()
                        .ok_or_else(|| Error::Input("internal: a record without its job".into()))?;
                    let p = dir.join(format!("{}.json", ratios::stem(self.n, &self.eps, &job)));
                    crate::print::write_file(&p, &json::pretty(c))?;
                    if self.vipr {
                        crate::print::write_file(&p.with_extension("vipr"), &crate::print::vipr::ratio(c)?)?;
                    }
                    rec.certificate_file = Some(p.display().to_string());
                }
            }
        }
        let (records, certificates) = out.into_iter().unzip();
        let classes = if self.jobs.iter().any(|j| j.superset) {
            ", classes 0..h-1, h (the query), h+ (strict supersets)"
        } else {
            ""
        };
        let title = format!("Forced kernel ratio, n = {}, eps = {}{classes}", self.n, fmt_q(&self.eps));
        Ok(Amplified { n: self.n, title, records, certificates, stopped })
    }
}

/// The table `minip amplify` prints: the records of a range of `h` for length-`n` sequences,
/// under `title`.
pub fn text(n: u32, title: &str, records: &[Record]) -> String {
    let f2 = |v: Option<f64>| v.map(|x| format!("{x:.3}")).unwrap_or_else(|| "-".into());
    let body: Vec<Vec<String>> = records
        .iter()
        .map(|r| {
            vec![
                r.h.to_string(),
                r.lo_label.clone(),
                r.hi.clone(),
                r.ratio.clone().unwrap_or_else(|| "unknown".into()),
                f2(r.log2_ratio),
                r.chain_bound.clone().unwrap_or_else(|| "-".into()),
                f2(r.ratio_over_chain),
                f2(r.growth),
            ]
        })
        .collect();
    let mut s = format!("{title}: R = min alpha(x,lo)/alpha(x,hi) over heads correct on all length-{n} sequences (exact, certified)\n\n");
    s.push_str(&table::render(&["h", "lo", "hi", "R", "log2 R", "chain", "R/chain", "growth"], &body));
    s
}

/// The lines after the table (stderr): the fitted growth, and why each ratio not certified
/// is not.
pub fn remarks(records: &[Record]) -> Vec<String> {
    let mut v = Vec::new();
    if let Some((c, b)) = ratios::fit(records) {
        v.push(format!("fitted: log2 R ≈ {c:.4}·h {} {:.3}  (R ≈ {:.4}^h; least squares over the certified rows with R > 0)", if b < 0.0 { "−" } else { "+" }, b.abs(), 2f64.powf(c)));
    }
    for r in records.iter().filter(|r| r.verdict != "certified") {
        v.push(format!("h={} lo={} hi={}: {}", r.h, r.lo, r.hi, r.reason.clone().unwrap_or_default()));
    }
    v
}

/// 2 when a ratio was not certified, else 0.
pub fn exit_code(records: &[Record]) -> i32 {
    if records.iter().any(|r| r.verdict != "certified") {
        2
    } else {
        0
    }
}

/// Every series of a ratio table file, validated.
pub struct Grid {
    pub grid: RatioGrid,
    /// Every series' jobs, in file order.
    pub jobs: Vec<RatioJob>,
    /// The expected ratios, when given.
    pub table: Option<Table>,
    pub out: Option<PathBuf>,
}

/// The records of a ratio table's run, one per job in file order (after a stop, the jobs not
/// started have the reason `NOT_STARTED`).
pub struct SeriesRun {
    pub records: Vec<Record>,
    pub seconds: f64,
    /// How many jobs were done.
    pub done: usize,
    /// `Interrupted` when a stop left ratios out.
    pub stopped: Result<(), Error>,
}

fn not_started(r: &Record) -> bool {
    r.reason.as_deref() == Some(crate::control::NOT_STARTED)
}

impl Grid {
    /// Solves every job (in parallel) and writes the certificates asked for (`out`).
    pub fn run(&self, ctl: &Control) -> Result<SeriesRun, Error> {
        let g = &self.grid;
        let t = Instant::now();
        let mut out = ratios::run(g.n, &g.eps, &self.jobs, ctl);
        let seconds = t.elapsed().as_secs_f64();
        let done = out.iter().filter(|(r, _)| !not_started(r)).count();
        let stopped = ctl.stopped_after(done, self.jobs.len(), "ratios");
        if let Some(dir) = &self.out {
            for ((rec, cert), job) in out.iter_mut().zip(&self.jobs) {
                if let Some(c) = cert {
                    let p = dir.join(format!("{}.json", ratios::stem(g.n, &g.eps, job)));
                    crate::print::write_file(&p, &json::pretty(c))?;
                    rec.certificate_file = Some(p.display().to_string());
                }
            }
        }
        let records = out.into_iter().map(|(r, _)| r).collect();
        Ok(SeriesRun { records, seconds, done, stopped })
    }

    /// The title of the table and the plot.
    pub fn title(&self) -> String {
        let g = &self.grid;
        format!(
            "{}, n = {}, eps = {}",
            g.title.as_deref().unwrap_or("Forced ratios beyond Min-IP"),
            g.n,
            fmt_q(&g.eps)
        )
    }

    /// The records of each series, in file order (the jobs not started are left out).
    pub fn per_series<'a>(&self, recs: &'a [Record]) -> Vec<Vec<&'a Record>> {
        let mut per = Vec::new();
        let mut i = 0;
        for s in &self.grid.series {
            per.push(recs.iter().skip(i).take(s.jobs.len()).filter(|r| !not_started(r)).collect());
            i += s.jobs.len();
        }
        per
    }

    /// The JSON lines `--json` prints (kind `amplify.series`, each with its series' name).
    pub fn json_lines(&self, per: &[Vec<&Record>]) -> Result<String, Error> {
        let mut s = String::new();
        for (ser, rs) in self.grid.series.iter().zip(per) {
            for r in rs {
                let mut v = serde_json::to_value(r).map_err(|e| Error::Input(e.to_string()))?;
                v["series"] = ser.name.clone().into();
                s.push_str(&json::record("amplify.series", &v));
            }
        }
        Ok(s)
    }

    /// The table: one row per h, one column per series and the chain bound, then why each
    /// ratio not certified is not.
    pub fn text(&self, run: &SeriesRun, per: &[Vec<&Record>]) -> String {
        let g = &self.grid;
        let mut hs: Vec<u32> = self.jobs.iter().map(|j| j.h).collect();
        hs.sort_unstable();
        hs.dedup();
        let body: Vec<Vec<String>> = hs
            .iter()
            .map(|&h| {
                let mut row = vec![h.to_string()];
                for rs in per {
                    row.push(
                        rs.iter()
                            .find(|r| r.h == h)
                            .map(|r| r.ratio.clone().unwrap_or_else(|| "unknown".into()))
                            .unwrap_or_else(|| "-".into()),
                    );
                }
                let chain = per
                    .iter()
                    .flat_map(|rs| rs.iter())
                    .find(|r| r.h == h && r.setting.is_none())
                    .and_then(|r| r.chain_bound.clone());
                row.push(
                    chain
                        .or_else(|| crate::certify::ratio::chain_bound(g.n, &g.eps, h, 0).map(|c| fmt_q(&c)))
                        .unwrap_or_else(|| "-".into()),
                );
                row
            })
            .collect();
        let mut head: Vec<String> = vec!["h".into()];
        head.extend(g.series.iter().map(|s| s.name.clone()));
        head.push("chain(h)".into());
        let head: Vec<&str> = head.iter().map(String::as_str).collect();
        let mut s = format!("{}: R = inf alpha(x,lo)/alpha(x,hi) over correct heads (exact, certified; empty = no correct head, Farkas)\n\n", self.title());
        s.push_str(&table::render(&head, &body));
        for r in run.records.iter().filter(|r| r.verdict != "certified" && !not_started(r)) {
            s.push_str(&format!(
                "h={} {}: {}\n",
                r.h,
                r.setting.clone().unwrap_or_default(),
                r.reason.clone().unwrap_or_default()
            ));
        }
        s
    }

    /// The run compared with the `--expect` table, when one was given: each record with its
    /// series' name, as in the JSON lines.
    pub fn expected(&self, per: &[Vec<&Record>]) -> Option<super::Expected> {
        self.table.as_ref().map(|t| {
            let rows = self.expect_rows(per);
            super::Expected::compare(t, &rows, &rows)
        })
    }

    /// The rows compared with an expected table: each record with its series' name, as in
    /// the JSON lines.
    pub fn expect_rows(&self, per: &[Vec<&Record>]) -> Vec<Row> {
        let mut rows = Vec::new();
        for (ser, rs) in self.grid.series.iter().zip(per) {
            for r in rs {
                let mut row = crate::batch::expect::row(*r);
                row.insert("series".into(), ser.name.clone());
                rows.push(row);
            }
        }
        rows
    }
}

impl SeriesRun {
    /// How many jobs done were not certified.
    pub fn unknown(&self) -> usize {
        self.records.iter().filter(|r| r.verdict != "certified" && !not_started(r)).count()
    }

    /// 2 when a ratio done was not certified, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.unknown() > 0 {
            2
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ratio_jobs(r: Amplify) -> Ratios {
        match r.validate() {
            Ok(Job::Ratios(j)) => j,
            Ok(Job::Grid(_)) => panic!("a grid"),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn the_defaults_are_the_command_lines() {
        let a = Amplify::default();
        assert_eq!(a.h, Values::Text("2..=24".into()));
        assert_eq!((a.n, a.eps.as_str(), a.lo.as_deref(), a.hi.as_deref()), (3, "1/2", None, None));
        assert_eq!((a.task.as_str(), a.kernel.as_str(), a.keys.as_str()), ("min-ip", "nonneg", "all"));
        let j = ratio_jobs(a);
        assert_eq!(j.jobs.len(), 23);
        assert_eq!((j.jobs[0].h, j.jobs[0].lo, j.jobs[0].hi), (2, 0, 2));
    }

    #[test]
    fn a_setting_has_its_own_default_classes() {
        let max = |keys: &str| Amplify {
            h: Values::List(vec![4]),
            task: "max-ip".into(),
            keys: keys.into(),
            ..Amplify::default()
        };
        let j = ratio_jobs(max("all")).jobs[0];
        assert_eq!((j.h, j.lo, j.hi, j.setting.task), (4, 4, 0, Task::MaxIp));
        let j = ratio_jobs(max("distinct")).jobs[0];
        assert_eq!((j.lo, j.hi), (3, 0));
        // h is the class h in both models.
        let j = ratio_jobs(Amplify { h: Values::List(vec![5]), hi: Some("h".into()), ..Amplify::default() })
            .jobs[0];
        assert_eq!((j.lo, j.hi), (0, 5));
    }

    #[test]
    fn max_ip_at_h_4_has_no_correct_head() {
        let r = ratio_jobs(Amplify { h: Values::List(vec![4]), task: "max-ip".into(), ..Amplify::default() });
        let done = r.run(&Control::new()).unwrap();
        let rec = &done.records[0];
        assert_eq!(done.title, "Forced kernel ratio, n = 3, eps = 1/2");
        assert_eq!(
            (rec.lo_label.as_str(), rec.hi.as_str(), rec.ratio.as_deref(), rec.setting.as_deref()),
            ("4", "0", Some("empty"), Some("max-ip"))
        );
        assert!(done.stopped.is_ok() && done.certificates[0].is_some());
        assert_eq!(exit_code(&done.records), 0);
    }

    #[test]
    fn refusals_have_the_command_lines_words_and_kinds() {
        let err = |r: Amplify| r.validate().err().expect("refused");
        assert_eq!(
            err(Amplify { h: Values::List(vec![]), ..Amplify::default() }),
            Error::Input("--h: empty range".into())
        );
        assert_eq!(
            err(Amplify { h: Values::Text("3".into()), hi: Some("5".into()), ..Amplify::default() }),
            Error::Input("--hi 5: need hi ≤ h = 3 (or h+ for the strict supersets of the query)".into())
        );
        assert_eq!(
            err(Amplify {
                h: Values::Text("3".into()),
                hi: Some("h+".into()),
                m: Some(3),
                ..Amplify::default()
            }),
            Error::Input("--hi h+: the class h+ exists only when m > h (h = 3)".into())
        );
        assert_eq!(
            err(Amplify { task: "nearest".into(), ..Amplify::default() }),
            Error::Input("--task nearest: give the bits --m (its classes are (o, e), e ≤ m − h)".into())
        );
        assert!(matches!(
            err(Amplify { task: "bogus".into(), ..Amplify::default() }),
            Error::Input(m) if m.contains("bogus")
        ));
        assert!(matches!(
            err(Amplify { h: Values::Text("2..=200".into()), pairs: Some("all".into()), ..Amplify::default() }),
            Error::TooLarge(m) if m.starts_with("--pairs all: 1353399 pairs")
        ));
        assert!(matches!(
            err(Amplify { h: Values::List(vec![2; minip_check::limits::MAX_RANGE_ITEMS + 1]), ..Amplify::default() }),
            Error::TooLarge(m) if m.starts_with("--h")
        ));
        assert_eq!(
            err(Amplify { expect: Some("t.jsonl".into()), ..Amplify::default() }),
            Error::Input("--expect needs --grid (it compares a ratio table's series with a table)".into())
        );
    }
}
