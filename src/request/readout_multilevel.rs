//! `minip readout --multilevel`: the multilevel family of the paper's finite-precision theorem,
//! as minip builds it (docs/math.md §13.10). For each `(q, s)`, every one of the `(s + 1)^q`
//! length-`2q` sequences with the same queries is built and its answers at the queries computed
//! (`crate::certify::multilevel`); the result is a checked `minip-multilevel/1` certificate.

use super::{Error, Values};
use crate::certify::multilevel::multilevel;
use crate::control::Control;
use minip_check::check::Checked;
use minip_check::format::multilevel::MultilevelCertificate;
use minip_check::model::multilevel::shape;
use std::path::{Path, PathBuf};

/// `minip readout --multilevel` as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadoutMultilevel {
    /// Independent answers `q ≥ 1` (queries, and keys, per sequence).
    pub q: Values,
    /// Levels `0..=s` per answer, `s ≥ 1`.
    pub s: Values,
    /// Write `qQQ_sSS.json` per row into this directory.
    pub out: Option<PathBuf>,
}

/// What `minip readout --multilevel` found: one checked certificate per `(q, s)`, `q` major.
#[derive(Clone, Debug)]
pub struct MultilevelRows {
    pub rows: Vec<Checked<MultilevelCertificate>>,
}

/// The file name of a row's certificate.
pub fn file_name(q: u32, s: u32) -> String {
    format!("q{q:02}_s{s:02}.json")
}

impl ReadoutMultilevel {
    /// Checks every `(q, s)` against the limits, before any work.
    pub fn validate(&self) -> Result<MultilevelJob, Error> {
        let qs = self.q.resolve("--q")?;
        let ss = self.s.resolve("--s")?;
        if qs.contains(&0) {
            return Err(Error::Input("--q: need q >= 1".into()));
        }
        if ss.contains(&0) {
            return Err(Error::Input("--s: need s >= 1".into()));
        }
        super::at_most("(q, s) pairs", qs.len() * ss.len(), minip_check::limits::MAX_RANGE_ITEMS, "rows")?;
        for &q in &qs {
            for &s in &ss {
                shape(q, s).map_err(|e| e.at(&format!("q = {q}, s = {s}")))?;
            }
        }
        Ok(MultilevelJob { qs, ss, out: self.out.clone() })
    }
}

/// A validated `minip readout --multilevel`: the rows to build, in order, and where to write them.
#[derive(Clone, Debug)]
pub struct MultilevelJob {
    qs: Vec<u32>,
    ss: Vec<u32>,
    out: Option<PathBuf>,
}

impl MultilevelJob {
    /// Builds and checks each row, and writes the rows when asked. `ctl` is looked at before
    /// each row: once stopped, `Err(Interrupted)` and nothing is written.
    pub fn run(&self, ctl: &Control) -> Result<MultilevelRows, Error> {
        let total = self.qs.len() * self.ss.len();
        let mut rows = Vec::with_capacity(total);
        for &q in &self.qs {
            for &s in &self.ss {
                super::readout::stopped(ctl, rows.len(), total)?;
                rows.push(multilevel(q, s)?);
            }
        }
        super::readout::stopped(ctl, rows.len(), total)?;
        if let Some(dir) = &self.out {
            write(&rows, dir)?;
        }
        Ok(MultilevelRows { rows })
    }
}

/// Writes each row's certificate into `dir` as `qQQ_sSS.json`.
pub fn write(rows: &[Checked<MultilevelCertificate>], dir: &Path) -> Result<(), Error> {
    super::write_each(rows, dir, |c| file_name(c.q, c.s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_in_order_and_refusals() {
        let ask = |q: Vec<u32>, s: Vec<u32>| {
            ReadoutMultilevel { q: Values::List(q), s: Values::List(s), out: None }
                .validate()
                .and_then(|j| j.run(&Control::new()))
        };
        let r = ask(vec![1, 2], vec![1, 3]).unwrap();
        let got: Vec<(u32, u32, u64, u32)> =
            r.rows.iter().map(|c| (c.q, c.s, c.distinct, c.lower_bits)).collect();
        assert_eq!(got, vec![(1, 1, 2, 1), (1, 3, 4, 2), (2, 1, 4, 2), (2, 3, 16, 4)]);
        assert_eq!(ask(vec![0], vec![1]).unwrap_err(), Error::Input("--q: need q >= 1".into()));
        assert_eq!(ask(vec![1], vec![0]).unwrap_err(), Error::Input("--s: need s >= 1".into()));
        assert_eq!(
            ask(vec![19], vec![1]).unwrap_err(),
            Error::TooLarge(
                "q = 19, s = 1: (s + 1)^q = 524288 is above the supported 262144 (every sequence is \
                 built and its answers computed)"
                    .into()
            )
        );
        assert!(
            matches!(ask(vec![2], vec![22]).unwrap_err(), Error::TooLarge(ref m) if m.contains("m = (q + 1)s = 66"))
        );
    }
}
