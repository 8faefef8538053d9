//! Certification, one module per question: solve (a float hint) → repair (an exact
//! candidate) → check (`minip_check`, the only judge). A result leaves this layer only as
//! a certificate that passed its check; anything that fails all the way through is
//! `unknown`.
//! - `gap`: is there a head correct on the family with `α(x,y) ≤ K'·α(x,z)`?
//! - `sharp`: `kstar = inf α(x,y)/α(x,z)`, both sides; `milp` cross-checks it by a MIP;
//! - `ratio`: forced ratios `R(lo, hi; h)` over all length-`n` sequences;
//! - `poly`: overlap-polynomial heads (upper bounds on the rank) and refutations of supports;
//! - `rank`: codes priced with forced ratios, bundled into rank certificates;
//! - `rank2`: feature rank `≤ 2` refuted by two orders and a DRAT proof (`minip-rank2-none/1`);
//! - `rank_linear`: direct sums of linear codes priced by exact pair counts and closed-form
//!   ratios, bundled into `minip-rank-linear/1` certificates;
//! - `beyond_ceiling`: research past the code ceiling at `n = 3` (docs/frontier.md): the corner of
//!   the row LP and Hadamard-power bounds.
//! - `multihead`: several heads against the step of Lemma 3, and the several-head frontier;
//! - `readout`, `readout_precision`, `multilevel`: the nonlinear readout's construction, the
//!   least precision of its integer scheme (SAT with DRAT proofs), and the multilevel family of
//!   the finite-precision theorem;
//! - `weighted`: the weighted trace/Frobenius rank bound, one chain certificate per class.

pub mod beyond_ceiling;
pub mod gap;
pub mod milp;
pub mod multihead;
pub mod multilevel;
pub mod poly;
pub mod rank;
pub mod rank2;
pub mod rank_linear;
pub mod ratio;
pub mod readout;
pub mod readout_precision;
pub mod sharp;
pub mod weighted;

use crate::error::Error;
use crate::repair::hint::exact_point;
use crate::solve::gap::solve_slack;
use minip_check::rational::Rat;
use minip_check::rows::gap::Row;

/// An exact point of the slack LP's rows `closed` and `extra` (`crate::formulate::slack`)
/// over `width` unknowns: HiGHS's point scaled by `1/σ` and repaired exactly. `Err` when the
/// solve fails, when there is no slack (`no point`) or when the point does not repair
/// (`no exact point`).
pub(crate) fn slack_point(closed: &[Row], extra: Vec<Row>, width: usize) -> Result<Vec<Rat>, Error> {
    let mut rows = closed.to_vec();
    rows.extend(extra);
    let hint = solve_slack(&rows, width)?;
    if hint.sigma <= 1e-9 {
        return Err(Error::Input("no point".into()));
    }
    let scaled: Vec<f64> = hint.z.iter().map(|v| v / hint.sigma).collect();
    exact_point(&crate::formulate::slack::system(&rows), &scaled)
        .ok_or_else(|| Error::Unknown("no exact point".into()))
}
