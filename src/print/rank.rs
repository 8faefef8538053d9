//! The tables and JSON records of `minip rank` (explicit codes) and `minip rank --linear`
//! (linear codes), from checked certificates and plain numbers; and the reference columns
//! every rank table shares: the paper's `2^{m/10−6}` and the trivial `2^m`.

use super::table;
use crate::codes::ceiling;
use minip_check::check::Checked;
use minip_check::format::rank::RankCertificate;
use minip_check::format::rank_linear::RankLinearCertificate;
use minip_check::rational::{fmt_q, log2_abs, parse_rational, q, qi, to_f64, Rat};
use num_bigint::{BigInt, BigUint};

/// The paper's asymptotic bound `2^{m/10 − 6}` (a formula, printed for comparison).
pub fn paper(m: u32) -> f64 {
    (m as f64 / 10.0 - 6.0).exp2()
}

/// The paper's column as tables print it: four decimals while that is readable
/// (`0.0156`, `1.0000`), four significant digits beyond a million (`1.045e29` at `m = 1024`,
/// not 30 digits and four decimals of a float); `--json` carries the exact exponent instead
/// ([`paper_log2`]).
pub fn paper_text(m: u32) -> String {
    let v = paper(m);
    if v < 1e6 {
        format!("{v:.4}")
    } else {
        format!("{v:.3e}")
    }
}

/// The exponent `m/10 − 6` of the paper's asymptotic bound `2^{m/10 − 6}`, exactly (`--json`:
/// `paper_log2`; the bound itself is irrational for most `m`).
pub fn paper_log2(m: u32) -> String {
    fmt_q(&(q(m as i64, 10) - qi(6)))
}

/// `2^m`, the trivial upper bound, as a decimal string.
pub fn trivial(m: u32) -> String {
    (BigUint::from(1u8) << m).to_string()
}

/// A count for a table cell: exact up to 15 digits, else four significant digits, rounded half
/// up, as `d.dddeNN` (`30138…` with 203 digits: `3.014e202`).
pub fn short(s: &str) -> String {
    if s.len() <= 15 {
        s.to_string()
    } else {
        let (digits, exp) = mantissa(s, 4);
        format!("{digits}e{exp}")
    }
}

/// A count as the docs write it: `sig` significant digits, rounded half up, as `d.dd·10^NN`
/// (docs/rank.md; `tests/docs.rs` checks its figures against the certificates with this).
pub fn times_ten(s: &str, sig: usize) -> String {
    let (digits, exp) = mantissa(s, sig);
    format!("{digits}·10^{exp}")
}

/// The mantissa and the power of ten of a positive decimal integer `s` (digits only, no
/// leading zero) to `sig ≥ 1` significant digits, **rounded half up**: the digits dropped are
/// compared with one half of the last digit kept, exactly (a first dropped digit of 5 or more
/// rounds up), and a carry out of the first digit moves the power of ten (`99996` to four
/// digits is `1.000`, power 5). The one rounding of every mantissa minip prints.
pub fn mantissa(s: &str, sig: usize) -> (String, usize) {
    assert!(sig >= 1 && !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()), "a decimal integer");
    let mut exp = s.len() - 1;
    let mut kept: Vec<u8> = s.bytes().take(sig).collect();
    kept.resize(sig, b'0');
    if s.as_bytes().get(sig).is_some_and(|&b| b >= b'5') {
        let mut i = sig;
        loop {
            if i == 0 {
                // Every kept digit was 9: 9.99… rounds to 10.0…, one more power of ten.
                kept.insert(0, b'1');
                kept.pop();
                exp += 1;
                break;
            }
            i -= 1;
            if kept[i] == b'9' {
                kept[i] = b'0';
            } else {
                kept[i] += 1;
                break;
            }
        }
    }
    let kept = String::from_utf8(kept).expect("ASCII digits");
    let digits = if sig == 1 { kept } else { format!("{}.{}", &kept[..1], &kept[1..]) };
    (digits, exp)
}

/// `log2` of a positive integer, for display.
fn log2(x: &BigUint) -> f64 {
    log2_abs(&Rat::from_integer(BigInt::from(x.clone())))
}

/// One certified `m` of `minip rank`: its certificate and the SAT searches cut by the budget.
pub struct Bound<'a> {
    pub cert: &'a Checked<RankCertificate>,
    pub sat_out_of_budget: usize,
}

