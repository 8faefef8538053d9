//! The grid commands as requests: `sweep` (every configuration of a grid file, or one shard
//! of them, compared with a table of expected verdicts) and `bench` (a grid swept and a
//! directory of certificates verified, timed).

use super::{Control, Error};
use crate::batch::expect;
use crate::batch::grid::{parse_grid, shard_of, Grid};
use crate::batch::runner;
use crate::batch::sweep::{self, Record};
use crate::error::At;
use crate::print::{count, table};
use minip_check::model::Instance;
use std::path::{Path, PathBuf};

/// Reads a table of expected outcomes (`--expect`) for a grid of `grid` configurations.
pub fn expect_table(path: &Path, kind: expect::Kind, grid: usize) -> Result<expect::Table, Error> {
    let text = minip_check::read::read_text(path).map_err(|e| Error::Io(format!("--expect: {e}")))?;
    expect::parse_table(&text, kind, &path.display().to_string(), grid).at("--expect")
}

// ---------------------------------------------------------------------------------------
// sweep

/// `minip sweep GRID`: every configuration of a grid file (or one shard of them), settled in
/// parallel, compared with a table of expected verdicts when one is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    pub grid: PathBuf,
    /// Certificate directory (made by `super::gap::out_dir` before the run).
    pub out: Option<PathBuf>,
    /// Also write VIPR files next to `holds` certificates.
    pub vipr: bool,
    /// Worker threads (default: `crate::batch::threads::threads`).
    pub jobs: Option<usize>,
    /// `i/N`: only shard i of N.
    pub shard: Option<String>,
    /// A table of expected verdicts.
    pub expect: Option<PathBuf>,
}

impl Sweep {
    /// The grid `grid` with the command line's defaults: no files, every configuration.
    pub fn new(grid: impl Into<PathBuf>) -> Sweep {
        Sweep { grid: grid.into(), out: None, vipr: false, jobs: None, shard: None, expect: None }
    }

    /// Reads the grid and the table, picks the shard, and refuses an output directory where a
    /// certificate would replace an input (under its name or a link to it).
    pub fn validate(&self) -> Result<Sweeping, Error> {
        let text = minip_check::read::read_text(&self.grid).map_err(read_error)?;
        let grid = parse_grid(&text).at(&format!("{}", self.grid.display()))?;
        let all = grid.gap_instances();
        if all.is_empty() {
            return Err(Error::Input(format!(
                "{}: the grid has no configuration (its settings admit none of its (h, u, w))",
                self.grid.display()
            )));
        }
        let instances = match &self.shard {
            Some(s) => shard_of(&all, s)?.0.to_vec(),
            None => all.clone(),
        };
        let table =
            self.expect.as_deref().map(|p| expect_table(p, expect::Kind::Gap, all.len())).transpose()?;
        let pool = super::Workers::new(self.jobs)?;
        if let Some(dir) = &self.out {
            let inputs = crate::print::Inputs::new()
                .add("the grid", &self.grid)
                .add_some("the --expect table", self.expect.as_deref());
            inputs.refuse_dir("--out", dir, |name| {
                instances.iter().any(|i| {
                    let stem = i.stem();
                    name.strip_prefix(stem.as_str())
                        .is_some_and(|x| x == ".json" || (self.vipr && x == ".vipr"))
                })
            })?;
        }
        Ok(Sweeping { all, instances, table, pool, out: self.out.clone(), vipr: self.vipr })
    }
}

/// A validated `sweep`: the grid's configurations, the shard to run, the expected table.
pub struct Sweeping {
    /// Every configuration of the grid (the keys of the other shards' rows of the table).
    pub all: Vec<Instance>,
    /// The configurations to run.
    pub instances: Vec<Instance>,
    pub table: Option<expect::Table>,
    pool: super::Workers,
    out: Option<PathBuf>,
    vipr: bool,
}

