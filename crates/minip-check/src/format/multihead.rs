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
