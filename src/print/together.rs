//! Files that belong together (a certificate and the proof file it names) are written as a
//! set: a failure leaves the old files, or none of the set, never a new file beside an old one.

use super::{forget_temporary, parent, regular_or_absent, remember_temporary, temporary};
use crate::error::Error;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes every `(path, bytes)` so that the files change together. Each is first written in
/// full to a temporary file beside it and synced; a write that fails (a full disk, say)
/// removes the temporaries and leaves the old files as they were. Then, with the register of
/// temporary files locked (a signal that ends the process waits until the set is in place or
/// undone), each old file is kept under a backup name (a hard link) and the new one renamed
/// over it, in order. A rename that fails undoes the earlier ones: their old files are put
/// back from the backups, and a file that had no old version is removed. Where an old file
/// cannot be put back, every file of the set is removed, so the directory holds the old set,
/// the new set or nothing of it. Only regular files (or nothing) are replaced, as by
/// `write_file`.
pub fn write_together(files: &[(&Path, &[u8])]) -> Result<(), Error> {
    write_together_with(files, &|from, to| std::fs::rename(from, to))
}

/// The name of a temporary (`tmp`) or backup (`old`) file beside `path`, for this process.
fn beside(path: &Path, what: &str) -> Result<PathBuf, Error> {
    let name = path.file_name().ok_or_else(|| Error::Io(format!("{}: not a file name", path.display())))?;
    Ok(parent(path).join(format!(".{}.{what}{}", name.to_string_lossy(), std::process::id())))
}

fn write_synced(tmp: &Path, data: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(tmp).or_else(|_| {
        // A stale temporary file of this process id (an earlier run killed with -9).
        let _ = std::fs::remove_file(tmp);
        std::fs::OpenOptions::new().write(true).create_new(true).open(tmp)
    })?;
    f.write_all(data)?;
    f.sync_all()
}

/// What was at a path before the new file was renamed over it.
enum Old {
    Absent,
    /// Kept under this backup name.
    Backup(PathBuf),
    /// There, but no backup could be made.
    Lost,
}

