//! The least precision of the readout's integer scheme (docs/math.md §13.9): for `V = 0, 1, …`
//! varisat decides "values in `[0, V]` separate" on the CNF of `minip_check::rows::readout_cnf`,
//! each call within a budget of proof clauses. Refutations are kept (the last one is the
//! certificate's proof); the first `V` with values is the least. When the budget runs out
//! first, or a refutation is past the checker's limits (it certifies nothing, but it is no
//! wrong proof: the row says so), values are sought upward (`V` doubled until found) and then
//! downward (one below the largest value found, while found). The result is a
//! `minip-readout-precision/1` certificate that `minip_check` has checked, values and DRAT
//! proof included.

use crate::control::Control;
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
    /// When the row is a range (`!least`): why `V = refuted + 1` was not decided.
    pub undecided: Option<Undecided>,
}

/// Why the least `V` of a row is not settled: `V = refuted + 1` was not decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// The solver's budget of proof clauses per `V` ran out first.
    Budget { v: u64, budget: u64 },
    /// varisat refuted `V`, but its proof is past the checker's limits (the checker's words):
    /// a limit of the checker, not a wrong proof, so only `V - 1` is certified.
    Checker { v: u64, why: String },
}

impl Undecided {
    /// One sentence: what stopped the search at `V`.
    pub fn sentence(&self) -> String {
        match self {
            Undecided::Budget { v, budget } => {
                format!("V = {v} not decided within the budget of {budget} proof clauses")
            }
            Undecided::Checker { v, why } => format!(
                "V = {v} refuted by the solver, but its proof is past the checker's limits ({why}), \
                 so it is not certified"
            ),
        }
    }
}

/// Proof clauses per call when none is asked: enough for every `V` at `m ≤ 2`, `n ≤ 5`, and
/// refutations up to `V = 15` at `m = 3`, `n = 3` (a proof of 0.6 MB).
pub const DEFAULT_PRECISION_BUDGET: u64 = 20_000;

/// The proof file's name beside `mMM_nN.json`.
pub fn proof_name(m: u32, n: u32) -> String {
    format!("m{m:02}_n{n}.drat")
}

/// Searches `(m, n)` with `budget` proof clauses per call and certifies what it finds. When
/// `ctl` is abandoned the solver ends at its next proof write: `Err(Interrupted)`, nothing
/// certified (a stop alone lets the row finish).
pub fn precision(m: u32, n: u32, budget: u64, ctl: &Control) -> Result<Precision, Error> {
    check_shape(m, n, 0)?;
    let call = |v: u64| {
        let answer = decide(m, n - 1, v, &Budget::new(Some(budget)).with_control(ctl))?;
        if ctl.is_abandoned() {
            return Err(Error::Interrupted(format!("m = {m}, n = {n}: interrupted at V = {v}")));
        }
        Ok(answer)
    };
    search(m, n, budget, call)
}

