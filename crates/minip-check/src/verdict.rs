//! The words a checked certificate is summarised in, shared by the checks (`crate::check`) and
//! the claims they return (`crate::claim`): the verdict of a gap certificate, and how a
//! polynomial's support is written.
//!
//! ```
//! use minip_check::verdict::{support_text, Verdict};
//! assert_eq!((Verdict::Holds.name(), Verdict::Broken.name()), ("holds", "broken"));
//! assert_eq!((support_text(&[0, 1, 2]), support_text(&[1, 3])), ("{0..2}".to_string(), "{1,3}".to_string()));
//! ```

/// What a checked gap certificate proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// No head correct on the family satisfies the negated bound (Farkas).
    Holds,
    /// A head correct on the family satisfies it (recomputed head).
    Broken,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::Broken => "broken",
        }
    }
}

/// `{0..4}` for `0..=4`, else the listed set.
pub fn support_text(s: &[u32]) -> String {
    if !s.is_empty() && s.iter().enumerate().all(|(i, &k)| k == i as u32) {
        format!("{{0..{}}}", s.len() - 1)
    } else {
        format!("{{{}}}", s.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
    }
}

/// `, strict form: rank > value = V` for a strict bound whose value is an integer (the one
/// case where the strict form gives one more than the ceiling), else nothing.
pub fn strict_text(strict: bool, value: &str) -> String {
    if strict && !value.contains('/') {
        format!(", strict form: rank > value = {value}")
    } else {
        String::new()
    }
}
