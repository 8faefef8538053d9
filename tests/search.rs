//! Searched heads (docs/math.md §14, docs/frontier.md "Searched heads"): the committed
//! certificates check, their head files pass `minip head verify` with the same largest error,
//! tampering is rejected with the part named, both searches reproduce the committed bytes (the
//! first-order one whatever the number of threads), bad options are refused in one line, and
//! `minip frontier` counts the heads in its best upper bound.

use crate::common::{minip, tmp};
use minip::batch::search::{search, Config};
use minip::batch::search_exact::certify;
use minip::batch::search_gradient::{self as gradient, Start};
use minip_check::check::{check_search_head, Context};
use minip_check::claim::{check_any, Claim};
use minip_check::format::search::SearchHead;
use minip_check::format::AnyCertificate;
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

const M04: &str = "proofs/search/m04.r2.json";

fn committed() -> SearchHead {
    match minip_check::read::read(&repo().join(M04)).unwrap() {
        AnyCertificate::SearchHead(c) => c,
        _ => panic!("not a searched head"),
    }
}

#[test]
fn the_committed_m4_head_has_two_features_and_checks() {
    let c = committed();
    let claim = check_any(&AnyCertificate::SearchHead(c.clone()), &Context::default()).unwrap();
    let Claim::SearchHead(s) = &claim else { panic!("{claim:?}") };
    assert_eq!((s.m, s.rank), (4, 2));
    assert_eq!(s.max_error, c.max_error);
    assert_eq!(s.max_error, "192210368934629258454295055/427134150690670670179762952");
    assert_eq!(
        claim.to_string(),
        "head of rank 2 (searched, explicit features, m=4, max error 192210368934629258454295055/427134150690670670179762952 (~0.4500)), value dimension 15, state 32"
    );
    // The lower bound at m = 4 is 2: the committed rank certificate says so.
    let AnyCertificate::Rank(r) = minip_check::read::read(&repo().join("proofs/rank/m04.json")).unwrap()
    else {
        panic!()
    };
    assert_eq!(r.bound, 2);
}

