//! The Coq development (proofs/coq, docs/formal.md): it builds, every committed certificate
//! listed below is checked by Coq from rows that Coq rebuilds itself (`minip export
//! coq` writes parameters and multipliers only; the claims are stated in proofs/coq/Claims.v),
//! tampered exports are rejected, an export cannot restate its claim, and the main theorems
//! rest on Coq's standard real-number axioms alone.
//!
//! `coqc` is required: without it these tests fail (`bash .ci/deps` installs Debian's `coq`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The axioms of Coq's standard library of real numbers (8.16), the only ones allowed.
const STANDARD_AXIOMS: [&str; 3] = [
    "ClassicalDedekindReals.sig_forall_dec",
    "ClassicalDedekindReals.sig_not_dec",
    "FunctionalExtensionality.functional_extensionality_dep",
];

fn theories() -> PathBuf {
    Path::new(ROOT).join("proofs/coq/theories")
}

/// Builds the development once (`make -C proofs/coq`); panics when coqc is missing.
pub(crate) fn built() {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let v = Command::new("coqc").arg("--version").output();
        assert!(
            v.as_ref().is_ok_and(|o| o.status.success()),
            "coqc is not installed: run `bash .ci/deps` (Debian package coq); the Coq tests do not skip"
        );
        let out =
            Command::new("make").arg("-C").arg(Path::new(ROOT).join("proofs/coq")).output().expect("make");
        assert!(
            out.status.success(),
            "make -C proofs/coq failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    });
}

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("coq-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `minip export coq ARGS --out DIR`; returns stdout.
fn export(args: &[&str], out: &Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_minip"))
        .current_dir(ROOT)
        .args(["export", "coq"])
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    assert!(o.status.success(), "export failed: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// Compiles one file against the development (and the directory of generated files as `Gen`);
/// returns (success, stdout + stderr).
fn coqc(file: &Path) -> (bool, String) {
    let dir = file.parent().unwrap();
    let o = Command::new("coqc")
        // MathComp's notations override the standard ones when RankMC is loaded: not an issue.
        .args(["-w", "-notation-overridden,-ambiguous-paths"])
        .arg("-Q")
        .arg(theories())
        .arg("Minip")
        .arg("-Q")
        .arg(dir)
        .arg("Gen")
        .arg(file)
        .output()
        .unwrap();
    (
        o.status.success(),
        format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr)),
    )
}

/// `bash proofs/coq/check-export FILE` (the export compiled as `Gen.Batch`, then
/// proofs/coq/Claims.v); returns (success, stdout + stderr).
fn check_export(file: &Path) -> (bool, String) {
    let o =
        Command::new("bash").arg(Path::new(ROOT).join("proofs/coq/check-export")).arg(file).output().unwrap();
    (
        o.status.success(),
        format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr)),
    )
}

/// The axiom names listed by `Print Assumptions` output (an axiom whose type fits on its line
/// is printed as `name : type`).
fn axioms(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| !l.starts_with(' ') && !l.starts_with("Axioms:") && !l.is_empty())
        .filter(|l| !l.starts_with("Closed under the global context"))
        .map(|l| l.split(" : ").next().unwrap().trim().to_string())
        .collect()
}

#[test]
fn every_listed_certificate_is_checked_by_coq() {
    built();
    let out = scratch("all");
    let sources = [
        "proofs/settle",
        "proofs/regression",
        "proofs/amplify",
        "proofs/rank-linear/n3_m032.json",
        "proofs/rank-linear/n3_m048.json",
        "proofs/rank-linear/n3_m064.json",
        // a sample of the sharp Farkas sides: both families, a probe tolerance
        "proofs/sharp/n3_eps1-2_paper.json",
        "proofs/sharp/n3_eps1-3_all.json",
        "proofs/sharp/probe/n3_eps3-8_all.json",
    ];
    let report = export(&sources, &out);
    // Every committed `holds` gap certificate is exported (the broken ones have no Farkas side);
    // the `bound: paper` ones are listed for Coq to recompute their factor.
    assert!(report.contains("proofs_settle.v: 13 gap and 0 ratio certificates from 14 files"), "{report}");
    assert!(
        report.contains("proofs_regression.v: 1218 gap and 0 ratio certificates from 1344 files"),
        "{report}"
    );
    assert!(report.contains("proofs_amplify.v: 0 gap and 96 ratio certificates"), "{report}");
    assert!(report.contains("proofs_rank_linear_n3_m064.v: 0 gap and 30 ratio certificates"), "{report}");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), sources.len());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(!text.contains("coeffs") && !text.contains("Admitted") && !text.contains("Axiom"));
        // Data and checks only: the claims are stated in proofs/coq/Claims.v.
        assert!(!text.contains("Theorem") && !text.contains("gap_claim"), "{}", f.display());
        // The export compiles, and Claims.v proves its claims from it.
        let (ok, log) = check_export(f);
        assert!(ok, "Coq rejects {}:\n{log}", f.display());
        // gap_claims, gap_paper_claims and ratio_claims, each on the standard axioms.
        assert_eq!(log.matches("Axioms:").count() + log.matches("Closed under").count(), 3, "{log}");
        let found =
            axioms(&log.lines().filter(|l| !l.starts_with("checked:")).collect::<Vec<_>>().join("\n"));
        for a in found {
            assert!(STANDARD_AXIOMS.contains(&a.as_str()), "non-standard assumption {a}");
        }
    }
}

