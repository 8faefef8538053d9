//! Checking rank-bound certificates (`minip-rank/2`, docs/math.md §5, §7.2), end to end:
//! 1. the code: every weight and overlap recomputed against `(m, h, lo, hi)`;
//! 2. the classes: each off-diagonal entry `(i, j)` classified from the code words as seen
//!    from the query `x_i`: the overlap `o < h`, class `h` when `y_j = x_i`, class `h⁺` when
//!    `y_j ⊋ x_i` (a strict superset is not the query: docs/math.md §4.1, §5.3), and counted;
//! 3. the ratios: exactly one certificate per class that occurs, for `R(lo, class; h)` with
//!    the stated `n, ε, h, lo`, each passing `check_ratio`; the class `h⁺` only from an LP
//!    with the superset class, which needs `m > h`;
//! 4. the arithmetic: `δ = max 1/R`, `k/(1+(k−1)δ²)`, the entrywise value
//!    `k²/(k + Σ_{i≠j} R_ij^{−2})`, and the bound: `⌈value⌉`, or in the strict form
//!    `⌊value⌋ + 1` when its precondition holds (`k ≥ 2`, every ratio positive and proved
//!    by a combination with a positive multiplier on a strict row);
//! 5. if present, the maximality proof: the CNF rebuilt from the parameters by
//!    `crate::rows::cnf` and the DRAT proof file checked by `super::drup`.
//!
//! Depends on rationals, the ratio checker, the code/CNF builders and the lemma's
//! arithmetic; never on the search.

use super::input::{rational, stated, Context};
use super::rank_bound::{ceil, entrywise_value, lemma_value, rank_bound, strict_bound};
use super::ratio::check_ratio;
use super::Proves;
use crate::error::{Error, Res};
use crate::format::rank::{Maximal, RankCertificate, RANK_FORMAT, RANK_FORMAT_V1};
use crate::format::ratio::RatioCertificate;
use crate::model::code::{parse_bits, Code, Shape};
use crate::rational::{fmt_q, Rat};
use crate::rows::ratio::class_label;
use crate::verdict::strict_text;
use num_traits::{One, Signed, Zero};
use serde::Serialize;
use std::collections::BTreeMap;

/// What a checked certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankChecked {
    pub shape: Shape,
    pub k: usize,
    pub delta: Rat,
    pub uniform_bound: u64,
    pub bound: u64,
    /// The entrywise value `k²/(k + Σ R_ij^{−2})`.
    pub value: Rat,
    /// The bound is the strict form `⌊value⌋ + 1`.
    pub strict: bool,
    /// `Some(k + 1)` when the certificate also proves that no code of this shape is larger.
    pub maximal: Option<usize>,
}

/// Checks a rank certificate end to end (steps 1–5 of the module comment); returns what it
/// proves.
pub fn check_rank(c: &RankCertificate, ctx: &Context) -> Res<RankChecked> {
    if c.format != RANK_FORMAT && c.format != RANK_FORMAT_V1 {
        return Err(Error::Rejected(format!("format '{}', expected {RANK_FORMAT}", c.format)));
    }
    let eps = rational("params.eps", &c.params.eps)?;
    // 1. The code.
    let code = stated_code(c, &eps)?;
    // 2–3. Classes from the code words, and the ratio certificate of each.
    let counts = code.class_counts();
    let by_class = ratios_by_class(c, &eps)?;
    every_class_priced(c, &counts, &by_class)?;
    let entries = class_entries(c, &counts, &by_class)?;
    // 4. The arithmetic.
    let a = arithmetic(c, &entries)?;
    // 5. The maximality proof, if any.
    let maximal = c.maximal.as_ref().map(|mx| check_maximal(c.k, mx, code.shape, ctx)).transpose()?;
    Ok(RankChecked {
        shape: code.shape,
        k: c.k,
        delta: a.delta,
        uniform_bound: a.uniform_bound,
        bound: a.bound,
        value: a.value,
        strict: c.strict,
        maximal,
    })
}

