//! `minip rank --weighted`: the weighted trace/Frobenius bound for one `m` (docs/math.md §15,
//! docs/rank.md). Arguments into a `crate::request::weighted::Weighted`, its run, and the
//! output: the certificate (`--out DIR`: `DIR/mMM.json`), the line or the JSON record.

use super::RankArgs;
use crate::cli::{ctl, emit};
use crate::error::Error;
use crate::request::weighted::Weighted;

pub fn cmd_rank_weighted(a: RankArgs) -> Result<i32, Error> {
    let m: u32 =
        a.m.trim()
            .parse()
            .map_err(|_| Error::Input(format!("--m: malformed '{}' (one m with --weighted)", a.m)))?;
    let n: u32 =
        a.n.trim()
            .parse()
            .map_err(|_| Error::Input(format!("--n: malformed '{}' (one n with --weighted)", a.n)))?;
    if a.eps != "1/2" {
        return Err(Error::Input(format!(
            "--eps {}: --weighted uses the closed-form ratios at eps = 1/2",
            a.eps
        )));
    }
    let request = Weighted { m, n, from: a.from.clone(), rounds: a.rounds };
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