#[test]
fn the_main_theorems_assume_only_the_standard_real_axioms() {
    built();
    let out = scratch("main");
    let thms = [
        "Lemma3.lemma3",
        "Lemma3.side_condition_necessary",
        "Lemma3.lemma3_sharp",
        "Lemma3.kstar_paper",
        "Gap.gap_sound",
        "Gap.gap_batch_sound",
        "Gap.gap_batch_ok_sound",
        "Gap.gap_paper_ok_sound",
        "Gap.gap_paper_sound",
        "Nonvacuous.paper_gap_satisfiable",
        "Nonvacuous.all_gap_satisfiable",
        "Nonvacuous.gap_certified_head",
        "Ratio.ratio_sound",
        "Ratio.ratio_batch_sound",
        "Ratio.ratio_batch_ok_sound",
        "Ratio.ratio_sound_strict",
        "Chain.chain_bound",
        "Chain.amplification",
        "Chain.forced_ratio_chain",
        "Chain.forced_ratio_chain_strict",
        "Rank.cauchy_schwarz",
        "Rank.rank_features",
        "Rank.rank_lemma",
        "Rank.rank_entrywise",
        "Rank.rank_entrywise_div",
        "RankBound.code_sound",
        "RankM16.rank_m16",
        "RankMC.rank_features_mc",
        "RankMC.rank_lemma_mc",
        "RankMC.rank_entrywise_mc",
        "CodeRank.code_rank",
        "CodeRank.chain_forced",
        "CodeRank.code_check_rank",
        "CodeRankStrict.code_rank_strict",
        "CodeRankStrict.code_rank_strict_floor",
        "CodeRankStrict.chain_forced_strict",
        "CodeRankStrict.code_check_strict_rank",
        "ProductCode.pairsum_pow",
        "ProductCode.blocksum_bound",
        "Main.rank_exponential",
        "Main.theorem6",
        "Paper.scalarize",
        "Paper.reduction",
        "Paper.theorem6_table",
        "Paper.theorem6_final",
        "Paper.theorem6",
        "Paper.rank_exponential",
        "Short.rank_one",
        "Short.transition",
        "Softmax.softmax_correct",
        "Softmax.softmax_fails",
        "Softmax.softmax_iff",
        "Softmax.theorem1",
        "Softmax.theorem1_lengths",
        "Softmax.temperature_ln",
        "Exact.theorem2",
        "Exact.softmax_realized",
        "Exact.theorem6_satisfiable",
        "Exact.no_exact_three",
        "Exact.no_uniform_head",
        "Positions.pair_chain",
        "Positions.theorem6",
        "Positions.theorem6_every_position",
        "Transcript.injectivity",
        "Transcript.ml_target",
        "Transcript.transcript_bound",
        "Transcript.transcript_bits",
        "Long.rank_long",
    ];
    let mut text = String::from(
        "From Minip Require Lemma3 Gap Nonvacuous Ratio Chain Rank RankBound RankM16 RankMC CodeRank CodeRankStrict \
         ProductCode Main Paper Short Softmax Exact Positions Transcript Long.\n",
    );
    for t in thms {
        text.push_str(&format!("Print Assumptions Minip.{t}.\n"));
    }
    let f = out.join("main.v");
    std::fs::write(&f, text).unwrap();
    let (ok, log) = coqc(&f);
    assert!(ok, "{log}");
    assert_eq!(log.matches("Axioms:").count() + log.matches("Closed under").count(), thms.len(), "{log}");
    let found = axioms(&log);
    assert!(found.iter().any(|a| a == "ClassicalDedekindReals.sig_forall_dec"), "{log}");
    for a in found {
        assert!(STANDARD_AXIOMS.contains(&a.as_str()), "non-standard assumption {a}");
    }
    // No Admitted and no Axiom of our own anywhere in the development.
    for e in std::fs::read_dir(theories()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "v") {
            let s = std::fs::read_to_string(&p).unwrap();
            for bad in ["Admitted", "Axiom ", "Parameter ", "admit."] {
                assert!(!s.contains(bad), "{} contains {bad}", p.display());
            }
        }
    }
}

/// Replaces the first occurrence of `from` (which must occur) by `to`.
fn tamper(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from} not found");
    text.replacen(from, to, 1)
}