/// `minip rank`'s table: one row per certified `m`, then the definitions and the count of
/// certificates checked in `secs` with the SAT budget as given (`sat_budget`); `eps` as given.
pub fn bounds_table(rows: &[Bound], n: u32, eps: &str, secs: f64, sat_budget: &str) -> String {
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let c = r.cert;
            let p = &c.params;
            let maximal = match &c.maximal {
                Some(mx) => format!("yes (no {})", mx.refuted),
                None if r.sat_out_of_budget > 0 => "budget".into(),
                None => "-".into(),
            };
            vec![
                p.m.to_string(),
                format!(
                    "{}{}",
                    c.bound,
                    if c.strict && parse_rational(&c.value).is_ok_and(|v| v.is_integer()) {
                        " (strict)"
                    } else {
                        ""
                    }
                ),
                c.uniform_bound.to_string(),
                c.k.to_string(),
                format!("({}, {}, {})", p.h, p.lo, p.hi),
                c.delta.clone(),
                c.construction.clone(),
                maximal,
                paper_text(p.m),
                format!("{}", 1u64 << p.m),
            ]
        })
        .collect();
    let mut s = format!(
        "Certified feature-rank lower bounds, heads correct on all length-{} Min-IP sequences over {{0,1}}^m, eps = {}\n\n",
        n, eps
    );
    s.push_str(&table::render(
        &[
            "m",
            "rank >=",
            "uniform",
            "k",
            "(h, lo, hi)",
            "delta",
            "code",
            "k maximal",
            "paper 2^(m/10-6)",
            "trivial 2^m",
        ],
        &body,
    ));
    s.push_str(&format!(
        "\nrank >= floor(value) + 1 > value = k^2/(k + sum_(i!=j) R_ij^-2), R_ij = R(lo, class of y_j seen from x_i; h) (classes o < h, h = the query itself, h+ = strict supersets);\n(strict) marks rows where value is an integer and the strict form adds 1 (docs/rank.md). uniform = ceil(k/(1+(k-1)delta^2)), delta = max_(i!=j) 1/R_ij.\nEvery row's certificate passed the checker ({} in {:.1} s, SAT budget {} proof clauses per m).\n",
        super::count(rows.len(), "value of m", "values of m"),
        secs,
        sat_budget
    ));
    s
}

/// `minip rank --json`'s record of one `m` (kind `rank.bound`).
pub fn bound_record(r: &Bound) -> serde_json::Value {
    let c = r.cert;
    let p = &c.params;
    serde_json::json!({
        "m": p.m, "n": p.n, "eps": p.eps, "verdict": "certified", "bound": c.bound.to_string(), "strict": c.strict, "k": c.k.to_string(), "h": p.h, "lo": p.lo, "hi": p.hi,
        "classes": c.classes,
        "delta": c.delta, "value": c.value, "uniform_bound": c.uniform_bound.to_string(), "uniform_value": c.uniform_value, "construction": c.construction,
        "maximal": c.maximal.as_ref().map(|mx| mx.refuted), "sat_out_of_budget": r.sat_out_of_budget,
        "paper_log2": paper_log2(p.m), "trivial": trivial(p.m),
        "x": c.code.x, "y": c.code.y,
    })
}

/// One certified `(m, n)` of `minip rank --linear`.
pub struct Linear<'a> {
    pub m: u32,
    pub n: u32,
    pub cert: &'a Checked<RankLinearCertificate>,
    /// Candidate sums priced.
    pub candidates: usize,
    /// The explicit-code method's bound at the same `(m, n)`, when it ran and certified one.
    pub explicit: Option<u64>,
}

/// `minip rank --linear`'s table for one length `n`: one row per certified `m`, then the
/// definitions (`linear_footer`).
pub fn linear_table(rows: &[Linear], n: u32, secs: f64) -> String {
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let c = r.cert.claim();
            vec![
                r.m.to_string(),
                minip_check::rational::readable(&c.bound.to_string()),
                r.cert.construction.clone(),
                short(&c.k.to_string()),
                c.h.to_string(),
                if to_f64(&c.value) < 1e6 {
                    format!("{:.2}", to_f64(&c.value))
                } else {
                    format!("~{}", minip_check::rational::approx(&c.value))
                },
                format!("{:.4}", log2(&c.bound) / r.m as f64),
                format!("{:.4}", ceiling::ceiling_log2(r.n, r.m, c.h) / r.m as f64),
                r.explicit.map_or("-".into(), |b| b.to_string()),
                paper_text(r.m),
                format!("2^{}", r.m),
            ]
        })
        .collect();
    let mut s = format!(
        "Certified feature-rank lower bounds from linear codes, heads correct on all length-{} Min-IP sequences over {{0,1}}^m, eps = 1/2\n\n",
        n
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
    s.push_str(&linear_footer(rows.len(), secs, &[n]));
    s
}

