//! Format `minip-rank2-none/1`: no head of feature rank `≤ 2` is correct (docs/math.md §5.8),
//! so every correct head has rank `≥ 3`. A head of rank `≤ 2` orders its queries and its keys
//! by the angles of its nonnegative features; forced ratios make the two orders agree on
//! quadruples of tokens; a DRAT proof shows no two orders do.
//!
//! - `params`: `n`, `eps`, `m` (heads over `{0,1}^m`, correct on every length-`n` sequence
//!   with tolerance `eps`);
//! - `ratios`: `minip-ratio/2` certificates `R(lo, hi; h)` of the paper's model at the same
//!   `n`, `eps`, each positive (the class `h⁺` only from an LP with it, which needs `m > h`),
//!   no `(h, lo, hi)` twice: the only facts about heads the refutation uses;
//! - `quadruples`, `variables`, `clauses`: the size of the formula that
//!   `crate::rows::order_cnf::encode(m, ratios)` rebuilds (recomputed, must agree);
//! - `proof_format` (`drat-binary` or `drat`) and `proof`: the file, in the certificate's
//!   directory, of a refutation of that formula;
//! - `bound`: 3.
//!
//! Plain data: `crate::check::rank2` checks it.

use super::ratio::RatioCertificate;
use serde::{Deserialize, Serialize};

pub const RANK2_FORMAT: &str = "minip-rank2-none/1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rank2Params {
    pub n: u32,
    pub eps: String,
    pub m: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rank2Certificate {
    pub format: String,
    pub params: Rank2Params,
    pub ratios: Vec<RatioCertificate>,
    pub quadruples: usize,
    pub variables: usize,
    pub clauses: usize,
    pub proof_format: String,
    pub proof: String,
    pub bound: u64,
}