#[test]
fn tampered_exports_are_rejected_by_coq() {
    built();
    let out = scratch("tamper");
    export(&["proofs/settle", "proofs/amplify/n3_eps1-2_h10_lo0_hi10p_sup.json"], &out);
    let settle = std::fs::read_to_string(out.join("proofs_settle.v")).unwrap();
    let amplify = std::fs::read_to_string(out.join("proofs_amplify_n3_eps1_2_h10_lo0_hi10p_sup.v")).unwrap();
    let first = "(GP 3 (1#2) 2 0 2 false (1#1), [(GSeq 1 2 0 false, (1#4));";
    let cases = [
        // a multiplier
        ("multiplier", tamper(&settle, first, "(GP 3 (1#2) 2 0 2 false (1#1), [(GSeq 1 2 0 false, (1#5));")),
        // a parameter: eps
        ("eps", tamper(&settle, first, "(GP 3 (1#3) 2 0 2 false (1#1), [(GSeq 1 2 0 false, (1#4));")),
        // a parameter: the factor K' raised above what the multipliers prove
        ("kprime", tamper(&settle, first, "(GP 3 (1#2) 2 0 2 false (2#1), [(GSeq 1 2 0 false, (1#4));")),
        // a row label: the side of a sequence row
        ("label", tamper(&settle, first, "(GP 3 (1#2) 2 0 2 false (1#1), [(GSeq 1 2 0 true, (1#4));")),
        // a row label outside the family
        ("family", tamper(&settle, first, "(GP 3 (1#2) 2 0 2 false (1#1), [(GSeq 2 1 0 false, (1#4));")),
        // a `bound: 2` certificate (h = 4: K' = 2, the paper's K = 3) listed as `bound: paper`
        (
            "paper index",
            tamper(&settle, "gap_paper : list nat := [0; 2; 4;", "gap_paper : list nat := [0; 3; 4;"),
        ),
        // a ratio: the bound, a class in a label, a multiplier
        ("ratio", tamper(&amplify, "true, (16#1))", "true, (17#1))")),
        ("class", tamper(&amplify, "(([0;5]%nat, true)", "(([1;5]%nat, true)")),
        ("ratio multiplier", tamper(&amplify, "(([0;0]%nat, false), (1#2))", "(([0;0]%nat, false), (1#3))")),
    ];
    // The untampered files pass.
    for name in ["proofs_settle.v", "proofs_amplify_n3_eps1_2_h10_lo0_hi10p_sup.v"] {
        let (ok, log) = coqc(&out.join(name));
        assert!(ok, "{log}");
    }
    for (what, text) in cases {
        let f = out.join(format!("tampered_{}.v", what.replace(' ', "_")));
        std::fs::write(&f, text).unwrap();
        let (ok, log) = coqc(&f);
        assert!(!ok, "Coq accepted a tampered {what}");
        // The reflexive check (`vm_compute` of the checker) is what fails, not a syntax error.
        assert!(log.contains("Unable to unify \"true\" with \"false\""), "{what}: {log}");
    }
}

/// The first entry of `proofs_settle.v` (`n = 3`, `ε = 1/2`, `(h, u, w) = (2, 0, 2)`, paper
/// family, `K' = 1`), listed in `gap_paper` at index 0.
const SETTLE_FIRST: &str = "(GP 3 (1#2) 2 0 2 false (1#1), [(GSeq 1 2 0 false, (1#4)); (GSeq 1 0 2 false, (1#4)); (GSeq 1 1 1 true, (1#2)); (GBound, (1#2))])";

