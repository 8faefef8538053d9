//! # minip
//!
//! Exact, certificate-checked finite claims behind the three-token lower bound for
//! normalized nonnegative kernel attention (docs/math.md in the repository).
//!
//! The layers, in the order a question goes through them:
//! - [`formulate`]: the LPs, built from the checker's own row builders;
//! - [`solve`]: every solver call (HiGHS, varisat): floating-point or unchecked hints;
//! - [`repair`]: hints turned into exact rational candidates;
//! - [`certify`]: solve → repair → check, one module per question; nothing leaves it that
//!   did not pass `minip_check`;
//! - `minip_check` (its own crate): the checker, the model, the row builders and the
//!   certificate formats, depending on no solver;
//! - [`print`]: certificate files (JSON, VIPR), tables, plots, written atomically;
//! - [`ranges`]: ranges and lists of numbers (`3..=6`, `64,128,256`) and shards, for the
//!   command line and the grid files alike;
//! - [`linalg`]: exact Gauss–Jordan elimination for the small systems `repair` solves;
//! - [`control`]: the handle a run receives to be stopped and to show progress; [`error`]:
//!   the typed error every request ends with (input, rejected, too large, unknown, …);
//! - [`batch`]: grids, the parallel runner, sweeps;
//! - [`codes`]: code constructions for the rank bounds; [`heads`]: explicit heads
//!   evaluated exhaustively;
//! - [`request`]: one typed request per command, validated once, run with a [`control::Control`],
//!   shared by the command line and the Python module;
//! - `cli` (feature `cli`, on by default): argument parsing and dispatch only.
//!
//! Settling one configuration:
//! ```
//! use minip::certify::gap::{decide, Outcome};
//! use minip::model::{Bound, Family, Gap, Instance};
//! use minip::check::Verdict;
//! use minip::rational::q;
//! // The lemma at d = 3, n = 3, eps = 1/2: no correct head has alpha(x,y) <= K*alpha(x,z).
//! let inst = Instance::new(3, q(1, 2), Gap::from_d(3).unwrap(), Family::Paper, Bound::Paper).unwrap();
//! let Outcome::Certified(cert) = decide(&inst) else { panic!("unknown") };
//! assert_eq!(*cert.claim(), Verdict::Holds);
//! ```

pub mod batch;
pub mod certify;
#[cfg(feature = "cli")]
pub mod cli;
pub mod codes;
pub mod control;
pub mod error;
pub mod formulate;
pub mod heads;
pub mod linalg;
pub mod print;
pub mod ranges;
pub mod repair;
pub mod request;
pub mod solve;

pub use error::Error;
pub use minip_check::{check, claim, format, model, rational, read, rows};
