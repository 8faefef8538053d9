//! The query is a class of its own (docs/math.md §4.1, §5.3): a strict superset `z ⊋ x` has overlap
//! `h` with the query but is a different token, present only in some sequences. These
//! tests would have caught certificates that used the query's own ratio for such keys:
//! - a head row, strictly correct on every length-3 sequence over {0,1}^7 queried at
//!   `x = 1110000`, with `α(x,y)/α(x,z) < R(0,3;3) = 5/2` for `<x,y> = 0`, `z ⊋ x`;
//! - the old m07–m10 certificates and a forged `minip-rank/2` are rejected;
//! - the strict form of the bound is checked, not assumed;
//! - every committed rank certificate is recomputed independently: classes from the code
//!   words, every ratio by QSopt_ex (`esolver`, exact rational LP) from LP files this test
//!   writes itself from docs/math.md §4.2 (not through minip's row builders).

use crate::common::root;
use minip::certify::ratio::{chain_bound, forced_ratio};
use minip::check::{check_rank, check_ratio, Context};
use minip::claim::check_any;
use minip::format::rank::RankCertificate;
use minip::format::AnyCertificate;
use minip::rational::{parse_rational, q, qi, Rat};
use minip::read;
use num_traits::{One, Signed, Zero};
use std::path::PathBuf;

/// Classes as in a ratio certificate: overlap of class `c` with a query of weight `h`.
fn overlap_of(h: u32, c: usize) -> u32 {
    (c as u32).min(h)
}

#[test]
fn superset_ratios_are_the_chain_bound_and_leave_the_other_ratios_alone() {
    let eps = q(1, 2);
    // R(0, h⁺; h) for h = 2..10 (issue 9's values), computed with the class in the LP.
    let want = [1, 2, 3, 4, 5, 6, 9, 12, 16];
    for (h, r) in (2..=10).zip(want) {
        let c = forced_ratio(3, &eps, h, 0, h + 1, true).unwrap();
        assert_eq!(check_ratio(&c).unwrap(), qi(r), "R(0, {h}+; {h})");
        assert_eq!(*c.claim(), qi(r));
        assert_eq!(chain_bound(3, &eps, h, 0), Some(qi(r)), "chain bound at h = {h}");
    }
    // Adding the class leaves R(0, o; h) for o < h and R(0, h; h) unchanged (h ≤ 7).
    for h in 2..=7 {
        for o in 1..=h {
            let without = check_ratio(&forced_ratio(3, &eps, h, 0, o, false).unwrap()).unwrap();
            let with = check_ratio(&forced_ratio(3, &eps, h, 0, o, true).unwrap()).unwrap();
            assert_eq!(without, with, "R(0, {o}; {h})");
        }
    }
}

/// A head row over all 128 tokens of {0,1}^7 at the query `x = 1110000`, constant on the
/// classes of docs/math.md §4.1, from the point attaining `R(0, 3⁺; 3) = 2` mixed with a little of
/// the softmax row of Theorem 1 (`α = 6^{−<x,z>}`, `s = <x,z>`), which makes it strict.
#[test]
fn a_correct_head_row_has_a_superset_ratio_below_the_querys_own() {
    let (m, h) = (7u32, 3u32);
    let eps = q(1, 2);
    let c = forced_ratio(3, &eps, h, 0, h + 1, true).unwrap();
    assert_eq!(check_ratio(&c).unwrap(), qi(2));
    let own = check_ratio(&forced_ratio(3, &eps, h, 0, h, true).unwrap()).unwrap();
    assert_eq!(own, q(5, 2));
    let k = c.alpha.len();
    assert_eq!(k, h as usize + 2);
    let lambda = q(1, 1000);
    let mut a = Vec::new();
    let mut p = Vec::new();
    for cl in 0..k {
        let o = overlap_of(h, cl);
        let soft = Rat::from_integer(6.into()).pow((h - o) as i32);
        let ai = parse_rational(&c.alpha[cl]).unwrap() + &lambda * &soft;
        let pi = parse_rational(&c.p[cl]).unwrap() + &lambda * &soft * qi(o as i64);
        assert!(ai.is_positive());
        a.push(ai);
        p.push(pi);
    }
    let x: u32 = 0b0000111; // bits 0..2: the string 1110000
    let class = |z: u32| -> usize {
        let o = (x & z).count_ones();
        if o == h && z != x {
            h as usize + 1
        } else {
            o as usize
        }
    };
    let alpha = |z: u32| a[class(z)].clone();
    let s = |z: u32| &p[class(z)] / &a[class(z)];
    // The ratio the old certificates assumed away.
    let (y, z) = (0u32, 0b0001111u32);
    let ratio = alpha(y) / alpha(z);
    assert!(ratio < own, "ratio {ratio} is not below R(0,3;3) = 5/2");
    assert_eq!(ratio, q(2216, 1001));
    // Strictly correct on every length-3 sequence queried at x: all 8256 multisets of two keys.
    let mut checked = 0;
    for k1 in 0..1u32 << m {
        for k2 in k1..1u32 << m {
            let t = h.min((x & k1).count_ones()).min((x & k2).count_ones());
            let den = alpha(x) + alpha(k1) + alpha(k2);
            let num = alpha(x) * s(x) + alpha(k1) * s(k1) + alpha(k2) * s(k2);
            let err = (num / den - qi(t as i64)).abs();
            assert!(err < eps, "keys {k1:07b} {k2:07b}: error {err}");
            checked += 1;
        }
    }
    assert_eq!(checked, 8256);
}