/// Certificates outside the checker's ranges: valid Farkas combinations of the rows Coq
/// rebuilds (the file also proves that the combination part, `gap_rows_ok` or
/// `ratio_rows_ok`, accepts them), rejected by the range checks alone. With `ε ≤ 0` no head
/// is correct, so their claims ("K' = 10^6") would be vacuous; `n = 2` is outside the model.
#[test]
fn vacuous_exports_are_rejected_by_coq() {
    built();
    let out = scratch("vacuous");
    export(&["proofs/settle", "proofs/amplify/n3_eps1-2_h10_lo0_hi10p_sup.json"], &out);
    let settle = std::fs::read_to_string(out.join("proofs_settle.v")).unwrap();
    let amplify = std::fs::read_to_string(out.join("proofs_amplify_n3_eps1_2_h10_lo0_hi10p_sup.v")).unwrap();
    let amplify_entry =
        amplify.lines().find(|l| l.trim_start().starts_with("((RP ")).unwrap().trim().to_string();
    let unlisted = |t: String| tamper(&t, "gap_paper : list nat := [0; 2;", "gap_paper : list nat := [2;");
    // ε = 0, S1.upper + S1.lower cancel; still listed in gap_paper (kpaper = 0/0 = 0 = K').
    let eps0 = "(GP 3 (0#1) 2 0 2 false (0#1), [(GSeq 1 2 0 true, (1#1)); (GSeq 1 2 0 false, (1#1))])";
    // ε = −1/2, K' = 10^6: the two S1 rows sum to a + 2b, cancelled by the sign rows.
    let eps_neg = "(GP 3 (-1#2) 2 0 2 false (1000000#1), [(GSeq 1 2 0 true, (1#1)); (GSeq 1 2 0 false, (1#1)); (GSign 0, (1#1)); (GSign 1, (2#1))])";
    // n = 2 (K' = −1: the pins Q = S = 0 apply).
    let n2 = "(GP 2 (1#2) 2 0 2 false (-1#1), [(GSeq 1 1 0 true, (1#1)); (GSeq 1 0 1 false, (1#1)); (GPin 4 false, (1#1)); (GPin 5 true, (1#1)); (GSign 0, (1#1)); (GBound, (1#2)); (GSign 2, (2#1))])";
    // ε = 0 (or −1/2), L = 10^6: lower [h+, h+] + 2 upper [0, h+] + lower [0, 0] has zero P part.
    let ratio0 = "((RP 3 (0#1) 10 0 11 true, (1000000#1)), [(([11;11]%nat, false), (50000#1)); (([0;11]%nat, true), (100000#1)); (([0;0]%nat, false), (50000#1))])";
    let ratio_neg = ratio0.replace("(RP 3 (0#1)", "(RP 3 (-1#2)");
    // n = 2, L = 0: no rows needed (the claim A_lo >= 0 holds for every head).
    let ratio_n2 = "((RP 2 (1#2) 10 0 11 true, (0#1)), [])";
    let gap = |e: &str| tamper(&settle, SETTLE_FIRST, e);
    let ratio = |e: &str| tamper(&amplify, &amplify_entry, e);
    let cases = [
        ("eps 0 paper", gap(eps0)),
        ("eps negative", unlisted(gap(eps_neg))),
        ("n 2", unlisted(gap(n2))),
        ("ratio eps 0", ratio(ratio0)),
        ("ratio eps negative", ratio(&ratio_neg)),
        ("ratio n 2", ratio(ratio_n2)),
    ];
    for (what, text) in cases {
        let name = what.replace(' ', "_");
        let f = out.join(format!("vacuous_{name}.v"));
        std::fs::write(&f, &text).unwrap();
        let (ok, log) = coqc(&f);
        assert!(!ok, "Coq accepted the vacuous {what}");
        assert!(log.contains("Unable to unify \"true\" with \"false\""), "{what}: {log}");
        // The same data: the Farkas part accepts it, the ranges do not.
        let (data, rows, range) = if what.starts_with("ratio") {
            (
                &text[..text.find("Lemma ratio_certs_ok").unwrap()],
                "forallb (fun c => ratio_rows_ok (fst (fst c)) (snd (fst c)) (snd c)) ratio_certs = true",
                "forallb (fun c => rrange (fst (fst c))) ratio_certs = false",
            )
        } else {
            (
                &text[..text.find("Lemma gap_certs_ok").unwrap()],
                "forallb (fun c => gap_rows_ok (fst c) (snd c)) gap_certs = true",
                "forallb (fun c => grange (fst c)) gap_certs = false",
            )
        };
        let mut probe = format!(
            "{data}Lemma rows_ok : {rows}.\nProof. vm_compute. reflexivity. Qed.\n\
             Lemma out_of_range : {range}.\nProof. vm_compute. reflexivity. Qed.\n"
        );
        if what == "eps 0 paper" {
            // K' = 0 equals kpaper (division by 2ε = 0); paper_at refuses it for its ε.
            probe.push_str(
                "Lemma kpaper_met : Qeq_bool (g_kp (fst (hd (GP 0 0 0 0 0 false 0, []) gap_certs)))\n  \
                 (kpaper (fst (hd (GP 0 0 0 0 0 false 0, []) gap_certs))) = true.\n\
                 Proof. vm_compute. reflexivity. Qed.\n\
                 Lemma paper_refused : paper_at gap_certs 0 = false.\nProof. vm_compute. reflexivity. Qed.\n",
            );
        }
        let f = out.join(format!("probe_{name}.v"));
        std::fs::write(&f, probe).unwrap();
        let (ok, log) = coqc(&f);
        assert!(ok, "{what}: the combination part should accept it:\n{log}");
    }
}

/// The gap claim binds `h` only through the rows that depend on it: in the paper family no row
/// does (S1–S3 have the targets `u`, `w`, `u`), so an export edited to another `h ≥ w` is
/// accepted and proves the (true) claim about that configuration, while `h < w` is refused by
/// the ranges (docs/formal.md, "What a claim binds").
#[test]
fn a_gap_claim_binds_h_through_its_rows_and_ranges() {
    built();
    let out = scratch("bind-h");
    export(&["proofs/settle"], &out);
    let settle = std::fs::read_to_string(out.join("proofs_settle.v")).unwrap();
    let other_h = SETTLE_FIRST.replacen("(GP 3 (1#2) 2 0 2", "(GP 3 (1#2) 9 0 2", 1);
    let low_h = SETTLE_FIRST.replacen("(GP 3 (1#2) 2 0 2", "(GP 3 (1#2) 1 0 2", 1);
    let f = out.join("other_h.v");
    std::fs::write(&f, tamper(&settle, SETTLE_FIRST, &other_h)).unwrap();
    let (ok, log) = coqc(&f);
    assert!(ok, "the paper family's rows do not depend on h ≥ w:\n{log}");
    let f = out.join("low_h.v");
    std::fs::write(&f, tamper(&settle, SETTLE_FIRST, &low_h)).unwrap();
    let (ok, log) = coqc(&f);
    assert!(!ok && log.contains("Unable to unify \"true\" with \"false\""), "w > h accepted:\n{log}");
}

