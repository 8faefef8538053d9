//! `minip rank`: the best certified rank lower bound per `m` (MATH.md §5), next to the
//! paper's `2^{m/10−6}` and the trivial `2^m`; certificates, JSON lines and an SVG plot.
//! Printing only: the search and its certificates are `crate::rank::search`.

use super::{emit, json_line, progress_wanted, table};
use crate::cert;
use crate::exact::rational::parse_rational;
use crate::rank::search::{self, RankJob, RankResult};
use clap::Args;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct RankArgs {
    /// Number of bits: M or a range such as 4..=24.
    #[arg(long)]
    m: String,
    /// Sequence length n (≥ 3).
    #[arg(long, default_value_t = 3)]
    n: u32,
    /// Tolerance ε.
    #[arg(long, default_value = "1/2", allow_hyphen_values = true)]
    eps: String,
    /// Largest query weight h tried.
    #[arg(long, default_value_t = 16)]
    h_max: u32,
    /// Seconds of SAT search per m (0: constructions only).
    #[arg(long, default_value = "10")]
    sat_budget: String,
    /// Run the SAT search only for m up to this.
    #[arg(long, default_value_t = 12)]
    sat_m_max: u32,
    /// Write each m's certificate as DIR/m<M>.json.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Draw the bounds against m as SVG.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Choose codes by the uniform bound ceil(k/(1+(k-1)delta^2)) instead of the entrywise one.
    #[arg(long)]
    uniform: bool,
    #[arg(long)]
    json: bool,
}

/// The paper's asymptotic bound `2^{m/10 − 6}` (a formula, printed for comparison).
fn paper(m: u32) -> f64 {
    (m as f64 / 10.0 - 6.0).exp2()
}

pub fn cmd_rank(a: RankArgs) -> Result<i32, String> {
    let ms = crate::sweep::parse_range(&a.m).map_err(|e| format!("--m: {e}"))?;
    if ms.is_empty() {
        return Err("--m: empty range".into());
    }
    if let Some(m) = ms.iter().find(|&&m| m == 0 || m > 40) {
        return Err(format!("--m: m = {m} is out of range (1..=40)"));
    }
    let eps = parse_rational(&a.eps).map_err(|e| format!("--eps: {e}"))?;
    crate::check::ratio_instance(a.n, eps.clone(), 1, 0, 1, false)?;
    if a.h_max == 0 {
        return Err("--h-max: need h-max ≥ 1".into());
    }
    let budget = a.sat_budget.trim().parse::<f64>().ok().filter(|b| b.is_finite() && *b >= 0.0).ok_or_else(|| {
        format!("--sat-budget: malformed number of seconds '{}'", a.sat_budget)
    })?;
    let mut job = RankJob::new(a.n, eps);
    job.h_max = a.h_max;
    job.sat_budget = Duration::from_secs_f64(budget);
    job.sat_m_max = a.sat_m_max;
    job.uniform = a.uniform;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(a.jobs.unwrap_or(0)).build().map_err(|e| format!("--jobs: {e}"))?;
    let bar = progress_wanted().then(|| {
        let b = indicatif::ProgressBar::new(ms.len() as u64);
        b.set_style(indicatif::ProgressStyle::with_template("rank {bar:30} {pos}/{len} m [{elapsed}]").expect("template"));
        b
    });
    let t = Instant::now();
    let results = pool.install(|| search::run(&job, &ms, bar.as_ref()));
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let secs = t.elapsed().as_secs_f64();
    let mut ok: Vec<&RankResult> = Vec::new();
    let mut failed = 0;
    for (m, r) in ms.iter().zip(&results) {
        match r {
            Ok(r) => ok.push(r),
            Err(e) => {
                failed += 1;
                eprintln!("minip: m = {m}: unknown: {e}");
            }
        }
    }
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for r in &ok {
            let p = dir.join(format!("m{:02}.json", r.m));
            std::fs::write(&p, cert::to_json(&r.cert)).map_err(|e| format!("{}: {e}", p.display()))?;
        }
    }
    if let Some(p) = &a.plot {
        std::fs::write(p, svg(&ok)).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if a.json {
        let s: String = ok.iter().map(|r| json_line(&record(r))).collect();
        emit(&s);
    } else {
        let body: Vec<Vec<String>> = ok
            .iter()
            .map(|r| {
                let c = &r.cert;
                let p = &c.params;
                let maximal = match &c.maximal {
                    Some(mx) => format!("yes (no {})", mx.refuted),
                    None if r.sat_timeouts > 0 => "budget".into(),
                    None => "-".into(),
                };
                vec![
                    p.m.to_string(),
                    format!("{}{}", c.bound, if c.strict && crate::exact::parse_rational(&c.value).is_ok_and(|v| v.is_integer()) { " (strict)" } else { "" }),
                    c.uniform_bound.to_string(),
                    c.k.to_string(),
                    format!("({}, {}, {})", p.h, p.lo, p.hi),
                    c.delta.clone(),
                    c.construction.clone(),
                    maximal,
                    format!("{:.4}", paper(p.m)),
                    format!("{}", 1u64 << p.m),
                ]
            })
            .collect();
        let mut s = format!(
            "Certified feature-rank lower bounds, heads correct on all length-{} Min-IP sequences over {{0,1}}^m, eps = {}\n\n",
            a.n, a.eps
        );
        s.push_str(&table::render(&["m", "rank >=", "uniform", "k", "(h, lo, hi)", "delta", "code", "k maximal", "paper 2^(m/10-6)", "trivial 2^m"], &body));
        s.push_str(&format!(
            "\nrank >= floor(value) + 1 > value = k^2/(k + sum_(i!=j) R_ij^-2), R_ij = R(lo, class of y_j seen from x_i; h) (classes o < h, h = the query itself, h+ = strict supersets);\n(strict) marks rows where value is an integer and the strict form adds 1 (docs/rank.md). uniform = ceil(k/(1+(k-1)delta^2)), delta = max_(i!=j) 1/R_ij.\nEvery row's certificate passed the checker ({} m in {:.1} s, SAT budget {} s per m).\n",
            ok.len(),
            secs,
            a.sat_budget
        ));
        emit(&s);
    }
    Ok(if failed > 0 { 2 } else { 0 })
}

fn record(r: &RankResult) -> serde_json::Value {
    let c = &r.cert;
    let p = &c.params;
    serde_json::json!({
        "m": p.m, "n": p.n, "eps": p.eps, "bound": c.bound, "strict": c.strict, "k": c.k, "h": p.h, "lo": p.lo, "hi": p.hi,
        "classes": c.classes,
        "delta": c.delta, "value": c.value, "uniform_bound": c.uniform_bound, "uniform_value": c.uniform_value, "construction": c.construction,
        "maximal": c.maximal.as_ref().map(|mx| mx.refuted), "sat_timeouts": r.sat_timeouts,
        "paper": paper(p.m), "trivial": format!("{}", 1u64 << p.m),
        "x": c.code.x, "y": c.code.y,
    })
}

/// log2 scale plot of the certified bound, the paper's formula and `2^m` against `m`.
fn svg(rs: &[&RankResult]) -> String {
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
        ("certified bound", "#c0392b", Box::new(|r: &RankResult| (r.cert.bound as f64).log2())),
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
