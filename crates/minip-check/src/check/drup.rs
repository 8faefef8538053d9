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

/// Most clauses the database holds, the formula's included (a deleted lemma's slot stays):
/// [`BYTES_PER_CLAUSE`] bytes each, 160 MB at the limit.
pub const MAX_DRAT_CLAUSES: usize = 2_500_000;
/// Most literals the database holds at once (the formula's and the live lemmas'; deleted
/// lemmas' are reclaimed): [`BYTES_PER_LITERAL`] bytes each, 120 MB at the limit. With
/// [`MAX_DRAT_CLAUSES`] a proof at both limits needs at most about 280 MB of database, whatever
/// its file size (the proof is read as it is checked, never held).
pub const MAX_DRAT_LITERALS: usize = 15_000_000;
/// Most units of unit-propagation work over the whole proof: a clause or literal visit costs
/// one unit, and one more per 100,000 clauses held (at most 8: a visit into a large database
/// is a cache miss). Measured on the 2-core VM: 6 ns per visit with 44,000 clauses (the
/// committed m = 11 proof, 3 MB: 97 million visits, 1.4·10⁸ units, 0.6 s), 11 ns with
/// 240,000, 46 ns with a million; at the limit a check stops after at most about 6 s (a proof of
/// 2.5 million clauses: 6.2 s at load 3.5) with "too large to check" (exit 2).
pub const MAX_DRAT_VISITS: u64 = 500_000_000;
/// Bytes of the clause database per clause slot, measured with the growth of its vectors and
/// hash table (index, length, chain, flag, two watches, the hash entry): 74–95 bytes per clause
/// of 4–6 literals, literals included.
pub const BYTES_PER_CLAUSE: u64 = 64;
/// Bytes of the clause database per literal held (the arena, with its growth).
pub const BYTES_PER_LITERAL: u64 = 8;

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

