//! Rational numbers: the one exact number type, parsing from decimal text (never
//! through a float), and printing. Floats appear only in `to_f64`/`log2_abs`, for display.
//!
//! ```
//! use minip_check::rational::{fmt_q, parse_rational};
//! let x = parse_rational("0.375").unwrap();
//! assert_eq!(fmt_q(&x), "3/8");
//! ```

use crate::error::{Error, Res};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

pub mod fast;

/// Units of work of the checker's budgets (check/work.rs) per limb² of a gcd of big integers
/// (18 ns per limb² at 520 limbs, a product 0.3–1 ns).
pub const GCD_WORK: u128 = 20;

/// The exact number type used everywhere a value is reported. (`Q` in the row names is the
/// product variable `Q = α(x,y)·s(x,y)`, never this type.)
pub type Rat = BigRational;

pub use crate::limits::MAX_RATIONAL_DIGITS;

/// `p/q` as a rational.
pub fn q(p: i64, d: i64) -> Rat {
    Rat::new(BigInt::from(p), BigInt::from(d))
}

/// An integer as a rational.
pub fn qi(p: i64) -> Rat {
    Rat::from_integer(BigInt::from(p))
}

/// Parses `3`, `-3`, `1/2`, `3/8`, `0.5`, `-1.25`, `2e-3`. Errors name what is wrong: a
/// malformed number is [`Error::Input`], one past the digit limit [`Error::TooLarge`].
///
/// Every rational minip reads (certificate fields, grid files, the command line) goes through
/// here, so one limit bounds them all: at most [`MAX_RATIONAL_DIGITS`] digits (numerator,
/// denominator and exponent together), checked before any big integer is built. The text is
/// the number alone: whitespace or a control character anywhere (`" 1/2"`, `"2\n"`) makes it
/// malformed, so that a value cannot carry text that would print as more than the number. The
/// error is one line, the text quoted with its control characters escaped (and cut after 64
/// characters).
///
/// ```
/// use minip_check::rational::{parse_rational, q, MAX_RATIONAL_DIGITS};
/// use minip_check::Error;
/// assert_eq!(parse_rational("3/8").unwrap(), q(3, 8));
/// let long = "1".repeat(MAX_RATIONAL_DIGITS + 1);
/// assert!(matches!(parse_rational(&long), Err(Error::TooLarge(m)) if m.starts_with("too large to check: a number of 10001 digits")));
/// assert!(parse_rational(&"1".repeat(MAX_RATIONAL_DIGITS)).is_ok());
/// assert_eq!(
///     parse_rational("2\n\n").unwrap_err(),
///     Error::Input("malformed rational '2\\n\\n': a number has no whitespace or control characters".into())
/// );
/// ```
pub fn parse_rational(s: &str) -> Res<Rat> {
    if s.is_empty() {
        return Err(Error::Input("empty number".into()));
    }
    if s.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(Error::Input(format!(
            "malformed rational '{}': a number has no whitespace or control characters",
            quoted(s)
        )));
    }
    let digits = s.bytes().filter(u8::is_ascii_digit).count();
    if digits > MAX_RATIONAL_DIGITS {
        return Err(Error::TooLarge(format!(
            "too large to check: a number of {digits} digits, the limit is {MAX_RATIONAL_DIGITS} (about 18 times the longest in the committed certificates)"
        )));
    }
    let bad = || Error::Input(format!("malformed rational '{}'", quoted(s)));
    if let Some((num, den)) = s.split_once('/') {
        let n = parse_int(num).ok_or_else(bad)?;
        let d = parse_int(den).ok_or_else(bad)?;
        if d.is_zero() {
            return Err(Error::Input(format!("malformed rational '{}': zero denominator", quoted(s))));
        }
        return Ok(fast::new(n, d));
    }
    parse_decimal(s).ok_or_else(bad)
}

/// Input text as quoted in an error message: control characters escaped (one line), and at
/// most 64 characters of it (a malformed value can be megabytes long).
pub fn quoted(s: &str) -> String {
    const KEEP: usize = 64;
    match s.char_indices().nth(KEEP) {
        None => crate::error::one_line(s),
        Some((cut, _)) => {
            format!("{}... ({} characters)", crate::error::one_line(&s[..cut]), s.chars().count())
        }
    }
}