#[test]
fn export_refuses_what_it_cannot_state() {
    let out = scratch("refuse");
    // A certificate beyond the default setting.
    let beyond = std::fs::read_dir(Path::new(ROOT).join("proofs/beyond"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.is_dir())
        .expect("a directory of setting certificates");
    let o = Command::new(env!("CARGO_BIN_EXE_minip"))
        .args(["export", "coq"])
        .arg(&beyond)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("default setting only") || err.contains("has no Coq export"), "{err}");
    // A certificate the checker rejects is never exported.
    let text =
        std::fs::read_to_string(Path::new(ROOT).join("proofs/settle/n3_eps1-2_h3_u0_w3_paper_bpaper.json"))
            .unwrap()
            .replacen("\"multiplier\": \"1/4\"", "\"multiplier\": \"1/5\"", 1);
    let bad = out.join("bad.json");
    std::fs::write(&bad, text).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_minip"))
        .args(["export", "coq"])
        .arg(&bad)
        .arg("--out")
        .arg(out.join("o"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("does not accept"));
}

/// `Main.theorem6` and `Main.rank_exponential` have the statements docs/formal.md quotes: every
/// `m` (every `m >= 168` for Theorem 6), every nonnegative head over `{0,1}^m` correct with
/// `ε = 1/2` on all length-3 sequences whose kernel has `r` features. So do the strict form
/// `CodeRankStrict.code_rank_strict` (`k ≥ 2` pairs, strict forced ratios: `k² < r·(k + Σ L⁻²)`)
/// and its integer form `code_rank_strict_floor` (`b ≤ value` gives `b < r`). Coq checks the types.
#[test]
fn the_rank_theorems_have_their_statements() {
    built();
    let out = scratch("statements");
    let head = "forall (m : nat) (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R),";
    let model = "nonneg H -> (forall x, correct_all tov 3 (1 / 2) H x) ->\n  \
                 (forall q k, alpha H q k = sumN r (fun l => phi l q * psi l k)) ->";
    let code = "forall (m n h lo k : nat) (eps : R) (x y : nat -> tok m) (L : nat -> R),\n  \
                (2 <= k)%nat -> is_code m h lo k x y -> ratios_forced_strict n eps m h lo k x y L ->\n  \
                forall (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R),\n  \
                feature_head m n eps H r phi psi ->";
    let text = format!(
        "From Coq Require Import Reals.\n\
         From Minip Require Import Model Farkas Rank RankBound CodeRank CodeRankStrict Main.\n\
         Open Scope R_scope.\n\
         Check (theorem6 : {head}\n  (168 <= m)%nat -> {model}\n  INR r ^ 10 >= 2 ^ (m - 60)).\n\
         Check (rank_exponential : {head}\n  {model}\n  INR r ^ 40 >= 2 ^ (7 * m - 265)).\n\
         Check (code_rank_strict : {code}\n  \
         INR k ^ 2 < INR r * (INR k + offsum k (fun i j => / L (cls_of h (x i) (y j)) ^ 2))).\n\
         Check (code_rank_strict_floor : {code}\n  \
         forall b : nat, INR b <= code_value k (fun i j => L (cls_of h (x i) (y j))) -> (b < r)%nat).\n"
    );
    let f = out.join("statements.v");
    std::fs::write(&f, &text).unwrap();
    let (ok, log) = coqc(&f);
    assert!(ok, "{log}");
    // A stronger claim (the exponent raised) does not type-check.
    let f = out.join("stronger.v");
    std::fs::write(&f, text.replace("2 ^ (m - 60)", "2 ^ (m - 59)")).unwrap();
    let (ok, log) = coqc(&f);
    assert!(!ok && log.contains("theorem6"), "{log}");
    // Nor does the strict form for a single pair (k = 1, where r = 1 = value is possible).
    let f = out.join("stronger_strict.v");
    std::fs::write(&f, text.replacen("(2 <= k)%nat", "(1 <= k)%nat", 1)).unwrap();
    let (ok, log) = coqc(&f);
    assert!(!ok && log.contains("code_rank_strict"), "{log}");
}

/// `proofs/coq/theories/RankM16.v` states the code and the ratio certificates of
/// `proofs/rank/m16.json`: the tokens are the certificate's, the ratio entries are what
/// `minip export coq` writes for its two ratio certificates, and the bound is its `bound`.
#[test]
fn the_rank_instance_is_the_committed_certificate() {
    let cert: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(Path::new(ROOT).join("proofs/rank/m16.json")).unwrap())
            .unwrap();
    let v = std::fs::read_to_string(theories().join("RankM16.v")).unwrap();
    let tokens = |side: &str| -> Vec<String> {
        cert["code"][side]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                let bits: Vec<String> = t.as_str().unwrap().chars().map(|c| c.to_string()).collect();
                format!("[{}]", bits.join(";"))
            })
            .collect()
    };
    let section = |from: &str, to: &str| -> String {
        let a = v.find(from).unwrap_or_else(|| panic!("{from} not in RankM16.v"));
        let b = a + v[a..].find(to).unwrap();
        v[a..b].to_string()
    };
    let xs = section("Definition xs", "].");
    let ys = section("Definition ys", "].");
    let (tx, ty) = (tokens("x"), tokens("y"));
    assert_eq!(tx.len(), 30);
    assert_eq!(xs.matches("[1").count() + xs.matches("[0").count(), 30, "{xs}");
    assert_eq!(ys.matches("[1").count() + ys.matches("[0").count(), 30, "{ys}");
    for (i, t) in tx.iter().enumerate() {
        assert_eq!(
            xs.match_indices('[').nth(i + 1).map(|(p, _)| &xs[p..p + t.len()]),
            Some(t.as_str()),
            "x{i}"
        );
    }
    for (i, t) in ty.iter().enumerate() {
        assert_eq!(
            ys.match_indices('[').nth(i + 1).map(|(p, _)| &ys[p..p + t.len()]),
            Some(t.as_str()),
            "y{i}"
        );
    }
    let p = &cert["params"];
    let call = format!(
        "code_check_strict {} {} {} xs ys ratio_certs {} = true",
        p["m"], p["h"], p["lo"], cert["bound"]
    );
    assert!(v.contains(&call), "{call}");
    assert!(v.contains("Theorem rank_m16 : rank_claim 16 8."));
    assert_eq!(cert["bound"], 8);
    // Coq checks the strict form (⌊value⌋ + 1): the certificate must say so.
    assert_eq!(cert["strict"], true);
    // The ratio entries: exactly what the exporter writes for the certificate's ratios.
    let out = scratch("rank16");
    let ratios = cert["ratios"].as_array().unwrap();
    let mut files = Vec::new();
    for (i, r) in ratios.iter().enumerate() {
        let f = out.join(format!("ratio{i}.json"));
        std::fs::write(&f, serde_json::to_string(r).unwrap()).unwrap();
        files.push(f.to_string_lossy().to_string());
    }
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    export(&args, &out.join("v"));
    let certs = section("Definition ratio_certs", "].\n");
    let mut exported = 0;
    for e in std::fs::read_dir(out.join("v")).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        for line in text.lines().filter(|l| l.trim_start().starts_with("((RP ")) {
            assert!(certs.contains(line.trim().trim_end_matches(',')), "{line} not in RankM16.v");
            exported += 1;
        }
    }
    assert_eq!(exported, ratios.len());
    assert_eq!(certs.matches("((RP ").count(), ratios.len());
}

