//! The table and JSON records of `minip readout --precision` (docs/math.md §13.9), from checked
//! `minip-readout-precision/1` certificates: one row per `(m, n)`.

use super::table;
use crate::certify::readout_precision::{Precision, Undecided};
use serde::Serialize;

/// One row: values that separate, and the range below them refuted by a DRAT proof.
#[derive(Clone, Debug, Serialize)]
pub struct PrecisionRecord {
    pub m: u32,
    pub n: u32,
    /// Integer values per token (token `k` its bits read as a binary number) in `[0, max_value]`.
    pub values: Vec<u64>,
    pub max_value: u64,
    /// `⌈log2((n − 1)·max_value + 1)⌉`.
    pub bits: u32,
    /// No values in `[0, refuted]` separate (DRAT).
    pub refuted: u64,
    /// `⌈log2((n − 1)·(refuted + 1) + 1)⌉`: the bits every integer scheme of this shape needs.
    pub lower_bits: u32,
    /// `refuted + 1 = max_value`: the least `V` and its bits are exact.
    pub least: bool,
    /// `certified`: values and proof checked.
    pub verdict: String,
    /// When `least` is false: why `V = refuted + 1` was not decided (the solver's budget, or a
    /// refutation past the checker's limits, which certifies nothing), the least `V` unknown
    /// in `refuted + 1..=max_value`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undecided: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_file: Option<String>,
}

impl PrecisionRecord {
    pub fn new(p: &Precision, certificate_file: Option<String>, proof_file: Option<String>) -> Self {
        let c = &p.cert;
        PrecisionRecord {
            m: c.m,
            n: c.n,
            values: c.values.clone(),
            max_value: c.max_value,
            bits: c.bits,
            refuted: c.refuted,
            lower_bits: c.lower_bits,
            least: c.least,
            verdict: "certified".into(),
            undecided: p.undecided.as_ref().map(Undecided::sentence),
            certificate_file,
            proof_file,
        }
    }
}

/// The table and the sentences under it.
pub fn text(records: &[PrecisionRecord]) -> String {
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|r| {
            let least = if r.least {
                r.max_value.to_string()
            } else {
                format!("{}..={}", r.refuted + 1, r.max_value)
            };
            let bits = if r.least { r.bits.to_string() } else { format!("{}..={}", r.lower_bits, r.bits) };
            let values: Vec<String> = r.values.iter().map(u64::to_string).collect();
            vec![r.m.to_string(), r.n.to_string(), least, bits, values.join(" "), r.verdict.clone()]
        })
        .collect();
    let mut s = table::render(&["m", "n", "least V", "bits", "values", "verdict"], &rows);
    for r in records {
        if let Some(why) = &r.undecided {
            s.push_str(&format!(
                "m = {}, n = {}: certified: no values in [0, {}]; {why}: the least V in {}..={} is unknown.\n",
                r.m,
                r.n,
                r.refuted,
                r.refuted + 1,
                r.max_value
            ));
        }
    }
    s.push_str(
        "\ncertified: integer values v(k) in [0, V] (uniform attention, D = 1; token k read as a binary\n\
         number) give different sums to multisets of n - 1 keys with different target functions, checked\n\
         exactly; no values in [0, V - 1] do, a DRAT refutation of the CNF rebuilt from (m, n, V - 1)\n\
         checked. A range a..=b: the budget or the checker's limits stopped the search; a - 1 refuted,\n\
         values found at b.\n\
         bits: ceil(log2((n - 1) V + 1)) of the integer n*o - v(x). docs/math.md §13.9.\n",
    );
    s
}
