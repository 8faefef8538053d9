//! Weighted rank bounds (`minip-rank-weighted/1`, docs/math.md §15, docs/rank.md): the committed
//! certificates pass the checker with the values the docs state, tampered ones are rejected
//! with the failing part named, `minip rank --weighted` reruns byte for byte, and the frontier
//! reads `proofs/weighted` beside `proofs/rank`.

use crate::common::root;
use minip::request::frontier::Frontier;
use minip::request::weighted::Weighted;
use minip::request::Control;
use minip_check::check::check_weighted;
use minip_check::format::weighted::WeightedCertificate;
use minip_check::format::AnyCertificate;
use minip_check::rational::parse_rational;
use std::process::Command;

fn cert(m: u32) -> WeightedCertificate {
    let p = root().join(format!("proofs/weighted/m{m:02}.json"));
    match minip_check::read::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())) {
        AnyCertificate::RankWeighted(c) => c,
        _ => panic!("{}: not a minip-rank-weighted certificate", p.display()),
    }
}

fn rejected(c: &WeightedCertificate, part: &str) {
    let e = check_weighted(c).expect_err("a tampered certificate must be rejected").to_string();
    assert!(e.contains(part), "expected '{part}' in: {e}");
}

#[test]
fn committed_certificates_check_with_the_stated_values() {
    // (m, k, bound, value rounded down to 4 digits, unweighted value of the same pairs,
    // the committed minip-rank/2 value at that m: docs/rank.md)
    for (m, k, bound, value, plain, code) in [
        (13u32, 17usize, 5u64, 4.1579, "43350/10499", "72900/17729"),
        (14, 30, 5, 4.9897, "19507500/3954563", "21/5"),
        (15, 30, 6, 5.8796, "703310400/119925451", "135/23"),
    ] {
        let c = cert(m);
        let r = check_weighted(&c).unwrap_or_else(|e| panic!("m = {m}: {e}"));
        assert_eq!((r.m, r.k, r.bound), (m, k, bound), "m = {m}");
        let v = r.value.numer().to_string().parse::<f64>().unwrap()
            / r.value.denom().to_string().parse::<f64>().unwrap();
        assert!((v - value).abs() < 1e-4, "m = {m}: value {v}");
        assert_eq!(r.unweighted_value, parse_rational(plain).unwrap(), "m = {m}");
        // The weights gain over equal weights on the same pairs and over the committed code,
        // but not one integer: the bound is the committed one (docs/frontier.md).
        assert!(r.value > r.unweighted_value && r.value > parse_rational(code).unwrap(), "m = {m}");
    }
}

#[test]
fn tampered_certificates_are_rejected() {
    let good = cert(14);
    let mut c = good.clone();
    c.pairs[3].w += 1;
    rejected(&c, "classes[0]");
    let mut c = good.clone();
    c.classes[1].ratio = "4".into();
    rejected(&c, "classes[1]: stated ratio 4, its certificate proves 3");
    let mut c = good.clone();
    c.value = "5".into();
    rejected(&c, "value = 5, recomputed");
    let mut c = good.clone();
    c.bound = 6;
    rejected(&c, "bound = 6, recomputed 5");
    let mut c = good.clone();
    c.strict = false;
    rejected(&c, "strict");
    let mut c = good.clone();
    c.ratios.swap(0, 1);
    rejected(&c, "ratios[0]: a certificate for R(0, 4; 7)");
    let mut c = good.clone();
    c.ratios[2].multipliers[0].y = "1".into();
    rejected(&c, "ratios[2] R(0, 6; 7)");
    let mut c = good.clone();
    c.pairs[0].w = 0;
    rejected(&c, "pairs[0].w = 0");
    // A repeated pair: y_j = y_i is in class lo = 0 as seen from x_i, which no ratio bounds.
    let mut c = good.clone();
    c.pairs[1] = c.pairs[0].clone();
    rejected(&c, "entry (0, 1): y_1 is in class 0 as seen from x_0, not above lo = 0");
    let mut c = good.clone();
    c.pairs.truncate(1);
    c.k = 1;
    rejected(&c, "at least 2");
    // A flipped bit changes the classes.
    let mut c = good;
    let b: String = c.pairs[0].x.chars().map(|ch| if ch == '1' { '0' } else { '1' }).collect();
    c.pairs[0].x = b;
    assert!(check_weighted(&c).is_err());
}

#[test]
fn the_command_reproduces_the_committed_certificate_byte_for_byte() {
    let tmp = std::env::temp_dir().join(format!("minip-weighted-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_minip"))
        .args([
            "rank",
            "--weighted",
            "--m",
            "13",
            "--from",
            "proofs/rank/m13.json",
            "--rounds",
            "300",
            "--out",
        ])
        .arg(&tmp)
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("m = 13: rank >= 5 (weighted, k = 17 pairs"), "{text}");
    let written = std::fs::read(tmp.join("m13.json")).unwrap();
    assert_eq!(written, std::fs::read(root().join("proofs/weighted/m13.json")).unwrap());
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn weights_on_the_golay_code_are_the_uniform_ones() {
    // The dodecads are one orbit of M24: equal weights are optimal, the value is the committed
    // entrywise one (docs/math.md §15.3).
    let job = Weighted { m: 24, n: 3, from: Some(root().join("proofs/rank/m24.json")), rounds: 0 }
        .validate()
        .unwrap();
    let r = job.run(&Control::new()).unwrap();
    let c = r.cert.cert();
    assert_eq!((c.k, c.bound, c.value.as_str()), (2576, 21, "37094400/1806793"));
}

