//! `minip head verify|attack|bench` and `minip transition`: argument parsing and printing for
//! explicit heads. The work is in `crate::heads`.

use super::{ctl, emit};
use crate::control::Control;
use crate::heads::attack::{attack, Method};
use crate::heads::eval::{verify, Report};
use crate::heads::transition::transition;
use crate::heads::{load_for, work, Head, Plan, Task};
use crate::print::json;
use crate::print::table;
use clap::{Args, Subcommand};
use minip_check::rational::{fmt_q, parse_rational, Rat};
use std::time::Instant;

#[derive(Args)]
pub struct HeadArgs {
    #[command(subcommand)]
    cmd: HeadCmd,
}

#[derive(Subcommand)]
enum HeadCmd {
    /// Evaluate a head exactly on every sequence of length 1..=L over {0,1}^m.
    #[command(after_help = super::tail("Exit 0: the head is correct on every sequence; 1: it fails on one (printed).", &[
        "minip head verify softmax --m 8 --len 3",
        "minip head verify exact --m 4 --base 2 --len 3     # fails: error exactly 1/2",
        "minip head verify instances/heads/linear-overlap.json --m 3 --len 3",
    ]))]
    Verify(VerifyArgs),
    /// Find a failing length-n sequence (gap domination on the head's kernel, then exhaustive).
    #[command(after_help = super::tail("Exit 0: nothing found (the head is correct on every length-n sequence); 1: a failure, confirmed exactly.", &[
        "minip head attack rank1 --m 3",
        "minip head attack softmax --m 4 --n 4 --json",
    ]))]
    Attack(AttackArgs),
    /// Measure exhaustive verification speed (softmax, length 3, m = 1..=M).
    #[command(after_help = super::tail("", &["minip head bench", "minip head bench --m-max 6"]))]
    Bench(BenchArgs),
}

#[derive(Args)]
struct Select {
    /// A built-in (rank1, softmax, exact) or a head file (docs/heads.md).
    head: String,
    /// Number of bits m (optional when the head file fixes it).
    #[arg(long)]
    m: Option<u32>,
    /// Base B of softmax (default 6) or exact (default max(2, length)).
    #[arg(long)]
    base: Option<String>,
    /// Tolerance ε.
    #[arg(long, default_value = "1/2", allow_hyphen_values = true)]
    eps: String,
    /// Do not use the coordinate-permutation symmetry even if the head is invariant.
    #[arg(long)]
    no_symmetry: bool,
    /// One JSON object on stdout instead of the table.
    #[arg(long)]
    json: bool,
}

impl Select {
    /// The head for `task`, refused before it is built when the work is beyond the budget
    /// (`minip help limits`).
    fn load(&self, task: Task) -> Result<(Head, Rat), String> {
        let base = match &self.base {
            Some(b) => Some(parse_rational(b).map_err(|e| format!("--base: {e}"))?),
            None => None,
        };
        let eps = parse_rational(&self.eps).map_err(|e| format!("--eps: {e}"))?;
        if eps <= Rat::from_integer(0.into()) {
            return Err("--eps: ε > 0 is required".into());
        }
        let plan = Plan { task, eps, symmetry: !self.no_symmetry };
        Ok((load_for(&self.head, self.m, base.as_ref(), &plan)?, plan.eps))
    }
}

#[derive(Args)]
struct VerifyArgs {
    #[command(flatten)]
    sel: Select,
    /// Longest sequence length L (every length 1..=L is checked).
    #[arg(long)]
    len: u32,
}

#[derive(Args)]
struct AttackArgs {
    #[command(flatten)]
    sel: Select,
    /// Sequence length n (≥ 3).
    #[arg(long, default_value_t = 3)]
    n: u32,
}

#[derive(Args)]
struct BenchArgs {
    /// Largest m.
    #[arg(long, default_value_t = 8)]
    m_max: u32,
}

#[derive(Args)]
pub struct TransitionArgs {
    /// Largest m (the table covers m = 1..=M).
    #[arg(long, default_value_t = 8)]
    m_max: u32,
    /// Length L of the exact-head columns (base L passes, base L − 1 fails).
    #[arg(long, default_value_t = 3)]
    exact_len: u32,
    /// One JSON object per entry instead of the table.
    #[arg(long)]
    json: bool,
}

pub fn cmd_head(a: HeadArgs) -> Result<i32, String> {
    match a.cmd {
        HeadCmd::Verify(v) => cmd_verify(v),
        HeadCmd::Attack(v) => cmd_attack(v),
        HeadCmd::Bench(v) => cmd_bench(v),
    }
}

fn check_len(len: u32, what: &str) -> Result<(), String> {
    if len == 0 || len > 64 {
        return Err(format!("{what} must be in 1..=64, got {len}"));
    }
    Ok(())
}

