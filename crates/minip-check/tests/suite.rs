//! The integration tests of the `minip-check` crate.
//!
//! Every file in this folder is a module of this one test binary (Cargo.toml: `autotests = false`
//! and one `[[test]]`): the suite is compiled and linked once rather than once per file, and its
//! tests share the harness's threads. Run one file's tests with a filter, e.g.
//! `cargo test --release --test suite binary::`.

mod binary;
mod claims;
mod hostile_inputs;
mod independence;
mod limits;
mod package;
mod wrong_certificates;

/// A test file left out of the list above would never run: every `*.rs` file here is a module.
#[test]
fn every_test_file_is_a_module_of_the_suite() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let listed = include_str!("suite.rs");
    for e in std::fs::read_dir(&dir).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        if let Some(stem) = name.strip_suffix(".rs") {
            if stem != "suite" {
                assert!(
                    listed.contains(&format!("\nmod {stem};\n")),
                    "tests/{name} is not a module of tests/suite.rs"
                );
            }
        }
    }
}
