//! What a checked certificate proves, as data: [`Claim`], one variant per format, with every
//! parameter that changes the mathematics (the setting of docs/math.md §11 included). Its
//! `Display` is the one-line summary that `minip-check`, `minip verify` and the tables print;
//! its `Serialize` is the structured `claim` of `minip verify --json` and `minip-check --json`.
//!
//! Rule for the summary line: every field that changes the mathematics is named whenever it
//! is not the default (`task=max-ip kernel=signed positions=per-position keys=distinct at=1`,
//! `m=` for the task `nearest`, `classes 0..h,h+` for the superset class), right after the
//! kind of claim, so that two certificates of different settings never print the same line.
//! JSON values: rationals and big integers as decimal strings (`"3/8"`, `"4096"`), counts
//! and small parameters as numbers, names as lowercase strings; a setting field is absent
//! when it has its default value, exactly as in the certificate formats.
//!
//! ```
//! use minip_check::check::{check_any, Context};
//! use minip_check::claim::{Claim, SettingClaim};
//! use minip_check::verdict::Verdict;
//! let text = include_str!("../tests/fixtures/signed_gap.json");
//! let claim = check_any(&minip_check::read::parse(text).unwrap(), &Context::default()).unwrap();
//! let Claim::Gap(g) = &claim else { unreachable!() };
//! assert_eq!(g.verdict, Verdict::Broken);
//! assert_eq!(g.setting, SettingClaim { kernel: Some("signed".into()), ..Default::default() });
//! // The line names the signed kernel: it does not read as "the lemma is broken".
//! assert_eq!(claim.to_string(), "broken (gap kernel=signed n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)");
//! ```

use crate::model::Setting;
use crate::verdict::{support_text, Verdict};
use serde::Serialize;
use std::fmt;

/// The setting of a claim (docs/math.md §11): each field absent when it has its default value
/// (`min-ip`, `nonneg`, `shared`, `all`, the summed kernel).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct SettingClaim {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kernel: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keys: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<u32>,
}

impl SettingClaim {
    /// The non-default fields of a validated setting.
    pub fn of(s: &Setting) -> SettingClaim {
        let f = s.fields();
        SettingClaim { task: f.task, kernel: f.kernel, positions: f.positions, keys: f.keys, at: f.at }
    }
    pub fn is_default(&self) -> bool {
        *self == SettingClaim::default()
    }
    /// `task=max-ip kernel=signed …`, each non-default field as `name=value`; empty for the default.
    pub fn text(&self) -> String {
        let mut v: Vec<String> = Vec::new();
        for (name, value) in [
            ("task", &self.task),
            ("kernel", &self.kernel),
            ("positions", &self.positions),
            ("keys", &self.keys),
        ] {
            if let Some(x) = value {
                v.push(format!("{name}={x}"));
            }
        }
        if let Some(p) = self.at {
            v.push(format!("at={p}"));
        }
        v.join(" ")
    }
    /// `text()` followed by a space, or nothing.
    fn prefix(&self) -> String {
        let t = self.text();
        if t.is_empty() {
            t
        } else {
            t + " "
        }
    }
}

/// What a checked certificate proves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Claim {
    Gap(GapClaim),
    Sharp(SharpClaim),
    Ratio(RatioClaim),
    RatioBound(RatioBoundClaim),
    Rank(RankClaim),
    RankLinear(RankLinearClaim),
    PolyHead(PolyHeadSummary),
    PolyNone(PolyNoneSummary),
    Readout(ReadoutClaim),
    ReadoutPrecision(ReadoutPrecisionClaim),
    Multilevel(MultilevelClaim),
    Multihead(MultiheadClaim),
    MultiheadHeads(MultiheadHeadsClaim),
    RankWeighted(RankWeightedClaim),
    SearchHead(SearchHeadSummary),
}

/// `minip-gap/1`: the negated bound `b ≤ K'·c` has no correct head (`holds`) or has one (`broken`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GapClaim {
    #[serde(serialize_with = "verdict_name")]
    pub verdict: Verdict,
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub family: String,
    /// `paper` or a rational.
    pub bound: String,
    pub kprime: String,
    #[serde(flatten)]
    pub setting: SettingClaim,
}

fn verdict_name<S: serde::Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.name())
}