#[test]
fn the_request_refuses_what_it_cannot_search() {
    let e = Weighted { m: 20, n: 3, from: None, rounds: 10 }.validate().unwrap_err().to_string();
    assert!(e.contains("above 16 the weighted search needs a start support"), "{e}");
    let e = Weighted { m: 25, n: 3, from: None, rounds: 10 }.validate().unwrap_err().to_string();
    assert!(e.contains("expected 4..=24"), "{e}");
}

#[test]
fn the_frontier_reads_weighted_bounds_beside_the_rank_directory() {
    // A weighted certificate whose bound beats the rank directory's is the lower column's.
    let tmp = std::env::temp_dir().join(format!("minip-weighted-frontier-{}", std::process::id()));
    std::fs::create_dir_all(tmp.join("rank")).unwrap();
    std::fs::create_dir_all(tmp.join("weighted")).unwrap();
    std::fs::copy(root().join("proofs/rank/m05.json"), tmp.join("rank/m05.json")).unwrap();
    std::fs::copy(root().join("proofs/weighted/m13.json"), tmp.join("weighted/m13.json")).unwrap();
    let job = Frontier {
        m: minip::request::Values::List(vec![14]),
        rank_dir: Some(tmp.join("rank")),
        ..Frontier::default()
    }
    .validate()
    .unwrap();
    let lowers = job.lowers(3, &mut |w| panic!("unexpected warning {w}")).unwrap();
    let l = minip::batch::frontier::lower_at(&lowers.lower, 14).unwrap();
    assert_eq!((l.bound, l.from_m), (5, 13));
    assert!(l.file.ends_with("weighted/m13.json"));
    // The committed directories: the weighted bounds tie the rank ones, which stay.
    let job =
        Frontier { m: minip::request::Values::List(vec![16]), ..Frontier::default() }.validate().unwrap();
    let lowers = job.lowers(3, &mut |_| ()).unwrap();
    for (m, b) in [(13u32, 5u64), (14, 5), (15, 6)] {
        let l = &lowers.lower[&m];
        assert_eq!(l.bound, b);
        assert!(l.file.ends_with(format!("rank/m{m}.json")), "{}", l.file.display());
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn the_request_counts_its_work_and_its_start_words_first() {
    // --rounds x 2^m: the documented maximum of restarts at m = 16 is hours of work.
    let e = Weighted { m: 16, n: 3, from: None, rounds: 100_000 }.validate().unwrap_err();
    assert_eq!(
        e.to_string(),
        "the search (--rounds x 2^m, m = 16) = 6553600000 is above the supported 65536000 \
         (each restart scans every word; about a minute)"
    );
    assert!(matches!(e, minip::request::Error::TooLarge(_)));
    assert!(Weighted { m: 16, n: 3, from: None, rounds: 1000 }.validate().is_ok());
    assert!(Weighted { m: 8, n: 3, from: None, rounds: 100_000 }.validate().is_ok());
    // A start support of 5,000 words is refused before any word is parsed or matrix allocated.
    let tmp = std::env::temp_dir().join(format!("minip-weighted-words-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut c: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("proofs/rank/m16.json")).unwrap()).unwrap();
    c["code"]["x"] = serde_json::Value::Array(vec![serde_json::json!("0000000011111111"); 5000]);
    let big = tmp.join("m16.json");
    std::fs::write(&big, serde_json::to_string(&c).unwrap()).unwrap();
    let e = Weighted { m: 16, n: 3, from: Some(big.clone()), rounds: 0 }.validate().unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "--from {}: start words = 5000 is above the supported 4096 (a k x k matrix of the support)",
            big.display()
        )
    );
    // --out DIR where DIR/m16.json is the --from input: refused before any work, input intact.
    let job = Weighted { m: 16, n: 3, from: Some(root().join("proofs/rank/m16.json")), rounds: 0 }
        .validate()
        .unwrap();
    assert!(job.check_out(&tmp).is_ok());
    std::fs::copy(root().join("proofs/rank/m16.json"), &big).unwrap();
    let job = Weighted { m: 16, n: 3, from: Some(big.clone()), rounds: 0 }.validate().unwrap();
    let e = job.check_out(&tmp).unwrap_err().to_string();
    assert!(e.contains("an input of this run: refusing to replace it"), "{e}");
    let out = Command::new(env!("CARGO_BIN_EXE_minip"))
        .args(["rank", "--weighted", "--m", "16", "--from", big.to_str().unwrap(), "--rounds", "0", "--out"])
        .arg(&tmp)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    assert_eq!(std::fs::read(&big).unwrap(), std::fs::read(root().join("proofs/rank/m16.json")).unwrap());
    let _ = std::fs::remove_dir_all(&tmp);
}
