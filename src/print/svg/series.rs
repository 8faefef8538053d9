//! `minip amplify --grid FILE --plot`: one curve of `log2 R` against `h` per series of a ratio
//! table, coinciding series drawn once, `R = 0` and empty LPs marked at the bottom edge.

use super::{color, figure_layout, Dash, EdgeMarks, Layout, Marker, Panel, Scale, Series};

/// One curve of `minip amplify --grid FILE --plot`: `log2 R` where `R > 0`, the `h` where
/// `R = 0` or the LP is empty, and the chain bound of its classes.
pub struct Curve {
    /// The series' name, as the legend shows it.
    pub name: String,
    /// `(h, log2 R)` where `R > 0`.
    pub points: Vec<(f64, f64)>,
    /// The `h` where `R = 0`.
    pub zeros: Vec<f64>,
    /// The `h` where the LP is empty.
    pub empty: Vec<f64>,
    /// `(h, log2 chain bound)` where the chain bound is positive.
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
