//! Long contexts (issue 21, docs/rank.md): rank bounds for `n` up to 1024 with ratios in the
//! chain form `minip-ratio-chain/1` (the checker rebuilds the chain multipliers), the committed
//! certificates for `n ≥ 16`, and rejected tampering.

use crate::common::root;
use minip::certify::rank_linear::{certify, Library};
use minip_check::check::check_rank_linear;
use minip_check::format::rank_linear::{RankLinearCertificate, RatioProof};
use minip_check::format::AnyCertificate;
use minip_check::rational::q;
use minip_check::rows::chain::ChainTable;
use num_bigint::BigUint;

/// `eham16 ⊕ eham16` at `n = 1024` (m = 32, h = 16): made in a fraction of a second.
fn small(n: u32) -> RankLinearCertificate {
    let lib = Library::new();
    let e = lib.index("eham16");
    certify(&lib, n, &q(1, 2), 32, &vec![(e, 2)]).unwrap().into_cert()
}

#[test]
fn n1024_certificate_uses_the_chain_form_and_checks() {
    let c = small(1024);
    assert!(c.ratios.iter().all(|r| matches!(r, RatioProof::Chain(_))));
    let got = check_rank_linear(&c).unwrap();
    // k = 4^... : the weight-16 words of eham16^2 (A_8² + 2·A_0·A_16 + 2·A_4·A_12 + 2·A_6·A_10 = 870² + 2 + 2·140² + 2·448²).
    assert_eq!(got.k, BigUint::from(870u32 * 870 + 2 + 2 * 140 * 140 + 2 * 448 * 448));
    // Ratios: chain_1024(o) = 1022^{o/2} (even o), 2·1022^{(o−1)/2} (odd o); class 16 is the query's.
    let t = ChainTable::new(1024, 16);
    for cl in &c.classes {
        let o: u32 = cl.class.trim_end_matches('+').parse().unwrap();
        assert_eq!(minip_check::rational::parse_rational(&cl.ratio).unwrap(), t.ratio(16, o).unwrap());
    }
    // The bound is within 1 of k: at n = 1024 almost every entry is negligible.
    assert!(&got.bound * 100u32 > &got.k * 99u32, "{} vs {}", got.bound, got.k);
    // The chain form is small: the whole file below 5 kB.
    assert!(serde_json::to_string(&c).unwrap().len() < 5000);
}

#[test]
fn tampered_chain_ratios_are_rejected() {
    let good = small(64);
    // A ratio one above the chain value: the rebuilt multipliers do not cancel.
    let mut t = good.clone();
    let RatioProof::Chain(r) = &mut t.ratios[0] else { panic!("chain form") };
    let old = minip_check::rational::parse_rational(&r.bound).unwrap();
    r.bound = minip_check::rational::fmt_q(&(old + q(1, 1)));
    t.classes[0].ratio = r.bound.clone();
    let e = check_rank_linear(&t).unwrap_err();
    assert!(e.contains("ratios[0]"), "{e}");
    // A chain proof for another n.
    let mut t = good.clone();
    let RatioProof::Chain(r) = &mut t.ratios[1] else { panic!("chain form") };
    r.params.n = 65;
    assert!(check_rank_linear(&t).is_err());
    // A chain proof with lo > 0 or another format.
    let mut t = good.clone();
    let RatioProof::Chain(r) = &mut t.ratios[1] else { panic!("chain form") };
    r.params.lo = 1;
    assert!(check_rank_linear(&t).unwrap_err().contains("lo = 0"));
    let mut t = good;
    let RatioProof::Chain(r) = &mut t.ratios[1] else { panic!("chain form") };
    r.format = "minip-ratio-chain/2".into();
    assert!(check_rank_linear(&t).unwrap_err().contains("format"));
}

/// `C(a, b)` exactly.
fn binom(a: u32, b: u32) -> BigUint {
    (0..b).fold(BigUint::from(1u32), |acc, i| acc * (a - i) / (i + 1))
}

