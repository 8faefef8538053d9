//! Forced ratios (docs/math.md §4): public values, committed certificates under
//! proofs/amplify/ re-solved and verified, tampering rejected, CLI behaviour.

use crate::common::minip;
use crate::common::root;
use minip::certify::ratio::{
    chain_bound, forced_ratio, forced_ratio_lp, forced_ratio_series, forced_ratio_stats,
};
use minip::check::{check_ratio, Context};
use minip::claim::check_any;
use minip::format::AnyCertificate;
use minip::rational::{fmt_q, parse_rational, q, qi};
use minip::read;
use serde_json::Value;

#[test]
fn public_values_and_chain_bounds() {
    let want = [(2, qi(1)), (3, q(5, 2)), (4, qi(4)), (5, q(11, 2)), (6, qi(7))];
    for (h, r) in want {
        let c = forced_ratio(3, &q(1, 2), h, 0, h, false).unwrap();
        assert_eq!(check_ratio(&c).unwrap(), r, "h = {h}");
        assert_eq!(*c.claim(), r, "h = {h}");
        assert_eq!(parse_rational(&c.ratio).unwrap(), r);
    }
    assert_eq!(chain_bound(3, &q(1, 2), 3, 0), Some(qi(2)));
    assert_eq!(chain_bound(3, &q(1, 2), 6, 0), Some(qi(5)));
}

#[test]
fn ratios_exceed_2_pow_25_by_h_64() {
    let c = forced_ratio(3, &q(1, 2), 64, 0, 64, false).unwrap();
    let r = check_ratio(&c).unwrap();
    assert_eq!(r, q(150994943, 2));
    assert!(r > qi(1 << 25));
}

fn committed(eps: &str, h: u32) -> Value {
    let f = root().join(format!("proofs/amplify/n3_eps{}_h{h}_lo0_hi{h}.json", eps.replace('/', "-")));
    serde_json::from_str(&std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display())))
        .unwrap()
}

#[test]
fn committed_certificates_cover_the_grid_and_match_a_fresh_solve() {
    for eps in ["1/2", "1/4"] {
        for h in 1..=24 {
            let v = committed(eps, h);
            let AnyCertificate::Ratio(c) = read::parse(&v.to_string()).unwrap() else {
                panic!("not a ratio certificate")
            };
            let r = check_ratio(&c).unwrap();
            if h <= 12 || h == 24 {
                let fresh = forced_ratio(3, &parse_rational(eps).unwrap(), h, 0, h, false).unwrap();
                assert_eq!(check_ratio(&fresh).unwrap(), r, "eps {eps} h {h}");
            }
        }
    }
    assert_eq!(committed("1/4", 24)["ratio"], "797161");
    assert_eq!(committed("1/2", 24)["ratio"], "2303/2");
}

fn rejects(v: &Value, needle: &str, what: &str) {
    let c = read::parse(&v.to_string());
    let err = c.and_then(|c| check_any(&c, &Context::default())).expect_err(what);
    assert!(err.contains(needle), "{what}: {err}");
}

