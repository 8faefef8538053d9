//! Explicit heads (docs/math.md §1, §6): exact exhaustive verification, the phase transition,
//! attacks, and rejection of malformed head files. Small m only.

use crate::common::minip;
use minip::heads::attack::{attack, Method};
use minip::heads::eval::{evaluate, target, verify, Report};
use minip::heads::transition::transition;
use minip::heads::{bits, file, load, Head};
use minip::model::code::parse_bits;
use minip::rational::{fmt_q, q, qi, Rat};
use num_traits::{Signed, Zero};

fn half() -> Rat {
    q(1, 2)
}

fn head(name: &str, m: u32, base: Option<i64>, len: u32) -> Head {
    load(name, Some(m), base.map(qi).as_ref(), len).unwrap()
}

fn check(h: &Head, len: u32) -> Report {
    verify(h, 1, len, &half(), true, &minip::control::Control::new()).unwrap()
}

fn spelled(m: u32, toks: &[u32]) -> Vec<String> {
    toks.iter().map(|&x| bits(m, x)).collect()
}

/// Max error over every ordered sequence of length `len` and every position, by brute force,
/// straight from the tables (no symmetry, no integer rows).
fn brute_max_error(h: &Head, len: u32) -> Rat {
    let n = h.tokens();
    let total = (n as u64).pow(len);
    let mut best = Rat::zero();
    for code in 0..total {
        let seq: Vec<u32> = (0..len).map(|i| ((code / (n as u64).pow(i)) % n as u64) as u32).collect();
        for i in 0..seq.len() {
            let e = (evaluate(h, &seq, i).unwrap() - qi(target(&seq, i) as i64)).abs();
            best = best.max(e);
        }
    }
    best
}

#[test]
fn softmax_base_6_is_correct_at_length_3() {
    for m in 1..=4 {
        let r = check(&head("softmax", m, None, 3), 3);
        assert!(r.correct(), "m = {m}");
        assert!(r.coordinate_symmetry);
        let per_len: Vec<String> = r.lens.iter().map(|l| fmt_q(&l.max_error)).collect();
        // (x, 0, x) with |x| = 1: weights 1/6, 1, 1/6 give 1/4; length 2: (x, 0) gives 1/7.
        assert_eq!(per_len, ["0", "1/7", "1/4"], "m = {m}");
    }
}

#[test]
fn rank1_is_exact_up_to_length_2() {
    for m in 1..=5 {
        let r = check(&head("rank1", m, None, 2), 2);
        assert!(r.correct());
        assert_eq!(r.max_error(), Rat::zero(), "m = {m}");
    }
}

#[test]
fn rank1_fails_at_length_3_with_the_first_failing_sequence() {
    for sym in [true, false] {
        let h = head("rank1", 2, None, 3);
        let r = verify(&h, 1, 3, &half(), sym, &minip::control::Control::new()).unwrap();
        assert!(!r.correct());
        assert!(r.lens[0].first_failure.is_none() && r.lens[1].first_failure.is_none());
        let f = r.first_failure().unwrap();
        assert_eq!(spelled(2, &f.tokens), ["11", "00", "00"]);
        assert_eq!((f.target, f.output.clone(), f.error.clone()), (0, q(-2, 3), q(2, 3)));
        assert_eq!(r.max_error(), q(2, 3));
    }
    // At m = 1 there is no gap d ≥ 2, and rank 1 survives length 3 (error 1/3).
    let r = check(&head("rank1", 1, None, 3), 3);
    assert!(r.correct());
    assert_eq!(r.max_error(), q(1, 3));
}

#[test]
fn exact_head_needs_base_len() {
    let m = 3;
    // Base L: L − 1 keys one step above the minimum give (L−1)/(2L−1); at L = 2 a key two
    // steps away gives (2/4)/(1 + 1/4) = 2/5 instead.
    for (len, max) in [(2u32, q(2, 5)), (3, q(2, 5)), (4, q(3, 7))] {
        let pass = check(&head("exact", m, None, len), len); // default base = len
        assert!(pass.correct(), "len {len}");
        assert_eq!(pass.max_error(), max, "len {len}");
        let fail = check(&head("exact", m, Some(len as i64 - 1), len), len);
        let f = fail.first_failure().expect("base len - 1 fails");
        assert_eq!(f.error, half(), "len {len}");
    }
    assert_eq!(head("exact", 3, None, 4).rank, 8);
}

