//! `minip rank --linear`: certified rank bounds from direct sums of linear codes for even
//! `m ≤ 1024` (docs/math.md §9, docs/rank.md), one column per `n`, next to the explicit-code
//! method (`m ≤ 24`), the paper's `2^{m/10−6}` and the trivial `2^m`. Printing only: the
//! search and its certificates are `crate::certify::rank_linear`.

use super::{paper, RankArgs};
use crate::certify::rank::{self as explicit, RankJob, Ratios};
use crate::certify::rank_linear::{self as search, Library, LinearResult, DIRECT_MAX_M, MAX_M};
use crate::cli::{ctl, emit};
use crate::codes::ceiling;
use crate::print::{json, svg, table};
use minip_check::rational::{fmt_q, parse_rational, q, to_f64};
use std::collections::BTreeMap;
use std::time::Instant;

/// Smallest `m` accepted.
pub const MIN_M: u32 = 8;
/// Longest sequence length accepted (the checker's limit for the paper family).
pub const MAX_N: u32 = minip_check::limits::MAX_N;
/// The explicit-code method runs for `m` up to this.
pub const EXPLICIT_M_MAX: u32 = 24;

/// Even `m` from a list of values and ranges: ranges keep their even members, a single odd
/// value is an error.
fn parse_ms(s: &str) -> Result<Vec<u32>, String> {
    let mut v = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        let vals = crate::ranges::parse_range(part)?;
        if !part.contains("..") {
            if let Some(m) = vals.iter().find(|m| *m % 2 == 1) {
                return Err(format!("m = {m} is odd (--linear needs m = 2h)"));
            }
        }
        // Above DIRECT_MAX_M only the extended Hamming codes (m a power of 2) are offered: a
        // range skips the other m, as it skips odd m; a single value is refused below.
        v.extend(
            vals.into_iter().filter(|&m| {
                m % 2 == 0 && (m <= DIRECT_MAX_M || m.is_power_of_two() || !part.contains(".."))
            }),
        );
    }
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

/// A count for a table cell: exact up to 15 digits, else `d.ddde+NN`.
fn short(s: &str) -> String {
    if s.len() <= 15 {
        s.to_string()
    } else {
        format!("{}.{}e{}", &s[..1], &s[1..4], s.len() - 1)
    }
}

