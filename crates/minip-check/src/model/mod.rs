//! The model: gap configurations, the query's candidate tokens, and the families of
//! sequences whose Min-IP targets a head must meet (docs/math.md §1–2); tokens and codes.
//!
//! Pure data and combinatorics: no linear programming, no solver, no I/O.
//!
//! ```
//! use minip_check::model::{paper_k, sequences, Family, Gap};
//! use minip_check::rational::q;
//! // The lemma's K = (n−2)(d−2ε)/(2ε) at n = 3, ε = 1/2, d = 3.
//! assert_eq!(paper_k(3, &q(1, 2), 3), q(2, 1));
//! // The paper family has three sequences whatever n.
//! assert_eq!(sequences(5, &Gap::new(3, 0, 3).unwrap(), Family::Paper).len(), 3);
//! ```

pub mod code;
pub mod kernel;
pub mod linear;
pub mod macwilliams;
pub mod multilevel;
pub mod setting;
pub mod tokens;
pub mod value;

pub use setting::{Kernel, KeyView, Keys, Positions, Setting, Task};

use crate::error::{Error, Res};
use crate::rational::{fmt_q, Rat};
use num_traits::{Signed, Zero};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::limits::{MAX_H, MAX_N, MAX_N_ALL};

/// Which sequences the head must be correct on (docs/math.md §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// S1, S2, S3 of the lemma.
    Paper,
    /// Every length-`n` sequence starting with `x` over `{x, y, z}`.
    All,
}

impl Family {
    pub fn parse(s: &str) -> Res<Family> {
        match s {
            "paper" => Ok(Family::Paper),
            "all" => Ok(Family::All),
            _ => Err(Error::Input(format!("unknown family '{s}' (expected 'paper' or 'all')"))),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Family::Paper => "paper",
            Family::All => "all",
        }
    }
}

/// A gap configuration `(h, u, w)`: `|x| = h`, `<x,y> = u < w = <x,z> ≤ h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Gap {
    pub h: u32,
    pub u: u32,
    pub w: u32,
}

impl Gap {
    /// Checks `0 ≤ u < w ≤ h` (and a sane size).
    pub fn new(h: u32, u: u32, w: u32) -> Res<Gap> {
        if u >= w {
            return Err(Error::Input(format!("need u < w, got u = {u}, w = {w}")));
        }
        if w > h {
            return Err(Error::Input(format!("need w ≤ h, got w = {w}, h = {h}")));
        }
        crate::limits::at_most("h", h, MAX_H, "gap configurations")?;
        Ok(Gap { h, u, w })
    }
    /// `--d D` alone means `u = 0`, `w = h = d`.
    pub fn from_d(d: u32) -> Res<Gap> {
        if d == 0 {
            return Err(Error::Input("the gap d must be at least 1".into()));
        }
        Gap::new(d, 0, d)
    }
    /// The gap `d = w − u`.
    pub fn d(&self) -> u32 {
        self.w - self.u
    }
    /// Every configuration with `1 ≤ h ≤ h_max`, in lexicographic `(h, u, w)` order.
    pub fn all_up_to(h_max: u32) -> Vec<Gap> {
        let mut v = Vec::new();
        for h in 1..=h_max {
            for u in 0..h {
                for w in u + 1..=h {
                    v.push(Gap { h, u, w });
                }
            }
        }
        v
    }
}

impl fmt::Display for Gap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(h={}, u={}, w={})", self.h, self.u, self.w)
    }
}

/// A sequence queried at its first token `x`, described by how many times each of
/// `x, y, z` occurs (the query included) and its Min-IP target at `x`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sequence {
    pub name: String,
    /// Multiplicities `(i_x, i_y, i_z)`, the query counted in `i_x`.
    pub mult: [u32; 3],
    /// `t = min_j <x, x_j>`.
    pub target: u32,
}

impl Sequence {
    /// Builds the sequence and computes its target from the overlaps (docs/math.md §1.1, §2.2):
    /// `h` for the self term, `u` if `y` occurs, `w` if `z` occurs.
    pub fn new(name: impl Into<String>, mult: [u32; 3], gap: &Gap) -> Sequence {
        let mut t = gap.h;
        if mult[1] > 0 {
            t = t.min(gap.u);
        }
        if mult[2] > 0 {
            t = t.min(gap.w);
        }
        Sequence { name: name.into(), mult, target: t }
    }
    pub fn len(&self) -> u32 {
        self.mult.iter().sum()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The tokens spelled out, e.g. `x y z z`.
    pub fn spelled(&self) -> String {
        let mut parts = Vec::new();
        for (k, name) in ["x", "y", "z"].iter().enumerate() {
            for _ in 0..self.mult[k] {
                parts.push(*name);
            }
        }
        parts.join(" ")
    }
}

/// The family's sequences, in a fixed order (docs/math.md §2.2).
pub fn sequences(n: u32, gap: &Gap, family: Family) -> Vec<Sequence> {
    match family {
        Family::Paper => vec![
            Sequence::new("S1", [1, n - 1, 0], gap),
            Sequence::new("S2", [1, 0, n - 1], gap),
            Sequence::new("S3", [1, 1, n - 2], gap),
        ],
        Family::All => {
            let mut v = Vec::new();
            // The query plus a multiset of n−1 tokens over {x, y, z}.
            for ix in (0..n).rev() {
                for iy in (0..n - ix).rev() {
                    let iz = n - 1 - ix - iy;
                    let mult = [ix + 1, iy, iz];
                    v.push(Sequence::new(format!("x{}y{}z{}", mult[0], mult[1], mult[2]), mult, gap));
                }
            }
            v
        }
    }
}

/// The negated bound `b ≤ K'·c` whose satisfiability is asked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The lemma's own factor `K = (n−2)(d−2ε)/(2ε)`.
    Paper,
    /// Any rational factor, e.g. the review's literal `2`.
    Value(Rat),
}

