//! Explicit heads over `{0,1}^m` (docs/math.md §1, §6): feature maps `φ_Q`, `φ_K`, values `v`,
//! readout `w`, `β`, reduced to the two tables of the scalarization (`α ≥ 0` and `s`), plus
//! the built-ins `rank1`, `softmax` and `exact`.
//! - `file`: the head file format `minip-head/1`; `poly`, `search`: overlap-polynomial and
//!   searched heads as head files;
//! - `eval`: every sequence evaluated exactly; `attack`: a failing sequence looked for;
//! - `transition`: the three-token phase transition, every entry verified;
//! - `work`: the work of a head command, counted before anything is built.
//!
//! Depends only on `minip_check`'s rationals and tokens. Never on the solver, the
//! formulation or the certificate code: a head is checked by direct exact evaluation
//! (`eval`), its own layer because the enumeration over all sequences runs in parallel.
//!
//! Tokens are indices `0..2^m`; coordinate `i` of token `x` is bit `i` of `x`, printed as the
//! `i`-th character of its bit string (so `"10"` is token 1).

pub mod attack;
pub mod eval;
pub mod file;
pub mod poly;
pub mod search;
pub mod transition;
pub mod work;

use crate::error::At;
use crate::error::Error;
use minip_check::rational::{fmt_q, qi, Rat};
use num_traits::{One, Signed, Zero};
use std::borrow::Cow;

/// Largest `m` accepted: the tables have `4^m` entries.
pub const MAX_M: u32 = 10;

/// A rational vector by its nonzero entries, sorted by index.
pub type Sparse = Vec<(u32, Rat)>;

/// A per-token vector given by a rule (times `scale`).
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    /// `[1]` (dimension 1).
    Ones,
    /// `[0]` (dimension 1).
    Zero,
    /// The token itself as a 0/1 vector (dimension `m`).
    Bits,
    /// The complement `1 − x` as a 0/1 vector (dimension `m`).
    NotBits,
    /// `[|x|]` (dimension 1).
    Weight,
    /// The unit vector `e_x` (dimension `2^m`).
    Unit,
    /// `(B^{−<x,z>})_z` over all tokens `z` (dimension `2^m`): a row of the exact head.
    Row(Rat),
}

/// How one of `φ_Q`, `φ_K`, `v`, `w`, `β` is given.
#[derive(Clone, Debug, PartialEq)]
pub enum Map {
    /// One vector per token, all of dimension `dim`.
    Table {
        dim: usize,
        rows: Vec<Sparse>,
    },
    Rule {
        rule: Rule,
        scale: Rat,
    },
    /// The parts one after another (dimensions add).
    Concat(Vec<Map>),
}

