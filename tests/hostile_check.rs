//! Forged certificates through both checkers as a user runs them, `minip-check` and
//! `minip verify` (text and `--json`), under `timeout -s KILL 1` and a 1 GiB address space for
//! every refusal: the exit code, at most one line on stderr, the reason on the file's line, and
//! no forged line on stdout. The inputs are committed certificates (proofs/…) edited as JSON:
//! a query weight whose range check used to wrap (both checkers aborted), one-bit blocks whose
//! budget estimate used to take seconds, free text that used to print as a claim line of its
//! own, and duplicated configurations that used to be counted.

use crate::common;

use common::root;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn minip() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_minip"))
}

/// `minip-check`, built next to `minip` (`cargo build --release`).
fn minip_check() -> PathBuf {
    let check = minip().with_file_name("minip-check");
    assert!(check.exists(), "{} is not built: cargo build --release -p minip-check", check.display());
    check
}

fn tmp(name: &str) -> PathBuf {
    common::tmp("hostile-check", name)
}

fn load(rel: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join(rel)).unwrap()).unwrap()
}

fn write(path: &Path, v: &Value) {
    std::fs::write(path, v.to_string()).unwrap();
}

/// `bin ARGS` under `timeout -s KILL secs` and `prlimit --as=1 GiB`: (exit, stdout, stderr);
/// killed or aborted by a signal is -1.
fn run(secs: u64, bin: &Path, args: &[&Path]) -> (i32, String, String) {
    common::capped(&root(), bin, &[], common::GIB, secs, args)
}

/// The four ways to check: `minip-check [--json] PATH`, `minip verify PATH [--json]`.
fn checkers(path: &Path) -> Vec<(String, PathBuf, Vec<PathBuf>)> {
    let p = path.to_path_buf();
    vec![
        ("minip-check".into(), minip_check(), vec![p.clone()]),
        ("minip-check --json".into(), minip_check(), vec!["--json".into(), p.clone()]),
        ("minip verify".into(), minip(), vec!["verify".into(), p.clone()]),
        ("minip verify --json".into(), minip(), vec!["verify".into(), p, "--json".into()]),
    ]
}

/// Every checker refuses `path` (one file) within 1 s: exit `code`, the reason containing
/// `reason` on the file's one stdout line (a `verify.file` record with `--json`), at most one
/// line on stderr (`minip verify`'s count), no panic or abort, no `ok` line and no record
/// `verified`.
fn refused(path: &Path, code: i32, reason: &str) {
    for (what, bin, args) in checkers(path) {
        let args: Vec<&Path> = args.iter().map(PathBuf::as_path).collect();
        let (c, out, err) = run(1, &bin, &args);
        assert_eq!(c, code, "{what} {}: exit {c}\nstdout {out}\nstderr {err}", path.display());
        assert!(err.lines().count() <= 1, "{what}: stderr {err:?}");
        assert!(!err.contains("panicked") && !err.contains("memory allocation"), "{what}: {err}");
        let records: Vec<&str> = out.lines().filter(|l| !l.starts_with("1 file: ")).collect();
        assert_eq!(records.len(), 1, "{what}: stdout {out:?}");
        if what.ends_with("--json") {
            let v: Value = serde_json::from_str(records[0]).unwrap();
            let want = if code == 1 { "rejected" } else { "invalid" };
            assert_eq!(v["verdict"], want, "{what}: {v}");
            assert!(v["reason"].as_str().unwrap().contains(reason), "{what}: {v}");
        } else {
            assert!(
                records[0].starts_with("FAILED  ") || records[0].starts_with("INVALID "),
                "{what}: {out}"
            );
            assert!(records[0].contains(reason), "{what}: want {reason:?} in {out}");
        }
    }
}

