//! The rows of the gap LP (docs/math.md §2): the closed linear system built from an
//! instance's parameters alone.
//!
//! Unknowns `z = (a, b, c, P, Q, S)`: the kernel weights `a = α(x,x)`, `b = α(x,y)`,
//! `c = α(x,z)` and the products `P = a·s(x,x)`, `Q = b·s(x,y)`, `S = c·s(x,z)`.
//! Every strict correctness row is written `≤ −1` (homogeneity makes the strict and
//! the closed systems equivalent). The solver side builds its LPs from these rows too;
//! an independent writer in `tests/witness.rs` rebuilds them from the definition.

use crate::error::{Error, Res};
use crate::model::{Instance, Sequence};
use crate::rational::{fast, Rat};
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
    unit_in(6, j, v)
}

fn unit_in(len: usize, j: usize, v: Rat) -> Vec<Rat> {
    let mut c = vec![Rat::zero(); len];
    c[j] = v;
    c
}

/// The full closed system `G z ≤ g` for an instance, in a fixed order: sequence rows,
/// sign rows `a, b, c ≥ 0`, the negated bound `b − K'c ≤ 0`, and — when that bound
/// forces a weight to zero — the rows saying its product is zero too (a head with
/// `α(x,y) = 0` has `Q = α(x,y)·s(x,y) = 0`). With a non-default setting the rows are
/// those of `gap_lp` (docs/math.md §11); for the default they are the same rows.
pub fn build_rows(inst: &Instance) -> Vec<Row> {
    if !inst.setting.is_default() {
        return gap_lp(inst).rows;
    }
    let mut rows = Vec::new();
    for seq in inst.sequences() {
        rows.extend(sequence_rows(&seq, &inst.eps));
    }
    for (j, name) in ["a", "b", "c"].iter().enumerate() {
        rows.push(Row {
            name: format!("sign_{name}"),
            coeffs: unit(j, -Rat::one()),
            rhs: Rat::zero(),
            strict: false,
        });
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
    zero_product_rows_in(6, j, name)
}

fn zero_product_rows_in(len: usize, j: usize, name: &str) -> [Row; 2] {
    [
        Row {
            name: format!("{name}_le_0"),
            coeffs: unit_in(len, j, Rat::one()),
            rhs: Rat::zero(),
            strict: false,
        },
        Row {
            name: format!("{name}_ge_0"),
            coeffs: unit_in(len, j, -Rat::one()),
            rhs: Rat::zero(),
            strict: false,
        },
    ]
}

/// A sequence of the gap family as the head sees it: the multiset (`mult`, over `x, y, z`,
/// query included), its target, the tokens in order (`x y z z`; for the shared setting the
/// canonical order) and how often each unknown weight occurs in its denominator (`count`,
/// one entry per slot of `GapLp::slots`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyedSequence {
    pub name: String,
    pub tokens: String,
    pub mult: [u32; 3],
    pub target: u32,
    pub count: Vec<u32>,
}

/// The gap LP of an instance in any setting (docs/math.md §2.4, §11): one weight and one
/// product per *slot* (a token kind `x`, `y`, `z`, and with position-dependent maps a key
/// position), the sequences expanded by the positions mode, and the closed rows.
///
/// - slots: shared `x, y, z` (variables `a b c P Q S`); per-position `(p, kind)` for
///   `p = 1..n` (`a1 b1 c1 … P1 Q1 S1 …`); causal-last `(p, kind)` for `p < n` and the
///   self term `(n, x)`. Only slots that occur in some sequence are unknowns.
/// - sequences: shared, the family's multisets; per-position, every distinct ordering of
///   each multiset (named `S3:yzx`), queried at a position holding `x` (the row does not
///   depend on which); causal-last, every ordering of the keys before the query at `n`.
/// - rows, in order: per sequence `upper`, `lower` and (signed kernel) `pos`:
///   `−D ≤ −1`; then `sign_<weight>` for every weight (nonnegative kernel); `bound`:
///   `good − K'·bad ≤ 0` over the summed kernel (or the one at key position `at`); with a
///   signed kernel `bad_pos`: `−bad ≤ −1` (the question is about heads with `bad > 0`);
///   with a nonnegative kernel and `K' ≤ 0` the pins `<product>_le_0`, `_ge_0` of every
///   good slot of the bound (and of the bad ones when `K' < 0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GapLp {
    /// Variable names: every weight, then every product, in slot order.
    pub vars: Vec<String>,
    /// `(position, kind)`: position 0 for shared maps, else `1..=n`; kind 0, 1, 2 = x, y, z.
    pub slots: Vec<(u32, usize)>,
    pub seqs: Vec<KeyedSequence>,
    pub rows: Vec<Row>,
}

