//! The checks, one module per certificate format. Each rebuilds what the certificate's
//! claim is checked against from its stated parameters (`crate::rows`, `crate::model`),
//! never reads a row or a count off the certificate without recomputing it, and works in
//! exact rationals on parsed values.
//!
//! `Checked<C>` is the only way to hold a certificate together with what it proves: it is
//! made by `Checked::new`, which runs the check. Printers (JSON, VIPR, CSV) take one.
//! [`Proves`] is what each format's check states as its claim (`crate::claim`, which also
//! has `check_any`, a certificate of any format checked).
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
mod input;
pub mod multihead;
pub mod multilevel;
pub mod poly;
pub mod rank;
pub mod rank2;
pub mod rank_bound;
pub mod rank_linear;
pub mod ratio;
pub mod readout;
pub mod readout_precision;
pub mod readout_search;
pub mod search;
pub mod sharp;
pub mod weighted;
pub(crate) mod work;

pub use crate::rows::ratio::{class_label, ratio_instance, RatioInstance};
pub use gap::{check_gap, Verdict};
pub use input::Context;
pub use poly::{check_poly_head, check_poly_none, PolyHeadClaim, PolyNoneClaim};
pub use rank::{check_rank, RankChecked};
pub use rank_linear::{check_rank_linear, RankLinearChecked};
pub use ratio::{check_ratio, check_ratio_bound, check_ratio_outcome, RatioOutcome};
pub use search::{check_search_head, SearchHeadClaim};
pub use sharp::{check_sharp, check_sharp_file, check_sharp_value};
pub use weighted::{check_weighted, WeightedChecked};

use crate::error::{Error, Res};
use crate::format::gap::GapCertificate;
use crate::format::poly::{PolyHead, PolyNone};
use crate::format::rank::RankCertificate;
use crate::format::rank_linear::RankLinearCertificate;
use crate::format::ratio::RatioCertificate;
use crate::format::ratio_bound::RatioBoundCertificate;
use crate::format::search::SearchHead;
use crate::format::sharp::{SharpCertificate, SharpFile};
use crate::format::AnyCertificate;
use crate::rational::Rat;

/// A format of the registry (`crate::format`): its check, and what it proves stated as the data
/// of its [`Claim`](crate::claim::Claim) variant, with the checked values (reduced rationals,
/// the exact words the check accepted), never the stated text.
pub trait Proves {
    type Claim;
    fn proves(&self, ctx: &Context) -> Res<Self::Claim>;
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
impl Certificate for crate::format::weighted::WeightedCertificate {
    type Claim = WeightedChecked;
    fn check(&self, _: &Context) -> Res<WeightedChecked> {
        check_weighted(self)
    }
}

impl Certificate for SearchHead {
    type Claim = SearchHeadClaim;
    fn check(&self, _: &Context) -> Res<SearchHeadClaim> {
        check_search_head(self)
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

/// The bytes a check of `cert` is estimated to hold for its DRAT proof (0 for a certificate
/// without one), from the formula's size (rebuilt from the stated parameters) and the proof
/// file's size, before anything is read: what [`crate::verify::admit`] weighs.
pub fn proof_memory(cert: &AnyCertificate, ctx: &Context) -> u64 {
    let cap = crate::limits::MAX_CNF_LITERALS + 1;
    let (literals, proof) = match cert {
        AnyCertificate::Rank(c) => match &c.maximal {
            Some(mx) => {
                let p = &c.params;
                let lits = crate::model::code::Shape::new(p.m, p.h, p.lo, p.hi)
                    .map_or(0, |s| crate::rows::cnf::estimate(s, mx.refuted));
                (lits, &mx.proof)
            }
            None => return 0,
        },
        AnyCertificate::ReadoutPrecision(c) => {
            let m = c.m.min(crate::rows::readout_cnf::MAX_PRECISION_M);
            let h = c.n.saturating_sub(1).min(crate::rows::readout_cnf::MAX_PRECISION_H);
            (crate::rows::readout_cnf::estimate(m, h, c.refuted), &c.proof)
        }
        AnyCertificate::Rank2None(c) => {
            let m = c.params.m.min(crate::rows::order_cnf::MAX_ORDER_M);
            (crate::rows::order_cnf::estimate(m), &c.proof)
        }
        _ => return 0,
    };
    drup::memory_estimate(literals.min(cap), ctx.size_of(proof).unwrap_or(0))
}

/// The error of a check as reported: its message on one line (a quoted field of the
/// certificate may hold a newline), its kind unchanged.
fn one_line(e: Error) -> Error {
    e.map_message(|m| crate::error::one_line(&m))
}
