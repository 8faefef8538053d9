//! The row LP of docs/math.md §4 as the solver side holds it: every row of
//! `minip_check::rows::ratio` (the rows the checker rebuilds), named by its multiset and
//! side, with the objective `A_lo` and the normalisation `A_hi = 1`.

use crate::error::Error;
use minip_check::check::ratio_instance;
use minip_check::model::{Kernel, Setting};
use minip_check::rational::Rat;
use minip_check::rows::ratio::{count, int_row, multisets, IntRow, RatioInstance, Side};
use num_traits::Zero;

/// The most `multisets × (n − 1)` a row LP the solver side builds may have: every row is
/// named by its multiset of `n − 1` classes, so memory grows with both (10⁷ is the old
/// `5·10⁶` multisets at `n = 3`; about 100 MB of names and rows).
pub const MAX_RATIO_CELLS: u128 = 10_000_000;

/// `Err` naming the limits when the row LP of length-`n` sequences over `classes` classes is
/// too large to build: more than `limits::MAX_RATIO_MULTISETS` multisets, or more than
/// `MAX_RATIO_CELLS` multisets × `(n − 1)`. Counted before anything is allocated.
pub fn check_row_lp_size(n: u32, classes: usize) -> Result<(), Error> {
    // `n − 1` keys over the largest class index `classes − 1`, neither wrapped nor truncated
    // (a wrapped `n − 1` would count for ever, a truncated `classes` would count too few).
    let keys =
        n.checked_sub(1).filter(|&k| k >= 1).ok_or_else(|| Error::Input(format!("n = {n}: need n ≥ 2")))?;
    let top = u32::try_from(classes).ok().and_then(|k| k.checked_sub(1)).ok_or_else(|| {
        Error::Input(format!("the row LP with {classes} classes: need 1 to {} classes", u32::MAX))
    })?;
    let total = count(keys as usize, top);
    minip_check::limits::at_most(
        "the row LP",
        total,
        minip_check::limits::MAX_RATIO_MULTISETS,
        "multisets of n - 1 classes: too many rows",
    )?;
    let cells = total.saturating_mul(u128::from(keys));
    if cells > MAX_RATIO_CELLS {
        return Err(Error::TooLarge(format!(
            "the row LP = {total} multisets of n - 1 = {keys} classes each ({cells} entries) is above the supported {MAX_RATIO_CELLS} multisets × (n − 1): too large to build"
        )));
    }
    Ok(())
}

/// The most rows (sequences × sides) of a row LP beyond the paper's model: the dense
/// strict-feasibility step of `certify::ratio::forced_ratio_in` solves at most this many.
pub const MAX_GENERAL_ROWS: usize = 60_000;

/// The most rows × columns (slots) of a row LP beyond the paper's model: its exact steps are
/// dense, about 550 bytes a cell (`amplify --h 100 --task max-ip`, 1.05·10⁶ cells: 0.57 GB;
/// `--h 150`, 3.5·10⁶, aborted at 1 GiB), so the rows alone do not bound the memory.
pub const MAX_GENERAL_CELLS: u128 = 1_200_000;

/// `Err` naming the limit when the row LP of a setting beyond the paper's model has more than
/// `MAX_GENERAL_ROWS` rows or `MAX_GENERAL_CELLS` cells: counted exactly, before any
/// sequence is built.
pub fn check_general_size(inst: &RatioInstance) -> Result<(), Error> {
    let rows = inst.exact_sequence_count().saturating_mul(inst.sides().len() as u128);
    let cells = rows.saturating_mul(inst.slots() as u128);
    if rows <= MAX_GENERAL_ROWS as u128 && cells > MAX_GENERAL_CELLS {
        return Err(Error::TooLarge(format!(
            "the row LP = {rows} rows × {} columns = {cells} cells is above the supported {MAX_GENERAL_CELLS} beyond the paper's model: too large to build",
            inst.slots()
        )));
    }
    if rows > MAX_GENERAL_ROWS as u128 {
        return Err(Error::TooLarge(format!(
            "the row LP = {rows} rows ({} sequences of length {}, {} sides) is above the supported {MAX_GENERAL_ROWS} beyond the paper's model: too large to build",
            inst.exact_sequence_count(),
            inst.seq_len(),
            inst.sides().len()
        )));
    }
    Ok(())
}

/// The row LP as built: each row's multiset and side, and its integer coefficients.
#[derive(Clone)]
pub struct RowLp {
    pub n: u32,
    pub eps: Rat,
    pub h: u32,
    pub lo: u32,
    pub hi: u32,
    /// The class `h⁺` (index `h + 1`) is in the LP.
    pub superset: bool,
    pub names: Vec<(Vec<u32>, Side)>,
    pub rows: Vec<IntRow>,
    /// The setting (docs/math.md §11) and, for `nearest`, the bits `m`.
    pub setting: Setting,
    pub m: Option<u32>,
    /// Number of kernel unknowns `A_j` (then as many `P_j`).
    pub ns: usize,
    /// The slots summed by the objective (`lo`) and by the normalisation (`hi`).
    pub obj: Vec<usize>,
    pub norm: Vec<usize>,
}

