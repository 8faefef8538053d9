//! Format `minip-gap/1` (docs/math.md §7): parameters, the sequences with their targets,
//! and either
//! - `farkas`: every closed row with its multiplier (verdict `holds`), or
//! - `head`: the tables `α` and `s` over `{x, y, z}` with every output `ŷ` (verdict `broken`).
//!
//! Rationals are strings (`"3/8"`) so that no reader rounds them.
//!
//! Plain data: nothing here builds rows or trusts values (`crate::check::gap` does).

use serde::{Deserialize, Serialize};

pub const GAP_FORMAT: &str = "minip-gap/1";

/// The stated parameters; the checker rebuilds everything else from these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub family: String,
    /// `paper` or a rational.
    pub bound: String,
    /// `K'` as a rational (derived from the above; checked, not trusted).
    pub kprime: String,
    /// The setting (docs/math.md §11); each field is absent when it has its default value
    /// (`min-ip`, `nonneg`, `shared`, `all`, summed kernel). The same five fields stand in the
    /// sharp and ratio formats: serde's `deny_unknown_fields` does not work with `flatten`, and
    /// an unknown field must stay an error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kernel: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keys: Option<String>,
    /// The key position (1-based) whose kernel the bound is about; absent: summed over positions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SequenceEntry {
    pub name: String,
    /// Spelled out, e.g. `x y z z` (informational; `mult` is what is checked).
    pub tokens: String,
    pub mult: [u32; 3],
    pub target: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowEntry {
    pub name: String,
    pub coeffs: Vec<String>,
    pub rhs: String,
    pub multiplier: String,
}

/// `Σ y_i (G_i z − g_i) ≤ 0` with `yᵀG = 0` and `yᵀg = −1`: the absurdity `0 ≤ −1`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Farkas {
    pub rows: Vec<RowEntry>,
    /// `yᵀg`, negative (checked).
    pub combined_rhs: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Triple {
    pub x: String,
    pub y: String,
    pub z: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Output {
    pub sequence: String,
    pub yhat: String,
}

/// A table of the head over its slots: `{x, y, z}` for shared maps, or one value per
/// variable slot (in the order of `variables`) with position-dependent maps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Tables {
    Triple(Triple),
    Slots(Vec<String>),
}

impl Tables {
    /// The `{x, y, z}` table of a shared-maps head (panics on a per-slot list: for callers
    /// that built or checked a shared head).
    pub fn triple(&self) -> &Triple {
        match self {
            Tables::Triple(t) => t,
            Tables::Slots(_) => panic!("a per-slot table, not {{x, y, z}}"),
        }
    }
    pub fn triple_mut(&mut self) -> &mut Triple {
        match self {
            Tables::Triple(t) => t,
            Tables::Slots(_) => panic!("a per-slot table, not {{x, y, z}}"),
        }
    }
    /// The values in slot order.
    pub fn values(&self) -> Vec<String> {
        match self {
            Tables::Triple(t) => vec![t.x.clone(), t.y.clone(), t.z.clone()],
            Tables::Slots(v) => v.clone(),
        }
    }
}

/// A head queried at `x`: `α(x,·)` and `s(x,·)` over `{x, y, z}` (docs/math.md §1.4), or per
/// slot with position-dependent maps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Head {
    pub alpha: Tables,
    pub s: Tables,
    pub outputs: Vec<Output>,
}

/// A gap-domination certificate (`minip check`, `settle`, `sweep`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GapCertificate {
    pub format: String,
    /// `holds` (Farkas) or `broken` (head).
    pub verdict: String,
    pub params: Params,
    /// Boolean vectors realizing `(h, u, w)` (checked against the parameters).
    pub tokens: Triple,
    pub variables: Vec<String>,
    pub sequences: Vec<SequenceEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub farkas: Option<Farkas>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head: Option<Head>,
}