impl Map {
    pub fn rule(rule: Rule) -> Map {
        Map::Rule { rule, scale: Rat::one() }
    }
    pub fn scaled(rule: Rule, scale: Rat) -> Map {
        Map::Rule { rule, scale }
    }
    pub fn dim(&self, m: u32) -> usize {
        match self {
            Map::Concat(parts) => parts.iter().fold(0usize, |d, p| d.saturating_add(p.dim(m))),
            Map::Table { dim, .. } => *dim,
            Map::Rule { rule, .. } => match rule {
                Rule::Ones | Rule::Zero | Rule::Weight => 1,
                Rule::Bits | Rule::NotBits => m as usize,
                Rule::Unit | Rule::Row(_) => 1 << m,
            },
        }
    }
    /// The most nonzero entries of one token's vector (saturating): what `at` builds per token.
    pub fn nnz(&self, m: u32) -> u64 {
        match self {
            Map::Concat(parts) => parts.iter().fold(0u64, |n, p| n.saturating_add(p.nnz(m))),
            Map::Table { rows, .. } => rows.iter().map(|r| r.len() as u64).max().unwrap_or(0),
            Map::Rule { rule, scale } => match rule {
                _ if scale.is_zero() => 0,
                Rule::Zero => 0,
                Rule::Ones | Rule::Weight | Rule::Unit => 1,
                Rule::Bits | Rule::NotBits => u64::from(m),
                Rule::Row(_) => 1u64 << m,
            },
        }
    }
    /// The vector of token `x` (the table's row, or the rule applied). Coordinates are 32-bit:
    /// a concatenation past `u32::MAX` is an error.
    pub fn at(&self, m: u32, x: u32, powers: &[Rat]) -> Result<Sparse, Error> {
        let (rule, scale) = match self {
            Map::Table { rows, .. } => return Ok(rows[x as usize].clone()),
            Map::Concat(parts) => {
                let mut out = Sparse::new();
                let mut offset = 0u32;
                for p in parts {
                    let next = u32::try_from(p.dim(m)).ok().and_then(|d| offset.checked_add(d)).ok_or_else(
                        || {
                            Error::TooLarge(
                                "too large: a concatenation has more than 4294967295 coordinates".into(),
                            )
                        },
                    )?;
                    // Every coordinate `i` of the part is below its dimension: `i + offset < next`.
                    out.extend(p.at(m, x, powers)?.into_iter().map(|(i, a)| (i + offset, a)));
                    offset = next;
                }
                return Ok(out);
            }
            Map::Rule { rule, scale } => (rule, scale),
        };
        if scale.is_zero() {
            return Ok(Vec::new());
        }
        let v: Sparse = match rule {
            Rule::Ones => vec![(0, Rat::one())],
            Rule::Zero => vec![],
            Rule::Bits => (0..m).filter(|i| x >> i & 1 == 1).map(|i| (i, Rat::one())).collect(),
            Rule::NotBits => (0..m).filter(|i| x >> i & 1 == 0).map(|i| (i, Rat::one())).collect(),
            Rule::Weight => vec![(0, qi(x.count_ones() as i64))],
            Rule::Unit => vec![(x, Rat::one())],
            Rule::Row(_) => {
                (0..1u32 << m).map(|z| (z, powers[(x & z).count_ones() as usize].clone())).collect()
            }
        };
        Ok(v.into_iter().map(|(i, a)| (i, a * scale)).filter(|(_, a)| !a.is_zero()).collect())
    }
}

/// A head as written: maps, before they are multiplied out.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    pub name: String,
    /// Fixed by the file (tables need it); `None` for rule-only heads.
    pub m: Option<u32>,
    pub phi_q: Map,
    pub phi_k: Map,
    pub v: Map,
    pub w: Map,
    pub beta: Map,
}

/// A head reduced to its scalarization (docs/math.md §1.4): `ŷ = Σ α(q,k) s(q,k) / Σ α(q,k)`.
#[derive(Clone, Debug)]
pub struct Head {
    pub name: String,
    pub m: u32,
    /// Feature dimension `r` of `φ_Q`, `φ_K`.
    pub rank: usize,
    /// Dimension `D` of the values.
    pub value_dim: usize,
    /// `α(q,k)`, row-major `q·2^m + k`; every entry ≥ 0, every `α(q,q)` > 0.
    pub alpha: Vec<Rat>,
    /// `s(q,k) = w(q)·v(k) + β(q)`, row-major.
    pub s: Vec<Rat>,
}

fn sparse_dot(a: &Sparse, b: &Sparse) -> Rat {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let mut acc = Rat::zero();
    for (i, x) in short {
        if let Ok(j) = long.binary_search_by_key(i, |e| e.0) {
            acc += x * &long[j].1;
        }
    }
    acc
}

/// Token `x` as its bit string (coordinate 0 first; `minip_check::model::code::bits`).
pub fn bits(m: u32, x: u32) -> String {
    minip_check::model::code::bits(x.into(), m)
}

