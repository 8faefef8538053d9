//! `minip multihead domination`: exact heads that escape the step of Lemma 3, from the
//! command line (docs/escape.md).

use std::process::Command;

fn minip(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_minip")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn two_heads_with_alpha_xy_zero_solve_s1_to_s3_on_the_grid() {
    let (code, out, err) = minip(&["multihead", "domination", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    // n = 3..=6 and d = 2..=8, n major.
    assert_eq!(rows.len(), 28);
    assert!(rows.iter().all(|r| r["verdict"] == "escapes" && r["max_error"] == "0"));
    assert!(rows.iter().all(|r| r["alpha"][0][1] == "0" && r["alpha"][1][1] == "0"));
    // n = 3, d = 3: α = (1, 0, 1/4), (1, 0, 1/2); σ1 = −54, ζ1 = 36, σ2 = 54 (docs/math.md §12).
    let r = &rows[1];
    assert_eq!((r["n"].as_u64(), r["d"].as_u64(), r["paper_k"].as_str()), (Some(3), Some(3), Some("2")));
    assert_eq!(r["s"], serde_json::json!([["-54", "0", "36"], ["54", "0", "0"]]));
    // n = 4, d = 2: K = 2, values in thirds.
    assert_eq!(rows[7]["s"], serde_json::json!([["-140/3", "0", "70/3"], ["140/3", "0", "0"]]));
}

#[test]
fn the_table_and_refusals() {
    let (code, out, _) = minip(&["multihead", "domination", "--d", "3", "--n", "3"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("n  d  eps  K  verdict"), "{out}");
    assert!(
        out.contains("3  3  1/2  2  escapes  (1, 0, 1/4) (1, 0, 1/2)   (-54, 0, 36) (54, 0, 0)  0\n"),
        "{out}"
    );
    for (args, msg) in [
        (
            vec!["multihead", "domination", "--heads", "1"],
            "minip: error: --heads 1: need 2..=64 (one head is Lemma 3 itself: minip check --d D)\n",
        ),
        (
            vec!["multihead", "domination", "--n", "2"],
            "minip: error: --n: n = 2 is out of range (3..=1024)\n",
        ),
        (vec!["multihead", "domination", "--eps=-1/2"], "minip: error: need ε > 0, got ε = -1/2\n"),
        (vec!["multihead", "domination", "--d", "0"], "minip: error: --d: the gap d must be at least 1\n"),
    ] {
        let (code, out, err) = minip(&args);
        assert_eq!((code, out.as_str(), err.as_str()), (2, "", msg), "{args:?}");
    }
}

#[test]
fn out_writes_the_committed_certificates_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("minip-multihead-out-{}", std::process::id()));
    let (code, _, err) = minip(&["multihead", "domination", "--out", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let committed = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs/multihead/domination");
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names.len(), 28);
    assert_eq!((names[0].as_str(), names[27].as_str()), ("n3_d2.json", "n6_d8.json"));
    for n in &names {
        let (new, old) = (std::fs::read(dir.join(n)).unwrap(), std::fs::read(committed.join(n)).unwrap());
        assert!(new == old, "{n} differs from the committed certificate");
    }
    let (code, out, err) = minip(&["verify", dir.to_str().unwrap()]);
    assert_eq!((code, out.lines().count()), (0, 28));
    assert!(err.contains("28 files: 28 verified, 0 failed, 0 invalid, 0 unchecked"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn frontier_certifies_two_heads_to_m7_and_stops_at_weight_8() {
    let (code, out, err) = minip(&["multihead", "frontier", "--heads", "2", "--m", "6..=8", "--json"]);
    assert_eq!(code, 2, "{err}");
    let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 3);
    // m = 6, 7: two heads of degree 1, each of exact rank m + 1; the single head needs 8 at m = 6.
    assert_eq!(rows[0]["verdict"], "certified");
    assert_eq!(rows[0]["head_ranks"], serde_json::json!(["7", "7"]));
    assert_eq!(
        (rows[0]["total_rank"].as_str(), rows[0]["single_head_rank"].as_str()),
        (Some("14"), Some("8"))
    );
    assert_eq!((rows[1]["total_rank"].as_str(), rows[1].get("single_head_rank")), (Some("16"), None));
    // m = 8: at weight 8 the best margin of two degree-1 heads is 0, so nothing is certified.
    assert_eq!(rows[2]["verdict"], "unknown");
    assert!(rows[2]["reason"].as_str().unwrap().starts_with("h = 8: no correct heads found"), "{}", rows[2]);
    assert_eq!(rows[2]["single_head_rank"], "37");
    let (code, out, _) = minip(&["multihead", "frontier", "--heads", "3", "--m", "12"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("m   verdict    total rank  head ranks    largest D  state   margin  one head"),
        "{out}"
    );
    // Features 39, but every head's values need D = 2^12 − 1: state 39·4096.
    assert!(out.contains("\n12  certified  39          13 + 13 + 13  4095       159744  0.12"), "{out}");
    for (args, msg) in [
        (vec!["--heads", "0"], "minip: error: --heads 0: need 1..=64\n"),
        (vec!["--degree", "9"], "minip: error: --degree 9: need 1..=8\n"),
        (vec!["--m", "65"], "minip: error: --m: m = 65 is out of range (1..=64)\n"),
    ] {
        let (code, out, err) = minip(&[&["multihead", "frontier"][..], &args].concat());
        assert_eq!((code, out.as_str(), err.as_str()), (2, "", msg), "{args:?}");
    }
}

#[test]
fn frontier_shows_the_certified_lower_bound_for_one_head() {
    // A linear-code certificate at m = 8 (rank >= 2): it applies at every m >= 8, not below.
    let dir = std::env::temp_dir().join(format!("minip-multihead-lower-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let (code, _, err) = minip(&["rank", "--linear", "--m", "8", "--no-explicit", "--out", d]);
    assert_eq!(code, 0, "{err}");
    let ask = |lower: &str| {
        let (code, out, err) = minip(&[
            "multihead",
            "frontier",
            "--heads",
            "2",
            "--m",
            "7..=8",
            "--rank-dir",
            "-",
            "--rank-linear-dir",
            lower,
            "--json",
        ]);
        assert_eq!(code, 2, "{err}");
        out.lines().map(|l| serde_json::from_str(l).unwrap()).collect::<Vec<serde_json::Value>>()
    };
    let rows = ask(d);
    assert_eq!((rows[0].get("single_head_lower"), rows[1]["single_head_lower"].as_str()), (None, Some("2")));
    assert_eq!(rows[1]["single_head_lower_file"], dir.join("n3_m008.json").display().to_string());
    assert!(ask("-").iter().all(|r| r.get("single_head_lower").is_none()));
    // With the committed rank certificates (proofs/rank): r >= 8 from m = 16 on.
    let (_, out, _) = minip(&["multihead", "frontier", "--heads", "2", "--m", "16", "--json"]);
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(
        (row["single_head_lower"].as_str(), row["single_head_lower_file"].as_str()),
        (Some("8"), Some("proofs/rank/m16.json"))
    );
    // A certificate that gives no bound (not a rank bound) is skipped with a warning.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join("proofs/readout/multilevel/q01_s01.json"), dir.join("m08.json")).unwrap();
    let (_, _, err) = minip(&[
        "multihead",
        "frontier",
        "--heads",
        "2",
        "--m",
        "8",
        "--rank-dir",
        "-",
        "--rank-linear-dir",
        d,
    ]);
    assert!(err.contains("m08.json: skipped: not a rank lower bound (multilevel family q=1"), "{err}");
    std::fs::remove_file(dir.join("m08.json")).unwrap();
    // An edited certificate is rejected, not read; a missing directory is refused.
    let file = dir.join("n3_m008.json");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replacen("\"bound\": \"2\"", "\"bound\": \"3\"", 1)).unwrap();
    assert_ne!(std::fs::read_to_string(&file).unwrap(), text, "the bound field was edited");
    let (code, _, err) =
        minip(&["multihead", "frontier", "--heads", "2", "--m", "8", "--rank-linear-dir", d]);
    // A rejected certificate: exit 1, as `minip frontier` reports the same file.
    assert_eq!(code, 1);
    assert!(err.contains("n3_m008.json: rejected"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
    let (code, _, err) =
        minip(&["multihead", "frontier", "--heads", "2", "--m", "8", "--rank-linear-dir", "/nonexistent/x"]);
    assert_eq!(
        (code, err.as_str()),
        (2, "minip: error: --rank-linear-dir /nonexistent/x: not a directory\n")
    );
}

#[test]
fn frontier_with_values_linear_in_the_overlap_keeps_the_value_dimension_at_m() {
    // Three degree-1 heads over {0,1}^6 whose values are a_h·o + b_h at each query weight h
    // (docs/math.md §10.11: D <= m): every head's least value dimension is 6 = m, the state
    // 3·7·(6 + 1) = 147 numbers (free class values: 7·2^6 per head).
    let dir = std::env::temp_dir().join(format!("minip-multihead-values-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let none = ["--single-dir", "-", "--rank-dir", "-", "--rank-linear-dir", "-"];
    let ask =
        [&["multihead", "frontier", "--heads", "3", "--m", "6", "--value-degree", "1"][..], &none].concat();
    let (code, out, err) = minip(&[&ask[..], &["--json", "--out", d]].concat());
    assert_eq!(code, 0, "{err}");
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(row["value_degree"], 1);
    assert_eq!(row["value_dims"], serde_json::json!(["6", "6", "6"]));
    assert_eq!((row["total_rank"].as_str(), row["total_state"].as_str()), (Some("21"), Some("147")));
    let file = dir.join("m06.h3.d1.v1.json");
    let (code, out, err) = minip(&["verify", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value dimensions 6+6+6, state 147"), "{out}");
    // The checker does not know the degree: it ranks the table. Weight 0's strict supersets
    // (overlap 0, as the query itself) given their own value break the degree; the errors at
    // weight 0 stay far from the largest, and the table now needs D = 7 > m.
    let text = std::fs::read_to_string(&file).unwrap();
    let broken = text.replacen(r#"{"h":0,"s":["0","0"]}"#, r#"{"h":0,"s":["0","1/1000"]}"#, 1);
    assert_ne!(broken, text);
    std::fs::write(&file, &broken).unwrap();
    let (code, out, _) = minip(&["verify", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("heads[0].value_dim: stated 6, the values' rank [S; 1ᵀ] − 1 (§10.11) gives 7"),
        "{out}"
    );
    // Restated with the recomputed D = 7 (state 7·8 = 56 for the head), the table is accepted.
    let restated = broken
        .replacen(r#""value_dim":"6","state":"49""#, r#""value_dim":"7","state":"56""#, 1)
        .replacen(r#""total_state": "147""#, r#""total_state": "154""#, 1);
    assert_ne!(restated, broken);
    std::fs::write(&file, &restated).unwrap();
    let (code, out, err) = minip(&["verify", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("value dimensions 7+6+6, state 154"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
    // A degree of 0 (constant values) is refused before any work.
    let (code, out, err) = minip(&["multihead", "frontier", "--value-degree", "0"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            2,
            "",
            "minip: error: --value-degree 0: need 1..=64 (constant values give every sequence of a query the same output)\n"
        )
    );
}

#[test]
fn degree_one_kernels_with_low_degree_values_fail_at_weights_8_16_22() {
    // docs/math.md Proposition 12.4: on the sequences with o1 + o2 = s the summed output of
    // degree-1 kernels with values of degree <= T is an even polynomial of degree <= 2r in
    // d = |o1 - o2| (r = floor((T+1)/2)), the target (s - d)/2; points d_i with weights λ_i that
    // annihilate 1, d², …, d^{2r} and have |Σ λ_i d_i| >= Σ |λ_i| rule out every such head.
    use minip_check::rational::Rat;
    use num_traits::{Signed, Zero};
    let admissible = |h: i64, s: i64| (s % 2..=s.min(2 * h - s)).step_by(2).collect::<Vec<i64>>();
    // The only λ (up to scale) on r + 2 points annihilating the even monomials up to d^{2r}.
    let weights = |d: &[i64]| -> Vec<Rat> {
        (0..d.len())
            .map(|i| {
                let w: i64 = (0..d.len()).filter(|&j| j != i).map(|j| d[i] * d[i] - d[j] * d[j]).product();
                Rat::new(1.into(), w.into())
            })
            .collect()
    };
    let rules_out = |d: &[i64], l: &[Rat]| {
        let dot: Rat = d.iter().zip(l).map(|(&x, y)| y * Rat::from_integer(x.into())).sum();
        let norm: Rat = l.iter().map(|y| y.abs()).sum();
        dot.abs() >= norm
    };
    // (r, h = s, the points d, the weights λ), as in the table of Proposition 12.4.
    let table: [(usize, i64, Vec<i64>, Vec<i64>); 3] = [
        (1, 8, vec![0, 4, 8], vec![3, -4, 1]),
        (2, 16, vec![0, 4, 12, 16], vec![-35, 42, -10, 3]),
        (3, 22, vec![0, 4, 12, 20, 22], vec![594048, -719950, 165165, -80223, 40960]),
    ];
    for (r, h, d, l) in table {
        let (s, d) = (h, &d[..]);
        assert!(d.iter().all(|x| admissible(h, s).contains(x)), "r = {r}");
        let l: Vec<Rat> = l.iter().map(|&x| Rat::from_integer(x.into())).collect();
        for j in 0..=r as u32 {
            let sum: Rat = d.iter().zip(&l).map(|(&x, y)| y * Rat::from_integer(x.pow(2 * j).into())).sum();
            assert!(sum.is_zero(), "r = {r}, d^{}", 2 * j);
        }
        assert!(rules_out(d, &l), "r = {r}");
        // The stated λ are the closed form's, scaled.
        let w = weights(d);
        assert!(l.iter().zip(&w).all(|(a, b)| a / b == &l[0] / &w[0]), "r = {r}");
    }
    // For r = 1, 2 (T <= 4) no smaller weight has such points: h = 8 and 16 are the least.
    for (r, least) in [(1usize, 8i64), (2, 16)] {
        let found = |h: i64| {
            (0..=2 * h).any(|s| {
                let pts = admissible(h, s);
                let k = r + 2;
                // Every k-subset of the admissible points, by index vectors.
                let mut idx: Vec<usize> = (0..k).collect();
                if pts.len() < k {
                    return false;
                }
                loop {
                    let d: Vec<i64> = idx.iter().map(|&i| pts[i]).collect();
                    if rules_out(&d, &weights(&d)) {
                        return true;
                    }
                    let Some(p) = (0..k).rev().find(|&p| idx[p] < pts.len() - k + p) else { return false };
                    idx[p] += 1;
                    for q in p + 1..k {
                        idx[q] = idx[q - 1] + 1;
                    }
                }
            })
        };
        assert!(found(least) && !(1..least).any(found), "r = {r}");
    }
    // The command agrees: two degree-1 heads with values of degree 2 certify m = 7, not 8.
    let (code, out, _) =
        minip(&["multihead", "frontier", "--heads", "2", "--m", "8", "--value-degree", "2", "--json"]);
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!((code, row["verdict"].as_str()), (2, Some("unknown")));
    assert!(row["reason"].as_str().unwrap().starts_with("h = 8: "), "{row}");
}
