//! Plots as SVG, through one writer (no plotting dependency): a figure is one or more panels,
//! each with labelled axes, round ticks (1, 2, 5 × 10^k, or powers of two on a log2 axis),
//! a legend, and curves with markers. `ratio` (`minip amplify --plot`) and `rank`
//! (`minip rank --plot`) are figures built on it; the values plotted are certified ones
//! (display only: floats are never used for a decision).

use crate::batch::ratio::Record;
use crate::certify::rank::RankResult;
use minip_check::rational::{log2_abs, parse_rational};
use std::fmt::Write;

/// The Okabe–Ito palette (distinguishable with every common colour-vision deficiency); each
/// curve also gets its own line style and marker, so that colour is never the only cue.
pub mod color {
    pub const BLUE: &str = "#0072B2";
    pub const VERMILLION: &str = "#D55E00";
    pub const GREEN: &str = "#009E73";
    pub const PURPLE: &str = "#CC79A7";
    pub const ORANGE: &str = "#E69F00";
    pub const SKY: &str = "#56B4E9";
    pub const BLACK: &str = "#000000";
    pub const GREY: &str = "#7f7f7f";
    /// The cycle for families of curves.
    pub const CYCLE: [&str; 6] = [BLUE, VERMILLION, GREEN, PURPLE, ORANGE, SKY];
}

/// Line styles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dash {
    Solid,
    Dashed,
    Dotted,
    DashDot,
    /// No line: markers only.
    None,
}

impl Dash {
    pub const CYCLE: [Dash; 4] = [Dash::Solid, Dash::Dashed, Dash::DashDot, Dash::Dotted];
    fn attr(self) -> &'static str {
        match self {
            Dash::Solid | Dash::None => "",
            Dash::Dashed => r#" stroke-dasharray="7 4""#,
            Dash::Dotted => r#" stroke-dasharray="2 3""#,
            Dash::DashDot => r#" stroke-dasharray="9 3 2 3""#,
        }
    }
}

/// Point markers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Marker {
    None,
    Circle,
    Square,
    Triangle,
    Diamond,
    /// A downward triangle (values below a log axis: `R = 0`).
    Down,
    /// A cross (no value: an empty LP).
    Cross,
}

impl Marker {
    pub const CYCLE: [Marker; 4] = [Marker::Circle, Marker::Square, Marker::Triangle, Marker::Diamond];
    fn draw(self, s: &mut String, x: f64, y: f64, color: &str) {
        let r = 3.2;
        let _ = match self {
            Marker::None => Ok(()),
            Marker::Circle => writeln!(s, r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r}" fill="{color}"/>"#),
            Marker::Square => writeln!(
                s,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{color}"/>"#,
                x - r,
                y - r,
                2.0 * r,
                2.0 * r
            ),
            Marker::Triangle => writeln!(
                s,
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{color}"/>"#,
                x,
                y - r - 0.8,
                x - r,
                y + r,
                x + r,
                y + r
            ),
            Marker::Down => writeln!(
                s,
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{color}"/>"#,
                x,
                y + r + 1.5,
                x - r - 1.0,
                y - r,
                x + r + 1.0,
                y - r
            ),
            Marker::Diamond => writeln!(
                s,
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{color}"/>"#,
                x,
                y - r - 0.8,
                x + r + 0.8,
                y,
                x,
                y + r + 0.8,
                x - r - 0.8,
                y
            ),
            Marker::Cross => writeln!(
                s,
                r#"<path d="M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}" stroke="{color}" stroke-width="2"/>"#,
                x - r,
                y - r,
                x + r,
                y + r,
                x - r,
                y + r,
                x + r,
                y - r
            ),
        };
    }
}

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

fn fmt_tick(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64).replace('-', "−")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').replace('-', "−")
    }
}

