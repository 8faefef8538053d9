//! Rank bounds (docs/math.md §5): the varisat code search against brute force for tiny `m`
//! (SAT and UNSAT sides, proofs checked), certificates end to end with tampering
//! rejected, the committed bounds under proofs/rank/, and their maximality proofs
//! (binary DRAT files beside the certificates) tampered with in every way that matters.

use crate::common::root;
use minip::certify::rank::{best_for_m, RankJob, Ratios};
use minip::check::drup::{check_refutation, Encoding};
use minip::check::{check_rank, Context};
use minip::claim::check_any;
use minip::format::rank::RankCertificate;
use minip::format::AnyCertificate;
use minip::model::code::{overlap, Shape};
use minip::rational::q;
use minip::read;
use minip::rows::cnf::encode;
use minip::solve::sat::{self, Answer};

/// The largest code of a shape by exhaustive maximum-clique search over all pairs
/// `(x, y)` (no dominance or symmetry assumption).
fn brute_force_max(s: Shape) -> usize {
    let m = s.m;
    let mut verts: Vec<(u64, u64)> = Vec::new();
    for x in 0u64..1 << m {
        if x.count_ones() != s.h {
            continue;
        }
        for y in 0u64..1 << m {
            if overlap(x, y) == s.lo {
                verts.push((x, y));
            }
        }
    }
    let n = verts.len();
    let words = n.div_ceil(64);
    let adj: Vec<Vec<u64>> = (0..n)
        .map(|i| {
            let mut row = vec![0u64; words];
            for j in 0..n {
                let (a, b) = (verts[i], verts[j]);
                if i != j && overlap(a.0, b.1) >= s.hi && overlap(b.0, a.1) >= s.hi {
                    row[j / 64] |= 1 << (j % 64);
                }
            }
            row
        })
        .collect();
    fn expand(adj: &[Vec<u64>], cand: Vec<u64>, size: usize, best: &mut usize) {
        let count: usize = cand.iter().map(|w| w.count_ones() as usize).sum();
        if count == 0 {
            *best = (*best).max(size);
            return;
        }
        if size + count <= *best {
            return;
        }
        let mut cand = cand;
        while let Some(wi) = cand.iter().position(|&w| w != 0) {
            let rest: usize = cand.iter().map(|w| w.count_ones() as usize).sum();
            if size + rest <= *best {
                return;
            }
            let v = wi * 64 + cand[wi].trailing_zeros() as usize;
            cand[v / 64] &= !(1 << (v % 64));
            let next: Vec<u64> = cand.iter().zip(&adj[v]).map(|(a, b)| a & b).collect();
            expand(adj, next, size + 1, best);
        }
    }
    let mut all = vec![0u64; words];
    for v in 0..n {
        all[v / 64] |= 1 << (v % 64);
    }
    let mut best = 0;
    expand(&adj, all, 0, &mut best);
    best
}

#[test]
fn sat_search_matches_brute_force_for_tiny_m() {
    let mut shapes = 0;
    for m in 2..=4u32 {
        for h in 1..=m {
            for lo in 0..h {
                for hi in lo + 1..=h {
                    let s = Shape::new(m, h, lo, hi).unwrap();
                    let kmax = brute_force_max(s);
                    assert!(kmax >= 1, "{s:?}");
                    match sat::decide(s, kmax, &sat::Budget::unlimited()).unwrap() {
                        Answer::Sat(c) => {
                            assert_eq!(c.len(), kmax);
                            c.verify().unwrap();
                        }
                        other => panic!("{s:?}: expected a code of {kmax} pairs, got {other:?}"),
                    }
                    match sat::decide(s, kmax + 1, &sat::Budget::unlimited()).unwrap() {
                        // The binary DRAT proof, checked again here against the CNF rebuilt
                        // from the shape (decide has checked it once already).
                        Answer::Unsat { proof } => {
                            check_refutation(&encode(s, kmax + 1).formula, &proof, Encoding::Binary).unwrap();
                            // It refutes k + 1 pairs, not k (which has a code).
                            let e = check_refutation(&encode(s, kmax).formula, &proof, Encoding::Binary)
                                .unwrap_err();
                            assert!(not_a_refutation(&e), "{s:?}: {e}");
                        }
                        other => panic!("{s:?}: expected UNSAT at {}, got {other:?}", kmax + 1),
                    }
                    shapes += 1;
                }
            }
        }
    }
    assert_eq!(shapes, 4 + 10 + 20);
    // hi = h: every other x_i inside y_j, which misses x_j: disjoint supports, k = ⌊m/h⌋.
    assert_eq!(brute_force_max(Shape::new(4, 2, 0, 2).unwrap()), 2);
    assert_eq!(brute_force_max(Shape::new(5, 1, 0, 1).unwrap()), 5);
}

