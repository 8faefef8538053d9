//! The integration tests of the `minip-check` crate.
//!
//! Every file in this folder is a module of this one test binary (Cargo.toml: `autotests = false`
//! and one `[[test]]`): the suite is compiled and linked once rather than once per file, and its
//! tests share the harness's threads. Run one file's tests with a filter, e.g.
//! `cargo test --release --test suite binary::`. The root crate's suite checks that every file
//! here is listed (`every_test_file_is_a_module_of_the_suite`).

mod binary;
mod claims;
mod hostile_inputs;
mod independence;
mod limits;
mod package;
mod wrong_certificates;