impl GapLp {
    pub fn nslots(&self) -> usize {
        self.slots.len()
    }
    /// The slots of kind `kind` that the bound is about (all positions, or `at`).
    pub fn bound_slots(&self, kind: usize, at: Option<u32>) -> Vec<usize> {
        (0..self.slots.len())
            .filter(|&i| self.slots[i].1 == kind && at.is_none_or(|p| self.slots[i].0 == p))
            .collect()
    }
}

const KIND: [&str; 3] = ["x", "y", "z"];
const WEIGHT: [&str; 3] = ["a", "b", "c"];
const PRODUCT: [&str; 3] = ["P", "Q", "S"];

/// Every distinct ordering of a multiset over kinds (lexicographic, x < y < z).
fn orderings(mult: [u32; 3]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    fn go(left: &mut [u32; 3], cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if left.iter().all(|&c| c == 0) {
            out.push(cur.clone());
            return;
        }
        for k in 0..3 {
            if left[k] > 0 {
                left[k] -= 1;
                cur.push(k);
                go(left, cur, out);
                cur.pop();
                left[k] += 1;
            }
        }
    }
    let mut left = mult;
    go(&mut left, &mut cur, &mut out);
    out
}

/// Builds the gap LP of `inst` in its setting.
pub fn gap_lp(inst: &Instance) -> GapLp {
    use crate::model::{Kernel, Positions};
    let set = inst.setting;
    // Sequences as lists of (position, kind) occurrences.
    // (name, tokens in order, multiset, target, (position, kind) of every token)
    type Raw = (String, String, [u32; 3], u32, Vec<(u32, usize)>);
    let mut raw: Vec<Raw> = Vec::new();
    for seq in inst.sequences() {
        match set.positions {
            Positions::Shared => {
                let occ: Vec<(u32, usize)> =
                    (0..3).flat_map(|k| std::iter::repeat_n((0, k), seq.mult[k] as usize)).collect();
                raw.push((seq.name.clone(), seq.spelled(), seq.mult, seq.target, occ));
            }
            Positions::PerPosition => {
                for ord in orderings(seq.mult) {
                    let letters: String = ord.iter().map(|&k| KIND[k]).collect();
                    let occ = ord.iter().enumerate().map(|(p, &k)| (p as u32 + 1, k)).collect();
                    let spelled = ord.iter().map(|&k| KIND[k]).collect::<Vec<_>>().join(" ");
                    raw.push((format!("{}:{letters}", seq.name), spelled, seq.mult, seq.target, occ));
                }
            }
            Positions::CausalLast => {
                let keys = [seq.mult[0] - 1, seq.mult[1], seq.mult[2]];
                for mut ord in orderings(keys) {
                    ord.push(0);
                    let letters: String = ord.iter().map(|&k| KIND[k]).collect();
                    let occ = ord.iter().enumerate().map(|(p, &k)| (p as u32 + 1, k)).collect();
                    let spelled = ord.iter().map(|&k| KIND[k]).collect::<Vec<_>>().join(" ");
                    raw.push((format!("{}:{letters}", seq.name), spelled, seq.mult, seq.target, occ));
                }
            }
        }
    }
    let mut slots: Vec<(u32, usize)> = raw.iter().flat_map(|r| r.4.iter().copied()).collect();
    slots.sort_unstable();
    slots.dedup();
    let ns = slots.len();
    let name = |base: &[&str; 3], (p, k): (u32, usize)| {
        if p == 0 {
            base[k].to_string()
        } else {
            format!("{}{p}", base[k])
        }
    };
    let mut vars: Vec<String> = slots.iter().map(|&s| name(&WEIGHT, s)).collect();
    vars.extend(slots.iter().map(|&s| name(&PRODUCT, s)));
    let seqs: Vec<KeyedSequence> = raw
        .into_iter()
        .map(|(name, tokens, mult, target, occ)| {
            let mut count = vec![0u32; ns];
            for o in occ {
                count[slots.binary_search(&o).expect("slot")] += 1;
            }
            KeyedSequence { name, tokens, mult, target, count }
        })
        .collect();
    let signed = set.kernel == Kernel::Signed;
    let mut rows = Vec::new();
    for seq in &seqs {
        rows.extend(keyed_rows(seq, &inst.eps, signed));
    }
    if !signed {
        for (j, v) in vars.iter().enumerate().take(ns) {
            rows.push(Row {
                name: format!("sign_{v}"),
                coeffs: unit_in(2 * ns, j, -Rat::one()),
                rhs: Rat::zero(),
                strict: false,
            });
        }
    }
    let lp0 = GapLp { vars, slots, seqs, rows: Vec::new() };
    let good = lp0.bound_slots(inst.good(), set.at);
    let bad = lp0.bound_slots(inst.bad(), set.at);
    let k = inst.kprime();
    let mut bound = vec![Rat::zero(); 2 * ns];
    for &j in &good {
        bound[j] += Rat::one();
    }
    for &j in &bad {
        bound[j] -= &k;
    }
    rows.push(Row { name: "bound".into(), coeffs: bound, rhs: Rat::zero(), strict: false });
    if signed {
        let mut pos = vec![Rat::zero(); 2 * ns];
        for &j in &bad {
            pos[j] = -Rat::one();
        }
        rows.push(Row { name: "bad_pos".into(), coeffs: pos, rhs: -Rat::one(), strict: true });
    } else {
        if !k.is_positive() {
            for &j in &good {
                rows.extend(zero_product_rows_in(2 * ns, ns + j, &lp0.vars[ns + j]));
            }
        }
        if k.is_negative() {
            for &j in &bad {
                rows.extend(zero_product_rows_in(2 * ns, ns + j, &lp0.vars[ns + j]));
            }
        }
    }
    GapLp { rows, ..lp0 }
}

