//! Exact code search with varisat (docs/math.md §5): "is there a code of shape
//! `(m,h,lo,hi)` with `k` pairs?" for `k = 1, 2, …`, on the CNF that
//! `minip_check::rows::cnf` builds. A SAT answer is decoded into a code and checked by
//! recomputing every overlap; an UNSAT answer comes with varisat's DRAT proof, checked by
//! `minip_check::check::drup` against the formula rebuilt from the parameters. Nothing is
//! reported that did not pass its check.
//!
//! The budget is deterministic: a number of clauses added to the proof (learned clauses,
//! about one per conflict), counted in the binary DRAT stream the solver writes. The proof
//! writer refuses to write once the budget is spent, which stops the solver (varisat 0.2
//! has neither a timer nor a conflict limit). varisat itself is deterministic and the stream
//! is written in the same chunks every run, so the same formula and budget always stop at the
//! same place, whatever the load of the machine.

use crate::error::Error;
use minip_check::check::drup::{check_refutation, Encoding as Drat};
use minip_check::model::code::{Code, Shape};
use minip_check::rows::cnf::{encode, Cnf, Encoding};
use std::io::Write;
use std::sync::{Arc, Mutex};
use varisat::{CnfFormula, ExtendFormula, Lit, ProofFormat, Solver};

/// A checked answer for one `k`.
#[derive(Clone, Debug)]
pub enum Answer {
    /// A code with `k` pairs (overlaps recomputed).
    Sat(Code),
    /// No code with `k` pairs: a binary DRAT proof, already accepted by the checker.
    Unsat { proof: Vec<u8> },
    /// The budget ran out first.
    OutOfBudget,
}

/// A budget of proof clauses, shared by the searches of one `m` (deterministic: see the
/// module comment), and optionally the run's control: an abandoned run ends the solver at its
/// next proof write, as a spent budget does.
pub struct Budget {
    left: std::sync::atomic::AtomicU64,
    ctl: Option<crate::control::Control>,
}

impl std::fmt::Debug for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget").field("left", &self.left()).field("stopped", &self.stopped()).finish()
    }
}

impl Budget {
    /// `clauses` clauses added to the proofs (about one per conflict); `None`: unlimited.
    pub fn new(clauses: Option<u64>) -> Budget {
        Budget { left: std::sync::atomic::AtomicU64::new(clauses.unwrap_or(u64::MAX)), ctl: None }
    }
    /// The same budget, also spent at once when `ctl` is abandoned (`Control::abandon`; the
    /// caller tells that from a spent budget by `ctl.is_abandoned()`).
    pub fn with_control(mut self, ctl: &crate::control::Control) -> Budget {
        self.ctl = Some(ctl.clone());
        self
    }
    /// Whether the run's control abandoned the work in progress.
    pub fn stopped(&self) -> bool {
        self.ctl.as_ref().is_some_and(crate::control::Control::is_abandoned)
    }
    pub fn unlimited() -> Budget {
        Budget::new(None)
    }
    /// Clauses left.
    pub fn left(&self) -> u64 {
        self.left.load(std::sync::atomic::Ordering::SeqCst)
    }
    /// Takes `n` clauses; `false` (and the budget spent) when fewer were left.
    fn take(&self, n: u64) -> bool {
        use std::sync::atomic::Ordering::SeqCst;
        if self.stopped() {
            return false;
        }
        let left = self.left.load(SeqCst);
        self.left.store(left.saturating_sub(n), SeqCst);
        left >= n
    }
}

/// Counts the clauses added in a binary DRAT stream fed in arbitrary chunks: each step is
/// `a` (add) or `d` (delete), then literals in LEB128 (never a zero byte: a literal is at least
/// 2 and a minimal encoding ends in a nonzero byte), then a zero byte.
#[derive(Default)]
struct StepCounter {
    in_step: bool,
}

impl StepCounter {
    fn added(&mut self, data: &[u8]) -> u64 {
        let mut n = 0;
        for &b in data {
            if !self.in_step {
                self.in_step = true;
                n += u64::from(b == b'a');
            } else if b == 0 {
                self.in_step = false;
            }
        }
        n
    }
}

