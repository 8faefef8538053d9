//! Beyond the paper's check: `sharp`, `amplify`, `rank`, `rank --linear`, `frontier` and
//! `head verify`, over the library's certify/batch/heads layers. JSON text out, as in
//! `calls`.

use crate::calls::{rational, to_text, Conf};
use crate::{run, Failure};
use minip::batch::frontier::{self as frontier_batch, FrontierJob, Lower, Upper, MAX_FRONTIER_M};
use minip::batch::ratio::{self as ratio_batch, Job};
use minip::certify::rank::{self as rank_search, RankJob};
use minip::certify::rank_linear::{self as linear_search, Library, MAX_M as LINEAR_MAX_M};
use minip::certify::sharp::{sharp as sharp_one, SharpOutcome};
use minip::check::{Checked, Context};
use minip::format::sharp::{SharpFile, SHARP_FORMAT};
use minip::print::json;
use minip::rational::{fmt_q, q};
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sharp, m)?)?;
    m.add_function(wrap_pyfunction!(amplify, m)?)?;
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(rank_linear, m)?)?;
    m.add_function(wrap_pyfunction!(frontier, m)?)?;
    m.add_function(wrap_pyfunction!(head_verify, m)?)?;
    Ok(())
}

fn nonempty(name: &str, v: &[u32]) -> Result<(), Failure> {
    if v.is_empty() {
        return Err(Failure::Input(format!("{name}: empty range")));
    }
    minip_check::limits::at_most(name, v.len(), minip_check::limits::MAX_RANGE_ITEMS, "values")?;
    Ok(())
}

/// `minip sharp`: the exact best factor `kstar` of one configuration, with its certificate
/// (a `minip-sharp/1` file of one certificate).
#[pyfunction]
fn sharp(py: Python<'_>, conf: String) -> PyResult<String> {
    run(py, move |_| {
        let conf = Conf::parse(&conf)?;
        if conf.bound != "paper" {
            return Err(Failure::Input("bound has no meaning for sharp (kstar is the best bound)".into()));
        }
        let (inst, _) = conf.instance()?;
        let out = sharp_one(&inst);
        let rec = minip::batch::sharp::record(&inst, &out);
        let cert = match out {
            SharpOutcome::Certified(c) => c,
            SharpOutcome::Unknown(why) => return Err(Failure::Unknown(format!("unknown: {why}"))),
        };
        let file = SharpFile { format: SHARP_FORMAT.into(), certificates: vec![cert.cert().clone()] };
        let text = json::sharp_file(
            &Checked::new(file, &Context::default()).map_err(|e| Failure::Rejected(e.to_string()))?,
        );
        let mut v = serde_json::to_value(&rec).expect("serializes");
        v["certificate"] = Value::String(text);
        Ok(to_text(&v))
    })
}

/// `minip amplify` (the paper's setting): exact forced ratios `R(lo, hi; h)` for each `h`,
/// with certificates. `hi`: an overlap, `"h"` (default) or `"h+"` (strict supersets).
#[pyfunction]
#[pyo3(signature = (n, eps, hs, lo, hi, superset, m))]
#[allow(clippy::too_many_arguments)]
fn amplify(
    py: Python<'_>,
    n: u32,
    eps: String,
    hs: Vec<u32>,
    lo: u32,
    hi: Option<String>,
    superset: bool,
    m: Option<u32>,
) -> PyResult<String> {
    run(py, move |ctl| {
        let eps = rational("eps", &eps)?;
        nonempty("h", &hs)?;
        let want_sup = hi.as_deref().is_some_and(|s| s.ends_with('+'));
        let mut jobs = Vec::new();
        for &h in &hs {
            let sup = match m {
                Some(m) if m < h => return Err(Failure::Input(format!("m {m}: need m ≥ h (h = {h})"))),
                Some(m) => m > h,
                None => superset || want_sup,
            };
            // h first, as on the command line (`h + 1` below cannot wrap then).
            minip::certify::ratio::check_size(n, &eps, h, 0, h, sup)?;
            let hi_class = match hi.as_deref() {
                None | Some("h") => h,
                Some(t) if t == "h+" || t == format!("{h}+") => {
                    if !sup {
                        return Err(Failure::Input(format!(
                            "hi {t}: the class h+ exists only when m > h (h = {h})"
                        )));
                    }
                    h.checked_add(1).ok_or_else(|| format!("hi {t}: h = {h} has no class above it"))?
                }
                Some(t) => match t.parse::<u32>() {
                    Ok(o) if o <= h => o,
                    Ok(o) => {
                        return Err(Failure::Input(format!(
                            "hi {o}: need hi ≤ h = {h} (or h+ for the strict supersets of the query)"
                        )))
                    }
                    Err(_) => {
                        return Err(Failure::Input(format!(
                            "hi: expected an overlap, 'h' or 'h+', got '{t}'"
                        )))
                    }
                },
            };
            minip::certify::ratio::check_size(n, &eps, h, lo, hi_class, sup)?;
            jobs.push(Job::new(h, lo, hi_class, sup));
        }
        let out = ratio_batch::run(n, &eps, &jobs, ctl);
        let rows: Vec<Value> = out
            .iter()
            .map(|(rec, cert)| {
                let mut v = serde_json::to_value(rec).expect("serializes");
                if let Some(c) = cert {
                    v["certificate"] = Value::String(json::pretty(c));
                }
                v
            })
            .collect();
        Ok(to_text(&Value::Array(rows)))
    })
}

