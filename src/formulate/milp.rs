//! The MILP cross-check's job (docs/sharp.md): tokens in `m` bits with gap at least `d`, the
//! configurations they realize, and the bound on `a` of the MILP. Below both the solve
//! (`crate::solve::milp`) and the certified comparison (`crate::certify::milp`), which
//! share it; it depends on the checker's model only.

use crate::error::Error;
use minip_check::model::{Bound, Family, Gap, Instance};
use minip_check::rational::Rat;

/// Largest token length accepted.
pub const MAX_M: u32 = 6;
/// Bound on `a` after normalising `b + c = 1`.
pub const A_MAX: f64 = 1000.0;

/// One cross-check: tokens in `m` bits, gap at least `d`.
#[derive(Clone, Debug)]
pub struct Job {
    pub n: u32,
    pub eps: Rat,
    pub family: Family,
    pub m: u32,
    pub d: u32,
}

impl Job {
    pub fn new(n: u32, eps: Rat, family: Family, m: u32, d: u32) -> Result<Job, Error> {
        if !(1..=MAX_M).contains(&m) {
            return Err(Error::Input(format!("need 1 ≤ m ≤ {MAX_M}, got m = {m}")));
        }
        if d == 0 || d > m {
            return Err(Error::Input(format!("need 1 ≤ d ≤ m, got d = {d}, m = {m}")));
        }
        Instance::new(n, eps.clone(), Gap::from_d(1)?, family, Bound::Paper)?;
        Ok(Job { n, eps, family, m, d })
    }
    /// Every configuration realizable in `m` bits by pairwise distinct tokens with gap at
    /// least `d` (`w = h` needs a strict superset of `x`, so `h < m`).
    pub fn configurations(&self) -> Vec<Instance> {
        Gap::all_up_to(self.m)
            .into_iter()
            .filter(|g| g.d() >= self.d && (g.w < g.h || g.h < self.m))
            .map(|gap| {
                Instance::new(self.n, self.eps.clone(), gap, self.family, Bound::Paper)
                    .expect("validated in Job::new")
            })
            .collect()
    }
}
