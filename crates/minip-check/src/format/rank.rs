//! Format `minip-rank/2`: a certified lower bound on the feature rank (docs/math.md §5).
//!
//! - `params`: `n`, `eps`, `m`, `h`, `lo`, `hi`;
//! - `code`: the `k` pairs `(x_i, y_i)` as bit strings (character `b` is bit `b`);
//! - `classes`: for each class that occurs off the diagonal, as seen from the query `x_i`
//!   (an overlap `o < h`; `h` when `y_j = x_i`; `h+` when `y_j ⊋ x_i`), how many entries
//!   fall in it and the forced ratio used for them;
//! - `ratios`: one `minip-ratio/2` certificate per listed class, in the same order, for
//!   `R(lo, class; h)` (the class `h+` needs an LP with the superset class, `m > h`);
//! - the arithmetic: `delta = max 1/R` over the classes, `uniform_value = k/(1+(k−1)δ²)`,
//!   `value = k²/(k + Σ_{i≠j} R_ij^{−2})`, and `bound`: `⌈value⌉`, or with `strict`
//!   `⌊value⌋ + 1` (valid because every entry is strictly below its bound; docs/rank.md);
//! - `maximal` (optional): a DRAT refutation, in a file next to the certificate, of the CNF
//!   "a code of this shape with `k + 1` pairs" that `crate::rows::cnf` rebuilds from the
//!   parameters: no code of this shape is larger.
//!
//! `minip-rank/1` (one ratio per overlap `hi..=h`, no classes) is read only to be
//! rejected with the reason: it predates the class `h⁺`.
//!
//! Plain data: nothing here checks anything (`crate::check::rank` does).

use super::ratio::RatioCertificate;
use serde::{Deserialize, Serialize};

pub const RANK_FORMAT: &str = "minip-rank/2";
/// The superseded first version (read only to be rejected with its reason).
pub const RANK_FORMAT_V1: &str = "minip-rank/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankParams {
    pub n: u32,
    pub eps: String,
    pub m: u32,
    pub h: u32,
    pub lo: u32,
    pub hi: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankCode {
    pub x: Vec<String>,
    pub y: Vec<String>,
}

/// One class of off-diagonal entries and the ratio that bounds them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankClass {
    /// `0`, …, `h`, or `h+` written as e.g. `3+`.
    pub class: String,
    /// Number of off-diagonal entries `(i, j)` in the class.
    pub entries: u64,
    /// `R(lo, class; h)`.
    pub ratio: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Maximal {
    /// The refuted size (`k + 1`).
    pub refuted: usize,
    /// `drat` (text DRAT; `minip-rank/1` had `varisat`, hex-encoded inline).
    pub proof_format: String,
    /// In `minip-rank/2`: the proof file's name, in the certificate's directory, a DRAT refutation
    /// of the CNF that `crate::rows::cnf` rebuilds for `k + 1` pairs (`drat-trim CNF PROOF` checks
    /// it as well). In `minip-rank/1`: the hex-encoded proof.
    pub proof: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankCertificate {
    pub format: String,
    pub params: RankParams,
    /// How the code was found (informational): `sat`, `greedy`, `golay`.
    pub construction: String,
    pub code: RankCode,
    /// Absent in `minip-rank/1`.
    #[serde(default)]
    pub classes: Vec<RankClass>,
    pub ratios: Vec<RatioCertificate>,
    pub k: usize,
    pub delta: String,
    pub uniform_value: String,
    pub uniform_bound: u64,
    pub value: String,
    pub bound: u64,
    /// `bound` is the strict form `⌊value⌋ + 1` (absent in `minip-rank/1`).
    #[serde(default)]
    pub strict: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maximal: Option<Maximal>,
}
