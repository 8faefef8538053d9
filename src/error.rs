//! The library's typed error: why a request was not answered, by kind. It sits below every
//! layer (batch, certify and the request layer report with it), and the front ends map the
//! kind, never the text (`request` has the table).

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

    /// The same kind, the message prefixed with where it happened: `"PLACE: MESSAGE"`.
    pub fn at(self, place: &str) -> Error {
        self.map_message(|m| format!("{place}: {m}"))
    }

    /// The same kind with the message `f` makes of the old one.
    pub fn map_message(self, f: impl FnOnce(String) -> String) -> Error {
        match self {
            Error::Input(m) => Error::Input(f(m)),
            Error::Rejected(m) => Error::Rejected(f(m)),
            Error::TooLarge(m) => Error::TooLarge(f(m)),
            Error::Unknown(m) => Error::Unknown(f(m)),
            Error::Interrupted(m) => Error::Interrupted(f(m)),
            Error::Io(m) => Error::Io(f(m)),
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

/// An error equals the text of its message (tests compare messages; `matches!` tells kinds).
impl PartialEq<str> for Error {
    fn eq(&self, other: &str) -> bool {
        self.message() == other
    }
}

impl PartialEq<&str> for Error {
    fn eq(&self, other: &&str) -> bool {
        self.message() == *other
    }
}

impl PartialEq<String> for Error {
    fn eq(&self, other: &String) -> bool {
        self.message() == other
    }
}

/// In a record an error is its message (a `reason` field).
impl serde::Serialize for Error {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.message())
    }
}

/// An error reads as its message (`e.contains(..)`, `format!("… {e}")` keeps it on one line).
impl std::ops::Deref for Error {
    type Target = str;
    fn deref(&self) -> &str {
        self.message()
    }
}

/// `result.at("--m")?`: an error of any kind that converts into [`Error`] (the library's own,
/// the checker's), its message prefixed with where it happened, its kind kept.
pub trait At<T> {
    fn at(self, place: &str) -> Result<T, Error>;
}

impl<T, E: Into<Error>> At<T> for Result<T, E> {
    fn at(self, place: &str) -> Result<T, Error> {
        self.map_err(|e| e.into().at(place))
    }
}

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
