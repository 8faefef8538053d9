//! `minip readout`: a nonlinear readout from the command line (docs/escape.md, docs/math.md §13):
//! the table and JSON values, the certificates written with `--out` and checked by
//! `minip verify` and `minip-check`, tampered certificates rejected, and the refusals.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn run(bin: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(bin).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn minip(args: &[&str]) -> (i32, String, String) {
    run(Path::new(env!("CARGO_BIN_EXE_minip")), args)
}

/// The checker's own binary, next to `minip` (built by `cargo test --workspace`).
fn minip_check(args: &[&str]) -> Option<(i32, String, String)> {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_minip")).with_file_name("minip-check");
    bin.exists().then(|| run(&bin, args))
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("minip-readout-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn the_sidon_table_up_to_m10() {
    let (code, out, err) = minip(&["readout", "--m", "1..=10"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(
        "m   n  r  D  p     max v    bits  multisets  log2  classes  lower  by       least  verdict\n"
    ));
    // m = 4: p = 17, v(13) = 13 + 34·16 = 557, 2·557 + 1 sums: 11 bits; C(16,2) + 32 − 81 = 71 classes.
    assert!(out.contains(
        "\n4   3  1  1  17    557      11    136        8     71       7      counted  -      certified\n"
    ));
    // m = 2: the least integer values are [0, 6] (2·6 + 1 sums: 4 bits); every V < 6 refuted.
    assert!(out.contains(
        "\n2   3  1  1  5     43       7     10         4     5        3      counted  4      certified\n"
    ));
    // m = 10: 524800 pairs sorted and decoded; classes from the closed form.
    assert!(out.contains(
        "\n10  3  1  1  1031  2112487  23    524800     20    466775   19     formula  -      certified\n"
    ));
    assert!(out.contains("every sum sorted and decoded exactly"));
}

#[test]
fn json_rows_for_four_and_five_tokens() {
    let (code, out, err) = minip(&["readout", "--m", "3..=4", "--n", "4..=5", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let key = |r: &Value| {
        (
            r["m"].as_u64().unwrap(),
            r["n"].as_u64().unwrap(),
            r["p"].as_u64().unwrap(),
            r["bits"].as_u64().unwrap(),
            r["multisets"].as_str().unwrap().to_string(),
            r["classes"].as_str().unwrap().to_string(),
            r["lower_bits"].as_u64().unwrap(),
        )
    };
    assert_eq!(
        rows.iter().map(key).collect::<Vec<_>>(),
        vec![
            (3, 4, 11, 15, "120".into(), "19".into(), 5),
            (4, 4, 17, 17, "816".into(), "135".into(), 8),
            (3, 5, 11, 22, "330".into(), "19".into(), 5),
            (4, 5, 17, 25, "3876".into(), "160".into(), 8),
        ]
    );
    assert!(rows.iter().all(|r| r["verdict"] == "certified" && r["rank"] == 1 && r["dim"] == 1));
    assert!(rows.iter().all(|r| r.get("certificate_file").is_none()));
}

/// Replaces `from` by `to` in the certificate text and returns `minip verify`'s exit and line.
fn tampered(dir: &Path, name: &str, from: &str, to: &str) -> (i32, String) {
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    assert!(text.contains(from), "{from} not in {name}");
    let bad = dir.join("bad").join(name);
    std::fs::create_dir_all(bad.parent().unwrap()).unwrap();
    std::fs::write(&bad, text.replacen(from, to, 1)).unwrap();
    let (code, out, _) = minip(&["verify", bad.to_str().unwrap()]);
    (code, out.lines().next().unwrap_or("").to_string())
}

#[test]
fn certificates_verify_and_tampering_is_rejected() {
    let dir = scratch("out");
    let d = dir.to_str().unwrap();
    let (code, out, err) = minip(&["readout", "--m", "2..=3", "--n", "3..=4", "--out", d, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 4);
    assert!(out.contains(&format!("\"certificate_file\":\"{d}/m03_n4.json\"")), "{out}");
    let (code, out, err) = minip(&["verify", d]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!(
        "ok        {d}/m03_n3.json: readout separates all 36 multisets (power-sum rank=1 dim=1 m=3 n=3 p=11): \
         bits = 9; any head's key state takes >= 17 values (counted): >= 5 bits\n"
    )));
    assert_eq!(out.lines().count(), 4, "{out}");
    assert!(err.contains("4 files: 4 verified, 0 failed, 0 invalid, 0 unchecked"), "{err}");
    if let Some((code, out, _)) = minip_check(&[d]) {
        assert_eq!((code, out.lines().last()), (0, Some("4 files: 4 verified, 0 failed")));
    }
    let f = "m03_n3.json";
    for (from, to, msg) in [
        ("\"p\": 11", "\"p\": 13", "p: stated 13, the construction gives 11"),
        ("\"bits\": 9", "\"bits\": 8", "bits: stated 8, the construction gives 9"),
        (
            "\"max_value\": \"201\"",
            "\"max_value\": \"200\"",
            "max_value: stated 200, the construction gives 201",
        ),
        ("\"multisets\": \"36\"", "\"multisets\": \"35\"", "multisets: stated 35, the construction gives 36"),
        ("\"classes\": \"17\"", "\"classes\": \"18\"", "classes: stated 18, the construction gives 17"),
        ("\"lower_bits\": 5", "\"lower_bits\": 6", "lower_bits: stated 6, the construction gives 5"),
        ("\"counted\"", "\"formula\"", "classes_by: stated formula, the construction gives counted"),
        ("\"rank\": 1", "\"rank\": 2", "construction 'power-sum' of rank 2 and dimension 1"),
        ("\"lower_bits\": 5", "\"lower_bit\": 5", "unknown field `lower_bit`"),
    ] {
        let (code, line) = tampered(&dir, f, from, to);
        assert!(code >= 1 && line.contains(msg), "{from} -> {to}: exit {code}, {line}");
    }
    // A certificate past the exhaustive limit is refused as too large to check (exit 2).
    let (code, line) = tampered(&dir, f, "\"m\": 3", "\"m\": 11");
    assert_eq!(code, 2, "{line}");
    assert!(line.contains("2098176 multisets of n - 1 keys is above the supported 1048576"), "{line}");
    // Dropping the lower bound altogether leaves the construction's claim; dropping one of
    // its three fields is refused.
    let text = std::fs::read_to_string(dir.join(f)).unwrap();
    let cut =
        text.replace(",\n  \"classes\": \"17\",\n  \"classes_by\": \"counted\",\n  \"lower_bits\": 5", "");
    std::fs::write(dir.join("bad/short.json"), &cut).unwrap();
    let (code, out, _) = minip(&["verify", dir.join("bad/short.json").to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("bits = 9\n"), "{out}");
    let (code, line) = tampered(&dir, f, ",\n  \"lower_bits\": 5", "");
    assert_eq!(code, 1);
    assert!(line.contains("classes, classes_by and lower_bits go together"), "{line}");
    // The least integer scheme (m = 2): a larger V is refuted by the checker's own search,
    // values that collide are rejected, and the bits are recomputed.
    let f = "m02_n3.json";
    for (from, to, msg) in [
        (
            "\"least_max_value\": \"6\"",
            "\"least_max_value\": \"7\"",
            "values [0, 1, 4, 6] in [0, 6] already separate",
        ),
        ("\"4\",\n    \"6\"", "\"4\",\n    \"5\"", "have different targets and the same sum 5"),
        ("\"least_bits\": 4", "\"least_bits\": 3", "least_bits: stated 3, the construction gives 4"),
        ("\"6\"\n  ]", "\"7\"\n  ]", "least_values: 7 is above least_max_value 6"),
    ] {
        let (code, line) = tampered(&dir, f, from, to);
        assert!(code == 1 && line.contains(msg), "{from} -> {to}: exit {code}, {line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn refusals() {
    for (args, msg) in [
        (vec!["readout", "--n", "2"], "minip: error: --n: n = 2 is out of range (3..=5)\n"),
        (vec!["readout", "--n", "6"], "minip: error: --n: n = 6 is out of range (3..=5)\n"),
        (vec!["readout", "--m", "0..=2"], "minip: error: --m: need m >= 1\n"),
        (
            vec!["readout", "--m", "8", "--n", "4"],
            "minip: error: m = 8, n = 4: 2829056 multisets of n - 1 keys is above the supported 1048576 \
             (the exhaustive check sorts and decodes every sum)\n",
        ),
        // An option the mode does not read is refused, not ignored.
        (
            vec!["readout", "--precision", "--m", "1", "--q", "3"],
            "minip: error: --q applies only with --multilevel, not to --precision\n",
        ),
        (
            vec!["readout", "--precision", "--m", "1", "--s", "2"],
            "minip: error: --s applies only with --multilevel, not to --precision\n",
        ),
        (
            vec!["readout", "--multilevel", "--budget", "5"],
            "minip: error: --budget applies only with --precision, not to --multilevel\n",
        ),
        (
            vec!["readout", "--budget", "5"],
            "minip: error: --budget applies only with --precision, not to readout without --precision or \
             --multilevel\n",
        ),
        (
            vec!["readout", "--q", "2"],
            "minip: error: --q applies only with --multilevel, not to readout without --precision or \
             --multilevel\n",
        ),
    ] {
        let (code, out, err) = minip(&args);
        assert_eq!((code, out.as_str(), err.as_str()), (2, "", msg), "{args:?}");
    }
}

#[test]
fn committed_certificates_are_what_the_command_writes() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("proofs/readout");
    let dir = scratch("regen");
    let d = dir.to_str().unwrap();
    for (m, n) in [("2..=8", "3"), ("2..=4", "4..=5")] {
        let (code, _, err) = minip(&["readout", "--m", m, "--n", n, "--out", d]);
        assert_eq!(code, 0, "{err}");
    }
    // Files only: `precision/` and `multilevel/` hold the `--precision` and `--multilevel`
    // certificates (tests/readout_precision.rs, tests/readout_multilevel.rs).
    let names = |p: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(p)
            .unwrap()
            .map(|e| e.unwrap())
            .filter(|e| e.file_type().unwrap().is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(&root), names(&dir));
    assert_eq!(names(&root).len(), 13);
    for f in names(&root) {
        let committed = std::fs::read_to_string(root.join(&f)).unwrap();
        assert_eq!(committed, std::fs::read_to_string(dir.join(&f)).unwrap(), "proofs/readout/{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn escape_md_shows_the_table_the_command_prints() {
    let page =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/escape.md")).unwrap();
    let block = page.split("```\n$ minip readout --m 1..=10\n").nth(1).expect("the readout block");
    let shown = block.split("```").next().unwrap();
    let (code, out, _) = minip(&["readout", "--m", "1..=10"]);
    assert_eq!(code, 0);
    assert_eq!(shown, out.split("\n\n").next().unwrap().to_string() + "\n");
}
