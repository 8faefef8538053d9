//! `minip rank --weighted`'s output: the table line and the `rank.weighted` record
//! (docs/schema/rank.weighted.json) of a checked `minip-rank-weighted/1` certificate.

use crate::print::json;
use minip_check::check::Checked;
use minip_check::format::weighted::WeightedCertificate;
use num_traits::ToPrimitive;
use serde::Serialize;

#[derive(Serialize)]
struct Record<'a> {
    verdict: &'static str,
    m: u32,
    n: u32,
    eps: &'a str,
    construction: &'a str,
    k: String,
    bound: String,
    value: &'a str,
    unweighted_value: &'a str,
}

/// A rational of the certificate as a decimal (display only).
fn decimal(s: &str) -> f64 {
    minip_check::rational::parse_rational(s).ok().and_then(|v| v.to_f64()).unwrap_or(f64::NAN)
}

/// The table line, with the float values of the start support and of the search.
pub fn line(cert: &Checked<WeightedCertificate>, start: f64, search: f64) -> String {
    let c = cert.cert();
    format!(
        "m = {}: rank >= {} (weighted, k = {} pairs, value {} = {:.4}; the same pairs unweighted {:.4}; start support {start:.4}, search {search:.4})\n",
        c.params.m,
        c.bound,
        c.k,
        c.value,
        decimal(&c.value),
        decimal(&c.unweighted_value),
    )
}

/// The `rank.weighted` record.
pub fn record(cert: &Checked<WeightedCertificate>) -> String {
    let c = cert.cert();
    json::record(
        "rank.weighted",
        &Record {
            verdict: "certified",
            m: c.params.m,
            n: c.params.n,
            eps: &c.params.eps,
            construction: &c.construction,
            k: c.k.to_string(),
            bound: c.bound.to_string(),
            value: &c.value,
            unweighted_value: &c.unweighted_value,
        },
    )
}