impl Sweeping {
    /// Settles the configurations on the job's worker pool; `each` receives every record in
    /// grid order as soon as it and every earlier one are done (JSON lines stream), and a
    /// failure of `each` stops the run. The certificates written (even before a stop or a
    /// failure) are made durable at once, before the result.
    pub fn run(
        &self,
        ctl: &Control,
        mut each: impl FnMut(&Record) -> Result<(), Error> + Send,
    ) -> Result<Swept, Error> {
        let (out, vipr) = (self.out.as_deref(), self.vipr);
        let mut records: Vec<Record> = Vec::with_capacity(self.instances.len());
        let ran = self.pool.install(|| {
            runner::run_stream(
                &self.instances,
                "configurations",
                ctl,
                |i| sweep::settle_one(i, out, vipr),
                |_, r| {
                    each(&r)?;
                    records.push(r);
                    Ok(())
                },
            )
        });
        if let Some(dir) = out {
            crate::print::sync_batch(dir)?;
        }
        ran?;
        Ok(Swept { records, total: self.instances.len() })
    }

    /// Every configuration of the grid as a row of an `--expect` table (no solving).
    pub fn grid_rows(&self) -> impl Iterator<Item = expect::Row> + '_ {
        self.all.iter().map(sweep::key_row)
    }

    /// The run compared with the `--expect` table, when one was given.
    pub fn expected(&self, swept: &Swept) -> Option<super::Expected> {
        self.table.as_ref().map(|t| super::Expected::compare(t, self.grid_rows(), &swept.rows()))
    }
}

/// The records of a sweep, in grid order (a prefix after a stop).
#[derive(Clone, Debug)]
pub struct Swept {
    pub records: Vec<Record>,
    /// How many configurations the shard has.
    pub total: usize,
}

impl Swept {
    /// `N configurations: H holds, B broken, U unknown`, and how far an interrupted run got.
    pub fn summary(&self) -> String {
        let (holds, broken, unknown) = sweep::tally(&self.records);
        let mut s = format!(
            "{}: {holds} holds, {broken} broken, {unknown} unknown",
            count(self.records.len(), "configuration", "configurations")
        );
        if self.records.len() < self.total {
            s.push_str(&format!(
                " (interrupted: {} of {} done; every file written is complete)",
                self.records.len(),
                self.total
            ));
        }
        s
    }

    /// The table of records (with a setting column when any has a setting), then the first
    /// five broken configurations.
    pub fn text(&self) -> String {
        let with_setting = self.records.iter().any(|r| r.setting.is_some());
        let body: Vec<Vec<String>> = self
            .records
            .iter()
            .map(|r| {
                let mut v = record_cells(r);
                if with_setting {
                    v.insert(0, r.setting.clone().unwrap_or_else(|| "default".into()));
                }
                v
            })
            .collect();
        let mut head = vec!["n", "eps", "h", "u", "w", "family", "K'", "verdict", "certificate"];
        if with_setting {
            head.insert(0, "setting");
        }
        let mut s = table::render(&head, &body);
        let first: Vec<String> = self
            .records
            .iter()
            .filter(|r| r.verdict == "broken")
            .take(5)
            .map(|r| {
                format!(
                    "  n={} eps={} (h,u,w)=({},{},{}) {} b<={}c",
                    r.n, r.eps, r.h, r.u, r.w, r.family, r.kprime
                )
            })
            .collect();
        if !first.is_empty() {
            s.push_str("first broken:\n");
            s.push_str(&first.join("\n"));
            s.push('\n');
        }
        s
    }

    /// `Interrupted` when configurations were left out.
    pub fn interrupted(&self) -> Option<Error> {
        (self.records.len() < self.total).then(|| {
            Error::Interrupted(format!(
                "interrupted after {} of {}",
                self.records.len(),
                count(self.total, "configuration", "configurations")
            ))
        })
    }

    /// The records as rows of an `--expect` table.
    pub fn rows(&self) -> Vec<expect::Row> {
        self.records.iter().map(expect::row).collect()
    }

