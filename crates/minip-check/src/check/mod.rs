//! The checks, one module per certificate format. Each rebuilds what the certificate's
//! claim is checked against from its stated parameters (`crate::rows`, `crate::model`),
//! never reads a row or a count off the certificate without recomputing it, and works in
//! exact rationals on parsed values.
//!
//! `Checked<C>` is the only way to hold a certificate together with what it proves: it is
//! made by `Checked::new`, which runs the check. Printers (JSON, VIPR, CSV) take one.

pub mod drup;
pub mod gap;
pub mod poly;
pub mod rank;
pub mod rank_bound;
pub mod rank_linear;
pub mod ratio;
pub mod sharp;

pub use crate::rows::ratio::{class_label, ratio_instance, RatioInstance};
pub use gap::{check_gap, Verdict};
pub use poly::{check_poly_head, check_poly_none, PolyHeadClaim, PolyNoneClaim};
pub use rank::{check_rank, RankChecked};
pub use rank_linear::{check_rank_linear, RankLinearChecked};
pub use ratio::{check_ratio, check_ratio_bound, check_ratio_outcome, RatioOutcome};
pub use sharp::{check_sharp, check_sharp_file, check_sharp_value};

use crate::error::Error;
use crate::format::gap::GapCertificate;
use crate::format::poly::{PolyHead, PolyNone};
use crate::format::rank::RankCertificate;
use crate::format::rank_linear::RankLinearCertificate;
use crate::format::ratio::RatioCertificate;
use crate::format::ratio_bound::RatioBoundCertificate;
use crate::format::sharp::{SharpCertificate, SharpFile};
use crate::format::AnyCertificate;
use crate::rational::{fmt_q, parse_rational, Rat};
use std::path::{Path, PathBuf};

/// Where the files a certificate refers to (a rank certificate's DRAT proof) are found.
#[derive(Clone, Debug, Default)]
pub struct Context {
    /// The certificate's directory; `None`: no file may be read.
    pub dir: Option<PathBuf>,
    /// Files held in memory by name (a producer checks before it writes).
    pub files: Vec<(String, Vec<u8>)>,
}

impl Context {
    /// Files next to the certificate at `path`.
    pub fn beside(path: &Path) -> Context {
        Context { dir: Some(path.parent().map(Path::to_path_buf).unwrap_or_default()), files: Vec::new() }
    }
    /// The bytes of a referenced file: a plain name in the certificate's directory.
    pub fn load(&self, name: &str) -> Result<Vec<u8>, String> {
        if let Some((_, b)) = self.files.iter().find(|(n, _)| n == name) {
            return Ok(b.clone());
        }
        if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
            return Err(format!(
                "'{name}': a referenced file must be a plain name in the certificate's directory"
            ));
        }
        let dir = self.dir.as_ref().ok_or_else(|| format!("'{name}': no directory to read it from"))?;
        crate::read::read_capped(&dir.join(name), crate::read::MAX_PROOF_BYTES)
    }
}

/// A certificate format: what its check proves.
pub trait Certificate {
    type Claim;
    fn check(&self, ctx: &Context) -> Result<Self::Claim, String>;
}

impl Certificate for GapCertificate {
    type Claim = Verdict;
    fn check(&self, _: &Context) -> Result<Verdict, String> {
        check_gap(self)
    }
}
impl Certificate for SharpFile {
    /// `kstar` of every configuration, in order (`None`: `-inf`, signed kernels only).
    type Claim = Vec<Option<Rat>>;
    fn check(&self, _: &Context) -> Result<Vec<Option<Rat>>, String> {
        check_sharp_file(self)
    }
}
impl Certificate for SharpCertificate {
    /// `kstar` (`None`: `-inf`, signed kernels only).
    type Claim = Option<Rat>;
    fn check(&self, _: &Context) -> Result<Option<Rat>, String> {
        check_sharp_value(self)
    }
}
impl Certificate for RatioCertificate {
    type Claim = RatioOutcome;
    fn check(&self, _: &Context) -> Result<RatioOutcome, String> {
        check_ratio_outcome(self)
    }
}
impl Certificate for RatioBoundCertificate {
    /// The certified lower bound `L ≤ R(lo, hi; h)`.
    type Claim = Rat;
    fn check(&self, _: &Context) -> Result<Rat, String> {
        check_ratio_bound(self)
    }
}
impl Certificate for RankLinearCertificate {
    type Claim = RankLinearChecked;
    fn check(&self, _: &Context) -> Result<RankLinearChecked, String> {
        check_rank_linear(self)
    }
}
impl Certificate for PolyHead {
    type Claim = PolyHeadClaim;
    fn check(&self, _: &Context) -> Result<PolyHeadClaim, String> {
        check_poly_head(self)
    }
}
impl Certificate for PolyNone {
    type Claim = PolyNoneClaim;
    fn check(&self, _: &Context) -> Result<PolyNoneClaim, String> {
        check_poly_none(self)
    }
}
impl Certificate for RankCertificate {
    type Claim = RankChecked;
    fn check(&self, ctx: &Context) -> Result<RankChecked, String> {
        check_rank(self, ctx)
    }
}

