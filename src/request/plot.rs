//! The records of a run as the plain series `crate::print::svg` draws: the plotted values are
//! taken from the certified records here, so the printer knows nothing of batches or
//! certificates.

use crate::batch::frontier::{Lower, Row, Upper};
use crate::batch::ratio::Record;
use crate::certify::rank::RankResult;
use crate::error::Error;
use crate::print::svg;
use minip_check::rational::{log2_abs, parse_rational, Rat};

/// `(h, log2 chain bound)` of a record whose chain bound is positive.
fn log2_chain(r: &Record) -> Option<(f64, f64)> {
    let c = r.chain_bound.as_deref().and_then(|c| parse_rational(c).ok())?;
    num_traits::Signed::is_positive(&c).then(|| (r.h as f64, log2_abs(&c)))
}

/// The `h` of the records whose ratio is printed as `label` (`0`, or the empty LP's label).
fn hs_at<'a>(recs: impl Iterator<Item = &'a Record>, label: &str) -> Vec<f64> {
    recs.filter(|r| r.ratio.as_deref() == Some(label)).map(|r| r.h as f64).collect()
}

/// `minip amplify --plot`: the records of a range of `h`.
pub fn ratio(recs: &[Record]) -> svg::RatioSeries {
    svg::RatioSeries {
        log2_ratio: recs.iter().filter_map(|r| r.log2_ratio.map(|y| (r.h as f64, y))).collect(),
        log2_chain: recs.iter().filter_map(log2_chain).collect(),
        over_chain: recs.iter().filter_map(|r| r.ratio_over_chain.map(|q| (r.h as f64, q))).collect(),
        zeros: hs_at(recs.iter(), "0"),
    }
}

/// `minip amplify --grid FILE --plot`: the records of one series, named `name`.
pub fn ratio_curve(name: &str, rs: &[&Record]) -> svg::Curve {
    svg::Curve {
        name: name.to_string(),
        points: rs.iter().filter_map(|r| r.log2_ratio.map(|y| (r.h as f64, y))).collect(),
        zeros: hs_at(rs.iter().copied(), "0"),
        empty: hs_at(rs.iter().copied(), minip_check::format::ratio::EMPTY),
        chain: rs.iter().copied().filter_map(log2_chain).collect(),
    }
}

/// `minip rank --plot`: `(m, log2 bound)` of each certified bound.
pub fn rank(rs: &[&RankResult]) -> Vec<(u32, f64)> {
    rs.iter().map(|r| (r.m, (r.cert.claim().bound as f64).log2())).collect()
}

/// `log2(rank)/m` of a certified head of the column `c` at `m`.
fn upper(c: &Option<Result<Upper, Error>>, m: u32) -> Option<f64> {
    let u = c.as_ref()?.as_ref().ok()?;
    Some(log2_abs(&Rat::from_integer(u.head.claim().rank.clone())) / f64::from(m))
}

/// `log2(bound)/m` of a lower bound certified at `m` itself (one carried up from a smaller
/// `m` is left out).
fn own(l: &Option<Lower>, m: u32) -> Option<f64> {
    l.as_ref().filter(|lb| lb.from_m == m).map(|lb| (lb.bound as f64).log2() / f64::from(m))
}

/// `minip frontier --plot`: the exponents of each row.
pub fn frontier(rows: &[Row]) -> Vec<svg::Exponents> {
    rows.iter()
        .map(|r| svg::Exponents {
            m: r.m,
            per_weight: upper(&r.per_weight, r.m),
            shared: upper(&r.shared, r.m),
            sparse: upper(&r.sparse, r.m),
            searched: r.searched.as_ref().map(|s| (s.rank as f64).log2() / f64::from(r.m)),
            lower_explicit: own(&r.lower, r.m),
            lower_linear: own(&r.lower_linear, r.m),
        })
        .collect()
}

/// `minip frontier --n A..=B --plot`: per sequence length, the exponents of its per-weight
/// heads.
pub fn frontier_by_n(runs: &[(u32, Vec<Row>)]) -> Vec<svg::LengthCurve> {
    runs.iter()
        .map(|(n, rows)| svg::LengthCurve {
            n: *n,
            points: rows.iter().filter_map(|r| Some((f64::from(r.m), upper(&r.per_weight, r.m)?))).collect(),
        })
        .collect()
}

/// Points `(m, n, y)` of a curve per `n`.
pub type MnPoints = Vec<(u32, u32, f64)>;

/// `minip rank --linear --plot`: `(m, n, log2 bound)` of every certified `(m, n)` and of the
/// explicit-code method's bounds.
pub fn rank_linear(found: &super::rank::LinearBounds) -> (MnPoints, MnPoints) {
    let explicit = found.explicit.iter().map(|(&(m, n), &b)| (m, n, (b as f64).log2())).collect();
    let pts = found
        .ok()
        .iter()
        .map(|r| (r.m, r.n, crate::certify::rank_linear::log2(&r.cert.claim().bound)))
        .collect();
    (pts, explicit)
}

/// `minip rank --linear --plot-n`: `(m, n, log2(bound)/m)` of every certified `(m, n)`, and the
/// ceiling's exponent `(log2 n, exponent)` over the lengths asked for (docs/math.md §9).
pub fn rank_linear_by_n(found: &super::rank::LinearBounds) -> (MnPoints, Vec<(f64, f64)>) {
    use crate::codes::ceiling;
    let pts = found
        .ok()
        .iter()
        .map(|r| (r.m, r.n, crate::certify::rank_linear::log2(&r.cert.claim().bound) / r.m as f64))
        .collect();
    let (lo, hi) = (found.ns[0], found.ns[found.ns.len() - 1]);
    let mut ceil: Vec<(f64, f64)> = Vec::new();
    let mut n = lo;
    while n <= hi {
        ceil.push((f64::from(n).log2(), ceiling::exponent(n)));
        n = (n + 1).max(n + n / 16);
    }
    ceil.push((f64::from(hi).log2(), ceiling::exponent(hi)));
    (pts, ceil)
}
