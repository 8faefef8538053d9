//! Sharp constants (issue 3): exact `kstar` values, both certificate sides checked and
//! tampering rejected, the Boolean-token MILP agreeing with the enumeration, bad input.

use crate::common::minip;
use minip::certify::milp;
use minip::certify::sharp::{sharp, SharpOutcome};
use minip::check::{check_sharp, Checked, Context};
use minip::claim::check_any;
use minip::format::sharp::{SharpCertificate, SharpFile, SHARP_FORMAT};
use minip::format::AnyCertificate;
use minip::model::{Bound, Family, Gap, Instance};
use minip::rational::{fmt_q, q, qi, Rat};
use minip::read;

fn inst(n: u32, eps: Rat, (h, u, w): (u32, u32, u32), family: Family) -> Instance {
    Instance::new(n, eps, Gap::new(h, u, w).unwrap(), family, Bound::Paper).unwrap()
}

fn certified(i: &Instance) -> SharpCertificate {
    match sharp(i) {
        SharpOutcome::Certified(c) => {
            // What the checker certified is the stated kstar.
            assert_eq!(fmt_q(c.claim().as_ref().unwrap()), c.kstar);
            c.into_cert()
        }
        SharpOutcome::Unknown(why) => panic!("{i:?}: {why}"),
    }
}

#[test]
fn kstar_equals_the_lemma_factor_on_the_sanity_grid() {
    // docs/math.md §3.4: paper family, n ∈ {3,4,5}, ε ∈ {1/2, 1/4}, d ∈ {2..5}: inf b/c = K.
    for n in [3, 4, 5] {
        for eps in [q(1, 2), q(1, 4)] {
            for d in 2..=5 {
                let c = certified(&inst(n, eps.clone(), (d, 0, d), Family::Paper));
                let k = minip::model::paper_k(n, &eps, d);
                assert_eq!(c.kstar, fmt_q(&k), "n={n} d={d}");
                assert_eq!((c.relation.as_str(), c.attained), ("sharp", false));
            }
        }
    }
    // n = 3, ε = 1/2: K* = d − 1 exactly, for the all family and any (h, u, w) too.
    let c = certified(&inst(3, q(1, 2), (6, 1, 5), Family::All));
    assert_eq!((c.kstar.as_str(), c.relation.as_str()), ("3", "sharp"));
}

#[test]
fn edge_cases_at_and_below_twice_eps() {
    // d = 2ε: K = 0 and a correct head with α(x,y) = 0 exists: 0 is a minimum.
    let c = certified(&inst(3, q(1, 2), (1, 0, 1), Family::Paper));
    assert_eq!(
        (c.kstar.as_str(), c.paper_k.as_str(), c.relation.as_str(), c.attained),
        ("0", "0", "sharp", true)
    );
    // d < 2ε: K < 0, kstar = 0 (b/c ≥ 0), attained.
    let c = certified(&inst(3, qi(1), (1, 0, 1), Family::Paper));
    assert_eq!(
        (c.kstar.as_str(), c.paper_k.as_str(), c.relation.as_str(), c.attained),
        ("0", "-1/2", "loose", true)
    );
    // All family, ε = 3/4, (3,1,2): kstar = 0 but not attained (b = 0 forces Q = 0).
    let c = certified(&inst(3, q(3, 4), (3, 1, 2), Family::All));
    assert_eq!((c.kstar.as_str(), c.attained), ("0", false));
    assert!(
        c.lower.as_ref().unwrap().contains_key("Q_ge_0") || c.lower.as_ref().unwrap().contains_key("Q_le_0")
    );
}