/// `minip rank`: the best certified feature-rank lower bound for each `m` (explicit codes,
/// SAT, exact ratios), with its certificate and the maximality proof it refers to.
#[pyfunction]
#[pyo3(signature = (ms, n, eps, h_max, sat_budget, sat_m_max, uniform))]
#[allow(clippy::too_many_arguments)]
fn rank(
    py: Python<'_>,
    ms: Vec<u32>,
    n: u32,
    eps: String,
    h_max: u32,
    sat_budget: u64,
    sat_m_max: u32,
    uniform: bool,
) -> PyResult<String> {
    run(py, move |ctl| {
        nonempty("m", &ms)?;
        if let Some(m) = ms.iter().find(|&&m| m == 0 || m > 40) {
            return Err(Failure::Input(format!("m: m = {m} is out of range (1..=40)")));
        }
        let eps = rational("eps", &eps)?;
        minip::check::ratio_instance(n, eps.clone(), 1, 0, 1, false)?;
        if h_max == 0 {
            return Err(Failure::Input("h_max: need h_max ≥ 1".into()));
        }
        let mut job = RankJob::new(n, eps);
        job.h_max = h_max;
        job.sat_budget = sat_budget;
        job.sat_m_max = sat_m_max;
        job.uniform = uniform;
        let results = rank_search::run(&job, &ms, ctl);
        let rows: Vec<Value> = ms
            .iter()
            .zip(results)
            .map(|(m, r)| match r {
                Ok(r) => {
                    let c = &r.cert;
                    let p = &c.params;
                    json!({
                        "m": p.m, "n": p.n, "eps": p.eps, "bound": c.bound, "strict": c.strict, "k": c.k,
                        "h": p.h, "lo": p.lo, "hi": p.hi, "delta": c.delta, "value": c.value,
                        "uniform_bound": c.uniform_bound, "construction": c.construction,
                        "maximal": c.maximal.as_ref().map(|mx| mx.refuted), "sat_out_of_budget": r.sat_out_of_budget,
                        "certificate": json::pretty(c),
                        "proof": r.proof.as_ref().map(|(name, bytes)| json!({"name": name, "bytes": bytes})),
                    })
                }
                Err(e) => json!({ "m": m, "reason": e }),
            })
            .collect();
        Ok(to_text(&Value::Array(rows)))
    })
}

