//! `minip settle`: the review's "what would settle it" check (docs/math.md §2). For each
//! gap `d` it settles the review's literal bound `b ≤ 2c` and the lemma's own bound
//! `b ≤ K·c`, with certificates, and says what the verdicts mean. The run is
//! `crate::request::gap::Settling::run`.

use crate::batch::sweep::Record;
use crate::error::Error;
use minip_check::model::{Bound, Family, Gap, Instance};
use minip_check::rational::{fmt_q, Rat};

/// The settle job's parameters.
#[derive(Clone, Debug)]
pub struct SettleJob {
    pub n: u32,
    pub eps: Rat,
    pub ds: Vec<u32>,
    pub family: Family,
    /// The review's literal factor (2).
    pub literal: Rat,
}

/// One table row: a gap, one of the two bounds, and its certified verdict.
#[derive(Clone, Debug)]
pub struct SettleRow {
    pub d: u32,
    pub paper_k: Rat,
    pub record: Record,
}

pub fn instances(job: &SettleJob) -> Result<Vec<Instance>, Error> {
    let mut v = Vec::new();
    for &d in &job.ds {
        let gap = Gap::from_d(d)?;
        for bound in [Bound::Value(job.literal.clone()), Bound::Paper] {
            v.push(Instance::new(job.n, job.eps.clone(), gap, job.family, bound)?);
        }
    }
    Ok(v)
}

/// 0 if the lemma's own bound holds everywhere, 1 if a certified head breaks it, 2 if
/// anything is unknown.
pub fn exit_code(rows: &[SettleRow]) -> i32 {
    if rows.iter().any(|r| r.record.verdict == "unknown") {
        2
    } else if rows.iter().any(|r| r.record.bound == "paper" && r.record.verdict == "broken") {
        1
    } else {
        0
    }
}

/// The plain-language conclusion printed under the table.
pub fn conclusion(job: &SettleJob, rows: &[SettleRow]) -> Vec<String> {
    let lit = fmt_q(&job.literal);
    let mut out = Vec::new();
    let paper: Vec<&SettleRow> = rows.iter().filter(|r| r.record.bound == "paper").collect();
    let broken: Vec<u32> = paper.iter().filter(|r| r.record.verdict == "broken").map(|r| r.d).collect();
    let unknown = rows.iter().any(|r| r.record.verdict == "unknown");
    let ds = |v: &[u32]| v.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
    if unknown {
        out.push("Some rows could not be certified (unknown): no conclusion is drawn for them.".into());
    }
    if broken.is_empty() && !unknown {
        out.push(format!(
            "The lemma stands: for every d checked, no head correct on S1-S3 (n = {}, eps = {}) has alpha(x,y) <= K*alpha(x,z); each row carries an exact Farkas certificate.",
            job.n,
            fmt_q(&job.eps)
        ));
    } else if !broken.is_empty() {
        out.push(format!(
            "The lemma fails as stated at d = {}: a certified head has alpha(x,y) <= K*alpha(x,z) there.",
            ds(&broken)
        ));
    }
    let lit_rows: Vec<&SettleRow> = rows.iter().filter(|r| r.record.bound != "paper").collect();
    let lit_broken: Vec<&&SettleRow> = lit_rows.iter().filter(|r| r.record.verdict == "broken").collect();
    let lit_holds: Vec<u32> = lit_rows.iter().filter(|r| r.record.verdict == "holds").map(|r| r.d).collect();
    for r in &lit_broken {
        let below = r.paper_k < job.literal;
        out.push(format!(
            "The literal check b <= {lit}c has a certified head at d = {}. There K = {}{} {lit}, so that head {} the lemma: it only shows that the factor {lit} is not forced at this gap.",
            r.d,
            fmt_q(&r.paper_k),
            if below { " <" } else { " >=" },
            if below { "does not contradict" } else { "contradicts" },
        ));
    }
    if !lit_holds.is_empty() {
        out.push(format!("The literal check b <= {lit}c has no solution at d = {}: there alpha(x,y) > {lit}*alpha(x,z) is forced.", ds(&lit_holds)));
    }
    out
}