    /// 2 if any is unknown, else 1 if a certified head breaks its bound, else 0.
    pub fn exit_code(&self) -> i32 {
        sweep::exit_code(&self.records)
    }
}

fn record_cells(r: &Record) -> Vec<String> {
    vec![
        r.n.to_string(),
        r.eps.clone(),
        r.h.to_string(),
        r.u.to_string(),
        r.w.to_string(),
        r.family.clone(),
        format!("{} ({})", r.kprime, r.bound),
        r.verdict.clone(),
        r.certificate_file.clone().or(r.reason.clone()).unwrap_or_else(|| "-".into()),
    ]
}

// ---------------------------------------------------------------------------------------
// bench

/// `minip bench`: a grid swept with certificates written and re-verified, then a directory of
/// certificates verified, timed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bench {
    /// The grid to sweep (default: the regression grid, built into the binary).
    pub grid: Option<PathBuf>,
    /// Certificates to verify as well.
    pub proofs: Option<PathBuf>,
}

/// A validated `bench`: the grid read and parsed, the certificates' path there.
pub struct Benching {
    grid: Grid,
    proofs: Option<PathBuf>,
}

impl Bench {
    /// Inputs are checked before the (timed) work starts.
    pub fn validate(&self) -> Result<Benching, Error> {
        if let Some(p) = &self.proofs {
            std::fs::metadata(p).map_err(|e| Error::Io(format!("--proofs {}: {e}", p.display())))?;
        }
        let text = match &self.grid {
            Some(p) => minip_check::read::read_text(p).map_err(read_error)?,
            None => include_str!("../../instances/regression.toml").to_string(),
        };
        Ok(Benching { grid: parse_grid(&text)?, proofs: self.proofs.clone() })
    }
}

impl Benching {
    pub fn run(&self, ctl: &Control) -> Result<Benched, Error> {
        let figures = crate::batch::bench::run(&self.grid, self.proofs.as_deref(), ctl)?;
        // The global pool's count, and where it came from.
        let (_, threads_from) = crate::batch::threads::threads(None)?;
        Ok(Benched { figures, proofs: self.proofs.clone(), threads_from })
    }
}

/// The measured figures.
#[derive(Clone, Debug)]
pub struct Benched {
    pub figures: crate::batch::bench::Bench,
    pub proofs: Option<PathBuf>,
    /// Where the count of threads came from (`one per core`, `RAYON_NUM_THREADS`).
    pub threads_from: String,
}

impl Benched {
    /// 2 if anything was unknown or a certificate did not verify, else 0.
    pub fn exit_code(&self) -> i32 {
        let b = &self.figures;
        if b.tally.2 > 0 || b.written_ok != b.written || b.proofs_ok != b.proofs {
            2
        } else {
            0
        }
    }

    /// The figures as the JSON record of kind `bench.run`.
    pub fn json(&self) -> serde_json::Value {
        let b = &self.figures;
        let (h, br, u) = b.tally;
        let mut v = serde_json::json!({
            "threads": b.threads,
            "configurations": b.configurations,
            "holds": h, "broken": br, "unknown": u,
            "written": b.written, "written_ok": b.written_ok,
            "sweep_seconds": b.sweep_seconds,
            "configurations_per_second": b.configurations as f64 / b.sweep_seconds.max(1e-9),
        });
        if let Some(p) = &self.proofs {
            v["proofs_dir"] = p.display().to_string().into();
            v["proofs"] = b.proofs.into();
            v["proofs_ok"] = b.proofs_ok.into();
            v["verify_seconds"] = b.verify_seconds.into();
        }
        v
    }

