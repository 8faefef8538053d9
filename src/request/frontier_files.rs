//! The files `minip frontier` writes (`--out`, `--plot`), for the command line and the
//! Python package alike: which outputs are refused (never a lower-bound certificate read by
//! the same run), the directory of each sequence length, and the certificates of the rows.

use super::frontier::Job;
use super::Error;
use crate::batch::frontier::Row;
use crate::error::At;
use crate::print::json;
use std::path::{Path, PathBuf};

impl Job {
    /// The files of the lower-bound directories the run reads (`batch::frontier::read_lower_n`):
    /// mMM.json, nN_mMMM.json on disk (the built-in ones are no files); the frontier's own
    /// mMM.<class>.json there are not read.
    pub fn lower_bound_inputs(&self) -> crate::print::Inputs {
        [&self.rank_dir, &self.rank_linear_dir]
            .iter()
            .filter(|d| matches!(d, crate::batch::committed::Source::Dir(_)))
            .flat_map(|d| d.files())
            .filter(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let stem = name.split_once('_').filter(|(n, _)| n.starts_with('n')).map_or(name, |(_, s)| s);
                stem.strip_prefix('m')
                    .and_then(|s| s.strip_suffix(".json"))
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            })
            .fold(crate::print::Inputs::new(), |i, f| i.add("the certificate", &f))
    }

    /// Checks the plot's path (`--plot`): not an input, and writable.
    pub fn plot_target(&self, p: &Path) -> Result<(), Error> {
        self.lower_bound_inputs().refuse_file("--plot", p)?;
        crate::print::check_target(p)?;
        Ok(())
    }

    /// Checks and makes the output directory (`--out`), before any work: the names written
    /// (mMM.<class>.json, mMM.<class>.none.json, mMM.<class>.head; never a rank certificate's
    /// mMM.json, so it may be the rank directory itself) replace no input. Returns the
    /// warning of a directory that already holds files.
    pub fn out_dir(&self, dir: &Path) -> Result<Option<String>, Error> {
        self.lower_bound_inputs().refuse_dir("--out", dir, |n| {
            n.starts_with('m')
                && n.matches('.').count() >= 2
                && (n.ends_with(".json") || n.ends_with(".head"))
        })?;
        crate::print::out_dir(dir)
    }
}

/// The directory of length `n` under `--out DIR`: DIR itself for n = 3, else DIR/nN.
pub fn out_for(dir: &Path, n: u32) -> PathBuf {
    if n == 3 {
        dir.to_path_buf()
    } else {
        dir.join(format!("n{n}"))
    }
}

/// Every certificate of the rows in `dir`: mMM.<class>.json, mMM.<class>.none.json, and at
/// n = 3 the head files mMM.per_weight.head and mMM.shared.head for small m.
pub fn write_certificates(dir: &Path, n: u32, rows: &[Row]) -> Result<(), Error> {
    let write = |name: String, text: &str| crate::print::write_file(&dir.join(name), text);
    for r in rows {
        for (name, c) in [
            ("per_weight", &r.per_weight),
            ("shared", &r.shared),
            ("sparse", &r.sparse),
            ("signed", &r.signed),
        ] {
            let Some(Ok(u)) = c else { continue };
            write(format!("m{:02}.{name}.json", r.m), &json::pretty(&u.head))?;
            if let Some(none) = &u.none {
                write(format!("m{:02}.{name}.none.json", r.m), &json::pretty(none))?;
            }
            if n == 3
                && r.m <= crate::heads::poly::MAX_HEAD_FILE_M
                && (name == "per_weight" || name == "shared")
            {
                let text = crate::heads::poly::head_file(&u.head).at(&format!("m = {}: head file", r.m))?;
                write(format!("m{:02}.{name}.head", r.m), &text)?;
            }
        }
    }
    Ok(())
}
