//! The checks, one module per certificate format. Each rebuilds what the certificate's
//! claim is checked against from its stated parameters (`crate::rows`, `crate::model`),
//! never reads a row or a count off the certificate without recomputing it, and works in
//! exact rationals on parsed values.
//!
//! `Checked<C>` is the only way to hold a certificate together with what it proves: it is
//! made by `Checked::new`, which runs the check. Printers (JSON, VIPR, CSV) take one.
//! [`check_any`] checks a certificate of any format and returns its [`Claim`] as data.
//!
//! ```
//! use minip_check::check::{check_gap, Verdict};
//! use minip_check::format::AnyCertificate;
//! let text = include_str!("../../tests/fixtures/signed_gap.json");
//! let AnyCertificate::Gap(c) = minip_check::read::parse(text).unwrap() else { unreachable!() };
//! assert_eq!(check_gap(&c).unwrap(), Verdict::Broken);
//! ```

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

use crate::claim::Claim;
use crate::error::{Error, Res};
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
    /// The bytes of a referenced file: a plain name in the certificate's directory. A file
    /// that cannot be read rejects the certificate that refers to it; one past
    /// `MAX_PROOF_BYTES` is a limit ("too large to check", exit 2).
    pub fn load(&self, name: &str) -> Res<Vec<u8>> {
        if let Some((_, b)) = self.files.iter().find(|(n, _)| n == name) {
            return Ok(b.clone());
        }
        if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
            return Err(Error::Rejected(format!(
                "'{name}': a referenced file must be a plain name in the certificate's directory"
            )));
        }
        let dir = self
            .dir
            .as_ref()
            .ok_or_else(|| Error::Rejected(format!("'{name}': no directory to read it from")))?;
        crate::read::read_limited(&dir.join(name), crate::read::MAX_PROOF_BYTES, "too large to check")
            .map_err(Error::in_certificate)
    }
}

/// A certificate format: what its check proves.
pub trait Certificate {
    type Claim;
    fn check(&self, ctx: &Context) -> Res<Self::Claim>;
}

