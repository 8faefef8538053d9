//! Exact arithmetic and repair: rationals, exact linear algebra, and turning the
//! solver's floating-point hints into exact points and multipliers.
//!
//! Nothing here knows about HiGHS; the repair functions take plain `f64` hints.
//! Nothing here decides a verdict either: that is the checker's job (`crate::check`).

pub mod linalg;
pub mod rational;
pub mod repair;

pub use rational::{parse_rational, q, qi, Q};
