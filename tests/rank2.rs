//! Rank `≤ 2` refuted by two orders (docs/math.md §5.8): the committed `minip-rank2-none/1`
//! certificate at `m = 5` checks and states its formula; at `m = 4`, where a head of rank 2
//! exists, that head's own angle orders satisfy every clause of the formula built from every
//! positive forced ratio (and `minip rank --two --m 4` refutes nothing); every tampered field
//! or proof is rejected with a one-line reason; `minip frontier` reads the bound.

use crate::common::{minip, root};
use minip::control::Control;
use minip_check::check::Context;
use minip_check::claim::{check_any, Claim};
use minip_check::format::rank2::Rank2Certificate;
use minip_check::format::AnyCertificate;
use minip_check::rational::{parse_rational, Rat};
use minip_check::rows::order_cnf::{encode, Forced};
use minip_check::Error;
use num_traits::{Signed, Zero};
use std::path::PathBuf;

fn dir() -> PathBuf {
    root().join("proofs/rank2")
}

fn committed() -> Rank2Certificate {
    let text = std::fs::read_to_string(dir().join("m05.json")).unwrap();
    match minip_check::read::parse(&text).unwrap() {
        AnyCertificate::Rank2None(c) => c,
        other => panic!("{other:?}"),
    }
}

fn check(c: &Rank2Certificate, ctx: &Context) -> Result<Claim, Error> {
    check_any(&AnyCertificate::Rank2None(c.clone()), ctx)
}

fn beside() -> Context {
    Context { dir: Some(dir()), files: Vec::new() }
}

/// The rejection's message, asserted to be one line.
fn rejected(c: &Rank2Certificate, ctx: &Context) -> String {
    match check(c, ctx) {
        Err(Error::Rejected(m)) => {
            assert!(!m.contains('\n'), "{m}");
            m
        }
        other => panic!("not rejected: {other:?}"),
    }
}

#[test]
fn the_committed_refutation_at_m_5_checks() {
    let claim = check(&committed(), &beside()).unwrap();
    let Claim::Rank2None(k) = &claim else { panic!("{claim:?}") };
    assert_eq!((k.bound, k.n, k.eps.as_str(), k.m), (3, 3, "1/2", 5));
    assert_eq!(k.ratios, vec!["R(0, 2; 2) = 1", "R(0, 2+; 2) = 1"]);
    // 2·2·C(32, 3) cycle clauses and two clauses per forced quadruple.
    assert_eq!((k.quadruples, k.variables, k.clauses), (60, 992, 4 * 4960 + 2 * 60));
    assert_eq!(
        claim.to_string(),
        "rank >= 3: no head of rank <= 2 (n=3 eps=1/2 m=5; two orders, 60 quadruples from \
         R(0, 2; 2) = 1, R(0, 2+; 2) = 1, 992 variables, 19960 clauses refuted by DRAT)"
    );
}

