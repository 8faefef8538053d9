//! Exact evaluation of a head and exhaustive verification over `{0,1}^m` (docs/math.md §1, §6.4).
//!
//! Symmetries used:
//! - **positions** (every head): `ŷ` at a query depends only on the query token and the
//!   multiset of the other tokens, because normalized attention sums over positions. So each
//!   (query token, multiset of `len − 1` other tokens) is evaluated once; it stands for every
//!   sequence and position with that query and those others.
//! - **coordinates** (only when `Head::coordinate_invariant` confirms it exactly): queries are
//!   restricted to one per weight, `1^h 0^(m−h)`.
//!
//! Arithmetic: each query row of `α` and `α·s` is put over one common denominator, so a
//! sequence's output is `Σp / Σa` in integers. Rows whose entries are below 2^50 run in `i128`
//! (no overflow is possible, see `fits_i128`); others run the same code on `BigInt`.
//! Every witness that is reported is recomputed afterwards by `evaluate` in `BigRational`.
//!
//! Depends only on `minip_check::rational` and the head tables.

use super::{bits, Head};
use crate::control::Control;
use crate::error::Error;
use minip_check::rational::{fmt_q, qi, Rat};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use rayon::prelude::*;

/// Min-IP target at position `i`: `min_j <x_i, x_j>` (docs/math.md §1.1).
pub fn target(tokens: &[u32], i: usize) -> u32 {
    tokens.iter().map(|&x| (x & tokens[i]).count_ones()).min().unwrap_or(0)
}

/// `ŷ_i` computed directly in rationals: `Σ_j α(x_i,x_j) s(x_i,x_j) / Σ_j α(x_i,x_j)`.
pub fn evaluate(head: &Head, tokens: &[u32], i: usize) -> Result<Rat, Error> {
    let n = head.tokens();
    if i >= tokens.len() || tokens.iter().any(|&x| x >= n) {
        return Err(Error::Input("sequence is not over {0,1}^m or the position is out of range".into()));
    }
    let q = tokens[i];
    let (mut num, mut den) = (Rat::zero(), Rat::zero());
    for &k in tokens {
        num += head.alpha(q, k) * head.s(q, k);
        den += head.alpha(q, k);
    }
    if !den.is_positive() {
        return Err(Error::Input("denominator is not positive".into()));
    }
    Ok(num / den)
}

/// One evaluated sequence, queried at position 1 (the first token).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// The query followed by the other tokens in increasing order.
    pub tokens: Vec<u32>,
    pub target: u32,
    pub output: Rat,
    /// `|ŷ − t|`.
    pub error: Rat,
}

impl Witness {
    pub fn spelled(&self, m: u32) -> String {
        self.tokens.iter().map(|&x| bits(m, x)).collect::<Vec<_>>().join(",")
    }
    pub fn describe(&self, m: u32) -> String {
        format!(
            "({}) at 1: target {}, output {}, error {}",
            self.spelled(m),
            self.target,
            fmt_q(&self.output),
            fmt_q(&self.error)
        )
    }
    pub fn json(&self, m: u32) -> serde_json::Value {
        serde_json::json!({
            "tokens": self.tokens.iter().map(|&x| bits(m, x)).collect::<Vec<_>>(),
            "position": 1,
            "target": self.target,
            "output": fmt_q(&self.output),
            "error": fmt_q(&self.error),
        })
    }
    /// Recomputes target and output from the head tables alone.
    pub fn confirm(head: &Head, tokens: Vec<u32>) -> Result<Witness, Error> {
        let t = target(&tokens, 0);
        let output = evaluate(head, &tokens, 0)?;
        let error = (&output - qi(t as i64)).abs();
        Ok(Witness { tokens, target: t, output, error })
    }
}

