//! Format `minip-ratio/2`: an exact forced kernel ratio (docs/math.md §4.5) with both sides
//! of its proof. Rationals are strings (`"11/2"`).
//!
//! - `params.superset`: whether the class `h⁺` of strict supersets of the query is in the
//!   LP (it exists when `m > h`). Classes are numbered `0..=h` (`h` is the query token
//!   itself) and `h + 1` for `h⁺`; `params.hi = h + 1` asks for `R(lo, h⁺; h)`.
//!   `minip-ratio/1` is the same without `superset` (no `h⁺` class) and is still read.
//! - `alpha[c]`, `p[c]` (one per class): a point of the closed row LP with
//!   `alpha[hi] = 1` and `alpha[lo] = ratio` (the ratio is attained);
//! - `multipliers`: nonnegative multipliers on closed rows, each named by its multiset
//!   of `n − 1` classes and its side (`upper`: `N − tD − εD ≤ 0`, `lower`:
//!   `tD − N − εD ≤ 0`), whose combination with `A_lo − ratio·A_hi` leaves nothing on
//!   any `P_o` and nothing negative on any `A_o` (so `A_lo ≥ ratio·A_hi` for every
//!   correct head). Only nonzero multipliers are listed.
//!
//! Plain data: nothing here builds rows or trusts values (`crate::check::ratio` does).

use serde::{Deserialize, Serialize};

pub const RATIO_FORMAT: &str = "minip-ratio/2";
/// The first version, without the `h⁺` class; read, never written.
pub const RATIO_FORMAT_V1: &str = "minip-ratio/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatioParams {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub lo: u32,
    /// A class: `0..=h`, or `h + 1` for `h⁺`.
    pub hi: u32,
    /// The LP has the class `h⁺` (index `h + 1`). Absent in `minip-ratio/1` files.
    #[serde(default)]
    pub superset: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Multiplier {
    /// The `n − 1` classes after the query, nondecreasing.
    pub classes: Vec<u32>,
    /// `upper` or `lower`.
    pub side: String,
    pub y: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatioCertificate {
    pub format: String,
    pub params: RatioParams,
    /// `R_{n,ε}(lo, hi; h)`, reduced.
    pub ratio: String,
    /// `A_c = α(x, class c)`, one per class.
    pub alpha: Vec<String>,
    /// `P_c = A_c · s(x, class c)`, one per class.
    pub p: Vec<String>,
    pub multipliers: Vec<Multiplier>,
}
