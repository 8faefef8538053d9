//! `minip multihead domination`: does the step of Lemma 3 survive several heads? For each
//! `(n, d)`, `H` exact heads with `α_h(x,y) = 0` whose summed outputs are exact on S1–S3
//! (`crate::certify::multihead`), each recomputed by the checker before it is reported.

use super::{Control, Error, Values};
use crate::batch::committed::Source;
use crate::batch::frontier::{read_lower_n, Lower};
use crate::certify::multihead::{escape, heads_upper, weight_heads, Escape, HeadsUpper, WeightHeads};
use crate::error::At;
use crate::print::json;
use crate::print::multihead::{DominationRecord, HeadsFrontierRecord};
use minip_check::limits::MAX_N;
use minip_check::rational::{fmt_q, parse_rational};
use num_bigint::BigInt;
use num_traits::Signed;
use std::collections::BTreeMap;
use std::path::Path;

/// The most heads asked for at once (the construction uses two; the others get zero values).
pub const MAX_HEADS: u32 = minip_check::check::multihead::MAX_CERT_HEADS;

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
            let name = Dominated::file_name(e);
            crate::print::write_file(&dir.join(&name), &json::by_lines(&e.cert))?;
            names.push(name);
        }
        Ok(names)
    }

    /// The rows as `--json` prints them (kind `multihead.domination`).
    pub fn records(&self) -> Vec<DominationRecord> {
        self.rows
            .iter()
            .map(|e| {
                let rows: Vec<_> = e.heads.iter().map(|h| (h.alpha.clone(), h.s.clone())).collect();
                DominationRecord::new(e.n, &e.eps, e.gap.d(), &e.k, &rows, &e.max_error, e.in_range())
            })
            .collect()
    }
}

/// A validated `minip multihead domination`: every field in range.
#[derive(Clone, Debug)]
pub struct DominationJob {
    heads: u32,
    eps: minip_check::rational::Rat,
    ns: Vec<u32>,
    ds: Vec<u32>,
}

impl Domination {
    /// Checks every field (nothing is built).
    pub fn validate(&self) -> Result<DominationJob, Error> {
        if !(2..=MAX_HEADS).contains(&self.heads) {
            let msg = format!(
                "--heads {}: need 2..={MAX_HEADS} (one head is Lemma 3 itself: minip check --d D)",
                self.heads
            );
            return Err(if self.heads > MAX_HEADS { Error::TooLarge(msg) } else { Error::Input(msg) });
        }
        let eps = parse_rational(&self.eps).at("--eps")?;
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
        Ok(DominationJob { heads: self.heads, eps, ns, ds })
    }

    /// [`Domination::validate`], then [`DominationJob::run`] with a control that never stops.
    pub fn run(&self) -> Result<Dominated, Error> {
        self.validate()?.run(&Control::new())
    }
}