#[test]
fn reductions_agree_with_brute_force() {
    let files = ["instances/heads/linear-overlap.json"];
    for m in 2..=3 {
        let mut heads =
            vec![head("rank1", m, None, 3), head("softmax", m, None, 3), head("exact", m, Some(2), 3)];
        heads.extend(files.iter().map(|f| load(f, Some(m), None, 3).unwrap()));
        for h in &heads {
            for sym in [true, false] {
                let r = verify(h, 3, 3, &half(), sym, &minip::control::Control::new()).unwrap();
                assert_eq!(r.max_error(), brute_max_error(h, 3), "{} m = {m} sym = {sym}", h.name);
            }
        }
    }
}

#[test]
fn big_integers_take_the_slow_path_exactly() {
    // Base 2^70: row entries reach 2^140, beyond the i128 fast path.
    let base = num_traits::pow(qi(2), 70);
    let h = load("softmax", Some(2), Some(&base), 3).unwrap();
    let r = check(&h, 3);
    assert!(r.correct());
    assert_eq!(r.max_error(), brute_max_error(&h, 3));
    let one = num_traits::pow(qi(2), 70);
    // Length 2, (x, 0) with |x| = 1: error 1/(1 + 2^70).
    assert_eq!(r.lens[1].max_error, Rat::from_integer(1.into()) / (one + qi(1)));
}

#[test]
fn table_file_equals_rule_file() {
    let t = load("instances/heads/linear-overlap-m2.json", None, None, 3).unwrap();
    let r = load("instances/heads/linear-overlap.json", Some(2), None, 3).unwrap();
    assert_eq!((t.alpha.clone(), t.s.clone()), (r.alpha.clone(), r.s.clone()));
    assert_eq!((t.rank, r.rank), (3, 3));
    assert_eq!(*t.alpha(parse_bits("11", 2).unwrap() as u32, 0), qi(9));
    let rep = check(&t, 3);
    assert!(rep.correct());
    assert_eq!(rep.max_error(), q(7, 15));
}

#[test]
fn symmetry_is_used_only_when_the_head_is_invariant() {
    // alpha depends on coordinate 0 of the key only: not invariant under coordinate swaps.
    let text = r#"{"format": "minip-head/1", "m": 2,
        "phi_q": "ones", "phi_k": {"table": {"00": ["1"], "10": ["2"], "01": ["1"], "11": ["2"]}},
        "v": "bits", "w": {"rule": "bits", "scale": "2"}, "beta": {"rule": "weight", "scale": "-1"}}"#;
    let h = Head::build(&file::parse(text).unwrap(), 2).unwrap();
    assert!(!h.coordinate_invariant());
    let r = check(&h, 3);
    assert!(!r.coordinate_symmetry);
    assert_eq!(r.evaluations(), 4 + 4 * 4 + 4 * 10);
    assert_eq!(r.max_error(), brute_max_error(&h, 3));
    assert!(head("rank1", 3, None, 3).coordinate_invariant());
}

fn parse_err(text: &str) -> String {
    match file::parse(text) {
        Err(e) => e.message().to_string(),
        Ok(spec) => Head::build(&spec, spec.m.unwrap_or(2)).map(|_| ()).unwrap_err().message().to_string(),
    }
}