/// `minip rank --linear`'s table for several lengths: one row per `m` of `ms`, one column per
/// `n` of `ns` (`-` where nothing was certified), then the definitions.
pub fn linear_table_by_n(rows: &[Linear], ms: &[u32], ns: &[u32], secs: f64) -> String {
    let mut header: Vec<String> = vec!["m".into()];
    header.extend(ns.iter().map(|n| format!("n={n}: rank >= (log2/m <= ceiling)")));
    header.push("paper 2^(m/10-6)".into());
    let body: Vec<Vec<String>> = ms
        .iter()
        .map(|&m| {
            let mut row = vec![m.to_string()];
            for &n in ns {
                row.push(rows.iter().find(|r| r.m == m && r.n == n).map_or("-".into(), |r| {
                    let b = &r.cert.claim().bound;
                    format!(
                        "{} ({:.4} <= {:.4})",
                        short(&b.to_string()),
                        log2(b) / m as f64,
                        ceiling::ceiling_log2(n, m, m / 2) / m as f64
                    )
                }));
            }
            row.push(paper_text(m));
            row
        })
        .collect();
    let hdr: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut s = "Certified feature-rank lower bounds from linear codes by sequence length n, eps = 1/2 (codes: --json or the certificates)\n\n".to_string();
    s.push_str(&table::render(&hdr, &body));
    s.push_str(&linear_footer(rows.len(), secs, ns));
    s
}

fn linear_footer(count: usize, secs: f64, ns: &[u32]) -> String {
    let limits: Vec<String> = ns.iter().map(|&n| format!("n = {n}: {:.4}", ceiling::exponent(n))).collect();
    format!(
        "\nrank >= floor(value) + 1 > value = k^2/(k + sum_(i!=j) R_ij^-2) over the k weight-h words x_i of the code (m = 2h, y_i = complement of x_i),\n\
         R_ij = R(0, wt(x_i xor x_j)/2; h) (class h when x_j = complement of x_i), pair counts exact (docs/math.md §9).\n\
         ceiling = log2(g^2 C(m,h)/sum_j C(h,j)^2 beta^(2j))/m, g = n/(n-1), beta = 1/c_n: no code of weight-h words (lo = 0) priced with these ratios\n\
         has a larger value (docs/math.md §9.5, proved there; f64, not a verdict). Its limit 1 - log2(1 + 1/c_n): {}.\n\
         Every row's certificate passed the checker ({} in {secs:.1} s).\n",
        limits.join(", "),
        super::count(count, "certificate", "certificates")
    )
}

/// `minip rank --linear --json`'s record of one `(m, n)` (kind `rank.linear`).
pub fn linear_record(r: &Linear) -> serde_json::Value {
    let c = r.cert.claim();
    serde_json::json!({
        "verdict": "certified",
        "m": r.m, "n": r.n, "eps": r.cert.params.eps, "h": c.h,
        "bound": c.bound.to_string(), "strict": c.strict, "value": fmt_q(&c.value),
        "k": c.k.to_string(), "dim": c.dim, "code": r.cert.construction,
        "class_count": r.cert.classes.len(),
        "ceiling_log2_per_m": format!("{:.4}", ceiling::ceiling_log2(r.n, r.m, c.h) / r.m as f64),
        "ceiling_exponent": format!("{:.4}", ceiling::exponent(r.n)),
        "explicit_bound": r.explicit.map(|b| b.to_string()),
        "paper_log2": paper_log2(r.m), "trivial": trivial(r.m),
        "candidates": r.candidates,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_columns_and_short_counts() {
        assert_eq!(paper_log2(24), "-18/5");
        assert_eq!(paper_log2(60), "0");
        assert_eq!(trivial(10), "1024");
        assert_eq!(trivial(70), "1180591620717411303424");
        assert_eq!(format!("{:.4}", paper(60)), "1.0000");
        assert_eq!(paper_text(60), "1.0000");
        assert_eq!(paper_text(256), "794672.0072");
        assert_eq!(paper_text(300), "1.678e7");
        assert_eq!(paper_text(1024), "1.045e29");
        assert_eq!(short("123456789012345"), "123456789012345");
        assert_eq!(short("1234567890123456"), "1.235e15");
        assert_eq!(short("1234467890123456"), "1.234e15");
        assert_eq!(short("9999567890123456"), "1.000e16");
    }

    #[test]
    fn mantissas_are_rounded_half_up() {
        // docs/rank.md's m = 512, n = 8 and m = 1024, n = 8 and 16 bounds (to 4 or 5 digits).
        assert_eq!(mantissa("73181680131392", 3), ("7.32".into(), 13));
        assert_eq!(mantissa("73797000", 3), ("7.38".into(), 7));
        assert_eq!(mantissa("30138", 4), ("3.014".into(), 4));
        // Exactly one half rounds up; just below it rounds down.
        assert_eq!(mantissa("12345", 4), ("1.235".into(), 4));
        assert_eq!(mantissa("12344999", 4), ("1.234".into(), 7));
        // A carry through every digit moves the power of ten.
        assert_eq!(mantissa("99996", 4), ("1.000".into(), 5));
        assert_eq!(mantissa("96", 1), ("1".into(), 2));
        // Fewer digits than asked: padded, never rounded.
        assert_eq!(mantissa("42", 4), ("4.200".into(), 1));
        assert_eq!(
            times_ten("731816801313920608026921926812339681522478280928637282445521206059574339765143", 3),
            "7.32·10^77"
        );
    }
}
