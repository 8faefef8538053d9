//! The frontier at sequence length n > 3 (`minip frontier --n N`, docs/frontier.md, docs/math.md
//! §10.10): the committed certificates under proofs/frontier-n verify with the values in the
//! docs; a head is checked independently by brute force over every real token sequence of length
//! ≤ n (m = 4) and over every class multiset (not only the rows `{c1, c2^(n−2)}`); tampered
//! copies (n, degree, coefficient) are rejected; the command line refuses bad n before work.

use crate::common::minip;
use minip::certify::poly::{per_weight_certificates, per_weight_degree, WeightResult};
use minip::check::poly::{check_poly_head, check_poly_none};
use minip::check::{Checked, Context};
use minip::claim::check_any;
use minip::format::poly::{PolyHead, PolyNone};
use minip::rational::{parse_rational, Rat};
use num_traits::{Signed, Zero};
use std::path::PathBuf;
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn per_weight(m: u32, n: u32) -> (Checked<PolyHead>, Option<Checked<PolyNone>>, Vec<u32>) {
    let mut ws: Vec<WeightResult> = Vec::new();
    let mut start = 0;
    for h in 0..=m {
        let w = per_weight_degree(m, n, h, false, start).unwrap();
        start = w.result.degree;
        ws.push(w);
    }
    let refs: Vec<&WeightResult> = ws.iter().collect();
    let (head, none) = per_weight_certificates(m, n, false, &refs).unwrap();
    (head, none, ws.iter().map(|w| w.result.degree).collect())
}

/// `f_h(o)` and `s_h(class)` of a head certificate, exactly.
struct Table {
    c: Vec<Vec<(u32, Rat)>>,
    s: Vec<Vec<Rat>>,
}

fn binom(n: u32, k: u32) -> i64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1i64, |acc, i| acc * (n - i) as i64 / (i + 1) as i64)
}

impl Table {
    fn new(c: &PolyHead) -> Table {
        let q = |x: &String| parse_rational(x).unwrap();
        Table {
            c: c.polys.iter().map(|p| p.support.iter().copied().zip(p.c.iter().map(q)).collect()).collect(),
            s: c.values.iter().map(|v| v.s.iter().map(q).collect()).collect(),
        }
    }
    fn f(&self, h: u32, o: u32) -> Rat {
        self.c[h as usize]
            .iter()
            .fold(Rat::zero(), |acc, (k, ck)| acc + ck * Rat::from_integer(binom(o, *k).into()))
    }
}

/// The largest `|ŷ − t|` over every class multiset of `len − 1` keys, `len = 1..=n`, every
/// query weight (all multisets, by recursion; `D > 0` asserted).
fn worst_over_multisets(m: u32, n: u32, t: &Table) -> Rat {
    let mut worst = Rat::zero();
    for h in 0..=m {
        let k = h + 1 + u32::from(h < m);
        let alpha: Vec<Rat> = (0..k).map(|c| t.f(h, c.min(h))).collect();
        #[allow(clippy::too_many_arguments)]
        fn rec(
            at: u32,
            left: u32,
            k: u32,
            h: u32,
            (d, num, tmin): (Rat, Rat, u32),
            alpha: &[Rat],
            s: &[Rat],
            worst: &mut Rat,
        ) {
            let err = (num.clone() / &d - Rat::from_integer(tmin.into())).abs();
            assert!(d.is_positive());
            assert!(err < Rat::new(1.into(), 2.into()), "h = {h}: |ŷ − t| = {err}");
            if err > *worst {
                *worst = err;
            }
            if left == 0 {
                return;
            }
            for c in at..k {
                let a = &alpha[c as usize];
                rec(
                    c,
                    left - 1,
                    k,
                    h,
                    (&d + a, &num + a * &s[c as usize], tmin.min(c.min(h))),
                    alpha,
                    s,
                    worst,
                );
            }
        }
        let s = &t.s[h as usize];
        let a = alpha[h as usize].clone();
        rec(0, n - 1, k, h, (a.clone(), &a * &s[h as usize], h), &alpha, s, &mut worst);
    }
    worst
}

/// The reduction to the rows `{c1, c2^(n−2)}` (docs/math.md §10.10) against every class
/// multiset of every length ≤ n: the checker's `max_error` is the true maximum.
#[test]
fn rows_decide_every_shorter_and_every_multiset() {
    for (m, n) in [(6, 4), (8, 5), (6, 8)] {
        let (head, _, _) = per_weight(m, n);
        let worst = worst_over_multisets(m, n, &Table::new(head.cert()));
        assert_eq!(worst, head.claim().max_error, "m = {m}, n = {n}");
    }
}

