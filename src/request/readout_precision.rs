//! `minip readout --precision`: the least precision of the readout's integer scheme
//! (docs/math.md §13.9). For each `(m, n)`, varisat decides "integer values in `[0, V]` separate
//! the target functions" for `V = 0, 1, …` within a budget of proof clauses per `V`
//! (`crate::certify::readout_precision`); the result is a checked `minip-readout-precision/1`
//! certificate (the least `V`, or a bracket when the budget ran out) and its DRAT proof.

use super::{Error, Values};
use crate::certify::readout_precision::precision;
pub use crate::certify::readout_precision::{proof_name, Precision, Undecided, DEFAULT_PRECISION_BUDGET};
use crate::control::Control;
use minip_check::check::drup::MAX_DRAT_CLAUSES;
use minip_check::rows::readout_cnf::MAX_PRECISION_M;
use std::path::{Path, PathBuf};

/// Largest `--budget`: proof clauses per `V`, half the clauses the checker's database holds
/// (`minip_check::check::drup::MAX_DRAT_CLAUSES`), the other half left to the formula. A
/// refutation the checker still cannot take (its clause or propagation limit) certifies
/// nothing; the row then says so and keeps the largest `V` refuted within the limits.
pub const MAX_PRECISION_BUDGET: u64 = MAX_DRAT_CLAUSES as u64 / 2;

/// `minip readout --precision` as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadoutPrecision {
    /// Token bits `1 ≤ m ≤ 4`.
    pub m: Values,
    /// Sequence lengths `3 ≤ n ≤ 5`.
    pub n: Values,
    /// Proof clauses per `V` (`None`: [`DEFAULT_PRECISION_BUDGET`]).
    pub budget: Option<u64>,
    /// Write `mMM_nN.json` and `mMM_nN.drat` per row into this directory.
    pub out: Option<PathBuf>,
}

/// What `minip readout --precision` found: one checked certificate per `(n, m)`, `n` major.
#[derive(Clone, Debug)]
pub struct PrecisionRows {
    pub rows: Vec<Precision>,
}

impl ReadoutPrecision {
    /// Checks every field against the limits, before any work.
    pub fn validate(&self) -> Result<PrecisionJob, Error> {
        let (ms, ns) = super::readout::lengths(&self.m, &self.n)?;
        if let Some(&m) = ms.iter().find(|&&m| m > MAX_PRECISION_M) {
            super::at_most("--m", m, MAX_PRECISION_M, "the precision CNF classifies every multiset of keys")?;
        }
        let budget = self.budget.unwrap_or(DEFAULT_PRECISION_BUDGET);
        if budget == 0 {
            return Err(Error::Input("--budget: need at least 1 proof clause".into()));
        }
        super::at_most("--budget", budget, MAX_PRECISION_BUDGET, "proof clauses per V, each checked")?;
        super::at_most("(m, n) pairs", ms.len() * ns.len(), minip_check::limits::MAX_RANGE_ITEMS, "rows")?;
        Ok(PrecisionJob { ms, ns, budget, out: self.out.clone() })
    }
}

/// A validated `minip readout --precision`: the rows to search, in order, the budget per `V`,
/// and where to write them.
#[derive(Clone, Debug)]
pub struct PrecisionJob {
    ms: Vec<u32>,
    ns: Vec<u32>,
    budget: u64,
    out: Option<PathBuf>,
}

impl PrecisionJob {
    /// Searches and checks each row, and writes the rows when asked. A stop of `ctl` ends the
    /// solver at its next proof write: `Err(Interrupted)`, and nothing is written.
    pub fn run(&self, ctl: &Control) -> Result<PrecisionRows, Error> {
        let total = self.ms.len() * self.ns.len();
        let mut rows = Vec::with_capacity(total);
        'rows: for &n in &self.ns {
            for &m in &self.ms {
                match precision(m, n, self.budget, ctl) {
                    Ok(p) => rows.push(p),
                    Err(Error::Interrupted(_)) => break 'rows,
                    Err(e) => return Err(e),
                }
            }
        }
        super::readout::stopped(ctl, rows.len(), total)?;
        if let Some(dir) = &self.out {
            write(&rows, dir)?;
        }
        Ok(PrecisionRows { rows })
    }
}