impl DominationJob {
    /// Builds and checks the heads of every `(n, d)`: each row is the checker's verdict on the
    /// full claim of its `minip-multihead/1` certificate (the one `--out` writes). A stop asked
    /// through `ctl` ends the run before the next row (nothing is written by the run itself).
    pub fn run(&self, ctl: &Control) -> Result<Dominated, Error> {
        let total = self.ns.len() * self.ds.len();
        let mut rows = Vec::with_capacity(total);
        for &n in &self.ns {
            for &d in &self.ds {
                ctl.stopped_after(rows.len(), total, "rows")?;
                rows.push(escape(n, &self.eps, d, self.heads)?);
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
        // A stopped control ends the run before its first row.
        let ctl = Control::new();
        ctl.stop();
        let e = Domination::default().validate().unwrap().run(&ctl).unwrap_err();
        assert_eq!(
            e,
            Error::Interrupted("interrupted after 0 of 28 rows (every file written is complete)".into())
        );
    }

    #[test]
    fn settings_outside_the_lemmas_range_print_what_the_checker_accepts() {
        // eps > d/2 (K < 0): the printed rows are the certificate's, checked in full, and marked.
        let bad =
            Domination { d: Values::List(vec![1]), n: Values::List(vec![3]), eps: "1".into(), heads: 2 };
        let r = bad.run().unwrap();
        let rec = &r.records()[0];
        assert_eq!((rec.paper_k.as_str(), rec.in_range, rec.max_error.as_str()), ("-1/2", false, "1/2"));
        assert_eq!(rec.alpha, vec![["1".to_string(), "0".into(), "0".into()]; 2]);
        let e = &r.rows[0];
        assert_eq!(minip_check::check::multihead::check_multihead(e.cert.cert()).unwrap().k, q(-1, 2));
        let ok = Domination::default().run().unwrap();
        assert!(ok.records().iter().all(|r| r.in_range));
    }
}

/// The largest kernel degree `minip multihead frontier` takes (`(o + c)^degree`).
pub const MAX_HEADS_DEGREE: u32 = 8;

/// The directory of single-head certificates `mMM.per_weight.json` when none is given.
pub const DEFAULT_SINGLE_DIR: &str = "proofs/frontier";

pub use super::frontier::{DEFAULT_RANK_DIR, DEFAULT_RANK_LINEAR_DIR};

/// `minip multihead frontier` as asked: `H` heads with kernels `(o + c_{k,h})^degree` on every
/// length-3 sequence over `{0,1}^m`, for each `m`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadsFrontier {
    pub heads: u32,
    /// The `m`, each in `1..=64`.
    pub m: Values,
    pub degree: u32,
    /// Each head's values a polynomial of degree at most `T` in the overlap (`None`: free
    /// class values), so its value dimension is at most `Σ_{1≤j≤T} C(m,j)` (docs/math.md §10.11).
    pub value_degree: Option<u32>,
    /// Where the single-head frontier's certificates are read (`None`: `proofs/frontier`,
    /// `-`: none).
    pub single_dir: Option<std::path::PathBuf>,
    /// Where the single-head lower bounds are read: `minip-rank/2` certificates `mMM.json`
    /// (`None`: `proofs/rank`, `-`: none) and linear-code certificates `n3_mMMM.json` (`None`:
    /// `proofs/rank-linear`, `-`: none).
    pub rank_dir: Option<std::path::PathBuf>,
    pub rank_linear_dir: Option<std::path::PathBuf>,
}

impl Default for HeadsFrontier {
    /// The command line's defaults: three heads of degree 1, `m = 4..=16`.
    fn default() -> HeadsFrontier {
        HeadsFrontier {
            heads: 3,
            m: Values::Text("4..=16".into()),
            degree: 1,
            value_degree: None,
            single_dir: None,
            rank_dir: None,
            rank_linear_dir: None,
        }
    }
}

/// One `m`: certified heads with their total rank, or why not.
#[derive(Clone, Debug)]
pub struct HeadsRow {
    pub m: u32,
    pub result: Result<HeadsUpper, Error>,
    /// The rank of the committed single-head (per-weight) frontier head at this `m`, checked.
    pub single: Option<BigInt>,
    /// The best certified lower bound on one head's rank at this `m`: a checked rank or
    /// linear-code certificate at some `m' ≤ m` (a head over `{0,1}^m` restricts to one over
    /// `{0,1}^m'`).
    pub single_lower: Option<Lower>,
}

/// What `minip multihead frontier` found, one row per `m` in order.
#[derive(Clone, Debug)]
pub struct HeadsFound {
    pub heads: u32,
    pub degree: u32,
    pub value_degree: Option<u32>,
    pub rows: Vec<HeadsRow>,
    /// One line per certificate in the lower-bound directories whose claim gives no bound
    /// here (another length, a larger eps, not a rank bound), for a warning.
    pub skipped: Vec<String>,
}

impl HeadsFound {
    /// 0 when every row was certified, 2 otherwise (unknown).
    pub fn exit_code(&self) -> i32 {
        if self.rows.iter().all(|r| r.result.is_ok()) {
            0
        } else {
            2
        }
    }

    /// The name of the certificate of one certified row: `mMM.hH.dP.json`, with values of
    /// degree at most `T` `mMM.hH.dP.vT.json`.
    pub fn file_name(&self, m: u32) -> String {
        let t = self.value_degree.map_or_else(String::new, |t| format!(".v{t}"));
        format!("m{m:02}.h{}.d{}{t}.json", self.heads, self.degree)
    }

    /// Writes one `minip-multihead-heads/1` certificate per certified row into `dir` (made by
    /// `crate::print::out_dir`), each checked by the checker crate before it is written;
    /// returns the names written, in row order (an unknown row writes nothing).
    pub fn write(&self, dir: &Path) -> Result<Vec<String>, Error> {
        let mut names = Vec::new();
        for r in &self.rows {
            if let Ok(u) = &r.result {
                let name = self.file_name(r.m);
                crate::print::write_file(&dir.join(&name), &json::by_lines(&u.cert))?;
                names.push(name);
            }
        }
        Ok(names)
    }

