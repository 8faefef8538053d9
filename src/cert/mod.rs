//! Certificate files: the documented JSON format (one self-contained value per file)
//! and the VIPR 1.0 printer. Both printers take a certificate that already passed
//! the checker (`crate::check::Checked`); nothing here builds or trusts rows.
//!
//! Format `minip-gap/1` (README, "Certificate format"): parameters, the sequences
//! with their targets, and either
//! - `farkas`: every closed row with its multiplier (verdict `holds`), or
//! - `head`: the tables `α` and `s` over `{x, y, z}` with every output `ŷ` (verdict `broken`).
//! Rationals are strings (`"3/8"`) so that no reader rounds them.

pub mod sharp;
pub mod rank;
pub mod ratio;
pub mod vipr;

use crate::exact::rational::{fmt_q, Q};
use crate::formulation::VARS;
use crate::model::tokens::realize;
use crate::model::Instance;
use num_traits::Zero;
use serde::{Deserialize, Serialize};
use std::path::Path;

pub const GAP_FORMAT: &str = "minip-gap/1";

/// The stated parameters; the checker rebuilds everything else from these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub family: String,
    /// `paper` or a rational.
    pub bound: String,
    /// `K'` as a rational (derived from the above; checked, not trusted).
    pub kprime: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SequenceEntry {
    pub name: String,
    /// Spelled out, e.g. `x y z z` (informational; `mult` is what is checked).
    pub tokens: String,
    pub mult: [u32; 3],
    pub target: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowEntry {
    pub name: String,
    pub coeffs: Vec<String>,
    pub rhs: String,
    pub multiplier: String,
}

/// `Σ y_i (G_i z − g_i) ≤ 0` with `yᵀG = 0` and `yᵀg = −1`: the absurdity `0 ≤ −1`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Farkas {
    pub rows: Vec<RowEntry>,
    /// `yᵀg`, negative (checked).
    pub combined_rhs: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Triple {
    pub x: String,
    pub y: String,
    pub z: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Output {
    pub sequence: String,
    pub yhat: String,
}

/// A head over `{x, y, z}` queried at `x`: `α(x,·)` and `s(x,·)` (MATH.md §1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Head {
    pub alpha: Triple,
    pub s: Triple,
    pub outputs: Vec<Output>,
}

/// A gap-domination certificate (`minip check`, `settle`, `sweep`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GapCertificate {
    pub format: String,
    /// `holds` (Farkas) or `broken` (head).
    pub verdict: String,
    pub params: Params,
    /// Boolean vectors realizing `(h, u, w)` (checked against the parameters).
    pub tokens: Triple,
    pub variables: Vec<String>,
    pub sequences: Vec<SequenceEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub farkas: Option<Farkas>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head: Option<Head>,
}

impl Params {
    /// The stated parameters of an instance.
    pub fn of(inst: &Instance) -> Params {
        Params {
            n: inst.n,
            eps: fmt_q(&inst.eps),
            h: inst.gap.h,
            u: inst.gap.u,
            w: inst.gap.w,
            family: inst.family.name().into(),
            bound: inst.bound.label(),
            kprime: fmt_q(&inst.kprime()),
        }
    }
}

impl GapCertificate {
    /// What every gap certificate of an instance states: parameters, realizing tokens,
    /// variables and sequences; `farkas`/`head` are filled in by the caller.
    pub fn skeleton(inst: &Instance, verdict: &str) -> GapCertificate {
        let [x, y, z] = realize(&inst.gap);
        GapCertificate {
            format: GAP_FORMAT.into(),
            verdict: verdict.into(),
            params: Params::of(inst),
            tokens: Triple { x: x.bits(), y: y.bits(), z: z.bits() },
            variables: VARS.iter().map(|s| s.to_string()).collect(),
            sequences: inst
                .sequences()
                .into_iter()
                .map(|s| SequenceEntry { tokens: s.spelled(), name: s.name, mult: s.mult, target: s.target })
                .collect(),
            farkas: None,
            head: None,
        }
    }
}

impl Head {
    /// The head with tables `alpha`, `s` (over x, y, z) and each sequence's stated output
    /// `ŷ = Σ i_k α_k s_k / Σ i_k α_k` (the checker recomputes these on its own).
    pub fn from_tables(inst: &Instance, alpha: &[Q], s: &[Q]) -> Head {
        let outputs = inst
            .sequences()
            .iter()
            .map(|seq| {
                let (mut num, mut den) = (Q::zero(), Q::zero());
                for j in 0..3 {
                    let m = Q::from_integer(seq.mult[j].into());
                    num += &m * &alpha[j] * &s[j];
                    den += &m * &alpha[j];
                }
                let yhat = if den.is_zero() { Q::zero() } else { num / den };
                Output { sequence: seq.name.clone(), yhat: fmt_q(&yhat) }
            })
            .collect();
        Head {
            alpha: Triple { x: fmt_q(&alpha[0]), y: fmt_q(&alpha[1]), z: fmt_q(&alpha[2]) },
            s: Triple { x: fmt_q(&s[0]), y: fmt_q(&s[1]), z: fmt_q(&s[2]) },
            outputs,
        }
    }
}

/// Any certificate file minip reads; `format` says which.
#[derive(Clone, Debug)]
pub enum AnyCertificate {
    Gap(GapCertificate),
    Sharp(sharp::SharpFile),
    Ratio(ratio::RatioCertificate),
    Rank(rank::RankCertificate),
}

/// Reads a certificate file; errors are one line and name the file's problem.
pub fn read(path: &Path) -> Result<AnyCertificate, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    parse(&text)
}

pub fn parse(text: &str) -> Result<AnyCertificate, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("malformed certificate: not JSON ({e})"))?;
    let format = value.get("format").and_then(|f| f.as_str()).unwrap_or("");
    match format {
        GAP_FORMAT => serde_json::from_value(value)
            .map(AnyCertificate::Gap)
            .map_err(|e| format!("malformed certificate: {e}")),
        sharp::SHARP_FORMAT => serde_json::from_value(value)
            .map(AnyCertificate::Sharp)
            .map_err(|e| format!("malformed certificate: {e}")),
        ratio::RATIO_FORMAT | ratio::RATIO_FORMAT_V1 => serde_json::from_value(value)
            .map(AnyCertificate::Ratio)
            .map_err(|e| format!("malformed certificate: {e}")),
        rank::RANK_FORMAT | rank::RANK_FORMAT_V1 => serde_json::from_value(value)
            .map(AnyCertificate::Rank)
            .map_err(|e| format!("malformed certificate: {e}")),
        "" => Err("malformed certificate: no \"format\" field".into()),
        other => Err(format!("unknown certificate format '{other}'")),
    }
}

/// Pretty JSON with a trailing newline: stable bytes for stable inputs.
pub fn to_json<T: Serialize>(value: &T) -> String {
    let mut s = serde_json::to_string_pretty(value).expect("certificate serializes");
    s.push('\n');
    s
}
