//! The table and JSON records of `minip readout --multilevel` (docs/math.md §13.10), from
//! checked `minip-multilevel/1` certificates: one row per `(q, s)`.

use super::table;
use minip_check::check::Checked;
use minip_check::claim::MultilevelClaim;
use minip_check::format::multilevel::MultilevelCertificate;
use serde::Serialize;

/// One row: what the checker proved (`q`, `s`, `m = (q + 1)s`, `n = 2q`, `instances = (s + 1)^q`,
/// `distinct` answer vectors, `lower_bits = ⌈q·log2(s + 1)⌉`), the verdict and the file.
#[derive(Clone, Debug, Serialize)]
pub struct MultilevelRecord {
    #[serde(flatten)]
    pub claim: MultilevelClaim,
    /// `certified`: every sequence rebuilt and its answers computed by the checker.
    pub verdict: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_file: Option<String>,
}

impl MultilevelRecord {
    pub fn new(c: &Checked<MultilevelCertificate>, certificate_file: Option<String>) -> Self {
        MultilevelRecord { claim: c.claim().clone(), verdict: "certified".into(), certificate_file }
    }
}

/// The table and the sentences under it.
pub fn text(records: &[MultilevelRecord]) -> String {
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|r| {
            let c = &r.claim;
            vec![
                c.q.to_string(),
                c.s.to_string(),
                c.m.to_string(),
                c.n.to_string(),
                c.instances.to_string(),
                c.distinct.to_string(),
                c.lower_bits.to_string(),
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