    /// The figures, one line per measurement.
    pub fn text(&self) -> String {
        let b = &self.figures;
        let (h, br, u) = b.tally;
        let mut s = format!(
            "threads            {} ({})\nsweep              {} configurations ({h} holds, {br} broken, {u} unknown), certificates written and re-verified ({} ok) in {:.2} s = {:.0} configurations/s\n",
            b.threads,
            self.threads_from,
            b.configurations,
            b.written_ok,
            b.sweep_seconds,
            b.configurations as f64 / b.sweep_seconds,
        );
        if let Some(p) = &self.proofs {
            s.push_str(&format!(
                "verify             {} certificates under {} ({} ok) in {:.3} s = {:.0} certificates/s\n",
                b.proofs,
                p.display(),
                b.proofs_ok,
                b.verify_seconds,
                b.proofs as f64 / b.verify_seconds.max(1e-9)
            ));
        }
        s
    }
}

/// A file that could not be read is `Io`; one past the size limit is `TooLarge`.
fn read_error(e: minip_check::Error) -> Error {
    match e {
        minip_check::Error::TooLarge(m) => Error::TooLarge(m),
        e => Error::Io(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::request::testing::{refused, scratch};

    #[test]
    fn sweep_refuses_a_missing_grid_a_bad_shard_no_workers_and_an_input_as_output() {
        let dir = scratch("sweep");
        let (k, _) = refused(Sweep::new(dir.join("none.toml")).validate());
        assert_eq!(k, "io");
        let grid = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("instances/small.toml");
        let r = |s: Sweep| refused(s.validate());
        assert_eq!(
            r(Sweep { shard: Some("3/3".into()), ..Sweep::new(&grid) }),
            ("input", "shard '3/3': need 0 ≤ i < N".into())
        );
        let (k, m) = r(Sweep { jobs: Some(0), ..Sweep::new(&grid) });
        assert!(k == "input" && m.starts_with("--jobs 0: "), "{m}");
        // No certificate replaces the grid.
        let stem = Sweep::new(&grid).validate().unwrap().instances[0].stem();
        let copy = dir.join(format!("{stem}.json"));
        std::fs::copy(&grid, &copy).unwrap();
        let job = Sweep { out: Some(dir.clone()), ..Sweep::new(&copy) }.validate();
        let _ = std::fs::remove_dir_all(&dir);
        let (k, m) = refused(job);
        assert!(k == "input" && m.starts_with("--out "), "{m}");
    }

    #[test]
    fn sweep_runs_a_shard_in_grid_order() {
        let grid = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("instances/small.toml");
        let job = Sweep { shard: Some("0/4".into()), ..Sweep::new(&grid) }.validate().unwrap();
        assert!(!job.instances.is_empty() && job.instances.len() < job.all.len());
        let mut streamed = Vec::new();
        let swept = job
            .run(&Control::new(), |r| {
                streamed.push((r.h, r.u, r.w));
                Ok(())
            })
            .unwrap();
        let want: Vec<_> = job.instances.iter().map(|i| (i.gap.h, i.gap.u, i.gap.w)).collect();
        assert_eq!(streamed, want);
        assert_eq!(swept.records.len(), swept.total);
        assert!(swept.interrupted().is_none());
        let (h, b, u) = sweep::tally(&swept.records);
        assert_eq!(
            swept.summary(),
            format!(
                "{}: {h} holds, {b} broken, {u} unknown",
                count(swept.total, "configuration", "configurations")
            )
        );
        assert_eq!(swept.exit_code(), if u > 0 { 2 } else { i32::from(b > 0) });
        assert_eq!(job.grid_rows().count(), job.all.len());
    }

    #[test]
    fn a_sweep_whose_output_fails_stops_with_that_error() {
        let grid = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("instances/small.toml");
        let job = Sweep::new(&grid).validate().unwrap();
        let e = job.run(&Control::new(), |_| Err(Error::Io("cannot write".into()))).unwrap_err();
        assert_eq!(e, Error::Io("cannot write".into()));
    }

    #[test]
    fn bench_checks_its_inputs_before_the_timed_work() {
        let (k, m) = refused(Bench { proofs: Some("/no/such/dir".into()), ..Bench::default() }.validate());
        assert!(k == "io" && m.starts_with("--proofs /no/such/dir: "), "{m}");
        assert!(Bench::default().validate().is_ok());
    }
}
