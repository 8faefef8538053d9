//! How a curve looks: its colour, line style and point marker.

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
    /// The `stroke-dasharray` attribute (with its leading space), empty for a solid line.
    pub(super) fn attr(self) -> &'static str {
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
    /// Writes the marker centred at the pixel `(x, y)`.
    pub(super) fn draw(self, s: &mut String, x: f64, y: f64, color: &str) {
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