/// A tampered bound, token or ratio in the rank instance makes Coq reject it.
#[test]
fn tampered_rank_instances_are_rejected_by_coq() {
    built();
    let out = scratch("rank-tamper");
    let v = std::fs::read_to_string(theories().join("RankM16.v")).unwrap();
    let cases = [
        // the bound raised to 9 (the entrywise value is 22815/3131 < 8)
        ("bound", tamper(&v, "ratio_certs 8 = true", "ratio_certs 9 = true")),
        // one bit of a key flipped
        (
            "token",
            tamper(
                &v,
                "Definition ys : list (list bool) := map tb [\n  [0;0;0;0;0;0;0;0;1;",
                "Definition ys : list (list bool) := map tb [\n  [1;0;0;0;0;0;0;0;1;",
            ),
        ),
        // a certified ratio raised
        ("ratio", tamper(&v, "true, (13#1))", "true, (14#1))")),
        // a class certificate missing (the class-8 ratio dropped)
        ("missing", tamper(&v, "((RP 3 (1#2) 8 0 8 true", "((RP 3 (1#2) 8 0 7 true")),
    ];
    let f = out.join("RankM16.v");
    std::fs::write(&f, &v).unwrap();
    let (ok, log) = coqc(&f);
    assert!(ok, "{log}");
    for (what, text) in cases {
        let f = out.join(format!("tampered_rank_{what}.v"));
        std::fs::write(&f, text).unwrap();
        let (ok, log) = coqc(&f);
        assert!(!ok, "Coq accepted a tampered rank {what}");
        assert!(log.contains("Unable to unify \"true\" with \"false\""), "{what}: {log}");
    }
}

