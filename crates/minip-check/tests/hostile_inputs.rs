//! Forged certificates, each refused by the library with its exact reason or limit: integers
//! whose range check used to wrap (`h = 2^31 + 1`), a convolution whose estimate used to take
//! seconds before it refused, free text that used to print as part of a claim line (a
//! construction name, a rational with newlines, a file name holding an `ok …` line), and
//! duplicated list entries that used to be counted (sharp configurations, refuted supports),
//! and a value quoting the words of a limit, which used to turn a rejection into a limit.
//! The inputs are the fixtures (copies of committed certificates) edited as JSON.

use minip_check::check::rank_linear::{MAX_CONVOLUTION_STEPS, MAX_NAME_LEN};
use minip_check::check::Context;
use minip_check::claim::check_any;
use minip_check::model::code::Shape;
use minip_check::model::linear::{convolution_work, limbs_for, ops_of_groups, weight_groups, Block, Cells};
use minip_check::read::parse;
use minip_check::verify::{line, verify_files, Status};
use minip_check::{Claim, Error};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Instant;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

fn load(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap()
}

/// Checks a certificate given as JSON.
fn check(v: &Value) -> Result<Claim, Error> {
    let cert = parse(&v.to_string())?;
    check_any(&cert, &Context::default())
}

fn rejected(v: &Value) -> String {
    match check(v) {
        Err(Error::Rejected(m)) => m,
        other => panic!("expected a rejection, got {other:?}"),
    }
}

fn too_large(v: &Value) -> String {
    match check(v) {
        Err(Error::TooLarge(m)) => m,
        other => panic!("expected a limit, got {other:?}"),
    }
}

/// `RM(1, 5)` given by its dual's rows (the all-ones word and the five coordinate functions):
/// a block of the MacWilliams path.
fn dual_block() -> Value {
    let rows: Vec<String> = (0..=5u32)
        .map(|c| (0..32u32).map(|p| if c == 5 || p >> c & 1 == 1 { '1' } else { '0' }).collect())
        .collect();
    json!({"name": "rm1_5dual", "m": 32, "copies": 1, "generator": [], "dual": rows})
}

#[test]
fn a_query_weight_past_half_the_length_is_rejected_whatever_its_size() {
    let base = load("rank_linear_m32.json");
    assert!(check(&base).is_ok());
    let mut dual = base.clone();
    dual["blocks"] = json!([dual_block()]);
    // h = 2^31 + 1: 2h wrapped to 2 in 32 bits, passed, and (h + 1)^2 cells were allocated
    // (abort); h = 17 is the first past 2h <= m; h = 2^32 - 1 the largest.
    for h in [2_147_483_649u64, 17, 4_294_967_295] {
        for v in [&base, &dual] {
            let mut v = v.clone();
            v["params"]["h"] = h.into();
            assert_eq!(rejected(&v), format!("params.h = {h}: need 1 ≤ h and 2h ≤ m = 32"));
        }
    }
    let mut v = base.clone();
    v["params"]["h"] = 0.into();
    assert_eq!(rejected(&v), "params.h = 0: need 1 ≤ h and 2h ≤ m = 32");
    // n is bounded before the chain table is built for it.
    let mut v = base;
    v["params"]["n"] = 4_294_967_295u64.into();
    assert_eq!(too_large(&v), "params: n = 4294967295 is above the supported 1024 (the paper family)");
}

#[test]
fn other_parameters_that_used_to_wrap_or_pass_unchecked_are_refused() {
    // A rank code of one pair needs no ratio certificate, so n and eps were never checked.
    let mut v = load("m04.json");
    v.as_object_mut().unwrap().remove("maximal");
    for (n, eps) in [(0u64, "1/2"), (2, "1/2"), (3, "-1/2"), (3, "0")] {
        let mut w = v.clone();
        w["params"]["n"] = n.into();
        w["params"]["eps"] = eps.into();
        assert_eq!(rejected(&w), format!("params: need n ≥ 3 and ε > 0, got n = {n}, eps = {eps}"));
    }
    let mut w = v;
    w["params"]["n"] = 1025.into();
    assert_eq!(too_large(&w), "params: n = 1025 is above the supported 1024 (the paper family)");
    // causal-last with n = 0: the last key position n − 1 wrapped to 2^32 − 1 (a panic with
    // overflow checks).
    let mut g = load("gap_holds.json");
    g["params"]["n"] = 0.into();
    g["params"]["positions"] = "causal-last".into();
    g["params"]["at"] = 1.into();
    assert_eq!(rejected(&g), "params: at = 1: need a key position 1..=0 (positions causal-last)");
    // The CNF estimate of a stated refuted count near 2^64 saturates instead of wrapping small.
    let shape = Shape::new(4, 2, 0, 2).unwrap();
    assert_eq!(minip_check::rows::cnf::estimate(shape, usize::MAX), u128::MAX);
    assert!(minip_check::rows::cnf::estimate(shape, 3) < 10_000);
}

