//! Explicit heads as requests: `head verify` (also Python's `head_verify`), `head attack`,
//! `head bench` and `transition`. Each checks its lengths and loads its head (the work counted
//! before any table is built, `crate::heads::work`) once here; the runs are `crate::heads`;
//! the reports are rendered by `crate::print::head`.

use super::{Control, Error};
use crate::error::At;
use crate::heads::attack::{attack, Attack};
use crate::heads::eval::{verify, Report};
use crate::heads::transition::{transition, Row};
use crate::heads::{load_for, work, Head, Plan, Task};
use crate::print::head::{self as print, About, BenchRow};
use crate::print::json;
use minip_check::rational::{fmt_q, parse_rational, q, Rat};
use num_traits::Zero;
use std::time::Instant;

/// Longest sequence a head is evaluated on.
pub const MAX_LEN: u32 = 64;
/// Largest `m` of `transition`.
pub const TRANSITION_MAX_M: u32 = 8;

/// `Err` unless `1 ≤ len ≤ 64`; `what` names the option.
fn check_len(len: u32, what: &str) -> Result<(), Error> {
    let msg = || format!("{what} must be in 1..={MAX_LEN}, got {len}");
    match len {
        0 => Err(Error::Input(msg())),
        l if l > MAX_LEN => Err(Error::TooLarge(msg())),
        _ => Ok(()),
    }
}

/// The tolerance of `head bench` and `transition`.
fn one_half() -> Rat {
    q(1, 2)
}

/// A head as `head verify` and `head attack` take it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Select {
    /// A built-in (`rank1`, `softmax`, `exact`) or a head file (docs/heads.md).
    pub head: String,
    /// Number of bits (optional when the head file fixes it).
    pub m: Option<u32>,
    /// Base of `softmax` (default 6) or `exact` (default `max(2, length)`), as text.
    pub base: Option<String>,
    /// Tolerance ε as text.
    pub eps: String,
    /// Use the coordinate-permutation symmetry when the head is invariant.
    pub symmetry: bool,
}

impl Default for Select {
    /// The command line's defaults (the head has none).
    fn default() -> Select {
        Select { head: String::new(), m: None, base: None, eps: "1/2".into(), symmetry: true }
    }
}

impl Select {
    /// The head for `task`, refused before it is built when the work is beyond the budget
    /// (`minip help limits`), and ε.
    fn load(&self, task: Task) -> Result<(Head, Rat), Error> {
        let base = match &self.base {
            Some(b) => Some(parse_rational(b).at("--base")?),
            None => None,
        };
        let eps = parse_rational(&self.eps).at("--eps")?;
        if eps <= Rat::zero() {
            return Err(Error::Input("--eps: ε > 0 is required".into()));
        }
        let plan = Plan { task, eps, symmetry: self.symmetry };
        Ok((load_for(&self.head, self.m, base.as_ref(), &plan)?, plan.eps))
    }
}

/// `head verify`: every sequence of lengths `1..=len` over `{0,1}^m`, exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadVerify {
    pub select: Select,
    /// Longest sequence length (`--len`; required on the command line, 3 in Python).
    pub len: u32,
}

impl Default for HeadVerify {
    fn default() -> HeadVerify {
        HeadVerify { select: Select::default(), len: 3 }
    }
}

/// A loaded head and what to verify it on.
#[derive(Clone, Debug)]
pub struct VerifyJob {
    head: Head,
    eps: Rat,
    len: u32,
    symmetry: bool,
}

impl HeadVerify {
    /// Checks the length, then loads the head (its work counted first).
    pub fn validate(&self) -> Result<VerifyJob, Error> {
        check_len(self.len, "--len")?;
        let (head, eps) = self.select.load(Task::Verify { lo: 1, hi: self.len })?;
        Ok(VerifyJob { head, eps, len: self.len, symmetry: self.select.symmetry })
    }
}

/// A head verified: the report of every length.
#[derive(Clone, Debug)]
pub struct Verified {
    pub head: About,
    pub report: Report,
    pub len: u32,
    pub eps: Rat,
    pub seconds: f64,
}

