//! The least precision of the readout's integer scheme by SAT (docs/math.md §13.9): varisat on
//! the CNF that `minip_check::rows::readout_cnf` builds for `(m, h, V)`. A model is read into
//! values and checked by recomputing every sum; an UNSAT answer comes with varisat's binary DRAT
//! proof, checked by `minip_check::check::drup` against the formula rebuilt from `(m, h, V)`.

use super::sat::{solve_with_proof, Budget, Raw};
use crate::error::Error;
use minip_check::check::drup::{check_refutation, Encoding as Drat};
use minip_check::check::readout_precision::separates;
use minip_check::rows::readout_cnf::encode;

/// A checked answer for one `V`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Values in `[0, V]` that separate (checked).
    Sat(Vec<u64>),
    /// None do: a binary DRAT proof, accepted by the checker.
    Unsat(Vec<u8>),
    /// The solver's budget of proof clauses ran out first.
    OutOfBudget,
    /// varisat refuted the formula, but its proof is past the checker's limits (the reason):
    /// nothing is certified for this `V`.
    TooLargeToCheck(String),
}

/// Decides "values in `[0, V]` separate the classes of `h` keys in `m` bits" within the budget.
pub fn decide(m: u32, h: u32, vmax: u64, budget: &Budget) -> Result<Answer, Error> {
    let enc = encode(m, h, vmax);
    match solve_with_proof(&enc.formula, budget)? {
        Raw::Model(model) => {
            let values = enc
                .values(&model)
                .ok_or_else(|| Error::Unknown("varisat model without a value for some token".into()))?;
            if let Some(x) = values.iter().find(|&&x| x > vmax) {
                return Err(Error::Unknown(format!("varisat model has the value {x} above {vmax}")));
            }
            separates(m, h, &values)
                .map_err(|e| Error::Unknown(format!("varisat model does not separate: {e}")))?;
            Ok(Answer::Sat(values))
        }
        Raw::Refuted(proof) => match check_refutation(&enc.formula, &proof, Drat::Binary) {
            Ok(_) => Ok(Answer::Unsat(proof)),
            // A limit of the checker is not a wrong proof: this V stays undecided.
            Err(minip_check::Error::TooLarge(why)) => Ok(Answer::TooLargeToCheck(why)),
            Err(e) => Err(Error::Unknown(format!("the DRAT proof does not check: {e}"))),
        },
        Raw::OutOfBudget => Ok(Answer::OutOfBudget),
    }
}
