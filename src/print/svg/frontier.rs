//! `minip frontier --plot`: the certified exponents `log2(rank)/m` against `m`, lower bounds
//! and upper bounds per kernel class (docs/frontier.md), or one curve per sequence length.

use super::{color, figure, figure_layout, Dash, Layout, Marker, Panel, Scale, Series};

/// One `m` of the frontier: the certified exponents `log2(rank)/m` there, `None` where there
/// is none.
pub struct Exponents {
    pub m: u32,
    /// Upper bounds: the best head per kernel class.
    pub per_weight: Option<f64>,
    pub shared: Option<f64>,
    pub sparse: Option<f64>,
    /// A searched head (explicit features, checked on every length-3 sequence; docs/math.md
    /// §14), where one is committed.
    pub searched: Option<f64>,
    /// Lower bounds whose certificate is for this `m` itself (one carried up from a smaller
    /// `m` is `None`: it is drawn once, where it was certified).
    pub lower_explicit: Option<f64>,
    pub lower_linear: Option<f64>,
}

/// One sequence length of `frontier_by_n`: `(m, log2(rank)/m)` of its best per-weight heads.
pub struct LengthCurve {
    pub n: u32,
    pub points: Vec<(f64, f64)>,
}

/// `log2(bound)/m` against `m` for the frontier (docs/frontier.md): the certified lower bounds
/// at the `m` where a certificate exists (markers; a certificate carried up from a smaller `m`
/// is not drawn again), the certified upper bounds per kernel class, the paper's `2^{m/10−6}`
/// (drawn where it is above 1) and the trivial `2^m` (the line at 1).
pub fn frontier(rows: &[Exponents]) -> String {
    frontier_layout(rows).0
}

/// How a curve of `frontier` looks and which exponent of a row it draws.
type Curve = (&'static str, &'static str, Dash, Marker, fn(&Exponents) -> Option<f64>);

/// The curves of `frontier`, in legend order.
const CURVES: [Curve; 7] = [
    ("upper: per-weight f_{|x|}", color::GREEN, Dash::Solid, Marker::Circle, |x| x.per_weight),
    ("upper: shared f", color::ORANGE, Dash::Dashed, Marker::Square, |x| x.shared),
    ("upper: sparse shared f", color::PURPLE, Dash::Dotted, Marker::Diamond, |x| x.sparse),
    ("upper: searched head (explicit features)", color::BLACK, Dash::None, Marker::Cross, |x| x.searched),
    ("lower: explicit codes (certificate at this m)", color::VERMILLION, Dash::None, Marker::Triangle, |x| {
        x.lower_explicit
    }),
    ("lower: linear codes (certificate at this m)", color::BLUE, Dash::None, Marker::Down, |x| {
        x.lower_linear
    }),
    ("the paper's 2^{m/10 − 6} (where > 1)", color::SKY, Dash::DashDot, Marker::None, |x| {
        Some((f64::from(x.m) / 10.0 - 6.0) / f64::from(x.m)).filter(|y| *y >= 0.0)
    }),
];

/// `frontier`, with its layout.
pub fn frontier_layout(rows: &[Exponents]) -> (String, Layout) {
    let series: Vec<Series> = CURVES
        .iter()
        .map(|(name, color, dash, marker, f)| {
            Series::new(
                *name,
                color,
                rows.iter().filter_map(|x| f(x).map(|y| (f64::from(x.m), y))).collect(),
                *dash,
                *marker,
            )
        })
        .filter(|c| !c.points.is_empty())
        .collect();
    let mut p = Panel::new("m (bits per token)", "log_{2}(rank) / m", Scale::Linear, series);
    p.hlines = vec![(1.0, "2^{m}".into())];
    figure_layout(
        "Certified feature-rank bounds: log_{2}(rank)/m against m (the trivial 2^{m} is the line at 1)",
        &[p],
    )
}

/// `minip frontier --n A..=B --plot`: `log2(rank)/m` of the best per-weight head against `m`,
/// one series per sequence length `n` (colours and markers cycle; a length without a point
/// keeps its place in the cycle and is left out).
pub fn frontier_by_n(curves: &[LengthCurve]) -> String {
    let series: Vec<Series> = curves
        .iter()
        .enumerate()
        .map(|(i, c)| {
            Series::new(
                format!("per-weight heads, n = {}", c.n),
                color::CYCLE[i % color::CYCLE.len()],
                c.points.clone(),
                Dash::CYCLE[i % Dash::CYCLE.len()],
                Marker::CYCLE[i % Marker::CYCLE.len()],
            )
        })
        .filter(|c| !c.points.is_empty())
        .collect();
    let mut p = Panel::new("m (bits per token)", "log_{2}(rank) / m", Scale::Linear, series);
    p.hlines = vec![(1.0, "2^{m}".into())];
    figure("Per-weight heads correct on every sequence of length ≤ n: log_{2}(rank)/m", &[p])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(m: u32) -> Exponents {
        Exponents {
            m,
            per_weight: Some(0.9),
            shared: None,
            sparse: None,
            searched: (m == 4).then_some(0.25),
            lower_explicit: (m == 8).then_some(0.25),
            lower_linear: None,
        }
    }

    #[test]
    fn only_curves_with_points_are_drawn() {
        let (svg, layout) = frontier_layout(&[at(4), at(6), at(8)]);
        // The per-weight line (the lower bound is a marker only; the paper is below 1 here).
        assert_eq!(layout.polylines.len(), 1);
        assert!(svg.contains("upper: per-weight") && svg.contains("lower: explicit codes"));
        assert!(svg.contains("upper: searched head"));
        assert!(!svg.contains("upper: shared") && !svg.contains("linear codes") && !svg.contains("paper"));
        // At m = 70 the paper's 2^{m/10−6} is above 1: it is drawn.
        assert!(frontier(&[at(60), at(70)]).contains("the paper"));
    }

    #[test]
    fn an_empty_length_keeps_its_colour() {
        let c = |n, points| LengthCurve { n, points };
        let svg = frontier_by_n(&[c(3, vec![(4.0, 0.5)]), c(4, vec![]), c(5, vec![(4.0, 0.6)])]);
        assert!(!svg.contains("n = 4"));
        // n = 5 is the third of the cycle: green.
        assert!(svg.contains(&format!(r#"fill="{}""#, color::GREEN)), "{svg}");
    }
}
