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
}

impl DominationRecord {
    pub fn new(n: u32, eps: &Rat, d: u32, k: &Rat, rows: &[([Rat; 3], [Rat; 3])], max_error: &Rat) -> Self {
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
                r.verdict.clone(),
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
    s
}