/// One group of a sharp file: configurations with the same `(n, eps, family, setting)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SharpGroup {
    pub n: u32,
    pub eps: String,
    pub family: String,
    #[serde(flatten)]
    pub setting: SettingClaim,
    pub configurations: usize,
    /// How many have `kstar = K` (`sharp`), `kstar > K` (`loose`), `kstar < K` (`fails`),
    /// or no correct head at all (`empty`).
    pub sharp: usize,
    pub loose: usize,
    pub fails: usize,
    pub empty: usize,
}

/// `minip-sharp/1`: `kstar` certified on both sides for every configuration of the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SharpClaim {
    pub configurations: usize,
    /// In order of first appearance.
    pub groups: Vec<SharpGroup>,
    /// With a single configuration: its `(h, u, w)` and `kstar` (`-inf`, `empty` or a rational).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single: Option<SharpSingle>,
}

/// The one configuration of a single-configuration sharp file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SharpSingle {
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub kstar: String,
}

/// What a ratio certificate proves about `A_lo / A_hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatioKind {
    /// A finite ratio `R`, attained by a closure point and a lower bound for every correct head.
    Ratio,
    /// No correct head has `A_hi > 0` (`empty_of` says whether any correct head exists).
    Empty,
    /// Unbounded below (signed kernels).
    MinusInf,
}

/// `minip-ratio/2`: the forced ratio `R_{n,ε}(lo, hi; h)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RatioClaim {
    pub outcome: RatioKind,
    /// The ratio (`"p/q"`), with `outcome = ratio`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<String>,
    /// With `outcome = empty`: `true` when no correct head exists at all, `false` when only
    /// none with `A_hi > 0`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_head_at_all: Option<bool>,
    pub n: u32,
    pub eps: String,
    pub h: u32,
    /// Class labels (`3`, `3+` for `h⁺`, `o1e2` with `m`).
    pub lo: String,
    pub hi: String,
    /// The class `h⁺` is in the LP.
    pub superset: bool,
    #[serde(flatten)]
    pub setting: SettingClaim,
    /// Bits of the tokens (task `nearest` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub m: Option<u32>,
}

/// `minip-ratio-bound/1`: the lower side `L ≤ R(lo, hi; h)` alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RatioBoundClaim {
    pub bound: String,
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub lo: String,
    pub hi: String,
    pub superset: bool,
    #[serde(flatten)]
    pub setting: SettingClaim,
}

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

/// `minip-rank-linear/1`: the rank bound from a linear code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RankLinearClaim {
    /// Decimal.
    pub bound: String,
    pub construction: String,
    pub n: u32,
    pub eps: String,
    pub m: u32,
    pub h: u32,
    /// Decimal.
    pub k: String,
    pub dim: u32,
    pub value: String,
    pub strict: bool,
    /// The Hadamard power the bound is for (absent: 1, the plain bound).
    #[serde(skip_serializing_if = "is_one")]
    pub power: u32,
}

fn is_one(p: &u32) -> bool {
    *p == 1
}

/// `minip-rank-weighted/1`: the rank bound from the weighted trace/Frobenius inequality.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RankWeightedClaim {
    pub bound: u64,
    pub n: u32,
    pub eps: String,
    pub m: u32,
    pub k: usize,
    pub value: String,
    /// The entrywise value of the same pairs with equal weights.
    pub unweighted_value: String,
}

/// `minip-poly-head/1`: a correct overlap-polynomial head (lengths `≤ n`, `ε = 1/2`) of exact rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PolyHeadSummary {
    /// Decimal.
    pub rank: String,
    /// `shared` or `per_weight`.
    pub class: String,
    pub signed: bool,
    pub m: u32,
    /// The sequence length (every length `≤ n`); not written when it is 3.
    #[serde(skip_serializing_if = "is_three")]
    pub n: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub largest_degree: Option<u32>,
    pub max_error: String,
}

/// `minip-search-head/1`: a head of feature dimension `rank` given by explicit tables, correct
/// on every sequence of length `≤ 3` (`ε = 1/2`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SearchHeadSummary {
    pub rank: usize,
    pub m: u32,
    pub max_error: String,
}

/// One refuted support of a `minip-poly-none/1` file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RefutedSupport {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub h: Option<u32>,
    pub support: Vec<u32>,
    /// `d` when the support is `0..d`: every degree below `d` is refuted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degree_at_least: Option<u32>,
}

/// `minip-poly-none/1`: no head of the class has its support inside any refuted support.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PolyNoneSummary {
    pub class: String,
    pub signed: bool,
    pub m: u32,
    #[serde(skip_serializing_if = "is_three")]
    pub n: u32,
    pub refuted: Vec<RefutedSupport>,
}