/// The committed long-context certificates (`n ≥ 16`): the two that meet the `m = 256` targets
/// pass the checker here (exponent `log2(bound)/m ≥ 0.80` at `n = 64 ≤ 256`, `≥ 0.90` at
/// `n = 1024`; about 1 s each, `minip-check proofs` checks all of them in CI), their `k` is the
/// closed form of the weight distribution of the extended Hamming code, and the stated bounds
/// grow with `n` at each `m`.
#[test]
fn committed_long_context_certificates_check() {
    let dir = root().join("proofs/rank-linear");
    let mut by_m: std::collections::BTreeMap<u32, Vec<(u32, BigUint)>> = Default::default();
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let AnyCertificate::RankLinear(c) = minip_check::read::read(&p).unwrap() else { continue };
        if c.params.n < 16 {
            continue;
        }
        let (n, m) = (c.params.n, c.params.m);
        if m == 256 && (n == 64 || n == 1024) {
            let got = check_rank_linear(&c).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            assert_eq!(got.bound.to_string(), c.bound);
            assert_eq!((c.construction.as_str(), got.dim), ("eham256", 247));
            // A_128 of [256, 247, 4]: MacWilliams from RM(1, 8) (weights 0, 128 (510 words), 256).
            let a128 = (binom(256, 128) * 2u32 + binom(128, 64) * 510u32) / 512u32;
            assert_eq!(got.k, a128);
            let e = minip::certify::rank_linear::log2(&got.bound) / 256.0;
            let target = if n == 64 { 0.80 } else { 0.90 };
            assert!(e >= target, "n = {n}: exponent {e} below {target}");
        }
        by_m.entry(m).or_default().push((n, c.bound.parse::<BigUint>().unwrap()));
    }
    let total: usize = by_m.values().map(Vec::len).sum();
    assert!(total >= 18, "{total} long-context certificates");
    for v in by_m.values_mut() {
        v.sort();
        assert!(v.windows(2).all(|w| w[0].1 <= w[1].1), "{v:?}");
    }
}

/// A code given by its dual (`eham64`, n = 1024, m = 64): the checker recomputes the pair counts
/// from the dual rows, so any edit of them, or of how the block is stated, is rejected.
#[test]
fn tampered_dual_codes_are_rejected() {
    let p = root().join("proofs/rank-linear/n1024_m064.json");
    let AnyCertificate::RankLinear(good) = minip_check::read::read(&p).unwrap() else {
        panic!("rank-linear")
    };
    assert_eq!((good.construction.as_str(), good.blocks[0].dual.len()), ("eham64", 7));
    let got = check_rank_linear(&good).unwrap();
    assert_eq!(got.dim, 57);
    let rejected = |c: &RankLinearCertificate, part: &str| {
        let e = check_rank_linear(c).expect_err("tampered");
        assert!(e.contains(part), "expected '{part}' in: {e}");
    };
    // One bit of a dual row flipped: another code (minimum distance 2 or other counts).
    let mut t = good.clone();
    let row = &mut t.blocks[0].dual[3];
    let flipped = if row.as_bytes()[5] == b'0' { '1' } else { '0' };
    row.replace_range(5..6, &flipped.to_string());
    assert!(check_rank_linear(&t).is_err());
    // A dual row replaced by the sum of two others: dependent rows.
    let mut t = good.clone();
    let (a, b) = (t.blocks[0].dual[1].clone(), t.blocks[0].dual[2].clone());
    t.blocks[0].dual[4] = a.bytes().zip(b.bytes()).map(|(x, y)| if x == y { '0' } else { '1' }).collect();
    rejected(&t, "linearly dependent");
    // A dual row dropped: the code doubles, k is recounted.
    let mut t = good.clone();
    t.blocks[0].dual.pop();
    rejected(&t, "recounted");
    // A row of the wrong length, or not bits.
    let mut t = good.clone();
    t.blocks[0].dual[0].push('0');
    rejected(&t, "dual[0]");
    let mut t = good.clone();
    t.blocks[0].dual[0].replace_range(0..1, "2");
    rejected(&t, "dual[0]");
    // Generator rows next to the dual rows, two copies, or a second block.
    let mut t = good.clone();
    t.blocks[0].generator = vec!["1".repeat(64)];
    rejected(&t, "no generator rows");
    let mut t = good.clone();
    t.blocks[0].copies = 2;
    rejected(&t, "one copy");
    let mut t = good.clone();
    let mut second = t.blocks[0].clone();
    second.dual.clear();
    second.generator = vec!["1".repeat(64)];
    t.blocks.push(second);
    rejected(&t, "only block");
    // A stated class count changed.
    let mut t = good.clone();
    let n: BigUint = t.classes[0].pairs.parse().unwrap();
    t.classes[0].pairs = (n + 1u32).to_string();
    rejected(&t, "classes[0]");
    // Over the dual's limits: more rows than MAX_DUAL_DIM.
    let mut t = good;
    let extra = t.blocks[0].dual[0].clone();
    t.blocks[0].dual.extend(std::iter::repeat_n(extra, 5));
    rejected(&t, "too large to check");
}

