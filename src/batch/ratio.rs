//! Batch forced ratios for `minip amplify`: jobs in parallel, records in a deterministic
//! order, the chain bound beside each ratio, and a least-squares growth fit. Every ratio in
//! a record comes from a checked certificate (`crate::certify::ratio`); an unfinished solve
//! is recorded as `unknown`.

use crate::certify::ratio::{
    chain_bound, forced_ratio, forced_ratio_in, forced_ratio_series_with, instance_in,
};
use crate::control::Control;
use crate::error::Error;
use minip_check::check::Checked;
use minip_check::check::RatioOutcome;
use minip_check::format::ratio::RatioCertificate;
use minip_check::model::Setting;
use minip_check::rational::{fmt_q, log2_abs, Rat};
use rayon::prelude::*;
use serde::Serialize;

/// One `(h, lo, hi)` to solve; `hi = h + 1` is the class `h⁺` (needs `superset`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub h: u32,
    pub lo: u32,
    pub hi: u32,
    /// The LP has the class `h⁺` of strict supersets (`m > h`).
    pub superset: bool,
    /// The setting (docs/math.md §11); default: the paper's model.
    pub setting: Setting,
    /// Bits `m` (only `nearest`, whose classes are `(o, e)`).
    pub m: Option<u32>,
}

impl Job {
    /// A job of the paper's model.
    pub fn new(h: u32, lo: u32, hi: u32, superset: bool) -> Job {
        Job { h, lo, hi, superset, setting: Setting::default(), m: None }
    }
    pub fn is_default(&self) -> bool {
        self.setting.is_default() && self.m.is_none()
    }
}

/// One table row / JSON line (`amplify.ratio`, docs/schema/README.md for the vocabulary:
/// classes are labels, no floats; the display-only columns are not serialized).
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    #[serde(skip)]
    pub lo: u32,
    /// The class on top: its label (`0`, `3+`, `o2e1`), as `hi`.
    #[serde(rename = "lo")]
    pub lo_label: String,
    /// The class: `0..=h`, or `h+` for the strict supersets of the query.
    pub hi: String,
    /// Whether the LP has the class `h⁺` (docs/math.md §4.1).
    pub superset: bool,
    /// `certified` or `unknown`.
    pub verdict: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<String>,
    #[serde(skip)]
    pub log2_ratio: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chain_bound: Option<String>,
    /// `R / chain bound` (display only).
    #[serde(skip)]
    pub ratio_over_chain: Option<f64>,
    /// `(log2 R_h − log2 R_h') / (h − h')` against the previous row with the same `lo`, `hi − h`.
    #[serde(skip)]
    pub growth: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Beyond the default setting: the setting and `m` (nearest).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setting: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub m: Option<u32>,
}

/// File stem of a certificate: `n3_eps1-2_h6_lo0_hi6`, with `_sup` when the LP has `h⁺`
/// and `hi6p` for `hi = h⁺`.
pub fn stem(n: u32, eps: &Rat, j: &Job) -> String {
    let hi = if j.hi > j.h { format!("{}p", j.h) } else { j.hi.to_string() };
    let sup = if j.superset { "_sup" } else { "" };
    if !j.is_default() {
        let hi = if j.m.is_none() { hi } else { j.hi.to_string() };
        let lo = if j.m.is_none() && j.lo > j.h { format!("{}p", j.h) } else { j.lo.to_string() };
        let m = j.m.map(|m| format!("_m{m}")).unwrap_or_default();
        return format!(
            "n{n}_eps{}_h{}_lo{lo}_hi{hi}{sup}{m}{}",
            fmt_q(eps).replace('/', "-"),
            j.h,
            j.setting.stem()
        );
    }
    format!("n{n}_eps{}_h{}_lo{}_hi{hi}{sup}", fmt_q(eps).replace('/', "-"), j.h, j.lo)
}

/// Solves every job (in parallel), returns records in job order and the certificates. After a
/// stop (`Control::stop`) the jobs not started have the reason `control::NOT_STARTED`.
pub fn run(
    n: u32,
    eps: &Rat,
    jobs: &[Job],
    ctl: &Control,
) -> Vec<(Record, Option<Checked<RatioCertificate>>)> {
    let solved = solve(n, eps, jobs, ctl);
    let mut out: Vec<(Record, Option<Checked<RatioCertificate>>)> =
        solved.into_iter().map(|(i, res)| record(n, eps, jobs[i], res)).collect();
    add_growth(&mut out);
    out
}

