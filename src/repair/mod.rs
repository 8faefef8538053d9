//! Repair: from the solver's floating-point hints to exact rational candidates.
//!
//! - `round`: floats to nearby simple fractions;
//! - `hint`: an exact point or exact Farkas multipliers near a hint (by `crate::linalg`'s
//!   Gauss–Jordan elimination);
//! - `sparse`: fraction-free sparse elimination over the integers (bases of the row LP);
//! - `poly`: exact Farkas multipliers and values `s` for overlap-polynomial heads;
//! - `descent`: an attaining point of `R(0, h; h)` at `ε = 1/2`, class by class from the query
//!   down (no solver, no linear algebra);
//! - `simplex`: the exact dual simplex that refines a basis of the row LP to an optimal one;
//! - `poly_simplex`: an exact dual simplex on the class LP of overlap-polynomial heads, for the
//!   query weights where HiGHS's answer does not round;
//! - `tvpi`: exact points of pair-sum systems `l ≤ x_a + x_b ≤ u` (the row LP at `n = 3` with
//!   the weights fixed), by shortest paths.
//!
//! Nothing here decides anything: every result is a candidate that `minip_check` checks.
//! Nothing here calls the solver either: hints come in as plain `f64`.

pub mod descent;
pub mod hint;
pub mod poly;
pub mod poly_simplex;
pub mod round;
pub mod simplex;
pub mod sparse;
pub mod tvpi;
