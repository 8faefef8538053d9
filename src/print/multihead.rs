//! The table and JSON records of `minip multihead domination` (docs/escape.md), from plain
//! rationals: one row per `(n, d)`.

use super::table;
use minip_check::rational::{fmt_q, Rat};
use serde::Serialize;

/// One row: the configuration, the lemma's `K`, and the heads' rows on `(x, y, z)`.
#[derive(Clone, Debug, Serialize)]
pub struct DominationRecord {
    pub heads: usize,
    pub n: u32,
    pub eps: String,
    pub d: u32,
    pub paper_k: String,
    /// `escapes`: every head has `α_h(x,y) = 0 ≤ K·α_h(x,z)` and the outputs are within ε.
    pub verdict: String,
    /// Each head's kernel row `α_h(x,·)` on `(x, y, z)`.
    pub alpha: Vec<[String; 3]>,
    /// Each head's scalarized values `s_h(x,·)` on `(x, y, z)`.
    pub s: Vec<[String; 3]>,
    /// The largest error on S1–S3, recomputed exactly.
    pub max_error: String,
    /// Whether `K ≥ 1`, the lemma's range on the paper family (docs/math.md §2.3): outside it
    /// one head escapes too, so the row shows nothing about several heads.
    pub in_range: bool,
}

impl DominationRecord {
    pub fn new(
        n: u32,
        eps: &Rat,
        d: u32,
        k: &Rat,
        rows: &[([Rat; 3], [Rat; 3])],
        max_error: &Rat,
        in_range: bool,
    ) -> Self {
        let three = |r: &[Rat; 3]| [fmt_q(&r[0]), fmt_q(&r[1]), fmt_q(&r[2])];
        DominationRecord {
            heads: rows.len(),
            n,
            eps: fmt_q(eps),
            d,
            paper_k: fmt_q(k),
            verdict: "escapes".into(),
            alpha: rows.iter().map(|(a, _)| three(a)).collect(),
            s: rows.iter().map(|(_, s)| three(s)).collect(),
            max_error: fmt_q(max_error),
            in_range,
        }
    }
}

/// The table and the sentence under it.
pub fn text(records: &[DominationRecord]) -> String {
    let tuple =
        |v: &[[String; 3]]| v.iter().map(|r| format!("({})", r.join(", "))).collect::<Vec<_>>().join(" ");
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|r| {
            vec![
                r.n.to_string(),
                r.d.to_string(),
                r.eps.clone(),
                r.paper_k.clone(),
                if r.in_range { r.verdict.clone() } else { format!("{}*", r.verdict) },
                tuple(&r.alpha),
                tuple(&r.s),
                r.max_error.clone(),
            ]
        })
        .collect();
    let mut s = table::render(
        &["n", "d", "eps", "K", "verdict", "alpha(x, .) on (x, y, z)", "s(x, .) on (x, y, z)", "max error"],
        &rows,
    );
    let h = records.first().map_or(2, |r| r.heads);
    s.push_str(&format!(
        "\nescapes: {h} heads, every one with alpha(x,y) = 0 <= K*alpha(x,z), and their summed outputs are\n\
         within eps on S1, S2, S3 (every output recomputed exactly). The step of Lemma 3 (some head has\n\
         alpha(x,y) > K*alpha(x,z)) does not hold for several heads (docs/escape.md).\n"
    ));
    if records.iter().any(|r| !r.in_range) {
        s.push_str(
            "escapes*: K < 1, outside the lemma's range (docs/math.md 2.3): one head escapes there too.\n",
        );
    }
    s
}

