//! Every command's `--json` lines validate against the JSON Schema of their `kind` in
//! docs/schema/ (a small validator for the subset the schemas use: type, enum, const, required,
//! properties, additionalProperties = false), every schema there is exercised, and the rules of
//! the vocabulary (docs/schema/README.md, version 2) hold in every record: `version` 2, one
//! outcome field, no JSON floats and no timings outside the measurements.

use crate::common::root;
use serde_json::Value;
use std::collections::BTreeSet;
use std::process::Command;

fn lines(args: &[&str]) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_minip")).args(args).current_dir(root()).output().unwrap();
    // Exit 2 with records is `unknown` (a head search that found nothing); without, an error.
    let code = out.status.code();
    assert!(
        code.is_some_and(|c| c <= 1 || (c == 2 && !out.stdout.is_empty())),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {l}")))
        .collect()
}

fn type_ok(t: &str, v: &Value) -> bool {
    match t {
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "object" => v.is_object(),
        "array" => v.is_array(),
        "null" => v.is_null(),
        other => panic!("schema type {other} not handled"),
    }
}

fn validate(schema: &Value, v: &Value, at: &str) -> Result<(), String> {
    if let Some(c) = schema.get("const") {
        return if c == v { Ok(()) } else { Err(format!("{at}: {v} is not {c}")) };
    }
    if let Some(e) = schema.get("enum").and_then(Value::as_array) {
        return if e.contains(v) { Ok(()) } else { Err(format!("{at}: {v} is not one of {e:?}")) };
    }
    if let Some(t) = schema.get("type") {
        let ok = match t {
            Value::String(s) => type_ok(s, v),
            Value::Array(ts) => ts.iter().any(|t| type_ok(t.as_str().unwrap(), v)),
            _ => panic!("bad schema type"),
        };
        if !ok {
            return Err(format!("{at}: {v} is not of type {t}"));
        }
    }
    if let (Some(obj), Some(props)) = (v.as_object(), schema.get("properties").and_then(Value::as_object)) {
        for r in schema.get("required").and_then(Value::as_array).into_iter().flatten() {
            if !obj.contains_key(r.as_str().unwrap()) {
                return Err(format!("{at}: missing required field {r}"));
            }
        }
        for (k, val) in obj {
            match props.get(k) {
                Some(s) => validate(s, val, &format!("{at}.{k}"))?,
                None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    return Err(format!("{at}: field {k} is not in the schema"))
                }
                None => {}
            }
        }
    }
    Ok(())
}

/// The rules every record follows, whatever its schema says: no floating-point number (exact
/// values are strings, docs/schema/README.md) and no timing outside the measurement kinds
/// (`bench.run`, `amplify.bench`), and no second outcome field beside `verdict`.
fn vocabulary(kind: &str, v: &Value, at: &str) -> Result<(), String> {
    let measurement = kind == "bench.run" || kind == "amplify.bench";
    match v {
        Value::Number(x) if !(measurement || x.is_i64() || x.is_u64()) => {
            Err(format!("{at}: {x} is a floating-point number"))
        }
        Value::Object(o) => {
            for (k, x) in o {
                if !measurement && k.contains("seconds") {
                    return Err(format!("{at}.{k}: a timing in a reproducible record"));
                }
                if ["correct", "agree", "agrees"].contains(&k.as_str()) && !measurement {
                    return Err(format!("{at}.{k}: a second outcome field beside verdict"));
                }
                vocabulary(kind, x, &format!("{at}.{k}"))?;
            }
            Ok(())
        }
        Value::Array(a) => {
            a.iter().enumerate().try_for_each(|(i, x)| vocabulary(kind, x, &format!("{at}[{i}]")))
        }
        _ => Ok(()),
    }
}