/// `A_{N/2}` of the extended Hamming code `[N, N − r − 1, 4]`, by MacWilliams from `RM(1, r)`
/// (weights 0, `N/2` (`2N − 2` words), `N`).
fn eham_half(len: u32) -> BigUint {
    (binom(len, len / 2) * 2u32 + binom(len / 2, len / 4) * (2 * len - 2)) / (2 * len)
}

/// The `m = 512` and `m = 1024` certificates (`eham512`, `eham1024`, chain ratios for every `n`):
/// all 18 (`n = 3, 4, 8, 16, 32, 64, 128, 256, 1024` at both `m`) pass the checker here, their `k`
/// is the closed form, the exponent at `n = 1024`, `m = 1024` is above 0.94, and a changed class
/// count or a flipped dual bit is rejected.
#[test]
fn long_m_certificates_check_and_reject_tampering() {
    let dir = root().join("proofs/rank-linear");
    let mut seen = 0;
    for n in [3u32, 4, 8, 16, 32, 64, 128, 256, 1024] {
        for m in [512u32, 1024] {
            let name = format!("n{n}_m{m}.json");
            let p = dir.join(&name);
            let AnyCertificate::RankLinear(c) = minip_check::read::read(&p).unwrap() else {
                panic!("{name}")
            };
            let got = check_rank_linear(&c).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(got.bound.to_string(), c.bound);
            assert_eq!(got.k, eham_half(m), "{name}");
            assert!(c.ratios.iter().all(|r| matches!(r, RatioProof::Chain(_))), "{name}");
            if (n, m) == (1024, 1024) {
                let e = minip::certify::rank_linear::log2(&got.bound) / 1024.0;
                assert!((0.94..0.9541).contains(&e), "{e}");
            }
            seen += 1;
        }
    }
    assert_eq!(seen, 18);
    for (name, m) in [("n3_m512.json", 512u32), ("n4_m1024.json", 1024)] {
        let p = dir.join(name);
        let AnyCertificate::RankLinear(c) = minip_check::read::read(&p).unwrap() else { panic!("{name}") };
        let got = check_rank_linear(&c).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got.bound.to_string(), c.bound);
        assert_eq!(got.k, eham_half(m), "{name}");
        assert_eq!(
            (c.construction.as_str(), got.dim),
            (format!("eham{m}").as_str(), m - m.trailing_zeros() - 1)
        );
        assert!(c.ratios.iter().all(|r| matches!(r, RatioProof::Chain(_))));
        if name == "n3_m512.json" {
            // At the ceiling of n = 3 (0.1862): the exponent is 0.186.
            let e = minip::certify::rank_linear::log2(&got.bound) / 512.0;
            assert!((0.185..0.1862).contains(&e), "{e}");
            let mut t = c.clone();
            let n: BigUint = t.classes[3].pairs.parse().unwrap();
            t.classes[3].pairs = (n + 1u32).to_string();
            let e = check_rank_linear(&t).unwrap_err();
            assert!(e.contains("classes[3]"), "{e}");
            let mut t = c.clone();
            let row = &mut t.blocks[0].dual[2];
            let flipped = if row.as_bytes()[300] == b'0' { "1" } else { "0" };
            row.replace_range(300..301, flipped);
            assert!(check_rank_linear(&t).is_err());
        }
    }
}

/// The ratios' table built once (`certify::rank_linear::ratios`) equals the closed form class by
/// class.
#[test]
fn ratio_table_equals_the_closed_form() {
    for n in [3u32, 4, 8, 16, 1024] {
        for h in [2u32, 5, 17, 40] {
            let got = minip::certify::rank_linear::ratios(n, &q(1, 2), h);
            for o in 0..=h {
                let want =
                    if o < 2 { None } else { minip::certify::ratio::closed_form_ratio(n, &q(1, 2), h, o) };
                assert_eq!(got[o as usize], want, "n = {n}, h = {h}, o = {o}");
            }
        }
    }
}