#[test]
fn old_rank_certificates_that_used_the_querys_ratio_are_rejected() {
    for m in ["07", "08", "09", "10"] {
        let path = root().join(format!("tests/data/unsound-rank-v1/m{m}.json"));
        let c = read::read(&path).unwrap();
        let err = check_any(&c, &Context::beside(&path)).unwrap_err().to_string();
        assert!(err.contains("strict superset of x_i") && err.contains("R(0, 3+; 3)"), "m{m}: {err}");
        assert!(err.contains("the query's own ratio R(lo, h; h) does not bound them"), "m{m}: {err}");
    }
}

fn committed_rank(m: u32) -> RankCertificate {
    let p = root().join(format!("proofs/rank/m{m:02}.json"));
    match read::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())) {
        AnyCertificate::Rank(c) => c,
        _ => panic!("{}: not a rank certificate", p.display()),
    }
}

#[test]
fn a_forged_certificate_using_the_querys_ratio_for_supersets_is_rejected() {
    // m = 9: three weight-3 words with disjoint supports and their complements, so every
    // off-diagonal entry is a strict superset (class 3+).
    let c = committed_rank(9);
    assert!(c.classes.iter().any(|cl| cl.class == "3+"), "{:?}", c.classes);
    let ctx = beside(9);
    let ok = check_rank(&c, &ctx).unwrap();
    assert!(ok.strict);
    let i = c.classes.iter().position(|cl| cl.class == "3+").unwrap();
    // Swap in the query's own ratio R(0, 3; 3) = 5/2 for the superset class.
    let own = forced_ratio(3, &q(1, 2), 3, 0, 3, true).unwrap();
    let mut t = c.clone();
    t.ratios[i] = own.into_cert();
    t.classes[i].class = "3".into();
    t.classes[i].ratio = "5/2".into();
    let err = check_rank(&t, &ctx).unwrap_err();
    assert!(err.contains("strict superset") && err.contains("R(0, 3+; 3)"), "{err}");
    // Tampering with a class count or the stated ratio is caught.
    let mut t = c.clone();
    t.classes[i].entries += 1;
    assert_eq!(check_rank(&t, &ctx).unwrap_err(), "classes[0]: stated class 3+ with 7 entries and ratio 2, recounted class 3+ with 6 entries and ratio 2");
    let mut t = c.clone();
    t.classes[i].ratio = "5/2".into();
    assert_eq!(check_rank(&t, &ctx).unwrap_err(), "classes[0]: stated class 3+ with 6 entries and ratio 5/2, recounted class 3+ with 6 entries and ratio 2");
}

fn beside(m: u32) -> Context {
    Context::beside(&root().join(format!("proofs/rank/m{m:02}.json")))
}

