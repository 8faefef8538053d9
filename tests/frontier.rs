//! Overlap-polynomial heads and the rank frontier (docs/math.md §10, docs/frontier.md):
//! the smallest degrees and exact ranks against the values in the docs, heads written as
//! `minip-head/1` files and verified exhaustively, an independent exact LP witness
//! (QSopt_ex on LP files written here from the definition), tampered certificates rejected
//! with the part named, the committed proofs, and the command line.

use crate::common::minip;
use minip::certify::poly::{
    head_certificate, none_certificate, per_weight_certificates, per_weight_degree, refutation,
    shared_certificates, shared_degree, sparse_shared, WeightResult,
};
use minip::check::poly::{check_poly_head, check_poly_none};
use minip::check::{Checked, Context};
use minip::claim::check_any;
use minip::format::poly::{PolyHead, PolyNone};
use minip::format::AnyCertificate;
use minip::heads::eval::verify;
use minip::model::kernel::{binom, KernelClass};
use minip::rational::{parse_rational, q};
use minip::read;
use std::path::PathBuf;
use std::process::Command;

fn per_weight(m: u32, signed: bool) -> (Checked<PolyHead>, Option<Checked<PolyNone>>, Vec<u32>) {
    let mut ws: Vec<WeightResult> = Vec::new();
    let mut start = 0;
    for h in 0..=m {
        let w = per_weight_degree(m, 3, h, signed, start).unwrap();
        start = w.result.degree;
        ws.push(w);
    }
    let refs: Vec<&WeightResult> = ws.iter().collect();
    let (head, none) = per_weight_certificates(m, 3, signed, &refs).unwrap();
    (head, none, ws.iter().map(|w| w.result.degree).collect())
}

fn shared(m: u32) -> (u32, Checked<PolyHead>, Option<Checked<PolyNone>>) {
    let r = shared_degree(m, 3, false, m.div_ceil(4), None).unwrap();
    let (head, none) = shared_certificates(m, 3, false, &r).unwrap();
    (r.degree, head, none)
}

/// docs/math.md §10.8: the smallest shared degree is ⌈m/4⌉ at every even m, but only 4 at m = 17.
#[test]
fn shared_degrees_and_ranks() {
    let want = [
        (4, 1, 5),
        (5, 2, 16),
        (6, 2, 22),
        (8, 2, 37),
        (9, 3, 130),
        (12, 3, 299),
        (13, 4, 1093),
        (16, 4, 2517),
        (17, 4, 3214),
    ];
    for (m, d, rank) in want {
        let (deg, head, none) = shared(m);
        assert_eq!(deg, d, "m = {m}");
        assert_eq!(head.claim().rank, rank.into(), "m = {m}");
        assert_eq!(head.claim().degrees, vec![Some(d)], "m = {m}");
        // Both sides: the degree below is refuted.
        let none = none.expect("d ≥ 1 has a refutation");
        assert_eq!(none.claim().refuted[0].degree_bound(), Some(d), "m = {m}");
        assert!(none.claim().refuted[0].h.is_none());
        // Σ_{k ≤ d} C(m,k)
        assert_eq!((0..=d).map(|k| binom(m as i64, k as i64)).sum::<i128>(), rank as i128);
    }
}

/// docs/math.md §10.8: per-weight ranks and the degrees d*(h) = ⌈h/5⌉ (2 ≤ h ≤ 24).
#[test]
fn per_weight_ranks_and_degrees() {
    for (m, rank) in [(4, 5u64), (5, 6), (6, 8), (7, 15), (8, 37), (10, 56), (12, 91), (14, 470), (16, 698)] {
        let (head, none, degrees) = per_weight(m, false);
        assert_eq!(head.claim().rank, rank.into(), "m = {m}");
        for (h, d) in degrees.iter().enumerate() {
            assert_eq!(*d, if h < 2 { 0 } else { (h as u32).div_ceil(5) }, "m = {m}, h = {h}");
        }
        // One refutation per query weight with d*(h) ≥ 1, each of the degree below.
        let none = none.unwrap();
        let refuted = &none.claim().refuted;
        assert_eq!(refuted.len(), degrees.iter().filter(|&&d| d > 0).count());
        for r in refuted {
            assert_eq!(r.degree_bound(), Some(degrees[r.h.unwrap() as usize]));
        }
    }
}

