//! `sharp`: the exact best domination factor `kstar` of one configuration, of every
//! configuration of a grid file (`--grid`), the Boolean-token MILP cross-check (`--milp`), or
//! the summary of committed `minip-sharp/1` files (`--summarize`). `validate` checks every
//! option and input in the order the command line reports them (and makes the output
//! directories); each job's `run` solves, writes the certificate files asked for and returns
//! plain records.

use super::config::Config;
use super::notice::Notice;
use super::{Control, Error};
use crate::batch::expect::{Kind, Table};
pub use crate::batch::sharp::Record;
use crate::batch::sharp::{self as records};
use crate::certify::milp;
use crate::certify::sharp::{sharp, SharpOutcome};
use crate::error::At;
use crate::print::{json, table};
use minip_check::check::{Checked, Context};
use minip_check::format::sharp::{SharpCertificate, SharpFile, SHARP_FORMAT};
use minip_check::format::AnyCertificate;
use minip_check::model::{Family, Instance};
use minip_check::rational::{fmt_q, parse_rational, Rat};
use minip_check::verify::shown;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A `sharp` request as the command line reads it.
#[derive(Clone, Debug)]
pub struct Sharp {
    /// One configuration; `n`, `eps`, `family` and `d` (the least gap, default 1) also for
    /// `milp`. Its bound must be `paper` (`kstar` is the best bound).
    pub config: Config,
    /// A grid file: every configuration in it.
    pub grid: Option<PathBuf>,
    /// The MILP cross-check over Boolean tokens in `m` bits.
    pub milp: bool,
    /// Committed `minip-sharp/1` files (checked first; no solving) to summarize.
    pub summarize: Option<PathBuf>,
    /// Bits `m` of `milp`: a number or a range.
    pub m: String,
    /// The certificate file (one configuration) or directory (`grid`).
    pub out: Option<PathBuf>,
    /// VIPR 1.0: a file (one configuration) or a directory (`grid`).
    pub vipr: Option<PathBuf>,
    /// With `grid`: the table as CSV.
    pub csv: Option<PathBuf>,
    /// With `grid`: a table of expected `kstar` values to compare with.
    pub expect: Option<PathBuf>,
    /// With `grid`: the shard `i/N` to run.
    pub shard: Option<String>,
    /// With `grid`: worker threads.
    pub jobs: Option<usize>,
}

impl Default for Sharp {
    /// The command line's defaults: no configuration yet, `m = 2..=4`, no outputs.
    fn default() -> Sharp {
        Sharp {
            config: Config::default(),
            grid: None,
            milp: false,
            summarize: None,
            m: "2..=4".into(),
            out: None,
            vipr: None,
            csv: None,
            expect: None,
            shard: None,
            jobs: None,
        }
    }
}

/// A validated `sharp` request: one of its four kinds.
pub enum Job {
    One(One),
    Grid(Grid),
    Milp(Milp),
    Summarize(Summarize),
}

impl Sharp {
    /// `validate_noting`, its notes dropped.
    pub fn validate(&self) -> Result<Job, Error> {
        self.validate_noting(&mut |_| {})
    }

    /// Checks every option and input (notes on the way go to `say`) and makes the output
    /// directories.
    pub fn validate_noting(&self, say: &mut dyn FnMut(Notice)) -> Result<Job, Error> {
        if self.config.bound != "paper" {
            return Err(Error::Input("--bound has no meaning for sharp (kstar is the best bound)".into()));
        }
        let setting = self.config.setting()?;
        if !setting.is_default() && (self.milp || self.grid.is_some() || self.summarize.is_some()) {
            return Err(Error::Input("--task/--kernel/--positions/--keys/--at: not with --milp, --grid (put tasks, kernels, positions, keys, at in the grid file) or --summarize".into()));
        }
        if !setting.is_default() && self.vipr.is_some() {
            return Err(Error::Input("--vipr: VIPR export is implemented for the default setting only (min-ip, nonneg, shared, all keys)".into()));
        }
        if self.grid.is_none() && (self.expect.is_some() || self.shard.is_some()) {
            return Err(Error::Input(
                "--expect and --shard need --grid (they work on a grid's configurations)".into(),
            ));
        }
        if self.milp {
            return self.milp().map(Job::Milp);
        }
        if let Some(p) = &self.summarize {
            return Ok(Job::Summarize(Summarize { path: p.clone() }));
        }
        if let Some(g) = &self.grid {
            return self.grid(g, say).map(Job::Grid);
        }
        let inst = self.config.validate()?.inst;
        if let Some(note) = crate::certify::gap::eps_note(&inst) {
            say(Notice::Note(note));
        }
        if self.csv.is_some() || self.jobs.is_some() {
            return Err(Error::Input("--csv and --jobs belong to --grid".into()));
        }
        for p in [&self.out, &self.vipr].into_iter().flatten() {
            crate::print::check_target(p)?;
        }
        Ok(Job::One(One { inst, out: self.out.clone(), vipr: self.vipr.clone() }))
    }

