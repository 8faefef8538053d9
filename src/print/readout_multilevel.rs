//! The table and JSON records of `minip readout --multilevel` (docs/math.md §13.10), from
//! checked `minip-multilevel/1` certificates: one row per `(q, s)`.

use super::table;
use minip_check::check::Checked;
use minip_check::format::multilevel::MultilevelCertificate;
use serde::Serialize;

/// One row: the family's size, its distinct answer vectors and the transcript bound.
#[derive(Clone, Debug, Serialize)]
pub struct MultilevelRecord {
    pub q: u32,
    pub s: u32,
    /// Token bits `(q + 1)·s`.
    pub m: u32,
    /// Sequence length `2q`.
    pub n: u32,
    /// `(s + 1)^q` sequences, all with the same queries.
    pub instances: u64,
    /// Different answer vectors at the queries (checked: all of them).
    pub distinct: u64,
    /// Least `b` with `2^b ≥ distinct`: `⌈q·log2(s + 1)⌉`.
    pub lower_bits: u32,
    /// `certified`: every sequence rebuilt and its answers computed by the checker.
    pub verdict: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_file: Option<String>,
}

impl MultilevelRecord {
    pub fn new(c: &Checked<MultilevelCertificate>, certificate_file: Option<String>) -> Self {
        MultilevelRecord {
            q: c.q,
            s: c.s,
            m: c.m,
            n: c.n,
            instances: c.instances,
            distinct: c.distinct,
            lower_bits: c.lower_bits,
            verdict: "certified".into(),
            certificate_file,
        }
    }
}

/// The table and the sentences under it.
pub fn text(records: &[MultilevelRecord]) -> String {
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|r| {
            vec![
                r.q.to_string(),
                r.s.to_string(),
                r.m.to_string(),
                r.n.to_string(),
                r.instances.to_string(),
                r.distinct.to_string(),
                r.lower_bits.to_string(),
                r.verdict.clone(),
            ]
        })
        .collect();
    let mut s = table::render(&["q", "s", "m", "n", "sequences", "answers", "bits", "verdict"], &rows);
    s.push_str(
        "\ncertified: the (s + 1)^q sequences of length n = 2q over {0,1}^m share their q queries, and the\n\
         Min-IP targets at the queries, computed from the tokens, are all different answer vectors. A model\n\
         whose output at a query depends only on that token and on a transcript (whatever crosses between\n\
         tokens) and whose error is below 1/2 reads the answers off the transcript: it takes as many values,\n\
         bits >= ceil(q log2(s + 1)). docs/math.md §13.10.\n",
    );
    s
}
