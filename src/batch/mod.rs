//! Batch jobs over many questions, each answered by `crate::certify`:
//! - `grid`: the one grid-file format, shards;
//! - `expect`: expected-outcome tables (`--expect`), compared per configuration;
//! - `runner`: the one parallel runner (rayon, ordered results, progress on stderr);
//! - `sweep`, `settle`: gap verdicts over a grid, and the review's check;
//! - `sharp`, `summary`: `kstar` over a grid, certificate files, CSV, and the closed forms
//!   stated over committed files;
//! - `frontier`: certified lower and upper rank bounds per `m` (overlap-polynomial heads);
//! - `ratio`: forced ratios over `h` with the chain bound and a growth fit;
//! - `search`, `search_gradient`, `search_exact`, `search_files`: the low-rank head search
//!   (alternating LPs, and first-order descent with parallel restarts: float hints), its exact
//!   certificates, and the committed searched heads `minip frontier` reads;
//! - `committed`: the committed certificates the frontiers read by default, built in;
//! - `threads`: the worker count of every pool (`--jobs`, `RAYON_NUM_THREADS`, one per core).
//! - `verify`: every certificate under some paths checked, VIPR files matched to theirs;
//! - `bench`: a grid swept with certificates written and re-verified, then a directory verified,
//!   timed.

pub mod bench;
pub mod committed;
pub mod expect;
pub mod frontier;
pub mod grid;
pub mod ratio;
pub mod runner;
pub mod search;
pub mod search_exact;
pub mod search_files;
pub mod search_gradient;
pub mod settle;
pub mod sharp;
pub mod summary;
pub mod sweep;
pub mod threads;
pub mod verify;