    fn milp(&self) -> Result<Milp, Error> {
        let ms = crate::ranges::parse_range(&self.m).at("--m")?;
        if ms.is_empty() || ms.iter().any(|&m| !(1..=milp::MAX_M).contains(&m)) {
            return Err(Error::Input(format!("--m: need 1 ≤ m ≤ {}", milp::MAX_M)));
        }
        let d = self.config.d.unwrap_or(1);
        // A range of m starts where the gap fits (m ≥ d); a single m must fit.
        let ms: Vec<u32> = if ms.len() > 1 { ms.into_iter().filter(|&m| m >= d).collect() } else { ms };
        if ms.is_empty() {
            return Err(Error::Input(format!("--m: no m in the range has m ≥ d = {d}")));
        }
        let eps = parse_rational(&self.config.eps).at("--eps")?;
        let family = Family::parse(&self.config.family)?;
        let n = self.config.n;
        let jobs = ms
            .into_iter()
            .map(|m| milp::Job::new(n, eps.clone(), family, m, d))
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(Milp { d, n, eps, family, jobs })
    }

    fn grid(&self, path: &Path, say: &mut dyn FnMut(Notice)) -> Result<Grid, Error> {
        let text = minip_check::read::read_text(path)?;
        let g = crate::batch::grid::parse_grid(&text).at(&format!("{}", path.display()))?;
        if g.bounds_given {
            say(Notice::Note(format!(
                "{}: the grid's bounds are not used (kstar does not depend on a bound)",
                path.display()
            )));
        }
        let all = g.sharp_instances();
        if all.is_empty() {
            return Err(Error::Input(format!(
                "{}: the grid has no configuration (its settings admit none of its (h, u, w))",
                path.display()
            )));
        }
        let (insts, suffix) = match &self.shard {
            Some(s) => {
                let (part, i, n) = crate::batch::grid::shard_of(&all, s)?;
                (part.to_vec(), format!("_shard-{i}-of-{n}"))
            }
            None => (all.clone(), String::new()),
        };
        let table = self.expect.as_deref().map(|p| expect_table(p, Kind::Sharp, all.len())).transpose()?;
        let pool = super::Workers::new(self.jobs)?;
        // No output replaces the grid or the table (under its name or a link to it).
        let inputs = crate::print::Inputs::new()
            .add("the grid", path)
            .add_some("the --expect table", self.expect.as_deref());
        if let Some(p) = &self.csv {
            inputs.refuse_file("--csv", p)?;
        }
        if let Some(dir) = &self.out {
            // The bundles `records::write_certificates` writes: one per (n, eps, family, setting).
            inputs.refuse_dir("--out", dir, |name| {
                insts.iter().any(|i| {
                    let eps = fmt_q(&i.eps).replace('/', "-");
                    let (f, s) = (i.family.name(), i.setting.stem());
                    name == format!("n{}_eps{eps}_{f}{s}{suffix}.json", i.n)
                })
            })?;
        }
        if let Some(dir) = &self.vipr {
            inputs.refuse_dir("--vipr", dir, |name| insts.iter().any(|i| name == vipr_name(i)))?;
        }
        for dir in [&self.out, &self.vipr].into_iter().flatten() {
            if let Some(w) = crate::print::out_dir(dir)? {
                say(Notice::Warning(w));
            }
        }
        if let Some(p) = &self.csv {
            crate::print::check_target(p)?;
        }
        Ok(Grid {
            all,
            insts,
            suffix,
            table,
            pool,
            out: self.out.clone(),
            vipr: self.vipr.clone(),
            csv: self.csv.clone(),
        })
    }
}

/// A table of expected outcomes (`--expect`) for a grid of `grid` configurations, read and
/// checked before any work.
pub fn expect_table(path: &Path, kind: Kind, grid: usize) -> Result<Table, Error> {
    let text = minip_check::read::read_text(path).at("--expect")?;
    crate::batch::expect::parse_table(&text, kind, &path.display().to_string(), grid).at("--expect")
}

