//! `minip multihead domination`: several heads against the step of Lemma 3 (docs/escape.md).
//! Arguments into `crate::request::multihead::Domination`; the rows printed by
//! `crate::print::multihead`.

use super::emit;
use crate::error::Error;
use crate::print::json;
use crate::print::multihead::{heads_frontier_text, text};
use crate::request::multihead::{Domination, HeadsFrontier};
use crate::request::Values;
use clap::{Args, Subcommand};

#[derive(Args)]
pub(super) struct MultiheadArgs {
    #[command(subcommand)]
    what: MultiheadWhat,
}

#[derive(Subcommand)]
enum MultiheadWhat {
    /// Must some head have alpha(x,y) > K*alpha(x,z)? H exact heads with alpha(x,y) = 0 that solve S1-S3.
    #[command(after_help = super::tail(
        "Each row's heads are recomputed exactly on S1, S2, S3 before it is printed (docs/escape.md).",
        &[
            "minip multihead domination",
            "minip multihead domination --heads 3 --d 3 --n 3 --json",
            "minip multihead domination --out /tmp/multihead",
        ],
    ))]
    Domination(DominationArgs),
    /// Upper bounds with H heads on every length-3 sequence over {0,1}^m: kernels (o + c)^P, exact ranks.
    #[command(after_help = super::tail(
        "Per query weight h, head k's kernel is (o + c_k,h)^P (shifts c_k,h = c0*rho^k searched by LP), the\n\
         values and the readout found by LP and made exact; every output on every class of length-3\n\
         sequences is recomputed by the checker crate (errors strictly below 1/2). total rank = the sum\n\
         of each head's exact kernel rank (docs/math.md §10.4). Exit 2 when a row is unknown.",
        &[
            "minip multihead frontier --heads 3 --m 4..=16",
            "minip multihead frontier --heads 4 --m 24 --degree 2 --json",
            "minip multihead frontier --heads 2 --m 7 --out /tmp/heads",
            "minip multihead frontier --heads 3 --m 8 --value-degree 1",
        ],
    ))]
    Frontier(FrontierArgs),
}

#[derive(Args)]
struct FrontierArgs {
    /// Number of heads H (>= 1).
    #[arg(long, default_value_t = 3)]
    heads: u32,
    /// Bits m: M, a range A..=B (both ends included) or a list such as 4,8..=12.
    #[arg(long, default_value = "4..=16")]
    m: String,
    /// Degree P of each kernel (o + c)^P in the overlap o.
    #[arg(long, default_value_t = 1)]
    degree: u32,
    /// Restrict each head's values to a polynomial of degree <= T in the overlap at each query
    /// weight (1..=64), so each head's value dimension D <= sum_{1<=j<=T} C(m,j) (default: free
    /// class values); certificates are then named mMM.hH.dP.vT.json.
    #[arg(long, value_name = "T")]
    value_degree: Option<u32>,
    /// Directory of the single-head frontier's certificates mMM.per_weight.json (default the
    /// committed proofs/frontier, built into minip; '-': none).
    #[arg(long, value_name = "DIR")]
    single_dir: Option<std::path::PathBuf>,
    /// Directory of minip-rank/2 certificates mMM.json for one head's lower bound (default
    /// the committed proofs/rank, built into minip; '-': none).
    #[arg(long, value_name = "DIR")]
    rank_dir: Option<std::path::PathBuf>,
    /// Directory of linear-code certificates nN_mMMM.json for one head's lower bound
    /// (default the committed proofs/rank-linear, built into minip; '-': none).
    #[arg(long, value_name = "DIR")]
    rank_linear_dir: Option<std::path::PathBuf>,
    /// One JSON object per m on stdout (kind "multihead.frontier").
    #[arg(long)]
    json: bool,
    /// Write one minip-multihead-heads/2 certificate per certified m into DIR (mMM.hH.dP.json).
    #[arg(long, value_name = "DIR")]
    out: Option<std::path::PathBuf>,
}

#[derive(Args)]
struct DominationArgs {
    /// Number of heads H (>= 2; one head is Lemma 3 itself).
    #[arg(long, default_value_t = 2)]
    heads: u32,
    /// Gap d: D, a range A..=B or a list such as 2,4 (configuration h = w = d, u = 0).
    #[arg(long, default_value = "2..=8")]
    d: String,
    /// Sequence length n: N, a range A..=B or a list such as 3,6.
    #[arg(long, default_value = "3..=6")]
    n: String,
    /// Tolerance eps (a rational).
    #[arg(long, default_value = "1/2")]
    eps: String,
    /// One JSON object per row on stdout (kind "multihead.domination").
    #[arg(long)]
    json: bool,
    /// Write one minip-multihead/1 certificate per row into DIR (nN_dD.json; minip verify DIR).
    #[arg(long, value_name = "DIR")]
    out: Option<std::path::PathBuf>,
}

pub(super) fn cmd_multihead(a: MultiheadArgs) -> Result<i32, Error> {
    let a = match a.what {
        MultiheadWhat::Domination(a) => a,
        MultiheadWhat::Frontier(f) => return cmd_frontier(f),
    };
    let request = Domination {
        heads: a.heads,
        d: Values::Text(a.d.clone()),
        n: Values::Text(a.n.clone()),
        eps: a.eps.clone(),
    };
    // The output directory is made (or refused) once the input is checked, before any work.
    let job = request.validate()?;
    if let Some(dir) = &a.out {
        super::warn(crate::print::out_dir(dir)?);
    }
    let found = job.run(super::ctl())?;
    if let Some(dir) = &a.out {
        found.write(dir)?;
    }
    let records = found.records();
    if a.json {
        for r in &records {
            emit(&json::record("multihead.domination", r))?;
        }
    } else {
        emit(&text(&records))?;
    }
    Ok(0)
}

fn cmd_frontier(a: FrontierArgs) -> Result<i32, Error> {
    let request = HeadsFrontier {
        heads: a.heads,
        m: Values::Text(a.m.clone()),
        degree: a.degree,
        value_degree: a.value_degree,
        single_dir: a.single_dir.clone(),
        rank_dir: a.rank_dir.clone(),
        rank_linear_dir: a.rank_linear_dir.clone(),
    };
    let job = request.validate()?;
    if let Some(dir) = &a.out {
        super::warn(crate::print::out_dir(dir)?);
    }
    let found = job.run(super::ctl())?;
    for s in &found.skipped {
        super::warn(Some(s.clone()));
    }
    if let Some(dir) = &a.out {
        found.write(dir)?;
    }
    let records = found.records();
    if a.json {
        for r in &records {
            emit(&json::record("multihead.frontier", r))?;
        }
    } else {
        emit(&heads_frontier_text(&records))?;
    }
    Ok(found.exit_code())
}