/// A certificate that passed its check, with what it proves. Only `Checked::new` makes
/// one, so holding a `Checked<C>` means the check ran.
#[derive(Clone, Debug)]
pub struct Checked<C: Certificate> {
    cert: C,
    claim: C::Claim,
}

impl<C: Certificate> Checked<C> {
    /// Runs the check; on failure the error says which part failed.
    ///
    /// ```
    /// use minip_check::{read, Checked, Context, Error};
    /// use minip_check::format::AnyCertificate;
    /// let text = include_str!("../../../../proofs/amplify/n3_eps1-2_h3_lo0_hi3.json");
    /// let AnyCertificate::Ratio(c) = read::parse(text).unwrap() else { unreachable!() };
    /// let checked = Checked::new(c.clone(), &Context::default()).unwrap();
    /// assert_eq!(checked.claim().label(), "5/2"); // R(0, 3; 3)
    /// // A claimed ratio the certificate does not prove is rejected, with the part named.
    /// let mut forged = c;
    /// forged.ratio = "3".into();
    /// let err = Checked::new(forged, &Context::default()).unwrap_err();
    /// assert!(matches!(err, Error::Rejected(ref m) if m.contains("alpha[0]")));
    /// ```
    pub fn new(cert: C, ctx: &Context) -> Result<Checked<C>, Error> {
        let claim = cert.check(ctx).map_err(Error::from_check)?;
        Ok(Checked { cert, claim })
    }
    pub fn cert(&self) -> &C {
        &self.cert
    }
    pub fn claim(&self) -> &C::Claim {
        &self.claim
    }
    pub fn into_cert(self) -> C {
        self.cert
    }
}

/// Read access to the certificate's fields (never mutable: a change would need a new check).
impl<C: Certificate> std::ops::Deref for Checked<C> {
    type Target = C;
    fn deref(&self) -> &C {
        &self.cert
    }
}

/// Checks any certificate; returns a one-line summary of what it proves.
pub fn check_any(cert: &AnyCertificate, ctx: &Context) -> Result<String, String> {
    check_any_inner(cert, ctx).map_err(|e| crate::error::one_line(&e))
}