#[test]
fn a_query_weight_past_half_the_length_is_rejected_not_an_abort() {
    // Direct sum (rm2_5) and a code given by its dual (eham64): h = 2^31 + 1 wrapped `2h`,
    // passed, and allocated (h + 1)² cells (abort, exit 134, in both checkers).
    let d = tmp("h");
    for (rel, m) in [("proofs/rank-linear/n3_m032.json", 32), ("proofs/rank-linear/n16_m064.json", 64)] {
        let mut v = load(rel);
        v["params"]["h"] = 2_147_483_649u64.into();
        let p = d.join(format!("m{m}.json"));
        write(&p, &v);
        refused(&p, 1, &format!("params.h = 2147483649: need 1 ≤ h and 2h ≤ m = {m}"));
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn one_bit_blocks_past_the_convolution_budget_are_refused_at_once() {
    // 4096 one-bit blocks (a file of 300 bytes): the estimate itself used to take 8–17 s at
    // h = 512 and over a minute at h = 2048 before refusing.
    let d = tmp("blocks");
    for h in [512u64, 1024, 2048] {
        let mut v = load("proofs/rank-linear/n3_m032.json");
        v["params"]["m"] = 4096.into();
        v["params"]["h"] = h.into();
        v["blocks"] = json!([{"name": "one1", "m": 1, "copies": 4096, "generator": ["1"]}]);
        v["classes"] = json!([]);
        v["ratios"] = json!([]);
        let p = d.join(format!("h{h}.json"));
        write(&p, &v);
        let steps = 4096 * (h + 1) * (h + 1);
        refused(
            &p,
            2,
            &format!("too large to check: at least {steps} steps of the convolution over 4096 blocks at h = {h}, the limit is 50000000"),
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// The forged claim line a construction name used to print on a line of its own.
const FORGED: &str = "ok      proofs/rank-linear/n1024_m1024.json: rank >= 99999999999999999999";

#[test]
fn a_construction_name_cannot_print_a_claim_line() {
    let d = tmp("construction");
    for m in ["064", "128", "256", "512", "1024"] {
        let mut v = load(&format!("proofs/rank-linear/n1024_m{m}.json"));
        let c = v["construction"].as_str().unwrap().to_string();
        v["construction"] =
            format!("{c}, n=1024 m=1024)\n{FORGED} (linear code {c}, n=1024 eps=1/2 m=1024 h=512 k=1 dim=1")
                .into();
        let p = d.join(format!("n1024_m{m}.json"));
        write(&p, &v);
        refused(&p, 1, &format!("construction: '{c}, n=1024 m=1024)\\nok      proofs/rank-linear/"));
    }
    // The directory at once: five refusals, no line that starts with the forged text.
    for (what, bin, args) in checkers(&d) {
        let args: Vec<&Path> = args.iter().map(PathBuf::as_path).collect();
        let (c, out, _) = run(5, &bin, &args);
        assert_eq!(c, 1, "{what}: {out}");
        assert!(!out.lines().any(|l| l.starts_with("ok") || l.contains("\"verified\"")), "{what}: {out}");
        assert_eq!(out.matches("is not a plain name").count(), 5, "{what}: {out}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_bound_with_newlines_is_a_malformed_rational_not_a_split_line() {
    let d = tmp("bound");
    let mut v = load("proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json");
    v["params"]["bound"] = "2\n\n".into();
    let p = d.join("b2.json");
    write(&p, &v);
    refused(&p, 1, "params: bound must be 'paper' or a rational: malformed rational '2\\n\\n': a number has no whitespace or control characters");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_file_name_holding_an_ok_line_prints_on_its_own_line_only() {
    let d = tmp("names");
    // A valid certificate under a name holding a newline and a made-up line (no '/' in it).
    let fake = "ok      forged.json: holds (gap n=3 eps=1 h=9 u=0 w=9 paper b<=paper)";
    let name = format!("b2.json\n{fake}\n.json");
    std::fs::copy(root().join("proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json"), d.join(&name)).unwrap();
    for (what, bin, args) in checkers(&d) {
        let args: Vec<&Path> = args.iter().map(PathBuf::as_path).collect();
        let (c, out, err) = run(5, &bin, &args);
        assert_eq!(c, 0, "{what}: {out} {err}");
        assert!(!out.lines().any(|l| l.starts_with("ok      forged")), "{what}: {out}");
        let records: Vec<&str> = out.lines().filter(|l| !l.starts_with("1 file: ")).collect();
        assert_eq!(records.len(), 1, "{what}: {out:?}");
        if what.ends_with("--json") {
            let v: Value = serde_json::from_str(records[0]).unwrap();
            assert_eq!(v["verdict"], "verified");
            assert!(
                v["path"].as_str().unwrap().contains("b2.json")
                    && v["path"].as_str().unwrap().contains("forged")
            );
        } else {
            assert!(
                records[0].starts_with("ok ") && records[0].contains("b2.json\\nok      forged.json"),
                "{what}: {out}"
            );
            assert!(
                records[0].ends_with(": broken (gap n=3 eps=1/2 h=2 u=0 w=2 paper b<=2)"),
                "{what}: {out}"
            );
        }
    }
    // A path named on the command line that does not exist: one line on stderr, escaped.
    let missing = d.join(format!("gone\n{fake}"));
    for (bin, args) in
        [(minip_check(), vec![missing.clone()]), (minip(), vec!["verify".into(), missing.clone()])]
    {
        let args: Vec<&Path> = args.iter().map(PathBuf::as_path).collect();
        let (c, out, err) = run(1, &bin, &args);
        assert_eq!(c, 2, "{out} {err}");
        assert_eq!(err.lines().count(), 1, "{err:?}");
        assert!(err.contains("gone\\nok      forged.json"), "{err}");
        assert!(!out.lines().chain(err.lines()).any(|l| l.starts_with("ok")), "{out} {err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn duplicated_configurations_and_refutations_are_refused_not_counted() {
    let d = tmp("dup");
    // Every configuration twice: "sharp (728 configurations …)" for 364, and
    // `sharp --summarize` printed "728 of 728 agree".
    let mut v = load("proofs/sharp/n3_eps1-2_paper.json");
    let certs = v["certificates"].as_array().unwrap().clone();
    assert_eq!(certs.len(), 364);
    v["certificates"] = Value::Array(certs.iter().chain(&certs).cloned().collect());
    let p = d.join("twice.json");
    write(&p, &v);
    refused(&p, 1, "certificates[364] (n=3 eps=1/2 h=1 u=0 w=1 paper): the configuration is listed twice (also as certificates[0])");
    let (c, out, err) = run(2, &minip(), &[Path::new("sharp"), Path::new("--summarize"), &d]);
    assert_ne!(c, 0, "{out} {err}");
    assert!(!out.contains("728"), "{out}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.contains("the configuration is listed twice"), "{err}");
    // A poly-none file refuting one support twice.
    let mut v = load("proofs/frontier-n/n4/m08.per_weight.none.json");
    let r0 = v["refutations"][0].clone();
    v["refutations"].as_array_mut().unwrap().push(r0);
    let n = v["refutations"].as_array().unwrap().len() - 1;
    let p = d.join("none.json");
    write(&p, &v);
    std::fs::remove_file(d.join("twice.json")).unwrap();
    refused(&p, 1, &format!("refutations[{n}]: the support is refuted twice (also in refutations[0])"));
    let _ = std::fs::remove_dir_all(&d);
}