    /// The rows as `--json` prints them (kind `multihead.frontier`).
    pub fn records(&self) -> Vec<HeadsFrontierRecord> {
        self.rows
            .iter()
            .map(|r| {
                let (ok, reason) = match &r.result {
                    Ok(u) => (Some(u), None),
                    Err(e) => (None, Some(e.message().to_string())),
                };
                HeadsFrontierRecord {
                    m: r.m,
                    heads: self.heads,
                    degree: self.degree,
                    value_degree: self.value_degree,
                    verdict: if ok.is_some() { "certified" } else { "unknown" }.into(),
                    total_rank: ok.map(|u| u.total_rank.to_string()),
                    head_ranks: ok.map_or_else(Vec::new, |u| u.ranks.iter().map(|x| x.to_string()).collect()),
                    value_dims: ok.map_or_else(Vec::new, |u| {
                        u.cert.claim().value_dims.iter().map(|x| x.to_string()).collect()
                    }),
                    total_state: ok.map(|u| u.cert.claim().total_state.to_string()),
                    margin: ok.map(|u| fmt_q(&u.margin)),
                    single_head_rank: r.single.as_ref().map(|x| x.to_string()),
                    single_head_lower: r.single_lower.as_ref().map(|l| l.bound.to_string()),
                    single_head_lower_file: r.single_lower.as_ref().map(|l| l.file.display().to_string()),
                    reason,
                }
            })
            .collect()
    }
}

/// A validated `minip multihead frontier`: every field in range, every directory named there.
#[derive(Clone, Debug)]
pub struct HeadsFrontierJob {
    heads: u32,
    degree: u32,
    value_degree: Option<u32>,
    ms: Vec<u32>,
    single_dir: Source,
    /// `(flag, directory)` of the lower-bound directories to read (`-` left out).
    lower_dirs: Vec<(&'static str, Source)>,
}

impl HeadsFrontier {
    /// Checks every field and that every directory named exists (nothing is read).
    pub fn validate(&self) -> Result<HeadsFrontierJob, Error> {
        use crate::batch::frontier::MAX_FRONTIER_M;
        if !(1..=MAX_HEADS).contains(&self.heads) {
            let msg = format!("--heads {}: need 1..={MAX_HEADS}", self.heads);
            return Err(if self.heads > MAX_HEADS { Error::TooLarge(msg) } else { Error::Input(msg) });
        }
        if !(1..=MAX_HEADS_DEGREE).contains(&self.degree) {
            return Err(Error::Input(format!("--degree {}: need 1..={MAX_HEADS_DEGREE}", self.degree)));
        }
        if let Some(t) = self.value_degree {
            if t == 0 {
                return Err(Error::Input(
                    "--value-degree 0: need 1..=64 (constant values give every sequence of a query the same output)"
                        .into(),
                ));
            }
            if t > MAX_FRONTIER_M {
                return Err(Error::TooLarge(format!("--value-degree {t}: need 1..={MAX_FRONTIER_M}")));
            }
        }
        let ms = self.m.resolve("--m")?;
        if let Some(&m) = ms.iter().find(|&&m| m == 0 || m > MAX_FRONTIER_M) {
            let msg = format!("--m: m = {m} is out of range (1..={MAX_FRONTIER_M})");
            return Err(if m > MAX_FRONTIER_M { Error::TooLarge(msg) } else { Error::Input(msg) });
        }
        let single_dir = super::frontier::source(&self.single_dir, "frontier");
        if !single_dir.is_none() && !single_dir.exists() {
            return Err(Error::Io(format!("--single-dir {}: not a directory", single_dir.path().display())));
        }
        let mut lower_dirs = Vec::new();
        for (flag, asked, committed) in [
            ("--rank-dir", &self.rank_dir, "rank"),
            ("--rank-linear-dir", &self.rank_linear_dir, "rank-linear"),
        ] {
            let dir = super::frontier::source(asked, committed);
            if dir.is_none() {
                continue;
            }
            if !dir.exists() {
                return Err(Error::Io(format!("{flag} {}: not a directory", dir.path().display())));
            }
            lower_dirs.push((flag, dir));
        }
        Ok(HeadsFrontierJob {
            heads: self.heads,
            degree: self.degree,
            value_degree: self.value_degree,
            ms,
            single_dir,
            lower_dirs,
        })
    }

