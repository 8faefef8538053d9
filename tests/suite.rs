//! The integration tests of the `minip` crate.
//!
//! Every file in this folder is a module of this one test binary (Cargo.toml: `autotests = false`
//! and one `[[test]]`): the suite is compiled and linked once rather than once per file, and its
//! tests share the harness's threads. Run one file's tests with a filter, e.g.
//! `cargo test --release --test suite amplify::`.

mod amplify;
mod beyond;
mod beyond_ceiling;
mod ceiling;
mod certificates;
mod ci_recipe;
mod claims;
mod cli;
mod cli_hostile;
mod common;
mod coq;
mod doc_paths;
mod docs;
mod expect;
mod frontier;
mod frontier_n;
mod fuzz;
mod heads;
mod hostile;
mod hostile_check;
mod hostile_claims;
mod hostile_ints;
mod hostile_more;
mod hostile_runs;
mod layers;
mod lemma;
mod limits_table;
mod long_ctx;
mod messages;
mod multihead;
mod multihead_tamper;
mod numbers;
mod package;
mod paper;
mod paper_proof;
mod plots;
mod properties;
mod rank;
mod rank2;
mod rank_linear;
mod rank_linear_budget;
mod readout;
mod readout_multilevel;
mod readout_precision;
mod schema;
mod search;
mod sharp;
mod superset;
mod value_dim;
mod versions;
mod weighted;
mod witness;

/// A test file left out of a suite's list would never run: every `*.rs` file in `tests/` is a
/// module of this suite, and every one in `crates/minip-check/tests/` of that crate's suite.
#[test]
fn every_test_file_is_a_module_of_the_suite() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (dir, listed) in [
        ("tests", include_str!("suite.rs")),
        ("crates/minip-check/tests", include_str!("../crates/minip-check/tests/suite.rs")),
    ] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let name = e.unwrap().file_name().into_string().unwrap();
            if let Some(stem) = name.strip_suffix(".rs") {
                if stem != "suite" {
                    assert!(
                        listed.contains(&format!("\nmod {stem};\n")),
                        "{dir}/{name} is not a module of {dir}/suite.rs"
                    );
                }
            }
        }
    }
}
