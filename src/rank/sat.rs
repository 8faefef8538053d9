//! Exact code search with varisat (MATH.md §5): "is there a code of shape `(m,h,lo,hi)`
//! with `k` pairs?" for `k = 1, 2, …`. A SAT answer is decoded into a code and checked by
//! recomputing every overlap; an UNSAT answer comes with varisat's native proof, checked
//! by varisat's own checker against the formula rebuilt from the parameters. Nothing is
//! reported that did not pass its check.
//!
//! The time budget is enforced through the proof stream: the proof writer refuses to
//! write once the deadline has passed, which stops the solver (varisat has no timer).

use super::cnf::{encode, Encoding};
use super::code::{Code, Shape};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use varisat::checker::{CheckedProofStep, Checker, CheckerData, ProofProcessor};
use varisat::{ProofFormat, Solver};

/// A checked answer for one `k`.
#[derive(Clone, Debug)]
pub enum Answer {
    /// A code with `k` pairs (overlaps recomputed).
    Sat(Code),
    /// No code with `k` pairs: varisat's proof, already accepted by its checker.
    Unsat { proof: Vec<u8> },
    /// The budget ran out first.
    Timeout,
}

/// Proof sink shared with the solver; fails once past the deadline or the size cap.
struct Sink {
    buf: Arc<Mutex<Vec<u8>>>,
    deadline: Option<Instant>,
    cap: usize,
}

impl Write for Sink {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        if self.deadline.is_some_and(|d| Instant::now() > d) {
            return Err(std::io::Error::other("time budget exhausted"));
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

/// Decides one `k` within the deadline.
pub fn decide(shape: Shape, k: usize, deadline: Option<Instant>) -> Result<Answer, String> {
    let enc = encode(shape, k);
    let buf = Arc::new(Mutex::new(Vec::new()));
    let outcome = {
        let mut solver = Solver::new();
        solver.write_proof(Sink { buf: buf.clone(), deadline, cap: PROOF_CAP }, ProofFormat::Varisat);
        solver.add_formula(&enc.formula);
        let r = solver.solve();
        match r {
            Ok(true) => Some(decode(&enc, &solver.model().ok_or("varisat: SAT without a model")?)),
            Ok(false) => {
                solver.close_proof().map_err(|e| format!("varisat: {e}"))?;
                None
            }
            Err(_) => return Ok(Answer::Timeout),
        }
    };
    match outcome {
        Some(code) => {
            code.verify().map_err(|e| format!("varisat model is not a code: {e}"))?;
            Ok(Answer::Sat(code))
        }
        None => {
            let proof = std::mem::take(&mut *buf.lock().expect("proof buffer"));
            check_unsat(shape, k, &proof)?;
            Ok(Answer::Unsat { proof })
        }
    }
}

/// Checks a varisat proof that no code of `k` pairs has this shape, against the
/// formula rebuilt from the parameters. Varisat's checker also accepts proofs that end
/// in a model, so the checked steps are watched: the empty clause must be derived (or
/// be in the formula) and no model may be claimed.
pub fn check_unsat(shape: Shape, k: usize, proof: &[u8]) -> Result<(), String> {
    let enc = encode(shape, k);
    let mut watch = Watch::default();
    {
        let mut checker = Checker::new();
        checker.add_processor(&mut watch);
        checker.add_formula(&enc.formula).map_err(|e| format!("varisat checker: {e}"))?;
        checker.check_proof(proof).map_err(|e| format!("varisat checker rejects the proof: {e}"))?;
    }
    if watch.model {
        return Err("the proof claims a model, not unsatisfiability".into());
    }
    if !watch.empty_clause {
        return Err("the proof does not derive the empty clause".into());
    }
    Ok(())
}

#[derive(Default)]
struct Watch {
    empty_clause: bool,
    model: bool,
}

impl ProofProcessor for Watch {
    fn process_step(&mut self, step: &CheckedProofStep, _: CheckerData) -> Result<(), anyhow::Error> {
        match step {
            CheckedProofStep::AddClause { clause, .. } | CheckedProofStep::AtClause { clause, .. } if clause.is_empty() => {
                self.empty_clause = true
            }
            CheckedProofStep::Model { .. } | CheckedProofStep::FailedAssumptions { .. } => self.model = true,
            _ => {}
        }
        Ok(())
    }
}

fn decode(enc: &Encoding, model: &[varisat::Lit]) -> Code {
    let val = |l: varisat::Lit| model.get(l.index()).is_some_and(|v| v.is_positive());
    let m = enc.shape.m as usize;
    let word = |f: &dyn Fn(usize) -> varisat::Lit| (0..m).fold(0u64, |w, b| if val(f(b)) { w | 1 << b } else { w });
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
    pub timed_out: bool,
}

/// `k = start, start+1, …` until UNSAT, timeout, or `k_max`.
pub fn search(shape: Shape, start: usize, k_max: usize, deadline: Option<Instant>) -> Result<Search, String> {
    let mut s = Search { best: None, refuted: None, timed_out: false };
    for k in start.max(1)..=k_max {
        match decide(shape, k, deadline)? {
            Answer::Sat(c) => s.best = Some(c),
            Answer::Unsat { proof } => {
                s.refuted = Some((k, proof));
                break;
            }
            Answer::Timeout => {
                s.timed_out = true;
                break;
            }
        }
    }
    Ok(s)
}