#[test]
fn the_head_file_passes_the_exhaustive_head_checker_with_the_same_error() {
    let c = minip_check::check::Checked::new(committed(), &Context::default()).unwrap();
    let text = minip::heads::search::head_file(&c);
    assert_eq!(text, std::fs::read_to_string(repo().join("proofs/search/m04.r2.head")).unwrap());
    let (code, out, err) = minip(&["head", "verify", "proofs/search/m04.r2.head", "--len", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rec: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(rec["verdict"], "correct", "{rec}");
    assert_eq!(rec["max_error"], c.max_error.as_str(), "{rec}");
}

fn rejected(c: &SearchHead) -> String {
    check_search_head(c).unwrap_err().to_string()
}

#[test]
fn tampered_searched_heads_are_rejected_with_the_part_named() {
    let base = committed();
    let mut c = base.clone();
    c.max_error = "9/20".into();
    assert!(rejected(&c).contains("max_error: stated 9/20, recomputed"), "{}", rejected(&c));
    let mut c = base.clone();
    c.phi_k[5][0] = "-1000".into();
    assert!(rejected(&c).contains("negative kernel entry alpha("), "{}", rejected(&c));
    let mut c = base.clone();
    c.rank = 3;
    assert!(rejected(&c).contains("phi_q[0]: 2 entries, expected 3"), "{}", rejected(&c));
    let mut c = base.clone();
    c.params.m = 5;
    assert!(rejected(&c).contains("phi_q: 16 rows, expected 32"), "{}", rejected(&c));
    // A value moved far: some sequence of query 1111 fails, named with its target and error.
    let mut c = base.clone();
    c.s[15][15] = "40".into();
    let e = rejected(&c);
    assert!(e.contains("sequence (1111, ") && e.contains(">= 1/2"), "{e}");
    // Every query's kernel entry at itself positive: zero features at token 0 give D = 0.
    let mut c = base;
    c.phi_q[0] = vec!["0".into(), "0".into()];
    assert!(rejected(&c).contains("denominator D = 0"), "{}", rejected(&c));
}

#[test]
fn the_search_reproduces_the_committed_certificate() {
    let cfg = Config { m: 4, rank: 2, restarts: 20, iterations: 100, seed: 1 };
    let out = search(&cfg, |_| true).unwrap();
    let hint = out.hint.expect("found");
    assert_eq!(out.restarts.len(), 2, "found at restart 1");
    let run = committed().search.expect("provenance");
    let c = certify(4, &hint, run).unwrap();
    let text = minip::print::json::by_lines(&c);
    assert_eq!(text, std::fs::read_to_string(repo().join(M04)).unwrap());
}

#[test]
fn the_frontier_counts_the_searched_head_and_verify_checks_it() {
    let (code, out, err) = minip(&["frontier", "--m", "4", "--kernel", "per_weight", "--json"]);
    assert_eq!(code, 0, "{err}");
    let row: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    // Two features, but the values need D = 2^4 − 1: state 2·16.
    assert_eq!(
        row["best_upper"],
        serde_json::json!({"rank": "2", "class": "searched", "value_dim": "15", "state": "32"})
    );
    assert_eq!(row["searched"]["file"], M04);
    assert_eq!(row["per_weight"]["rank"], "5");
    let (code, text, _) = minip(&["frontier", "--m", "4..=6", "--kernel", "per_weight"]);
    assert_eq!(code, 0);
    assert!(text.contains("in best upper: m=4: rank 2 (proofs/search/m04.r2.json)"), "{text}");
    // m = 6, 7, 8: the first-order search's heads of 4, 5 and 7 features, against 8, 15 and 37
    // for the per-weight polynomial ones.
    let (_, out, _) = minip(&["frontier", "--m", "6..=8", "--step", "1", "--kernel", "per_weight", "--json"]);
    let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    // Each needs values of dimension 2^m − 1: state r·2^m.
    for (row, (searched, poly, d, state)) in
        rows.iter().zip([("4", "8", "63", "256"), ("5", "15", "127", "640"), ("7", "37", "255", "1792")])
    {
        assert_eq!(
            row["best_upper"],
            serde_json::json!({"rank": searched, "class": "searched", "value_dim": d, "state": state}),
            "{row}"
        );
        assert_eq!(row["per_weight"]["rank"], poly, "{row}");
    }
    // Without rank directory there are no searched heads either.
    let (_, out, _) = minip(&["frontier", "--m", "4", "--kernel", "per_weight", "--rank-dir", "-", "--json"]);
    assert!(!out.contains("searched"), "{out}");
    let (code, out, err) = minip(&["verify", "proofs/search"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("head of rank 2 (searched, explicit features, m=4"), "{out}");
}

const M06: &str = "proofs/search/m06.r4.json";

fn read_head(path: &str) -> SearchHead {
    match minip_check::read::read(&repo().join(path)).unwrap() {
        AnyCertificate::SearchHead(c) => c,
        _ => panic!("not a searched head"),
    }
}

/// `minip head search --m 6 --rank 4 --out proofs/search` (docs/frontier.md): the
/// defaults are seed 1, 20 restarts of at most 20,000 steps, mixed starts.
#[test]
fn the_first_order_search_reproduces_the_committed_m6_head() {
    let cfg = gradient::Config {
        m: 6,
        rank: 4,
        seed: 1,
        restarts: 20,
        steps: 20_000,
        start: Start::Mixed,
        time_limit: None,
    };
    let out = gradient::search(&cfg, &|| false, &|_| {}).unwrap();
    let (k, c) = out.head.expect("found");
    assert_eq!((k, out.runs.len(), out.stopped, out.timed_out), (0, 1, false, false));
    assert_eq!(out.runs[0].start, Start::Softmax);
    assert_eq!((c.claim().m, c.claim().rank), (6, 4));
    assert_eq!(minip::print::json::by_lines(&c), std::fs::read_to_string(repo().join(M06)).unwrap());
    assert_eq!(
        minip::heads::search::head_file(&c),
        std::fs::read_to_string(repo().join("proofs/search/m06.r4.head")).unwrap()
    );
    let committed = read_head(M06);
    let run = committed.search.as_ref().unwrap();
    assert_eq!(
        (run.method.as_deref(), run.start.as_deref(), run.restart),
        (Some("gradient"), Some("softmax"), 0)
    );
    // Below 1/2, exactly; the head file passes the exhaustive head checker with that error.
    let claim = check_search_head(&committed).unwrap();
    assert!(claim.max_error < minip_check::rational::q(1, 2));
    let (code, out, err) = minip(&["head", "verify", "proofs/search/m06.r4.head", "--len", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rec: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(
        (rec["verdict"].as_str(), rec["max_error"].as_str()),
        (Some("correct"), Some(committed.max_error.as_str()))
    );
}

#[test]
fn tampered_first_order_heads_are_rejected() {
    let base = read_head(M06);
    // A value of query 111111 moved: a sequence there fails.
    let mut c = base.clone();
    c.s[63][0] = "6".into();
    let e = rejected(&c);
    assert!(e.contains("sequence (111111, ") && e.contains(">= 1/2"), "{e}");
    // A key's feature negative enough for a negative kernel entry.
    let mut c = base.clone();
    c.phi_k[9][0] = "-100".into();
    assert!(rejected(&c).contains("negative kernel entry alpha("), "{}", rejected(&c));
    // One feature fewer than the rank says.
    let mut c = base.clone();
    c.phi_k[3].pop();
    assert!(rejected(&c).contains("phi_k[3]: 3 entries, expected 4"), "{}", rejected(&c));
    // A stated error that is not the largest.
    let mut c = base;
    c.max_error = "1/3".into();
    assert!(rejected(&c).contains("max_error: stated 1/3, recomputed"), "{}", rejected(&c));
}

/// The bytes written and printed do not depend on the number of threads (restarts run in
/// parallel; the head of the lowest restart that found one is reported).
#[test]
fn a_first_order_run_is_determined_by_its_options() {
    let dir = tmp("search", "threads");
    let mut seen = Vec::new();
    for jobs in ["1", "2", "2"] {
        let out_dir = dir.join(format!("jobs{jobs}-{}", seen.len()));
        let (code, out, err) = minip(&[
            "head",
            "search",
            "--m",
            "5",
            "--rank",
            "3",
            "--restarts",
            "6",
            "--seed",
            "7",
            "--jobs",
            jobs,
            "--json",
            "--out",
            out_dir.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let json = std::fs::read_to_string(out_dir.join("m05.r3.json")).unwrap();
        let head = std::fs::read_to_string(out_dir.join("m05.r3.head")).unwrap();
        let rec: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!((rec["method"].as_str(), rec["verdict"].as_str()), (Some("gradient"), Some("certified")));
        // Paths differ per run; everything else is the same.
        let mut rec = rec;
        rec["certificate_file"] = serde_json::Value::Null;
        rec["head_file"] = serde_json::Value::Null;
        seen.push((rec.to_string(), json, head));
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:?}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Bad options: exit 2 and one line on stderr naming the option, before any work.
#[test]
fn bad_search_options_are_refused_in_one_line() {
    for (args, msg) in [
        (&["--method", "newton"][..], "--method must be gradient or lp, got 'newton'"),
        (&["--start", "zeros"][..], "--start must be one of mixed, softmax, subsets, random, got 'zeros'"),
        (&["--method", "lp", "--start", "random"][..], "--start and --time-limit are for --method gradient"),
        (&["--time-limit", "0"][..], "--time-limit must be positive, got 0"),
        (&["--iterations", "1000001"][..], "--iterations must be in 1..=1000000, got 1000001"),
        (&["--m", "9"][..], "--m must be in 1..=8, got 9"),
        (
            &["--m", "8", "--rank", "256"][..],
            "the search (restarts x (iterations + 600) x 4^m x (rank + m)) = 7128219648000 is above the supported \
             4398046511104",
        ),
    ] {
        let mut all = vec!["head", "search"];
        all.extend_from_slice(args);
        let (code, out, err) = minip(&all);
        assert_eq!((code, out.as_str(), err.lines().count()), (2, "", 1), "{args:?}: {err}");
        assert!(err.starts_with("minip: error: ") && err.contains(msg), "{args:?}: {err}");
    }
}

/// Nothing found: exit 2, `unknown`, nothing written, and every restart reported.
#[test]
fn a_first_order_search_that_finds_nothing_says_unknown() {
    let dir = tmp("search", "none");
    let (code, out, err) = minip(&[
        "head",
        "search",
        "--m",
        "5",
        "--rank",
        "1",
        "--restarts",
        "2",
        "--iterations",
        "40",
        "--json",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    let rec: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(rec["verdict"], "unknown");
    assert_eq!(rec["max_error"], serde_json::Value::Null);
    let runs = rec["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!((runs[0]["start"].as_str(), runs[1]["start"].as_str()), (Some("softmax"), Some("subsets")));
    assert!(runs.iter().all(|r| r["steps"] == 40 && r["ended"] == "steps" && r["found"] == false), "{rec}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(dir);
}
