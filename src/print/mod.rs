//! Printers: what leaves the program. Certificate printers (JSON, VIPR, CSV) take a
//! `minip_check::Checked`, so nothing unchecked is ever written as a certificate.
//! - `json`: certificates as files, records as JSON lines;
//! - `vipr`: VIPR 1.0 exports for outside checkers;
//! - `table`: aligned text tables;
//! - `svg`: plots;
//! - `write_file`: every file is written atomically (a temporary file, then a rename);
//!   `write_file_in_batch` + `sync_batch`: the same, durable once per batch.

pub mod gap;
pub mod json;
pub mod svg;
pub mod table;
pub mod vipr;

use std::io::Write;
use std::path::Path;

/// Writes `text` to `path` atomically: the old file or the new one, never a torn one. The
/// directory must exist (`out_dir` makes an output directory; a file path's directory is
/// never created behind the user's back).
pub fn write_file(path: &Path, text: &str) -> Result<(), String> {
    write_bytes(path, text.as_bytes())
}

/// `write_file` for bytes.
pub fn write_bytes(path: &Path, data: &[u8]) -> Result<(), String> {
    write_atomic(path, data, true)
}

/// `write_file` for the files of a batch: as atomic (a temporary file, then a rename: a
/// reader, or an interrupted run, sees the old file or the new one), but without the fsync of
/// each file. The batch calls `sync_batch` once at its end, so that one flush, not one per
/// certificate, makes them durable. On systems without `syncfs` (not Linux) every file is
/// synced here as `write_file` does.
pub fn write_file_in_batch(path: &Path, text: &str) -> Result<(), String> {
    write_atomic(path, text.as_bytes(), !cfg!(target_os = "linux"))
}

/// Makes the files a batch wrote under `dir` with `write_file_in_batch` durable: one
/// `syncfs(2)` of the file system that holds `dir` (file data, then metadata, renames
/// included), then an fsync of `dir` itself.
pub fn sync_batch(dir: &Path) -> Result<(), String> {
    let d = std::fs::File::open(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: `d` is an open file descriptor for the duration of the call.
        if unsafe { libc::syncfs(d.as_raw_fd()) } != 0 {
            return Err(format!("{}: sync: {}", dir.display(), std::io::Error::last_os_error()));
        }
    }
    d.sync_all().map_err(|e| format!("{}: sync: {e}", dir.display()))
}

fn write_atomic(path: &Path, data: &[u8], sync: bool) -> Result<(), String> {
    let dir = parent(path);
    let name = path.file_name().ok_or_else(|| format!("{}: not a file name", path.display()))?;
    let tmp = dir.join(format!(".{}.tmp{}", name.to_string_lossy(), std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(data)?;
        if sync {
            f.sync_all()?;
        }
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: {e}", path.display())
    })
}

fn parent(path: &Path) -> &Path {
    path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Checks, before any work, that a file can be written at `path` (its directory exists and
/// takes a file), so an unwritable output fails at once and not after the computation.
pub fn check_target(path: &Path) -> Result<(), String> {
    let dir = parent(path);
    if !dir.is_dir() {
        return Err(format!("{}: the directory {} does not exist", path.display(), dir.display()));
    }
    probe(dir).map_err(|e| format!("{}: cannot write there ({e})", path.display()))
}

/// Makes an output directory (`--out DIR`) before any work and checks that it takes files.
/// Returns a warning when it already holds files (they may be replaced).
pub fn out_dir(dir: &Path) -> Result<Option<String>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    probe(dir).map_err(|e| format!("{}: cannot write there ({e})", dir.display()))?;
    let occupied = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?.next().is_some();
    Ok(occupied.then(|| format!("{} is not empty: files of the same name are replaced", dir.display())))
}

fn probe(dir: &Path) -> std::io::Result<()> {
    let p = dir.join(format!(".minip-probe{}", std::process::id()));
    std::fs::File::create(&p)?;
    std::fs::remove_file(&p)
}
