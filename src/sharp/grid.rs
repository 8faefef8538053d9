//! The sharp sweep: every configuration of a grid, `kstar` certified in parallel (rayon),
//! records in a fixed order, one `minip-sharp/1` file per `(n, eps, family)`.
//!
//! Grid files (`instances/sharp.toml`):
//! ```toml
//! n = "3..=8"                 # or a list
//! eps = ["1/2", "1/3", "1/4", "1/8"]
//! h_max = 12                  # every (h, u, w) with 0 ≤ u < w ≤ h ≤ h_max
//! families = ["paper", "all"]
//! ```

use super::{sharp, SharpOutcome};
use crate::cert::sharp::{to_json, SharpCertificate, SharpFile, SHARP_FORMAT};
use crate::check::sharp::check_sharp_file;
use crate::exact::rational::{fmt_q, parse_rational, to_f64, Q};
use crate::model::{Bound, Family, Gap, Instance};
use crate::sweep::parse_range;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GridFile {
    n: NSpec,
    eps: Vec<String>,
    h_max: u32,
    families: Vec<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum NSpec {
    List(Vec<u32>),
    Range(String),
}

/// Parses a sharp grid and expands it: order `n`, `eps`, family, `(h, u, w)`.
pub fn parse_grid(text: &str) -> Result<Vec<Instance>, String> {
    let g: GridFile = toml::from_str(text).map_err(|e| format!("malformed grid: {}", e.message()))?;
    let ns = match g.n {
        NSpec::List(v) => v,
        NSpec::Range(s) => parse_range(&s)?,
    };
    let eps: Vec<Q> = g.eps.iter().map(|e| parse_rational(e)).collect::<Result<_, _>>()?;
    let fams: Vec<Family> = g.families.iter().map(|f| Family::parse(f)).collect::<Result<_, _>>()?;
    if ns.is_empty() || eps.is_empty() || fams.is_empty() || g.h_max == 0 {
        return Err("malformed grid: n, eps, families must be non-empty and h_max ≥ 1".into());
    }
    if g.h_max > 64 {
        return Err(format!("grid: h_max = {} is larger than the supported 64", g.h_max));
    }
    let mut v = Vec::new();
    for &n in &ns {
        for e in &eps {
            for &family in &fams {
                for gap in Gap::all_up_to(g.h_max) {
                    v.push(Instance::new(n, e.clone(), gap, family, Bound::Paper).map_err(|e| format!("grid: {e}"))?);
                }
            }
        }
    }
    Ok(v)
}

/// One configuration as printed (table row, CSV line, JSON line).
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub d: u32,
    pub family: String,
    /// `kstar` exact, or `unknown`.
    pub kstar: String,
    pub paper_k: String,
    /// `sharp`, `loose`, `fails` or `unknown`.
    pub relation: String,
    pub attained: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

pub fn record(inst: &Instance, out: &SharpOutcome) -> Record {
    let mut r = Record {
        n: inst.n,
        eps: fmt_q(&inst.eps),
        h: inst.gap.h,
        u: inst.gap.u,
        w: inst.gap.w,
        d: inst.gap.d(),
        family: inst.family.name().into(),
        kstar: "unknown".into(),
        paper_k: fmt_q(&inst.kprime()),
        relation: "unknown".into(),
        attained: false,
        reason: None,
    };
    match out {
        SharpOutcome::Certified(c) => {
            r.kstar = c.kstar.clone();
            r.relation = c.relation.clone();
            r.attained = c.attained;
        }
        SharpOutcome::Unknown(why) => r.reason = Some(why.clone()),
    }
    r
}

/// Certifies every configuration in parallel; output order is input order.
pub fn run(insts: &[Instance], progress: bool) -> Vec<SharpOutcome> {
    let bar = if progress { ProgressBar::new(insts.len() as u64) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} configurations [{elapsed_precise}] {wide_bar} {eta}")
            .expect("valid template"),
    );
    let v = insts
        .par_iter()
        .map(|i| {
            let o = sharp(i);
            bar.inc(1);
            o
        })
        .collect();
    bar.finish_and_clear();
    v
}

/// Writes one `minip-sharp/1` file per `(n, eps, family)` block (re-checked first).
/// Returns the paths written. Unknown configurations are left out of the files.
pub fn write_certificates(insts: &[Instance], outs: &[SharpOutcome], dir: &Path) -> Result<Vec<String>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut written = Vec::new();
    let mut i = 0;
    while i < insts.len() {
        let key = |k: usize| (insts[k].n, insts[k].eps.clone(), insts[k].family);
        let mut j = i;
        let mut certs: Vec<SharpCertificate> = Vec::new();
        while j < insts.len() && key(j) == key(i) {
            if let SharpOutcome::Certified(c) = &outs[j] {
                certs.push(c.clone());
            }
            j += 1;
        }
        if !certs.is_empty() {
            let file = SharpFile { format: SHARP_FORMAT.into(), certificates: certs };
            check_sharp_file(&file).map_err(|e| format!("refusing to write an unchecked certificate: {e}"))?;
            let (n, e, f) = key(i);
            let path = dir.join(format!("n{n}_eps{}_{}.json", fmt_q(&e).replace('/', "-"), f.name()));
            std::fs::write(&path, to_json(&file)).map_err(|e| format!("{}: {e}", path.display()))?;
            written.push(path.display().to_string());
        }
        i = j;
    }
    Ok(written)
}

/// CSV with a header; `kstar_float` is for plotting only.
pub fn csv(recs: &[Record]) -> String {
    let mut s = String::from("n,eps,h,u,w,d,family,kstar,kstar_float,paper_k,relation,attained\n");
    for r in recs {
        let f = parse_rational(&r.kstar).map(|k| format!("{:.6}", to_f64(&k))).unwrap_or_default();
        s.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{}\n",
            r.n, r.eps, r.h, r.u, r.w, r.d, r.family, r.kstar, f, r.paper_k, r.relation, r.attained
        ));
    }
    s
}

/// Records of a certificate file, after the checker accepted every entry: a summary of
/// committed certificates needs no solver and prints only checked values.
pub fn records_from_file(f: &SharpFile) -> Result<Vec<Record>, String> {
    check_sharp_file(f)?;
    Ok(f.certificates
        .iter()
        .map(|c| Record {
            n: c.n,
            eps: c.eps.clone(),
            h: c.h,
            u: c.u,
            w: c.w,
            d: c.w - c.u,
            family: c.family.clone(),
            kstar: c.kstar.clone(),
            paper_k: c.paper_k.clone(),
            relation: c.relation.clone(),
            attained: c.attained,
            reason: None,
        })
        .collect())
}