/// One configuration, validated, and the files to write.
pub struct One {
    pub inst: Instance,
    pub out: Option<PathBuf>,
    pub vipr: Option<PathBuf>,
}

/// The answer for one configuration.
pub struct Kstar {
    pub inst: Instance,
    /// As `--json` prints it.
    pub record: Record,
    pub outcome: SharpOutcome,
}

impl One {
    /// Certifies `kstar` and writes the files asked for (only for a certified `kstar`).
    pub fn run(&self, _ctl: &Control) -> Result<Kstar, Error> {
        let outcome = sharp(&self.inst);
        let record = records::record(&self.inst, &outcome);
        let done = Kstar { inst: self.inst.clone(), record, outcome };
        if let SharpOutcome::Certified(cert) = &done.outcome {
            if let Some(p) = &self.out {
                crate::print::write_file(p, &done.file()?)?;
            }
            if let Some(p) = &self.vipr {
                crate::print::write_file(p, &crate::print::vipr::sharp(cert)?)?;
            }
        }
        Ok(done)
    }
}

impl Kstar {
    /// The certificate; `Unknown("unknown: why")` when nothing was certified.
    pub fn certificate(&self) -> Result<&Checked<SharpCertificate>, Error> {
        match &self.outcome {
            SharpOutcome::Certified(c) => Ok(c),
            SharpOutcome::Unknown(why) => Err(Error::Unknown(format!("unknown: {why}"))),
        }
    }

    /// The `minip-sharp/1` file of the one certificate (checked again as a file).
    pub fn file(&self) -> Result<String, Error> {
        let cert = self.certificate()?;
        let file = SharpFile { format: SHARP_FORMAT.into(), certificates: vec![cert.cert().clone()] };
        Ok(json::sharp_file(&Checked::new(file, &Context::default())?))
    }

    /// The command line's exit status: 2 unknown; with `--json` as for a grid (1 when the
    /// lemma's bound fails, else 0); the text of an empty family or of `kstar = -inf` exits 0.
    pub fn exit_code(&self, json: bool) -> i32 {
        use minip_check::format::sharp::{EMPTY, MINUS_INF};
        match &self.outcome {
            SharpOutcome::Certified(c) if !json && (c.kstar == EMPTY || c.kstar == MINUS_INF) => 0,
            _ => records::exit_code(std::slice::from_ref(&self.record)),
        }
    }

    /// The JSON line `minip sharp --json` prints (kind `sharp.kstar`, with the certificate
    /// when there is one).
    pub fn json_line(&self) -> String {
        match &self.outcome {
            SharpOutcome::Certified(c) => {
                json::record_with_certificate("sharp.kstar", &self.record, c.cert())
            }
            SharpOutcome::Unknown(_) => json::record("sharp.kstar", &self.record),
        }
    }

    /// The text `minip sharp` prints.
    pub fn text(&self) -> Result<String, Error> {
        match &self.outcome {
            SharpOutcome::Certified(c) => Ok(crate::print::sharp::kstar(&self.inst, c)?),
            SharpOutcome::Unknown(why) => Ok(crate::print::sharp::unknown(why)),
        }
    }
}

/// Every configuration of a grid file (this run's shard of them), validated.
pub struct Grid {
    /// Every configuration of the file (every shard's), in file order.
    pub all: Vec<Instance>,
    /// The configurations of this run.
    pub insts: Vec<Instance>,
    /// `_shard-i-of-N` in the names of the certificate files of a shard, else empty.
    pub suffix: String,
    /// The expected outcomes, when given.
    pub table: Option<Table>,
    pool: super::Workers,
    pub out: Option<PathBuf>,
    pub vipr: Option<PathBuf>,
    pub csv: Option<PathBuf>,
}

/// The records of a grid run, in grid order (after a stop, those done).
pub struct Sweep {
    pub records: Vec<Record>,
    pub seconds: f64,
    /// `Interrupted` when a stop left configurations out.
    pub stopped: Result<(), Error>,
}

impl Sweep {
    /// The summary lines of the records (what `sharp --grid` prints on stderr).
    pub fn summary(&self) -> Vec<String> {
        crate::batch::summary::summary(&self.records)
    }
}

