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
fn committed_regression_verdicts_are_broken_exactly_at_the_known_small_gaps() {
    // Lemma 3 holds for every integer gap d ≥ 2 on the whole grid; it is broken only at
    // d = 1 with ε = 1/2 (K = 0, paper family) and with ε = 1/3, n = 3 (K = 1/2).
    let files = json_files(&root().join("proofs/regression"));
    assert_eq!(files.len(), 1344);
    let mut broken = 0;
    for f in files {
        let Ok(AnyCertificate::Gap(c)) = cert::read(&f) else { panic!("{}: not a gap certificate", f.display()) };
        let p = &c.params;
        let d = p.w - p.u;
        let expect_broken = d == 1 && ((p.eps == "1/2" && p.family == "paper") || (p.eps == "1/3" && p.n == 3));
        assert_eq!(c.verdict, if expect_broken { "broken" } else { "holds" }, "{}", f.display());
        broken += expect_broken as usize;
    }
    assert_eq!(broken, 126);
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
        let Ok(AnyCertificate::Gap(c)) = cert::read(&root().join(format!("proofs/regression/{}.json", inst.stem()))) else { panic!("{}", inst.stem()) };
        assert_eq!(rec.verdict, c.verdict, "{}", inst.stem());
    }
}

/// A reader for the subset of VIPR 1.0 that minip writes, independent of the writer:
/// it re-derives the `lin` combination from the CON section and checks that the
/// derived constraint is an absurdity that the combination dominates, as viprchk does.
fn vipr_confirms_infeasibility(text: &str) -> Result<(), String> {
    use minip::exact::parse_rational;
    use num_traits::{Signed, Zero};
    let mut tok = text.lines().filter(|l| !l.starts_with('%')).flat_map(|l| l.split_whitespace());
    let mut next = || tok.next().ok_or("unexpected end").map(|s| s.to_string());
    let want = |got: String, w: &str| if got == w { Ok(()) } else { Err(format!("expected {w}, read {got}")) };
    want(next()?, "VER")?;
    want(next()?, "1.0")?;
    want(next()?, "VAR")?;
    let nvars: usize = next()?.parse().map_err(|_| "VAR count")?;
    for _ in 0..nvars {
        next()?;
    }
    want(next()?, "INT")?;
    want(next()?, "0")?;
    want(next()?, "OBJ")?;
    want(next()?, "min")?;
    want(next()?, "0")?;
    want(next()?, "CON")?;
    let m: usize = next()?.parse().map_err(|_| "CON count")?;
    let _bounds: usize = next()?.parse().map_err(|_| "bound count")?;
    let mut cons = Vec::new();
    for _ in 0..m {
        let _name = next()?;
        let sense = next()?;
        let rhs = parse_rational(&next()?)?;
        let k: usize = next()?.parse().map_err(|_| "nnz")?;
        let mut coeffs = vec![minip::exact::Q::zero(); nvars];
        for _ in 0..k {
            let j: usize = next()?.parse().map_err(|_| "index")?;
            coeffs[j] = parse_rational(&next()?)?;
        }
        cons.push((sense, coeffs, rhs));
    }
    for w in ["RTP", "infeas", "SOL", "0", "DER", "1"] {
        want(next()?, w)?;
    }
    let _name = next()?;
    want(next()?, "L")?;
    let rhs = parse_rational(&next()?)?;
    want(next()?, "0")?;
    want(next()?, "{")?;
    want(next()?, "lin")?;
    let k: usize = next()?.parse().map_err(|_| "lin count")?;
    let mut combo = vec![minip::exact::Q::zero(); nvars];
    let mut crhs = minip::exact::Q::zero();
    for _ in 0..k {
        let i: usize = next()?.parse().map_err(|_| "lin index")?;
        let lam = parse_rational(&next()?)?;
        let (sense, coeffs, r) = &cons[i];
        if sense != "L" || lam.is_negative() {
            return Err("not a suitable combination".into());
        }
        for (a, c) in combo.iter_mut().zip(coeffs) {
            *a += &lam * c;
        }
        crhs += &lam * r;
    }
    want(next()?, "}")?;
    want(next()?, "-1")?;
    if combo.iter().any(|c| !c.is_zero()) || !crhs.is_negative() || !rhs.is_negative() || crhs > rhs {
        return Err("combination is not the stated absurdity".into());
    }
    Ok(())
}

#[test]
fn vipr_exports_confirm_infeasibility_when_read_back() {
    let mut n = 0;
    for e in std::fs::read_dir(root().join("proofs/settle")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "vipr") {
            let text = std::fs::read_to_string(&p).unwrap();
            vipr_confirms_infeasibility(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            // Doubling the last multiplier no longer derives the absurdity.
            let der = text.lines().last().unwrap();
            let mut toks: Vec<String> = der.split_whitespace().map(String::from).collect();
            let k = toks.len() - 3; // ... λ } -1
            let lam = minip::exact::parse_rational(&toks[k]).unwrap();
            toks[k] = minip::exact::rational::fmt_q(&(lam * minip::exact::qi(2)));
            let bad = text.replace(der, &toks.join(" "));
            assert!(vipr_confirms_infeasibility(&bad).is_err(), "{}", p.display());
            n += 1;
        }
    }
    assert_eq!(n, 13, "one VIPR file per holds row of settle");
}
