//! One version everywhere: the root crate, the checker, the Python package (its Cargo.toml, whose
//! version is `minip.__version__`, and pyproject.toml) and CITATION.cff carry the same one, and
//! CHANGELOG.md has one entry per release plus exactly one `## Unreleased` entry, first. While the
//! version is not released, the Unreleased entry names it and CITATION.cff gives no release date;
//! once released, its heading `## X.Y.Z — YYYY-MM-DD` and CITATION.cff's `date-released` agree.

use std::path::PathBuf;

fn read(path: &str) -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The `version = "…"` of a manifest's `[package]` (or `[project]`) table.
fn manifest_version(path: &str, table: &str) -> String {
    let text = read(path);
    let section = text.split(&format!("[{table}]")).nth(1).unwrap_or_else(|| panic!("{path}: no [{table}]"));
    let section = section.split("\n[").next().unwrap();
    section
        .lines()
        .find_map(|l| l.strip_prefix("version = "))
        .unwrap_or_else(|| panic!("{path}: no version"))
        .trim_matches('"')
        .to_string()
}

/// A top-level `key: value` of CITATION.cff.
fn citation(key: &str) -> Option<String> {
    read("CITATION.cff")
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key}:")))
        .map(|v| v.trim().trim_matches('"').to_string())
}

fn parse(v: &str) -> Vec<u64> {
    v.split('.').map(|p| p.parse().unwrap_or_else(|_| panic!("version '{v}' is not X.Y.Z"))).collect()
}

#[test]
fn every_manifest_and_citation_carry_one_version() {
    let v = manifest_version("Cargo.toml", "package");
    assert_eq!(parse(&v).len(), 3, "{v}");
    for (path, table) in [
        ("crates/minip-check/Cargo.toml", "package"),
        ("bindings/python/Cargo.toml", "package"),
        ("bindings/python/pyproject.toml", "project"),
    ] {
        assert_eq!(manifest_version(path, table), v, "{path}");
    }
    assert_eq!(env!("CARGO_PKG_VERSION"), v);
    // The root crate's dependency on the checker names the same version.
    let root = read("Cargo.toml");
    let dep = root.lines().find(|l| l.starts_with("minip-check = ")).expect("the checker dependency");
    assert!(dep.contains(&format!("version = \"{v}\"")), "{dep}");
    assert_eq!(citation("version").as_deref(), Some(v.as_str()), "CITATION.cff");
}

#[test]
fn the_changelog_has_one_unreleased_entry_and_one_entry_per_release() {
    let v = manifest_version("Cargo.toml", "package");
    let log = read("CHANGELOG.md");
    let headings: Vec<&str> = log.lines().filter(|l| l.starts_with("## ")).collect();
    assert_eq!(headings.iter().filter(|h| h.starts_with("## Unreleased")).count(), 1, "{headings:?}");
    assert_eq!(headings[0], "## Unreleased", "the Unreleased entry comes first: {headings:?}");
    // Released entries: `## X.Y.Z — YYYY-MM-DD`, each version once, newest first.
    let mut released: Vec<(Vec<u64>, String)> = Vec::new();
    for h in &headings[1..] {
        let (ver, date) =
            h[3..].split_once(" — ").unwrap_or_else(|| panic!("'{h}' is not '## X.Y.Z — date'"));
        assert!(date.len() == 10 && date.as_bytes()[4] == b'-' && date.as_bytes()[7] == b'-', "{h}");
        released.push((parse(ver), date.to_string()));
    }
    assert!(
        released.windows(2).all(|w| w[0].0 > w[1].0),
        "one entry per release, newest first: {headings:?}"
    );
    match released.iter().find(|(r, _)| *r == parse(&v)) {
        // Released: CITATION.cff's date is the entry's.
        Some((_, date)) => assert_eq!(citation("date-released").as_deref(), Some(date.as_str())),
        // Not yet: newer than every release, named by the Unreleased entry, no release date.
        None => {
            assert!(released.iter().all(|(r, _)| *r < parse(&v)), "{v} is older than a release");
            let unreleased = log.split("## Unreleased").nth(1).unwrap().split("\n### ").next().unwrap();
            assert!(unreleased.contains(&format!("as {v}")), "the Unreleased entry names {v}");
            assert_eq!(citation("date-released"), None, "CITATION.cff dates an unreleased {v}");
        }
    }
}
