//! Certificates under regression: every committed file verifies with the checker
//! alone (no solver), tampering is caught with the failing part named, VIPR exports
//! follow the format, and a small grid re-solved from scratch matches the committed
//! verdicts.

use crate::common::root;
use minip::check::{check_gap, Context, Verdict};
use minip::claim::check_any;
use minip::format::gap::GapCertificate;
use minip::format::AnyCertificate;
use minip::rational::{fmt_q, parse_rational, qi, Rat};
use minip::read;
use num_traits::{Signed, Zero};
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

fn check_value(v: &Value) -> Result<String, String> {
    let c = read::parse(&v.to_string())?;
    check_any(&c, &Context::default()).map(|c| c.to_string()).map_err(String::from)
}

fn load(rel: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join(rel)).unwrap()).unwrap()
}

#[test]
fn every_committed_certificate_verifies() {
    let files = json_files(&root().join("proofs"));
    assert!(files.len() >= 1546, "expected every committed certificate, found {} files", files.len());
    let mut maximal = 0;
    for f in &files {
        let c = read::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let what = check_any(&c, &Context::beside(f)).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        maximal += what.to_string().contains(", no code of ") as usize;
    }
    // Every rank certificate that refers to a maximality proof had it checked (m = 4, 6..=12).
    assert_eq!(maximal, 8);
}

