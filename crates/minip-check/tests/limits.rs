//! Every checker limit at its boundary, run as a user runs it: the binary under `timeout` and
//! `prlimit` (address space), just inside (accepted, or at least not refused for size) and just
//! outside (refused as "too large to check", exit 2). The time and memory caps here are
//! generous safety nets, not speed targets: the measured times are in the README.

use minip_check::limits::{MAX_CODE_PAIRS, MAX_RATIONAL_DIGITS};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("minip-check-limits-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `minip-check PATH` under `timeout 60` and a 1 GiB address-space limit: (exit code, stdout).
fn check_bounded(path: &Path) -> (i32, String) {
    let out = Command::new("timeout")
        .args(["60", "prlimit", "--as=1073741824", "--"])
        .arg(env!("CARGO_BIN_EXE_minip-check"))
        .arg(path)
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn load(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap()
}

/// The gap Farkas certificate with every multiplier (and so `yᵀg`) scaled by `10^e`: still a
/// valid certificate (a positive multiple of a Farkas combination is one).
fn scaled_gap(e: usize) -> Value {
    let mut v = load("gap_holds.json");
    let scale = |s: &str| -> String {
        if s == "0" {
            return s.into();
        }
        let (n, d) = s.split_once('/').unwrap_or((s, "1"));
        let n = format!("{n}{}", "0".repeat(e));
        if d == "1" {
            n
        } else {
            format!("{n}/{d}")
        }
    };
    for r in v["farkas"]["rows"].as_array_mut().unwrap() {
        r["multiplier"] = scale(r["multiplier"].as_str().unwrap()).into();
    }
    v["farkas"]["combined_rhs"] = scale(v["farkas"]["combined_rhs"].as_str().unwrap()).into();
    v
}

#[test]
fn a_number_at_the_digit_limit_checks_and_one_digit_more_is_refused() {
    let dir = temp_dir("digits");
    // Scaling by 10^e adds e digits to every nonzero number: the longest has d0 + e.
    let v = load("gap_holds.json");
    let mut numbers: Vec<&str> =
        v["farkas"]["rows"].as_array().unwrap().iter().map(|r| r["multiplier"].as_str().unwrap()).collect();
    numbers.push(v["farkas"]["combined_rhs"].as_str().unwrap());
    let d0 = numbers
        .iter()
        .filter(|s| **s != "0")
        .map(|s| s.bytes().filter(u8::is_ascii_digit).count())
        .max()
        .unwrap();
    let inside = dir.join("inside.json");
    std::fs::write(&inside, scaled_gap(MAX_RATIONAL_DIGITS - d0).to_string()).unwrap();
    let (code, out) = check_bounded(&inside);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)"), "{out}");
    let outside = dir.join("outside.json");
    std::fs::write(&outside, scaled_gap(MAX_RATIONAL_DIGITS - d0 + 1).to_string()).unwrap();
    let (code, out) = check_bounded(&outside);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("too large to check: a number of 10001 digits, the limit is 10000"), "{out}");
    // A long number anywhere (1 MB of digits) is refused the same way, before arithmetic.
    let mut v = load("ratio_h3.json");
    v["multipliers"][0]["y"] = "7".repeat(1 << 20).into();
    std::fs::write(&outside, v.to_string()).unwrap();
    let (code, out) = check_bounded(&outside);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("multipliers") && out.contains("too large to check: a number of 1048576 digits"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rank_code_past_the_pair_budget_is_refused_before_its_pairs_are_compared() {
    let dir = temp_dir("code");
    let k_max = (MAX_CODE_PAIRS as f64).sqrt() as usize;
    assert_eq!(k_max * k_max, MAX_CODE_PAIRS as usize);
    let with_k = |k: usize| {
        let mut v = load("m04.json");
        v["code"]["x"] = Value::Array(vec!["1100".into(); k]);
        v["code"]["y"] = Value::Array(vec!["0011".into(); k]);
        v.as_object_mut().unwrap().remove("maximal");
        v
    };
    // Just inside: read and compared (the repeated pair is then rejected as a code, exit 1).
    let p = dir.join("inside.json");
    std::fs::write(&p, with_k(k_max).to_string()).unwrap();
    let (code, out) = check_bounded(&p);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("code: ") && !out.contains("too large"), "{out}");
    // Just outside: refused for its size.
    std::fs::write(&p, with_k(k_max + 1).to_string()).unwrap();
    let (code, out) = check_bounded(&p);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("too large to check: a code of 8193 pairs"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_large_drat_proof_is_streamed_not_held_twice() {
    // 120 MB of binary DRAT additions (the unit clause (x1), 40 million times) after m = 4's
    // formula, which unit propagation alone refutes: every step is parsed, none is stored. Under
    // a 1 GiB address-space limit: the previous reader held the parsed proof (2.6 GB here).
    let dir = temp_dir("drat");
    std::fs::copy(fixture("m04.json"), dir.join("m04.json")).unwrap();
    let step: &[u8] = &[b'a', 2, 0];
    let proof: Vec<u8> = step.iter().copied().cycle().take(40_000_000 * step.len()).collect();
    std::fs::write(dir.join("m04.maximal.drat"), &proof).unwrap();
    let (code, out) = check_bounded(&dir.join("m04.json"));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("no code of 3 pairs"), "{out}");
    // The same proof cut inside its last clause is still read to the end and refused.
    std::fs::write(dir.join("m04.maximal.drat"), &proof[..proof.len() - 1]).unwrap();
    let (code, out) = check_bounded(&dir.join("m04.json"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("binary DRAT proof ends inside a clause"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_proof_past_the_byte_limit_is_a_limit_not_a_rejection() {
    // A sparse file one byte past `MAX_PROOF_BYTES`: refused by its size (exit 2, "too large to
    // check"), never read; it used to be reported as a rejected certificate (exit 1).
    let dir = temp_dir("proof-bytes");
    std::fs::copy(fixture("m04.json"), dir.join("m04.json")).unwrap();
    let f = std::fs::File::create(dir.join("m04.maximal.drat")).unwrap();
    f.set_len(minip_check::limits::MAX_PROOF_BYTES + 1).unwrap();
    let (code, out) = check_bounded(&dir.join("m04.json"));
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(&format!(
            "maximal.proof: too large to check: {} bytes, the limit is {}",
            minip_check::limits::MAX_PROOF_BYTES + 1,
            minip_check::limits::MAX_PROOF_BYTES
        )),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_parameter_past_its_limit_is_a_limit_not_a_rejection() {
    // Code words of 65 bits (words are 64-bit masks) and n = 1025: exit 2 ("above the
    // supported"), as every other limit; both used to be reported as rejected claims (exit 1).
    let dir = temp_dir("params");
    let mut v = load("m04.json");
    let pad = |w: &str| format!("{w}{}", "0".repeat(61));
    v["params"]["m"] = 65.into();
    v["code"]["x"] = serde_json::json!([pad("1100"), pad("0011")]);
    v["code"]["y"] = serde_json::json!([pad("0011"), pad("1100")]);
    v.as_object_mut().unwrap().remove("maximal");
    let p = dir.join("m65.json");
    std::fs::write(&p, v.to_string()).unwrap();
    let (code, out) = check_bounded(&p);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("m = 65 is above the supported 64 (code words are 64-bit masks)"), "{out}");
    let mut g = load("gap_holds.json");
    g["params"]["n"] = 1025.into();
    let p = dir.join("n1025.json");
    std::fs::write(&p, g.to_string()).unwrap();
    let (code, out) = check_bounded(&p);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("n = 1025 is above the supported 1024"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_certificate_with_per_position_maps_and_large_n_is_refused_before_its_rows_are_built() {
    // The gap certificate restated with per-position maps at n = 1024 (about 10^2600 orderings):
    // the checker aborted on "memory allocation failed" under 1 GiB; now exit 2, the limit named.
    let dir = temp_dir("pp");
    let mut v = load("gap_holds.json");
    v["params"]["positions"] = "per-position".into();
    v["params"]["n"] = 1024.into();
    let p = dir.join("pp.json");
    std::fs::write(&p, v.to_string()).unwrap();
    let (code, out) = check_bounded(&p);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("above the supported 750000"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
