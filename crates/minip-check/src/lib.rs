//! # minip-check
//!
//! The checker of the minip project: it decides whether a certificate proves what it
//! claims, trusting nothing in it but its stated parameters. Everything a claim is
//! checked against is rebuilt from those parameters and checked in exact rational
//! arithmetic. It depends on no solver, thread pool or command-line framework, so Cargo
//! (not a comment) keeps it independent of the code that found the certificates.
//!
//! The mathematics is in `docs/math.md` of the minip repository.
//!
//! - [`rational`]: the exact number type, parsed from decimal text, never through floats;
//! - [`model`]: tokens, gap configurations, families of sequences and their Min-IP
//!   targets; codes for the rank bound, and linear codes (generator matrices, pair tables and
//!   their convolution over direct sums); overlap-polynomial kernels and their exact rank;
//! - [`rows`]: the row rebuilders (gap LP, row LP over all sequences, rank CNF, the class LP
//!   of overlap-polynomial heads);
//! - [`format`]: the certificate formats as plain data;
//! - [`check`]: one check per format, and [`check::Checked`], the only way to hold a
//!   certificate with what it proves;
//! - [`read`], [`verify`]: reading files with limits, and checking paths.
//!
//! ```
//! use minip_check::read::parse;
//! use minip_check::check::{check_any, Context};
//! // The lemma at d = 3 (n = 3, eps = 1/2, K = 2): a Farkas certificate, checked.
//! let text = include_str!("../../../proofs/settle/n3_eps1-2_h3_u0_w3_paper_bpaper.json");
//! let cert = parse(text).unwrap();
//! let summary = check_any(&cert, &Context::default()).unwrap();
//! assert!(summary.starts_with("holds"));
//! ```

pub mod check;
pub mod error;
pub mod format;
pub mod limits;
pub mod model;
pub mod rational;
pub mod read;
pub mod rows;
pub mod verify;

pub use check::{Checked, Context};
pub use error::Error;
pub use rational::Rat;