/// The target: at m = 24 at most 190,051 features; per-weight gives 14,975.
#[test]
fn m24_beats_the_shared_degree_bound() {
    let (d, head, _) = shared(24);
    assert_eq!((d, head.claim().rank.clone()), (6, 190_051.into()));
    let (head, _, degrees) = per_weight(24, false);
    assert_eq!(head.claim().rank, 14_975.into());
    assert_eq!(*degrees.iter().max().unwrap(), 5);
    // The rank formula's levels (docs/math.md §10.4): 1·6 + 23·5 + 252·4 + 1748·3 + 8602·1.
    let levels: Vec<(u32, String, usize)> =
        head.levels.iter().map(|l| (l.j, l.dim.clone(), l.rank)).collect();
    assert_eq!(
        levels,
        vec![
            (0, "1".into(), 6),
            (1, "23".into(), 5),
            (2, "252".into(), 4),
            (3, "1748".into(), 3),
            (4, "8602".into(), 1)
        ]
    );
}

/// Dropping f ≥ 0 does not lower any per-weight degree here (docs/frontier.md).
#[test]
fn signed_per_weight_degrees_do_not_drop() {
    for m in [6, 12] {
        let (_, _, nonneg) = per_weight(m, false);
        let (head, none, signed) = per_weight(m, true);
        assert_eq!(signed, nonneg, "m = {m}");
        assert!(head.claim().signed);
        assert!(none.unwrap().refutations.iter().all(|r| r.multipliers.iter().all(|y| y.nn.is_none())));
    }
}

/// Sparse shared supports (docs/frontier.md): m = 10 and 16 as in the research notes.
#[test]
fn sparse_shared_supports_are_inclusion_minimal() {
    for (m, support, rank) in [(6, vec![0u32, 1, 5], 13u64), (10, vec![0, 1, 2, 9], 66)] {
        let r = shared_degree(m, 3, false, m.div_ceil(4), None).unwrap();
        let sp = sparse_shared(m, 3, false, &r, 80).unwrap();
        assert_eq!(sp.support, support, "m = {m}");
        assert!(sp.minimal, "m = {m}");
        let head =
            head_certificate(m, 3, KernelClass::Shared, false, vec![sp.piece.poly.clone()], &sp.piece.values)
                .unwrap();
        assert_eq!(head.claim().rank, rank.into());
        let refs = sp.refuted.iter().map(|(s, y)| refutation(None, s, y)).collect();
        let none = none_certificate(m, 3, KernelClass::Shared, false, refs).unwrap();
        // Every support with one element dropped lies inside a refuted one.
        for k in &support {
            let less: Vec<u32> = support.iter().copied().filter(|j| j != k).collect();
            assert!(
                none.claim().refuted.iter().any(|r| less.iter().all(|j| r.support.contains(j))),
                "m = {m}, drop {k}"
            );
        }
    }
}

/// Heads for small m, written as minip-head/1 files and verified exhaustively on every
/// sequence of length 1..=3 at every position, without the coordinate symmetry; the file's
/// feature dimension (an exact factorization) is the rank the formula states.
#[test]
fn head_files_verify_exhaustively() {
    for m in 2..=5 {
        let (pw, _, _) = per_weight(m, false);
        let (_, sh, _) = shared(m);
        for cert in [pw, sh] {
            let text = minip::heads::poly::head_file(&cert).unwrap();
            let spec = minip::heads::file::parse(&text).unwrap();
            let head = minip::heads::Head::build(&spec, m).unwrap();
            assert_eq!(head.rank.to_string(), cert.rank, "m = {m}");
            let r = verify(&head, 1, 3, &q(1, 2), false, &minip::control::Control::new()).unwrap();
            assert!(r.correct(), "m = {m}: {:?}", r.first_failure().map(|w| w.describe(m)));
            // Length 3 at every query reaches exactly the certificate's worst error.
            assert_eq!(r.lens[2].max_error, cert.claim().max_error, "m = {m}");
        }
    }
}

fn tamper_head(cert: &PolyHead, f: impl Fn(&mut PolyHead)) -> String {
    let mut c = cert.clone();
    f(&mut c);
    check_poly_head(&c).unwrap_err().to_string()
}