/// `copies` one-bit blocks `{0, 1}` (`zero`: `{0}`), length `4096`, at query weight `h`.
fn one_bit_blocks(copies: u32, h: u32, zero: bool) -> Value {
    let mut v = load("rank_linear_m32.json");
    v["params"]["m"] = (copies * if zero { 64 } else { 1 }).into();
    v["params"]["h"] = h.into();
    let (m, generator) = if zero { (64, json!([])) } else { (1, json!(["1"])) };
    v["blocks"] = json!([{"name": "b", "m": m, "copies": copies, "generator": generator}]);
    v["classes"] = json!([]);
    v["ratios"] = json!([]);
    v
}

#[test]
fn the_convolution_estimate_refuses_in_closed_form_and_stops_at_its_limits() {
    // 4096 one-bit blocks: (h + 1)² cells per block are scanned, 4096·513² at h = 512. The
    // estimate used to walk them all (8–17 s at h = 512, over a minute at h = 2048).
    for h in [512u32, 1024, 2048] {
        let steps = 4096 * u128::from(h + 1).pow(2);
        let t0 = Instant::now();
        assert_eq!(
            too_large(&one_bit_blocks(4096, h, false)),
            format!("too large to check: at least {steps} steps of the convolution over 4096 blocks at h = {h}, the limit is {MAX_CONVOLUTION_STEPS}")
        );
        assert!(t0.elapsed().as_secs_f64() < 5.0, "h = {h}: {:?}", t0.elapsed());
    }
    // The step limit at its boundary: 64 empty blocks of 64 bits scan 64·(h + 1)² cells.
    let work = |h: u32| {
        let groups: Vec<(u32, Cells)> =
            (0..64).map(|_| (64, weight_groups(&Block { m: 64, rows: vec![] }))).collect();
        convolution_work(h, &groups, limbs_for(0), MAX_CONVOLUTION_STEPS)
    };
    assert!(work(882).steps <= MAX_CONVOLUTION_STEPS && !work(882).stopped);
    assert!(work(883).steps > MAX_CONVOLUTION_STEPS && work(883).stopped);
    assert_eq!(
        too_large(&one_bit_blocks(64, 883, true)),
        format!("too large to check: at least 50013184 steps of the convolution over 64 blocks at h = 883, the limit is {MAX_CONVOLUTION_STEPS}")
    );
    // Just inside, the convolution runs: the stated k (of the original code) is what fails.
    assert!(
        rejected(&one_bit_blocks(64, 882, true)).starts_with("k = 36518, recounted 0 weight-882 codewords")
    );
    // Many one-bit blocks at a small h pass the scan and are refused on their limb operations,
    // counted exactly (the steps bound the count's own time).
    let groups: Vec<(u32, Cells)> =
        (0..4096).map(|_| (1, weight_groups(&Block { m: 1, rows: vec![1] }))).collect();
    let ops = ops_of_groups(40, &groups, limbs_for(4096));
    assert_eq!(
        too_large(&one_bit_blocks(4096, 40, false)),
        format!(
            "too large to check: about {ops} limb operations in the convolution, the limit is 2000000000"
        )
    );
    assert_eq!(ops, dense_ops(40, &groups, limbs_for(4096)));
    // Unbounded, the count is the exact one (`ops_of_groups`, which the producer budgets with):
    // the same as walking every cell of every table, as the estimate used to.
    let block = |m: u32, rows: Vec<u64>| (m, weight_groups(&Block { m, rows }));
    let eham8 = || block(8, vec![0xff, 0xaa, 0xcc, 0xf0]);
    let sums: Vec<(u32, Vec<(u32, Cells)>)> = vec![
        (16, vec![eham8(), eham8(), eham8(), eham8()]),
        (
            13,
            vec![
                eham8(),
                block(7, vec![0b0001011, 0b0010110, 0b0101100, 0b1011000]),
                eham8(),
                block(3, vec![]),
            ],
        ),
        (5, (0..20).map(|_| block(1, vec![1])).collect()),
        (2, vec![block(16, (0..11).map(|i| 0b11 << i).collect()), eham8()]),
    ];
    for (h, groups) in &sums {
        let full = convolution_work(*h, groups, 2, u128::MAX);
        assert_eq!((full.ops, full.stopped), (dense_ops(*h, groups, 2), false), "h = {h}");
        assert_eq!(full.ops, ops_of_groups(*h, groups, 2));
        assert!(full.ops > 0 && full.steps >= groups.len() as u128 * u128::from(h + 1).pow(2));
    }
}

