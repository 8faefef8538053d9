//! Beyond Min-IP (docs/math.md §11, docs/beyond.md): the committed tables under
//! proofs/beyond/ assert the values the docs state, a few are re-solved from scratch, and
//! tampered certificates of every new kind are rejected with the part named.

use crate::common::root;
use minip::certify::ratio::{chain_bound, forced_ratio_in, instance_in};
use minip::certify::sharp::{sharp, SharpOutcome};
use minip::check::{Context, RatioOutcome};
use minip::claim::check_any;
use minip::format::AnyCertificate;
use minip::model::{paper_k, Bound, Family, Gap, Instance, Kernel, Keys, Positions, Setting, Task};
use minip::rational::{fmt_q, parse_rational, q, qi, Rat};
use minip::read;
use serde_json::Value;

fn load(rel: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}")))
        .unwrap()
}

fn rejects(v: &Value, needle: &str, what: &str) {
    let c = read::parse(&v.to_string());
    let err = c.and_then(|c| check_any(&c, &Context::default())).expect_err(what);
    assert!(err.contains(needle), "{what}: {err}");
}

/// A sharp certificate as its file.
fn file(c: &Value) -> Value {
    serde_json::json!({"format": "minip-sharp/1", "certificates": [c]})
}

fn accepts(v: &Value) -> String {
    check_any(&read::parse(&v.to_string()).unwrap(), &Context::default()).unwrap().to_string()
}

fn ratio_of(rel: &str) -> RatioOutcome {
    let Ok(AnyCertificate::Ratio(c)) = read::read(&root().join(rel)) else {
        panic!("{rel}: not a ratio certificate")
    };
    minip::check::check_ratio_outcome(&c).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

const TASKS: &str = "proofs/beyond/tasks-ratios";

#[test]
fn keys_distinct_ratios_of_every_task_are_the_chain_bound() {
    // docs/beyond.md table 1: min-ip, max-ip and nearest on keys distinct from the query all
    // force exactly the chain bound, h = 2..=24; Min-IP with copies sits above it.
    let half = q(1, 2);
    for h in 2..=24u32 {
        let chain = chain_bound(3, &half, h, 0).unwrap();
        for f in [
            format!("{TASKS}/n3_eps1-2_h{h}_lo0_hi{h}p_sup_distinct.json"),
            format!("{TASKS}/n3_eps1-2_h{h}_lo{h}p_hi0_sup_maxip_distinct.json"),
            format!("{TASKS}/n3_eps1-2_h{h}_lo{}_hi1_m{}_nearest_distinct.json", 2 * h + 1, h + 1),
        ] {
            assert_eq!(ratio_of(&f), chain, "{f}");
        }
        let own = ratio_of(&format!("{TASKS}/n3_eps1-2_h{h}_lo0_hi{h}.json"));
        assert!(own.value().unwrap() >= &chain, "h = {h}");
    }
    assert_eq!(ratio_of(&format!("{TASKS}/n3_eps1-2_h24_lo0_hi24.json")), q(2303, 2));
    assert_eq!(chain_bound(3, &half, 24, 0).unwrap(), qi(768));
}

#[test]
fn max_ip_with_copies_is_empty_from_h_4_by_the_three_row_certificate() {
    // Shared maps: the query's own position and a copy of x look the same to the head, but
    // max-ip's target counts the copy and not the self term (docs/math.md §11.1).
    assert_eq!(ratio_of(&format!("{TASKS}/n3_eps1-2_h2_lo2_hi0_maxip.json")), qi(1));
    assert_eq!(ratio_of(&format!("{TASKS}/n3_eps1-2_h3_lo3_hi0_maxip.json")), qi(4));
    for h in 4..=24 {
        assert_eq!(
            ratio_of(&format!("{TASKS}/n3_eps1-2_h{h}_lo{h}_hi0_maxip.json")),
            RatioOutcome::Empty,
            "h = {h}"
        );
    }
    let v = load(&format!("{TASKS}/n3_eps1-2_h4_lo4_hi0_maxip.json"));
    let m: Vec<(String, String, String)> = v["multipliers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (m["classes"].to_string(), m["side"].as_str().unwrap().into(), m["y"].as_str().unwrap().into())
        })
        .collect();
    // ½·(x,0,0).upper + 1·(x,0,x).lower + ½·(x,x,x).upper, no den row: no correct head at all.
    assert_eq!(
        m,
        vec![
            ("[0,0]".into(), "upper".into(), "1/2".into()),
            ("[0,4]".into(), "lower".into(), "1".into()),
            ("[4,4]".into(), "upper".into(), "1/2".into())
        ]
    );
    assert!(accepts(&v).contains("no correct head at all"));
    // Tampering: a multiplier changed, the task dropped (Min-IP has correct heads).
    let mut t = v.clone();
    t["multipliers"][1]["y"] = "2".into();
    rejects(&t, "multipliers: the combination leaves", "changed multiplier");
    let mut t = v.clone();
    t["params"].as_object_mut().unwrap().remove("task");
    rejects(&t, "params: lo = 4, hi = 0: need lo < hi", "task dropped");
    let mut t = v;
    t["multipliers"] = serde_json::json!([]);
    rejects(&t, "empty: no multipliers", "no multipliers");
}