/// `minip-readout/1` (docs/math.md §13): the construction's values separate every multiset of
/// `n − 1` keys (so a decoder per query reads the target off the output), with the bits of
/// `n·o − v(x)`; with the lower bound, the number of target functions and its `⌈log2⌉`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReadoutClaim {
    pub construction: String,
    pub rank: u32,
    pub dim: u32,
    pub m: u32,
    pub n: u32,
    pub p: u64,
    pub max_value: String,
    pub multisets: String,
    pub bits: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bits: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub least_max_value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub least_bits: Option<u32>,
}

fn readout_line(f: &mut fmt::Formatter<'_>, r: &ReadoutClaim) -> fmt::Result {
    write!(
        f,
        "readout separates all {} multisets ({} rank={} dim={} m={} n={} p={}): bits = {}",
        r.multisets, r.construction, r.rank, r.dim, r.m, r.n, r.p, r.bits
    )?;
    if let (Some(c), Some(by), Some(b)) = (&r.classes, &r.classes_by, r.lower_bits) {
        write!(f, "; any head's key state takes >= {c} values ({by}): >= {b} bits")?;
    }
    if let (Some(v), Some(b)) = (&r.least_max_value, r.least_bits) {
        write!(f, "; least integer values: [0, {v}], bits = {b} (below: none, searched)")?;
    }
    Ok(())
}

/// `minip-readout-precision/1` (docs/math.md §13.9): integer values in `[0, max_value]` separate
/// the target functions of the multisets of `n − 1` keys (uniform attention, `D = 1`), none in
/// `[0, refuted]` do (a DRAT refutation); `least` when the two meet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReadoutPrecisionClaim {
    pub m: u32,
    pub n: u32,
    pub max_value: u64,
    pub bits: u32,
    pub refuted: u64,
    pub lower_bits: u32,
    pub least: bool,
}

fn precision_line(f: &mut fmt::Formatter<'_>, r: &ReadoutPrecisionClaim) -> fmt::Result {
    write!(f, "readout precision (rank=1 dim=1 m={} n={}): ", r.m, r.n)?;
    if r.least {
        write!(
            f,
            "least integer values [0, {}], bits = {} (values checked; none in [0, {}]: DRAT)",
            r.max_value, r.bits, r.refuted
        )
    } else {
        write!(
            f,
            "{} <= least V <= {}, {} <= bits <= {} (values checked; none in [0, {}]: DRAT)",
            r.refuted + 1,
            r.max_value,
            r.lower_bits,
            r.bits,
            r.refuted
        )
    }
}

/// `minip-multilevel/1` (docs/math.md §13.10): the `instances = (s + 1)^q` sequences of the
/// multilevel family share their `q` queries and give `distinct` answer vectors there, so any
/// transcript the answers are read from takes `distinct` values: `lower_bits` bits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MultilevelClaim {
    pub q: u32,
    pub s: u32,
    pub m: u32,
    pub n: u32,
    pub instances: u64,
    pub distinct: u64,
    pub lower_bits: u32,
}

/// `minip-multihead/1`: `heads` heads, none with `α_h(x,y) > K·α_h(x,z)`, whose summed outputs
/// are within `ε` on S1–S3 of `(h, u, w) = (d, 0, d)` (docs/math.md §12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MultiheadClaim {
    pub heads: usize,
    pub n: u32,
    pub eps: String,
    pub d: u32,
    pub paper_k: String,
    pub max_error: String,
    /// `K ≥ 1`: the lemma's range (docs/math.md §2.3). Below it one head escapes too
    /// (Proposition 2.3(b)), so the claim says nothing about several heads.
    pub in_lemma_range: bool,
}

/// `minip-multihead-heads/1`: `heads` nonnegative overlap-polynomial heads over `{0,1}^m` whose
/// summed outputs are correct on every length-3 sequence, of total rank `total_rank`
/// (docs/math.md §12.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MultiheadHeadsClaim {
    pub m: u32,
    pub heads: usize,
    pub ranks: Vec<String>,
    pub total_rank: String,
    pub max_error: String,
}

fn is_three(n: &u32) -> bool {
    *n == 3
}

/// `, n=N` when the length is not 3 (older texts stay as they were).
fn n_text(n: u32) -> String {
    if n == 3 {
        String::new()
    } else {
        format!(", n={n}")
    }
}