#[test]
fn committed_regression_verdicts_are_broken_exactly_at_the_known_small_gaps() {
    // Lemma 3 holds for every integer gap d ≥ 2 on the whole grid; it is broken only at
    // d = 1 with ε = 1/2 (K = 0, paper family) and with ε = 1/3, n = 3 (K = 1/2).
    let files = json_files(&root().join("proofs/regression"));
    assert_eq!(files.len(), 1344);
    let mut broken = 0;
    for f in files {
        let Ok(AnyCertificate::Gap(c)) = read::read(&f) else {
            panic!("{}: not a gap certificate", f.display())
        };
        let p = &c.params;
        let d = p.w - p.u;
        let expect_broken =
            d == 1 && ((p.eps == "1/2" && p.family == "paper") || (p.eps == "1/3" && p.n == 3));
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
    let e = check_value(&t).unwrap_err();
    assert!(e.starts_with("farkas: the combination leaves"), "changed multiplier: {e}");

    let mut t = good.clone();
    t["farkas"]["rows"][k]["multiplier"] = Value::from("-1");
    let e = check_value(&t).unwrap_err();
    assert!(e.starts_with("farkas: row ") && e.ends_with(": negative multiplier -1"), "{e}");

    // ε and n change K' (the bound is the lemma's own), so the stated kprime catches them;
    // restated consistently, the rebuilt rows or sequences do.
    let mut t = good.clone();
    t["params"]["eps"] = Value::from("1/3");
    assert_eq!(
        check_value(&t).unwrap_err(),
        "params.kprime: stated 2 but the parameters give 7/2",
        "changed ε"
    );
    t["params"]["kprime"] = Value::from("7/2");
    let e = check_value(&t).unwrap_err();
    assert_eq!(e, "farkas.rows[0] (S1.upper): differs from the row rebuilt from params", "changed ε and K'");

    let mut t = good.clone();
    t["params"]["n"] = Value::from(4);
    assert_eq!(
        check_value(&t).unwrap_err(),
        "params.kprime: stated 2 but the parameters give 4",
        "changed n"
    );
    t["params"]["kprime"] = Value::from("4");
    let e = check_value(&t).unwrap_err();
    assert_eq!(e, "sequences[0] (S1): does not match the family rebuilt from params", "changed n and K'");

    let mut t = good.clone();
    t["params"]["kprime"] = Value::from("5");
    assert_eq!(check_value(&t).unwrap_err(), "params.kprime: stated 5 but the parameters give 2");

    let mut t = good.clone();
    t["farkas"]["rows"].as_array_mut().unwrap().remove(k);
    assert_eq!(check_value(&t).unwrap_err(), "farkas.rows: 9 listed, the parameters give 10", "removed row");

    let mut t = good.clone();
    t["farkas"]["rows"][0]["coeffs"][3] = Value::from("7");
    assert_eq!(
        check_value(&t).unwrap_err(),
        "farkas.rows[0] (S1.upper): differs from the row rebuilt from params",
        "edited row"
    );

    let mut t = good.clone();
    t["verdict"] = Value::from("broken");
    assert_eq!(check_value(&t).unwrap_err(), "verdict broken needs a head section and no farkas");

    let mut t = good.clone();
    t["farkas"]["combined_rhs"] = Value::from("-2");
    assert!(check_value(&t)
        .unwrap_err()
        .starts_with("farkas.combined_rhs: stated -2 but the multipliers give"));

    let mut t = good.clone();
    t["tokens"]["y"] = Value::from("111");
    assert_eq!(check_value(&t).unwrap_err(), "tokens: x, y, z differ in length");
    t["tokens"]["y"] = Value::from("1100");
    assert_eq!(check_value(&t).unwrap_err(), "tokens: overlaps do not realize (h, u, w)");
}

#[test]
fn tampered_heads_are_rejected() {
    let good = load(BROKEN);
    assert!(check_value(&good).unwrap().starts_with("broken"));

    // s(x,x) = 5 moves every output; S3 = (x, y, z) (target 0) then has ŷ = 11/13.
    let mut t = good.clone();
    t["head"]["s"]["x"] = Value::from("5");
    assert_eq!(
        check_value(&t).unwrap_err(),
        "head: S3: |ŷ − t| = 11/13 is not below ε",
        "changed value table"
    );

    let mut t = good.clone();
    t["head"]["alpha"]["y"] = Value::from("1000");
    assert_eq!(
        check_value(&t).unwrap_err(),
        "head: α(x,y) ≤ K'·α(x,z) fails, so the head does not break the bound",
        "bound no longer met"
    );

    let mut t = good.clone();
    t["head"]["alpha"]["z"] = Value::from("-1");
    assert_eq!(check_value(&t).unwrap_err(), "head: alpha.z: negative kernel value");

    let mut t = good.clone();
    t["head"]["outputs"][0]["yhat"] = Value::from("0");
    assert_eq!(
        check_value(&t).unwrap_err(),
        "head.outputs (S1): stated output differs from the recomputed -6/17",
        "stated output"
    );

    let mut t = good.clone();
    t["sequences"][2]["target"] = Value::from(1);
    assert_eq!(
        check_value(&t).unwrap_err(),
        "sequences[2] (S3): does not match the family rebuilt from params"
    );
}

/// The outputs of a gap certificate's head, recomputed here from its tables:
/// `ŷ = Σ i_k α_k s_k / Σ i_k α_k`.
fn head_outputs(c: &GapCertificate) -> Vec<Rat> {
    let h = c.head.as_ref().unwrap();
    let r = |s: &String| parse_rational(s).unwrap();
    let (alpha, s) = (
        [r(&h.alpha.triple().x), r(&h.alpha.triple().y), r(&h.alpha.triple().z)],
        [r(&h.s.triple().x), r(&h.s.triple().y), r(&h.s.triple().z)],
    );
    c.sequences
        .iter()
        .map(|seq| {
            let (mut num, mut den) = (Rat::zero(), Rat::zero());
            for k in 0..3 {
                num += qi(seq.mult[k] as i64) * &alpha[k] * &s[k];
                den += qi(seq.mult[k] as i64) * &alpha[k];
            }
            num / den
        })
        .collect()
}

/// Replaces `s(x, ·)` and states every output as recomputed from the new tables.
fn with_values(good: &GapCertificate, s: [&str; 3]) -> GapCertificate {
    let mut c = good.clone();
    let h = c.head.as_mut().unwrap();
    {
        let t = h.s.triple_mut();
        (t.x, t.y, t.z) = (s[0].into(), s[1].into(), s[2].into());
    }
    let outs = head_outputs(&c);
    for (o, y) in c.head.as_mut().unwrap().outputs.iter_mut().zip(outs) {
        o.yhat = fmt_q(&y);
    }
    c
}

#[test]
fn heads_with_consistent_outputs_are_judged_on_the_tolerance() {
    // Tampered value tables with every output restated from them: the outputs agree with
    // the tables, so only |ŷ − t| < ε can reject the head, and its message must say so.
    let AnyCertificate::Gap(good) = read::read(&root().join(BROKEN)).unwrap() else { panic!() };
    assert_eq!(check_gap(&good).unwrap(), Verdict::Broken);
    let stated: Vec<Rat> =
        good.head.as_ref().unwrap().outputs.iter().map(|o| parse_rational(&o.yhat).unwrap()).collect();
    assert_eq!(stated, head_outputs(&good), "the committed outputs are the recomputed ones");
    // α = (1/2, 4, 2), targets S1 0, S2 2, S3 0. S1 = (x, y, y): ŷ = (s_x − 4)/17 with
    // s_y = −1/4, so s_x = 25/2 puts S1 exactly at ε = 1/2 (the inequality is strict).
    for (s, want) in [
        (["25/2", "-1/4", "2"], "head: S1: |ŷ − t| = 1/2 is not below ε"),
        (["-9/2", "-1/4", "2"], "head: S1: |ŷ − t| = 1/2 is not below ε"),
        (["1004", "-1/4", "2"], "head: S1: |ŷ − t| = 1000/17 is not below ε"),
        // S2 = (x, z, z): ŷ = (s_x/2 + 4 s_z)/(9/2); s_z = 31/16 gives 2 − 1/2.
        (["-2", "-1/4", "31/16"], "head: S2: |ŷ − t| = 1/2 is not below ε"),
        // S3 = (x, y, z): ŷ = (−2 + 2 s_z)/(13/2); s_z = 21/8 gives 1/2 (S2 is at 19/9).
        (["-2", "-1/4", "21/8"], "head: S3: |ŷ − t| = 1/2 is not below ε"),
    ] {
        let t = with_values(&good, s);
        let e = check_gap(&t).unwrap_err();
        assert_eq!(e, want, "s = {s:?}");
    }
    // Just inside the tolerance the same kind of change is accepted (S2 at 55/36, S3 at
    // 162/325): the tables above are rejected on the tolerance, not on anything else.
    for s in [["-2", "-1/4", "63/32"], ["-2", "-1/4", "131/50"]] {
        let t = with_values(&good, s);
        assert_eq!(check_gap(&t), Ok(Verdict::Broken), "s = {s:?}");
    }
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
        assert!(
            der.starts_with("absurdity L ") && der.contains(" 0 { lin ") && der.ends_with(" } -1"),
            "{der}"
        );
        assert_eq!(body.len(), 8 + m + 4);
    }
}

