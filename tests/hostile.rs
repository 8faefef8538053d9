//! Hostile input (issue 12): every reproducer ends within 2 s and 200 MB (run under
//! `prlimit --as` and `timeout`) with exit 2 and one line on stderr, or — for valid but large
//! jobs — is refused up front with the limit named. Output errors are never silent, files are
//! never torn, and nothing is created behind the user's back.

use crate::common;

use crate::common::root;
use std::path::Path;
use std::process::{Command, Stdio};

const MEMORY: u64 = 200_000_000; // bytes of address space
const SECONDS: u64 = 2;

fn tmp(name: &str) -> std::path::PathBuf {
    crate::common::tmp("hostile", name)
}

/// Runs minip under the memory cap and the timeout: `(exit code, stdout, stderr)`; a
/// timeout is exit 124, an abort (out of memory) a signal.
fn capped(args: &[&str]) -> (i32, String, String) {
    common::capped(&root(), std::path::Path::new(env!("CARGO_BIN_EXE_minip")), &[], MEMORY, SECONDS, args)
}

/// minip without the caps (for the work around a reproducer, not the reproducer itself).
fn plain(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_minip"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn refused(args: &[&str], needle: &str) {
    let (code, out, err) = capped(args);
    assert_eq!(code, 2, "{args:?}: exit {code}, stderr {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("minip: error: "), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: want '{needle}' in {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
}

#[test]
fn ranges_and_sizes_are_refused_before_anything_is_allocated() {
    let out = tmp("ranges");
    let o = out.to_str().unwrap();
    refused(
        &["settle", "--d", "2..=1000000000", "--out", o],
        "values = 999999999 is above the supported 10000",
    );
    refused(
        &["amplify", "--h", "2..=1000000000", "--json"],
        "values = 999999999 is above the supported 10000",
    );
    refused(&["rank", "--m", "4..=1000000000"], "values = 999999997 is above the supported 10000");
    refused(
        &["sharp", "--milp", "--m", "1..=1000000000", "--d", "1"],
        "values = 1000000000 is above the supported 10000",
    );
    refused(&["amplify", "--h", "10000", "--json"], "h = 10000 is above the supported 512");
    refused(&["amplify", "--h", "40", "--n", "12"], "multisets of n - 1 classes: too many rows");
    refused(&["rank", "--m", "6", "--n", "1000000000"], "n = 1000000000");
    refused(&["amplify-bench", "--h", "1000000000", "--against", "none"], "h = 1000000000");
    refused(
        &["sweep", "instances/small.toml", "--jobs", "1000000000"],
        "--jobs = 1000000000 is above the supported 256",
    );
    refused(
        &["check", "--n", "1000", "--d", "3", "--family", "all"],
        "n = 1000 is above the supported 100 (the all family has n(n+1)/2 sequences)",
    );
    // Linear-code rank bounds and the frontier: refused before any certificate is read or solved.
    refused(
        &["rank", "--linear", "--m", "2..=1000000000"],
        "values = 999999999 is above the supported 10000",
    );
    refused(
        &["rank", "--linear", "--m", "1026"],
        "m = 1026 is out of range (even m in 8..=256, then 512 and 1024)",
    );
    refused(&["rank", "--linear", "--m", "64", "--n", "1000000"], "n = 1000000 is out of range (3..=1024)");
    refused(&["frontier", "--m", "1..=1000000000"], "values = 1000000000 is above the supported 10000");
    refused(&["frontier", "--m", "66"], "m = 66 is out of range (1..=64)");
    refused(
        &["frontier", "--m", "64", "--sparse-attempts", "99999999"],
        "--sparse-attempts: 99999999 is above the limit 500",
    );
    refused(&["frontier", "--m", "64", "--jobs", "100000"], "--jobs = 100000 is above the supported 256");
    let g = out.join("g.toml");
    std::fs::write(&g, "n = \"3..=1000000000\"\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\n")
        .unwrap();
    refused(&["sweep", g.to_str().unwrap()], "values = 999999998 is above the supported 10000");
    std::fs::write(&g, "n = [3]\neps = [\"1/2\"]\nh_max = 100000\nfamilies = [\"paper\"]\n").unwrap();
    refused(&["sweep", g.to_str().unwrap()], "h_max = 100000 is larger than the supported 64");
    // Nothing was written for a refused settle.
    assert_eq!(
        std::fs::read_dir(&out).unwrap().filter(|e| !e.as_ref().unwrap().path().ends_with("g.toml")).count(),
        0
    );
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn devices_fifos_and_huge_files_are_not_read() {
    // verify reports each file on its own line; the run fails with exit 2.
    let (code, out, _) = capped(&["verify", "/dev/zero"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.starts_with("INVALID   /dev/zero: cannot read: not a regular file"), "{out}");
    refused(&["sweep", "/dev/zero"], "not a regular file");
    refused(&["head", "verify", "/dev/zero", "--m", "2", "--len", "3"], "not a regular file");
    let d = tmp("fifo");
    let fifo = d.join("pipe.json");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let (code, out, _) = capped(&["verify", fifo.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("not a regular file"), "{out}");
    refused(&["sweep", fifo.to_str().unwrap()], "not a regular file");
    // A sparse 65 MiB file: refused by its size, never read.
    let big = d.join("big.json");
    std::fs::File::create(&big).unwrap().set_len(65 << 20).unwrap();
    let (code, out, _) = capped(&["verify", big.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("too large: 68157440 bytes, the limit is 67108864"), "{out}");
    let _ = std::fs::remove_dir_all(&d);
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn small_hostile_certificates_do_not_tie_up_the_checker() {
    let d = tmp("certs");
    // A valid-looking ratio certificate with n = 40, h = 40: C(80, 39) multisets to enumerate.
    let ratio = r#"{"format":"minip-ratio/2","params":{"n":40,"eps":"1/2","h":40,"lo":0,"hi":40,"superset":false},"ratio":"1","alpha":[],"p":[],"multipliers":[]}"#;
    let p = write(&d, "ratio.json", ratio);
    let (code, out, _) = capped(&["verify", &p]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("too large to check"), "{out}");
    // The committed m = 24 certificate with a maximality claim for 2577 pairs.
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("proofs/rank/m24.json")).unwrap()).unwrap();
    v["maximal"] =
        serde_json::json!({"refuted": 2577, "proof_format": "drat-binary", "proof": "m24.maximal.drat"});
    let p = write(&d, "m24.json", &v.to_string());
    write(&d, "m24.maximal.drat", "00");
    let (code, out, _) = capped(&["verify", &p]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("too large to check: the CNF for 2577 pairs"), "{out}");
    // A sharp entry with n = 1000 in the all family.
    let sharp = r#"{"format":"minip-sharp/1","certificates":[{"n":1000,"eps":"1/2","h":3,"u":0,"w":3,"family":"all","kstar":"1","paper_k":"1","relation":"sharp","attained":false,"witness":{"bound":"1","alpha":["1","1","1"],"s":["1","1","1"]}}]}"#;
    let p = write(&d, "sharp.json", sharp);
    let (code, out, _) = capped(&["verify", &p]);
    assert!(code == 1 || code == 2, "{out}");
    assert!(out.contains("n = 1000 is above the supported 100"), "{out}");
    // Truncated, duplicated, wrong-typed.
    let good =
        std::fs::read_to_string(root().join("proofs/settle/n3_eps1-2_h3_u0_w3_paper_b2.json")).unwrap();
    for (name, text, needle) in [
        ("trunc.json", good[..good.len() / 2].to_string(), "malformed certificate"),
        (
            "dup.json",
            good.replacen("\"verdict\": \"holds\",", "\"verdict\": \"broken\", \"verdict\": \"holds\",", 1),
            "duplicate key \"verdict\"",
        ),
        ("type.json", good.replacen("\"n\": 3,", "\"n\": \"3\",", 1), "malformed certificate"),
        ("neg.json", good.replacen("\"n\": 3,", "\"n\": -3,", 1), "malformed certificate"),
        ("huge.json", good.replacen("\"n\": 3,", "\"n\": 99999999999999999999,", 1), "malformed certificate"),
    ] {
        let p = write(&d, name, &text);
        let (code, out, _) = capped(&["verify", &p]);
        assert_eq!(code, 2, "{name}: {out}");
        assert!(out.contains(needle), "{name}: {out}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn failed_output_is_never_silent() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    for args in [
        vec!["sweep", "instances/small.toml", "--json"],
        vec!["amplify", "--h", "2..=4", "--json"],
        vec!["transition", "--m-max", "2"],
        vec!["verify", "proofs/settle"],
        vec!["check", "--d", "3"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_minip"))
            .args(&args)
            .current_dir(root())
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot write to standard output: No space left on device"), "{args:?}: {err}");
    }
}

#[test]
fn outputs_are_checked_first_and_no_directory_is_created_behind_the_users_back() {
    refused(
        &["check", "--d", "3", "--cert", "/nonexistent/dir/x.json"],
        "the directory /nonexistent/dir does not exist",
    );
    assert!(!Path::new("/nonexistent").exists());
    // An unwritable --out is reported before the grid is solved (at once, not after the work).
    let d = tmp("ro");
    let ro = d.join("ro");
    std::fs::create_dir_all(&ro).unwrap();
    let mut perm = std::fs::metadata(&ro).unwrap().permissions();
    use std::os::unix::fs::PermissionsExt;
    perm.set_mode(0o555);
    std::fs::set_permissions(&ro, perm).unwrap();
    let writable = std::fs::File::create(ro.join("probe")).is_ok(); // root can write anyway
    if !writable {
        refused(&["sweep", "instances/regression.toml", "--out", ro.to_str().unwrap()], "cannot write there");
    }
    // Into a non-empty directory: a warning on stderr.
    let full = d.join("full");
    std::fs::create_dir_all(&full).unwrap();
    std::fs::write(full.join("old.json"), "x").unwrap();
    let tiny = d.join("tiny.toml");
    std::fs::write(&tiny, "n = [3]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\n").unwrap();
    let (code, _, err) = plain(&["sweep", tiny.to_str().unwrap(), "--out", full.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}"); // d = 1 at eps = 1/2: a certified head breaks K = 0
    assert!(err.contains("minip: warning:") && err.contains("is not empty"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_interrupted_sweep_leaves_only_complete_files() {
    let d = tmp("sigint");
    let grid = d.join("big.toml");
    std::fs::write(&grid, "n = \"3..=8\"\neps = [\"1/2\", \"1/3\", \"1/4\", \"1/8\"]\nh_max = 9\nfamilies = [\"paper\", \"all\"]\nbounds = [\"paper\", \"2\"]\n").unwrap();
    let out = d.join("out");
    let child = Command::new(env!("CARGO_BIN_EXE_minip"))
        .args(["sweep", grid.to_str().unwrap(), "--vipr", "--json", "--out", out.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let res = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&res.stderr);
    assert_eq!(res.status.code(), Some(2), "{err}");
    assert!(err.contains("interrupted after"), "{err}");
    // Every file is either absent or complete: the JSON ones all verify, none is empty, and
    // no temporary file is left.
    let (code, out_v, err_v) = plain(&["verify", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{out_v}{err_v}");
    for e in std::fs::read_dir(&out).unwrap() {
        let p = e.unwrap().path();
        assert!(std::fs::metadata(&p).unwrap().len() > 0, "{}", p.display());
        assert!(!p.file_name().unwrap().to_string_lossy().contains(".tmp"), "{}", p.display());
    }
    // The JSON lines printed are complete lines, each for a finished configuration.
    let printed = String::from_utf8_lossy(&res.stdout);
    for l in printed.lines() {
        serde_json::from_str::<serde_json::Value>(l).unwrap();
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// A `minip-ratio/2` certificate of the default setting whose point is `A_h = 1`, all else 0:
/// it passes the dual check (ratio 0, no multiplier) and every row of a multiset holding the
/// class 0, so the checker enumerates almost every multiset before it finds a violated row.
fn zero_ratio(n: u32, h: u32, big: Option<usize>) -> String {
    let k = h as usize + 2;
    let mut a = vec!["0".to_string(); k];
    let mut p = a.clone();
    a[h as usize] = "1".into();
    if let Some(d) = big {
        a[k - 1] = format!("{}/{}1", "7".repeat(d), "3".repeat(d - 1));
        p[k - 1] = format!("{}/{}7", "1".repeat(d), "9".repeat(d - 1));
    }
    serde_json::json!({"format": "minip-ratio/2",
        "params": {"n": n, "eps": "1/2", "h": h, "lo": 0, "hi": h, "superset": true},
        "ratio": "0", "alpha": a, "p": p, "multipliers": []})
    .to_string()
}

#[test]
fn the_ratio_checkers_work_is_budgeted_in_n_h_and_number_lengths() {
    let d = tmp("ratio-work");
    let check = |name: &str, text: &str| {
        let p = write(&d, name, text);
        let t = std::time::Instant::now();
        let (code, out, _) = capped(&["verify", &p]);
        (code, out, t.elapsed())
    };
    // Just outside: n = 1024, h = 1 (524,800 multisets of length 1023: 13.5 s before the
    // budget), n = 200, h = 2 (23 s before), and long numbers at n = 150 (7.5 s before with
    // 200 digits, which the budget of 9·10⁶ units now admits: 300 digits, 1.4·10⁷ units).
    for (name, text) in [
        ("n1024.json", zero_ratio(1024, 1, None)),
        ("n200.json", zero_ratio(200, 2, None)),
        ("digits.json", zero_ratio(150, 1, Some(300))),
    ] {
        let (code, out, took) = check(name, &text);
        assert_eq!(code, 2, "{name}: {out}");
        assert!(out.contains("too large to check: about") && out.contains("units of work"), "{name}: {out}");
        assert!(took.as_secs_f64() < 1.5, "{name}: refused after {took:?}");
    }
    // Just inside: the same shapes, smaller, are checked (and fail at the first row the point
    // violates, the multiset of 1s), not refused.
    for (name, text) in
        [("n100.json", zero_ratio(100, 1, None)), ("digits30.json", zero_ratio(12, 1, Some(200)))]
    {
        let (code, out, _) = check(name, &text);
        assert_eq!(code, 1, "{name}: {out}");
        assert!(out.contains("point: violates the lower row of multiset [1, 1"), "{name}: {out}");
    }
    // Many multipliers with distinct long denominators: the sums would grow with all of them.
    let ms: Vec<serde_json::Value> = (0..2000u32)
        .map(|i| {
            let (a, b) = (i / 100, 100 + i % 100);
            serde_json::json!({"classes": [a, b.min(100)], "side": if i % 2 == 0 { "upper" } else { "lower" },
                "y": format!("1/{}{}", "9".repeat(300), 1000 + i)})
        })
        .collect();
    let bound = serde_json::json!({"format": "minip-ratio-bound/1",
        "params": {"n": 3, "eps": "1/2", "h": 100, "lo": 0, "hi": 100, "superset": false},
        "bound": "1", "multipliers": ms})
    .to_string();
    let (code, out, took) = check("bound.json", &bound);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("too large to check: about") && out.contains("2000 multipliers"), "{out}");
    assert!(took.as_secs_f64() < 1.5, "refused after {took:?}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn amplify_beyond_the_paper_counts_its_rows_before_building_them() {
    // Per-position maps at h = 2: 2·(3ⁿ − 2ⁿ) rows; n = 10 gives 116,050 (the limit is
    // 60,000), n = 64 about 7·10³⁰: both refused before a sequence is built.
    refused(
        &["amplify", "--h", "2", "--n", "10", "--positions", "per-position"],
        "the row LP = 116050 rows (58025 sequences of length 10, 2 sides) is above the supported 60000",
    );
    refused(
        &["amplify", "--h", "2", "--n", "64", "--positions", "per-position"],
        "is above the supported 60000",
    );
    refused(
        &["amplify", "--h", "3", "--n", "40", "--positions", "causal-last", "--keys", "distinct"],
        "is above the supported 60000",
    );
    // Just inside: n = 4 (2·(81 − 16) = 130 rows) is solved and certified.
    let (code, out, err) =
        capped(&["amplify", "--h", "2", "--n", "4", "--positions", "per-position", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"kind\":\"amplify.ratio\""), "{out}");
}
