//! `minip bench`: the sweep of a grid with certificates written and re-verified, then the
//! verification of a directory of committed certificates, timed.

use super::{grid::Grid, sweep};
use crate::control::Control;
use crate::error::Error;
use minip_check::verify::{collect, verify_file};
use rayon::prelude::*;
use serde::Serialize;
use std::path::Path;
use std::time::Instant;

/// The measured figures.
#[derive(Clone, Debug)]
pub struct Bench {
    pub threads: usize,
    pub configurations: usize,
    pub tally: (usize, usize, usize),
    pub written_ok: usize,
    pub written: usize,
    pub sweep_seconds: f64,
    pub proofs: usize,
    pub proofs_ok: usize,
    pub verify_seconds: f64,
}

pub fn run(grid: &Grid, proofs: Option<&Path>, ctl: &Control) -> Result<Bench, Error> {
    let insts = grid.gap_instances();
    let certs = match proofs {
        Some(p) => collect(&[p.to_path_buf()])?,
        None => Vec::new(),
    };
    let dir = std::env::temp_dir().join(format!("minip-bench-{}", std::process::id()));
    // Removed by a signal that ends the process too.
    crate::print::remember_temporary(&dir);
    crate::print::out_dir(&dir)?;
    let t = Instant::now();
    let recs = sweep::run(&insts, Some(&dir), true, ctl);
    let files = collect(std::slice::from_ref(&dir.to_path_buf()))?;
    let written_ok = files.par_iter().filter(|f| verify_file(f).result.is_ok()).count();
    let sweep_seconds = t.elapsed().as_secs_f64();
    let _ = std::fs::remove_dir_all(&dir);
    crate::print::forget_temporary(&dir);
    let t = Instant::now();
    let proofs_ok = certs.par_iter().filter(|f| verify_file(f).result.is_ok()).count();
    Ok(Bench {
        threads: rayon::current_num_threads(),
        configurations: recs.len(),
        tally: sweep::tally(&recs),
        written_ok,
        written: files.len(),
        sweep_seconds,
        proofs: certs.len(),
        proofs_ok,
        verify_seconds: t.elapsed().as_secs_f64(),
    })
}

/// An exact LP solver run as a yardstick by `amplify-bench` on the same LP file minip solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Yardstick {
    /// QSopt_ex: `esolver -L -O SOL FILE.lp` (Debian package `qsopt-ex`).
    Esolver,
    /// GLPK: `glpsol --lp FILE.lp --exact -o SOL`.
    Glpsol,
}

impl Yardstick {
    pub fn name(self) -> &'static str {
        match self {
            Yardstick::Esolver => "esolver",
            Yardstick::Glpsol => "glpsol",
        }
    }
}

/// What a yardstick run gave: wall seconds (the process, LP parsing included), whether it
/// was stopped by the timeout, the optimal value it printed (text, e.g. `1769471/2` for
/// esolver, `884735.5` for glpsol) and one line saying what happened. Only printed and
/// compared, never used as a result.
#[derive(Clone, Debug)]
pub struct External {
    pub seconds: f64,
    pub timed_out: bool,
    pub value: Option<String>,
    pub said: String,
}

