//! Printers: what leaves the program. Certificate printers (JSON, VIPR, CSV) take a
//! `minip_check::Checked`, so nothing unchecked is ever written as a certificate.
//! - `json`: certificates as files, records as JSON lines;
//! - `vipr`: VIPR 1.0 exports for outside checkers;
//! - `table`: aligned text tables;
//! - `head`: the reports of explicit heads (`head verify|attack|bench`, `transition`);
//! - `rank`: the tables and records of `rank` and `rank --linear`;
//! - `weighted`: the line and record of `rank --weighted`;
//! - `rank2`: the line and record of `rank --two`;
//! - `sharp`: the text of one certified `kstar`;
//! - `svg`: plots;
//! - `coq`: accepted certificates as Coq data for `proofs/coq` (parameters and multipliers);
//! - `gap`: the answer to one gap question (`check`);
//! - `paper`: the ledger of the paper's claims (docs/paper.md): its rows, table, records, HTML page;
//! - `multihead`: the tables and records of `multihead domination` and `multihead frontier`;
//! - `readout`, `readout_precision`, `readout_multilevel`: the tables and records of `readout`
//!   and its `--precision` and `--multilevel` modes;
//! - `write_file`: every file is written atomically (a temporary file, then a rename);
//!   `write_file_in_batch` + `sync_batch`: the same, durable once per batch; `write_together`
//!   (`together`): files that belong together (a certificate and its proof), the old set or the new one.

pub mod coq;
pub mod gap;
pub mod head;
pub mod json;
pub mod multihead;
pub mod paper;
pub mod rank;
pub mod rank2;
pub mod readout;
pub mod readout_multilevel;
pub mod readout_precision;
pub mod sharp;
pub mod svg;
pub mod table;
mod together;
pub mod vipr;
pub mod weighted;

use crate::error::Error;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
pub use together::write_together;

/// `n` and the noun in the right number: `1 file`, `2 files`, `0 files`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Writes `text` to `path` atomically: the old file or the new one, never a torn one. The
/// directory must exist (`out_dir` makes an output directory; a file path's directory is
/// never created behind the user's back). Only a regular file (or nothing) is replaced: a
/// device node, FIFO, socket or directory at `path` is refused (`check_target`).
pub fn write_file(path: &Path, text: &str) -> Result<(), Error> {
    write_bytes(path, text.as_bytes())
}

/// The temporary files of writes in progress, removed when a signal ends the process at once.
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temporary() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARY.lock().unwrap_or_else(|e| e.into_inner())
}

/// Registers a temporary path (a file, or a scratch directory such as `bench`'s) to be removed
/// if a signal ends the process before `forget_temporary` is called.
pub fn remember_temporary(path: &Path) {
    temporary().push(path.to_path_buf());
}

/// The temporary path is gone (renamed or removed): nothing to clean up for it any more.
pub fn forget_temporary(path: &Path) {
    let mut t = temporary();
    if let Some(i) = t.iter().position(|p| p == path) {
        t.swap_remove(i);
    }
}

/// Removes every registered temporary path and returns the lock, still held: the caller ends
/// the process while holding it, so no write in progress can register (and create) a new one
/// after the cleanup.
pub fn abandon_temporary_files() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    let t = temporary();
    for p in t.iter() {
        if p.is_dir() {
            let _ = std::fs::remove_dir_all(p);
        } else {
            let _ = std::fs::remove_file(p);
        }
    }
    t
}

/// `write_file` for bytes.
pub fn write_bytes(path: &Path, data: &[u8]) -> Result<(), Error> {
    write_atomic(path, data, true)
}

/// `write_file` for the files of a batch: as atomic (a temporary file, then a rename: a
/// reader, or an interrupted run, sees the old file or the new one), but without the fsync of
/// each file. The batch calls `sync_batch` once at its end, so that one flush, not one per
/// certificate, makes them durable. On systems without `syncfs` (not Linux) every file is
/// synced here as `write_file` does.
pub fn write_file_in_batch(path: &Path, text: &str) -> Result<(), Error> {
    write_atomic(path, text.as_bytes(), !cfg!(target_os = "linux"))
}