/// The parameters and the code, every pair checked against the shape (its `k²` comparisons
/// budgeted first); the code has the stated `k` pairs.
fn stated_code(c: &RankCertificate, eps: &Rat) -> Res<Code> {
    let p = &c.params;
    // Checked here, not only through the ratio certificates: a code of one pair needs none.
    if p.n < 3 || !eps.is_positive() {
        return Err(Error::Rejected(format!(
            "params: need n ≥ 3 and ε > 0, got n = {}, eps = {}",
            p.n, p.eps
        )));
    }
    crate::limits::at_most("params: n", p.n, crate::limits::MAX_N, "the paper family")?;
    let shape = Shape::new(p.m, p.h, p.lo, p.hi).map_err(stated("params"))?;
    let parse = |v: &[String], what: &str| -> Res<Vec<u64>> {
        v.iter()
            .enumerate()
            .map(|(i, s)| parse_bits(s, p.m).map_err(|e| e.at(&format!("code.{what}[{i}]")).in_certificate()))
            .collect()
    };
    // The pair checks and class counts compare every (i, j): k² work, budgeted first.
    let k = c.code.x.len().max(c.code.y.len()) as u128;
    if k * k > crate::limits::MAX_CODE_PAIRS {
        return Err(Error::TooLarge(format!(
            "too large to check: a code of {k} pairs needs {} pair comparisons, the limit is {}",
            k * k,
            crate::limits::MAX_CODE_PAIRS
        )));
    }
    let code = Code { shape, x: parse(&c.code.x, "x")?, y: parse(&c.code.y, "y")? };
    code.verify().map_err(|e| e.at("code"))?;
    if code.is_empty() {
        return Err(Error::Rejected("code: no pairs".into()));
    }
    if c.k != code.len() {
        return Err(Error::Rejected(format!("k = {} but the code has {} pairs", c.k, code.len())));
    }
    Ok(code)
}

/// Each ratio certificate checked (their work budgeted together first), keyed by its class
/// `hi`: it must be for the code's `n, ε, h, lo` in the paper's model, and listed once.
fn ratios_by_class<'c>(c: &'c RankCertificate, eps: &Rat) -> Res<BTreeMap<u32, (&'c RatioCertificate, Rat)>> {
    let p = &c.params;
    let mut by_class: BTreeMap<u32, (&RatioCertificate, Rat)> = BTreeMap::new();
    // The ratio certificates' work together, before any is checked (`MAX_RATIO_WORK`).
    let mut work: u128 = 0;
    for r in &c.ratios {
        // (invalid parameters are reported by the check itself, with the ratio named)
        work = work.saturating_add(super::ratio::ratio_work(r).unwrap_or(0));
    }
    super::ratio::within_budget(work, &format!("the {} ratio certificates together", c.ratios.len()))?;
    for (i, r) in c.ratios.iter().enumerate() {
        let q = &r.params;
        if (q.n, q.h, q.lo) != (p.n, p.h, p.lo) || rational("ratio eps", &q.eps)? != *eps {
            return Err(Error::Rejected(format!(
                "ratios[{i}] has parameters n={} eps={} h={} lo={}, not those of the code",
                q.n, q.eps, q.h, q.lo
            )));
        }
        if q.superset && p.m <= p.h {
            return Err(Error::Rejected(format!(
                "ratios[{i}]: its LP has the strict-superset class h+, which does not exist when m = h"
            )));
        }
        let label = format!("R({}, {}; {})", p.lo, class_label(p.h, q.hi), p.h);
        if !q.is_default_setting() {
            return Err(Error::Rejected(format!("ratios[{i}]: a rank bound uses ratios of the paper's model (min-ip, nonneg, shared maps, all keys), not {}", super::ratio::stated_instance(r).map(|x| x.setting.label()).unwrap_or_default())));
        }
        let value = check_ratio(r).map_err(|e| e.at(&format!("ratio {label}")))?;
        if by_class.insert(q.hi, (r, value)).is_some() {
            return Err(Error::Rejected(format!("ratios: {label} is listed twice")));
        }
    }
    Ok(by_class)
}