#[test]
fn the_strict_form_is_checked() {
    // m = 9: value is exactly 2, the plain bound 2 and the strict bound 3.
    let c = committed_rank(9);
    let ctx = beside(9);
    assert_eq!(parse_rational(&c.value).unwrap(), qi(2));
    assert_eq!((c.bound, c.strict), (3, true));
    let mut t = c.clone();
    t.strict = false;
    assert_eq!(check_rank(&t, &ctx).unwrap_err(), "bound = 3, recomputed 2 (⌈value⌉)");
    t.bound = 2;
    assert_eq!(check_rank(&t, &ctx).unwrap().bound, 2, "the plain form is still a valid claim");
    let mut t = c.clone();
    t.bound = 4;
    assert_eq!(check_rank(&t, &ctx).unwrap_err(), "bound = 4, recomputed 3 (strict form ⌊value⌋ + 1)");
    // The strict form needs a positive multiplier on a strict row for every ratio.
    let mut t = c.clone();
    t.ratios[0].multipliers.clear();
    let e = check_rank(&t, &ctx).unwrap_err();
    assert!(e.starts_with("ratio R(0, 3+; 3): multipliers: the combination leaves"), "{e}");
}

#[test]
fn committed_gap_certificates_have_pairwise_distinct_tokens() {
    let mut n = 0;
    for dir in ["proofs/settle", "proofs/regression"] {
        for e in std::fs::read_dir(root().join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "json") {
                let AnyCertificate::Gap(c) = read::read(&p).unwrap() else { panic!("{}", p.display()) };
                let t = [&c.tokens.x, &c.tokens.y, &c.tokens.z];
                assert!(t[0] != t[1] && t[0] != t[2] && t[1] != t[2], "{}: {t:?}", p.display());
                n += 1;
            }
        }
    }
    assert_eq!(n, 14 + 1344);
}

#[test]
fn check_never_prints_two_equal_tokens() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_minip")).args(args).output().unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    // d = 2: the lemma's b ≤ Kc (K = 1) holds.
    let (code, out, _) = run(&["check", "--d", "2"]);
    assert_eq!(code, 0);
    assert!(out.contains("tokens    x = 110  y = 000  z = 111  (m = 3)"), "{out}");
    // --tokens come back as given.
    let (code, out, _) = run(&["check", "--tokens", "110,000,111"]);
    assert_eq!(code, 0);
    assert!(out.contains("tokens    x = 110  y = 000  z = 111  (m = 3)"), "{out}");
    // d = 1 at ε = 1/2: K = 0 and a correct head with α(x,y) = 0 breaks it.
    let (code, out, _) = run(&["check", "--tokens", "1110,1000,1100"]);
    assert_eq!(code, 1);
    assert!(out.contains("x = 1110  y = 1000  z = 1100  (m = 4)"), "{out}");
    let (code, _, err) = run(&["check", "--tokens", "110,000,110"]);
    assert_eq!(code, 2);
    assert!(err.contains("x and z are the same token"), "{err}");
}

// ---- The independent recomputation: classes from code words, ratios by esolver. ----

/// `0`/`1` string to bits (character `b` is bit `b`).
fn word(s: &str) -> u64 {
    s.chars().enumerate().filter(|(_, c)| *c == '1').fold(0, |w, (b, _)| w | 1 << b)
}

