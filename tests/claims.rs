//! Every committed certificate's summary line states its whole claim: the setting fields that
//! are not the default (task, kernel, positions, keys, at; the superset class; m for the task
//! nearest; the class and sign of overlap-polynomial heads) appear in the line and, as fields,
//! in the JSON claim; and no two committed certificates that state different parameters print
//! the same line.

use crate::common::root;
use minip_check::verify::{collect, verify_files};
use serde_json::Value;
use std::collections::BTreeMap;

const FIELDS: [&str; 5] = ["task", "kernel", "positions", "keys", "at"];

/// `name=value` for every setting field present in `obj` (the formats omit defaults).
fn setting_text(obj: &Value) -> Vec<String> {
    FIELDS
        .iter()
        .filter_map(|f| obj.get(*f).map(|v| format!("{f}={}", v.to_string().trim_matches('"'))))
        .collect()
}

#[test]
fn every_committed_summary_line_names_its_setting_and_no_two_claims_collide() {
    let files = collect(&[root().join("proofs")]).unwrap();
    assert!(files.len() >= 2300, "{} files", files.len());
    let results = verify_files(&files, minip_check::verify::default_jobs());
    let mut by_line: BTreeMap<String, (String, Value)> = BTreeMap::new();
    let mut non_default = 0;
    for r in &results {
        let name = r.path.strip_prefix(root()).unwrap().display().to_string();
        let claim = r.result.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
        let line = claim.to_string();
        let json = serde_json::to_value(claim).unwrap();
        let raw: Value = serde_json::from_str(&std::fs::read_to_string(&r.path).unwrap()).unwrap();
        let params = raw.get("params").cloned().unwrap_or(Value::Null);
        let mut want: Vec<String> = Vec::new();
        match json["kind"].as_str().unwrap() {
            "gap" | "ratio" | "ratio-bound" => {
                want.extend(setting_text(&params));
                for f in FIELDS {
                    assert_eq!(json.get(f), params.get(f), "{name}: JSON claim field {f}");
                }
                if params["superset"] == true {
                    want.push("classes 0..h,h+".into());
                }
                if let Some(m) = params.get("m").filter(|_| json["kind"] == "ratio") {
                    want.push(format!(" m={m}"));
                }
                want.push(format!("eps={}", params["eps"].as_str().unwrap()));
            }
            "sharp" => {
                for c in raw["certificates"].as_array().unwrap() {
                    let mut s = setting_text(c);
                    s.push(format!(
                        "n={} eps={} {}",
                        c["n"],
                        c["eps"].as_str().unwrap(),
                        c["family"].as_str().unwrap()
                    ));
                    want.push(s.join(" "));
                }
            }
            "rank" | "rank-linear" | "rank-weighted" => {
                want.push(format!("n={} eps={}", params["n"], params["eps"].as_str().unwrap()))
            }
            "rank2-none" => want.push(format!(
                "n={} eps={} m={}",
                params["n"],
                params["eps"].as_str().unwrap(),
                params["m"]
            )),
            "poly-head" | "poly-none" => {
                want.push(params["kernel"].as_str().unwrap().to_string());
                if params["signed"] == true {
                    want.push(format!("{} signed", params["kernel"].as_str().unwrap()));
                }
                assert_eq!(
                    json["signed"],
                    params.get("signed").cloned().unwrap_or(Value::Bool(false)),
                    "{name}"
                );
            }
            "readout" | "readout-precision" => want.push(format!("m={} n={}", raw["m"], raw["n"])),
            "multilevel" => {
                want.push(format!("q={} s={} (m={} n={})", raw["q"], raw["s"], raw["m"], raw["n"]))
            }
            "search-head" => want.push(format!(
                "head of rank {} (searched, explicit features, m={},",
                raw["rank"], params["m"]
            )),
            "multihead" => want.push(format!(
                "heads={} n={} eps={} d={}",
                raw["heads"].as_array().unwrap().len(),
                params["n"],
                params["eps"].as_str().unwrap(),
                params["d"]
            )),
            "multihead-heads" => want.push(format!(
                "total rank <= {} ({} {} over m={},",
                raw["total_rank"].as_str().unwrap(),
                params["heads"],
                if params["heads"] == 1 { "head" } else { "heads" },
                params["m"]
            )),
            k => panic!("{name}: unknown kind {k}"),
        }
        non_default += want.iter().any(|w| FIELDS.iter().any(|f| w.contains(&format!("{f}=")))) as usize;
        for w in &want {
            assert!(line.contains(w.as_str()), "{name}: '{line}' does not state '{w}'");
        }
        // Same line, same stated parameters (a sharp file: the same configurations).
        let stated = match raw.get("certificates") {
            Some(cs) => Value::Array(
                cs.as_array()
                    .unwrap()
                    .iter()
                    .map(|c| {
                        let mut c = c.clone();
                        for k in
                            ["lower", "closure", "witness", "ray", "kstar", "paper_k", "relation", "attained"]
                        {
                            c.as_object_mut().unwrap().remove(k);
                        }
                        c
                    })
                    .collect(),
            ),
            None => params,
        };
        if let Some((other, p)) = by_line.get(&line) {
            assert_eq!(p, &stated, "{name} and {other} print the same line '{line}' for different claims");
        } else {
            by_line.insert(line, (name, stated));
        }
    }
    // The committed beyond/ certificates are in non-default settings, and say so.
    assert!(non_default > 0, "no line with a non-default setting");
}

#[test]
fn sharp_summarize_says_which_setting_each_count_is_about() {
    let run = |dir: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_minip"))
            .args(["sharp", "--summarize", dir])
            .current_dir(root())
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    // Signed kernels only: one block, headed by its setting.
    let (_, out) = run("proofs/beyond/signed-sharp");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("setting signed: ") && first.ends_with(" configurations"), "{out}");
    assert!(out.lines().skip(1).all(|l| l.starts_with("  ")), "{out}");
    // Mixed settings (tasks, keys): one block per setting, the default one named as such.
    let (_, out) = run("proofs/beyond/tasks-sharp");
    let heads: Vec<&str> = out.lines().filter(|l| l.starts_with("setting ")).collect();
    assert!(heads.len() >= 3, "{out}");
    assert!(
        heads.iter().any(|h| h.starts_with("setting default (min-ip, nonneg, shared maps, all keys): ")),
        "{out}"
    );
    assert!(heads.iter().any(|h| h.starts_with("setting nearest: ")), "{out}");
    // The default configurations of proofs/beyond stand in two folders (positions-sharp and
    // tasks-sharp both hold n = 3, eps = 1/2, paper, h = 2..6): each is counted once, 26 and not 31.
    let (_, out) = run("proofs/beyond");
    assert!(
        out.lines().next()
            == Some("setting default (min-ip, nonneg, shared maps, all keys): 26 configurations"),
        "{out}"
    );
    // The default setting alone: the summary as before, no setting header.
    let (_, out) = run("proofs/sharp");
    assert!(!out.contains("setting "), "{out}");
}