/// Runs `tool` on `lp_text` (written to a temporary file), stopped after `timeout` seconds.
pub fn external_exact(tool: Yardstick, lp_text: &str, timeout: u64, tag: &str) -> Result<External, Error> {
    let dir = std::env::temp_dir().join(format!("minip-amplify-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| Error::Io(format!("{}: {e}", dir.display())))?;
    let lp = dir.join(format!("{tag}.lp"));
    let sol = dir.join(format!("{tag}.{}.sol", tool.name()));
    std::fs::write(&lp, lp_text).map_err(|e| Error::Io(format!("{}: {e}", lp.display())))?;
    let mut cmd = std::process::Command::new("timeout");
    cmd.arg(timeout.to_string()).arg(tool.name());
    match tool {
        Yardstick::Esolver => cmd.args(["-L", "-O"]).arg(&sol).arg(&lp),
        Yardstick::Glpsol => cmd.arg("--lp").arg(&lp).args(["--exact", "-o"]).arg(&sol),
    };
    let g0 = Instant::now();
    let st = cmd.output();
    let seconds = g0.elapsed().as_secs_f64();
    let timed_out = matches!(&st, Ok(o) if o.status.code() == Some(124));
    let text = std::fs::read_to_string(&sol).unwrap_or_default();
    let value = match tool {
        // "status = OPTIMAL" then "\tValue = p/q".
        Yardstick::Esolver => text
            .lines()
            .find_map(|l| l.trim().strip_prefix("Value = "))
            .filter(|_| text.contains("OPTIMAL"))
            .map(|v| v.trim().to_string()),
        // "Objective:  obj = 75497471.5 (MINimum)".
        Yardstick::Glpsol => text
            .lines()
            .find(|l| l.starts_with("Objective:"))
            .and_then(|l| l.split('=').nth(1))
            .and_then(|v| v.split_whitespace().next())
            .map(str::to_string),
    };
    let said = match &st {
        Err(e) => format!("could not run {} ({e})", tool.name()),
        Ok(_) if timed_out => format!("stopped after {timeout} s (timeout)"),
        Ok(o) if value.is_none() => {
            format!("exit {} in {seconds:.2} s, no optimal value", o.status.code().unwrap_or(-1))
        }
        Ok(_) => format!("{seconds:.2} s"),
    };
    let _ = std::fs::remove_dir_all(&dir);
    Ok(External { seconds, timed_out, value, said })
}

/// One row of `amplify-bench`: minip's certified `R(0, h; h)` (n = 3, ε = 1/2, in process:
/// rows, HiGHS, exact solves, checker) beside each yardstick on the same LP file.
#[derive(Clone, Debug, Serialize)]
pub struct AmplifyBenchRow {
    pub h: u32,
    /// The certified ratio `"p/q"`.
    pub ratio: String,
    pub route: String,
    pub pivots: usize,
    /// Seconds: the whole certified solve and its phases.
    pub seconds: f64,
    pub rows_seconds: f64,
    pub highs_seconds: f64,
    pub exact_seconds: f64,
    pub check_seconds: f64,
    pub yardsticks: Vec<YardstickRun>,
}

/// A yardstick's run in an `amplify-bench` row.
#[derive(Clone, Debug, Serialize)]
pub struct YardstickRun {
    pub solver: String,
    pub seconds: f64,
    pub timed_out: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// Its optimal value equals the certified ratio (esolver: exactly; glpsol, which prints
    /// about ten digits: within a relative 1e-9); false when it printed none or another one;
    /// absent when it was stopped by the timeout.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agrees: Option<bool>,
    /// Its seconds over minip's (a lower bound when it timed out); 0 when it failed (no
    /// optimal value, or another one than the certified ratio): then nothing was compared.
    pub speedup: f64,
    pub said: String,
}

impl YardstickRun {
    /// Solved the same LP to the certified ratio, or was stopped by the timeout (its
    /// speed-up is then a lower bound): a speed-up was measured.
    pub fn measured(&self) -> bool {
        self.timed_out || self.agrees == Some(true)
    }
    /// Finished with an optimal value other than the certified ratio.
    pub fn differs(&self) -> bool {
        !self.timed_out && self.value.is_some() && self.agrees == Some(false)
    }
    /// Finished without an optimal value (it could not be run, or it printed none).
    pub fn failed(&self) -> bool {
        !self.timed_out && self.value.is_none()
    }
}

/// Whether a yardstick's printed optimal value is the certified ratio `r`: exactly for esolver
/// (a rational), within a relative 1e-9 for glpsol (a decimal of about ten digits).
pub fn same_value(tool: Yardstick, printed: &str, r: &minip_check::rational::Rat) -> bool {
    use minip_check::rational::{parse_rational, to_f64};
    match tool {
        Yardstick::Esolver => parse_rational(printed).is_ok_and(|v| &v == r),
        Yardstick::Glpsol => printed.parse::<f64>().is_ok_and(|v| {
            let r = to_f64(r);
            v.is_finite() && (v - r).abs() <= 1e-9 * r.abs().max(1.0)
        }),
    }
}

/// Certifies `R(0, h; h)` (n = 3, ε = 1/2) and runs each yardstick on the exported LP, one
/// after the other (never side by side in time, so that they do not share the cores).
pub fn amplify_row(h: u32, tools: &[Yardstick], timeout: u64) -> Result<AmplifyBenchRow, Error> {
    use minip_check::rational::{fmt_q, q};
    let eps = q(1, 2);
    let t = Instant::now();
    let (c, st) = crate::certify::ratio::forced_ratio_stats(3, &eps, h, 0, h, false)?;
    let seconds = t.elapsed().as_secs_f64();
    let r = c.claim().value().cloned().ok_or_else(|| Error::Input("no finite ratio".into()))?;
    let lp = crate::formulate::lp_file::cplex_lp(3, &eps, h, 0, h, false)?;
    let mut yardsticks = Vec::new();
    for &tool in tools {
        let e = external_exact(tool, &lp, timeout, &format!("h{h}"))?;
        // A run that timed out has no value to compare; any other is compared with the ratio.
        let agrees = (!e.timed_out).then(|| e.value.as_deref().is_some_and(|v| same_value(tool, v, &r)));
        let mut run = YardstickRun {
            solver: tool.name().into(),
            seconds: e.seconds,
            timed_out: e.timed_out,
            value: e.value,
            agrees,
            speedup: e.seconds / seconds.max(1e-9),
            said: e.said,
        };
        if !run.measured() {
            // Nothing was compared: no speed-up.
            run.speedup = 0.0;
            if run.differs() {
                run.said = format!(
                    "{} (its value {} is not the certified ratio)",
                    run.said,
                    run.value.as_deref().unwrap_or("")
                );
            }
        }
        yardsticks.push(run);
    }
    let p = st.phases;
    Ok(AmplifyBenchRow {
        h,
        ratio: fmt_q(&r),
        route: st.route,
        pivots: st.pivots,
        seconds,
        rows_seconds: p.rows,
        highs_seconds: p.highs,
        exact_seconds: p.exact,
        check_seconds: p.check,
        yardsticks,
    })
}