/// Cells (rows × columns) of the gap LP that `gap_lp` builds, at most: the closed-row matrix
/// is dense, so this is what building and checking it costs. Counted from the parameters
/// alone, before anything is enumerated: per-position maps order every multiset
/// (`n!/(i_x! i_y! i_z!)` orderings), causal-last orders the keys before the query; columns
/// are a weight and a product per slot (at most `3n`). Saturates at `u128::MAX`.
pub fn gap_lp_cells(inst: &Instance) -> u128 {
    use crate::model::{Kernel, Positions};
    fn choose(n: u128, k: u128) -> u128 {
        let k = k.min(n - k);
        let mut c: u128 = 1;
        for i in 0..k {
            // C(n, i+1) = C(n, i)·(n − i)/(i + 1), exact at every step.
            match c.checked_mul(n - i) {
                Some(v) => c = v / (i + 1),
                None => return u128::MAX,
            }
        }
        c
    }
    let multinomial =
        |m: [u128; 3]| choose(m[0] + m[1] + m[2], m[0]).saturating_mul(choose(m[1] + m[2], m[1]));
    let n = u128::from(inst.n);
    let (orderings, slots) = match inst.setting.positions {
        Positions::Shared => (inst.sequences().len() as u128, 3),
        Positions::PerPosition => (
            inst.sequences().iter().fold(0u128, |t, s| t.saturating_add(multinomial(s.mult.map(u128::from)))),
            3 * n,
        ),
        Positions::CausalLast => (
            inst.sequences().iter().fold(0u128, |t, s| {
                let m = s.mult.map(u128::from);
                t.saturating_add(multinomial([m[0].saturating_sub(1), m[1], m[2]]))
            }),
            3 * (n - 1) + 1,
        ),
    };
    let sides = if inst.setting.kernel == Kernel::Signed { 3 } else { 2 };
    // Rows: every ordering's sides, a sign row per slot, the bound, `bad_pos`, and at most
    // two pins per slot; columns: a weight and a product per slot.
    orderings.saturating_mul(sides).saturating_add(3 * slots + 2).saturating_mul(2 * slots)
}

/// The most cells (`gap_lp_cells`) a gap LP may have: the largest such LPs (per-position,
/// n = 37 paper family or n = 8 all family) are solved and checked in about 7 s and 0.3 GB.
pub const MAX_GAP_LP_CELLS: u128 = 750_000;

/// `Err` naming the limit when the gap LP of `inst` would have more than `MAX_GAP_LP_CELLS`
/// cells (checked before `gap_lp` builds anything; the command line and the checker both
/// call it).
pub fn check_gap_lp_size(inst: &Instance) -> Res<()> {
    let cells = gap_lp_cells(inst);
    if cells > MAX_GAP_LP_CELLS {
        let c = if cells == u128::MAX { "more than 2^128".to_string() } else { cells.to_string() };
        return Err(Error::TooLarge(format!(
            "the gap LP of n = {} with positions {} has {c} cells (rows × columns), above the supported {MAX_GAP_LP_CELLS} (sequences are ordered: about n!/(i_x! i_y! i_z!) orderings each)",
            inst.n,
            inst.setting.positions.name()
        )));
    }
    Ok(())
}

