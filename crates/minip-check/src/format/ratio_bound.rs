//! Format `minip-ratio-bound/1`: the lower side of a forced ratio alone (docs/math.md §9.2).
//! Rationals are strings (`"11/2"`).
//!
//! - `params`: as in `minip-ratio/2` (`n`, `eps`, `h`, `lo`, `hi`, `superset`; the class `h⁺`
//!   has index `h + 1` and needs `superset`);
//! - `bound`: the claimed lower bound `L`: every head correct on all length-`n` sequences
//!   has `α(x,y) ≥ L·α(x,z)` for `y` of class `lo` and `z` of class `hi`, strictly when a
//!   multiplier is listed;
//! - `multipliers`: positive multipliers on closed rows, each named by its multiset of `n − 1`
//!   classes and its side, exactly as in `minip-ratio/2`, whose combination with
//!   `A_lo − L·A_hi` leaves nothing on any `P_c` and nothing negative on any `A_c`.
//!
//! No attaining point: the checker never enumerates the sequences, so the certificate is
//! cheap to check for any `n` and `h` (the work is linear in the number of multipliers).
//! Plain data: nothing here builds rows or trusts values (`crate::check::ratio` does).

use super::ratio::{Multiplier, RatioParams};
use serde::{Deserialize, Serialize};

pub const RATIO_BOUND_FORMAT: &str = "minip-ratio-bound/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatioBoundCertificate {
    pub format: String,
    pub params: RatioParams,
    /// The claimed lower bound `L ≤ R_{n,ε}(lo, hi; h)`, reduced.
    pub bound: String,
    pub multipliers: Vec<Multiplier>,
}
