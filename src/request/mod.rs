//! Requests: what the command line and the Python package ask of the library, in one place.
//!
//! Each command is a typed request (plain values: numbers, lists, rationals as text, paths)
//! → `validate` → a job in which every range and limit has been checked, once → `run` with a
//! [`Control`] (stop, progress) → a plain result that the renderers of `crate::print` (or the
//! command line's) turn into a table, JSON lines, CSV or SVG, and the Python module into
//! objects. Neither front end validates, limits or tabulates anything itself.
//!
//! Errors are typed ([`Error`]): bad input, a rejected certificate, a job past a limit,
//! nothing certified, an interrupted run, a file that could not be read or written. The front
//! ends map the kind, never the text: the command line to exit 1 or 2, Python to `ValueError`,
//! `minip.Rejected`, `minip.Unknown`, `KeyboardInterrupt`, `OSError`. Messages name options as
//! the command line spells them (`--eps`), the same words in both front ends.
//!
//! - [`config`]: one gap configuration (`check`, `sharp`): n, ε, the gap, family, bound, setting.

pub mod config;

pub use crate::control::Control;

use std::fmt;

/// Why a request was not answered. Every message is one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Bad input: a parameter out of range, an unparsable value, a malformed file.
    Input(String),
    /// A certificate (or a claim read from one) that does not check.
    Rejected(String),
    /// A job past one of the documented limits (`minip help limits`).
    TooLarge(String),
    /// Nothing could be certified (the solver's hint did not become exact).
    Unknown(String),
    /// The run was stopped before it was done; the message says how far it got.
    Interrupted(String),
    /// A file could not be read or written.
    Io(String),
}

impl Error {
    /// The command line's exit status: 1 for a rejected certificate, 2 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Rejected(_) => 1,
            _ => 2,
        }
    }

    /// The message, one line.
    pub fn message(&self) -> &str {
        match self {
            Error::Input(m)
            | Error::Rejected(m)
            | Error::TooLarge(m)
            | Error::Unknown(m)
            | Error::Interrupted(m)
            | Error::Io(m) => m,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&minip_check::error::one_line(self.message()))
    }
}

impl std::error::Error for Error {}

/// The checker's kinds carry over: input, rejected, too large.
impl From<minip_check::Error> for Error {
    fn from(e: minip_check::Error) -> Error {
        match e {
            minip_check::Error::Input(m) => Error::Input(m),
            minip_check::Error::Rejected(m) => Error::Rejected(m),
            minip_check::Error::TooLarge(m) => Error::TooLarge(m),
        }
    }
}

/// A message from a library function that reports bad input as text (validation of
/// parameters): the kind is the caller's to say, so this is `Input`. Runs that can end
/// otherwise (unknown, interrupted, a failed write) say which with the variants above.
impl From<String> for Error {
    fn from(m: String) -> Error {
        Error::Input(m)
    }
}

impl From<Error> for String {
    fn from(e: Error) -> String {
        e.to_string()
    }
}

/// `Err(TooLarge)` when `count > max` (`minip_check::limits::at_most`, typed).
pub fn at_most<T: PartialOrd + fmt::Display>(name: &str, count: T, max: T, what: &str) -> Result<(), Error> {
    minip_check::limits::at_most(name, count, max, what).map_err(|e| Error::TooLarge(e.to_string()))
}