/// `minip rank --linear`: certified bounds from direct sums of linear codes, even `m` up to
/// 256, for each `(m, n)`.
#[pyfunction]
fn rank_linear(py: Python<'_>, ms: Vec<u32>, ns: Vec<u32>) -> PyResult<String> {
    run(py, move |ctl| {
        nonempty("m", &ms)?;
        nonempty("n", &ns)?;
        if let Some(n) = ns.iter().find(|&&n| !(3..=8).contains(&n)) {
            return Err(Failure::Input(format!("n: n = {n} is out of range (3..=8)")));
        }
        if let Some(m) = ms.iter().find(|&&m| m % 2 == 1) {
            return Err(Failure::Input(format!("m: m = {m} is odd (the linear method needs m = 2h)")));
        }
        if let Some(m) = ms.iter().find(|&&m| {
            !(8..=LINEAR_MAX_M).contains(&m) || (m > linear_search::DIRECT_MAX_M && !m.is_power_of_two())
        }) {
            return Err(Failure::Input(format!(
                "m: m = {m} is out of range (even m in 8..={}, then 512 and {LINEAR_MAX_M})",
                linear_search::DIRECT_MAX_M
            )));
        }
        let eps = q(1, 2);
        let jobs: Vec<(u32, u32)> = ms.iter().flat_map(|&m| ns.iter().map(move |&n| (m, n))).collect();
        let lib = Library::new();
        let results = linear_search::run(&lib, &eps, &jobs, ctl);
        let rows: Vec<Value> = jobs
            .iter()
            .zip(results)
            .map(|(&(m, n), r)| match r {
                Ok(r) => {
                    let c = &r.cert;
                    json!({
                        "m": m, "n": n, "bound": c.bound, "strict": c.strict, "k": c.k, "value": c.value,
                        "construction": c.construction, "h": c.params.h,
                        "certificate": json::by_lines(c),
                    })
                }
                Err(e) => json!({ "m": m, "n": n, "reason": e }),
            })
            .collect();
        Ok(to_text(&Value::Array(rows)))
    })
}

fn lower_json(l: &Option<Lower>) -> Value {
    match l {
        None => Value::Null,
        Some(l) => json!({ "bound": l.bound, "from_m": l.from_m, "file": l.file.display().to_string() }),
    }
}

fn upper_json(c: &Option<Result<Upper, String>>) -> Value {
    match c {
        None => Value::Null,
        Some(Err(e)) => json!({ "reason": e }),
        Some(Ok(u)) => {
            let claim = u.head.claim();
            let mut v = json!({
                "rank": claim.rank.to_string(),
                "degree": u.degree,
                "degrees": claim.degrees,
                "max_error": fmt_q(&claim.max_error),
                "certificate": json::pretty(&u.head),
                "refutation": u.none.as_ref().map(json::pretty),
            });
            if let Some((s, minimal)) = &u.support {
                v["support"] = json!(s);
                v["inclusion_minimal"] = json!(minimal);
            }
            v
        }
    }
}