/// Text with markup, escaped: `^{…}` is a superscript and `_{…}` a subscript (real tspans,
/// not a caret), and the word `eps` is written `ε`.
pub fn rich(t: &str) -> String {
    let mut out = String::new();
    let mut rest = t;
    while let Some(i) = rest.find(['^', '_']) {
        let (before, after) = rest.split_at(i);
        let Some(body) = after[1..].strip_prefix('{') else {
            out.push_str(&words(&esc(before), false));
            out.push_str(&esc(&after[..1]));
            rest = &after[1..];
            continue;
        };
        let Some(close) = body.find('}') else { break };
        out.push_str(&words(&esc(before), false));
        let (shift, back) = if after.starts_with('^') { ("-5", "5") } else { ("3", "-3") };
        let _ = write!(
            out,
            r#"<tspan dy="{shift}" font-size="0.75em">{}</tspan><tspan dy="{back}">{}</tspan>"#,
            words(&esc(&body[..close]), true),
            "\u{200b}"
        );
        rest = &body[close + 1..];
    }
    out.push_str(&words(&esc(rest), false));
    out
}

/// `eps` → `ε`, `-` between digits or letters in exponents → `−`.
fn words(t: &str, exponent: bool) -> String {
    let mut s = String::new();
    let chars: Vec<char> = t.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let boundary = |j: usize| j >= chars.len() || !chars[j].is_ascii_alphanumeric();
        if chars[i..].starts_with(&['e', 'p', 's']) && (i == 0 || boundary(i - 1)) && boundary(i + 3) {
            s.push('ε');
            i += 3;
            continue;
        }
        if exponent && chars[i] == '-' {
            s.push('−');
        } else {
            s.push(chars[i]);
        }
        i += 1;
    }
    s
}

/// The width of `t` (with markup) at font size 12, estimated.
fn text_width(t: &str) -> f64 {
    let plain: String = t.replace("^{", "").replace("_{", "").replace('}', "");
    6.4 * plain.chars().count() as f64
}

/// One legend line: a swatch (or none for a continuation) and its text.
struct Entry {
    color: &'static str,
    dash: Dash,
    marker: Marker,
    text: String,
    swatch: bool,
}

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

