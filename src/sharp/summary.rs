//! The sweep's summary: where `kstar = K`, `kstar > K`, `kstar < K` (placeholder).

use super::grid::Record;

pub fn summary(recs: &[Record]) -> Vec<String> {
    let count = |r: &str| recs.iter().filter(|x| x.relation == r).count();
    vec![format!(
        "{} configurations: {} sharp (kstar = K), {} loose (kstar > K), {} fails (kstar < K), {} unknown",
        recs.len(),
        count("sharp"),
        count("loose"),
        count("fails"),
        count("unknown")
    )]
}
