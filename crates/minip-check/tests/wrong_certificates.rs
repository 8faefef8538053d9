//! Internally consistent but wrong certificates: every field agrees with every other field
//! that is derived from it, yet the claim is false. Each test names the part of the check
//! that must fail, and where it helps, shows with a control that everything else passes.
//! Built from copies of committed certificates (tests/fixtures/proofs), with the checker alone
//! (no solver).

use minip_check::check::drup::{check_refutation, Encoding};
use minip_check::check::rank_bound::{entrywise_value, lemma_value, rank_bound, strict_bound};
use minip_check::check::{check_gap, check_rank, check_ratio, check_sharp, class_label, Context, Verdict};
use minip_check::format::gap::GapCertificate;
use minip_check::format::rank::{RankCertificate, RankClass};
use minip_check::format::ratio::RatioCertificate;
use minip_check::format::sharp::SharpCertificate;
use minip_check::format::AnyCertificate;
use minip_check::model::code::{bits, parse_bits, Code, Shape};
use minip_check::rational::{fmt_q, parse_rational, q, qi, Rat};
use minip_check::rows::cnf::encode;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn proofs(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/proofs").join(rel)
}

fn read(rel: &str) -> AnyCertificate {
    let p = proofs(rel);
    minip_check::read::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn gap(rel: &str) -> GapCertificate {
    match read(rel) {
        AnyCertificate::Gap(c) => c,
        _ => panic!("{rel}: not a gap certificate"),
    }
}

fn ratio(rel: &str) -> RatioCertificate {
    match read(rel) {
        AnyCertificate::Ratio(c) => c,
        _ => panic!("{rel}: not a ratio certificate"),
    }
}

fn rank(m: u32) -> RankCertificate {
    match read(&format!("rank/m{m:02}.json")) {
        AnyCertificate::Rank(c) => c,
        _ => panic!("m{m:02}: not a rank certificate"),
    }
}

fn r(s: &str) -> Rat {
    parse_rational(s).unwrap()
}

// ---- gap heads ----

const BROKEN: &str = "settle/n3_eps1-2_h2_u0_w2_paper_b2.json";

/// `ŷ = Σ i_k α_k s_k / Σ i_k α_k` for every listed sequence, from the head's tables,
/// computed here (not by the checker).
fn recomputed_outputs(c: &GapCertificate) -> Vec<Rat> {
    let h = c.head.as_ref().unwrap();
    let alpha = [r(&h.alpha.triple().x), r(&h.alpha.triple().y), r(&h.alpha.triple().z)];
    let s = [r(&h.s.triple().x), r(&h.s.triple().y), r(&h.s.triple().z)];
    c.sequences
        .iter()
        .map(|seq| {
            let (mut num, mut den) = (Rat::zero(), Rat::zero());
            for k in 0..3 {
                let m = qi(seq.mult[k] as i64);
                num += &m * &alpha[k] * &s[k];
                den += &m * &alpha[k];
            }
            num / den
        })
        .collect()
}

/// Sets `s(x, token j)` so that sequence `i` has output exactly `yhat`, then states every
/// output consistently with the new tables.
fn with_output(good: &GapCertificate, j: usize, i: usize, yhat: Rat) -> GapCertificate {
    let mut c = good.clone();
    let h = c.head.as_mut().unwrap();
    let alpha = [r(&h.alpha.triple().x), r(&h.alpha.triple().y), r(&h.alpha.triple().z)];
    let s = [r(&h.s.triple().x), r(&h.s.triple().y), r(&h.s.triple().z)];
    let mult = c.sequences[i].mult.map(|m| qi(m as i64));
    let den: Rat = (0..3).map(|k| &mult[k] * &alpha[k]).sum();
    let rest: Rat = (0..3).filter(|&k| k != j).map(|k| &mult[k] * &alpha[k] * &s[k]).sum();
    assert!(!(&mult[j] * &alpha[j]).is_zero(), "token {j} does not occur with weight in sequence {i}");
    let sj = (&yhat * den - rest) / (&mult[j] * &alpha[j]);
    {
        let t = h.s.triple_mut();
        *[&mut t.x, &mut t.y, &mut t.z][j] = fmt_q(&sj);
    }
    let outs = recomputed_outputs(&c);
    for (o, y) in c.head.as_mut().unwrap().outputs.iter_mut().zip(&outs) {
        o.yhat = fmt_q(y);
    }
    assert_eq!(outs[i], yhat);
    c
}

#[test]
fn a_head_with_consistent_outputs_that_miss_the_tolerance_is_rejected() {
    let good = gap(BROKEN);
    assert_eq!(check_gap(&good).unwrap(), Verdict::Broken);
    // The committed outputs are the recomputed ones, so tampering with a table and
    // restating the outputs leaves only |ŷ − t| < ε (and the bound) to catch it.
    let stated: Vec<Rat> = good.head.as_ref().unwrap().outputs.iter().map(|o| r(&o.yhat)).collect();
    assert_eq!(stated, recomputed_outputs(&good));
    let eps = q(1, 2);
    let names: Vec<String> = good.sequences.iter().map(|s| s.name.clone()).collect();
    let targets: Vec<Rat> = good.sequences.iter().map(|s| qi(s.target as i64)).collect();
    // s(x, token j) moved so that sequence i has ŷ = t + ε, t − ε (the boundary: the
    // inequality is strict) or t + 7ε, every output restated. The first sequence that
    // misses the tolerance (computed here) must be the one named, with its error.
    let mut boundary = std::collections::BTreeSet::new();
    for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)] {
        for off in [eps.clone(), -eps.clone(), &eps * qi(7)] {
            let t = with_output(&good, j, i, &targets[i] + &off);
            let outs = recomputed_outputs(&t);
            let first =
                (0..outs.len()).find(|&k| (&outs[k] - &targets[k]).abs() >= eps).expect("sequence i misses");
            assert!(first <= i);
            let err = (&outs[first] - &targets[first]).abs();
            let want = format!("head: {}: |ŷ − t| = {} is not below ε", names[first], fmt_q(&err));
            let e = check_gap(&t).unwrap_err();
            assert_eq!(e, want, "sequence {i} token {j} offset {}", fmt_q(&off));
            if first == i && err == eps {
                boundary.insert(i);
            }
        }
    }
    // Each sequence is named at least once exactly at the boundary |ŷ − t| = ε.
    assert_eq!(boundary.into_iter().collect::<Vec<_>>(), vec![0, 1, 2]);
    // Just inside the tolerance the same changes are accepted, so the boundary cases above
    // fail on the tolerance alone.
    let tiny = q(1, 1000);
    for (i, j, off) in [(1, 2, -&eps + &tiny), (2, 2, &eps - &tiny)] {
        let t = with_output(&good, j, i, &targets[i] + &off);
        assert!(recomputed_outputs(&t).iter().zip(&targets).all(|(y, t)| (y - t).abs() < eps));
        assert_eq!(check_gap(&t), Ok(Verdict::Broken), "sequence {i} token {j}");
    }
    // Stating a different output for an otherwise correct head is caught by the comparison.
    let mut t = good.clone();
    t.head.as_mut().unwrap().outputs[1].yhat = "3/2".into();
    let e = check_gap(&t).unwrap_err();
    assert!(e.contains("head.outputs (S2): stated output differs from the recomputed 14/9"), "{e}");
}

