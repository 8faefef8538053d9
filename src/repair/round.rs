//! Rounding a float to a nearby simple fraction: the first step of turning a solver hint
//! into an exact candidate.

use minip_check::rational::Rat;
use num_bigint::BigInt;
use num_traits::{FromPrimitive, One, Zero};

/// The simplest rational within the continued-fraction expansion of `x` whose
/// denominator stays below `max_den`. Solver values like `0.4999999999` become `1/2`.
pub fn approx(x: f64, max_den: u64) -> Option<Rat> {
    if !x.is_finite() {
        return None;
    }
    let neg = x < 0.0;
    let mut r = x.abs();
    // Convergents h/k of the continued fraction.
    let (mut h0, mut h1) = (BigInt::zero(), BigInt::one());
    let (mut k0, mut k1) = (BigInt::one(), BigInt::zero());
    let max = BigInt::from(max_den);
    for _ in 0..64 {
        let a = r.floor();
        // Exactly (an `as u128` saturated above 2^128, and the convergents were wrong).
        let ab = BigInt::from_f64(a)?;
        let h2 = &ab * &h1 + &h0;
        let k2 = &ab * &k1 + &k0;
        if k2 > max {
            break;
        }
        (h0, h1, k0, k1) = (h1, h2, k1, k2);
        let frac = r - a;
        if frac < 1e-15 {
            break;
        }
        r = 1.0 / frac;
        if r > 1e18 {
            break;
        }
    }
    if k1.is_zero() {
        return Some(Rat::zero());
    }
    let v = Rat::new(h1, k1);
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::{q, qi};

    #[test]
    fn approximates_solver_noise_to_simple_fractions() {
        assert_eq!(approx(0.4999999999999, 1_000_000).unwrap(), q(1, 2));
        assert_eq!(approx(-2.3333333333333, 1_000_000).unwrap(), q(-7, 3));
        assert_eq!(approx(0.0, 1000).unwrap(), qi(0));
        assert!(approx(f64::NAN, 1000).is_none());
        // Above 2^128 the integer part is taken exactly, not saturated.
        let big = Rat::from_integer(BigInt::from(1u8) << 130);
        assert_eq!(approx(2f64.powi(130), 1).unwrap(), big);
        assert_eq!(approx(-(2f64.powi(130)), 1).unwrap(), -big);
    }
}
