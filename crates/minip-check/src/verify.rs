//! `verify`: every certificate under some paths, checked, in a fixed order. Shared by the
//! `minip-check` binary and `minip verify`.

use crate::check::{check_any, Context};
use std::path::{Path, PathBuf};

/// Exit status: every certificate checked holds.
pub const EXIT_OK: i32 = 0;
/// Exit status: a certificate was rejected (a failed check).
pub const EXIT_REJECTED: i32 = 1;
/// Exit status: unreadable or malformed input, nothing to check, or a resource limit.
pub const EXIT_INPUT: i32 = 2;

/// The outcome for one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileResult {
    pub path: PathBuf,
    /// `Ok(summary)`, or `Err((exit code, reason))`.
    pub result: Result<String, (i32, String)>,
}

/// Every `*.json` under the given paths, sorted, directories recursively (symbolic links
/// to directories are not followed). A file named directly is taken whatever its name.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    collect_ext(paths, "json")
}

/// Every file with extension `ext` under the given paths (as `collect`).
pub fn collect_ext(paths: &[PathBuf], ext: &str) -> Result<Vec<PathBuf>, String> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>, top: bool, ext: &str) -> Result<(), String> {
        let meta = if top { std::fs::metadata(p) } else { std::fs::symlink_metadata(p) }
            .map_err(|e| format!("{}: {e}", p.display()))?;
        if meta.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            for e in entries {
                let is_dir = std::fs::symlink_metadata(&e).map(|m| m.is_dir()).unwrap_or(false);
                if is_dir || e.extension().is_some_and(|x| x == ext) {
                    walk(&e, out, false, ext)?;
                }
            }
        } else if top || meta.is_file() {
            out.push(p.to_path_buf());
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        let named_file = std::fs::metadata(p).map(|m| !m.is_dir()).unwrap_or(true);
        if named_file && ext == "json" && p.extension().is_some_and(|x| x == "vipr") {
            continue; // a VIPR file named on the command line is not a certificate
        }
        if named_file && ext != "json" {
            // A file named on the command line belongs to the `json` pass only.
            if p.extension().is_some_and(|x| x == ext) {
                out.push(p.clone());
            }
            continue;
        }
        walk(p, &mut out, true, ext)?;
    }
    Ok(out)
}

/// Reads and checks one certificate file.
pub fn verify_file(path: &Path) -> FileResult {
    let result = match crate::read::read(path) {
        Err(e) => Err((EXIT_INPUT, e)),
        Ok(cert) => check_any(&cert, &Context::beside(path)).map_err(|e| {
            let code = if e.starts_with("too large to check") { EXIT_INPUT } else { EXIT_REJECTED };
            (code, e)
        }),
    };
    FileResult { path: path.to_path_buf(), result }
}

/// The exit status of a run: the worst file's, and `EXIT_INPUT` when there was nothing.
pub fn exit_code(results: &[FileResult]) -> i32 {
    if results.is_empty() {
        return EXIT_INPUT;
    }
    results.iter().map(|r| r.result.as_ref().err().map_or(EXIT_OK, |e| e.0)).max().unwrap_or(EXIT_OK)
}

/// One line per file, then a summary line.
pub fn report(results: &[FileResult]) -> String {
    let mut s = String::new();
    for r in results {
        match &r.result {
            Ok(what) => s.push_str(&format!("ok      {}: {what}\n", r.path.display())),
            Err((_, why)) => s.push_str(&format!("FAILED  {}: {why}\n", r.path.display())),
        }
    }
    let bad = results.iter().filter(|r| r.result.is_err()).count();
    if results.is_empty() {
        s.push_str("no certificates found\n");
    } else {
        let files = if results.len() == 1 { "file" } else { "files" };
        s.push_str(&format!("{} {files}: {} verified, {} failed\n", results.len(), results.len() - bad, bad));
    }
    s
}
