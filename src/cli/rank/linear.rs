//! `minip rank --linear`: certified rank bounds from direct sums of linear codes for even
//! `m ≤ 1024` (docs/math.md §9, docs/rank.md), one column per `n`, next to the explicit-code
//! method (`m ≤ 24`), the paper's `2^{m/10−6}` and the trivial `2^m`. Arguments into a
//! `crate::request::rank::RankLinear`, its run, and the output: certificates, the plots, the
//! table or JSON lines of `crate::print::rank`.

use super::RankArgs;
use crate::cli::{ctl, emit};
use crate::error::Error;
use crate::print::svg;
use crate::request::rank::RankLinear;

pub fn cmd_rank_linear(a: RankArgs) -> Result<i32, Error> {
    let request = RankLinear {
        m: a.m.clone(),
        n: a.n.clone(),
        eps: a.eps.clone(),
        uniform: a.uniform,
        explicit: !a.no_explicit,
        jobs: a.jobs,
    };
    let job = request.validate()?;
    for p in a.plot.iter().chain(&a.plot_n) {
        crate::print::check_target(p)?;
    }
    if let Some(dir) = &a.out {
        super::warn(crate::print::out_dir(dir)?);
    }
    crate::cli::batch_run();
    let found = job.run(ctl());
    for ((m, n), e) in &found.explicit_unknown {
        eprintln!("minip: m = {m}, n = {n}: explicit method unknown: {e}");
    }
    for ((m, n), e) in found.unknown() {
        eprintln!("minip: m = {m}, n = {n}: unknown: {e}");
    }
    if let Some(dir) = &a.out {
        found.write(dir)?;
    }
    // Complete only when every (m, n) and every explicit-method item is done.
    let stopped = found.stopped.clone();
    if let (Some(p), Ok(())) = (&a.plot, &stopped) {
        let (pts, explicit) = crate::request::plot::rank_linear(&found);
        crate::print::write_file(p, &svg::rank_linear(&pts, &explicit))?;
    }
    if let Some(p) = &a.plot_n {
        let (pts, ceiling) = crate::request::plot::rank_linear_by_n(&found);
        crate::print::write_file(p, &svg::rank_linear_by_n(&pts, &ceiling))?;
    }
    emit(&if a.json { found.json_lines() } else { found.text() })?;
    stopped?;
    Ok(found.exit_code())
}