/// Proof sink shared with the solver; fails once the budget or the size cap is exceeded.
struct Sink<'b> {
    buf: Arc<Mutex<Vec<u8>>>,
    budget: &'b Budget,
    steps: StepCounter,
    cap: usize,
}

impl Write for Sink<'_> {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        if !self.budget.take(self.steps.added(data)) {
            return Err(std::io::Error::other("clause budget exhausted"));
        }
        let mut b = self.buf.lock().expect("proof buffer");
        if b.len() + data.len() > self.cap {
            return Err(std::io::Error::other("proof too large"));
        }
        b.extend_from_slice(data);
        Ok(data.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Largest proof kept in memory (bytes).
pub const PROOF_CAP: usize = 256 << 20;

/// The formula as varisat takes it.
pub fn varisat_formula(cnf: &Cnf) -> CnfFormula {
    let mut f = CnfFormula::new();
    f.set_var_count(cnf.vars);
    for c in &cnf.clauses {
        let lits: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect();
        f.add_clause(&lits);
    }
    f
}

/// What varisat says about a formula, unchecked: a model (one `bool` per variable, index
/// `var − 1`), or UNSAT with its binary DRAT proof, or the budget ran out first.
#[derive(Clone, Debug)]
pub enum Raw {
    Model(Vec<bool>),
    Refuted(Vec<u8>),
    OutOfBudget,
}

/// Solves any formula within the budget, writing a binary DRAT proof (nothing is checked here:
/// the caller checks the model or the proof).
pub fn solve_with_proof(cnf: &Cnf, budget: &Budget) -> Result<Raw, Error> {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let mut solver = Solver::new();
    let sink = Sink { buf: buf.clone(), budget, steps: StepCounter::default(), cap: PROOF_CAP };
    solver.write_proof(sink, ProofFormat::BinaryDrat);
    solver.add_formula(&varisat_formula(cnf));
    match solver.solve() {
        Ok(true) => {
            let model =
                solver.model().ok_or_else(|| Error::Unknown("varisat: SAT without a model".into()))?;
            let mut vals = vec![false; cnf.vars];
            for l in model {
                if let Some(v) = vals.get_mut(l.var().index()) {
                    *v = l.is_positive();
                }
            }
            Ok(Raw::Model(vals))
        }
        Ok(false) => {
            if solver.close_proof().is_err() {
                return Ok(Raw::OutOfBudget);
            }
            drop(solver);
            let proof = std::mem::take(&mut *buf.lock().expect("proof buffer"));
            Ok(Raw::Refuted(proof))
        }
        Err(_) => Ok(Raw::OutOfBudget),
    }
}

/// Decides one `k` within the budget (what it uses is taken from it).
pub fn decide(shape: Shape, k: usize, budget: &Budget) -> Result<Answer, Error> {
    let enc = encode(shape, k);
    let buf = Arc::new(Mutex::new(Vec::new()));
    let outcome = {
        let mut solver = Solver::new();
        let sink = Sink { buf: buf.clone(), budget, steps: StepCounter::default(), cap: PROOF_CAP };
        solver.write_proof(sink, ProofFormat::BinaryDrat);
        solver.add_formula(&varisat_formula(&enc.formula));
        let r = solver.solve();
        match r {
            Ok(true) => Some(decode(
                &enc,
                &solver.model().ok_or_else(|| Error::Unknown("varisat: SAT without a model".into()))?,
            )),
            Ok(false) => {
                if solver.close_proof().is_err() {
                    // The last chunk of the proof did not fit the budget.
                    return Ok(Answer::OutOfBudget);
                }
                None
            }
            Err(_) => return Ok(Answer::OutOfBudget),
        }
    };
    match outcome {
        Some(code) => {
            code.verify().map_err(|e| Error::Unknown(format!("varisat model is not a code: {e}")))?;
            Ok(Answer::Sat(code))
        }
        None => {
            let proof = std::mem::take(&mut *buf.lock().expect("proof buffer"));
            check_refutation(&enc.formula, &proof, Drat::Binary)
                .map_err(|e| Error::Unknown(format!("the DRAT proof does not check: {e}")))?;
            Ok(Answer::Unsat { proof })
        }
    }
}

fn decode(enc: &Encoding, model: &[Lit]) -> Code {
    let val = |l: i32| model.get(l.unsigned_abs() as usize - 1).is_some_and(|v| v.is_positive());
    let m = enc.shape.m as usize;
    let word = |f: &dyn Fn(usize) -> i32| (0..m).fold(0u64, |w, b| if val(f(b)) { w | 1 << b } else { w });
    let x = (0..enc.k).map(|i| word(&|b| enc.x(i, b))).collect();
    let y = (0..enc.k).map(|i| word(&|b| enc.y(i, b))).collect();
    Code { shape: enc.shape, x, y }
}

/// The search for one shape: the largest `k` found and, when the next size was refuted
/// in time, the proof that it is the maximum.
#[derive(Clone, Debug)]
pub struct Search {
    pub best: Option<Code>,
    /// `(k, proof)`: no code of `k` pairs (checked), `k = best.len() + 1`.
    pub refuted: Option<(usize, Vec<u8>)>,
    pub out_of_budget: bool,
}

/// `k = start, start+1, …` until UNSAT, the budget is spent, or `k_max`.
pub fn search(shape: Shape, start: usize, k_max: usize, budget: &Budget) -> Result<Search, Error> {
    let mut s = Search { best: None, refuted: None, out_of_budget: false };
    for k in start.max(1)..=k_max {
        match decide(shape, k, budget)? {
            Answer::Sat(c) => s.best = Some(c),
            Answer::Unsat { proof } => {
                s.refuted = Some((k, proof));
                break;
            }
            Answer::OutOfBudget => {
                s.out_of_budget = true;
                break;
            }
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rows::cnf::Builder;

    fn count_models_of_counter(n: usize, lo: Option<usize>, hi: Option<usize>) -> usize {
        // Every assignment of the n inputs: satisfiable with the counter iff the bound holds.
        let mut ok = 0;
        for bitsv in 0..1u32 << n {
            let mut b = Builder::new(n);
            let lits: Vec<i32> = (1..=n as i32).collect();
            b.count(&lits, lo, hi);
            for i in 0..n {
                b.clause(&[if bitsv >> i & 1 == 1 { i as i32 + 1 } else { -(i as i32 + 1) }]);
            }
            let mut s = Solver::new();
            s.add_formula(&varisat_formula(&b.f));
            if s.solve().unwrap() {
                ok += 1;
            }
        }
        ok
    }

    #[test]
    fn added_clauses_are_counted_across_chunks() {
        // a [2 3] 0, d [5] 0, a [300 = 0xac 0x02] 0: two additions however the bytes are cut.
        let stream = [b'a', 2, 3, 0, b'd', 5, 0, b'a', 0xac, 0x02, 0];
        for cut in 0..=stream.len() {
            let mut c = StepCounter::default();
            assert_eq!(c.added(&stream[..cut]) + c.added(&stream[cut..]), 2, "cut at {cut}");
        }
        let b = Budget::new(Some(3));
        assert!(b.take(2) && b.take(1) && b.left() == 0);
        assert!(!b.take(1) && b.take(0));
    }

    #[test]
    fn sequential_counter_counts() {
        // C(5,0..=5) = 1 5 10 10 5 1
        assert_eq!(count_models_of_counter(5, Some(2), Some(2)), 10);
        assert_eq!(count_models_of_counter(5, Some(3), None), 16);
        assert_eq!(count_models_of_counter(5, None, Some(1)), 6);
        assert_eq!(count_models_of_counter(5, Some(0), Some(0)), 1);
        assert_eq!(count_models_of_counter(5, Some(5), Some(5)), 1);
        assert_eq!(count_models_of_counter(4, Some(5), None), 0);
    }
}