/// The certificate's file name (its proof is [`proof_name`]).
pub fn file_name(m: u32, n: u32) -> String {
    super::readout::file_name(m, n)
}

/// Writes each row's proof and certificate into `dir`, the two as a pair
/// (`crate::print::write_together`): a failure leaves the row's old pair, or neither file.
pub fn write(rows: &[Precision], dir: &Path) -> Result<(), Error> {
    for p in rows {
        let (m, n) = (p.cert.m, p.cert.n);
        let cert = crate::print::json::pretty(&p.cert);
        let (proof_path, cert_path) = (dir.join(proof_name(m, n)), dir.join(file_name(m, n)));
        crate::print::write_together(&[(&proof_path, &p.proof), (&cert_path, cert.as_bytes())])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals() {
        let ask = |m: Vec<u32>, n: Vec<u32>, budget: Option<u64>| {
            ReadoutPrecision { m: Values::List(m), n: Values::List(n), budget, out: None }
                .validate()
                .and_then(|j| j.run(&Control::new()))
                .unwrap_err()
        };
        assert_eq!(ask(vec![1], vec![2], None), Error::Input("--n: n = 2 is out of range (3..=5)".into()));
        assert_eq!(ask(vec![0], vec![3], None), Error::Input("--m: need m >= 1".into()));
        assert!(matches!(ask(vec![5], vec![3], None), Error::TooLarge(ref s) if s.contains("--m = 5")));
        assert!(matches!(ask(vec![1], vec![3], Some(MAX_PRECISION_BUDGET + 1)), Error::TooLarge(_)));
        assert!(matches!(ask(vec![1], vec![3], Some(0)), Error::Input(_)));
        let r = ReadoutPrecision {
            m: Values::List(vec![1, 2]),
            n: Values::List(vec![3]),
            budget: None,
            out: None,
        }
        .validate()
        .unwrap()
        .run(&Control::new())
        .unwrap();
        let got: Vec<(u32, u64, bool)> =
            r.rows.iter().map(|p| (p.cert.m, p.cert.max_value, p.cert.least)).collect();
        assert_eq!(got, vec![(1, 1, true), (2, 6, true)]);
    }

    #[test]
    fn a_failed_write_leaves_the_old_pair() {
        let dir = crate::request::testing::scratch("precision-pair");
        std::fs::create_dir_all(&dir).unwrap();
        let ask = |m: u32, budget: u64| {
            ReadoutPrecision {
                m: Values::List(vec![m]),
                n: Values::List(vec![3]),
                budget: Some(budget),
                out: None,
            }
            .validate()
            .unwrap()
            .run(&Control::new())
            .unwrap()
        };
        // The pair of m = 2 with a small budget (a range), then the exact one fails to replace it.
        let old = ask(2, 20);
        write(&old.rows, &dir).unwrap();
        let (proof, cert) = (dir.join(proof_name(2, 3)), dir.join(file_name(2, 3)));
        let before = (std::fs::read(&proof).unwrap(), std::fs::read(&cert).unwrap());
        let blocker = dir.join(format!(".m02_n3.json.tmp{}", std::process::id()));
        std::fs::create_dir(&blocker).unwrap();
        let e = write(&ask(2, DEFAULT_PRECISION_BUDGET).rows, &dir).unwrap_err();
        assert!(matches!(&e, Error::Io(m) if m.ends_with("(nothing of the set was replaced)")), "{e:?}");
        std::fs::remove_dir(&blocker).unwrap();
        assert_eq!((std::fs::read(&proof).unwrap(), std::fs::read(&cert).unwrap()), before);
        // The old pair still verifies.
        let v = crate::request::verify::Verify { paths: vec![cert.clone()] }.validate().unwrap();
        let done = v.run(&Control::new(), |_| Ok(())).unwrap();
        assert_eq!(done.status(), Ok(0));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