#[test]
fn tampered_ratio_certificates_are_rejected() {
    let good = committed("1/2", 12);
    assert_eq!(
        check_any(&read::parse(&good.to_string()).unwrap(), &Context::default()).unwrap().to_string(),
        "ratio R = 40 (n=3 eps=1/2 h=12 lo=0 hi=12)"
    );
    let mults = good["multipliers"].as_array().unwrap().len();
    assert!(mults > 2);

    let mut t = good.clone();
    t["multipliers"][1]["y"] = Value::from("1000");
    rejects(&t, "multipliers: the combination leaves", "changed multiplier");

    let mut t = good.clone();
    t["multipliers"].as_array_mut().unwrap().remove(0);
    rejects(&t, "multipliers: the combination leaves", "removed multiplier");

    let mut t = good.clone();
    let first = t["multipliers"][0].clone();
    t["multipliers"].as_array_mut().unwrap().push(first);
    rejects(&t, "multipliers[7] ([0, 0] lower): listed twice", "duplicated multiplier");

    let mut t = good.clone();
    t["multipliers"][0]["side"] = Value::from("both");
    rejects(&t, "unknown side 'both'", "bad side");

    let mut t = good.clone();
    t["multipliers"][0]["y"] = Value::from("-1");
    rejects(&t, "not positive", "negative multiplier");

    let mut t = good.clone();
    t["multipliers"][0]["classes"] = serde_json::json!([0, 13]);
    rejects(
        &t,
        "multipliers[0] ([0, 13] lower): not a nondecreasing multiset of n − 1 classes in 0..13",
        "class out of range",
    );

    // A smaller ε only strengthens what the multipliers prove (fewer heads are correct), so
    // they still pass; the point, correct at 1/2, is not at 1/3.
    let mut t = good.clone();
    t["params"]["eps"] = Value::from("1/3");
    rejects(&t, "point: violates the lower row of multiset [0, 0] (|N − tD| > εD)", "changed eps");
    // A larger ε weakens the rows: the multipliers no longer cancel.
    t["params"]["eps"] = Value::from("2/3");
    rejects(&t, "multipliers: the combination leaves", "larger eps");

    let mut t = good.clone();
    t["params"]["n"] = Value::from(4);
    rejects(&t, "multipliers[0] ([0, 0] lower): not a nondecreasing multiset of n − 1 classes", "changed n");

    let mut t = good.clone();
    t["params"]["h"] = Value::from(13);
    rejects(&t, "point: need 14 values of alpha and p", "changed h");

    // An inflated ratio with the point moved to match: the multipliers prove only 40.
    let mut t = good.clone();
    t["ratio"] = Value::from("41");
    rejects(&t, "alpha[0]: the point gives A_lo = 40, not the ratio 41", "inflated ratio");
    t["alpha"][0] = Value::from("41");
    rejects(&t, "< 0 on A_12", "inflated ratio and point");
    // A deflated one: the multipliers prove it, but no point attains it.
    let mut t = good.clone();
    t["ratio"] = Value::from("39");
    t["alpha"][0] = Value::from("39");
    rejects(&t, "point: violates the", "deflated ratio and point");

    let mut t = good.clone();
    t["alpha"][12] = Value::from("2");
    rejects(&t, "alpha[12]: the point must have A_hi = 1", "unnormalised point");
    let mut t = good.clone();
    t["alpha"][5] = Value::from("-1");
    rejects(&t, "alpha[5]: negative kernel value", "negative point");
    let mut t = good.clone();
    t["p"].as_array_mut().unwrap().pop();
    rejects(&t, "point: need 13 values of alpha and p", "short point");
    let mut t = good.clone();
    t["format"] = Value::from("minip-ratio/1");
    t["params"]["superset"] = Value::from(true);
    rejects(&t, "params.superset: minip-ratio/1 has no superset class", "v1 with superset");

    let mut t = good.clone();
    t["p"][3] = Value::from("0");
    rejects(&t, "point: violates the lower row of multiset [1, 3]", "changed point");

    let mut t = good.clone();
    t["params"]["lo"] = Value::from(12);
    rejects(&t, "params: lo = 12, hi = 12: need lo < hi", "bad params");
}

