//! Format `minip-sharp/1`: the exact best domination factor `kstar = inf b/c` of one or
//! more configurations, each with its two-sided certificate (docs/math.md §3).
//!
//! Compact on purpose (a sweep commits thousands): the checker rebuilds every row from
//! the stated parameters, so a certificate names its Farkas multipliers by row name and
//! lists only the nonzero ones. Rationals are strings. Pure data: no checking here.

use crate::rational::{q, Rat};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
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
    /// Only with `kstar = -inf` (signed kernels): a direction of the closed rows along which
    /// `good` decreases with `bad` fixed (`bad(ray) = 0`, `good(ray) < 0`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ray: Option<Vec<String>>,
    pub witness: SharpWitness,
    /// The setting (docs/math.md §11); absent fields have their default value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kernel: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keys: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u32>,
}

/// A head at query `x`: `alpha = α(x, x|y|z)`, `s = s(x, x|y|z)`, meeting `b ≤ bound·c`
/// (one value per slot of the gap LP, `a b c` for shared maps; docs/math.md §11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharpWitness {
    pub bound: String,
    pub alpha: Vec<String>,
    pub s: Vec<String>,
}

/// The margin of the concrete witness: `b ≤ (kstar + 1/1000)·c`.
pub fn witness_margin() -> Rat {
    q(1, 1000)
}

/// `kstar = -inf` (signed kernels only): no lower bound on `good/bad` at all.
pub const MINUS_INF: &str = "-inf";
/// `kstar = empty`: no head is correct on the family at all (with a signed kernel: none with
/// `bad > 0`); `lower` is a Farkas certificate that does not use the bound row, the witness
/// is empty (bound `-`) and `relation` is `empty`.
pub const EMPTY: &str = "empty";

/// `sharp`, `loose` or `fails`: how the lemma's `K` compares with `kstar`.
pub fn relation(kstar: &Rat, k: &Rat) -> &'static str {
    match kstar.cmp(k) {
        Ordering::Equal => "sharp",
        Ordering::Greater => "loose",
        Ordering::Less => "fails",
    }
}
