//! Format `minip-rank-weighted/1`: a certified lower bound on the feature rank from the
//! weighted trace/Frobenius inequality (docs/math.md §15).
//!
//! - `params`: `n`, `eps`, `m`;
//! - `pairs`: `k` pairs `(x_i, y_i)` of tokens (bit strings, character `b` is bit `b`) with a
//!   positive integer weight `w_i` each; the query weight `h_i = |x_i|` and `lo_i = <x_i,y_i>`
//!   may differ from pair to pair;
//! - `classes`: for each key `(h, lo, class)` that occurs off the diagonal (the class of `y_j`
//!   as seen from `x_i`: the overlap `o < h_i`, `h` when `y_j = x_i`, `h+` when `y_j ⊋ x_i`),
//!   the number of entries `(i, j)`, the weighted count `Σ w_i w_j` over them (decimal) and the
//!   ratio used, in increasing order of `(h, lo, class)`;
//! - `ratios`: one `minip-ratio-bound/1` certificate per class, same order, for
//!   `R(lo, class; h)`;
//! - `trace = Σ w_i`, `frobenius = Σ w_i² + Σ_classes weighted/ratio²`,
//!   `value = trace²/frobenius`, `unweighted_value = k²/(k + Σ entries/ratio²)` (the
//!   entrywise value of the same pairs with equal weights), and `bound = ⌊value⌋ + 1` (the
//!   strict form; `strict` must be true).
//!
//! Plain data: nothing here checks anything (`crate::check::weighted` does).

use super::ratio_bound::RatioBoundCertificate;
use serde::{Deserialize, Serialize};

pub const WEIGHTED_FORMAT: &str = "minip-rank-weighted/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeightedParams {
    pub n: u32,
    pub eps: String,
    pub m: u32,
}

/// One pair of tokens and its weight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeightedPair {
    pub x: String,
    pub y: String,
    /// A positive integer (at most `2^32`).
    pub w: u64,
}

/// One class of off-diagonal entries, keyed by the row's `(h, lo)` and the class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeightedClass {
    pub h: u32,
    pub lo: u32,
    /// `0`, …, `h`, or `h+` written as e.g. `7+`.
    pub class: String,
    /// Number of off-diagonal entries `(i, j)` in the class.
    pub entries: u64,
    /// `Σ w_i w_j` over those entries (decimal).
    pub weighted: String,
    /// `R(lo, class; h)`.
    pub ratio: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeightedCertificate {
    pub format: String,
    pub params: WeightedParams,
    /// How the pairs and weights were found (informational).
    pub construction: String,
    pub k: usize,
    pub pairs: Vec<WeightedPair>,
    pub classes: Vec<WeightedClass>,
    pub ratios: Vec<RatioBoundCertificate>,
    /// `Σ w_i` (decimal).
    pub trace: String,
    /// `Σ w_i² + Σ_{i≠j} w_i w_j R_ij^{−2}`.
    pub frobenius: String,
    pub value: String,
    pub unweighted_value: String,
    pub bound: u64,
    pub strict: bool,
}
