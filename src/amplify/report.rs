//! Batch forced ratios for `minip amplify`: jobs in parallel (rayon), records in a
//! deterministic order, the chain bound beside each ratio, a least-squares growth fit,
//! and the SVG plot. Every ratio in a record comes from a checked certificate
//! (`super::forced_ratio`); an unfinished solve is recorded as `unknown`.

use super::{chain_bound, forced_ratio, forced_ratio_series};
use crate::cert::ratio::RatioCertificate;
use crate::exact::rational::{fmt_q, log2_abs, Q};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write;

/// One `(h, lo, hi)` to solve; `hi = h + 1` is the class `h⁺` (needs `superset`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub h: u32,
    pub lo: u32,
    pub hi: u32,
    /// The LP has the class `h⁺` of strict supersets (`m > h`).
    pub superset: bool,
}

/// One table row / JSON line.
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub lo: u32,
    /// The class: `0..=h`, or `h+` for the strict supersets of the query.
    pub hi: String,
    /// Whether the LP has the class `h⁺` (MATH.md §4).
    pub superset: bool,
    /// `certified` or `unknown`.
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log2_ratio: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chain_bound: Option<String>,
    /// `R / chain bound` (display only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio_over_chain: Option<f64>,
    /// `(log2 R_h − log2 R_h') / (h − h')` against the previous row with the same `lo`, `hi − h`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub growth: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// File stem of a certificate: `n3_eps1-2_h6_lo0_hi6`, with `_sup` when the LP has `h⁺`
/// and `hi6p` for `hi = h⁺`.
pub fn stem(n: u32, eps: &Q, j: &Job) -> String {
    let hi = if j.hi > j.h { format!("{}p", j.h) } else { j.hi.to_string() };
    let sup = if j.superset { "_sup" } else { "" };
    format!("n{n}_eps{}_h{}_lo{}_hi{hi}{sup}", fmt_q(eps).replace('/', "-"), j.h, j.lo)
}

/// Solves every job (in parallel), returns records in job order and the certificates.
pub fn run(n: u32, eps: &Q, jobs: &[Job], progress: bool) -> Vec<(Record, Option<RatioCertificate>)> {
    let bar = if progress { ProgressBar::new(jobs.len() as u64) } else { ProgressBar::hidden() };
    bar.set_style(ProgressStyle::with_template("{spinner} {pos}/{len} ratios [{elapsed_precise}] {wide_bar} {eta}").expect("valid template"));
    // Largest h first so the slow jobs do not finish last on their own.
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(jobs[i].h));
    // R(0, h; h) for several h share one stepping pass (`forced_ratio_series`), one per
    // value of `superset`.
    let is_series = |j: &Job| j.lo == 0 && j.hi == j.h;
    let rest: Vec<usize> = order.iter().copied().filter(|&i| !is_series(&jobs[i])).collect();
    let mut solved: Vec<(usize, Result<RatioCertificate, String>)> = Vec::new();
    for sup in [false, true] {
        let series: Vec<usize> = order.iter().copied().filter(|&i| is_series(&jobs[i]) && jobs[i].superset == sup).collect();
        let hs: Vec<u32> = series.iter().map(|&i| jobs[i].h).collect();
        if !hs.is_empty() {
            solved.extend(series.into_iter().zip(forced_ratio_series(n, eps, &hs, sup)));
        }
    }
    bar.inc(solved.len() as u64);
    solved.extend(
        rest.par_iter()
            .map(|&i| {
                let j = jobs[i];
                let r = forced_ratio(n, eps, j.h, j.lo, j.hi, j.superset);
                bar.inc(1);
                (i, r)
            })
            .collect::<Vec<_>>(),
    );
    bar.finish_and_clear();
    solved.sort_by_key(|x| x.0);
    let mut out: Vec<(Record, Option<RatioCertificate>)> = Vec::with_capacity(jobs.len());
    for (i, res) in solved {
        let j = jobs[i];
        // The class h⁺ has overlap h: the chain runs over the same gaps as for h.
        let chain = chain_bound(n, eps, j.hi.min(j.h), j.lo);
        let mut rec = Record {
            n,
            eps: fmt_q(eps),
            h: j.h,
            lo: j.lo,
            hi: crate::check::class_label(j.h, j.hi),
            superset: j.superset,
            status: "unknown".into(),
            ratio: None,
            log2_ratio: None,
            chain_bound: chain.as_ref().map(fmt_q),
            ratio_over_chain: None,
            growth: None,
            certificate: None,
            reason: None,
        };
        let cert = match res {
            Ok(c) => {
                let r = crate::check::check_ratio(&c).expect("forced_ratio returns checked certificates");
                rec.status = "certified".into();
                rec.ratio = Some(fmt_q(&r));
                if r > Q::from_integer(0.into()) {
                    rec.log2_ratio = Some(log2_abs(&r));
                    if let Some(ch) = &chain {
                        rec.ratio_over_chain = Some(2f64.powf(log2_abs(&r) - log2_abs(ch)));
                    }
                }
                Some(c)
            }
            Err(e) => {
                rec.reason = Some(e);
                None
            }
        };
        out.push((rec, cert));
    }
    // Local growth against the previous row of the same kind.
    for i in 1..out.len() {
        let (a, b) = (&out[i - 1].0, &out[i].0);
        let gap = |r: &Record| (r.hi.ends_with('+'), r.h - r.hi.trim_end_matches('+').parse::<u32>().unwrap_or(r.h));
        if a.lo == b.lo && a.superset == b.superset && gap(a) == gap(b) && b.h > a.h {
            if let (Some(x), Some(y)) = (a.log2_ratio, b.log2_ratio) {
                out[i].0.growth = Some((y - x) / (b.h - a.h) as f64);
            }
        }
    }
    out
}

