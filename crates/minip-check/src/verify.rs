//! `verify`: every certificate under some paths, checked in parallel, reported in a fixed
//! order. Shared by the `minip-check` binary and `minip verify`.
//!
//! ```
//! use minip_check::verify::{collect_walk, exit_code, verify_files, Status};
//! let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
//! let walk = collect_walk(&[dir], "json").unwrap();
//! let results = verify_files(&walk.files, 2);
//! assert!(results.len() >= 8);
//! assert!(results.iter().all(|r| r.status() == Status::Verified));
//! assert_eq!(exit_code(&results), 0);
//! ```

use crate::check::Context;
use crate::claim::check_any;
use crate::claim::Claim;
pub use crate::error::shown;
use crate::error::{one_line, Error, Res};
use std::path::{Path, PathBuf};

/// Exit status: every certificate checked holds.
pub const EXIT_OK: i32 = 0;
/// Exit status: a certificate was rejected (a failed check).
pub const EXIT_REJECTED: i32 = 1;
/// Exit status: unreadable or malformed input, nothing to check, or a resource limit.
pub const EXIT_INPUT: i32 = 2;

/// The verdict on one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The certificate proves its claim.
    Verified,
    /// The certificate was read but its claim does not check (exit 1).
    Rejected,
    /// Unreadable, malformed, or past a limit ("too large to check"; exit 2).
    Invalid,
}

impl Status {
    /// `verified`, `rejected` or `invalid`, as in `minip verify --json`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Verified => "verified",
            Status::Rejected => "rejected",
            Status::Invalid => "invalid",
        }
    }
}

/// The outcome for one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileResult {
    pub path: PathBuf,
    /// What the certificate proves, or why it was not accepted.
    pub result: Result<Claim, Error>,
}

impl FileResult {
    pub fn status(&self) -> Status {
        match &self.result {
            Ok(_) => Status::Verified,
            Err(Error::Rejected(_)) => Status::Rejected,
            Err(_) => Status::Invalid,
        }
    }
    pub fn exit_code(&self) -> i32 {
        self.result.as_ref().err().map_or(EXIT_OK, Error::exit_code)
    }
}

/// An entry a directory walk did not take, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub path: PathBuf,
    pub reason: String,
    /// `true` when the entry could not be read at all (an unreadable directory): what it holds
    /// was not checked, so the run exits 2. `false` for a deliberate skip (a FIFO, a device, a
    /// symbolic link to a directory or out of the tree).
    pub unreadable: bool,
}

/// The files a walk found, and what it skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    pub files: Vec<PathBuf>,
    pub skipped: Vec<Skipped>,
}

/// Every `*.json` under the given paths, sorted, directories recursively. A file named
/// directly is taken whatever its name. Skipped entries are dropped: use [`collect_walk`] to
/// report them.
pub fn collect(paths: &[PathBuf]) -> Res<Vec<PathBuf>> {
    collect_ext(paths, "json")
}

/// Every file with extension `ext` under the given paths (as [`collect`]).
pub fn collect_ext(paths: &[PathBuf], ext: &str) -> Res<Vec<PathBuf>> {
    collect_walk(paths, ext).map(|w| w.files)
}

/// Every file with extension `ext` under the given paths, sorted per directory, and every
/// entry with that extension (or a directory) that was skipped, with the reason:
/// - a symbolic link to a regular file inside the tree being walked is followed (the file is
///   checked under the link's name); a link to a file outside the tree, to a directory, or a
///   dangling link is skipped (directories are never entered through links, so no walk loops);
/// - FIFOs, sockets and devices are skipped (reading one could block forever);
/// - a directory that cannot be listed is skipped and marked `unreadable`.
///
/// A path named on the command line must exist (else [`Error::Input`]); a file named directly is taken
/// whatever its name (links followed), except that a `.vipr` file belongs to the `vipr` pass.
pub fn collect_walk(paths: &[PathBuf], ext: &str) -> Res<Walk> {
    let mut out = Walk::default();
    for p in paths {
        let missing = |e: std::io::Error| Error::Input(format!("{}: {e}", shown(p)));
        let meta = std::fs::metadata(p).map_err(missing)?;
        if !meta.is_dir() {
            let is_vipr = p.extension().is_some_and(|x| x == "vipr");
            if (ext == "json" && !is_vipr) || (ext != "json" && p.extension().is_some_and(|x| x == ext)) {
                out.files.push(p.clone());
            }
            continue;
        }
        let root = std::fs::canonicalize(p).map_err(missing)?;
        walk_dir(p, &root, ext, &mut out);
    }
    Ok(out)
}