/// The result for one sequence length.
#[derive(Clone, Debug)]
pub struct LenReport {
    pub len: u32,
    /// (query, multiset) classes evaluated.
    pub evaluations: u64,
    pub max_error: Rat,
    /// First sequence attaining `max_error` (none when every output is exact).
    pub worst: Option<Witness>,
    /// First sequence with error ≥ ε, in enumeration order (query, then others lexicographic).
    pub first_failure: Option<Witness>,
}

/// Exhaustive verification of lengths `lo..=hi`.
#[derive(Clone, Debug)]
pub struct Report {
    pub head: String,
    pub m: u32,
    pub eps: Rat,
    pub coordinate_symmetry: bool,
    pub lens: Vec<LenReport>,
}

impl Report {
    pub fn correct(&self) -> bool {
        self.lens.iter().all(|l| l.first_failure.is_none())
    }
    pub fn evaluations(&self) -> u64 {
        self.lens.iter().map(|l| l.evaluations).sum()
    }
    pub fn max_error(&self) -> Rat {
        self.lens.iter().map(|l| l.max_error.clone()).max().unwrap_or_else(Rat::zero)
    }
    /// The first failure at the shortest failing length.
    pub fn first_failure(&self) -> Option<&Witness> {
        self.lens.iter().find_map(|l| l.first_failure.as_ref())
    }
    pub fn worst(&self) -> Option<&Witness> {
        let max = self.max_error();
        self.lens.iter().find(|l| l.max_error == max).and_then(|l| l.worst.as_ref())
    }
    pub fn symmetry_text(&self) -> &'static str {
        if self.coordinate_symmetry {
            "positions (exact for every head) + coordinate permutations (checked: the head is invariant)"
        } else {
            "positions only (exact for every head)"
        }
    }
}

/// Integer arithmetic used by the enumeration: `i128` on the fast path, `BigInt` otherwise.
trait Int: Clone + Ord + Send + Sync + Signed + From<i64> {
    fn big(&self) -> BigInt;
}
impl Int for i128 {
    fn big(&self) -> BigInt {
        BigInt::from(*self)
    }
}
impl Int for BigInt {
    fn big(&self) -> BigInt {
        self.clone()
    }
}

/// Integer rows of one query: `a[k] = α(q,k)·D`, `p[k] = α(q,k)s(q,k)·D`.
struct Rows<T> {
    a: Vec<T>,
    p: Vec<T>,
}

fn big_rows(head: &Head, q: u32) -> (Vec<BigInt>, Vec<BigInt>) {
    let n = head.tokens();
    let prods: Vec<Rat> = (0..n).map(|k| head.alpha(q, k) * head.s(q, k)).collect();
    let mut den = BigInt::one();
    for k in 0..n {
        den = den.lcm(head.alpha(q, k).denom()).lcm(prods[k as usize].denom());
    }
    let scale = |x: &Rat| x.numer() * (&den / x.denom());
    ((0..n).map(|k| scale(head.alpha(q, k))).collect(), prods.iter().map(scale).collect())
}

/// Sums of at most `len ≤ 64` entries below 2^50 stay below 2^56; `|Σp − tΣa|·ε_den` and
/// cross-multiplied errors stay below 2^127 when `t ≤ 10` and `ε` has parts below 2^32.
fn fits_i128(rows: &[(Vec<BigInt>, Vec<BigInt>)], len: u32, eps: &Rat) -> bool {
    let lim = BigInt::one() << 50;
    let small = BigInt::one() << 32;
    len <= 64
        && eps.numer().abs() < small
        && eps.denom() < &small
        && rows.iter().all(|(a, p)| a.iter().chain(p).all(|x| x.abs() < lim))
}

struct Acc<T> {
    count: u64,
    best: (T, T),
    worst: Option<(Vec<u32>, u32)>,
    first: Option<(Vec<u32>, u32)>,
}

struct Ctx<'a, T> {
    rows: &'a Rows<T>,
    ov: Vec<u32>,
    en: T,
    ed: T,
}