impl Verified {
    /// The verification as an object (what the Python module returns): the head, its rank,
    /// the largest error and the worst and first failing sequences, per length too.
    pub fn value(&self) -> serde_json::Value {
        use serde_json::json;
        let r = &self.report;
        json!({
            "head": r.head,
            "m": r.m,
            "rank": self.head.rank,
            "len": self.len,
            "eps": fmt_q(&r.eps),
            "symmetry": if r.coordinate_symmetry { "positions+coordinates" } else { "positions" },
            "evaluations": r.evaluations(),
            "max_error": fmt_q(&r.max_error()),
            "worst": r.worst().map(|w| w.json(r.m)),
            "correct": r.correct(),
            "first_failure": r.first_failure().map(|w| w.json(r.m)),
            "lengths": r.lens.iter().map(|l| json!({
                "len": l.len, "evaluations": l.evaluations, "max_error": fmt_q(&l.max_error),
                "correct": l.first_failure.is_none(),
            })).collect::<Vec<_>>(),
        })
    }
}

impl VerifyJob {
    pub fn run(&self, ctl: &Control) -> Result<Verified, Error> {
        let t = Instant::now();
        let report = verify(&self.head, 1, self.len, &self.eps, self.symmetry, ctl)?;
        let seconds = t.elapsed().as_secs_f64();
        Ok(Verified { head: About::of(&self.head), report, len: self.len, eps: self.eps.clone(), seconds })
    }
}

impl Verified {
    /// 0 when the head is correct on every sequence, 1 when it fails on one.
    pub fn exit_code(&self) -> i32 {
        if self.report.correct() {
            0
        } else {
            1
        }
    }
    pub fn text(&self) -> String {
        print::verify_text(&self.head, &self.report, self.len, &self.eps, self.seconds)
    }
    /// One JSON line (kind `head.verify`).
    pub fn json_line(&self) -> String {
        json::record("head.verify", &print::verify_record(&self.head, &self.report))
    }
}

/// `head attack`: a failing length-`n` sequence, by gap domination on the head's kernel, then
/// exhaustively.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadAttack {
    pub select: Select,
    /// Sequence length (≥ 3).
    pub n: u32,
}

impl Default for HeadAttack {
    fn default() -> HeadAttack {
        HeadAttack { select: Select::default(), n: 3 }
    }
}

/// A loaded head and the length to attack it at.
#[derive(Clone, Debug)]
pub struct AttackJob {
    head: Head,
    eps: Rat,
    n: u32,
    symmetry: bool,
}

impl HeadAttack {
    /// Checks the length, then loads the head (its work counted first).
    pub fn validate(&self) -> Result<AttackJob, Error> {
        check_len(self.n, "--n")?;
        let (head, eps) = self.select.load(Task::Attack { n: self.n })?;
        Ok(AttackJob { head, eps, n: self.n, symmetry: self.select.symmetry })
    }
}

/// What the attack found.
#[derive(Clone, Debug)]
pub struct Attacked {
    pub head: About,
    pub n: u32,
    pub eps: Rat,
    pub attack: Attack,
}

impl AttackJob {
    pub fn run(&self, ctl: &Control) -> Result<Attacked, Error> {
        let at = attack(&self.head, self.n, &self.eps, self.symmetry, ctl)?;
        Ok(Attacked { head: About::of(&self.head), n: self.n, eps: self.eps.clone(), attack: at })
    }
}

impl Attacked {
    /// 0 when nothing was found (the head is correct at length `n`), 1 for a failure.
    pub fn exit_code(&self) -> i32 {
        if self.attack.found.is_some() {
            1
        } else {
            0
        }
    }
    pub fn text(&self) -> String {
        print::attack_text(&self.head, self.n, &self.eps, &self.attack)
    }
    /// One JSON line (kind `head.attack`).
    pub fn json_line(&self) -> String {
        json::record("head.attack", &print::attack_record(&self.head, self.n, &self.eps, &self.attack))
    }
}