fn parse_int(s: &str) -> Option<BigInt> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.trim_start_matches('+').parse().ok()
}

fn parse_decimal(s: &str) -> Option<Rat> {
    let (mantissa, exp) = match s.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (s, 0),
    };
    let (neg, body) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa.strip_prefix('+').unwrap_or(mantissa)),
    };
    let (int_part, frac_part) = body.split_once('.').unwrap_or((body, ""));
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    if !int_part.bytes().chain(frac_part.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    if exp.unsigned_abs() > 1000 {
        return None;
    }
    let digits: BigInt = format!("{int_part}{frac_part}0").parse().ok()?;
    let mut v = fast::new(digits, BigInt::from(10u32).pow(frac_part.len() as u32 + 1));
    let ten = qi(10);
    for _ in 0..exp.unsigned_abs() {
        v = if exp > 0 { fast::mul(&v, &ten) } else { fast::div(&v, &ten) };
    }
    Some(if neg { -v } else { v })
}

/// `3/8`, or `3` when the denominator is one: the form used in files and tables.
pub fn fmt_q(x: &Rat) -> String {
    if x.denom().is_one() {
        x.numer().to_string()
    } else {
        format!("{}/{}", x.numer(), x.denom())
    }
}

/// Numbers longer than this many characters get a readable form beside them ([`readable`]).
pub const READABLE_ABOVE: usize = 15;

/// `x` truncated toward zero to four significant digits, as `0.4999`, `12.34` or `9.604e296`:
/// computed in integers, so a readable form never rounds past a bound (an error below `1/2`
/// never reads `0.5000`).
pub fn approx(x: &Rat) -> String {
    if x.is_zero() {
        return "0".into();
    }
    let sign = if x.is_negative() { "-" } else { "" };
    let (n, d) = (x.numer().abs(), x.denom().abs());
    let ten = BigInt::from(10u8);
    // The four leading digits `lead = ⌊|x|·10^(3−e)⌋ ∈ [1000, 9999]` for the exponent `e`.
    let lead_at = |e: i64| -> BigInt {
        let k = 3 - e;
        if k >= 0 {
            (&n * num_traits::pow(ten.clone(), k as usize)) / &d
        } else {
            &n / (&d * num_traits::pow(ten.clone(), (-k) as usize))
        }
    };
    let mut e = n.to_string().len() as i64 - d.to_string().len() as i64;
    let mut lead = lead_at(e);
    while lead >= BigInt::from(10_000u16) {
        e += 1;
        lead = lead_at(e);
    }
    while lead < BigInt::from(1_000u16) {
        e -= 1;
        lead = lead_at(e);
    }
    let digits = lead.to_string();
    match e {
        -4..=-1 => format!("{sign}0.{}{digits}", "0".repeat((-e - 1) as usize)),
        0..=2 => format!("{sign}{}.{}", &digits[..=e as usize], &digits[e as usize + 1..]),
        3 => format!("{sign}{digits}"),
        _ => format!("{sign}{}.{}e{e}", &digits[..1], &digits[1..]),
    }
}

/// `s` (an integer or fraction as files and claims write it) as it is, followed by
/// ` (~9.604e296)` when it is longer than [`READABLE_ABOVE`] characters: the exact form stays,
/// the readable one is beside it. Text that is not a number is returned unchanged.
pub fn readable(s: &str) -> String {
    if s.len() <= READABLE_ABOVE {
        return s.to_string();
    }
    match parse_rational(s) {
        Ok(x) => format!("{s} (~{})", approx(&x)),
        Err(_) => s.to_string(),
    }
}

/// A float for display only (never for a decision).
pub fn to_f64(x: &Rat) -> f64 {
    x.to_f64().unwrap_or_else(|| {
        // Huge numerators/denominators: go through logarithms of the bit lengths.
        let n = x.numer().bits() as i64;
        let d = x.denom().bits() as i64;
        let sign = if x.is_negative() { -1.0 } else { 1.0 };
        sign * 2f64.powi((n - d) as i32)
    })
}