#[test]
fn small_grid_resolved_matches_committed_verdicts() {
    let text = std::fs::read_to_string(root().join("instances/small.toml")).unwrap();
    let insts = minip::batch::grid::parse_grid(&text).unwrap().gap_instances();
    let recs = minip::batch::sweep::run(&insts, None, false, &minip::control::Control::new());
    assert_eq!(recs.len(), 2 * 2 * 20 * 2);
    for (inst, rec) in insts.iter().zip(&recs) {
        let Ok(AnyCertificate::Gap(c)) =
            read::read(&root().join(format!("proofs/regression/{}.json", inst.stem())))
        else {
            panic!("{}", inst.stem())
        };
        assert_eq!(rec.verdict, c.verdict, "{}", inst.stem());
    }
}

/// A reader for the subset of VIPR 1.0 that minip writes, independent of the writer:
/// it re-derives the `lin` combination from the CON section and checks that the
/// derived constraint is an absurdity that the combination dominates, as viprchk does.
fn vipr_confirms_infeasibility(text: &str) -> Result<(), String> {
    let mut tok = text.lines().filter(|l| !l.starts_with('%')).flat_map(|l| l.split_whitespace());
    let mut next = || tok.next().ok_or("unexpected end").map(|s| s.to_string());
    let want =
        |got: String, w: &str| if got == w { Ok(()) } else { Err(format!("expected {w}, read {got}")) };
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
        let mut coeffs = vec![Rat::zero(); nvars];
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
    let mut combo = vec![Rat::zero(); nvars];
    let mut crhs = Rat::zero();
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
            let lam = parse_rational(&toks[k]).unwrap();
            toks[k] = fmt_q(&(lam * qi(2)));
            let bad = text.replace(der, &toks.join(" "));
            assert_eq!(
                vipr_confirms_infeasibility(&bad),
                Err("combination is not the stated absurdity".to_string()),
                "{}",
                p.display()
            );
            n += 1;
        }
    }
    assert_eq!(n, 13, "one VIPR file per holds row of settle");
}