#[test]
fn a_max_ip_ratio_resolves_and_its_witness_is_checked() {
    let s = Setting { task: Task::MaxIp, keys: Keys::Distinct, ..Setting::default() };
    let i = instance_in(3, &q(1, 2), 6, 7, 0, true, s, None).unwrap();
    let c = forced_ratio_in(&i).unwrap();
    assert_eq!(*c.claim(), qi(5));
    let v = serde_json::to_value(c.cert()).unwrap();
    let mut t = v.clone();
    t.as_object_mut().unwrap().remove("witness");
    rejects(&t, "witness: missing", "witness removed");
    let mut t = v.clone();
    t["witness"]["alpha"][0] = "0".into();
    rejects(&t, "witness: the weight of 0 must be positive", "witness weight zero");
    let mut t = v;
    t["ratio"] = "6".into();
    rejects(&t, "point: gives A_lo = 5, not the ratio 6", "inflated ratio");
}

fn k_of(n: u32, eps: &str, d: u32) -> Rat {
    paper_k(n, &parse_rational(eps).unwrap(), d)
}

#[test]
fn signed_kernels_follow_the_stated_pattern() {
    // docs/beyond.md table 3. Paper family: kstar = 1 when K >= 1, -inf when K < 1; b <= K c
    // is impossible exactly when K = 1 and b <= 2c always has a signed head. All family: the
    // nonnegative constants (K for K >= 1, 1/4 at n = 3, eps = 1/3, d = 1), -inf where K = 0.
    let mut seen = 0;
    for e in std::fs::read_dir(root().join("proofs/beyond/signed-sharp")).unwrap() {
        let p = e.unwrap().path();
        let Ok(AnyCertificate::Sharp(f)) = read::read(&p) else { panic!("{}", p.display()) };
        for c in &f.certificates {
            let k = k_of(c.n, &c.eps, c.w - c.u);
            let want = match (c.family.as_str(), k >= qi(1), k == qi(0)) {
                ("paper", true, _) => "1".to_string(),
                ("paper", false, _) => "-inf".into(),
                (_, true, _) => fmt_q(&k),
                (_, false, true) => "-inf".into(),
                _ => "1/4".into(),
            };
            assert_eq!(c.kstar, want, "{} n={} eps={} d={}", c.family, c.n, c.eps, c.w - c.u);
            seen += 1;
        }
    }
    assert_eq!(seen, 192);
    let mut gaps = 0;
    for e in std::fs::read_dir(root().join("proofs/beyond/signed-gap")).unwrap() {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(e.unwrap().path()).unwrap()).unwrap();
        let p = &v["params"];
        if p["family"] != "paper" {
            continue;
        }
        let k = k_of(
            p["n"].as_u64().unwrap() as u32,
            p["eps"].as_str().unwrap(),
            (p["w"].as_u64().unwrap() - p["u"].as_u64().unwrap()) as u32,
        );
        let want = if p["bound"] == "paper" && k == qi(1) { "holds" } else { "broken" };
        assert_eq!(v["verdict"], want, "{p}");
        gaps += 1;
    }
    assert_eq!(gaps, 192);
}

