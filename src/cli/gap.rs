//! `minip settle`, `check`, `sweep`: arguments into the requests of
//! `crate::request::{gap, sweep}`, their results printed. No validation and no mathematics
//! here.

use super::{ctl, emit, warn};
use crate::error::Error;
use crate::print::json;
use crate::request::config::Config;
use crate::request::gap::{out_dir, Check, Settle};
use crate::request::sweep::Sweep;
use crate::request::Values;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Clone)]
pub struct InstanceArgs {
    /// Sequence length n (≥ 3).
    #[arg(long, default_value_t = 3)]
    pub(super) n: u32,
    /// Tolerance ε: 1/2, 0.5, 3/8, ...
    #[arg(long, default_value = "1/2", allow_hyphen_values = true)]
    pub(super) eps: String,
    /// Gap d alone: u = 0, w = h = d.
    #[arg(long, conflicts_with_all = ["h", "u", "w", "tokens"])]
    pub(super) d: Option<u32>,
    /// Query weight h = |x|.
    #[arg(long, requires_all = ["u", "w"])]
    pub(super) h: Option<u32>,
    /// Overlap u = <x,y>.
    #[arg(long, requires_all = ["h", "w"])]
    pub(super) u: Option<u32>,
    /// Overlap w = <x,z>.
    #[arg(long, requires_all = ["h", "u"])]
    pub(super) w: Option<u32>,
    /// Tokens x,y,z as bit strings of one length, e.g. 1110,1000,1100 (h, u, w are read off them).
    #[arg(long, conflicts_with_all = ["h", "u", "w"])]
    pub(super) tokens: Option<String>,
    /// Family: paper (S1, S2, S3) or all.
    #[arg(long, default_value = "paper")]
    pub(super) family: String,
    /// The bound tested, alpha(x,y) <= K'·alpha(x,z): 'paper' for the lemma's K = (n−2)(d−2ε)/(2ε), or a rational K'.
    #[arg(long, default_value = "paper", allow_hyphen_values = true)]
    pub(super) bound: String,
    #[command(flatten)]
    pub(super) setting: SettingArgs,
}

/// The options beyond Min-IP (docs/math.md §11), shared by `check`, `sharp` and `amplify`.
#[derive(Args, Clone, Default)]
pub struct SettingArgs {
    /// Comparison task: min-ip (self included), max-ip or nearest (self excluded; the better key is z).
    #[arg(long, default_value = "min-ip")]
    pub(super) task: String,
    /// Kernel sign: nonneg (alpha >= 0) or signed (every attention denominator D > 0 instead).
    #[arg(long, default_value = "nonneg")]
    pub(super) kernel: String,
    /// Position dependence of the maps: shared, per-position (alpha_p per key position), causal-last (query at position n).
    #[arg(long, default_value = "shared")]
    pub(super) positions: String,
    /// Keys: all, or distinct (no copy of the query token among the other positions).
    #[arg(long, default_value = "all")]
    pub(super) keys: String,
    /// With per-position or causal-last maps: the key position (1-based) of the ratio/bound; default: summed over positions.
    #[arg(long)]
    pub(super) at: Option<u32>,
}

impl SettingArgs {
    /// `c` with these setting fields.
    fn fill(&self, c: Config) -> Config {
        Config {
            task: self.task.clone(),
            kernel: self.kernel.clone(),
            positions: self.positions.clone(),
            keys: self.keys.clone(),
            at: self.at,
            ..c
        }
    }
}

impl InstanceArgs {
    /// The configuration as given, for `Config::validate`.
    pub fn config(&self) -> Config {
        self.setting.fill(Config {
            n: self.n,
            eps: self.eps.clone(),
            d: self.d,
            h: self.h,
            u: self.u,
            w: self.w,
            tokens: self.tokens.clone(),
            family: self.family.clone(),
            bound: self.bound.clone(),
            ..Config::default()
        })
    }
}

#[derive(Args)]
pub struct SettleArgs {
    /// Sequence length n (≥ 3).
    #[arg(long, default_value_t = 3)]
    n: u32,
    /// Tolerance ε: 1/2, 0.5, 3/8, ... (a head is correct when every output is within ε of its target).
    #[arg(long, default_value = "1/2", allow_hyphen_values = true)]
    eps: String,
    /// Gaps to check: D, a range A..=B (both ends included) or a list such as 2,4..=6.
    #[arg(long, default_value = "2..=8")]
    d: String,
    /// Family: paper (the sequences S1, S2, S3) or all (every length-n sequence over x, y, z).
    #[arg(long, default_value = "paper")]
    family: String,
    /// The literal factor of the check b <= F*c, next to the lemma's own K.
    #[arg(long, default_value = "2", allow_hyphen_values = true)]
    literal: String,
    /// Write the certificates (JSON, and VIPR for `holds`) into this directory (none without it;
    /// the committed ones: --out proofs/settle).
    #[arg(long)]
    out: Option<PathBuf>,
    /// One JSON object per row on stdout (kind "gap.verdict"); the conclusion goes to stderr.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    inst: InstanceArgs,
    /// Write the certificate (JSON) here.
    #[arg(long)]
    cert: Option<PathBuf>,
    /// Write a VIPR 1.0 infeasibility certificate here (verdict holds only).
    #[arg(long)]
    vipr: Option<PathBuf>,
    /// One JSON object on stdout (kind "gap.verdict", with the certificate) instead of the description.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct SweepArgs {
    /// Grid file (TOML), e.g. instances/regression.toml.
    grid: PathBuf,
    /// Certificate directory (none written if omitted).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also write VIPR files next to holds certificates.
    #[arg(long)]
    vipr: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Run only shard i of N (0-based contiguous blocks; outputs concatenate).
    #[arg(long)]
    shard: Option<String>,
    /// Compare with a table of expected verdicts (JSON Lines as written by --json, or CSV):
    /// exit 0 when every configuration is as expected, 1 with one line per change, 2 on errors.
    /// With --shard only that shard's configurations are compared (docs/ci.md).
    #[arg(long, value_name = "TABLE")]
    expect: Option<PathBuf>,
    /// One JSON object per configuration on stdout (kind "gap.verdict"), streamed in grid order; the summary goes to stderr.
    #[arg(long)]
    json: bool,
}