impl Grid {
    /// The run compared with the `--expect` table, when one was given (the grid's other
    /// configurations name the other shards' rows of the table; no solving).
    pub fn expected(&self, sweep: &Sweep) -> Option<super::Expected> {
        self.table.as_ref().map(|t| {
            let rows: Vec<_> = sweep.records.iter().map(crate::batch::expect::row).collect();
            super::Expected::compare(t, self.all.iter().map(crate::batch::sweep::key_row), &rows)
        })
    }

    /// Certifies every configuration in parallel, handing each record to `sink` in grid order
    /// as it is done (`--json` streams them); writes the certificate bundles, the VIPR files
    /// and the CSV asked for (the CSV only of the whole grid).
    pub fn run(
        &self,
        ctl: &Control,
        say: &mut dyn FnMut(Notice),
        sink: &mut (dyn FnMut(&Record) -> Result<(), Error> + Send),
    ) -> Result<Sweep, Error> {
        let total = self.insts.len();
        let t = Instant::now();
        let mut outs = Vec::with_capacity(total);
        self.pool.install(|| {
            crate::batch::runner::run_stream(&self.insts, "configurations", ctl, sharp, |i, o| {
                sink(&records::record(&self.insts[i], &o))?;
                outs.push((i, o));
                Ok(())
            })
        })?;
        let asked = &self.insts;
        let done: Vec<usize> = outs.iter().map(|(i, _)| *i).collect();
        let insts: Vec<Instance> = done.iter().map(|&i| asked[i].clone()).collect();
        let outs: Vec<SharpOutcome> = outs.into_iter().map(|(_, o)| o).collect();
        let seconds = t.elapsed().as_secs_f64();
        let recs: Vec<Record> = insts.iter().zip(&outs).map(|(i, o)| records::record(i, o)).collect();
        let stopped = ctl.stopped_after(outs.len(), total, "configurations");
        if let Some(dir) = &self.out {
            // A bundle holds every configuration of its (n, eps, family, setting): after an
            // interrupt a block cut short is not written (its file would claim the whole block).
            let whole = whole_blocks(asked, &done);
            if whole.len() < done.len() {
                say(Notice::Note(format!(
                    "interrupted: the certificate files of blocks cut short ({} configurations) are not written",
                    done.len() - whole.len()
                )));
            }
            let keep = |k: &usize| whole.binary_search(&done[*k]).is_ok();
            let ks: Vec<usize> = (0..done.len()).filter(keep).collect();
            let wi: Vec<Instance> = ks.iter().map(|&k| insts[k].clone()).collect();
            let wo: Vec<SharpOutcome> = ks.iter().map(|&k| outs[k].clone()).collect();
            records::write_certificates(&wi, &wo, dir, &self.suffix)?;
        }
        if let Some(dir) = &self.vipr {
            for (inst, out) in insts.iter().zip(&outs) {
                if let SharpOutcome::Certified(c) = out {
                    crate::print::write_file(&dir.join(vipr_name(inst)), &crate::print::vipr::sharp(c)?)?;
                }
            }
        }
        // The CSV is the table of the whole grid: none after an interrupt.
        if let (Some(p), Ok(())) = (&self.csv, &stopped) {
            crate::print::write_file(p, &records::csv(&recs))?;
        }
        Ok(Sweep { records: recs, seconds, stopped })
    }
}

impl Sweep {
    /// The table `minip sharp --grid` prints (a setting column when a record has a setting).
    pub fn text(&self) -> String {
        let with_setting = self.records.iter().any(|r| r.setting.is_some());
        let body: Vec<Vec<String>> = self
            .records
            .iter()
            .map(|r| {
                let mut v = vec![
                    r.n.to_string(),
                    r.eps.clone(),
                    r.h.to_string(),
                    r.u.to_string(),
                    r.w.to_string(),
                    r.family.clone(),
                    r.kstar.clone(),
                    r.paper_k.clone(),
                    r.relation.clone() + if r.attained { " (attained)" } else { "" },
                ];
                if with_setting {
                    v.insert(0, r.setting.clone().unwrap_or_else(|| "default".into()));
                }
                v
            })
            .collect();
        let mut head = vec!["n", "eps", "h", "u", "w", "family", "kstar", "K", "relation"];
        if with_setting {
            head.insert(0, "setting");
        }
        table::render(&head, &body)
    }

    /// How many records are not certified.
    pub fn unknown(&self) -> usize {
        self.records.iter().filter(|r| r.verdict != "certified").count()
    }

    /// 2 if any configuration is unknown, else 1 if the lemma's bound fails somewhere, else 0.
    pub fn exit_code(&self) -> i32 {
        records::exit_code(&self.records)
    }
}

