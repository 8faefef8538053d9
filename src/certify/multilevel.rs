//! The multilevel family of the paper's finite-precision theorem, as minip builds it
//! (docs/math.md §13.10): the `(s + 1)^q` sequences stated as a `minip-multilevel/1`
//! certificate, reported only once the checker has rebuilt every sequence and counted its
//! answer vectors (`minip_check::check::multilevel`).

use crate::error::Error;
use minip_check::check::multilevel::count_answers;
use minip_check::check::{Checked, Context};
use minip_check::format::multilevel::{MultilevelCertificate, MULTILEVEL_FORMAT};
use minip_check::model::multilevel::{bits_for, shape};

/// The checked certificate of the family at `(q, s)`.
pub fn multilevel(q: u32, s: u32) -> Result<Checked<MultilevelCertificate>, Error> {
    let (m, _) = shape(q, s)?;
    let (instances, distinct) = count_answers(q, s)?;
    let cert = MultilevelCertificate {
        format: MULTILEVEL_FORMAT.into(),
        q,
        s,
        m,
        n: 2 * q,
        instances,
        distinct,
        lower_bits: bits_for(distinct),
    };
    Ok(Checked::new(cert, &Context::default())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_answers_of_four_levels() {
        // q = 3, s = 3: m = 12, n = 6, 4^3 = 64 sequences, 64 answer vectors, 6 bits.
        let c = multilevel(3, 3).unwrap();
        assert_eq!((c.m, c.n, c.instances, c.distinct, c.lower_bits), (12, 6, 64, 64, 6));
        // 3 levels, q = 5: 243 vectors need 8 bits (2^7 = 128 < 243).
        assert_eq!(multilevel(5, 2).unwrap().lower_bits, 8);
    }
}