impl Bound {
    pub fn parse(s: &str) -> Res<Bound> {
        if s == "paper" {
            Ok(Bound::Paper)
        } else {
            crate::rational::parse_rational(s)
                .map(Bound::Value)
                .map_err(|e| e.map_message(|m| format!("bound must be 'paper' or a rational: {m}")))
        }
    }
    pub fn label(&self) -> String {
        match self {
            Bound::Paper => "paper".into(),
            Bound::Value(k) => fmt_q(k),
        }
    }
}

/// The lemma's factor `K = (n−2)(d−2ε)/(2ε)` (docs/math.md §2.3).
pub fn paper_k(n: u32, eps: &Rat, d: u32) -> Rat {
    let two_eps = eps * Rat::from_integer(2.into());
    Rat::from_integer((n - 2).into()) * (Rat::from_integer(d.into()) - &two_eps) / two_eps
}

/// One question: is there a head correct on the family with `α(x,y) ≤ K'·α(x,z)`?
/// (With a task other than Min-IP the better key is `z` and the question is
/// `α(x,z) ≤ K'·α(x,y)`; docs/math.md §11.1.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    pub n: u32,
    pub eps: Rat,
    pub gap: Gap,
    pub family: Family,
    pub bound: Bound,
    /// Task, kernel, positions, keys (docs/math.md §11); the default is the paper's model.
    pub setting: Setting,
    /// Hamming distances `Ham(x,y)`, `Ham(x,z)` of the stated tokens (used by `nearest`):
    /// for the realized tokens `h − u` and `h − w` (`1` when `z` is the strict superset).
    pub dist: [u32; 2],
}

