//! The paper's own proof of Lemma 3 is a Farkas certificate (docs/math.md §2.3):
//! `N1 + (n−2)N2 = (n−1)N3` and the same for `D`. Built by hand here — no solver —
//! it must pass the checker exactly when the proof's side condition holds, and the
//! solver-found verdicts must agree with that condition on the paper family.

use minip::certify::gap::{decide, farkas_certificate, Outcome};
use minip::check::{check_gap, Verdict};
use minip::model::{Bound, Family, Gap, Instance};
use minip::rational::{q, qi, Rat};
use minip::rows::gap::build_rows;
use num_traits::Zero;

/// Multipliers: S1.lower ×1, S2.lower ×(n−2), S3.upper ×(n−1), bound ×2ε(n−1), and
/// sign_a × ((n−2)d − 2(n−1)ε), which must be ≥ 0: the proof's side condition.
fn paper_multipliers(inst: &Instance) -> Vec<Rat> {
    let n = inst.n as i64;
    let d = Rat::from_integer((inst.gap.d() as i64).into());
    let two_eps = &inst.eps * qi(2);
    build_rows(inst)
        .iter()
        .map(|r| match r.name.as_str() {
            "S1.lower" => qi(1),
            "S2.lower" => qi(n - 2),
            "S3.upper" => qi(n - 1),
            "bound" => &two_eps * qi(n - 1),
            "sign_a" => qi(n - 2) * &d - &two_eps * qi(n - 1),
            _ => Rat::zero(),
        })
        .collect()
}

#[test]
fn the_papers_combination_is_a_certificate_exactly_under_its_side_condition() {
    for n in 3..=6u32 {
        for eps in [q(1, 2), q(1, 3), q(1, 4)] {
            for d in 1..=6u32 {
                let inst =
                    Instance::new(n, eps.clone(), Gap::from_d(d).unwrap(), Family::Paper, Bound::Paper)
                        .unwrap();
                let rows = build_rows(&inst);
                let y = paper_multipliers(&inst);
                let side = Rat::from_integer(((n - 2) * d).into()) >= &eps * qi(2) * qi(n as i64 - 1);
                let cert = farkas_certificate(&inst, None, &rows, &y);
                match check_gap(&cert) {
                    Ok(v) => {
                        assert!(side, "n={n} eps={eps} d={d}");
                        assert_eq!(v, Verdict::Holds);
                    }
                    // Without the side condition the one part that fails is sign_a's multiplier.
                    Err(e) => {
                        assert!(!side, "n={n} eps={eps} d={d}: {e}");
                        assert!(
                            e.starts_with("farkas: row sign_a: negative multiplier -"),
                            "n={n} eps={eps} d={d}: {e}"
                        );
                    }
                }
                // Where the proof does not apply, the solver decides: on this grid the lemma
                // fails there (a certified head), so the side condition is also necessary.
                let Outcome::Certified(c) = decide(&inst) else { panic!("unknown") };
                assert_eq!(*c.claim() == Verdict::Holds, side, "n={n} eps={eps} d={d}");
            }
        }
    }
}
