//! The multilevel family (docs/math.md §13.10): every one of its `(s + 1)^q` sequences rebuilt
//! from `(q, s)` (`crate::model::multilevel`), the queries found the same in all, the answers at
//! the queries computed from the tokens, and the answer vectors counted.
//!
//! ```
//! use minip_check::check::multilevel::count_answers;
//! // q = 2, s = 3: 16 sequences, 16 different answer vectors.
//! assert_eq!(count_answers(2, 3).unwrap(), (16, 16));
//! ```

use super::input::{recomputed, Context};
use super::Certificate;
use crate::error::{Error, Res};
use crate::format::multilevel::{MultilevelCertificate, MULTILEVEL_FORMAT};
use crate::model::multilevel::{answers, bits_for, queries, sequence, shape};
use serde::Serialize;
use std::collections::HashSet;

/// Builds every sequence of the family and returns `(sequences, distinct answer vectors)`;
/// rejects a sequence whose queries differ from the family's or whose length is not `2q`.
pub fn count_answers(q: u32, s: u32) -> Res<(u64, u64)> {
    let (_, instances) = shape(q, s)?;
    let fixed = queries(q, s);
    // An answer is at most the self-overlap 2s: a vector is one number in base 2s + 1
    // ((2s + 1)^q <= 2^q (s + 1)^q <= 2^81 by the limits).
    let base = u128::from(2 * s + 1);
    let mut seen: HashSet<u128> = HashSet::with_capacity(instances as usize);
    let mut a = vec![0u32; q as usize];
    let mut built = 0u64;
    loop {
        let x = sequence(q, s, &a);
        if x.len() != 2 * q as usize || x[..q as usize] != fixed[..] {
            return Err(Error::Rejected(format!(
                "the sequence of {a:?} does not start with the family's queries"
            )));
        }
        let t = answers(q, &x);
        if let Some(&big) = t.iter().find(|&&v| v > 2 * s) {
            return Err(Error::Rejected(format!("the sequence of {a:?} has the answer {big} above 2s")));
        }
        seen.insert(t.iter().fold(0u128, |acc, &v| acc * base + u128::from(v)));
        built += 1;
        // The next assignment, last coordinate fastest.
        match (0..q as usize).rev().find(|&i| a[i] < s) {
            Some(i) => {
                a[i] += 1;
                a[i + 1..].iter_mut().for_each(|v| *v = 0);
            }
            None => break,
        }
    }
    Ok((built, seen.len() as u64))
}

/// Checks a `minip-multilevel/1` certificate: every stated number recomputed from `(q, s)`.
pub fn check_multilevel(c: &MultilevelCertificate) -> Res<MultilevelClaim> {
    if c.format != MULTILEVEL_FORMAT {
        return Err(Error::Rejected(format!("format '{}': expected {MULTILEVEL_FORMAT}", c.format)));
    }
    let (m, _) = shape(c.q, c.s).map_err(Error::in_certificate)?;
    recomputed("m", u64::from(c.m), u64::from(m), "check")?;
    recomputed("n", u64::from(c.n), u64::from(2 * c.q), "check")?;
    let (instances, distinct) = count_answers(c.q, c.s)?;
    recomputed("instances", c.instances, instances, "check")?;
    recomputed("distinct", c.distinct, distinct, "check")?;
    recomputed("lower_bits", c.lower_bits, bits_for(distinct), "check")?;
    Ok(MultilevelClaim { q: c.q, s: c.s, m, n: c.n, instances, distinct, lower_bits: c.lower_bits })
}

impl super::Proves for MultilevelCertificate {
    type Claim = MultilevelClaim;
    fn proves(&self, _: &Context) -> Res<MultilevelClaim> {
        check_multilevel(self)
    }
}

impl Certificate for MultilevelCertificate {
    type Claim = MultilevelClaim;
    fn check(&self, _: &Context) -> Res<MultilevelClaim> {
        check_multilevel(self)
    }
}

// What a checked certificate proves (the registry's claim of this format, crate::format).

/// `minip-multilevel/1` (docs/math.md §13.10): the `instances = (s + 1)^q` sequences of the
/// multilevel family share their `q` queries and give `distinct` answer vectors there, so any
/// transcript the answers are read from takes `distinct` values: `lower_bits` bits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MultilevelClaim {
    pub q: u32,
    pub s: u32,
    pub m: u32,
    pub n: u32,
    pub instances: u64,
    pub distinct: u64,
    pub lower_bits: u32,
}

impl std::fmt::Display for MultilevelClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = self;
        write!(
            f,
            "multilevel family q={} s={} (m={} n={}): {} sequences with the same queries give {} answer vectors: any transcript >= {} bits",
            r.q, r.s, r.m, r.n, r.instances, r.distinct, r.lower_bits
        )
    }
}
