//! The documents say what the tool prints: every figure below appears in a README or docs page
//! exactly as the command prints it today, so the docs cannot drift from the tool unnoticed.

use std::process::Command;

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_minip")).args(args).current_dir(root()).output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn doc(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

fn contains_block(doc: &str, block: &str, what: &str) {
    assert!(doc.contains(block.trim_end()), "{what}: the docs do not show what the command prints:\n{block}");
}

#[test]
fn readme_shows_settle_verbatim() {
    let (out, _) = run(&["settle"]);
    contains_block(&doc("README.md"), &out, "README, minip settle");
}

#[test]
fn amplify_docs_show_the_fits_the_tool_prints() {
    let page = doc("docs/amplify.md");
    for eps in ["1/2", "1/4"] {
        let (_, err) = run(&["amplify", "--h", "2..=24", "--eps", eps]);
        let fit = err.lines().find(|l| l.starts_with("fitted:")).expect("a fit line");
        contains_block(&page, fit, &format!("docs/amplify.md, eps = {eps}"));
    }
}

#[test]
fn sharp_docs_show_the_summary_of_the_committed_certificates() {
    let (out, _) = run(&["sharp", "--summarize", "proofs/sharp"]);
    contains_block(&doc("docs/sharp.md"), &out, "docs/sharp.md, minip sharp --summarize proofs/sharp");
}

#[test]
fn help_lists_the_exit_codes_and_the_limits() {
    // The limits table is in one place: the top-level help and `minip help limits`; every
    // command's help has the exit codes and a line pointing there.
    for cmd in [vec!["--help"], vec!["help", "limits"]] {
        let (out, _) = run(&cmd);
        assert!(
            out.contains("Exit status (every command):")
                && out.contains("Limits (checked before any work starts")
        );
    }
    for cmd in [
        vec!["check", "--help"],
        vec!["verify", "--help"],
        vec!["rank", "--help"],
        vec!["head", "verify", "--help"],
    ] {
        let (out, _) = run(&cmd);
        assert!(out.contains("Exit status (every command):") && out.contains("minip help limits"), "{cmd:?}");
    }
    // README states the same table.
    let readme = doc("README.md");
    assert!(readme.contains("| 0 | every claim checked holds"), "README has the exit-code table");
}
