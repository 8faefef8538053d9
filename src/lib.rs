//! minip: exact, certificate-checked finite claims behind the three-token lower bound
//! for normalized nonnegative kernel attention. See MATH.md for the mathematics.
//!
//! Layers, each in its own module:
//! - `model`: gap configurations, tokens, families of sequences (MATH.md §1–2)
//! - `formulation`: the closed linear rows built from parameters (MATH.md §3)
//! - `solve`: HiGHS through good_lp — floating-point hints only
//! - `exact`: rationals, exact linear algebra, repair of hints into exact candidates
//! - `cert`: certificate file formats (JSON, VIPR 1.0) — printers of checked values
//! - `check`: the checker, which trusts only rational arithmetic and the formulation
//! - `certify`: solve → repair → check, the only place verdicts are made
//! - `sweep`, `settle`: batch jobs over many instances
//! - `cli`: argument parsing and printing; every command's work is a library call

pub mod amplify;
pub mod cert;
pub mod certify;
pub mod check;
pub mod cli;
pub mod exact;
pub mod formulation;
pub mod heads;
pub mod model;
pub mod rank;
pub mod settle;
pub mod sharp;
pub mod solve;
pub mod sweep;