fn tamper_none(cert: &PolyNone, f: impl Fn(&mut PolyNone)) -> String {
    let mut c = cert.clone();
    f(&mut c);
    check_poly_none(&c).unwrap_err().to_string()
}

#[test]
fn tampered_heads_are_rejected_with_the_part_named() {
    let (pw, _, _) = per_weight(8, false);
    let (_, sh, _) = shared(8);
    let (pw, sh) = (pw.cert().clone(), sh.cert().clone());
    // A value s moved far: that sequence fails.
    let e = tamper_head(&sh, |c| c.values[5].s[0] = "100".into());
    assert!(e.starts_with("h = 5, keys {0,"), "{e}");
    // A coefficient changed: some sequence fails, or the kernel goes negative.
    let e = tamper_head(&sh, |c| c.polys[0].c[0] = "-1".into());
    assert!(e.contains("negative") || e.contains("not below 1/2") || e.contains("not positive"), "{e}");
    let e = tamper_head(&pw, |c| c.polys[3].c[0] = "0".into());
    assert!(e.starts_with("polys[3].c[0]: a coefficient in the support must be nonzero"), "{e}");
    // The claimed rank, a level, the worst error.
    let e = tamper_head(&sh, |c| c.rank = "36".into());
    assert!(e.starts_with("rank: stated 36 but the levels give 37"), "{e}");
    let e = tamper_head(&pw, |c| c.levels[0].rank += 1);
    assert!(e.starts_with("levels: entry 0 differs"), "{e}");
    let e = tamper_head(&pw, |c| c.max_error = "1/3".into());
    assert!(e.starts_with("max_error: stated 1/3"), "{e}");
    // Structure: a support outside the overlaps, a missing query weight, a wrong class count.
    let e = tamper_head(&pw, |c| c.polys[2].support = vec![0, 3]);
    assert!(e.starts_with("polys[2]: support element 3 is above 2"), "{e}");
    let e = tamper_head(&pw, |c| {
        c.values.pop();
    });
    assert!(e.starts_with("values: need one entry per query weight 0..=8"), "{e}");
    let e = tamper_head(&pw, |c| {
        c.values[4].s.pop();
    });
    assert!(e.starts_with("values[4]: 5 values for 6 key classes"), "{e}");
    let e = tamper_head(&sh, |c| c.params.kernel = "per_weight".into());
    assert!(e.starts_with("polys: a per_weight kernel over m = 8 has 9 polynomials"), "{e}");
    let e = tamper_head(&sh, |c| c.params.m = 65);
    assert!(e.starts_with("too large to check: m = 65 (the limit is m ≤ 64)"), "{e}");
    // A kernel negative somewhere is refused unless the certificate says signed; a signed
    // head still needs D > 0.
    let (spw, _, _) = per_weight(6, true);
    let mut neg = spw.cert().clone();
    neg.params.signed = false;
    if let Err(e) = check_poly_head(&neg) {
        assert!(e.contains("negative"), "{e}");
    }
}