/// Every class that occurs has its ratio (the class `h⁺` one of its own), the format is the
/// current one, and no ratio is for a class that does not occur.
fn every_class_priced(
    c: &RankCertificate,
    counts: &BTreeMap<u32, u64>,
    by_class: &BTreeMap<u32, (&RatioCertificate, Rat)>,
) -> Res<()> {
    let p = &c.params;
    for (&class, &n) in counts {
        if by_class.contains_key(&class) {
            continue;
        }
        if class == p.h + 1 {
            let own = if by_class.contains_key(&p.h) {
                ", and the query's own ratio R(lo, h; h) does not bound them"
            } else {
                ""
            };
            return Err(Error::Rejected(format!(
                "{n} entries (i, j) have y_j a strict superset of x_i (class {}+, not the query itself): they need R({}, {}+; {}), which is not given{own} (docs/math.md §5.3)",
                p.h, p.lo, p.h, p.h
            )));
        }
        return Err(Error::Rejected(format!(
            "{n} entries (i, j) are in class {}: no ratio certificate R({}, {}; {}) is given",
            class_label(p.h, class),
            p.lo,
            class_label(p.h, class),
            p.h
        )));
    }
    if c.format == RANK_FORMAT_V1 {
        return Err(Error::Rejected(format!("format {RANK_FORMAT_V1} is superseded by {RANK_FORMAT} (classes h and h+ told apart); regenerate with minip rank")));
    }
    if let Some(extra) = by_class.keys().find(|cl| !counts.contains_key(cl)) {
        return Err(Error::Rejected(format!(
            "ratios: R({}, {}; {}) is listed but no entry is in that class",
            p.lo,
            class_label(p.h, *extra),
            p.h
        )));
    }
    Ok(())
}

/// The stated classes, in order, are exactly those recounted (counts and ratios), each ratio
/// positive; returns `(R, count)` per class.
fn class_entries(
    c: &RankCertificate,
    counts: &BTreeMap<u32, u64>,
    by_class: &BTreeMap<u32, (&RatioCertificate, Rat)>,
) -> Res<Vec<(Rat, u64)>> {
    let p = &c.params;
    if c.classes.len() != counts.len() || c.ratios.len() != counts.len() {
        return Err(Error::Rejected(format!(
            "classes: {} listed with {} ratios, the code has {} classes",
            c.classes.len(),
            c.ratios.len(),
            counts.len()
        )));
    }
    let mut entries: Vec<(Rat, u64)> = Vec::new();
    for (i, ((&class, &n), stated)) in counts.iter().zip(&c.classes).enumerate() {
        let (cert, r) = &by_class[&class];
        if c.ratios[i].params.hi != class || !std::ptr::eq(*cert, &c.ratios[i]) {
            return Err(Error::Rejected(format!(
                "ratios[{i}]: expected the certificate of class {}",
                class_label(p.h, class)
            )));
        }
        if stated.class != class_label(p.h, class)
            || stated.entries != n
            || rational(&format!("classes[{i}].ratio"), &stated.ratio)? != *r
        {
            return Err(Error::Rejected(format!(
                "classes[{i}]: stated class {} with {} entries and ratio {}, recounted class {} with {n} entries and ratio {}",
                stated.class,
                stated.entries,
                stated.ratio,
                class_label(p.h, class),
                fmt_q(r)
            )));
        }
        if !r.is_positive() {
            return Err(Error::Rejected(format!(
                "class {}: the forced ratio {} is not positive, so the entries are not bounded",
                class_label(p.h, class),
                fmt_q(r)
            )));
        }
        entries.push((r.clone(), n));
    }
    Ok(entries)
}

/// The numbers of step 4, each equal to the stated one.
struct Arithmetic {
    delta: Rat,
    uniform_bound: u64,
    value: Rat,
    bound: u64,
}

/// `δ`, the uniform value and bound, the entrywise value, and the bound (`⌈value⌉`, or the
/// strict form once its precondition is checked), each compared with the stated one.
fn arithmetic(c: &RankCertificate, entries: &[(Rat, u64)]) -> Res<Arithmetic> {
    let p = &c.params;
    let d = entries.iter().map(|(r, _)| Rat::one() / r).max().unwrap_or_else(Rat::zero);
    if rational("delta", &c.delta)? != d {
        return Err(Error::Rejected(format!("delta = {}, recomputed {}", c.delta, fmt_q(&d))));
    }
    let u = lemma_value(c.k, &d);
    if rational("uniform_value", &c.uniform_value)? != u {
        return Err(Error::Rejected(format!(
            "uniform_value = {}, recomputed {}",
            c.uniform_value,
            fmt_q(&u)
        )));
    }
    let ub = rank_bound(c.k, &d);
    if c.uniform_bound != ub {
        return Err(Error::Rejected(format!("uniform_bound = {}, recomputed {ub}", c.uniform_bound)));
    }
    let v = entrywise_value(c.k, entries);
    if rational("value", &c.value)? != v {
        return Err(Error::Rejected(format!("value = {}, recomputed {}", c.value, fmt_q(&v))));
    }
    let b = if c.strict {
        // Every entry strictly below 1/R_ij needs an off-diagonal entry and, for each ratio,
        // a positive multiplier on a strict row (check_ratio accepted only positive ones).
        if c.k < 2 {
            return Err(Error::Rejected("strict: needs k ≥ 2 (an off-diagonal entry)".into()));
        }
        if let Some(r) = c.ratios.iter().find(|r| r.multipliers.is_empty()) {
            return Err(Error::Rejected(format!(
                "strict: R({}, {}; {}) has no multiplier on a strict row",
                p.lo,
                class_label(p.h, r.params.hi),
                p.h
            )));
        }
        strict_bound(&v)
    } else {
        ceil(&v)
    };
    if c.bound != b {
        let form = if c.strict { "strict form ⌊value⌋ + 1" } else { "⌈value⌉" };
        return Err(Error::Rejected(format!("bound = {}, recomputed {b} ({form})", c.bound)));
    }
    Ok(Arithmetic { delta: d, uniform_bound: ub, value: v, bound: b })
}