impl<T: Int> Ctx<'_, T> {
    fn leaf(&self, sa: &T, sp: &T, t: u32, seq: &[u32], acc: &mut Acc<T>) {
        acc.count += 1;
        let e = (sp.clone() - T::from(t as i64) * sa.clone()).abs();
        if e.clone() * acc.best.1.clone() > acc.best.0.clone() * sa.clone() {
            acc.best = (e.clone(), sa.clone());
            acc.worst = Some((seq.to_vec(), t));
        }
        if acc.first.is_none() && e * self.ed.clone() >= self.en.clone() * sa.clone() {
            acc.first = Some((seq.to_vec(), t));
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn walk(&self, start: usize, left: u32, sa: T, sp: T, t: u32, seq: &mut Vec<u32>, acc: &mut Acc<T>) {
        if left == 0 {
            return self.leaf(&sa, &sp, t, seq, acc);
        }
        for k in start..self.rows.a.len() {
            seq.push(k as u32);
            let (a, p) = (&self.rows.a[k], &self.rows.p[k]);
            self.walk(
                k,
                left - 1,
                sa.clone() + a.clone(),
                sp.clone() + p.clone(),
                t.min(self.ov[k]),
                seq,
                acc,
            );
            seq.pop();
        }
    }
}

/// The queries to enumerate: all tokens, or one per weight when the head is invariant.
pub fn queries(m: u32, coordinate_symmetry: bool) -> Vec<u32> {
    if coordinate_symmetry {
        (0..=m).map(|h| (1u32 << h) - 1).collect()
    } else {
        (0..1u32 << m).collect()
    }
}

/// Exhaustive exact verification of every sequence of length `lo..=hi` over `{0,1}^m` at every
/// position, with tolerance `eps` (docs/math.md §1.3: correct iff `|ŷ − t| < ε`).
/// `use_symmetry` allows the coordinate reduction if (and only if) the head is invariant.
pub fn verify(
    head: &Head,
    lo: u32,
    hi: u32,
    eps: &Rat,
    use_symmetry: bool,
    ctl: &Control,
) -> Result<Report, Error> {
    if lo == 0 || lo > hi {
        return Err(Error::Input(format!("lengths {lo}..={hi}: need 1 ≤ lo ≤ hi")));
    }
    if !eps.is_positive() {
        return Err(Error::Input("ε must be > 0".into()));
    }
    let sym = use_symmetry && head.coordinate_invariant();
    let qs = queries(head.m, sym);
    let big: Vec<(Vec<BigInt>, Vec<BigInt>)> = qs.iter().map(|&q| big_rows(head, q)).collect();
    let lens = if fits_i128(&big, hi, eps) {
        let rows: Vec<Rows<i128>> = big
            .iter()
            .map(|(a, p)| Rows {
                a: a.iter().map(|x| i128::try_from(x).expect("checked")).collect(),
                p: p.iter().map(|x| i128::try_from(x).expect("checked")).collect(),
            })
            .collect();
        run::<i128>(head, &qs, &rows, lo, hi, eps, ctl)
    } else {
        let rows: Vec<Rows<BigInt>> = big.into_iter().map(|(a, p)| Rows { a, p }).collect();
        run::<BigInt>(head, &qs, &rows, lo, hi, eps, ctl)
    }?;
    Ok(Report { head: head.name.clone(), m: head.m, eps: eps.clone(), coordinate_symmetry: sym, lens })
}

fn run<T: Int>(
    head: &Head,
    qs: &[u32],
    rows: &[Rows<T>],
    lo: u32,
    hi: u32,
    eps: &Rat,
    ctl: &Control,
) -> Result<Vec<LenReport>, Error> {
    let n = head.tokens();
    let to_t = |b: &BigInt| -> T {
        // The fast path only runs when ε's parts fit (fits_i128); BigInt takes anything.
        let mut t = T::from(0);
        let mut bytes = b.abs().to_bytes_be().1;
        if bytes.is_empty() {
            bytes.push(0);
        }
        for byte in bytes {
            t = t * T::from(256) + T::from(byte as i64);
        }
        t
    };
    let (en, ed) = (to_t(eps.numer()), to_t(eps.denom()));
    // Tasks in enumeration order: length, query, first other token.
    let mut tasks: Vec<(u32, usize, Option<u32>)> = Vec::new();
    for len in lo..=hi {
        for qi in 0..qs.len() {
            if len == 1 {
                tasks.push((len, qi, None));
            } else {
                tasks.extend((0..n).map(|j| (len, qi, Some(j))));
            }
        }
    }
    let bar = ctl.meter(tasks.len() as u64, &format!("{} m={} len {lo}..={hi}", head.name, head.m));
    let ctxs: Vec<Ctx<T>> = qs
        .iter()
        .zip(rows)
        .map(|(&q, r)| Ctx {
            rows: r,
            ov: (0..n).map(|k| (k & q).count_ones()).collect(),
            en: en.clone(),
            ed: ed.clone(),
        })
        .collect();
    let results: Vec<Acc<T>> = tasks
        .par_iter()
        .map(|&(len, qi, first)| {
            let ctx = &ctxs[qi];
            let q = qs[qi];
            let mut acc = Acc { count: 0, best: (T::from(0), T::from(1)), worst: None, first: None };
            let mut seq = vec![q];
            let (sa, sp, t) =
                (ctx.rows.a[q as usize].clone(), ctx.rows.p[q as usize].clone(), q.count_ones());
            match first {
                None => ctx.leaf(&sa, &sp, t, &seq, &mut acc),
                Some(j) => {
                    seq.push(j);
                    let (a, p) = (&ctx.rows.a[j as usize], &ctx.rows.p[j as usize]);
                    ctx.walk(
                        j as usize,
                        len - 2,
                        sa + a.clone(),
                        sp + p.clone(),
                        t.min(ctx.ov[j as usize]),
                        &mut seq,
                        &mut acc,
                    );
                }
            }
            bar.inc(1);
            acc
        })
        .collect();
    bar.finish();
    // Reduce in task order so the reported witnesses do not depend on scheduling.
    (lo..=hi).map(|len| reduce(head, eps, len, &tasks, &results)).collect()
}

/// The report of one length from the per-task accumulators, in task order; each witness is
/// confirmed by a direct rational evaluation.
fn reduce<T: Int>(
    head: &Head,
    eps: &Rat,
    len: u32,
    tasks: &[(u32, usize, Option<u32>)],
    results: &[Acc<T>],
) -> Result<LenReport, Error> {
    let mut count = 0;
    let mut best: (T, T) = (T::from(0), T::from(1));
    let (mut worst, mut first) = (None, None);
    for (_, acc) in tasks.iter().zip(results).filter(|(t, _)| t.0 == len) {
        count += acc.count;
        if acc.best.0.clone() * best.1.clone() > best.0.clone() * acc.best.1.clone() {
            best = acc.best.clone();
            worst = acc.worst.clone();
        }
        if first.is_none() {
            first = acc.first.clone();
        }
    }
    let max_error = Rat::new(best.0.big(), best.1.big());
    let worst = match worst {
        Some((seq, _)) => Some(Witness::confirm(head, seq)?),
        None => None,
    };
    let first_failure = match first {
        Some((seq, _)) => Some(Witness::confirm(head, seq)?),
        None => None,
    };
    // The integer enumeration and the direct rational evaluation must agree.
    if let Some(w) = &worst {
        if w.error != max_error {
            return Err(Error::Input(format!(
                "internal: integer and rational evaluation disagree on {}",
                w.describe(head.m)
            )));
        }
    }
    if let Some(f) = &first_failure {
        if f.error < *eps {
            return Err(Error::Input(format!(
                "internal: integer and rational evaluation disagree on {}",
                f.describe(head.m)
            )));
        }
    }
    Ok(LenReport { len, evaluations: count, max_error, worst, first_failure })
}
