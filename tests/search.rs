//! Searched heads (docs/math.md §14, docs/frontier.md "Searched heads"): the committed
//! certificate checks, its head file passes `minip head verify` with the same largest error,
//! tampering is rejected with the part named, the search reproduces the committed bytes, and
//! `minip frontier` counts the head in its best upper bound.

use crate::common::minip;
use minip::batch::search::{search, Config};
use minip::batch::search_exact::certify;
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
        "head of rank 2 (searched, explicit features, m=4, max error 192210368934629258454295055/427134150690670670179762952)"
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
    assert_eq!(row["best_upper"], serde_json::json!({"rank": "2", "class": "searched"}));
    assert_eq!(row["searched"]["file"], M04);
    assert_eq!(row["per_weight"]["rank"], "5");
    let (code, text, _) = minip(&["frontier", "--m", "4..=6", "--kernel", "per_weight"]);
    assert_eq!(code, 0);
    assert!(text.contains("in best upper: m=4: rank 2 (proofs/search/m04.r2.json)"), "{text}");
    // m = 6 has no searched head: its row is as before.
    let (_, out, _) = minip(&["frontier", "--m", "6", "--kernel", "per_weight", "--json"]);
    assert!(!out.contains("searched"), "{out}");
    // Without rank directory there are no searched heads either.
    let (_, out, _) = minip(&["frontier", "--m", "4", "--kernel", "per_weight", "--rank-dir", "-", "--json"]);
    assert!(!out.contains("searched"), "{out}");
    let (code, out, err) = minip(&["verify", "proofs/search"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("head of rank 2 (searched, explicit features, m=4"), "{out}");
}