fn report_json(h: &Head, r: &Report) -> serde_json::Value {
    serde_json::json!({
        "head": r.head,
        "m": r.m,
        "rank": h.rank,
        "len": r.lens.last().map(|l| l.len),
        "eps": fmt_q(&r.eps),
        "symmetry": if r.coordinate_symmetry { "positions+coordinates" } else { "positions" },
        "evaluations": r.evaluations(),
        "max_error": fmt_q(&r.max_error()),
        "worst": r.worst().map(|w| w.json(r.m)),
        "verdict": if r.correct() { "correct" } else { "fails" },
        "first_failure": r.first_failure().map(|w| w.json(r.m)),
        "lengths": r.lens.iter().map(|l| serde_json::json!({
            "len": l.len, "evaluations": l.evaluations, "max_error": fmt_q(&l.max_error),
            "verdict": if l.first_failure.is_none() { "correct" } else { "fails" },
        })).collect::<Vec<_>>(),
    })
}

fn cmd_verify(a: VerifyArgs) -> Result<i32, String> {
    check_len(a.len, "--len")?;
    let (head, eps) = a.sel.load(Task::Verify { lo: 1, hi: a.len })?;
    let t = Instant::now();
    let r = verify(&head, 1, a.len, &eps, !a.sel.no_symmetry, ctl())?;
    let secs = t.elapsed().as_secs_f64();
    if a.sel.json {
        emit(&json::record("head.verify", &report_json(&head, &r)))?;
    } else {
        let mut s = format!(
            "head        {} (rank {}, value dimension {})\nm           {}\nlengths     1..={}, eps = {}\nsymmetry    {}\n\n",
            r.head,
            head.rank,
            head.value_dim,
            r.m,
            a.len,
            fmt_q(&eps),
            r.symmetry_text()
        );
        let body: Vec<Vec<String>> = r
            .lens
            .iter()
            .map(|l| {
                let v = if l.first_failure.is_none() { "correct" } else { "FAILS" };
                vec![l.len.to_string(), l.evaluations.to_string(), fmt_q(&l.max_error), v.to_string()]
            })
            .collect();
        s.push_str(&table::render(&["len", "evaluations", "max error", "verdict"], &body));
        s.push('\n');
        match r.worst() {
            Some(w) => s.push_str(&format!("max error   {} at {}\n", fmt_q(&r.max_error()), w.describe(r.m))),
            None => s.push_str("max error   0 (every output is exact)\n"),
        }
        match r.first_failure() {
            Some(w) => s.push_str(&format!(
                "first fail  {}\nverdict     fails (error >= {})\n",
                w.describe(r.m),
                fmt_q(&eps)
            )),
            None => s.push_str(&format!(
                "verdict     correct (error < {} on every sequence and position)\n",
                fmt_q(&eps)
            )),
        }
        s.push_str(&format!("time        {:.3} s ({} evaluations)\n", secs, r.evaluations()));
        emit(&s)?;
    }
    Ok(if r.correct() { 0 } else { 1 })
}

fn cmd_attack(a: AttackArgs) -> Result<i32, String> {
    check_len(a.n, "--n")?;
    let (head, eps) = a.sel.load(Task::Attack { n: a.n })?;
    let at = attack(&head, a.n, &eps, !a.sel.no_symmetry, ctl())?;
    let m = head.m;
    if a.sel.json {
        let v = serde_json::json!({
            "head": head.name,
            "m": m,
            "n": a.n,
            "eps": fmt_q(&eps),
            "pairs_checked": at.pairs_checked,
            "unconfirmed_pairs": at.unconfirmed,
            "method": at.found.as_ref().map(|(meth, _)| match meth {
                Method::GapDomination { .. } => "gap-domination",
                Method::Exhaustive { .. } => "exhaustive",
            }),
            "detail": at.found.as_ref().map(|(meth, _)| meth.describe(m)),
            "failure": at.found.as_ref().map(|(_, w)| w.json(m)),
            "verdict": if at.found.is_none() { "correct" } else { "fails" },
        });
        emit(&json::record("head.attack", &v))?;
    } else {
        let mut s = format!(
            "head        {} (rank {}), m = {m}, n = {}, eps = {}\npairs       {} class pairs checked, {} met the inequality without a confirmed failure\n",
            head.name,
            head.rank,
            a.n,
            fmt_q(&eps),
            at.pairs_checked,
            at.unconfirmed
        );
        match &at.found {
            Some((meth, w)) => s.push_str(&format!(
                "found       {}\nfailing     {}\nconfirmed   by direct exact evaluation: error {} >= {}\n",
                meth.describe(m),
                w.describe(m),
                fmt_q(&w.error),
                fmt_q(&eps)
            )),
            None => s.push_str(
                "found       nothing: the head is correct on every length-n sequence (exhaustive)\n",
            ),
        }
        emit(&s)?;
    }
    Ok(if at.found.is_some() { 1 } else { 0 })
}

