//! A second exact solver as a witness (issue 10, item 4).
//!
//! QSopt_ex (`esolver`, Debian package `qsopt-ex`, installed by `.ci/deps`) is an exact rational
//! LP solver with nothing in common with minip's pipeline (HiGHS hints, exact repair, checker).
//! This test re-derives a sample of minip's exact answers with it, from LP files written by the
//! small writer below. The writer builds every row from docs/math.md §2–4 directly — multiplicities,
//! targets `t = min overlap`, `D = Σ i_k α_k`, `N = Σ i_k P_k`, `|N − tD| < εD` — and uses no
//! code of the library (no formulation, row builder, model or rational type), only the committed
//! files under `proofs/` (read with serde_json) and the `minip` binary. A slip in the shared row
//! builder therefore shows up here as a disagreement.
//!
//! Covered (sample sizes are printed by each test; set `MINIP_WITNESS_FULL=1` to take every
//! file and every table row instead of the sample):
//! 1. gap verdicts (docs/math.md §2.4): every `proofs/settle/*.json` and every 7th file of
//!    `proofs/regression/*.json` (sorted): `holds` ⇔ esolver finds the closed system infeasible;
//! 2. sharp constants: a sample of `proofs/sharp/table.csv` (every 218th row) and of
//!    `proofs/sharp/probe/table.csv` (every 40th), plus the first two rows of each
//!    (family, relation, attained, kstar = 0) kind of each: `kstar = min b` over the closure,
//!    `attained` ⇔ the gap system at `K' = kstar` is feasible, and `K' = kstar + 1/1000` is broken;
//! 3. forced ratios (docs/math.md §4): every `proofs/amplify/*.json`, every ratio embedded in
//!    `proofs/rank/*.json`, and docs/math.md's public values;
//! 4. the live binary on configurations off the committed grids (`check`, `sharp`, `amplify`);
//! 5. negative controls: a perturbed `K'`, `ε` or a dropped sequence changes esolver's answer,
//!    and tampered copies of committed answers (verdict, bound, target, ratio, kstar, attained)
//!    are rejected, so none of the comparisons above can pass vacuously.

use serde_json::Value;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};

/// A disagreement: returned as `Err` so that callers (and the tampering tests) see the message.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn full() -> bool {
    std::env::var_os("MINIP_WITNESS_FULL").is_some_and(|v| !v.is_empty() && v != "0")
}

// ---------------------------------------------------------------------------------------------
// A small exact fraction (i128, overflow checked): enough for every value in this test, and
// independent of the library's rational type.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct F {
    n: i128,
    d: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn lcm(a: i128, b: i128) -> i128 {
    (a / gcd(a, b)).checked_mul(b).expect("lcm overflow").abs()
}

impl F {
    fn new(n: i128, d: i128) -> F {
        assert!(d != 0, "zero denominator");
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        F { n: s * n / g, d: s * d / g }
    }
    fn int(n: i64) -> F {
        F::new(n as i128, 1)
    }
    fn zero() -> F {
        F::int(0)
    }
    /// `p`, `-p`, `p/q` (what minip's files and esolver's solution files contain).
    fn parse(s: &str) -> F {
        let s = s.trim();
        let bad = || panic!("not an exact rational: {s:?}");
        match s.split_once('/') {
            Some((p, q)) => {
                F::new(p.trim().parse().unwrap_or_else(|_| bad()), q.trim().parse().unwrap_or_else(|_| bad()))
            }
            None => F::new(s.parse().unwrap_or_else(|_| bad()), 1),
        }
    }
    fn is_zero(self) -> bool {
        self.n == 0
    }
}

impl fmt::Display for F {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.d == 1 {
            write!(f, "{}", self.n)
        } else {
            write!(f, "{}/{}", self.n, self.d)
        }
    }
}

fn mul(a: i128, b: i128) -> i128 {
    a.checked_mul(b).expect("fraction overflow")
}

impl std::ops::Add for F {
    type Output = F;
    fn add(self, o: F) -> F {
        F::new(mul(self.n, o.d).checked_add(mul(o.n, self.d)).expect("overflow"), mul(self.d, o.d))
    }
}
impl std::ops::Neg for F {
    type Output = F;
    fn neg(self) -> F {
        F::new(-self.n, self.d)
    }
}
impl std::ops::Sub for F {
    type Output = F;
    fn sub(self, o: F) -> F {
        self + (-o)
    }
}
impl std::ops::Mul for F {
    type Output = F;
    fn mul(self, o: F) -> F {
        F::new(mul(self.n, o.n), mul(self.d, o.d))
    }
}
impl std::ops::Div for F {
    type Output = F;
    fn div(self, o: F) -> F {
        assert!(o.n != 0, "division by zero");
        F::new(mul(self.n, o.d), mul(self.d, o.n))
    }
}
impl PartialOrd for F {
    fn partial_cmp(&self, o: &F) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for F {
    fn cmp(&self, o: &F) -> Ordering {
        mul(self.n, o.d).cmp(&mul(o.n, self.d))
    }
}

// ---------------------------------------------------------------------------------------------
// The LP writer (CPLEX LP format) and the esolver runner.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sense {
    Le,
    Eq,
}

#[derive(Clone, Debug)]
struct Row {
    name: String,
    terms: Vec<(String, F)>,
    sense: Sense,
    rhs: F,
}

#[derive(Clone, Debug, Default)]
struct Lp {
    /// Variable to minimize; `None` for a feasibility question.
    minimize: Option<String>,
    rows: Vec<Row>,
    nonneg: Vec<String>,
    free: Vec<String>,
}