/// The limb operations of the convolution counted by walking all `(h + 1)²` cells of every
/// table (the estimate before it followed the nonempty cells only), as a reference.
fn dense_ops(h: u32, blocks: &[(u32, Cells)], limbs: usize) -> u128 {
    let total: u32 = blocks.iter().map(|b| b.0).sum();
    let hh = h as usize + 1;
    let mut live = vec![false; hh * hh];
    live[0] = true;
    let (mut done, mut ops) = (0u32, 0u128);
    for (len, groups) in blocks {
        done += len;
        let lo = h.saturating_sub(total - done) as usize;
        let mut next = vec![false; hh * hh];
        for a in 0..hh {
            for b in 0..hh {
                if live[a * hh + b] {
                    for &(a2, b2, cnt) in groups {
                        let (na, nb) = (a + a2, b + b2);
                        if na < hh && nb < hh && na >= lo && nb >= lo {
                            next[na * hh + nb] = true;
                            ops += (a.min(b) + 1) as u128 * cnt;
                        }
                    }
                }
            }
        }
        live = next;
    }
    ops * limbs as u128
}

#[test]
fn a_construction_or_block_name_that_is_not_a_plain_name_is_rejected() {
    let base = load("rank_linear_m32.json");
    let fake = "ok      proofs/rank-linear/n1024_m1024.json: rank >= 99999999999999999999 (linear code eham1024, n=1024 eps=1/2 m=1024 h=512 k=1 dim=1)";
    for name in [
        format!("rm2_5, n=1024 m=1024)\n{fake}"),
        "rm2_5, n=1024 m=1024".to_string(),
        "rm2_5\r".into(),
        "rm2_5\u{2028}x".into(),
        String::new(),
        "x".repeat(MAX_NAME_LEN + 1),
    ] {
        let mut v = base.clone();
        v["construction"] = name.clone().into();
        let e = rejected(&v);
        assert!(
            e.starts_with("construction: '")
                && e.ends_with("' is not a plain name (1 to 256 ASCII letters, digits and _ ^ + . -)"),
            "{e}"
        );
        assert!(!e.contains('\n') && !e.contains('\r') && !e.contains('\u{2028}'), "{e:?}");
        let mut v = base.clone();
        v["blocks"][0]["name"] = name.into();
        assert!(rejected(&v).starts_with("blocks[0].name: '"));
    }
    // The names minip writes pass, and the line names the construction as stated.
    let mut v = base;
    v["construction"] = "eham16^9+golay24.x-y".into();
    let line = check(&v).unwrap().to_string();
    assert!(
        line.starts_with("rank >= ")
            && line.contains("(linear code eham16^9+golay24.x-y, n=3 eps=1/2 m=32 h=16 ")
    );
}

#[test]
fn a_rational_with_whitespace_or_control_characters_is_malformed_and_claims_print_checked_values() {
    let base = load("proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json");
    for (bound, shown) in [("2\n\n", "2\\n\\n"), (" 2", " 2"), ("2\r", "2\\r"), ("2\u{85}", "2\\u{85}")] {
        let mut v = base.clone();
        v["params"]["bound"] = bound.into();
        assert_eq!(
            rejected(&v),
            format!("params: bound must be 'paper' or a rational: malformed rational '{shown}': a number has no whitespace or control characters")
        );
    }
    // The same bound stated unreduced: the line prints the checked value, 2.
    let mut v = base;
    v["params"]["bound"] = "4/2".into();
    v["params"]["kprime"] = "2".into();
    assert_eq!(check(&v).unwrap().to_string(), "broken (gap n=3 eps=1/2 h=2 u=0 w=2 paper b<=2)");
    // A single sharp configuration's kstar stated unreduced prints reduced.
    let mut s = load("proofs/sharp/n4_eps1-3_all.json");
    s["certificates"][0]["kstar"] = "8/2".into();
    assert_eq!(
        check(&s).unwrap().to_string(),
        "sharp (1 configuration, n=4 eps=1/3 all h=2 u=0 w=2: kstar = 4 certified both sides)"
    );
    // A newline in any rational field is refused the same way (a ratio's multiplier).
    let mut r = load("ratio_h3.json");
    r["multipliers"][0]["y"] = "1\nok".into();
    let e = rejected(&r);
    assert!(
        e.ends_with("malformed rational '1\\nok': a number has no whitespace or control characters"),
        "{e}"
    );
}

