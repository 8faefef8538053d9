//! A verdict line states the whole claim: for every certificate kind and every setting field
//! that changes the mathematics, two claims that differ only in that field print different
//! lines, and the line names the field (`name=value`); the JSON carries it as a field.
//! Real pairs of certificates (a default one and its twin in another setting) come from the
//! fixtures; the exhaustive part varies each field of a checked claim.

use minip_check::check::Context;
use minip_check::claim::{check_any, Claim, SettingClaim};
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

fn claim(name: &str) -> Claim {
    let p = fixture(name);
    let cert = minip_check::read::read(&p).unwrap_or_else(|e| panic!("{name}: {e}"));
    check_any(&cert, &Context::beside(&p)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every non-default value of every setting field, with the text the line must contain.
fn variants() -> Vec<(SettingClaim, &'static str)> {
    let s = |f: &dyn Fn(&mut SettingClaim)| {
        let mut x = SettingClaim::default();
        f(&mut x);
        x
    };
    vec![
        (s(&|x| x.task = Some("max-ip".into())), "task=max-ip"),
        (s(&|x| x.task = Some("nearest".into())), "task=nearest"),
        (s(&|x| x.kernel = Some("signed".into())), "kernel=signed"),
        (s(&|x| x.positions = Some("per-position".into())), "positions=per-position"),
        (s(&|x| x.positions = Some("causal-last".into())), "positions=causal-last"),
        (s(&|x| x.keys = Some("distinct".into())), "keys=distinct"),
        (
            s(&|x| {
                x.positions = Some("per-position".into());
                x.at = Some(1)
            }),
            "at=1",
        ),
    ]
}

/// The claim with its setting replaced (only for kinds that have one).
fn with_setting(c: &Claim, s: &SettingClaim) -> Option<Claim> {
    let mut c = c.clone();
    match &mut c {
        Claim::Gap(g) => g.setting = s.clone(),
        Claim::Ratio(r) => r.setting = s.clone(),
        Claim::RatioBound(r) => r.setting = s.clone(),
        Claim::Sharp(f) => f.groups.iter_mut().for_each(|g| g.setting = s.clone()),
        _ => return None,
    }
    Some(c)
}

#[test]
fn every_setting_field_changes_the_line_and_is_named() {
    let kinds = ["gap_holds.json", "ratio_h3.json", "proofs/sharp/n3_eps1-2_paper.json", "sharp_signed.json"];
    for name in kinds {
        let base = with_setting(&claim(name), &SettingClaim::default()).unwrap();
        let line = base.to_string();
        for (s, text) in variants() {
            let other = with_setting(&base, &s).unwrap();
            let l = other.to_string();
            assert_ne!(l, line, "{name}: {text} does not change the line");
            assert!(l.contains(text), "{name}: '{l}' does not name {text}");
            let json = serde_json::to_value(&other).unwrap();
            let (field, value) = text.split_once('=').unwrap();
            let got = match &json {
                v if v["kind"] == "sharp" => v["groups"][0][field].clone(),
                v => v[field].clone(),
            };
            assert_eq!(got.to_string().trim_matches('"'), value, "{name}: JSON field {field}");
        }
    }
    // The ratio-bound format has the same setting fields (a rank bound accepts only the default).
    let bound = Claim::RatioBound(minip_check::claim::RatioBoundClaim {
        bound: "40".into(),
        n: 3,
        eps: "1/2".into(),
        h: 12,
        lo: "0".into(),
        hi: "12".into(),
        superset: false,
        setting: SettingClaim::default(),
    });
    for (s, text) in variants() {
        let l = with_setting(&bound, &s).unwrap().to_string();
        assert!(l != bound.to_string() && l.contains(text), "{l}");
    }
}

#[test]
fn superset_m_and_poly_classes_change_the_line() {
    // The superset class and the bits m of the task nearest.
    let Claim::Ratio(r) = claim("ratio_h3.json") else { panic!() };
    let mut sup = r.clone();
    sup.superset = true;
    assert_ne!(Claim::Ratio(sup.clone()).to_string(), Claim::Ratio(r.clone()).to_string());
    assert!(Claim::Ratio(sup).to_string().contains("classes 0..h,h+"));
    let mut m = r.clone();
    m.m = Some(3);
    assert!(Claim::Ratio(m).to_string().contains(" m=3"));
    // Overlap-polynomial heads: the class and the sign of the kernel.
    let Claim::PolyHead(p) = claim("poly_head_m04.json") else { panic!() };
    let base = Claim::PolyHead(p.clone()).to_string();
    let mut q = p.clone();
    q.class = "per_weight".into();
    assert_ne!(Claim::PolyHead(q).to_string(), base);
    let mut q = p;
    q.signed = true;
    assert!(Claim::PolyHead(q).to_string().contains("shared signed"));
    let Claim::PolyNone(p) = claim("poly_none_m04.json") else { panic!() };
    let mut q = p.clone();
    q.signed = true;
    assert_ne!(Claim::PolyNone(q).to_string(), Claim::PolyNone(p).to_string());
}

#[test]
fn real_twins_in_different_settings_print_different_lines() {
    // The signed-kernel gap certificate and the default one at the same parameters have opposite
    // verdicts: without the setting the lines would read as a contradiction.
    let default = claim("gap_holds.json").to_string();
    let signed = claim("signed_gap.json").to_string();
    assert_eq!(default, "holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)");
    assert_eq!(signed, "broken (gap kernel=signed n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)");
    // Sharp files of the same (n, eps, family) in the default and the signed setting.
    let a = claim("proofs/sharp/n3_eps1-2_paper.json").to_string();
    let b = claim("sharp_signed.json").to_string();
    assert!(b.contains("kernel=signed n=3 eps=1/2 paper") && !a.contains("kernel="), "{a} / {b}");
    // Ratios at the same (n, eps, h, lo, hi) in four settings.
    let lines: Vec<String> =
        ["ratio_signed.json", "ratio_perpos_at1.json"].iter().map(|f| claim(f).to_string()).collect();
    assert_eq!(lines[0], "ratio R = 1 (kernel=signed n=3 eps=1/2 h=2 lo=0 hi=2)");
    assert_eq!(lines[1], "ratio R = 0 (positions=per-position at=1 n=3 eps=1/2 h=2 lo=0 hi=2)");
    assert_eq!(
        claim("ratio_nearest.json").to_string(),
        "ratio R = 1 (task=nearest keys=distinct n=3 eps=1/2 h=2 lo=o2e1 hi=o0e1 m=3)"
    );
}

#[test]
fn a_sharp_file_over_mixed_settings_says_which_count_is_which() {
    // One file holding the default configurations and the signed ones of the same (n, eps).
    let read = |n: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(fixture(n)).unwrap()).unwrap()
    };
    let mut a = read("proofs/sharp/n3_eps1-2_paper.json");
    let b = read("sharp_signed.json");
    let extra = b["certificates"].as_array().unwrap().clone();
    a["certificates"].as_array_mut().unwrap().extend(extra);
    let c = check_any(&minip_check::read::parse(&a.to_string()).unwrap(), &Context::default()).unwrap();
    assert_eq!(
        c.to_string(),
        "sharp (11 configurations: 3 at n=3 eps=1/2 paper, 8 at kernel=signed n=3 eps=1/2 paper; kstar certified both sides)"
    );
    let Claim::Sharp(s) = &c else { panic!() };
    assert_eq!(s.groups.iter().map(|g| g.configurations).collect::<Vec<_>>(), [3, 8]);
    assert_eq!(s.groups[1].setting.kernel.as_deref(), Some("signed"));
}