fn panel(s: &mut String, layout: &mut Layout, p: &Panel, (px0, px1): (f64, f64), py0: f64, py1: f64) {
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
        return;
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
    let xt = ticks(x0, x1, 8);
    let yt: Vec<f64> = match p.y_scale {
        Scale::Linear => ticks(ylo, yhi, 6),
        Scale::Log2 => ticks(ylo, yhi, 6)
            .into_iter()
            .map(|v| v.round() as i64)
            .collect::<std::collections::BTreeSet<i64>>()
            .into_iter()
            .map(|v| v as f64)
            .filter(|v| *v >= ylo && *v <= yhi)
            .collect(),
    };
    let sx = |x: f64| px0 + (x - x0) / (x1 - x0).max(1e-9) * (px1 - px0);
    let sy = |y: f64| (py1 - edge) - (y - ylo) / (yhi - ylo).max(1e-9) * (py1 - edge - py0);
    let _ = writeln!(s, r#"<g class="panel">"#);
    for &v in &yt {
        let _ = writeln!(
            s,
            r##"<line x1="{px0}" y1="{:.1}" x2="{px1}" y2="{:.1}" stroke="#e6e6e6"/>"##,
            sy(v),
            sy(v)
        );
        let label = match p.y_scale {
            Scale::Linear => fmt_tick(v),
            Scale::Log2 => rich(&format!("2^{{{}}}", fmt_tick(v))),
        };
        let _ =
            writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">{label}</text>"#, px0 - 6.0, sy(v) + 4.0);
    }
    for &v in &xt {
        let _ = writeln!(
            s,
            r##"<line x1="{:.1}" y1="{py0}" x2="{:.1}" y2="{py1}" stroke="#f2f2f2"/>"##,
            sx(v),
            sx(v)
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
            sx(v),
            py1 + 16.0,
            fmt_tick(v)
        );
    }
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
    for (y, label) in &p.hlines {
        let _ = writeln!(
            s,
            r##"<line x1="{px0}" y1="{:.1}" x2="{px1}" y2="{:.1}" stroke="#555" stroke-dasharray="3 3"/>"##,
            sy(*y),
            sy(*y)
        );
        // In the right margin, outside the data.
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{:.1}" fill="#555">{}</text>"##,
            px1 + 5.0,
            sy(*y) + 4.0,
            rich(label)
        );
    }
    // Curves, clipped to the plot area (a cut curve ends at the edge).
    let clip_id = format!("clip{}", layout.plots.len());
    let _ = writeln!(
        s,
        r#"<clipPath id="{clip_id}"><rect x="{px0}" y="{py0}" width="{}" height="{}"/></clipPath>"#,
        px1 - px0,
        py1 - py0
    );
    let _ = writeln!(s, r#"<g clip-path="url(#{clip_id})">"#);
    for c in p.series.iter().filter(|c| !c.points.is_empty()) {
        let px: Vec<(f64, f64)> = c.points.iter().map(|q| (sx(q.0), sy(q.1))).collect();
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
    for (k, m) in p.edge_marks.iter().filter(|m| !m.xs.is_empty()).enumerate() {
        for &x in &m.xs {
            m.marker.draw(s, sx(x), py1 - 7.0 - 10.0 * k as f64, m.color);
        }
    }
    // The legend, below the axis label: never over the data.
    let entries = legend_entries(p);
    let (bx, by) = (px0, py1 + 46.0);
    let widest = entries.iter().map(|e| text_width(&e.text)).fold(0.0, f64::max);
    let (bw, bh) = ((44.0 + widest).min(px1 - px0), 8.0 + 16.0 * entries.len() as f64);
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
    layout.plots.push((px0, py0, px1, py1));
    let _ = writeln!(s, "</g>");
}

fn esc(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// `minip amplify --plot`: log2 R and log2 of the chain bound against h, and below it their
/// quotient R / chain, where the factor 3/2 by which the exact ratio beats the chain bound shows.
pub fn ratio(recs: &[Record], title: &str) -> String {
    ratio_layout(recs, title).0
}

/// `ratio`, with its layout.
pub fn ratio_layout(recs: &[Record], title: &str) -> (String, Layout) {
    let exact: Vec<(f64, f64)> = recs.iter().filter_map(|r| r.log2_ratio.map(|y| (r.h as f64, y))).collect();
    let chain: Vec<(f64, f64)> = recs
        .iter()
        .filter_map(|r| {
            r.chain_bound
                .as_ref()
                .and_then(|c| parse_rational(c).ok())
                .filter(num_traits::Signed::is_positive)
                .map(|c| (r.h as f64, log2_abs(&c)))
        })
        .collect();
    let quotient: Vec<(f64, f64)> =
        recs.iter().filter_map(|r| r.ratio_over_chain.map(|q| (r.h as f64, q))).collect();
    let every = (exact.len() / 24).max(1);
    let mut r = Series::new(
        "R (exact, certified): line and markers",
        color::BLUE,
        exact,
        Dash::Solid,
        Marker::Circle,
    );
    r.marker_every = every;
    let zeros: Vec<f64> =
        recs.iter().filter(|r| r.ratio.as_deref() == Some("0")).map(|r| r.h as f64).collect();
    let mut top = Panel::new(
        "h = |x| (query weight)",
        "forced ratio (log_{2} scale)",
        Scale::Log2,
        vec![
            r,
            Series::new(
                "chain bound (the paper's argument), dashed; within a factor 3/2 of R, see below",
                color::VERMILLION,
                chain,
                Dash::Dashed,
                Marker::None,
            ),
        ],
    );
    top.edge_marks.push(EdgeMarks {
        name: "R = 0 (below any log scale)".into(),
        color: color::BLUE,
        marker: Marker::Down,
        xs: zeros,
    });
    let mut panels = vec![top];
    if !quotient.is_empty() {
        let mut q = Panel::new(
            "h = |x| (query weight)",
            "R / chain bound",
            Scale::Linear,
            vec![Series::new("R / chain bound", color::GREEN, quotient, Dash::Solid, Marker::Circle)],
        );
        q.series[0].marker_every = every;
        q.hlines = vec![(1.5, "3/2".into()), (1.0, "1".into())];
        panels.push(q);
    }
    figure_layout(title, &panels)
}

/// The trivial `2^m` (log2: `y = m`) over `[m0, m1]`, cut where it leaves a y axis ending at
/// `top` (it would flatten everything else); always at least its first stretch is visible.
fn trivial_line(m0: f64, m1: f64, top: f64) -> (Vec<(f64, f64)>, f64) {
    let ymax = top.max(m0 + 4.0);
    let end = m1.min(ymax + 2.0);
    (vec![(m0, m0), (end, end)], ymax)
}

/// `minip rank --plot`: the certified bound, the paper's `2^{m/10−6}` and the trivial `2^m`
/// against `m`, on a log2 scale.
pub fn rank(rs: &[&RankResult]) -> String {
    rank_layout(rs).0
}

/// `rank`, with its layout.
pub fn rank_layout(rs: &[&RankResult]) -> (String, Layout) {
    let bound: Vec<(f64, f64)> =
        rs.iter().map(|r| (r.m as f64, (r.cert.claim().bound as f64).log2())).collect();
    let paper: Vec<(f64, f64)> = rs.iter().map(|r| (r.m as f64, r.m as f64 / 10.0 - 6.0)).collect();
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

/// One curve of `minip amplify --grid FILE --plot`: `log2 R` where `R > 0`, the `h` where
/// `R = 0` or the LP is empty, and the chain bound of its classes.
pub struct Curve {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    pub zeros: Vec<f64>,
    pub empty: Vec<f64>,
    pub chain: Vec<(f64, f64)>,
}

/// Integers as runs: `2, 3, 4, 7` → `2–4, 7`.
fn runs(v: &[f64]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1.0 {
            j += 1;
        }
        out.push(if j > i + 1 {
            format!("{}–{}", v[i], v[j])
        } else if j == i + 1 {
            format!("{}, {}", v[i], v[j])
        } else {
            format!("{}", v[i])
        });
        i = j + 1;
    }
    out.join(", ")
}

/// Several curves of `log2 R` against `h` (one per series of a ratio table): series with the
/// same values are drawn once and named together; `R = 0` and empty LPs are marked at the
/// bottom edge; the chain bound is drawn for comparison.
pub fn series(curves: &[Curve], title: &str) -> String {
    series_layout(curves, title).0
}

/// `series`, with its layout.
pub fn series_layout(curves: &[Curve], title: &str) -> (String, Layout) {
    let same = |a: &Curve, b: &Curve| {
        a.zeros == b.zeros
            && a.empty == b.empty
            && a.points.len() == b.points.len()
            && a.points.iter().zip(&b.points).all(|(p, q)| p.0 == q.0 && (p.1 - q.1).abs() < 1e-12)
    };
    // Groups of coinciding curves, in file order.
    let mut groups: Vec<Vec<&Curve>> = Vec::new();
    for c in curves {
        match groups.iter_mut().find(|g| same(g[0], c)) {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    let mut series = Vec::new();
    let mut marks = Vec::new();
    for (i, g) in groups.iter().enumerate() {
        let color = color::CYCLE[i % color::CYCLE.len()];
        let names: Vec<String> = g.iter().map(|c| c.name.clone()).collect();
        if !g[0].points.is_empty() {
            series.push(Series {
                names: names.clone(),
                color,
                points: g[0].points.clone(),
                dash: Dash::CYCLE[i % Dash::CYCLE.len()],
                marker: Marker::CYCLE[i % Marker::CYCLE.len()],
                marker_every: 1,
            });
        }
        let label = if names.len() > 1 {
            format!("{} (and {} more)", names[0], names.len() - 1)
        } else {
            names[0].clone()
        };
        let hs = |v: &[f64]| runs(v);
        if !g[0].zeros.is_empty() {
            marks.push(EdgeMarks {
                name: format!("{label}: R = 0 at h = {} (no log value)", hs(&g[0].zeros)),
                color,
                marker: Marker::Down,
                xs: g[0].zeros.clone(),
            });
        }
        if !g[0].empty.is_empty() {
            marks.push(EdgeMarks {
                name: format!("{label}: empty at h = {} (no correct head at all)", hs(&g[0].empty)),
                color,
                marker: Marker::Cross,
                xs: g[0].empty.clone(),
            });
        }
    }
    // The chain bounds the text compares with (one line per distinct bound).
    let mut chains: Vec<&Vec<(f64, f64)>> = Vec::new();
    for c in curves.iter().filter(|c| !c.chain.is_empty()) {
        if !chains.contains(&&c.chain) {
            chains.push(&c.chain);
        }
    }
    for (k, ch) in chains.iter().enumerate() {
        let name =
            if chains.len() == 1 { "chain bound".to_string() } else { format!("chain bound {}", k + 1) };
        series.push(Series::new(name, color::BLACK, ch.to_vec(), Dash::Dotted, Marker::None));
    }
    let mut p = Panel::new("h = |x| (query weight)", "forced ratio R (log_{2} scale)", Scale::Log2, series);
    p.edge_marks = marks;
    figure_layout(title, &[p])
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

/// `log2(bound)/m` against `m` for the frontier (docs/frontier.md): the certified lower bounds
/// at the `m` where a certificate exists (markers; a certificate carried up from a smaller `m`
/// is not drawn again), the certified upper bounds per kernel class, the paper's `2^{m/10−6}`
/// (drawn where it is above 1) and the trivial `2^m` (the line at 1).
pub fn frontier(rows: &[crate::batch::frontier::Row]) -> String {
    frontier_layout(rows).0
}

/// `frontier`, with its layout.
pub fn frontier_layout(rows: &[crate::batch::frontier::Row]) -> (String, Layout) {
    use crate::batch::frontier::{Lower, Row, Upper};
    use minip_check::rational::Rat;
    let log2big = |x: &num_bigint::BigInt| minip_check::rational::log2_abs(&Rat::from_integer(x.clone()));
    let upper = |f: fn(&Row) -> &Option<Result<Upper, String>>| {
        move |x: &Row| {
            f(x).as_ref()
                .and_then(|c| c.as_ref().ok())
                .map(|u| log2big(&u.head.claim().rank) / f64::from(x.m))
        }
    };
    // Only where the certificate is for this m itself.
    let own = |l: &Option<Lower>, m: u32| {
        l.as_ref().filter(|lb| lb.from_m == m).map(|lb| (lb.bound as f64).log2() / f64::from(m))
    };
    type Curve<'a> = (&'a str, &'static str, Dash, Marker, Box<dyn Fn(&Row) -> Option<f64> + 'a>);
    let curves: Vec<Curve> = vec![
        (
            "upper: per-weight f_{|x|}",
            color::GREEN,
            Dash::Solid,
            Marker::Circle,
            Box::new(upper(|x| &x.per_weight)),
        ),
        ("upper: shared f", color::ORANGE, Dash::Dashed, Marker::Square, Box::new(upper(|x| &x.shared))),
        (
            "upper: sparse shared f",
            color::PURPLE,
            Dash::Dotted,
            Marker::Diamond,
            Box::new(upper(|x| &x.sparse)),
        ),
        (
            "lower: explicit codes (certificate at this m)",
            color::VERMILLION,
            Dash::None,
            Marker::Triangle,
            Box::new(move |x: &Row| own(&x.lower, x.m)),
        ),
        (
            "lower: linear codes (certificate at this m)",
            color::BLUE,
            Dash::None,
            Marker::Down,
            Box::new(move |x: &Row| own(&x.lower_linear, x.m)),
        ),
        (
            "the paper's 2^{m/10 − 6} (where > 1)",
            color::SKY,
            Dash::DashDot,
            Marker::None,
            Box::new(|x: &Row| Some((f64::from(x.m) / 10.0 - 6.0) / f64::from(x.m)).filter(|y| *y >= 0.0)),
        ),
    ];
    let series: Vec<Series> = curves
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
/// one series per sequence length `n` (colours and markers cycle).
pub fn frontier_by_n(runs: &[(u32, Vec<crate::batch::frontier::Row>)]) -> String {
    use minip_check::rational::Rat;
    let log2big = |x: &num_bigint::BigInt| minip_check::rational::log2_abs(&Rat::from_integer(x.clone()));
    let series: Vec<Series> = runs
        .iter()
        .enumerate()
        .map(|(i, (n, rows))| {
            let pts: Vec<(f64, f64)> = rows
                .iter()
                .filter_map(|r| {
                    let u = r.per_weight.as_ref()?.as_ref().ok()?;
                    Some((f64::from(r.m), log2big(&u.head.claim().rank) / f64::from(r.m)))
                })
                .collect();
            Series::new(
                format!("per-weight heads, n = {n}"),
                color::CYCLE[i % color::CYCLE.len()],
                pts,
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

    #[test]
    fn superscripts_are_tspans_and_eps_is_epsilon() {
        assert_eq!(
            rich("2^{10}"),
            "2<tspan dy=\"-5\" font-size=\"0.75em\">10</tspan><tspan dy=\"5\">\u{200b}</tspan>"
        );
        assert_eq!(rich("n = 3, eps = 1/2, a<b"), "n = 3, ε = 1/2, a&lt;b");
        assert!(rich("2^{m/10-6}").contains(">m/10−6</tspan>"));
        assert_eq!(rich("steps"), "steps");
    }

    /// Whether the segment `a`–`b` meets the box `(x0, y0, x1, y1)`.
    pub fn crosses(a: (f64, f64), b: (f64, f64), r: (f64, f64, f64, f64)) -> bool {
        (0..=64).any(|k| {
            let t = k as f64 / 64.0;
            let (x, y) = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
            x >= r.0 && x <= r.2 && y >= r.1 && y <= r.3
        })
    }

    #[test]
    fn the_legend_is_below_the_plot_and_meets_no_curve() {
        let s = |i: usize, n: usize| -> Vec<(f64, f64)> {
            (0..n).map(|k| (k as f64, (k * (i + 1)) as f64)).collect()
        };
        let curves: Vec<Curve> = (0..7)
            .map(|i| Curve {
                name: format!("series {i}"),
                points: s(i % 2, 12),
                zeros: if i == 6 { vec![3.0] } else { vec![] },
                empty: vec![],
                chain: s(0, 12),
            })
            .collect();
        let (svg, layout) = series_layout(&curves, "test");
        // Seven series in two groups of coinciding ones (the last one with its R = 0 mark).
        assert!(svg.contains("(3 series coincide:)") && svg.contains("R = 0 at h = 3 "), "{svg}");
        assert_eq!(runs(&[2.0, 3.0, 4.0, 7.0, 9.0, 10.0]), "2–4, 7, 9, 10");
        assert_eq!(layout.legends.len(), 1);
        let leg = layout.legends[0];
        let plot = layout.plots[0];
        assert!(leg.1 > plot.3, "the legend starts below the plot area");
        for line in &layout.polylines {
            for w in line.windows(2) {
                assert!(!crosses(w[0], w[1], leg));
            }
        }
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(ticks(0.0, 10.0, 5), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks(2.0, 168.0, 8), vec![20.0, 40.0, 60.0, 80.0, 100.0, 120.0, 140.0, 160.0]);
        let t: Vec<String> = ticks(0.9, 1.6, 6).into_iter().map(fmt_tick).collect();
        assert_eq!(t, ["0.9", "1", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6"]);
    }
}
