//! Format `minip-multilevel/1`: the multilevel family of `(s + 1)^q` Min-IP sequences of length
//! `2q` with the same queries (docs/math.md §13.10, `crate::model::multilevel`).
//!
//! - `q`, `s`: answers, levels `0..=s` each; `m = (q + 1)·s` token bits, `n = 2q` tokens;
//! - `instances = (s + 1)^q` sequences, `distinct`: how many different answer vectors they have
//!   at the `q` queries (all of them);
//! - `lower_bits`: the least `b` with `2^b ≥ distinct`, the bits of any transcript from which
//!   the answers are read.
//!
//! Plain data: `crate::check::multilevel` rebuilds every sequence from `(q, s)`.

use serde::{Deserialize, Serialize};

pub const MULTILEVEL_FORMAT: &str = "minip-multilevel/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultilevelCertificate {
    pub format: String,
    pub q: u32,
    pub s: u32,
    pub m: u32,
    pub n: u32,
    pub instances: u64,
    pub distinct: u64,
    pub lower_bits: u32,
}
