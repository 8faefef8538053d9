//! Plots as SVG, through one writer (no plotting dependency): a figure is one or more panels,
//! each with labelled axes, round ticks (1, 2, 5 × 10^k, or powers of two on a log2 axis),
//! a legend, and curves with markers. The figures built on it take plain series of numbers
//! and labels: `ratio` and `series` (`minip amplify --plot`), `rank`, `rank_linear` and
//! `rank_linear_by_n` (`minip rank --plot`), `frontier` and `frontier_by_n`
//! (`minip frontier --plot`). The values plotted are certified ones (display only: floats are
//! never used for a decision). `style` is how a curve looks, `text` the labels in a plot.

mod frontier;
mod rank;
mod ratio;
mod series;
mod style;
mod text;

pub use frontier::{frontier, frontier_by_n, frontier_layout, Exponents, LengthCurve};
pub use rank::{rank, rank_layout, rank_linear, rank_linear_by_n, rank_linear_layout};
pub use ratio::{ratio, ratio_layout, RatioSeries};
pub use series::{series, series_layout, Curve};
pub use style::{color, Dash, Marker};
pub use text::rich;

use std::fmt::Write;
use text::{fmt_tick, text_width};

/// One curve. `names` beyond the first are series with the same points, drawn once and named
/// together in the legend ("3 series coincide").
pub struct Series {
    pub names: Vec<String>,
    pub color: &'static str,
    pub points: Vec<(f64, f64)>,
    pub dash: Dash,
    pub marker: Marker,
    /// Draw a marker at every k-th point only (1: every point).
    pub marker_every: usize,
}

impl Series {
    pub fn new(
        name: impl Into<String>,
        color: &'static str,
        points: Vec<(f64, f64)>,
        dash: Dash,
        marker: Marker,
    ) -> Series {
        Series { names: vec![name.into()], color, points, dash, marker, marker_every: 1 }
    }
}

/// Positions along x marked at the bottom edge of a panel: values a log axis cannot show
/// (`R = 0`, marker `Down`) or questions without a value (an empty LP, marker `Cross`).
pub struct EdgeMarks {
    pub name: String,
    pub color: &'static str,
    pub marker: Marker,
    pub xs: Vec<f64>,
}

/// A y axis: linear, or log2 (values are already log2; ticks are labelled `2^k`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    Linear,
    Log2,
}

/// One panel: axes, labels and curves.
pub struct Panel {
    pub x_label: String,
    pub y_label: String,
    pub y_scale: Scale,
    pub series: Vec<Series>,
    /// Horizontal reference lines `(y, label)`; the label goes in the right margin.
    pub hlines: Vec<(f64, String)>,
    pub edge_marks: Vec<EdgeMarks>,
    /// Upper end of the y axis when a curve must be cut (it is drawn up to the edge).
    pub y_max: Option<f64>,
}

impl Panel {
    pub fn new(x_label: &str, y_label: &str, y_scale: Scale, series: Vec<Series>) -> Panel {
        Panel {
            x_label: x_label.into(),
            y_label: y_label.into(),
            y_scale,
            series,
            hlines: vec![],
            edge_marks: vec![],
            y_max: None,
        }
    }
}

/// Where the writer put things, in SVG pixels: what the tests check (no legend over data).
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Per panel: the plot area `(x0, y0, x1, y1)`.
    pub plots: Vec<(f64, f64, f64, f64)>,
    /// Per panel: the legend box `(x0, y0, x1, y1)`.
    pub legends: Vec<(f64, f64, f64, f64)>,
    /// Every polyline drawn for a curve, in pixels.
    pub polylines: Vec<Vec<(f64, f64)>>,
}

/// Round tick positions covering `[lo, hi]`: steps of 1, 2 or 5 × 10^k, about `n` of them.
pub fn ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let span = (hi - lo).max(1e-9);
    let raw = span / n.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    // The round step nearest to the raw one (on a log scale).
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .min_by(|a, b| (a / raw).ln().abs().total_cmp(&(b / raw).ln().abs()))
        .unwrap_or(mag);
    let (k0, k1) = ((lo / step).ceil() as i64, (hi / step + 1e-9).floor() as i64);
    (k0..=k1).map(|k| k as f64 * step).collect()
}

/// One legend line: a swatch (or none for a continuation) and its text.
struct Entry {
    color: &'static str,
    dash: Dash,
    marker: Marker,
    text: String,
    swatch: bool,
}

