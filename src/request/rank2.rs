//! `minip rank --two` as a request: refuting feature rank `≤ 2` at one `m` by two orders
//! (docs/math.md §5.8; `crate::certify::rank2`): a plain result with its table line, JSON
//! record and files (`mMM.json`, `minip-rank2-none/1`, and its proof `mMM.drat`).

use super::{Control, Error};
use crate::certify::rank2::{proof_name, refute_rank2, Rank2};
use crate::print::rank2::{open_line, open_record, refuted_line, refuted_record, Size};
use minip_check::rational::{fmt_q, parse_rational, Rat};
use minip_check::rows::order_cnf::MAX_ORDER_M;
use std::path::Path;

/// `minip rank --two`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankTwo {
    pub m: u32,
    pub n: u32,
    pub eps: String,
}

/// A checked request.
#[derive(Clone, Debug)]
pub struct Job {
    m: u32,
    n: u32,
    eps: Rat,
}

/// What the run found at its `m`.
#[derive(Clone, Debug)]
pub struct RankTwoResult {
    pub m: u32,
    pub n: u32,
    pub eps: Rat,
    pub found: Rank2,
}

/// Largest `n` with `--two`: the ratio LPs of every class pair at `h ≤ 6` stay small.
pub const MAX_N: u32 = 8;

impl RankTwo {
    /// The request from the command line's text: one `m`, one `n`, `ε`.
    pub fn from_text(m: &str, n: &str, eps: &str) -> Result<RankTwo, Error> {
        let one = |flag: &str, v: &str| {
            v.trim()
                .parse::<u32>()
                .map_err(|_| Error::Input(format!("{flag}: malformed '{v}' (one {} with --two)", &flag[2..])))
        };
        Ok(RankTwo { m: one("--m", m)?, n: one("--n", n)?, eps: eps.trim().to_string() })
    }

    /// Checks the parameters (before any work).
    pub fn validate(&self) -> Result<Job, Error> {
        if !(1..=MAX_ORDER_M).contains(&self.m) {
            return Err(Error::Input(format!(
                "--m {}: expected 1..={MAX_ORDER_M} with --two (the order formula has 2·C(2^m, 3) clauses per order)",
                self.m
            )));
        }
        if !(3..=MAX_N).contains(&self.n) {
            return Err(Error::Input(format!("--n {}: expected 3..={MAX_N} with --two", self.n)));
        }
        let eps =
            parse_rational(&self.eps).ok().filter(num_traits::Signed::is_positive).ok_or_else(|| {
                Error::Input(format!("--eps {}: expected a positive rational such as 1/2", self.eps))
            })?;
        Ok(Job { m: self.m, n: self.n, eps })
    }
}

impl Job {
    /// Certifies the ratios, builds and solves the formula, checks the certificate.
    pub fn run(&self, ctl: &Control) -> Result<RankTwoResult, Error> {
        let found = refute_rank2(self.n, &self.eps, self.m, ctl)?;
        Ok(RankTwoResult { m: self.m, n: self.n, eps: self.eps.clone(), found })
    }
}

impl RankTwoResult {
    /// The table line.
    pub fn text(&self) -> String {
        match &self.found {
            Rank2::Refuted { cert, proof, candidates } => refuted_line(cert, *candidates, proof.len()),
            Rank2::Open { ratios, quadruples, variables, clauses } => open_line(
                self.m,
                Size { ratios: *ratios, quadruples: *quadruples, variables: *variables, clauses: *clauses },
            ),
        }
    }

    /// The `rank.two` record.
    pub fn json_line(&self) -> String {
        match &self.found {
            Rank2::Refuted { cert, proof, candidates } => refuted_record(cert, *candidates, proof.len()),
            Rank2::Open { ratios, quadruples, variables, clauses } => open_record(
                self.m,
                self.n,
                &fmt_q(&self.eps),
                Size { ratios: *ratios, quadruples: *quadruples, variables: *variables, clauses: *clauses },
            ),
        }
    }

    /// The record `--json` prints, with the certificate file's text, the line `text` prints and
    /// the proof (`{"name", "bytes"}`): what the Python module returns. `Err(Unknown)` (the
    /// line) when nothing was refuted.
    pub fn value(&self) -> Result<serde_json::Value, Error> {
        let Rank2::Refuted { cert, proof, .. } = &self.found else {
            return Err(Error::Unknown(format!("unknown: {}", self.text().trim_end())));
        };
        let mut v: serde_json::Value =
            serde_json::from_str(self.json_line().trim_end()).expect("a JSON line");
        v["certificate"] = serde_json::Value::String(crate::print::json::pretty(cert.as_ref()));
        v["text"] = serde_json::Value::String(self.text());
        v["proof"] = serde_json::json!({ "name": proof_name(self.m), "bytes": proof });
        Ok(v)
    }

    /// 0 when refuted, 2 (unknown) when two orders satisfy the formula.
    pub fn exit_code(&self) -> i32 {
        match self.found {
            Rank2::Refuted { .. } => 0,
            Rank2::Open { .. } => 2,
        }
    }

    /// Writes `DIR/mMM.drat` and `DIR/mMM.json` together (`crate::print::write_together`: a
    /// failure leaves the old pair or neither file); a refutation only, nothing otherwise.
    pub fn write(&self, dir: &Path) -> Result<(), Error> {
        if let Rank2::Refuted { cert, proof, .. } = &self.found {
            let proof_path = dir.join(proof_name(self.m));
            let cert_path = dir.join(format!("m{:02}.json", self.m));
            let text = crate::print::json::pretty(cert.as_ref());
            crate::print::write_together(&[(&proof_path, proof), (&cert_path, text.as_bytes())])?;
        }
        Ok(())
    }
}
