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

/// `minip rank --linear --plot`: `log2` of the certified bound against `m`, one line per `n`
/// (`(m, n, log2 bound)`), the explicit-code method's points (`m ≤ 24`), the paper's
/// `2^{m/10−6}` and the trivial `2^m` (clipped at the top), on a `log2` axis with round ticks.
pub fn rank_linear(linear: &[(u32, u32, f64)], explicit: &[(u32, u32, f64)]) -> String {
    let (w, h, l, b, t, r) = (760.0, 480.0, 60.0, 50.0, 40.0, 190.0);
    let all_m = linear.iter().chain(explicit).map(|p| p.0);
    let m0 = all_m.clone().min().unwrap_or(0) as f64;
    let m1 = (all_m.max().unwrap_or(1) as f64).max(m0 + 1.0);
    let top = linear.iter().chain(explicit).map(|p| p.2).fold(m1 / 10.0 - 6.0, f64::max);
    let ylo = (m0 / 10.0 - 6.0).min(0.0);
    let step = [2.0, 4.0, 8.0, 16.0, 32.0, 64.0].into_iter().find(|s| (top - ylo) / s <= 10.0).unwrap_or(128.0);
    let (ylo, yhi) = ((ylo / step).floor() * step, (top / step).ceil() * step);
    let px = |m: f64| l + (m - m0) / (m1 - m0) * (w - l - r);
    let py = |y: f64| t + (yhi - y.clamp(ylo, yhi)) / (yhi - ylo) * (h - t - b);
    let mut s = String::new();
    let _ = writeln!(s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(s, "<text x=\"{l}\" y=\"22\" font-size=\"14\">certified feature-rank lower bound against m (log2 scale), eps = 1/2</text>");
    let _ = writeln!(s, "<line x1=\"{l}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n<line x1=\"{l}\" y1=\"{t}\" x2=\"{l}\" y2=\"{}\" stroke=\"black\"/>", h - b, w - r, h - b, h - b);
    let mut y = ylo;
    while y <= yhi + 1e-9 {
        let _ = writeln!(s, "<line x1=\"{}\" y1=\"{:.1}\" x2=\"{l}\" y2=\"{:.1}\" stroke=\"black\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">2^{y}</text>", l - 4.0, py(y), py(y), l - 6.0, py(y) + 4.0);
        let _ = writeln!(s, "<line x1=\"{l}\" y1=\"{:.1}\" x2=\"{}\" y2=\"{:.1}\" stroke=\"#eeeeee\"/>", py(y), w - r, py(y));
        y += step;
    }
    let mstep = [8.0, 16.0, 32.0, 64.0].into_iter().find(|s| (m1 - m0) / s <= 10.0).unwrap_or(128.0);
    let mut m = (m0 / mstep).ceil() * mstep;
    while m <= m1 + 1e-9 {
        let _ = writeln!(s, "<line x1=\"{:.1}\" y1=\"{}\" x2=\"{:.1}\" y2=\"{}\" stroke=\"black\"/><text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{m}</text>", px(m), h - b, px(m), h - b + 4.0, px(m), h - b + 18.0);
        m += mstep;
    }
    let _ = writeln!(s, "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">m (bits per token)</text>", (l + w - r) / 2.0, h - 10.0);
    let _ = writeln!(s, "<text x=\"16\" y=\"{}\" transform=\"rotate(-90 16 {})\" text-anchor=\"middle\">feature rank (log2 scale)</text>", h / 2.0, h / 2.0);
    let colours = ["#c0392b", "#e67e22", "#27ae60", "#16a085", "#8e44ad", "#2c3e50"];
    let mut ns: Vec<u32> = linear.iter().map(|p| p.1).collect();
    ns.sort_unstable();
    ns.dedup();
    // (label, colour, kind): 0 solid line, 1 square marker, 2 dashed line.
    let mut legend: Vec<(String, String, u8)> = Vec::new();
    for (i, n) in ns.iter().enumerate() {
        let c = colours[i % colours.len()];
        let pts: Vec<(f64, f64)> = linear.iter().filter(|p| p.1 == *n).map(|p| (px(p.0 as f64), py(p.2))).collect();
        let line: Vec<String> = pts.iter().map(|p| format!("{:.1},{:.1}", p.0, p.1)).collect();
        let _ = writeln!(s, "<polyline fill=\"none\" stroke=\"{c}\" stroke-width=\"2\" points=\"{}\"/>", line.join(" "));
        if pts.len() <= 40 {
            for p in &pts {
                let _ = writeln!(s, "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\" fill=\"{c}\"/>", p.0, p.1);
            }
        }
        legend.push((format!("linear codes, n = {n}"), c.into(), 0));
    }
    for p in explicit {
        let _ = writeln!(s, "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"7\" height=\"7\" fill=\"none\" stroke=\"#2471a3\" stroke-width=\"1.5\"/>", px(p.0 as f64) - 3.5, py(p.2) - 3.5);
    }
    if !explicit.is_empty() {
        legend.push(("explicit codes (m &lt;= 24)".into(), "#2471a3".into(), 1));
    }
    let ms: Vec<f64> = {
        let mut v: Vec<u32> = linear.iter().chain(explicit).map(|p| p.0).collect();
        v.sort_unstable();
        v.dedup();
        v.into_iter().map(f64::from).collect()
    };
    for (name, c, f) in [("paper 2^(m/10-6)", "#2471a3", 1usize), ("trivial 2^m (clipped)", "#7f8c8d", 2)] {
        let line: Vec<String> = ms.iter().map(|&m| format!("{:.1},{:.1}", px(m), py(if f == 1 { m / 10.0 - 6.0 } else { m }))).collect();
        let _ = writeln!(s, "<polyline fill=\"none\" stroke=\"{c}\" stroke-width=\"2\" stroke-dasharray=\"6 4\" points=\"{}\"/>", line.join(" "));
        legend.push((name.into(), c.into(), 2));
    }
    for (i, (name, c, kind)) in legend.iter().enumerate() {
        let ly = t + 10.0 + 20.0 * i as f64;
        let x0 = w - r + 12.0;
        if *kind == 1 {
            let _ = writeln!(s, "<rect x=\"{}\" y=\"{}\" width=\"7\" height=\"7\" fill=\"none\" stroke=\"{c}\" stroke-width=\"1.5\"/>", x0 + 6.0, ly - 3.5);
        } else {
            let dash = if *kind == 2 { " stroke-dasharray=\"6 4\"" } else { "" };
            let _ = writeln!(s, "<line x1=\"{x0}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" stroke=\"{c}\" stroke-width=\"2\"{dash}/>", x0 + 24.0);
        }
        let _ = writeln!(s, "<text x=\"{}\" y=\"{}\">{name}</text>", x0 + 26.0, ly + 4.0);
    }
    s.push_str("</svg>\n");
    s
}
