//! Rows that the exact steps add to the slack LP of `crate::solve::gap::solve_slack`
//! (`max σ` over `rows·z ≤ σ·rhs`, slack `σ` on the strict rows): linear forms written out over
//! a given number of unknowns, and a form pinned to a multiple of `σ`.

use minip_check::rational::Rat;
use minip_check::rows::gap::Row;
use num_traits::{One, Zero};

/// `v·Σ_{j ∈ slots} x_j` over `width` unknowns, written out.
pub fn form(width: usize, slots: &[usize], v: &Rat) -> Vec<Rat> {
    let mut c = vec![Rat::zero(); width];
    for &j in slots {
        c[j] = v.clone();
    }
    c
}

/// `Σ_{j ∈ slots} x_j = value·σ` as two rows of the slack LP (its right-hand sides scale with
/// `σ`): `form ≤ value`, strict when `value < 0`, and `−form ≤ −value`, strict when `value > 0`.
pub fn pinned(width: usize, slots: &[usize], value: i64) -> Vec<Row> {
    vec![
        Row {
            name: String::new(),
            coeffs: form(width, slots, &Rat::one()),
            rhs: Rat::from_integer(value.into()),
            strict: value < 0,
        },
        Row {
            name: String::new(),
            coeffs: form(width, slots, &-Rat::one()),
            rhs: Rat::from_integer((-value).into()),
            strict: value > 0,
        },
    ]
}

/// The rows as the exact repairs (`crate::repair::hint`) take them: `(coefficients, rhs)`.
pub fn system(rows: &[Row]) -> Vec<(Vec<Rat>, Rat)> {
    rows.iter().map(|r| (r.coeffs.clone(), r.rhs.clone())).collect()
}
