//! The least precision of the readout's integer scheme (docs/math.md §13.9): the committed
//! `minip-readout-precision/1` certificates (proofs/readout/precision) check, state the values
//! of the table, and every tampered field or proof is rejected with a one-line reason.

use minip_check::check::Context;
use minip_check::claim::{check_any, Claim};
use minip_check::format::readout_precision::ReadoutPrecisionCertificate;
use minip_check::format::AnyCertificate;
use minip_check::Error;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("proofs/readout/precision")
}

fn committed(name: &str) -> ReadoutPrecisionCertificate {
    let text = std::fs::read_to_string(dir().join(name)).unwrap();
    match minip_check::read::parse(&text).unwrap() {
        AnyCertificate::ReadoutPrecision(c) => c,
        other => panic!("{name}: {other:?}"),
    }
}

fn check(c: &ReadoutPrecisionCertificate, ctx: &Context) -> Result<Claim, Error> {
    check_any(&AnyCertificate::ReadoutPrecision(c.clone()), ctx)
}

fn beside() -> Context {
    Context { dir: Some(dir()), files: Vec::new() }
}

/// The rejection's message, asserted to be one line.
fn rejected(c: &ReadoutPrecisionCertificate, ctx: &Context) -> String {
    match check(c, ctx) {
        Err(Error::Rejected(m)) => {
            assert!(!m.contains('\n'), "{m}");
            m
        }
        other => panic!("not rejected: {other:?}"),
    }
}

#[test]
fn the_committed_certificates_state_the_table() {
    let mut got = Vec::new();
    for (name, m, n) in
        [("m01_n3.json", 1, 3), ("m02_n3.json", 2, 3), ("m02_n4.json", 2, 4), ("m02_n5.json", 2, 5)]
    {
        let c = committed(name);
        let Claim::ReadoutPrecision(k) = check(&c, &beside()).unwrap() else { panic!("{name}") };
        assert_eq!((k.m, k.n), (m, n));
        got.push((k.max_value, k.bits, k.refuted, k.least));
    }
    // The same least V as the search of §13.7 (1, 6, 11, 15), now with DRAT proofs below.
    assert_eq!(got, vec![(1, 2, 0, true), (6, 4, 5, true), (11, 6, 10, true), (15, 6, 14, true)]);
    let c = committed("m03_n3.json");
    let claim = check(&c, &beside()).unwrap();
    let Claim::ReadoutPrecision(k) = &claim else { panic!() };
    assert_eq!((k.refuted, k.max_value, k.lower_bits, k.bits, k.least), (15, 34, 6, 7, false));
    assert_eq!(
        claim.to_string(),
        "readout precision (rank=1 dim=1 m=3 n=3): 16 <= least V <= 34, 6 <= bits <= 7 \
         (values checked; none in [0, 15]: DRAT)"
    );
}

#[test]
fn tampered_fields_are_rejected_with_the_part_named() {
    let c = committed("m02_n3.json");
    let ctx = beside();
    // V one smaller: the values no longer fit, and the proof refutes the wrong formula.
    let mut t = c.clone();
    t.max_value = 5;
    assert!(rejected(&t, &ctx).contains("refuted 5 is not below max_value 5"));
    let mut t = c.clone();
    t.max_value = 7;
    let m = rejected(&t, &ctx);
    assert!(m.contains("max_value: stated 7, the check gives 6"), "{m}");
    // A value changed: {00, 11} and {01, 10} share a sum.
    let mut t = c.clone();
    t.values = vec![1, 0, 5, 4];
    let m = rejected(&t, &ctx);
    assert!(m.contains("different targets and the same sum"), "{m}");
    // The refuted range moved: the proof is for V = 5, not V = 4.
    let mut t = c.clone();
    t.refuted = 4;
    t.least = false;
    t.lower_bits = 4;
    let m = rejected(&t, &ctx);
    assert!(m.contains("proof 'm02_n3.drat'"), "{m}");
    let mut t = c.clone();
    t.least = false;
    assert!(rejected(&t, &ctx).contains("least: stated false, the check gives true"));
    let mut t = c.clone();
    t.bits = 3;
    assert!(rejected(&t, &ctx).contains("bits: stated 3"));
    let mut t = c.clone();
    t.proof = "../m02_n3.drat".into();
    assert!(rejected(&t, &ctx).contains("plain name"));
}

#[test]
fn a_tampered_or_missing_proof_is_rejected() {
    let c = committed("m02_n3.json");
    let proof = std::fs::read(dir().join("m02_n3.drat")).unwrap();
    let with = |bytes: Vec<u8>| Context { dir: None, files: vec![("m02_n3.drat".into(), bytes)] };
    assert!(check(&c, &with(proof.clone())).is_ok());
    // Its first step alone (a step ends with a zero byte), or nothing: no contradiction.
    let first = proof.iter().position(|&b| b == 0).unwrap() + 1;
    let m = rejected(&c, &with(proof[..first].to_vec()));
    assert!(m.contains("proof 'm02_n3.drat'") && m.contains("does not derive the empty clause"), "{m}");
    assert!(rejected(&c, &with(Vec::new())).contains("does not derive the empty clause"));
    // Another formula's proof (n = 4) names variables this one does not have, or is no refutation.
    let other = std::fs::read(dir().join("m02_n4.drat")).unwrap();
    assert!(rejected(&c, &with(other)).contains("proof 'm02_n3.drat'"));
    // A byte that is not a step ('a' or 'd') where a step starts.
    let mut junk = proof;
    junk.push(b'x');
    assert!(rejected(&c, &with(junk)).contains("is not 'a' or 'd'"));
    let none = Context { dir: Some(std::env::temp_dir().join("minip-no-such-dir")), files: Vec::new() };
    assert!(matches!(check(&c, &none), Err(Error::Rejected(_))));
}