fn check_any_inner(cert: &AnyCertificate, ctx: &Context) -> Result<String, String> {
    match cert {
        AnyCertificate::Gap(c) => check_gap(c).map(|v| {
            let p = &c.params;
            format!(
                "{} (gap n={} eps={} h={} u={} w={} {} b<={})",
                v.name(),
                p.n,
                p.eps,
                p.h,
                p.u,
                p.w,
                p.family,
                p.bound
            )
        }),
        AnyCertificate::Sharp(f) => check_sharp_file(f).map(|k| {
            format!(
                "sharp ({} {}, kstar certified both sides)",
                k.len(),
                if k.len() == 1 { "configuration" } else { "configurations" }
            )
        }),
        AnyCertificate::Ratio(c) => check_ratio_outcome(c).map(|r| {
            let p = &c.params;
            let classes = if p.superset { " classes 0..h,h+" } else { "" };
            let inst = ratio::stated_instance(c).expect("checked");
            let setting = inst.setting.label();
            let extra = match (setting.is_empty(), p.m) {
                (true, None) => String::new(),
                (_, m) => format!(" {setting}{}", m.map(|m| format!(" m={m}")).unwrap_or_default()),
            };
            let what = match &r {
                RatioOutcome::Ratio(v) => format!("ratio R = {}", fmt_q(v)),
                RatioOutcome::Empty if c.multipliers.iter().any(|m| m.side == "den") => {
                    format!("empty: no correct head with A_{} > 0 (Farkas)", inst.label(p.hi))
                }
                RatioOutcome::Empty => "empty: no correct head at all (Farkas)".into(),
                RatioOutcome::MinusInf => "ratio R = -inf".into(),
            };
            format!(
                "{what} (n={} eps={} h={} lo={} hi={}{classes}{extra})",
                p.n,
                p.eps,
                p.h,
                inst.label(p.lo),
                inst.label(p.hi)
            )
        }),
        AnyCertificate::RatioBound(c) => check_ratio_bound(c).map(|r| {
            let p = &c.params;
            let classes = if p.superset { " classes 0..h,h+" } else { "" };
            format!(
                "ratio R >= {} (n={} eps={} h={} lo={} hi={}{classes}, lower side only)",
                fmt_q(&r),
                p.n,
                p.eps,
                p.h,
                p.lo,
                class_label(p.h, p.hi)
            )
        }),
        AnyCertificate::RankLinear(c) => check_rank_linear(c).map(|r| {
            let strict = if r.strict && r.value.is_integer() {
                format!(", strict form: rank > value = {}", r.value)
            } else {
                String::new()
            };
            format!(
                "rank >= {} (linear code {}, n={} eps={} m={} h={} k={} dim={}{strict})",
                r.bound, c.construction, r.n, c.params.eps, r.m, r.h, r.k, r.dim
            )
        }),
        AnyCertificate::Rank(c) => check_rank(c, ctx).map(|r| {
            let s = r.shape;
            let max = r.maximal.map(|k| format!(", no code of {k} pairs")).unwrap_or_default();
            let strict = if r.strict && r.value.is_integer() {
                format!(", strict form: rank > value = {}", r.value)
            } else {
                String::new()
            };
            format!(
                "rank >= {} (n={} m={} h={} lo={} hi={} k={} delta={}{max}{strict})",
                r.bound,
                c.params.n,
                s.m,
                s.h,
                s.lo,
                s.hi,
                r.k,
                fmt_q(&r.delta)
            )
        }),
        AnyCertificate::PolyHead(c) => check_poly_head(c).map(|r| {
            let signed = if r.signed { " signed" } else { "" };
            let deg = r.degrees.iter().flatten().max().map_or("-".to_string(), u32::to_string);
            format!(
                "head of rank {} ({}{signed} overlap polynomials, m={}, largest degree {deg}, max error {})",
                r.rank,
                r.class.name(),
                r.m,
                fmt_q(&r.max_error)
            )
        }),
        AnyCertificate::PolyNone(c) => check_poly_none(c).map(|r| {
            let signed = if r.signed { " signed" } else { "" };
            let head = format!("every {}{signed} overlap-polynomial head (m={}) has", r.class.name(), r.m);
            // Per weight, every refutation an interval: group query weights by degree.
            let degrees: Option<Vec<(u32, u32)>> =
                r.refuted.iter().map(|x| Some((x.h?, x.degree_bound()?))).collect();
            if let Some(ds) = degrees.filter(|d| d.len() > 1) {
                let mut groups: Vec<(u32, u32, u32)> = Vec::new();
                for (h, d) in ds {
                    match groups.last_mut() {
                        Some(g) if g.2 == d && g.1 + 1 == h => g.1 = h,
                        _ => groups.push((h, h, d)),
                    }
                }
                let parts: Vec<String> = groups
                    .iter()
                    .map(|(a, b, d)| if a == b { format!("h={a}: {d}") } else { format!("h={a}..{b}: {d}") })
                    .collect();
                return format!("{head} deg f_h >= ({})", parts.join(", "));
            }
            let parts: Vec<String> = r
                .refuted
                .iter()
                .map(|x| {
                    let at = x.h.map(|h| format!("h={h}: ")).unwrap_or_default();
                    match x.degree_bound() {
                        Some(d) => format!("{at}degree >= {d}"),
                        None => format!("{at}support not inside {}", poly::support_text(&x.support)),
                    }
                })
                .collect();
            if parts.len() > 3 {
                format!("{head} {}; ... ({} refuted supports)", parts[..2].join("; "), parts.len())
            } else {
                format!("{head} {}", parts.join("; "))
            }
        }),
    }
}

/// A rational field of the certificate, named in the error.
fn rational(field: &str, s: &str) -> Result<Rat, String> {
    parse_rational(s).map_err(|e| format!("{field}: {e}"))
}