/// docs/math.md §4.2 as an LP file, written here from the definition: classes `0..h−1`, the query
/// (`h`), and the strict supersets (`sup`, when `m > h`); for each multiset of two keys,
/// `|N − tD| ≤ εD` with `D = A_h + A_c1 + A_c2`, `N = P_h + P_c1 + P_c2`; `min A_lo`, `A_hi = 1`.
fn lp_text(h: u32, lo: &str, hi: &str, superset: bool) -> String {
    let mut classes: Vec<(String, u32)> = (0..=h).map(|o| (o.to_string(), o)).collect();
    if superset {
        classes.push(("sup".into(), h));
    }
    let mut s = format!("Minimize\n obj: A{lo}\nSubject To\n");
    let mut r = 0;
    for i in 0..classes.len() {
        for j in i..classes.len() {
            let t = h.min(classes[i].1).min(classes[j].1);
            // 2N − 2tD − D ≤ 0 and −2N + 2tD − D ≤ 0 (ε = 1/2, times 2).
            for sign in [1i64, -1] {
                let mut terms: std::collections::BTreeMap<String, i64> = Default::default();
                for c in [&classes[h as usize].0, &classes[i].0, &classes[j].0] {
                    *terms.entry(format!("P{c}")).or_default() += 2 * sign;
                    *terms.entry(format!("A{c}")).or_default() += -2 * sign * t as i64 - 1;
                }
                let body: String = terms
                    .iter()
                    .filter(|e| *e.1 != 0)
                    .map(|(v, c)| format!(" {} {} {v}", if *c < 0 { "-" } else { "+" }, c.abs()))
                    .collect();
                s.push_str(&format!(" r{r}:{body} <= 0\n"));
                r += 1;
            }
        }
    }
    s.push_str(&format!(" norm: A{hi} = 1\nBounds\n"));
    for (c, _) in &classes {
        s.push_str(&format!(" P{c} free\n"));
    }
    s.push_str("End\n");
    s
}

fn esolver_ratio(h: u32, lo: u32, class: u32, superset: bool) -> Rat {
    let hi = if class > h { "sup".to_string() } else { class.to_string() };
    let dir =
        std::env::temp_dir().join(format!("minip-superset-{}-{h}-{lo}-{hi}-{superset}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (lp, sol) = (dir.join("r.lp"), dir.join("r.sol"));
    std::fs::write(&lp, lp_text(h, &lo.to_string(), &hi, superset)).unwrap();
    let out = std::process::Command::new("esolver")
        .arg("-L")
        .arg("-O")
        .arg(&sol)
        .arg(&lp)
        .output()
        .expect("esolver (Debian package qsopt-ex) must be installed: bash .ci/deps installs it");
    assert!(out.status.success(), "esolver failed on h={h} lo={lo} hi={hi}");
    let text = std::fs::read_to_string(&sol).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(text.contains("status OPTIMAL"), "{text}");
    let v = text.lines().find_map(|l| l.trim().strip_prefix("Value = ")).expect("objective value");
    parse_rational(v.trim()).unwrap()
}

#[test]
fn every_committed_rank_bound_is_confirmed_by_an_independent_exact_solver() {
    let mut cache: std::collections::BTreeMap<(u32, u32, u32, bool), Rat> = Default::default();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("proofs/rank"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 14);
    for p in files {
        let AnyCertificate::Rank(c) = read::read(&p).unwrap() else { panic!("{}", p.display()) };
        let (m, h, lo) = (c.params.m, c.params.h, c.params.lo);
        assert_eq!((c.params.n, c.params.eps.as_str()), (3, "1/2"));
        let xs: Vec<u64> = c.code.x.iter().map(|s| word(s)).collect();
        let ys: Vec<u64> = c.code.y.iter().map(|s| word(s)).collect();
        let k = xs.len();
        // Frobenius bound: k + Σ_{i≠j} R_ij^{−2}, classes read off the words.
        let mut frob = qi(k as i64);
        for i in 0..k {
            assert_eq!(xs[i].count_ones(), h);
            assert_eq!((xs[i] & ys[i]).count_ones(), lo);
            for j in 0..k {
                if i == j {
                    continue;
                }
                let o = (xs[i] & ys[j]).count_ones();
                let class = if o == h && ys[j] != xs[i] { h + 1 } else { o };
                let r = cache
                    .entry((h, lo, class, m > h))
                    .or_insert_with(|| esolver_ratio(h, lo, class, m > h))
                    .clone();
                assert!(r.is_positive(), "{}: R = 0 for class {class}", p.display());
                frob += Rat::one() / (&r * &r);
            }
        }
        let value = qi((k * k) as i64) / frob;
        // rank > value when k ≥ 2 (every entry strictly below its bound), else rank ≥ value.
        let bound = if k >= 2 { value.floor().to_integer() + 1 } else { value.ceil().to_integer() };
        assert!(bound >= c.bound.into(), "{}: independent bound {bound} < claimed {}", p.display(), c.bound);
        assert!(!value.is_zero());
    }
}