    /// [`HeadsFrontier::validate`], then [`HeadsFrontierJob::run`] with a control that never
    /// stops.
    pub fn run(&self) -> Result<HeadsFound, Error> {
        self.validate()?.run(&Control::new())
    }
}

impl HeadsFrontierJob {
    /// Certifies each `m`: the heads of each query weight are found once (a weight `h < m` has
    /// the same classes for every larger `m`) and checked by the checker crate, then each row's
    /// whole `minip-multihead-heads/1` certificate is checked (the row printed is its claim); a
    /// weight `h < m` that fails makes every larger `m` unknown too. A stop asked through `ctl`
    /// ends the run before the next query weight.
    pub fn run(&self, ctl: &Control) -> Result<HeadsFound, Error> {
        let top = self.ms.iter().copied().max().unwrap_or(0);
        let mut lowers: Vec<Lower> = Vec::new();
        let mut skipped = Vec::new();
        for (_, dir) in &self.lower_dirs {
            let read = read_lower_n(dir, top, 3)?;
            lowers.extend(read.bounds.into_values());
            skipped.extend(read.skipped);
        }
        let (count, degree, t) = (self.heads as usize, self.degree, self.value_degree);
        // Weight h with the superset class (every m > h), and the top weight h = m.
        let mut inner: BTreeMap<u32, Result<WeightHeads, Error>> = BTreeMap::new();
        let mut rows = Vec::with_capacity(self.ms.len());
        for &m in &self.ms {
            let mut weights = Vec::with_capacity(m as usize + 1);
            let mut failed = None;
            for h in 0..=m {
                ctl.stopped_after(rows.len(), self.ms.len(), "rows")?;
                let cell = if h < m {
                    inner.entry(h).or_insert_with(|| weight(m, h, count, degree, t)).clone()
                } else {
                    weight(m, h, count, degree, t)
                };
                match cell {
                    Ok(w) => weights.push(w),
                    Err(e) => {
                        failed = Some(e);
                        break;
                    }
                }
            }
            let result = match failed {
                Some(e) => Err(e),
                None => heads_upper(m, degree, weights),
            };
            let single_lower = lowers.iter().filter(|l| l.from_m <= m).max_by_key(|l| l.bound).cloned();
            rows.push(HeadsRow { m, result, single: single_rank(&self.single_dir, m)?, single_lower });
        }
        Ok(HeadsFound { heads: self.heads, degree, value_degree: t, rows, skipped })
    }
}

/// The heads of weight `h` over `{0,1}^m`, or the reason there are none (`h = …: …`).
fn weight(m: u32, h: u32, count: usize, degree: u32, t: Option<u32>) -> Result<WeightHeads, Error> {
    weight_heads(m, h, count, degree, t).map_err(|e| match e {
        Ok(delta) if delta <= 0.0 => {
            Error::Unknown(format!("h = {h}: no correct heads found (best margin {delta:.4})"))
        }
        Ok(delta) => Error::Unknown(format!("h = {h}: margin {delta:.2e} did not survive rounding")),
        Err(e) => e.at(&format!("h = {h}")),
    })
}

/// The rank of the single-head certificate `mMM.per_weight.json` in `dir`, checked; `None`
/// when there is none. A certificate that does not check is a rejection.
fn single_rank(dir: &Source, m: u32) -> Result<Option<BigInt>, Error> {
    use minip_check::claim::{check_any, Claim};
    let path = dir.path().join(format!("m{m:02}.per_weight.json"));
    if !dir.contains(&path) {
        return Ok(None);
    }
    let shown = path.display();
    let (cert, ctx) = dir.read(&path).at(&format!("{shown}"))?;
    match check_any(&cert, &ctx) {
        Ok(Claim::PolyHead(p)) if p.m == m && p.n == 3 && !p.signed => {
            Ok(Some(p.rank.parse().map_err(|_| Error::Rejected(format!("{shown}: rank {}", p.rank)))?))
        }
        Ok(Claim::PolyHead(p)) if p.signed => Err(Error::Input(format!(
            "{shown}: a signed-kernel head, not one nonnegative head (the comparison is with nonnegative heads)"
        ))),
        Ok(_) => Err(Error::Input(format!("{shown}: not a single head over m = {m} at n = 3"))),
        Err(e) => Err(Error::Rejected(format!("{shown}: {e}"))),
    }
}