#[test]
fn a_head_at_the_exact_boundary_of_the_bound_row_is_judged_on_the_bound() {
    // α(x,y) ≤ K'·α(x,z) (K' = 2): α(x,y) = 4 = 2·2 is allowed; 4 + ε is not, whatever the
    // outputs say.
    let good = gap(BROKEN);
    let mut t = good.clone();
    t.head.as_mut().unwrap().alpha.triple_mut().y = "4001/1000".into();
    let e = check_gap(&t).unwrap_err();
    assert!(e.contains("α(x,y) ≤ K'·α(x,z) fails"), "{e}");
    let mut t = good.clone();
    t.head.as_mut().unwrap().alpha.triple_mut().z = "-2".into();
    assert!(check_gap(&t).unwrap_err().contains("alpha.z: negative kernel value"));
}

// ---- ratio certificates ----

const R12: &str = "amplify/n3_eps1-2_h12_lo0_hi12.json";

fn scale_multipliers(c: &mut RatioCertificate, f: &Rat) {
    for m in &mut c.multipliers {
        m.y = fmt_q(&(r(&m.y) * f));
    }
}

#[test]
fn ratio_duals_that_prove_less_than_the_claim_are_rejected() {
    let good = ratio(R12);
    let big_r = check_ratio(&good).unwrap();
    assert_eq!(big_r, qi(40));
    // Halved multipliers prove A_lo ≥ (R/2)·A_hi, not R: the stated point is still the
    // feasible optimum (it passes with the original multipliers), and the claim is R.
    let mut half = good.clone();
    scale_multipliers(&mut half, &q(1, 2));
    let e = check_ratio(&half).unwrap_err();
    assert!(e.starts_with("multipliers: the combination leaves") && e.ends_with("< 0 on A_12"), "{e}");
    // Claiming R/2 with them: the duals are now enough, but no point attains R/2 (the
    // minimum is R): first the stated point disagrees, then a point with A_lo = R/2 is
    // infeasible.
    let mut t = half.clone();
    t.ratio = "20".into();
    let e = check_ratio(&t).unwrap_err();
    assert!(e.contains("alpha[0]: the point gives A_lo = 40, not the ratio 20"), "{e}");
    t.alpha[0] = "20".into();
    let e = check_ratio(&t).unwrap_err();
    assert!(e.starts_with("point: violates the") && e.contains("row of multiset"), "{e}");
    // Doubled multipliers with the claim R: the A_hi part is fine but A_lo is left negative.
    let mut t = good.clone();
    scale_multipliers(&mut t, &qi(2));
    let e = check_ratio(&t).unwrap_err();
    assert!(e.starts_with("multipliers: the combination leaves") && e.ends_with("< 0 on A_0"), "{e}");
    // The claim R + 1 with the point moved to A_lo = R + 1: the multipliers (checked
    // before the point) prove only R.
    let mut t = good.clone();
    t.ratio = "41".into();
    t.alpha[0] = "41".into();
    let e = check_ratio(&t).unwrap_err();
    assert!(e.starts_with("multipliers: the combination leaves") && e.ends_with("< 0 on A_12"), "{e}");
}

