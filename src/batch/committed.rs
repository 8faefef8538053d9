//! The committed certificates `minip frontier` and `minip multihead frontier` read by default,
//! built into the library: the same lower bounds and heads wherever minip runs (the working
//! directory, an installed binary, the Python package), without a data directory to install
//! or configure. A directory given on the command line (or in Python) is read from disk
//! instead. Each built-in file is checked when read, as a file on disk is.

use minip_check::check::Context;
use minip_check::format::AnyCertificate;
use std::path::{Path, PathBuf};

/// One built-in directory: its name under `proofs/` and its files (name, bytes), by name.
type Files = &'static [(&'static str, &'static [u8])];

macro_rules! committed {
    ($($dir:literal: [$($name:literal),* $(,)?]),* $(,)?) => {
        /// Every built-in directory (`tests/committed.rs` compares it with `proofs/`).
        pub const DIRS: &[(&str, Files)] = &[$(($dir, &[$(($name, include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"), "/proofs/", $dir, "/", $name
        )) as &[u8])),*])),*];
    };
}

committed! {
    "rank": [
        "m04.json", "m04.maximal.drat", "m05.json", "m06.json", "m06.maximal.drat", "m07.json",
        "m07.maximal.drat", "m08.json", "m08.maximal.drat", "m09.json", "m09.maximal.drat",
        "m10.json", "m10.maximal.drat", "m11.json", "m11.maximal.drat", "m12.json",
        "m12.maximal.drat", "m13.json", "m14.json", "m15.json", "m16.json", "m17.json", "m18.json",
        "m19.json", "m20.json", "m21.json", "m22.json", "m23.json", "m24.json",
    ],
    "weighted": ["m13.json", "m14.json", "m15.json"],
    "rank2": ["m05.drat", "m05.json"],
    "rank-linear": [
        "n1024_m064.json", "n128_m064.json", "n16_m064.json", "n256_m064.json", "n32_m064.json",
        "n3_m032.json", "n3_m048.json", "n3_m064.json", "n4_m064.json", "n5_m064.json",
        "n64_m064.json", "n6_m064.json", "n7_m064.json", "n8_m064.json",
    ],
    "search": ["m04.r2.json", "m05.r3.json", "m06.r4.json", "m07.r5.json", "m08.r7.json"],
    "frontier": [
        "m04.per_weight.json", "m06.per_weight.json", "m08.per_weight.json", "m10.per_weight.json",
        "m12.per_weight.json", "m14.per_weight.json", "m16.per_weight.json", "m18.per_weight.json",
        "m20.per_weight.json", "m22.per_weight.json", "m24.per_weight.json",
    ],
}

/// Which files of a built-in directory are built in: what the frontiers read (every `m` up to
/// `MAX_POLY_M`; the linear-code certificates of larger `m` are not read by them).
pub fn selected(dir: &str, name: &str) -> bool {
    let m_at_most_64 = |stem: &str| {
        stem.strip_prefix('m')
            .and_then(|s| s.split('.').next())
            .and_then(|s| s.parse::<u32>().ok())
            .is_some_and(|m| m <= minip_check::model::kernel::MAX_POLY_M)
    };
    match dir {
        "rank" | "weighted" | "rank2" => name.ends_with(".json") || name.ends_with(".drat"),
        "rank-linear" => {
            name.split_once('_').is_some_and(|(_, s)| m_at_most_64(s)) && name.ends_with(".json")
        }
        "search" => name.ends_with(".json") && m_at_most_64(name),
        "frontier" => name.ends_with(".per_weight.json"),
        _ => false,
    }
}

/// Where certificates are read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A directory on disk (`-`: none; a missing directory holds no files).
    Dir(PathBuf),
    /// The committed `proofs/NAME`, built in.
    Committed(&'static str),
}

impl Source {
    /// The built-in `proofs/NAME` (`NAME` one of [`DIRS`]).
    pub fn committed(name: &str) -> Source {
        let (dir, _) = DIRS.iter().find(|(d, _)| *d == name).expect("a built-in directory");
        Source::Committed(dir)
    }

