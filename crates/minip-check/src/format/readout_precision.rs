//! Format `minip-readout-precision/1`: the least precision of the readout's integer scheme
//! (docs/math.md §13.9). Uniform attention (rank 1), values of dimension 1, integers
//! `v : {0,1}^m → [0, V]`, the decoder reading `S(M) = n·o − v(x)`; the values separate when
//! multisets of `n − 1` keys with different target functions have different sums.
//!
//! - `m`, `n`: tokens `{0,1}^m`, `n − 1` keys beside the query;
//! - `values` (one per token, token `k` its bits read as a binary number), `max_value` their
//!   largest, `bits = ⌈log2((n − 1)·max_value + 1)⌉`: values that separate;
//! - `refuted`: no values in `[0, refuted]` separate, `proof` the file (in the certificate's
//!   directory) of a binary DRAT refutation of the CNF `crate::rows::readout_cnf::encode(m,
//!   n − 1, refuted)`; `lower_bits = ⌈log2((n − 1)·(refuted + 1) + 1)⌉`;
//! - `least`: `refuted + 1 = max_value`, so `max_value` is the least `V`.
//!
//! Plain data: `crate::check::readout_precision` rebuilds the formula from `(m, n, refuted)`.

use serde::{Deserialize, Serialize};

pub const READOUT_PRECISION_FORMAT: &str = "minip-readout-precision/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadoutPrecisionCertificate {
    pub format: String,
    pub m: u32,
    pub n: u32,
    pub values: Vec<u64>,
    pub max_value: u64,
    pub bits: u32,
    pub refuted: u64,
    pub lower_bits: u32,
    pub proof: String,
    pub least: bool,
}
