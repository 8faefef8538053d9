//! What a request tells its user on the way, while it is validated or run: a note about the
//! input, or a warning about an output. The command line prints each at once on stderr
//! (`minip: note: …`, `minip: warning: …`, through `Display`); the Python module turns
//! warnings into `UserWarning`s and drops notes.

use std::fmt;

/// One line for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A fact about the input worth knowing (a setting that makes every bound trivial, an
    /// entry of a file that is not used).
    Note(String),
    /// About an output (a directory that is not empty).
    Warning(String),
}

impl fmt::Display for Notice {
    /// `note: …` or `warning: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::Note(m) => write!(f, "note: {m}"),
            Notice::Warning(m) => write!(f, "warning: {m}"),
        }
    }
}
