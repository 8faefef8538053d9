//! Sweeps: expand a grid file into instances, settle them in parallel (rayon), write
//! their certificates, and report in a deterministic order.
//!
//! Grid files (`instances/*.toml`):
//! ```toml
//! n = "3..=6"                # or a list: n = [3, 5]
//! eps = ["1/2", "1/3"]
//! h_max = 6                  # every (h, u, w) with 0 ≤ u < w ≤ h ≤ h_max
//! families = ["paper", "all"]
//! bounds = ["paper", "2"]    # the negated bound b ≤ K'·c
//! ```

use crate::cert;
use crate::certify::{decide, Outcome};
use crate::check::check_gap;
use crate::exact::rational::{fmt_q, parse_rational, Q};
use crate::model::{Bound, Family, Gap, Instance};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GridFile {
    n: NSpec,
    eps: Vec<String>,
    h_max: u32,
    families: Vec<String>,
    bounds: Vec<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum NSpec {
    List(Vec<u32>),
    Range(String),
}

/// A parsed grid.
#[derive(Clone, Debug)]
pub struct Grid {
    pub n: Vec<u32>,
    pub eps: Vec<Q>,
    pub h_max: u32,
    pub families: Vec<Family>,
    pub bounds: Vec<Bound>,
}

/// Parses `a..=b`, `a..b` or a single number.
pub fn parse_range(s: &str) -> Result<Vec<u32>, String> {
    let num = |t: &str| t.trim().parse::<u32>().map_err(|_| format!("malformed range '{s}'"));
    if let Some((a, b)) = s.split_once("..=") {
        Ok((num(a)?..=num(b)?).collect())
    } else if let Some((a, b)) = s.split_once("..") {
        Ok((num(a)?..num(b)?).collect())
    } else {
        Ok(vec![num(s)?])
    }
}

pub fn parse_grid(text: &str) -> Result<Grid, String> {
    let g: GridFile = toml::from_str(text).map_err(|e| format!("malformed grid: {}", e.message()))?;
    let n = match g.n {
        NSpec::List(v) => v,
        NSpec::Range(s) => parse_range(&s)?,
    };
    let grid = Grid {
        n,
        eps: g.eps.iter().map(|e| parse_rational(e)).collect::<Result<_, _>>()?,
        h_max: g.h_max,
        families: g.families.iter().map(|f| Family::parse(f)).collect::<Result<_, _>>()?,
        bounds: g.bounds.iter().map(|b| Bound::parse(b)).collect::<Result<_, _>>()?,
    };
    if grid.n.is_empty() || grid.eps.is_empty() || grid.families.is_empty() || grid.bounds.is_empty() || grid.h_max == 0 {
        return Err("malformed grid: n, eps, families, bounds must be non-empty and h_max ≥ 1".into());
    }
    // Validate every combination once, up front, with a clear message.
    for &n in &grid.n {
        for e in &grid.eps {
            Instance::new(n, e.clone(), Gap::from_d(1)?, Family::Paper, Bound::Paper).map_err(|e| format!("grid: {e}"))?;
        }
    }
    Ok(grid)
}

/// The grid's instances in a fixed order: n, ε, (h, u, w), family, bound.
pub fn instances(grid: &Grid) -> Vec<Instance> {
    let mut v = Vec::new();
    for &n in &grid.n {
        for eps in &grid.eps {
            for gap in Gap::all_up_to(grid.h_max) {
                for &family in &grid.families {
                    for bound in &grid.bounds {
                        v.push(Instance { n, eps: eps.clone(), gap, family, bound: bound.clone() });
                    }
                }
            }
        }
    }
    v
}

/// Shard `i` of `N` (0-based): a contiguous block, so concatenating the outputs of
/// shards `0..N` in order gives exactly the unsharded output.
pub fn shard<T>(items: &[T], i: usize, count: usize) -> &[T] {
    let len = items.len();
    let start = len * i / count;
    let end = len * (i + 1) / count;
    &items[start..end]
}

/// Parses `i/N`.
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (i, n) = s.split_once('/').ok_or_else(|| format!("malformed shard '{s}' (expected i/N)"))?;
    let i: usize = i.trim().parse().map_err(|_| format!("malformed shard '{s}'"))?;
    let n: usize = n.trim().parse().map_err(|_| format!("malformed shard '{s}'"))?;
    if n == 0 || i >= n {
        return Err(format!("shard '{s}': need 0 ≤ i < N"));
    }
    Ok((i, n))
}

