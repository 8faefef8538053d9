//! Plots as SVG, through one writer (no plotting dependency): a figure is one or more panels,
//! each with labelled axes, round ticks (1, 2, 5 × 10^k, or powers of two on a log2 axis),
//! a legend, and curves with markers. `ratio` (`minip amplify --plot`) and `rank`
//! (`minip rank --plot`) are figures built on it; the values plotted are certified ones
//! (display only: floats are never used for a decision).

use crate::batch::ratio::Record;
use crate::certify::rank::RankResult;
use minip_check::rational::{log2_abs, parse_rational};
use std::fmt::Write;

/// One curve.
pub struct Series {
    pub name: String,
    pub color: &'static str,
    pub points: Vec<(f64, f64)>,
    pub dashed: bool,
    pub markers: bool,
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
    /// Horizontal reference lines `(y, label)`.
    pub hlines: Vec<(f64, String)>,
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
        format!("{}", v.round() as i64)
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Renders a figure: a title and panels stacked vertically.
pub fn figure(title: &str, panels: &[Panel]) -> String {
    let (w, ph, top) = (760.0, 380.0, 40.0);
    let (l, r, t, b) = (78.0, 24.0, 16.0, 52.0);
    let hgt = top + ph * panels.len() as f64;
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
        esc(title)
    );
    for (i, p) in panels.iter().enumerate() {
        let y0 = top + ph * i as f64;
        let pts: Vec<(f64, f64)> = p
            .series
            .iter()
            .flat_map(|c| c.points.iter().copied())
            .chain(p.hlines.iter().map(|h| (f64::NAN, h.0)))
            .collect();
        let xs: Vec<f64> = pts.iter().map(|q| q.0).filter(|x| x.is_finite()).collect();
        let ys: Vec<f64> = pts.iter().map(|q| q.1).filter(|y| y.is_finite()).collect();
        if xs.is_empty() || ys.is_empty() {
            continue;
        }
        let (x0, x1) = (
            xs.iter().cloned().fold(f64::INFINITY, f64::min),
            xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
        );
        let (mut ylo, mut yhi) = (
            ys.iter().cloned().fold(f64::INFINITY, f64::min),
            ys.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
        );
        let pad = ((yhi - ylo) * 0.06).max(0.05);
        ylo -= pad;
        yhi += pad;
        let xt = ticks(x0, x1, 8);
        let yt = match p.y_scale {
            Scale::Linear => ticks(ylo, yhi, 6),
            Scale::Log2 => ticks(ylo, yhi, 6)
                .into_iter()
                .map(|v| v.round() as i64)
                .collect::<std::collections::BTreeSet<i64>>()
                .into_iter()
                .map(|v| v as f64)
                .collect(),
        };
        let (px0, px1, py0, py1) = (l, w - r, y0 + t, y0 + ph - b);
        let sx = |x: f64| px0 + (x - x0) / (x1 - x0).max(1e-9) * (px1 - px0);
        let sy = |y: f64| py1 - (y - ylo) / (yhi - ylo).max(1e-9) * (py1 - py0);
        for &v in &yt {
            let _ = writeln!(
                s,
                r##"<line x1="{px0}" y1="{:.1}" x2="{px1}" y2="{:.1}" stroke="#e6e6e6"/>"##,
                sy(v),
                sy(v)
            );
            let label = match p.y_scale {
                Scale::Linear => fmt_tick(v),
                Scale::Log2 => format!("2^{}", fmt_tick(v)),
            };
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{:.1}" text-anchor="end">{label}</text>"#,
                px0 - 6.0,
                sy(v) + 4.0
            );
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
            py1 + 36.0,
            esc(&p.x_label)
        );
        let cy = (py0 + py1) / 2.0;
        let _ = writeln!(
            s,
            r#"<text x="18" y="{cy}" transform="rotate(-90 18 {cy})" text-anchor="middle">{}</text>"#,
            esc(&p.y_label)
        );
        for (y, label) in &p.hlines {
            let _ = writeln!(
                s,
                r##"<line x1="{px0}" y1="{:.1}" x2="{px1}" y2="{:.1}" stroke="#555" stroke-dasharray="3 3"/>"##,
                sy(*y),
                sy(*y)
            );
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{:.1}" text-anchor="end" fill="#555">{}</text>"##,
                px1 - 4.0,
                sy(*y) - 4.0,
                esc(label)
            );
        }
        // The legend's box (opaque white), in the corner that covers the fewest
        // points of the curves (segments sampled), so that it hides as little as possible.
        let named = p.series.iter().filter(|c| !c.points.is_empty()).count();
        let longest = p
            .series
            .iter()
            .filter(|c| !c.points.is_empty())
            .map(|c| c.name.chars().count())
            .max()
            .unwrap_or(0) as f64;
        let (bw, bh) = (44.0 + 6.6 * longest, 8.0 + 16.0 * named as f64);
        let mut samples: Vec<(f64, f64)> = Vec::new();
        for c in &p.series {
            for w in c.points.windows(2) {
                for t in 0..8 {
                    let f = t as f64 / 8.0;
                    samples.push((sx(w[0].0 + f * (w[1].0 - w[0].0)), sy(w[0].1 + f * (w[1].1 - w[0].1))));
                }
            }
            samples.extend(c.points.iter().map(|q| (sx(q.0), sy(q.1))));
        }
        for (y, _) in &p.hlines {
            samples.extend((0..=32).map(|t| (px0 + (px1 - px0) * t as f64 / 32.0, sy(*y))));
        }
        let corners = [
            (px0 + 4.0, py0 + 4.0),
            (px1 - 4.0 - bw, py0 + 4.0),
            (px1 - 4.0 - bw, py1 - 4.0 - bh),
            (px0 + 4.0, py1 - 4.0 - bh),
        ];
        let covered = |&(x, y): &(f64, f64)| {
            samples.iter().filter(|q| q.0 >= x && q.0 <= x + bw && q.1 >= y && q.1 <= y + bh).count()
        };
        let (bx, by) = corners.iter().copied().min_by_key(|c| covered(c)).unwrap_or(corners[0]);
        let shown: Vec<&Series> = p.series.iter().filter(|c| !c.points.is_empty()).collect();
        for c in &shown {
            let path: Vec<String> =
                c.points.iter().map(|q| format!("{:.1},{:.1}", sx(q.0), sy(q.1))).collect();
            let dash = if c.dashed { r#" stroke-dasharray="6 4""# } else { "" };
            let _ = writeln!(
                s,
                r#"<polyline fill="none" stroke="{}" stroke-width="2"{dash} points="{}"/>"#,
                c.color,
                path.join(" ")
            );
            if c.markers {
                for q in &c.points {
                    let _ = writeln!(
                        s,
                        r#"<circle cx="{:.1}" cy="{:.1}" r="2.5" fill="{}"/>"#,
                        sx(q.0),
                        sy(q.1),
                        c.color
                    );
                }
            }
        }
        // The legend last, over the curves.
        if named > 0 {
            let _ = writeln!(
                s,
                r##"<rect x="{bx:.1}" y="{by:.1}" width="{bw:.1}" height="{bh}" fill="white" stroke="#cccccc"/>"##
            );
        }
        for (k, c) in shown.iter().enumerate() {
            let dash = if c.dashed { r#" stroke-dasharray="6 4""# } else { "" };
            let ly = by + 12.0 + 16.0 * k as f64;
            let _ = writeln!(
                s,
                r#"<line x1="{:.1}" y1="{ly}" x2="{:.1}" y2="{ly}" stroke="{}" stroke-width="2"{dash}/><text x="{:.1}" y="{}">{}</text>"#,
                bx + 6.0,
                bx + 30.0,
                c.color,
                bx + 36.0,
                ly + 4.0,
                esc(&c.name)
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

fn esc(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// `minip amplify --plot`: log2 R and log2 of the chain bound against h, and below it their
/// quotient R / chain, where the factor 3/2 by which the exact ratio beats the chain bound shows.
pub fn ratio(recs: &[Record], title: &str) -> String {
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
    let mut panels = vec![Panel {
        x_label: "h = |x| (query weight)".into(),
        y_label: "forced ratio (log2 scale)".into(),
        y_scale: Scale::Log2,
        series: vec![
            Series {
                name: "R (exact, certified)".into(),
                color: "#1f77b4",
                points: exact,
                dashed: false,
                markers: true,
            },
            Series {
                name: "chain bound (paper's argument)".into(),
                color: "#d62728",
                points: chain,
                dashed: true,
                markers: false,
            },
        ],
        hlines: vec![],
    }];
    if !quotient.is_empty() {
        panels.push(Panel {
            x_label: "h = |x| (query weight)".into(),
            y_label: "R / chain bound".into(),
            y_scale: Scale::Linear,
            series: vec![Series {
                name: "R / chain bound".into(),
                color: "#2ca02c",
                points: quotient,
                dashed: false,
                markers: true,
            }],
            hlines: vec![(1.5, "3/2".into()), (1.0, "1".into())],
        });
    }
    figure(title, &panels)
}

/// `minip rank --plot`: the certified bound, the paper's `2^{m/10−6}` and the trivial `2^m`
/// against `m`, on a log2 scale.
pub fn rank(rs: &[&RankResult]) -> String {
    let bound: Vec<(f64, f64)> =
        rs.iter().map(|r| (r.m as f64, (r.cert.claim().bound as f64).log2())).collect();
    let paper: Vec<(f64, f64)> = rs.iter().map(|r| (r.m as f64, r.m as f64 / 10.0 - 6.0)).collect();
    let trivial: Vec<(f64, f64)> = rs.iter().map(|r| (r.m as f64, r.m as f64)).collect();
    figure(
        "Certified feature-rank lower bounds (heads correct on all length-3 Min-IP sequences, eps = 1/2)",
        &[Panel {
            x_label: "m (bits per token)".into(),
            y_label: "feature rank (log2 scale)".into(),
            y_scale: Scale::Log2,
            series: vec![
                Series {
                    name: "certified lower bound".into(),
                    color: "#c0392b",
                    points: bound,
                    dashed: false,
                    markers: true,
                },
                Series {
                    name: "paper 2^(m/10-6)".into(),
                    color: "#2471a3",
                    points: paper,
                    dashed: true,
                    markers: false,
                },
                Series {
                    name: "trivial upper bound 2^m".into(),
                    color: "#7f8c8d",
                    points: trivial,
                    dashed: true,
                    markers: false,
                },
            ],
            hlines: vec![],
        }],
    )
}

/// Several curves of `log2 R` against `h` (one per series of a ratio table, only `R > 0`
/// plotted): `minip amplify --grid FILE --plot`.
pub fn series(curves: &[(String, Vec<(f64, f64)>)], title: &str) -> String {
    const COLORS: [&str; 8] =
        ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f"];
    let series = curves
        .iter()
        .enumerate()
        .map(|(i, (name, pts))| Series {
            name: name.clone(),
            color: COLORS[i % COLORS.len()],
            points: pts.clone(),
            dashed: i % 2 == 1,
            markers: true,
        })
        .collect();
    figure(
        title,
        &[Panel {
            x_label: "h = |x| (query weight)".into(),
            y_label: "forced ratio R (log2 scale)".into(),
            y_scale: Scale::Log2,
            series,
            hlines: vec![],
        }],
    )
}

/// `minip rank --linear --plot` (docs/rank.svg): `log2` of the certified bound against `m`, one
/// line per `n` (`(m, n, log2 bound)`), the explicit-code bounds (`m ≤ 24`), the paper's
/// `2^{m/10−6}` (where it is at least 1) and the trivial `2^m` (drawn only up to the top of the
/// certified curves, so that it does not flatten them).
pub fn rank_linear(linear: &[(u32, u32, f64)], explicit: &[(u32, u32, f64)]) -> String {
    const COLORS: [&str; 6] = ["#c0392b", "#e67e22", "#27ae60", "#16a085", "#8e44ad", "#2c3e50"];
    let mut ns: Vec<u32> = linear.iter().map(|p| p.1).collect();
    ns.sort_unstable();
    ns.dedup();
    let mut series: Vec<Series> = ns
        .iter()
        .enumerate()
        .map(|(i, &n)| Series {
            name: format!("linear codes, n = {n} (exact pair counts)"),
            color: COLORS[i % COLORS.len()],
            points: linear.iter().filter(|p| p.1 == n).map(|p| (f64::from(p.0), p.2)).collect(),
            dashed: false,
            markers: true,
        })
        .collect();
    if !explicit.is_empty() {
        let pts = explicit.iter().map(|p| (f64::from(p.0), p.2)).collect();
        series.push(Series {
            name: "explicit codes + SAT maximality (m <= 24)".into(),
            color: "#2471a3",
            points: pts,
            dashed: false,
            markers: true,
        });
    }
    let mut ms: Vec<u32> = linear.iter().chain(explicit).map(|p| p.0).collect();
    ms.sort_unstable();
    ms.dedup();
    let top = linear.iter().chain(explicit).map(|p| p.2).fold(0.0, f64::max);
    let paper: Vec<(f64, f64)> =
        ms.iter().map(|&m| (f64::from(m), f64::from(m) / 10.0 - 6.0)).filter(|p| p.1 >= 0.0).collect();
    series.push(Series {
        name: "paper 2^(m/10-6)".into(),
        color: "#2471a3",
        points: paper,
        dashed: true,
        markers: false,
    });
    let trivial: Vec<(f64, f64)> =
        ms.iter().map(|&m| f64::from(m)).filter(|&m| m <= top.max(1.0) * 1.15).map(|m| (m, m)).collect();
    series.push(Series {
        name: "trivial upper bound 2^m (cut at the top)".into(),
        color: "#7f8c8d",
        points: trivial,
        dashed: true,
        markers: false,
    });
    figure(
        "Certified feature-rank lower bounds, heads correct on all Min-IP sequences, eps = 1/2",
        &[Panel {
            x_label: "m (bits per token)".into(),
            y_label: "feature rank (log2 scale)".into(),
            y_scale: Scale::Log2,
            series,
            hlines: vec![],
        }],
    )
}

/// `log2(bound)/m` against `log2 n` (`minip rank --linear --plot-n`): one curve per `m` from
/// `(m, n, exponent)`, the ceiling's limit `1 − log2(1 + 1/c_n)` (docs/math.md §9.5) and 1.
pub fn rank_linear_by_n(pts: &[(u32, u32, f64)], ceiling: &[(f64, f64)]) -> String {
    const COLORS: [&str; 6] = ["#c0392b", "#e67e22", "#27ae60", "#16a085", "#8e44ad", "#2c3e50"];
    let mut ms: Vec<u32> = pts.iter().map(|p| p.0).collect();
    ms.sort_unstable();
    ms.dedup();
    let mut series: Vec<Series> = ms
        .iter()
        .enumerate()
        .map(|(i, &m)| Series {
            name: format!("certified, m = {m}"),
            color: COLORS[i % COLORS.len()],
            points: pts.iter().filter(|p| p.0 == m).map(|p| (f64::from(p.1).log2(), p.2)).collect(),
            dashed: false,
            markers: true,
        })
        .collect();
    series.push(Series {
        name: "ceiling of the code argument, 1 - log2(1 + 1/c_n)".into(),
        color: "#7f8c8d",
        points: ceiling.to_vec(),
        dashed: true,
        markers: false,
    });
    figure(
        "Certified exponent log2(rank bound)/m against the sequence length n, eps = 1/2",
        &[Panel {
            x_label: "log2 n (sequence length)".into(),
            y_label: "log2(bound)/m".into(),
            y_scale: Scale::Linear,
            series,
            hlines: vec![(1.0, "1 (the trivial 2^m)".into())],
        }],
    )
}

/// `log2(bound)/m` against `m` for the frontier (docs/frontier.md): the certified lower bound,
/// the certified upper bounds per kernel class, the paper's `2^{m/10−6}` (drawn where it is
/// above 1) and the trivial `2^m` (the line at 1).
pub fn frontier(rows: &[crate::batch::frontier::Row]) -> String {
    use crate::batch::frontier::{Row, Upper};
    use minip_check::rational::Rat;
    let log2big = |x: &num_bigint::BigInt| minip_check::rational::log2_abs(&Rat::from_integer(x.clone()));
    let upper = |f: fn(&Row) -> &Option<Result<Upper, String>>| {
        move |x: &Row| {
            f(x).as_ref()
                .and_then(|c| c.as_ref().ok())
                .map(|u| log2big(&u.head.claim().rank) / f64::from(x.m))
        }
    };
    type Curve<'a> = (&'a str, &'static str, bool, Box<dyn Fn(&Row) -> Option<f64> + 'a>);
    let curves: Vec<Curve> = vec![
        ("trivial 2^m", "#7f8c8d", true, Box::new(|_: &Row| Some(1.0))),
        ("upper: shared f", "#e67e22", false, Box::new(upper(|x| &x.shared))),
        ("upper: sparse shared", "#8e44ad", false, Box::new(upper(|x| &x.sparse))),
        ("upper: per-weight f_|x|", "#27ae60", false, Box::new(upper(|x| &x.per_weight))),
        (
            "lower: explicit codes (certified)",
            "#c0392b",
            false,
            Box::new(|x: &Row| x.lower.as_ref().map(|lb| (lb.bound as f64).log2() / f64::from(x.m))),
        ),
        (
            "lower: linear codes (certified)",
            "#d35400",
            false,
            Box::new(|x: &Row| x.lower_linear.as_ref().map(|lb| (lb.bound as f64).log2() / f64::from(x.m))),
        ),
        (
            "paper 2^(m/10-6) (where > 1)",
            "#2471a3",
            true,
            Box::new(|x: &Row| Some((f64::from(x.m) / 10.0 - 6.0) / f64::from(x.m)).filter(|y| *y >= 0.0)),
        ),
    ];
    let series = curves
        .iter()
        .map(|(name, color, dashed, f)| Series {
            name: (*name).into(),
            color,
            points: rows.iter().filter_map(|x| f(x).map(|y| (f64::from(x.m), y))).collect(),
            dashed: *dashed,
            markers: !*dashed,
        })
        .filter(|c| !c.points.is_empty())
        .collect();
    figure(
        "Certified feature-rank bounds: log2(rank)/m against m",
        &[Panel {
            x_label: "m (bits per token)".into(),
            y_label: "log2(rank) / m".into(),
            y_scale: Scale::Linear,
            series,
            hlines: vec![],
        }],
    )
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
}
