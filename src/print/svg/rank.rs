//! The feature-rank plots: `minip rank --plot` (explicit codes), `minip rank --linear --plot`
//! and `--plot-n` (linear codes), each next to the paper's `2^{m/10−6}` and the trivial `2^m`.

use super::{color, figure, figure_layout, Dash, Layout, Marker, Panel, Scale, Series};

/// The trivial `2^m` (log2: `y = m`) over `[m0, m1]`, cut where it leaves a y axis ending at
/// `top` (it would flatten everything else); always at least its first stretch is visible.
fn trivial_line(m0: f64, m1: f64, top: f64) -> (Vec<(f64, f64)>, f64) {
    let ymax = top.max(m0 + 4.0);
    let end = m1.min(ymax + 2.0);
    (vec![(m0, m0), (end, end)], ymax)
}

/// `minip rank --plot`: the certified bound, the paper's `2^{m/10−6}` and the trivial `2^m`
/// against `m`, on a log2 scale; `bounds` holds `(m, log2 bound)` in increasing `m`.
pub fn rank(bounds: &[(u32, f64)]) -> String {
    rank_layout(bounds).0
}

/// `rank`, with its layout.
pub fn rank_layout(bounds: &[(u32, f64)]) -> (String, Layout) {
    let bound: Vec<(f64, f64)> = bounds.iter().map(|&(m, y)| (f64::from(m), y)).collect();
    let paper: Vec<(f64, f64)> =
        bounds.iter().map(|&(m, _)| (f64::from(m), f64::from(m) / 10.0 - 6.0)).collect();
    let (m0, m1) = (bound.first().map_or(0.0, |p| p.0), bound.last().map_or(0.0, |p| p.0));
    let top = bound.iter().map(|p| p.1).fold(0.0, f64::max) * 1.3 + 1.0;
    let (trivial, ymax) = trivial_line(m0, m1, top);
    let mut p = Panel::new(
        "m (bits per token)",
        "feature rank (log_{2} scale)",
        Scale::Log2,
        vec![
            Series::new("certified lower bound", color::VERMILLION, bound, Dash::Solid, Marker::Circle),
            Series::new("the paper's 2^{m/10 − 6}", color::BLUE, paper, Dash::Dashed, Marker::None),
            Series::new(
                "trivial upper bound 2^{m} (cut at the top edge)",
                color::BLACK,
                trivial,
                Dash::Dotted,
                Marker::None,
            ),
        ],
    );
    p.y_max = Some(ymax);
    figure_layout(
        "Certified feature-rank lower bounds (heads correct on all length-3 Min-IP sequences, eps = 1/2)",
        &[p],
    )
}

/// `minip rank --linear --plot` (docs/rank.svg): `log2` of the certified bound against `m`, one
/// line per `n` (`(m, n, log2 bound)`), the explicit-code bounds (`m ≤ 24`), the paper's
/// `2^{m/10−6}` over the whole range and the trivial `2^m` (cut at the top edge, so that it does
/// not flatten the certified curves).
pub fn rank_linear(linear: &[(u32, u32, f64)], explicit: &[(u32, u32, f64)]) -> String {
    rank_linear_layout(linear, explicit).0
}