#[test]
fn superset_ratio_claimed_with_the_querys_ratio_is_rejected() {
    // R(0, 3+; 3) = 2 < R(0, 3; 3) = 5/2: stating 5/2 for the superset class with the
    // superset LP's own point and duals fails.
    let good = ratio("amplify/n3_eps1-2_h3_lo0_hi3p_sup.json");
    assert_eq!(check_ratio(&good).unwrap(), qi(2));
    let mut t = good.clone();
    t.ratio = "5/2".into();
    t.alpha[0] = "5/2".into();
    let e = check_ratio(&t).unwrap_err();
    assert!(e.starts_with("multipliers: the combination leaves") && e.ends_with("< 0 on A_3+"), "{e}");
}

// ---- sharp certificates ----

fn sharp_cert(rel: &str, (h, u, w): (u32, u32, u32)) -> SharpCertificate {
    let AnyCertificate::Sharp(f) = read(rel) else { panic!("{rel}: not a sharp file") };
    f.certificates.into_iter().find(|c| (c.h, c.u, c.w) == (h, u, w)).unwrap()
}

/// Moves `kstar` to `k`, with every field derived from it restated consistently
/// (relation, witness bound).
fn with_kstar(good: &SharpCertificate, k: &Rat) -> SharpCertificate {
    let mut c = good.clone();
    c.kstar = fmt_q(k);
    c.relation = minip_check::format::sharp::relation(k, &r(&c.paper_k)).into();
    c.witness.bound = fmt_q(&(k + minip_check::format::sharp::witness_margin()));
    c
}

