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
