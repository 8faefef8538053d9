//! Certification, one module per question: solve (a float hint) → repair (an exact
//! candidate) → check (`minip_check`, the only judge). A result leaves this layer only as
//! a certificate that passed its check; anything that fails all the way through is
//! `unknown`.
//! - `gap`: is there a head correct on the family with `α(x,y) ≤ K'·α(x,z)`?
//! - `sharp`: `kstar = inf α(x,y)/α(x,z)`, both sides; `milp` cross-checks it;
//! - `ratio`: forced ratios `R(lo, hi; h)` over all length-`n` sequences;
//! - `poly`: overlap-polynomial heads (upper bounds on the rank) and refutations of supports;
//! - `rank`: codes priced with forced ratios, bundled into rank certificates;
//! - `rank_linear`: direct sums of linear codes priced by exact pair counts and closed-form
//!   ratios, bundled into `minip-rank-linear/1` certificates;
//! - `beyond_ceiling`: research past the code ceiling at `n = 3` (docs/frontier.md): the corner of
//!   the row LP and Hadamard-power bounds.

pub mod beyond_ceiling;
pub mod gap;
pub mod milp;
pub mod poly;
pub mod rank;
pub mod rank_linear;
pub mod ratio;
pub mod sharp;