#[test]
fn tampered_sharp_certificates_are_rejected() {
    let good = certified(&inst(4, q(1, 3), (5, 1, 4), Family::All));
    assert_eq!(good.kstar, "7"); // (n−2)(d−2ε)/(2ε) = 2·(3 − 2/3)·3/2
    assert_eq!(check_sharp(&good).unwrap(), qi(7));
    let bad = |f: &dyn Fn(&mut SharpCertificate), needle: &str| {
        let mut t = good.clone();
        f(&mut t);
        let e = check_sharp(&t).unwrap_err();
        assert!(e.contains(needle), "expected '{needle}' in: {e}");
    };
    bad(&|c| c.kstar = "15/2".into(), "relation");
    bad(
        &|c| {
            c.kstar = "15/2".into();
            c.relation = "loose".into();
        },
        "lower: the combination leaves -",
    );
    bad(
        &|c| {
            c.kstar = "13/2".into();
            c.relation = "fails".into();
        },
        "lower: the combination leaves ",
    );
    bad(&|c| c.paper_k = "6".into(), "paper_k");
    bad(&|c| c.relation = "loose".into(), "relation");
    bad(&|c| c.kstar = "-1".into(), "negative");
    bad(
        &|c| {
            let (k, _) =
                c.lower.as_ref().unwrap().iter().next().map(|(k, v)| (k.clone(), v.clone())).unwrap();
            c.lower.as_mut().unwrap().insert(k, "1000".into());
        },
        "lower: the combination leaves ",
    );
    bad(
        &|c| {
            c.lower.as_mut().unwrap().insert("S9.upper".into(), "1".into());
        },
        "no row named",
    );
    bad(&|c| c.lower = None, "lower: missing");
    bad(
        &|c| c.closure.as_mut().unwrap()[5] = "1000".into(),
        "closure: row x3y0z1.upper is violated (2987/3 > 0)",
    );
    bad(&|c| c.closure.as_mut().unwrap()[1] = "6".into(), "closure: need a ≥ 0, b = kstar, c = 1");
    bad(
        &|c| c.closure.as_mut().unwrap().pop().map(|_| ()).unwrap(),
        "closure: expected the six values a b c P Q S",
    );
    bad(&|c| c.closure = None, "closure: missing");
    bad(&|c| c.witness.bound = "8".into(), "witness.bound");
    bad(&|c| c.witness.s[2] = "100".into(), "witness: x3y0z1: |ŷ − t| = 192001/2001 is not below ε");
    bad(&|c| c.witness.alpha[0] = "0".into(), "witness: weights must be positive");
    bad(&|c| c.attained = true, "attained: only kstar = 0");
    // n and ε change the lemma's K, so the stated paper_k catches them; restated
    // consistently (paper_k, relation), the rebuilt rows reject the lower side.
    bad(&|c| c.n = 5, "paper_k: stated 7 but the parameters give 21/2");
    bad(&|c| c.eps = "1/4".into(), "paper_k: stated 7 but the parameters give 10");
    bad(
        &|c| {
            c.n = 5;
            c.paper_k = "21/2".into();
            c.relation = "fails".into();
        },
        "lower: no row named 'x1y0z3.lower' for these parameters",
    );
    bad(
        &|c| {
            c.eps = "1/4".into();
            c.paper_k = "10".into();
            c.relation = "fails".into();
        },
        "lower: the combination leaves 1/10 on a",
    );
    bad(&|c| c.family = "paper".into(), "lower: no row named");
    bad(&|c| c.family = "most".into(), "unknown family 'most'");
    bad(&|c| c.w = 5, "paper_k: stated 7 but the parameters give 10");
    bad(&|c| c.u = 4, "need u < w");
    // A whole file goes through check_any.
    let file = Checked::new(
        SharpFile { format: SHARP_FORMAT.into(), certificates: vec![good.clone()] },
        &Context::default(),
    )
    .unwrap();
    assert_eq!(file.claim(), &vec![Some(qi(7))]);
    let AnyCertificate::Sharp(parsed) = read::parse(&minip::print::json::sharp_file(&file)).unwrap() else {
        panic!()
    };
    assert_eq!(
        check_any(&AnyCertificate::Sharp(parsed.clone()), &Context::default()).unwrap().to_string(),
        "sharp (1 configuration, n=4 eps=1/3 all h=5 u=1 w=4: kstar = 7 certified both sides)"
    );
    // In a file, the failing configuration is named with the part that failed.
    let mut t = parsed.clone();
    t.certificates.push(good.clone());
    t.certificates[1].closure.as_mut().unwrap()[5] = "1000".into();
    let e = check_any(&AnyCertificate::Sharp(t), &Context::default()).unwrap_err().to_string();
    assert!(
        e.starts_with("certificates[1] (n=4 eps=1/3 h=5 u=1 w=4 all): closure: row ")
            && e.contains("is violated"),
        "{e}"
    );
    let mut t = parsed.clone();
    t.certificates.clear();
    assert_eq!(
        check_any(&AnyCertificate::Sharp(t), &Context::default()).unwrap_err().to_string(),
        "certificates: empty"
    );
}

#[test]
fn milp_over_boolean_tokens_agrees_with_the_enumeration() {
    for (n, eps, family, m, d, want) in [
        (3, q(1, 2), Family::Paper, 3, 2, "1"),
        (3, q(1, 2), Family::All, 4, 1, "0"),
        (4, q(1, 3), Family::All, 4, 2, "4"),
        (5, q(1, 4), Family::Paper, 4, 3, "15"),
        (3, q(1, 3), Family::All, 3, 1, "1/4"), // kstar < K = 1/2 here
        (3, q(1, 3), Family::Paper, 3, 1, "0"),
    ] {
        let job = milp::Job::new(n, eps, family, m, d).unwrap();
        let r = milp::cross_check(&job);
        assert!(r.error.is_none(), "{r:?}");
        assert_eq!(r.min_kstar, want, "{r:?}");
        assert!(r.agree, "MILP {:?} vs exact {}", r.milp_value, r.min_kstar);
    }
    // m = d: w = h = m would need z = x; nothing is realizable and both sides say so.
    let r = milp::cross_check(&milp::Job::new(3, q(1, 2), Family::Paper, 2, 2).unwrap());
    assert_eq!((r.configurations, r.min_kstar.as_str(), r.agree, r.milp_value), (0, "none", true, None));
    // In 3 bits (2, 0, 2) is realized with z ⊋ x: the MILP's z differs from its x.
    let r = milp::cross_check(&milp::Job::new(3, q(1, 2), Family::Paper, 3, 2).unwrap());
    let toks: Vec<&str> = r.milp_tokens.split(',').collect();
    assert_ne!(toks[0], toks[2], "{r:?}");
    assert_eq!(milp::Job::new(3, q(1, 2), Family::Paper, 7, 1).unwrap_err(), "need 1 ≤ m ≤ 6, got m = 7");
    assert_eq!(
        milp::Job::new(3, q(1, 2), Family::Paper, 3, 4).unwrap_err(),
        "need 1 ≤ d ≤ m, got d = 4, m = 3"
    );
}