/// `write_together` with the rename of a new file into place given (tests make it fail).
fn write_together_with(
    files: &[(&Path, &[u8])],
    rename: &dyn Fn(&Path, &Path) -> std::io::Result<()>,
) -> Result<(), Error> {
    for (path, _) in files {
        regular_or_absent(path)?;
    }
    let mut tmps: Vec<PathBuf> = Vec::with_capacity(files.len());
    let mut backups: Vec<PathBuf> = Vec::with_capacity(files.len());
    let discard = |tmps: &[PathBuf]| {
        for t in tmps {
            let _ = std::fs::remove_file(t);
            forget_temporary(t);
        }
    };
    for (path, data) in files {
        let tmp = match beside(path, "tmp").and_then(|t| Ok((t, beside(path, "old")?))) {
            Ok((t, b)) => {
                backups.push(b);
                t
            }
            Err(e) => {
                discard(&tmps);
                return Err(e);
            }
        };
        remember_temporary(&tmp);
        tmps.push(tmp.clone());
        if let Err(e) = write_synced(&tmp, data) {
            discard(&tmps);
            return Err(Error::Io(format!("{}: {e} (nothing of the set was replaced)", path.display())));
        }
    }
    let held = temporary();
    // The files renamed into place so far, with what was there before each.
    let mut placed: Vec<(&Path, Old)> = Vec::with_capacity(files.len());
    let mut failure = None;
    for (i, (path, _)) in files.iter().enumerate() {
        let old = if std::fs::symlink_metadata(path).is_ok() {
            let b = backups[i].clone();
            let _ = std::fs::remove_file(&b);
            // No hard link (a file system without them): undoing then removes the set.
            std::fs::hard_link(path, &b).map_or(Old::Lost, |()| Old::Backup(b))
        } else {
            Old::Absent
        };
        if let Err(e) = rename(&tmps[i], path) {
            if let Old::Backup(b) = &old {
                let _ = std::fs::remove_file(b);
            }
            failure = Some(format!("{}: {e}", path.display()));
            break;
        }
        placed.push((path, old));
    }
    let result = match failure {
        None => {
            for (_, old) in &placed {
                if let Old::Backup(b) = old {
                    let _ = std::fs::remove_file(b);
                }
            }
            Ok(())
        }
        Some(e) => {
            // Undone in reverse order.
            let mut lost = false;
            for (path, old) in placed.iter().rev() {
                match old {
                    Old::Backup(b) => {
                        if std::fs::rename(b, path).is_err() {
                            let _ = std::fs::remove_file(b);
                            let _ = std::fs::remove_file(path);
                            lost = true;
                        }
                    }
                    Old::Lost => {
                        let _ = std::fs::remove_file(path);
                        lost = true;
                    }
                    Old::Absent => {
                        let _ = std::fs::remove_file(path);
                    }
                }
            }
            if lost {
                for (path, _) in files {
                    let _ = std::fs::remove_file(path);
                }
                Err(Error::Io(format!("{e} (the old files could not be put back: none of the set is left)")))
            } else {
                Err(Error::Io(format!("{e} (the files of the set are as they were)")))
            }
        }
    };
    drop(held);
    discard(&tmps);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("minip-together-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn read(p: &Path) -> Option<String> {
        std::fs::read_to_string(p).ok()
    }

    /// The names in `dir`, sorted (temporaries and backups included).
    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_set_replaces_the_old_one_or_leaves_it() {
        let d = scratch("set");
        let (p, c) = (d.join("a.drat"), d.join("a.json"));
        write_together(&[(&p, b"proof 1"), (&c, b"cert 1")]).unwrap();
        assert_eq!((read(&p).as_deref(), read(&c).as_deref()), (Some("proof 1"), Some("cert 1")));
        write_together(&[(&p, b"proof 2"), (&c, b"cert 2")]).unwrap();
        assert_eq!((read(&p).as_deref(), read(&c).as_deref()), (Some("proof 2"), Some("cert 2")));
        assert_eq!(names(&d), vec!["a.drat", "a.json"]);

        // The second file cannot be written (its temporary name is taken by a directory): the
        // first is not replaced either, and no temporary is left.
        let blocker = beside(&c, "tmp").unwrap();
        std::fs::create_dir(&blocker).unwrap();
        let e = write_together(&[(&p, b"proof 3"), (&c, b"cert 3")]).unwrap_err();
        assert!(
            e.starts_with(&format!("{}: ", c.display())) && e.ends_with("(nothing of the set was replaced)"),
            "{e}"
        );
        std::fs::remove_dir(&blocker).unwrap();
        assert_eq!((read(&p).as_deref(), read(&c).as_deref()), (Some("proof 2"), Some("cert 2")));
        assert_eq!(names(&d), vec!["a.drat", "a.json"]);

        // The certificate's rename fails after the proof's: the old proof is put back.
        let second_fails = |from: &Path, to: &Path| {
            if to == c {
                Err(std::io::Error::other("no space left on device"))
            } else {
                std::fs::rename(from, to)
            }
        };
        let e = write_together_with(&[(&p, b"proof 4"), (&c, b"cert 4")], &second_fails).unwrap_err();
        assert_eq!(
            e,
            format!("{}: no space left on device (the files of the set are as they were)", c.display())
        );
        assert_eq!((read(&p).as_deref(), read(&c).as_deref()), (Some("proof 2"), Some("cert 2")));
        assert_eq!(names(&d), vec!["a.drat", "a.json"]);

        // The same with no old set: nothing is left.
        let (p2, c2) = (d.join("b.drat"), d.join("b.json"));
        let second_fails = |from: &Path, to: &Path| {
            if to == c2 {
                Err(std::io::Error::other("no space left on device"))
            } else {
                std::fs::rename(from, to)
            }
        };
        write_together_with(&[(&p2, b"proof"), (&c2, b"cert")], &second_fails).unwrap_err();
        assert_eq!(names(&d), vec!["a.drat", "a.json"]);

        // A directory where a file of the set goes: refused before anything is written.
        std::fs::create_dir(d.join("c.json")).unwrap();
        let e = write_together(&[(&d.join("c.drat"), b"p"), (&d.join("c.json"), b"c")]).unwrap_err();
        assert!(e.contains("not a regular file (a directory)"), "{e}");
        assert_eq!(names(&d), vec!["a.drat", "a.json", "c.json"]);
        std::fs::remove_dir_all(&d).unwrap();
    }
}
