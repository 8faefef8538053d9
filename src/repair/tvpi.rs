//! Exact feasibility of pair-sum systems `l_ab ≤ x_a + x_b ≤ u_ab` over the rationals, by
//! shortest paths on the doubled graph (`x_a⁺ = x_a`, `x_a⁻ = −x_a`; each constraint is two
//! difference constraints). Bellman–Ford from a virtual source: a negative cycle proves the
//! system infeasible, otherwise `x_a = (d(a⁺) − d(a⁻))/2` meets every constraint (each of the
//! two difference constraints bounds one half of `x_a + x_b`).
//!
//! The row LP at `n = 3` with the weights `A` fixed is such a system in `Q_c = P_c + P_h/2`
//! (`crate::certify::beyond_ceiling`). Nothing here decides anything: the point is a candidate that
//! the caller checks against the checker's rows.

use minip_check::rational::Rat;
use num_traits::Zero;

/// One constraint `lo ≤ x_a + x_b ≤ hi` (`a = b` allowed: `2x_a`).
pub struct PairSum {
    pub a: usize,
    pub b: usize,
    pub lo: Rat,
    pub hi: Rat,
}

/// A point meeting every constraint, or `None` when the system is infeasible.
pub fn solve(nv: usize, cons: &[PairSum]) -> Option<Vec<Rat>> {
    // Node 2v is x_v, node 2v + 1 is −x_v; an edge (u, v, w) is x_v − x_u ≤ w.
    let mut edges: Vec<(usize, usize, Rat)> = Vec::with_capacity(4 * cons.len());
    for c in cons {
        let (pa, na, pb, nb) = (2 * c.a, 2 * c.a + 1, 2 * c.b, 2 * c.b + 1);
        edges.push((nb, pa, c.hi.clone()));
        edges.push((na, pb, c.hi.clone()));
        edges.push((pb, na, -c.lo.clone()));
        edges.push((pa, nb, -c.lo.clone()));
    }
    let mut d = vec![Rat::zero(); 2 * nv];
    for _ in 0..=2 * nv {
        let mut changed = false;
        for (u, v, w) in &edges {
            let cand = &d[*u] + w;
            if cand < d[*v] {
                d[*v] = cand;
                changed = true;
            }
        }
        if !changed {
            let two = Rat::from_integer(2.into());
            return Some((0..nv).map(|v| (&d[2 * v] - &d[2 * v + 1]) / &two).collect());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(a: i64, b: i64) -> Rat {
        Rat::new(a.into(), b.into())
    }

    #[test]
    fn finds_a_point_or_proves_none() {
        // 1 ≤ x0 + x1 ≤ 1, 0 ≤ 2x0 ≤ 0, so x0 = 0, x1 = 1.
        let cons = vec![
            PairSum { a: 0, b: 1, lo: q(1, 1), hi: q(1, 1) },
            PairSum { a: 0, b: 0, lo: q(0, 1), hi: q(0, 1) },
        ];
        assert_eq!(solve(2, &cons), Some(vec![q(0, 1), q(1, 1)]));
        // x0 + x1 ≥ 3, 2x0 ≤ 2, 2x1 ≤ 2: infeasible.
        let cons = vec![
            PairSum { a: 0, b: 1, lo: q(3, 1), hi: q(10, 1) },
            PairSum { a: 0, b: 0, lo: q(-10, 1), hi: q(2, 1) },
            PairSum { a: 1, b: 1, lo: q(-10, 1), hi: q(2, 1) },
        ];
        assert_eq!(solve(2, &cons), None);
        // An odd cycle pins a half-integer: x0 + x1 = 1, x1 + x2 = 1, x0 + x2 = 1.
        let cons: Vec<PairSum> = [(0, 1), (1, 2), (0, 2)]
            .iter()
            .map(|&(a, b)| PairSum { a, b, lo: q(1, 1), hi: q(1, 1) })
            .collect();
        assert_eq!(solve(3, &cons), Some(vec![q(1, 2), q(1, 2), q(1, 2)]));
    }
}
