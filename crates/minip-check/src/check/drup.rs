//! Checking a DRAT refutation of a CNF formula by forward reverse unit propagation
//! (docs/math.md §5, the rank certificates' maximality proofs).
//!
//! A proof is a sequence of clause additions and deletions (DRAT, text or binary, as
//! written by varisat and read by drat-trim). Each added clause must be a reverse unit
//! propagation (RUP) consequence of the clauses present: assigning the negation of its
//! literals and propagating units must reach a conflict. The proof is accepted when the
//! clauses present become contradictory by unit propagation alone (the empty clause).
//!
//! Soundness does not depend on deletions: a deletion only removes a clause, and a
//! deletion of a clause that is the reason for a top-level assignment is ignored (as
//! drat-trim does), so every clause the checker holds is implied by the formula. RAT
//! steps are not accepted (varisat writes none); a lemma that is not RUP is an error.

use crate::error::{Error, Res};
use crate::rows::cnf::{Cnf, Lit};
use std::collections::HashMap;

/// Most clauses the database holds (formula and added lemmas; a deleted lemma's literals are
/// freed but its slot stays): about 130 bytes each with their index, so at most about 1 GiB.
pub const MAX_DRAT_CLAUSES: usize = 8_000_000;
/// Most clause and literal visits of unit propagation over the whole proof: about 8 s on one
/// core of the reference machine (the committed m = 11 proof, 3 MB, needs 97 million, 0.8 s).
/// Past it the check stops with "too large to check" (exit 2).
pub const MAX_DRAT_VISITS: u64 = 1_000_000_000;

/// How a proof file is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Text,
    Binary,
}

/// One step of a proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Add(Vec<Lit>),
    Delete(Vec<Lit>),
}

/// What a successful check saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub additions: usize,
    pub deletions: usize,
}

/// Parses a DRAT proof; literals must name variables of the formula (`1..=vars`).
pub fn parse(proof: &[u8], enc: Encoding, vars: usize) -> Res<Vec<Step>> {
    let mut steps = Vec::new();
    for_each_step(proof, enc, vars, |s| {
        steps.push(s);
        Ok(true)
    })?;
    Ok(steps)
}