/// An upper estimate of the bytes a check of a proof of `proof_bytes` bytes against a formula
/// of about `formula_literals` literals holds at its peak: the formula as built, and the
/// database at the clauses and literals the file can state (every step costs at least two
/// bytes, every literal one), within [`MAX_DRAT_CLAUSES`] and [`MAX_DRAT_LITERALS`].
pub fn memory_estimate(formula_literals: u128, proof_bytes: u64) -> u64 {
    let f = formula_literals.min(u128::from(u64::MAX / 64)) as u64;
    // The formula as built (a vector per clause: about 40 bytes and 4 per literal; its clauses
    // have at least two literals), then copied into the database.
    let built = f.saturating_mul(4 + 20);
    let clauses = (f / 2).saturating_add(proof_bytes / 2).min(MAX_DRAT_CLAUSES as u64);
    let literals = f.saturating_add(proof_bytes).min(MAX_DRAT_LITERALS as u64);
    built
        .saturating_add(clauses.saturating_mul(BYTES_PER_CLAUSE))
        .saturating_add(literals.saturating_mul(BYTES_PER_LITERAL))
        .saturating_add(1 << 20)
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
pub fn for_each_step(proof: &[u8], enc: Encoding, vars: usize, f: impl FnMut(Step) -> Res<bool>) -> Res<()> {
    for_each_step_read(proof, enc, vars, f)
}

/// [`for_each_step`] on a reader (a proof file read as it is checked, never held whole).
/// A clause longer than `2·vars + 1` literals repeats one; past [`MAX_DRAT_LITERALS`] it is
/// refused as a limit before it is held.
pub fn for_each_step_read(
    mut proof: impl std::io::BufRead,
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
    let io = |e: std::io::Error| Error::Rejected(format!("cannot read the proof: {e}"));
    let long = || {
        Error::TooLarge(format!(
            "too large to check: a proof clause of more than {MAX_DRAT_LITERALS} literals"
        ))
    };
    match enc {
        Encoding::Text => {
            let mut cur: Vec<Lit> = Vec::new();
            let mut delete = false;
            let mut started = false;
            let mut buf = Vec::new();
            loop {
                buf.clear();
                if proof.read_until(b'\n', &mut buf).map_err(io)? == 0 {
                    break;
                }
                let line = std::str::from_utf8(&buf)
                    .map_err(|_| Error::Rejected("text DRAT proof is not UTF-8".into()))?
                    .trim();
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
                        if cur.len() >= MAX_DRAT_LITERALS {
                            return Err(long());
                        }
                        cur.push(check(v)?);
                    }
                }
            }
            if started {
                return Err(Error::Rejected("DRAT proof ends inside a clause".into()));
            }
        }
        Encoding::Binary => {
            // Bytes one at a time from the reader's buffer, `i` counting from the start.
            let mut i = 0usize;
            let mut next = |proof: &mut dyn std::io::BufRead| -> Res<Option<u8>> {
                let buf = proof.fill_buf().map_err(io)?;
                let Some(&b) = buf.first() else { return Ok(None) };
                proof.consume(1);
                i += 1;
                Ok(Some(b))
            };
            while let Some(tag) = next(&mut proof)? {
                let delete = match tag {
                    b'a' => false,
                    b'd' => true,
                    b => {
                        return Err(Error::Rejected(format!(
                            "binary DRAT: byte {b:#x} at {} is not 'a' or 'd'",
                            i - 1
                        )))
                    }
                };
                let mut c = Vec::new();
                loop {
                    let (mut v, mut shift) = (0u64, 0);
                    loop {
                        let b = next(&mut proof)?.ok_or_else(|| {
                            Error::Rejected("binary DRAT proof ends inside a clause".into())
                        })?;
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
                    if c.len() >= MAX_DRAT_LITERALS {
                        return Err(long());
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

/// The clauses a proof adds (its steps that are not deletions), counted by reading its
/// structure only: known before the check starts, so that a proof adding more than the
/// database holds is refused at once. A malformed proof is counted up to where it breaks (the
/// check itself reports it).
pub fn count_additions(mut proof: impl std::io::BufRead, enc: Encoding) -> u64 {
    let mut count = 0u64;
    match enc {
        Encoding::Text => {
            let (mut delete, mut started) = (false, false);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match proof.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                if buf.trim_ascii_start().starts_with(b"c") {
                    continue;
                }
                for tok in buf.split(u8::is_ascii_whitespace).filter(|t| !t.is_empty()) {
                    if tok == b"d" && !started {
                        (delete, started) = (true, true);
                    } else if tok == b"0" {
                        count += u64::from(!delete);
                        (delete, started) = (false, false);
                    } else {
                        started = true;
                    }
                }
            }
        }
        Encoding::Binary => {
            // A step is a tag, then literals whose last byte is below 0x80, the last one 0.
            let (mut in_step, mut value_zero) = (false, true);
            loop {
                let buf = match proof.fill_buf() {
                    Ok([]) | Err(_) => break,
                    Ok(b) => b,
                };
                let n = buf.len();
                for &b in buf {
                    if !in_step {
                        if b != b'a' && b != b'd' {
                            return count;
                        }
                        count += u64::from(b == b'a');
                        (in_step, value_zero) = (true, true);
                        continue;
                    }
                    // The last byte of a literal ends the step when the literal is 0.
                    value_zero &= b & 0x7f == 0;
                    if b & 0x80 == 0 {
                        in_step = !value_zero;
                        value_zero = true;
                    }
                }
                proof.consume(n);
            }
        }
    }
    count
}

/// [`Error::TooLarge`] when a formula of `formula` clauses and a proof adding `additions` would
/// hold more clauses than the database does.
pub fn within_clauses(formula: usize, additions: u64) -> Res<()> {
    let total = formula as u64 + additions;
    if total > MAX_DRAT_CLAUSES as u64 {
        return Err(Error::TooLarge(format!(
            "too large to check: the formula's {formula} clauses and the proof's {additions} additions are more than the {MAX_DRAT_CLAUSES} clauses the checker holds (about {} MB)",
            MAX_DRAT_CLAUSES as u64 * BYTES_PER_CLAUSE / 1_000_000
        )));
    }
    Ok(())
}

/// Literal index for watch lists: `2v` for `v`, `2v + 1` for `−v`.
fn code(l: Lit) -> usize {
    2 * l.unsigned_abs() as usize + usize::from(l < 0)
}

/// No clause (a reason of a decision, the end of a hash chain).
const NONE: u32 = u32::MAX;

/// The clause database, compact: every clause's literals in one arena (`start`, `len` per
/// clause id), ids as `u32` in the watch lists and hash chains.
struct Db {
    lits: Vec<Lit>,
    start: Vec<u32>,
    len: Vec<u32>,
    deleted: Vec<bool>,
    /// Literals of deleted clauses still in the arena (reclaimed when they are the majority).
    dead: usize,
    watches: Vec<Vec<u32>>,
    /// Per variable: 1 true, −1 false, 0 unassigned.
    value: Vec<i8>,
    /// Per variable: the clause that forced it at the top level ([`NONE`]: a decision).
    reason: Vec<u32>,
    trail: Vec<Lit>,
    head: usize,
    /// Unit propagation at the top level has found a conflict: the empty clause.
    refuted: bool,
    /// Live clauses by a hash of their sorted literals (compared in full on a hit): the first
    /// of a chain continued by `next`.
    by_key: HashMap<u64, u32>,
    next: Vec<u32>,
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
    fn new(vars: usize) -> Db {
        Db {
            lits: Vec::new(),
            start: Vec::new(),
            len: Vec::new(),
            deleted: Vec::new(),
            dead: 0,
            watches: vec![Vec::new(); 2 * vars + 2],
            value: vec![0; vars + 1],
            reason: vec![NONE; vars + 1],
            trail: Vec::new(),
            head: 0,
            refuted: false,
            by_key: HashMap::new(),
            next: Vec::new(),
            visits: 0,
        }
    }
    fn clause(&self, ci: u32) -> &[Lit] {
        let s = self.start[ci as usize] as usize;
        &self.lits[s..s + self.len[ci as usize] as usize]
    }
    fn clause_mut(&mut self, ci: u32) -> &mut [Lit] {
        let s = self.start[ci as usize] as usize;
        let l = self.len[ci as usize] as usize;
        &mut self.lits[s..s + l]
    }
    /// Literals held (the formula's and the live lemmas').
    fn live_literals(&self) -> usize {
        self.lits.len() - self.dead
    }
    fn val(&self, l: Lit) -> i8 {
        let v = self.value[l.unsigned_abs() as usize];
        if l < 0 {
            -v
        } else {
            v
        }
    }
    fn assign(&mut self, l: Lit, reason: u32) {
        self.value[l.unsigned_abs() as usize] = if l < 0 { -1 } else { 1 };
        self.reason[l.unsigned_abs() as usize] = reason;
        self.trail.push(l);
    }
    /// Unit propagation from `self.head`; `true` on a conflict.
    fn propagate(&mut self) -> bool {
        // A visit into a large database is a cache miss: it costs more units.
        let unit = 1 + (self.start.len() as u64 / 100_000).min(7);
        while self.head < self.trail.len() {
            let falsified = -self.trail[self.head];
            self.head += 1;
            let mut ws = std::mem::take(&mut self.watches[code(falsified)]);
            let mut i = 0;
            let mut conflict = false;
            while i < ws.len() {
                self.visits += unit;
                let ci = ws[i];
                if self.deleted[ci as usize] {
                    ws.swap_remove(i);
                    continue;
                }
                // Keep the falsified literal in position 1.
                let c = self.clause_mut(ci);
                if c[0] == falsified {
                    c.swap(0, 1);
                }
                let first = c[0];
                if self.val(first) == 1 {
                    i += 1;
                    continue;
                }
                // Work: the literals a search for a new watch may scan.
                let n = self.len[ci as usize] as usize;
                self.visits += unit * n as u64;
                let c = self.clause(ci);
                if let Some(j) = (2..n).find(|&j| self.val(c[j]) != -1) {
                    let c = self.clause_mut(ci);
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
                self.assign(first, ci);
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
    /// A new clause slot holding `c` (in this order), entered in its hash chain under `k`.
    fn push(&mut self, c: &[Lit], k: u64) -> u32 {
        let ci = self.start.len() as u32;
        self.start.push(self.lits.len() as u32);
        self.len.push(c.len() as u32);
        self.lits.extend_from_slice(c);
        self.deleted.push(false);
        let prev = self.by_key.insert(k, ci).unwrap_or(NONE);
        self.next.push(prev);
        ci
    }
    /// Adds a clause (already known to be implied) and propagates at the top level.
    fn add(&mut self, mut c: Vec<Lit>) {
        c.sort_unstable();
        c.dedup();
        if c.windows(2).any(|w| w[0] == -w[1]) || c.iter().any(|&l| self.val(l) == 1) {
            return; // a tautology or satisfied at the top level: adds nothing
        }
        let k = key(&c);
        let free = c.iter().filter(|&&l| self.val(l) == 0).count();
        match free {
            0 => {
                self.refuted = true;
                self.push(&c, k);
            }
            1 => {
                let ci = self.push(&c, k);
                let unit = c.iter().copied().find(|&l| self.val(l) == 0).expect("one free literal");
                self.assign(unit, ci);
                if self.propagate() {
                    self.refuted = true;
                }
            }
            _ => {
                // Watch two unassigned literals: the free ones first.
                let mut c2: Vec<Lit> = c.iter().copied().filter(|&l| self.val(l) == 0).collect();
                c2.extend(c.iter().copied().filter(|&l| self.val(l) != 0));
                let ci = self.push(&c2, k);
                self.watches[code(c2[0])].push(ci);
                self.watches[code(c2[1])].push(ci);
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
                0 => self.assign(-l, NONE),
                _ => {}
            }
        }
        if !conflict {
            conflict = self.propagate();
        }
        for l in self.trail.drain(mark..) {
            self.value[l.unsigned_abs() as usize] = 0;
            self.reason[l.unsigned_abs() as usize] = NONE;
        }
        self.head = head;
        conflict
    }
    fn delete(&mut self, mut c: Vec<Lit>) {
        c.sort_unstable();
        c.dedup();
        let k = key(&c);
        let Some(&first) = self.by_key.get(&k) else { return };
        // The live clause with these literals, and the one before it in the chain.
        let (mut prev, mut at) = (NONE, first);
        while at != NONE {
            let mut d = self.clause(at).to_vec();
            d.sort_unstable();
            if d == c {
                break;
            }
            (prev, at) = (at, self.next[at as usize]);
        }
        if at == NONE {
            return;
        }
        // Keep reasons of top-level assignments (and units): deleting them could only
        // make later RUP checks fail, never pass wrongly, but drat-trim keeps them too.
        let is_reason =
            self.clause(at).iter().any(|&l| self.val(l) == 1 && self.reason[l.unsigned_abs() as usize] == at);
        if is_reason || self.len[at as usize] < 2 {
            return;
        }
        let after = self.next[at as usize];
        if prev == NONE {
            if after == NONE {
                self.by_key.remove(&k);
            } else {
                self.by_key.insert(k, after);
            }
        } else {
            self.next[prev as usize] = after;
        }
        self.deleted[at as usize] = true;
        // Its literals are never read again (watchers skip deleted clauses): reclaimed when
        // the arena is mostly dead.
        self.dead += self.len[at as usize] as usize;
        if self.dead > 1 << 20 && 2 * self.dead > self.lits.len() {
            self.compact();
        }
    }
    /// Moves the live clauses' literals to the front of the arena, in id order.
    fn compact(&mut self) {
        let mut to = 0usize;
        for ci in 0..self.start.len() {
            if self.deleted[ci] {
                self.len[ci] = 0;
                self.start[ci] = to as u32;
                continue;
            }
            let (s, l) = (self.start[ci] as usize, self.len[ci] as usize);
            self.lits.copy_within(s..s + l, to);
            self.start[ci] = to as u32;
            to += l;
        }
        self.lits.truncate(to);
        self.lits.shrink_to(to + to / 2);
        self.dead = 0;
    }
    /// [`Error::TooLarge`] when the database is past its limits.
    fn within_limits(&self) -> Res<()> {
        if self.start.len() >= MAX_DRAT_CLAUSES {
            return Err(Error::TooLarge(format!(
                "too large to check: the formula and proof hold more than {MAX_DRAT_CLAUSES} clauses (about {} MB of clause database)",
                MAX_DRAT_CLAUSES as u64 * BYTES_PER_CLAUSE / 1_000_000
            )));
        }
        if self.live_literals() > MAX_DRAT_LITERALS {
            return Err(Error::TooLarge(format!(
                "too large to check: the formula and proof hold more than {MAX_DRAT_LITERALS} literals at once (about {} MB of clause database)",
                MAX_DRAT_LITERALS as u64 * BYTES_PER_LITERAL / 1_000_000
            )));
        }
        Ok(())
    }
}

/// Checks that `proof` refutes `cnf`: every added clause is RUP, and the clauses become
/// contradictory by unit propagation (the empty clause is derived).
pub fn check_refutation(cnf: &Cnf, proof: &[u8], enc: Encoding) -> Res<Stats> {
    refute(cnf.vars, cnf.clauses.iter().cloned(), proof, enc, None)
}

/// [`check_refutation`] taking the formula by value (each clause freed once it is in the
/// database, so the formula is not held twice) and reading the proof as it is checked.
/// `additions` counts the clauses the proof adds ([`count_additions`] on a second reading of
/// it): asked once the formula is in, unless unit propagation has refuted it already (then the
/// proof is only parsed and holds nothing), so that a proof adding more than the database holds
/// is refused before any step is checked.
pub fn check_refutation_from(
    cnf: Cnf,
    proof: impl std::io::BufRead,
    enc: Encoding,
    additions: impl FnOnce() -> u64,
) -> Res<Stats> {
    refute(cnf.vars, cnf.clauses.into_iter(), proof, enc, Some(Box::new(additions)))
}

type Additions<'a> = Option<Box<dyn FnOnce() -> u64 + 'a>>;

fn refute(
    vars: usize,
    clauses: impl Iterator<Item = Vec<Lit>>,
    proof: impl std::io::BufRead,
    enc: Encoding,
    additions: Additions<'_>,
) -> Res<Stats> {
    let mut db = Db::new(vars);
    for c in clauses {
        if let Some(&l) = c.iter().find(|l| l.unsigned_abs() as usize > vars || **l == 0) {
            return Err(Error::Rejected(format!("formula: literal {l} out of range")));
        }
        db.add(c);
        db.within_limits()?;
    }
    if let (false, Some(count)) = (db.refuted, additions) {
        within_clauses(db.start.len(), count())?;
    }
    let mut stats = Stats::default();
    let mut i = 0usize;
    for_each_step_read(proof, enc, vars, |step| {
        i += 1;
        if db.refuted {
            // Refuted: the rest is only parsed (the whole file must be a well-formed proof).
            return Ok(true);
        }
        db.within_limits()?;
        if db.visits > MAX_DRAT_VISITS {
            return Err(Error::TooLarge(format!(
                "too large to check: more than {MAX_DRAT_VISITS} units of unit propagation (clause visits, costlier in a large database) by step {i}"
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
    fn additions_are_counted_before_the_check_and_the_database_is_limited() {
        // Text: deletions and comments are not additions; binary: 'a' steps, a literal 0 written
        // in two bytes (0x80 0x00) ends a step too.
        assert_eq!(count_additions(&b"c x 0\n1 2 0\nd 1 2 0\n0\n"[..], Encoding::Text), 2);
        assert_eq!(
            count_additions(&[b'a', 2, 0x84, 0x01, 0, b'd', 2, 0x80, 0x00, b'a', 0][..], Encoding::Binary),
            2
        );
        assert_eq!(
            within_clauses(1000, MAX_DRAT_CLAUSES as u64).unwrap_err(),
            Error::TooLarge(format!(
                "too large to check: the formula's 1000 clauses and the proof's {MAX_DRAT_CLAUSES} additions are more than the {MAX_DRAT_CLAUSES} clauses the checker holds (about 160 MB)"
            ))
        );
        assert!(within_clauses(1000, MAX_DRAT_CLAUSES as u64 - 1000).is_ok());
        // The memory a check can hold: the formula as built, then the database at what the
        // file can state (two bytes a step, one a literal), within the database's limits.
        assert_eq!(memory_estimate(1000, 2000), 24_000 + 1500 * 64 + 3000 * 8 + (1 << 20));
        let most = MAX_DRAT_CLAUSES as u64 * BYTES_PER_CLAUSE + MAX_DRAT_LITERALS as u64 * BYTES_PER_LITERAL;
        assert_eq!(memory_estimate(0, u64::MAX), most + (1 << 20));
        assert!(most < 300_000_000, "{most}");
    }

    #[test]
    fn deleted_clauses_are_reclaimed_and_the_check_goes_on() {
        // 400,000 weakenings of (a ∨ b) with a third literal each are added and deleted (their
        // literals reclaimed from the arena), then the refutation of the four clauses of a, b.
        let f = cnf(4, &[&[1, 2], &[1, -2], &[-1, 2], &[-1, -2]]);
        let mut proof = String::new();
        for i in 0..400_000 {
            let l = if i % 2 == 0 { 3 } else { -4 };
            proof.push_str(&format!("1 2 {l} 0\nd 1 2 {l} 0\n"));
        }
        proof.push_str("1 0\n0\n");
        let stats = check_refutation_from(f.clone(), proof.as_bytes(), Encoding::Text, || 400_001).unwrap();
        // Counted first: a proof adding more than the database holds is refused at once.
        let e =
            check_refutation_from(f.clone(), proof.as_bytes(), Encoding::Text, || u64::MAX / 2).unwrap_err();
        assert!(
            matches!(e, Error::TooLarge(ref m) if m.contains("the formula's 4 clauses and the proof's")),
            "{e:?}"
        );
        // ("0" after "1 0" is only parsed: unit propagation has refuted the formula by then.)
        assert_eq!((stats.additions, stats.deletions), (400_001, 400_000));
        // The same weakenings without their deletions: every one held.
        let kept: String =
            (0..1000).map(|i| format!("1 2 {} 0\n", 3 + i % 2)).collect::<String>() + "1 0\n0\n";
        assert_eq!(check_refutation(&f, kept.as_bytes(), Encoding::Text).unwrap().additions, 1001);
    }

    #[test]
    fn deleting_a_reason_is_ignored_and_deletions_never_help() {
        let f = cnf(3, &[&[1], &[-1, 2], &[-2, 3], &[-3, -1]]);
        // Unit propagation alone refutes it; deletions before the end change nothing.
        assert!(check_refutation(&f, b"d -1 2 0\n0\n", Encoding::Text).is_ok());
    }
}
