//! The arithmetic of [`Rat`](super::Rat) where the checker spends its time: the same results as
//! `num_rational`'s operators (a reduced fraction with a positive denominator, so equal values
//! are equal fields and print the same), reached with fewer and faster greatest common divisors.
//!
//! - Fractions whose numerators and denominators fit in 64 bits are combined in 128-bit
//!   machine integers (the products cannot overflow: `|x| < 2^63` each) and reduced by a binary
//!   gcd on machine words.
//! - Larger ones use `num-bigint`'s products and divisions, with a gcd by Lehmer's method
//!   ([`gcd`]: about 30 bits of Euclid's remainders per pass over the limbs, where the shifting
//!   binary gcd of `num-bigint` takes one bit per pass and an allocation each).
//! - Sums follow Henrici: `a/b + c/d` with `g = gcd(b, d)` needs only `gcd(t, g)` of the small
//!   factor `g` afterwards, and `gcd(b, d) = 1` needs no reduction at all.
//!
//! Every result is the exact reduced fraction, whatever the path; the tests compare each
//! operation with `num_rational`'s on many sizes.

use super::Rat;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed, ToPrimitive, Zero};

/// `gcd(a, b)` of machine words (binary, by trailing zeros).
pub fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// `gcd(a, b)` of 128-bit words.
pub fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
        if b >> 64 == 0 && a >> 64 == 0 {
            return u128::from(gcd_u64(a as u64, b as u64)) << shift;
        }
    }
}

/// The value of `x` if it fits in 128 bits.
fn small(x: &BigUint) -> Option<u128> {
    x.to_u128()
}

/// Limbs of 64 bits, least significant first (`BigUint::from_slice` takes 32-bit digits).
trait FromU64 {
    fn from_slice_u64(w: &[u64]) -> BigUint;
}

impl FromU64 for BigUint {
    fn from_slice_u64(w: &[u64]) -> BigUint {
        BigUint::new(w.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect())
    }
}

/// `gcd(a, b)` (`gcd(0, b) = b`), equal to `num_integer::Integer::gcd`.
///
/// Lehmer's method: while both numbers are long, the leading 62 bits of `a` and the bits of
/// `b` at the same place run Euclid's algorithm on machine words, keeping the cosequence
/// matrix `[[A, B], [C, D]]` (determinant ±1) for as long as both ends of the interval agree
/// on each quotient (Knuth's condition, TAOCP 4.5.2 Algorithm L), and one pass over the limbs
/// applies it: `(a, b) ← (A·a + B·b, C·a + D·b)`. A unimodular matrix keeps the gcd whatever
/// the quotients were; the step is taken only when both results are nonnegative and `a`
/// shrinks, otherwise (and when the first quotient already disagrees) a division step
/// `(a, b) ← (b, a mod b)` is taken.
pub fn gcd(a: &BigUint, b: &BigUint) -> BigUint {
    if let (Some(x), Some(y)) = (small(a), small(b)) {
        return BigUint::from(gcd_u128(x, y));
    }
    let (a, b) = if a >= b { (a, b) } else { (b, a) };
    let mut a = a.to_u64_digits();
    let mut b = b.to_u64_digits();
    let (mut na, mut nb) = (Vec::with_capacity(a.len()), Vec::with_capacity(a.len()));
    loop {
        // Here a ≥ b, both without leading zero limbs.
        if b.len() <= 2 {
            let (big_a, big_b) = (BigUint::from_slice_u64(&a), BigUint::from_slice_u64(&b));
            let Some(y) = small(&big_b).filter(|&y| y != 0) else { return big_a };
            let r = small(&(&big_a % &big_b)).expect("a remainder below a 128-bit divisor");
            return BigUint::from(gcd_u128(y, r));
        }
        let top = a.len() - 1;
        let bits = 64 * top as u64 + 64 - u64::from(a[top].leading_zeros());
        // 62 bits: the cosequence stays below 2^62 in size, so every sum below fits an i64.
        let shift = bits - 62;
        let (mut x, mut y) = (bits_at(&a, shift) as i64, bits_at(&b, shift) as i64);
        let (mut ca, mut cb, mut cc, mut cd) = (1i64, 0i64, 0i64, 1i64);
        while y + cc != 0 && y + cd != 0 {
            let q = (x + ca) / (y + cc);
            if q != (x + cb) / (y + cd) {
                break;
            }
            (ca, cc) = (cc, ca - q * cc);
            (cb, cd) = (cd, cb - q * cd);
            (x, y) = (y, x - q * y);
        }
        if cb != 0 && combine(&a, &b, ca, cb, &mut na) && combine(&a, &b, cc, cd, &mut nb) && less(&na, &a) {
            if less(&na, &nb) {
                std::mem::swap(&mut na, &mut nb);
            }
            std::mem::swap(&mut a, &mut na);
            std::mem::swap(&mut b, &mut nb);
            continue;
        }
        let (big_a, big_b) = (BigUint::from_slice_u64(&a), BigUint::from_slice_u64(&b));
        let r = &big_a % &big_b;
        a = b;
        b = r.to_u64_digits();
    }
}

