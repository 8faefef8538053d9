//! Solving: every call to a solver is here, and everything a solver returns is a hint.
//! - `beyond_ceiling`: the weighted row LP of the joint argument past the code ceiling (HiGHS,
//!   set up and solved as `ratio`'s row LP);
//! - `gap`: the gap LP's slack LP and the Farkas alternative (HiGHS through good_lp);
//! - `sharp`: `min b` over the closed rows with `c = 1` (HiGHS through good_lp);
//! - `ratio`: the row LP (the `highs` crate directly, for tens of thousands of rows);
//! - `poly`: the class LP of overlap-polynomial heads, its Farkas LP, per-weight margins;
//! - `multihead`: for several heads with fixed kernels, the values of largest margin;
//! - `milp`: the MILP over Boolean tokens that cross-checks `kstar` (HiGHS MIP);
//! - `descent`: the first-order head search's loss, its gradient and largest error in one pass
//!   over the queries, Adam, and nonnegative factorizations (its starts);
//! - `search`: the alternating LPs of the low-rank head search (with row generation) and the
//!   values LP of a rounded kernel;
//! - `sat`: varisat on the rank CNF, with DRAT proofs checked by `minip_check`;
//! - `readout`: varisat on the readout's precision CNF, a model checked by its sums, or DRAT;
//! - `weighted`: the weights of the weighted trace/Frobenius bound (a small QP by pairwise
//!   exchanges) and a local search over supports.
//!
//! No verdict is read off these answers: `crate::repair` makes exact candidates and
//! `minip_check` decides.

pub mod beyond_ceiling;
pub mod descent;
pub mod gap;
pub mod milp;
pub mod multihead;
pub mod poly;
pub mod ratio;
pub mod readout;
pub mod sat;
pub mod search;
pub mod sharp;
pub mod weighted;