fn cmd_bench(a: BenchArgs) -> Result<i32, String> {
    if a.m_max == 0 || a.m_max > crate::heads::MAX_M {
        return Err(format!("--m-max must be in 1..={}", crate::heads::MAX_M));
    }
    let eps = Rat::new(1.into(), 2.into());
    // Every m's tables and its two walks (without and with the symmetry), counted first.
    let mut total: u128 = 0;
    for m in 1..=a.m_max {
        let (spec, _, _) = crate::heads::spec("softmax", Some(m), None, 3)?;
        let s = work::sizes(&spec, m);
        total = total.saturating_add(work::tables(&s));
        for sym in [false, true] {
            total = total.saturating_add(work::walk(&s, work::queries(m, true, sym), 3, 3, &eps));
        }
    }
    work::within_budget(total, &format!("the benchmark up to m = {}", a.m_max))?;
    let mut s = format!(
        "threads  {}\nsoftmax(base 6), length exactly 3, all queries x all pairs of other tokens (no coordinate symmetry);\nsequences = (query, multiset of the other two tokens) classes, each one exact evaluation\n\n",
        rayon::current_num_threads()
    );
    let mut body = Vec::new();
    for m in 1..=a.m_max {
        let t0 = Instant::now();
        let (spec, _, _) = crate::heads::spec("softmax", Some(m), None, 3)?;
        let head = Head::build(&spec, m)?;
        let build = t0.elapsed().as_secs_f64();
        let t = Instant::now();
        let r = verify(&head, 3, 3, &eps, false, &Control::new())?;
        let secs = t.elapsed().as_secs_f64();
        let t2 = Instant::now();
        let rs = verify(&head, 3, 3, &eps, true, &Control::new())?;
        let secs2 = t2.elapsed().as_secs_f64();
        body.push(vec![
            m.to_string(),
            format!("{build:.3}"),
            r.evaluations().to_string(),
            format!("{secs:.3}"),
            format!("{:.0}", r.evaluations() as f64 / secs.max(1e-9)),
            format!("{secs2:.3}"),
            if r.correct() && rs.correct() { "correct".into() } else { "FAILS".into() },
        ]);
    }
    s.push_str(&table::render(
        &["m", "build tables s", "sequences", "seconds", "sequences/s", "seconds (symmetry)", "verdict"],
        &body,
    ));
    emit(&s)?;
    Ok(0)
}

pub fn cmd_transition(a: TransitionArgs) -> Result<i32, String> {
    if a.m_max == 0 || a.m_max > 8 {
        return Err("--m-max must be in 1..=8".into());
    }
    check_len(a.exact_len, "--exact-len")?;
    let eps = Rat::new(1.into(), 2.into());
    let rows = transition(a.m_max, a.exact_len, &eps, ctl())?;
    let all_ok = rows.iter().all(|r| r.entries.iter().all(|e| e.as_expected()));
    if a.json {
        let mut s = String::new();
        for r in &rows {
            for e in &r.entries {
                let rep = &e.report;
                s.push_str(&json::record(
                    "head.transition",
                    &serde_json::json!({
                        "m": r.m, "column": e.column, "len": e.len,
                        "verdict": if rep.correct() { "correct" } else { "fails" },
                        "expected_verdict": if e.expected_correct { "correct" } else { "fails" },
                        "max_error": fmt_q(&rep.max_error()),
                        "evaluations": rep.evaluations(),
                        "first_failure": rep.first_failure().map(|w| w.json(r.m)),
                    }),
                ));
            }
        }
        emit(&s)?;
    } else {
        let mut header = vec!["m".to_string()];
        header.extend(rows[0].entries.iter().map(|e| e.column.clone()));
        let body: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                let mut cells = vec![r.m.to_string()];
                for e in &r.entries {
                    let rep = &e.report;
                    let mark = if e.as_expected() { "" } else { " (UNEXPECTED)" };
                    cells.push(match rep.first_failure() {
                        None => format!("pass, max err {}{mark}", fmt_q(&rep.max_error())),
                        Some(w) => {
                            format!("FAIL ({}) t={} y={}{mark}", w.spelled(r.m), w.target, fmt_q(&w.output))
                        }
                    });
                }
                cells
            })
            .collect();
        let hdr: Vec<&str> = header.iter().map(|s| s.as_str()).collect();
        let mut s = format!(
            "The three-token phase transition (docs/math.md §6), eps = 1/2, every length 1..=len checked exhaustively and exactly.\n\n{}",
            table::render(&hdr, &body)
        );
        s.push_str("\nFAIL (tokens) = the first failing sequence, queried at position 1; t = its Min-IP target, y = the head's exact output.\n");
        s.push_str("rank1 passes length 3 at m = 1 only: a gap d >= 2 needs m >= 2 (docs/math.md §6.1).\n");
        s.push_str(&format!(
            "{}\n",
            if all_ok { "every entry as predicted" } else { "SOME ENTRIES DIFFER FROM THE PREDICTION" }
        ));
        emit(&s)?;
    }
    Ok(if all_ok { 0 } else { 1 })
}