#[test]
fn tampered_refutations_are_rejected_with_the_part_named() {
    let (_, _, none) = shared(12);
    let none = none.unwrap().cert().clone();
    // A multiplier changed: the combination no longer cancels.
    let e = tamper_none(&none, |c| {
        let y = parse_rational(&c.refutations[0].multipliers[0].y).unwrap();
        c.refutations[0].multipliers[0].y = minip::rational::fmt_q(&(y * q(3, 2)));
    });
    assert!(e.starts_with("refutations[0]: the combination leaves"), "{e}");
    // One dropped.
    let e = tamper_none(&none, |c| {
        c.refutations[0].multipliers.remove(0);
    });
    assert!(e.starts_with("refutations[0]: the combination leaves"), "{e}");
    // A larger support (degree 3, which has a head) cannot be refuted by these rows.
    let e = tamper_none(&none, |c| c.refutations[0].support.push(3));
    assert!(e.contains("leaves") && e.contains("c_3"), "{e}");
    // Rows named wrongly, twice, or a nonnegativity row in a signed refutation.
    let e = tamper_none(&none, |c| c.refutations[0].multipliers[0].y = "-1".into());
    assert!(e.contains("multiplier -1 is not positive"), "{e}");
    let e = tamper_none(&none, |c| {
        let y = c.refutations[0].multipliers[0].clone();
        c.refutations[0].multipliers.push(y);
    });
    assert!(e.contains("row listed twice"), "{e}");
    let e = tamper_none(&none, |c| {
        let first = c.refutations[0].multipliers.iter_mut().find(|y| y.classes.is_some()).unwrap();
        first.classes = Some([20, 20]);
    });
    assert!(e.contains("are not a nondecreasing pair"), "{e}");
    if none.refutations[0].multipliers.iter().any(|y| y.nn.is_some()) {
        let e = tamper_none(&none, |c| c.params.signed = true);
        assert!(e.contains("a signed kernel has no nonnegativity rows"), "{e}");
    }
    let e = tamper_none(&none, |c| c.refutations[0].h = Some(3));
    assert!(e.starts_with("refutations[0]: a shared refutation has no h"), "{e}");
    let e = tamper_none(&none, |c| c.format = "minip-poly-none/0".into());
    assert!(e.starts_with("format: expected minip-poly-none/1"), "{e}");
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every committed certificate under proofs/frontier passes its check; the head files
/// (m ≤ 8) verify exhaustively with the rank their certificate states.
#[test]
fn committed_frontier_proofs_verify() {
    let dir = repo().join("proofs/frontier");
    let files = minip_check::verify::collect(std::slice::from_ref(&dir)).unwrap();
    assert_eq!(files.len(), 88, "certificates under proofs/frontier");
    for f in &files {
        let cert = read::read(f).unwrap();
        let summary = check_any(&cert, &Context::beside(f))
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()))
            .to_string();
        assert!(
            summary.contains("overlap-polynomial head") || summary.contains("overlap polynomials"),
            "{summary}"
        );
    }
    // m = 24: the per-weight head of rank 14,975 and the refutation of shared degree 5.
    let AnyCertificate::PolyHead(h) = read::read(&dir.join("m24.per_weight.json")).unwrap() else { panic!() };
    assert_eq!(check_poly_head(&h).unwrap().rank, 14_975.into());
    let AnyCertificate::PolyNone(n) = read::read(&dir.join("m24.shared.none.json")).unwrap() else {
        panic!()
    };
    assert_eq!(check_poly_none(&n).unwrap().refuted[0].degree_bound(), Some(6));
    for m in [4, 6, 8] {
        for class in ["per_weight", "shared"] {
            let p = dir.join(format!("m{m:02}.{class}.head"));
            let AnyCertificate::PolyHead(c) = read::read(&dir.join(format!("m{m:02}.{class}.json"))).unwrap()
            else {
                panic!()
            };
            let head = minip::heads::load(p.to_str().unwrap(), None, None, 3).unwrap();
            assert_eq!(head.rank.to_string(), c.rank, "{}", p.display());
            let r = verify(&head, 1, 3, &q(1, 2), true, &minip::control::Control::new()).unwrap();
            assert!(r.correct(), "{}", p.display());
        }
    }
}

// An independent witness: the class LP written here from the definition (docs/math.md
// §10.2), not through minip's row builders, solved exactly by QSopt_ex.

fn class_lp_text(m: u32, d: u32) -> String {
    let c = |o: u32, k: u32| binom(o as i64, k as i64);
    let mut s = String::from("Minimize\n obj: 0 c0\nSubject To\n");
    for h in 0..=m {
        let k = h + 1 + u32::from(h < m);
        let ov = |cl: u32| cl.min(h);
        for a in 0..k {
            for b in a..k {
                let t = ov(a).min(ov(b)) as i128;
                // D = f(h) + f(o_a) + f(o_b); N = P_h + P_a + P_b.
                let mut dk = vec![0i128; d as usize + 1];
                for o in [h, ov(a), ov(b)] {
                    for (kk, v) in dk.iter_mut().enumerate() {
                        *v += c(o, kk as u32);
                    }
                }
                let mut p = std::collections::BTreeMap::new();
                for cl in [h, a, b] {
                    *p.entry(cl).or_insert(0i128) += 1;
                }
                for (name, dsign, psign) in [("u", -(2 * t + 1), 2i128), ("l", 2 * t - 1, -2i128)] {
                    s.push_str(&format!(" {name}_{h}_{a}_{b}:"));
                    let mut n = 0;
                    for (kk, v) in dk.iter().enumerate() {
                        s.push_str(&format!(" {:+} c{kk}", dsign * v));
                        n += 1;
                        if n % 8 == 0 {
                            s.push('\n');
                        }
                    }
                    for (cl, v) in &p {
                        s.push_str(&format!(" {:+} p_{h}_{cl}", psign * v));
                    }
                    s.push_str(" <= -1\n");
                }
            }
        }
    }
    for o in 0..=m {
        s.push_str(&format!(" nn{o}:"));
        for kk in 0..=d {
            s.push_str(&format!(" {:+} c{kk}", c(o, kk)));
        }
        s.push_str(" >= 0\n");
    }
    s.push_str("Bounds\n");
    for kk in 0..=d {
        s.push_str(&format!(" c{kk} free\n"));
    }
    for h in 0..=m {
        for cl in 0..h + 1 + u32::from(h < m) {
            s.push_str(&format!(" p_{h}_{cl} free\n"));
        }
    }
    s.push_str("End\n");
    s
}