/// The ways a proof fails to refute a formula it was not written for: a literal beyond its
/// variables, a step that is not RUP, or no contradiction at the end.
fn not_a_refutation(e: &str) -> bool {
    (e.starts_with("literal ") && e.contains("is not a variable of the formula"))
        || (e.starts_with("proof step ") && e.contains("is not a RUP consequence"))
        || e == "the proof does not derive the empty clause"
}

fn small_job() -> RankJob {
    let mut job = RankJob::new(3, q(1, 2));
    job.h_max = 6;
    job.sat_budget = 100_000;
    job
}

#[test]
fn certificates_check_end_to_end_and_tampering_is_rejected() {
    let job = small_job();
    let ratios = Ratios::new(3, q(1, 2));
    let r = best_for_m(&job, &ratios, 6).unwrap();
    let ctx = Context { dir: None, files: r.proof.iter().cloned().collect() };
    let ok = r.cert.claim().clone();
    let c: RankCertificate = r.cert.cert().clone();
    assert_eq!(check_rank(&c, &ctx).unwrap(), ok);
    assert_eq!(ok.bound, c.bound);
    assert!(c.bound >= 2, "m = 6 gives at least rank 2, got {}", c.bound);
    // The proof file the certificate refers to is the one returned with it.
    assert_eq!(c.maximal.as_ref().map(|mx| mx.proof.clone()), r.proof.as_ref().map(|p| p.0.clone()));
    // Round trip through the file format.
    let text = minip::print::json::pretty(&r.cert);
    let AnyCertificate::Rank(back) = read::parse(&text).unwrap() else { panic!("not a rank certificate") };
    assert_eq!(back, c);
    assert!(check_any(&read::parse(&text).unwrap(), &ctx)
        .unwrap()
        .to_string()
        .starts_with(&format!("rank >= {}", c.bound)));
    // Tampering: a bit of the code, the bound, δ, a ratio, the counts.
    let mut t = c.clone();
    let mut bits: Vec<char> = t.code.y[0].chars().collect();
    bits[0] = if bits[0] == '1' { '0' } else { '1' };
    t.code.y[0] = bits.into_iter().collect();
    assert!(check_rank(&t, &ctx).unwrap_err().starts_with("code: pair"), "{:?}", check_rank(&t, &ctx));
    let mut t = c.clone();
    t.bound += 1;
    assert!(check_rank(&t, &ctx).unwrap_err().starts_with(&format!(
        "bound = {}, recomputed {}",
        c.bound + 1,
        c.bound
    )));
    let mut t = c.clone();
    t.uniform_bound += 1;
    assert!(check_rank(&t, &ctx).unwrap_err().starts_with("uniform_bound = "));
    let mut t = c.clone();
    t.value = t.uniform_value.clone() + "0";
    assert!(check_rank(&t, &ctx).unwrap_err().starts_with(&format!("value = {}, recomputed", t.value)));
    assert!(ok.bound >= ok.uniform_bound);
    let mut t = c.clone();
    t.delta = "1/1000".into();
    assert!(check_rank(&t, &ctx).unwrap_err().starts_with("delta = 1/1000, recomputed"));
    let mut t = c.clone();
    t.ratios[0].ratio = "1000".into();
    let e = check_rank(&t, &ctx).unwrap_err();
    assert!(e.starts_with("ratio R(") && e.contains("not the ratio 1000"), "{e}");
    let mut t = c.clone();
    t.ratios.pop();
    let e = check_rank(&t, &ctx).unwrap_err();
    assert!(
        (e.contains("strict superset of x_i") && e.contains("which is not given"))
            || (e.contains("entries (i, j) are in class") && e.contains("no ratio certificate R(")),
        "{e}"
    );
    let mut t = c.clone();
    t.k += 1;
    assert_eq!(check_rank(&t, &ctx).unwrap_err(), format!("k = {} but the code has {} pairs", c.k + 1, c.k));
    if let Some(mx) = &c.maximal {
        // The full set of proof tampering runs on the committed certificates below; here the
        // proof found in this run is cut and the refuted size changed.
        // (Cut by its last byte, the 0 ending the last clause, so the cut is caught whatever the
        // formula: the committed m = 6 formula is refuted by unit propagation alone, where a
        // cut at a step boundary would leave a valid proof.)
        let (name, bytes) = r.proof.clone().unwrap();
        let cut = Context { dir: None, files: vec![(name, bytes[..bytes.len() - 1].to_vec())] };
        assert_eq!(
            check_rank(&c, &cut).unwrap_err(),
            "maximal: binary DRAT proof ends inside a clause",
            "a truncated proof is rejected"
        );
        let mut t = c.clone();
        t.maximal.as_mut().unwrap().refuted = mx.refuted + 1;
        assert_eq!(
            check_rank(&t, &ctx).unwrap_err(),
            format!("maximal.refuted = {}, expected k + 1 = {}", mx.refuted + 1, c.k + 1)
        );
    }
}

