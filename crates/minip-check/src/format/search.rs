//! The format of searched heads (docs/math.md §14): `minip-search-head/1`, a head given by
//! explicit feature tables and values (`minip-search-head/2`, and `/1`), correct on every sequence of length `≤ 3` over
//! `{0,1}^m` with tolerance `1/2`. Rationals are strings (`"11/2"`).
//!
//! - `params`: `m` (`1..=MAX_SEARCH_M`);
//! - `rank`: the feature dimension `r`;
//! - `phi_q`, `phi_k`: one row of `r` rationals per token, tokens in order `0..2^m`
//!   (coordinate `i` of token `x` is bit `i` of `x`); `α(x,k) = <phi_q[x], phi_k[k]>`;
//! - `s`: one row of `2^m` values per query token, `s[x][k]` the value of key `k` seen from
//!   `x` (docs/math.md §1.4: `ŷ = Σ_j α(x,x_j) s(x,x_j) / Σ_j α(x,x_j)`);
//! - `max_error`: the largest `|ŷ − t|` over all sequences (recomputed);
//! - `value_dim`, `state` (format 2; absent in `minip-search-head/1`, still read and checked):
//!   the least value dimension `D` of `s` with an affine readout, `rank [s; 1ᵀ] − 1`
//!   (docs/math.md §10.11), and the state `rank·(D + 1)`;
//! - `search`: how the head was found (seed, restart, effort; the method, start and step of
//!   the first-order search); provenance, not checked.
//!
//! Plain data: nothing here checks anything (`crate::check::search` does).

use serde::{Deserialize, Serialize};

pub const SEARCH_HEAD_FORMAT: &str = "minip-search-head/2";
pub const SEARCH_HEAD_FORMAT_V1: &str = "minip-search-head/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchParams {
    pub m: u32,
}

/// The run that found the head (`minip head search`); not checked. `method`, `start` and
/// `step` are written by the first-order search (`gradient`: the kind of start of the restart
/// and the step at which the head was found); a head of the alternating LPs has none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchRun {
    pub seed: u64,
    pub restart: u32,
    pub restarts: u32,
    pub iterations: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchHead {
    pub format: String,
    pub params: SearchParams,
    pub rank: usize,
    pub phi_q: Vec<Vec<String>>,
    pub phi_k: Vec<Vec<String>>,
    pub s: Vec<Vec<String>>,
    pub max_error: String,
    /// The value dimension `D` of the values (docs/math.md §10.11), decimal; format 2 only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_dim: Option<String>,
    /// The state `rank·(D + 1)` of the head, decimal; format 2 only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchRun>,
}