/// `head bench`: exhaustive verification speed of softmax at length 3, `m = 1..=m_max`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadBench {
    pub m_max: u32,
}

impl Default for HeadBench {
    fn default() -> HeadBench {
        HeadBench { m_max: 8 }
    }
}

/// A benchmark whose work is within the budget.
#[derive(Clone, Debug)]
pub struct BenchJob {
    m_max: u32,
}

impl HeadBench {
    /// Checks `m_max` and counts every `m`'s tables and its two walks (without and with the
    /// symmetry) against the budget.
    pub fn validate(&self) -> Result<BenchJob, Error> {
        if self.m_max == 0 || self.m_max > crate::heads::MAX_M {
            return Err(Error::Input(format!("--m-max must be in 1..={}", crate::heads::MAX_M)));
        }
        let eps = one_half();
        let mut total: u128 = 0;
        for m in 1..=self.m_max {
            let (spec, _, _) = crate::heads::spec("softmax", Some(m), None, 3)?;
            let s = work::sizes(&spec, m);
            total = total.saturating_add(work::tables(&s));
            for sym in [false, true] {
                total = total.saturating_add(work::walk(&s, work::queries(m, true, sym), 3, 3, &eps));
            }
        }
        work::within_budget(total, &format!("the benchmark up to m = {}", self.m_max))?;
        Ok(BenchJob { m_max: self.m_max })
    }
}

/// The measurements, one row per `m`.
#[derive(Debug)]
pub struct Bench {
    /// Worker threads of the pool the walks ran on.
    pub threads: usize,
    pub rows: Vec<BenchRow>,
}

impl BenchJob {
    /// [`BenchJob::run_with`] with a control that is never stopped.
    pub fn run(&self) -> Result<Bench, Error> {
        self.run_with(&Control::new())
    }

    /// Builds each `m`'s head and times its walks; the walks show no progress. A stop asked
    /// through `ctl` ends the walk in progress and the run: `Err(Interrupted)` (a partial
    /// measurement is no measurement).
    pub fn run_with(&self, ctl: &Control) -> Result<Bench, Error> {
        let eps = one_half();
        let threads = rayon::current_num_threads();
        let mut rows = Vec::new();
        let stopped = |done: usize| ctl.stopped_after(done, self.m_max as usize, "rows");
        for m in 1..=self.m_max {
            stopped(rows.len())?;
            let t0 = Instant::now();
            let (spec, _, _) = crate::heads::spec("softmax", Some(m), None, 3)?;
            let head = Head::build(&spec, m)?;
            let build = t0.elapsed().as_secs_f64();
            let t = Instant::now();
            let r = verify(&head, 3, 3, &eps, false, ctl)?;
            let secs = t.elapsed().as_secs_f64();
            stopped(rows.len())?;
            let t2 = Instant::now();
            let rs = verify(&head, 3, 3, &eps, true, ctl)?;
            let secs_symmetry = t2.elapsed().as_secs_f64();
            stopped(rows.len())?;
            rows.push(BenchRow {
                m,
                build,
                sequences: r.evaluations(),
                secs,
                secs_symmetry,
                correct: r.correct() && rs.correct(),
            });
        }
        Ok(Bench { threads, rows })
    }
}

impl Bench {
    pub fn text(&self) -> String {
        print::bench_text(self.threads, &self.rows)
    }
}

/// `transition`: the three-token phase-transition table, `m = 1..=m_max`, each entry verified
/// exhaustively; the exact-head columns at length `exact_len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transition {
    pub m_max: u32,
    pub exact_len: u32,
}

impl Default for Transition {
    fn default() -> Transition {
        Transition { m_max: 8, exact_len: 3 }
    }
}

/// A checked `transition` request.
#[derive(Clone, Debug)]
pub struct TransitionJob {
    m_max: u32,
    exact_len: u32,
}

impl Transition {
    pub fn validate(&self) -> Result<TransitionJob, Error> {
        if self.m_max == 0 || self.m_max > TRANSITION_MAX_M {
            return Err(Error::Input(format!("--m-max must be in 1..={TRANSITION_MAX_M}")));
        }
        check_len(self.exact_len, "--exact-len")?;
        Ok(TransitionJob { m_max: self.m_max, exact_len: self.exact_len })
    }
}