#[test]
fn tampered_fields_and_proofs_are_rejected() {
    let ctx = beside();
    // A changed ratio: the ratio certificate's own check refuses it.
    let mut c = committed();
    c.ratios[0].ratio = "2".into();
    assert!(rejected(&c, &ctx).starts_with("ratios[0] R(0, 2; 2): "), "{}", rejected(&c, &ctx));
    // A dropped ratio: the formula has fewer quadruples than stated.
    let mut c = committed();
    c.ratios.pop();
    assert_eq!(rejected(&c, &ctx), "quadruples: stated 60, the formula gives 15");
    // The same ratio twice.
    let mut c = committed();
    c.ratios[1] = c.ratios[0].clone();
    assert_eq!(rejected(&c, &ctx), "ratios[1]: R(0, 2; 2) is listed twice");
    // Wrong m: at m = 4 the formula is another one.
    let mut c = committed();
    c.params.m = 4;
    assert_eq!(rejected(&c, &ctx), "quadruples: stated 60, the formula gives 3");
    // At m = 2 the strict supersets of a weight-2 query do not exist: its LP is refused.
    c.params.m = 2;
    assert!(rejected(&c, &ctx).starts_with("ratios[0]: its LP has the strict-superset class h+"));
    // m past the formula's limit is a limit, not a verdict.
    c.params.m = 7;
    assert!(matches!(check(&c, &ctx), Err(Error::TooLarge(_))));
    // Another eps than the ratios'.
    let mut c = committed();
    c.params.eps = "1/3".into();
    assert!(rejected(&c, &ctx).starts_with("ratios[0] has n = 3 eps = 1/2, not the certificate's"));
    // A bound other than 3.
    let mut c = committed();
    c.bound = 4;
    assert_eq!(rejected(&c, &ctx), "bound: stated 4, the refutation of rank <= 2 gives 3");
    // The proof. Its first step alone already refutes the formula (the unit is a failed
    // literal both ways: docs/math.md §5.8), so dropping any later step leaves a refutation;
    // with no step, a step that does not follow, a cut step or a literal out of range it fails.
    let proof = std::fs::read(dir().join("m05.drat")).unwrap();
    let steps: Vec<&[u8]> = proof.split_inclusive(|&b| b == 0).collect();
    assert_eq!((steps.len(), steps.last().unwrap()), (43, &&b"a\0"[..]), "42 units and the empty clause");
    let c = committed();
    for (what, bytes, why) in [
        ("every step dropped", Vec::new(), "does not derive the empty clause"),
        // The unit Q(0 before 1): the token 0 is in no forced quadruple, so nothing forces it.
        ("a unit that does not follow", [&[b'a', 2, 0][..], &proof].concat(), "step 1"),
        ("a cut step", steps[0][..2].to_vec(), ""),
        (
            "a literal out of range",
            [&[b'a', 0xa0, 0x1f, 0][..], &proof].concat(),
            "is not a variable of the formula (1..=992)",
        ),
    ] {
        let ctx = Context { dir: None, files: vec![("m05.drat".into(), bytes)] };
        let m = rejected(&c, &ctx);
        assert!(
            m.starts_with("proof 'm05.drat' (the orders of rank <= 2): ") && m.contains(why),
            "{what}: {m}"
        );
    }
    let ctx = Context { dir: None, files: vec![("m05.drat".into(), steps[0].to_vec())] };
    assert!(check(&c, &ctx).is_ok());
    let mut c = committed();
    c.proof = "../rank/m04.maximal.drat".into();
    assert!(rejected(&c, &ctx).contains("a referenced file must be a plain name"));
}

/// Whether feature `u` comes before `v` by angle (`u × v > 0`), both in `R²_{≥0}`.
fn cross(u: &[Rat], v: &[Rat]) -> Rat {
    &u[0] * &v[1] - &u[1] * &v[0]
}

/// The tokens sorted by the angle of their features (exact cross products), ties by index;
/// `pos[t]` is the place of token `t`.
fn angle_order(f: &[Vec<Rat>]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..f.len()).collect();
    order.sort_by(|&i, &j| {
        let c = cross(&f[i], &f[j]);
        (if c.is_positive() {
            std::cmp::Ordering::Less
        } else if c.is_negative() {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        })
        .then(i.cmp(&j))
    });
    let mut pos = vec![0; f.len()];
    for (p, &t) in order.iter().enumerate() {
        pos[t] = p;
    }
    pos
}