pub fn cmd_rank_linear(a: RankArgs) -> Result<i32, String> {
    let eps = parse_rational(&a.eps).map_err(|e| format!("--eps: {e}"))?;
    if eps != q(1, 2) {
        return Err(format!(
            "--eps {}: --linear needs eps = 1/2 (its ratios are the closed forms at eps = 1/2)",
            fmt_q(&eps)
        ));
    }
    if a.uniform {
        return Err("--uniform: not available with --linear (the bound is entrywise)".into());
    }
    let ns = crate::ranges::parse_list(&a.n).map_err(|e| format!("--n: {e}"))?;
    if let Some(n) = ns.iter().find(|&&n| !(3..=MAX_N).contains(&n)) {
        return Err(format!("--n: n = {n} is out of range (3..={MAX_N})"));
    }
    let ms = parse_ms(&a.m).map_err(|e| format!("--m: {e}"))?;
    if ms.is_empty() || ns.is_empty() {
        return Err("--m, --n: empty".into());
    }
    if let Some(m) =
        ms.iter().find(|&&m| !(MIN_M..=MAX_M).contains(&m) || (m > DIRECT_MAX_M && !m.is_power_of_two()))
    {
        return Err(format!(
            "--m: m = {m} is out of range (even m in {MIN_M}..={DIRECT_MAX_M}, then 512 and {MAX_M})"
        ));
    }
    let pool = super::pool(a.jobs)?;
    for p in a.plot.iter().chain(&a.plot_n) {
        crate::print::check_target(p)?;
    }
    if let Some(dir) = &a.out {
        super::warn(crate::print::out_dir(dir)?);
    }
    let t = Instant::now();
    let lib = Library::new();
    let jobs: Vec<(u32, u32)> = ms.iter().flat_map(|&m| ns.iter().map(move |&n| (m, n))).collect();
    crate::cli::batch_run();
    let results = pool.install(|| search::run(&lib, &eps, &jobs, ctl()));
    // The explicit-code method (today's `minip rank`) where it applies.
    let mut explicit_bounds: BTreeMap<(u32, u32), u64> = BTreeMap::new();
    // Explicit-method items asked for and done (after a signal, those not started are not).
    let (mut explicit_asked, mut explicit_done) = (0, 0);
    if !a.no_explicit {
        for &n in &ns {
            let small: Vec<u32> = ms.iter().copied().filter(|&m| m <= EXPLICIT_M_MAX).collect();
            if small.is_empty() {
                continue;
            }
            let job = RankJob::new(n, eps.clone());
            let ratios = Ratios::new(n, eps.clone());
            let got = pool.install(|| {
                crate::batch::runner::run_indexed(&small, "explicit m", ctl(), |&m| {
                    explicit::best_for_m(&job, &ratios, m)
                })
            });
            explicit_asked += small.len();
            explicit_done += got.len();
            for (m, r) in got.into_iter().map(|(i, r)| (&small[i], r)) {
                match r {
                    Ok(r) => {
                        explicit_bounds.insert((m.to_owned(), n), r.cert.claim().bound);
                    }
                    Err(e) => eprintln!("minip: m = {m}, n = {n}: explicit method unknown: {e}"),
                }
            }
        }
    }
    let secs = t.elapsed().as_secs_f64();
    let mut ok: Vec<&LinearResult> = Vec::new();
    let mut failed = 0;
    let mut done = 0;
    for ((m, n), r) in jobs.iter().zip(&results) {
        if matches!(r, Err(e) if e == crate::control::NOT_STARTED) {
            continue;
        }
        done += 1;
        match r {
            Ok(r) => ok.push(r),
            Err(e) => {
                failed += 1;
                eprintln!("minip: m = {m}, n = {n}: unknown: {e}");
            }
        }
    }
    if let Some(dir) = &a.out {
        for r in &ok {
            crate::print::write_file(
                &dir.join(format!("n{}_m{:03}.json", r.n, r.m)),
                &json::by_lines(&r.cert),
            )?;
        }
    }
    // Complete only when every (m, n) and every explicit-method item is done.
    let stopped = ctl()
        .stopped_after(done, jobs.len(), "(m, n)")
        .and_then(|()| ctl().stopped_after(explicit_done, explicit_asked, "explicit-method items"));
    if let (Some(p), Ok(())) = (&a.plot, &stopped) {
        let explicit_pts: Vec<(u32, u32, f64)> =
            explicit_bounds.iter().map(|(&(m, n), &b)| (m, n, (b as f64).log2())).collect();
        let pts: Vec<(u32, u32, f64)> =
            ok.iter().map(|r| (r.m, r.n, search::log2(&r.cert.claim().bound))).collect();
        crate::print::write_file(p, &svg::rank_linear(&pts, &explicit_pts))?;
    }
    if let Some(p) = &a.plot_n {
        let pts: Vec<(u32, u32, f64)> =
            ok.iter().map(|r| (r.m, r.n, search::log2(&r.cert.claim().bound) / r.m as f64)).collect();
        let (lo, hi) = (ns[0], ns[ns.len() - 1]);
        let mut ceil: Vec<(f64, f64)> = Vec::new();
        let mut n = lo;
        while n <= hi {
            ceil.push((f64::from(n).log2(), ceiling::exponent(n)));
            n = (n + 1).max(n + n / 16);
        }
        ceil.push((f64::from(hi).log2(), ceiling::exponent(hi)));
        crate::print::write_file(p, &svg::rank_linear_by_n(&pts, &ceil))?;
    }
    if a.json {
        emit(
            &ok.iter()
                .map(|r| json::record("rank.linear", &record(r, explicit_bounds.get(&(r.m, r.n)).copied())))
                .collect::<String>(),
        )?;
    } else if ns.len() == 1 {
        let body: Vec<Vec<String>> = ok
            .iter()
            .map(|r| {
                let c = r.cert.claim();
                vec![
                    r.m.to_string(),
                    c.bound.to_string(),
                    r.cert.construction.clone(),
                    short(&c.k.to_string()),
                    c.h.to_string(),
                    format!("{:.2}", to_f64(&c.value)),
                    format!("{:.4}", search::log2(&c.bound) / r.m as f64),
                    format!("{:.4}", ceiling::ceiling_log2(r.n, r.m, c.h) / r.m as f64),
                    explicit_bounds.get(&(r.m, r.n)).map_or("-".into(), |b| b.to_string()),
                    format!("{:.4}", paper(r.m)),
                    format!("2^{}", r.m),
                ]
            })
            .collect();
        let mut s = format!(
            "Certified feature-rank lower bounds from linear codes, heads correct on all length-{} Min-IP sequences over {{0,1}}^m, eps = 1/2\n\n",
            ns[0]
        );
        s.push_str(&table::render(
            &[
                "m",
                "rank >=",
                "code",
                "k",
                "h",
                "value",
                "log2/m",
                "ceiling log2/m",
                "explicit (m<=24)",
                "paper 2^(m/10-6)",
                "trivial 2^m",
            ],
            &body,
        ));
        s.push_str(&footer(ok.len(), secs, &ns));
        emit(&s)?;
    } else {
        let mut header: Vec<String> = vec!["m".into()];
        header.extend(ns.iter().map(|n| format!("n={n}: rank >= (log2/m <= ceiling)")));
        header.push("paper 2^(m/10-6)".into());
        let body: Vec<Vec<String>> = ms
            .iter()
            .map(|&m| {
                let mut row = vec![m.to_string()];
                for &n in &ns {
                    row.push(ok.iter().find(|r| r.m == m && r.n == n).map_or("-".into(), |r| {
                        let b = &r.cert.claim().bound;
                        format!(
                            "{} ({:.4} <= {:.4})",
                            short(&b.to_string()),
                            search::log2(b) / m as f64,
                            ceiling::ceiling_log2(n, m, m / 2) / m as f64
                        )
                    }));
                }
                row.push(format!("{:.4}", paper(m)));
                row
            })
            .collect();
        let hdr: Vec<&str> = header.iter().map(String::as_str).collect();
        let mut s = "Certified feature-rank lower bounds from linear codes by sequence length n, eps = 1/2 (codes: --json or the certificates)\n\n".to_string();
        s.push_str(&table::render(&hdr, &body));
        s.push_str(&footer(ok.len(), secs, &ns));
        emit(&s)?;
    }
    stopped?;
    Ok(if failed > 0 { 2 } else { 0 })
}

