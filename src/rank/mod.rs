//! Certified lower bounds on the feature rank of heads correct on all length-`n` Min-IP
//! sequences over `{0,1}^m` (MATH.md §5): codes (`code`), the CNF question and its
//! varisat search with checked proofs (`cnf`, `sat`), the lemma's arithmetic (`bound`),
//! and the per-`m` search that bundles a code with the forced-ratio certificates of the
//! amplification module into a `minip-rank/1` certificate (`search`).
//!
//! Every bound it returns has passed `crate::check::check_rank`.

pub mod bound;
pub mod cnf;
pub mod code;
pub mod sat;
pub mod search;
