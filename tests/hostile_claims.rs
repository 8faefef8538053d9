//! Claims used outside their parameters, and head commands whose work grows without bound.
//!
//! - `minip frontier` reads rank certificates to print lower bounds: a certificate is used only
//!   when its checked claim implies the row's (its `m` from the claim, never from the file
//!   name, at most the row's; `n` at most the frontier's; `eps` at least 1/2; the paper's
//!   model), any other is skipped with one warning line naming the file and the mismatch, and
//!   a row with a lower bound above a certified upper bound is refused (exit 2) as a second net.
//! - `minip head verify|attack|bench` and `minip transition` count their work from the maps
//!   before building any table, and refuse past the budget with one line, exit 2, at once.

use crate::common;

use common::root;
use minip::batch::frontier::{read_lower_n, run, FrontierJob, Lower, Source};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn tmp(name: &str) -> PathBuf {
    common::tmp("hostile-claims", name)
}

/// minip under `timeout -s KILL secs` and `prlimit --as=1 GiB`: `(exit, stdout, stderr)`.
fn minip(secs: u64, args: &[&str]) -> (i32, String, String) {
    common::capped(&root(), Path::new(env!("CARGO_BIN_EXE_minip")), &[], common::GIB, secs, args)
}

fn p(d: &Path) -> String {
    d.display().to_string()
}

/// The frontier's rows as JSON, and its stderr; exit 0 asserted.
fn frontier_json(args: &[&str]) -> (Vec<Value>, String) {
    let mut a = vec!["frontier", "--kernel", "per_weight", "--json"];
    a.extend_from_slice(args);
    let (code, out, err) = minip(120, &a);
    assert_eq!(code, 0, "{a:?}: {err}");
    let rows: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    (rows, err)
}

/// No row prints a lower bound above its best certified upper bound.
fn consistent(rows: &[Value]) {
    for r in rows {
        let upper: u64 = r["best_upper"]["rank"].as_str().unwrap().parse().unwrap();
        for col in ["lower", "lower_linear"] {
            if let Some(b) = r[col]["bound"].as_str() {
                assert!(b.parse::<u64>().unwrap() <= upper, "m = {}: {col} {b} > upper {upper}", r["m"]);
            }
        }
    }
}

/// The `warning` lines of stderr.
fn warnings(err: &str) -> Vec<&str> {
    err.lines().filter(|l| l.starts_with("minip: warning: ")).collect()
}

