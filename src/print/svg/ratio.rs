//! `minip amplify --plot`: the forced ratio `R` and the chain bound against `h`, and their
//! quotient.

use super::{color, figure_layout, Dash, EdgeMarks, Layout, Marker, Panel, Scale, Series};

/// What `ratio` draws, per query weight `h`, in increasing `h`.
pub struct RatioSeries {
    /// `(h, log2 R)` where `R > 0`.
    pub log2_ratio: Vec<(f64, f64)>,
    /// `(h, log2 chain bound)` where the chain bound is positive.
    pub log2_chain: Vec<(f64, f64)>,
    /// `(h, R / chain bound)` where both are known.
    pub over_chain: Vec<(f64, f64)>,
    /// The `h` where `R = 0` (below any log scale).
    pub zeros: Vec<f64>,
}

/// `minip amplify --plot`: log2 R and log2 of the chain bound against h, and below it their
/// quotient R / chain, where the factor 3/2 by which the exact ratio beats the chain bound shows.
pub fn ratio(data: &RatioSeries, title: &str) -> String {
    ratio_layout(data, title).0
}

/// `ratio`, with its layout.
pub fn ratio_layout(data: &RatioSeries, title: &str) -> (String, Layout) {
    let every = (data.log2_ratio.len() / 24).max(1);
    let mut r = Series::new(
        "R (exact, certified): line and markers",
        color::BLUE,
        data.log2_ratio.clone(),
        Dash::Solid,
        Marker::Circle,
    );
    r.marker_every = every;
    let mut top = Panel::new(
        "h = |x| (query weight)",
        "forced ratio (log_{2} scale)",
        Scale::Log2,
        vec![
            r,
            Series::new(
                "chain bound (the paper's argument), dashed; within a factor 3/2 of R, see below",
                color::VERMILLION,
                data.log2_chain.clone(),
                Dash::Dashed,
                Marker::None,
            ),
        ],
    );
    top.edge_marks.push(EdgeMarks {
        name: "R = 0 (below any log scale)".into(),
        color: color::BLUE,
        marker: Marker::Down,
        xs: data.zeros.clone(),
    });
    let mut panels = vec![top];
    if !data.over_chain.is_empty() {
        let mut q = Panel::new(
            "h = |x| (query weight)",
            "R / chain bound",
            Scale::Linear,
            vec![Series::new(
                "R / chain bound",
                color::GREEN,
                data.over_chain.clone(),
                Dash::Solid,
                Marker::Circle,
            )],
        );
        q.series[0].marker_every = every;
        q.hlines = vec![(1.5, "3/2".into()), (1.0, "1".into())];
        panels.push(q);
    }
    figure_layout(title, &panels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quotient_panel_is_drawn_only_with_a_quotient() {
        let mut data = RatioSeries {
            log2_ratio: vec![(2.0, 1.0), (3.0, 2.5), (4.0, 4.0)],
            log2_chain: vec![(2.0, 0.5), (3.0, 2.0), (4.0, 3.5)],
            over_chain: vec![(2.0, 1.41), (3.0, 1.41), (4.0, 1.41)],
            zeros: vec![5.0],
        };
        let (svg, layout) = ratio_layout(&data, "t");
        assert_eq!(layout.plots.len(), 2);
        assert!(svg.contains(">3/2</text>") && svg.contains("R = 0 (below any log scale)"));
        data.over_chain.clear();
        data.zeros.clear();
        let (svg, layout) = ratio_layout(&data, "t");
        assert_eq!(layout.plots.len(), 1);
        assert!(!svg.contains(">3/2</text>") && !svg.contains("R = 0"));
    }
}