/// Least-squares fit `log2 R ≈ c·h + b` over records with `R > 0`: `(c, b)`.
pub fn fit(recs: &[Record]) -> Option<(f64, f64)> {
    let pts: Vec<(f64, f64)> = recs.iter().filter_map(|r| r.log2_ratio.map(|y| (r.h as f64, y))).collect();
    if pts.len() < 2 {
        return None;
    }
    let n = pts.len() as f64;
    let (sx, sy) = pts.iter().fold((0.0, 0.0), |a, p| (a.0 + p.0, a.1 + p.1));
    let (mx, my) = (sx / n, sy / n);
    let sxx: f64 = pts.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    if sxx == 0.0 {
        return None;
    }
    let c = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum::<f64>() / sxx;
    Some((c, my - c * mx))
}

/// A hand-written SVG: `log2 R` (exact, certified) and `log2` of the chain bound against `h`.
pub fn svg(recs: &[Record], title: &str) -> String {
    let exact: Vec<(f64, f64)> = recs.iter().filter_map(|r| r.log2_ratio.map(|y| (r.h as f64, y))).collect();
    let chain: Vec<(f64, f64)> = recs
        .iter()
        .filter_map(|r| r.chain_bound.as_ref().and_then(|c| crate::exact::parse_rational(c).ok()).map(|c| (r.h as f64, log2_abs(&c))))
        .collect();
    let all: Vec<&(f64, f64)> = exact.iter().chain(&chain).collect();
    let (w, hgt, m) = (720.0, 480.0, 60.0);
    let xmin = all.iter().map(|p| p.0).fold(f64::INFINITY, f64::min).min(0.0);
    let xmax = all.iter().map(|p| p.0).fold(1.0, f64::max);
    let ymin = all.iter().map(|p| p.1).fold(0.0, f64::min);
    let ymax = all.iter().map(|p| p.1).fold(1.0, f64::max);
    let sx = |x: f64| m + (x - xmin) / (xmax - xmin).max(1e-9) * (w - 2.0 * m);
    let sy = |y: f64| hgt - m - (y - ymin) / (ymax - ymin).max(1e-9) * (hgt - 2.0 * m);
    let mut s = String::new();
    let _ = writeln!(s, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{hgt}" viewBox="0 0 {w} {hgt}" font-family="sans-serif" font-size="12">"#);
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(s, r#"<text x="{}" y="24" text-anchor="middle" font-size="14">{title}</text>"#, w / 2.0);
    let _ = writeln!(s, r#"<line x1="{m}" y1="{}" x2="{}" y2="{}" stroke="black"/>"#, hgt - m, w - m, hgt - m);
    let _ = writeln!(s, r#"<line x1="{m}" y1="{m}" x2="{m}" y2="{}" stroke="black"/>"#, hgt - m);
    for i in 0..=5 {
        let (xv, yv) = (xmin + (xmax - xmin) * i as f64 / 5.0, ymin + (ymax - ymin) * i as f64 / 5.0);
        let _ = writeln!(s, r#"<text x="{:.1}" y="{}" text-anchor="middle">{:.0}</text>"#, sx(xv), hgt - m + 18.0, xv);
        let _ = writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">{:.1}</text>"#, m - 6.0, sy(yv) + 4.0, yv);
    }
    let _ = writeln!(s, r#"<text x="{}" y="{}" text-anchor="middle">h = |x|</text>"#, w / 2.0, hgt - 16.0);
    let _ = writeln!(s, r#"<text x="16" y="{}" transform="rotate(-90 16 {})" text-anchor="middle">log2</text>"#, hgt / 2.0, hgt / 2.0);
    for (pts, color, label, dy) in [(&exact, "#1f77b4", "log2 R (exact, certified)", 0.0), (&chain, "#d62728", "log2 chain bound", 18.0)] {
        if pts.is_empty() {
            continue;
        }
        let path: Vec<String> = pts.iter().map(|p| format!("{:.1},{:.1}", sx(p.0), sy(p.1))).collect();
        let _ = writeln!(s, r#"<polyline fill="none" stroke="{color}" stroke-width="2" points="{}"/>"#, path.join(" "));
        for p in pts.iter() {
            let _ = writeln!(s, r#"<circle cx="{:.1}" cy="{:.1}" r="2" fill="{color}"/>"#, sx(p.0), sy(p.1));
        }
        let _ = writeln!(s, r#"<text x="{}" y="{}" fill="{color}">{label}</text>"#, m + 10.0, m + 10.0 + dy);
    }
    s.push_str("</svg>\n");
    s
}
