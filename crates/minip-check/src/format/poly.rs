//! Formats for overlap-polynomial heads (docs/math.md §10): `minip-poly-head/1`, a head
//! with its exact rank, and `minip-poly-none/1`, Farkas refutations of supports.
//! Rationals are strings (`"11/2"`); big integers (ranks, level dimensions) too.
//!
//! `minip-poly-head/2` (and `/1`):
//! - `params`: `m`, `kernel` (`shared` or `per_weight`), `signed` (the kernel may take
//!   negative values; then only `D > 0` is required of every sequence), `n` (the sequence
//!   length, `3..=1024`; absent means 3);
//! - `polys`: the polynomials in the binomial basis, `f(o) = Σ c[i]·C(o, support[i])`: one
//!   entry without `h` (`shared`), or one per query weight `h = 0..=m` in order
//!   (`per_weight`), every listed coefficient nonzero;
//! - `values`: per query weight `h = 0..=m`, `s` of every key class in order
//!   (`0..h−1`, the query itself, then `h⁺` when `h < m`);
//! - `max_error`: the largest `|ŷ − t|` over all sequences (recomputed);
//! - `levels`, `rank`: the rank formula's nonzero levels `j` (`dim = C(m,j) − C(m,j−1)`,
//!   `rank = rank M_j`) and the exact rank of the kernel matrix, `Σ dim·rank`;
//! - `value_dim`, `state` (format 2; absent in `minip-poly-head/1`, which is still read and
//!   checked): the least value dimension `D` realising the values with an affine readout
//!   (docs/math.md §10.11) and the state `rank·(D + 1)` a linear-attention head keeps.
//!
//! `minip-poly-none/1`:
//! - `params` as above;
//! - `refutations`: each a support and nonnegative multipliers on the closed rows of the
//!   class LP (`crate::rows::poly`): a sequence row is named by its query weight `h`, its
//!   two key classes and its side, a nonnegativity row `−f(o) ≤ 0` by `nn: o`. `shared`:
//!   rows of any query weight; `per_weight`: the refutation's `h` and only its rows.
//!
//! Plain data: nothing here checks anything (`crate::check::poly` does).

use serde::{Deserialize, Serialize};

pub const POLY_HEAD_FORMAT: &str = "minip-poly-head/2";
pub const POLY_HEAD_FORMAT_V1: &str = "minip-poly-head/1";
pub const POLY_NONE_FORMAT: &str = "minip-poly-none/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolyParams {
    pub m: u32,
    /// `shared` or `per_weight`.
    pub kernel: String,
    #[serde(default)]
    pub signed: bool,
    /// The sequence length `n ≥ 3` the head is correct for (every length `≤ n`); absent in
    /// files written before it existed, which mean `n = 3`, and not written when it is 3.
    #[serde(default = "three", skip_serializing_if = "is_three")]
    pub n: u32,
}

fn three() -> u32 {
    3
}

fn is_three(n: &u32) -> bool {
    *n == 3
}

/// One polynomial in the binomial basis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolyCoeffs {
    /// The query weight it serves (`per_weight`); absent for `shared`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub h: Option<u32>,
    pub support: Vec<u32>,
    pub c: Vec<String>,
}

/// `s` per key class of one query weight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassValues {
    pub h: u32,
    pub s: Vec<String>,
}

/// One level of the rank formula.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelRank {
    pub j: u32,
    pub dim: String,
    pub rank: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolyHead {
    pub format: String,
    pub params: PolyParams,
    pub polys: Vec<PolyCoeffs>,
    pub values: Vec<ClassValues>,
    pub max_error: String,
    pub levels: Vec<LevelRank>,
    pub rank: String,
    /// The value dimension `D` of the values (docs/math.md §10.11), decimal; format 2 only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_dim: Option<String>,
    /// The state `rank·(D + 1)` of the head, decimal; format 2 only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
}

/// A multiplier on one closed row: a sequence row (`h`, `classes`, `side`) or `nn`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolyMultiplier {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub h: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classes: Option<[u32; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nn: Option<u32>,
    pub y: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refutation {
    /// `per_weight`: the query weight whose polynomial is refuted; absent for `shared`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub h: Option<u32>,
    /// No head of the class has its support inside this set.
    pub support: Vec<u32>,
    pub multipliers: Vec<PolyMultiplier>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolyNone {
    pub format: String,
    pub params: PolyParams,
    pub refutations: Vec<Refutation>,
}
