//! The CNF question "is there a code of shape `(m, h, lo, hi)` with `k` pairs?"
//! (docs/math.md §5), built deterministically from the parameters so that the checker can
//! rebuild the exact formula an UNSAT proof refers to.
//!
//! Literals are DIMACS integers (variable `v ≥ 1`, `−v` its negation). Variables:
//! `x[i][b]` (`i·m + b + 1`), `y[i][b]` (`k·m + i·m + b + 1`), then auxiliaries.
//! Cardinalities use the sequential counter (Sinz 2005) with both
//! implication directions where an exact count is needed. Symmetry breaking, each
//! step sound on its own and together (argument in docs/math.md §5.6):
//! - dominance: `y_i ⊇ complement(x_i)` (adding bits outside `x_i` keeps `<x_i,y_i>`
//!   and only raises `<x_j,y_i>`);
//! - rows: `x_0 > x_1 > … > x_{k−1}` strictly, as bit strings (the `x_i` are distinct
//!   because `lo < hi`);
//! - columns: `x_0 = 1^h 0^{m−h}` (permute coordinates onto one word's support; that
//!   word is then the largest).
//!
//! Depends on nothing in the crate but the shape.

use crate::model::code::Shape;

/// A DIMACS literal.
pub type Lit = i32;

/// A CNF formula in DIMACS terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    pub vars: usize,
    pub clauses: Vec<Vec<Lit>>,
}

impl Cnf {
    /// The DIMACS text (`p cnf V C`, one clause per line), for outside checkers.
    pub fn dimacs(&self) -> String {
        let mut s = format!("p cnf {} {}\n", self.vars, self.clauses.len());
        for c in &self.clauses {
            for l in c {
                s.push_str(&l.to_string());
                s.push(' ');
            }
            s.push_str("0\n");
        }
        s
    }
}

/// A formula together with where the code's variables are.
pub struct Encoding {
    pub formula: Cnf,
    pub shape: Shape,
    pub k: usize,
}

impl Encoding {
    pub fn x(&self, i: usize, b: usize) -> Lit {
        (i * self.shape.m as usize + b + 1) as Lit
    }
    pub fn y(&self, i: usize, b: usize) -> Lit {
        ((self.k + i) * self.shape.m as usize + b + 1) as Lit
    }
}

pub use crate::limits::MAX_CNF_LITERALS as MAX_LITERALS;

/// An upper estimate of the number of literals `encode(shape, k)` writes. Saturates at
/// `u128::MAX` (`k` may be any stated `usize`: `k²·m` does not fit in 128 bits for the
/// largest ones, and a wrapped estimate would let a huge formula through).
pub fn estimate(shape: Shape, k: usize) -> u128 {
    let (m, h, lo, hi, k) = (shape.m as u128, shape.h as u128, shape.lo as u128, shape.hi as u128, k as u128);
    let linear = k.saturating_mul(m).saturating_mul(12 * (h + lo + 2) + 25);
    let pairs = k.saturating_mul(k).saturating_mul(m).saturating_mul(4 + 6 * hi);
    linear.saturating_add(pairs)
}

pub struct Builder {
    pub f: Cnf,
}

