//! The three-token phase transition (docs/math.md §6), every entry verified exhaustively:
//! rank 1 is exact up to length 2 and fails at length 3 (for `m ≥ 2`; at `m = 1` no gap
//! `d ≥ 2` exists); softmax with base 6 is correct at length 3; the `2^m`-feature head
//! `α = B^{−<x,z>}` is correct at length `L` with base `B = L` and fails with `B = L − 1`.
//!
//! Depends only on the head module and `minip_check::rational`.

use super::eval::{verify, Report};
use super::{builtin, work, Head};
use crate::control::Control;
use crate::error::Error;
use minip_check::rational::{qi, Rat};

/// One verified cell of the table.
#[derive(Clone, Debug)]
pub struct Entry {
    pub column: String,
    /// The length the claim is about (all lengths `1..=len` are verified).
    pub len: u32,
    pub expected_correct: bool,
    pub report: Report,
}

impl Entry {
    pub fn as_expected(&self) -> bool {
        self.report.correct() == self.expected_correct
    }
}

pub struct Row {
    pub m: u32,
    pub entries: Vec<Entry>,
}

fn head(name: &str, m: u32, base: Option<i64>, len: u32) -> Result<Head, Error> {
    let b = base.map(qi);
    let spec = builtin(name, b.as_ref(), len).expect("built-in")?;
    Head::build(&spec, m)
}

/// The table for `m = 1..=m_max`; `exact_len` is the length `L` of the exact-head columns.
pub fn transition(m_max: u32, exact_len: u32, eps: &Rat, ctl: &Control) -> Result<Vec<Row>, Error> {
    if exact_len < 2 {
        return Err(Error::Input("--exact-len must be ≥ 2".into()));
    }
    let l = exact_len as i64;
    // The whole table's work, counted before any head is built (`work`): the five columns of
    // every m, each verified at lengths 1..=len with the symmetry (every built-in is invariant).
    let mut total: u128 = 0;
    for m in 1..=m_max {
        for (name, base, len) in [
            ("rank1", None, 2),
            ("rank1", None, 3),
            ("softmax", Some(6), 3),
            ("exact", Some(l), exact_len),
            ("exact", Some(l - 1), exact_len),
        ] {
            let b = base.map(qi);
            let spec = builtin(name, b.as_ref(), len).expect("built-in")?;
            let s = work::sizes(&spec, m);
            let q = work::queries(m, true, true);
            total = total.saturating_add(work::tables(&s)).saturating_add(work::walk(&s, q, 1, len, eps));
        }
    }
    work::within_budget(
        total,
        &format!("the table up to m = {m_max} with exact heads at length {exact_len}"),
    )?;
    let mut rows = Vec::new();
    for m in 1..=m_max {
        let cells: [(String, Head, u32, bool); 5] = [
            ("rank1 len<=2".into(), head("rank1", m, None, 2)?, 2, true),
            ("rank1 len 3".into(), head("rank1", m, None, 3)?, 3, m < 2),
            ("softmax(6) len 3".into(), head("softmax", m, Some(6), 3)?, 3, true),
            (format!("exact(B={l}) len {l}"), head("exact", m, Some(l), exact_len)?, exact_len, true),
            (
                format!("exact(B={}) len {l}", l - 1),
                head("exact", m, Some(l - 1), exact_len)?,
                exact_len,
                false,
            ),
        ];
        let mut entries = Vec::new();
        for (column, h, len, expected_correct) in cells {
            let report = verify(&h, 1, len, eps, true, ctl)?;
            entries.push(Entry { column, len, expected_correct, report });
        }
        rows.push(Row { m, entries });
    }
    Ok(rows)
}
