//! The least precision of the readout's integer scheme (docs/math.md §13.9), certified by SAT:
//! values in `[0, max_value]` that separate, recomputed exactly, and a DRAT refutation of the
//! CNF "values in `[0, refuted]` separate", rebuilt from `(m, n, refuted)` alone
//! (`crate::rows::readout_cnf`) and checked by `super::drup`.
//!
//! ```
//! use minip_check::check::readout_precision::separates;
//! // m = 2, n = 3: values 0, 1, 4, 6 for the tokens 00, 01, 10, 11 separate; 0, 1, 4, 5 do not.
//! assert!(separates(2, 2, &[0, 1, 4, 6]).is_ok());
//! assert!(separates(2, 2, &[0, 1, 4, 5]).is_err());
//! ```

use super::drup::{check_refutation_from, count_additions, Encoding};
use super::input::{recomputed, Context};
use super::readout::ceil_log2;
use super::Certificate;
use crate::error::{Error, Res};
use crate::format::readout_precision::{ReadoutPrecisionCertificate, READOUT_PRECISION_FORMAT};
use crate::limits::at_most;
use crate::rows::readout_cnf::{
    encode, estimate, multisets, target_function, MAX_PRECISION_H, MAX_PRECISION_M, MAX_PRECISION_V,
};
use serde::Serialize;
use std::collections::HashMap;

/// `Ok` when the values (one per token) give different sums to every two multisets of `h` keys
/// with different target functions; else the first colliding pair, rejected.
pub fn separates(m: u32, h: u32, values: &[u64]) -> Res<()> {
    if m == 0 || m > MAX_PRECISION_M || h > MAX_PRECISION_H {
        return Err(Error::Input(format!(
            "m = {m}, h = {h}: need 1 <= m <= {MAX_PRECISION_M} and h <= {MAX_PRECISION_H}"
        )));
    }
    let t = 1usize << m;
    if values.len() != t {
        return Err(Error::Rejected(format!("{} values for {t} tokens", values.len())));
    }
    // Every sum of h values fits: h ≤ 4 values of at most 20 bits.
    if let Some((k, v)) = values.iter().enumerate().find(|(_, &v)| v > MAX_PRECISION_V) {
        return Err(Error::Rejected(format!(
            "values[{k}] = {v} is above the largest value of the formula, {MAX_PRECISION_V}"
        )));
    }
    let mut owner: HashMap<u64, (Vec<u32>, Vec<u8>)> = HashMap::new();
    for ks in multisets(t as u32, h) {
        let s: u64 = ks.iter().map(|&k| values[k as usize]).sum();
        let f = target_function(m, &ks);
        let (first, g) = owner.entry(s).or_insert_with(|| (ks.clone(), f.clone()));
        if *g != f {
            return Err(Error::Rejected(format!(
                "the keys {first:?} and {ks:?} have different targets and the same sum {s}"
            )));
        }
    }
    Ok(())
}

/// Checks `(m, n, V)` against the limits of the formula (before anything is built).
pub fn check_shape(m: u32, n: u32, vmax: u64) -> Res<()> {
    if m == 0 || n < 3 {
        return Err(Error::Input(format!("m = {m}, n = {n}: need m >= 1 and n >= 3")));
    }
    at_most("m", m, MAX_PRECISION_M, "the precision CNF classifies every multiset of keys")?;
    at_most("n", n, MAX_PRECISION_H + 1, "n - 1 keys per multiset")?;
    at_most("V", vmax, MAX_PRECISION_V, "one variable per token and value")?;
    at_most(
        "literals of the precision CNF",
        estimate(m, n - 1, vmax),
        crate::limits::MAX_CNF_LITERALS,
        "the checker rebuilds the formula",
    )
}

/// What a `minip-readout-precision/1` certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrecisionChecked {
    pub m: u32,
    pub n: u32,
    /// Values in `[0, max_value]` separate; none in `[0, refuted]` do.
    pub max_value: u64,
    pub refuted: u64,
    pub bits: u32,
    pub lower_bits: u32,
    pub least: bool,
}

/// Checks a `minip-readout-precision/1` certificate (docs/math.md §13.9); the proof file is
/// read through `ctx`.
pub fn check_readout_precision(c: &ReadoutPrecisionCertificate, ctx: &Context) -> Res<PrecisionChecked> {
    if c.format != READOUT_PRECISION_FORMAT {
        return Err(Error::Rejected(format!("format '{}': expected {READOUT_PRECISION_FORMAT}", c.format)));
    }
    check_shape(c.m, c.n, c.max_value).map_err(Error::in_certificate)?;
    let h = c.n - 1;
    if c.refuted >= c.max_value {
        return Err(Error::Rejected(format!(
            "refuted {} is not below max_value {}: values in [0, {}] cannot both separate and not",
            c.refuted, c.max_value, c.refuted
        )));
    }
    // Every value within the stated range before any sum is formed (the range is within the
    // formula's, checked above).
    if let Some((k, v)) = c.values.iter().enumerate().find(|(_, &v)| v > c.max_value) {
        return Err(Error::Rejected(format!("values[{k}] = {v} is above max_value = {}", c.max_value)));
    }
    separates(c.m, h, &c.values)?;
    recomputed("max_value", c.max_value, c.values.iter().copied().max().unwrap_or(0), "check")?;
    recomputed("bits", c.bits, ceil_log2(u128::from(h) * u128::from(c.max_value) + 1), "check")?;
    recomputed(
        "lower_bits",
        c.lower_bits,
        ceil_log2(u128::from(h) * u128::from(c.refuted + 1) + 1),
        "check",
    )?;
    recomputed("least", c.least, c.refuted + 1 == c.max_value, "check")?;
    let cnf = encode(c.m, h, c.refuted);
    let proof = ctx.open(&c.proof)?;
    let additions = || ctx.open(&c.proof).map_or(0, |r| count_additions(r, Encoding::Binary));
    check_refutation_from(cnf.formula, proof, Encoding::Binary, additions)
        .map_err(|e| e.at(&format!("proof '{}' (no values in [0, {}])", c.proof, c.refuted)))?;
    Ok(PrecisionChecked {
        m: c.m,
        n: c.n,
        max_value: c.max_value,
        refuted: c.refuted,
        bits: c.bits,
        lower_bits: c.lower_bits,
        least: c.least,
    })
}