impl RowLp {
    /// Number of classes (`h + 1`, or `h + 2` with `h⁺`).
    pub fn k(&self) -> usize {
        self.h as usize + 1 + usize::from(self.superset)
    }
    /// Number of kernel unknowns (`k()` for the default setting).
    pub fn slots(&self) -> usize {
        self.ns
    }
    /// The kernel may be signed (no `A ≥ 0`; `pos` rows instead).
    pub fn signed(&self) -> bool {
        self.setting.kernel == Kernel::Signed
    }
    /// The paper's model: the route with trivial and shifted bases applies.
    pub fn is_default(&self) -> bool {
        self.setting.is_default() && self.m.is_none()
    }
    /// A row written out over the `2·slots()` unknowns (`A`, then `P`), exactly.
    pub fn dense(&self, row: &IntRow) -> Vec<Rat> {
        let mut c = vec![Rat::zero(); 2 * self.ns];
        for &(j, v) in row {
            c[j] = Rat::from_integer(v.into());
        }
        c
    }
}

/// The row LP of any validated instance (docs/math.md §11): every sequence of the setting
/// and each of its sides, objective the `lo` slots, normalisation the `hi` slots.
pub fn row_lp_in(inst: &RatioInstance) -> Result<RowLp, Error> {
    if inst.setting.is_default() && inst.m.is_none() {
        return row_lp(inst.n, &inst.eps, inst.h, inst.lo, inst.hi, inst.superset);
    }
    check_general_size(inst)?;
    let p: i64 =
        inst.eps.numer().try_into().map_err(|_| Error::Input("eps: numerator too large".to_string()))?;
    let q: i64 =
        inst.eps.denom().try_into().map_err(|_| Error::Input("eps: denominator too large".to_string()))?;
    let mut names = Vec::new();
    let mut rws = Vec::new();
    for seq in inst.sequences() {
        for &side in inst.sides() {
            rws.push(inst.row(&seq, side, p, q));
            names.push((seq.clone(), side));
        }
    }
    Ok(RowLp {
        n: inst.n,
        eps: inst.eps.clone(),
        h: inst.h,
        lo: inst.lo,
        hi: inst.hi,
        superset: inst.superset,
        names,
        rows: rws,
        setting: inst.setting,
        m: inst.m,
        ns: inst.slots(),
        obj: inst.class_slots(inst.lo),
        norm: inst.class_slots(inst.hi),
    })
}

/// Builds the full row LP of `(n, ε, h)` with objective `A_lo`, normalisation `A_hi = 1`;
/// `superset` adds the class `h⁺` of strict supersets (index `h + 1`; docs/math.md §4.1).
pub fn row_lp(n: u32, eps: &Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Result<RowLp, Error> {
    let inst = ratio_instance(n, eps.clone(), h, lo, hi, superset)?;
    let k = inst.classes();
    check_row_lp_size(n, k)?;
    let total = count(n as usize - 1, k as u32 - 1);
    let p: i64 = eps.numer().try_into().map_err(|_| Error::Input("eps: numerator too large".to_string()))?;
    let q: i64 =
        eps.denom().try_into().map_err(|_| Error::Input("eps: denominator too large".to_string()))?;
    let mut names = Vec::with_capacity(2 * total as usize);
    let mut rws = Vec::with_capacity(2 * total as usize);
    for m in multisets(n as usize - 1, k as u32 - 1) {
        for side in [Side::Upper, Side::Lower] {
            rws.push(int_row(h, k, &m, side, p, q));
            names.push((m.clone(), side));
        }
    }
    Ok(RowLp {
        n: inst.n,
        eps: inst.eps,
        h,
        lo,
        hi,
        superset,
        names,
        rows: rws,
        setting: Setting::default(),
        m: None,
        ns: k,
        obj: vec![lo as usize],
        norm: vec![hi as usize],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_lp_sizes_are_counted_without_wrapping() {
        // The boundary at n = 3: C(k + 1, 2) multisets of two classes out of k.
        assert!(check_row_lp_size(3, 3161).is_ok());
        assert!(check_row_lp_size(3, 3162).unwrap_err().contains("5000703 is above the supported 5000000"));
        // n − 1 and classes − 1 are not wrapped (n = 0 counted 2^64 − 1 keys over one class,
        // a loop of 2^64 steps) and a class count past u32 is not truncated (2^32 + 2 classes
        // counted as 2).
        assert_eq!(check_row_lp_size(0, 1).unwrap_err(), "n = 0: need n ≥ 2");
        assert_eq!(check_row_lp_size(1, 3).unwrap_err(), "n = 1: need n ≥ 2");
        assert_eq!(
            check_row_lp_size(3, 0).unwrap_err(),
            "the row LP with 0 classes: need 1 to 4294967295 classes"
        );
        assert!(check_row_lp_size(3, (1usize << 32) + 2).is_err());
        assert!(check_row_lp_size(3, 2).is_ok());
    }
}