/// The maps' dimensions agree: `phi_q` with `phi_k`, `v` with `w`, and `beta` is a scalar. The
/// dimensions follow from the maps' shapes alone (`file::parse` checks them before it reads any
/// number exactly).
pub(crate) fn check_dims(spec: &Spec, m: u32) -> Result<(), Error> {
    let (r, rk) = (spec.phi_q.dim(m), spec.phi_k.dim(m));
    if r != rk {
        return Err(Error::Input(format!("mismatched dimensions: phi_q has dimension {r}, phi_k has {rk}")));
    }
    let (dv, dw) = (spec.v.dim(m), spec.w.dim(m));
    if dv != dw {
        return Err(Error::Input(format!("mismatched dimensions: v has dimension {dv}, w has {dw}")));
    }
    if spec.beta.dim(m) != 1 {
        return Err(Error::Input(format!(
            "mismatched dimensions: beta must be a scalar, has dimension {}",
            spec.beta.dim(m)
        )));
    }
    Ok(())
}

impl Head {
    /// Multiplies the maps out over all `4^m` pairs and checks them: matching dimensions,
    /// `α ≥ 0` everywhere, `α(q,q) > 0` (so every sequence has a positive denominator).
    pub fn build(spec: &Spec, m: u32) -> Result<Head, Error> {
        if m == 0 || m > MAX_M {
            return Err(Error::Input(format!("m = {m} is outside 1..={MAX_M}")));
        }
        if let Some(fm) = spec.m {
            if fm != m {
                return Err(Error::Input(format!("the head is written for m = {fm}, not m = {m}")));
            }
        }
        check_dims(spec, m)?;
        let (r, dv) = (spec.phi_q.dim(m), spec.v.dim(m));
        // Every vector the maps give over {0,1}^m is built below: counted first.
        let maps = [&spec.phi_q, &spec.phi_k, &spec.v, &spec.w, &spec.beta];
        let entries = maps.iter().fold(0u64, |e, map| e.saturating_add(map.nnz(m).saturating_mul(1 << m)));
        if entries > file::MAX_HEAD_VALUES {
            return Err(Error::TooLarge(format!(
                "too large: the maps give {entries} vector entries over {{0,1}}^{m} (2^{m} tokens × nonzero entries each), above the supported {} (minip help limits)",
                file::MAX_HEAD_VALUES
            )));
        }
        let n = 1u32 << m;
        // One base per head: the `row` rules must agree (they share the table of powers).
        fn bases<'a>(map: &'a Map, out: &mut Vec<&'a Rat>) {
            match map {
                Map::Rule { rule: Rule::Row(b), .. } => out.push(b),
                Map::Concat(parts) => parts.iter().for_each(|p| bases(p, out)),
                _ => {}
            }
        }
        let mut bs = Vec::new();
        for map in maps {
            bases(map, &mut bs);
        }
        let mut powers = Vec::new();
        if let Some(b) = bs.first() {
            if !b.is_positive() {
                return Err(Error::Input(format!("rule 'row' needs a positive base, got {}", fmt_q(b))));
            }
            if bs.iter().any(|c| c != b) {
                return Err(Error::Input("all 'row' rules of one head must use the same base".into()));
            }
            let inv = b.recip();
            powers = (0..=m).map(|e| num_traits::pow(inv.clone(), e as usize)).collect();
        }
        // A table's rows are used in place; the other maps are applied to every token.
        fn vectors<'a>(map: &'a Map, m: u32, powers: &[Rat]) -> Result<Vec<Cow<'a, Sparse>>, Error> {
            match map {
                Map::Table { rows, .. } => Ok(rows.iter().map(Cow::Borrowed).collect()),
                _ => (0..1u32 << m).map(|x| map.at(m, x, powers).map(Cow::Owned)).collect(),
            }
        }
        let vecs = |map| vectors(map, m, &powers);
        let (pq, pk, vv, ww, bb) =
            (vecs(&spec.phi_q)?, vecs(&spec.phi_k)?, vecs(&spec.v)?, vecs(&spec.w)?, vecs(&spec.beta)?);
        let mut alpha = Vec::with_capacity((n * n) as usize);
        let mut s = Vec::with_capacity((n * n) as usize);
        for q in 0..n as usize {
            let beta = bb[q].first().map(|e| e.1.clone()).unwrap_or_else(Rat::zero);
            for k in 0..n as usize {
                let a = sparse_dot(&pq[q], &pk[k]);
                if a.is_negative() {
                    return Err(Error::Input(format!(
                        "negative kernel entry alpha({}, {}) = {}",
                        bits(m, q as u32),
                        bits(m, k as u32),
                        fmt_q(&a)
                    )));
                }
                if k == q && a.is_zero() {
                    return Err(Error::Input(format!(
                        "alpha({0}, {0}) = 0: the sequence ({0}) has denominator 0 (every alpha(x,x) must be positive)",
                        bits(m, q as u32)
                    )));
                }
                alpha.push(a);
                s.push(sparse_dot(&ww[q], &vv[k]) + &beta);
            }
        }
        Ok(Head { name: spec.name.clone(), m, rank: r, value_dim: dv, alpha, s })
    }

    pub fn tokens(&self) -> u32 {
        1 << self.m
    }
    pub fn alpha(&self, q: u32, k: u32) -> &Rat {
        &self.alpha[(q * self.tokens() + k) as usize]
    }
    pub fn s(&self, q: u32, k: u32) -> &Rat {
        &self.s[(q * self.tokens() + k) as usize]
    }

    /// Whether `α` and `s` are invariant under every permutation of the coordinates,
    /// checked exactly on the two generators of `S_m` (a transposition and the m-cycle).
    /// Only then may verification restrict queries to one per weight.
    pub fn coordinate_invariant(&self) -> bool {
        let m = self.m;
        if m == 1 {
            return true;
        }
        let swap = |x: u32| (x & !3) | (x & 1) << 1 | (x >> 1 & 1);
        let cycle = |x: u32| ((x << 1) | (x >> (m - 1))) & ((1 << m) - 1);
        let n = self.tokens();
        for g in [&swap as &dyn Fn(u32) -> u32, &cycle] {
            for q in 0..n {
                for k in 0..n {
                    if self.alpha(q, k) != self.alpha(g(q), g(k)) || self.s(q, k) != self.s(g(q), g(k)) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// The built-in heads (docs/math.md §6). `base` applies to `softmax` (default 6) and `exact`
/// (default `max(2, len)`, the smallest integer base that is correct at length `len`).
pub fn builtin(name: &str, base: Option<&Rat>, len: u32) -> Option<Result<Spec, Error>> {
    let spec = |name: String, phi_q, phi_k, v, w, beta| Spec { name, m: None, phi_q, phi_k, v, w, beta };
    let base_of = |default: Rat| -> Result<Rat, Error> {
        let b = base.cloned().unwrap_or(default);
        if !b.is_positive() {
            return Err(Error::Input(format!("--base must be positive, got {}", fmt_q(&b))));
        }
        Ok(b)
    };
    match name {
        "rank1" => Some(if base.is_some() {
            Err(Error::Input("--base does not apply to rank1".into()))
        } else {
            Ok(spec(
                "rank1".into(),
                Map::rule(Rule::Ones),
                Map::rule(Rule::Ones),
                Map::rule(Rule::Bits),
                Map::scaled(Rule::Bits, qi(2)),
                Map::scaled(Rule::Weight, qi(-1)),
            ))
        }),
        "softmax" | "exact" => {
            Some(base_of(if name == "softmax" { qi(6) } else { qi(len.max(2) as i64) }).map(|b| {
                let label = format!("{name}(base {})", fmt_q(&b));
                spec(
                    label,
                    Map::rule(Rule::Row(b)),
                    Map::rule(Rule::Unit),
                    Map::rule(Rule::Bits),
                    Map::rule(Rule::Bits),
                    Map::rule(Rule::Zero),
                )
            }))
        }
        _ => None,
    }
}

/// What a command does with a loaded head, for its work count (`work`).
#[derive(Clone, Debug)]
pub enum Task {
    /// `head verify`: every sequence of lengths `lo..=hi`.
    Verify { lo: u32, hi: u32 },
    /// `head attack` at length `n`.
    Attack { n: u32 },
}

/// The task of a command with its tolerance and whether the coordinate symmetry may be used.
#[derive(Clone, Debug)]
pub struct Plan {
    pub task: Task,
    pub eps: Rat,
    pub symmetry: bool,
}

impl Plan {
    /// The longest sequence the task evaluates (the default base of `exact` is chosen for it).
    pub fn longest(&self) -> u32 {
        match self.task {
            Task::Verify { hi, .. } => hi,
            Task::Attack { n } => n,
        }
    }
}

/// `HEAD` on the command line: a built-in name or a path to a head file, with `m` (which
/// may be omitted when the file fixes it), before anything is built. The flag says whether
/// it is a built-in (all are invariant under coordinate permutations).
pub fn spec(head: &str, m: Option<u32>, base: Option<&Rat>, len: u32) -> Result<(Spec, u32, bool), Error> {
    let (spec, builtin) = match builtin(head, base, len) {
        Some(s) => (s?, true),
        None => {
            if base.is_some() {
                return Err(Error::Input("--base applies only to the built-ins softmax and exact".into()));
            }
            if !std::path::Path::new(head).exists() {
                return Err(Error::Input(format!(
                    "{head}: no such file (HEAD is a built-in: rank1, softmax, exact, or a head file)"
                )));
            }
            let text = minip_check::read::read_text(std::path::Path::new(head))?;
            (file::parse(&text).at(head)?, false)
        }
    };
    let m = match (m, spec.m) {
        (Some(m), _) | (None, Some(m)) => m,
        (None, None) => return Err(Error::Input("give --m (the head does not fix m)".into())),
    };
    if m == 0 || m > MAX_M {
        return Err(Error::Input(format!("m = {m} is outside 1..={MAX_M}")));
    }
    Ok((spec, m, builtin))
}

/// Loads `HEAD` to verify it on lengths `1..=len` at `ε = 1/2`, the symmetry allowed
/// (`load_for` with that plan).
pub fn load(head: &str, m: Option<u32>, base: Option<&Rat>, len: u32) -> Result<Head, Error> {
    let plan =
        Plan { task: Task::Verify { lo: 1, hi: len }, eps: minip_check::rational::q(1, 2), symmetry: true };
    load_for(head, m, base, &plan)
}

/// Loads `HEAD` for `plan`: the work of building its tables and of the task is counted from
/// the maps first (`work`), and a head beyond `work::MAX_HEAD_WORK` is refused before any
/// table is built.
pub fn load_for(head: &str, m: Option<u32>, base: Option<&Rat>, plan: &Plan) -> Result<Head, Error> {
    let (spec, m, builtin) = spec(head, m, base, plan.longest())?;
    let sizes = work::sizes(&spec, m);
    let queries = work::queries(m, builtin, plan.symmetry);
    let (task, what) = match plan.task {
        Task::Verify { lo, hi } => (
            work::walk(&sizes, queries, lo, hi, &plan.eps),
            format!("verifying {} over {{0,1}}^{m} at lengths {lo}..={hi}", work::short(&spec.name)),
        ),
        Task::Attack { n } => (
            work::attack(&sizes, queries, n, &plan.eps),
            format!("attacking {} over {{0,1}}^{m} at length {n}", work::short(&spec.name)),
        ),
    };
    work::within_budget(work::tables(&sizes).saturating_add(task), &what)?;
    Head::build(&spec, m)
}
