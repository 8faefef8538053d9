//! Plots as SVG, written by hand (no plotting dependency): the forced ratio against `h`
//! (`minip amplify --plot`) and the rank bound against `m` (`minip rank --plot`).

use crate::batch::ratio::Record;
use crate::certify::rank::RankResult;
use minip_check::rational::log2_abs;
use std::fmt::Write;

/// A hand-written SVG: `log2 R` (exact, certified) and `log2` of the chain bound against `h`.
pub fn ratio(recs: &[Record], title: &str) -> String {
    let exact: Vec<(f64, f64)> = recs.iter().filter_map(|r| r.log2_ratio.map(|y| (r.h as f64, y))).collect();
    let chain: Vec<(f64, f64)> = recs
        .iter()
        .filter_map(|r| r.chain_bound.as_ref().and_then(|c| minip_check::rational::parse_rational(c).ok()).map(|c| (r.h as f64, log2_abs(&c))))
        .collect();
    let all: Vec<&(f64, f64)> = exact.iter().chain(&chain).collect();
    let (w, hgt, m) = (720.0, 480.0, 60.0);
    let xmin = all.iter().map(|p| p.0).fold(f64::INFINITY, f64::min).min(0.0);
    let xmax = all.iter().map(|p| p.0).fold(1.0, f64::max);
    let ymin = all.iter().map(|p| p.1).fold(0.0, f64::min);
    let ymax = all.iter().map(|p| p.1).fold(1.0, f64::max);
    let sx = |x: f64| m + (x - xmin) / (xmax - xmin).max(1e-9) * (w - 2.0 * m);
    let sy = |y: f64| hgt - m - (y - ymin) / (ymax - ymin).max(1e-9) * (hgt - 2.0 * m);
    let mut s = String::new();
    let _ = writeln!(s, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{hgt}" viewBox="0 0 {w} {hgt}" font-family="sans-serif" font-size="12">"#);
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(s, r#"<text x="{}" y="24" text-anchor="middle" font-size="14">{title}</text>"#, w / 2.0);
    let _ = writeln!(s, r#"<line x1="{m}" y1="{}" x2="{}" y2="{}" stroke="black"/>"#, hgt - m, w - m, hgt - m);
    let _ = writeln!(s, r#"<line x1="{m}" y1="{m}" x2="{m}" y2="{}" stroke="black"/>"#, hgt - m);
    for i in 0..=5 {
        let (xv, yv) = (xmin + (xmax - xmin) * i as f64 / 5.0, ymin + (ymax - ymin) * i as f64 / 5.0);
        let _ = writeln!(s, r#"<text x="{:.1}" y="{}" text-anchor="middle">{:.0}</text>"#, sx(xv), hgt - m + 18.0, xv);
        let _ = writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">{:.1}</text>"#, m - 6.0, sy(yv) + 4.0, yv);
    }
    let _ = writeln!(s, r#"<text x="{}" y="{}" text-anchor="middle">h = |x|</text>"#, w / 2.0, hgt - 16.0);
    let _ = writeln!(s, r#"<text x="16" y="{}" transform="rotate(-90 16 {})" text-anchor="middle">log2</text>"#, hgt / 2.0, hgt / 2.0);
    for (pts, color, label, dy) in [(&exact, "#1f77b4", "log2 R (exact, certified)", 0.0), (&chain, "#d62728", "log2 chain bound", 18.0)] {
        if pts.is_empty() {
            continue;
        }
        let path: Vec<String> = pts.iter().map(|p| format!("{:.1},{:.1}", sx(p.0), sy(p.1))).collect();
        let _ = writeln!(s, r#"<polyline fill="none" stroke="{color}" stroke-width="2" points="{}"/>"#, path.join(" "));
        for p in pts.iter() {
            let _ = writeln!(s, r#"<circle cx="{:.1}" cy="{:.1}" r="2" fill="{color}"/>"#, sx(p.0), sy(p.1));
        }
        let _ = writeln!(s, r#"<text x="{}" y="{}" fill="{color}">{label}</text>"#, m + 10.0, m + 10.0 + dy);
    }
    s.push_str("</svg>\n");
    s
}

/// log2 scale plot of the certified bound, the paper's formula and `2^m` against `m`.
pub fn rank(rs: &[&RankResult]) -> String {
    let (w, h, l, b, t, r) = (640.0, 400.0, 60.0, 50.0, 30.0, 150.0);
    let m0 = rs.iter().map(|r| r.m).min().unwrap_or(1) as f64;
    let m1 = (rs.iter().map(|r| r.m).max().unwrap_or(2) as f64).max(m0 + 1.0);
    let ylo = (m0 / 10.0 - 6.0).floor().min(0.0);
    let yhi = m1.max(1.0);
    let px = |m: f64| l + (m - m0) / (m1 - m0) * (w - l - r);
    let py = |y: f64| t + (yhi - y.clamp(ylo, yhi)) / (yhi - ylo) * (h - t - b);
    let mut s = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    s.push_str(&format!("<line x1=\"{l}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n<line x1=\"{l}\" y1=\"{t}\" x2=\"{l}\" y2=\"{}\" stroke=\"black\"/>\n", h - b, w - r, h - b, h - b));
    let mut y = (ylo / 4.0).ceil() * 4.0;
    while y <= yhi {
        s.push_str(&format!("<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">2^{y}</text>\n", l - 5.0, py(y) + 4.0));
        y += 4.0;
    }
    for r in rs {
        s.push_str(&format!("<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", px(r.m as f64), h - b + 16.0, r.m));
    }
    s.push_str(&format!("<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">m (bits)</text>\n", (l + w - r) / 2.0, h - 8.0));
    let series: [(&str, &str, Box<dyn Fn(&RankResult) -> f64>); 3] = [
        ("certified bound", "#c0392b", Box::new(|r: &RankResult| (r.cert.claim().bound as f64).log2())),
        ("paper 2^(m/10-6)", "#2471a3", Box::new(|r: &RankResult| r.m as f64 / 10.0 - 6.0)),
        ("trivial 2^m", "#7f8c8d", Box::new(|r: &RankResult| r.m as f64)),
    ];
    for (i, (name, colour, f)) in series.iter().enumerate() {
        let pts: Vec<String> = rs.iter().map(|r| format!("{:.1},{:.1}", px(r.m as f64), py(f(r)))).collect();
        s.push_str(&format!("<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>\n", pts.join(" ")));
        if i == 0 {
            for p in &pts {
                let (x, y) = p.split_once(',').expect("point");
                s.push_str(&format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"3\" fill=\"{colour}\"/>\n"));
            }
        }
        let ly = t + 20.0 * i as f64;
        s.push_str(&format!("<line x1=\"{}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" stroke=\"{colour}\" stroke-width=\"2\"/><text x=\"{}\" y=\"{}\">{name}</text>\n", w - r + 10.0, w - r + 30.0, w - r + 35.0, ly + 4.0));
    }
    s.push_str(&format!("<text x=\"{l}\" y=\"18\">certified rank lower bound against m (log2 scale)</text>\n</svg>\n"));
    s
}

/// Several curves of `log2 R` against `h` (one per series, only `R > 0` plotted), with round
/// ticks and a legend: `minip amplify --grid FILE --plot`.
pub fn series(curves: &[(String, Vec<(f64, f64)>)], title: &str) -> String {
    const COLORS: [&str; 8] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f"];
    let all: Vec<&(f64, f64)> = curves.iter().flat_map(|c| c.1.iter()).collect();
    let (w, hgt, l, r, t, b) = (820.0, 480.0, 60.0, 300.0, 40.0, 50.0);
    let xmin = all.iter().map(|p| p.0).fold(f64::INFINITY, f64::min).floor().min(0.0);
    let xmax = all.iter().map(|p| p.0).fold(1.0, f64::max);
    let ymax = all.iter().map(|p| p.1).fold(1.0, f64::max);
    let xstep = nice_step(xmax - xmin);
    let ystep = nice_step(ymax);
    let xmax = (xmax / xstep).ceil() * xstep;
    let ymax = (ymax / ystep).ceil() * ystep;
    let sx = |x: f64| l + (x - xmin) / (xmax - xmin).max(1e-9) * (w - l - r);
    let sy = |y: f64| hgt - b - y / ymax.max(1e-9) * (hgt - t - b);
    let mut s = String::new();
    let _ = writeln!(s, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{hgt}" viewBox="0 0 {w} {hgt}" font-family="sans-serif" font-size="12">"#);
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(s, r#"<text x="{}" y="24" text-anchor="middle" font-size="14">{title}</text>"#, (l + w - r) / 2.0);
    let _ = writeln!(s, r#"<line x1="{l}" y1="{}" x2="{}" y2="{}" stroke="black"/>"#, hgt - b, w - r, hgt - b);
    let _ = writeln!(s, r#"<line x1="{l}" y1="{t}" x2="{l}" y2="{}" stroke="black"/>"#, hgt - b);
    let mut x = xmin;
    while x <= xmax + 1e-9 {
        let _ = writeln!(s, r#"<line x1="{0:.1}" y1="{1}" x2="{0:.1}" y2="{2}" stroke="black"/><text x="{0:.1}" y="{3}" text-anchor="middle">{4}</text>"#, sx(x), hgt - b, hgt - b + 5.0, hgt - b + 18.0, x);
        x += xstep;
    }
    let mut y = 0.0;
    while y <= ymax + 1e-9 {
        let _ = writeln!(s, r##"<line x1="{l}" y1="{0:.1}" x2="{1}" y2="{0:.1}" stroke="#ddd"/><text x="{2}" y="{3:.1}" text-anchor="end">{4}</text>"##, sy(y), w - r, l - 6.0, sy(y) + 4.0, y);
        y += ystep;
    }
    let _ = writeln!(s, r#"<text x="{}" y="{}" text-anchor="middle">h = |x|</text>"#, (l + w - r) / 2.0, hgt - 12.0);
    let _ = writeln!(s, r#"<text x="16" y="{0}" transform="rotate(-90 16 {0})" text-anchor="middle">log2 R (exact, certified)</text>"#, hgt / 2.0);
    for (i, (name, pts)) in curves.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        let dash = if i >= COLORS.len() || i % 2 == 1 { r#" stroke-dasharray="6 3""# } else { "" };
        if !pts.is_empty() {
            let path: Vec<String> = pts.iter().map(|p| format!("{:.1},{:.1}", sx(p.0), sy(p.1))).collect();
            let _ = writeln!(s, r#"<polyline fill="none" stroke="{color}" stroke-width="2"{dash} points="{}"/>"#, path.join(" "));
            for p in pts {
                let _ = writeln!(s, r#"<circle cx="{:.1}" cy="{:.1}" r="2.5" fill="{color}"/>"#, sx(p.0), sy(p.1));
            }
        }
        let ly = t + 10.0 + 20.0 * i as f64;
        let _ = writeln!(s, r#"<line x1="{}" y1="{ly}" x2="{}" y2="{ly}" stroke="{color}" stroke-width="2"{dash}/><text x="{}" y="{}">{}</text>"#, w - r + 10.0, w - r + 34.0, w - r + 40.0, ly + 4.0, xml(name));
    }
    s.push_str("</svg>\n");
    s
}

/// 1, 2 or 5 times a power of ten, giving about five ticks over `span`.
fn nice_step(span: f64) -> f64 {
    let raw = (span / 5.0).max(1e-9);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * p).find(|&s| s >= raw).unwrap_or(10.0 * p)
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