#[test]
fn sharp_kstar_moved_slightly_fails_on_the_side_it_breaks() {
    let good = sharp_cert("sharp/n4_eps1-3_all.json", (2, 0, 2));
    assert_eq!(check_sharp(&good).unwrap(), qi(4));
    let delta = q(1, 1_000_000);
    // Raised: heads with b/c arbitrarily close to 4 exist, so no multipliers prove
    // b > (4 + δ)c; the stated ones leave something on c.
    let up = with_kstar(&good, &(qi(4) + &delta));
    assert_eq!(up.relation, "loose");
    let e = check_sharp(&up).unwrap_err();
    assert!(e.starts_with("lower: the combination leaves") && e.ends_with("on c"), "{e}");
    // Lowered: the lower side is then a weaker claim and stays provable (the bound row's
    // multiplier y_b times δ moved onto the sign row −c ≤ 0), so the checker gets to the
    // closure point, which cannot have b = 4 − δ: kstar is the closed LP's minimum.
    let mut down = with_kstar(&good, &(qi(4) - &delta));
    assert_eq!(down.relation, "fails");
    let yb = r(&down.lower.as_ref().unwrap()["bound"]);
    let lower = down.lower.as_mut().unwrap();
    let sign_c = lower.get("sign_c").map(|s| r(s)).unwrap_or_else(Rat::zero) + &yb * &delta;
    lower.insert("sign_c".into(), fmt_q(&sign_c));
    let e = check_sharp(&down).unwrap_err();
    assert_eq!(e, "closure: need a ≥ 0, b = kstar, c = 1");
    down.closure.as_mut().unwrap()[1] = down.kstar.clone();
    let e = check_sharp(&down).unwrap_err();
    assert!(e.starts_with("closure: row ") && e.contains("is violated"), "{e}");
    // The same repaired lower side at the true kstar would still need its own sign row:
    // the unchanged certificate with that extra multiplier leaves δ·y_b on c.
    let mut t = good.clone();
    t.lower.as_mut().unwrap().insert("sign_c".into(), fmt_q(&(&yb * &delta)));
    let e = check_sharp(&t).unwrap_err();
    assert!(e.starts_with("lower: the combination leaves") && e.ends_with("on c"), "{e}");
}

// ---- rank certificates ----

/// The ratio certificates of every class in the committed certificates of shape
/// `(h, lo)` (with the superset class in the LP, `m > h`).
fn ratios_by_class(ms: &[u32]) -> BTreeMap<u32, (RatioCertificate, Rat)> {
    let mut out = BTreeMap::new();
    for &m in ms {
        for rc in rank(m).ratios {
            let v = check_ratio(&rc).unwrap();
            out.insert(rc.params.hi, (rc, v));
        }
    }
    out
}

/// Restates everything a rank certificate derives from its code and ratios.
fn restate(c: &mut RankCertificate, code: &Code, by_class: &BTreeMap<u32, (RatioCertificate, Rat)>) {
    let counts = code.class_counts();
    let h = code.shape.h;
    c.code.x = code.x.iter().map(|&w| bits(w, code.shape.m)).collect();
    c.code.y = code.y.iter().map(|&w| bits(w, code.shape.m)).collect();
    c.classes = counts
        .iter()
        .map(|(&cl, &n)| RankClass { class: class_label(h, cl), entries: n, ratio: fmt_q(&by_class[&cl].1) })
        .collect();
    c.ratios = counts.keys().map(|cl| by_class[cl].0.clone()).collect();
    let k = code.len();
    let d = counts.keys().map(|cl| Rat::one() / &by_class[cl].1).max().unwrap();
    let entries: Vec<(Rat, u64)> = counts.iter().map(|(cl, &n)| (by_class[cl].1.clone(), n)).collect();
    let v = entrywise_value(k, &entries);
    c.k = k;
    c.delta = fmt_q(&d);
    c.uniform_value = fmt_q(&lemma_value(k, &d));
    c.uniform_bound = rank_bound(k, &d);
    c.value = fmt_q(&v);
    c.bound = strict_bound(&v);
    c.strict = true;
}

