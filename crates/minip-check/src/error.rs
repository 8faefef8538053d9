//! The checker's typed error: why an input or a certificate was not accepted, and the exit
//! status that goes with it.
//!
//! ```
//! use minip_check::Error;
//! let e = Error::from_check("too large to check: a code of 9000 pairs".into());
//! assert!(matches!(e, Error::TooLarge(_)));
//! assert_eq!((e.exit_code(), Error::Rejected("alpha[0]".into()).exit_code()), (2, 1));
//! // A parameter past its limit is a limit too, not a rejected claim.
//! let e = Error::from_check("params: n = 1025 is above the supported 1024 (the paper family)".into());
//! assert_eq!(e.exit_code(), 2);
//! ```

use std::fmt;

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
    /// Classifies a check's message: the limits say "too large to check" (after the name of
    /// the field, for a number past its digit limit), or "above the supported" / "larger than
    /// the supported" (`limits::at_most`, a parameter past its limit): exit 2, not a rejection.
    pub fn from_check(msg: String) -> Error {
        let msg = one_line(&msg);
        if ["too large to check", "above the supported", "larger than the supported"]
            .iter()
            .any(|w| msg.contains(w))
        {
            Error::TooLarge(msg)
        } else {
            Error::Rejected(msg)
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
        match self {
            Error::Input(m) | Error::Rejected(m) | Error::TooLarge(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

impl From<Error> for String {
    fn from(e: Error) -> String {
        e.to_string()
    }
}
