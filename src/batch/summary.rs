//! The sweep's summary: exactly where `kstar = K`, `kstar > K`, `kstar < K`, and the
//! closed form `kstar = max(0, K)` tested against every certified record (a claim is
//! printed only with its count of agreeing and disagreeing configurations).
//! Works on printed records only (exact rationals as strings): no solving here.

use super::sharp::Record;
use minip_check::rational::{fmt_q, parse_rational, Rat};
use num_traits::{One, Signed, Zero};

fn q(s: &str) -> Option<Rat> {
    parse_rational(s).ok()
}

/// `1 configuration`, `2 configurations`.
fn cfgs(n: usize) -> String {
    crate::print::count(n, "configuration", "configurations")
}

/// The summary lines. Records of one setting only, the default: the lines below. Otherwise
/// (`sharp --summarize` over files of other settings, docs/math.md §11) one block per setting,
/// each headed by the setting and its count, so that every count says which setting it is about.
pub fn summary(recs: &[Record]) -> Vec<String> {
    let mut settings: Vec<Option<String>> = Vec::new();
    for r in recs {
        if !settings.contains(&r.setting) {
            settings.push(r.setting.clone());
        }
    }
    if settings.iter().all(Option::is_none) {
        return summary_one(recs);
    }
    let mut out = Vec::new();
    for s in &settings {
        let group: Vec<Record> = recs.iter().filter(|r| &r.setting == s).cloned().collect();
        out.push(format!(
            "setting {}: {} configuration{}",
            s.as_deref().unwrap_or("default (min-ip, nonneg, shared maps, all keys)"),
            group.len(),
            if group.len() == 1 { "" } else { "s" }
        ));
        out.extend(summary_one(&group).into_iter().map(|l| format!("  {l}")));
    }
    out
}

fn summary_one(recs: &[Record]) -> Vec<String> {
    let mut out = Vec::new();
    let count = |rs: &[&Record], r: &str| rs.iter().filter(|x| x.relation == r).count();
    let all: Vec<&Record> = recs.iter().collect();
    // kstar < K: outside the lemma's range (K < 1, where it claims nothing) first, then
    // inside it (a counterexample to the lemma as stated).
    let below = |inside: bool| {
        all.iter().filter(|r| r.relation == "fails" && (kk(r).1 >= Rat::one()) == inside).count()
    };
    out.push(format!(
        "{}: {} sharp (kstar = K), {} loose (kstar > K), {} below K outside the lemma's range (K < 1), {} below K inside it, {} unknown",
        cfgs(recs.len()),
        count(&all, "sharp"),
        count(&all, "loose"),
        below(false),
        below(true),
        count(&all, "unknown")
    ));
    for fam in ["paper", "all"] {
        let rs: Vec<&Record> = recs.iter().filter(|r| r.family == fam).collect();
        if !rs.is_empty() {
            let outside = rs.iter().filter(|r| r.relation == "fails" && kk(r).1 < Rat::one()).count();
            out.push(format!(
                "  family {fam}: {} sharp, {} loose, {} below K ({outside} outside the lemma's range), {} unknown",
                count(&rs, "sharp"),
                count(&rs, "loose"),
                count(&rs, "fails"),
                count(&rs, "unknown")
            ));
        }
    }
    // Closed forms, each printed with its count of agreeing configurations.
    let certified: Vec<&Record> = recs.iter().filter(|r| r.relation != "unknown").collect();
    let paper: Vec<&&Record> = certified.iter().filter(|r| r.family == "paper").collect();
    let ok = paper.iter().filter(|r| {
        let (k, pk) = kk(r);
        k == closed_form(&pk) && r.attained == (pk < Rat::one())
    });
    if !paper.is_empty() {
        out.push(format!(
            "paper family: kstar = K if K >= 1, else kstar = 0 attained by a head with alpha(x,y) = 0 (K = (n-2)(d-2eps)/(2eps)): {} of {} agree",
            ok.count(),
            cfgs(paper.len())
        ));
    }
    let all: Vec<&Record> = certified.iter().copied().filter(|r| r.family == "all").collect();
    let outside = |r: &&Record| {
        let pk = kk(r).1;
        pk >= Rat::one() || pk <= Rat::zero()
    };
    let (far, near): (Vec<&Record>, Vec<&Record>) = all.iter().copied().partition(outside);
    if !all.is_empty() {
        let agree = far.iter().filter(|r| kk(r).0 == closed_form(&kk(r).1)).count();
        out.push(format!(
            "all family, K >= 1 or K <= 0: the same kstar as the paper family: {} of {} agree",
            agree,
            cfgs(far.len())
        ));
    }
    if !near.is_empty() {
        out.extend(near_one(&near));
    }
    // Where K is not sharp, and where kstar is a minimum.
    let nonsharp: Vec<&&Record> = certified.iter().filter(|r| r.relation != "sharp").collect();
    if nonsharp.is_empty() {
        out.push("K is exactly sharp on every certified configuration (kstar = K).".into());
    } else {
        let ks: Vec<String> = dedup(nonsharp.iter().map(|r| format!("d={} eps={}", r.d, r.eps)));
        out.push(format!("not sharp on {}, at {}", cfgs(nonsharp.len()), ks.join("; ")));
    }
    let attained: Vec<&&Record> = certified.iter().filter(|r| r.attained).collect();
    if !attained.is_empty() {
        let at: Vec<String> = dedup(attained.iter().map(|r| format!("{} d={} eps={}", r.family, r.d, r.eps)));
        out.push(format!(
            "kstar = 0 is attained (a correct head with alpha(x,y) = 0 < alpha(x,z): the strict lemma b > Kc fails for every K >= 0) on {}: {}",
            cfgs(attained.len()),
            at.join("; ")
        ));
    }
    let max = certified.iter().filter_map(|r| q(&r.kstar).map(|k| (k, *r))).max_by(|a, b| a.0.cmp(&b.0));
    if let Some((k, r)) = max {
        out.push(format!("largest kstar {} at n={} eps={} d={}", fmt_q(&k), r.n, r.eps, r.d));
    }
    out
}