fn footer(count: usize, secs: f64, ns: &[u32]) -> String {
    let limits: Vec<String> = ns.iter().map(|&n| format!("n = {n}: {:.4}", ceiling::exponent(n))).collect();
    format!(
        "\nrank >= floor(value) + 1 > value = k^2/(k + sum_(i!=j) R_ij^-2) over the k weight-h words x_i of the code (m = 2h, y_i = complement of x_i),\n\
         R_ij = R(0, wt(x_i xor x_j)/2; h) (class h when x_j = complement of x_i), pair counts exact (docs/math.md §9).\n\
         ceiling = log2(g^2 C(m,h)/sum_j C(h,j)^2 beta^(2j))/m, g = n/(n-1), beta = 1/c_n: no code of weight-h words (lo = 0) priced with these ratios\n\
         has a larger value (docs/math.md §9.5, proved there; f64, not a verdict). Its limit 1 - log2(1 + 1/c_n): {}.\n\
         Every row's certificate passed the checker ({} in {secs:.1} s).\n",
        limits.join(", "),
        crate::print::count(count, "certificate", "certificates")
    )
}

fn record(r: &LinearResult, explicit: Option<u64>) -> serde_json::Value {
    let c = r.cert.claim();
    serde_json::json!({
        "verdict": "certified",
        "m": r.m, "n": r.n, "eps": r.cert.params.eps, "h": c.h,
        "bound": c.bound.to_string(), "strict": c.strict, "value": fmt_q(&c.value),
        "k": c.k.to_string(), "dim": c.dim, "code": r.cert.construction,
        "class_count": r.cert.classes.len(),
        "ceiling_log2_per_m": format!("{:.4}", ceiling::ceiling_log2(r.n, r.m, c.h) / r.m as f64),
        "ceiling_exponent": format!("{:.4}", ceiling::exponent(r.n)),
        "explicit_bound": explicit.map(|b| b.to_string()),
        "paper_log2": super::paper_log2(r.m), "trivial": super::trivial(r.m),
        "candidates": r.candidates,
    })
}