/// The legend's lines: one per name of each series with points (coinciding series get one
/// swatch), then one per kind of edge mark.
fn legend_entries(p: &Panel) -> Vec<Entry> {
    let mut v = Vec::new();
    for c in p.series.iter().filter(|c| !c.points.is_empty()) {
        let k = c.names.len();
        for (i, n) in c.names.iter().enumerate() {
            let text = if k > 1 && i == 0 {
                format!("{n}   ({k} series coincide:)")
            } else if k > 1 {
                format!("= {n}")
            } else {
                n.clone()
            };
            v.push(Entry { color: c.color, dash: c.dash, marker: c.marker, text, swatch: i == 0 });
        }
    }
    for m in p.edge_marks.iter().filter(|m| !m.xs.is_empty()) {
        v.push(Entry {
            color: m.color,
            dash: Dash::None,
            marker: m.marker,
            text: m.name.clone(),
            swatch: true,
        });
    }
    v
}

/// Renders a figure: a title and panels stacked vertically, each with its legend below the
/// plot area (so that no legend covers data).
pub fn figure(title: &str, panels: &[Panel]) -> String {
    figure_layout(title, panels).0
}

/// `figure`, with where everything went.
pub fn figure_layout(title: &str, panels: &[Panel]) -> (String, Layout) {
    let (w, top) = (760.0, 40.0);
    let (l, r, t, plot_h, axis_h) = (78.0, 52.0, 12.0, 300.0, 46.0);
    let heights: Vec<f64> = panels
        .iter()
        .map(|p| {
            let n = legend_entries(p).len() as f64;
            t + plot_h + axis_h + if n > 0.0 { 10.0 + 16.0 * n } else { 0.0 } + 14.0
        })
        .collect();
    let hgt = top + heights.iter().sum::<f64>();
    let mut layout = Layout::default();
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{hgt}" viewBox="0 0 {w} {hgt}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="15">{}</text>"#,
        w / 2.0,
        rich(title)
    );
    let mut y0 = top;
    for (i, p) in panels.iter().enumerate() {
        panel(&mut s, &mut layout, p, (l, w - r), y0 + t, y0 + t + plot_h);
        y0 += heights[i];
    }
    s.push_str("</svg>\n");
    (s, layout)
}

/// A panel's plot area in pixels and the data range it shows: the map from data to pixels.
struct Axes {
    /// The plot area: `px0..px1` left to right, `py0..py1` top to bottom.
    px0: f64,
    px1: f64,
    py0: f64,
    py1: f64,
    /// The x range of the data.
    x0: f64,
    x1: f64,
    /// The y range shown: the data's with a margin, cut at `Panel::y_max`.
    ylo: f64,
    yhi: f64,
    /// Pixels at the bottom of the plot area kept for the edge marks.
    edge: f64,
}

/// Pixels between the frame and the first or last `x` of the data: more than a marker's
/// half-width.
const X_INSET: f64 = 8.0;

impl Axes {
    /// The axes for `p` on the plot area `(px0, px1) × (py0, py1)`: the range of every
    /// point, reference line and edge mark; `None` when nothing has an x to place it.
    fn fit(p: &Panel, (px0, px1): (f64, f64), py0: f64, py1: f64) -> Option<Axes> {
        let pts: Vec<(f64, f64)> = p
            .series
            .iter()
            .flat_map(|c| c.points.iter().copied())
            .chain(p.hlines.iter().map(|h| (f64::NAN, h.0)))
            .collect();
        let mut xs: Vec<f64> = pts.iter().map(|q| q.0).filter(|x| x.is_finite()).collect();
        xs.extend(p.edge_marks.iter().flat_map(|m| m.xs.iter().copied()));
        let mut ys: Vec<f64> = pts.iter().map(|q| q.1).filter(|y| y.is_finite()).collect();
        if xs.is_empty() {
            return None;
        }
        if ys.is_empty() {
            ys.push(0.0);
        }
        let (x0, x1) = (
            xs.iter().copied().fold(f64::INFINITY, f64::min),
            xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        );
        let (mut ylo, mut yhi) = (
            ys.iter().copied().fold(f64::INFINITY, f64::min),
            ys.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        );
        if let Some(m) = p.y_max {
            yhi = yhi.min(m);
        }
        let pad = ((yhi - ylo) * 0.06).max(0.05);
        ylo -= pad;
        yhi += pad;
        // Room at the bottom for the edge marks, one row per kind.
        let rows = p.edge_marks.iter().filter(|m| !m.xs.is_empty()).count() as f64;
        let edge = if rows > 0.0 { 5.0 + 10.0 * rows } else { 0.0 };
        Some(Axes { px0, px1, py0, py1, x0, x1, ylo, yhi, edge })
    }

    /// The pixel column of `x`: the data's range sits `X_INSET` inside the frame, so a marker
    /// at the first or last `x` is drawn whole (the curves are clipped to the frame).
    fn sx(&self, x: f64) -> f64 {
        let (l, r) = (self.px0 + X_INSET, self.px1 - X_INSET);
        l + (x - self.x0) / (self.x1 - self.x0).max(1e-9) * (r - l)
    }