/// The 64 bits of `w` (little-endian limbs) from bit `shift` up.
fn bits_at(w: &[u64], shift: u64) -> u64 {
    let (i, s) = ((shift / 64) as usize, shift % 64);
    let lo = w.get(i).copied().unwrap_or(0) >> s;
    let hi = if s == 0 { 0 } else { w.get(i + 1).copied().unwrap_or(0) << (64 - s) };
    lo | hi
}

/// `out = p·a + q·b` for `|p|, |q| < 2^62` of opposite signs (or one zero), `b` no longer
/// than `a`; `false` (and `out` unspecified) if the result is negative.
fn combine(a: &[u64], b: &[u64], p: i64, q: i64, out: &mut Vec<u64>) -> bool {
    out.clear();
    let (pa, qa) = (u128::from(p.unsigned_abs()), u128::from(q.unsigned_abs()));
    let term = |m: u128, neg: bool, w: u64| -> i128 {
        // m < 2^62: the product is below 2^126.
        let v = (m * u128::from(w)) as i128;
        if neg {
            -v
        } else {
            v
        }
    };
    let mut carry: i128 = 0;
    for (i, &ai) in a.iter().enumerate() {
        let bi = b.get(i).copied().unwrap_or(0);
        let t = term(pa, p < 0, ai) + term(qa, q < 0, bi) + carry;
        out.push(t as u64);
        carry = t >> 64;
    }
    if carry != 0 {
        return false;
    }
    while out.last() == Some(&0) {
        out.pop();
    }
    true
}

/// `x < y` for limbs without leading zeros.
fn less(x: &[u64], y: &[u64]) -> bool {
    if x.len() != y.len() {
        return x.len() < y.len();
    }
    x.iter().rev().cmp(y.iter().rev()) == std::cmp::Ordering::Less
}

/// `gcd(|a|, |b|)` as a nonnegative integer.
pub fn gcd_int(a: &BigInt, b: &BigInt) -> BigInt {
    BigInt::from_biguint(Sign::Plus, gcd(a.magnitude(), b.magnitude()))
}

/// `n/d` reduced with a positive denominator (`d ≠ 0`): `Rat::new(n, d)`.
pub fn new(n: BigInt, d: BigInt) -> Rat {
    assert!(!d.is_zero(), "denominator == 0");
    if n.is_zero() {
        return Rat::zero();
    }
    let g = gcd(n.magnitude(), d.magnitude());
    let (n, d) = if g.is_one() {
        (n, d)
    } else {
        let g = BigInt::from_biguint(Sign::Plus, g);
        (n / &g, d / &g)
    };
    if d.is_negative() {
        Rat::new_raw(-n, -d)
    } else {
        Rat::new_raw(n, d)
    }
}

/// A fraction of machine integers (`d > 0`), when it fits in 64 bits each.
fn parts(x: &Rat) -> Option<(i64, i64)> {
    Some((x.numer().to_i64()?, x.denom().to_i64()?))
}

/// `n/d` from 128-bit parts (`d > 0`), reduced.
fn from_i128(n: i128, d: i128) -> Rat {
    if n == 0 {
        return Rat::zero();
    }
    let (na, da) = (n.unsigned_abs(), d as u128);
    if let (Ok(x), Ok(y)) = (u64::try_from(na), u64::try_from(da)) {
        // Machine words: a 64-bit gcd and divisions.
        let g = gcd_u64(x, y);
        let num = BigInt::from(x / g);
        return Rat::new_raw(if n < 0 { -num } else { num }, BigInt::from(y / g));
    }
    let g = gcd_u128(na, da) as i128;
    Rat::new_raw(BigInt::from(n / g), BigInt::from(d / g))
}