impl Builder {
    pub fn new(vars: usize) -> Builder {
        Builder { f: Cnf { vars, clauses: Vec::new() } }
    }
    fn fresh(&mut self) -> Lit {
        self.f.vars += 1;
        self.f.vars as Lit
    }
    pub fn clause(&mut self, c: &[Lit]) {
        self.f.clauses.push(c.to_vec());
    }
    /// Sequential counter over `lits`: `at_least` and/or `at_most` bounds on the count.
    pub fn count(&mut self, lits: &[Lit], at_least: Option<usize>, at_most: Option<usize>) {
        let n = lits.len();
        if let Some(a) = at_least {
            if a > n {
                self.clause(&[]);
                return;
            }
        }
        let width = at_most.map_or(0, |b| b + 1).max(at_least.unwrap_or(0)).min(n);
        if width == 0 {
            return;
        }
        let up = at_most.is_some(); // r ← (needed to forbid too many)
        let down = at_least.is_some(); // r → (needed to demand enough)
                                       // r[i][j] ⇔ at least j+1 of lits[0..=i] are true, for j < min(i+1, width).
        let mut prev: Vec<Lit> = Vec::new();
        for (i, &l) in lits.iter().enumerate() {
            let cols = (i + 1).min(width);
            let cur: Vec<Lit> = (0..cols).map(|_| self.fresh()).collect();
            for j in 0..cols {
                let r = cur[j];
                let p_same = prev.get(j).copied();
                let p_less = if j == 0 { None } else { prev.get(j - 1).copied() };
                if up {
                    if let Some(p) = p_same {
                        self.clause(&[-p, r]);
                    }
                    match (j, p_less) {
                        (0, _) => self.clause(&[-l, r]),
                        (_, Some(p)) => self.clause(&[-p, -l, r]),
                        _ => {}
                    }
                }
                if down {
                    // r → p_same ∨ l, and r → p_same ∨ p_less.
                    let mut c1 = vec![-r, l];
                    if let Some(p) = p_same {
                        c1.push(p);
                    }
                    self.clause(&c1);
                    if j > 0 {
                        let mut c2 = vec![-r];
                        if let Some(p) = p_same {
                            c2.push(p);
                        }
                        c2.push(p_less.expect("j ≤ i"));
                        self.clause(&c2);
                    }
                }
            }
            prev = cur;
        }
        if let Some(a) = at_least {
            if a > 0 {
                self.clause(&[prev[a - 1]]);
            }
        }
        if let Some(b) = at_most {
            if b < prev.len() {
                self.clause(&[-prev[b]]);
            }
        }
    }
    /// `a ∧ b` as a fresh literal; `full` adds the reverse implication too.
    fn and(&mut self, a: Lit, b: Lit, full: bool) -> Lit {
        let z = self.fresh();
        self.clause(&[-z, a]);
        self.clause(&[-z, b]);
        if full {
            self.clause(&[z, -a, -b]);
        }
        z
    }
}

/// Builds the formula for `k` pairs of the given shape.
pub fn encode(shape: Shape, k: usize) -> Encoding {
    let m = shape.m as usize;
    let (h, lo, hi) = (shape.h as usize, shape.lo as usize, shape.hi as usize);
    let mut enc = Encoding { formula: Cnf { vars: 0, clauses: Vec::new() }, shape, k };
    let mut bld = Builder::new(2 * k * m);
    let x = |i: usize, b: usize| enc.x(i, b);
    let y = |i: usize, b: usize| enc.y(i, b);
    for i in 0..k {
        let xs: Vec<Lit> = (0..m).map(|b| x(i, b)).collect();
        bld.count(&xs, Some(h), Some(h));
        for b in 0..m {
            bld.clause(&[x(i, b), y(i, b)]); // dominance
        }
        let diag: Vec<Lit> = (0..m).map(|b| bld.and(x(i, b), y(i, b), true)).collect();
        bld.count(&diag, Some(lo), Some(lo));
        for j in 0..k {
            if i != j {
                let off: Vec<Lit> = (0..m).map(|b| bld.and(x(i, b), y(j, b), false)).collect();
                bld.count(&off, Some(hi), None);
            }
        }
    }
    if k > 0 {
        for b in 0..m {
            bld.clause(&[if b < h { x(0, b) } else { -x(0, b) }]);
        }
    }
    // x_i > x_{i+1} strictly, bit 0 most significant.
    for i in 0..k.saturating_sub(1) {
        let mut eq: Option<Lit> = None; // prefix equal (None: the empty prefix)
        for b in 0..m {
            let (a, c) = (x(i, b), x(i + 1, b));
            let guard: Vec<Lit> = eq.map(|e: Lit| vec![-e]).unwrap_or_default();
            bld.clause(&[guard.clone(), vec![a, -c]].concat());
            let e = bld.fresh();
            bld.clause(&[guard.clone(), vec![a, c, e]].concat());
            bld.clause(&[guard, vec![-a, -c, e]].concat());
            eq = Some(e);
        }
        if let Some(e) = eq {
            bld.clause(&[-e]);
        }
    }
    enc.formula = bld.f;
    enc
}