    /// The pixel row of `y` (above the edge marks).
    fn sy(&self, y: f64) -> f64 {
        (self.py1 - self.edge)
            - (y - self.ylo) / (self.yhi - self.ylo).max(1e-9) * (self.py1 - self.edge - self.py0)
    }

    /// The y ticks: round values, or on a log2 axis the integer exponents among them.
    fn y_ticks(&self, scale: Scale) -> Vec<f64> {
        let (ylo, yhi) = (self.ylo, self.yhi);
        match scale {
            Scale::Linear => ticks(ylo, yhi, 6),
            Scale::Log2 => ticks(ylo, yhi, 6)
                .into_iter()
                .map(|v| v.round() as i64)
                .collect::<std::collections::BTreeSet<i64>>()
                .into_iter()
                .map(|v| v as f64)
                .filter(|v| *v >= ylo && *v <= yhi)
                .collect(),
        }
    }
}

/// Draws one panel on the plot area `(px0, px1) × (py0, py1)`, its axis labels below and left
/// of it and its legend below them; records where they went in `layout`. A panel with nothing
/// to place is not drawn.
fn panel(s: &mut String, layout: &mut Layout, p: &Panel, px: (f64, f64), py0: f64, py1: f64) {
    let Some(a) = Axes::fit(p, px, py0, py1) else { return };
    let _ = writeln!(s, r#"<g class="panel">"#);
    grid(s, p, &a);
    frame(s, p, &a);
    reference_lines(s, p, &a);
    curves(s, layout, p, &a);
    edge_marks(s, p, &a);
    legend(s, layout, p, &a);
    layout.plots.push((a.px0, a.py0, a.px1, a.py1));
    let _ = writeln!(s, "</g>");
}

/// The grid lines at the ticks, and the tick labels left of and below the plot area.
fn grid(s: &mut String, p: &Panel, a: &Axes) {
    let (px0, px1, py0, py1) = (a.px0, a.px1, a.py0, a.py1);
    for v in a.y_ticks(p.y_scale) {
        let _ = writeln!(
            s,
            r##"<line x1="{px0}" y1="{:.1}" x2="{px1}" y2="{:.1}" stroke="#e6e6e6"/>"##,
            a.sy(v),
            a.sy(v)
        );
        let label = match p.y_scale {
            Scale::Linear => fmt_tick(v),
            Scale::Log2 => rich(&format!("2^{{{}}}", fmt_tick(v))),
        };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{label}</text>"#,
            px0 - 6.0,
            a.sy(v) + 4.0
        );
    }
    for v in ticks(a.x0, a.x1, 8) {
        let _ = writeln!(
            s,
            r##"<line x1="{:.1}" y1="{py0}" x2="{:.1}" y2="{py1}" stroke="#f2f2f2"/>"##,
            a.sx(v),
            a.sx(v)
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
            a.sx(v),
            py1 + 16.0,
            fmt_tick(v)
        );
    }
}

/// The frame of the plot area and the axis labels.
fn frame(s: &mut String, p: &Panel, a: &Axes) {
    let (px0, px1, py0, py1) = (a.px0, a.px1, a.py0, a.py1);
    let _ = writeln!(
        s,
        r#"<rect x="{px0}" y="{py0}" width="{}" height="{}" fill="none" stroke="black"/>"#,
        px1 - px0,
        py1 - py0
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        (px0 + px1) / 2.0,
        py1 + 34.0,
        rich(&p.x_label)
    );
    let cy = (py0 + py1) / 2.0;
    let _ = writeln!(
        s,
        r#"<text x="16" y="{cy}" transform="rotate(-90 16 {cy})" text-anchor="middle">{}</text>"#,
        rich(&p.y_label)
    );
}

/// The horizontal reference lines, each labelled in the right margin, outside the data.
fn reference_lines(s: &mut String, p: &Panel, a: &Axes) {
    let (px0, px1) = (a.px0, a.px1);
    for (y, label) in &p.hlines {
        let _ = writeln!(
            s,
            r##"<line x1="{px0}" y1="{:.1}" x2="{px1}" y2="{:.1}" stroke="#555" stroke-dasharray="3 3"/>"##,
            a.sy(*y),
            a.sy(*y)
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{:.1}" fill="#555">{}</text>"##,
            px1 + 5.0,
            a.sy(*y) + 4.0,
            rich(label)
        );
    }
}