impl Instance {
    /// Validates the parameters (docs/math.md §2.1: `n ≥ 3`, `ε > 0`, `0 ≤ u < w ≤ h`).
    pub fn new(n: u32, eps: Rat, gap: Gap, family: Family, bound: Bound) -> Res<Instance> {
        if n < 3 {
            return Err(Error::Input(format!("need n ≥ 3, got n = {n}")));
        }
        crate::limits::at_most("n", n, MAX_N, "the paper family")?;
        if family == Family::All {
            crate::limits::at_most("n", n, MAX_N_ALL, "the all family has n(n+1)/2 sequences")?;
        }
        if !eps.is_positive() || eps.is_zero() {
            return Err(Error::Input(format!("need ε > 0, got ε = {}", fmt_q(&eps))));
        }
        Gap::new(gap.h, gap.u, gap.w)?;
        let dist = [gap.h - gap.u, if gap.w < gap.h { gap.h - gap.w } else { 1 }];
        Ok(Instance { n, eps, gap, family, bound, setting: Setting::default(), dist })
    }
    /// The same question in another setting (docs/math.md §11), validated: a key position
    /// needs position-dependent maps; `nearest` needs `z` strictly nearer to `x` than `y`.
    pub fn with_setting(mut self, setting: Setting) -> Res<Instance> {
        setting.validate(self.n)?;
        self.setting = setting;
        self.check_dist()?;
        Ok(self)
    }
    /// Takes the Hamming distances from stated tokens `x, y, z`.
    pub fn with_tokens(mut self, t: &[tokens::Token; 3]) -> Res<Instance> {
        self.dist = [t[0].distance(&t[1]), t[0].distance(&t[2])];
        self.check_dist()?;
        Ok(self)
    }
    fn check_dist(&self) -> Res<()> {
        if self.setting.task == Task::Nearest && self.dist[1] >= self.dist[0] {
            return Err(Error::Input(format!(
                "nearest: z must be nearer to x than y (Ham(x,y) = {}, Ham(x,z) = {})",
                self.dist[0], self.dist[1]
            )));
        }
        Ok(())
    }
    /// The gap `d` of the task: `w − u` for Min-IP and Max-IP, `Ham(x,y) − Ham(x,z)` for nearest.
    pub fn d(&self) -> u32 {
        match self.setting.task {
            Task::Nearest => self.dist[0] - self.dist[1],
            _ => self.gap.d(),
        }
    }
    /// The better key of the task (index into `x, y, z`): `y` (lower overlap) for Min-IP,
    /// `z` (higher overlap, or nearer) for Max-IP and nearest. The bound is `good ≤ K'·bad`.
    pub fn good(&self) -> usize {
        if self.setting.task == Task::MinIp {
            1
        } else {
            2
        }
    }
    pub fn bad(&self) -> usize {
        3 - self.good()
    }
    /// The factor `K'` of the negated bound.
    pub fn kprime(&self) -> Rat {
        match &self.bound {
            Bound::Paper => paper_k(self.n, &self.eps, self.d()),
            Bound::Value(k) => k.clone(),
        }
    }
    /// The family's sequences (multisets, queried at `x`) with the task's targets. For the
    /// default setting exactly `sequences(n, gap, family)`. Beyond Min-IP the paper family is
    /// `(x, good^{n−1})`, `(x, bad^{n−1})`, `(x, good, bad^{n−2})` (the lemma's identity holds
    /// for any targets); `keys distinct` drops the sequences with a copy of `x`.
    pub fn sequences(&self) -> Vec<Sequence> {
        if self.setting.task == Task::MinIp && self.setting.keys == Keys::All {
            return sequences(self.n, &self.gap, self.family);
        }
        let n = self.n;
        let mut v = match (self.family, self.good()) {
            (Family::Paper, 1) => sequences(n, &self.gap, Family::Paper),
            (Family::Paper, _) => vec![
                Sequence::new("S1", [1, 0, n - 1], &self.gap),
                Sequence::new("S2", [1, n - 1, 0], &self.gap),
                Sequence::new("S3", [1, n - 2, 1], &self.gap),
            ],
            (Family::All, _) => sequences(n, &self.gap, Family::All),
        };
        if self.setting.keys == Keys::Distinct {
            v.retain(|s| s.mult[0] == 1);
        }
        for s in &mut v {
            s.target = self.target(s.mult);
        }
        v
    }
    /// The task's target of a sequence with multiplicities `(i_x, i_y, i_z)` (query included).
    pub fn target(&self, mult: [u32; 3]) -> u32 {
        let views = [
            KeyView { overlap: self.gap.h, dist: 0 },
            KeyView { overlap: self.gap.u, dist: self.dist[0] },
            KeyView { overlap: self.gap.w, dist: self.dist[1] },
        ];
        let others =
            (0..3).flat_map(|k| std::iter::repeat_n(views[k], (mult[k] - u32::from(k == 0)) as usize));
        setting::target(self.setting.task, self.gap.h, others)
    }
    /// A stable file stem, e.g. `n3_eps1-2_h4_u1_w3_paper_bpaper`.
    pub fn stem(&self) -> String {
        let e = fmt_q(&self.eps).replace('/', "-");
        let b = self.bound.label().replace('/', "-");
        format!(
            "n{}_eps{}_h{}_u{}_w{}_{}_b{}{}",
            self.n,
            e,
            self.gap.h,
            self.gap.u,
            self.gap.w,
            self.family.name(),
            b,
            self.setting.stem()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::{q, qi};

    #[test]
    fn paper_family_targets_follow_the_overlaps() {
        let g = Gap::new(5, 1, 4).unwrap();
        let s = sequences(4, &g, Family::Paper);
        let got: Vec<_> = s.iter().map(|s| (s.mult, s.target)).collect();
        assert_eq!(got, vec![([1, 3, 0], 1), ([1, 0, 3], 4), ([1, 1, 2], 1)]);
    }

    #[test]
    fn all_family_has_every_multiset_once() {
        let g = Gap::new(3, 0, 2).unwrap();
        let s = sequences(4, &g, Family::All);
        assert_eq!(s.len(), 10); // multisets of 3 over 3 symbols
        assert!(s.iter().all(|s| s.len() == 4));
        let only_x = s.iter().find(|s| s.mult == [4, 0, 0]).unwrap();
        assert_eq!(only_x.target, 3);
        let xz = s.iter().find(|s| s.mult == [2, 0, 2]).unwrap();
        assert_eq!(xz.target, 2);
    }

    #[test]
    fn lemma_factor_and_validation() {
        assert_eq!(paper_k(3, &q(1, 2), 2), qi(1));
        assert_eq!(paper_k(5, &q(1, 4), 3), qi(15)); // 3·(5/2)/(1/2)
        assert!(Gap::new(3, 2, 2).is_err());
        assert!(Gap::new(3, 1, 4).is_err());
        let g = Gap::from_d(2).unwrap();
        assert!(Instance::new(2, q(1, 2), g, Family::Paper, Bound::Paper).is_err());
        assert!(Instance::new(3, qi(0), g, Family::Paper, Bound::Paper).is_err());
        assert!(Instance::new(3, q(-1, 2), g, Family::Paper, Bound::Paper).is_err());
    }
}