/// An export carries data and checks only; its claims are stated once, in proofs/coq/Claims.v,
/// by absolute names. A file that redefines the claim (`gap_claim := True`) and the batch check
/// before a batch that the project's checker does not accept compiles on its own and concludes
/// its own `gap_claims` with no assumption at all ("Closed under the global context"), but
/// proofs/coq/check-export rejects it: its `gap_certs_ok` is not the statement Claims.v needs.
/// A module named `Minip.Gap` inside an export cannot mask the project's claim either.
#[test]
fn an_export_cannot_restate_its_claim() {
    built();
    let out = scratch("restate");
    export(&["proofs/settle"], &out);
    let settle = std::fs::read_to_string(out.join("proofs_settle.v")).unwrap();
    let (ok, log) = check_export(&out.join("proofs_settle.v"));
    assert!(ok, "{log}");
    let header = "Local Open Scope Q_scope.\n";
    let redefined = format!(
        "{header}Definition gap_claim (p : gparams) : Prop := True.\n\
         Definition gap_batch_ok (c : list (gparams * list (glabel * Q))) : bool := true.\n"
    );
    let restated = "\nTheorem gap_claims : Forall (fun c => gap_claim (fst c)) gap_certs.\n\
                    Proof. apply Forall_forall. intros. exact I. Qed.\nPrint Assumptions gap_claims.\n";
    // A multiplier that no checker of the project accepts (as in tampered_exports_are_rejected_by_coq).
    let bad = tamper(&settle, "(GSeq 1 2 0 false, (1#4));", "(GSeq 1 2 0 false, (1#5));");
    let evil = format!("{}{restated}", tamper(&bad, header, &redefined));
    let f = out.join("restated.v");
    std::fs::write(&f, &evil).unwrap();
    let (ok, log) = coqc(&f);
    assert!(ok && log.contains("Closed under the global context"), "the redefinition compiles alone:\n{log}");
    let (ok, log) = check_export(&f);
    assert!(!ok, "check-export accepted a redefined claim:\n{log}");
    assert!(log.contains("Batch.gap_certs_ok") && log.contains("Gap.gap_batch_ok"), "{log}");
    // The same redefinition over the genuine data: the check passes, and the claim it proves is
    // the project's (Claims.v does not read the export's `gap_claim` or `gap_claims`).
    let f = out.join("restated_genuine.v");
    std::fs::write(&f, format!("{}{restated}", tamper(&settle, header, &redefined))).unwrap();
    let (ok, log) = check_export(&f);
    assert!(ok, "the genuine data prove the project's claims whatever the file defines:\n{log}");
    // An axiom in place of the check: compiled, but not on the standard axioms.
    let f = out.join("axiom.v");
    std::fs::write(
        &f,
        tamper(
            &bad,
            "Lemma gap_certs_ok : gap_batch_ok gap_certs = true.\nProof. vm_compute. reflexivity. Qed.",
            "Axiom gap_certs_ok : gap_batch_ok gap_certs = true.",
        ),
    )
    .unwrap();
    let (ok, log) = check_export(&f);
    assert!(!ok && log.contains("not only the standard axioms"), "{log}");
    // A module `Minip.Gap` inside the export: the absolute name is not masked.
    let dir = out.join("mask");
    std::fs::create_dir_all(&dir).unwrap();
    let masked = format!(
        "{settle}\nModule Minip. Module Gap.\nDefinition gap_claim (p : gparams) : Prop := True.\nEnd Gap. End Minip.\n"
    );
    std::fs::write(dir.join("Batch.v"), &masked).unwrap();
    let (ok, log) = check_export(&dir.join("Batch.v"));
    assert!(ok, "{log}");
    let (ok, log) = coqc(&dir.join("Batch.v"));
    assert!(ok, "{log}");
    std::fs::write(
        dir.join("Probe.v"),
        "From Minip Require Gap.\nRequire Gen.Batch.\nPrint Minip.Gap.gap_claim.\n",
    )
    .unwrap();
    let (ok, log) = coqc(&dir.join("Probe.v"));
    assert!(ok && log.contains("gap_range p"), "Minip.Gap.gap_claim is the project's:\n{log}");
}

/// The paper's results on its own model have the statements docs/formal.md quotes; Coq checks
/// the types, and a stronger Theorem 6 does not type-check.
#[test]
fn the_paper_theorems_have_their_statements() {
    built();
    let out = scratch("paper-statements");
    let maps = "forall (m r D : nat) (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R),\n  \
                (forall q k, 0 <= kernel m r phiQ phiK q k) ->";
    let pmaps =
        "forall (m r D : nat) (phiQ phiK v A : nat -> tok m -> nat -> R) (b : nat -> tok m -> R),\n  \
                 (forall j q k, (j < 3)%nat -> 0 <= pkernel m r phiQ phiK 2 j q k) ->";
    let maps_n = "forall (m n r D : nat) (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R),\n  \
                  (4 <= n)%nat -> (16 <= m)%nat -> (forall q k, 0 <= kernel m r phiQ phiK q k) ->";
    let text = format!(
        "From Coq Require Import Reals.\n\
         From Minip Require Import Model Farkas RankBound Paper Short Softmax Exact Positions Transcript Long.\n\
         Open Scope R_scope.\n\
         Check (Paper.theorem6 : {maps}\n  \
         (forall (X : nat -> tok m) (i : nat), (i < 3)%nat -> pcorrect m r D phiQ phiK v A b (1 / 2) 3 X i) ->\n  \
         2 ^ m <= (64 * INR r) ^ 10).\n\
         Check (Paper.rank_exponential : {maps}\n  \
         (forall X : nat -> tok m, pcorrect m r D phiQ phiK v A b (1 / 2) 3 X 2) ->\n  \
         2 ^ (7 * m) <= 2 ^ 265 * INR r ^ 40).\n\
         Check (Softmax.theorem1 : forall tau : R, exp tau = 6 ->\n  \
         forall (m : nat) (X : nat -> tok m) (i : nat), (i < 3)%nat ->\n  \
         0 < sm_den m tau 3 X i /\\ Rabs (sm_out m tau 3 X i - ptarget m 3 X i) < 1 / 2).\n\
         Check (Exact.theorem2 : forall (m n : nat) (eps : R), 0 < eps ->\n  \
         exists (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R),\n  \
         (forall x l, 0 <= phiQ x l) /\\ (forall z l, 0 <= phiK z l) /\\\n  \
         forall (n' : nat) (X : nat -> tok m) (i : nat), (n' <= n)%nat -> (i < n')%nat ->\n  \
         pcorrect m (2 ^ m) m phiQ phiK v A b eps n' X i).\n\
         Check (Short.rank_one : forall m : nat,\n  \
         (forall q k, 0 <= kernel m 1 one_phi one_phi q k) /\\\n  \
         forall (n : nat) (X : nat -> tok m) (i : nat), (1 <= n <= 2)%nat -> (i < n)%nat ->\n  \
         0 < pden m 1 one_phi one_phi n X i /\\\n  \
         yhat m 1 m one_phi one_phi one_v one_A one_b n X i = ptarget m n X i).\n\
         Check (Positions.theorem6 : {pmaps}\n  \
         (forall X : nat -> tok m, qcorrect m r D phiQ phiK v A b (1 / 2) 3 X 2) ->\n  \
         2 ^ m <= (64 * INR r) ^ 10 /\\ 2 ^ (7 * m) <= 2 ^ 265 * INR r ^ 40).\n\
         Check (Transcript.transcript_bound : forall (q s : nat) (St : Type) (L : nat)\n  \
         (init : nat -> tok ((q + 1) * s) -> St) (K : nat -> nat -> nat) (chan : nat -> nat -> list St -> nat)\n  \
         (upd : nat -> nat -> St -> nat -> St) (out : nat -> St -> R),\n  \
         (forall l p sts, (chan l p sts < K l p)%nat) ->\n  \
         (forall a : nat -> nat, (forall i, (i < q)%nat -> (a i <= s)%nat) ->\n     \
         forall i, (i < q)%nat ->\n       \
         Rabs (output (2 * q) L init chan upd out (mlseq q s a) i\n             \
         - ptarget ((q + 1) * s) (2 * q) (mlseq q s a) i) < 1 / 2) ->\n  \
         ((s + 1) ^ q <= prodN L (fun l => prodN q (K l)))%nat).\n\
         Check (Long.rank_long : {maps_n}\n  \
         (forall X : nat -> tok m, pcorrect m r D phiQ phiK v A b (1 / 2) n X (n - 1)) ->\n  \
         (870 / (1 + 870 / (INR n - 2) ^ 2)) ^ (m / 16) / (INR n - 2) <= INR r).\n"
    );
    let f = out.join("statements.v");
    std::fs::write(&f, &text).unwrap();
    let (ok, log) = coqc(&f);
    assert!(ok, "{log}");
    let f = out.join("stronger.v");
    std::fs::write(&f, text.replacen("(64 * INR r) ^ 10).", "(32 * INR r) ^ 10).", 1)).unwrap();
    let (ok, log) = coqc(&f);
    assert!(!ok && log.contains("theorem6"), "{log}");
}