impl Certificate for GapCertificate {
    type Claim = Verdict;
    fn check(&self, _: &Context) -> Res<Verdict> {
        check_gap(self)
    }
}
impl Certificate for SharpFile {
    /// `kstar` of every configuration, in order (`None`: `-inf`, signed kernels only).
    type Claim = Vec<Option<Rat>>;
    fn check(&self, _: &Context) -> Res<Vec<Option<Rat>>> {
        check_sharp_file(self)
    }
}
impl Certificate for SharpCertificate {
    /// `kstar` (`None`: `-inf`, signed kernels only).
    type Claim = Option<Rat>;
    fn check(&self, _: &Context) -> Res<Option<Rat>> {
        check_sharp_value(self)
    }
}
impl Certificate for RatioCertificate {
    type Claim = RatioOutcome;
    fn check(&self, _: &Context) -> Res<RatioOutcome> {
        check_ratio_outcome(self)
    }
}
impl Certificate for RatioBoundCertificate {
    /// The certified lower bound `L ≤ R(lo, hi; h)`.
    type Claim = Rat;
    fn check(&self, _: &Context) -> Res<Rat> {
        check_ratio_bound(self)
    }
}
impl Certificate for RankLinearCertificate {
    type Claim = RankLinearChecked;
    fn check(&self, _: &Context) -> Res<RankLinearChecked> {
        check_rank_linear(self)
    }
}
impl Certificate for PolyHead {
    type Claim = PolyHeadClaim;
    fn check(&self, _: &Context) -> Res<PolyHeadClaim> {
        check_poly_head(self)
    }
}
impl Certificate for PolyNone {
    type Claim = PolyNoneClaim;
    fn check(&self, _: &Context) -> Res<PolyNoneClaim> {
        check_poly_none(self)
    }
}
impl Certificate for RankCertificate {
    type Claim = RankChecked;
    fn check(&self, ctx: &Context) -> Res<RankChecked> {
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
    /// let text = include_str!("../../tests/fixtures/ratio_h3.json");
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
        let claim = cert.check(ctx).map_err(one_line)?;
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

/// Checks any certificate; returns what it proves as data ([`Claim`]: its `Display` is the
/// one-line summary), or why not: [`Error::Rejected`] for a claim that does not check (a
/// malformed or out-of-range field included: what a certificate states is part of its claim),
/// [`Error::TooLarge`] past a limit. (A file that cannot be read or parsed is
/// [`Error::Input`], from `crate::read`.)
///
/// ```
/// use minip_check::check::{check_any, Context};
/// use minip_check::claim::{Claim, RatioKind};
/// use minip_check::Error;
/// let text = include_str!("../../tests/fixtures/ratio_h3.json");
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
    check_any_inner(cert, ctx).map_err(one_line)
}

fn check_any_inner(cert: &AnyCertificate, ctx: &Context) -> Res<Claim> {
    use crate::claim::*;
    Ok(match cert {
        AnyCertificate::Gap(c) => {
            let v = check_gap(c)?;
            let inst = gap::instance_of(c)?;
            let p = &c.params;
            Claim::Gap(GapClaim {
                verdict: v,
                n: p.n,
                eps: fmt_q(&inst.eps),
                h: p.h,
                u: p.u,
                w: p.w,
                family: inst.family.name().into(),
                // The checked value, reduced (`paper` or a rational), never the stated text.
                bound: inst.bound.label(),
                kprime: fmt_q(&inst.kprime()),
                setting: SettingClaim::of(&inst.setting),
            })
        }
        AnyCertificate::Sharp(f) => {
            let ks = check_sharp_file(f)?;
            let mut groups: Vec<SharpGroup> = Vec::new();
            for c in &f.certificates {
                let inst = sharp::stated_instance(c)?;
                let (n, eps, family, setting) =
                    (c.n, fmt_q(&inst.eps), inst.family.name().to_string(), SettingClaim::of(&inst.setting));
                let i = match groups
                    .iter()
                    .position(|g| g.n == n && g.eps == eps && g.family == family && g.setting == setting)
                {
                    Some(i) => i,
                    None => {
                        groups.push(SharpGroup {
                            n,
                            eps,
                            family,
                            setting,
                            configurations: 0,
                            sharp: 0,
                            loose: 0,
                            fails: 0,
                            empty: 0,
                        });
                        groups.len() - 1
                    }
                };
                let g = &mut groups[i];
                g.configurations += 1;
                match c.relation.as_str() {
                    "sharp" => g.sharp += 1,
                    "loose" => g.loose += 1,
                    "fails" => g.fails += 1,
                    _ => g.empty += 1,
                }
            }
            // `kstar` as checked: a reduced rational, or `-inf` / `empty` (the exact words the
            // check accepted), never the stated text.
            let single = match (f.certificates.as_slice(), ks.as_slice()) {
                ([c], [k]) => Some(SharpSingle {
                    h: c.h,
                    u: c.u,
                    w: c.w,
                    kstar: k.as_ref().map_or_else(|| c.kstar.clone(), fmt_q),
                }),
                _ => None,
            };
            Claim::Sharp(SharpClaim { configurations: ks.len(), groups, single })
        }
        AnyCertificate::Ratio(c) => {
            let r = check_ratio_outcome(c)?;
            let p = &c.params;
            let inst = ratio::stated_instance(c)?;
            let (outcome, value) = match &r {
                RatioOutcome::Ratio(v) => (RatioKind::Ratio, Some(fmt_q(v))),
                RatioOutcome::Empty => (RatioKind::Empty, None),
                RatioOutcome::MinusInf => (RatioKind::MinusInf, None),
            };
            let no_head_at_all =
                (outcome == RatioKind::Empty).then(|| !c.multipliers.iter().any(|m| m.side == "den"));
            Claim::Ratio(RatioClaim {
                outcome,
                ratio: value,
                no_head_at_all,
                n: p.n,
                eps: fmt_q(&inst.eps),
                h: p.h,
                lo: inst.label(p.lo),
                hi: inst.label(p.hi),
                superset: p.superset,
                setting: SettingClaim::of(&inst.setting),
                m: inst.m,
            })
        }
        AnyCertificate::RatioBound(c) => {
            let r = check_ratio_bound(c)?;
            let p = &c.params;
            let setting = crate::model::Setting::from_fields(
                p.task.as_deref(),
                p.kernel.as_deref(),
                p.positions.as_deref(),
                p.keys.as_deref(),
                p.at,
                p.n,
            )
            .map_err(Error::in_certificate)?;
            Claim::RatioBound(RatioBoundClaim {
                bound: fmt_q(&r),
                n: p.n,
                eps: fmt_q(&rational("params.eps", &p.eps)?),
                h: p.h,
                lo: p.lo.to_string(),
                hi: class_label(p.h, p.hi),
                superset: p.superset,
                setting: SettingClaim::of(&setting),
            })
        }
        AnyCertificate::RankLinear(c) => {
            let r = check_rank_linear(c)?;
            Claim::RankLinear(RankLinearClaim {
                bound: r.bound.to_string(),
                construction: c.construction.clone(),
                n: r.n,
                eps: fmt_q(&rational("params.eps", &c.params.eps)?),
                m: r.m,
                h: r.h,
                k: r.k.to_string(),
                dim: r.dim,
                value: fmt_q(&r.value),
                strict: r.strict,
                power: r.power,
            })
        }
        AnyCertificate::Rank(c) => {
            let r = check_rank(c, ctx)?;
            let s = r.shape;
            Claim::Rank(RankClaim {
                bound: r.bound,
                n: c.params.n,
                eps: fmt_q(&rational("params.eps", &c.params.eps)?),
                m: s.m,
                h: s.h,
                lo: s.lo,
                hi: s.hi,
                k: r.k,
                delta: fmt_q(&r.delta),
                value: fmt_q(&r.value),
                strict: r.strict,
                no_code_of: r.maximal,
            })
        }
        AnyCertificate::PolyHead(c) => {
            let r = check_poly_head(c)?;
            Claim::PolyHead(PolyHeadSummary {
                rank: r.rank.to_string(),
                class: r.class.name().into(),
                signed: r.signed,
                m: r.m,
                n: r.n,
                largest_degree: r.degrees.iter().flatten().max().copied(),
                max_error: fmt_q(&r.max_error),
            })
        }
        AnyCertificate::PolyNone(c) => {
            let r = check_poly_none(c)?;
            Claim::PolyNone(PolyNoneSummary {
                class: r.class.name().into(),
                signed: r.signed,
                m: r.m,
                n: r.n,
                refuted: r
                    .refuted
                    .iter()
                    .map(|x| RefutedSupport {
                        h: x.h,
                        support: x.support.clone(),
                        degree_at_least: x.degree_bound(),
                    })
                    .collect(),
            })
        }
    })
}

/// A rational field of the certificate, named in the error: a malformed one rejects the
/// certificate, one past the digit limit is a limit.
fn rational(field: &str, s: &str) -> Res<Rat> {
    parse_rational(s).map_err(stated(field))
}

/// For `map_err` on a value a certificate states: the error named after the field `place`; a
/// malformed or out-of-range value rejects the certificate ([`Error::in_certificate`]).
fn stated(place: &str) -> impl Fn(Error) -> Error + '_ {
    move |e| e.at(place).in_certificate()
}

/// The error of a check as reported: its message on one line (a quoted field of the
/// certificate may hold a newline), its kind unchanged.
fn one_line(e: Error) -> Error {
    e.map_message(|m| crate::error::one_line(&m))
}