impl SettleArgs {
    fn request(&self) -> Result<Settle, Error> {
        Ok(Settle {
            n: self.n,
            eps: self.eps.clone(),
            d: Values::Text(self.d.clone()),
            family: self.family.clone(),
            literal: self.literal.clone(),
            out: self.out.clone(),
            certificates: false,
        })
    }
}

pub fn cmd_settle(a: SettleArgs) -> Result<i32, Error> {
    let job = a.request()?.validate()?;
    if let Some(note) = job.note() {
        eprintln!("minip: note: {note}");
    }
    if let Some(dir) = &a.out {
        warn(out_dir(dir)?);
    }
    super::batch_run();
    let settled = job.run(ctl());
    emit(&if a.json { settled.json_lines() } else { settled.text() })?;
    // After a signal the rows are a prefix: no conclusion is drawn from part of the gaps.
    if let Some(e) = settled.interrupted {
        return Err(e);
    }
    if a.json {
        // The conclusion is a summary: stderr, like every command's.
        eprintln!("{}", settled.conclusion().join("\n"));
    }
    Ok(settled.exit_code())
}

pub fn cmd_check(a: CheckArgs) -> Result<i32, Error> {
    let job = Check { config: a.inst.config(), cert: a.cert, vipr: a.vipr }.validate()?;
    if let Some(note) = job.note() {
        eprintln!("minip: note: {note}");
    }
    let r = job.run()?;
    emit(&if a.json { r.json_line() } else { r.text() })?;
    if let Some(note) = &r.vipr_note {
        eprintln!("minip: note: {note}");
    }
    Ok(r.exit_code())
}

pub fn cmd_sweep(a: SweepArgs) -> Result<i32, Error> {
    let request = Sweep {
        grid: a.grid,
        out: a.out.clone(),
        vipr: a.vipr,
        jobs: a.jobs,
        shard: a.shard,
        expect: a.expect,
    };
    let job = request.validate()?;
    if let Some(dir) = &a.out {
        warn(out_dir(dir)?);
    }
    super::batch_run();
    // JSON lines stream as they finish (in order); the table waits for all rows.
    let json = a.json;
    let swept = job.run(ctl(), |r| if json { emit(&json::record("gap.verdict", r)) } else { Ok(()) })?;
    eprintln!("{}", swept.summary());
    if !json {
        emit(&swept.text())?;
    }
    if let Some(e) = swept.interrupted() {
        return Err(e);
    }
    if let Some(x) = job.expected(&swept) {
        return Ok(super::report_expect(&x));
    }
    Ok(swept.exit_code())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct SettleCli {
        #[command(flatten)]
        a: SettleArgs,
    }

    #[derive(Parser)]
    struct CheckCli {
        #[command(flatten)]
        a: CheckArgs,
    }

    #[test]
    fn the_requests_defaults_are_the_command_lines() {
        assert_eq!(SettleCli::parse_from(["settle"]).a.request().unwrap(), Settle::default());
        let a = CheckCli::parse_from(["check"]).a;
        assert_eq!(Check { config: a.inst.config(), cert: a.cert, vipr: a.vipr }, Check::default());
    }

    #[test]
    fn options_reach_the_configuration() {
        let a = CheckCli::parse_from([
            "check", "--h", "4", "--u", "1", "--w", "3", "--task", "max-ip", "--at", "2",
        ])
        .a;
        let c = a.inst.config();
        assert_eq!(
            (c.h, c.u, c.w, c.d, c.task.as_str(), c.at),
            (Some(4), Some(1), Some(3), None, "max-ip", Some(2))
        );
        let a = SettleCli::parse_from(["settle", "--d", "3..=5", "--out", "o"]).a;
        let r = a.request().unwrap();
        assert_eq!((r.d, r.out), (Values::Text("3..=5".into()), Some(PathBuf::from("o"))));
        let a = SettleCli::parse_from(["settle", "--d", "3..x"]).a;
        assert!(a
            .request()
            .unwrap()
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("--d: malformed range '3..x' (accepted: N, A..=B"));
    }
}