#[test]
fn amplify_cli_prints_certified_ratios_and_writes_files() {
    let dir = std::env::temp_dir().join(format!("minip-amplify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("r.svg");
    let lp = dir.join("h6.lp");
    let (code, out, err) = minip(&[
        "amplify",
        "--h",
        "6",
        "--plot",
        svg.to_str().unwrap(),
        "--export-lp",
        lp.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()
                == ["6", "0", "6", "7", "2.807", "5", "1.400", "-"]),
        "{out}"
    );
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let text = std::fs::read_to_string(&lp).unwrap();
    assert!(text.contains("Minimize") && text.contains(" norm: A6 = 1") && text.ends_with("End\n"));
    let (code, out, _) = minip(&["verify", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("ratio R = 7"));
    let (code, out, _) = minip(&["amplify", "--h", "3..=4", "--json"]);
    assert_eq!(code, 0);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["ratio"], "5/2");
    assert_eq!(lines[1]["ratio"], "4");
    assert_eq!(lines[0]["chain_bound"], "2");
    let (code, out, _) = minip(&["amplify", "--h", "3", "--pairs", "all", "--json"]);
    assert_eq!((code, out.lines().count()), (0, 6));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn amplify_bad_input_gets_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["amplify", "--h", "0"], "h ≥ 1"),
        (&["amplify", "--h", "5", "--lo", "3", "--hi", "3"], "lo < hi"),
        (&["amplify", "--h", "5", "--lo", "4", "--hi", "2"], "lo < hi"),
        (&["amplify", "--h", "5", "--hi", "6"], "hi ≤ h"),
        (&["amplify", "--h", "4", "--n", "2"], "n ≥ 3"),
        (&["amplify", "--h", "4", "--eps", "0"], "ε > 0"),
        (&["amplify", "--h", "4", "--eps", "-1/2"], "ε > 0"),
        (&["amplify", "--h", "2..x"], "malformed range"),
        (&["amplify", "--h", "4", "--pairs", "some"], "--pairs"),
        (&["amplify", "--h", "3..=4", "--export-lp", "/tmp/x.lp"], "single h"),
    ];
    for (args, needle) in cases {
        let (code, _, err) = minip(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn a_shared_stepping_series_matches_single_solves() {
    let eps = q(1, 2);
    let hs = [72, 3, 66];
    let series = forced_ratio_series(3, &eps, &hs, false);
    for (h, c) in hs.iter().zip(series) {
        let single = forced_ratio(3, &eps, *h, 0, *h, false).unwrap();
        assert_eq!(check_ratio(&c.unwrap()).unwrap(), check_ratio(&single).unwrap(), "h = {h}");
    }
}

#[test]
fn the_closed_route_gives_the_row_lp_value_exactly() {
    // R(0, h; h) at eps = 1/2 takes the closed route (the descent point with the chain
    // multipliers, no LP); the row LP route (HiGHS's basis, exact pivots, stepping above 64)
    // must give the same exact rational, at n = 3 and beyond.
    let eps = q(1, 2);
    for (n, h) in
        [(3, 2), (3, 3), (3, 7), (3, 12), (3, 24), (3, 48), (3, 64), (3, 72), (3, 80), (4, 7), (5, 6)]
    {
        let (fast, st) = forced_ratio_stats(n, &eps, h, 0, h, false).unwrap();
        assert_eq!((st.route.as_str(), st.pivots), ("closed", 0), "n = {n}, h = {h}");
        let (old, st_old) = forced_ratio_lp(n, &eps, h, 0, h, false).unwrap();
        assert_ne!(st_old.route, "closed");
        assert_eq!(check_ratio(&fast).unwrap(), check_ratio(&old).unwrap(), "n = {n}, h = {h}");
    }
    // Other pairs, other eps and h+ are not on the closed route.
    for (eps, lo, hi, sup) in [(q(1, 2), 0, 5, false), (q(1, 2), 0, 9, true), (q(1, 4), 0, 8, false)] {
        let (_, st) = forced_ratio_stats(3, &eps, 8, lo, hi, sup).unwrap();
        assert_ne!(st.route, "closed", "eps {eps}, hi {hi}, superset {sup}");
    }
}

#[test]
fn closed_route_values_at_large_h() {
    // The values of docs/amplify.md (certified before the closed route by stepping the exact
    // basis up from 64).
    let eps = q(1, 2);
    let big = |s: &str| parse_rational(s).unwrap();
    for (h, r) in [
        (96, "1043677052927/2"),
        (104, "9895604649983/2"),
        (128, "7599824371187711/2"),
        (168, "498062089990157893631/2"),
    ] {
        let (c, st) = forced_ratio_stats(3, &eps, h, 0, h, false).unwrap();
        assert_eq!(st.route, "closed", "h = {h}");
        assert_eq!(check_ratio(&c).unwrap(), big(r), "h = {h}");
        // The closed form of docs/math.md §9.3: (3·chain(h) − 1)/2.
        let chain = chain_bound(3, &eps, h, 0).unwrap();
        assert_eq!(big(r), (qi(3) * chain - qi(1)) / qi(2), "h = {h}");
    }
    // Every h of the amplify table is certified on the closed route (none falls back to the LP).
    for h in 2..=168 {
        let (c, st) = forced_ratio_stats(3, &eps, h, 0, h, false).unwrap();
        assert_eq!(st.route, "closed", "h = {h}");
        let chain = chain_bound(3, &eps, h, 0).unwrap();
        assert_eq!(check_ratio(&c).unwrap(), (qi(3) * chain - qi(1)) / qi(2), "h = {h}");
    }
}

#[test]
fn the_descent_point_meets_every_row_and_a_nudged_one_does_not() {
    // The point alone (no multipliers needed for the primal side): A_h = 1, A_0 = R, and the
    // checker enumerates every row. Lowering A_0 by 1/2 leaves the point infeasible.
    let (a, p) = minip::repair::descent::point(3, 30).unwrap();
    assert_eq!(a[30], qi(1));
    let c = forced_ratio(3, &q(1, 2), 30, 0, 30, false).unwrap();
    assert_eq!(c.alpha, a.iter().map(fmt_q).collect::<Vec<_>>());
    assert_eq!(c.p, p.iter().map(fmt_q).collect::<Vec<_>>());
    let mut bad = c.cert().clone();
    let lower = &a[0] - q(1, 2);
    bad.alpha[0] = fmt_q(&lower);
    bad.ratio = fmt_q(&lower);
    let e = check_ratio(&bad).unwrap_err();
    assert!(e.contains("violates") || e.contains("multipliers") || e.contains("cancel"), "{e}");
    assert!(minip::repair::descent::point(2, 5).is_none());
    assert!(minip::repair::descent::point(3, 0).is_none());
}