/// One settled instance, as printed (table row or JSON line).
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub d: u32,
    pub family: String,
    pub bound: String,
    pub kprime: String,
    pub verdict: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Writes a certificate (and for `holds`, its VIPR export when asked) after
/// re-checking it: the printers only accept checked values.
pub fn write_certificate(c: &cert::GapCertificate, path: &Path, vipr: bool) -> Result<(), String> {
    let checked = check_gap(c).map_err(|e| format!("refusing to write an unchecked certificate: {e}"))?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, cert::to_json(checked.cert)).map_err(|e| format!("{}: {e}", path.display()))?;
    if vipr {
        if let Ok(text) = cert::vipr::write(&checked) {
            let vp = path.with_extension("vipr");
            std::fs::write(&vp, text).map_err(|e| format!("{}: {e}", vp.display()))?;
        }
    }
    Ok(())
}

/// Settles one instance and writes its certificate under `out` (if given).
pub fn settle_one(inst: &Instance, out: Option<&Path>, vipr: bool) -> Record {
    let outcome = decide(inst);
    let mut rec = Record {
        n: inst.n,
        eps: fmt_q(&inst.eps),
        h: inst.gap.h,
        u: inst.gap.u,
        w: inst.gap.w,
        d: inst.gap.d(),
        family: inst.family.name().into(),
        bound: inst.bound.label(),
        kprime: fmt_q(&inst.kprime()),
        verdict: outcome.verdict_name().into(),
        certificate: None,
        reason: None,
    };
    match &outcome {
        Outcome::Certified { cert, .. } => {
            if let Some(dir) = out {
                let path: PathBuf = dir.join(format!("{}.json", inst.stem()));
                match write_certificate(cert, &path, vipr) {
                    Ok(()) => rec.certificate = Some(path.display().to_string()),
                    Err(e) => {
                        rec.verdict = "unknown".into();
                        rec.reason = Some(e);
                    }
                }
            }
        }
        Outcome::Unknown { reason } => rec.reason = Some(reason.clone()),
    }
    rec
}

/// Settles instances in parallel; the output order is the input order.
pub fn run(insts: &[Instance], out: Option<&Path>, vipr: bool, progress: bool) -> Vec<Record> {
    let bar = if progress { ProgressBar::new(insts.len() as u64) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} instances [{elapsed_precise}] {wide_bar} {eta}")
            .expect("valid template"),
    );
    let recs = insts
        .par_iter()
        .map(|inst| {
            let r = settle_one(inst, out, vipr);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    recs
}

/// Counts by verdict: (holds, broken, unknown).
pub fn tally(recs: &[Record]) -> (usize, usize, usize) {
    let count = |v: &str| recs.iter().filter(|r| r.verdict == v).count();
    (count("holds"), count("broken"), count("unknown"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_expands_and_shards_concatenate() {
        let g = parse_grid("n = \"3..=4\"\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\nbounds = [\"paper\", \"2\"]\n").unwrap();
        let all = instances(&g);
        assert_eq!(all.len(), 2 * 4 * 2); // n × (h,u,w) with h ≤ 2 × bounds
        let joined: Vec<_> = (0..3).flat_map(|i| shard(&all, i, 3).to_vec()).collect();
        assert_eq!(joined, all);
        assert!(parse_grid("n = \"2..=4\"\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\nbounds = [\"paper\"]\n").is_err());
        assert!(parse_grid("n = \"3\"\neps = [\"x\"]\nh_max = 2\nfamilies = [\"paper\"]\nbounds = [\"paper\"]\n").is_err());
        assert!(parse_shard("3/3").is_err() && parse_shard("1/0").is_err());
        assert_eq!(parse_shard("1/4").unwrap(), (1, 4));
    }
}
