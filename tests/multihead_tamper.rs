//! `minip-multihead/1` certificates (docs/math.md §12): the committed ones verify, and every
//! edited field — a kernel value, a value, `eps`, `n`, `d`, `paper_k`, the verdict, the error,
//! the format — is refused with a one-line reason naming what is wrong.

use crate::common::root;
use minip_check::check::Context;
use minip_check::claim::check_any;
use minip_check::read;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

/// `n = 3`, `d = 3`: `K = 2`, `α = (1, 0, 1/4), (1, 0, 1/2)`, `s = (−54, 0, 36), (54, 0, 0)`.
const GOOD: &str = "proofs/multihead/domination/n3_d3.json";

fn good() -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join(GOOD)).unwrap()).unwrap()
}

fn check_value(v: &Value) -> Result<String, String> {
    let c = read::parse(&v.to_string())?;
    check_any(&c, &Context::default()).map(|c| c.to_string()).map_err(String::from)
}

/// `good()` with `field` (a JSON pointer) set to `value`, checked.
fn edited(field: &str, value: Value) -> Result<String, String> {
    let mut t = good();
    *t.pointer_mut(field).unwrap_or_else(|| panic!("no field {field}")) = value;
    check_value(&t)
}

#[test]
fn the_committed_certificates_verify_with_their_claims() {
    let dir = root().join("proofs/multihead/domination");
    let files = minip_check::verify::collect(&[dir]).unwrap();
    // n = 3..=6, d = 2..=8.
    assert_eq!(files.len(), 28);
    for r in minip_check::verify::verify_files(&files, 2) {
        let line = r.result.unwrap_or_else(|e| panic!("{}: {e}", r.path.display())).to_string();
        assert!(
            line.starts_with("escapes (multihead heads=2 n=") && line.ends_with("max error 0)"),
            "{line}"
        );
    }
    assert_eq!(
        check_value(&good()).unwrap(),
        "escapes (multihead heads=2 n=3 eps=1/2 d=3: no head has alpha(x,y) > K*alpha(x,z), K=2, max error 0)"
    );
}

