//! `minip frontier` from Python: certified lower and upper rank bounds per m. JSON text out.

use crate::convert::{to_text, Nums};
use crate::run;
use minip::request::frontier::Frontier;
use minip::request::frontier_files as files;
use pyo3::prelude::*;
use serde_json::Value;
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(frontier, m)?)?;
    Ok(())
}

/// `minip frontier`: per `m` and each sequence length `n` (`3`, or a range such as
/// `"3..=5"`, as `--n` reads it), certified upper bounds on the feature rank from
/// overlap-polynomial heads (one entry per kernel class), and the lower bounds read from
/// rank certificates (`None`: the committed ones, built in; `"-"`: none).
#[pyfunction]
#[pyo3(signature = (ms, n, kernel, shared_m_max, sparse_m_max, sparse_attempts, rank_dir, rank_linear_dir, step=1, out=None, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn frontier(
    py: Python<'_>,
    ms: Nums,
    n: String,
    kernel: String,
    shared_m_max: u32,
    sparse_m_max: u32,
    sparse_attempts: usize,
    rank_dir: Option<String>,
    rank_linear_dir: Option<String>,
    step: u32,
    out: Option<String>,
    jobs: Option<usize>,
) -> PyResult<String> {
    let (text, skipped) = run(py, move |ctl| {
        // No directory given: the committed certificates, built in (as on the command line).
        let dir = |d: Option<String>| d.map(PathBuf::from);
        let request = Frontier {
            m: ms.into(),
            step,
            n,
            kernel,
            shared_m_max,
            sparse_m_max,
            sparse_attempts,
            rank_dir: dir(rank_dir),
            rank_linear_dir: dir(rank_linear_dir),
            jobs,
        };
        let job = request.validate()?;
        // Files whose claim gives no bound for these rows, and an output directory that holds
        // files: a Python warning each, as the command line's one-line warnings.
        let mut skipped = Vec::new();
        let out = out.map(PathBuf::from);
        if let Some(dir) = &out {
            skipped.extend(job.out_dir(dir)?);
        }
        let mut all: Vec<Value> = Vec::new();
        for &n in &job.ns {
            let lowers = job.lowers(n, &mut |w| skipped.push(w))?;
            let length = job.run(n, lowers, ctl)?;
            length.stopped.clone()?;
            if let Some(dir) = &out {
                let dir = files::out_for(dir, n);
                if n != 3 {
                    skipped.extend(minip::print::out_dir(&dir)?);
                }
                files::write_certificates(&dir, n, &length.rows)?;
            }
            all.extend(length.values());
        }
        Ok((to_text(&Value::Array(all)), skipped))
    })?;
    crate::warn_all(py, skipped)?;
    Ok(text)
}