/// Makes the files a batch wrote under `dir` with `write_file_in_batch` durable: one
/// `syncfs(2)` of the file system that holds `dir` (file data, then metadata, renames
/// included), then an fsync of `dir` itself.
pub fn sync_batch(dir: &Path) -> Result<(), Error> {
    let d = std::fs::File::open(dir).map_err(|e| Error::Io(format!("{}: {e}", dir.display())))?;
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: `d` is an open file descriptor for the duration of the call.
        if unsafe { libc::syncfs(d.as_raw_fd()) } != 0 {
            return Err(Error::Io(format!("{}: sync: {}", dir.display(), std::io::Error::last_os_error())));
        }
    }
    d.sync_all().map_err(|e| Error::Io(format!("{}: sync: {e}", dir.display())))
}

fn write_atomic(path: &Path, data: &[u8], sync: bool) -> Result<(), Error> {
    regular_or_absent(path)?;
    let dir = parent(path);
    let name = path.file_name().ok_or_else(|| Error::Io(format!("{}: not a file name", path.display())))?;
    let tmp = dir.join(format!(".{}.tmp{}", name.to_string_lossy(), std::process::id()));
    remember_temporary(&tmp);
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp).or_else(|_| {
            // A stale temporary file of this process id (an earlier run killed with -9).
            let _ = std::fs::remove_file(&tmp);
            std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp)
        })?;
        f.write_all(data)?;
        if sync {
            f.sync_all()?;
        }
        std::fs::rename(&tmp, path)
    })();
    let result = result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::Io(format!("{}: {e}", path.display()))
    });
    forget_temporary(&tmp);
    result
}

fn parent(path: &Path) -> &Path {
    path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// `Ok` when nothing is at `path` or a regular file is (it will be replaced atomically); a
/// directory, device node, FIFO, socket (or a symlink to one) is refused: a rename would
/// replace the node itself.
fn regular_or_absent(path: &Path) -> Result<(), Error> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) => Err(Error::Io(format!(
            "{}: not a regular file ({}); refusing to replace it",
            path.display(),
            kind(&m)
        ))),
        // Nothing there (or a dangling symlink, which the rename replaces).
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::Io(format!("{}: {e}", path.display()))),
    }
}

fn kind(m: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = m.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_file() {
        "a regular file"
    } else {
        "not a regular file"
    }
}

/// Checks, before any work, that a file can be written at `path` (its directory exists and
/// takes a file, and nothing but a regular file is there), so an unwritable output fails at
/// once and not after the computation.
pub fn check_target(path: &Path) -> Result<(), Error> {
    regular_or_absent(path)?;
    if path.file_name().is_none() {
        return Err(Error::Io(format!("{}: not a file name", path.display())));
    }
    let dir = parent(path);
    if !dir.is_dir() {
        return Err(Error::Io(format!("{}: the directory {} does not exist", path.display(), dir.display())));
    }
    probe(dir).map_err(|e| Error::Io(format!("{}: cannot write there ({e})", path.display())))
}

/// Makes an output directory (`--out DIR`) before any work and checks that it takes files.
/// Returns a warning when it already holds files (they may be replaced), or when directories
/// above it were missing and made too (as `mkdir -p`; a mistyped path is then visible).
pub fn out_dir(dir: &Path) -> Result<Option<String>, Error> {
    if let Ok(m) = std::fs::metadata(dir) {
        if !m.is_dir() {
            return Err(Error::Io(format!("{}: not a directory ({})", dir.display(), kind(&m))));
        }
    }
    // The highest missing directory above `dir`, if any.
    let parents = dir.ancestors().skip(1).take_while(|p| !p.as_os_str().is_empty() && !p.exists()).last();
    let made = parents.map(|p| {
        format!("{}: made, and the missing directories above it from {}", dir.display(), p.display())
    });
    std::fs::create_dir_all(dir).map_err(|e| Error::Io(format!("{}: {e}", dir.display())))?;
    probe(dir).map_err(|e| Error::Io(format!("{}: cannot write there ({e})", dir.display())))?;
    let occupied =
        std::fs::read_dir(dir).map_err(|e| Error::Io(format!("{}: {e}", dir.display())))?.next().is_some();
    Ok(made.or_else(|| {
        occupied.then(|| format!("{} is not empty: files of the same name are replaced", dir.display()))
    }))
}

fn probe(dir: &Path) -> std::io::Result<()> {
    let p = dir.join(format!(".minip-probe{}", std::process::id()));
    remember_temporary(&p);
    let r = std::fs::File::create(&p).and_then(|_| std::fs::remove_file(&p));
    forget_temporary(&p);
    r
}