/// The committed table: `(m, entrywise bound, strict form used)` for m = 4..=16, and the
/// m = 24 headline (Golay dodecads, see docs/rank.md). The strict form adds one where the
/// value is an integer (m = 4, 5, 9, 10, 12).
const COMMITTED: &[(u32, u64, bool)] = &[
    (4, 2, true),
    (5, 2, true),
    (6, 2, false),
    (7, 2, false),
    (8, 2, false),
    (9, 3, true),
    (10, 3, true),
    (11, 4, false),
    (12, 4, true),
    (13, 5, false),
    (14, 5, false),
    (15, 6, false),
    (16, 8, false),
    (24, 21, false),
];

#[test]
fn committed_rank_bounds_verify() {
    for &(m, bound, strict_matters) in COMMITTED {
        let p = root().join(format!("proofs/rank/m{m:02}.json"));
        let c = committed(m);
        assert_eq!(c.params.m, m);
        let ok = check_rank(&c, &Context::beside(&p)).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(ok.bound, bound, "m = {m}");
        assert_eq!(ok.strict && ok.value.is_integer(), strict_matters, "m = {m}");
        // Every maximality proof is a binary DRAT file next to the certificate, named for m.
        if let Some(mx) = &c.maximal {
            assert_eq!(
                (mx.proof.as_str(), mx.proof_format.as_str()),
                (format!("m{m:02}.maximal.drat").as_str(), "drat-binary")
            );
            assert!(p.with_file_name(&mx.proof).is_file());
            assert_eq!(ok.maximal, Some(c.k + 1));
        }
    }
    // m = 11: the SAT search found 11 pairs of shape (h, lo, hi) = (5, 0, 3), one more
    // than the greedy packing, and refuted 12 (DRAT proof checked).
    let ok = check_rank(&committed(11), &beside(11)).unwrap();
    assert_eq!((ok.shape.h, ok.shape.lo, ok.shape.hi, ok.k, ok.maximal), (5, 0, 3, 11, Some(12)));
    assert_eq!(ok.delta, q(1, 2));
    // m = 13: the entrywise bound (5) beats the uniform one (4) on the same code.
    let ok = check_rank(&committed(13), &Context::default()).unwrap();
    assert_eq!((ok.bound, ok.uniform_bound, ok.k), (5, 4, 18));
}

fn committed(m: u32) -> RankCertificate {
    let p = root().join(format!("proofs/rank/m{m:02}.json"));
    match read::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())) {
        AnyCertificate::Rank(c) => c,
        _ => panic!("{}: not a rank certificate", p.display()),
    }
}