#[test]
fn signed_certificates_are_checked_part_by_part() {
    let base = Instance::new(3, q(1, 2), Gap::from_d(1).unwrap(), Family::Paper, Bound::Paper).unwrap();
    let signed = base.with_setting(Setting { kernel: Kernel::Signed, ..Setting::default() }).unwrap();
    let SharpOutcome::Certified(c) = sharp(&signed) else { panic!("unknown") };
    assert_eq!(c.kstar, "-inf");
    let v = serde_json::to_value(c.cert()).unwrap();
    accepts(&file(&v));
    let mut t = v.clone();
    t["ray"][1] = "1".into(); // the ray must keep bad = 0 and lower good
    rejects(&file(&t), "ray", "tampered ray");
    let mut t = v.clone();
    t.as_object_mut().unwrap().remove("kernel");
    rejects(&file(&t), "kstar: -inf only with a signed kernel", "kernel dropped");
    // A finite signed kstar (d = 3: 1 < K = 2): the lower side uses the strict bad_pos row.
    let d3 = Instance::new(3, q(1, 2), Gap::from_d(3).unwrap(), Family::Paper, Bound::Paper)
        .unwrap()
        .with_setting(Setting { kernel: Kernel::Signed, ..Setting::default() })
        .unwrap();
    let SharpOutcome::Certified(c) = sharp(&d3) else { panic!("unknown") };
    assert_eq!(c.kstar, "1");
    let mut t = serde_json::to_value(c.cert()).unwrap();
    t["kstar"] = "3/2".into();
    t["relation"] = "fails".into();
    rejects(&file(&t), "lower: the combination leaves", "raised kstar");
}

#[test]
fn positions_keep_the_summed_constant_and_lose_every_single_one() {
    // docs/beyond.md table 4: summed kernel kstar = K; at any one key position kstar = 0,
    // attained (a correct head with alpha_p(x,y) = 0 < alpha_p(x,z)).
    let mut seen = 0;
    for e in std::fs::read_dir(root().join("proofs/beyond/positions-sharp")).unwrap() {
        let p = e.unwrap().path();
        let Ok(AnyCertificate::Sharp(f)) = read::read(&p) else { panic!("{}", p.display()) };
        for c in &f.certificates {
            let k = k_of(c.n, &c.eps, c.w - c.u);
            if c.at.is_some() {
                assert!(c.attained && c.kstar == "0", "{}", p.display());
            } else {
                assert_eq!(c.kstar, fmt_q(&k), "{}", p.display());
            }
            seen += 1;
        }
    }
    assert_eq!(seen, 150);
    // Ratios: per-position summed = shared, causal-last summed = the chain bound (no copy bonus).
    let dir = "proofs/beyond/positions-ratios";
    for h in 2..=8u32 {
        let shared = ratio_of(&format!("{dir}/n3_eps1-2_h{h}_lo0_hi{h}.json"));
        assert_eq!(ratio_of(&format!("{dir}/n3_eps1-2_h{h}_lo0_hi{h}_perpos.json")), shared);
        assert_eq!(
            ratio_of(&format!("{dir}/n3_eps1-2_h{h}_lo0_hi{h}_causal.json")),
            chain_bound(3, &q(1, 2), h, 0).unwrap()
        );
    }
    // Tampering: the ordered sequences of a positional gap certificate are rebuilt.
    let inst = Instance::new(3, q(1, 2), Gap::from_d(3).unwrap(), Family::Paper, Bound::Paper)
        .unwrap()
        .with_setting(Setting { positions: Positions::CausalLast, ..Setting::default() })
        .unwrap();
    let minip::certify::gap::Outcome::Certified(c) = minip::certify::gap::decide(&inst) else {
        panic!("unknown")
    };
    let v = serde_json::to_value(c.cert()).unwrap();
    assert_eq!(v["variables"].as_array().unwrap().len(), 10);
    let mut t = v.clone();
    t["sequences"][2]["tokens"] = "z y x".into();
    rejects(&t, "sequences[2] (S3:yzx): does not match", "reordered tokens");
    let mut t = v;
    t["params"]["positions"] = "per-position".into();
    rejects(&t, "variables: expected a1 b1 c1", "positions changed");
}

#[test]
fn signed_row_lp_ratios_equal_the_nonnegative_ones() {
    for h in [2u32, 3, 8, 24] {
        let a = ratio_of(&format!("proofs/beyond/signed-ratios/n3_eps1-2_h{h}_lo0_hi{h}.json"));
        assert_eq!(
            ratio_of(&format!("proofs/beyond/signed-ratios/n3_eps1-2_h{h}_lo0_hi{h}_signed.json")),
            a.value().unwrap().clone()
        );
        let s = ratio_of(&format!("proofs/beyond/signed-ratios/n3_eps1-2_h{h}_lo0_hi{h}p_sup_signed.json"));
        assert_eq!(s, chain_bound(3, &q(1, 2), h, 0).unwrap());
    }
}
