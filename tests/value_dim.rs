//! The value dimension and the state of head certificates (docs/math.md §10.11): recomputed
//! exactly for committed files of every head format, checked where a file states them
//! (format 2), and still recomputed for files of format 1, which state neither.

use crate::common::root;
use minip_check::check::Context;
use minip_check::claim::check_any;
use minip_check::read;
use serde_json::Value;

fn load(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join(path)).unwrap()).unwrap()
}

/// The checker's claim of a certificate, as JSON (its `value_dim`, `state`, …).
fn claim(v: &Value) -> Result<Value, String> {
    let c = read::parse(&v.to_string())?;
    let claim = check_any(&c, &Context::default()).map_err(String::from)?;
    Ok(serde_json::to_value(&claim).unwrap())
}

fn rejected(v: &Value) -> String {
    claim(v).expect_err("a tampered certificate was accepted")
}

#[test]
fn committed_heads_have_the_value_dimensions_recomputed_here() {
    // One head, per weight, m = 24: rank 14,975, D = 2^24 − 1, state 14,975·2^24.
    let c = claim(&load("proofs/frontier/m24.per_weight.json")).unwrap();
    assert_eq!((c["value_dim"].as_str(), c["state"].as_str()), (Some("16777215"), Some("251238809600")));
    // One head, n = 4 (frontier-n), m = 12: rank 365.
    let c = claim(&load("proofs/frontier-n/n4/m12.per_weight.json")).unwrap();
    assert_eq!((c["value_dim"].as_str(), c["state"].as_str()), (Some("4095"), Some("1495040")));
    // A searched head, explicit tables, m = 8, rank 7: D = 255 (the modular rank reaches 2^8).
    let c = claim(&load("proofs/search/m08.r7.json")).unwrap();
    assert_eq!((c["value_dim"].as_u64(), c["state"].as_str()), (Some(255), Some("1792")));
    // Six heads of degree 1 at m = 32 (total rank 198): three levels short for three heads.
    let c = claim(&load("proofs/multihead/frontier/m32.h6.d1.json")).unwrap();
    let dims: Vec<&str> = c["value_dims"].as_array().unwrap().iter().map(|d| d.as_str().unwrap()).collect();
    assert_eq!(dims, ["4294967295", "4294967295", "4294966767", "4294961839", "4068025439", "4294967295"]);
    assert_eq!(c["total_state"].as_str(), Some("842914245888"));
    assert_eq!(c["total_rank"].as_str(), Some("198"));
    // Four heads at m = 4: the third head's values are constant at two query weights.
    let c = claim(&load("proofs/multihead/frontier/m04.h4.d1.json")).unwrap();
    let dims: Vec<&str> = c["value_dims"].as_array().unwrap().iter().map(|d| d.as_str().unwrap()).collect();
    assert_eq!(dims, ["15", "15", "11", "15"]);
    assert_eq!(c["total_state"].as_str(), Some("300"));
}

#[test]
fn a_stated_value_dimension_or_state_that_is_wrong_is_rejected() {
    let set = |mut v: Value, field: &str, x: Value| {
        *v.pointer_mut(field).unwrap_or_else(|| panic!("no field {field}")) = x;
        v
    };
    let s = |x: &str| Value::from(x);
    let poly = load("proofs/frontier/m04.per_weight.json");
    assert_eq!(poly["format"], "minip-poly-head/2");
    assert_eq!(
        rejected(&set(poly.clone(), "/value_dim", s("14"))),
        "value_dim: stated 14, the values' rank [S; 1ᵀ] − 1 (§10.11) gives 15"
    );
    assert_eq!(
        rejected(&set(poly.clone(), "/state", s("75"))),
        "state: stated 75, the rank·(value_dim + 1) gives 80"
    );
    let mut missing = poly.clone();
    missing.as_object_mut().unwrap().remove("state");
    assert_eq!(rejected(&missing), "value_dim, state: both are required in this format");
    // Format 1 states neither.
    let old_with = set(poly.clone(), "/format", s("minip-poly-head/1"));
    assert_eq!(rejected(&old_with), "value_dim, state: not fields of format 1 (state them in format 2)");

    let heads = load("proofs/multihead/frontier/m04.h4.d1.json");
    assert_eq!(
        rejected(&set(heads.clone(), "/heads/2/value_dim", s("15"))),
        "heads[2].value_dim: stated 15, the values' rank [S; 1ᵀ] − 1 (§10.11) gives 11"
    );
    assert_eq!(
        rejected(&set(heads.clone(), "/total_state", s("301"))),
        "total_state: stated 301, the sum of the heads' states gives 300"
    );

    let search = load("proofs/search/m04.r2.json");
    assert_eq!(
        rejected(&set(search.clone(), "/value_dim", s("3"))),
        "value_dim: stated 3, the values' rank [S; 1ᵀ] − 1 (§10.11) gives 15"
    );
}

