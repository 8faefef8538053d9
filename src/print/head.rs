//! The reports of explicit heads (`minip head verify|attack|bench`, `minip transition`): text
//! summaries and tables, and their JSON records.

use super::table;
use crate::heads::attack::{Attack, Method};
use crate::heads::eval::Report;
use crate::heads::transition::Row;
use crate::heads::Head;
use minip_check::rational::{fmt_q, Rat};

/// What the reports say of a head besides its results: name, `m`, rank and value dimension.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    pub name: String,
    pub m: u32,
    pub rank: usize,
    pub value_dim: usize,
}

impl About {
    pub fn of(h: &Head) -> About {
        About { name: h.name.clone(), m: h.m, rank: h.rank, value_dim: h.value_dim }
    }
}

/// `head verify`'s record (kind `head.verify`).
pub fn verify_record(h: &About, r: &Report) -> serde_json::Value {
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

/// `head verify`'s summary: the head, each length's evaluations and largest error, the worst
/// output, the first failure if any, the verdict and the time (`secs`).
pub fn verify_text(head: &About, r: &Report, len: u32, eps: &Rat, secs: f64) -> String {
    let mut s = format!(
        "head        {} (rank {}, value dimension {})\nm           {}\nlengths     1..={}, eps = {}\nsymmetry    {}\n\n",
        r.head,
        head.rank,
        head.value_dim,
        r.m,
        len,
        fmt_q(eps),
        r.symmetry_text()
    );
    let body: Vec<Vec<String>> = r
        .lens
        .iter()
        .map(|l| {
            let v = if l.first_failure.is_none() { "correct" } else { "FAILS" };
            vec![
                l.len.to_string(),
                l.evaluations.to_string(),
                minip_check::rational::readable(&fmt_q(&l.max_error)),
                v.to_string(),
            ]
        })
        .collect();
    s.push_str(&table::render(&["len", "evaluations", "max error", "verdict"], &body));
    s.push('\n');
    match r.worst() {
        Some(w) => s.push_str(&format!(
            "max error   {} at {}\n",
            minip_check::rational::readable(&fmt_q(&r.max_error())),
            w.describe(r.m)
        )),
        None => s.push_str("max error   0 (every output is exact)\n"),
    }
    match r.first_failure() {
        Some(w) => s.push_str(&format!(
            "first fail  {}\nverdict     fails (error >= {})\n",
            w.describe(r.m),
            fmt_q(eps)
        )),
        None => s.push_str(&format!(
            "verdict     correct (error < {} on every sequence and position)\n",
            fmt_q(eps)
        )),
    }
    s.push_str(&format!("time        {:.3} s ({} evaluations)\n", secs, r.evaluations()));
    s
}

/// `head attack`'s record (kind `head.attack`).
pub fn attack_record(head: &About, n: u32, eps: &Rat, at: &Attack) -> serde_json::Value {
    let m = head.m;
    serde_json::json!({
        "head": head.name,
        "m": m,
        "n": n,
        "eps": fmt_q(eps),
        "pairs_checked": at.pairs_checked,
        "unconfirmed_pairs": at.unconfirmed,
        "method": at.found.as_ref().map(|(meth, _)| match meth {
            Method::GapDomination { .. } => "gap-domination",
            Method::Exhaustive { .. } => "exhaustive",
        }),
        "detail": at.found.as_ref().map(|(meth, _)| meth.describe(m)),
        "failure": at.found.as_ref().map(|(_, w)| w.json(m)),
        "verdict": if at.found.is_none() { "correct" } else { "fails" },
    })
}

/// `head attack`'s summary: the pairs checked and the failure found, confirmed exactly.
pub fn attack_text(head: &About, n: u32, eps: &Rat, at: &Attack) -> String {
    let m = head.m;
    let mut s = format!(
        "head        {} (rank {}), m = {m}, n = {}, eps = {}\npairs       {} class pairs checked, {} met the inequality without a confirmed failure\n",
        head.name,
        head.rank,
        n,
        fmt_q(eps),
        at.pairs_checked,
        at.unconfirmed
    );
    match &at.found {
        Some((meth, w)) => s.push_str(&format!(
            "found       {}\nfailing     {}\nconfirmed   by direct exact evaluation: error {} >= {}\n",
            meth.describe(m),
            w.describe(m),
            fmt_q(&w.error),
            fmt_q(eps)
        )),
        None => {
            s.push_str("found       nothing: the head is correct on every length-n sequence (exhaustive)\n")
        }
    }
    s
}

/// One `m` of `head bench`.
#[derive(Clone, Debug)]
pub struct BenchRow {
    pub m: u32,
    /// Seconds to build the tables.
    pub build: f64,
    pub sequences: u64,
    /// Seconds without and with the coordinate symmetry.
    pub secs: f64,
    pub secs_symmetry: f64,
    /// Both walks found the head correct.
    pub correct: bool,
}

/// `head bench`'s table, on `threads` worker threads.
pub fn bench_text(threads: usize, rows: &[BenchRow]) -> String {
    let mut s = format!(
        "threads  {}\nsoftmax(base 6), length exactly 3, all queries x all pairs of other tokens (no coordinate symmetry);\nsequences = (query, multiset of the other two tokens) classes, each one exact evaluation\n\n",
        threads
    );
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.m.to_string(),
                format!("{:.3}", r.build),
                r.sequences.to_string(),
                format!("{:.3}", r.secs),
                format!("{:.0}", r.sequences as f64 / r.secs.max(1e-9)),
                format!("{:.3}", r.secs_symmetry),
                if r.correct { "correct".into() } else { "FAILS".into() },
            ]
        })
        .collect();
    s.push_str(&table::render(
        &["m", "build tables s", "sequences", "seconds", "sequences/s", "seconds (symmetry)", "verdict"],
        &body,
    ));
    s
}

/// `transition`'s records, one line per entry (kind `head.transition`).
pub fn transition_json_lines(rows: &[Row]) -> String {
    let mut s = String::new();
    for r in rows {
        for e in &r.entries {
            let rep = &e.report;
            s.push_str(&super::json::record(
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
    s
}

/// `transition`'s table: one row per `m`, one column per head, then the legend and whether
/// every entry is as predicted.
pub fn transition_text(rows: &[Row]) -> String {
    let all_ok = rows.iter().all(|r| r.entries.iter().all(|e| e.as_expected()));
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
                    None => format!(
                        "pass, max err {}{mark}",
                        minip_check::rational::readable(&fmt_q(&rep.max_error()))
                    ),
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
    s
}