    /// The path shown for it: the directory, or `proofs/NAME` for a built-in one.
    pub fn path(&self) -> PathBuf {
        match self {
            Source::Dir(p) => p.clone(),
            Source::Committed(d) => Path::new("proofs").join(d),
        }
    }

    /// Whether files are read from it at all (not `-`).
    pub fn is_none(&self) -> bool {
        matches!(self, Source::Dir(p) if p.as_os_str() == "-")
    }

    /// A directory beside this one (`search` beside `proofs/rank`); none beside `-`.
    pub fn sibling(&self, name: &str) -> Source {
        match self {
            Source::Committed(_) => Source::committed(name),
            Source::Dir(p) if self.is_none() => Source::Dir(p.clone()),
            Source::Dir(p) => Source::Dir(p.with_file_name(name)),
        }
    }

    /// Whether it exists (a built-in one always does).
    pub fn exists(&self) -> bool {
        match self {
            Source::Dir(p) => p.is_dir(),
            Source::Committed(_) => true,
        }
    }

    /// Whether `path` (`self.path()` joined with a name) is one of its files.
    pub fn contains(&self, path: &Path) -> bool {
        match self {
            Source::Dir(_) => !self.is_none() && path.is_file(),
            Source::Committed(_) => {
                path.parent() == Some(self.path().as_path())
                    && self.files_of().iter().any(|(n, _)| path.file_name().is_some_and(|f| f == *n))
            }
        }
    }

    fn files_of(&self) -> Files {
        match self {
            Source::Committed(d) => DIRS.iter().find(|(n, _)| n == d).map_or(&[], |(_, f)| f),
            Source::Dir(_) => &[],
        }
    }

    /// The paths of its files, sorted (none for a directory that cannot be read).
    pub fn files(&self) -> Vec<PathBuf> {
        match self {
            Source::Dir(p) => {
                let Ok(entries) = std::fs::read_dir(p) else { return Vec::new() };
                let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
                files.sort();
                files
            }
            Source::Committed(_) => {
                let mut files: Vec<PathBuf> =
                    self.files_of().iter().map(|(n, _)| self.path().join(n)).collect();
                files.sort();
                files
            }
        }
    }

    /// The certificate at `path` (one of [`Source::files`]) and the context its check reads
    /// referenced files from (beside it on disk, or the built-in files beside it).
    pub fn read(&self, path: &Path) -> minip_check::error::Res<(AnyCertificate, Context)> {
        match self {
            Source::Dir(_) => Ok((minip_check::read::read(path)?, Context::beside(path))),
            Source::Committed(_) => {
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let files = self.files_of();
                let bytes = files.iter().find(|(n, _)| *n == name).map(|(_, b)| *b).unwrap_or_default();
                let text = std::str::from_utf8(bytes)
                    .map_err(|_| minip_check::Error::Input("malformed certificate: not UTF-8".into()))?;
                let cert = minip_check::read::parse(text)?;
                // The files it may refer to: `mMM.*` beside `mMM.json` that are not certificates.
                let stem = name.strip_suffix(".json").unwrap_or(name);
                let others = files
                    .iter()
                    .filter(|(n, _)| {
                        !n.ends_with(".json") && n.strip_prefix(stem).is_some_and(|r| r.starts_with('.'))
                    })
                    .map(|(n, b)| (n.to_string(), b.to_vec()))
                    .collect();
                Ok((cert, Context { dir: None, files: others }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_in_certificate_is_read_with_the_files_beside_it() {
        let rank = Source::committed("rank");
        assert_eq!(rank.path(), PathBuf::from("proofs/rank"));
        assert_eq!(rank.sibling("search"), Source::Committed("search"));
        let m11 = rank.path().join("m11.json");
        assert!(rank.files().contains(&m11));
        let (cert, ctx) = rank.read(&m11).unwrap();
        assert!(minip_check::claim::check_any(&cert, &ctx).is_ok());
        assert!(ctx.files.iter().any(|(n, _)| n == "m11.maximal.drat"));
        let none = Source::Dir("-".into());
        assert!(none.is_none() && none.sibling("search").is_none() && none.files().is_empty());
    }
}
