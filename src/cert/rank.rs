//! Format `minip-rank/1`: a certified lower bound on the feature rank (MATH.md §5).
//!
//! - `params`: `n`, `eps`, `m`, `h`, `lo`, `hi`;
//! - `code`: the `k` pairs `(x_i, y_i)` as bit strings (character `b` is bit `b`);
//! - `ratios`: one `minip-ratio/1` certificate per `o = hi..=h`, for `R(lo, o; h)`;
//! - the arithmetic: `delta = max 1/R`, `uniform_value = k/(1+(k−1)δ²)` (MATH.md §5),
//!   `value = k²/(k + Σ_{i≠j} R(lo,o_ij;h)^{−2})` (the same lemma with a bound per entry,
//!   never smaller), `bound = ⌈value⌉`;
//! - `maximal` (optional): a varisat proof that no code of this shape has `k + 1`
//!   pairs, for the CNF that `crate::rank::cnf` rebuilds from the parameters.
//!
//! Plain data: nothing here checks anything (`crate::check::rank` does).

use super::ratio::RatioCertificate;
use serde::{Deserialize, Serialize};

pub const RANK_FORMAT: &str = "minip-rank/1";

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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Maximal {
    /// The refuted size (`k + 1`).
    pub refuted: usize,
    /// `varisat` (native binary proof format of varisat 0.2), hex-encoded.
    pub proof_format: String,
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
    pub ratios: Vec<RatioCertificate>,
    pub k: usize,
    pub delta: String,
    pub uniform_value: String,
    pub uniform_bound: u64,
    pub value: String,
    pub bound: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maximal: Option<Maximal>,
}
