//! Property tests: rationals survive their string form, and every certificate the
//! pipeline produces passes the checker while a doubled multiplier or an edited head
//! does not.

use minip::cert::{self, AnyCertificate};
use minip::certify::{decide, Outcome};
use minip::check::check_any;
use minip::exact::rational::{fmt_q, parse_rational, q, qi};
use minip::model::{Bound, Family, Gap, Instance};
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
        let Outcome::Certified { cert: c, .. } = decide(&inst) else { panic!("unknown: {inst:?}") };
        let text = cert::to_json(&c);
        prop_assert!(check_any(&cert::parse(&text).unwrap()).is_ok());
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        if v.get("farkas").is_some() {
            let rows = v["farkas"]["rows"].as_array_mut().unwrap();
            let i = rows.iter().position(|r| r["multiplier"] != "0").unwrap();
            let y = parse_rational(rows[i]["multiplier"].as_str().unwrap()).unwrap();
            rows[i]["multiplier"] = serde_json::Value::from(fmt_q(&(y * qi(2))));
        } else {
            let a = parse_rational(v["head"]["s"]["x"].as_str().unwrap()).unwrap();
            v["head"]["s"]["x"] = serde_json::Value::from(fmt_q(&(a + qi(1000))));
        }
        let AnyCertificate::Gap(t) = cert::parse(&v.to_string()).unwrap() else { panic!() };
        prop_assert!(minip::check::check_gap(&t).is_err());
    }
}
