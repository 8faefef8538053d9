//! The checker's typed error: why an input or a certificate was not accepted, and the exit
//! status that goes with it. The kind is decided where the failure is found (a limit says
//! [`Error::TooLarge`], a claim that does not check [`Error::Rejected`], a malformed or
//! out-of-range value [`Error::Input`]) and never read back from the message; on the way up an
//! error only gains the name of the place it failed in ([`Error::at`]).
//!
//! ```
//! use minip_check::limits::{at_most, MAX_N};
//! use minip_check::Error;
//! // A parameter past its limit is a limit, not a rejected claim: exit 2.
//! let e = at_most("params: n", 1025, MAX_N, "the paper family").unwrap_err();
//! assert!(matches!(e, Error::TooLarge(_)));
//! assert_eq!(e, "params: n = 1025 is above the supported 1024 (the paper family)");
//! assert_eq!((e.exit_code(), Error::Rejected("alpha[0]".into()).exit_code()), (2, 1));
//! // Naming the place keeps the kind.
//! assert!(matches!(e.at("ratios[0]"), Error::TooLarge(m) if m.starts_with("ratios[0]: params: n = 1025")));
//! ```

use std::fmt;

/// The result of anything in the checker that can fail.
pub type Res<T> = Result<T, Error>;

/// Why something was not accepted. Every message is one line and names the failing part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Unreadable or malformed input (a file, a format, a parameter out of range).
    Input(String),
    /// The certificate was read but its claim does not check.
    Rejected(String),
    /// Checking would need more work or memory than the documented limits allow.
    TooLarge(String),
}

impl Error {
    /// The exit status of the command line: 1 for a rejected certificate, 2 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Rejected(_) => 1,
            Error::Input(_) | Error::TooLarge(_) => 2,
        }
    }
    /// The message, exactly as printed.
    pub fn message(&self) -> &str {
        match self {
            Error::Input(m) | Error::Rejected(m) | Error::TooLarge(m) => m,
        }
    }
    /// The same kind of error with its message rewritten by `f` (a place named in front, say).
    pub fn map_message(self, f: impl FnOnce(String) -> String) -> Error {
        match self {
            Error::Input(m) => Error::Input(f(m)),
            Error::Rejected(m) => Error::Rejected(f(m)),
            Error::TooLarge(m) => Error::TooLarge(f(m)),
        }
    }
    /// The same kind of error, its message after the place it failed in: `place: message`.
    pub fn at(self, place: &str) -> Error {
        self.map_message(|m| format!("{place}: {m}"))
    }
    /// The error as seen from a certificate that was read: a value the certificate states is
    /// part of its claim, so a malformed or out-of-range one ([`Error::Input`] where the value
    /// was parsed) rejects the certificate; a limit stays a limit.
    ///
    /// ```
    /// use minip_check::Error;
    /// let e = Error::Input("params: need n ≥ 3, got n = 2".into()).in_certificate();
    /// assert_eq!(e, Error::Rejected("params: need n ≥ 3, got n = 2".into()));
    /// assert!(matches!(Error::TooLarge("m = 99".into()).in_certificate(), Error::TooLarge(_)));
    /// ```
    pub fn in_certificate(self) -> Error {
        match self {
            Error::Input(m) => Error::Rejected(m),
            e => e,
        }
    }
}

/// A message as one line: control characters (a newline inside a quoted key, say) are written
/// as escapes, so that a message never spans lines whatever the input contained. So are the
/// Unicode line and paragraph separators and the bidirectional controls, which some terminals
/// and readers treat as line breaks or use to reorder what is shown.
///
/// ```
/// use minip_check::error::one_line;
/// assert_eq!(one_line("a.json\nok      b.json: rank >= 9"), "a.json\\nok      b.json: rank >= 9");
/// assert_eq!(one_line("x\u{2028}y\u{202e}z"), "x\\u{2028}y\\u{202e}z");
/// assert_eq!(one_line("plain text, ε = 1/2"), "plain text, ε = 1/2");
/// ```
pub fn one_line(msg: &str) -> String {
    if !msg.chars().any(needs_escape) {
        return msg.to_string();
    }
    msg.chars()
        .map(|c| if needs_escape(c) { c.escape_default().to_string() } else { c.to_string() })
        .collect()
}

/// A path as printed in a one-line report: control characters (a newline in a file name)
/// escaped, so that a name cannot start a line of its own.
pub fn shown(path: &std::path::Path) -> String {
    one_line(&path.display().to_string())
}

/// A character that `one_line` escapes: a control character (`\n`, `\r`, `\u{85}`, …), a line
/// or paragraph separator, or a bidirectional formatting character.
pub fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}' | '\u{61c}')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

/// An error reads as its message (`e.contains(..)`, `one_line(&e)`), as the text errors of the
/// checker did before they were typed.
impl std::ops::Deref for Error {
    type Target = str;
    fn deref(&self) -> &str {
        self.message()
    }
}

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

impl From<Error> for String {
    fn from(e: Error) -> String {
        e.to_string()
    }
}
