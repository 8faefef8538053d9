//! Rank bounds from linear codes (docs/math.md §9, docs/rank.md): the committed
//! `minip-rank-linear/1` certificates pass the checker with the bounds the docs state; tampered
//! ones are rejected with the failing part named; the pair counts of the Golay code are
//! recomputed here by brute force over its 2576 dodecads, and its value equals the explicit
//! m = 24 certificate's; the chain ratio certificates are checked, and weakened ones rejected.

use crate::common::root;
use minip::certify::ratio::{chain_bound_certificate, closed_form_ratio};
use minip_check::check::{check_rank_linear, check_ratio_bound, Checked, Context};
use minip_check::format::rank_linear::{RankLinearCertificate, RatioProof};
use minip_check::format::AnyCertificate;
use minip_check::model::linear::{block_pairs, limbs_for, pair_counts, Block};
use minip_check::rational::{fmt_q, q, Rat};
use num_bigint::BigUint;

fn cert(name: &str) -> RankLinearCertificate {
    let p = root().join("proofs/rank-linear").join(name);
    match minip_check::read::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())) {
        AnyCertificate::RankLinear(c) => c,
        _ => panic!("{name}: not a minip-rank-linear certificate"),
    }
}

/// The committed certificates with the bounds docs/rank.md states (n = 3 at every m of the
/// issue; n = 4..8 at m = 64). The larger ones are checked by `minip-check proofs` in CI.
const STATED: [(&str, &str); 12] = [
    ("n3_m032.json", "58"),
    ("n3_m048.json", "471"),
    ("n3_m064.json", "3664"),
    ("n3_m096.json", "229483"),
    ("n3_m128.json", "14170437"),
    ("n3_m168.json", "2472884019"),
    ("n3_m256.json", "211499940177613"),
    ("n4_m064.json", "420465"),
    ("n5_m064.json", "9279191"),
    ("n6_m064.json", "91245424"),
    ("n7_m064.json", "755404934"),
    ("n8_m064.json", "3581787714"),
];