#[test]
fn every_json_record_matches_the_schema_of_its_kind() {
    let tmp = std::env::temp_dir().join(format!("minip-schema-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let t = |p: &str| tmp.join(p).display().to_string();
    let runs: Vec<Vec<String>> = vec![
        vec!["settle".into(), "--d".into(), "2..=4".into(), "--json".into()],
        vec!["check".into(), "--d".into(), "3".into(), "--json".into()],
        vec!["check".into(), "--d".into(), "2".into(), "--bound".into(), "2".into(), "--json".into()],
        vec!["sweep".into(), "instances/small.toml".into(), "--json".into(), "--out".into(), t("sweep")],
        vec!["sharp".into(), "--d".into(), "3".into(), "--json".into()],
        vec!["sharp".into(), "--grid".into(), "instances/small.toml".into(), "--json".into()],
        vec![
            "sharp".into(),
            "--milp".into(),
            "--m".into(),
            "1..=3".into(),
            "--d".into(),
            "1".into(),
            "--json".into(),
        ],
        vec!["amplify".into(), "--h".into(), "1..=5".into(), "--json".into(), "--out".into(), t("amp")],
        vec!["amplify".into(), "--h".into(), "3".into(), "--hi".into(), "h+".into(), "--json".into()],
        vec!["rank".into(), "--m".into(), "4..=6".into(), "--sat-budget".into(), "1".into(), "--json".into()],
        // Rank <= 2 refuted by two orders (docs/math.md §5.8), and a formula two orders satisfy.
        vec!["rank".into(), "--two".into(), "--m".into(), "5".into(), "--json".into()],
        vec!["rank".into(), "--two".into(), "--m".into(), "4".into(), "--json".into()],
        vec![
            "rank".into(),
            "--weighted".into(),
            "--m".into(),
            "8".into(),
            "--rounds".into(),
            "0".into(),
            "--json".into(),
        ],
        vec!["paper".into(), "--no-coq".into(), "--json".into()],
        vec![
            "verify".into(),
            "proofs/settle".into(),
            "proofs/sharp/vipr/n3_eps1-2_h2_u0_w2_all.vipr".into(),
            "--json".into(),
        ],
        // A searched head (docs/math.md §14): claim kind `search-head`.
        vec!["verify".into(), "proofs/search".into(), "--json".into()],
        vec![
            "head".into(),
            "verify".into(),
            "softmax".into(),
            "--m".into(),
            "3".into(),
            "--len".into(),
            "3".into(),
            "--json".into(),
        ],
        vec![
            "head".into(),
            "verify".into(),
            "rank1".into(),
            "--m".into(),
            "2".into(),
            "--len".into(),
            "3".into(),
            "--json".into(),
        ],
        // The head search: one found (m = 2, rank 1, at the second start) and none (one step).
        vec!["head", "search", "--m", "2", "--rank", "1", "--json", "--out", &t("search")]
            .into_iter()
            .map(String::from)
            .collect(),
        vec!["head", "search", "--m", "3", "--rank", "1", "--restarts", "1", "--iterations", "1", "--json"]
            .into_iter()
            .map(String::from)
            .collect(),
        vec!["head".into(), "attack".into(), "rank1".into(), "--m".into(), "2".into(), "--json".into()],
        vec!["head".into(), "attack".into(), "softmax".into(), "--m".into(), "2".into(), "--json".into()],
        vec!["transition".into(), "--m-max".into(), "2".into(), "--json".into()],
        // Beyond Min-IP (docs/beyond.md): settings in records, ratio tables.
        vec!["check".into(), "--d".into(), "3".into(), "--kernel".into(), "signed".into(), "--json".into()],
        vec![
            "sharp".into(),
            "--d".into(),
            "4".into(),
            "--task".into(),
            "max-ip".into(),
            "--family".into(),
            "all".into(),
            "--json".into(),
        ],
        vec![
            "amplify".into(),
            "--h".into(),
            "3..=4".into(),
            "--task".into(),
            "max-ip".into(),
            "--json".into(),
        ],
        vec![
            "amplify".into(),
            "--grid".into(),
            "instances/beyond/positions-ratios.toml".into(),
            "--json".into(),
        ],
        // Measurements (their timings are the point): a small bench and a yardstick-free
        // amplify-bench row.
        vec!["bench".into(), "--grid".into(), "instances/small.toml".into(), "--json".into()],
        vec![
            "amplify-bench".into(),
            "--h".into(),
            "8".into(),
            "--against".into(),
            "none".into(),
            "--json".into(),
        ],
        // Several heads against the step of Lemma 3.
        vec![
            "multihead".into(),
            "domination".into(),
            "--d".into(),
            "2..=3".into(),
            "--n".into(),
            "3".into(),
            "--json".into(),
        ],
        // A nonlinear readout, with its certificates.
        vec![
            "readout".into(),
            "--m".into(),
            "1..=4".into(),
            "--n".into(),
            "3..=4".into(),
            "--json".into(),
            "--out".into(),
            t("readout"),
        ],
        // The least precision of the readout's integer scheme, with certificates and proofs.
        vec![
            "readout".into(),
            "--precision".into(),
            "--m".into(),
            "1..=2".into(),
            "--json".into(),
            "--out".into(),
            t("precision"),
        ],
        // The multilevel family, with certificates.
        vec![
            "readout".into(),
            "--multilevel".into(),
            "--q".into(),
            "1..=3".into(),
            "--json".into(),
            "--out".into(),
            t("multilevel"),
        ],
        vec!["verify".into(), "proofs/multihead".into(), "--json".into()],
        vec!["verify".into(), "proofs/readout".into(), "--json".into()],
        vec![
            "multihead".into(),
            "frontier".into(),
            "--heads".into(),
            "2".into(),
            "--m".into(),
            "6..=7".into(),
            "--json".into(),
        ],
        vec![
            "multihead".into(),
            "frontier".into(),
            "--heads".into(),
            "3".into(),
            "--m".into(),
            "6".into(),
            "--value-degree".into(),
            "1".into(),
            "--json".into(),
        ],
        // Linear-code rank bounds and the rank frontier.
        vec!["rank".into(), "--linear".into(), "--m".into(), "24,26".into(), "--json".into()],
        vec![
            "frontier".into(),
            "--m".into(),
            "4..=6".into(),
            "--kernel".into(),
            "all".into(),
            "--json".into(),
        ],
    ];
    let mut seen = BTreeSet::new();
    let mut count = 0;
    for args in &runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let recs = lines(&args);
        assert!(!recs.is_empty(), "{args:?}: no records");
        for r in recs {
            let kind = r["kind"]
                .as_str()
                .unwrap_or_else(|| panic!("{args:?}: a record without kind: {r}"))
                .to_string();
            let path = root().join(format!("docs/schema/{kind}.json"));
            let schema: Value = serde_json::from_str(
                &std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("no schema for {kind}")),
            )
            .unwrap();
            validate(&schema, &r, &kind).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            vocabulary(&kind, &r, &kind).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            seen.insert(kind);
            count += 1;
        }
    }
    // Every schema is exercised; a record that drifts from its schema fails above.
    let schemas: BTreeSet<String> = std::fs::read_dir(root().join("docs/schema"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(seen, schemas, "kinds printed vs schemas in docs/schema");
    assert!(count > 100);
    // The validator is not vacuous: a record with an extra field or a wrong verdict fails.
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("docs/schema/gap.verdict.json")).unwrap())
            .unwrap();
    let mut r = lines(&["check", "--d", "3", "--json"]).remove(0);
    r["verdict"] = "maybe".into();
    assert!(validate(&schema, &r, "x").unwrap_err().contains("is not one of"));
    r["verdict"] = "holds".into();
    r["extra"] = 1.into();
    assert!(validate(&schema, &r, "x").unwrap_err().contains("extra"));
    // The vocabulary is versioned: a record of another version is refused.
    r.as_object_mut().unwrap().remove("extra");
    r["version"] = 1.into();
    assert!(validate(&schema, &r, "x").unwrap_err().contains("is not 2"));
    let _ = std::fs::remove_dir_all(&tmp);
}

/// The claim kinds `verify.file` allows are the registry's (`minip_check::format::FORMATS`), in
/// its order: a new format cannot be left out of the schema, nor a removed one stay.
#[test]
fn verify_file_claim_kinds_are_the_registry() {
    let text = std::fs::read_to_string(root().join("docs/schema/verify.file.json")).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    let listed: Vec<&str> = schema["properties"]["claim"]["properties"]["kind"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    let registry: Vec<&str> = minip_check::format::FORMATS.iter().map(|f| f.kind).collect();
    assert_eq!(listed, registry, "docs/schema/verify.file.json: claim.kind.enum");
}
