//! The rows of the gap LP (docs/math.md §2): the closed linear system built from an
//! instance's parameters alone.
//!
//! Unknowns `z = (a, b, c, P, Q, S)`: the kernel weights `a = α(x,x)`, `b = α(x,y)`,
//! `c = α(x,z)` and the products `P = a·s(x,x)`, `Q = b·s(x,y)`, `S = c·s(x,z)`.
//! Every strict correctness row is written `≤ −1` (homogeneity makes the strict and
//! the closed systems equivalent). The solver side builds its LPs from these rows too;
//! an independent writer in `tests/witness.rs` rebuilds them from the definition.

use crate::rational::Rat;
use crate::model::{Instance, Sequence};
use num_traits::{One, Signed, Zero};

/// Variable names, in column order.
pub const VARS: [&str; 6] = ["a", "b", "c", "P", "Q", "S"];

/// One closed row `coeffs · z ≤ rhs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub name: String,
    pub coeffs: Vec<Rat>,
    pub rhs: Rat,
    /// A strict correctness row (`< 0`, closed as `≤ −1`) as opposed to a sign or bound row.
    pub strict: bool,
}

/// The rows of one sequence: `N − tD − εD ≤ −1` and `−N + tD − εD ≤ −1`.
pub fn sequence_rows(seq: &Sequence, eps: &Rat) -> [Row; 2] {
    let t = Rat::from_integer(seq.target.into());
    let m: Vec<Rat> = seq.mult.iter().map(|&i| Rat::from_integer(i.into())).collect();
    let hi = -(&t + eps);
    let lo = &t - eps;
    let upper = vec![&m[0] * &hi, &m[1] * &hi, &m[2] * &hi, m[0].clone(), m[1].clone(), m[2].clone()];
    let lower = vec![&m[0] * &lo, &m[1] * &lo, &m[2] * &lo, -&m[0], -&m[1], -&m[2]];
    [
        Row { name: format!("{}.upper", seq.name), coeffs: upper, rhs: -Rat::one(), strict: true },
        Row { name: format!("{}.lower", seq.name), coeffs: lower, rhs: -Rat::one(), strict: true },
    ]
}

fn unit(j: usize, v: Rat) -> Vec<Rat> {
    let mut c = vec![Rat::zero(); 6];
    c[j] = v;
    c
}

/// The full closed system `G z ≤ g` for an instance, in a fixed order: sequence rows,
/// sign rows `a, b, c ≥ 0`, the negated bound `b − K'c ≤ 0`, and — when that bound
/// forces a weight to zero — the rows saying its product is zero too (a head with
/// `α(x,y) = 0` has `Q = α(x,y)·s(x,y) = 0`).
pub fn build_rows(inst: &Instance) -> Vec<Row> {
    let mut rows = Vec::new();
    for seq in inst.sequences() {
        rows.extend(sequence_rows(&seq, &inst.eps));
    }
    for (j, name) in ["a", "b", "c"].iter().enumerate() {
        rows.push(Row { name: format!("sign_{name}"), coeffs: unit(j, -Rat::one()), rhs: Rat::zero(), strict: false });
    }
    let k = inst.kprime();
    let mut bound = vec![Rat::zero(); 6];
    bound[1] = Rat::one();
    bound[2] = -k.clone();
    rows.push(Row { name: "bound".into(), coeffs: bound, rhs: Rat::zero(), strict: false });
    if !k.is_positive() {
        rows.extend(zero_product_rows(4, "Q"));
    }
    if k.is_negative() {
        rows.extend(zero_product_rows(5, "S"));
    }
    rows
}

fn zero_product_rows(j: usize, name: &str) -> [Row; 2] {
    [
        Row { name: format!("{name}_le_0"), coeffs: unit(j, Rat::one()), rhs: Rat::zero(), strict: false },
        Row { name: format!("{name}_ge_0"), coeffs: unit(j, -Rat::one()), rhs: Rat::zero(), strict: false },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::{q, qi};
    use crate::model::{Bound, Family, Gap};

    #[test]
    fn rows_of_the_paper_family() {
        let inst = Instance::new(3, q(1, 2), Gap::from_d(3).unwrap(), Family::Paper, Bound::Value(qi(2))).unwrap();
        let rows = build_rows(&inst);
        assert_eq!(rows.len(), 6 + 3 + 1);
        // S2 = (x, z, z), target w = 3: N − 3.5 D ≤ −1
        assert_eq!(rows[2].name, "S2.upper");
        assert_eq!(rows[2].coeffs, vec![q(-7, 2), qi(0), qi(-7), qi(1), qi(0), qi(2)]);
        assert_eq!(rows[3].coeffs, vec![q(5, 2), qi(0), qi(5), qi(-1), qi(0), qi(-2)]);
        assert_eq!(rows[9].coeffs, vec![qi(0), qi(1), qi(-2), qi(0), qi(0), qi(0)]);
    }

    #[test]
    fn a_nonpositive_factor_pins_the_products() {
        // d = 1, ε = 1/2: K = 0, so b = 0 and with it Q = 0.
        let inst = Instance::new(3, q(1, 2), Gap::from_d(1).unwrap(), Family::Paper, Bound::Paper).unwrap();
        let names: Vec<_> = build_rows(&inst).into_iter().map(|r| r.name).collect();
        assert!(names.contains(&"Q_le_0".to_string()) && !names.contains(&"S_le_0".to_string()));
        let inst = Instance::new(3, q(1, 2), Gap::from_d(1).unwrap(), Family::Paper, Bound::Value(qi(-1))).unwrap();
        let names: Vec<_> = build_rows(&inst).into_iter().map(|r| r.name).collect();
        assert!(names.contains(&"S_ge_0".to_string()));
    }
}
