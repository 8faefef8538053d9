//! Row builders: everything a certificate's claim is checked against is rebuilt here from
//! the certificate's stated parameters (docs/math.md §2–5, §10).
//! - `gap`: the closed rows of the gap LP over `(a, b, c, P, Q, S)`;
//! - `ratio`: the row LP over all length-`n` sequences, classes `0..h−1`, `h`, `h⁺`;
//! - `chain`: the chain bound's closed form and its multipliers at `ε = 1/2` (any `n`);
//! - `cnf`: the CNF "a code of shape `(m, h, lo, hi)` with `k` pairs";
//! - `order_cnf`: the CNF "two linear orders agree on every forced quadruple" (rank `≤ 2`, §5.8);
//! - `readout_cnf`: the CNF "integer values in `[0, V]` separate the readout's target functions";
//! - `poly`: the class LP of overlap-polynomial heads over length-3 sequences (§10).
//!
//! ```
//! use minip_check::model::{Bound, Family, Gap, Instance};
//! use minip_check::rational::q;
//! use minip_check::rows::gap::build_rows;
//! let inst = Instance::new(3, q(1, 2), Gap::new(3, 0, 3).unwrap(), Family::Paper, Bound::Paper).unwrap();
//! let rows = build_rows(&inst);
//! // Every row is over the six unknowns (a, b, c, P, Q, S), and one is the negated bound.
//! assert!(rows.iter().all(|r| r.coeffs.len() == 6));
//! assert_eq!(rows.iter().filter(|r| r.name == "bound").count(), 1);
//! ```

pub mod chain;
pub mod cnf;
pub mod gap;
pub mod order_cnf;
pub mod poly;
pub mod ratio;
pub mod readout_cnf;
