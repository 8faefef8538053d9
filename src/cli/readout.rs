//! `minip readout`: a nonlinear readout (docs/escape.md). Arguments into
//! `crate::request::readout::Readout`; the rows printed by `crate::print::readout`.

use super::{emit, warn};
use crate::error::Error;
use crate::print::json;
use crate::print::readout::{text, ReadoutRecord};
use crate::print::readout_multilevel::{text as multilevel_text, MultilevelRecord};
use crate::print::readout_precision::{text as precision_text, PrecisionRecord};
use crate::request::readout::{file_name, Readout};
use crate::request::readout_multilevel::{file_name as multilevel_file, ReadoutMultilevel};
use crate::request::readout_precision::{file_name as precision_file, proof_name, ReadoutPrecision};
use crate::request::Values;
use clap::Args;
use std::path::PathBuf;

/// The notes of `minip readout --help`.
pub(super) const NOTES: &str = "\
Model: one head, any decoder g_x per query instead of the affine readout; correct iff sequences with
different targets give different outputs o. Each row: the power-sum construction (rank 1, D = 1) with
every sum of n - 1 values sorted and decoded exactly, its bits, and the lower bound on any head's
key state (docs/math.md §13). Limit: at most 1048576 multisets (n = 3: m <= 10; 4: m <= 7; 5: m <= 6).
--precision: the least V such that integer values in [0, V] (uniform attention, D = 1) separate the
target functions, by varisat with a DRAT proof for V - 1 (docs/math.md §13.9); m <= 4, kind
\"readout.precision\", minip-readout-precision/1 certificates and .drat proofs with --out. Past the
budget (proof clauses per V) or the checker's limits the row is a range, and says why.
--multilevel: the family of the paper's finite-precision theorem as minip builds it, (s + 1)^q
sequences of length 2q with the same queries and all different answers there, so any transcript
needs ceil(q log2(s + 1)) bits (docs/math.md §13.10); (q + 1)s <= 64, (s + 1)^q <= 262144.";

#[derive(Args)]
pub(super) struct ReadoutArgs {
    /// Token bits m: M, a range A..=B (both ends included) or a list such as 1,4..=6.
    #[arg(long, default_value = "1..=8")]
    m: String,
    /// Sequence length n (3..=5): N, a range A..=B or a list such as 3,5.
    #[arg(long, default_value = "3")]
    n: String,
    /// One JSON object per row on stdout (kind "readout.row").
    #[arg(long)]
    json: bool,
    /// Write one minip-readout/1 certificate per row into DIR (mMM_nN.json); with --precision
    /// minip-readout-precision/1 and its proof (mMM_nN.drat).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// The least integer values of the rank-1, D = 1 shape, by SAT with DRAT proofs.
    #[arg(long)]
    precision: bool,
    /// With --precision: proof clauses per V (default 20000).
    #[arg(long, value_name = "CLAUSES")]
    budget: Option<u64>,
    /// The multilevel family of the finite-precision theorem (kind "readout.multilevel";
    /// minip-multilevel/1 certificates qQQ_sSS.json with --out).
    #[arg(long, conflicts_with_all = ["precision", "m", "n"])]
    multilevel: bool,
    /// With --multilevel: independent answers q: Q, a range A..=B or a list [default: 1..=4].
    #[arg(long)]
    q: Option<String>,
    /// With --multilevel: levels 0..=s per answer: S, a range A..=B or a list [default: 1..=3].
    #[arg(long)]
    s: Option<String>,
}

/// `Err` naming the first option given that the mode asked for does not read (one line, exit
/// 2): `--budget` belongs to `--precision`, `--q` and `--s` to `--multilevel`.
fn options_apply(a: &ReadoutArgs) -> Result<(), Error> {
    let mode = if a.precision {
        "--precision"
    } else if a.multilevel {
        "--multilevel"
    } else {
        "readout without --precision or --multilevel"
    };
    let unread = [
        ("--budget", a.budget.is_some() && !a.precision, "--precision"),
        ("--q", a.q.is_some() && !a.multilevel, "--multilevel"),
        ("--s", a.s.is_some() && !a.multilevel, "--multilevel"),
    ];
    match unread.iter().find(|(_, given, _)| *given) {
        Some((opt, _, with)) => Err(Error::Input(format!("{opt} applies only with {with}, not to {mode}"))),
        None => Ok(()),
    }
}

/// Makes the `--out` directory, once the request is valid (a warning when it holds files).
fn out_dir(a: &ReadoutArgs) -> Result<(), Error> {
    if let Some(dir) = &a.out {
        warn(crate::print::out_dir(dir)?);
    }
    Ok(())
}

pub(super) fn cmd_readout(a: ReadoutArgs) -> Result<i32, Error> {
    options_apply(&a)?;
    if a.precision {
        return cmd_precision(&a);
    }
    if a.multilevel {
        return cmd_multilevel(&a);
    }
    let request = Readout { m: Values::Text(a.m.clone()), n: Values::Text(a.n.clone()), out: a.out.clone() };
    let job = request.validate()?;
    out_dir(&a)?;
    let found = job.run(super::ctl())?;
    let records: Vec<ReadoutRecord> = found
        .rows
        .iter()
        .map(|c| {
            let file = a.out.as_ref().map(|d| d.join(file_name(c.m, c.n)).display().to_string());
            ReadoutRecord::new(c, file)
        })
        .collect();
    if a.json {
        for r in &records {
            emit(&json::record("readout.row", r))?;
        }
    } else {
        emit(&text(&records))?;
    }
    Ok(0)
}

fn cmd_precision(a: &ReadoutArgs) -> Result<i32, Error> {
    let request = ReadoutPrecision {
        m: Values::Text(a.m.clone()),
        n: Values::Text(a.n.clone()),
        budget: a.budget,
        out: a.out.clone(),
    };
    let job = request.validate()?;
    out_dir(a)?;
    let found = job.run(super::ctl())?;
    let records: Vec<PrecisionRecord> = found
        .rows
        .iter()
        .map(|p| {
            let (m, n) = (p.cert.m, p.cert.n);
            let at = |name: String| a.out.as_ref().map(|d| d.join(name).display().to_string());
            PrecisionRecord::new(p, at(precision_file(m, n)), at(proof_name(m, n)))
        })
        .collect();
    if a.json {
        for r in &records {
            emit(&json::record("readout.precision", r))?;
        }
    } else {
        emit(&precision_text(&records))?;
    }
    Ok(0)
}

fn cmd_multilevel(a: &ReadoutArgs) -> Result<i32, Error> {
    let text = |v: &Option<String>, default: &str| Values::Text(v.clone().unwrap_or_else(|| default.into()));
    let request = ReadoutMultilevel { q: text(&a.q, "1..=4"), s: text(&a.s, "1..=3"), out: a.out.clone() };
    let job = request.validate()?;
    out_dir(a)?;
    let found = job.run(super::ctl())?;
    let records: Vec<MultilevelRecord> = found
        .rows
        .iter()
        .map(|c| {
            let file = a.out.as_ref().map(|d| d.join(multilevel_file(c.q, c.s)).display().to_string());
            MultilevelRecord::new(c, file)
        })
        .collect();
    if a.json {
        for r in &records {
            emit(&json::record("readout.multilevel", r))?;
        }
    } else {
        emit(&multilevel_text(&records))?;
    }
    Ok(0)
}
