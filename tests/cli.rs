//! The binary: bad input is one line on stderr and exit 2; verdicts set the exit code.

use crate::common::minip;

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["check", "--n", "2", "--d", "3"], "n ≥ 3"),
        (&["check", "--eps", "0", "--d", "3"], "ε > 0"),
        (&["check", "--eps", "-1/2", "--d", "3"], "ε > 0"),
        (&["check", "--eps", "1/x", "--d", "3"], "malformed rational"),
        (&["check", "--h", "4", "--u", "3", "--w", "3"], "u < w"),
        (&["check", "--h", "4", "--u", "1", "--w", "5"], "w ≤ h"),
        (&["check", "--tokens", "1121,0011,1100"], "malformed bit string"),
        (&["check", "--tokens", "111,11,111"], "same number of bits"),
        (&["check", "--d", "3", "--family", "most"], "unknown family"),
        (&["check", "--d", "3", "--bound", "two"], "bound must be"),
        (&["settle", "--d", "2..x"], "malformed range"),
        (&["verify", "/nonexistent/cert.json"], "No such file"),
    ];
    for (args, needle) in cases {
        let (code, _, err) = minip(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn malformed_certificate_file_is_rejected_with_exit_2() {
    let dir = std::env::temp_dir().join(format!("minip-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("bad.json");
    std::fs::write(&p, "{ not json").unwrap();
    let (code, out, _) = minip(&["verify", p.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.contains("INVALID") && out.contains("malformed certificate"), "{out}");
    std::fs::write(&p, r#"{"format": "minip-gap/1", "verdict": "holds"}"#).unwrap();
    let (code, out, _) = minip(&["verify", p.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.contains("missing field"), "{out}");
    // A duplicated field is an error, not "last one wins".
    let good = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json"
    ))
    .unwrap();
    std::fs::write(
        &p,
        good.replacen("\"verdict\": \"broken\",", "\"verdict\": \"holds\", \"verdict\": \"broken\",", 1),
    )
    .unwrap();
    let (code, out, _) = minip(&["verify", p.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("duplicate key \"verdict\""), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn verify_exit_codes_follow_the_worst_file_and_nothing_to_check_is_an_error() {
    let dir = std::env::temp_dir().join(format!("minip-cli-verify-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Zero certificates: exit 2, not a vacuous success.
    let (code, out, err) = minip(&["verify", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(err, "minip: error: no certificates found under the given paths\n");
    // The committed settle certificates and their VIPR files (each matched to its certificate).
    let settle = concat!(env!("CARGO_MANIFEST_DIR"), "/proofs/settle");
    let (code, out, err) = minip(&["verify", settle]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(err, "27 files: 27 verified, 0 failed, 0 invalid, 0 unchecked\n");
    assert_eq!(out.lines().filter(|l| l.starts_with("ok ")).count(), 27, "{out}");
    assert!(
        out.contains("n3_eps1-2_h2_u0_w2_paper_b2.json: broken (gap n=3 eps=1/2 h=2 u=0 w=2 paper b<=2)"),
        "{out}"
    );
    assert_eq!(out.lines().filter(|l| l.contains(".vipr: VIPR export of the checked")).count(), 13, "{out}");
    // The sharp VIPR exports have no certificate beside them: each is parsed and listed as
    // UNCHECKED, and the summary says once why and how to check them (exit 0: nothing failed).
    let sharp_vipr = concat!(env!("CARGO_MANIFEST_DIR"), "/proofs/sharp/vipr");
    let (code, out, err) = minip(&["verify", settle, sharp_vipr]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        err,
        "307 files: 27 verified, 0 failed, 0 invalid, 280 unchecked (VIPR files with no certificate beside \
         them, such as sharp exports, are only parsed here; check them with viprchk, the VIPR project's \
         checker: see the README)\n"
    );
    assert_eq!(
        out.lines().filter(|l| l.starts_with("UNCHECKED ") && l.contains("/proofs/sharp/vipr/n")).count(),
        280,
        "{out}"
    );
    // One rejected certificate: exit 1, its line names the failing part.
    let good = std::fs::read_to_string(format!("{settle}/n3_eps1-2_h3_u0_w3_paper_bpaper.json")).unwrap();
    let p = dir.join("tampered.json");
    std::fs::write(&p, good.replacen("\"kprime\": \"2\"", "\"kprime\": \"3\"", 1)).unwrap();
    let (code, out, _) = minip(&["verify", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAILED")
            && out.contains("tampered.json: params.kprime: stated 3 but the parameters give 2"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_exit_codes_follow_the_verdict_and_vipr_is_written() {
    let dir = std::env::temp_dir().join(format!("minip-cli-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let vipr = dir.join("d3.vipr");
    let (code, out, _) = minip(&["check", "--d", "3", "--bound", "2", "--vipr", vipr.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("holds"));
    let text = std::fs::read_to_string(&vipr).unwrap();
    assert!(text.contains("RTP infeas") && text.contains("{ lin "));
    let (code, out, _) = minip(&["check", "--d", "2", "--bound", "2", "--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["verdict"], "broken");
    assert_eq!(v["kind"], "gap.verdict");
    assert_eq!(v["certificate"]["verdict"], "broken");
    // A broken instance has no VIPR export: the verdict is printed (exit 1) and stderr says
    // why no file was written.
    std::fs::remove_file(&vipr).unwrap();
    let (code, out, err) = minip(&["check", "--d", "2", "--bound", "2", "--vipr", vipr.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("verdict   broken"), "{out}");
    assert!(
        err.starts_with("minip: note: no VIPR file written to") && err.contains("the verdict is broken"),
        "{err}"
    );
    assert!(!vipr.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