/// Each committed certificate passes the checker with its stated bound (`every_committed_
/// certificate_verifies` in tests/certificates.rs checks the others too), and the issue's
/// targets are met.
#[test]
fn committed_certificates_prove_their_bounds_and_meet_the_targets() {
    let targets = [
        ("n3_m032.json", 33u64),
        ("n3_m064.json", 2_000),
        ("n3_m128.json", 2_000_000),
        ("n3_m168.json", 1_000_000_000),
        ("n3_m256.json", 10_000_000_000_000),
    ];
    for (name, bound) in STATED {
        let c = cert(name);
        let checked = Checked::new(c, &Context::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(checked.claim().bound.to_string(), bound, "{name}");
        assert!(checked.claim().strict);
        if let Some((_, t)) = targets.iter().find(|t| t.0 == name) {
            assert!(checked.claim().bound >= BigUint::from(*t), "{name}: below the target {t}");
        }
    }
}

/// Checks that a tampered certificate is rejected and the error names `part`.
fn rejected(c: &RankLinearCertificate, part: &str) {
    let e = check_rank_linear(c).expect_err("a tampered certificate must be rejected");
    assert!(e.contains(part), "expected '{part}' in: {e}");
}

#[test]
fn tampered_certificates_are_rejected() {
    let good = cert("n3_m064.json");
    check_rank_linear(&good).unwrap();
    // A generator row changed: the code, hence k and the pair counts, change.
    let mut t = good.clone();
    let row = &mut t.blocks[0].generator[1];
    let flipped = if row.starts_with('0') { "1" } else { "0" };
    row.replace_range(0..1, flipped);
    let e = check_rank_linear(&t).unwrap_err();
    assert!(e.contains("k = ") || e.contains("classes") || e.contains("dependent"), "{e}");
    // A pair count changed.
    let mut t = good.clone();
    let n: BigUint = t.classes[0].pairs.parse().unwrap();
    t.classes[0].pairs = (n + 1u32).to_string();
    rejected(&t, "classes[0]");
    // k changed.
    let mut t = good.clone();
    t.k = "3500079392839".into();
    rejected(&t, "k = ");
    // A ratio certificate swapped for the one of a weaker (lower) class, with its ratio.
    let mut t = good.clone();
    t.ratios[3] = t.ratios[2].clone();
    t.classes[3].ratio = t.classes[2].ratio.clone();
    rejected(&t, "ratios[3]");
    // The bound raised, the value raised.
    let mut t = good.clone();
    t.bound = "3665".into();
    rejected(&t, "bound = 3665, recomputed 3664");
    let mut t = good.clone();
    t.value = "3664".into();
    rejected(&t, "value = 3664");
    // A block that does not add up to m; a block too large to enumerate.
    let mut t = good.clone();
    t.blocks[0].copies += 1;
    rejected(&t, "total length");
    let mut t = good.clone();
    let b = &mut t.blocks[0];
    b.generator = (0..17).map(|i| (0..b.m).map(|c| if c == i { '1' } else { '0' }).collect()).collect();
    rejected(&t, "too large to check");
}

#[test]
fn weakened_ratio_certificates_are_rejected() {
    let e = q(1, 2);
    for (n, h, hi) in [(3u32, 32u32, 32u32), (3, 128, 64), (8, 128, 128), (5, 64, 65)] {
        let c = chain_bound_certificate(n, &e, h, hi, hi > h).unwrap();
        assert_eq!(*c.claim(), closed_form_ratio(n, &e, h, hi).unwrap());
        // A higher bound than the multipliers prove.
        let mut t = c.cert().clone();
        t.bound = fmt_q(&(c.claim() + Rat::new(1.into(), 1000.into())));
        assert!(check_ratio_bound(&t).unwrap_err().contains("< 0 on A_"), "n={n} h={h} hi={hi}");
        // A multiplier dropped.
        let mut t = c.cert().clone();
        t.multipliers.remove(1);
        assert!(check_ratio_bound(&t).is_err());
        // Another n: the rows change, the combination fails.
        let mut t = c.cert().clone();
        t.params.n += 1;
        assert!(check_ratio_bound(&t).is_err());
    }
    // The m = 64 certificate's ratios are full (n = 3, h = 32); m = 128's lower side only.
    assert!(cert("n3_m064.json").ratios.iter().all(|r| matches!(r, RatioProof::Full(_))));
    assert!(cert("n3_m128.json").ratios.iter().all(|r| matches!(r, RatioProof::Bound(_))));
}

/// m = 24: the checker's convolution equals a brute-force count over the 2576 dodecads of
/// the Golay code (written out by `minip::codes`), and the value equals the explicit
/// certificate's (docs/rank.md: 37094400/1806793, rank ≥ 21).
#[test]
fn golay_pair_counts_by_brute_force() {
    let dodecads = minip::codes::shortened_golay(24, 12);
    assert_eq!(dodecads.len(), 2576);
    let mut brute = [0u64; 13];
    for &x in &dodecads {
        for &y in &dodecads {
            brute[(x & y).count_ones() as usize] += 1;
        }
    }
    let g = Block { m: 24, rows: minip::codes::golay_generators().into_iter().map(u64::from).collect() };
    let t = block_pairs(&g);
    let got = pair_counts(12, &[(24, &t)], limbs_for(12)).unwrap();
    assert_eq!(got, brute.iter().map(|&v| BigUint::from(v)).collect::<Vec<_>>());
    // The classes of docs/rank.md: o = 12 − overlap ∈ {4, 6, 8, 12}.
    assert_eq!((brute[8], brute[6], brute[4], brute[0]), (1275120, 4080384, 1275120, 2576));
    let lin = minip::certify::rank_linear::Library::new();
    let c = minip::certify::rank_linear::certify(&lin, 3, &q(1, 2), 24, &vec![(lin.index("golay24"), 1)])
        .unwrap();
    let explicit = match minip_check::read::read(&root().join("proofs/rank/m24.json")).unwrap() {
        AnyCertificate::Rank(r) => r,
        _ => panic!("proofs/rank/m24.json"),
    };
    assert_eq!(c.value, explicit.value);
    assert_eq!(c.value, "37094400/1806793");
    assert_eq!(c.claim().bound, BigUint::from(explicit.bound));
}

fn minip(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_minip")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn cli_linear_bad_input_is_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["rank", "--linear", "--m", "25"], "odd"),
        (&["rank", "--linear", "--m", "258"], "out of range"),
        (&["rank", "--linear", "--m", "6"], "out of range"),
        (&["rank", "--linear", "--m", "24", "--eps", "1/4"], "eps = 1/2"),
        (&["rank", "--linear", "--m", "24", "--n", "1025"], "out of range (3..=1024)"),
        (&["rank", "--linear", "--m", "24", "--uniform"], "--uniform"),
        (&["rank", "--m", "24", "--n", "3..=4"], "--n"),
    ];
    for (args, needle) in cases {
        let (code, _, err) = minip(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

/// `--json` records for m = 24 and 28 (n = 3), the certificates written and re-verified, and a
/// byte-identical rerun.
#[test]
fn cli_linear_json_and_certificates() {
    let dir = std::env::temp_dir().join(format!("minip-linear-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let (code, out, err) =
        minip(&["rank", "--linear", "--m", "24..=28", "--no-explicit", "--json", "--out", d]);
    assert_eq!(code, 0, "{err}");
    let recs: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let got: Vec<(u64, &str, &str)> = recs
        .iter()
        .map(|r| (r["m"].as_u64().unwrap(), r["bound"].as_str().unwrap(), r["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(got, vec![(24, "21", "rank.linear"), (26, "25", "rank.linear"), (28, "33", "rank.linear")]);
    assert_eq!(recs[0]["code"], "golay24");
    let (code, out2, _) = minip(&["rank", "--linear", "--m", "24..=28", "--no-explicit", "--json"]);
    assert_eq!((code, &out2), (0, &out));
    let (code, v, err) = minip(&["verify", d]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v.lines().filter(|l| l.starts_with("ok ")).count(), 3, "{v}");
    assert_eq!(err, "3 files: 3 verified, 0 failed, 0 invalid, 0 unchecked\n", "{v}");
    let _ = std::fs::remove_dir_all(&dir);
}
