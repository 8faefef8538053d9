//! `minip rank --two`: feature rank `≤ 2` refuted at one `m` by two orders (docs/math.md
//! §5.8). Arguments into a `crate::request::rank2::RankTwo`, its run, and the output: the
//! certificate and its proof (`--out DIR`: `DIR/mMM.json`, `DIR/mMM.drat`), the line or the
//! JSON record.

use super::RankArgs;
use crate::cli::{ctl, emit};
use crate::error::Error;
use crate::request::rank2::RankTwo;

pub fn cmd_rank_two(a: RankArgs) -> Result<i32, Error> {
    let job = RankTwo::from_text(&a.m, &a.n, &a.eps)?.validate()?;
    if let Some(dir) = &a.out {
        super::warn(crate::print::out_dir(dir)?);
    }
    let found = job.run(ctl())?;
    if let Some(dir) = &a.out {
        found.write(dir)?;
    }
    emit(&if a.json { found.json_line() } else { found.text() })?;
    Ok(found.exit_code())
}
