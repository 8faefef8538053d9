//! The documents name what exists: every source path (`src/…`, `crates/minip-check/src/…`) and
//! every module path (`minip_check::rows::gap::build_rows`, `repair::simplex`) in README.md and
//! docs/*.md resolves to a file, a module or an item; CITATION.cff keeps the rules of CFF 1.2.0
//! that `cffconvert --validate` enforces on the fields it uses.

use crate::common::root;
use std::path::{Path, PathBuf};

/// README.md, the checker's README and every docs/*.md.
fn documents() -> Vec<(String, String)> {
    let mut v = vec!["README.md".to_string(), "crates/minip-check/README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| format!("docs/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    docs.sort();
    v.extend(docs);
    v.into_iter().map(|p| (p.clone(), std::fs::read_to_string(root().join(&p)).unwrap())).collect()
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Words starting at a boundary where `pred` holds for their characters.
fn tokens(text: &str, pred: impl Fn(char) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev = ' ';
    for c in text.chars() {
        if pred(c) && (!cur.is_empty() || !(is_ident(prev) || matches!(prev, '/' | '.' | ':' | '-'))) {
            cur.push(c);
        } else {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev = c;
            continue;
        }
        prev = c;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[test]
fn every_source_path_in_the_docs_exists() {
    let mut missing = Vec::new();
    let mut seen = 0;
    for (doc, text) in documents() {
        for t in tokens(&text, |c| is_ident(c) || c == '/' || c == '.' || c == '-' || c == '*') {
            let t = t.trim_end_matches(['.', ',']);
            let rel = if let Some(r) = t.strip_prefix("crates/minip-check/src/") {
                format!("crates/minip-check/src/{r}")
            } else if t.starts_with("src/") {
                t.to_string()
            } else {
                continue;
            };
            seen += 1;
            // `src/*.rs`-style patterns name a directory that must exist.
            let p = if rel.contains('*') { rel[..rel.find('*').unwrap()].to_string() } else { rel.clone() };
            if !root().join(&p).exists() {
                missing.push(format!("{doc}: {t}"));
            }
        }
    }
    assert!(seen >= 20, "only {seen} source paths found: is the scan broken?");
    assert!(missing.is_empty(), "source paths that do not exist:\n{}", missing.join("\n"));
}

/// Crates outside this repository whose paths the docs may name.
const EXTERNAL: &[&str] = &[
    "std",
    "varisat",
    "good_lp",
    "highs",
    "serde",
    "serde_json",
    "clap",
    "rayon",
    "num_bigint",
    "num_rational",
    "criterion",
    "proptest",
];

/// The file or directory of a module `segs` under `dir`, following `a/b.rs` or `a/b/mod.rs`.
fn module(dir: &Path, seg: &str) -> Option<(PathBuf, PathBuf)> {
    let file = dir.join(format!("{seg}.rs"));
    let sub = dir.join(seg);
    if file.exists() {
        Some((file, sub))
    } else if sub.join("mod.rs").exists() {
        Some((sub.join("mod.rs"), sub))
    } else {
        None
    }
}

/// Whether `file` defines or re-exports `name`.
fn defines(file: &Path, name: &str) -> bool {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let kinds = ["fn", "struct", "enum", "const", "static", "type", "trait", "mod", "macro_rules!"];
    text.lines().any(|l| {
        let l = l.trim_start();
        let l = l
            .strip_prefix("pub(crate) ")
            .or_else(|| l.strip_prefix("pub(super) "))
            .or_else(|| l.strip_prefix("pub "))
            .unwrap_or(l);
        kinds.iter().any(|k| {
            l.strip_prefix(k)
                .and_then(|r| r.strip_prefix(' '))
                .is_some_and(|r| r.starts_with(name) && !r[name.len()..].starts_with(is_ident))
        }) || (l.starts_with("use ") && tokens(l, is_ident).iter().any(|t| t == name))
    })
}

/// Resolves `a::b::c` from the crate roots: modules by files, then at most one item.
fn resolves(path: &str) -> bool {
    let segs: Vec<&str> = path.split("::").collect();
    let roots: Vec<(PathBuf, &[&str])> = match segs[0] {
        "minip_check" => vec![(root().join("crates/minip-check/src"), &segs[1..])],
        "minip" | "crate" => vec![(root().join("src"), &segs[1..])],
        _ => vec![(root().join("src"), &segs[..]), (root().join("crates/minip-check/src"), &segs[..])],
    };
    roots.into_iter().any(|(dir, rest)| {
        let (mut file, mut dir) = (dir.join("lib.rs"), dir);
        for (i, seg) in rest.iter().enumerate() {
            match module(&dir, seg) {
                Some((f, d)) => {
                    file = f;
                    dir = d;
                }
                // The last segment may be an item of the module reached so far.
                None => return i + 1 == rest.len() && defines(&file, seg),
            }
        }
        true
    })
}

#[test]
fn every_module_path_in_the_docs_exists() {
    let mut missing = Vec::new();
    let mut seen = 0;
    for (doc, text) in documents() {
        for t in tokens(&text, |c| is_ident(c) || c == ':') {
            let t = t.trim_matches(':');
            if !t.contains("::")
                || t.split("::")
                    .any(|s| s.is_empty() || !s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
            {
                continue;
            }
            let first = t.split("::").next().unwrap();
            // `Type::Variant` (`Family::Paper`) and outside crates are not module paths.
            if first.starts_with(|c: char| c.is_ascii_uppercase()) || EXTERNAL.contains(&first) {
                continue;
            }
            seen += 1;
            if !resolves(t) {
                missing.push(format!("{doc}: {t}"));
            }
        }
    }
    assert!(seen >= 15, "only {seen} module paths found: is the scan broken?");
    assert!(missing.is_empty(), "module paths that do not exist:\n{}", missing.join("\n"));
}

#[test]
fn the_scan_rejects_what_does_not_exist() {
    assert!(resolves("minip_check::rows::gap::build_rows"));
    assert!(resolves("repair::simplex::shifted_basis"));
    assert!(resolves("minip::certify::ratio::chain_bound_certificate"));
    assert!(!resolves("amplify::sparse"));
    assert!(!resolves("certify::decide"));
    assert!(!resolves("minip_check::rows::gap::no_such_function"));
}

/// The SPDX identifiers CITATION.cff may use for this project and the paper.
const SPDX: &[&str] = &["MIT", "Apache-2.0", "CC-BY-4.0"];

/// The value of a top-level or indented `key: value` line.
fn value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let l = line.trim_start().trim_start_matches("- ");
    l.strip_prefix(key).and_then(|r| r.strip_prefix(':')).map(|v| v.trim().trim_matches('"'))
}

#[test]
fn citation_cff_keeps_the_rules_cffconvert_validates() {
    // Checked here without cffconvert (no Python in the test run): the CFF 1.2.0 schema's rules
    // for the fields this file uses. `cffconvert --validate -i CITATION.cff` accepts it too.
    let text = std::fs::read_to_string(root().join("CITATION.cff")).unwrap();
    let lines: Vec<&str> =
        text.lines().filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty()).collect();
    let top = |k: &str| lines.iter().filter(|l| !l.starts_with(' ')).find_map(|l| value(l, k));
    assert_eq!(top("cff-version"), Some("1.2.0"));
    // `date-released` is there exactly when the version is released (tests/versions.rs).
    for k in ["message", "title", "authors", "type", "version", "license", "repository-code"] {
        assert!(top(k).is_some(), "CITATION.cff: {k} missing");
    }
    assert_eq!(top("type"), Some("software"));
    // Dates are YYYY-MM-DD.
    for l in &lines {
        for k in ["date-released", "date-published"] {
            if let Some(d) = value(l, k) {
                let ok = d.len() == 10
                    && d.chars().enumerate().all(|(i, c)| {
                        if i == 4 || i == 7 {
                            c == '-'
                        } else {
                            c.is_ascii_digit()
                        }
                    });
                assert!(ok, "CITATION.cff: {k} '{d}' is not YYYY-MM-DD");
            }
        }
    }
    // `license` is one SPDX identifier or a list of them, never an SPDX expression ("MIT OR …").
    assert_eq!(top("license"), Some(""), "CITATION.cff: license must be a list");
    let start = lines.iter().position(|l| l.starts_with("license:")).unwrap();
    let licenses: Vec<&str> = lines[start + 1..]
        .iter()
        .take_while(|l| l.starts_with("  - "))
        .map(|l| l[4..].trim().trim_matches('"'))
        .collect();
    assert_eq!(licenses, ["MIT", "Apache-2.0"], "the crate's MIT OR Apache-2.0, as a list");
    for l in &lines {
        if let Some(v) = value(l, "license") {
            assert!(
                v.is_empty() || SPDX.contains(&v),
                "CITATION.cff: license '{v}' is not an SPDX identifier here"
            );
        }
    }
    // URLs have a scheme; the repository is the one Cargo.toml names (when it names one).
    let repo = top("repository-code").unwrap();
    assert!(repo.starts_with("https://"), "repository-code '{repo}'");
    let cargo = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let toml_value = |l: &str| {
        l.strip_prefix("repository")
            .and_then(|r| r.trim_start().strip_prefix('='))
            .map(|v| v.trim().trim_matches('"').to_string())
    };
    if let Some(r) = cargo.lines().find_map(toml_value) {
        assert_eq!(r, repo, "CITATION.cff and Cargo.toml name different repositories");
    }
    for l in &lines {
        if let Some(u) = value(l, "url") {
            assert!(u.starts_with("https://"), "url '{u}'");
        }
    }
    // Every author is a person (family-names) or an entity (name).
    let refs = lines.iter().position(|l| l.starts_with("references:")).expect("the paper as a reference");
    let authors = lines.iter().position(|l| l.starts_with("authors:")).unwrap();
    assert!(
        lines[authors + 1].trim_start().starts_with("- name:")
            || lines[authors + 1].trim_start().starts_with("- family-names:")
    );
    // The paper: an article with its title and author, as the paper gives them.
    let paper = lines[refs + 1..].join("\n");
    assert!(paper.contains("- type: article"), "{paper}");
    assert!(paper
        .contains("title: \"Three Tokens Force Exponential Feature Rank in Nonnegative Kernel Attention\""));
    assert!(paper.contains("family-names: Opazo") && paper.contains("given-names: Vicente"));
    assert!(paper.contains("year: 2026"));
    // The README cites the same paper.
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.contains("Three Tokens Force Exponential Feature Rank in Nonnegative Kernel Attention")
            && readme.contains("Vicente Opazo")
    );
}
