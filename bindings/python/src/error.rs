//! The one place where the library's typed error ([`minip::Error`]) becomes a Python exception:
//! bad input and limits are `ValueError`, a certificate that does not check `minip.Rejected` (a
//! `ValueError`), nothing certified `minip.Unknown` (a `RuntimeError`), a file `OSError`, a
//! stopped run `KeyboardInterrupt`. The message is the library's, on one line, in Python's
//! spelling ([`spelling`]): the library names a parameter as the command line does (`--d`, the
//! place `result.at("--d")` puts in front), and this layer renames it as the package's keyword
//! (`d`), once, for every message.

use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyOSError, PyValueError};
use pyo3::PyErr;

create_exception!(
    minip,
    Unknown,
    pyo3::exceptions::PyRuntimeError,
    "Nothing was certified: the solver's answer could not be made exact (the command line's `unknown`, exit 2)."
);
create_exception!(
    minip,
    Rejected,
    pyo3::exceptions::PyValueError,
    "A certificate that was read but does not check (the command line's exit 1 of `verify`)."
);

/// A library error on its way to Python (`?` converts into it; `PyErr::from` raises it).
#[derive(Debug)]
pub struct Failure(pub minip::Error);

impl<E: Into<minip::Error>> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.into())
    }
}

impl From<Failure> for PyErr {
    fn from(Failure(e): Failure) -> PyErr {
        use minip::Error as E;
        let m = spelling(&minip_check::error::one_line(e.message()));
        match e {
            E::Input(_) | E::TooLarge(_) => PyValueError::new_err(m),
            E::Rejected(_) => Rejected::new_err(m),
            E::Unknown(_) => Unknown::new_err(m),
            E::Io(_) => PyOSError::new_err(m),
            E::Interrupted(_) => PyKeyboardInterrupt::new_err(m),
        }
    }
}

/// Commands the library's messages suggest, as the package's calls: the command line's words
/// first (they hold options that the rule for one option below would split), then the call.
const CALLS: &[(&str, &str)] = &[
    ("minip check --d ", "minip.check(d="),
    ("rank --linear --m ", "rank_linear(m="),
    ("minip rank --linear", "minip.rank_linear"),
    ("rank --linear", "rank_linear"),
    ("--linear", "rank_linear"),
    ("--weighted", "rank_weighted"),
    ("with --two", "with rank_two"),
    ("--milp", "sharp_milp"),
    ("--multilevel", "readout_multilevel"),
    ("--precision", "precision=True"),
];

/// Options whose keyword in the package is not their name with `_` for `-`.
const KEYWORDS: &[(&str, &str)] = &[("len", "length"), ("from", "start")];

/// A message of the library in the package's spelling: a suggested command becomes the call
/// (`rank --linear --m 100` → `rank_linear(m=100)`, `minip check --d D` → `minip.check(d=D)`),
/// an option its keyword (`--d` → `d`, `--m-max` → `m_max`, `--len` → `length`), and an option
/// with a value written as the command line takes it becomes the keyword argument
/// (`--heads 1` → `heads=1`, `--out DIR` → `out=DIR`). Anything else is kept, word for word.
pub fn spelling(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    'scan: while !rest.is_empty() {
        let at_word = out.is_empty() || out.ends_with([' ', '(', ',', ';', ':', '/']);
        if at_word {
            for (cli, py) in CALLS {
                if let Some(after) = rest.strip_prefix(cli) {
                    out.push_str(py);
                    if py.ends_with('=') {
                        // The call's one argument, then its closing parenthesis.
                        let (value, tail) = split_value(after);
                        out.push_str(value);
                        out.push(')');
                        rest = tail;
                    } else {
                        rest = after;
                    }
                    continue 'scan;
                }
            }
            if let Some(after) = rest.strip_prefix("--") {
                let len =
                    after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).unwrap_or(after.len());
                let name = &after[..len];
                if name.starts_with(|c: char| c.is_ascii_lowercase()) {
                    let keyword = KEYWORDS
                        .iter()
                        .find(|(cli, _)| *cli == name)
                        .map_or_else(|| name.replace('-', "_"), |(_, py)| py.to_string());
                    out.push_str(&keyword);
                    rest = &after[len..];
                    if let Some(after) = rest.strip_prefix(' ') {
                        let (value, tail) = split_value(after);
                        if let Some(v) = keyword_value(value) {
                            out.push('=');
                            out.push_str(&v);
                            rest = tail;
                        }
                    }
                    continue 'scan;
                }
            }
        }
        let c = rest.chars().next().expect("not empty");
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The value after an option: up to a space, or a `:`, `,` or `)` that ends it.
fn split_value(s: &str) -> (&str, &str) {
    let end = s
        .char_indices()
        .find(|&(i, c)| {
            c == ' '
                || c == ')'
                || ((c == ':' || c == ',') && !s[i + 1..].starts_with(|d: char| d.is_ascii_digit()))
        })
        .map_or(s.len(), |(i, _)| i);
    s.split_at(end)
}

/// A value the command line takes after an option as a keyword argument reads it: a number
/// (`1`, `1/4`, `2..=5`) or a placeholder (`DIR`, `FILE`, `D`) as it is, a path (`proofs/settle`)
/// quoted; `None` for a word of the sentence.
fn keyword_value(v: &str) -> Option<String> {
    if v.is_empty() {
        None
    } else if v.starts_with(|c: char| c.is_ascii_digit()) || v.chars().all(|c| c.is_ascii_uppercase()) {
        Some(v.to_string())
    } else if v.contains('/') {
        Some(format!("\"{v}\""))
    } else {
        None
    }
}

/// `minip._minip.spelling(message)`: a message of the library in the package's spelling (the
/// tests compare the command line's messages with the package's through it).
#[pyo3::pyfunction]
#[pyo3(name = "spelling")]
pub fn spelling_of(message: &str) -> String {
    spelling(message)
}
