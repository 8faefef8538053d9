//! The crate stands alone: `cargo package -p minip-check` makes a `.crate` file, and that file,
//! unpacked in a temporary directory away from the repository, builds and passes its own tests
//! (doctests included) with nothing but its registry dependencies (offline: they are in Cargo's
//! cache after any build of the workspace). So no test, doctest or README link reaches into the
//! repository around it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

fn run(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what}: {}\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_packaged_crate_builds_and_passes_its_tests_from_the_crate_file() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("minip-check-package-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    // Package into a directory of our own (not the workspace target, which the running build holds).
    let pkg_target = tmp.join("target");
    run(
        Command::new(cargo())
            .current_dir(&manifest)
            .args(["package", "-p", "minip-check", "--allow-dirty", "--no-verify", "--offline"])
            .env("CARGO_TARGET_DIR", &pkg_target),
        "cargo package",
    );
    let krate = pkg_target.join(format!("package/minip-check-{}.crate", env!("CARGO_PKG_VERSION")));
    assert!(krate.is_file(), "{} missing", krate.display());
    let unpacked = tmp.join("src");
    std::fs::create_dir_all(&unpacked).unwrap();
    run(Command::new("tar").arg("-xzf").arg(&krate).arg("-C").arg(&unpacked), "tar");
    let root = unpacked.join(format!("minip-check-{}", env!("CARGO_PKG_VERSION")));
    // Nothing in the package points outside it.
    for f in walk(&root).into_iter().filter(|f| !f.ends_with("tests/package.rs")) {
        if let Ok(text) = std::fs::read_to_string(&f) {
            // Every relative path in quotes (`include_str!("../../tests/…")`) resolves inside it.
            for (i, _) in text.match_indices("\"../") {
                let rel: String = text[i + 1..].chars().take_while(|&c| c != '"').collect();
                let mut at = f.parent().unwrap().to_path_buf();
                for part in rel.split('/') {
                    match part {
                        ".." => assert!(at.pop(), "{}: {rel}", f.display()),
                        "." | "" => {}
                        p => at.push(p),
                    }
                }
                assert!(at.starts_with(&root), "{} refers outside the package: {rel}", f.display());
                assert!(at.exists(), "{} refers to a missing file: {rel}", f.display());
            }
        }
    }
    assert!(root.join("tests/fixtures/signed_gap.json").is_file());
    // Its own workspace root, so the repository's workspace is not found above the temp dir.
    run(
        Command::new(cargo())
            .current_dir(&root)
            .args(["test", "--offline", "--release", "--", "--skip", "the_packaged_crate"])
            .env("CARGO_TARGET_DIR", tmp.join("build")),
        "cargo test in the unpacked crate",
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}
