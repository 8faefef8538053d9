//! Format `minip-sharp/1`: the exact best domination factor `kstar = inf b/c` of one or
//! more configurations, each with its two-sided certificate (MATH.md §2–3).
//!
//! Compact on purpose (a sweep commits thousands): the checker rebuilds every row from
//! the stated parameters, so a certificate names its Farkas multipliers by row name and
//! lists only the nonzero ones. Rationals are strings. Pure data: no checking here.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const SHARP_FORMAT: &str = "minip-sharp/1";

/// A file: one or more per-configuration certificates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharpFile {
    pub format: String,
    pub certificates: Vec<SharpCertificate>,
}

/// One configuration `(n, eps, h, u, w, family)` and its `kstar`.
///
/// - `attained = false` (the usual case, `kstar` is an infimum that no head reaches):
///   `lower` are Farkas multipliers for the closed rows of "a correct head with
///   `b ≤ kstar·c`" (so every correct head has `b > kstar·c`); `closure` is a point
///   `(a,b,c,P,Q,S)` of the closed homogeneous system with `c = 1`, `b = kstar`;
///   `witness` is a correct head with all weights positive and `b ≤ (kstar + 1/1000)·c`.
///   Mixing `closure` with the witness gives correct heads with `b/c → kstar`.
/// - `attained = true` (only `kstar = 0`): `witness` is a correct head with `b = 0 < c`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharpCertificate {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub family: String,
    pub kstar: String,
    /// The lemma's `K = (n−2)(d−2ε)/(2ε)` (checked).
    pub paper_k: String,
    /// `sharp` (`kstar = K`), `loose` (`kstar > K`) or `fails` (`kstar < K`) (checked).
    pub relation: String,
    pub attained: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower: Option<BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closure: Option<Vec<String>>,
    pub witness: SharpWitness,
}

/// A head at query `x`: `alpha = α(x, x|y|z)`, `s = s(x, x|y|z)`, meeting `b ≤ bound·c`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharpWitness {
    pub bound: String,
    pub alpha: [String; 3],
    pub s: [String; 3],
}

/// One JSON value, one certificate per line: small diffs, stable bytes.
pub fn to_json(file: &SharpFile) -> String {
    let mut s = format!("{{\"format\":{},\"certificates\":[\n", serde_json::to_string(&file.format).expect("string"));
    for (i, c) in file.certificates.iter().enumerate() {
        s.push_str(&serde_json::to_string(c).expect("certificate serializes"));
        s.push_str(if i + 1 < file.certificates.len() { ",\n" } else { "\n" });
    }
    s.push_str("]}\n");
    s
}
