//! `minip rank --weighted` as a request: the weighted trace/Frobenius bound (docs/math.md §15)
//! for one `m`, searched in floating point (`crate::solve::weighted`) from a start support (a
//! rank certificate's `x` words, or one word), made exact and checked
//! (`crate::certify::weighted`); a plain result with its table line, JSON record and file.

use super::{Control, Error};
use crate::certify::weighted::{certificate, integer_weights, ratios};
use crate::error::At;
use crate::print::json;
use crate::solve::weighted::{optimize, search};
use minip_check::check::Checked;
use minip_check::format::weighted::WeightedCertificate;
use minip_check::format::AnyCertificate;
use minip_check::model::code::parse_bits;
use std::path::{Path, PathBuf};

/// Largest `m` whose words are searched (all `2^m` words of weight `3..m−1` are candidates).
pub const SEARCH_MAX_M: u32 = 16;
/// Largest `m` of a start support given by `--from` (above `SEARCH_MAX_M`: its weights only).
pub const MAX_M: u32 = 24;
/// Largest number of restarts (`--rounds`).
pub const MAX_ROUNDS: u32 = 100_000;
/// Largest work of the search, `rounds · 2^m` (each restart scans the `2^m` words): a restart at
/// `m = 16` takes about 0.06 s on the project's 2-core VM (load 2), so the budget is about a
/// minute there (1,000 restarts) and admits the largest `--rounds` from `m ≤ 9` down.
pub const MAX_ROUNDS_WORK: u64 = 1000 << 16;
/// Most words of a start support (`--from`): the search keeps a `k × k` matrix of floats
/// (4096 words: 128 MiB) and the exact check compares `k²` pairs (the committed rank codes
/// have `k ≤ 2576`).
pub const MAX_START_WORDS: usize = 4096;

/// `minip rank --weighted`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weighted {
    pub m: u32,
    pub n: u32,
    /// A `minip-rank/2` or `minip-rank-weighted/1` file whose `x` words start the search.
    pub from: Option<PathBuf>,
    /// Restarts of the local search (0: the start support's optimal weights only).
    pub rounds: u32,
}

/// A checked request.
#[derive(Clone, Debug)]
pub struct Job {
    req: Weighted,
    start: Vec<u64>,
}

/// The certified weighted bound and where it came from.
#[derive(Clone, Debug)]
pub struct WeightedResult {
    pub cert: Checked<WeightedCertificate>,
    /// The float value of the start support with optimal weights.
    pub start_value: f64,
    /// The float value of the support found (before the weights were made integers).
    pub search_value: f64,
}

impl Weighted {
    /// The request from the command line's text: one `m`, one `n`, and `ε` as given (the
    /// closed-form ratios are those of `ε = 1/2`, so any other `ε` is refused).
    pub fn from_text(
        m: &str,
        n: &str,
        eps: &str,
        from: Option<PathBuf>,
        rounds: u32,
    ) -> Result<Weighted, Error> {
        let one = |flag: &str, v: &str| {
            v.trim().parse::<u32>().map_err(|_| {
                Error::Input(format!("{flag}: malformed '{v}' (one {} with --weighted)", &flag[2..]))
            })
        };
        if eps.trim() != "1/2" {
            return Err(Error::Input(format!(
                "--eps {eps}: --weighted uses the closed-form ratios at eps = 1/2"
            )));
        }
        Ok(Weighted { m: one("--m", m)?, n: one("--n", n)?, from, rounds })
    }

    /// Checks the parameters and reads the start support.
    pub fn validate(&self) -> Result<Job, Error> {
        if !(4..=MAX_M).contains(&self.m) {
            return Err(Error::Input(format!("--m {}: expected 4..={MAX_M} with --weighted", self.m)));
        }
        if !(3..=minip_check::limits::MAX_N).contains(&self.n) {
            return Err(Error::Input(format!("--n {}: expected 3..=1024", self.n)));
        }
        super::at_most("--rounds", self.rounds, MAX_ROUNDS, "restarts of the weighted search")?;
        if self.m <= SEARCH_MAX_M {
            super::at_most(
                &format!("the search (--rounds x 2^m, m = {})", self.m),
                u64::from(self.rounds) << self.m,
                MAX_ROUNDS_WORK,
                "each restart scans every word; about a minute",
            )?;
        }
        let start = match &self.from {
            Some(p) => start_words(p, self.m)?,
            None if self.m <= SEARCH_MAX_M => {
                let x = (1u64 << (self.m / 2)) - 1;
                vec![x, ((1u64 << self.m) - 1) & !x]
            }
            None => {
                return Err(Error::Input(format!(
                    "--m {}: above {SEARCH_MAX_M} the weighted search needs a start support (--from FILE)",
                    self.m
                )))
            }
        };
        Ok(Job { req: self.clone(), start })
    }
}

