//! The root crate as it would be published: `cargo package --list -p minip` ships the sources,
//! the docs and the instances, of the committed certificates under `proofs/` (about 2,700
//! files, 35 MB) only those built into the library (`minip::batch::committed`), and not the
//! test suite that reads them (Cargo.toml `include`).

use std::process::Command;

fn packaged_files() -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["package", "--list", "-p", "minip", "--allow-dirty", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo package --list failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8").lines().map(str::to_string).collect()
}

#[test]
fn the_root_crate_ships_sources_without_the_proofs() {
    let files = packaged_files();
    for needed in [
        "Cargo.toml",
        "README.md",
        "LICENSE-MIT",
        "LICENSE-APACHE",
        "src/lib.rs",
        "src/main.rs",
        "benches/core.rs",
        // include_str! in src/cli/gap.rs
        "instances/regression.toml",
        "docs/math.md",
    ] {
        assert!(files.iter().any(|f| f == needed), "{needed} is not in the package");
    }
    let built_in: Vec<String> = minip::batch::committed::DIRS
        .iter()
        .flat_map(|(dir, files)| files.iter().map(move |(name, _)| format!("proofs/{dir}/{name}")))
        .collect();
    for f in &built_in {
        assert!(files.contains(f), "{f} is built in but not in the package");
    }
    let stray: Vec<&String> = files
        .iter()
        .filter(|f| {
            (f.starts_with("proofs/") && !built_in.contains(f))
                || f.starts_with("tests/")
                || f.starts_with("target/")
        })
        .collect();
    assert!(
        stray.is_empty(),
        "the package ships {} files it should not, e.g. {:?}",
        stray.len(),
        &stray[..stray.len().min(5)]
    );
    // Sources, docs and instances only: a few hundred files at most (the repository has ~2,900).
    assert!(files.len() < 400, "{} files in the package", files.len());
}

#[test]
fn the_root_manifest_has_the_registry_metadata() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).expect("Cargo.toml");
    let package = text.split("[package]").nth(1).expect("[package]").split("\n[").next().expect("section");
    for key in ["repository", "homepage", "documentation", "readme", "keywords", "categories", "include"] {
        assert!(
            package.lines().any(|l| l.starts_with(&format!("{key} ="))),
            "Cargo.toml [package] has no {key}"
        );
    }
}
