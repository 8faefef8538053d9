//! `minip readout`: a nonlinear readout (docs/math.md §13, docs/escape.md). For each `(m, n)`,
//! the power-sum construction (rank 1, values of dimension 1, a decoder per query) checked
//! exhaustively, the bits its output needs, and the counting lower bound on the bits of any
//! head's key state (`crate::certify::readout`); with `out`, one `minip-readout/1` certificate
//! per row.

use super::{Error, Values};
use crate::certify::readout::readout;
use crate::control::Control;
use minip_check::check::readout::{checked_multisets, MAX_READOUT_N};
use minip_check::check::Checked;
use minip_check::format::readout::ReadoutCertificate;
use std::path::{Path, PathBuf};

/// `minip readout` as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readout {
    /// Token bits `m ≥ 1`.
    pub m: Values,
    /// Sequence lengths `3 ≤ n ≤ 5`.
    pub n: Values,
    /// Write `mMM_nN.json` per row into this directory (made by `super::gap::out_dir`).
    pub out: Option<PathBuf>,
}

impl Default for Readout {
    /// The command line's defaults: `m = 1..=8`, `n = 3`, no files.
    fn default() -> Readout {
        Readout { m: Values::Text("1..=8".into()), n: Values::Text("3".into()), out: None }
    }
}

/// What `minip readout` found: one checked certificate per `(n, m)`, `n` major.
#[derive(Clone, Debug)]
pub struct ReadoutRows {
    pub rows: Vec<Checked<ReadoutCertificate>>,
}

/// The file name of a row's certificate.
pub fn file_name(m: u32, n: u32) -> String {
    format!("m{m:02}_n{n}.json")
}

/// The `m` and `n` of a readout request, resolved: every `n` in `3..=MAX_READOUT_N`, every
/// `m ≥ 1` (the callers add their own bound on `m`).
pub(super) fn lengths(m: &Values, n: &Values) -> Result<(Vec<u32>, Vec<u32>), Error> {
    let ms = m.resolve("--m")?;
    let ns = n.resolve("--n")?;
    if let Some(&n) = ns.iter().find(|&&n| !(3..=MAX_READOUT_N).contains(&n)) {
        let msg = format!("--n: n = {n} is out of range (3..={MAX_READOUT_N})");
        return Err(if n > MAX_READOUT_N { Error::TooLarge(msg) } else { Error::Input(msg) });
    }
    if ms.contains(&0) {
        return Err(Error::Input("--m: need m >= 1".into()));
    }
    Ok((ms, ns))
}

/// `Err(Interrupted)` when `ctl` was stopped, with how many rows were done: the rows are
/// dropped and nothing is written (the readout requests write only once every row is done).
pub(super) fn stopped(ctl: &Control, done: usize, total: usize) -> Result<(), Error> {
    if ctl.is_stopped() {
        return Err(Error::Interrupted(format!(
            "interrupted after {done} of {total} rows (nothing was written)"
        )));
    }
    Ok(())
}

impl Readout {
    /// Checks every field and every `(m, n)` against the limits, before any work.
    pub fn validate(&self) -> Result<ReadoutJob, Error> {
        let (ms, ns) = lengths(&self.m, &self.n)?;
        super::at_most("(m, n) pairs", ms.len() * ns.len(), minip_check::limits::MAX_RANGE_ITEMS, "rows")?;
        for &n in &ns {
            for &m in &ms {
                checked_multisets(m, n)?;
            }
        }
        Ok(ReadoutJob { ms, ns, out: self.out.clone() })
    }
}

/// A validated `minip readout`: the rows to build, in order, and where to write them.
#[derive(Clone, Debug)]
pub struct ReadoutJob {
    ms: Vec<u32>,
    ns: Vec<u32>,
    out: Option<PathBuf>,
}

impl ReadoutJob {
    /// Builds and checks each row, and writes the rows when asked. `ctl` is looked at before
    /// each row: once stopped, `Err(Interrupted)` and nothing is written.
    pub fn run(&self, ctl: &Control) -> Result<ReadoutRows, Error> {
        let total = self.ms.len() * self.ns.len();
        let mut rows = Vec::with_capacity(total);
        for &n in &self.ns {
            for &m in &self.ms {
                stopped(ctl, rows.len(), total)?;
                rows.push(readout(m, n)?);
            }
        }
        stopped(ctl, rows.len(), total)?;
        if let Some(dir) = &self.out {
            write(&rows, dir)?;
        }
        Ok(ReadoutRows { rows })
    }
}

/// Writes each row's certificate into `dir` as `mMM_nN.json`.
pub fn write(rows: &[Checked<ReadoutCertificate>], dir: &Path) -> Result<(), Error> {
    super::write_each(rows, dir, |c| file_name(c.m, c.n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_in_order_and_refusals() {
        let run = |r: Readout| r.validate()?.run(&Control::new());
        let r = run(Readout { m: Values::List(vec![1, 2]), n: Values::List(vec![3, 4]), out: None }).unwrap();
        let mn: Vec<(u32, u32)> = r.rows.iter().map(|c| (c.m, c.n)).collect();
        assert_eq!(mn, vec![(1, 3), (2, 3), (1, 4), (2, 4)]);
        let ask = |m: Vec<u32>, n: Vec<u32>| {
            run(Readout { m: Values::List(m), n: Values::List(n), out: None }).unwrap_err()
        };
        assert_eq!(ask(vec![3], vec![2]), Error::Input("--n: n = 2 is out of range (3..=5)".into()));
        assert!(matches!(ask(vec![3], vec![6]), Error::TooLarge(_)));
        assert_eq!(ask(vec![0], vec![3]), Error::Input("--m: need m >= 1".into()));
        assert_eq!(
            ask(vec![11], vec![3]),
            Error::TooLarge(
                "m = 11, n = 3: 2098176 multisets of n - 1 keys is above the supported 1048576 \
                 (the exhaustive check sorts and decodes every sum)"
                    .into()
            )
        );
    }
}
