//! The sweep's summary: exactly where `kstar = K`, `kstar > K`, `kstar < K`, and the
//! closed form `kstar = max(0, K)` tested against every certified record (a claim is
//! printed only with its count of agreeing and disagreeing configurations).
//! Works on printed records only (exact rationals as strings): no solving here.

use super::grid::Record;
use crate::exact::rational::{fmt_q, parse_rational, Q};
use num_traits::{One, Zero};

fn q(s: &str) -> Option<Q> {
    parse_rational(s).ok()
}

pub fn summary(recs: &[Record]) -> Vec<String> {
    let mut out = Vec::new();
    let count = |rs: &[&Record], r: &str| rs.iter().filter(|x| x.relation == r).count();
    let all: Vec<&Record> = recs.iter().collect();
    out.push(format!(
        "{} configurations: {} sharp (kstar = K), {} loose (kstar > K), {} fails (kstar < K), {} unknown",
        recs.len(),
        count(&all, "sharp"),
        count(&all, "loose"),
        count(&all, "fails"),
        count(&all, "unknown")
    ));
    for fam in ["paper", "all"] {
        let rs: Vec<&Record> = recs.iter().filter(|r| r.family == fam).collect();
        if !rs.is_empty() {
            out.push(format!(
                "  family {fam}: {} sharp, {} loose, {} fails, {} unknown",
                count(&rs, "sharp"),
                count(&rs, "loose"),
                count(&rs, "fails"),
                count(&rs, "unknown")
            ));
        }
    }
    // Closed form: kstar = K when K ≥ 1, and 0 when K < 1 (K = (n−2)(d−2ε)/(2ε)).
    let certified: Vec<&Record> = recs.iter().filter(|r| r.relation != "unknown").collect();
    let off: Vec<&&Record> = certified
        .iter()
        .filter(|r| match (q(&r.kstar), q(&r.paper_k)) {
            (Some(k), Some(pk)) => k != closed_form(&pk),
            _ => true,
        })
        .collect();
    out.push(format!(
        "closed form kstar = K if K >= 1, else 0 (K = (n-2)(d-2eps)/(2eps)): holds on {} of {} certified configurations{}",
        certified.len() - off.len(),
        certified.len(),
        if off.is_empty() { " (so kstar depends on n, eps and d = w - u only, the same for both families)" } else { "" }
    ));
    for r in off.iter().take(10) {
        out.push(format!("  differs: n={} eps={} (h,u,w)=({},{},{}) {}: kstar {} vs K {}", r.n, r.eps, r.h, r.u, r.w, r.family, r.kstar, r.paper_k));
    }
    let below_one = |r: &Record| q(&r.paper_k).map(|k| k < Q::one()).unwrap_or(false);
    let att_mismatch = certified.iter().filter(|r| r.family == "paper" && r.attained != below_one(r)).count();
    let paper_n = certified.iter().filter(|r| r.family == "paper").count();
    if paper_n > 0 {
        out.push(format!(
            "paper family: kstar is attained (a correct head with alpha(x,y) = 0) exactly when K < 1: {} of {} configurations agree",
            paper_n - att_mismatch,
            paper_n
        ));
    }
    // Where K is not sharp, and where kstar is a minimum.
    let nonsharp: Vec<&&Record> = certified.iter().filter(|r| r.relation != "sharp").collect();
    if nonsharp.is_empty() {
        out.push("K is exactly sharp on every certified configuration (kstar = K).".into());
    } else {
        let ks: Vec<String> = dedup(nonsharp.iter().map(|r| format!("d={} eps={}", r.d, r.eps)));
        out.push(format!("not sharp on {} configurations, at {}", nonsharp.len(), ks.join("; ")));
    }
    let attained: Vec<&&Record> = certified.iter().filter(|r| r.attained).collect();
    if !attained.is_empty() {
        let at: Vec<String> = dedup(attained.iter().map(|r| format!("{} d={} eps={}", r.family, r.d, r.eps)));
        let twice_eps = |r: &Record| q(&r.eps).map(|e| Q::from_integer(r.d.into()) == e * Q::from_integer(2.into())).unwrap_or(false);
        let at_2e = certified.iter().filter(|r| twice_eps(r)).count();
        out.push(format!(
            "kstar is attained (a correct head with alpha(x,y) = 0 < alpha(x,z), so the strict lemma b > Kc fails though kstar = K) on {} configurations: {}; configurations with d = 2eps: {}",
            attained.len(),
            at.join("; "),
            at_2e
        ));
    }
    let max = certified.iter().filter_map(|r| q(&r.kstar).map(|k| (k, *r))).max_by(|a, b| a.0.cmp(&b.0));
    if let Some((k, r)) = max {
        out.push(format!("largest kstar {} at n={} eps={} d={}", fmt_q(&k), r.n, r.eps, r.d));
    }
    out
}

/// The closed form seen in the sweep: `K` if `K ≥ 1`, else `0`.
pub fn closed_form(k: &Q) -> Q {
    if *k >= Q::one() {
        k.clone()
    } else {
        Q::zero()
    }
}

fn dedup(it: impl Iterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for s in it {
        if !v.contains(&s) {
            v.push(s);
        }
    }
    v
}