/// One row of `minip multihead frontier`: `H` heads over `{0,1}^m` on every length-3 sequence.
#[derive(Clone, Debug, Serialize)]
pub struct HeadsFrontierRecord {
    pub m: u32,
    pub heads: u32,
    /// Each head's kernel is `(o + c_{k,h})^degree` at query weight `h`.
    pub degree: u32,
    /// Each head's values are a polynomial of degree at most this in the overlap (absent: free
    /// class values).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_degree: Option<u32>,
    /// `certified` or `unknown`.
    pub verdict: String,
    /// The sum of the heads' exact kernel ranks (certified rows).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_rank: Option<String>,
    /// Each head's exact kernel rank (certified rows).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub head_ranks: Vec<String>,
    /// Each head's least value dimension (docs/math.md §10.11; certified rows).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub value_dims: Vec<String>,
    /// `Σ r_h (D_h + 1)`, the numbers the heads keep as linear attention (certified rows).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_state: Option<String>,
    /// The smallest `1/2 − |ŷ − t|` over all sequences, exact (certified rows).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<String>,
    /// The rank of the single-head frontier's per-weight head at this `m` (its certificate
    /// checked), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single_head_rank: Option<String>,
    /// The best certified lower bound on the rank of any single head correct on every
    /// length-3 sequence over `{0,1}^m` (a checked rank or linear-code certificate at some
    /// `m' ≤ m`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single_head_lower: Option<String>,
    /// The certificate of `single_head_lower`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single_head_lower_file: Option<String>,
    /// Why the row is unknown: the query weight that failed and by how much.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// `x` to four decimals, rounded down (a margin is never overstated).
pub fn floor4(x: &Rat) -> String {
    let scaled = (x * Rat::from_integer(10_000.into())).floor().to_integer();
    let neg = scaled < 0.into();
    let a = if neg { -scaled } else { scaled };
    let (i, f) = (&a / 10_000, &a % 10_000);
    format!("{}{i}.{f:0>4}", if neg { "-" } else { "" })
}

/// The table of `minip multihead frontier` and the sentence under it.
pub fn heads_frontier_text(records: &[HeadsFrontierRecord]) -> String {
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|r| {
            let dash = || "-".to_string();
            vec![
                r.m.to_string(),
                r.verdict.clone(),
                r.total_rank.clone().unwrap_or_else(dash),
                if r.head_ranks.is_empty() { dash() } else { r.head_ranks.join(" + ") },
                r.value_dims
                    .iter()
                    .max_by_key(|d| d.parse::<num_bigint::BigInt>().unwrap_or_default())
                    .cloned()
                    .unwrap_or_else(dash),
                r.total_state.clone().unwrap_or_else(dash),
                r.margin.as_ref().map_or_else(dash, |m| {
                    floor4(&minip_check::rational::parse_rational(m).expect("a printed rational"))
                }),
                r.single_head_rank.clone().unwrap_or_else(dash),
                r.single_head_lower.clone().unwrap_or_else(dash),
                r.reason.clone().unwrap_or_default(),
            ]
        })
        .collect();
    let mut s = table::render(
        &[
            "m",
            "verdict",
            "total rank",
            "head ranks",
            "largest D",
            "state",
            "margin",
            "one head",
            "one head >=",
            "note",
        ],
        &rows,
    );
    let (h, p) = records.first().map_or((0, 1), |r| (r.heads, r.degree));
    let t = records.first().and_then(|r| r.value_degree);
    s.push_str(&format!(
        "\ncertified: {h} heads, head k's kernel (o + c_k,h)^{p} at query weight h{}, correct on every\n\
         length-3 sequence over {{0,1}}^m (each output recomputed exactly, every error below 1/2 by the\n\
         margin); total rank = the sum of the heads' exact kernel ranks (features). largest D: the\n\
         largest least value dimension of a head; state: the sum of r*(D + 1), the numbers the heads\n\
         keep as linear attention (docs/math.md §10.11). one head: the rank of the\n\
         single-head frontier's certified head (proofs/frontier); one head >=: the certified lower\n\
         bound on any single head's rank (a rank certificate at some m' <= m, proofs/rank or\n\
         proofs/rank-linear). docs/escape.md.\n",
        t.map_or_else(String::new, |t| format!(
            " and its values\na polynomial of degree <= {t} in the overlap (each head's D <= sum_{{1<=j<={t}}} C(m,j))"
        ))
    ));
    s
}
