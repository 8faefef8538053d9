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
//! - [`format`](mod@format): the certificate formats as plain data, and the registry that lists
//!   every format once ([`format::FORMATS`]);
//! - [`check`]: one check per format, each with the claim it states, and [`check::Checked`], the
//!   only way to hold a certificate with what it proves;
//! - [`claim`]: what a checked certificate proves, as data ([`Claim`], one variant per
//!   registry row), whose `Display` is the one-line summary naming the whole setting, and
//!   [`check_any`] for a certificate of any format; [`verdict`]: the words the claims share (a
//!   gap certificate's verdict, a support's text, the strict form of a rank bound);
//! - [`error`]: the typed error ([`Error`]: input, rejected, too large) and its exit status;
//! - [`limits`]: every limit on input size and checker work, checked before the work starts;
//! - [`read`], [`verify`]: reading files with limits, and checking paths in parallel with a
//!   deterministic report.
//!
//! ```
//! use minip_check::read::parse;
//! use minip_check::check::{Context, Verdict};
//! use minip_check::{check_any, Claim};
//! // The lemma at d = 3 (n = 3, eps = 1/2, K = 2): a Farkas certificate, checked.
//! let text = include_str!("../tests/fixtures/gap_holds.json");
//! let claim = check_any(&parse(text).unwrap(), &Context::default()).unwrap();
//! let Claim::Gap(g) = &claim else { unreachable!() };
//! assert_eq!((g.verdict, g.n, g.eps.as_str(), g.w - g.u), (Verdict::Holds, 3, "1/2", 3));
//! assert_eq!(claim.to_string(), "holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)");
//! ```

pub mod check;
pub mod claim;
pub mod error;
pub mod format;
pub mod limits;
pub mod model;
pub mod rational;
pub mod read;
pub mod rows;
pub mod verdict;
pub mod verify;

pub use check::{Checked, Context};
pub use claim::{check_any, Claim};
pub use error::Error;
pub use rational::Rat;
