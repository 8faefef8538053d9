//! What a checked certificate proves, as data: [`Claim`], one variant per format of the
//! registry (`crate::format`), with every parameter that changes the mathematics (the setting of
//! docs/math.md §11 included), and [`check_any`], which checks a certificate of any format and
//! returns its claim. Its `Display` is the one-line summary that `minip-check`, `minip verify`
//! and the tables print; its `Serialize` is the structured `claim` of `minip verify --json` and
//! `minip-check --json`, whose `kind` is the registry's. Each variant's data, its line and the
//! code that states it from a check live beside that check (`crate::check::gap::GapClaim`,
//! re-exported here); this module only follows the registry.
//!
//! Rule for the summary line: every field that changes the mathematics is named whenever it
//! is not the default (`task=max-ip kernel=signed positions=per-position keys=distinct at=1`,
//! `m=` for the task `nearest`, `classes 0..h,h+` for the superset class), right after the
//! kind of claim, so that two certificates of different settings never print the same line.
//! JSON values: rationals and big integers as decimal strings (`"3/8"`, `"4096"`), counts
//! and small parameters as numbers, names as lowercase strings; a setting field is absent
//! when it has its default value, exactly as in the certificate formats.
//!
//! ```
//! use minip_check::check::Context;
//! use minip_check::claim::{check_any, Claim, SettingClaim};
//! use minip_check::verdict::Verdict;
//! let text = include_str!("../tests/fixtures/signed_gap.json");
//! let claim = check_any(&minip_check::read::parse(text).unwrap(), &Context::default()).unwrap();
//! let Claim::Gap(g) = &claim else { unreachable!() };
//! assert_eq!(g.verdict, Verdict::Broken);
//! assert_eq!(g.setting, SettingClaim { kernel: Some("signed".into()), ..Default::default() });
//! // The line names the signed kernel: it does not read as "the lemma is broken".
//! assert_eq!(claim.to_string(), "broken (gap kernel=signed n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)");
//! ```

use crate::check::{Context, Proves};
use crate::error::{Error, Res};
use crate::format::AnyCertificate;
use serde::Serialize;
use std::fmt;

pub use crate::check::poly::RefutedSupport;
pub use crate::check::ratio::RatioKind;
pub use crate::check::sharp::{SharpGroup, SharpSingle};
pub use crate::model::setting::SettingClaim;

macro_rules! claims {
    ($($variant:ident: $fmod:ident::$cert:ident [$($name:ident),+] => $cmod:ident::$claim:ident,
       $kind:literal, $about:literal;)*) => {
        $(pub use crate::check::$cmod::$claim;)*

        /// What a checked certificate proves: one variant per format of the registry.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
        #[serde(tag = "kind")]
        pub enum Claim {
            $(#[serde(rename = $kind)] $variant($claim),)*
        }

        impl Claim {
            /// The certificate kind, as in the JSON `kind` field (the registry's `kind`).
            pub fn kind(&self) -> &'static str {
                match self {
                    $(Claim::$variant(_) => $kind,)*
                }
            }
        }

        impl fmt::Display for Claim {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(Claim::$variant(c) => c.fmt(f),)*
                }
            }
        }

        /// Runs the check of any format and states what it proves.
        fn claim_of(cert: &AnyCertificate, ctx: &Context) -> Res<Claim> {
            match cert {
                $(AnyCertificate::$variant(c) => Proves::proves(c, ctx).map(Claim::$variant),)*
            }
        }
    };
}
crate::format::registry!(claims);

/// Checks any certificate; returns what it proves as data ([`Claim`]: its `Display` is the
/// one-line summary), or why not: [`Error::Rejected`] for a claim that does not check (a
/// malformed or out-of-range field included: what a certificate states is part of its claim),
/// [`Error::TooLarge`] past a limit. (A file that cannot be read or parsed is
/// [`Error::Input`], from `crate::read`.)
///
/// ```
/// use minip_check::check::Context;
/// use minip_check::claim::{check_any, Claim, RatioKind};
/// use minip_check::Error;
/// let text = include_str!("../tests/fixtures/ratio_h3.json");
/// let cert = minip_check::read::parse(text).unwrap();
/// let claim = check_any(&cert, &Context::default()).unwrap();
/// let Claim::Ratio(r) = &claim else { unreachable!() };
/// assert_eq!((r.outcome, r.ratio.as_deref()), (RatioKind::Ratio, Some("5/2")));
/// assert_eq!(claim.to_string(), "ratio R = 5/2 (n=3 eps=1/2 h=3 lo=0 hi=3)");
/// // A forged ratio is rejected, and the error says so by its type.
/// let forged = minip_check::read::parse(&text.replace("\"ratio\": \"5/2\"", "\"ratio\": \"3\"")).unwrap();
/// assert!(matches!(check_any(&forged, &Context::default()), Err(Error::Rejected(_))));
/// ```
pub fn check_any(cert: &AnyCertificate, ctx: &Context) -> Result<Claim, Error> {
    claim_of(cert, ctx).map_err(|e| e.map_message(|m| crate::error::one_line(&m)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::FORMATS;

    /// The claim's serde tag, its `kind()` and the registry's kind agree for every format, and
    /// no two rows share a kind or a format name.
    #[test]
    fn the_registry_has_one_kind_and_one_row_per_format() {
        let mut kinds = std::collections::BTreeSet::new();
        let mut names = std::collections::BTreeSet::new();
        for f in FORMATS {
            assert!(kinds.insert(f.kind), "kind {} twice", f.kind);
            for n in f.names {
                assert!(names.insert(*n), "format {n} twice");
                assert!(n.starts_with("minip-"), "{n}");
            }
            // `minip-check --help` lists them one per line within 100 columns (2 + 29 + 1 + about).
            assert!(!f.about.is_empty() && f.about.chars().count() <= 68, "{}", f.about);
        }
        let text = include_str!("../tests/fixtures/ratio_h3.json");
        let claim = check_any(&crate::read::parse(text).unwrap(), &Context::default()).unwrap();
        let v = serde_json::to_value(&claim).unwrap();
        assert_eq!(v["kind"], claim.kind());
        assert_eq!(crate::format::format_info("minip-ratio/1").unwrap().kind, "ratio");
    }
}
