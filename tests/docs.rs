//! The documents say what the tool prints: every figure below appears in a README or docs page
//! exactly as the command prints it today, so the docs cannot drift from the tool unnoticed.

use crate::common::root;
use std::process::Command;

/// `minip ARGS` from the repository root: (stdout, stderr) of a run that exited 0 and printed
/// something on stdout (a crash or a refusal would otherwise show nothing to compare, and pass).
fn run(args: &[&str]) -> (String, String) {
    run_status(args, 0)
}

/// [`run`] of a command whose documented exit status is `code`.
fn run_status(args: &[&str], code: i32) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_minip")).args(args).current_dir(root()).output().unwrap();
    let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert_eq!(out.status.code(), Some(code), "minip {}: {stderr}", args.join(" "));
    assert!(!stdout.trim().is_empty(), "minip {}: nothing on stdout; stderr: {stderr}", args.join(" "));
    (stdout, stderr)
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
    // Exit 1: the summary counts certified fails (configurations with kstar < K).
    let (out, _) = run_status(&["sharp", "--summarize", "proofs/sharp"], 1);
    contains_block(&doc("docs/sharp.md"), &out, "docs/sharp.md, minip sharp --summarize proofs/sharp");
}

#[test]
fn help_lists_the_exit_codes_and_the_limits() {
    // The limits table is in one place, `minip help limits`; the top-level help and every
    // command's help have the exit codes and a line pointing there.
    let (limits, _) = run(&["help", "limits"]);
    assert!(
        limits.contains("Exit status (every command):")
            && limits.contains("Limits (checked before any work starts")
            && limits.matches("<=").count() >= 25,
        "{limits}"
    );
    let (top, _) = run(&["--help"]);
    assert!(top.contains("Exit status (every command):") && top.contains("minip help limits"), "{top}");
    assert!(
        !top.contains("Limits (checked") && !top.contains("n (paper family)"),
        "the top-level help repeats the limits:\n{top}"
    );
    // The one-line descriptions say what the commands do by default.
    let about =
        |cmd: &str| top.lines().find(|l| l.trim_start().starts_with(&format!("{cmd} "))).unwrap_or("");
    assert!(
        about("amplify-bench").contains("esolver") && !about("amplify-bench").contains("glpsol"),
        "{top}"
    );
    assert!(about("settle").contains("Lemma 3"), "{top}");
    // Every command's help fits a screen and ends with the exit codes and the pointer.
    let commands: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() >= 14, "{commands:?}");
    for cmd in commands.iter().map(|c| vec![c.as_str(), "--help"]).chain([
        vec!["head", "verify", "--help"],
        vec!["head", "attack", "--help"],
        vec!["head", "bench", "--help"],
        vec!["head", "search", "--help"],
        vec!["export", "coq", "--help"],
        vec!["multihead", "domination", "--help"],
        vec!["multihead", "frontier", "--help"],
    ]) {
        let (out, _) = run(&cmd);
        // The limits page is the table itself, a row per limit: a taller screen.
        let cap = if cmd[0] == "limits" { 64 } else { 50 };
        assert!(out.lines().count() <= cap, "{cmd:?}: {} lines", out.lines().count());
        assert!(out.contains("Exit status (every command):"), "{cmd:?}");
        if cmd[0] != "limits" {
            assert!(out.contains("minip help limits") && !out.contains("Limits (checked"), "{cmd:?}");
        }
    }
    // The check's tokens are bit strings, in the help and in the README.
    let (check, _) = run(&["check", "--help"]);
    assert!(check.contains("as bit strings"), "{check}");
    let readme = doc("README.md");
    assert!(!readme.contains("real vectors"), "README: --tokens takes bit strings");
    // README states the same exit-code table.
    assert!(readme.contains("| 0 | every claim checked holds"), "README has the exit-code table");
}

/// The exact rank bound of a committed linear-code certificate.
fn linear_bound(n: u32, m: u32) -> String {
    let path = format!("proofs/rank-linear/n{n}_m{m:03}.json");
    let v: serde_json::Value = serde_json::from_str(&doc(&path)).unwrap();
    v["bound"].as_str().unwrap_or_else(|| panic!("{path}: bound")).to_string()
}

/// A table cell of docs/rank.md against the exact bound: an integer with thousands separators,
/// or three significant digits rounded half up (`minip::print::rank::times_ten`), then an
/// optional `(log2/m)`.
fn cell_shows(cell: &str, bound: &str) -> bool {
    let figure = cell.split(" (").next().unwrap().trim();
    if figure.contains("·10^") {
        figure == minip::print::rank::times_ten(bound, 3)
    } else {
        figure.replace(',', "") == bound
    }
}

#[test]
fn rank_docs_round_the_certified_bounds_half_up() {
    let page = doc("docs/rank.md");
    let table = |header: &str| -> Vec<Vec<String>> {
        page.lines()
            .skip_while(|l| !l.starts_with(header))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .map(|l| l.trim_matches('|').split('|').map(|c| c.trim().to_string()).collect())
            .collect()
    };
    let mut checked = 0;
    // m = 512 and 1024, one row per n.
    for row in table("| n | m = 512: bound |") {
        let n: u32 = row[0].parse().unwrap();
        for (col, m) in [(1, 512), (4, 1024)] {
            assert!(cell_shows(&row[col], &linear_bound(n, m)), "n = {n}, m = {m}: {}", row[col]);
            checked += 1;
        }
    }
    // n = 3..8, one row per m.
    for row in table("| m | n = 3 | n = 4 |") {
        let m: u32 = row[0].parse().unwrap();
        for (i, cell) in row[1..].iter().enumerate() {
            let n = i as u32 + 3;
            assert!(cell_shows(cell, &linear_bound(n, m)), "n = {n}, m = {m}: {cell}");
            checked += 1;
        }
    }
    assert_eq!(checked, 18 + 18, "the two tables of docs/rank.md");
}

#[test]
fn readme_examples_show_what_the_commands_print() {
    // Every block that starts with `$ minip ARGS` shows lines of that command's stdout, in order
    // (a block may leave out a title, a footer or rows, never change one).
    let readme = doc("README.md");
    let mut seen = 0;
    for block in readme.split("```\n$ minip ").skip(1) {
        let block = block.split("```").next().unwrap();
        let mut lines = block.lines();
        let args: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
        let (out, _) = run(&args);
        let mut printed = out.lines();
        for shown in lines {
            assert!(
                printed.any(|l| l == shown),
                "README, minip {}: '{shown}' is not printed (in this order)",
                args.join(" ")
            );
        }
        seen += 1;
    }
    assert!(seen >= 4, "{seen} examples");
}

#[test]
fn escape_docs_show_the_rows_with_values_linear_in_the_overlap() {
    // Exit 2: the last row (m = 7) is unknown; the table is shown up to its footer.
    let (out, _) =
        run_status(&["multihead", "frontier", "--heads", "3", "--m", "4..=7", "--value-degree", "1"], 2);
    let table = out.split("\n\n").next().unwrap();
    contains_block(
        &doc("docs/escape.md"),
        table,
        "docs/escape.md, minip multihead frontier --value-degree 1",
    );
}
