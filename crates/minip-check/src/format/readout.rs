//! Format `minip-readout/1`: a nonlinear readout (docs/math.md §13). One head of rank 1
//! (uniform attention), values of dimension 1 from the power-sum construction, and a decoder
//! per query: the values of every multiset of `n − 1` keys have distinct sums, so the output
//! `o = (v(x) + Σ v)/n` determines the keys and with them the Min-IP target. Beside it, the
//! counting lower bound: how many different target functions the multisets of `n − 1` keys
//! have, so how many values the keys' state must take in any head.
//!
//! - `m`, `n`: tokens `{0,1}^m`, sequences of length `n` (`n − 1` keys beside the query);
//! - `construction`: `power-sum`, `rank` and `dim` (both 1), `p` the prime of the construction
//!   (the smallest prime `≥ max(2^m, n)`);
//! - `max_value`, `multisets`, `bits`: the largest value, the number of multisets of `n − 1`
//!   keys, and the bits of the integer `n·o − v(x)` (`⌈log2((n − 1)·max_value + 1)⌉`);
//! - `classes`, `classes_by`, `lower_bits` (together or not at all): the number of distinct
//!   target functions `x ↦ t(x, M)`, how the checker finds it (`counted` over every multiset
//!   and query, or `formula`: the closed form of §13.5 for `n = 3`), and `⌈log2 classes⌉`.
//! - `least_max_value`, `least_values`, `least_bits` (together or not at all; `m ≤ 3`): the least
//!   `V` for which integer values in `[0, V]` (one per token, uniform attention, `D = 1`) give
//!   different sums to multisets with different target functions, values that do, and
//!   `⌈log2((n − 1)·V + 1)⌉`; the checker reruns the search below `V` (docs/math.md §13.7).
//!
//! Big integers are decimal strings. Plain data: `crate::check::readout` rebuilds every value.

use serde::{Deserialize, Serialize};

pub const READOUT_FORMAT: &str = "minip-readout/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadoutCertificate {
    pub format: String,
    pub m: u32,
    pub n: u32,
    pub construction: String,
    pub rank: u32,
    pub dim: u32,
    pub p: u64,
    pub max_value: String,
    pub multisets: String,
    pub bits: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classes_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower_bits: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub least_max_value: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub least_values: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub least_bits: Option<u32>,
}