/// The files a run reads (grids, `--expect` tables, certificates), each by its canonical path
/// and its (device, inode). Every output of the run is checked against them before any work
/// (`refuse_file`, `refuse_dir`): an output never replaces an input of the same run, whether
/// it names the input, another path to it, a symbolic link to it or a hard link of it.
#[derive(Debug, Default)]
pub struct Inputs(Vec<Input>);

#[derive(Debug)]
struct Input {
    /// What it is, for messages: `the grid`, `the --expect table`.
    what: String,
    path: PathBuf,
    canonical: Option<PathBuf>,
    id: Option<(u64, u64)>,
}

/// The (device, inode) of what `path` names, symbolic links followed.
fn file_id(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

impl Inputs {
    pub fn new() -> Inputs {
        Inputs::default()
    }

    /// Adds a file the run reads; `what` names it in messages (`the grid`).
    pub fn add(mut self, what: &str, path: &Path) -> Inputs {
        self.0.push(Input {
            what: what.to_string(),
            path: path.to_path_buf(),
            canonical: std::fs::canonicalize(path).ok(),
            id: file_id(path),
        });
        self
    }

    /// Adds a file the run reads when there is one.
    pub fn add_some(self, what: &str, path: Option<&Path>) -> Inputs {
        match path {
            Some(p) => self.add(what, p),
            None => self,
        }
    }

    /// The input that `path` is (by canonical path, or by device and inode), if any.
    fn find(&self, path: &Path) -> Option<&Input> {
        let canonical = std::fs::canonicalize(path).ok();
        let id = file_id(path);
        self.0
            .iter()
            .find(|i| (canonical.is_some() && i.canonical == canonical) || (id.is_some() && i.id == id))
    }

    /// Refuses the output file `flag out` when it is one of the inputs: the same path, another
    /// path to the same file, a symbolic link to it or a hard link of it.
    pub fn refuse_file(&self, flag: &str, out: &Path) -> Result<(), Error> {
        match self.find(out) {
            None => Ok(()),
            Some(i) => Err(Error::Input(format!(
                "{flag} {} {} {} {}, an input of this run: refusing to replace it (choose another path)",
                out.display(),
                relation(out, i),
                i.what,
                i.path.display()
            ))),
        }
    }

    /// Refuses the output directory `flag dir` when a file the run would write there is one of
    /// the inputs (or a link to one). `writes(name)` says whether the run writes a file of that
    /// name in `dir`; it is asked only about entries that are inputs.
    pub fn refuse_dir(&self, flag: &str, dir: &Path, writes: impl Fn(&str) -> bool) -> Result<(), Error> {
        use std::os::unix::fs::MetadataExt;
        if self.0.is_empty() {
            return Ok(());
        }
        let Ok(d) = std::fs::metadata(dir) else { return Ok(()) };
        let Ok(entries) = std::fs::read_dir(dir) else { return Ok(()) };
        for e in entries.flatten() {
            // Without a stat for plain entries: the directory's device and the entry's inode.
            let id = match e.file_type() {
                Ok(t) if t.is_symlink() => file_id(&e.path()),
                Ok(_) => Some((d.dev(), std::os::unix::fs::DirEntryExt::ino(&e))),
                Err(_) => None,
            };
            let Some(i) = self.0.iter().find(|i| id.is_some() && i.id == id) else { continue };
            let name = e.file_name();
            if writes(&name.to_string_lossy()) {
                let path = e.path();
                return Err(Error::Input(format!(
                    "{flag} {}: this run would write {} there, which {} {} {}, an input of this run: refusing to replace it (choose another directory)",
                    dir.display(),
                    path.display(),
                    relation(&path, i),
                    i.what,
                    i.path.display()
                )));
            }
        }
        Ok(())
    }
}

/// How the path `out` is the input `i`: `is`, `is a link to`, `is another name (a hard link) of`.
fn relation(out: &Path, i: &Input) -> &'static str {
    let link = std::fs::symlink_metadata(out).is_ok_and(|m| m.file_type().is_symlink());
    let same_path = std::fs::canonicalize(out).ok().is_some_and(|c| Some(c) == i.canonical);
    if link {
        "is a link to"
    } else if same_path {
        "is"
    } else {
        "is another name (a hard link) of"
    }
}