#[test]
fn malformed_head_files_are_rejected() {
    let ok = r#""phi_q": "ones", "phi_k": "ones", "v": "bits", "w": "bits", "beta": "zero""#;
    let cases: Vec<(String, &str)> = vec![
        ("{ not json".into(), "malformed head file"),
        ("[1, 2]".into(), "expected a JSON object"),
        (format!(r#"{{"format": "minip-gap/1", {ok}}}"#), "unknown format"),
        (format!(r#"{{{ok}}}"#), "missing field 'format'"),
        (r#"{"format": "minip-head/1", "phi_q": "ones"}"#.into(), "missing field 'phi_k'"),
        (format!(r#"{{"format": "minip-head/1", "extra": 1, {ok}}}"#), "unknown field 'extra'"),
        (format!(r#"{{"format": "minip-head/1", "m": 0, {ok}}}"#), "field 'm'"),
        (r#"{"format": "minip-head/1", "phi_q": "cubes", "phi_k": "ones", "v": "bits", "w": "bits", "beta": "zero"}"#.into(), "unknown rule 'cubes'"),
        (r#"{"format": "minip-head/1", "phi_q": {"rule": "ones", "scale": "1/0"}, "phi_k": "ones", "v": "bits", "w": "bits", "beta": "zero"}"#.into(), "zero denominator"),
        (r#"{"format": "minip-head/1", "phi_q": {"table": {}}, "phi_k": "ones", "v": "bits", "w": "bits", "beta": "zero"}"#.into(), "needs the field 'm'"),
        (r#"{"format": "minip-head/1", "m": 1, "phi_q": {"table": {"0": ["1"]}}, "phi_k": "ones", "v": "bits", "w": "bits", "beta": "zero"}"#.into(), "token 1 is missing"),
        (r#"{"format": "minip-head/1", "m": 1, "phi_q": {"table": {"0": ["1"], "2": ["1"]}}, "phi_k": "ones", "v": "bits", "w": "bits", "beta": "zero"}"#.into(), "table key: malformed bit string '2'"),
        (r#"{"format": "minip-head/1", "m": 1, "phi_q": {"table": {"0": ["1"], "1": ["1", "2"]}}, "phi_k": "ones", "v": "bits", "w": "bits", "beta": "zero"}"#.into(), "mismatched dimensions"),
        (r#"{"format": "minip-head/1", "m": 1, "phi_q": {"table": {"0": ["1"], "1": [true]}}, "phi_k": "ones", "v": "bits", "w": "bits", "beta": "zero"}"#.into(), "expected a rational"),
    ];
    for (text, needle) in cases {
        let e = parse_err(&text);
        assert!(e.contains(needle), "{text}: got '{e}', want '{needle}'");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
}

#[test]
fn mismatched_dimensions_and_bad_kernels_are_rejected() {
    let cases: &[(&str, &str)] = &[
        (
            r#""phi_q": "bits", "phi_k": "ones", "v": "bits", "w": "bits", "beta": "zero""#,
            "phi_q has dimension 2, phi_k has 1",
        ),
        (
            r#""phi_q": "ones", "phi_k": "ones", "v": "unit", "w": "bits", "beta": "zero""#,
            "v has dimension 4, w has 2",
        ),
        (
            r#""phi_q": "ones", "phi_k": "ones", "v": "bits", "w": "bits", "beta": "bits""#,
            "beta must be a scalar",
        ),
        (
            r#""phi_q": "ones", "phi_k": {"rule": "ones", "scale": "-1/2"}, "v": "bits", "w": "bits", "beta": "zero""#,
            "negative kernel entry alpha(00, 00) = -1/2",
        ),
        // alpha(q,k) = <q,k>: nonnegative, but alpha(00, 00) = 0.
        (
            r#""phi_q": "bits", "phi_k": "bits", "v": "bits", "w": "bits", "beta": "zero""#,
            "alpha(00, 00) = 0",
        ),
        (
            r#""phi_q": {"concat": ["ones", {"rule": "row", "base": "-2"}]}, "phi_k": {"concat": ["ones", "unit"]}, "v": "bits", "w": "bits", "beta": "zero""#,
            "positive base",
        ),
    ];
    for (body, needle) in cases {
        let e = parse_err(&format!(r#"{{"format": "minip-head/1", "m": 2, {body}}}"#));
        assert!(e.contains(needle), "{body}: got '{e}', want '{needle}'");
    }
    // A table with one negative product among nonnegative features is caught entry by entry.
    let text = r#"{"format": "minip-head/1", "m": 1,
        "phi_q": {"table": {"0": ["1", "1"], "1": ["1", "-1"]}}, "phi_k": {"table": {"0": ["1", "0"], "1": ["0", "1"]}},
        "v": "bits", "w": "bits", "beta": "zero"}"#;
    assert_eq!(parse_err(text), "negative kernel entry alpha(1, 1) = -1");
    assert!(load("instances/heads/linear-overlap-m2.json", Some(3), None, 3)
        .unwrap_err()
        .contains("written for m = 2"));
    assert!(load("rank1", Some(2), Some(&qi(6)), 3).unwrap_err().contains("--base"));
    assert!(load("softmax", None, None, 3).unwrap_err().contains("--m"));
}

#[test]
fn attack_finds_confirmed_failures() {
    // rank1: alpha ≡ 1 and K = d − 1 = 1 at d = 2, so S1 fails at x = 110.
    let h = head("rank1", 3, None, 3);
    let a = attack(&h, 3, &half(), true, &minip::control::Control::new()).unwrap();
    let (method, w) = a.found.unwrap();
    assert!(matches!(method, Method::GapDomination { sequence: "S1", u: 0, w: 2, .. }), "{method:?}");
    assert_eq!(spelled(3, &w.tokens), ["110", "000", "000"]);
    assert_eq!(w.output, q(-2, 3));
    assert_eq!(evaluate(&h, &w.tokens, 0).unwrap(), q(-2, 3)); // confirmed directly
    assert_eq!(target(&w.tokens, 0), 0);

    // The linear-overlap file: gap domination (S3) at m = 6; exhaustive search at m = 3.
    let h = load("instances/heads/linear-overlap.json", Some(6), None, 3).unwrap();
    let (method, w) = attack(&h, 3, &half(), true, &minip::control::Control::new()).unwrap().found.unwrap();
    assert!(matches!(method, Method::GapDomination { sequence: "S3", .. }));
    assert_eq!(spelled(6, &w.tokens), ["111111", "000000", "111000"]);
    assert_eq!((w.target, w.output.clone()), (0, q(15, 13)));
    let h = load("instances/heads/linear-overlap.json", Some(3), None, 3).unwrap();
    let (method, w) = attack(&h, 3, &half(), true, &minip::control::Control::new()).unwrap().found.unwrap();
    assert!(matches!(method, Method::Exhaustive { .. }));
    assert_eq!(
        (spelled(3, &w.tokens), w.output.clone()),
        (vec!["111".into(), "000".into(), "100".into()], q(12, 23))
    );

    // Softmax survives: nothing found at n = 3, 4.
    for n in [3, 4] {
        assert!(attack(&head("softmax", 3, None, n), n, &half(), true, &minip::control::Control::new())
            .unwrap()
            .found
            .is_none());
    }
}

#[test]
fn transition_table_is_as_predicted() {
    let rows = transition(3, 3, &half(), &minip::control::Control::new()).unwrap();
    for r in &rows {
        for e in &r.entries {
            assert!(e.as_expected(), "m = {} {}", r.m, e.column);
        }
    }
    let f = rows[1].entries[1].report.first_failure().unwrap();
    assert_eq!(spelled(2, &f.tokens), ["11", "00", "00"]);
}

#[test]
fn cli_exit_codes() {
    let (code, out, _) = minip(&["head", "verify", "rank1", "--m", "2", "--len", "3"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("first fail  (11,00,00) at 1: target 0, output -2/3, error 2/3"), "{out}");
    let (code, out, _) = minip(&["head", "verify", "softmax", "--m", "3", "--len", "3", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!((v["max_error"].as_str(), v["verdict"].as_str()), (Some("1/4"), Some("correct")));
    let (code, out, _) = minip(&["head", "verify", "instances/heads/linear-overlap-m2.json", "--len", "3"]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = minip(&["head", "attack", "rank1", "--m", "3"]);
    assert_eq!(code, 1);
    assert!(out.contains("confirmed"), "{out}");
    let (code, out, _) = minip(&["transition", "--m-max", "2"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("every entry as predicted"), "{out}");

    let dir = std::env::temp_dir().join(format!("minip-heads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("bad.json");
    std::fs::write(&p, r#"{"format": "minip-head/1", "m": 1, "phi_q": "ones", "phi_k": {"rule": "ones", "scale": "-1"}, "v": "bits", "w": "bits", "beta": "zero"}"#).unwrap();
    for args in [
        vec!["head", "verify", p.to_str().unwrap(), "--len", "2"],
        vec!["head", "verify", "/nonexistent/head.json", "--m", "2", "--len", "2"],
        vec!["head", "verify", "softmax", "--m", "2", "--len", "3", "--eps", "0"],
        vec!["head", "verify", "softmax", "--m", "11", "--len", "3"],
        vec!["head", "attack", "softmax", "--m", "2", "--n", "2"],
    ] {
        let (code, _, err) = minip(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("minip: error: "), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