#[test]
fn a_rank_certificate_consistent_with_a_code_that_violates_hi_is_rejected() {
    // m = 15, shape (h, lo, hi) = (7, 0, 4). Drop one bit from y_0 so that some entries
    // (j, 0) fall to overlap 3 < hi, then restate classes (with R(0, 3; 7) from m = 13),
    // ratios, δ, values and bound from that code: all consistent, but not a code of the
    // stated shape.
    let good = rank(15);
    check_rank(&good, &Context::default()).unwrap();
    let by_class = ratios_by_class(&[13, 15]);
    assert!(by_class.contains_key(&3) && by_class.contains_key(&4));
    let shape = Shape::new(15, 7, 0, 4).unwrap();
    let parse = |v: &[String]| v.iter().map(|s| parse_bits(s, 15).unwrap()).collect::<Vec<u64>>();
    let mut code = Code { shape, x: parse(&good.code.x), y: parse(&good.code.y) };
    code.verify().unwrap();
    let b = (0..15)
        .find(|&b| {
            code.y[0] >> b & 1 == 1
                && (1..code.len())
                    .any(|j| code.x[j] >> b & 1 == 1 && (code.x[j] & code.y[0]).count_ones() == 4)
        })
        .unwrap();
    code.y[0] &= !(1u64 << b);
    let mut t = good.clone();
    restate(&mut t, &code, &by_class);
    assert!(t.classes.iter().any(|c| c.class == "3"), "{:?}", t.classes);
    let e = check_rank(&t, &Context::default()).unwrap_err();
    assert!(e.starts_with("code: pairs ") && e.contains("= 3 < hi = 4"), "{e}");
    // Control: the same certificate stating hi = 3 (the shape the code has) is accepted,
    // so the stated hi is the only part that fails.
    let mut ok = t.clone();
    ok.params.hi = 3;
    let got = check_rank(&ok, &Context::default()).unwrap_or_else(|e| panic!("control: {e}"));
    assert_eq!((got.k, got.bound), (15, t.bound));
    // And the committed m = 13 certificate with hi raised from 3 to 4 (its classes still
    // counted correctly) fails the same way.
    let mut t = rank(13);
    t.params.hi = 4;
    let e = check_rank(&t, &Context::default()).unwrap_err();
    assert!(e.starts_with("code: pairs ") && e.contains("= 3 < hi = 4"), "{e}");
}

#[test]
fn a_drat_proof_with_a_step_that_is_not_rup_is_rejected() {
    // m = 7: no code of 3 pairs of shape (7, 3, 0, 3); its formula is not refuted by unit
    // propagation alone, so the proof's steps matter (for m = 4 and 6 they do not: any
    // well-formed proof, even an empty one, refutes those formulas).
    let c = rank(7);
    let s = Shape::new(c.params.m, c.params.h, c.params.lo, c.params.hi).unwrap();
    let cnf = encode(s, 3).formula;
    assert_eq!(
        check_refutation(&cnf, b"", Encoding::Binary).unwrap_err(),
        "the proof does not derive the empty clause"
    );
    let trivial = encode(Shape::new(4, 2, 0, 2).unwrap(), 3).formula;
    assert_eq!(check_refutation(&trivial, b"", Encoding::Binary).unwrap().additions, 0);
    let proof = std::fs::read(proofs("rank/m07.maximal.drat")).unwrap();
    let stats = check_refutation(&cnf, &proof, Encoding::Binary).unwrap();
    assert!(stats.additions > 100, "{stats:?}");
    // x_0 = 1^h 0^{m−h} is fixed by unit clauses, so the unit clause ¬x_0[0] (variable 1)
    // is false, and its negation propagates nothing new: not RUP.
    let mut bad = vec![b'a', 3, 0];
    bad.extend_from_slice(&proof);
    let e = check_refutation(&cnf, &bad, Encoding::Binary).unwrap_err();
    assert_eq!(e, "proof step 1 (added clause [-1]) is not a RUP consequence of the clauses before it");
    // The same in the certificate: its proof file replaced by the bad one.
    let ctx = Context { dir: None, files: vec![("m07.maximal.drat".into(), bad)] };
    let e = check_rank(&c, &ctx).unwrap_err();
    assert!(e.starts_with("maximal: proof step 1 (added clause [-1]) is not a RUP"), "{e}");
    // A lemma in the middle of the proof with its literals negated.
    let mut lemmas = 0;
    let mut i = 0;
    let mut t = proof.clone();
    while i < t.len() {
        let add = t[i] == b'a';
        i += 1;
        let start = i;
        while t[i] != 0 {
            i += 1;
        }
        if add && i > start && i - start == 1 {
            lemmas += 1;
            if lemmas == 5 {
                t[start] ^= 1; // a one-byte literal: its low bit is the sign
                break;
            }
        }
        i += 1;
    }
    assert_eq!(lemmas, 5, "the proof has five unit lemmas with one-byte literals");
    let e = check_refutation(&cnf, &t, Encoding::Binary).unwrap_err();
    assert!(e.starts_with("proof step ") && e.contains("is not a RUP consequence"), "{e}");
    // A text DRAT proof claiming the empty clause of a satisfiable formula (2 pairs of this
    // shape exist): not RUP.
    let sat = encode(s, 2).formula;
    assert_eq!(
        check_refutation(&sat, b"0\n", Encoding::Text).unwrap_err(),
        "proof step 1 (added clause []) is not a RUP consequence of the clauses before it"
    );
}
