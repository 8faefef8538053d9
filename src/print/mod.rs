//! Printers: what leaves the program. Certificate printers (JSON, VIPR, CSV) take a
//! `minip_check::Checked`, so nothing unchecked is ever written as a certificate.
//! - `json`: certificates as files, records as JSON lines;
//! - `vipr`: VIPR 1.0 exports for outside checkers;
//! - `table`: aligned text tables;
//! - `svg`: plots;
//! - `write_file`: every file is written atomically (a temporary file, then a rename).

pub mod gap;
pub mod json;
pub mod svg;
pub mod table;
pub mod vipr;

use std::io::Write;
use std::path::Path;

/// Writes `text` to `path` atomically: the old file or the new one, never a torn one.
/// The directory must exist or is created (an explicit output directory of a command).
pub fn write_file(path: &Path, text: &str) -> Result<(), String> {
    write_bytes(path, text.as_bytes())
}

/// `write_file` for bytes.
pub fn write_bytes(path: &Path, data: &[u8]) -> Result<(), String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
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
