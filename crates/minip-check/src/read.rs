//! Reading input files with limits: only regular files, never more than a stated number
//! of bytes, and certificates parsed straight from their text so that a duplicated
//! field is an error rather than "last one wins".

use crate::format::{gap, poly, rank, ratio, sharp, AnyCertificate};
use serde::Deserialize;
use std::io::Read;
use std::path::Path;

/// The largest certificate file read (the committed ones are below 14 MB).
pub const MAX_CERT_BYTES: u64 = 64 << 20;
/// The largest proof file a certificate may refer to.
pub const MAX_PROOF_BYTES: u64 = 256 << 20;

/// The bytes of a regular file of at most `max` bytes; errors are one line.
pub fn read_capped(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?;
    if !meta.is_file() {
        return Err("cannot read: not a regular file".into());
    }
    if meta.len() > max {
        return Err(format!("too large: {} bytes, the limit is {max}", meta.len()));
    }
    let f = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut buf = Vec::with_capacity(meta.len() as usize);
    f.take(max + 1).read_to_end(&mut buf).map_err(|e| format!("cannot read: {e}"))?;
    if buf.len() as u64 > max {
        return Err(format!("too large: more than {max} bytes"));
    }
    Ok(buf)
}

#[derive(Deserialize)]
struct Peek {
    #[serde(default)]
    format: Option<String>,
}

/// Parses certificate text; errors are one line and say what is wrong with it.
pub fn parse(text: &str) -> Result<AnyCertificate, String> {
    let bad = |e: serde_json::Error| format!("malformed certificate: {e}");
    let peek: Peek = serde_json::from_str(text).map_err(|e| format!("malformed certificate: not a JSON object ({e})"))?;
    let format = peek.format.ok_or("malformed certificate: no \"format\" field")?;
    match format.as_str() {
        gap::GAP_FORMAT => serde_json::from_str(text).map(AnyCertificate::Gap).map_err(bad),
        sharp::SHARP_FORMAT => serde_json::from_str(text).map(AnyCertificate::Sharp).map_err(bad),
        ratio::RATIO_FORMAT | ratio::RATIO_FORMAT_V1 => serde_json::from_str(text).map(AnyCertificate::Ratio).map_err(bad),
        rank::RANK_FORMAT | rank::RANK_FORMAT_V1 => serde_json::from_str(text).map(AnyCertificate::Rank).map_err(bad),
        poly::POLY_HEAD_FORMAT => serde_json::from_str(text).map(AnyCertificate::PolyHead).map_err(bad),
        poly::POLY_NONE_FORMAT => serde_json::from_str(text).map(AnyCertificate::PolyNone).map_err(bad),
        other => Err(format!("unknown certificate format '{other}'")),
    }
}

/// Reads and parses a certificate file.
pub fn read(path: &Path) -> Result<AnyCertificate, String> {
    let bytes = read_capped(path, MAX_CERT_BYTES)?;
    let text = String::from_utf8(bytes).map_err(|_| "malformed certificate: not UTF-8".to_string())?;
    parse(&text)
}
