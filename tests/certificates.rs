//! Certificates under regression: every committed file verifies with the checker
//! alone (no solver), tampering is caught, VIPR exports follow the format, and a
//! small grid re-solved from scratch matches the committed verdicts.

use minip::cert::{self, AnyCertificate};
use minip::check::check_any;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "json") {
                v.push(p);
            }
        }
    }
    v.sort();
    v
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn check_value(v: &Value) -> Result<String, String> {
    let c = cert::parse(&v.to_string())?;
    check_any(&c)
}

fn load(rel: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join(rel)).unwrap()).unwrap()
}

#[test]
fn every_committed_certificate_verifies() {
    let files = json_files(&root().join("proofs"));
    assert!(files.len() >= 1344, "expected the regression grid, found {} files", files.len());
    for f in &files {
        let c = cert::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        check_any(&c).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
    }
}

#[test]
fn committed_regression_verdicts_hold_for_every_gap_of_at_least_two() {
    // MATH.md §2: the lemma as the paper states it (integer gaps d ≥ 2, ε = 1/2).
    for f in json_files(&root().join("proofs/regression")) {
        let AnyCertificate::Gap(c) = cert::read(&f).unwrap() else { continue };
        if c.params.eps == "1/2" && c.params.w - c.params.u >= 2 {
            assert_eq!(c.verdict, "holds", "{}", f.display());
        }
    }
}

const HOLDS: &str = "proofs/regression/n3_eps1-2_h3_u0_w3_paper_bpaper.json";
const BROKEN: &str = "proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json";

#[test]
fn tampered_farkas_certificates_are_rejected() {
    let good = load(HOLDS);
    assert!(check_value(&good).unwrap().starts_with("holds"));
    let rows = good["farkas"]["rows"].as_array().unwrap();
    let k = rows.iter().position(|r| r["multiplier"] != "0").unwrap();

    let mut t = good.clone();
    t["farkas"]["rows"][k]["multiplier"] = Value::from("1000");
    assert!(check_value(&t).unwrap_err().contains("farkas"), "changed multiplier");

    let mut t = good.clone();
    t["farkas"]["rows"][k]["multiplier"] = Value::from("-1");
    assert!(check_value(&t).unwrap_err().contains("negative multiplier"));

    let mut t = good.clone();
    t["params"]["eps"] = Value::from("1/3");
    assert!(check_value(&t).is_err(), "changed ε");

    let mut t = good.clone();
    t["params"]["n"] = Value::from(4);
    assert!(check_value(&t).is_err(), "changed n");

    let mut t = good.clone();
    t["params"]["kprime"] = Value::from("5");
    assert!(check_value(&t).unwrap_err().contains("kprime"));

    let mut t = good.clone();
    t["farkas"]["rows"].as_array_mut().unwrap().remove(k);
    assert!(check_value(&t).unwrap_err().contains("listed"), "removed row");

    let mut t = good.clone();
    t["farkas"]["rows"][0]["coeffs"][3] = Value::from("7");
    assert!(check_value(&t).unwrap_err().contains("differs"), "edited row");

    let mut t = good.clone();
    t["verdict"] = Value::from("broken");
    assert!(check_value(&t).is_err());

    let mut t = good.clone();
    t["tokens"]["y"] = Value::from("111");
    assert!(check_value(&t).unwrap_err().contains("tokens"));
}

#[test]
fn tampered_heads_are_rejected() {
    let good = load(BROKEN);
    assert!(check_value(&good).unwrap().starts_with("broken"));

    let mut t = good.clone();
    t["head"]["s"]["x"] = Value::from("5");
    assert!(check_value(&t).is_err(), "changed value table");

    let mut t = good.clone();
    t["head"]["alpha"]["y"] = Value::from("1000");
    assert!(check_value(&t).unwrap_err().contains("K'"), "bound no longer met");

    let mut t = good.clone();
    t["head"]["alpha"]["z"] = Value::from("-1");
    assert!(check_value(&t).unwrap_err().contains("negative kernel"));

    let mut t = good.clone();
    t["head"]["outputs"][0]["yhat"] = Value::from("0");
    assert!(check_value(&t).is_err(), "stated output");

    let mut t = good.clone();
    t["sequences"][2]["target"] = Value::from(1);
    assert!(check_value(&t).unwrap_err().contains("sequences[2]"));
}

#[test]
fn vipr_exports_follow_the_format() {
    let files: Vec<PathBuf> = std::fs::read_dir(root().join("proofs/settle"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "vipr"))
        .collect();
    assert!(!files.is_empty());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('%')).collect();
        assert_eq!(body[0], "VER 1.0");
        assert_eq!(body[1], "VAR 6");
        assert_eq!(body[2], "a b c P Q S");
        assert_eq!(&body[3..6], &["INT 0", "", "OBJ min"][..]);
        let con: Vec<usize> = body[7].split_whitespace().skip(1).map(|x| x.parse().unwrap()).collect();
        let (m, b) = (con[0], con[1]);
        let cons = &body[8..8 + m];
        // Bound constraints (one nonzero) first, then the rest.
        for (i, c) in cons.iter().enumerate() {
            let nnz: usize = c.split_whitespace().nth(3).unwrap().parse().unwrap();
            assert_eq!(nnz == 1, i < b, "{}: {c}", f.display());
        }
        assert_eq!(&body[8 + m..8 + m + 3], &["RTP infeas", "SOL 0", "DER 1"][..]);
        let der = body[8 + m + 3];
        assert!(der.starts_with("absurdity L ") && der.contains(" 0 { lin ") && der.ends_with(" } -1"), "{der}");
        assert_eq!(body.len(), 8 + m + 4);
    }
}

#[test]
fn small_grid_resolved_matches_committed_verdicts() {
    let text = std::fs::read_to_string(root().join("instances/small.toml")).unwrap();
    let insts = minip::sweep::instances(&minip::sweep::parse_grid(&text).unwrap());
    let recs = minip::sweep::run(&insts, None, false, false);
    assert_eq!(recs.len(), 2 * 2 * 20 * 2);
    for (inst, rec) in insts.iter().zip(&recs) {
        let AnyCertificate::Gap(c) = cert::read(&root().join(format!("proofs/regression/{}.json", inst.stem()))).unwrap() else {
            panic!("not a gap certificate")
        };
        assert_eq!(rec.verdict, c.verdict, "{}", inst.stem());
    }
}
