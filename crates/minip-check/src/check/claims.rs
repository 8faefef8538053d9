//! What each format's check proves, as a [`Claim`]: every function runs the check of its
//! format and states the result with the checked values (reduced rationals, the exact words
//! the check accepted), never the stated text.

use super::input::{rational, Context};
use super::ratio::RatioOutcome;
use super::{gap, ratio, sharp};
use crate::claim::*;
use crate::error::{Error, Res};
use crate::format::gap::GapCertificate;
use crate::format::poly::{PolyHead, PolyNone};
use crate::format::rank::RankCertificate;
use crate::format::rank_linear::RankLinearCertificate;
use crate::format::ratio::RatioCertificate;
use crate::format::ratio_bound::RatioBoundCertificate;
use crate::format::sharp::SharpFile;
use crate::format::AnyCertificate;
use crate::rational::fmt_q;
use crate::rows::ratio::class_label;

/// Checks a certificate of any format; returns what it proves.
pub(super) fn claim_of(cert: &AnyCertificate, ctx: &Context) -> Res<Claim> {
    match cert {
        AnyCertificate::Gap(c) => gap_claim(c),
        AnyCertificate::Sharp(f) => sharp_claim(f),
        AnyCertificate::Ratio(c) => ratio_claim(c),
        AnyCertificate::RatioBound(c) => ratio_bound_claim(c),
        AnyCertificate::RankLinear(c) => rank_linear_claim(c),
        AnyCertificate::Rank(c) => rank_claim(c, ctx),
        AnyCertificate::PolyHead(c) => poly_head_claim(c),
        AnyCertificate::PolyNone(c) => poly_none_claim(c),
        AnyCertificate::Readout(c) => super::readout::claim(c),
        AnyCertificate::ReadoutPrecision(c) => super::readout_precision::claim(c, ctx),
        AnyCertificate::Multilevel(c) => super::multilevel::claim(c),
        AnyCertificate::Multihead(c) => multihead_claim(c),
        AnyCertificate::MultiheadHeads(c) => {
            let r = super::multihead::check_multihead_heads(c)?;
            Ok(Claim::MultiheadHeads(MultiheadHeadsClaim {
                m: r.m,
                heads: r.ranks.len(),
                ranks: r.ranks.iter().map(ToString::to_string).collect(),
                total_rank: r.total_rank.to_string(),
                max_error: fmt_q(&r.max_error),
            }))
        }
        AnyCertificate::RankWeighted(c) => super::weighted::claim(c),
        AnyCertificate::SearchHead(c) => {
            let r = super::search::check_search_head(c)?;
            Ok(Claim::SearchHead(SearchHeadSummary { rank: r.rank, m: r.m, max_error: fmt_q(&r.max_error) }))
        }
    }
}

fn multihead_claim(c: &crate::format::multihead::MultiheadCertificate) -> Res<Claim> {
    let r = super::multihead::check_multihead(c)?;
    Ok(Claim::Multihead(MultiheadClaim {
        heads: r.heads,
        n: r.n,
        eps: fmt_q(&r.eps),
        d: r.d,
        paper_k: fmt_q(&r.k),
        max_error: fmt_q(&r.max_error),
        in_lemma_range: r.k >= num_traits::One::one(),
    }))
}

fn gap_claim(c: &GapCertificate) -> Res<Claim> {
    let v = gap::check_gap(c)?;
    let inst = gap::instance_of(c)?;
    let p = &c.params;
    Ok(Claim::Gap(GapClaim {
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
    }))
}

fn sharp_claim(f: &SharpFile) -> Res<Claim> {
    let ks = sharp::check_sharp_file(f)?;
    let groups = sharp_groups(f)?;
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
    Ok(Claim::Sharp(SharpClaim { configurations: ks.len(), groups, single }))
}

/// The configurations of a checked sharp file grouped by `(n, ε, family, setting)`, in order
/// of first appearance, with how many of each relation.
fn sharp_groups(f: &SharpFile) -> Res<Vec<SharpGroup>> {
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
    Ok(groups)
}

fn ratio_claim(c: &RatioCertificate) -> Res<Claim> {
    let r = ratio::check_ratio_outcome(c)?;
    let p = &c.params;
    let inst = ratio::stated_instance(c)?;
    let (outcome, value) = match &r {
        RatioOutcome::Ratio(v) => (RatioKind::Ratio, Some(fmt_q(v))),
        RatioOutcome::Empty => (RatioKind::Empty, None),
        RatioOutcome::MinusInf => (RatioKind::MinusInf, None),
    };
    let no_head_at_all =
        (outcome == RatioKind::Empty).then(|| !c.multipliers.iter().any(|m| m.side == "den"));
    Ok(Claim::Ratio(RatioClaim {
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
    }))
}

fn ratio_bound_claim(c: &RatioBoundCertificate) -> Res<Claim> {
    let r = ratio::check_ratio_bound(c)?;
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
    Ok(Claim::RatioBound(RatioBoundClaim {
        bound: fmt_q(&r),
        n: p.n,
        eps: fmt_q(&rational("params.eps", &p.eps)?),
        h: p.h,
        lo: p.lo.to_string(),
        hi: class_label(p.h, p.hi),
        superset: p.superset,
        setting: SettingClaim::of(&setting),
    }))
}

fn rank_linear_claim(c: &RankLinearCertificate) -> Res<Claim> {
    let r = super::rank_linear::check_rank_linear(c)?;
    Ok(Claim::RankLinear(RankLinearClaim {
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
    }))
}

fn rank_claim(c: &RankCertificate, ctx: &Context) -> Res<Claim> {
    let r = super::rank::check_rank(c, ctx)?;
    let s = r.shape;
    Ok(Claim::Rank(RankClaim {
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
    }))
}

fn poly_head_claim(c: &PolyHead) -> Res<Claim> {
    let r = super::poly::check_poly_head(c)?;
    Ok(Claim::PolyHead(PolyHeadSummary {
        rank: r.rank.to_string(),
        class: r.class.name().into(),
        signed: r.signed,
        m: r.m,
        n: r.n,
        largest_degree: r.degrees.iter().flatten().max().copied(),
        max_error: fmt_q(&r.max_error),
    }))
}

fn poly_none_claim(c: &PolyNone) -> Res<Claim> {
    let r = super::poly::check_poly_none(c)?;
    Ok(Claim::PolyNone(PolyNoneSummary {
        class: r.class.name().into(),
        signed: r.signed,
        m: r.m,
        n: r.n,
        refuted: r
            .refuted
            .iter()
            .map(|x| RefutedSupport { h: x.h, support: x.support.clone(), degree_at_least: x.degree_bound() })
            .collect(),
    }))
}