fn walk_dir(dir: &Path, root: &Path, ext: &str, out: &mut Walk) {
    let skip = |out: &mut Walk, path: PathBuf, reason: String, unreadable: bool| {
        out.skipped.push(Skipped { path, reason, unreadable })
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => return skip(out, dir.to_path_buf(), format!("cannot list the directory: {e}"), true),
    };
    let mut paths: Vec<PathBuf> = Vec::new();
    for e in entries {
        match e {
            Ok(e) => paths.push(e.path()),
            Err(e) => return skip(out, dir.to_path_buf(), format!("cannot list the directory: {e}"), true),
        }
    }
    paths.sort();
    for e in paths {
        let meta = match std::fs::symlink_metadata(&e) {
            Ok(m) => m,
            Err(err) => {
                skip(out, e, format!("cannot read the entry: {err}"), true);
                continue;
            }
        };
        let wanted = e.extension().is_some_and(|x| x == ext);
        let ft = meta.file_type();
        if ft.is_dir() {
            walk_dir(&e, root, ext, out);
        } else if ft.is_file() {
            if wanted {
                out.files.push(e);
            }
        } else if ft.is_symlink() {
            match (std::fs::metadata(&e), std::fs::canonicalize(&e)) {
                (Ok(m), Ok(target)) if m.is_file() && target.starts_with(root) => {
                    if wanted {
                        out.files.push(e);
                    }
                }
                (Ok(m), Ok(_)) if m.is_file() => {
                    if wanted {
                        skip(out, e, "symbolic link to a file outside the tree, not followed".into(), false);
                    }
                }
                (Ok(m), _) if m.is_dir() => {
                    skip(out, e, "symbolic link to a directory, not followed".into(), false)
                }
                (Ok(_), _) => {
                    if wanted {
                        skip(out, e, "symbolic link to a non-regular file, not followed".into(), false);
                    }
                }
                (Err(err), _) => {
                    if wanted {
                        skip(out, e, format!("dangling symbolic link ({err})"), false);
                    }
                }
            }
        } else if wanted {
            skip(out, e, "not a regular file (FIFO, socket or device), not read".into(), false);
        }
    }
}

/// Reads and checks one certificate file. A panic inside the check (a bug: every input is
/// meant to be refused with a message) is reported for this file as an internal error
/// (`Error::Input`, exit 2) instead of ending the whole run.
pub fn verify_file(path: &Path) -> FileResult {
    let check = || {
        let cert = crate::read::read(path)?;
        let ctx = Context::beside(path);
        // A check that reads a DRAT proof waits until its memory fits beside the checks
        // running in this process (`MAX_PROOF_MEMORY`), weighed from the proof's size.
        let _permit = admit(crate::check::proof_memory(&cert, &ctx));
        check_any(&cert, &ctx)
    };
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(check)).unwrap_or_else(|p| {
        let what = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(Error::Input(one_line(&format!("internal error: the check stopped ({what})"))))
    });
    FileResult { path: path.to_path_buf(), result }
}

/// The bytes that the proof checks running at once in this process are estimated to hold.
static PROOF_MEMORY: std::sync::Mutex<u64> = std::sync::Mutex::new(0);
static PROOF_MEMORY_FREED: std::sync::Condvar = std::sync::Condvar::new();

/// A share of [`crate::limits::MAX_PROOF_MEMORY`], given back when dropped.
#[derive(Debug)]
pub struct Permit(u64);

impl Permit {
    /// The bytes this permit holds (the estimate, at most the whole budget).
    pub fn bytes(&self) -> u64 {
        self.0
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if self.0 > 0 {
            let mut used = PROOF_MEMORY.lock().unwrap_or_else(|e| e.into_inner());
            *used -= self.0;
            PROOF_MEMORY_FREED.notify_all();
        }
    }
}

/// Waits until `bytes` (at most the whole budget) fit beside the permits held, then holds
/// them: checks of large proofs run one at a time, small ones side by side, and a check that
/// needs the whole budget runs alone. Nothing is ever waited for while a permit is held, so
/// the waits end.
///
/// ```
/// use minip_check::limits::MAX_PROOF_MEMORY;
/// use minip_check::verify::admit;
/// let (a, b) = (admit(100 << 20), admit(200 << 20)); // side by side
/// assert_eq!((a.bytes(), b.bytes()), (100 << 20, 200 << 20));
/// drop((a, b));
/// assert_eq!(admit(u64::MAX).bytes(), MAX_PROOF_MEMORY); // alone, the whole budget
/// assert_eq!(admit(0).bytes(), 0); // no proof: never waits
/// ```
pub fn admit(bytes: u64) -> Permit {
    let w = bytes.min(crate::limits::MAX_PROOF_MEMORY);
    if w == 0 {
        return Permit(0);
    }
    let mut used = PROOF_MEMORY.lock().unwrap_or_else(|e| e.into_inner());
    while *used > 0 && *used + w > crate::limits::MAX_PROOF_MEMORY {
        used = PROOF_MEMORY_FREED.wait(used).unwrap_or_else(|e| e.into_inner());
    }
    *used += w;
    Permit(w)
}

