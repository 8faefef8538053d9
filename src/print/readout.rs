//! The table and JSON records of `minip readout` (docs/escape.md), from checked
//! `minip-readout/1` certificates: one row per `(m, n)`.

use super::table;
use minip_check::check::readout::ceil_log2;
use minip_check::check::Checked;
use minip_check::format::readout::ReadoutCertificate;
use serde::Serialize;

/// One row: the construction (rank 1, dimension 1), its precision, and the lower bound.
#[derive(Clone, Debug, Serialize)]
pub struct ReadoutRecord {
    pub m: u32,
    pub n: u32,
    /// The head's rank `r` and the values' dimension `D`.
    pub rank: u32,
    pub dim: u32,
    pub construction: String,
    pub p: u64,
    pub max_value: String,
    /// Bits of the integer `n·o − v(x)` the decoder reads: `⌈log2((n − 1)·max_value + 1)⌉`.
    pub bits: u32,
    /// Multisets of `n − 1` keys, all separated.
    pub multisets: String,
    /// `⌈log2 multisets⌉`: the bits of any code that separates every multiset.
    pub info_bits: u32,
    /// Distinct target functions of the multisets, and how the checker found them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes_by: Option<String>,
    /// `⌈log2 classes⌉`: the bits of any head's key state, whatever `r`, `D` and decoder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bits: Option<u32>,
    /// The least `V` for which integer values in `[0, V]` separate (uniform attention, `D = 1`),
    /// and its bits; absent where the search was not run (`m > 3`) or passed its budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub least_max_value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub least_bits: Option<u32>,
    /// `certified`: the construction and the bounds checked exhaustively.
    pub verdict: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_file: Option<String>,
}

impl ReadoutRecord {
    pub fn new(c: &Checked<ReadoutCertificate>, certificate_file: Option<String>) -> Self {
        ReadoutRecord {
            m: c.m,
            n: c.n,
            rank: c.rank,
            dim: c.dim,
            construction: c.construction.clone(),
            p: c.p,
            max_value: c.max_value.clone(),
            bits: c.bits,
            multisets: c.multisets.clone(),
            info_bits: ceil_log2(c.claim().multisets),
            classes: c.classes.clone(),
            classes_by: c.classes_by.clone(),
            lower_bits: c.lower_bits,
            least_max_value: c.least_max_value.clone(),
            least_bits: c.least_bits,
            verdict: "certified".into(),
            certificate_file,
        }
    }
}

/// The table and the sentences under it.
pub fn text(records: &[ReadoutRecord]) -> String {
    let dash = || "-".to_string();
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|r| {
            vec![
                r.m.to_string(),
                r.n.to_string(),
                r.rank.to_string(),
                r.dim.to_string(),
                r.p.to_string(),
                r.max_value.clone(),
                r.bits.to_string(),
                r.multisets.clone(),
                r.info_bits.to_string(),
                r.classes.clone().unwrap_or_else(dash),
                r.lower_bits.map_or_else(dash, |b| b.to_string()),
                r.classes_by.clone().unwrap_or_else(dash),
                r.least_bits.map_or_else(dash, |b| b.to_string()),
                r.verdict.clone(),
            ]
        })
        .collect();
    let mut s = table::render(
        &[
            "m",
            "n",
            "r",
            "D",
            "p",
            "max v",
            "bits",
            "multisets",
            "log2",
            "classes",
            "lower",
            "by",
            "least",
            "verdict",
        ],
        &rows,
    );
    s.push_str(
        "\ncertified: one head of rank r = 1 (uniform attention) with values v(k) of dimension D = 1\n\
         (power-sum construction, prime p) gives every multiset of n - 1 keys a different sum, so a\n\
         decoder per query reads the target off the output o; every sum sorted and decoded exactly.\n\
         bits: of the integer n*o - v(x) the decoder reads; log2: ceil(log2 multisets), any code that\n\
         separates every multiset; lower: ceil(log2 classes), the bits any head's key state needs\n\
         (classes: distinct target functions of the multisets); least: the bits of the best integer\n\
         values of this shape, every smaller range refuted by search (m <= 2; '-': not searched or past\n\
         the search's budget). docs/math.md §13, docs/escape.md.\n",
    );
    s
}