fn esolver_feasible(text: &str, tag: &str) -> bool {
    let dir = std::env::temp_dir().join(format!("minip-frontier-witness-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (file, sol) = (dir.join("class.lp"), dir.join("class.sol"));
    std::fs::write(&file, text).unwrap();
    let out = Command::new("esolver").arg("-L").arg("-O").arg(&sol).arg(&file).output().unwrap_or_else(|e| {
        panic!("cannot run esolver ({e}): the witness needs QSopt_ex (.ci/deps installs it)")
    });
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let result = std::fs::read_to_string(&sol).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    if stdout.contains("Infeasible") || result.contains("INFEASIBLE") {
        false
    } else if result.contains("OPTIMAL") || stdout.contains("Optimal") {
        true
    } else {
        panic!("esolver: no status\n{stdout}\n{result}")
    }
}

#[test]
fn esolver_agrees_on_the_smallest_shared_degree() {
    for (m, d) in [(4, 1), (5, 2), (7, 2), (9, 3)] {
        assert!(
            !esolver_feasible(&class_lp_text(m, d - 1), &format!("{m}-{}", d - 1)),
            "m = {m}: degree {} should be infeasible",
            d - 1
        );
        assert!(
            esolver_feasible(&class_lp_text(m, d), &format!("{m}-{d}")),
            "m = {m}: degree {d} should be feasible"
        );
        assert_eq!(shared(m).0, d, "m = {m}");
    }
}

#[test]
fn frontier_command_rows_and_errors() {
    let (code, out, err) = minip(&["frontier", "--m", "4..=8", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r["kind"] == "frontier.row"));
    assert_eq!(rows[0]["m"], 4);
    assert_eq!(rows[0]["lower"]["bound"], "2");
    assert_eq!(rows[2]["per_weight"]["rank"], "37");
    assert_eq!(rows[2]["shared"]["degree"], 2);
    // m = 6: the per-weight head has 8 features, the searched head (proofs/search) 4.
    assert_eq!(rows[1]["per_weight"]["rank"], "8");
    assert_eq!(rows[1]["best_upper"]["rank"], "4");
    let (_, again, _) = minip(&["frontier", "--m", "4..=8", "--json"]);
    assert_eq!(out, again, "byte-identical reruns");
    for (args, needle) in [
        (&["frontier", "--m", "0..=4"][..], "out of range (1..=64)"),
        (&["frontier", "--m", "60..=66"], "m = 66 is out of range"),
        (&["frontier", "--m", "4", "--kernel", "cubic"], "unknown class 'cubic'"),
        (&["frontier", "--m", "4", "--step", "0"], "need step ≥ 1"),
        (&["frontier", "--m", "4..x"], "malformed range"),
    ] {
        let (code, _, err) = minip(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

/// A committed lower-bound certificate that fails its check makes the frontier exit 1.
#[test]
fn frontier_exits_1_on_a_rejected_lower_bound() {
    let dir = std::env::temp_dir().join(format!("minip-frontier-rank-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(repo().join("proofs/rank/m05.json")).unwrap();
    std::fs::write(dir.join("m05.json"), text.replacen("\"bound\": 2", "\"bound\": 3", 1)).unwrap();
    let (code, _, err) =
        minip(&["frontier", "--m", "6", "--kernel", "per_weight", "--rank-dir", dir.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("rejected"), "{err}");
}

/// The checker's verdict on a per-weight refutation is about one query weight only.
#[test]
fn per_weight_refutations_name_their_query_weight() {
    let (_, none, _) = per_weight(10, false);
    let none = none.unwrap();
    let e = tamper_none(none.cert(), |c| c.refutations[0].h = None);
    assert!(e.contains("a per_weight refutation needs h"), "{e}");
    let e = tamper_none(none.cert(), |c| {
        let r = &mut c.refutations[1];
        let y = r.multipliers.iter_mut().find(|y| y.h.is_some()).unwrap();
        y.h = Some(y.h.unwrap() + 1);
    });
    assert!(e.contains("in the refutation of h ="), "{e}");
}

/// m = 2, 3: rank-1 heads (query-independent weights `b(k)`, found by an exact LP) are
/// correct on every sequence of length 1..=3, so the minimum rank is exactly 1 there; at m = 4
/// the committed rank certificate proves rank ≥ 2 (docs/frontier.md).
#[test]
fn rank_one_heads_meet_the_lower_bound_at_m_2_and_3() {
    for m in [2, 3] {
        let p = repo().join(format!("instances/heads/rank1-m{m}.json"));
        let head = minip::heads::load(p.to_str().unwrap(), None, None, 3).unwrap();
        assert_eq!((head.m, head.rank), (m, 1));
        let r = verify(&head, 1, 3, &q(1, 2), false, &minip::control::Control::new()).unwrap();
        assert!(r.correct(), "m = {m}");
    }
    let AnyCertificate::Rank(c) = read::read(&repo().join("proofs/rank/m04.json")).unwrap() else { panic!() };
    assert_eq!(c.bound, 2);
    check_any(&AnyCertificate::Rank(c), &Context::beside(&repo().join("proofs/rank/m04.json"))).unwrap();
}

/// The committed certificates the frontiers read by default are built in: every file of the
/// selection under `proofs/` is built in, byte for byte, and nothing else.
#[test]
fn the_built_in_certificates_are_the_committed_ones() {
    use minip::batch::committed::{selected, DIRS};
    for (dir, files) in DIRS {
        let mut on_disk: Vec<String> = std::fs::read_dir(crate::common::root().join("proofs").join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| selected(dir, n))
            .collect();
        on_disk.sort();
        let built_in: Vec<String> = files.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(built_in, on_disk, "proofs/{dir}");
        for (name, bytes) in *files {
            let path = crate::common::root().join("proofs").join(dir).join(name);
            assert!(std::fs::read(&path).unwrap() == *bytes, "{}", path.display());
        }
    }
}

/// The lower bounds do not depend on the working directory: run from an empty temporary
/// directory, `frontier` and `multihead frontier` read the committed certificates (built in),
/// with no warning; a directory given still wins (`-`: none).
#[test]
fn the_lower_bounds_are_found_from_any_working_directory() {
    let dir = crate::common::tmp("frontier", "cwd");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_minip"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
    };
    let (code, out, err) = run(&["frontier", "--m", "24", "--kernel", "per_weight", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let row: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (row["lower"]["bound"].as_str(), row["lower"]["from_m"].as_u64()),
        (Some("21"), Some(24)),
        "{out}"
    );
    assert!(!err.contains("warning"), "{err}");
    // The searched heads beside proofs/rank and the weighted bounds are built in too.
    let (_, out, _) = run(&["frontier", "--m", "4", "--kernel", "per_weight", "--json"]);
    let row: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (row["lower"]["bound"].as_str(), row["best_upper"]["class"].as_str()),
        (Some("2"), Some("searched"))
    );
    let (_, out, _) = run(&["frontier", "--m", "24", "--kernel", "per_weight", "--rank-dir", "-", "--json"]);
    assert!(serde_json::from_str::<serde_json::Value>(out.trim()).unwrap()["lower"].is_null(), "{out}");
    let (code, out, err) = run(&["multihead", "frontier", "--heads", "3", "--m", "16", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let row: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (row["single_head_rank"].as_str(), row["single_head_lower"].as_str()),
        (Some("698"), Some("8")),
        "{out}"
    );
    assert!(!err.contains("warning"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