#[test]
fn format_1_files_are_still_read_checked_and_given_their_value_dimension() {
    let strip = |mut v: Value, format: &str, fields: &[&str]| {
        let o = v.as_object_mut().unwrap();
        o.insert("format".into(), Value::from(format));
        for f in fields {
            o.remove(*f);
        }
        v
    };
    let poly =
        strip(load("proofs/frontier/m04.per_weight.json"), "minip-poly-head/1", &["value_dim", "state"]);
    let c = claim(&poly).unwrap();
    assert_eq!((c["value_dim"].as_str(), c["state"].as_str()), (Some("15"), Some("80")));

    let search = strip(load("proofs/search/m04.r2.json"), "minip-search-head/1", &["value_dim", "state"]);
    let c = claim(&search).unwrap();
    assert_eq!((c["value_dim"].as_u64(), c["state"].as_str()), (Some(15), Some("32")));

    let mut heads =
        strip(load("proofs/multihead/frontier/m04.h2.d1.json"), "minip-multihead-heads/1", &["total_state"]);
    for h in heads["heads"].as_array_mut().unwrap() {
        h.as_object_mut().unwrap().remove("value_dim");
        h.as_object_mut().unwrap().remove("state");
    }
    let c = claim(&heads).unwrap();
    assert_eq!(c["total_state"].as_str(), Some("160"));
}

/// `n` with thousands separators, as the docs write it.
fn grouped(n: &str) -> String {
    let mut out = String::new();
    for (i, c) in n.chars().enumerate() {
        if i > 0 && (n.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[test]
fn committed_rows_with_low_degree_values_have_d_at_most_the_sets_of_t_coordinates() {
    // proofs/multihead/values/mMM.hH.dP.vT.json: values of degree <= T in the overlap, so
    // D <= sum_{1<=j<=T} C(m,j) (docs/math.md Proposition 10.11a); every committed head attains
    // it, and docs/escape.md's table shows each row's numbers.
    let escape = std::fs::read_to_string(root().join("docs/escape.md")).unwrap();
    let dir = root().join("proofs/multihead/values");
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert!(names.len() >= 4, "{names:?}");
    for name in &names {
        let num = |tag: char| -> u64 {
            let part = name.split('.').find(|p| p.starts_with(tag)).unwrap();
            part[1..].parse().unwrap()
        };
        let (m, h, p, t) = (num('m'), num('h'), num('d'), num('v'));
        let c = claim(&load(&format!("proofs/multihead/values/{name}"))).unwrap();
        let binom = |n: u64, k: u64| (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1));
        let bound: u64 = (1..=t).map(|j| binom(m, j)).sum();
        let dims: Vec<u64> = c["value_dims"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_str().unwrap().parse().unwrap())
            .collect();
        assert_eq!(dims, vec![bound; h as usize], "{name}");
        let rank: u64 = (0..=p).map(|j| binom(m, j)).sum();
        let total = c["total_rank"].as_str().unwrap();
        assert_eq!(total, (h * rank).to_string(), "{name}");
        let row = format!(
            "| {h} | {p} | {t} | `m = {m}` | {} | {} | {} |",
            grouped(total),
            grouped(&bound.to_string()),
            grouped(c["total_state"].as_str().unwrap())
        );
        assert!(escape.contains(&row), "docs/escape.md lacks the row {row}");
    }
}

#[test]
fn frontier_heads_keep_their_kernel_with_values_of_degree_five_at_m24() {
    // docs/frontier.md, "Values of low degree": the committed per-weight heads with values of
    // the least degree per weight (the example `value_degree`), rewritten byte for byte here,
    // and D = sum_{j<=T} C(m,j) where the top weights need T.
    use minip::certify::multihead::fixed_kernel_values;
    use minip_check::model::kernel::Poly;
    use minip_check::rational::parse_rational;
    for (m, t, dim, state) in [(4, 1, "4", "25"), (12, 4, "156", "14287"), (24, 5, "55454", "830438625")] {
        let head = load(&format!("proofs/frontier/m{m:02}.per_weight.json"));
        let polys: Vec<Poly> = head["polys"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| Poly {
                support: p["support"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|k| k.as_u64().unwrap() as u32)
                    .collect(),
                c: p["c"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| parse_rational(c.as_str().unwrap()).unwrap())
                    .collect(),
            })
            .collect();
        let found = fixed_kernel_values(m, &polys).unwrap();
        assert_eq!(found.least.iter().max(), Some(&t), "m = {m}");
        let name = format!("proofs/frontier-values/m{m:02}.per_weight.v{t}.json");
        let committed = std::fs::read_to_string(root().join(&name)).unwrap();
        assert_eq!(minip::print::json::by_lines(&found.upper.cert), committed, "{name}");
        let c = claim(&load(&name)).unwrap();
        assert_eq!(
            (c["value_dims"][0].as_str(), c["total_state"].as_str()),
            (Some(dim), Some(state)),
            "{name}"
        );
    }
}