#[test]
fn every_edited_field_is_rejected_with_its_reason() {
    let v = |s: &str| Value::from(s);
    for (field, value, reason) in [
        // Kernel values: the outputs move, a negative value, a head that dominates.
        ("/heads/0/alpha/2", v("1/3"), "S2: the output is off by 6 ≥ ε = 1/2"),
        ("/heads/1/alpha/1", v("1"), "S1: the output is off by 36 ≥ ε = 1/2"),
        (
            "/heads/1/alpha/1",
            v("2"),
            "heads[1]: alpha(x,y) = 2 > K*alpha(x,z) = 1: this head satisfies the lemma's step",
        ),
        ("/heads/0/alpha/0", v("-1"), "heads[0].alpha[0] = -1 < 0: kernel values are nonnegative"),
        // Values: off by more than ε, or within ε but not the stated error.
        ("/heads/0/s/0", v("-53"), "S1: the output is off by 1 ≥ ε = 1/2"),
        ("/heads/0/s/2", v("73/2"), "max_error: stated 0 but the sequences give 1/6"),
        ("/max_error", v("1/4"), "max_error: stated 1/4 but the sequences give 0"),
        // Parameters: K moves with each of them.
        ("/params/eps", v("1/4"), "paper_k: stated 2 but the parameters give K = (n-2)(d-2eps)/(2eps) = 5"),
        (
            "/params/n",
            Value::from(4),
            "paper_k: stated 2 but the parameters give K = (n-2)(d-2eps)/(2eps) = 4",
        ),
        (
            "/params/d",
            Value::from(4),
            "paper_k: stated 2 but the parameters give K = (n-2)(d-2eps)/(2eps) = 3",
        ),
        ("/paper_k", v("3"), "paper_k: stated 3 but the parameters give K = (n-2)(d-2eps)/(2eps) = 2"),
        ("/params/n", Value::from(2), "params.n: need n ≥ 3, got n = 2"),
        ("/params/n", Value::from(1025), "params.n: n = 1025 is above the supported 1024 (three sequences)"),
        ("/params/d", Value::from(0), "params.d: the gap d must be at least 1"),
        ("/params/eps", v("0"), "params.eps: need ε > 0, got ε = 0"),
        ("/heads/0/s/1", v("x"), "heads[0].s[1]: "),
        ("/verdict", v("holds"), "verdict 'holds': the only claim of minip-multihead/1 is 'escapes'"),
        ("/heads", Value::Array(vec![]), "heads: no heads"),
        ("/format", v("minip-multihead/2"), "unknown certificate format 'minip-multihead/2'"),
    ] {
        let e = edited(field, value.clone()).expect_err(&format!("{field} = {value} accepted"));
        assert!(e.starts_with(reason), "{field} = {value}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // n restated with its own K: the rebuilt sequences catch it.
    let mut t = good();
    t["params"]["n"] = Value::from(4);
    t["paper_k"] = Value::from("4");
    assert_eq!(check_value(&t).unwrap_err(), "S2: the output is off by 111/35 ≥ ε = 1/2");
    // A field the format does not have is malformed input.
    let mut t = good();
    t["extra"] = Value::from(1);
    assert!(check_value(&t).unwrap_err().contains("unknown field `extra`"));
}

#[test]
fn verify_reports_an_edited_certificate_on_one_line_with_exit_1() {
    let dir = std::env::temp_dir().join(format!("minip-multihead-tamper-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut t = good();
    t["heads"][0]["s"][0] = Value::from("-53");
    std::fs::write(dir.join("n3_d3.json"), t.to_string()).unwrap();
    let minip = PathBuf::from(env!("CARGO_BIN_EXE_minip"));
    let check = minip.with_file_name("minip-check");
    assert!(check.exists(), "{} is not built: cargo build --release -p minip-check", check.display());
    for (bin, args) in [(&minip, &["verify"][..]), (&check, &[][..])] {
        let out = Command::new(bin).args(args).arg(&dir).output().unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(1), "{}: {stdout}", bin.display());
        let first = stdout.lines().next().unwrap();
        assert!(first.starts_with("FAILED"), "{first}");
        assert!(first.ends_with("n3_d3.json: S1: the output is off by 1 ≥ ε = 1/2"), "{first}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `H = 2` heads of degree 1 over `{0,1}^4` (`minip multihead frontier --heads 2 --m 4 --out`):
/// ranks 5 + 5.
const HEADS: &str = "proofs/multihead/frontier/m04.h2.d1.json";

#[test]
fn every_edited_field_of_a_heads_certificate_is_rejected_with_its_reason() {
    let good: Value = serde_json::from_str(&std::fs::read_to_string(root().join(HEADS)).unwrap()).unwrap();
    assert_eq!(
        check_value(&good).unwrap(),
        format!(
            "total rank <= 10 (2 heads over m=4, ranks 5+5, correct on every length-3 sequence, max error {}), value dimensions 15+15, state 160",
            minip_check::rational::readable(good["max_error"].as_str().unwrap())
        )
    );
    let v = |s: &str| Value::from(s);
    for (field, value, reason) in [
        ("/total_rank", v("9"), "total_rank: stated 9 but the heads' ranks sum to 10"),
        ("/heads/0/rank", v("4"), "heads[0].rank: stated 4 but the levels give 5"),
        (
            "/heads/1/levels/0/rank",
            Value::from(7),
            "heads[1].levels: entry 0 differs from the recomputed levels",
        ),
        ("/heads/0/polys/2/c/0", v("-100"), "heads[0].polys: the kernel is negative at h = 2, overlap 0"),
        ("/heads/0/polys/2/h", Value::from(3), "heads[0].polys[2]: expected h = 2"),
        ("/heads/1/values/3/s/0", v("1000"), "h = 3, classes ("),
        ("/heads/0/values/2/h", Value::from(3), "heads[0].values[2]: need h = 2 and 4 values"),
        ("/max_error", v("0"), "max_error: stated 0 but the sequences give "),
        ("/params/heads", Value::from(3), "params.heads = 3: need 1 ≤ H equal to the 2 heads listed"),
        (
            "/params/m",
            Value::from(5),
            "heads[0].polys: a per_weight kernel over m = 5 has 6 polynomials, not 5",
        ),
        ("/params/m", Value::from(0), "params.m: m = 0, need m ≥ 1"),
        ("/params/m", Value::from(65), "params.m = 65 is above the supported 64"),
        ("/format", v("minip-multihead-heads/9"), "unknown certificate format 'minip-multihead-heads/9'"),
    ] {
        let mut t = good.clone();
        *t.pointer_mut(field).unwrap_or_else(|| panic!("no field {field}")) = value.clone();
        let e = check_value(&t).expect_err(&format!("{field} = {value} accepted"));
        assert!(e.starts_with(reason), "{field} = {value}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // A third head (a copy of the first) moves every output: the sum is no longer right.
    let mut t = good.clone();
    let first = t["heads"][0].clone();
    t["heads"].as_array_mut().unwrap().push(first);
    t["params"]["heads"] = Value::from(3);
    t["total_rank"] = v("15");
    assert!(check_value(&t).unwrap_err().contains(": the output is off by "));
}
