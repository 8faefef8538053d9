//! Reading input files with limits: only regular files, never more than a stated number
//! of bytes, and certificates parsed straight from their text so that a duplicated
//! field is an error rather than "last one wins".
//!
//! ```
//! use minip_check::read::read;
//! let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
//! assert!(read(&dir.join("gap_holds.json")).is_ok());
//! // A directory is not a certificate: a one-line error, never a panic.
//! assert_eq!(read(&dir).unwrap_err(), "cannot read: not a regular file");
//! ```

use crate::error::{one_line, Error, Res};
use crate::format::AnyCertificate;
use serde::Deserialize;
use std::io::Read;
use std::path::Path;

pub use crate::limits::{MAX_INPUT_BYTES as MAX_CERT_BYTES, MAX_PROOF_BYTES};

/// The bytes of a regular file of at most `max` bytes; errors are one line: [`Error::Input`]
/// when the file cannot be read, [`Error::TooLarge`] past `max` ("too large: …").
pub fn read_capped(path: &Path, max: u64) -> Res<Vec<u8>> {
    read_limited(path, max, "too large")
}

/// `read_capped`, the refusal past `max` worded `"{too_large}: …"` (a proof a certificate
/// refers to says "too large to check", as every limit of a check does).
pub(crate) fn read_limited(path: &Path, max: u64, too_large: &str) -> Res<Vec<u8>> {
    let cannot = |e: std::io::Error| Error::Input(format!("cannot read: {e}"));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(Error::Input("cannot read: not a regular file".into()));
    }
    if meta.len() > max {
        return Err(Error::TooLarge(format!("{too_large}: {} bytes, the limit is {max}", meta.len())));
    }
    let f = std::fs::File::open(path).map_err(cannot)?;
    let mut buf = Vec::with_capacity(meta.len() as usize);
    f.take(max + 1).read_to_end(&mut buf).map_err(cannot)?;
    if buf.len() as u64 > max {
        return Err(Error::TooLarge(format!("{too_large}: more than {max} bytes")));
    }
    Ok(buf)
}

#[derive(Deserialize)]
struct Peek {
    #[serde(default)]
    format: Option<String>,
}

/// Parses certificate text; errors are one line and say what is wrong with it.
///
/// ```
/// use minip_check::read::parse;
/// use minip_check::Error;
/// assert!(matches!(parse("{ not json"), Err(Error::Input(m)) if m.starts_with("malformed certificate")));
/// assert!(parse(r#"{"format": "minip-gap/9"}"#).unwrap_err().contains("unknown certificate format"));
/// // A duplicated key is refused, not resolved by "last one wins".
/// assert!(parse(r#"{"format": "minip-gap/1", "format": "minip-gap/1"}"#).unwrap_err().contains("duplicate"));
/// ```
pub fn parse(text: &str) -> Res<AnyCertificate> {
    parse_inner(text).map_err(|e| e.map_message(|m| one_line(&m)))
}

/// The reasons `parse` refuses a text, all of them malformed input ([`Error::Input`]).
fn parse_inner(text: &str) -> Res<AnyCertificate> {
    let bad = |e: serde_json::Error| Error::Input(format!("malformed certificate: {e}"));
    let peek: Peek = serde_json::from_str(text)
        .map_err(|e| Error::Input(format!("malformed certificate: not a JSON object ({e})")))?;
    reject_duplicate_keys(text).map_err(|e| e.at("malformed certificate"))?;
    let format =
        peek.format.ok_or_else(|| Error::Input("malformed certificate: no \"format\" field".into()))?;
    macro_rules! dispatch {
        ($($variant:ident: $fmod:ident::$cert:ident [$($name:ident),+] => $cmod:ident::$claim:ident,
           $kind:literal, $about:literal;)*) => {
            $(if [$(crate::format::$fmod::$name),+].contains(&format.as_str()) {
                return serde_json::from_str(text).map(AnyCertificate::$variant).map_err(bad);
            })*
        };
    }
    crate::format::registry!(dispatch);
    Err(Error::Input(format!("unknown certificate format '{format}'")))
}

/// A text input file (grid, head file) of at most `MAX_INPUT_BYTES`: regular files only, so a
/// device or a FIFO is refused instead of read forever.
pub fn read_text(path: &Path) -> Res<String> {
    let shown = crate::error::shown(path);
    let bytes = read_capped(path, crate::limits::MAX_INPUT_BYTES).map_err(|e| e.at(&shown))?;
    String::from_utf8(bytes).map_err(|_| Error::Input(format!("{shown}: not UTF-8 text")))
}

/// Reads and parses a certificate file.
pub fn read(path: &Path) -> Res<AnyCertificate> {
    let bytes = read_capped(path, MAX_CERT_BYTES)?;
    let text =
        String::from_utf8(bytes).map_err(|_| Error::Input("malformed certificate: not UTF-8".into()))?;
    parse(&text)
}

/// Rejects JSON text in which an object has the same key twice, anywhere (a reader that
/// takes the first and one that takes the last would disagree). Also bounds the nesting.
/// Errors are [`Error::Input`].
pub fn reject_duplicate_keys(text: &str) -> Res<()> {
    use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
    struct Walk(usize);
    impl<'de> DeserializeSeed<'de> for Walk {
        type Value = ();
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
            d.deserialize_any(self)
        }
    }
    impl<'de> Visitor<'de> for Walk {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("JSON")
        }
        fn visit_bool<E>(self, _: bool) -> Result<(), E> {
            Ok(())
        }
        fn visit_i64<E>(self, _: i64) -> Result<(), E> {
            Ok(())
        }
        fn visit_u64<E>(self, _: u64) -> Result<(), E> {
            Ok(())
        }
        fn visit_f64<E>(self, _: f64) -> Result<(), E> {
            Ok(())
        }
        fn visit_str<E>(self, _: &str) -> Result<(), E> {
            Ok(())
        }
        fn visit_unit<E>(self) -> Result<(), E> {
            Ok(())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            while seq.next_element_seed(Walk(self.0 + 1))?.is_some() {}
            Ok(())
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            let mut keys = std::collections::HashSet::new();
            while let Some(k) = map.next_key::<String>()? {
                if !keys.insert(k.clone()) {
                    return Err(A::Error::custom(format!("duplicate key \"{k}\"")));
                }
                map.next_value_seed(Walk(self.0 + 1))?;
            }
            Ok(())
        }
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let malformed = |e: serde_json::Error| Error::Input(format!("malformed JSON: {e}"));
    Walk(0).deserialize(&mut de).map_err(malformed)?;
    de.end().map_err(malformed)
}
