//! What a checked `minip-rank-linear/1` file proves (the registry's claim of this format,
//! `crate::format`): the claim data and its one-line text.

use super::check_rank_linear;
use crate::check::input::rational;
use crate::check::{Context, Proves};
use crate::error::Res;
use crate::format::rank_linear::RankLinearCertificate;
use crate::rational::fmt_q;
use crate::verdict::strict_text;
use serde::Serialize;

/// `minip-rank-linear/1`: the rank bound from a linear code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RankLinearClaim {
    /// Decimal.
    pub bound: String,
    pub construction: String,
    pub n: u32,
    pub eps: String,
    pub m: u32,
    pub h: u32,
    /// Decimal.
    pub k: String,
    pub dim: u32,
    pub value: String,
    pub strict: bool,
    /// The Hadamard power the bound is for (absent: 1, the plain bound).
    #[serde(skip_serializing_if = "is_one")]
    pub power: u32,
}

fn is_one(p: &u32) -> bool {
    *p == 1
}

impl std::fmt::Display for RankLinearClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = self;
        let power = if r.power > 1 {
            format!(", Hadamard power {}: rank(M^{}) > value = {}", r.power, r.power, r.value)
        } else {
            String::new()
        };
        write!(
            f,
            "rank >= {} (linear code {}, n={} eps={} m={} h={} k={} dim={}{}{power})",
            crate::rational::readable(&r.bound),
            r.construction,
            r.n,
            r.eps,
            r.m,
            r.h,
            crate::rational::readable(&r.k),
            r.dim,
            strict_text(r.strict, &r.value)
        )
    }
}

impl Proves for RankLinearCertificate {
    type Claim = RankLinearClaim;
    fn proves(&self, _: &Context) -> Res<RankLinearClaim> {
        rank_linear_claim(self)
    }
}

fn rank_linear_claim(c: &RankLinearCertificate) -> Res<RankLinearClaim> {
    let r = check_rank_linear(c)?;
    Ok(RankLinearClaim {
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