/// `rank_linear`, with its layout.
pub fn rank_linear_layout(linear: &[(u32, u32, f64)], explicit: &[(u32, u32, f64)]) -> (String, Layout) {
    let mut ns: Vec<u32> = linear.iter().map(|p| p.1).collect();
    ns.sort_unstable();
    ns.dedup();
    let mut series: Vec<Series> = ns
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let mut c = Series::new(
                format!("linear codes, n = {n} (exact pair counts)"),
                color::CYCLE[i % color::CYCLE.len()],
                linear.iter().filter(|p| p.1 == n).map(|p| (f64::from(p.0), p.2)).collect(),
                Dash::CYCLE[i % Dash::CYCLE.len()],
                Marker::CYCLE[i % Marker::CYCLE.len()],
            );
            c.marker_every = (c.points.len() / 24).max(1);
            c
        })
        .collect();
    if !explicit.is_empty() {
        let pts = explicit.iter().map(|p| (f64::from(p.0), p.2)).collect();
        series.push(Series::new(
            "explicit codes + SAT maximality (m ≤ 24)",
            color::BLACK,
            pts,
            Dash::Solid,
            Marker::Square,
        ));
    }
    let mut ms: Vec<u32> = linear.iter().chain(explicit).map(|p| p.0).collect();
    ms.sort_unstable();
    ms.dedup();
    let (m0, m1) = (ms.first().map_or(0.0, |&m| f64::from(m)), ms.last().map_or(0.0, |&m| f64::from(m)));
    let paper: Vec<(f64, f64)> = ms.iter().map(|&m| (f64::from(m), f64::from(m) / 10.0 - 6.0)).collect();
    let top = linear.iter().chain(explicit).map(|p| p.2).chain(paper.iter().map(|p| p.1)).fold(0.0, f64::max)
        * 1.15
        + 1.0;
    series.push(Series::new("the paper's 2^{m/10 − 6}", color::GREY, paper, Dash::DashDot, Marker::None));
    let (trivial, ymax) = trivial_line(m0, m1, top);
    series.push(Series::new(
        "trivial upper bound 2^{m} (cut at the top edge)",
        color::BLACK,
        trivial,
        Dash::Dotted,
        Marker::None,
    ));
    let mut p = Panel::new("m (bits per token)", "feature rank (log_{2} scale)", Scale::Log2, series);
    p.y_max = Some(ymax);
    figure_layout(
        "Certified feature-rank lower bounds, heads correct on all Min-IP sequences, eps = 1/2",
        &[p],
    )
}

/// `log2(bound)/m` against `log2 n` (`minip rank --linear --plot-n`): one curve per `m` from
/// `(m, n, exponent)`, the ceiling's limit `1 − log2(1 + 1/c_n)` (docs/math.md §9.5) and 1.
pub fn rank_linear_by_n(pts: &[(u32, u32, f64)], ceiling: &[(f64, f64)]) -> String {
    let mut ms: Vec<u32> = pts.iter().map(|p| p.0).collect();
    ms.sort_unstable();
    ms.dedup();
    let mut series: Vec<Series> = ms
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            Series::new(
                format!("certified, m = {m}"),
                color::CYCLE[i % color::CYCLE.len()],
                pts.iter().filter(|p| p.0 == m).map(|p| (f64::from(p.1).log2(), p.2)).collect(),
                Dash::CYCLE[i % Dash::CYCLE.len()],
                Marker::CYCLE[i % Marker::CYCLE.len()],
            )
        })
        .collect();
    series.push(Series::new(
        "ceiling of the code argument, 1 − log_{2}(1 + 1/c_{n})",
        color::BLACK,
        ceiling.to_vec(),
        Dash::Dashed,
        Marker::None,
    ));
    let mut p = Panel::new("log_{2} n (sequence length)", "log_{2}(bound)/m", Scale::Linear, series);
    p.hlines = vec![(1.0, "2^{m}".into())];
    figure("Certified exponent log_{2}(rank bound)/m against the sequence length n, ε = 1/2", &[p])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trivial_line_is_cut_at_the_top_edge() {
        // From m = 4 to 24 with a top of 10: y = m runs to 12, two above the axis' end.
        assert_eq!(trivial_line(4.0, 24.0, 10.0), (vec![(4.0, 4.0), (12.0, 12.0)], 10.0));
        // A top below m0 + 4 is raised there; a short range is not cut.
        assert_eq!(trivial_line(8.0, 10.0, 3.0), (vec![(8.0, 8.0), (10.0, 10.0)], 12.0));
        // Bounds 2^1, 2^2, 2^3 at m = 4, 5, 6: the bound, the paper and the trivial line.
        let (svg, layout) = rank_layout(&[(4, 1.0), (5, 2.0), (6, 3.0)]);
        assert_eq!(layout.polylines.len(), 3);
        assert!(svg.contains("certified lower bound") && svg.contains("trivial upper bound 2"));
    }
}
