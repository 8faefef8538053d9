//! Counting the work of a check before doing it. Sizes are counted in limbs (64-bit words)
//! from the text of the stated numbers, so a bound is known before a number is parsed; one
//! unit of work is about one limb product of schoolbook multiplication (about 1 ns on the
//! project's 2-core VM). Reducing a fraction (a gcd, as every parsed or exactly added rational
//! does) costs about [`GCD`] units per limb² (num-bigint's binary gcd: 5 ms at 10,000 digits).

use crate::error::Res;
use crate::rational::{fmt_q, Rat};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};

/// Units per limb² of a gcd (`crate::rational::GCD_WORK`, where the model's rank formula
/// counts its eliminations too).
pub use crate::rational::GCD_WORK as GCD;

/// Limbs of a number written with `digits` decimal digits (`log2 10 / 64 ≈ 0.052` per digit),
/// at least one.
pub fn limbs_of_digits(digits: usize) -> u128 {
    digits as u128 * 52 / 1000 + 1
}

/// Digits of the numerator and the denominator of a stated rational, from its text (a
/// decimal's denominator counted as long as its digits and exponent; an integer's is 0).
pub fn text_digits(s: &str) -> (usize, usize) {
    let digits = |t: &str| t.bytes().filter(u8::is_ascii_digit).count();
    match s.split_once('/') {
        Some((n, d)) => (digits(n), digits(d)),
        None if s.contains(['.', 'e', 'E']) => (digits(s), digits(s)),
        None => (digits(s), 0),
    }
}

/// All the limbs of a stated rational (numerator and denominator).
pub fn text_size(s: &str) -> u128 {
    let (n, d) = text_digits(s);
    limbs_of_digits(n + d)
}

/// Limbs that bound stated rationals over their least common denominator: the distinct
/// denominators' digits together (the common denominator divides their product) and the
/// longest numerator.
pub fn common_limbs<'a>(values: impl IntoIterator<Item = &'a String>) -> u128 {
    let (den, longest) = common_digits(values);
    limbs_of_digits(den) + limbs_of_digits(longest)
}

/// Bits that bound the integers of stated rationals over their least common denominator
/// (see [`common_limbs`]): about `log2 10` per digit, rounded up.
pub fn common_bits<'a>(values: impl IntoIterator<Item = &'a String>) -> u128 {
    let (den, longest) = common_digits(values);
    (den + longest) as u128 * 3322 / 1000 + 2
}

/// The digits of the distinct denominators together, and of the longest numerator.
fn common_digits<'a>(values: impl IntoIterator<Item = &'a String>) -> (usize, usize) {
    let mut dens: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
    let (mut den, mut longest) = (0usize, 0usize);
    for v in values {
        let (n, d) = text_digits(v);
        longest = longest.max(n);
        let key = match v.split_once('/') {
            Some((_, d)) => d,
            None if d > 0 => v.as_str(),
            None => continue,
        };
        if dens.insert(key) {
            den = den.saturating_add(d);
        }
    }
    (den, longest)
}

/// The work of parsing the stated rationals (each reduced by a gcd once).
pub fn parse_work<'a>(values: impl IntoIterator<Item = &'a String>) -> u128 {
    values.into_iter().map(|v| text_size(v)).fold(0u128, |acc, l| acc.saturating_add(GCD * l * l))
}

/// [`crate::limits::at_most`] on units of work, worded as every budget of the checker: "too
/// large to check: about W units of work (what), the limit is B".
pub fn within(work: u128, max: u128, what: &str) -> Res<()> {
    if work > max {
        return Err(crate::error::Error::TooLarge(format!(
            "too large to check: about {work} units of work ({what}), the limit is {max}"
        )));
    }
    Ok(())
}

/// `diff/den` for a message: the reduced fraction when it is short, else its size and value
/// to a few digits (a failing sum of long fractions can have millions of digits: reducing and
/// printing it would cost more than the check).
pub fn shown(diff: &BigInt, den: &BigInt) -> String {
    if diff.bits() + den.bits() <= 8192 {
        return fmt_q(&Rat::new(diff.clone(), den.clone()));
    }
    let x = Rat::new_raw(diff.clone(), den.clone());
    let digits = |b: &BigInt| b.abs().to_string().len();
    let approx = crate::rational::log2_abs(&x) * std::f64::consts::LN_2 / std::f64::consts::LN_10;
    if diff.is_zero() {
        return "0".into();
    }
    let exp = approx.floor();
    let mant = 10f64.powf(approx - exp) * if diff.is_negative() { -1.0 } else { 1.0 };
    format!("about {mant:.6}e{exp} (a fraction of {} and {} digits)", digits(diff), digits(den))
}

/// `a/b > c/d` for positive `b`, `d`, by cross products, skipping them when the bit lengths
/// already decide.
pub fn greater(a: &BigInt, b: &BigInt, c: &BigInt, d: &BigInt) -> bool {
    if c.is_zero() {
        return a.is_positive();
    }
    if a.is_zero() {
        return c.is_negative();
    }
    if a.is_positive() && c.is_positive() {
        let (l, r) = (a.bits() + d.bits(), c.bits() + b.bits());
        if l + 1 < r {
            return false;
        }
        if r + 1 < l {
            return true;
        }
    }
    a * d > c * b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_comparisons() {
        assert_eq!(text_digits("3/8"), (1, 1));
        assert_eq!((text_digits("-2.5e3"), text_digits("12")), ((3, 3), (2, 0)));
        assert_eq!(text_size(&"9".repeat(1000)), 53);
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        // Two distinct denominators of 3 digits, the longest numerator of 4: 1 + 1 limbs.
        assert_eq!(common_limbs(&v(&["1/740", "-9424/740", "3/676", "5"])), 2);
        assert_eq!(parse_work(&["1/2".to_string(), "7".to_string()]), 2 * GCD);
        let b = |x: i64| BigInt::from(x);
        assert!(greater(&b(2), &b(3), &b(1), &b(2)) && !greater(&b(1), &b(2), &b(2), &b(3)));
        assert!(!greater(&b(1), &b(2), &b(1), &b(2)));
        let big = BigInt::from(1) << 10_000;
        assert!(!greater(&b(1), &big, &b(1), &b(3)) && greater(&b(1), &b(3), &b(1), &big));
        assert_eq!(shown(&b(6), &b(4)), "3/2");
        let s = shown(&(BigInt::from(3) << 9000), &(BigInt::from(1) << 9000));
        assert!(s.starts_with("about 3.000000e0 (a fraction of 2710 and 2710 digits)"), "{s}");
    }
}