/// `x + y`.
pub fn add(x: &Rat, y: &Rat) -> Rat {
    if let (Some((a, b)), Some((c, d))) = (parts(x), parts(y)) {
        let (a, b, c, d) = (a as i128, b as i128, c as i128, d as i128);
        return from_i128(a * d + c * b, b * d);
    }
    if x.is_zero() {
        return y.clone();
    }
    if y.is_zero() {
        return x.clone();
    }
    let (a, b, c, d) = (x.numer(), x.denom(), y.numer(), y.denom());
    if b == d {
        return new(a + c, b.clone());
    }
    let g = gcd_int(b, d);
    if g.is_one() {
        // gcd(ad + cb, bd) = 1 when gcd(b, d) = 1: nothing to reduce.
        let n = a * d + c * b;
        if n.is_zero() {
            return Rat::zero();
        }
        return Rat::new_raw(n, b * d);
    }
    let (b1, d1) = (b / &g, d / &g);
    let t = a * &d1 + c * &b1;
    if t.is_zero() {
        return Rat::zero();
    }
    let g2 = gcd_int(&t, &g);
    if g2.is_one() {
        Rat::new_raw(t, b1 * d)
    } else {
        Rat::new_raw(t / &g2, b1 * (d / &g2))
    }
}

/// `x − y`.
pub fn sub(x: &Rat, y: &Rat) -> Rat {
    add(x, &-y)
}

/// `x · y`.
pub fn mul(x: &Rat, y: &Rat) -> Rat {
    if let (Some((a, b)), Some((c, d))) = (parts(x), parts(y)) {
        return from_i128(a as i128 * c as i128, b as i128 * d as i128);
    }
    if x.is_zero() || y.is_zero() {
        return Rat::zero();
    }
    let (a, b, c, d) = (x.numer(), x.denom(), y.numer(), y.denom());
    // (a/g1)(c/g2) / ((b/g2)(d/g1)) with g1 = gcd(a, d), g2 = gcd(c, b).
    let g1 = gcd_int(a, d);
    let g2 = gcd_int(c, b);
    let div = |v: &BigInt, g: &BigInt| if g.is_one() { v.clone() } else { v / g };
    Rat::new_raw(div(a, &g1) * div(c, &g2), div(b, &g2) * div(d, &g1))
}

/// `x / y` (`y ≠ 0`).
pub fn div(x: &Rat, y: &Rat) -> Rat {
    assert!(!y.is_zero(), "division by zero");
    mul(x, &y.recip())
}

/// `*acc += x`.
pub fn add_to(acc: &mut Rat, x: &Rat) {
    *acc = add(acc, x);
}

/// `*acc += x · y`.
pub fn add_product(acc: &mut Rat, x: &Rat, y: &Rat) {
    *acc = add(acc, &mul(x, y));
}

/// The least common multiple of two positive integers, `a·(b / gcd(a, b))`.
pub fn lcm(a: &BigInt, b: &BigInt) -> BigInt {
    if a.is_one() {
        return b.clone();
    }
    if b.is_one() || a == b {
        return a.clone();
    }
    let g = gcd_int(a, b);
    (a / g) * b
}