/// The rows of one keyed sequence: `<name>.upper` `N − tD − εD ≤ −1`, `<name>.lower`
/// `−N + tD − εD ≤ −1`, and with a signed kernel `<name>.pos` `−D ≤ −1`.
pub fn keyed_rows(seq: &KeyedSequence, eps: &Rat, signed: bool) -> Vec<Row> {
    let ns = seq.count.len();
    let t = Rat::from_integer(seq.target.into());
    let hi = -fast::add(&t, eps);
    let lo = fast::sub(&t, eps);
    let mut upper = vec![Rat::zero(); 2 * ns];
    let mut lower = vec![Rat::zero(); 2 * ns];
    let mut pos = vec![Rat::zero(); 2 * ns];
    for (j, &c) in seq.count.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let m = Rat::from_integer(c.into());
        upper[j] = fast::mul(&m, &hi);
        upper[ns + j] = m.clone();
        lower[j] = fast::mul(&m, &lo);
        lower[ns + j] = -&m;
        pos[j] = -m;
    }
    let mut v = vec![
        Row { name: format!("{}.upper", seq.name), coeffs: upper, rhs: -Rat::one(), strict: true },
        Row { name: format!("{}.lower", seq.name), coeffs: lower, rhs: -Rat::one(), strict: true },
    ];
    if signed {
        v.push(Row { name: format!("{}.pos", seq.name), coeffs: pos, rhs: -Rat::one(), strict: true });
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bound, Family, Gap};
    use crate::rational::{q, qi};

    #[test]
    fn rows_of_the_paper_family() {
        let inst =
            Instance::new(3, q(1, 2), Gap::from_d(3).unwrap(), Family::Paper, Bound::Value(qi(2))).unwrap();
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
        let inst =
            Instance::new(3, q(1, 2), Gap::from_d(1).unwrap(), Family::Paper, Bound::Value(qi(-1))).unwrap();
        let names: Vec<_> = build_rows(&inst).into_iter().map(|r| r.name).collect();
        assert!(names.contains(&"S_ge_0".to_string()));
    }

    #[test]
    fn the_general_builder_gives_the_default_rows() {
        use crate::model::Setting;
        for family in [Family::Paper, Family::All] {
            for (n, d, b) in [
                (3, 3, Bound::Paper),
                (4, 1, Bound::Paper),
                (3, 2, Bound::Value(qi(-1))),
                (5, 4, Bound::Value(q(3, 2))),
            ] {
                let inst = Instance::new(n, q(1, 3), Gap::from_d(d).unwrap(), family, b).unwrap();
                let lp = gap_lp(&inst.clone().with_setting(Setting::default()).unwrap());
                assert_eq!(lp.vars, VARS);
                assert_eq!(lp.rows, build_rows(&inst));
            }
        }
    }

    #[test]
    fn positions_expand_orderings_and_signed_adds_denominators() {
        use crate::model::{Kernel, Positions, Setting};
        let base = Instance::new(3, q(1, 2), Gap::from_d(3).unwrap(), Family::Paper, Bound::Paper).unwrap();
        let per = gap_lp(
            &base
                .clone()
                .with_setting(Setting { positions: Positions::PerPosition, ..Setting::default() })
                .unwrap(),
        );
        // S1 = (x,y,y): 3 orderings; S2: 3; S3 = (x,y,z): 6.
        assert_eq!(per.seqs.len(), 12);
        assert_eq!(per.vars.len(), 18);
        let causal = gap_lp(
            &base
                .clone()
                .with_setting(Setting { positions: Positions::CausalLast, ..Setting::default() })
                .unwrap(),
        );
        assert_eq!(
            causal.seqs.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(),
            vec!["S1:yyx", "S2:zzx", "S3:yzx", "S3:zyx"]
        );
        assert_eq!(causal.vars, vec!["b1", "c1", "b2", "c2", "a3", "Q1", "S1", "Q2", "S2", "P3"]);
        let signed =
            gap_lp(&base.with_setting(Setting { kernel: Kernel::Signed, ..Setting::default() }).unwrap());
        let names: Vec<_> = signed.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            vec![
                "S1.upper", "S1.lower", "S1.pos", "S2.upper", "S2.lower", "S2.pos", "S3.upper", "S3.lower",
                "S3.pos", "bound", "bad_pos"
            ]
        );
    }
}