/// The curves, clipped to the plot area (a cut curve ends at the edge): a polyline unless the
/// series has no line, and its markers.
fn curves(s: &mut String, layout: &mut Layout, p: &Panel, a: &Axes) {
    let (px0, px1, py0, py1) = (a.px0, a.px1, a.py0, a.py1);
    let clip_id = format!("clip{}", layout.plots.len());
    let _ = writeln!(
        s,
        r#"<clipPath id="{clip_id}"><rect x="{px0}" y="{py0}" width="{}" height="{}"/></clipPath>"#,
        px1 - px0,
        py1 - py0
    );
    let _ = writeln!(s, r#"<g clip-path="url(#{clip_id})">"#);
    for c in p.series.iter().filter(|c| !c.points.is_empty()) {
        let px: Vec<(f64, f64)> = c.points.iter().map(|q| (a.sx(q.0), a.sy(q.1))).collect();
        if c.dash != Dash::None && px.len() > 1 {
            let path: Vec<String> = px.iter().map(|q| format!("{:.1},{:.1}", q.0, q.1)).collect();
            let _ = writeln!(
                s,
                r#"<polyline class="series" fill="none" stroke="{}" stroke-width="2"{} points="{}"/>"#,
                c.color,
                c.dash.attr(),
                path.join(" ")
            );
            layout.polylines.push(px.clone());
        }
        for (k, q) in px.iter().enumerate() {
            if k % c.marker_every.max(1) == 0 || k + 1 == px.len() {
                c.marker.draw(s, q.0, q.1, c.color);
            }
        }
    }
    let _ = writeln!(s, "</g>");
}

/// The edge marks along the bottom of the plot area, one row per kind.
fn edge_marks(s: &mut String, p: &Panel, a: &Axes) {
    for (k, m) in p.edge_marks.iter().filter(|m| !m.xs.is_empty()).enumerate() {
        for &x in &m.xs {
            m.marker.draw(s, a.sx(x), a.py1 - 7.0 - 10.0 * k as f64, m.color);
        }
    }
}

/// The legend, below the axis label: never over the data.
fn legend(s: &mut String, layout: &mut Layout, p: &Panel, a: &Axes) {
    let entries = legend_entries(p);
    let (bx, by) = (a.px0, a.py1 + 46.0);
    let widest = entries.iter().map(|e| text_width(&e.text)).fold(0.0, f64::max);
    let (bw, bh) = ((44.0 + widest).min(a.px1 - a.px0), 8.0 + 16.0 * entries.len() as f64);
    if !entries.is_empty() {
        let _ = writeln!(
            s,
            r##"<rect class="legend" x="{bx:.1}" y="{by:.1}" width="{bw:.1}" height="{bh}" fill="white" stroke="#cccccc"/>"##
        );
        layout.legends.push((bx, by, bx + bw, by + bh));
    }
    for (k, e) in entries.iter().enumerate() {
        let ly = by + 12.0 + 16.0 * k as f64;
        if e.swatch {
            if e.dash != Dash::None {
                let _ = writeln!(
                    s,
                    r#"<line x1="{:.1}" y1="{ly}" x2="{:.1}" y2="{ly}" stroke="{}" stroke-width="2"{}/>"#,
                    bx + 6.0,
                    bx + 32.0,
                    e.color,
                    e.dash.attr()
                );
            }
            e.marker.draw(s, bx + 19.0, ly, e.color);
        }
        let _ = writeln!(s, r#"<text x="{:.1}" y="{}">{}</text>"#, bx + 38.0, ly + 4.0, rich(&e.text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(ticks(0.0, 10.0, 5), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks(2.0, 168.0, 8), vec![20.0, 40.0, 60.0, 80.0, 100.0, 120.0, 140.0, 160.0]);
        let t: Vec<String> = ticks(0.9, 1.6, 6).into_iter().map(fmt_tick).collect();
        assert_eq!(t, ["0.9", "1", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6"]);
    }

    #[test]
    fn a_cut_axis_ends_at_y_max_and_log2_ticks_are_whole_powers() {
        let line = vec![(0.0, 0.0), (10.0, 40.0)];
        let mut p = Panel::new(
            "x",
            "y",
            Scale::Log2,
            vec![Series::new("a", color::BLUE, line, Dash::Solid, Marker::None)],
        );
        p.y_max = Some(10.0);
        let a = Axes::fit(&p, (0.0, 100.0), 0.0, 100.0).unwrap();
        // Cut at 10, then 6% of the range added at either end.
        assert!((a.ylo + 0.6).abs() < 1e-12 && (a.yhi - 10.6).abs() < 1e-12);
        assert_eq!(a.y_ticks(Scale::Log2), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!((a.sx(5.0), a.sy(a.ylo), a.edge), (50.0, 100.0, 0.0));
        // Nothing with an x: no panel is drawn.
        let empty = Panel::new("x", "y", Scale::Linear, vec![]);
        assert!(Axes::fit(&empty, (0.0, 100.0), 0.0, 100.0).is_none());
        let (svg, layout) = figure_layout("t", &[empty]);
        assert!(layout.plots.is_empty() && !svg.contains(r#"class="panel""#));
    }
}
