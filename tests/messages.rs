//! What a newcomer reads: errors that name what is missing, odd input refused or explained,
//! counts in the right number, and heads attacked with real candidates (never the query).

use crate::common::minip;

fn tmp(name: &str) -> std::path::PathBuf {
    crate::common::tmp("messages", name)
}

#[test]
fn a_missing_required_argument_is_named_on_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["verify"], "<PATHS>..."),
        (&["sweep"], "<GRID>"),
        (&["rank"], "--m <M>"),
        (&["head", "verify", "softmax", "--m", "8"], "--len <LEN>"),
        (&["head", "verify", "--len", "3"], "<HEAD>"),
        (&["head", "attack"], "<HEAD>"),
    ];
    for (args, name) in cases {
        let (code, out, err) = minip(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(
            err.trim_end(),
            format!("minip: error: the following required arguments were not provided: {name} (see --help)"),
            "{args:?}"
        );
    }
}

#[test]
fn odd_input_is_refused_or_explained() {
    // --jobs 0 is not "all cores": it is refused, with the way to ask for all cores.
    for args in [
        &["sweep", "instances/regression.toml", "--jobs", "0"][..],
        &["rank", "--m", "4", "--jobs", "0"],
        &["frontier", "--m", "4", "--jobs", "0"],
    ] {
        let (code, _, err) = minip(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(
            err.trim_end(),
            "minip: error: --jobs 0: need at least 1 worker thread (omit --jobs for one per core)"
        );
    }
    // Beyond the explicit-code search: a pointer to --linear.
    let (code, _, err) = minip(&["rank", "--m", "300"]);
    assert_eq!(code, 2);
    assert!(err.contains("m = 300 is above 40") && err.contains("rank --linear --m 256"), "{err}");
    let (_, _, err) = minip(&["rank", "--m", "41"]);
    assert!(err.contains("rank --linear --m 40"), "{err}");
    // ε = 2 at d = 3: every target of S1-S3 is 0 or 3, so the constant 3/2 is within ε of each:
    // broken whatever the bound, and the note says why before the verdict.
    let (code, out, err) = minip(&["check", "--d", "3", "--eps", "2"]);
    assert_eq!(code, 1);
    assert!(out.contains("verdict   broken"), "{out}");
    assert!(
        err.contains("ε = 2 > 1/2") && err.contains("2ε > w − u = 3") && err.contains("constant value 3/2"),
        "{err}"
    );
    // Above 1/2 but not trivial (all family: targets from u = 0 to h = 5 > 2ε = 4).
    let (_, _, err) = minip(&["check", "--h", "5", "--u", "0", "--w", "3", "--family", "all", "--eps", "2"]);
    assert!(err.contains("ε = 2 > 1/2") && !err.contains("trivially"), "{err}");
    // At the paper's ε nothing is said.
    let (code, _, err) = minip(&["check", "--d", "3"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let (_, _, err) = minip(&["settle", "--eps", "3/2", "--d", "2..=4"]);
    assert!(err.starts_with("minip: note: at d = 2: ε = 3/2 > 1/2"), "{err}");
}

#[test]
fn counts_are_in_the_right_number() {
    let (code, _, err) = minip(&["verify", "proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json"]);
    assert_eq!(code, 0);
    assert_eq!(err.trim_end(), "1 file: 1 verified, 0 failed, 0 invalid, 0 unchecked");
    let d = tmp("grid");
    let grid = d.join("one.toml");
    std::fs::write(&grid, "n = [3]\neps = [\"1/2\"]\nd = \"3\"\nfamilies = [\"paper\"]\n").unwrap();
    let (code, _, err) = minip(&["sweep", grid.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(err.starts_with("1 configuration: 1 holds, 0 broken, 0 unknown"), "{err}");
    let (code, out, _) = minip(&["rank", "--m", "4", "--sat-budget", "0"]);
    assert_eq!(code, 0);
    assert!(out.contains("(1 value of m in "), "{out}");
    let (_, out, _) = minip(&["rank", "--m", "4..=5", "--sat-budget", "0"]);
    assert!(out.contains("(2 values of m in "), "{out}");
    let (_, out, _) = minip(&["rank", "--linear", "--m", "8", "--no-explicit"]);
    assert!(out.contains("(1 certificate in "), "{out}");
}

#[test]
fn head_attack_never_takes_the_query_as_a_candidate() {
    // rank1 at m = 3: the failing pair has z a strict superset of x, not x itself.
    let (code, out, _) = minip(&["head", "attack", "rank1", "--m", "3"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("x = 110, y = 000, z = 111 (u = 0, w = 2, d = 2)"), "{out}");
    for m in ["2", "3", "4"] {
        let (_, out, _) = minip(&["head", "attack", "rank1", "--m", m, "--json"]);
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let detail = v["detail"].as_str().unwrap_or_default();
        if m == "3" {
            assert_eq!(v["method"], "gap-domination", "{out}");
        }
        if v["method"] != "gap-domination" {
            continue;
        }
        let tok = |name: &str| {
            detail.split(&format!("{name} = ")).nth(1).unwrap().split(',').next().unwrap().to_string()
        };
        assert_ne!(tok("x"), tok("z"), "m = {m}: {detail}");
        assert_ne!(tok("x"), tok("y"), "m = {m}: {detail}");
    }
}