/// `num_integer`'s gcd, for the tests' comparisons.
#[cfg(test)]
fn slow_gcd(a: &BigUint, b: &BigUint) -> BigUint {
    num_integer::Integer::gcd(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_integer::Integer;

    /// A deterministic stream of big integers of varied lengths and shapes.
    struct Gen(u64);
    impl Gen {
        fn word(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn big(&mut self, limbs: usize) -> BigUint {
            let mut v: Vec<u32> = (0..2 * limbs).map(|_| self.word() as u32).collect();
            // Sometimes long runs of ones or zeros (carries, borrows, small quotients).
            match self.word() % 5 {
                0 => v.iter_mut().take(limbs).for_each(|x| *x = u32::MAX),
                1 => v.iter_mut().skip(1).take(limbs).for_each(|x| *x = 0),
                _ => {}
            }
            let cut = (self.word() % 64) as u32;
            BigUint::new(v) >> cut
        }
    }

    #[test]
    fn lehmer_gcd_equals_the_binary_gcd() {
        let mut g = Gen(0x2545_f491_4f6c_dd1d);
        for round in 0..3000 {
            let (la, lb) = (1 + round % 40, 1 + (round * 7) % 40);
            let common = g.big(1 + round % 5);
            let (mut a, mut b) = (g.big(la), g.big(lb));
            if round % 3 == 0 {
                a *= &common;
                b *= &common;
            }
            if round % 11 == 0 {
                b = a.clone() + BigUint::one();
            }
            if round % 13 == 0 {
                b = a.clone();
            }
            assert_eq!(gcd(&a, &b), slow_gcd(&a, &b), "gcd({a}, {b})");
            assert_eq!(gcd(&b, &a), slow_gcd(&a, &b));
        }
        // Consecutive Fibonacci numbers: every quotient 1, the longest Euclid.
        let (mut f0, mut f1) = (BigUint::one(), BigUint::one());
        for _ in 0..3000 {
            (f0, f1) = (f1.clone(), f0 + f1);
        }
        assert_eq!(gcd(&f1, &f0), BigUint::one());
        let k = BigUint::from(1_000_003u64).pow(40);
        assert_eq!(gcd(&(&f1 * &k), &(&f0 * &k)), k);
        assert_eq!(gcd(&BigUint::zero(), &k), k);
        assert_eq!(gcd(&k, &BigUint::zero()), k);
        assert_eq!(gcd_u64(0, 0), 0);
        assert_eq!(gcd_u128(12 << 100, 18 << 90), 6 << 90);
    }

    #[test]
    fn operations_equal_num_rational() {
        let mut g = Gen(0x9e37_79b9_7f4a_7c15);
        let mut pick = |round: usize| -> Rat {
            let limbs = [1, 1, 2, 3, 9][round % 5];
            let n =
                BigInt::from_biguint(if g.word() % 3 == 0 { Sign::Minus } else { Sign::Plus }, g.big(limbs));
            let d = BigInt::from_biguint(Sign::Plus, g.big(1 + (round / 5) % 3)) + 1;
            match g.word() % 7 {
                0 => Rat::zero(),
                1 => Rat::from_integer(n),
                2 => Rat::new(BigInt::from(g.word() as i64 >> 1), BigInt::from(g.word() >> 34) + 1),
                _ => Rat::new(n, d),
            }
        };
        for round in 0..4000 {
            let (x, y) = (pick(round), pick(round / 3));
            let same = |got: Rat, want: Rat| {
                assert_eq!((got.numer(), got.denom()), (want.numer(), want.denom()), "{x} and {y}");
            };
            same(add(&x, &y), &x + &y);
            same(sub(&x, &y), &x - &y);
            same(mul(&x, &y), &x * &y);
            same(add(&x, &x), &x + &x);
            same(sub(&x, &x), Rat::zero());
            if !y.is_zero() {
                same(div(&x, &y), &x / &y);
            }
            let mut acc = x.clone();
            add_product(&mut acc, &y, &x);
            same(acc, &x + &y * &x);
            let (n, d): (BigInt, BigInt) = (x.numer() * 6, -(y.denom() * BigInt::from(4)));
            same(new(n.clone(), d.clone()), Rat::new(n, d));
            let (b, d) = (x.denom().clone(), y.denom().clone());
            assert_eq!(lcm(&b, &d), b.lcm(&d));
        }
    }
}

#[cfg(test)]
mod bench {
    use super::*;

    /// `cargo test --release -p minip-check --lib gcd_timing -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn gcd_timing() {
        let mut g = tests_gen(7);
        for limbs in [2usize, 4, 16, 80, 400] {
            let pairs: Vec<(BigUint, BigUint)> = (0..20).map(|_| (g(limbs), g(limbs))).collect();
            let t0 = std::time::Instant::now();
            let fast: Vec<BigUint> = pairs.iter().map(|(a, b)| gcd(a, b)).collect();
            let t1 = t0.elapsed().as_secs_f64() / 20.0;
            let t0 = std::time::Instant::now();
            let slow: Vec<BigUint> = pairs.iter().map(|(a, b)| slow_gcd(a, b)).collect();
            let t2 = t0.elapsed().as_secs_f64() / 20.0;
            assert_eq!(fast, slow);
            println!("{limbs} limbs: Lehmer {:.1} µs, binary {:.1} µs", t1 * 1e6, t2 * 1e6);
        }
    }

    fn tests_gen(seed: u64) -> impl FnMut(usize) -> BigUint {
        let mut s = seed;
        move |limbs| {
            let v: Vec<u32> = (0..2 * limbs)
                .map(|_| {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    s as u32
                })
                .collect();
            BigUint::new(v)
        }
    }
}
