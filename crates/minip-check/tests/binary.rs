//! The `minip-check` binary as a reviewer runs it: every certificate of the crate's own
//! fixtures (copies of committed certificates, tests/fixtures) is accepted (exit 0); a tampered
//! copy is rejected (exit 1) with a line naming the failing part; nothing to check, or
//! unreadable input, is exit 2. (The repository's own tests check every committed certificate.)

use std::path::{Path, PathBuf};
use std::process::Command;

/// Copies of committed certificates, laid out as under the repository's proofs/.
fn proofs() -> PathBuf {
    fixtures().join("proofs")
}

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn run(args: &[&Path]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_minip-check")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A fresh, empty directory under the system temporary directory.
fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("minip-check-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn json_count(dir: &Path) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            n += json_count(&p);
        } else if p.extension().is_some_and(|x| x == "json") {
            n += 1;
        }
    }
    n
}

#[test]
fn every_fixture_is_accepted_with_its_whole_claim() {
    let dir = fixtures();
    let (code, out, err) = run(&[&dir]);
    let n = json_count(&dir);
    assert!(n >= 23, "expected the fixtures, found {n}");
    assert_eq!(
        code,
        0,
        "{err}\n{}",
        out.lines().filter(|l| !l.starts_with("ok ")).collect::<Vec<_>>().join("\n")
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), n + 1);
    assert!(lines[..n].iter().all(|l| l.starts_with("ok      ")), "{out}");
    assert_eq!(lines[n], format!("{n} files: {n} verified, 0 failed"));
    // The summaries say what each kind proves, the setting included when not the default.
    for want in [
        "n3_eps1-2_h3_u0_w3_paper_bpaper.json: holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)",
        "signed_gap.json: broken (gap kernel=signed n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)",
        "rank/m07.json: rank >= 2 (n=3 eps=1/2 m=7 h=3 lo=0 hi=3 k=2 delta=1/2, no code of 3 pairs)",
        "n3_eps1-2_h12_lo0_hi12.json: ratio R = 40 (n=3 eps=1/2 h=12 lo=0 hi=12)",
        "sharp_signed.json: sharp (",
    ] {
        assert!(out.contains(want), "want '{want}' in:\n{out}");
    }
    let signed = out.lines().find(|l| l.contains("sharp_signed.json")).unwrap();
    assert!(signed.contains("kernel=signed"), "{signed}");
    assert!(err.is_empty(), "{err}");
}

/// Copies `rel` (under proofs/) into `dir`, applies `edit` to its JSON, runs the binary on
/// `dir` and returns (exit code, the report line of that file).
fn tampered(dir: &Path, rel: &str, edit: impl Fn(&mut serde_json::Value)) -> (i32, String) {
    let src = proofs().join(rel);
    let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&src).unwrap()).unwrap();
    edit(&mut v);
    let dst = dir.join(src.file_name().unwrap());
    std::fs::write(&dst, v.to_string()).unwrap();
    let (code, out, _) = run(&[dir]);
    let name = dst.file_name().unwrap().to_string_lossy().to_string();
    let line = out
        .lines()
        .find(|l| l.contains(&name))
        .unwrap_or_else(|| panic!("no line for {name}: {out}"))
        .to_string();
    (code, line)
}

/// States every output of a gap certificate's head as recomputed from its tables.
fn restate_outputs(v: &mut serde_json::Value) {
    use minip_check::rational::{fmt_q, parse_rational, qi, Rat};
    let t = |k: &str, tok: &str| parse_rational(v["head"][k][tok].as_str().unwrap()).unwrap();
    let alpha = [t("alpha", "x"), t("alpha", "y"), t("alpha", "z")];
    let s = [t("s", "x"), t("s", "y"), t("s", "z")];
    let outs: Vec<String> = v["sequences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seq| {
            let (mut num, mut den) = (Rat::from_integer(0.into()), Rat::from_integer(0.into()));
            for k in 0..3 {
                let m = qi(seq["mult"][k].as_i64().unwrap());
                num += &m * &alpha[k] * &s[k];
                den += &m * &alpha[k];
            }
            fmt_q(&(num / den))
        })
        .collect();
    for (o, y) in v["head"]["outputs"].as_array_mut().unwrap().iter_mut().zip(outs) {
        o["yhat"] = y.into();
    }
}

