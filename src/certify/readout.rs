//! A nonlinear readout (docs/math.md §13): the power-sum construction at `(m, n)` stated as a
//! `minip-readout/1` certificate (its values' largest, the bits of `n·o − v(x)`, the number of
//! multisets of keys and of their target functions), and reported only once the checker has
//! rebuilt the values, sorted and decoded every sum and recounted the classes
//! (`minip_check::check::readout`).

use crate::error::Error;
use minip_check::check::readout::{
    ceil_log2, checked_multisets, classes_by, classes_n3, count_classes, PowerSum,
};
use minip_check::check::readout_search::{least, MAX_READOUT_SEARCH_M};
use minip_check::check::{Checked, Context};
use minip_check::format::readout::{ReadoutCertificate, READOUT_FORMAT};

/// The checked certificate of the power-sum construction at `(m, n)`, with its lower bound.
pub fn readout(m: u32, n: u32) -> Result<Checked<ReadoutCertificate>, Error> {
    let c = PowerSum::new(m, n)?;
    let count = checked_multisets(m, n)?;
    let max = (0..c.tokens()).map(|k| c.value(k)).max().unwrap_or(0);
    let by = classes_by(m, n);
    let classes = match by {
        Some("counted") => Some(count_classes(m, n - 1)?),
        Some(_) => Some(classes_n3(m)),
        None => None,
    };
    // The least integer scheme, for m <= 3 and within the search's budget (else not stated).
    let least = match least(m, n - 1) {
        Ok(found) if m <= MAX_READOUT_SEARCH_M => Some(found),
        Ok(_) | Err(minip_check::Error::TooLarge(_)) => None,
        Err(e) => return Err(e.into()),
    };
    let cert = ReadoutCertificate {
        format: READOUT_FORMAT.into(),
        m,
        n,
        construction: "power-sum".into(),
        rank: 1,
        dim: 1,
        p: c.p,
        max_value: max.to_string(),
        multisets: count.to_string(),
        bits: ceil_log2(u128::from(c.h) * max + 1),
        classes: classes.map(|k| k.to_string()),
        classes_by: by.map(str::to_string),
        lower_bits: classes.map(ceil_log2),
        least_max_value: least.as_ref().map(|l| l.0.to_string()),
        least_values: least.as_ref().map(|l| l.1.iter().map(u64::to_string).collect()),
        least_bits: least.as_ref().map(|l| ceil_log2(u128::from(c.h) * u128::from(l.0) + 1)),
    };
    Ok(Checked::new(cert, &Context::default())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sidon_construction_at_m4_and_its_lower_bound() {
        let c = readout(4, 3).unwrap();
        // p = 17, v(k) = k + 34·(k² mod 17): the largest is v(13) = 13 + 34·16 = 557.
        assert_eq!((c.p, c.max_value.as_str(), c.multisets.as_str()), (17, "557", "136"));
        // 2·557 + 1 = 1115 sums: 11 bits. Classes C(16, 2) + 32 − 81 = 71: 7 bits.
        assert_eq!((c.bits, c.classes.as_deref(), c.lower_bits), (11, Some("71"), Some(7)));
        assert_eq!(c.claim().lower, Some((71, "counted", 7)));
        // No least scheme at m = 4 (not searched); at m = 2 values [0, 6] (2·6 + 1 sums: 4 bits).
        assert_eq!(c.claim().least, None);
        let c = readout(2, 3).unwrap();
        assert_eq!(c.least_values, Some(vec!["0".into(), "1".into(), "4".into(), "6".into()]));
        assert_eq!(c.claim().least, Some((6, 4)));
    }
}
