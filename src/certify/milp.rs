//! An independent cross-check of `kstar` by mixed-integer programming (docs/sharp.md): the
//! exact, certified minimum over the configurations realizable in `m` bits against the MILP
//! over Boolean tokens (`crate::solve::milp`).
//!
//! The tokens are unknowns: `x, y, z ∈ {0,1}^m` binary, overlaps `u = Σ x_i y_i` and
//! `w = Σ x_i z_i` by the standard linearised products, `h = Σ x_i`, gap `w − u ≥ d`.
//! Targets: for each set of token kinds a sequence can contain (`{x}`, `{x,y}`, `{x,z}`,
//! `{x,y,z}`) the target `t = min` of the present overlaps, by min-linearisation (one
//! selected term, `t ≤` every term). The head's closed rows (docs/math.md §2.4, strict rows
//! homogeneous) need `t·a`, `t·b`, `t·c`: linearised exactly with a one-hot encoding of
//! `t` and a split of the weight, `v = Σ_k v_k`, `0 ≤ v_k ≤ U·[t = k]`, `t·v = Σ k v_k`.
//! Normalisation `b + c = 1` bounds `b, c` by 1 and makes `min b` the same as `min b/c`;
//! `a` is bounded by `A_MAX`: the bound can only raise the MILP value, and any rise would
//! show up as a disagreement with the exact minimum (none seen).
//!
//! The MILP answer is a float and is only compared; the value reported is always the
//! exact, certified minimum of `kstar` over the enumerated configurations.

use super::sharp::{sharp, SharpOutcome};
use crate::error::Error;
pub use crate::formulate::milp::{Job, A_MAX, MAX_M};
use crate::solve::milp::solve;
use minip_check::model::Instance;
use minip_check::rational::{fmt_q, parse_rational, to_f64, Rat};
use serde::Serialize;
use std::time::Instant;

/// Relative tolerance of the float comparison.
pub const TOL: f64 = 1e-6;

/// The outcome of one cross-check (the record `sharp.milp`: no timings, the outcome in
/// `verdict` alone, structure where there is structure; docs/schema/README.md).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub m: u32,
    pub d: u32,
    pub configurations: usize,
    /// The exact minimum of the certified `kstar` (the reported value).
    pub min_kstar: String,
    /// The configuration `(h, u, w)` of the exact minimum.
    #[serde(serialize_with = "gap_object", skip_serializing_if = "String::is_empty")]
    pub argmin: String,
    /// HiGHS's floating-point optimum, as its shortest decimal text (never rounded again).
    #[serde(serialize_with = "float_text")]
    pub milp_value: Option<f64>,
    /// The MILP's tokens `x,y,z` (bit strings).
    #[serde(serialize_with = "tokens_object", skip_serializing_if = "String::is_empty")]
    pub milp_tokens: String,
    #[serde(skip)]
    pub agree: bool,
    /// `agree`, `disagree` or `error`.
    pub verdict: String,
    #[serde(skip)]
    pub enum_seconds: f64,
    #[serde(skip)]
    pub milp_seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// `(h,u,w)` as `{"h": h, "u": u, "w": w}`.
fn gap_object<S: serde::Serializer>(v: &str, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let parts: Vec<u32> =
        v.trim_matches(|c| c == '(' || c == ')').split(',').filter_map(|x| x.trim().parse().ok()).collect();
    let mut map = s.serialize_map(Some(3))?;
    for (k, x) in ["h", "u", "w"].iter().zip(parts) {
        map.serialize_entry(k, &x)?;
    }
    map.end()
}

/// `x,y,z` as `{"x": x, "y": y, "z": z}`.
fn tokens_object<S: serde::Serializer>(v: &str, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(3))?;
    for (k, x) in ["x", "y", "z"].iter().zip(v.split(',')) {
        map.serialize_entry(k, x)?;
    }
    map.end()
}

fn float_text<S: serde::Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(x) => s.serialize_str(&x.to_string()),
        None => s.serialize_none(),
    }
}

/// The exact side: certify every configuration and take the minimum.
pub fn enumerate(job: &Job) -> Result<(Rat, Instance), Error> {
    let mut best: Option<(Rat, Instance)> = None;
    for inst in job.configurations() {
        let k = match sharp(&inst) {
            SharpOutcome::Certified(c) => parse_rational(&c.kstar)?,
            SharpOutcome::Unknown(why) => {
                return Err(Error::Input(format!("kstar unknown at {}: {why}", inst.gap)))
            }
        };
        if best.as_ref().is_none_or(|(b, _)| k < *b) {
            best = Some((k, inst));
        }
    }
    best.ok_or_else(|| Error::Input("no configuration".into()))
}

/// Runs both sides and compares (the MILP float against the exact minimum).
pub fn cross_check(job: &Job) -> Report {
    let t = Instant::now();
    let exact = enumerate(job);
    let enum_seconds = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let milp = solve(job);
    let milp_seconds = t.elapsed().as_secs_f64();
    let r = Report {
        m: job.m,
        d: job.d,
        configurations: job.configurations().len(),
        min_kstar: "unknown".into(),
        argmin: String::new(),
        milp_value: None,
        milp_tokens: String::new(),
        agree: false,
        verdict: "error".into(),
        enum_seconds,
        milp_seconds,
        error: None,
    };
    let r = cross_check_inner(exact, milp, r);
    Report {
        verdict: if r.error.is_some() {
            "error"
        } else if r.agree {
            "agree"
        } else {
            "disagree"
        }
        .into(),
        ..r
    }
}

fn cross_check_inner(
    exact: Result<(Rat, Instance), Error>,
    milp: Result<(f64, String), Error>,
    mut r: Report,
) -> Report {
    if r.configurations == 0 {
        // Nothing realizable (e.g. m = 1: z would have to be x). Both sides must say so.
        r.min_kstar = "none".into();
        match milp {
            Err(_) => r.agree = true,
            Ok((v, toks)) => {
                r.milp_value = Some(v);
                r.milp_tokens = toks;
            }
        }
        return r;
    }
    match (exact, milp) {
        (Ok((k, inst)), Ok((v, toks))) => {
            let kf = to_f64(&k);
            r.min_kstar = fmt_q(&k);
            r.argmin = format!("({},{},{})", inst.gap.h, inst.gap.u, inst.gap.w);
            r.milp_value = Some(v);
            r.milp_tokens = toks;
            r.agree = (v - kf).abs() <= TOL * kf.abs().max(1.0);
        }
        (Err(e), _) | (_, Err(e)) => r.error = Some(e.to_string()),
    }
    r
}