#[test]
fn sharp_cli_prints_checked_values_and_rejects_bad_input() {
    let (code, out, _) = minip(&["sharp", "--d", "3", "--n", "4", "--eps", "1/4"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("kstar     10 ") && out.contains("sharp (kstar = K)"), "{out}");
    let (code, out, _) = minip(&["sharp", "--h", "3", "--u", "0", "--w", "2", "--family", "all", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["kind"].as_str(), v["kstar"].as_str(), v["verdict"].as_str()),
        (Some("sharp.kstar"), Some("1"), Some("certified"))
    );
    assert_eq!(v["certificate"]["kstar"], "1");
    // kstar < K: the lemma's stated bound fails there, a certified counterexample (exit 1).
    let (code, out, _) = minip(&["sharp", "--d", "1", "--n", "3", "--eps", "1/3"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILS (kstar < K"), "{out}");
    let dir = std::env::temp_dir().join(format!("minip-sharp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let grid = dir.join("g.toml");
    std::fs::write(&grid, "n = [3]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\n").unwrap();
    let out_dir = dir.join("certs");
    let (code, out, err) = minip(&[
        "sharp",
        "--grid",
        grid.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
        "--csv",
        dir.join("t.csv").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(err.contains("4 configurations: 4 sharp"), "the summary goes to stderr: {err}");
    assert_eq!(out.lines().count(), 5, "header and four rows: {out}");
    let (code, out, _) = minip(&["verify", out_dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    let bad_grid = dir.join("bad.toml");
    std::fs::write(&bad_grid, "n = [2]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["sharp", "--n", "2", "--d", "3"], "n ≥ 3"),
        (vec!["sharp", "--eps", "0", "--d", "3"], "ε > 0"),
        (vec!["sharp", "--d", "3", "--bound", "2"], "--bound"),
        (vec!["sharp", "--h", "2", "--u", "2", "--w", "2"], "u < w"),
        (vec!["sharp"], "give the configuration"),
        (vec!["sharp", "--milp", "--m", "9"], "--m"),
        (vec!["sharp", "--milp", "--m", "3", "--d", "5"], "d ≤ m"),
        (vec!["sharp", "--grid", "/nonexistent.toml"], "No such file"),
        (vec!["sharp", "--grid", bad_grid.to_str().unwrap()], "n ≥ 3"),
    ];
    for (args, needle) in cases {
        let (code, _, err) = minip(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn committed_table_matches_committed_certificates() {
    // proofs/sharp/table.csv is the readable face of the certificates beside it (which
    // tests/certificates.rs verifies): every row must state what its certificate proves.
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("proofs/sharp");
    let mut by_key = std::collections::HashMap::new();
    for e in std::fs::read_dir(&root).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "json") {
            let AnyCertificate::Sharp(f) = read::read(&p).unwrap() else { panic!("{}", p.display()) };
            for c in f.certificates {
                let key = format!("{},{},{},{},{},{}", c.n, c.eps, c.h, c.u, c.w, c.family);
                by_key.insert(key, (c.kstar, c.paper_k, c.relation, c.attained.to_string()));
            }
        }
    }
    assert_eq!(by_key.len(), 6 * 4 * 364 * 2);
    let table = std::fs::read_to_string(root.join("table.csv")).unwrap();
    let mut lines = table.lines();
    assert_eq!(lines.next().unwrap(), "n,eps,h,u,w,d,family,kstar,kstar_float,paper_k,relation,attained");
    let mut rows = 0;
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        let key = format!("{},{},{},{},{},{}", f[0], f[1], f[2], f[3], f[4], f[6]);
        let want = by_key.get(&key).unwrap_or_else(|| panic!("no certificate for {key}"));
        assert_eq!(
            (f[7], f[9], f[10], f[11]),
            (want.0.as_str(), want.1.as_str(), want.2.as_str(), want.3.as_str()),
            "{key}"
        );
        rows += 1;
    }
    assert_eq!(rows, by_key.len());
}
