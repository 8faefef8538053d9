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

/// `log2(bound)/m` against `m` for the frontier (docs/frontier.md): the certified lower bound,
/// the certified upper bounds per kernel class, the paper's `2^{m/10−6}` (drawn where it is
/// above 1) and the trivial `2^m` (the line at 1).
pub fn frontier(rows: &[crate::batch::frontier::Row]) -> String {
    use minip_check::rational::Rat;
    let (w, h, l, b, t, r) = (740.0, 440.0, 64.0, 54.0, 36.0, 210.0);
    let m0 = rows.iter().map(|x| x.m).min().unwrap_or(1) as f64;
    let m1 = (rows.iter().map(|x| x.m).max().unwrap_or(2) as f64).max(m0 + 1.0);
    let (ylo, yhi) = (0.0, 1.0);
    let px = |m: f64| l + (m - m0) / (m1 - m0) * (w - l - r);
    let py = |y: f64| t + (yhi - y) / (yhi - ylo) * (h - t - b);
    let log2big = |x: &num_bigint::BigInt| minip_check::rational::log2_abs(&Rat::from_integer(x.clone()));
    let mut s = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    let _ = writeln!(s, "<text x=\"{l}\" y=\"20\" font-size=\"14\">certified feature-rank bounds: log2(rank)/m against m</text>");
    let _ = writeln!(s, "<line x1=\"{l}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n<line x1=\"{l}\" y1=\"{t}\" x2=\"{l}\" y2=\"{}\" stroke=\"black\"/>", h - b, w - r, h - b, h - b);
    for i in 0..=5 {
        let y = i as f64 * 0.2;
        let _ = writeln!(s, "<line x1=\"{l}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"#dddddd\"/><text x=\"{2}\" y=\"{3:.1}\" text-anchor=\"end\">{y:.1}</text>", py(y), w - r, l - 6.0, py(y) + 4.0);
    }
    let step = if m1 - m0 > 32.0 { 8 } else { 4 };
    let mut mt = ((m0 as u32).div_ceil(step)) * step;
    while mt as f64 <= m1 {
        let _ = writeln!(s, "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{mt}</text>", px(mt as f64), h - b + 18.0);
        mt += step;
    }
    let _ = writeln!(s, "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">m (bits per token)</text>", (l + w - r) / 2.0, h - 12.0);
    let _ = writeln!(s, "<text x=\"16\" y=\"{0:.1}\" transform=\"rotate(-90 16 {0:.1})\" text-anchor=\"middle\">log2(rank) / m</text>", (t + h - b) / 2.0);
    type Series<'a> = (&'a str, &'a str, Box<dyn Fn(&crate::batch::frontier::Row) -> Option<f64> + 'a>);
    let upper = |f: fn(&crate::batch::frontier::Row) -> &Option<Result<crate::batch::frontier::Upper, String>>| {
        move |x: &crate::batch::frontier::Row| f(x).as_ref().and_then(|c| c.as_ref().ok()).map(|u| log2big(&u.head.claim().rank) / x.m as f64)
    };
    let series: Vec<Series> = vec![
        ("trivial 2^m", "#7f8c8d", Box::new(|_: &crate::batch::frontier::Row| Some(1.0))),
        ("upper: shared f", "#e67e22", Box::new(upper(|x| &x.shared))),
        ("upper: sparse shared", "#8e44ad", Box::new(upper(|x| &x.sparse))),
        ("upper: per-weight f_|x|", "#27ae60", Box::new(upper(|x| &x.per_weight))),
        ("lower (codes, certified)", "#c0392b", Box::new(|x: &crate::batch::frontier::Row| x.lower.as_ref().map(|lb| (lb.bound as f64).log2() / x.m as f64))),
        ("paper 2^(m/10-6) (> 1 only)", "#2471a3", Box::new(|x: &crate::batch::frontier::Row| Some((x.m as f64 / 10.0 - 6.0) / x.m as f64).filter(|y| *y >= 0.0))),
    ];
    let mut legend = 0;
    for (name, colour, f) in &series {
        let pts: Vec<(f64, f64)> = rows.iter().filter_map(|x| f(x).map(|y| (px(x.m as f64), py(y.clamp(ylo, yhi))))).collect();
        if pts.is_empty() {
            continue;
        }
        let path: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = writeln!(s, "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>", path.join(" "));
        for (x, y) in &pts {
            let _ = writeln!(s, "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"2.5\" fill=\"{colour}\"/>");
        }
        let ly = t + 10.0 + 20.0 * legend as f64;
        legend += 1;
        let _ = writeln!(s, "<line x1=\"{}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" stroke=\"{colour}\" stroke-width=\"2\"/><text x=\"{}\" y=\"{}\">{name}</text>", w - r + 10.0, w - r + 30.0, w - r + 35.0, ly + 4.0);
    }
    s.push_str("</svg>\n");
    s
}
