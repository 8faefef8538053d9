//! The facts of docs/math.md §2.3, §2.8 and §3.4, settled through the full pipeline
//! (HiGHS hint → exact repair → checker).

use minip::certify::gap::{decide, Outcome};
use minip::check::{check_gap, Verdict};
use minip::model::{paper_k, Bound, Family, Gap, Instance};
use minip::rational::{q, qi, Rat};

fn verdict(n: u32, eps: Rat, gap: Gap, family: Family, bound: Bound) -> Verdict {
    let inst = Instance::new(n, eps, gap, family, bound).unwrap();
    match decide(&inst) {
        Outcome::Certified(cert) => {
            // Whatever decide returns must pass the checker on its own, with the same claim.
            assert_eq!(check_gap(cert.cert()).unwrap(), *cert.claim());
            assert_eq!(cert.verdict, cert.claim().name());
            *cert.claim()
        }
        Outcome::Unknown { reason } => panic!("unknown for {inst:?}: {reason}"),
    }
}

#[test]
fn review_literal_check_is_broken_at_d2_and_holds_from_d3() {
    let e = q(1, 2);
    assert_eq!(
        verdict(3, e.clone(), Gap::from_d(2).unwrap(), Family::Paper, Bound::Value(qi(2))),
        Verdict::Broken
    );
    for d in 3..=8 {
        assert_eq!(
            verdict(3, e.clone(), Gap::from_d(d).unwrap(), Family::Paper, Bound::Value(qi(2))),
            Verdict::Holds,
            "d = {d}"
        );
    }
}

#[test]
fn lemma_factor_is_the_exact_infimum_on_the_paper_family() {
    // inf b/c = K: the bound b ≤ K c is never met, b ≤ (K + 1/1000) c is.
    for n in 3..=5 {
        for eps in [q(1, 2), q(1, 4)] {
            for d in 2..=5 {
                let gap = Gap::from_d(d).unwrap();
                let k = paper_k(n, &eps, d);
                assert_eq!(
                    verdict(n, eps.clone(), gap, Family::Paper, Bound::Paper),
                    Verdict::Holds,
                    "n={n} d={d}"
                );
                let above = Bound::Value(&k + q(1, 1000));
                assert_eq!(
                    verdict(n, eps.clone(), gap, Family::Paper, above),
                    Verdict::Broken,
                    "n={n} d={d}"
                );
            }
        }
    }
}

#[test]
fn no_side_condition_small_gaps_break_the_stated_inequality() {
    // d = 1 at ε = 1/2 gives K = 0: a correct head with α(x,y) = 0 exists.
    assert_eq!(verdict(3, q(1, 2), Gap::from_d(1).unwrap(), Family::Paper, Bound::Paper), Verdict::Broken);
    // d = 1 at ε = 1/4 gives K = 1 > 0 and the lemma's proof goes through.
    assert_eq!(verdict(3, q(1, 4), Gap::from_d(1).unwrap(), Family::Paper, Bound::Paper), Verdict::Holds);
}

#[test]
fn all_family_contains_the_paper_family_so_it_holds_where_paper_holds() {
    for (h, u, w) in [(3, 0, 2), (4, 1, 3), (5, 0, 5), (6, 2, 6)] {
        let gap = Gap::new(h, u, w).unwrap();
        for n in 3..=5 {
            assert_eq!(verdict(n, q(1, 3), gap, Family::All, Bound::Paper), Verdict::Holds, "{gap} n={n}");
        }
    }
}
