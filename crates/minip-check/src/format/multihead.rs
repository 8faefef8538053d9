//! Format `minip-multihead/1` (docs/math.md §12): `H` exact heads on the tokens `x, y, z` of
//! the paper family's configuration `(h, u, w) = (d, 0, d)`, none with
//! `α_h(x,y) > K·α_h(x,z)`, whose summed outputs are within `ε` on S1–S3.
//! Rationals are strings (`"-140/3"`).
//!
//! - `params`: `n` (the sequence length), `eps`, `d` (the gap);
//! - `paper_k`: the lemma's factor `K = (n−2)(d−2ε)/(2ε)` (derived; checked, not trusted);
//! - `heads`: per head its kernel row `alpha` = `α_h(x,·)` and its scalarized values `s` =
//!   `s_h(x,·)`, each on `(x, y, z)`;
//! - `verdict`: `escapes` (the only claim of the format);
//! - `max_error`: the largest `|ŷ − t|` on S1–S3 (recomputed).
//!
//! Plain data: nothing here checks anything (`crate::check::multihead` does).

use serde::{Deserialize, Serialize};

pub const MULTIHEAD_FORMAT: &str = "minip-multihead/1";

/// The stated parameters; the checker rebuilds S1–S3, their targets and `K` from these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultiheadParams {
    pub n: u32,
    pub eps: String,
    pub d: u32,
}

/// One head's rows at the query `x`, on `(x, y, z)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultiheadRow {
    pub alpha: [String; 3],
    pub s: [String; 3],
}

/// Several heads that escape the step of Lemma 3 (`minip multihead domination --out`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultiheadCertificate {
    pub format: String,
    pub params: MultiheadParams,
    pub paper_k: String,
    pub heads: Vec<MultiheadRow>,
    pub verdict: String,
    pub max_error: String,
}

/// Format `minip-multihead-heads/2` (docs/math.md §12.2): `H` overlap-polynomial heads over
/// `{0,1}^m` whose summed outputs are correct on every length-3 sequence (Min-IP, `ε = 1/2`).
///
/// - `params`: `m`, `heads` (`H`);
/// - `heads`: per head, its per-weight polynomials `polys` and class values `values` (as in
///   `minip-poly-head/1`, one entry per query weight `h = 0..=m`), and its rank formula's
///   `levels` and exact `rank`;
/// - `total_rank`: the sum of the heads' ranks;
/// - format 2 (`/1` is still read and checked, without these): per head `value_dim` and
///   `state`, the least value dimension `D` of its values and `rank·(D + 1)` (docs/math.md
///   §10.11), and `total_state`, their sum;
/// - `max_error`: the largest `|Σ_k ŷ_k − t|` over all sequences (recomputed).
pub const MULTIHEAD_HEADS_FORMAT: &str = "minip-multihead-heads/2";
pub const MULTIHEAD_HEADS_FORMAT_V1: &str = "minip-multihead-heads/1";

/// The stated parameters of a `minip-multihead-heads/1` certificate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeadsParams {
    pub m: u32,
    pub heads: u32,
}

/// One head: a per-weight overlap-polynomial kernel, its values and its rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolyHeadPart {
    pub polys: Vec<crate::format::poly::PolyCoeffs>,
    pub values: Vec<crate::format::poly::ClassValues>,
    pub levels: Vec<crate::format::poly::LevelRank>,
    pub rank: String,
    /// The value dimension `D` of the values (docs/math.md §10.11), decimal; format 2 only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_dim: Option<String>,
    /// The state `rank·(D + 1)` of the head, decimal; format 2 only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
}

/// `H` heads that together solve every length-3 sequence (`minip multihead frontier --out`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultiheadHeadsCertificate {
    pub format: String,
    pub params: HeadsParams,
    pub heads: Vec<PolyHeadPart>,
    pub total_rank: String,
    /// The heads' summed state `Σ rank·(D + 1)`, decimal; format 2 only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_state: Option<String>,
    pub max_error: String,
}