#[test]
fn a_certificate_of_another_m_under_a_small_name_is_skipped() {
    // proofs/rank/m24.json (rank >= 21 at m = 24) saved as m04.json: the upper bound at m = 4
    // is 5, so reading m from the name printed "4  21  5 (1)  5" with exit 0.
    let dir = tmp("m24-as-m04");
    std::fs::copy(root().join("proofs/rank/m24.json"), dir.join("m04.json")).unwrap();
    let want = format!(
        "minip: warning: {}: skipped: its claim is at m = 24, not the m = 4 of its file name",
        p(&dir.join("m04.json"))
    );
    let (code, out, err) = minip(
        60,
        &["frontier", "--m", "4", "--kernel", "per_weight", "--rank-dir", &p(&dir), "--rank-linear-dir", "-"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(warnings(&err), vec![want.as_str()], "{err}");
    let row = out.lines().find(|l| l.starts_with("4 ")).unwrap();
    assert_eq!(row.split_whitespace().take(5).collect::<Vec<_>>(), ["4", "-", "5", "(1)", "5"], "{out}");
    // The same in JSON lines, and at m = 4..=24 (the file is not used at m = 24 either: a
    // certificate whose name and claim disagree is skipped).
    let (rows, err) =
        frontier_json(&["--m", "4..=24", "--step", "20", "--rank-dir", &p(&dir), "--rank-linear-dir", "-"]);
    assert_eq!(warnings(&err), vec![want.as_str()], "{err}");
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r["lower"].is_null()), "{rows:?}");
    consistent(&rows);
    // Under its own name it is used, from m = 24 on.
    std::fs::rename(dir.join("m04.json"), dir.join("m24.json")).unwrap();
    let (rows, err) =
        frontier_json(&["--m", "4..=24", "--step", "20", "--rank-dir", &p(&dir), "--rank-linear-dir", "-"]);
    assert!(warnings(&err).is_empty(), "{err}");
    assert!(rows[0]["lower"].is_null());
    assert_eq!(rows[1]["lower"], serde_json::json!({"bound": "21", "from_m": 24}));
    consistent(&rows);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_certificate_at_a_smaller_eps_is_skipped_and_a_larger_eps_is_used() {
    // Heads with error < 1/8 need rank >= 10 at m = 6 and >= 111 at m = 12, above the ranks 8
    // and 91 of heads with error < 1/2: such a bound says nothing at eps = 1/2.
    let dir = tmp("eps");
    for m in ["6", "12"] {
        let (code, _, err) =
            minip(60, &["rank", "--m", m, "--eps", "1/8", "--sat-budget", "0", "--out", &p(&dir)]);
        assert_eq!(code, 0, "{err}");
    }
    let skip = |m: u32| {
        format!(
            "minip: warning: {}: skipped: its claim is at eps = 1/8, below the frontier's eps = 1/2 (a bound at eps' applies only at eps <= eps')",
            p(&dir.join(format!("m{m:02}.json")))
        )
    };
    let (code, out, err) = minip(
        60,
        &[
            "frontier",
            "--m",
            "6..=12",
            "--step",
            "6",
            "--kernel",
            "per_weight",
            "--rank-dir",
            &p(&dir),
            "--rank-linear-dir",
            "-",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(warnings(&err), vec![skip(6), skip(12)], "{err}");
    for (m, upper) in [("6 ", "8"), ("12 ", "91")] {
        let row: Vec<&str> = out.lines().find(|l| l.starts_with(m)).unwrap().split_whitespace().collect();
        assert_eq!((row[1], row[4]), ("-", upper), "{out}");
    }
    let (rows, err) =
        frontier_json(&["--m", "6..=12", "--step", "6", "--rank-dir", &p(&dir), "--rank-linear-dir", "-"]);
    assert_eq!(warnings(&err), vec![skip(6), skip(12)], "{err}");
    assert!(rows.iter().all(|r| r["lower"].is_null()), "{rows:?}");
    consistent(&rows);

    // A bound for heads with error < 3/4 holds for heads with error < 1/2: used.
    let wide = tmp("eps-wide");
    let (code, _, err) =
        minip(60, &["rank", "--m", "6", "--eps", "3/4", "--sat-budget", "0", "--out", &p(&wide)]);
    assert_eq!(code, 0, "{err}");
    let claim: Value =
        serde_json::from_str(&std::fs::read_to_string(wide.join("m06.json")).unwrap()).unwrap();
    let (rows, err) = frontier_json(&["--m", "6", "--rank-dir", &p(&wide), "--rank-linear-dir", "-"]);
    assert!(warnings(&err).is_empty(), "{err}");
    assert_eq!(rows[0]["lower"]["bound"].as_str().unwrap(), claim["bound"].to_string());
    consistent(&rows);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&wide);
}

#[test]
fn lengths_kinds_and_linear_names_are_matched_against_the_claim() {
    let dir = tmp("n");
    // A rank bound for heads correct at length 4: not one for length-3 heads, one for
    // heads correct on every length <= 4.
    let (code, _, err) = minip(60, &["rank", "--m", "6", "--n", "4", "--sat-budget", "0", "--out", &p(&dir)]);
    assert_eq!(code, 0, "{err}");
    let (rows, err) = frontier_json(&["--m", "6", "--rank-dir", &p(&dir), "--rank-linear-dir", "-"]);
    assert_eq!(
        warnings(&err),
        vec![format!(
            "minip: warning: {}: skipped: its claim is at n = 4, above the frontier's n = 3 (a bound at n' applies only at n >= n')",
            p(&dir.join("m06.json"))
        )],
        "{err}"
    );
    assert!(rows[0]["lower"].is_null());
    let (rows, err) =
        frontier_json(&["--n", "4", "--m", "6", "--rank-dir", &p(&dir), "--rank-linear-dir", "-"]);
    assert!(warnings(&err).is_empty(), "{err}");
    assert_eq!(rows[0]["lower"], serde_json::json!({"bound": "3", "from_m": 6}));
    consistent(&rows);

    // A certificate of another kind under a rank certificate's name.
    let other = tmp("kind");
    std::fs::copy(root().join("proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json"), other.join("m05.json"))
        .unwrap();
    let (rows, err) = frontier_json(&["--m", "6", "--rank-dir", &p(&other), "--rank-linear-dir", "-"]);
    let w = warnings(&err);
    assert_eq!(w.len(), 1, "{err}");
    assert!(
        w[0].starts_with(&format!(
            "minip: warning: {}: skipped: not a rank lower bound (",
            p(&other.join("m05.json"))
        )),
        "{err}"
    );
    assert!(rows[0]["lower"].is_null());

    // Linear-code certificates: n and m come from the claim; a name that disagrees is skipped.
    let lin = tmp("linear");
    std::fs::copy(root().join("proofs/rank-linear/n3_m032.json"), lin.join("n3_m008.json")).unwrap();
    let (rows, err) = frontier_json(&["--m", "8", "--rank-dir", "-", "--rank-linear-dir", &p(&lin)]);
    assert_eq!(
        warnings(&err),
        vec![format!(
            "minip: warning: {}: skipped: its claim is at m = 32, not the m = 8 of its file name",
            p(&lin.join("n3_m008.json"))
        )],
        "{err}"
    );
    assert!(rows[0]["lower_linear"].is_null());
    std::fs::rename(lin.join("n3_m008.json"), lin.join("n4_m032.json")).unwrap();
    let found = read_lower_n(&Source::Dir(lin.clone()), 32, 4).unwrap();
    assert!(found.bounds.is_empty());
    assert_eq!(
        found.skipped,
        vec![format!(
            "{}: skipped: its claim is at n = 3, not the n = 4 of its file name",
            p(&lin.join("n4_m032.json"))
        )]
    );
    // Under its own name: used at n = 3 from m = 32 on.
    std::fs::rename(lin.join("n4_m032.json"), lin.join("n3_m032.json")).unwrap();
    let found = read_lower_n(&Source::Dir(lin.clone()), 32, 3).unwrap();
    assert!(found.skipped.is_empty(), "{:?}", found.skipped);
    assert_eq!((found.bounds[&32].bound, found.bounds[&32].from_m), (58, 32));
    for d in [dir, other, lin] {
        let _ = std::fs::remove_dir_all(&d);
    }
}

#[test]
fn a_row_with_a_lower_bound_above_its_upper_bound_is_refused() {
    // The second net, behind the parameter match: fed a lower bound that no checked claim
    // gives (rank >= 21 at m = 4, where a head of rank 5 is certified), the row assembly
    // refuses to return the row.
    let job = |bound: u64| FrontierJob {
        ms: vec![4],
        n: 3,
        per_weight: true,
        shared: false,
        sparse: false,
        signed: false,
        shared_m_max: 32,
        sparse_m_max: 24,
        sparse_attempts: 80,
        lower: BTreeMap::from([(4, Lower { bound, from_m: 4, file: PathBuf::from("m04.json") })]),
        lower_linear: BTreeMap::new(),
    };
    let e = run(&job(21), &minip::control::Control::new()).unwrap_err();
    assert_eq!(
        e,
        "m = 4: the lower bound 21 (from m04.json, m = 4) is above the certified upper bound 5 (per_weight): a bound was used outside its claim, nothing is printed"
    );
    // At the upper bound itself the row is printed.
    let rows = run(&job(5), &minip::control::Control::new()).unwrap();
    assert_eq!(rows[0].lower.as_ref().map(|l| l.bound), Some(5));
    assert_eq!(rows[0].best_upper().map(|(r, _)| r.to_string()), Some("5".to_string()));
}

/// Refused at once: exit 2, one line on stderr naming `needle`, nothing on stdout, within
/// `timeout 1` and 1 GiB.
fn refused(args: &[&str], needle: &str) {
    let (code, out, err) = minip(1, args);
    let what: String = args.join(" ").chars().take(120).collect();
    assert_eq!(code, 2, "{what}: exit {code}, stderr {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
    assert!(err.starts_with("minip: error: too large: "), "{what}: {err}");
    assert!(err.contains(needle), "{what}: want '{needle}' in {err}");
    assert!(err.contains("above the supported 800000000 (minip help limits)"), "{what}: {err}");
    assert!(out.is_empty(), "{what}: {out}");
}

#[test]
fn head_commands_past_the_work_budget_are_refused_at_once() {
    assert_eq!(minip::heads::work::MAX_HEAD_WORK, 800_000_000, "the refusals below and minip help limits");
    // C(1031, 7) classes per query weight.
    refused(
        &["head", "verify", "softmax", "--m", "10", "--len", "8"],
        "verifying softmax(base 6) over {0,1}^10 at lengths 1..=8 is 5295880704694744854 units of work",
    );
    refused(&["head", "verify", "softmax", "--m", "8", "--len", "64"], "is more than 10^38 units of work");
    refused(
        &["head", "verify", "rank1", "--m", "9", "--len", "4", "--no-symmetry"],
        "verifying rank1 over {0,1}^9",
    );
    // A base of 9,991 digits: entries of 40,000 digits at m = 4, each gcd quadratic in them.
    let base = "7".repeat(9991);
    refused(
        &["head", "verify", "softmax", "--m", "4", "--len", "3", "--base", &base],
        &format!("verifying softmax(base {}… over {{0,1}}^4 at lengths 1..=3 is", "7".repeat(27)),
    );
    refused(
        &["head", "attack", "rank1", "--m", "10", "--n", "64"],
        "attacking rank1 over {0,1}^10 at length 64",
    );
    refused(&["head", "bench", "--m-max", "10"], "the benchmark up to m = 10 is");
    refused(&["transition", "--exact-len", "64"], "the table up to m = 8 with exact heads at length 64 is");
    // A head file whose keys have 256 different denominators of 200 digits: rows over a
    // common denominator of 50,000 digits.
    let dir = tmp("head-file");
    let keys: Vec<String> = (0..256u32)
        .map(|k| {
            let bits: String = (0..8).map(|i| if k >> i & 1 == 1 { '1' } else { '0' }).collect();
            format!("\"{bits}\": [\"1/1{}{k:03}\"]", "0".repeat(197))
        })
        .collect();
    let file = dir.join("wide.json");
    std::fs::write(
        &file,
        format!(
            "{{\"format\": \"minip-head/1\", \"m\": 8, \"phi_q\": \"ones\", \"phi_k\": {{\"table\": {{{}}}}}, \"v\": \"bits\", \"w\": \"bits\", \"beta\": \"zero\"}}",
            keys.join(", ")
        ),
    )
    .unwrap();
    refused(&["head", "verify", &p(&file), "--len", "3"], "verifying head over {0,1}^8 at lengths 1..=3 is");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn head_commands_of_the_documentation_still_run() {
    for (args, code, needle) in [
        (
            &["head", "verify", "softmax", "--m", "8", "--len", "3", "--no-symmetry"][..],
            0,
            "verdict     correct",
        ),
        (
            &["head", "verify", "proofs/frontier/m08.per_weight.head", "--len", "3"][..],
            0,
            "verdict     correct",
        ),
        (&["head", "verify", "softmax", "--m", "10", "--len", "3"][..], 0, "verdict     correct"),
        (&["head", "attack", "softmax", "--m", "4", "--n", "4", "--json"][..], 0, "\"verdict\":\"correct\""),
        (&["head", "bench", "--m-max", "6"][..], 0, "correct"),
        (&["transition", "--exact-len", "4"][..], 0, "every entry as predicted"),
    ] {
        let (c, out, err) = minip(120, args);
        assert_eq!(c, code, "{args:?}: {err}");
        assert!(out.contains(needle), "{args:?}: {out}");
        assert!(!err.contains("too large"), "{args:?}: {err}");
    }
}
