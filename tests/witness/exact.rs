//! The witness's own exact arithmetic, LP writer and `esolver` driver, and the row sets of
//! docs/math.md §2–4 written from scratch (no code of the library).

use serde_json::Value;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn full() -> bool {
    std::env::var_os("MINIP_WITNESS_FULL").is_some_and(|v| !v.is_empty() && v != "0")
}

// ---------------------------------------------------------------------------------------------
// A small exact fraction (i128, overflow checked): enough for every value in this test, and
// independent of the library's rational type.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct F {
    pub n: i128,
    pub d: i128,
}

pub fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

pub fn lcm(a: i128, b: i128) -> i128 {
    (a / gcd(a, b)).checked_mul(b).expect("lcm overflow").abs()
}

impl F {
    pub fn new(n: i128, d: i128) -> F {
        assert!(d != 0, "zero denominator");
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        F { n: s * n / g, d: s * d / g }
    }
    pub fn int(n: i64) -> F {
        F::new(n as i128, 1)
    }
    pub fn zero() -> F {
        F::int(0)
    }
    /// `p`, `-p`, `p/q` (what minip's files and esolver's solution files contain).
    pub fn parse(s: &str) -> F {
        let s = s.trim();
        let bad = || panic!("not an exact rational: {s:?}");
        match s.split_once('/') {
            Some((p, q)) => {
                F::new(p.trim().parse().unwrap_or_else(|_| bad()), q.trim().parse().unwrap_or_else(|_| bad()))
            }
            None => F::new(s.parse().unwrap_or_else(|_| bad()), 1),
        }
    }
    pub fn is_zero(self) -> bool {
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

pub fn mul(a: i128, b: i128) -> i128 {
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
pub enum Sense {
    Le,
    Eq,
}

#[derive(Clone, Debug)]
pub struct Row {
    pub name: String,
    pub terms: Vec<(String, F)>,
    pub sense: Sense,
    pub rhs: F,
}

#[derive(Clone, Debug, Default)]
pub struct Lp {
    /// Variable to minimize; `None` for a feasibility question.
    pub minimize: Option<String>,
    pub rows: Vec<Row>,
    pub nonneg: Vec<String>,
    pub free: Vec<String>,
}

impl Lp {
    pub fn row(&mut self, name: impl Into<String>, terms: Vec<(String, F)>, sense: Sense, rhs: F) {
        self.rows.push(Row { name: name.into(), terms, sense, rhs });
    }

    /// Every row is multiplied by the lcm of its denominators (a positive factor, so the set of
    /// solutions is unchanged) and written with integer coefficients.
    pub fn text(&self) -> String {
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
pub enum Answer {
    Infeasible,
    Optimal(F),
}

pub static CALLS: AtomicUsize = AtomicUsize::new(0);

/// Solves `lp` with `esolver -L -O out.sol file.lp` and reads the status and, when optimal,
/// the exact objective value.
pub fn esolve(lp: &Lp) -> Answer {
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

pub fn feasible(lp: &Lp) -> bool {
    match esolve(lp) {
        Answer::Infeasible => false,
        Answer::Optimal(_) => true,
    }
}

pub fn minimum(lp: &Lp, what: &str) -> F {
    match esolve(lp) {
        Answer::Optimal(v) => v,
        Answer::Infeasible => panic!("{what}: esolver says infeasible where a minimum was expected"),
    }
}

// ---------------------------------------------------------------------------------------------
// docs/math.md §2: one query x and two candidates y, z; the gap families and their rows.

#[derive(Clone, Debug)]
pub struct Config {
    pub n: i64,
    pub eps: F,
    pub h: i64,
    pub u: i64,
    pub w: i64,
    pub all: bool,
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (n, e, h, u, w) = (self.n, self.eps, self.h, self.u, self.w);
        write!(f, "n={n} eps={e} (h,u,w)=({h},{u},{w}) family={}", if self.all { "all" } else { "paper" })
    }
}

/// The lemma's factor `K = (n−2)(d−2ε)/(2ε)`.
pub fn paper_k(c: &Config) -> F {
    let two_eps = F::int(2) * c.eps;
    F::int(c.n - 2) * (F::int(c.w - c.u) - two_eps) / two_eps
}

/// Sequences queried at `x`: multiplicities `(i_x, i_y, i_z)` and target `t` (the least overlap
/// with `x` of the tokens present, `x` itself — overlap `h` — always present).
pub fn sequences(c: &Config) -> Vec<([i64; 3], i64)> {
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
pub const WEIGHT: [&str; 3] = ["a", "b", "c"];
pub const PRODUCT: [&str; 3] = ["px", "qy", "sz"];

/// For each sequence, `N − tD − εD < 0` and `−N + tD − εD < 0`, written `≤ strict_rhs`.
pub fn gap_lp(c: &Config, seqs: &[([i64; 3], i64)], strict_rhs: F) -> Lp {
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
pub fn head_exists(c: &Config, seqs: &[([i64; 3], i64)], kprime: F) -> bool {
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
pub fn closure_min_b(c: &Config, seqs: &[([i64; 3], i64)]) -> F {
    let mut lp = gap_lp(c, seqs, F::zero());
    lp.row("norm", vec![("c".into(), F::int(1))], Sense::Eq, F::int(1));
    lp.minimize = Some("b".into());
    minimum(&lp, &format!("min b over the closure at {c}"))
}

// ---------------------------------------------------------------------------------------------
// docs/math.md §4: one kernel row over all length-n sequences.

/// Class `k` of a ratio certificate: `0..h−1` overlaps, `h` the query itself, `h+1` the strict
/// supersets `h⁺` (overlap `h`).
pub fn overlap(h: i64, k: i64) -> i64 {
    k.min(h)
}

/// Multisets of `size` elements of `0..classes` (nondecreasing index lists).
pub fn multisets(classes: &[i64], size: usize) -> Vec<Vec<i64>> {
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
pub fn ratio_lp(n: i64, eps: F, h: i64, lo: i64, hi: i64, superset: bool, skip: Option<&[i64]>) -> Lp {
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

pub fn ratio(n: i64, eps: F, h: i64, lo: i64, hi: i64, superset: bool) -> F {
    minimum(
        &ratio_lp(n, eps, h, lo, hi, superset, None),
        &format!("R(lo={lo}, hi={hi}; h={h}) n={n} eps={eps} superset={superset}"),
    )
}

// ---------------------------------------------------------------------------------------------
// Reading committed files (serde_json only).

pub fn json_files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    v.sort();
    v
}

pub fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

pub fn int(v: &Value, key: &str) -> i64 {
    v[key].as_i64().unwrap_or_else(|| panic!("integer field {key} missing in {v}"))
}

pub fn frac(v: &Value, key: &str) -> F {
    F::parse(v[key].as_str().unwrap_or_else(|| panic!("rational field {key} missing in {v}")))
}

pub fn config_of(p: &Value) -> Config {
    let all = match p["family"].as_str() {
        Some("all") => true,
        Some("paper") => false,
        f => panic!("unknown family {f:?}"),
    };
    Config { n: int(p, "n"), eps: frac(p, "eps"), h: int(p, "h"), u: int(p, "u"), w: int(p, "w"), all }
}

pub fn check_gap_file(path: &Path) -> String {
    check_gap_doc(&read_json(path), &path.strip_prefix(root()).unwrap_or(path).display().to_string())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Checks one `minip-gap/1` certificate against esolver; returns its verdict.
pub fn check_gap_doc(doc: &Value, name: &str) -> Result<String, String> {
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