/// The file name of a configuration's VIPR export in the `--vipr` directory of `--grid`.
fn vipr_name(inst: &Instance) -> String {
    format!("{}.vipr", inst.stem().trim_end_matches("_bpaper"))
}

/// The configurations done (indices into `all`, increasing) whose whole certificate block
/// is done: a block is a run of equal `(n, eps, family, setting)`, as `write_certificates`
/// groups them.
fn whole_blocks(all: &[Instance], done: &[usize]) -> Vec<usize> {
    let key = |i: &Instance| (i.n, i.eps.clone(), i.family, i.setting);
    let mut whole = Vec::new();
    let mut start = 0;
    while start < all.len() {
        let mut end = start;
        while end < all.len() && key(&all[end]) == key(&all[start]) {
            end += 1;
        }
        let lo = done.partition_point(|&i| i < start);
        let hi = done.partition_point(|&i| i < end);
        if hi - lo == end - start {
            whole.extend(start..end);
        }
        start = end;
    }
    whole
}

/// Committed `minip-sharp/1` files (a file or a directory) to summarize.
pub struct Summarize {
    pub path: PathBuf,
}

impl Summarize {
    /// The records of every file (each checked first, in parallel), each configuration once.
    /// A file that does not check ends the run (exit 2, as for unreadable input); after a
    /// stop nothing is summarized.
    pub fn run(&self, ctl: &Control) -> Result<Summarized, Error> {
        let files = minip_check::verify::collect(std::slice::from_ref(&self.path))?;
        let per_file: Vec<Result<Vec<Record>, Error>> =
            crate::batch::runner::run(&files, "files", ctl, |f| {
                let file = match minip_check::read::read(f).at(&shown(f))? {
                    AnyCertificate::Sharp(s) => s,
                    _ => return Ok(Vec::new()),
                };
                let file = Checked::new(file, &Context::default()).at(&shown(f))?;
                records::records_from_file(&file)
            });
        // A summary of part of the files would miscount: after a stop, nothing is summarized.
        ctl.stopped_after(per_file.len(), files.len(), "files")?;
        let mut recs = Vec::new();
        for r in per_file {
            recs.extend(r?);
        }
        // A configuration checked in two files is one configuration: counted once.
        let recs = records::distinct(recs)?;
        if recs.is_empty() {
            return Err(Error::Input(format!("{}: no minip-sharp certificates", shown(&self.path))));
        }
        Ok(Summarized {
            summary: crate::batch::summary::summary(&recs),
            exit_code: records::exit_code(&recs),
            records: recs,
        })
    }
}

/// The summary of committed `minip-sharp/1` files.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summarized {
    /// Every configuration once.
    #[serde(rename = "rows")]
    pub records: Vec<Record>,
    /// The lines `sharp --summarize` prints.
    pub summary: Vec<String>,
    pub exit_code: i32,
}

impl Summarized {
    /// The summary lines.
    pub fn text(&self) -> String {
        self.summary.iter().map(|l| format!("{l}\n")).collect()
    }
}

/// The MILP cross-check, one job per `m`.
pub struct Milp {
    /// The least gap `w − u`.
    pub d: u32,
    pub n: u32,
    pub eps: Rat,
    pub family: Family,
    pub jobs: Vec<milp::Job>,
}

/// The reports of a MILP cross-check, one per `m`.
pub struct CrossChecks {
    pub d: u32,
    pub n: u32,
    pub eps: Rat,
    pub family: Family,
    pub rows: Vec<milp::Report>,
}

impl Milp {
    /// Both sides for every `m`, one after the other.
    pub fn run(&self, _ctl: &Control) -> CrossChecks {
        CrossChecks {
            d: self.d,
            n: self.n,
            eps: self.eps.clone(),
            family: self.family,
            rows: self.jobs.iter().map(milp::cross_check).collect(),
        }
    }
}

