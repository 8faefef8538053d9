//! Beyond the code ceiling at n = 3 (docs/frontier.md, docs/math.md §9.7): the committed
//! Hadamard-power certificates (`minip-rank-linear/1` with `power = 2`) pass the checker with
//! the bounds the docs state, beat the plain code bound at the same m, and tampered ones are
//! rejected with the failing part named; files without `power` read as `power = 1`.

use minip::certify::beyond_ceiling::{hadamard, hadamard_certificate};
use minip::certify::rank_linear::Library;
use minip_check::check::check_rank_linear;
use minip_check::check::rank_linear::{least_rank, sym_dim};
use minip_check::format::rank_linear::RankLinearCertificate;
use minip_check::format::AnyCertificate;
use num_bigint::BigUint;
use std::path::PathBuf;

fn cert(dir: &str, name: &str) -> RankLinearCertificate {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir).join(name);
    match minip_check::read::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())) {
        AnyCertificate::RankLinear(c) => c,
        _ => panic!("{name}: not a minip-rank-linear certificate"),
    }
}

#[test]
fn committed_hadamard_certificates_verify_and_beat_the_code_bound() {
    // (file, bound, the plain code bound at that m: docs/rank.md; at odd m the best p = 1 code
    // without disjoint words, which beats the bound carried up from m − 1)
    for (name, bound, plain) in
        [("n3_m022_p2.json", 17u32, 16u32), ("n3_m024_p2.json", 23, 21), ("n3_m030_p2.json", 45, 43)]
    {
        let c = cert("proofs/beyond-ceiling", name);
        let r = check_rank_linear(&c).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((r.power, r.bound.clone()), (2, BigUint::from(bound)), "{name}");
        assert!(r.bound > BigUint::from(plain));
        // p = 2: C(r + 1, 2) = r(r + 1)/2 must reach ⌊value⌋ + 1, and r − 1 must not.
        let need = r.value.numer().to_biguint().unwrap() / r.value.denom().to_biguint().unwrap() + 1u32;
        assert!(sym_dim(&r.bound, 2) >= need && sym_dim(&(r.bound.clone() - 1u32), 2) < need);
    }
    // The plain certificates still read as power 1.
    assert_eq!(check_rank_linear(&cert("proofs/rank-linear", "n3_m032.json")).unwrap().power, 1);
}

#[test]
fn tampered_hadamard_certificates_are_rejected() {
    let good = cert("proofs/beyond-ceiling", "n3_m024_p2.json");
    let reject = |c: &RankLinearCertificate, what: &str| {
        let e = check_rank_linear(c).expect_err(what);
        assert!(e.contains(what), "{e} (expected {what})");
    };
    let mut c = good.clone();
    c.bound = "24".into();
    reject(&c, "bound = 24, recomputed 23");
    let mut c = good.clone();
    c.power = 1; // the plain bound with the power-2 value and bound
    reject(&c, "value");
    let mut c = good.clone();
    c.power = 3;
    reject(&c, "value");
    let mut c = good.clone();
    c.power = 0;
    reject(&c, "power = 0");
    let mut c = good.clone();
    c.power = 9;
    reject(&c, "power = 9");
    let mut c = good.clone();
    c.classes[0].ratio = "4".into();
    reject(&c, "classes[0]");
}

#[test]
fn least_rank_inverts_the_symmetric_dimension() {
    assert_eq!(least_rank(&BigUint::from(265u32), 2), BigUint::from(23u32));
    assert_eq!(least_rank(&BigUint::from(276u32), 2), BigUint::from(23u32));
    assert_eq!(least_rank(&BigUint::from(277u32), 2), BigUint::from(24u32));
    assert_eq!(least_rank(&BigUint::from(21u32), 1), BigUint::from(21u32));
    assert_eq!(sym_dim(&BigUint::from(10u32), 3), BigUint::from(220u32));
}

#[test]
fn the_certificates_regenerate_byte_identically() {
    let lib = Library::new();
    for (m, name) in [
        (22, "n3_m022_p2.json"),
        (23, "n3_m023_p2.json"),
        (24, "n3_m024_p2.json"),
        (29, "n3_m029_p2.json"),
        (30, "n3_m030_p2.json"),
    ] {
        let row = hadamard(&lib, m, 2).unwrap();
        let made = hadamard_certificate(&lib, m, 2).unwrap().into_cert();
        assert_eq!(made.bound, row.bound.to_string());
        assert_eq!(made, cert("proofs/beyond-ceiling", name));
    }
}