impl Lp {
    fn row(&mut self, name: impl Into<String>, terms: Vec<(String, F)>, sense: Sense, rhs: F) {
        self.rows.push(Row { name: name.into(), terms, sense, rhs });
    }

    /// Every row is multiplied by the lcm of its denominators (a positive factor, so the set of
    /// solutions is unchanged) and written with integer coefficients.
    fn text(&self) -> String {
        let first = self.nonneg.first().or(self.free.first()).expect("an LP with variables");
        let mut s = String::from("Minimize\n obj: ");
        match &self.minimize {
            Some(v) => s.push_str(v),
            None => s.push_str(&format!("0 {first}")),
        }
        s.push_str("\nSubject To\n");
        for r in &self.rows {
            let mut coef: BTreeMap<&str, F> = BTreeMap::new();
            for (v, c) in &r.terms {
                let e = coef.entry(v.as_str()).or_insert(F::zero());
                *e = *e + *c;
            }
            coef.retain(|_, c| !c.is_zero());
            let scale = coef.values().fold(r.rhs.d, |l, c| lcm(l, c.d));
            let mut body = String::new();
            for (v, c) in &coef {
                let k = mul(c.n, scale / c.d);
                body.push_str(&format!(" {} {} {v}", if k < 0 { "-" } else { "+" }, k.abs()));
            }
            if body.is_empty() {
                body = format!(" 0 {first}");
            }
            let op = match r.sense {
                Sense::Le => "<=",
                Sense::Eq => "=",
            };
            s.push_str(&format!(" {}:{body} {op} {}\n", r.name, mul(r.rhs.n, scale / r.rhs.d)));
        }
        s.push_str("Bounds\n");
        for v in &self.nonneg {
            s.push_str(&format!(" 0 <= {v}\n"));
        }
        for v in &self.free {
            s.push_str(&format!(" {v} free\n"));
        }
        s.push_str("End\n");
        s
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Answer {
    Infeasible,
    Optimal(F),
}

static CALLS: AtomicUsize = AtomicUsize::new(0);

/// Solves `lp` with `esolver -L -O out.sol file.lp` and reads the status and, when optimal,
/// the exact objective value.
fn esolve(lp: &Lp) -> Answer {
    let k = CALLS.fetch_add(1, AtomicOrdering::Relaxed);
    let dir = std::env::temp_dir().join(format!("minip-witness-{}-{k}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (file, sol) = (dir.join("w.lp"), dir.join("w.sol"));
    let text = lp.text();
    std::fs::write(&file, &text).unwrap();
    let out = match Command::new("esolver").arg("-L").arg("-O").arg(&sol).arg(&file).output() {
        Ok(o) => o,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&dir);
            panic!(
                "cannot run esolver ({e}): the witness test needs QSopt_ex's exact LP solver \
                 (Debian package qsopt-ex); `bash .ci/deps` installs it"
            )
        }
    };
    let result = std::fs::read_to_string(&sol).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    let mut words =
        result.split_whitespace().skip_while(|w| *w != "status").skip(1).skip_while(|w| *w == "=");
    let status = words.next().unwrap_or("");
    match status {
        "INFEASIBLE" => Answer::Infeasible,
        "OPTIMAL" => {
            let v = result
                .lines()
                .find_map(|l| l.trim().strip_prefix("Value ="))
                .unwrap_or_else(|| panic!("esolver: OPTIMAL without a value:\n{result}"));
            Answer::Optimal(F::parse(v))
        }
        _ => panic!(
            "esolver gave no usable status ({}) on\n{text}\nsolution file:\n{result}\nstdout:\n{}\nstderr:\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

fn feasible(lp: &Lp) -> bool {
    match esolve(lp) {
        Answer::Infeasible => false,
        Answer::Optimal(_) => true,
    }
}

fn minimum(lp: &Lp, what: &str) -> F {
    match esolve(lp) {
        Answer::Optimal(v) => v,
        Answer::Infeasible => panic!("{what}: esolver says infeasible where a minimum was expected"),
    }
}

// ---------------------------------------------------------------------------------------------
// docs/math.md §2: one query x and two candidates y, z; the gap families and their rows.

#[derive(Clone, Debug)]
struct Config {
    n: i64,
    eps: F,
    h: i64,
    u: i64,
    w: i64,
    all: bool,
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (n, e, h, u, w) = (self.n, self.eps, self.h, self.u, self.w);
        write!(f, "n={n} eps={e} (h,u,w)=({h},{u},{w}) family={}", if self.all { "all" } else { "paper" })
    }
}

/// The lemma's factor `K = (n−2)(d−2ε)/(2ε)`.
fn paper_k(c: &Config) -> F {
    let two_eps = F::int(2) * c.eps;
    F::int(c.n - 2) * (F::int(c.w - c.u) - two_eps) / two_eps
}

/// Sequences queried at `x`: multiplicities `(i_x, i_y, i_z)` and target `t` (the least overlap
/// with `x` of the tokens present, `x` itself — overlap `h` — always present).
fn sequences(c: &Config) -> Vec<([i64; 3], i64)> {
    let n = c.n;
    if !c.all {
        return vec![([1, n - 1, 0], c.u), ([1, 0, n - 1], c.w), ([1, 1, n - 2], c.u)];
    }
    let mut out = vec![];
    for ix in (0..n).rev() {
        for iy in (0..n - ix).rev() {
            let iz = n - 1 - ix - iy;
            let mut t = c.h;
            if iy > 0 {
                t = t.min(c.u);
            }
            if iz > 0 {
                t = t.min(c.w);
            }
            out.push(([1 + ix, iy, iz], t));
        }
    }
    out
}

/// Weights `a, b, c` and products `P, Q, S` of x, y, z.
const WEIGHT: [&str; 3] = ["a", "b", "c"];
const PRODUCT: [&str; 3] = ["px", "qy", "sz"];

/// For each sequence, `N − tD − εD < 0` and `−N + tD − εD < 0`, written `≤ strict_rhs`.
fn gap_lp(c: &Config, seqs: &[([i64; 3], i64)], strict_rhs: F) -> Lp {
    let mut lp = Lp {
        nonneg: WEIGHT.iter().map(|v| v.to_string()).collect(),
        free: PRODUCT.iter().map(|v| v.to_string()).collect(),
        ..Lp::default()
    };
    for (k, (mult, t)) in seqs.iter().enumerate() {
        let t = F::int(*t);
        for (side, sign) in [("u", 1), ("l", -1)] {
            let sign = F::int(sign);
            let mut terms = vec![];
            for j in 0..3 {
                let i = F::int(mult[j]);
                terms.push((PRODUCT[j].to_string(), sign * i));
                terms.push((WEIGHT[j].to_string(), -(sign * t + c.eps) * i));
            }
            lp.row(format!("s{k}{side}"), terms, Sense::Le, strict_rhs);
        }
    }
    lp
}

/// "Is there a head correct on the family with `b ≤ K'c`?" as the closed system (strict rows
/// `≤ −1`, homogeneity), with `Q = 0` when `K' ≤ 0` (then `b = 0`) and `S = 0` when `K' < 0`.
fn head_exists(c: &Config, seqs: &[([i64; 3], i64)], kprime: F) -> bool {
    let mut lp = gap_lp(c, seqs, F::int(-1));
    lp.row("bound", vec![("b".into(), F::int(1)), ("c".into(), -kprime)], Sense::Le, F::zero());
    if kprime <= F::zero() {
        lp.row("q0", vec![("qy".into(), F::int(1))], Sense::Eq, F::zero());
    }
    if kprime < F::zero() {
        lp.row("s0", vec![("sz".into(), F::int(1))], Sense::Eq, F::zero());
    }
    feasible(&lp)
}

/// `inf b/c` over correct heads as `min b` over the closure: strict rows `≤ 0`, `c = 1`.
///
/// Why the minimum over the closure is the infimum: let `C` be the strict system (rows `< 0`,
/// `a, b ≥ 0`) intersected with `c = 1` — by homogeneity every head with `c > 0` scales into
/// `C`, and every point of `C` becomes a head after moving zero weights slightly off zero (the
/// rows are open), with `b` changed as little as we like. If `C` is not empty, its closure is
/// the same system with `≤ 0`: for `p` in the closed system and `q ∈ C`, `(1−t)p + tq ∈ C` for
/// `t ∈ (0,1]` and tends to `p`. So `inf_C b = min b` over the closed system (attained: it is
/// an LP bounded below by `b ≥ 0`). `C ≠ ∅` is checked separately by `kstar_checks`.
fn closure_min_b(c: &Config, seqs: &[([i64; 3], i64)]) -> F {
    let mut lp = gap_lp(c, seqs, F::zero());
    lp.row("norm", vec![("c".into(), F::int(1))], Sense::Eq, F::int(1));
    lp.minimize = Some("b".into());
    minimum(&lp, &format!("min b over the closure at {c}"))
}

// ---------------------------------------------------------------------------------------------
// docs/math.md §4: one kernel row over all length-n sequences.

/// Class `k` of a ratio certificate: `0..h−1` overlaps, `h` the query itself, `h+1` the strict
/// supersets `h⁺` (overlap `h`).
fn overlap(h: i64, k: i64) -> i64 {
    k.min(h)
}

/// Multisets of `size` elements of `0..classes` (nondecreasing index lists).
fn multisets(classes: &[i64], size: usize) -> Vec<Vec<i64>> {
    if size == 0 {
        return vec![vec![]];
    }
    let mut out = vec![];
    for (i, &k) in classes.iter().enumerate() {
        for mut rest in multisets(&classes[i..], size - 1) {
            rest.insert(0, k);
            out.push(rest);
        }
    }
    out
}

/// `R_{n,ε}(lo, hi; h) = min A_lo` s.t. closed rows `≤ 0`, `A_hi = 1`, `A ≥ 0`, `P` free.
/// `skip` drops the rows of one multiset (negative control only).
fn ratio_lp(n: i64, eps: F, h: i64, lo: i64, hi: i64, superset: bool, skip: Option<&[i64]>) -> Lp {
    let mut classes: Vec<i64> = (0..=h).collect();
    if superset {
        classes.push(h + 1);
    }
    assert!(
        classes.contains(&lo) && classes.contains(&hi),
        "lo={lo} hi={hi} not classes at h={h} superset={superset}"
    );
    let mut lp = Lp {
        nonneg: classes.iter().map(|k| format!("A{k}")).collect(),
        free: classes.iter().map(|k| format!("P{k}")).collect(),
        minimize: Some(format!("A{lo}")),
        ..Lp::default()
    };
    for (r, keys) in multisets(&classes, (n - 1) as usize).into_iter().enumerate() {
        if skip == Some(&keys[..]) {
            continue;
        }
        let t = F::int(keys.iter().map(|&k| overlap(h, k)).min().unwrap_or(h).min(h));
        let present: Vec<i64> = std::iter::once(h).chain(keys.iter().copied()).collect();
        for (side, sign) in [("u", 1), ("l", -1)] {
            let sign = F::int(sign);
            let mut terms = vec![];
            for &k in &present {
                terms.push((format!("P{k}"), sign));
                terms.push((format!("A{k}"), -(sign * t + eps)));
            }
            lp.row(format!("m{r}{side}"), terms, Sense::Le, F::zero());
        }
    }
    lp.row("norm", vec![(format!("A{hi}"), F::int(1))], Sense::Eq, F::int(1));
    lp
}

fn ratio(n: i64, eps: F, h: i64, lo: i64, hi: i64, superset: bool) -> F {
    minimum(
        &ratio_lp(n, eps, h, lo, hi, superset, None),
        &format!("R(lo={lo}, hi={hi}; h={h}) n={n} eps={eps} superset={superset}"),
    )
}

// ---------------------------------------------------------------------------------------------
// Reading committed files (serde_json only).

fn json_files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    v.sort();
    v
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn int(v: &Value, key: &str) -> i64 {
    v[key].as_i64().unwrap_or_else(|| panic!("integer field {key} missing in {v}"))
}

fn frac(v: &Value, key: &str) -> F {
    F::parse(v[key].as_str().unwrap_or_else(|| panic!("rational field {key} missing in {v}")))
}

fn config_of(p: &Value) -> Config {
    let all = match p["family"].as_str() {
        Some("all") => true,
        Some("paper") => false,
        f => panic!("unknown family {f:?}"),
    };
    Config { n: int(p, "n"), eps: frac(p, "eps"), h: int(p, "h"), u: int(p, "u"), w: int(p, "w"), all }
}

fn check_gap_file(path: &Path) -> String {
    check_gap_doc(&read_json(path), &path.strip_prefix(root()).unwrap_or(path).display().to_string())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Checks one `minip-gap/1` certificate against esolver; returns its verdict.
fn check_gap_doc(doc: &Value, name: &str) -> Result<String, String> {
    assert_eq!(doc["format"], "minip-gap/1", "{name}");
    let p = &doc["params"];
    let cfg = config_of(p);
    let kprime = frac(p, "kprime");
    match p["bound"].as_str() {
        Some("paper") => {
            ensure!(kprime == paper_k(&cfg), "{name}: kprime = {kprime} is not (n-2)(d-2eps)/(2eps) at {cfg}")
        }
        Some(b) => {
            ensure!(kprime == F::parse(b), "{name}: kprime = {kprime} differs from the stated bound {b}")
        }
        None => panic!("{name}: no bound"),
    }
    let seqs = sequences(&cfg);
    // The file's sequence list (written by minip's model) against ours (from docs/math.md).
    let mut theirs: Vec<([i64; 3], i64)> = doc["sequences"]
        .as_array()
        .unwrap_or_else(|| panic!("{name}: no sequences"))
        .iter()
        .map(|s| {
            let m: Vec<i64> = s["mult"].as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect();
            ([m[0], m[1], m[2]], int(s, "target"))
        })
        .collect();
    let mut ours = seqs.clone();
    theirs.sort();
    ours.sort();
    ensure!(theirs == ours, "{name}: minip's sequences (multiplicities, target) differ from docs/math.md's at {cfg}: {theirs:?} vs {ours:?}");
    let verdict = doc["verdict"].as_str().unwrap_or_else(|| panic!("{name}: no verdict")).to_string();
    let exists = head_exists(&cfg, &seqs, kprime);
    let expected = if exists { "broken" } else { "holds" };
    ensure!(
        verdict == expected,
        "{name}: minip says {verdict} for b <= {kprime}*c at {cfg}, but QSopt_ex finds the closed system {}",
        if exists { "feasible (a correct head meets the bound)" } else { "infeasible" }
    );
    Ok(verdict)
}

// ---------------------------------------------------------------------------------------------
// 1. Gap verdicts.

#[test]
fn gap_verdicts_agree_with_qsopt_ex() {
    let t0 = std::time::Instant::now();
    let regression = json_files("proofs/regression");
    assert!(regression.len() >= 1000, "expected the regression certificates, found {}", regression.len());
    let stride = if full() { 1 } else { 7 };
    let mut files: Vec<PathBuf> = regression.iter().step_by(stride).cloned().collect();
    let settle = json_files("proofs/settle");
    assert!(settle.len() >= 14, "expected the settle certificates, found {}", settle.len());
    files.extend(settle.iter().cloned());
    let mut tally: BTreeMap<(String, String), usize> = BTreeMap::new();
    for f in &files {
        let verdict = check_gap_file(f);
        let family = read_json(f)["params"]["family"].as_str().unwrap().to_string();
        *tally.entry((verdict, family)).or_default() += 1;
    }
    // The sample must exercise both verdicts in both families, or it proves little.
    for v in ["holds", "broken"] {
        for fam in ["paper", "all"] {
            assert!(
                tally.get(&(v.into(), fam.into())).copied().unwrap_or(0) > 0,
                "sample has no {v} verdict for family {fam}: {tally:?}"
            );
        }
    }
    eprintln!(
        "witness: {} gap certificates ({} regression, {} settle) agree with QSopt_ex: {tally:?} in {:.1?}",
        files.len(),
        files.len() - settle.len(),
        settle.len(),
        t0.elapsed()
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Sharp constants.

/// Checks one row of `proofs/sharp/table.csv` (as a header-keyed map).
fn kstar_checks(row: &BTreeMap<String, String>) -> Result<(), String> {
    let get = |k: &str| row.get(k).unwrap_or_else(|| panic!("table.csv has no column {k}")).as_str();
    let all = match get("family") {
        "all" => true,
        "paper" => false,
        f => panic!("family {f}"),
    };
    let cfg = Config {
        n: get("n").parse().unwrap(),
        eps: F::parse(get("eps")),
        h: get("h").parse().unwrap(),
        u: get("u").parse().unwrap(),
        w: get("w").parse().unwrap(),
        all,
    };
    let (kstar, attained) = (F::parse(get("kstar")), get("attained") == "true");
    ensure!(get("d").parse::<i64>().unwrap() == cfg.w - cfg.u, "{cfg}: d = {} is not w - u", get("d"));
    let k = paper_k(&cfg);
    ensure!(F::parse(get("paper_k")) == k, "{cfg}: paper_k = {} but K = {k}", get("paper_k"));
    let relation = match kstar.cmp(&k) {
        Ordering::Equal => "sharp",
        Ordering::Greater => "loose",
        Ordering::Less => "fails",
    };
    ensure!(
        get("relation") == relation,
        "{cfg}: relation {} of kstar = {kstar} to K = {k}, expected {relation}",
        get("relation")
    );
    let seqs = sequences(&cfg);
    // Correct heads with c > 0 exist (C ≠ ∅ in `closure_min_b`): the system with c ≥ 1 and no
    // bound on b, closed form, is feasible.
    let mut lp = gap_lp(&cfg, &seqs, F::int(-1));
    lp.row("cpos", vec![("c".into(), F::int(-1))], Sense::Le, F::int(-1));
    ensure!(feasible(&lp), "{cfg}: no correct head with alpha(x,z) > 0, so kstar is undefined");
    let min_b = closure_min_b(&cfg, &seqs);
    ensure!(min_b == kstar, "{cfg}: table.csv says kstar = {kstar}, QSopt_ex finds inf b/c = {min_b}");
    // Attained ⇔ a correct head with c > 0 and b ≤ kstar·c exists ⇔ the gap system at
    // K' = kstar is feasible (a point with c = 0 gets c moved slightly up, the rows being open).
    ensure!(
        head_exists(&cfg, &seqs, kstar) == attained,
        "{cfg}: attained = {attained} but QSopt_ex disagrees"
    );
    // Above kstar a correct head meets the bound (the side the sharp witness certifies).
    let above = kstar + F::new(1, 1000);
    ensure!(
        head_exists(&cfg, &seqs, above),
        "{cfg}: no correct head with b <= {above}*c, so kstar = {kstar} is too small"
    );
    Ok(())
}

type Kind = (String, String, String, bool);

/// Checks a sample of one `table.csv`: every `stride`-th row and the first two rows of every
/// (family, relation, attained, kstar = 0) kind, so that the rare kinds (the paper's K failing,
/// kstar = 0 attained or not) are always in the sample. Returns the kinds and (n, eps) seen.
fn check_table(
    rel: &str,
    min_rows: usize,
    stride: usize,
) -> (usize, BTreeMap<Kind, usize>, std::collections::BTreeSet<(String, String)>) {
    let text = std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(str::to_string).collect();
    let rows: Vec<BTreeMap<String, String>> = lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| header.iter().cloned().zip(l.split(',').map(str::to_string)).collect())
        .collect();
    assert!(rows.len() >= min_rows, "{rel}: expected at least {min_rows} rows, found {}", rows.len());
    let stride = if full() { 1 } else { stride };
    let mut pick: Vec<usize> = (0..rows.len()).step_by(stride).collect();
    let kind = |r: &BTreeMap<String, String>| -> Kind {
        (r["family"].clone(), r["relation"].clone(), r["attained"].clone(), r["kstar"] == "0")
    };
    let mut seen: BTreeMap<Kind, usize> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        let c = seen.entry(kind(r)).or_default();
        if *c < 2 {
            *c += 1;
            pick.push(i);
        }
    }
    pick.sort();
    pick.dedup();
    let mut tally: BTreeMap<Kind, usize> = BTreeMap::new();
    let mut groups = std::collections::BTreeSet::new();
    for &i in &pick {
        kstar_checks(&rows[i]).unwrap_or_else(|e| panic!("{rel}: {e}"));
        *tally.entry(kind(&rows[i])).or_default() += 1;
        groups.insert((rows[i]["n"].clone(), rows[i]["eps"].clone()));
    }
    assert_eq!(tally.len(), seen.len(), "{rel}: every kind must be sampled");
    (pick.len(), tally, groups)
}

#[test]
fn sharp_constants_agree_with_qsopt_ex() {
    let t0 = std::time::Instant::now();
    // The sharp grid (n = 3..8, eps in {1/2, 1/3, 1/4, 1/8}, h <= 12).
    let (count, tally, groups) = check_table("proofs/sharp/table.csv", 10_000, 218);
    assert!(
        tally.len() >= 6 && groups.len() >= 24,
        "sample too narrow: {tally:?}, (n, eps) groups {groups:?}"
    );
    eprintln!("witness: {count} rows of proofs/sharp/table.csv agree with QSopt_ex ({} (n, eps) groups; kinds {tally:?})", groups.len());
    // The probe grid (other eps: K < 0, 0 < K < 1 where kstar has no closed form).
    let (count, tally, groups) = check_table("proofs/sharp/probe/table.csv", 1_000, 40);
    assert!(
        tally.len() >= 8 && groups.len() >= 10,
        "probe sample too narrow: {tally:?}, (n, eps) groups {groups:?}"
    );
    eprintln!("witness: {count} rows of proofs/sharp/probe/table.csv agree with QSopt_ex ({} (n, eps) groups; kinds {tally:?})", groups.len());
    eprintln!("witness: sharp constants checked in {:.1?}", t0.elapsed());
}

// ---------------------------------------------------------------------------------------------
// 3. Forced ratios.

/// Checks one `minip-ratio/2` object; returns its ratio.
fn check_ratio_doc(doc: &Value, name: &str) -> Result<F, String> {
    assert_eq!(doc["format"], "minip-ratio/2", "{name}");
    let p = &doc["params"];
    let (n, eps, h, lo, hi) = (int(p, "n"), frac(p, "eps"), int(p, "h"), int(p, "lo"), int(p, "hi"));
    let superset = p["superset"].as_bool().unwrap_or_else(|| panic!("{name}: superset flag"));
    let claimed = frac(doc, "ratio");
    let r = ratio(n, eps, h, lo, hi, superset);
    let hi_name = if hi == h + 1 { format!("{h}+") } else { hi.to_string() };
    ensure!(
        claimed == r,
        "{name}: minip states R(lo={lo}, hi={hi_name}; h={h}) = {claimed} at n={n} eps={eps} superset={superset}, QSopt_ex finds {r}"
    );
    Ok(claimed)
}

#[test]
fn forced_ratios_agree_with_qsopt_ex() {
    let t0 = std::time::Instant::now();
    let half = F::new(1, 2);
    // docs/math.md §4's public values, from the writer alone.
    for (h, want) in [(2, F::int(1)), (3, F::new(5, 2)), (4, F::int(4)), (5, F::new(11, 2)), (6, F::int(7))] {
        assert_eq!(ratio(3, half, h, 0, h, false), want, "R(0, {h}; {h}) (docs/math.md §4)");
    }
    for (h, want) in [(3, 2), (4, 3), (5, 4), (6, 5)] {
        assert_eq!(ratio(3, half, h, 0, h + 1, true), F::int(want), "R(0, {h}+; {h}) (docs/math.md §4)");
    }
    let amplify = json_files("proofs/amplify");
    assert!(amplify.len() >= 90, "expected the amplify certificates, found {}", amplify.len());
    let (mut sup, mut query) = (0, 0);
    for f in &amplify {
        let doc = read_json(f);
        check_ratio_doc(&doc, &f.strip_prefix(root()).unwrap().display().to_string())
            .unwrap_or_else(|e| panic!("{e}"));
        let (h, hi) = (int(&doc["params"], "h"), int(&doc["params"], "hi"));
        if hi == h + 1 {
            sup += 1;
        } else {
            query += 1;
        }
    }
    assert!(sup > 0 && query > 0);
    let mut embedded = 0;
    for f in json_files("proofs/rank") {
        let doc = read_json(&f);
        let ratios = doc["ratios"].as_array().unwrap_or_else(|| panic!("{}: no ratios", f.display()));
        assert!(!ratios.is_empty(), "{}: empty ratios", f.display());
        for (i, r) in ratios.iter().enumerate() {
            check_ratio_doc(r, &format!("{} ratios[{i}]", f.strip_prefix(root()).unwrap().display()))
                .unwrap_or_else(|e| panic!("{e}"));
            embedded += 1;
        }
    }
    eprintln!(
        "witness: {} amplify ratios ({query} against the query, {sup} against strict supersets) and {embedded} ratios \
         embedded in rank certificates agree with QSopt_ex in {:.1?}",
        amplify.len(),
        t0.elapsed()
    );
}

/// docs/math.md §9.3: the closed forms at eps = 1/2 (chain_n(o) for o < h and for h+,
/// (n·chain_n(h) − 1)/(n − 1) for the query) are the exact optima of the row LP, written here
/// from the definition and solved by QSopt_ex; and the full ratio certificates embedded in the
/// m = 32 linear-code rank certificate (h = 16) agree with it.
#[test]
fn closed_form_ratios_agree_with_qsopt_ex() {
    fn chain(n: i128, o: usize) -> i128 {
        let mut best = vec![0i128; o + 1];
        best[0] = 1;
        for t in 2..=o {
            for d in 2..=t {
                best[t] = best[t].max(best[t - d] * (n - 2) * (d as i128 - 1));
            }
        }
        best[o]
    }
    let half = F::new(1, 2);
    let mut solved = 0;
    for (n, h) in [(3i64, 9i64), (4, 7), (5, 6)] {
        for hi in 2..=h + 1 {
            let o = hi.min(h) as usize;
            let c = chain(n as i128, o);
            let want = if hi == h { F::new(n as i128 * c - 1, n as i128 - 1) } else { F::new(c, 1) };
            assert_eq!(ratio(n, half, h, 0, hi, hi == h + 1), want, "R_{n}(0, {hi}; {h})");
            solved += 1;
        }
    }
    let doc = read_json(&root().join("proofs/rank-linear/n3_m032.json"));
    let ratios = doc["ratios"].as_array().expect("ratios");
    for (i, r) in ratios.iter().enumerate() {
        let hi = int(&r["params"], "hi") as usize;
        let got = check_ratio_doc(r, &format!("proofs/rank-linear/n3_m032.json ratios[{i}]"))
            .unwrap_or_else(|e| panic!("{e}"));
        let c = chain(3, hi);
        assert_eq!(got, if hi == 16 { F::new(3 * c - 1, 2) } else { F::new(c, 1) });
        solved += 1;
    }
    assert_eq!(ratios.len(), 6); // RM(2,5): weights 8, 12, 16, 20, 24, 32
    eprintln!("witness: {solved} closed-form ratios agree with QSopt_ex");
}

// ---------------------------------------------------------------------------------------------
// 4. The live binary, off the committed grids.

fn minip_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_minip")).args(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| {
        panic!(
            "minip {}: {e}: exit {}\nstdout:\n{stdout}\nstderr:\n{}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[test]
fn live_binary_agrees_with_qsopt_ex_off_the_grid() {
    let t0 = std::time::Instant::now();
    // (n, eps, h, u, w, family, bound) outside proofs/: other tolerances, K' < 0, K' = 0, 0 < K < 1.
    let cases: [(i64, &str, i64, i64, i64, &str, &str); 10] = [
        (3, "1", 1, 0, 1, "paper", "-1"),
        (3, "1/2", 1, 0, 1, "paper", "-1"),
        (3, "3/4", 3, 1, 2, "all", "0"),
        (3, "3/8", 4, 0, 1, "all", "paper"),
        (4, "2/5", 5, 1, 3, "all", "paper"),
        (7, "1/5", 4, 1, 4, "paper", "paper"),
        (5, "3/7", 6, 2, 5, "all", "5/2"),
        (4, "1/3", 2, 0, 1, "all", "1/10"),
        (9, "1/6", 3, 0, 2, "paper", "30"),
        (3, "5/12", 5, 2, 3, "all", "paper"),
    ];
    let mut verdicts = BTreeMap::new();
    for (n, eps, h, u, w, family, bound) in cases {
        let cfg = Config { n, eps: F::parse(eps), h, u, w, all: family == "all" };
        let (ns, hs, us, ws) = (n.to_string(), h.to_string(), u.to_string(), w.to_string());
        let common = ["--n", &ns, "--eps", eps, "--h", &hs, "--u", &us, "--w", &ws, "--family", family];
        let mut args = vec!["check"];
        args.extend(common);
        args.extend(["--bound", bound, "--json"]);
        let doc = minip_json(&args);
        let verdict = doc["verdict"]
            .as_str()
            .unwrap_or_else(|| panic!("minip {}: no verdict in {doc}", args.join(" ")))
            .to_string();
        let kprime = if bound == "paper" { paper_k(&cfg) } else { F::parse(bound) };
        let exists = head_exists(&cfg, &sequences(&cfg), kprime);
        assert_eq!(
            verdict,
            if exists { "broken" } else { "holds" },
            "minip {} at {cfg}, K' = {kprime}",
            args.join(" ")
        );
        *verdicts.entry(verdict).or_insert(0) += 1;
        let mut args = vec!["sharp"];
        args.extend(common);
        args.push("--json");
        let doc = minip_json(&args);
        let kstar = F::parse(
            doc["kstar"].as_str().unwrap_or_else(|| panic!("minip {}: no kstar in {doc}", args.join(" "))),
        );
        let min_b = closure_min_b(&cfg, &sequences(&cfg));
        assert_eq!(kstar, min_b, "minip {}: kstar = {kstar}, QSopt_ex inf b/c = {min_b}", args.join(" "));
        assert_eq!(
            doc["attained"].as_bool(),
            Some(head_exists(&cfg, &sequences(&cfg), kstar)),
            "minip {}: attained",
            args.join(" ")
        );
    }
    assert!(verdicts.len() == 2, "both verdicts expected among the live cases: {verdicts:?}");
    // Ratios at other n and ε, against the query and a strict superset.
    for (n, eps, h, lo, hi, sup) in [
        (3, "1/3", 4, 0, 4, false),
        (4, "1/2", 3, 0, 3, false),
        (3, "1/4", 5, 1, 6, true),
        (4, "1/3", 3, 0, 4, true),
    ] {
        let (ns, hs, los) = (n.to_string(), h.to_string(), lo.to_string());
        let his = if hi == h + 1 { "h+".to_string() } else { hi.to_string() };
        let mut args =
            vec!["amplify", "--n", &ns, "--eps", eps, "--h", &hs, "--lo", &los, "--hi", &his, "--json"];
        if sup {
            args.push("--superset");
        }
        let doc = minip_json(&args);
        let doc = if doc.is_array() { doc[0].clone() } else { doc };
        let stated = F::parse(
            doc["ratio"].as_str().unwrap_or_else(|| panic!("minip {}: no ratio in {doc}", args.join(" "))),
        );
        let r = ratio(n, F::parse(eps), h, lo, hi, sup);
        assert_eq!(stated, r, "minip {}: ratio {stated}, QSopt_ex {r}", args.join(" "));
    }
    eprintln!(
        "witness: live minip check/sharp/amplify agree with QSopt_ex on 10 + 4 off-grid cases in {:.1?}",
        t0.elapsed()
    );
}

// ---------------------------------------------------------------------------------------------
// 5. Negative controls: the witness answers differently when the question changes.

#[test]
fn the_witness_is_not_vacuous() {
    let half = F::new(1, 2);
    let d3 = Config { n: 3, eps: half, h: 3, u: 0, w: 3, all: false };
    let seqs = sequences(&d3);
    // Settle, d = 3: K = 2 = kstar; b <= 2c is impossible, b <= (2 + 1/100)c is not.
    assert!(!head_exists(&d3, &seqs, F::int(2)));
    assert!(head_exists(&d3, &seqs, F::new(201, 100)), "a perturbed K' must flip the verdict");
    // Dropping S3 (a slip in a row builder) frees the head: the paper's proof needs all three.
    assert!(head_exists(&d3, &seqs[..2], F::int(2)), "without S3 the lemma must fail");
    // K' < 0 forces b = c = 0 (and Q = S = 0): possible iff d < 2eps on the paper family.
    let d1 = |eps| Config { n: 3, eps, h: 1, u: 0, w: 1, all: false };
    assert!(head_exists(&d1(F::int(1)), &sequences(&d1(F::int(1))), F::int(-1)));
    assert!(!head_exists(&d1(half), &sequences(&d1(half)), F::int(-1)));
    // Without the Q = 0 row at K' = 0 the all family at eps = 1/2, d = 1 would look broken.
    let all1 = Config { all: true, ..d1(half) };
    assert!(!head_exists(&all1, &sequences(&all1), F::zero()), "minip: holds (proofs/regression)");
    let mut lp = gap_lp(&all1, &sequences(&all1), F::int(-1));
    lp.row("bound", vec![("b".into(), F::int(1))], Sense::Le, F::zero());
    assert!(feasible(&lp), "b = 0 with a free product Q must be feasible, or the Q = 0 row is untested");
    // kstar moves with eps: n = 4, d = 3: K = 7 at eps = 1/3 (table), not at 1/4.
    let c = Config { n: 4, eps: F::new(1, 3), h: 5, u: 1, w: 4, all: true };
    assert_eq!(closure_min_b(&c, &sequences(&c)), F::int(7));
    let c = Config { eps: F::new(1, 4), ..c };
    assert_ne!(closure_min_b(&c, &sequences(&c)), F::int(7));
    // Ratios: eps and a dropped multiset change R(0, 3; 3) = 5/2.
    assert_eq!(ratio(3, half, 3, 0, 3, false), F::new(5, 2));
    assert_ne!(ratio(3, F::new(1, 4), 3, 0, 3, false), F::new(5, 2));
    let dropped = minimum(&ratio_lp(3, half, 3, 0, 3, false, Some(&[0, 3])), "R without the multiset {0, h}");
    assert_ne!(dropped, F::new(5, 2), "dropping the rows of (x, 0, x) must change R(0, 3; 3)");
    // The strict superset is not the query: R(0, 3+; 3) = 2 < R(0, 3; 3).
    assert_eq!(ratio(3, half, 3, 0, 4, true), F::int(2));
}

/// Tampered copies of committed answers are rejected by the same comparisons.
#[test]
fn tampered_answers_disagree_with_qsopt_ex() {
    // Each tampering must be caught by the comparison named in `why`, not by something else.
    fn rejects<T: fmt::Debug>(what: &str, why: &str, r: Result<T, String>) {
        match r {
            Ok(v) => panic!("{what} was not caught (accepted: {v:?})"),
            Err(msg) => assert!(msg.contains(why), "{what}: expected a message with {why:?}, got {msg:?}"),
        }
    }
    // A gap verdict flipped, and a kprime that no longer matches the stated bound.
    let p = root().join("proofs/settle/n3_eps1-2_h3_u0_w3_paper_b2.json");
    let doc = read_json(&p);
    assert_eq!(check_gap_doc(&doc, "settle d=3").unwrap(), "holds");
    let mut flipped = doc.clone();
    flipped["verdict"] = "broken".into();
    rejects("a flipped verdict", "minip says broken", check_gap_doc(&flipped, "flipped"));
    let mut edited = doc.clone();
    edited["params"]["kprime"] = "201/100".into();
    edited["params"]["bound"] = "201/100".into();
    rejects(
        "holds at K' = 201/100",
        "QSopt_ex finds the closed system feasible",
        check_gap_doc(&edited, "K' = 201/100"),
    );
    let mut kprime = doc.clone();
    kprime["params"]["kprime"] = "3".into();
    rejects("kprime 3 with bound 2", "differs from the stated bound", check_gap_doc(&kprime, "kprime"));
    // A sequence's target changed.
    let mut target = doc.clone();
    target["sequences"][2]["target"] = 1.into();
    rejects(
        "an edited target",
        "sequences (multiplicities, target) differ",
        check_gap_doc(&target, "target"),
    );
    // A ratio off by 1/2 (the old query ratio R(0, 3; 3) = 5/2 claimed for the superset class).
    let doc = read_json(&root().join("proofs/amplify/n3_eps1-2_h3_lo0_hi3p_sup.json"));
    assert_eq!(check_ratio_doc(&doc, "R(0, 3+; 3)").unwrap(), F::int(2));
    let mut wrong = doc.clone();
    wrong["ratio"] = "5/2".into();
    rejects("R(0, 3+; 3) = 5/2", "QSopt_ex finds 2", check_ratio_doc(&wrong, "wrong"));
    // A kstar moved by 1/1000, and an attained flag flipped.
    let row: BTreeMap<String, String> = "n,eps,h,u,w,d,family,kstar,kstar_float,paper_k,relation,attained"
        .split(',')
        .map(str::to_string)
        .zip("4,1/3,5,1,4,3,all,7,7.000000,7,sharp,false".split(',').map(str::to_string))
        .collect();
    kstar_checks(&row).unwrap();
    let mut moved = row.clone();
    moved.insert("kstar".into(), "7001/1000".into());
    moved.insert("paper_k".into(), "7".into());
    moved.insert("relation".into(), "loose".into());
    rejects("kstar = 7001/1000", "QSopt_ex finds inf b/c = 7", kstar_checks(&moved));
    let mut attained = row.clone();
    attained.insert("attained".into(), "true".into());
    rejects("attained = true", "attained = true but QSopt_ex disagrees", kstar_checks(&attained));
}

#[test]
fn the_writer_scales_rows_to_integers() {
    let mut lp = Lp { nonneg: vec!["a".into(), "b".into()], ..Lp::default() };
    lp.row(
        "r",
        vec![("a".into(), F::new(1, 2)), ("b".into(), F::new(-2, 3)), ("a".into(), F::new(1, 3))],
        Sense::Le,
        F::new(-1, 4),
    );
    assert!(lp.text().contains(" r: + 10 a - 8 b <= -3\n"), "{}", lp.text());
    assert_eq!(F::parse("-6/4"), F::new(-3, 2));
    assert!(F::new(1, 3) < F::new(1, 2));
}