#[test]
fn a_file_name_holding_a_line_prints_on_its_own_line_only() {
    let dir = std::env::temp_dir().join(format!("minip-check-hostile-names-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // (A file name holds no '/': the forged line names ε = 1.)
    let fake = "ok      forged.json: holds (gap n=3 eps=1 h=9 u=0 w=9 paper b<=paper)";
    let name = format!("b2.json\n{fake}\n.json");
    std::fs::copy(fixture("proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json"), dir.join(&name)).unwrap();
    let results = verify_files(&[dir.join(&name)], 1);
    assert_eq!(results[0].status(), Status::Verified);
    let out = line(&results[0]);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("ok      ") && out.contains("b2.json\\nok      forged.json: holds"), "{out}");
    assert!(out.ends_with(".json: broken (gap n=3 eps=1/2 h=2 u=0 w=2 paper b<=2)\n"), "{out}");
    // An error quoting the path is one line too.
    let missing = dir.join(format!("gone\n{fake}"));
    let e = minip_check::verify::collect_walk(&[missing], "json").unwrap_err();
    assert!(!e.contains('\n') && e.contains("gone\\nok      forged.json"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_configuration_listed_twice_is_rejected_naming_both_entries() {
    let base = load("proofs/sharp/n3_eps1-2_paper.json");
    let certs = base["certificates"].as_array().unwrap().clone();
    let n = certs.len();
    // Every configuration twice: it used to print "sharp (6 configurations …)" for 3.
    let mut v = base.clone();
    v["certificates"] = Value::Array(certs.iter().chain(&certs).cloned().collect());
    let c0 = &certs[0];
    assert_eq!(
        rejected(&v),
        format!(
            "certificates[{n}] (n=3 eps=1/2 h={} u={} w={} paper): the configuration is listed twice (also as certificates[0])",
            c0["h"], c0["u"], c0["w"]
        )
    );
    // Stated as another rational (0.5 = 1/2), a configuration is still the same one.
    let mut again = certs[1].clone();
    again["eps"] = "0.5".into();
    let mut v = base.clone();
    v["certificates"] = Value::Array(certs.iter().cloned().chain([again]).collect());
    assert!(rejected(&v).ends_with("the configuration is listed twice (also as certificates[1])"));
    // The same (h, u, w) in another setting is another configuration (and is checked as such).
    assert_eq!(
        check(&base).unwrap().to_string(),
        format!("sharp ({n} configurations, n=3 eps=1/2 paper: kstar certified both sides)")
    );
}

#[test]
fn a_support_refuted_twice_is_rejected() {
    let base = load("poly_none_m04.json");
    assert!(check(&base).is_ok());
    let mut v = base.clone();
    let r = v["refutations"][0].clone();
    v["refutations"] = json!([r.clone(), r]);
    assert_eq!(rejected(&v), "refutations[1]: the support is refuted twice (also in refutations[0])");
}

/// The kind of a failure is set where it is found, never read back from its message: a stated
/// value that quotes the words of a limit is still a rejected claim (exit 1), and a number past
/// its digit limit is still a limit (exit 2) with the field named in front.
#[test]
fn a_value_quoting_the_words_of_a_limit_is_rejected_not_a_limit() {
    let mut v = load("ratio_h3.json");
    for words in ["too large to check", "above the supported", "larger than the supported"] {
        v["ratio"] = json!(words);
        assert_eq!(
            rejected(&v),
            format!("ratio: malformed rational '{words}': a number has no whitespace or control characters")
        );
        assert_eq!(check(&v).unwrap_err().exit_code(), 1);
    }
    v["ratio"] = json!("1".repeat(10_001));
    let e = too_large(&v);
    assert!(e.starts_with("ratio: too large to check: a number of 10001 digits, the limit is 10000"), "{e}");
    assert_eq!(check(&v).unwrap_err().exit_code(), 2);
}