/// The table: one row per `m`.
pub struct Transitions {
    pub rows: Vec<Row>,
}

impl TransitionJob {
    /// Verifies every entry (the whole table's work counted first, in `crate::heads`).
    pub fn run(&self, ctl: &Control) -> Result<Transitions, Error> {
        Ok(Transitions { rows: transition(self.m_max, self.exact_len, &one_half(), ctl)? })
    }
}

impl Transitions {
    /// 0 when every entry is as predicted, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        if self.rows.iter().all(|r| r.entries.iter().all(|e| e.as_expected())) {
            0
        } else {
            1
        }
    }
    pub fn text(&self) -> String {
        print::transition_text(&self.rows)
    }
    /// One JSON line per entry (kind `head.transition`).
    pub fn json_lines(&self) -> String {
        print::transition_json_lines(&self.rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_command_lines() {
        let s = Select::default();
        assert_eq!((s.m, s.base.as_deref(), s.eps.as_str(), s.symmetry), (None, None, "1/2", true));
        assert_eq!(HeadAttack::default().n, 3);
        assert_eq!(HeadBench::default().m_max, 8);
        assert_eq!(Transition::default(), Transition { m_max: 8, exact_len: 3 });
    }

    #[test]
    fn lengths_and_sizes_are_refused_with_the_command_lines_words() {
        let verify = |len: u32| HeadVerify {
            select: Select { head: "softmax".into(), m: Some(2), ..Select::default() },
            len,
        };
        assert_eq!(verify(0).validate().unwrap_err(), Error::Input("--len must be in 1..=64, got 0".into()));
        assert_eq!(
            verify(65).validate().unwrap_err(),
            Error::TooLarge("--len must be in 1..=64, got 65".into())
        );
        let attack =
            HeadAttack { select: Select { head: "rank1".into(), m: Some(2), ..Select::default() }, n: 0 };
        assert_eq!(attack.validate().unwrap_err(), Error::Input("--n must be in 1..=64, got 0".into()));
        let eps = HeadVerify { select: Select { eps: "0".into(), ..verify(3).select }, len: 3 };
        assert_eq!(eps.validate().unwrap_err(), Error::Input("--eps: ε > 0 is required".into()));
        let base = HeadVerify { select: Select { base: Some("x".into()), ..verify(3).select }, len: 3 };
        assert!(matches!(base.validate().unwrap_err(), Error::Input(m) if m.starts_with("--base: ")));
        assert_eq!(
            HeadBench { m_max: 11 }.validate().unwrap_err(),
            Error::Input("--m-max must be in 1..=10".into())
        );
        assert_eq!(
            Transition { m_max: 9, exact_len: 3 }.validate().unwrap_err(),
            Error::Input("--m-max must be in 1..=8".into())
        );
        assert_eq!(
            Transition { m_max: 2, exact_len: 65 }.validate().unwrap_err(),
            Error::TooLarge("--exact-len must be in 1..=64, got 65".into())
        );
    }

    #[test]
    fn a_verified_head_says_whether_it_is_correct() {
        let ok = verify_head("exact", None);
        assert_eq!((ok.exit_code(), ok.head.m, ok.report.evaluations() > 0), (0, 3, true));
        // Base 2 at length 3: errors up to 2/3, a failure (ε = 1/2).
        let bad = verify_head("exact", Some("2"));
        assert_eq!(bad.exit_code(), 1);
        assert_eq!(bad.report.max_error(), q(2, 3));
        assert!(bad.text().contains("verdict     fails (error >= 1/2)"), "{}", bad.text());
    }

    fn verify_head(head: &str, base: Option<&str>) -> Verified {
        let select =
            Select { head: head.into(), m: Some(3), base: base.map(String::from), ..Select::default() };
        HeadVerify { select, len: 3 }.validate().unwrap().run(&Control::new()).unwrap()
    }
}