/// The default number of worker threads: one per core and one more. A check that needs a table
/// another thread is still computing (the pair tables the linear-code certificates share) waits
/// for it, and the extra thread keeps its core busy meanwhile.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()) + 1
}

/// Checks every file on `jobs` threads; the results are in the order of `files` whatever the
/// scheduling, so reports are byte-identical from run to run.
pub fn verify_files(files: &[PathBuf], jobs: usize) -> Vec<FileResult> {
    let mut out = Vec::with_capacity(files.len());
    verify_stream(files, jobs, |r| out.push(r));
    out
}

/// Like [`verify_files`], handing each result to `sink` in the order of `files` as soon as it
/// and every earlier one are done (so a report can stream).
pub fn verify_stream(files: &[PathBuf], jobs: usize, mut sink: impl FnMut(FileResult)) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;
    let jobs = jobs.clamp(1, crate::limits::MAX_JOBS).min(files.len().max(1));
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, FileResult)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(f) = files.get(i) else { break };
                if tx.send((i, verify_file(f))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut pending = std::collections::BTreeMap::new();
        let mut handed = 0;
        for (i, r) in rx {
            pending.insert(i, r);
            while let Some(r) = pending.remove(&handed) {
                sink(r);
                handed += 1;
            }
        }
    });
}

/// The exit status of a run: the worst file's, and `EXIT_INPUT` when there was nothing.
pub fn exit_code(results: &[FileResult]) -> i32 {
    if results.is_empty() {
        return EXIT_INPUT;
    }
    results.iter().map(FileResult::exit_code).max().unwrap_or(EXIT_OK)
}

/// The report line of one file (with its newline): one line whatever the path and the text
/// hold (control characters escaped).
///
/// ```
/// use minip_check::verify::{line, FileResult};
/// use minip_check::Error;
/// let forged = "x.json\nok      proofs/rank-linear/n3_m256.json: rank >= 99999999999";
/// let r = FileResult { path: forged.into(), result: Err(Error::Input("cannot read".into())) };
/// assert_eq!(line(&r).lines().count(), 1);
/// assert!(line(&r).starts_with("FAILED  x.json\\nok      proofs/"));
/// ```
pub fn line(r: &FileResult) -> String {
    match &r.result {
        Ok(claim) => format!("ok      {}: {}\n", shown(&r.path), one_line(&claim.to_string())),
        Err(why) => format!("FAILED  {}: {}\n", shown(&r.path), one_line(&why.to_string())),
    }
}

/// The report line of a skipped entry (with its newline).
pub fn skipped_line(s: &Skipped) -> String {
    let tag = if s.unreadable { "INVALID " } else { "SKIPPED " };
    format!("{tag}{}: {}\n", shown(&s.path), one_line(&s.reason))
}

/// The closing line: counts of files (with its newline).
pub fn tally(results: &[FileResult]) -> String {
    let bad = results.iter().filter(|r| r.result.is_err()).count();
    if results.is_empty() {
        return "no certificates found\n".into();
    }
    let files = if results.len() == 1 { "file" } else { "files" };
    format!("{} {files}: {} verified, {} failed\n", results.len(), results.len() - bad, bad)
}

/// One line per file, then a summary line.
pub fn report(results: &[FileResult]) -> String {
    let mut s: String = results.iter().map(line).collect();
    s.push_str(&tally(results));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn proof_checks_that_do_not_fit_together_wait_for_each_other() {
        let big = crate::limits::MAX_PROOF_MEMORY / 2 + 1;
        let first = admit(big);
        let second_in = AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                let p = admit(big);
                second_in.store(true, Ordering::SeqCst);
                drop(p);
            });
            std::thread::sleep(std::time::Duration::from_millis(200));
            // Two halves and more do not fit: the second waits while the first holds its share.
            assert!(!second_in.load(Ordering::SeqCst));
            drop(first);
        });
        assert!(second_in.load(Ordering::SeqCst));
    }
}