/// The `x` words of a rank certificate of `m` bits (the pairs are rebuilt as `(x, ¬x)`).
fn start_words(p: &Path, m: u32) -> Result<Vec<u64>, Error> {
    let shown = p.display();
    let words: Vec<String> = match minip_check::read::read(p).at(&format!("--from {shown}"))? {
        AnyCertificate::Rank(c) if c.params.m == m => c.code.x,
        AnyCertificate::RankWeighted(c) if c.params.m == m => c.pairs.into_iter().map(|p| p.x).collect(),
        _ => {
            return Err(Error::Input(format!(
                "--from {shown}: expected a minip-rank/2 or minip-rank-weighted/1 certificate with m = {m}"
            )))
        }
    };
    super::at_most(
        &format!("--from {shown}: start words"),
        words.len(),
        MAX_START_WORDS,
        "a k x k matrix of the support",
    )?;
    words.iter().map(|s| parse_bits(s, m).at(&format!("--from {shown}"))).collect()
}

impl Job {
    /// The file the run writes into `dir` (`--out DIR`): `mMM.json`.
    pub fn file_name(&self) -> String {
        format!("m{:02}.json", self.req.m)
    }

    /// Refuses `--out DIR` when the file the run would write there is its own `--from` input
    /// (or a link to it), before any work.
    pub fn check_out(&self, dir: &Path) -> Result<(), Error> {
        let inputs = crate::print::Inputs::new().add_some("the --from certificate", self.req.from.as_deref());
        let name = self.file_name();
        inputs.refuse_dir("--out", dir, |n| n == name)
    }

    /// Searches, makes the weights exact and checks the certificate.
    pub fn run(&self, ctl: &Control) -> Result<WeightedResult, Error> {
        let (m, n) = (self.req.m, self.req.n);
        let r = ratios(n, m);
        let start = optimize(&r, &self.start, None).ok_or_else(|| {
            Error::Input("the start support has an unbounded entry (two words at overlap ≤ 1)".into())
        })?;
        let words: Vec<u64> = if m <= SEARCH_MAX_M {
            (0u64..1 << m).filter(|x| (3..m).contains(&x.count_ones())).collect()
        } else {
            Vec::new()
        };
        let rounds = if words.is_empty() { 0 } else { self.req.rounds };
        let meter = ctl.meter(u64::from(rounds), "restarts");
        let mut started = 0u32;
        let best = search(&r, &words, &self.start, rounds, || {
            if started > 0 {
                meter.inc(1);
            }
            started += 1;
            !ctl.is_stopped()
        })
        .expect("the start support is bounded");
        meter.finish();
        if ctl.is_stopped() {
            return Err(Error::Interrupted("interrupted (nothing written)".into()));
        }
        let (x, w) = integer_weights(&best);
        let construction = match &self.req.from {
            Some(_) if rounds == 0 => "weights on the start support".to_string(),
            Some(_) => format!("local search from the start support, {rounds} restarts"),
            None => format!("local search from a word and its complement, {rounds} restarts"),
        };
        let cert = certificate(n, m, &x, &w, &construction)?;
        Ok(WeightedResult { cert, start_value: start.value, search_value: best.value })
    }
}

impl WeightedResult {
    /// The table line (`crate::print::weighted`).
    pub fn text(&self) -> String {
        crate::print::weighted::line(&self.cert, self.start_value, self.search_value)
    }

    /// The record `--json` prints, with the certificate file's text, the line `text` prints
    /// and the float values of the start and of the search (what the Python module returns).
    pub fn value(&self) -> serde_json::Value {
        let mut v: serde_json::Value =
            serde_json::from_str(self.json_line().trim_end()).expect("a JSON line");
        v["certificate"] = serde_json::Value::String(crate::print::json::pretty(&self.cert));
        v["text"] = serde_json::Value::String(self.text());
        v["start_value"] = serde_json::json!(self.start_value);
        v["search_value"] = serde_json::json!(self.search_value);
        v
    }

    /// The `rank.weighted` record.
    pub fn json_line(&self) -> String {
        crate::print::weighted::record(&self.cert)
    }

    /// Writes `DIR/mMM.json`.
    pub fn write(&self, dir: &Path) -> Result<(), Error> {
        let path = dir.join(format!("m{:02}.json", self.cert.cert().params.m));
        crate::print::write_file(&path, &json::pretty(&self.cert))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_on_two_complementary_words_give_the_known_value() {
        // m = 8: x = 11110000 and its complement, class h with R(0, 4; 4) = 4 both ways:
        // value 4/(2 + 2/16) = 32/17, bound 2.
        let job = Weighted { m: 8, n: 3, from: None, rounds: 0 }.validate().unwrap();
        let r = job.run(&Control::new()).unwrap();
        let c = r.cert.cert();
        assert_eq!((c.value.as_str(), c.unweighted_value.as_str(), c.bound, c.k), ("32/17", "32/17", 2, 2));
        assert!((r.start_value - 32.0 / 17.0).abs() < 1e-12);
    }
}
