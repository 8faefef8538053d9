//! `minip sharp`: the exact best domination factor `kstar` of one configuration, a grid
//! sweep (`--grid`), or the Boolean-token MILP cross-check (`--milp`). Parsing and
//! printing only; the request is `crate::request::sharp`.

use super::gap::InstanceArgs;
use super::{ctl, emit};
use crate::error::Error;
use crate::print::json;
use crate::request::config::Config;
use crate::request::notice::Notice;
use crate::request::sharp::{Job, Sharp};
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub(super) struct SharpArgs {
    #[command(flatten)]
    inst: InstanceArgs,
    /// Sweep every configuration of a grid file (TOML: n, eps, h_max, families).
    #[arg(long, conflicts_with_all = ["h", "u", "w", "tokens", "milp"])]
    grid: Option<PathBuf>,
    /// MILP cross-check over Boolean tokens in m bits (a range, e.g. 2..=5); uses --n, --eps, --family, --d (minimum gap).
    #[arg(long, conflicts_with_all = ["h", "u", "w", "tokens"])]
    milp: bool,
    /// Summarize committed minip-sharp files (checked first; no solving), e.g. proofs/sharp.
    #[arg(long, conflicts_with_all = ["h", "u", "w", "tokens", "milp", "grid"])]
    summarize: Option<PathBuf>,
    /// Bits m for --milp: M, a range A..=B (both ends included) or a list such as 2,4.
    #[arg(long, default_value = "2..=4")]
    m: String,
    /// Certificate file (one configuration) or directory (--grid).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also write VIPR 1.0 (`RTP range kstar kstar`): a file for one configuration, or with
    /// --grid one file per configuration in this directory.
    #[arg(long)]
    vipr: Option<PathBuf>,
    /// With --grid: write the table as CSV here.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// With --grid: compare with a table of expected kstar values (JSON Lines as written by
    /// --json, or the --csv table): exit 0 when every configuration is as expected, 1 with one
    /// line per change, 2 on errors.
    #[arg(long, value_name = "TABLE")]
    expect: Option<PathBuf>,
    /// With --grid: run only shard i of N (0-based contiguous blocks, as `sweep --shard`;
    /// certificate files get a `_shard-i-of-N` suffix so that shards never overwrite each other).
    #[arg(long)]
    shard: Option<String>,
    /// Worker threads for --grid (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// One JSON object per configuration on stdout (kind "sharp.kstar"; "sharp.milp" with --milp).
    #[arg(long)]
    json: bool,
}

/// The request the arguments make.
fn request(a: &SharpArgs) -> Sharp {
    let i = &a.inst;
    Sharp {
        config: Config {
            n: i.n,
            eps: i.eps.clone(),
            d: i.d,
            h: i.h,
            u: i.u,
            w: i.w,
            tokens: i.tokens.clone(),
            family: i.family.clone(),
            bound: i.bound.clone(),
            task: i.setting.task.clone(),
            kernel: i.setting.kernel.clone(),
            positions: i.setting.positions.clone(),
            keys: i.setting.keys.clone(),
            at: i.setting.at,
        },
        grid: a.grid.clone(),
        milp: a.milp,
        summarize: a.summarize.clone(),
        m: a.m.clone(),
        out: a.out.clone(),
        vipr: a.vipr.clone(),
        csv: a.csv.clone(),
        expect: a.expect.clone(),
        shard: a.shard.clone(),
        jobs: a.jobs,
    }
}

/// A note or warning, on stderr at once.
pub(super) fn say(n: Notice) {
    eprintln!("minip: {n}");
}

pub(super) fn cmd_sharp(a: SharpArgs) -> Result<i32, Error> {
    let job = request(&a).validate_noting(&mut say)?;
    let one = match job {
        Job::One(one) => one,
        Job::Grid(g) => return cmd_grid(&a, &g),
        Job::Milp(m) => {
            let checks = m.run(ctl());
            if a.json {
                emit(&checks.rows.iter().map(|r| json::record("sharp.milp", r)).collect::<String>())?;
            } else {
                emit(&checks.text())?;
            }
            return Ok(checks.exit_code());
        }
        Job::Summarize(s) => {
            // Each file is read and checked in parallel, with progress.
            super::batch_run();
            let done = s.run(ctl())?;
            emit(&done.text())?;
            return Ok(done.exit_code);
        }
    };
    let k = one.run(ctl())?;
    match if a.json { Ok(k.json_line()) } else { k.text() } {
        Ok(t) => emit(&t)?,
        Err(e) => return Err(e),
    }
    Ok(k.exit_code(a.json))
}

fn cmd_grid(a: &SharpArgs, g: &crate::request::sharp::Grid) -> Result<i32, Error> {
    super::batch_run();
    let mut sink = |r: &crate::request::sharp::Record| -> Result<(), Error> {
        if a.json {
            emit(&json::record("sharp.kstar", r))?;
        }
        Ok(())
    };
    let sweep = g.run(ctl(), &mut say, &mut sink)?;
    let recs = &sweep.records;
    eprintln!(
        "{} certified in {:.1} s",
        crate::print::count(recs.len() - sweep.unknown(), "configuration", "configurations"),
        sweep.seconds
    );
    // The summary is about the whole grid: after an interrupt only the rows done are printed.
    if !a.json {
        emit(&sweep.text())?;
    }
    sweep.stopped.clone()?;
    for line in sweep.summary() {
        eprintln!("{line}");
    }
    if let Some(x) = g.expected(&sweep) {
        return Ok(super::report_expect(&x));
    }
    Ok(sweep.exit_code())
}