/// m = 4, n = 4: every real sequence of 1..=4 tokens of {0,1}^4 at its first position (the
/// output at any position is the output of the sequence starting there), from the tokens.
#[test]
fn m4_n4_head_is_correct_on_every_token_sequence() {
    let (m, n) = (4u32, 4u32);
    let (head, _, degrees) = per_weight(m, n);
    assert_eq!(head.claim().rank, 6.into());
    assert_eq!(degrees, vec![0, 0, 1, 1, 2]);
    let t = Table::new(head.cert());
    let w = |x: u32| x.count_ones();
    let class = |x: u32, z: u32| {
        let o = (x & z).count_ones();
        if o < w(x) {
            o
        } else if z == x {
            w(x)
        } else {
            w(x) + 1
        }
    };
    let half = Rat::new(1.into(), 2.into());
    let mut count = 0;
    for x in 0..16u32 {
        let h = w(x);
        for len in 1..=n {
            let keys = 16u32.pow(len - 1);
            for code in 0..keys {
                let mut rest: Vec<u32> = Vec::new();
                let mut c = code;
                for _ in 1..len {
                    rest.push(c % 16);
                    c /= 16;
                }
                let (mut d, mut num, mut target) = (Rat::zero(), Rat::zero(), h);
                for z in std::iter::once(x).chain(rest) {
                    let a = t.f(h, (x & z).count_ones());
                    num += &a * &t.s[h as usize][class(x, z) as usize];
                    d += a;
                    target = target.min((x & z).count_ones());
                }
                assert!(d.is_positive());
                assert!((num / d - Rat::from_integer(target.into())).abs() < half, "x = {x:04b}");
                count += 1;
            }
        }
    }
    assert_eq!(count, 16 * (1 + 16 + 256 + 4096));
    let _ = m;
}

fn committed() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for n in 4..=8 {
        let dir = repo().join(format!("proofs/frontier-n/n{n}"));
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        out.extend(files);
    }
    out
}

