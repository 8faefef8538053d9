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
//! - beyond the default setting (docs/math.md §11): `params` state the task, kernel,
//!   positions, keys (and `m` for `nearest`); `ratio` may be `empty` (the multipliers are a
//!   Farkas certificate that no correct head has `A_hi > 0`, with `alpha`, `p` empty) or
//!   `-inf` (signed kernels: a point, a `ray` and a `witness`); a finite ratio carries a
//!   `witness`, a strictly correct head.
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
    /// The setting (docs/math.md §11); each field is absent when it has its default value
    /// (`min-ip`, `nonneg`, `shared`, `all`, summed kernel). `m` only for `nearest`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kernel: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keys: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub m: Option<u32>,
}

impl RatioParams {
    /// The paper's model: `min-ip`, `nonneg`, shared maps, all keys, summed kernel, no `m`.
    /// Rank certificates and `minip-ratio-bound/1` accept only these.
    pub fn is_default_setting(&self) -> bool {
        self.task.is_none()
            && self.kernel.is_none()
            && self.positions.is_none()
            && self.keys.is_none()
            && self.at.is_none()
            && self.m.is_none()
    }
}

/// A point of the row LP: `A_j`, `P_j` per slot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatioPoint {
    pub alpha: Vec<String>,
    pub p: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Multiplier {
    /// The `n − 1` classes after the query, nondecreasing (with positions: the ordered
    /// tuple, docs/math.md §11.3; empty for the side `den`).
    pub classes: Vec<u32>,
    /// `upper` or `lower`; `pos` (`−D ≤ 0`, signed kernels); `den` (`−A_hi ≤ 0`, only in
    /// `empty` certificates).
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
    /// Beyond the default setting: a strictly correct head with positive (signed: nonzero)
    /// weights and `A_hi > 0`, so that the closure minimum is the infimum over heads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub witness: Option<RatioPoint>,
    /// Only with `ratio = "-inf"`: a direction of the closed rows with `A_hi = 0`, `A_lo < 0`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ray: Option<RatioPoint>,
}

/// `ratio` of a certificate whose row LP has no correct head with `A_hi > 0` at all.
pub const EMPTY: &str = "empty";
/// `ratio` of a certificate whose ratio is unbounded below (signed kernels).
pub const MINUS_INF: &str = "-inf";
