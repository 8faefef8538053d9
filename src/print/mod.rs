//! Printers: what leaves the program. Certificate printers (JSON, VIPR, CSV) take a
//! `minip_check::Checked`, so nothing unchecked is ever written as a certificate.
//! - `json`: certificates as files, records as JSON lines;
//! - `vipr`: VIPR 1.0 exports for outside checkers;
//! - `table`: aligned text tables;
//! - `svg`: plots;
//! - `coq`: accepted certificates as Coq data for `proofs/coq` (parameters and multipliers);
//! - `write_file`: every file is written atomically (a temporary file, then a rename).

pub mod coq;
pub mod gap;
pub mod json;
pub mod svg;
pub mod table;
pub mod vipr;

use std::io::Write;
use std::path::Path;

/// `n` and the noun in the right number: `1 file`, `2 files`, `0 files`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Writes `text` to `path` atomically: the old file or the new one, never a torn one. The
/// directory must exist (`out_dir` makes an output directory; a file path's directory is
/// never created behind the user's back).
pub fn write_file(path: &Path, text: &str) -> Result<(), String> {
    write_bytes(path, text.as_bytes())
}

/// `write_file` for bytes.
pub fn write_bytes(path: &Path, data: &[u8]) -> Result<(), String> {
    let dir = parent(path);
    let name = path.file_name().ok_or_else(|| format!("{}: not a file name", path.display()))?;
    let tmp = dir.join(format!(".{}.tmp{}", name.to_string_lossy(), std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(data)?;
        f.sync_all()?;
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