/// Transcript.v's multilevel family is minip's (`minip_check::model::multilevel`, the family of
/// `minip readout --multilevel`, docs/math.md §13.10): the same tokens for a few assignments, and
/// for every committed minip-multilevel/1 certificate Coq computes its m, n, instances and
/// lower_bits, the bound `log2_up((s+1)^q)` of `Transcript.transcript_bits`.
#[test]
fn the_multilevel_family_is_minips() {
    use minip_check::model::multilevel::sequence;
    built();
    let out = scratch("multilevel");
    let mut text = String::from(
        "From Coq Require Import Arith List Bool.\nFrom Minip Require Import Transcript.\nImport ListNotations.\n",
    );
    for (n, (q, s, a)) in
        [(2u32, 2u32, vec![1u32, 0]), (3, 2, vec![0, 2, 1]), (2, 3, vec![3, 1]), (1, 4, vec![3])]
            .iter()
            .enumerate()
    {
        let m = (q + 1) * s;
        let tokens: Vec<String> = sequence(*q, *s, a)
            .iter()
            .map(|t| {
                let bits: Vec<&str> =
                    (0..m).map(|j| if t >> j & 1 == 1 { "true" } else { "false" }).collect();
                format!("[{}]", bits.join("; "))
            })
            .collect();
        let levels: Vec<String> = a.iter().map(u32::to_string).collect();
        text.push_str(&format!(
            "Lemma tokens{n} : map (mlist {q} {s} (fun i => nth i [{}] 0%nat)) (seq 0 {}) = [{}].\n\
             Proof. vm_compute. reflexivity. Qed.\n",
            levels.join("; "),
            2 * q,
            tokens.join("; ")
        ));
    }
    let dir = Path::new(ROOT).join("proofs/readout/multilevel");
    let mut certs = 0;
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for p in paths.iter().filter(|p| p.extension().is_some_and(|x| x == "json")) {
        let c: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        assert_eq!(c["format"], "minip-multilevel/1");
        let f = |k: &str| c[k].as_u64().unwrap_or_else(|| panic!("{k} in {}", p.display()));
        let (q, s) = (f("q"), f("s"));
        assert_eq!(f("distinct"), f("instances"));
        // Booleans: a unary 2^16 read back from the VM would overflow Coq's stack.
        text.push_str(&format!(
            "Lemma cert{certs} : (Nat.eqb (({q} + 1) * {s}) {} && Nat.eqb (2 * {q}) {}\n  \
             && Nat.eqb (Nat.pow ({s} + 1) {q}) {} && Nat.eqb (Nat.log2_up (Nat.pow ({s} + 1) {q})) {})%nat = true.\n\
             Proof. vm_compute. reflexivity. Qed.\n",
            f("m"),
            f("n"),
            f("instances"),
            f("lower_bits")
        ));
        certs += 1;
    }
    assert!(certs >= 14, "{certs} certificates in {}", dir.display());
    let v = out.join("multilevel.v");
    std::fs::write(&v, &text).unwrap();
    let (ok, log) = coqc(&v);
    assert!(ok, "{log}");
}