/// `(kstar, K)` of a certified record.
fn kk(r: &Record) -> (Rat, Rat) {
    (q(&r.kstar).unwrap_or_default(), q(&r.paper_k).unwrap_or_default())
}

/// The lines on the all family with `0 < K < 1`: `kstar` strictly between 0 and `K`, a
/// function of `(n, eps, d, h - w)`, increasing in `h - w`.
fn near_one(near: &[&Record]) -> Vec<String> {
    let mut out = Vec::new();
    let mut groups: std::collections::BTreeMap<(u32, String, u32), Vec<(u32, Rat)>> = Default::default();
    let (mut inside, mut zero_at_h) = (0, 0);
    for r in near {
        let (k, pk) = kk(r);
        if k.is_positive() && k < pk && !r.attained {
            inside += 1;
        }
        if k.is_zero() && !r.attained && r.h == r.w {
            zero_at_h += 1;
        }
        groups.entry((r.n, r.eps.clone(), r.d)).or_default().push((r.h - r.w, k));
    }
    let mut functional = 0;
    let mut increasing = 0;
    for v in groups.values_mut() {
        v.sort();
        let dedup_ok = v.windows(2).all(|p| p[0].0 != p[1].0 || p[0].1 == p[1].1);
        let mut by_j: Vec<(u32, Rat)> = v.clone();
        by_j.dedup();
        if dedup_ok {
            functional += 1;
        }
        if by_j.windows(2).all(|p| p[0].1 < p[1].1) {
            increasing += 1;
        }
    }
    out.push(format!(
        "all family, 0 < K < 1 ({} configurations, {} (n, eps, d) groups): 0 < kstar < K, not attained, on {}; kstar = 0, not attained, with h = w on {}; kstar depends only on h - w in {} groups and increases with h - w in {}",
        near.len(),
        groups.len(),
        inside,
        zero_at_h,
        functional,
        increasing
    ));
    let third = q("1/3").expect("literal");
    let special: Vec<&&Record> =
        near.iter().filter(|r| r.n == 3 && q(&r.eps) == Some(third.clone()) && r.d == 1).collect();
    if !special.is_empty() {
        let hits = special
            .iter()
            .filter(|r| {
                let j = Rat::from_integer((r.h - r.w).into());
                kk(r).0
                    == q("1/2").expect("literal")
                        - Rat::one() / (Rat::from_integer(4.into()) + Rat::from_integer(18.into()) * j)
            })
            .count();
        out.push(format!(
            "  n = 3, eps = 1/3, d = 1, all family: kstar = 1/2 - 1/(4 + 18(h - w)): {} of {} agree",
            hits,
            cfgs(special.len())
        ));
    }
    out
}

/// The closed form seen in the sweep: `K` if `K ≥ 1`, else `0`.
pub fn closed_form(k: &Rat) -> Rat {
    if *k >= Rat::one() {
        k.clone()
    } else {
        Rat::zero()
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
