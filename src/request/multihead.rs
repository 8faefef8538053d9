//! `minip multihead domination`: does the step of Lemma 3 survive several heads? For each
//! `(n, d)`, `H` exact heads with `α_h(x,y) = 0` whose summed outputs are exact on S1–S3
//! (`crate::certify::multihead`), each recomputed by the checker before it is reported.

use super::{Error, Values};
use crate::certify::multihead::{escape, Escape};
use crate::print::json;
use minip_check::limits::MAX_N;
use minip_check::rational::{fmt_q, parse_rational};
use num_traits::Signed;
use std::path::Path;

/// The most heads asked for at once (the construction uses two; the others get zero values).
pub const MAX_HEADS: u32 = 64;

/// `minip multihead domination` as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domination {
    pub heads: u32,
    /// Gaps `d ≥ 1` (the configuration `(h, u, w) = (d, 0, d)`).
    pub d: Values,
    /// Sequence lengths `n ≥ 3`.
    pub n: Values,
    pub eps: String,
}

impl Default for Domination {
    /// The command line's defaults: two heads, `d = 2..=8`, `n = 3..=6`, `ε = 1/2`.
    fn default() -> Domination {
        Domination {
            heads: 2,
            d: Values::Text("2..=8".into()),
            n: Values::Text("3..=6".into()),
            eps: "1/2".into(),
        }
    }
}

/// What `minip multihead domination` found: one escape per `(n, d)`, `n` major.
#[derive(Clone, Debug)]
pub struct Dominated {
    pub rows: Vec<Escape>,
}

impl Dominated {
    /// The name of the certificate of one row: `nN_dD.json`.
    pub fn file_name(e: &Escape) -> String {
        format!("n{}_d{}.json", e.n, e.gap.d())
    }

    /// Writes one `minip-multihead/1` certificate per row into `dir` (made by
    /// `super::gap::out_dir`), each checked by the checker crate before it is written; returns
    /// the names written, in row order.
    pub fn write(&self, dir: &Path) -> Result<Vec<String>, Error> {
        let mut names = Vec::with_capacity(self.rows.len());
        for e in &self.rows {
            let cert = e.certificate().map_err(Error::Rejected)?;
            let name = Dominated::file_name(e);
            crate::print::write_file(&dir.join(&name), &json::by_lines(&cert)).map_err(Error::Io)?;
            names.push(name);
        }
        Ok(names)
    }
}

impl Domination {
    /// Checks every field, then builds and checks the heads of every `(n, d)`.
    pub fn run(&self) -> Result<Dominated, Error> {
        if !(2..=MAX_HEADS).contains(&self.heads) {
            let msg = format!(
                "--heads {}: need 2..={MAX_HEADS} (one head is Lemma 3 itself: minip check --d D)",
                self.heads
            );
            return Err(if self.heads > MAX_HEADS { Error::TooLarge(msg) } else { Error::Input(msg) });
        }
        let eps = parse_rational(&self.eps).map_err(|e| Error::Input(format!("--eps: {e}")))?;
        if !eps.is_positive() {
            return Err(Error::Input(format!("need ε > 0, got ε = {}", fmt_q(&eps))));
        }
        let ds = self.d.resolve("--d")?;
        let ns = self.n.resolve("--n")?;
        if let Some(&n) = ns.iter().find(|&&n| !(3..=MAX_N).contains(&n)) {
            let msg = format!("--n: n = {n} is out of range (3..={MAX_N})");
            return Err(if n > MAX_N { Error::TooLarge(msg) } else { Error::Input(msg) });
        }
        if ds.contains(&0) {
            return Err(Error::Input("--d: the gap d must be at least 1".into()));
        }
        super::at_most("(n, d) pairs", ns.len() * ds.len(), minip_check::limits::MAX_RANGE_ITEMS, "rows")?;
        let mut rows = Vec::with_capacity(ns.len() * ds.len());
        for &n in &ns {
            for &d in &ds {
                rows.push(escape(n, &eps, d, self.heads).map_err(|e| match e.strip_prefix("unknown: ") {
                    Some(m) => Error::Unknown(format!("unknown: {m}")),
                    None => Error::Input(e),
                })?);
            }
        }
        Ok(Dominated { rows })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::q;

    #[test]
    fn the_default_grid_escapes_and_bad_input_is_refused() {
        let r = Domination::default().run().unwrap();
        assert_eq!(r.rows.len(), 4 * 7);
        assert!(r.rows.iter().all(|e| e.max_error == q(0, 1) && e.heads.len() == 2));
        let ask = |d: Domination| d.run().unwrap_err();
        assert_eq!(
            ask(Domination { heads: 1, ..Domination::default() }),
            Error::Input("--heads 1: need 2..=64 (one head is Lemma 3 itself: minip check --d D)".into())
        );
        assert!(matches!(ask(Domination { heads: 65, ..Domination::default() }), Error::TooLarge(_)));
        assert_eq!(
            ask(Domination { n: Values::List(vec![2]), ..Domination::default() }),
            Error::Input("--n: n = 2 is out of range (3..=1024)".into())
        );
        assert_eq!(
            ask(Domination { d: Values::List(vec![0]), ..Domination::default() }),
            Error::Input("--d: the gap d must be at least 1".into())
        );
        let e = ask(Domination { eps: "0".into(), ..Domination::default() });
        assert_eq!(e, Error::Input("need ε > 0, got ε = 0".into()));
    }
}