fn beside(m: u32) -> Context {
    Context::beside(&root().join(format!("proofs/rank/m{m:02}.json")))
}

fn proof_bytes(m: u32) -> Vec<u8> {
    std::fs::read(root().join(format!("proofs/rank/m{m:02}.maximal.drat"))).unwrap()
}

/// The certificate of `m` checked with `bytes` as its proof file.
fn with_proof(c: &RankCertificate, bytes: Vec<u8>) -> Result<String, String> {
    let name = c.maximal.as_ref().unwrap().proof.clone();
    check_rank(c, &Context { dir: None, files: vec![(name, bytes)] })
        .map(|r| format!("{r:?}"))
        .map_err(String::from)
}

/// Offsets at which binary DRAT steps start (`a`/`d` bytes at clause boundaries).
fn step_starts(p: &[u8]) -> Vec<usize> {
    let mut v = Vec::new();
    let mut i = 0;
    while i < p.len() {
        v.push(i);
        i += 1;
        loop {
            let mut b = p[i];
            i += 1;
            let mut lit = (b & 0x7f) as u64;
            let mut shift = 7;
            while b & 0x80 != 0 {
                b = p[i];
                i += 1;
                lit |= ((b & 0x7f) as u64) << shift;
                shift += 7;
            }
            if lit == 0 {
                break;
            }
        }
    }
    v
}

/// The binary DRAT steps of a proof: (`true` for an addition, literals).
fn drat_steps(p: &[u8]) -> Vec<(bool, Vec<i64>)> {
    let mut out = Vec::new();
    for w in step_starts(p)
        .windows(2)
        .map(|w| (w[0], w[1]))
        .chain(std::iter::once((*step_starts(p).last().unwrap(), p.len())))
    {
        let (mut i, end) = (w.0 + 1, w.1);
        let mut lits = Vec::new();
        while i < end {
            let (mut v, mut shift) = (0u64, 0);
            loop {
                let b = p[i];
                i += 1;
                v |= u64::from(b & 0x7f) << shift;
                shift += 7;
                if b & 0x80 == 0 {
                    break;
                }
            }
            if v > 0 {
                lits.push(if v & 1 == 1 { -((v >> 1) as i64) } else { (v >> 1) as i64 });
            }
        }
        out.push((p[w.0] == b'a', lits));
    }
    out
}