impl Claim {
    /// The certificate kind, as in the JSON `kind` field.
    pub fn kind(&self) -> &'static str {
        match self {
            Claim::Gap(_) => "gap",
            Claim::Sharp(_) => "sharp",
            Claim::Ratio(_) => "ratio",
            Claim::RatioBound(_) => "ratio-bound",
            Claim::Rank(_) => "rank",
            Claim::RankLinear(_) => "rank-linear",
            Claim::PolyHead(_) => "poly-head",
            Claim::PolyNone(_) => "poly-none",
            Claim::Readout(_) => "readout",
            Claim::ReadoutPrecision(_) => "readout-precision",
            Claim::Multilevel(_) => "multilevel",
            Claim::Multihead(_) => "multihead",
            Claim::MultiheadHeads(_) => "multihead-heads",
            Claim::RankWeighted(_) => "rank-weighted",
            Claim::SearchHead(_) => "search-head",
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Gap(g) => write!(
                f,
                "{} (gap {}n={} eps={} h={} u={} w={} {} b<={})",
                g.verdict.name(),
                g.setting.prefix(),
                g.n,
                g.eps,
                g.h,
                g.u,
                g.w,
                g.family,
                g.bound
            ),
            Claim::Sharp(s) => sharp_line(f, s),
            Claim::Ratio(r) => ratio_line(f, r),
            Claim::RatioBound(r) => {
                let classes = if r.superset { " classes 0..h,h+" } else { "" };
                write!(
                    f,
                    "ratio R >= {} ({}n={} eps={} h={} lo={} hi={}{classes}, lower side only)",
                    r.bound,
                    r.setting.prefix(),
                    r.n,
                    r.eps,
                    r.h,
                    r.lo,
                    r.hi
                )
            }
            Claim::Rank(r) => {
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
            Claim::RankLinear(r) => {
                let power = if r.power > 1 {
                    format!(", Hadamard power {}: rank(M^{}) > value = {}", r.power, r.power, r.value)
                } else {
                    String::new()
                };
                write!(
                    f,
                    "rank >= {} (linear code {}, n={} eps={} m={} h={} k={} dim={}{}{power})",
                    r.bound,
                    r.construction,
                    r.n,
                    r.eps,
                    r.m,
                    r.h,
                    r.k,
                    r.dim,
                    strict_text(r.strict, &r.value)
                )
            }
            Claim::PolyHead(p) => {
                let signed = if p.signed { " signed" } else { "" };
                let deg = p.largest_degree.map_or("-".to_string(), |d| d.to_string());
                write!(
                    f,
                    "head of rank {} ({}{signed} overlap polynomials, m={}{}, largest degree {deg}, max error {})",
                    p.rank,
                    p.class,
                    p.m,
                    n_text(p.n),
                    p.max_error
                )
            }
            Claim::PolyNone(p) => poly_none_line(f, p),
            Claim::Readout(r) => readout_line(f, r),
            Claim::ReadoutPrecision(r) => precision_line(f, r),
            Claim::Multilevel(r) => write!(
                f,
                "multilevel family q={} s={} (m={} n={}): {} sequences with the same queries give {} answer vectors: any transcript >= {} bits",
                r.q, r.s, r.m, r.n, r.instances, r.distinct, r.lower_bits
            ),
            Claim::Multihead(m) => {
                let range = if m.in_lemma_range {
                    ""
                } else {
                    "; K < 1: outside the lemma's range (Proposition 2.3(b): one head escapes too)"
                };
                write!(
                    f,
                    "escapes (multihead heads={} n={} eps={} d={}: no head has alpha(x,y) > K*alpha(x,z), K={}, max error {}{range})",
                    m.heads, m.n, m.eps, m.d, m.paper_k, m.max_error
                )
            }
            Claim::MultiheadHeads(h) => write!(
                f,
                "total rank <= {} ({} heads over m={}, ranks {}, correct on every length-3 sequence, max error {})",
                h.total_rank,
                h.heads,
                h.m,
                h.ranks.join("+"),
                h.max_error
            ),
            Claim::RankWeighted(r) => write!(
                f,
                "rank >= {} (weighted pairs, n={} eps={} m={} k={} value={} unweighted {})",
                r.bound, r.n, r.eps, r.m, r.k, r.value, r.unweighted_value
            ),
            Claim::SearchHead(p) => write!(
                f,
                "head of rank {} (searched, explicit features, m={}, max error {})",
                p.rank, p.m, p.max_error
            ),
        }
    }
}

