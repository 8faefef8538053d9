//! `minip rank --weighted`: the weighted trace/Frobenius bound for one `m` (docs/math.md §15,
//! docs/rank.md). Arguments into a `crate::request::weighted::Weighted`, its run, and the
//! output: the certificate (`--out DIR`: `DIR/mMM.json`), the line or the JSON record.

use super::RankArgs;
use crate::cli::{ctl, emit};
use crate::error::Error;
use crate::request::weighted::Weighted;

pub fn cmd_rank_weighted(a: RankArgs) -> Result<i32, Error> {
    let request = Weighted::from_text(&a.m, &a.n, &a.eps, a.from.clone(), a.rounds)?;
    let job = request.validate()?;
    if let Some(dir) = &a.out {
        job.check_out(dir)?;
        super::warn(crate::print::out_dir(dir)?);
    }
    let found = job.run(ctl())?;
    if let Some(dir) = &a.out {
        found.write(dir)?;
    }
    emit(&if a.json { found.json_line() } else { found.text() })?;
    Ok(0)
}
