//! Format `minip-rank-linear/1`: a certified lower bound on the feature rank from a binary
//! linear code, a direct sum of small blocks given by generator matrices (docs/math.md §9).
//!
//! - `params`: `n`, `eps`, `m`, `h` (`2h ≤ m`): the code's weight-`h` words are the `x_i`,
//!   `y_i` their complements (`lo = 0`);
//! - `blocks`: the direct sum, in coordinate order: each block's length `m`, its generator
//!   rows as bit strings of that length (independent; at most `MAX_BLOCK_DIM`), and how many
//!   copies follow one another; `name` is informational; or, for one long block that is the
//!   whole code, the rows of its dual (`dual`, docs/math.md §9.6);
//! - `k`: the number of weight-`h` codewords (decimal string, it can exceed 64 bits);
//! - `classes`: for each class of off-diagonal entries that occurs, as seen from `x_i`
//!   (`o = <x_i,y_j> = wt(x_i ⊕ x_j)/2`; `h` when `x_j` is the complement of `x_i`, i.e.
//!   `y_j = x_i`, possible only when `m = 2h`; `h+` for disjoint `x_i, x_j` when `m > 2h`),
//!   the weight `w = wt(x_i ⊕ x_j) = 2o`, the number of ordered pairs `(i, j)` in it and the
//!   ratio used for them;
//! - `ratios`: one ratio certificate per class, same order, for `R(0, class; h)`: either a
//!   full `minip-ratio/2` (attaining point and multipliers) or a `minip-ratio-bound/1` (the
//!   multipliers alone) or a `minip-ratio-chain/1` (the bound alone: the checker rebuilds the
//!   chain multipliers, docs/math.md §9.3);
//! - `value = k²/(k + Σ pairs·ratio^{−2})` and `bound`: `⌈value⌉`, or with `strict`
//!   `⌊value⌋ + 1` (decimal string);
//! - `power` (absent means 1): the bound of the Hadamard power `M^{∘p}` (docs/math.md §9.7):
//!   `value = k²/(k + Σ pairs·ratio^{−2p})` bounds `rank(M^{∘p}) ≤ C(r + p − 1, p)`, and
//!   `bound` is the least `r` with `C(r + p − 1, p) ≥ ⌈value⌉` (strict: `≥ ⌊value⌋ + 1`).
//!
//! Plain data: nothing here checks anything (`crate::check::rank_linear` does).

use super::ratio::RatioCertificate;
use super::ratio_bound::RatioBoundCertificate;
use serde::{Deserialize, Serialize};

pub const RANK_LINEAR_FORMAT: &str = "minip-rank-linear/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankLinearParams {
    pub n: u32,
    pub eps: String,
    pub m: u32,
    pub h: u32,
}

/// One block of the direct sum, repeated `copies` times.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinearBlock {
    /// Informational, e.g. `eham16`, `golay24`.
    pub name: String,
    pub m: u32,
    pub copies: u32,
    /// Generator rows, bit strings of `m` characters (character `b` is coordinate `b`).
    pub generator: Vec<String>,
    /// Instead of `generator`: rows of the **dual** code (independent, at most
    /// `model::macwilliams::MAX_DUAL_DIM`, `m ≤ MAX_DUAL_LEN`); the block is the code
    /// `{x : <x, r> = 0 for every row r}` and its pair counts come from the MacWilliams identity
    /// for the biweight enumerator (docs/math.md §9.6). Only as the single block of a
    /// certificate (one copy, `generator` empty). Absent in files without it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dual: Vec<String>,
}

/// One class of off-diagonal entries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairClass {
    /// `o` (`1..h−1`), `h`, or `h+` written as e.g. `12+`.
    pub class: String,
    /// `wt(x_i ⊕ x_j)` of the pairs in the class.
    pub weight: u32,
    /// Number of ordered pairs `(i, j)`, `i ≠ j`, in the class (decimal).
    pub pairs: String,
    /// The ratio used: the value its certificate proves.
    pub ratio: String,
}

/// A ratio certificate inside a rank certificate: full, lower side only, or the chain bound
/// by name (the checker rebuilds its multipliers, `crate::rows::chain`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RatioProof {
    Full(RatioCertificate),
    Bound(RatioBoundCertificate),
    Chain(ChainRatio),
}

pub const RATIO_CHAIN_FORMAT: &str = "minip-ratio-chain/1";

/// `minip-ratio-chain/1`: the claim `R(0, hi; h) ≥ bound` at `ε = 1/2` proved by the chain
/// multipliers of docs/math.md §9.3, which the checker rebuilds from the parameters (at most
/// `h + 1` rows of sequences with two classes of keys, for any `n`): the form that keeps
/// certificates small for long contexts (`n` up to 1024).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChainRatio {
    pub format: String,
    pub params: super::ratio::RatioParams,
    pub bound: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankLinearCertificate {
    pub format: String,
    pub params: RankLinearParams,
    /// Informational name of the code, e.g. `eham16^8+golay24`.
    pub construction: String,
    pub blocks: Vec<LinearBlock>,
    /// Number of weight-`h` codewords (decimal).
    pub k: String,
    pub classes: Vec<PairClass>,
    pub ratios: Vec<RatioProof>,
    pub value: String,
    /// Decimal.
    pub bound: String,
    pub strict: bool,
    /// The Hadamard power `p` the bound is for (docs/math.md §9.7); absent in files with `p = 1`.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub power: u32,
}

fn one() -> u32 {
    1
}

fn is_one(p: &u32) -> bool {
    *p == 1
}
