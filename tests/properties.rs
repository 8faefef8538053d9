//! Property tests: rationals survive their string form, and every certificate the
//! pipeline produces passes the checker while a doubled multiplier or an edited head
//! does not, each rejected by the part of the check it breaks.

use minip::certify::gap::{decide, Outcome};
use minip::check::{check_gap, Context, Verdict};
use minip::claim::check_any;
use minip::format::AnyCertificate;
use minip::model::{Bound, Family, Gap, Instance};
use minip::rational::{fmt_q, parse_rational, q, qi, Rat};
use num_traits::Signed;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn rationals_round_trip_through_their_string_form(p in -10_000i64..10_000, d in 1i64..10_000) {
        let x = q(p, d);
        prop_assert_eq!(parse_rational(&fmt_q(&x)).unwrap(), x);
    }

    #[test]
    fn decided_certificates_check_and_tampering_is_caught(
        n in 3u32..=6, k in 2i64..=6, h in 1u32..=5, u_frac in 0.0f64..1.0, d_frac in 0.0f64..1.0,
        all in any::<bool>(), bound in prop_oneof![Just(None), (0i64..8).prop_map(Some)],
    ) {
        let u = ((h as f64) * u_frac) as u32 % h;
        let w = u + 1 + ((((h - u) as f64) * d_frac) as u32).min(h - u - 1);
        let family = if all { Family::All } else { Family::Paper };
        let bound = bound.map_or(Bound::Paper, |b| Bound::Value(qi(b)));
        let inst = Instance::new(n, q(1, k), Gap::new(h, u, w).unwrap(), family, bound).unwrap();
        let Outcome::Certified(c) = decide(&inst) else { panic!("unknown: {inst:?}") };
        let text = minip::print::json::pretty(&c);
        let summary = check_any(&minip::read::parse(&text).unwrap(), &Context::default()).unwrap().to_string();
        prop_assert!(summary.starts_with(c.claim().name()));
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let expect: String;
        if *c.claim() == Verdict::Holds {
            let rows = v["farkas"]["rows"].as_array_mut().unwrap();
            let i = rows.iter().position(|r| r["multiplier"] != "0").unwrap();
            let y = parse_rational(rows[i]["multiplier"].as_str().unwrap()).unwrap();
            rows[i]["multiplier"] = serde_json::Value::from(fmt_q(&(y * qi(2))));
            expect = "farkas: the combination leaves".into();
        } else {
            // Change one value s(x, j) of a token j with positive weight by enough to push
            // the first sequence containing j out of the tolerance, and restate every output
            // from the new tables: only |ŷ − t| < ε can catch it.
            let name = tamper_head(&mut v, &inst.eps);
            expect = format!("head: {name}: |ŷ − t| = ");
        }
        let AnyCertificate::Gap(t) = minip::read::parse(&v.to_string()).unwrap() else { panic!() };
        let e = check_gap(&t).unwrap_err();
        prop_assert!(e.starts_with(&expect), "want '{}' in: {}", expect, e);
        prop_assert!(!e.contains("stated output differs"), "{}", e);
    }
}

/// Moves `s(x, j)` for the first token `j` with positive weight so that the first sequence
/// containing `j` misses its target by more than `ε`; restates every output consistently.
/// Returns that sequence's name.
fn tamper_head(v: &mut serde_json::Value, eps: &Rat) -> String {
    let r = |x: &serde_json::Value| parse_rational(x.as_str().unwrap()).unwrap();
    let toks = ["x", "y", "z"];
    let alpha: Vec<Rat> = toks.iter().map(|t| r(&v["head"]["alpha"][t])).collect();
    let mut s: Vec<Rat> = toks.iter().map(|t| r(&v["head"]["s"][t])).collect();
    let seqs: Vec<([i64; 3], i64, String)> = v["sequences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            (
                [0, 1, 2].map(|k| q["mult"][k].as_i64().unwrap()),
                q["target"].as_i64().unwrap(),
                q["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let yhat = |s: &[Rat], m: &[i64; 3]| -> Rat {
        let den: Rat = (0..3).map(|k| qi(m[k]) * &alpha[k]).sum();
        (0..3).map(|k| qi(m[k]) * &alpha[k] * &s[k]).sum::<Rat>() / den
    };
    let j = (0..3).find(|&k| alpha[k].is_positive()).expect("a positive weight");
    let i = seqs.iter().position(|(m, _, _)| m[j] > 0).expect("a sequence with token j");
    let (m, t, name) = &seqs[i];
    let den: Rat = (0..3).map(|k| qi(m[k]) * &alpha[k]).sum();
    let share = qi(m[j]) * &alpha[j] / den; // ∂ŷ/∂s_j, in (0, 1]
    let err = yhat(&s, m) - qi(*t);
    s[j] += (err.abs() + eps + qi(1)) / share;
    assert!((yhat(&s, m) - qi(*t)).abs() > *eps);
    for (k, tok) in toks.iter().enumerate() {
        v["head"]["s"][tok] = fmt_q(&s[k]).into();
    }
    let outs: Vec<String> = seqs.iter().map(|(m, _, _)| fmt_q(&yhat(&s, m))).collect();
    for (o, y) in v["head"]["outputs"].as_array_mut().unwrap().iter_mut().zip(outs) {
        o["yhat"] = y.into();
    }
    name.clone()
}