/// Streams the steps of a DRAT proof to `f` as they are parsed (so a proof is never held
/// twice: the checker's memory is its clause database, not a copy of the proof); `f` returns
/// `false` to stop early.
pub fn for_each_step(
    proof: &[u8],
    enc: Encoding,
    vars: usize,
    mut f: impl FnMut(Step) -> Res<bool>,
) -> Res<()> {
    let check = |l: i64| -> Res<Lit> {
        if l == 0 || l.unsigned_abs() as usize > vars {
            return Err(Error::Rejected(format!(
                "literal {l} is not a variable of the formula (1..={vars})"
            )));
        }
        Ok(l as Lit)
    };
    match enc {
        Encoding::Text => {
            let text = std::str::from_utf8(proof)
                .map_err(|_| Error::Rejected("text DRAT proof is not UTF-8".into()))?;
            let mut cur: Vec<Lit> = Vec::new();
            let mut delete = false;
            let mut started = false;
            for line in text.lines() {
                let line = line.trim();
                if line.starts_with('c') {
                    continue;
                }
                for tok in line.split_whitespace() {
                    if tok == "d" && !started {
                        delete = true;
                        started = true;
                        continue;
                    }
                    let v: i64 =
                        tok.parse().map_err(|_| Error::Rejected(format!("malformed DRAT token '{tok}'")))?;
                    started = true;
                    if v == 0 {
                        let c = std::mem::take(&mut cur);
                        if !f(if delete { Step::Delete(c) } else { Step::Add(c) })? {
                            return Ok(());
                        }
                        delete = false;
                        started = false;
                    } else {
                        cur.push(check(v)?);
                    }
                }
            }
            if started {
                return Err(Error::Rejected("DRAT proof ends inside a clause".into()));
            }
        }
        Encoding::Binary => {
            let mut i = 0;
            while i < proof.len() {
                let delete = match proof[i] {
                    b'a' => false,
                    b'd' => true,
                    b => {
                        return Err(Error::Rejected(format!(
                            "binary DRAT: byte {b:#x} at {i} is not 'a' or 'd'"
                        )))
                    }
                };
                i += 1;
                let mut c = Vec::new();
                loop {
                    let (mut v, mut shift) = (0u64, 0);
                    loop {
                        let b = *proof.get(i).ok_or_else(|| {
                            Error::Rejected("binary DRAT proof ends inside a clause".into())
                        })?;
                        i += 1;
                        if shift > 56 {
                            return Err(Error::Rejected("binary DRAT: literal too large".into()));
                        }
                        v |= u64::from(b & 0x7f) << shift;
                        shift += 7;
                        if b & 0x80 == 0 {
                            break;
                        }
                    }
                    if v == 0 {
                        break;
                    }
                    let var = (v >> 1) as i64;
                    c.push(check(if v & 1 == 1 { -var } else { var })?);
                }
                if !f(if delete { Step::Delete(c) } else { Step::Add(c) })? {
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}

/// Literal index for watch lists: `2v` for `v`, `2v + 1` for `−v`.
fn code(l: Lit) -> usize {
    2 * l.unsigned_abs() as usize + usize::from(l < 0)
}

struct Db {
    clauses: Vec<Vec<Lit>>,
    deleted: Vec<bool>,
    watches: Vec<Vec<usize>>,
    /// Per variable: 1 true, −1 false, 0 unassigned.
    value: Vec<i8>,
    /// Per variable: the clause that forced it at the top level.
    reason: Vec<Option<usize>>,
    trail: Vec<Lit>,
    head: usize,
    /// Unit propagation at the top level has found a conflict: the empty clause.
    refuted: bool,
    /// Live clauses by a hash of their sorted literals (compared in full on a hit): the
    /// database holds each clause once.
    by_key: HashMap<u64, Vec<usize>>,
    /// Clause and literal visits during unit propagation so far (the checker's work, budgeted).
    visits: u64,
}

fn key(sorted: &[Lit]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    sorted.hash(&mut h);
    h.finish()
}

impl Db {
    fn val(&self, l: Lit) -> i8 {
        let v = self.value[l.unsigned_abs() as usize];
        if l < 0 {
            -v
        } else {
            v
        }
    }
    fn assign(&mut self, l: Lit, reason: Option<usize>) {
        self.value[l.unsigned_abs() as usize] = if l < 0 { -1 } else { 1 };
        self.reason[l.unsigned_abs() as usize] = reason;
        self.trail.push(l);
    }
    /// Unit propagation from `self.head`; `true` on a conflict.
    fn propagate(&mut self) -> bool {
        while self.head < self.trail.len() {
            let falsified = -self.trail[self.head];
            self.head += 1;
            let mut ws = std::mem::take(&mut self.watches[code(falsified)]);
            let mut i = 0;
            let mut conflict = false;
            while i < ws.len() {
                self.visits += 1;
                let ci = ws[i];
                if self.deleted[ci] {
                    ws.swap_remove(i);
                    continue;
                }
                // Keep the falsified literal in position 1.
                let c = &mut self.clauses[ci];
                if c[0] == falsified {
                    c.swap(0, 1);
                }
                let first = c[0];
                if self.val(first) == 1 {
                    i += 1;
                    continue;
                }
                let c = &self.clauses[ci];
                // Work: the literals a search for a new watch may scan.
                self.visits += c.len() as u64;
                if let Some(j) = (2..c.len()).find(|&j| self.val(c[j]) != -1) {
                    let c = &mut self.clauses[ci];
                    c.swap(1, j);
                    let nw = c[1];
                    self.watches[code(nw)].push(ci);
                    ws.swap_remove(i);
                    continue;
                }
                if self.val(first) == -1 {
                    conflict = true;
                    break;
                }
                self.assign(first, Some(ci));
                i += 1;
            }
            let rest = std::mem::take(&mut self.watches[code(falsified)]);
            ws.extend(rest);
            self.watches[code(falsified)] = ws;
            if conflict {
                return true;
            }
        }
        false
    }
    /// Adds a clause (already known to be implied) and propagates at the top level.
    fn add(&mut self, mut c: Vec<Lit>) {
        c.sort_unstable();
        c.dedup();
        if c.windows(2).any(|w| w[0] == -w[1]) || c.iter().any(|&l| self.val(l) == 1) {
            return; // a tautology or satisfied at the top level: adds nothing
        }
        let free: Vec<Lit> = c.iter().copied().filter(|&l| self.val(l) == 0).collect();
        let ci = self.clauses.len();
        self.by_key.entry(key(&c)).or_default().push(ci);
        match free.len() {
            0 => {
                self.refuted = true;
                self.clauses.push(c);
                self.deleted.push(false);
            }
            1 => {
                self.clauses.push(c);
                self.deleted.push(false);
                self.assign(free[0], Some(ci));
                if self.propagate() {
                    self.refuted = true;
                }
            }
            _ => {
                // Watch two unassigned literals.
                let mut c2 = free.clone();
                c2.extend(c.iter().copied().filter(|&l| self.val(l) != 0));
                self.watches[code(c2[0])].push(ci);
                self.watches[code(c2[1])].push(ci);
                self.clauses.push(c2);
                self.deleted.push(false);
            }
        }
    }
    /// RUP: the negation of `c` propagates to a conflict.
    fn rup(&mut self, c: &[Lit]) -> bool {
        if self.refuted {
            return true;
        }
        let (mark, head) = (self.trail.len(), self.head);
        let mut conflict = false;
        for &l in c {
            match self.val(l) {
                1 => {
                    conflict = true;
                    break;
                }
                0 => self.assign(-l, None),
                _ => {}
            }
        }
        if !conflict {
            conflict = self.propagate();
        }
        for l in self.trail.drain(mark..) {
            self.value[l.unsigned_abs() as usize] = 0;
            self.reason[l.unsigned_abs() as usize] = None;
        }
        self.head = head;
        conflict
    }
    fn delete(&mut self, mut c: Vec<Lit>) {
        c.sort_unstable();
        c.dedup();
        let Some(ids) = self.by_key.get(&key(&c)) else { return };
        let same = |ci: usize| {
            let mut d = self.clauses[ci].clone();
            d.sort_unstable();
            d == c
        };
        let Some(pos) = ids.iter().position(|&ci| !self.deleted[ci] && same(ci)) else { return };
        let ci = ids[pos];
        // Keep reasons of top-level assignments (and units): deleting them could only
        // make later RUP checks fail, never pass wrongly, but drat-trim keeps them too.
        let is_reason = self.clauses[ci]
            .iter()
            .any(|&l| self.val(l) == 1 && self.reason[l.unsigned_abs() as usize] == Some(ci));
        if is_reason || self.clauses[ci].len() < 2 {
            return;
        }
        if let Some(ids) = self.by_key.get_mut(&key(&c)) {
            ids.swap_remove(pos);
        }
        self.deleted[ci] = true;
        // Its literals are never read again (watchers skip deleted clauses): free them.
        self.clauses[ci] = Vec::new();
    }
}

/// Checks that `proof` refutes `cnf`: every added clause is RUP, and the clauses become
/// contradictory by unit propagation (the empty clause is derived).
pub fn check_refutation(cnf: &Cnf, proof: &[u8], enc: Encoding) -> Res<Stats> {
    let mut db = Db {
        clauses: Vec::new(),
        deleted: Vec::new(),
        watches: vec![Vec::new(); 2 * cnf.vars + 2],
        value: vec![0; cnf.vars + 1],
        reason: vec![None; cnf.vars + 1],
        trail: Vec::new(),
        head: 0,
        refuted: false,
        by_key: HashMap::new(),
        visits: 0,
    };
    for c in &cnf.clauses {
        if let Some(&l) = c.iter().find(|l| l.unsigned_abs() as usize > cnf.vars || **l == 0) {
            return Err(Error::Rejected(format!("formula: literal {l} out of range")));
        }
        db.add(c.clone());
    }
    let mut stats = Stats::default();
    let mut i = 0usize;
    for_each_step(proof, enc, cnf.vars, |step| {
        i += 1;
        if db.refuted {
            // Refuted: the rest is only parsed (the whole file must be a well-formed proof).
            return Ok(true);
        }
        if db.clauses.len() >= MAX_DRAT_CLAUSES {
            return Err(Error::TooLarge(format!(
                "too large to check: the proof adds more than {MAX_DRAT_CLAUSES} clauses (about 1 GiB of clause database)"
            )));
        }
        if db.visits > MAX_DRAT_VISITS {
            return Err(Error::TooLarge(format!(
                "too large to check: more than {MAX_DRAT_VISITS} clause visits in unit propagation by step {i}"
            )));
        }
        match step {
            Step::Add(c) => {
                if !db.rup(&c) {
                    return Err(Error::Rejected(format!(
                        "proof step {i} (added clause {c:?}) is not a RUP consequence of the clauses before it"
                    )));
                }
                stats.additions += 1;
                db.add(c);
            }
            Step::Delete(c) => {
                stats.deletions += 1;
                db.delete(c);
            }
        }
        Ok(true)
    })?;
    if !db.refuted {
        return Err(Error::Rejected("the proof does not derive the empty clause".into()));
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cnf(vars: usize, clauses: &[&[Lit]]) -> Cnf {
        Cnf { vars, clauses: clauses.iter().map(|c| c.to_vec()).collect() }
    }

    #[test]
    fn accepts_a_refutation_and_rejects_a_wrong_step() {
        // (a ∨ b)(a ∨ ¬b)(¬a ∨ b)(¬a ∨ ¬b): learn a, then the empty clause.
        let f = cnf(2, &[&[1, 2], &[1, -2], &[-1, 2], &[-1, -2]]);
        let ok = check_refutation(&f, b"1 0\n0\n", Encoding::Text).unwrap();
        assert_eq!(ok.additions, 1);
        // Binary: 'a' 2 0 (literal 1 is 2·1) then 'a' 0.
        assert!(check_refutation(&f, &[b'a', 2, 0, b'a', 0], Encoding::Binary).is_ok());
        // Without the first lemma the empty clause is not RUP... but here it is, since
        // propagation after ¬(empty) is plain propagation: the formula has no units, so
        // "0" alone is not RUP.
        assert!(check_refutation(&f, b"0\n", Encoding::Text).unwrap_err().contains("not a RUP"));
        // A proof that stops early derives nothing.
        assert!(
            check_refutation(&f, b"1 0\n", Encoding::Text).is_ok(),
            "1 then ¬1 ∧ ... propagates to conflict"
        );
        let sat = cnf(2, &[&[1, 2], &[-1, -2]]);
        assert!(check_refutation(&sat, b"1 0\n", Encoding::Text).unwrap_err().contains("not a RUP"));
        assert!(check_refutation(&sat, b"", Encoding::Text).unwrap_err().contains("empty clause"));
        assert!(check_refutation(&f, b"3 0\n", Encoding::Text).unwrap_err().contains("not a variable"));
        assert!(check_refutation(&f, b"1", Encoding::Text).unwrap_err().contains("ends inside"));
    }

    #[test]
    fn deleting_a_reason_is_ignored_and_deletions_never_help() {
        let f = cnf(3, &[&[1], &[-1, 2], &[-2, 3], &[-3, -1]]);
        // Unit propagation alone refutes it; deletions before the end change nothing.
        assert!(check_refutation(&f, b"d -1 2 0\n0\n", Encoding::Text).is_ok());
    }
}
