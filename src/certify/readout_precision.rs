//! The least precision of the readout's integer scheme (docs/math.md §13.9): for `V = 0, 1, …`
//! varisat decides "values in `[0, V]` separate" on the CNF of `minip_check::rows::readout_cnf`,
//! each call within a budget of proof clauses. Refutations are kept (the last one is the
//! certificate's proof); the first `V` with values is the least. When the budget runs out
//! first, values are sought upward (`V` doubled until found) and then downward (one below the
//! largest value found, while found). The result is a `minip-readout-precision/1` certificate
//! that `minip_check` has checked, values and DRAT proof included.

use crate::error::Error;
use crate::solve::readout::{decide, Answer};
use crate::solve::sat::Budget;
use minip_check::check::readout::ceil_log2;
use minip_check::check::readout_precision::check_shape;
use minip_check::check::{Checked, Context};
use minip_check::format::readout_precision::{ReadoutPrecisionCertificate, READOUT_PRECISION_FORMAT};

/// A checked certificate and the bytes of its proof file.
#[derive(Clone, Debug)]
pub struct Precision {
    pub cert: Checked<ReadoutPrecisionCertificate>,
    pub proof: Vec<u8>,
}

/// Proof clauses per call when none is asked: enough for every `V` at `m ≤ 2`, `n ≤ 5`, and
/// refutations up to `V = 15` at `m = 3`, `n = 3` (a proof of 0.6 MB).
pub const DEFAULT_PRECISION_BUDGET: u64 = 20_000;

/// The proof file's name beside `mMM_nN.json`.
pub fn proof_name(m: u32, n: u32) -> String {
    format!("m{m:02}_n{n}.drat")
}

/// Searches `(m, n)` with `budget` proof clauses per call and certifies what it finds.
pub fn precision(m: u32, n: u32, budget: u64) -> Result<Precision, Error> {
    check_shape(m, n, 0)?;
    let h = n - 1;
    let call = |v: u64| decide(m, h, v, &Budget::new(Some(budget))).map_err(Error::Unknown);
    let mut refuted: Option<(u64, Vec<u8>)> = None;
    let mut found: Option<Vec<u64>> = None;
    let mut v = 0u64;
    loop {
        match call(v)? {
            Answer::Unsat(p) => refuted = Some((v, p)),
            Answer::Sat(values) => {
                found = Some(values);
                break;
            }
            Answer::OutOfBudget => break,
        }
        v += 1;
    }
    if found.is_none() {
        // Upward: double until values are found (within the formula's limits).
        let mut up = 2 * (v + 1);
        while found.is_none() {
            check_shape(m, n, up).map_err(|e| {
                Error::TooLarge(format!(
                    "m = {m}, n = {n}: no values found up to V = {}: {}",
                    up / 2,
                    e.message()
                ))
            })?;
            if let Answer::Sat(values) = call(up)? {
                found = Some(values);
            }
            up *= 2;
        }
        // Downward: one below the largest value found, while found.
        let low = refuted.as_ref().map_or(0, |r| r.0 + 1);
        while let Some(values) = &found {
            let top = values.iter().copied().max().unwrap_or(0);
            if top <= low {
                break;
            }
            match call(top - 1)? {
                Answer::Sat(better) => found = Some(better),
                Answer::Unsat(p) => {
                    refuted = Some((top - 1, p));
                    break;
                }
                Answer::OutOfBudget => break,
            }
        }
    }
    let values = found.expect("found above");
    let (r, proof) =
        refuted.ok_or_else(|| Error::Unknown(format!("m = {m}, n = {n}: V = 0 was not refuted")))?;
    let max_value = values.iter().copied().max().unwrap_or(0);
    let cert = ReadoutPrecisionCertificate {
        format: READOUT_PRECISION_FORMAT.into(),
        m,
        n,
        values,
        max_value,
        bits: ceil_log2(u128::from(h) * u128::from(max_value) + 1),
        refuted: r,
        lower_bits: ceil_log2(u128::from(h) * u128::from(r + 1) + 1),
        proof: proof_name(m, n),
        least: r + 1 == max_value,
    };
    let ctx = Context { dir: None, files: vec![(proof_name(m, n), proof.clone())] };
    Ok(Precision { cert: Checked::new(cert, &ctx)?, proof })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_values_at_two_bits_match_the_search() {
        let p = precision(2, 3, DEFAULT_PRECISION_BUDGET).unwrap();
        assert_eq!((p.cert.max_value, p.cert.refuted, p.cert.bits, p.cert.least), (6, 5, 4, true));
        assert_eq!(p.cert.values, vec![1, 0, 6, 4]);
        // A budget too small for V = 5 leaves a bracket: V = 4 refuted, values found above.
        let q = precision(2, 3, 20).unwrap();
        assert!(!q.cert.least && q.cert.refuted < 5 && q.cert.max_value >= 6, "{:?}", *q.cert);
    }
}