/// `log2 |x|` for display, exact enough for huge values.
pub fn log2_abs(x: &Rat) -> f64 {
    fn log2_big(b: &BigInt) -> f64 {
        let bits = b.bits();
        if bits <= 1000 {
            b.to_f64().map(|f| f.abs().log2()).unwrap_or(f64::NAN)
        } else {
            let shift = bits - 64;
            let top: BigInt = b.abs() >> shift;
            top.to_f64().unwrap().log2() + shift as f64
        }
    }
    log2_big(x.numer()) - log2_big(x.denom())
}

/// `xs` over their least common denominator `L`: `(L, [x·L])`, so sums of the `xs` can be
/// formed in integers (no gcd per addition) and reduced once.
pub fn over_lcd(xs: &[Rat]) -> (BigInt, Vec<BigInt>) {
    // Each distinct denominator once (a gcd with a long `l` costs its length squared).
    let mut seen: std::collections::HashSet<&BigInt> = std::collections::HashSet::new();
    let mut l = BigInt::one();
    for x in xs {
        if !x.denom().is_one() && seen.insert(x.denom()) {
            l = fast::lcm(&l, x.denom());
        }
    }
    let ints = xs.iter().map(|x| x.numer() * (&l / x.denom())).collect();
    (l, ints)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_forms_users_type() {
        assert_eq!(parse_rational("1/2").unwrap(), q(1, 2));
        assert_eq!(parse_rational("0.5").unwrap(), q(1, 2));
        assert_eq!(parse_rational("3/8").unwrap(), q(3, 8));
        assert_eq!(parse_rational("-1.25").unwrap(), q(-5, 4));
        assert_eq!(parse_rational("2e-3").unwrap(), q(1, 500));
        assert_eq!(parse_rational(".25").unwrap(), q(1, 4));
        assert_eq!(parse_rational("7").unwrap(), qi(7));
        for bad in ["", "1/0", "a", "1/2/3", "0.5.1", "--1", "1e", "/2", "1 /"] {
            assert!(parse_rational(bad).is_err(), "{bad} should be rejected");
        }
        // The number alone: no surrounding or inner whitespace, no control character.
        for bad in [" 1/2", "1/2 ", "1 / 2", "2\n\n", "\t3", "1/2\u{0}", "3\u{85}", "1\u{2028}"] {
            let e = parse_rational(bad).unwrap_err();
            assert!(e.starts_with("malformed rational '") && !e.contains('\n'), "{bad:?}: {e}");
        }
        // A long malformed value is quoted in part.
        let e = parse_rational(&"x".repeat(100_000)).unwrap_err();
        assert_eq!(e, format!("malformed rational '{}... (100000 characters)'", "x".repeat(64)));
    }

    #[test]
    fn readable_forms_truncate_toward_zero() {
        let a = |s: &str| approx(&parse_rational(s).unwrap());
        assert_eq!(a("859/2048"), "0.4194");
        assert_eq!(a("4999999/10000000"), "0.4999");
        assert_eq!(a("-1/3"), "-0.3333");
        assert_eq!(a("1/3000"), "0.0003333");
        assert_eq!(a("1/30000"), "3.333e-5");
        assert_eq!(a("1234567/100000"), "12.34");
        assert_eq!(a("9999"), "9999");
        assert_eq!(a("10000"), "1.000e4");
        assert_eq!(a("104542187193572690716191096832"), "1.045e29");
        assert_eq!(a("0"), "0");
        assert_eq!(readable("859/2048"), "859/2048");
        assert_eq!(readable("9604091759604334750"), "9604091759604334750 (~9.604e18)");
        assert_eq!(readable("670144274183/1340288548367"), "670144274183/1340288548367 (~0.4999)");
        assert_eq!(readable("not-a-number-at-all"), "not-a-number-at-all");
    }

    #[test]
    fn prints_reduced_fractions() {
        assert_eq!(fmt_q(&q(6, 4)), "3/2");
        assert_eq!(fmt_q(&qi(-4)), "-4");
    }
}