/// A maximality proof for a code of `k` pairs: the CNF for `k + 1` pairs rebuilt from the
/// shape (its size budgeted first) and refuted by the DRAT proof file; returns `k + 1`.
fn check_maximal(k: usize, mx: &Maximal, shape: Shape, ctx: &Context) -> Res<usize> {
    if mx.refuted != k + 1 {
        return Err(Error::Rejected(format!("maximal.refuted = {}, expected k + 1 = {}", mx.refuted, k + 1)));
    }
    let enc = match mx.proof_format.as_str() {
        "drat" => super::drup::Encoding::Text,
        "drat-binary" => super::drup::Encoding::Binary,
        other => {
            return Err(Error::Rejected(format!(
                "maximal.proof_format '{other}', expected drat or drat-binary"
            )))
        }
    };
    let size = crate::rows::cnf::estimate(shape, mx.refuted);
    if size > crate::rows::cnf::MAX_LITERALS {
        return Err(Error::TooLarge(format!(
            "too large to check: the CNF for {} pairs has about {size} literals, the limit is {}",
            mx.refuted,
            crate::rows::cnf::MAX_LITERALS
        )));
    }
    let proof = ctx.open(&mx.proof).map_err(|e| e.at("maximal.proof"))?;
    let cnf = crate::rows::cnf::encode(shape, mx.refuted).formula;
    // The clauses the proof adds, counted before it is checked (a read of its structure).
    let additions = || ctx.open(&mx.proof).map_or(0, |r| super::drup::count_additions(r, enc));
    super::drup::check_refutation_from(cnf, proof, enc, additions).map_err(|e| e.at("maximal"))?;
    Ok(mx.refuted)
}

// What a checked certificate proves (the registry's claim of this format, crate::format).

/// `minip-rank/2`: every correct head over `{0,1}^m` has feature rank at least `bound`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RankClaim {
    pub bound: u64,
    pub n: u32,
    pub eps: String,
    pub m: u32,
    pub h: u32,
    pub lo: u32,
    pub hi: u32,
    pub k: usize,
    pub delta: String,
    pub value: String,
    pub strict: bool,
    /// With a maximality proof: no code of this shape has this many pairs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_code_of: Option<usize>,
}

impl std::fmt::Display for RankClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = self;
        let max = r.no_code_of.map(|k| format!(", no code of {k} pairs")).unwrap_or_default();
        write!(
            f,
            "rank >= {} (n={} eps={} m={} h={} lo={} hi={} k={} delta={}{max}{})",
            r.bound,
            r.n,
            r.eps,
            r.m,
            r.h,
            r.lo,
            r.hi,
            r.k,
            r.delta,
            strict_text(r.strict, &r.value)
        )
    }
}

impl Proves for RankCertificate {
    type Claim = RankClaim;
    fn proves(&self, ctx: &Context) -> Res<RankClaim> {
        rank_claim(self, ctx)
    }
}

fn rank_claim(c: &RankCertificate, ctx: &Context) -> Res<RankClaim> {
    let r = check_rank(c, ctx)?;
    let s = r.shape;
    Ok(RankClaim {
        bound: r.bound,
        n: c.params.n,
        eps: fmt_q(&rational("params.eps", &c.params.eps)?),
        m: s.m,
        h: s.h,
        lo: s.lo,
        hi: s.hi,
        k: r.k,
        delta: fmt_q(&r.delta),
        value: fmt_q(&r.value),
        strict: r.strict,
        no_code_of: r.maximal,
    })
}