#[test]
fn tampered_copies_are_rejected_with_the_failing_part_named() {
    type Edit = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, &str, Edit)> = vec![
        (
            "settle/n3_eps1-2_h3_u0_w3_paper_bpaper.json",
            "farkas: the combination leaves",
            Box::new(|v| {
                let rows = v["farkas"]["rows"].as_array_mut().unwrap();
                let i = rows.iter().position(|r| r["multiplier"] != "0").unwrap();
                // One multiplier changed: the combination no longer cancels a variable.
                rows[i]["multiplier"] = serde_json::Value::from("1000");
            }),
        ),
        (
            "settle/n3_eps1-2_h2_u0_w2_paper_b2.json",
            "head: S1: |ŷ − t| = 1 is not below ε",
            Box::new(|v| {
                // S1 = (x, y, y), α = (1/2, 4, 2), s(x,y) = −1/4: ŷ = (s(x,x) − 4)/17, so
                // s(x,x) = 21 gives ŷ = 1 against the target 0; every output restated.
                v["head"]["s"]["x"] = "21".into();
                restate_outputs(v);
                assert_eq!(v["head"]["outputs"][0]["yhat"], "1");
            }),
        ),
        (
            "amplify/n3_eps1-2_h12_lo0_hi12.json",
            "< 0 on A_12",
            Box::new(|v| {
                for m in v["multipliers"].as_array_mut().unwrap() {
                    let y = minip_check::rational::parse_rational(m["y"].as_str().unwrap()).unwrap();
                    m["y"] = minip_check::rational::fmt_q(&(y / minip_check::rational::qi(2))).into();
                }
            }),
        ),
        (
            "sharp/n3_eps1-2_paper.json",
            "paper_k: stated",
            Box::new(|v| v["certificates"][0]["paper_k"] = "7".into()),
        ),
        ("rank/m13.json", "code: pairs", Box::new(|v| v["params"]["hi"] = 4.into())),
    ];
    for (rel, needle, edit) in cases {
        let dir = temp_dir("tamper");
        let (code, line) = tampered(&dir, rel, edit);
        assert_eq!(code, 1, "{rel}: {line}");
        assert!(line.starts_with("FAILED  ") && line.contains(needle), "{rel}: want '{needle}' in: {line}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn rank_proof_files_are_checked_beside_the_certificate() {
    // m = 7: its formula is not refuted by unit propagation alone, so the proof matters.
    let dir = temp_dir("rank");
    std::fs::copy(proofs().join("rank/m07.json"), dir.join("m07.json")).unwrap();
    // Without its proof file: rejected, the reference named.
    let (code, out, _) = run(&[&dir]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("m07.json: maximal.proof: cannot read: "), "{out}");
    // With it: accepted.
    let proof = std::fs::read(proofs().join("rank/m07.maximal.drat")).unwrap();
    std::fs::write(dir.join("m07.maximal.drat"), &proof).unwrap();
    let (code, out, _) = run(&[&dir]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("m07.json: rank >= 2 (n=3 eps=1/2 m=7 h=3 lo=0 hi=3 k=2 delta=1/2, no code of 3 pairs)"),
        "{out}"
    );
    // Truncated by one byte: the last clause is cut.
    std::fs::write(dir.join("m07.maximal.drat"), &proof[..proof.len() - 1]).unwrap();
    let (code, out, _) = run(&[&dir]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("m07.json: maximal: binary DRAT proof ends inside a clause"), "{out}");
    // Empty: nothing derived.
    std::fs::write(dir.join("m07.maximal.drat"), b"").unwrap();
    let (code, out, _) = run(&[&dir]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("m07.json: maximal: the proof does not derive the empty clause"), "{out}");
    // Named bare, from inside its directory: the proof is still found beside it.
    std::fs::write(dir.join("m07.maximal.drat"), &proof).unwrap();
    let out =
        Command::new(env!("CARGO_BIN_EXE_minip-check")).arg("m07.json").current_dir(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    // The proof of another shape (m = 8, the same question in one more bit) under this name.
    std::fs::copy(proofs().join("rank/m08.maximal.drat"), dir.join("m07.maximal.drat")).unwrap();
    let (code, out, _) = run(&[&dir]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED  ") && out.contains("m07.json: maximal: "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nothing_to_check_or_unreadable_input_is_exit_2() {
    let dir = temp_dir("empty");
    let (code, out, err) = run(&[&dir]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(out, "no certificates found\n");
    assert!(err.contains("no certificates found"), "{err}");
    // A directory with only non-JSON files is empty too.
    std::fs::write(dir.join("notes.txt"), "x").unwrap();
    assert_eq!(run(&[&dir]).0, 2);
    // Malformed JSON and an unknown format: exit 2 with the reason.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{ not json").unwrap();
    let (code, out, _) = run(&[&bad]);
    assert_eq!(code, 2);
    assert!(out.contains("FAILED") && out.contains("malformed certificate: not a JSON object"), "{out}");
    std::fs::write(&bad, r#"{"format": "minip-gap/9"}"#).unwrap();
    let (code, out, _) = run(&[&bad]);
    assert_eq!(code, 2);
    assert!(out.contains("unknown certificate format 'minip-gap/9'"), "{out}");
    // A missing path, and no arguments at all.
    let (code, _, err) = run(&[&dir.join("missing")]);
    assert_eq!(code, 2);
    assert!(err.starts_with("minip-check: error: ") && err.contains("missing"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_minip-check")).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("usage: minip-check [--json]"));
    // A rejected certificate next to a malformed one: the worse (2) wins.
    std::fs::write(dir.join("bad.json"), "{ not json").unwrap();
    let mut t: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(proofs().join("settle/n3_eps1-2_h2_u0_w2_paper_b2.json")).unwrap(),
    )
    .unwrap();
    t["params"]["kprime"] = "3".into();
    std::fs::write(dir.join("kprime.json"), t.to_string()).unwrap();
    let (code, out, _) = run(&[&dir]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("params.kprime: stated 3 but the parameters give 2"), "{out}");
    assert!(out.ends_with("2 files: 0 verified, 2 failed\n"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dimacs_prints_the_cnf_a_maximality_proof_refutes() {
    let bin = env!("CARGO_BIN_EXE_minip-check");
    let cert = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/proofs/rank/m07.json");
    let out = std::process::Command::new(bin).args(["--dimacs", cert]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let header = text.lines().next().unwrap();
    // The formula for 3 pairs of shape (7, 3, 0, 3), as rebuilt by the checker.
    let f =
        minip_check::rows::cnf::encode(minip_check::model::code::Shape::new(7, 3, 0, 3).unwrap(), 3).formula;
    assert_eq!(header, format!("p cnf {} {}", f.vars, f.clauses.len()));
    assert_eq!(text.lines().count(), 1 + f.clauses.len());
    // A certificate without a maximality proof has no such formula.
    let m13 = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/proofs/rank/m13.json");
    let out = std::process::Command::new(bin).args(["--dimacs", m13]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a rank certificate with a maximality proof"));
}