/// `minip frontier`: per `m`, certified upper bounds on the feature rank from
/// overlap-polynomial heads (one entry per kernel class), and the lower bounds read from
/// committed rank certificates (when the directories are given).
#[pyfunction]
#[pyo3(signature = (ms, kernel, shared_m_max, sparse_m_max, sparse_attempts, rank_dir, rank_linear_dir))]
#[allow(clippy::too_many_arguments)]
fn frontier(
    py: Python<'_>,
    ms: Vec<u32>,
    kernel: String,
    shared_m_max: u32,
    sparse_m_max: u32,
    sparse_attempts: usize,
    rank_dir: Option<String>,
    rank_linear_dir: Option<String>,
) -> PyResult<String> {
    let (text, skipped) = run(py, move |ctl| {
        nonempty("m", &ms)?;
        if let Some(m) = ms.iter().find(|&&m| m == 0 || m > MAX_FRONTIER_M) {
            return Err(Failure::Input(format!("m: m = {m} is out of range (1..={MAX_FRONTIER_M})")));
        }
        if sparse_attempts > 500 {
            return Err(Failure::Input(format!("sparse_attempts: {sparse_attempts} is above the limit 500")));
        }
        let (mut pw, mut sh, mut sp, mut sg) = (false, false, false, false);
        for k in kernel.split(',').map(str::trim) {
            match k {
                "per_weight" => pw = true,
                "shared" => sh = true,
                "sparse" => sp = true,
                "signed" => sg = true,
                "all" => (pw, sh, sp, sg) = (true, true, true, true),
                other => {
                    return Err(Failure::Input(format!(
                        "kernel: unknown class '{other}' (expected per_weight, shared, sparse, signed, all)"
                    )))
                }
            }
        }
        let top = ms.iter().copied().max().unwrap_or(0);
        // Files whose claim gives no bound for these rows: a Python warning each, as the
        // command line's one-line warnings.
        let mut skipped = Vec::new();
        let mut read = |d: &Option<String>| -> Result<BTreeMap<u32, Lower>, Failure> {
            match d {
                None => Ok(BTreeMap::new()),
                Some(d) if !Path::new(d).is_dir() => Err(Failure::Io(format!("{d}: not a directory"))),
                Some(d) => {
                    let l = frontier_batch::read_lower(Path::new(d), top).map_err(|e| {
                        if e.contains(": rejected: ") {
                            Failure::Rejected(e)
                        } else {
                            Failure::Input(e)
                        }
                    })?;
                    skipped.extend(l.skipped);
                    Ok(l.bounds)
                }
            }
        };
        let (lower, lower_linear) = (read(&rank_dir)?, read(&rank_linear_dir)?);
        let job = FrontierJob {
            ms: ms.clone(),
            n: 3,
            per_weight: pw,
            shared: sh,
            sparse: sp,
            signed: sg,
            shared_m_max,
            sparse_m_max,
            sparse_attempts,
            lower,
            lower_linear,
        };
        let rows = frontier_batch::run(&job, ctl)?;
        let out: Vec<Value> = rows
            .iter()
            .map(|r| {
                let best = r.best_upper();
                json!({
                    "m": r.m,
                    "complete": r.complete(),
                    "lower": lower_json(&r.lower),
                    "lower_linear": lower_json(&r.lower_linear),
                    "per_weight": upper_json(&r.per_weight),
                    "shared": upper_json(&r.shared),
                    "sparse": upper_json(&r.sparse),
                    "signed": upper_json(&r.signed),
                    "best_upper": best.as_ref().map(|(x, c)| json!({ "rank": x.to_string(), "class": c })),
                })
            })
            .collect();
        Ok((to_text(&Value::Array(out)), skipped))
    })?;
    for s in skipped {
        PyErr::warn(py, &py.get_type::<pyo3::exceptions::PyUserWarning>(), &std::ffi::CString::new(s)?, 1)?;
    }
    Ok(text)
}

/// `minip head verify`: an explicit head (a built-in `rank1`, `softmax`, `exact`, or a head
/// file) checked exactly on every sequence of lengths `1..=len` over `{0,1}^m`.
#[pyfunction]
#[pyo3(signature = (head, m, len, eps, base, symmetry))]
fn head_verify(
    py: Python<'_>,
    head: String,
    m: Option<u32>,
    len: u32,
    eps: String,
    base: Option<String>,
    symmetry: bool,
) -> PyResult<String> {
    run(py, move |ctl| {
        if len == 0 || len > 64 {
            return Err(Failure::Input(format!("length must be in 1..=64, got {len}")));
        }
        let base = base.map(|b| rational("base", &b)).transpose()?;
        let eps = rational("eps", &eps)?;
        if eps <= q(0, 1) {
            return Err(Failure::Input("eps: ε > 0 is required".into()));
        }
        let plan = minip::heads::Plan {
            task: minip::heads::Task::Verify { lo: 1, hi: len },
            eps: eps.clone(),
            symmetry,
        };
        let h = minip::heads::load_for(&head, m, base.as_ref(), &plan)?;
        let r = minip::heads::eval::verify(&h, 1, len, &eps, symmetry, ctl)?;
        Ok(to_text(&json!({
            "head": r.head,
            "m": r.m,
            "rank": h.rank,
            "len": len,
            "eps": fmt_q(&r.eps),
            "symmetry": if r.coordinate_symmetry { "positions+coordinates" } else { "positions" },
            "evaluations": r.evaluations(),
            "max_error": fmt_q(&r.max_error()),
            "worst": r.worst().map(|w| w.json(r.m)),
            "correct": r.correct(),
            "first_failure": r.first_failure().map(|w| w.json(r.m)),
            "lengths": r.lens.iter().map(|l| json!({
                "len": l.len, "evaluations": l.evaluations, "max_error": fmt_q(&l.max_error),
                "correct": l.first_failure.is_none(),
            })).collect::<Vec<_>>(),
        })))
    })
}