/// The search of [`precision`] with the answer for each `V` from `call`; what it finds is
/// certified here (the checker checks the values and the proof of the last `V` refuted).
fn search(
    m: u32,
    n: u32,
    budget: u64,
    mut call: impl FnMut(u64) -> Result<Answer, Error>,
) -> Result<Precision, Error> {
    let h = n - 1;
    let mut refuted: Option<(u64, Vec<u8>)> = None;
    let mut found: Option<Vec<u64>> = None;
    let mut undecided = None;
    let mut v = 0u64;
    loop {
        match call(v)? {
            Answer::Unsat(p) => refuted = Some((v, p)),
            Answer::Sat(values) => {
                found = Some(values);
                break;
            }
            Answer::OutOfBudget => {
                undecided = Some(Undecided::Budget { v, budget });
                break;
            }
            Answer::TooLargeToCheck(why) => {
                undecided = Some(Undecided::Checker { v, why });
                break;
            }
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
                Answer::OutOfBudget | Answer::TooLargeToCheck(_) => break,
            }
        }
    }
    let values = found.expect("found above");
    let (r, proof) = refuted.ok_or_else(|| {
        let why = undecided.as_ref().map(Undecided::sentence).unwrap_or_default();
        Error::Unknown(format!("m = {m}, n = {n}: nothing certified: {why}"))
    })?;
    let max_value = values.iter().copied().max().unwrap_or(0);
    let least = r + 1 == max_value;
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
        least,
    };
    let ctx = Context { dir: None, files: vec![(proof_name(m, n), proof.clone())] };
    let undecided = if least { None } else { undecided };
    Ok(Precision { cert: Checked::new(cert, &ctx)?, proof, undecided })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_values_at_two_bits_match_the_search() {
        let p = precision(2, 3, DEFAULT_PRECISION_BUDGET, &Control::new()).unwrap();
        assert_eq!((p.cert.max_value, p.cert.refuted, p.cert.bits, p.cert.least), (6, 5, 4, true));
        assert_eq!(p.cert.values, vec![1, 0, 6, 4]);
        // A budget too small for V = 5 leaves a bracket: V = 4 refuted, values found above.
        let q = precision(2, 3, 20, &Control::new()).unwrap();
        assert!(!q.cert.least && q.cert.refuted < 5 && q.cert.max_value >= 6, "{:?}", *q.cert);
        assert_eq!(q.undecided, Some(Undecided::Budget { v: q.cert.refuted + 1, budget: 20 }));
        assert_eq!(p.undecided, None);
    }

    #[test]
    fn a_refutation_past_the_checker_keeps_the_largest_v_it_certified() {
        // m = 2, n = 3 (least V = 6), with the answer for V = 5 replaced by what a proof past the
        // checker's limits gives: V <= 4 stays certified, the row is the range 5..=6 and says why.
        let ctl = Control::new();
        let why = "too large to check: more than 1000000000 clause visits in unit propagation by step 7";
        let mut asked = Vec::new();
        let call = |v: u64| {
            asked.push(v);
            if v == 5 {
                return Ok(Answer::TooLargeToCheck(why.into()));
            }
            decide(2, 2, v, &Budget::new(Some(DEFAULT_PRECISION_BUDGET)).with_control(&ctl))
        };
        let p = search(2, 3, DEFAULT_PRECISION_BUDGET, call).unwrap();
        assert_eq!((p.cert.refuted, p.cert.max_value, p.cert.least), (4, 6, false));
        assert_eq!((p.cert.lower_bits, p.cert.bits), (4, 4));
        assert_eq!(p.undecided, Some(Undecided::Checker { v: 5, why: why.into() }));
        assert_eq!(
            p.undecided.unwrap().sentence(),
            format!("V = 5 refuted by the solver, but its proof is past the checker's limits ({why}), so it is not certified")
        );
        // Up to 5, then 12 (values), then down from the largest value found to 5 again.
        assert_eq!(&asked[..7], &[0, 1, 2, 3, 4, 5, 12]);
        assert_eq!(asked.last(), Some(&5));
        // Every refutation past the checker: nothing is certified, and the refusal says why.
        let e = search(2, 3, 7, |v| match decide(2, 2, v, &Budget::unlimited())? {
            Answer::Unsat(_) => Ok(Answer::TooLargeToCheck(why.into())),
            a => Ok(a),
        })
        .unwrap_err();
        assert_eq!(
            e,
            Error::Unknown(format!(
                "m = 2, n = 3: nothing certified: V = 0 refuted by the solver, but its proof is past \
                 the checker's limits ({why}), so it is not certified"
            ))
        );
    }

    #[test]
    fn an_abandoned_control_ends_the_search() {
        let ctl = Control::new();
        ctl.stop();
        assert!(precision(2, 3, DEFAULT_PRECISION_BUDGET, &ctl).unwrap().cert.least);
        ctl.abandon();
        assert_eq!(
            precision(2, 3, DEFAULT_PRECISION_BUDGET, &ctl).unwrap_err(),
            Error::Interrupted("m = 2, n = 3: interrupted at V = 0".into())
        );
    }
}
