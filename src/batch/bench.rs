//! `minip bench`: the sweep of a grid with certificates written and re-verified, then the
//! verification of a directory of committed certificates, timed.

use super::{grid::Grid, sweep};
use minip_check::verify::{collect, verify_file};
use rayon::prelude::*;
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

pub fn run(grid: &Grid, proofs: Option<&Path>, progress: bool) -> Result<Bench, String> {
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
    let recs = sweep::run(&insts, Some(&dir), true, progress);
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

/// `glpsol --exact` on an LP file, stopped after `timeout` seconds (for `amplify-bench`):
/// `(seconds, timed out, what it said)`. Its answer is only printed, never used.
pub fn glpsol_exact(lp_text: &str, timeout: u64, tag: &str) -> Result<(f64, bool, String), String> {
    let dir = std::env::temp_dir().join(format!("minip-amplify-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let lp = dir.join(format!("{tag}.lp"));
    let sol = dir.join(format!("{tag}.sol"));
    std::fs::write(&lp, lp_text).map_err(|e| format!("{}: {e}", lp.display()))?;
    let g0 = Instant::now();
    let st = std::process::Command::new("timeout")
        .arg(timeout.to_string())
        .args(["glpsol", "--lp"])
        .arg(&lp)
        .args(["--exact", "-o"])
        .arg(&sol)
        .output();
    let gt = g0.elapsed().as_secs_f64();
    let timed_out = matches!(&st, Ok(o) if o.status.code() == Some(124));
    let said = match st {
        Err(e) => format!("could not run glpsol: {e}"),
        Ok(_) if timed_out => format!("stopped after {timeout} s (timeout)"),
        Ok(o) => {
            let text = std::fs::read_to_string(&sol).unwrap_or_default();
            let obj = text
                .lines()
                .find(|l| l.starts_with("Objective:"))
                .unwrap_or("no objective line")
                .trim()
                .to_string();
            format!("exit {} in {gt:.2} s; {obj}", o.status.code().unwrap_or(-1))
        }
    };
    let _ = std::fs::remove_dir_all(&dir);
    Ok((gt, timed_out, said))
}
