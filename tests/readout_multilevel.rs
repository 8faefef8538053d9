//! The multilevel family (docs/math.md §13.10): the committed `minip-multilevel/1` certificates
//! (proofs/readout/multilevel) are what the command writes and state the table; every tampered
//! field is rejected with a one-line reason, by `minip verify` and `minip-check` alike.

use crate::common::{minip, tmp};
use minip_check::check::Context;
use minip_check::claim::{check_any, Claim};
use minip_check::format::multilevel::MultilevelCertificate;
use minip_check::format::AnyCertificate;
use minip_check::Error;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("proofs/readout/multilevel")
}

fn committed(name: &str) -> MultilevelCertificate {
    let text = std::fs::read_to_string(dir().join(name)).unwrap();
    match minip_check::read::parse(&text).unwrap() {
        AnyCertificate::Multilevel(c) => c,
        other => panic!("{name}: {other:?}"),
    }
}

fn check(c: &MultilevelCertificate) -> Result<Claim, Error> {
    check_any(&AnyCertificate::Multilevel(c.clone()), &Context::default())
}

/// The rejection's message, asserted to be one line.
fn rejected(c: &MultilevelCertificate) -> String {
    match check(c) {
        Err(Error::Rejected(m)) => {
            assert!(!m.contains('\n'), "{m}");
            m
        }
        other => panic!("not rejected: {other:?}"),
    }
}

#[test]
fn the_committed_certificates_state_the_table() {
    let got: Vec<(u32, u32, u32, u32, u64, u64, u32)> =
        ["q01_s03.json", "q03_s02.json", "q08_s03.json", "q16_s01.json"]
            .iter()
            .map(|name| {
                let Claim::Multilevel(k) = check(&committed(name)).unwrap() else { panic!("{name}") };
                (k.q, k.s, k.m, k.n, k.instances, k.distinct, k.lower_bits)
            })
            .collect();
    // (s + 1)^q sequences, as many answer vectors, ceil(q log2(s + 1)) bits: 4 -> 2, 27 -> 5
    // (2^4 < 27), 4^8 = 2^16 -> 16, 2^16 -> 16.
    assert_eq!(
        got,
        vec![
            (1, 3, 6, 2, 4, 4, 2),
            (3, 2, 8, 6, 27, 27, 5),
            (8, 3, 27, 16, 65536, 65536, 16),
            (16, 1, 17, 32, 65536, 65536, 16)
        ]
    );
    assert_eq!(
        check(&committed("q03_s02.json")).unwrap().to_string(),
        "multilevel family q=3 s=2 (m=8 n=6): 27 sequences with the same queries give 27 answer vectors: \
         any transcript >= 5 bits"
    );
}

#[test]
fn tampered_fields_are_rejected_with_the_part_named() {
    let c = committed("q03_s02.json");
    let edit = |f: &dyn Fn(&mut MultilevelCertificate)| {
        let mut t = c.clone();
        f(&mut t);
        rejected(&t)
    };
    assert_eq!(edit(&|t| t.lower_bits = 6), "lower_bits: stated 6, the check gives 5");
    assert_eq!(edit(&|t| t.lower_bits = 4), "lower_bits: stated 4, the check gives 5");
    assert_eq!(edit(&|t| t.distinct = 28), "distinct: stated 28, the check gives 27");
    assert_eq!(edit(&|t| t.instances = 26), "instances: stated 26, the check gives 27");
    assert_eq!(edit(&|t| t.m = 9), "m: stated 9, the check gives 8");
    assert_eq!(edit(&|t| t.n = 8), "n: stated 8, the check gives 6");
    // Another (q, s) with the numbers of this one: m is recomputed first.
    assert_eq!(edit(&|t| t.s = 3), "m: stated 8, the check gives 12");
    assert!(edit(&|t| t.format = "minip-multilevel/2".into()).contains("expected minip-multilevel/1"));
    // Out of range: a certificate's parameter is part of its claim (rejected, not bad input).
    assert!(edit(&|t| t.q = 0).contains("need q >= 1"));
    // A limit stays a limit.
    let mut big = c.clone();
    big.q = 40;
    big.s = 1;
    assert!(matches!(check(&big), Err(Error::TooLarge(m)) if m.contains("(s + 1)^q")));
}

#[test]
fn edited_files_are_rejected_by_both_checkers() {
    let d = tmp("multilevel", "edited");
    let text = std::fs::read_to_string(dir().join("q02_s03.json")).unwrap();
    for (name, from, to) in [
        ("bits.json", "\"lower_bits\": 4", "\"lower_bits\": 5"),
        ("field.json", "\"lower_bits\": 4", "\"lower_bits\": 4,\n  \"levels\": 3"),
        ("swap.json", "\"q\": 2,\n  \"s\": 3", "\"q\": 3,\n  \"s\": 2"),
    ] {
        assert!(text.contains(from), "{from}");
        std::fs::write(d.join(name), text.replace(from, to)).unwrap();
    }
    // Exit 2: a malformed file is among them (exit 1 when every file parses and some fail).
    let (code, out, err) = minip(&["verify", d.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("3 files: 0 verified, 2 failed, 1 invalid"), "{err}");
    assert!(out.contains("lower_bits: stated 5, the check gives 4"), "{out}");
    assert!(out.contains("unknown field `levels`"), "{out}");
    let checker = PathBuf::from(env!("CARGO_BIN_EXE_minip")).with_file_name("minip-check");
    assert!(checker.exists(), "{} is not built: cargo build --release -p minip-check", checker.display());
    let o = std::process::Command::new(&checker).arg(&d).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("swap.json: m: stated 9, the check gives 8"), "{stdout}");
    assert!(stdout.contains("3 files: 0 verified, 3 failed"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn committed_certificates_are_what_the_command_writes() {
    let d = tmp("multilevel", "regen");
    let out = d.to_str().unwrap();
    for (q, s) in [("1..=4", "1..=3"), ("8", "3"), ("16", "1")] {
        let (code, _, err) = minip(&["readout", "--multilevel", "--q", q, "--s", s, "--out", out]);
        assert_eq!(code, 0, "{err}");
    }
    let names = |p: &std::path::Path| {
        let mut v: Vec<String> = std::fs::read_dir(p)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(&dir()), names(&d));
    assert_eq!(names(&d).len(), 14);
    for f in names(&d) {
        let committed = std::fs::read_to_string(dir().join(&f)).unwrap();
        assert_eq!(committed, std::fs::read_to_string(d.join(&f)).unwrap(), "proofs/readout/multilevel/{f}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn escape_md_shows_the_table_the_command_prints() {
    let page = std::fs::read_to_string(crate::common::root().join("docs/escape.md")).unwrap();
    let block =
        page.split("```\n$ minip readout --multilevel --q 2..=4 --s 2..=3\n").nth(1).expect("the block");
    let (code, out, _) = minip(&["readout", "--multilevel", "--q", "2..=4", "--s", "2..=3"]);
    assert_eq!(code, 0);
    assert_eq!(block.split("```").next().unwrap(), out.split("\n\n").next().unwrap().to_string() + "\n");
}
