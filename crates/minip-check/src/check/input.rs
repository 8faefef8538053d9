//! What the checks read besides the certificate's own structure: its rational fields and
//! other stated values, named in the error and rejecting the certificate when malformed, and
//! the files it refers to ([`Context`]).

use crate::error::{Error, Res};
use crate::rational::{parse_rational, Rat};
use std::path::{Path, PathBuf};

/// Where the files a certificate refers to (a rank certificate's DRAT proof) are found.
#[derive(Clone, Debug, Default)]
pub struct Context {
    /// The certificate's directory; `None`: no file may be read.
    pub dir: Option<PathBuf>,
    /// Files held in memory by name (a producer checks before it writes).
    pub files: Vec<(String, Vec<u8>)>,
}

impl Context {
    /// Files next to the certificate at `path`.
    pub fn beside(path: &Path) -> Context {
        Context { dir: Some(path.parent().map(Path::to_path_buf).unwrap_or_default()), files: Vec::new() }
    }
    /// The bytes of a referenced file: a plain name in the certificate's directory. A file
    /// that cannot be read rejects the certificate that refers to it; one past
    /// `MAX_PROOF_BYTES` is a limit ("too large to check", exit 2).
    pub fn load(&self, name: &str) -> Res<Vec<u8>> {
        if let Some((_, b)) = self.files.iter().find(|(n, _)| n == name) {
            return Ok(b.clone());
        }
        crate::read::read_limited(&self.path_of(name)?, crate::read::MAX_PROOF_BYTES, "too large to check")
            .map_err(Error::in_certificate)
    }
    /// A referenced file opened for reading as it is checked (never held whole), with the same
    /// checks and errors as [`Context::load`]; at most `MAX_PROOF_BYTES` of it is read.
    pub fn open(&self, name: &str) -> Res<Box<dyn std::io::BufRead + '_>> {
        if let Some((_, b)) = self.files.iter().find(|(n, _)| n == name) {
            return Ok(Box::new(b.as_slice()));
        }
        let path = self.path_of(name)?;
        let max = crate::read::MAX_PROOF_BYTES;
        let cannot = |e: std::io::Error| Error::Rejected(format!("cannot read: {e}"));
        let meta = std::fs::metadata(&path).map_err(cannot)?;
        if !meta.is_file() {
            return Err(Error::Rejected("cannot read: not a regular file".into()));
        }
        if meta.len() > max {
            return Err(Error::TooLarge(format!(
                "too large to check: {} bytes, the limit is {max}",
                meta.len()
            )));
        }
        let f = std::fs::File::open(&path).map_err(cannot)?;
        Ok(Box::new(std::io::BufReader::with_capacity(1 << 20, std::io::Read::take(f, max))))
    }
    /// The size in bytes of a referenced file (`None` when it cannot be found or is not a
    /// regular file): what a check will read, known before it starts.
    pub fn size_of(&self, name: &str) -> Option<u64> {
        if let Some((_, b)) = self.files.iter().find(|(n, _)| n == name) {
            return Some(b.len() as u64);
        }
        let meta = std::fs::metadata(self.path_of(name).ok()?).ok()?;
        meta.is_file().then_some(meta.len())
    }
    fn path_of(&self, name: &str) -> Res<PathBuf> {
        if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
            return Err(Error::Rejected(format!(
                "'{name}': a referenced file must be a plain name in the certificate's directory"
            )));
        }
        let dir = self
            .dir
            .as_ref()
            .ok_or_else(|| Error::Rejected(format!("'{name}': no directory to read it from")))?;
        Ok(dir.join(name))
    }
}

/// A rational field of the certificate, named in the error: a malformed one rejects the
/// certificate, one past the digit limit is a limit.
pub(super) fn rational(field: &str, s: &str) -> Res<Rat> {
    parse_rational(s).map_err(stated(field))
}

/// For `map_err` on a value a certificate states: the error named after the field `place`; a
/// malformed or out-of-range value rejects the certificate ([`Error::in_certificate`]).
/// (Comparing a stated value with the recomputed one is [`recomputed`].)
pub(super) fn stated(place: &str) -> impl Fn(Error) -> Error + '_ {
    move |e| e.at(place).in_certificate()
}

/// `Err(Rejected)` unless the value a certificate states for `field` equals the one `by` (the
/// check, the construction) recomputed: "FIELD: stated S, the BY gives R".
pub(super) fn recomputed<T: PartialEq + std::fmt::Display>(
    field: &str,
    stated: T,
    recomputed: T,
    by: &str,
) -> Res<()> {
    if stated != recomputed {
        return Err(Error::Rejected(format!("{field}: stated {stated}, the {by} gives {recomputed}")));
    }
    Ok(())
}

/// A rank certificate's `params.n` and `params.eps`: `n ≥ 3`, `ε > 0` (no head is correct when
/// `ε ≤ 0`, so a bound there would be vacuous) and `n` within the paper family's limit. Returns `ε`.
pub(super) fn rank_params(n: u32, eps: &str) -> Res<Rat> {
    let e = rational("params.eps", eps)?;
    if n < 3 || !num_traits::Signed::is_positive(&e) {
        return Err(Error::Rejected(format!("params: need n ≥ 3 and ε > 0, got n = {n}, eps = {eps}")));
    }
    crate::limits::at_most("params: n", n, crate::limits::MAX_N, "the paper family")?;
    Ok(e)
}