/// A deliberately naive DRUP check, independent of `minip::check::drup`: deletions are
/// ignored (more clauses can only make more lemmas RUP, so this accepts every proof the
/// real checker accepts), and unit propagation rescans every clause until nothing changes.
fn naive_drup_refutes(formula: &[Vec<i32>], proof: &[u8]) -> bool {
    let mut db: Vec<Vec<i64>> = formula.iter().map(|c| c.iter().map(|&l| l as i64).collect()).collect();
    let vars = db.iter().flatten().map(|l| l.unsigned_abs()).max().unwrap_or(0) as usize;
    // Unit propagation from the assumptions; true on a conflict.
    let conflict = |db: &[Vec<i64>], assume: &[i64]| -> bool {
        let mut val = vec![0i8; vars + 1];
        let lit = |val: &[i8], l: i64| if l > 0 { val[l as usize] } else { -val[(-l) as usize] };
        for &l in assume {
            match lit(&val, l) {
                -1 => return true,
                0 => val[l.unsigned_abs() as usize] = if l > 0 { 1 } else { -1 },
                _ => {}
            }
        }
        loop {
            let mut changed = false;
            for c in db {
                if c.iter().any(|&l| lit(&val, l) == 1) {
                    continue;
                }
                let free: Vec<i64> = c.iter().copied().filter(|&l| lit(&val, l) == 0).collect();
                match free.len() {
                    0 => return true,
                    1 => {
                        val[free[0].unsigned_abs() as usize] = if free[0] > 0 { 1 } else { -1 };
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return false;
            }
        }
    };
    if conflict(&db, &[]) {
        return true;
    }
    for (add, c) in drat_steps(proof) {
        if !add {
            continue;
        }
        let negated: Vec<i64> = c.iter().map(|l| -l).collect();
        if !conflict(&db, &negated) {
            return false;
        }
        db.push(c);
        if conflict(&db, &[]) {
            return true;
        }
    }
    false
}

#[test]
fn committed_maximality_proofs_are_checked_and_every_tampering_is_rejected() {
    // Always runs, independent of any SAT budget: the committed m = 7 certificate (no code
    // of 3 pairs of shape (7, 3, 0, 3)) and its proof file. (m = 4 and m = 6 are no use
    // here: their formulas are refuted by unit propagation alone, so any well-formed proof
    // passes; see the end of this test.)
    let c = committed(7);
    let mx = c.maximal.clone().expect("m07 states a maximality proof");
    assert_eq!(
        (mx.refuted, mx.proof.as_str(), mx.proof_format.as_str()),
        (3, "m07.maximal.drat", "drat-binary")
    );
    let proof = proof_bytes(7);
    assert!(with_proof(&c, proof.clone()).is_ok());
    assert_eq!(check_rank(&c, &beside(7)).unwrap().maximal, Some(3));
    let starts = step_starts(&proof);
    assert!(starts.len() > 100, "{} steps", starts.len());

    // Missing: no file, no directory, or a directory without it.
    let e = check_rank(&c, &Context::default()).unwrap_err();
    assert_eq!(e, "maximal.proof: 'm07.maximal.drat': no directory to read it from");
    let empty = std::env::temp_dir().join(format!("minip-rank-missing-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let e = check_rank(&c, &Context::beside(&empty.join("m07.json"))).unwrap_err();
    assert!(e.starts_with("maximal.proof: cannot read: "), "{e}");
    let _ = std::fs::remove_dir_all(&empty);
    // A name that is not a plain file name beside the certificate.
    let mut t = c.clone();
    t.maximal.as_mut().unwrap().proof = "../rank/m07.maximal.drat".into();
    let e = check_rank(&t, &beside(7)).unwrap_err();
    assert_eq!(e, "maximal.proof: '../rank/m07.maximal.drat': a referenced file must be a plain name in the certificate's directory");

    // Truncated: inside the last clause; just before the step at which the clauses become
    // contradictory (the checker stops there, so that step is the last one needed); in the
    // middle; and empty.
    let e = with_proof(&c, proof[..proof.len() - 1].to_vec()).unwrap_err();
    assert_eq!(e, "maximal: binary DRAT proof ends inside a clause");
    let s = Shape::new(7, 3, 0, 3).unwrap();
    let stats = check_refutation(&encode(s, 3).formula, &proof, Encoding::Binary).unwrap();
    let needed = stats.additions + stats.deletions; // steps read up to the contradiction
    assert!(needed <= starts.len());
    assert!(with_proof(&c, proof[..starts.get(needed).copied().unwrap_or(proof.len())].to_vec()).is_ok());
    for cut in [starts[needed - 1], starts[needed / 2], 0] {
        let e = with_proof(&c, proof[..cut].to_vec()).unwrap_err();
        assert_eq!(e, "maximal: the proof does not derive the empty clause", "cut at {cut}");
    }

    // Flipped bytes: a step marker, and the sign of the first literal of added steps (the
    // low bit of a literal's first byte). A flipped lemma is not RUP, or a later step then
    // is, or nothing reaches the empty clause; the checker must reject each.
    let mut t = proof.clone();
    t[0] = b'x';
    assert_eq!(with_proof(&c, t).unwrap_err(), "maximal: binary DRAT: byte 0x78 at 0 is not 'a' or 'd'");
    // Sampled across the steps read before the contradiction; a flipped lemma that is still
    // RUP can leave a valid proof, which is accepted, so each acceptance is confirmed by an
    // independent naive checker (below) and most flips must be rejected.
    let cnf = encode(s, 3).formula;
    assert!(naive_drup_refutes(&cnf.clauses, &proof));
    let adds: Vec<usize> =
        starts[..needed].iter().copied().filter(|&s| proof[s] == b'a' && proof[s + 1] != 0).collect();
    assert!(adds.len() > 100, "{}", adds.len());
    let (mut rejected, mut accepted) = (0, 0);
    for &at in adds.iter().step_by(adds.len() / 24) {
        let mut t = proof.clone();
        t[at + 1] ^= 1;
        match with_proof(&c, t.clone()) {
            Err(e) => {
                assert!(
                    e.starts_with("maximal: proof step ") && e.contains("is not a RUP consequence"),
                    "flip at {at}: {e}"
                );
                rejected += 1;
            }
            Ok(_) => {
                assert!(
                    naive_drup_refutes(&cnf.clauses, &t),
                    "flip at {at}: accepted, but not a DRUP refutation"
                );
                accepted += 1;
            }
        }
    }
    assert!(rejected >= 2 * accepted && rejected >= 12, "{rejected} rejected, {accepted} accepted");
    // A literal beyond the formula's variables.
    let mut t = proof.clone();
    t.splice(0..0, [b'a', 0xff, 0x7f, 0]);
    let e = with_proof(&c, t).unwrap_err();
    assert!(e.starts_with("maximal: literal -8191 is not a variable of the formula (1..="), "{e}");
    // A false unit clause first (x_0[0] = 1 is fixed by the formula): not RUP.
    let mut t = vec![b'a', 3, 0];
    t.extend_from_slice(&proof);
    assert_eq!(
        with_proof(&c, t).unwrap_err(),
        "maximal: proof step 1 (added clause [-1]) is not a RUP consequence of the clauses before it"
    );

    // The refuted size, and the format.
    let mut t = c.clone();
    t.maximal.as_mut().unwrap().refuted = 4;
    assert_eq!(check_rank(&t, &beside(7)).unwrap_err(), "maximal.refuted = 4, expected k + 1 = 3");
    let mut t = c.clone();
    t.maximal.as_mut().unwrap().refuted = 2;
    assert_eq!(check_rank(&t, &beside(7)).unwrap_err(), "maximal.refuted = 2, expected k + 1 = 3");
    let mut t = c.clone();
    t.maximal.as_mut().unwrap().proof_format = "lrat".into();
    assert_eq!(
        check_rank(&t, &beside(7)).unwrap_err(),
        "maximal.proof_format 'lrat', expected drat or drat-binary"
    );
    let mut t = c.clone();
    t.maximal.as_mut().unwrap().proof_format = "drat".into();
    let e = check_rank(&t, &beside(7)).unwrap_err();
    assert!(
        e.starts_with("maximal: text DRAT proof is not UTF-8")
            || e.starts_with("maximal: malformed DRAT token"),
        "{e}"
    );

    // A proof for a different shape: m = 8 refutes 3 pairs of (8, 3, 0, 3), not (7, 3, 0, 3);
    // and m = 7's proof does not refute m = 8's formula.
    let e = with_proof(&c, proof_bytes(8)).unwrap_err();
    assert!(e.strip_prefix("maximal: ").is_some_and(not_a_refutation), "{e}");
    let e = with_proof(&committed(8), proof.clone()).unwrap_err();
    assert!(e.strip_prefix("maximal: ").is_some_and(not_a_refutation), "{e}");
    // The proof is for k + 1 pairs: the same shape with k pairs has a code.
    check_refutation(&encode(s, 3).formula, &proof, Encoding::Binary).unwrap();
    let e = check_refutation(&encode(s, 2).formula, &proof, Encoding::Binary).unwrap_err();
    assert!(not_a_refutation(&e), "{e}");

    // m = 4: the formula for 3 pairs of (4, 2, 0, 2) is contradictory by unit propagation,
    // so even an empty proof file refutes it (sound: the formula is unsatisfiable); a file
    // that is not binary DRAT is still rejected.
    let c4 = committed(4);
    assert!(with_proof(&c4, Vec::new()).is_ok());
    assert_eq!(
        with_proof(&c4, b"x".to_vec()).unwrap_err(),
        "maximal: binary DRAT: byte 0x78 at 0 is not 'a' or 'd'"
    );
    assert_eq!(
        check_rank(&c4, &Context::default()).unwrap_err(),
        "maximal.proof: 'm04.maximal.drat': no directory to read it from"
    );
}

#[test]
fn the_m11_maximality_proof_is_checked_and_a_flipped_byte_is_caught() {
    // m = 11: 11 pairs of shape (5, 0, 3) and a 3 MB proof that 12 are impossible.
    let c = committed(11);
    assert_eq!(c.maximal.as_ref().map(|m| m.refuted), Some(12));
    let proof = proof_bytes(11);
    assert!(proof.len() > 1_000_000);
    assert_eq!(check_rank(&c, &beside(11)).unwrap().maximal, Some(12));
    let starts = step_starts(&proof);
    // The sign of the first literal of the first added lemma, flipped.
    let s = *starts.iter().find(|&&s| proof[s] == b'a' && proof[s + 1] != 0).unwrap();
    let mut t = proof.clone();
    t[s + 1] ^= 1;
    let e = with_proof(&c, t).unwrap_err();
    assert!(e.starts_with("maximal: proof step ") && e.contains("is not a RUP consequence"), "{e}");
    // Cut in half: at a step boundary it stops before the empty clause.
    let mid = starts[starts.len() / 2];
    assert_eq!(
        with_proof(&c, proof[..mid].to_vec()).unwrap_err(),
        "maximal: the proof does not derive the empty clause"
    );
    // A different refuted size.
    let mut t = c.clone();
    t.maximal.as_mut().unwrap().refuted = 13;
    assert_eq!(check_rank(&t, &beside(11)).unwrap_err(), "maximal.refuted = 13, expected k + 1 = 12");
}

fn minip(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_minip")).args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn rank_cli_prints_certified_rows_and_rejects_bad_input() {
    let dir = std::env::temp_dir().join(format!("minip-rank-test-{}", std::process::id()));
    let plot = dir.join("rank.svg");
    std::fs::create_dir_all(&dir).unwrap();
    let (code, out, _) = minip(&[
        "rank",
        "--m",
        "9..=10",
        "--sat-budget",
        "2",
        "--json",
        "--out",
        dir.to_str().unwrap(),
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[0]["m"].as_u64(), rows[0]["bound"].as_str()), (Some(9), Some("3")));
    assert!(std::fs::read_to_string(&plot).unwrap().starts_with("<svg"));
    assert_eq!(rows[0]["kind"], "rank.bound");
    let (code, out, err) = minip(&["verify", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(err, "2 files: 2 verified, 0 failed, 0 invalid, 0 unchecked\n", "{out}");
    let _ = std::fs::remove_dir_all(&dir);
    for bad in [
        vec!["rank", "--m", "0"],
        vec!["rank", "--m", "x..=4"],
        vec!["rank", "--m", "8", "--eps", "abc"],
        vec!["rank", "--m", "8", "--n", "2"],
        vec!["rank", "--m", "8", "--sat-budget", "-1"],
        vec!["rank", "--m", "8..4"],
    ] {
        let (code, out, err) = minip(&bad);
        assert_eq!(code, 2, "{bad:?}");
        assert!(out.is_empty(), "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
        assert!(err.starts_with("minip: error: "), "{bad:?}: {err}");
    }
}

/// The SAT budget counts proof clauses, not seconds: the same budget finds the same codes and
/// the same proofs on every run, whatever the load (a run cut by the budget included).
#[test]
fn the_sat_budget_is_deterministic() {
    let mut job = RankJob::new(3, q(1, 2));
    job.h_max = 6;
    job.sat_budget = 2_000;
    let run = || {
        let ratios = Ratios::new(3, q(1, 2));
        let r = best_for_m(&job, &ratios, 9).unwrap();
        (serde_json::to_string(r.cert.cert()).unwrap(), r.proof.clone(), r.sat_out_of_budget)
    };
    let (a, pa, cut) = run();
    assert!(cut > 0, "the budget of 2000 clauses should stop some search at m = 9");
    let (b, pb, cut_b) = run();
    assert_eq!((a, pa, cut), (b, pb, cut_b), "two runs with the same budget differ");
    // A budget of zero clauses: SAT is skipped (constructions only), no search is cut.
    job.sat_budget = 0;
    let ratios = Ratios::new(3, q(1, 2));
    assert_eq!(best_for_m(&job, &ratios, 9).unwrap().sat_out_of_budget, 0);
}