impl CrossChecks {
    /// 1 when the MILP disagrees with the exact minimum for some `m`, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.rows.iter().all(|r| r.agree) {
            0
        } else {
            1
        }
    }

    /// The table `minip sharp --milp` prints, with its header and notes.
    pub fn text(&self) -> String {
        let body: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.m.to_string(),
                    r.configurations.to_string(),
                    r.min_kstar.clone(),
                    r.argmin.clone(),
                    r.milp_value.map(|v| format!("{v:.9}")).unwrap_or("-".into()),
                    r.milp_tokens.clone(),
                    if r.agree { "agree".into() } else { "DISAGREE".into() },
                    format!("{:.3}", r.enum_seconds),
                    format!("{:.3}", r.milp_seconds),
                ]
            })
            .collect();
        let mut s = format!(
            "MILP cross-check: min b/c over Boolean tokens x, y, z in m bits with gap w - u >= {}, n = {}, eps = {}, family {}\n\n",
            self.d,
            self.n,
            fmt_q(&self.eps),
            self.family.name()
        );
        s.push_str(&table::render(
            &[
                "m",
                "configs",
                "min kstar (exact)",
                "at (h,u,w)",
                "MILP min b/c",
                "MILP tokens x,y,z",
                "",
                "enum s",
                "MILP s",
            ],
            &body,
        ));
        s.push_str("\nThe reported value is the exact, certified min kstar; the MILP float is a hint, compared within 1e-6 relative.\n");
        if self.exit_code() != 0 {
            s.push_str(
                "DISAGREEMENT: the MILP and the certified enumeration differ on a row above (exit 1).\n",
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(d: u32) -> Sharp {
        Sharp { config: Config { d: Some(d), ..Config::default() }, ..Sharp::default() }
    }

    #[test]
    fn the_default_is_the_command_lines() {
        let s = Sharp::default();
        assert_eq!((s.config.n, s.config.eps.as_str(), s.config.bound.as_str()), (3, "1/2", "paper"));
        assert_eq!(s.m, "2..=4");
        assert!(!s.milp && s.grid.is_none() && s.summarize.is_none() && s.out.is_none() && s.jobs.is_none());
    }

    #[test]
    fn one_configuration_is_certified_with_its_file() {
        let Job::One(job) = one(3).validate().unwrap() else { panic!("one configuration") };
        let k = job.run(&Control::new()).unwrap();
        assert_eq!((k.record.kstar.as_str(), k.record.relation.as_str()), ("2", "sharp"));
        assert_eq!(k.exit_code(false), 0);
        assert!(k.text().unwrap().starts_with("instance  n = 3, eps = 1/2, (h, u, w) = (3, 0, 3), d = 3"));
        assert!(k.file().unwrap().contains("\"minip-sharp/1\""));
    }

    #[test]
    fn refusals_have_the_command_lines_words_and_kinds() {
        let mut r = one(3);
        r.config.bound = "2".into();
        assert_eq!(
            r.validate().err(),
            Some(Error::Input("--bound has no meaning for sharp (kstar is the best bound)".into()))
        );
        let mut r = one(3);
        r.csv = Some("t.csv".into());
        assert_eq!(r.validate().err(), Some(Error::Input("--csv and --jobs belong to --grid".into())));
        let mut r = one(3);
        r.shard = Some("0/2".into());
        assert!(
            matches!(r.validate(), Err(Error::Input(m)) if m.starts_with("--expect and --shard need --grid"))
        );
        let mut r = Sharp { milp: true, m: "0..=3".into(), ..Sharp::default() };
        assert_eq!(r.validate().err(), Some(Error::Input(format!("--m: need 1 ≤ m ≤ {}", milp::MAX_M))));
        r.m = "2..=3".into();
        r.config.d = Some(5);
        assert_eq!(r.validate().err(), Some(Error::Input("--m: no m in the range has m ≥ d = 5".into())));
        let mut r = one(3);
        r.config.eps = "0".into();
        assert!(matches!(r.validate(), Err(Error::Input(m)) if m.contains("need ε > 0")));
    }

    #[test]
    fn a_note_is_said_before_a_later_refusal() {
        let mut r = one(3);
        r.config.eps = "3/4".into();
        r.jobs = Some(2);
        let mut said = Vec::new();
        let e = r.validate_noting(&mut |n| said.push(n)).err();
        assert_eq!(e, Some(Error::Input("--csv and --jobs belong to --grid".into())));
        assert_eq!(said.len(), 1);
        assert!(said[0].to_string().starts_with("note: ε = 3/4 > 1/2"), "{}", said[0]);
    }

    #[test]
    fn whole_blocks_keep_only_blocks_done_entirely() {
        let inst = |n: u32| Config { n, d: Some(2), ..Config::default() }.validate().unwrap().inst;
        let all = [inst(3), inst(3), inst(4), inst(4)];
        assert_eq!(whole_blocks(&all, &[0, 1, 2]), vec![0, 1]);
        assert_eq!(whole_blocks(&all, &[1, 2, 3]), vec![2, 3]);
    }
}
