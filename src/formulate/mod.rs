//! Formulation: the LPs the solver is given, built from the checker's own row builders
//! (`minip_check::rows`), so that what is solved is what is checked.
//! - gap LP (docs/math.md §2): `minip_check::rows::gap::build_rows`, used directly;
//! - `ratio`: the row LP over all length-`n` sequences (docs/math.md §4);
//! - `lp_file`: the row LP as a CPLEX LP file for outside exact solvers;
//! - `milp`: the MILP cross-check's job (tokens in `m` bits, gap at least `d`; docs/sharp.md);
//! - `poly`: the class LP of overlap-polynomial heads (docs/math.md §10);
//! - `slack`: the rows exact steps add to the gap LP's slack LP (a form pinned to a value).

pub mod lp_file;
pub mod milp;
pub mod poly;
pub mod ratio;
pub mod slack;

pub use minip_check::rows::gap::{build_rows, sequence_rows, Row, VARS};