/// The claim of a checked certificate.
fn claim(c: &ReadoutPrecisionCertificate, ctx: &Context) -> Res<ReadoutPrecisionClaim> {
    let k = check_readout_precision(c, ctx)?;
    Ok(ReadoutPrecisionClaim {
        m: k.m,
        n: k.n,
        max_value: k.max_value,
        bits: k.bits,
        refuted: k.refuted,
        lower_bits: k.lower_bits,
        least: k.least,
    })
}

impl Certificate for ReadoutPrecisionCertificate {
    type Claim = PrecisionChecked;
    fn check(&self, ctx: &Context) -> Res<PrecisionChecked> {
        check_readout_precision(self, ctx)
    }
}

// What a checked certificate proves (the registry's claim of this format, crate::format).

/// `minip-readout-precision/1` (docs/math.md §13.9): integer values in `[0, max_value]` separate
/// the target functions of the multisets of `n − 1` keys (uniform attention, `D = 1`), none in
/// `[0, refuted]` do (a DRAT refutation); `least` when the two meet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReadoutPrecisionClaim {
    pub m: u32,
    pub n: u32,
    pub max_value: u64,
    pub bits: u32,
    pub refuted: u64,
    pub lower_bits: u32,
    pub least: bool,
}

fn precision_line(f: &mut std::fmt::Formatter<'_>, r: &ReadoutPrecisionClaim) -> std::fmt::Result {
    write!(f, "readout precision (rank=1 dim=1 m={} n={}): ", r.m, r.n)?;
    if r.least {
        write!(
            f,
            "least integer values [0, {}], bits = {} (values checked; none in [0, {}]: DRAT)",
            r.max_value, r.bits, r.refuted
        )
    } else {
        write!(
            f,
            "{} <= least V <= {}, {} <= bits <= {} (values checked; none in [0, {}]: DRAT)",
            r.refuted + 1,
            r.max_value,
            r.lower_bits,
            r.bits,
            r.refuted
        )
    }
}

impl std::fmt::Display for ReadoutPrecisionClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        precision_line(f, self)
    }
}

impl super::Proves for ReadoutPrecisionCertificate {
    type Claim = ReadoutPrecisionClaim;
    fn proves(&self, ctx: &Context) -> Res<ReadoutPrecisionClaim> {
        claim(self, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cert(n: u32, values: Vec<u64>, max_value: u64, refuted: u64) -> ReadoutPrecisionCertificate {
        ReadoutPrecisionCertificate {
            format: READOUT_PRECISION_FORMAT.into(),
            m: 1,
            n,
            values,
            max_value,
            bits: 1,
            refuted,
            lower_bits: 1,
            proof: "p.drat".into(),
            least: true,
        }
    }

    #[test]
    fn stated_values_are_range_checked_before_any_sum() {
        let ctx = Context::default();
        // A value 2^64 − 1 beside max_value 1: refused by its range, no sum formed.
        assert_eq!(
            check_readout_precision(&cert(3, vec![0, u64::MAX], 1, 0), &ctx).unwrap_err(),
            Error::Rejected("values[1] = 18446744073709551615 is above max_value = 1".into())
        );
        // max_value and refuted 2^64 − 1: the formula's limit, a limit (exit 2).
        assert_eq!(
            check_readout_precision(&cert(3, vec![0, u64::MAX], u64::MAX, u64::MAX), &ctx).unwrap_err(),
            Error::TooLarge(
                "V = 18446744073709551615 is above the supported 1048575 (one variable per token and value)"
                    .into()
            )
        );
        assert!(matches!(
            check_readout_precision(&cert(3, vec![0, 1], 1, u64::MAX), &ctx),
            Err(Error::Rejected(m)) if m.starts_with("refuted 18446744073709551615 is not below max_value 1")
        ));
        // The limit on n names n as stated.
        assert_eq!(
            check_readout_precision(&cert(6, vec![0, 1], 1, 0), &ctx).unwrap_err(),
            Error::TooLarge("n = 6 is above the supported 5 (n - 1 keys per multiset)".into())
        );
        // separates itself refuses values past the formula's range (its sums cannot wrap).
        assert_eq!(
            separates(1, 2, &[0, u64::MAX]).unwrap_err(),
            Error::Rejected(
                "values[1] = 18446744073709551615 is above the largest value of the formula, 1048575".into()
            )
        );
        assert!(matches!(separates(9, 2, &[0; 4]), Err(Error::Input(_))));
    }
}
