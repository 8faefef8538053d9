//! What a checked `minip-poly-head/1` or `minip-poly-none/1` file proves (the registry's claims
//! of these formats, `crate::format`): the claim data and its one-line text.

use super::{check_poly_head, check_poly_none};
use crate::check::{Context, Proves};
use crate::error::Res;
use crate::format::poly::{PolyHead, PolyNone};
use crate::rational::fmt_q;
use crate::verdict::support_text;
use serde::Serialize;
use std::fmt;

/// `minip-poly-head/1`: a correct overlap-polynomial head (lengths `≤ n`, `ε = 1/2`) of exact rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PolyHeadSummary {
    /// Decimal.
    pub rank: String,
    /// `shared` or `per_weight`.
    pub class: String,
    pub signed: bool,
    pub m: u32,
    /// The sequence length (every length `≤ n`); not written when it is 3.
    #[serde(skip_serializing_if = "is_three")]
    pub n: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub largest_degree: Option<u32>,
    pub max_error: String,
    /// The least value dimension `D` of the values (docs/math.md §10.11), decimal.
    pub value_dim: String,
    /// The state `rank·(D + 1)`, decimal.
    pub state: String,
}

/// One refuted support of a `minip-poly-none/1` file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RefutedSupport {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub h: Option<u32>,
    pub support: Vec<u32>,
    /// `d` when the support is `0..d`: every degree below `d` is refuted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degree_at_least: Option<u32>,
}

/// `minip-poly-none/1`: no head of the class has its support inside any refuted support.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PolyNoneSummary {
    pub class: String,
    pub signed: bool,
    pub m: u32,
    #[serde(skip_serializing_if = "is_three")]
    pub n: u32,
    pub refuted: Vec<RefutedSupport>,
}

fn is_three(n: &u32) -> bool {
    *n == 3
}

/// `, n=N` when the length is not 3 (older texts stay as they were).
fn n_text(n: u32) -> String {
    if n == 3 {
        String::new()
    } else {
        format!(", n={n}")
    }
}

impl fmt::Display for PolyHeadSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self;
        let signed = if p.signed { " signed" } else { "" };
        let deg = p.largest_degree.map_or("-".to_string(), |d| d.to_string());
        write!(
            f,
            "head of rank {} ({}{signed} overlap polynomials, m={}{}, largest degree {deg}, max error {}), value dimension {}, state {}",
            p.rank,
            p.class,
            p.m,
            n_text(p.n),
            crate::rational::readable(&p.max_error),
            p.value_dim,
            p.state
        )
    }
}

impl fmt::Display for PolyNoneSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        poly_none_line(f, self)
    }
}

impl Proves for PolyHead {
    type Claim = PolyHeadSummary;
    fn proves(&self, _: &Context) -> Res<PolyHeadSummary> {
        poly_head_claim(self)
    }
}

impl Proves for PolyNone {
    type Claim = PolyNoneSummary;
    fn proves(&self, _: &Context) -> Res<PolyNoneSummary> {
        poly_none_claim(self)
    }
}

fn poly_head_claim(c: &PolyHead) -> Res<PolyHeadSummary> {
    let r = check_poly_head(c)?;
    Ok(PolyHeadSummary {
        rank: r.rank.to_string(),
        class: r.class.name().into(),
        signed: r.signed,
        m: r.m,
        n: r.n,
        largest_degree: r.degrees.iter().flatten().max().copied(),
        max_error: fmt_q(&r.max_error),
        value_dim: r.value_dim.to_string(),
        state: r.state.to_string(),
    })
}

fn poly_none_claim(c: &PolyNone) -> Res<PolyNoneSummary> {
    let r = check_poly_none(c)?;
    Ok(PolyNoneSummary {
        class: r.class.name().into(),
        signed: r.signed,
        m: r.m,
        n: r.n,
        refuted: r
            .refuted
            .iter()
            .map(|x| RefutedSupport { h: x.h, support: x.support.clone(), degree_at_least: x.degree_bound() })
            .collect(),
    })
}

/// The line of a refutation file: per query weight the least degree when every refutation is
/// an interval `0..d` (weights grouped by degree), else each refuted support (at most three).
fn poly_none_line(f: &mut fmt::Formatter<'_>, p: &PolyNoneSummary) -> fmt::Result {
    let signed = if p.signed { " signed" } else { "" };
    let head = format!("every {}{signed} overlap-polynomial head (m={}{}) has", p.class, p.m, n_text(p.n));
    let degrees: Option<Vec<(u32, u32)>> =
        p.refuted.iter().map(|x| Some((x.h?, x.degree_at_least?))).collect();
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
        return write!(f, "{head} deg f_h >= ({})", parts.join(", "));
    }
    let parts: Vec<String> = p
        .refuted
        .iter()
        .map(|x| {
            let at = x.h.map(|h| format!("h={h}: ")).unwrap_or_default();
            match x.degree_at_least {
                Some(d) => format!("{at}degree >= {d}"),
                None => format!("{at}support not inside {}", support_text(&x.support)),
            }
        })
        .collect();
    if parts.len() > 3 {
        write!(f, "{head} {}; ... ({} refuted supports)", parts[..2].join("; "), parts.len())
    } else {
        write!(f, "{head} {}", parts.join("; "))
    }
}