/// Every job's certificate (or why there is none), in job order.
fn solve(
    n: u32,
    eps: &Rat,
    jobs: &[Job],
    ctl: &Control,
) -> Vec<(usize, Result<Checked<RatioCertificate>, Error>)> {
    let bar = ctl.meter(jobs.len() as u64, "ratios");
    // Largest h first so the slow jobs do not finish last on their own.
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(jobs[i].h));
    // R(0, h; h) for several h share one stepping pass (`forced_ratio_series`), one per
    // value of `superset`.
    let is_series = |j: &Job| j.lo == 0 && j.hi == j.h && j.is_default();
    let rest: Vec<usize> = order.iter().copied().filter(|&i| !is_series(&jobs[i])).collect();
    let mut solved: Vec<(usize, Result<Checked<RatioCertificate>, Error>)> = Vec::new();
    for sup in [false, true] {
        let series: Vec<usize> =
            order.iter().copied().filter(|&i| is_series(&jobs[i]) && jobs[i].superset == sup).collect();
        let hs: Vec<u32> = series.iter().map(|&i| jobs[i].h).collect();
        if !hs.is_empty() && ctl.is_stopped() {
            solved.extend(
                series
                    .into_iter()
                    .map(|i| (i, Err(Error::Interrupted(crate::control::NOT_STARTED.to_string())))),
            );
        } else if !hs.is_empty() {
            solved.extend(
                series.into_iter().zip(forced_ratio_series_with(n, eps, &hs, sup, ctl, &|| bar.inc(1))),
            );
        }
    }

    solved.extend(
        rest.par_iter()
            .map(|&i| {
                let j = jobs[i];
                if ctl.is_stopped() {
                    return (i, Err(Error::Interrupted(crate::control::NOT_STARTED.to_string())));
                }
                let r = if j.is_default() {
                    forced_ratio(n, eps, j.h, j.lo, j.hi, j.superset)
                } else {
                    instance_in(n, eps, j.h, j.lo, j.hi, j.superset, j.setting, j.m)
                        .and_then(|i| forced_ratio_in(&i))
                };
                bar.inc(1);
                (i, r)
            })
            .collect::<Vec<_>>(),
    );
    bar.finish();
    solved.sort_by_key(|x| x.0);
    solved
}

/// A job's record: its ratio and `log2`, the chain bound beside it, or the reason it failed.
fn record(
    n: u32,
    eps: &Rat,
    j: Job,
    res: Result<Checked<RatioCertificate>, Error>,
) -> (Record, Option<Checked<RatioCertificate>>) {
    let gen = (!j.is_default())
        .then(|| instance_in(n, eps, j.h, j.lo, j.hi, j.superset, j.setting, j.m).ok())
        .flatten();
    // The class h⁺ has overlap h: the chain runs over the same gaps as for h. Beyond
    // Min-IP: the overlap gap (Max-IP) or the distance gap (nearest) between the classes.
    let chain = match &gen {
        None => chain_bound(n, eps, j.hi.min(j.h), j.lo),
        Some(g) => {
            let gap = if j.setting.task == minip_check::model::Task::Nearest {
                g.dist(j.hi).abs_diff(g.dist(j.lo))
            } else {
                g.overlap(j.hi).abs_diff(g.overlap(j.lo))
            };
            chain_bound(n, eps, gap, 0)
        }
    };
    let mut rec = Record {
        n,
        eps: fmt_q(eps),
        h: j.h,
        lo: j.lo,
        lo_label: gen
            .as_ref()
            .map(|g| g.label(j.lo))
            .unwrap_or_else(|| minip_check::check::class_label(j.h, j.lo)),
        hi: gen.as_ref().map(|g| g.label(j.hi)).unwrap_or_else(|| minip_check::check::class_label(j.h, j.hi)),
        superset: j.superset,
        verdict: "unknown".into(),
        ratio: None,
        log2_ratio: None,
        chain_bound: chain.as_ref().map(fmt_q),
        ratio_over_chain: None,
        growth: None,
        certificate_file: None,
        reason: None,
        setting: (!j.is_default()).then(|| j.setting.label()),
        m: j.m,
    };
    let cert = match res {
        Ok(c) if !matches!(c.claim(), RatioOutcome::Ratio(_)) => {
            rec.verdict = "certified".into();
            rec.ratio = Some(c.claim().label());
            Some(c)
        }
        Ok(c) => {
            let r = c.claim().value().cloned().unwrap_or_default();
            rec.verdict = "certified".into();
            rec.ratio = Some(fmt_q(&r));
            if r > Rat::from_integer(0.into()) {
                rec.log2_ratio = Some(log2_abs(&r));
                if let Some(ch) = &chain {
                    rec.ratio_over_chain = Some(2f64.powf(log2_abs(&r) - log2_abs(ch)));
                }
            }
            Some(c)
        }
        Err(e) => {
            rec.reason = Some(e.to_string());
            None
        }
    };
    (rec, cert)
}

/// Local growth against the previous row of the same kind.
fn add_growth(out: &mut [(Record, Option<Checked<RatioCertificate>>)]) {
    for i in 1..out.len() {
        let (a, b) = (&out[i - 1].0, &out[i].0);
        let gap = |r: &Record| {
            (r.hi.ends_with('+'), r.h - r.hi.trim_end_matches('+').parse::<u32>().unwrap_or(r.h))
        };
        if a.lo == b.lo
            && a.superset == b.superset
            && gap(a) == gap(b)
            && b.h > a.h
            && a.setting.is_none()
            && b.setting.is_none()
        {
            if let (Some(x), Some(y)) = (a.log2_ratio, b.log2_ratio) {
                out[i].0.growth = Some((y - x) / (b.h - a.h) as f64);
            }
        }
    }
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