/// Every committed certificate passes; the ranks of docs/frontier.md.
#[test]
fn committed_certificates_verify() {
    let files = committed();
    // Every even m = 4..24 for n = 4..8, a head and a refutation file each: no unknown cell.
    assert_eq!(files.len(), 5 * 11 * 2, "{} files", files.len());
    for f in &files {
        let c = minip::read::read(f).unwrap();
        check_any(&c, &Context::beside(f)).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
    }
    for (n, m, rank) in [
        (4, 24, 200_678u64),
        (5, 24, 578_935),
        (6, 24, 1_316_155),
        (7, 22, 479_040),
        (7, 24, 1_662_259),
        (8, 16, 16_834),
        (8, 20, 181_776),
        (8, 22, 682_530),
        (8, 24, 2_152_596),
        (8, 4, 9),
    ] {
        let f = repo().join(format!("proofs/frontier-n/n{n}/m{m:02}.per_weight.json"));
        let c: PolyHead = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        let claim = check_poly_head(&c).unwrap();
        assert_eq!((claim.n, claim.m, claim.rank), (n, m, rank.into()));
    }
    // `minip verify` accepts the directory too.
    let out = Command::new(env!("CARGO_BIN_EXE_minip"))
        .args(["verify", "proofs/frontier-n"])
        .current_dir(repo())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Every committed head comes with the refutation of every smaller degree at every query
/// weight (no `*` cell in docs/frontier.md): the refuted bound is the head's degree.
#[test]
fn every_committed_degree_is_the_smallest() {
    for n in 4..=8u32 {
        for m in (4..=24u32).step_by(2) {
            let hc = check_poly_head(&head(n, m)).unwrap();
            let nc = check_poly_none(&none(n, m)).unwrap();
            for (h, d) in hc.degrees.iter().enumerate() {
                let d = d.unwrap_or(0);
                let refuted = nc
                    .refuted
                    .iter()
                    .filter(|r| r.h == Some(h as u32))
                    .filter_map(|r| r.degree_bound())
                    .max()
                    .unwrap_or(0);
                assert_eq!(refuted, d, "n = {n}, m = {m}, h = {h}: degree {d}, refuted below {refuted}");
            }
        }
    }
}

/// n = 8, h = 21 (with h⁺): HiGHS's answer does not round there (a head spans nine orders of
/// magnitude; the weight left n = 8, m = 22 and 24 unknown before); the exact simplex of
/// `repair::poly_simplex` settles it: degree 11 with the refutation of degree 10.
#[test]
fn ill_conditioned_weight_is_settled_exactly() {
    let w = per_weight_degree(22, 8, 21, false, 11).unwrap();
    assert_eq!(w.result.degree, 11);
    assert!(w.result.unsettled.is_none());
    assert!(w.result.refutation.is_some());
    let f = &w.result.piece.poly;
    let (lo, hi) = (f.eval(21), f.eval(0));
    assert!(hi / lo > Rat::from_integer(100_000_000.into()), "dynamic range of f_21");
}

/// A file without `n` means n = 3, and an n = 3 certificate is written without it.
#[test]
fn n_is_optional_and_defaults_to_three() {
    let f = repo().join("proofs/frontier/m08.per_weight.json");
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(!text.contains("\"n\""));
    let c: PolyHead = serde_json::from_str(&text).unwrap();
    assert_eq!(c.params.n, 3);
    assert_eq!(check_poly_head(&c).unwrap().n, 3);
    assert!(!serde_json::to_string(&c).unwrap().contains("\"n\""));
}

fn head(n: u32, m: u32) -> PolyHead {
    let f = repo().join(format!("proofs/frontier-n/n{n}/m{m:02}.per_weight.json"));
    serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()
}

fn none(n: u32, m: u32) -> PolyNone {
    let f = repo().join(format!("proofs/frontier-n/n{n}/m{m:02}.per_weight.none.json"));
    serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()
}

#[test]
fn tampered_certificates_are_rejected() {
    // Edited n: a length-5 head claimed for length 8 fails a sequence; refutations at another
    // length no longer cancel; n outside 3..=1024 is refused.
    let mut c = head(5, 12);
    c.params.n = 8;
    let e = check_poly_head(&c).unwrap_err();
    assert!(e.contains("is not below 1/2") || e.contains("max_error"), "{e}");
    // (A head for length 8 is also one for length 5: that edit is a true, weaker claim.)
    let mut c = head(8, 12);
    c.params.n = 5;
    assert!(check_poly_head(&c).is_err(), "max_error changes with n");
    for n in [4, 6] {
        let mut r = none(5, 12);
        r.params.n = n;
        let e = check_poly_none(&r).unwrap_err();
        assert!(e.contains("the combination leaves"), "{e}");
    }
    let mut r = none(5, 12);
    r.params.n = 2;
    assert!(check_poly_none(&r).unwrap_err().contains("params.n"));
    let mut c = head(5, 12);
    c.params.n = 1025;
    assert!(check_poly_head(&c).unwrap_err().contains("params.n"));
    // Edited degree: drop the top term of f_12 (degree 5 at n = 5, m = 12).
    let mut c = head(5, 12);
    let p = &mut c.polys[12];
    assert_eq!(p.support.last(), Some(&5));
    p.support.pop();
    p.c.pop();
    assert!(check_poly_head(&c).is_err());
    // Edited degree in a refutation: claim degree ≤ d refuted instead of ≤ d − 1.
    let mut r = none(5, 12);
    let k = r.refutations[0].support.len() as u32;
    r.refutations[0].support.push(k);
    assert!(check_poly_none(&r).is_err());
    // Edited coefficient.
    let mut c = head(5, 12);
    c.polys[12].c[0] = format!("{}1", c.polys[12].c[0]);
    assert!(check_poly_head(&c).is_err());
    // Edited multiplier.
    let mut r = none(5, 12);
    r.refutations[0].multipliers[0].y = format!("{}1", r.refutations[0].multipliers[0].y);
    assert!(check_poly_none(&r).unwrap_err().contains("the combination leaves"));
    // The exactly solved files (n = 8, m = 24): a value s moved by 1, the top coefficient of
    // f_24 doubled, a multiplier of the last query weight moved by one unit in the last place,
    // a multiplier dropped.
    let mut c = head(8, 24);
    let s = &mut c.values[24].s[0];
    *s = (parse_rational(s).unwrap() + Rat::from_integer(1.into())).to_string();
    assert!(check_poly_head(&c).is_err());
    let mut c = head(8, 24);
    let k = c.polys[24].c.len() - 1;
    c.polys[24].c[k] = (parse_rational(&c.polys[24].c[k]).unwrap() * Rat::from_integer(2.into())).to_string();
    assert!(check_poly_head(&c).is_err());
    let mut r = none(8, 24);
    let last = r.refutations.len() - 1;
    let y = &mut r.refutations[last].multipliers[0].y;
    *y = bump(y);
    assert!(check_poly_none(&r).is_err());
    let mut r = none(8, 24);
    r.refutations[last].multipliers.pop();
    assert!(check_poly_none(&r).is_err());
}

/// `p/q` → `(p + 1)/q` (or `p + 1`).
fn bump(x: &str) -> String {
    let v = parse_rational(x).unwrap();
    Rat::new(v.numer() + 1, v.denom().clone()).to_string()
}

#[test]
fn frontier_n_command() {
    let (code, out, err) =
        minip(&["frontier", "--n", "4..=5", "--m", "4..=8", "--kernel", "per_weight", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let got: Vec<(u64, u64, String)> = rows
        .iter()
        .map(|r| {
            (
                r["n"].as_u64().unwrap(),
                r["m"].as_u64().unwrap(),
                r["per_weight"]["rank"].as_str().unwrap().into(),
            )
        })
        .collect();
    let want = [(4, 4, "6"), (4, 6, "22"), (4, 8, "45"), (5, 4, "9"), (5, 6, "23"), (5, 8, "66")];
    assert_eq!(got, want.map(|(n, m, r)| (n, m, r.to_string())));
    for bad in ["2", "1025", "3..=2000", "x"] {
        let (code, out, err) = minip(&["frontier", "--n", bad, "--m", "4"]);
        assert_eq!(code, 2, "--n {bad}");
        assert!(out.is_empty());
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains("--n"), "{err}");
    }
}