/// `, strict form: rank > value = V` for a strict bound whose value is an integer (the one
/// case where the strict form gives one more than the ceiling), else nothing.
fn strict_text(strict: bool, value: &str) -> String {
    if strict && !value.contains('/') {
        format!(", strict form: rank > value = {value}")
    } else {
        String::new()
    }
}

/// The line of a sharp file: its one configuration, its one group, or every group.
fn sharp_line(f: &mut fmt::Formatter<'_>, s: &SharpClaim) -> fmt::Result {
    let group = |g: &SharpGroup| format!("{}n={} eps={} {}", g.setting.prefix(), g.n, g.eps, g.family);
    let plural = if s.configurations == 1 { "" } else { "s" };
    match (&s.single, s.groups.as_slice()) {
        (Some(one), [g]) => write!(
            f,
            "sharp (1 configuration, {} h={} u={} w={}: kstar = {} certified both sides)",
            group(g),
            one.h,
            one.u,
            one.w,
            one.kstar
        ),
        (_, [g]) => write!(
            f,
            "sharp ({} configuration{plural}, {}: kstar certified both sides)",
            s.configurations,
            group(g)
        ),
        (_, gs) => {
            let parts: Vec<String> =
                gs.iter().map(|g| format!("{} at {}", g.configurations, group(g))).collect();
            write!(
                f,
                "sharp ({} configuration{plural}: {}; kstar certified both sides)",
                s.configurations,
                parts.join(", ")
            )
        }
    }
}

/// The line of a ratio certificate: the ratio, `-inf`, or which kind of empty.
fn ratio_line(f: &mut fmt::Formatter<'_>, r: &RatioClaim) -> fmt::Result {
    let classes = if r.superset { " classes 0..h,h+" } else { "" };
    let m = r.m.map(|m| format!(" m={m}")).unwrap_or_default();
    let what = match r.outcome {
        RatioKind::Ratio => format!("ratio R = {}", r.ratio.as_deref().unwrap_or("?")),
        RatioKind::Empty if r.no_head_at_all == Some(false) => {
            format!("empty: no correct head with A_{} > 0 (Farkas)", r.hi)
        }
        RatioKind::Empty => "empty: no correct head at all (Farkas)".into(),
        RatioKind::MinusInf => "ratio R = -inf".into(),
    };
    write!(
        f,
        "{what} ({}n={} eps={} h={} lo={} hi={}{classes}{m})",
        r.setting.prefix(),
        r.n,
        r.eps,
        r.h,
        r.lo,
        r.hi
    )
}

/// The line of a refutation file: per query weight the least degree when every refutation is
/// an interval `0..d` (weights grouped by degree), else each refuted support (at most three).
fn poly_none_line(f: &mut fmt::Formatter<'_>, p: &PolyNoneSummary) -> fmt::Result {
    let signed = if p.signed { " signed" } else { "" };
    let head = format!("every {}{signed} overlap-polynomial head (m={}{}) has", p.class, p.m, n_text(p.n));
    let degrees: Option<Vec<(u32, u32)>> =
        p.refuted.iter().map(|x| Some((x.h?, x.degree_at_least?))).collect();
    if let Some(ds) = degrees.filter(|d| d.len() > 1) {
        let mut groups: Vec<(u32, u32, u32)> = Vec::new();
        for (h, d) in ds {
            match groups.last_mut() {
                Some(g) if g.2 == d && g.1 + 1 == h => g.1 = h,
                _ => groups.push((h, h, d)),
            }
        }
        let parts: Vec<String> = groups
            .iter()
            .map(|(a, b, d)| if a == b { format!("h={a}: {d}") } else { format!("h={a}..{b}: {d}") })
            .collect();
        return write!(f, "{head} deg f_h >= ({})", parts.join(", "));
    }
    let parts: Vec<String> = p
        .refuted
        .iter()
        .map(|x| {
            let at = x.h.map(|h| format!("h={h}: ")).unwrap_or_default();
            match x.degree_at_least {
                Some(d) => format!("{at}degree >= {d}"),
                None => format!("{at}support not inside {}", support_text(&x.support)),
            }
        })
        .collect();
    if parts.len() > 3 {
        write!(f, "{head} {}; ... ({} refuted supports)", parts[..2].join("; "), parts.len())
    } else {
        write!(f, "{head} {}", parts.join("; "))
    }
}