#[test]
fn the_rank_2_head_at_m_4_satisfies_the_formula_of_every_positive_ratio() {
    let text = std::fs::read_to_string(root().join("proofs/search/m04.r2.json")).unwrap();
    let AnyCertificate::SearchHead(h) = minip_check::read::parse(&text).unwrap() else { panic!() };
    assert_eq!((h.params.m, h.rank), (4, 2));
    let rat = |rows: &[Vec<String>]| -> Vec<Vec<Rat>> {
        rows.iter().map(|r| r.iter().map(|s| parse_rational(s).unwrap()).collect()).collect()
    };
    let (phi, psi) = (rat(&h.phi_q), rat(&h.phi_k));
    // Nonnegative features, none zero: angles in [0, π/2] (docs/math.md §5.8).
    for f in phi.iter().chain(&psi) {
        assert!(f.iter().all(|x| !x.is_negative()) && f.iter().any(|x| !x.is_zero()));
    }
    let ratios =
        minip::certify::rank2::positive_ratios(3, &minip_check::rational::q(1, 2), 4, &Control::new())
            .unwrap();
    assert_eq!(ratios.len(), 13);
    let forced: Vec<Forced> = ratios
        .iter()
        .map(|c| {
            let p = &c.cert().params;
            Forced { h: p.h, lo: p.lo, hi: p.hi, ratio: c.claim().value().unwrap().clone() }
        })
        .collect();
    let cnf = encode(4, &forced);
    assert_eq!(cnf.quadruples.len(), 3);
    let dot = |u: &[Rat], v: &[Rat]| &u[0] * &v[0] + &u[1] * &v[1];
    // Every forced quadruple has a positive 2x2 determinant in the head (Lemma 5.8(c)).
    for &[p, q, a, b] in &cnf.quadruples {
        let (p, q, a, b) = (p as usize, q as usize, a as usize, b as usize);
        let det =
            dot(&phi[p], &psi[a]) * dot(&phi[q], &psi[b]) - dot(&phi[p], &psi[b]) * dot(&phi[q], &psi[a]);
        assert!(det.is_positive(), "{p} {q} {a} {b}");
    }
    // The head's orders satisfy every clause (cycles and quadruples).
    let (qpos, kpos) = (angle_order(&phi), angle_order(&psi));
    let value = |lit: i32| -> bool {
        let v = lit.unsigned_abs() as usize;
        let pairs = 16 * 15 / 2;
        let (pos, idx) = if v <= pairs { (&qpos, v - 1) } else { (&kpos, v - 1 - pairs) };
        // The pair (i, j), i < j, of index idx in lexicographic order.
        let (mut i, mut rest) = (0usize, idx);
        while rest >= 15 - i {
            rest -= 15 - i;
            i += 1;
        }
        let j = i + 1 + rest;
        (pos[i] < pos[j]) == (lit > 0)
    };
    for c in &cnf.formula.clauses {
        assert!(c.iter().any(|&l| value(l)), "clause {c:?} fails");
    }
}

#[test]
fn the_command_refutes_at_m_5_and_not_at_m_4() {
    let out = crate::common::tmp("rank2", "out");
    let (code, stdout, stderr) = minip(&["rank", "--two", "--m", "5", "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("m = 5: rank >= 3: no head of rank <= 2 (two orders: 60 quadruples from 2 of 26"),
        "{stdout}"
    );
    // Byte for byte the committed files.
    for f in ["m05.json", "m05.drat"] {
        assert_eq!(std::fs::read(out.join(f)).unwrap(), std::fs::read(dir().join(f)).unwrap(), "{f}");
    }
    let (code, stdout, _) = minip(&["rank", "--two", "--m", "4"]);
    assert_eq!(code, 2);
    assert!(stdout
        .starts_with("m = 4: unknown: two orders satisfy all 3 quadruples forced by the 13 positive ratios"));
    let (code, _, stderr) = minip(&["rank", "--two", "--m", "7"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--m 7: expected 1..=6 with --two"), "{stderr}");
    let (code, _, stderr) = minip(&["rank", "--two", "--m", "5", "--linear"]);
    assert_eq!(code, 2, "{stderr}");
}

#[test]
fn the_frontier_reads_the_bound_at_m_5_and_above() {
    let (code, stdout, stderr) =
        minip(&["frontier", "--m", "5..=6", "--step", "1", "--kernel", "per-weight", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let rows: Vec<serde_json::Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let lower: Vec<(u64, &str, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["m"].as_u64().unwrap(),
                r["lower"]["bound"].as_str().unwrap(),
                r["lower"]["from_m"].as_u64().unwrap(),
            )
        })
        .collect();
    // At m = 5 the refutation itself, at m = 6 carried upward (docs/math.md §10.8).
    assert_eq!(lower, vec![(5, "3", 5), (6, "3", 5)], "{stdout}");
}
