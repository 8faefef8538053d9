//! Rank bounds (MATH.md §5): the varisat code search against brute force for tiny `m`
//! (SAT and UNSAT sides, proofs checked), certificates end to end with tampering
//! rejected, and the committed bounds under proofs/rank/.

use minip::cert::{self, AnyCertificate};
use minip::check::{check_any, check_rank};
use minip::exact::rational::q;
use minip::rank::code::{overlap, Shape};
use minip::rank::sat::{self, Answer};
use minip::rank::search::{best_for_m, RankJob, Ratios};
use std::path::PathBuf;
use std::time::Duration;

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
                    match sat::decide(s, kmax, None).unwrap() {
                        Answer::Sat(c) => {
                            assert_eq!(c.len(), kmax);
                            c.verify().unwrap();
                        }
                        other => panic!("{s:?}: expected a code of {kmax} pairs, got {other:?}"),
                    }
                    match sat::decide(s, kmax + 1, None).unwrap() {
                        Answer::Unsat { proof } => sat::check_unsat(s, kmax + 1, &proof).unwrap(),
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

fn small_job() -> RankJob {
    let mut job = RankJob::new(3, q(1, 2));
    job.h_max = 6;
    job.sat_budget = Duration::from_secs(5);
    job
}

#[test]
fn certificates_check_end_to_end_and_tampering_is_rejected() {
    let job = small_job();
    let ratios = Ratios::new(3, q(1, 2));
    let r = best_for_m(&job, &ratios, 6).unwrap();
    let c = r.cert;
    let ok = check_rank(&c).unwrap();
    assert_eq!(ok.bound, c.bound);
    assert!(c.bound >= 2, "m = 6 gives at least rank 2, got {}", c.bound);
    // Round trip through the file format.
    let text = cert::to_json(&c);
    let AnyCertificate::Rank(back) = cert::parse(&text).unwrap() else { panic!("not a rank certificate") };
    assert_eq!(back, c);
    assert!(check_any(&cert::parse(&text).unwrap()).unwrap().starts_with(&format!("rank >= {}", c.bound)));
    // Tampering: a bit of the code, the bound, δ, a ratio, the proof.
    let mut t = c.clone();
    let flip = |s: &str| -> String {
        let mut b: Vec<char> = s.chars().collect();
        b[0] = if b[0] == '1' { '0' } else { '1' };
        b.into_iter().collect()
    };
    t.code.y[0] = flip(&t.code.y[0]);
    assert!(check_rank(&t).is_err());
    let mut t = c.clone();
    t.bound += 1;
    assert!(check_rank(&t).unwrap_err().contains("bound"));
    let mut t = c.clone();
    t.uniform_bound += 1;
    assert!(check_rank(&t).unwrap_err().contains("uniform_bound"));
    let mut t = c.clone();
    t.value = t.uniform_value.clone() + "0";
    assert!(check_rank(&t).is_err());
    assert!(ok.bound >= ok.uniform_bound);
    let mut t = c.clone();
    t.delta = "1/1000".into();
    assert!(check_rank(&t).unwrap_err().contains("delta"));
    let mut t = c.clone();
    t.ratios[0].ratio = "1000".into();
    assert!(check_rank(&t).is_err());
    let mut t = c.clone();
    t.ratios.pop();
    assert!(check_rank(&t).is_err());
    let mut t = c.clone();
    t.k += 1;
    assert!(check_rank(&t).is_err());
    if let Some(mx) = &c.maximal {
        let mut t = c.clone();
        let p = t.maximal.as_mut().unwrap();
        p.proof = p.proof[..p.proof.len() / 2 / 2 * 2].to_string();
        assert!(check_rank(&t).is_err(), "a truncated proof is rejected");
        let mut t = c.clone();
        t.maximal.as_mut().unwrap().refuted = mx.refuted + 1;
        assert!(check_rank(&t).is_err());
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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
        let c = cert::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let AnyCertificate::Rank(c) = c else { panic!("{}: not a rank certificate", p.display()) };
        assert_eq!(c.params.m, m);
        let ok = check_rank(&c).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(ok.bound, bound, "m = {m}");
        assert_eq!(ok.strict && ok.value.is_integer(), strict_matters, "m = {m}");
    }
    // m = 11: the SAT search found 11 pairs of shape (h, lo, hi) = (5, 0, 3), one more
    // than the greedy packing, and refuted 12 (varisat proof checked).
    let AnyCertificate::Rank(c) = cert::read(&root().join("proofs/rank/m11.json")).unwrap() else { panic!() };
    let ok = check_rank(&c).unwrap();
    assert_eq!((ok.shape.h, ok.shape.lo, ok.shape.hi, ok.k, ok.maximal), (5, 0, 3, 11, Some(12)));
    assert_eq!(ok.delta, q(1, 2));
    // m = 13: the entrywise bound (5) beats the uniform one (4) on the same code.
    let AnyCertificate::Rank(c) = cert::read(&root().join("proofs/rank/m13.json")).unwrap() else { panic!() };
    let ok = check_rank(&c).unwrap();
    assert_eq!((ok.bound, ok.uniform_bound, ok.k), (5, 4, 18));
}

fn minip(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_minip")).args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn rank_cli_prints_certified_rows_and_rejects_bad_input() {
    let dir = std::env::temp_dir().join(format!("minip-rank-test-{}", std::process::id()));
    let plot = dir.join("rank.svg");
    std::fs::create_dir_all(&dir).unwrap();
    let (code, out, _) = minip(&["rank", "--m", "9..=10", "--sat-budget", "2", "--json", "--out", dir.to_str().unwrap(), "--plot", plot.to_str().unwrap()]);
    assert_eq!(code, 0);
    let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[0]["m"].as_u64(), rows[0]["bound"].as_u64()), (Some(9), Some(3)));
    assert!(std::fs::read_to_string(&plot).unwrap().starts_with("<svg"));
    let (code, out, _) = minip(&["verify", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
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
