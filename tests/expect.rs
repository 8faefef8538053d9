//! `--expect TABLE` (docs/ci.md): every committed grid has a table, written by the command
//! docs/ci.md states, that passes; an edited, a missing and an extra configuration each give
//! exit 1 naming the configuration; errors give exit 2; shards compare their own part.

use crate::common::root;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs the binary in `dir`: (exit code, stdout, stderr).
fn minip_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_minip")).args(args).current_dir(dir).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn minip(args: &[&str]) -> (i32, String, String) {
    minip_in(&root(), args)
}

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("minip-expect-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The table-writing commands of docs/ci.md: (arguments before the redirect, table path).
fn documented_table_commands() -> Vec<(Vec<String>, String)> {
    let page = std::fs::read_to_string(root().join("docs/ci.md")).unwrap();
    let mut v = Vec::new();
    for line in page.lines() {
        let Some(rest) = line.strip_prefix("minip ") else { continue };
        if let Some((cmd, table)) = rest.split_once(" --json > ") {
            v.push((cmd.split(' ').map(String::from).collect(), table.trim().to_string()));
        } else if let Some((cmd, table)) = rest.split_once(" --csv ") {
            v.push((cmd.split(' ').map(String::from).collect(), table.trim().to_string()));
        }
    }
    v
}

fn grids_under(dir: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .map(|n| format!("{dir}/{n}"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_committed_grid_has_a_documented_table_that_passes_and_is_what_the_command_writes() {
    let cmds = documented_table_commands();
    // Every grid under instances/ has exactly one documented table.
    let mut documented: Vec<String> =
        cmds.iter().map(|(c, _)| c.iter().find(|a| a.ends_with(".toml")).unwrap().clone()).collect();
    documented.sort();
    let mut grids = grids_under("instances");
    grids.extend(grids_under("instances/beyond"));
    grids.sort();
    assert_eq!(documented, grids, "docs/ci.md must name one table per committed grid");
    for (cmd, table) in &cmds {
        let args: Vec<&str> = cmd.iter().map(String::as_str).collect();
        if args.contains(&"instances/sharp.toml") {
            // 17 472 configurations (612 s): its first and last shard against the whole table.
            for shard in ["0/64", "63/64"] {
                let mut a = args.clone();
                a.extend(["--shard", shard, "--expect", table]);
                let (code, _, err) = minip(&a);
                assert_eq!(code, 0, "{a:?}: {err}");
                assert!(
                    err.contains("expect: all 273 configurations as in instances/sharp.expected.csv"),
                    "{err}"
                );
            }
            // The table is the committed --csv output of the same grid.
            assert_eq!(
                std::fs::read(root().join(table)).unwrap(),
                std::fs::read(root().join("proofs/sharp/table.csv")).unwrap()
            );
            continue;
        }
        let mut a = args.clone();
        a.extend(["--json", "--expect", table]);
        let (code, out, err) = minip(&a);
        assert_eq!(code, 0, "{a:?}: {err}");
        let lines = out.lines().count();
        assert!(err.contains(&format!("expect: all {lines} configurations as in {table}")), "{a:?}: {err}");
        let committed = std::fs::read_to_string(root().join(table)).unwrap();
        assert!(out == committed, "{table} is not what `minip {} --json` writes", cmd.join(" "));
    }
}

#[test]
fn the_lemma_grid_is_exactly_the_lemmas_range_and_green() {
    let (code, out, err) = minip(&["sweep", "instances/lemma.toml", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1200 configurations: 1200 holds, 0 broken, 0 unknown"), "{err}");
    // Counted independently: every (n, eps, h, u, w, family) of the ranges with d ≥ 2 and
    // (n−2)·d ≥ 2·eps·(n−1), eps = p/q compared in integers.
    let mut want = Vec::new();
    for n in 3..=6u64 {
        for (p, q) in [(1u64, 2u64), (1, 3), (1, 4), (3, 4), (1, 1)] {
            for h in 1..=6u64 {
                for u in 0..h {
                    for w in u + 1..=h {
                        let d = w - u;
                        if d >= 2 && (n - 2) * d * q >= 2 * p * (n - 1) {
                            for f in ["paper", "all"] {
                                let eps = if q == 1 { p.to_string() } else { format!("{p}/{q}") };
                                want.push(format!("{n} {eps} {h} {u} {w} {f}"));
                            }
                        }
                    }
                }
            }
        }
    }
    let got: Vec<String> = out
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["verdict"], "holds", "{l}");
            assert_eq!(v["kprime"], v["paper_k"], "{l}");
            format!(
                "{} {} {} {} {} {}",
                v["n"],
                v["eps"].as_str().unwrap(),
                v["h"],
                v["u"],
                v["w"],
                v["family"].as_str().unwrap()
            )
        })
        .collect();
    want.sort();
    let mut got_sorted = got.clone();
    got_sorted.sort();
    assert_eq!(got_sorted, want);
    // d = 2 at eps = 3/4, n = 3 is outside the side condition (K = 1/3 < 1), d = 2 at n = 5 inside.
    assert!(
        !got.contains(&"3 3/4 2 0 2 paper".to_string()) && got.contains(&"5 3/4 2 0 2 paper".to_string())
    );
}

/// The regression table with line 1's verdict edited, line 3 deleted and a row for h = 7
/// appended: the example of docs/ci.md.
fn edited_regression_table() -> String {
    let text = std::fs::read_to_string(root().join("instances/regression.expected.jsonl")).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    assert!(lines[0].contains("\"h\":1,") && lines[0].contains("\"verdict\":\"broken\""), "{}", lines[0]);
    lines[0] = lines[0].replace("\"verdict\":\"broken\"", "\"verdict\":\"holds\"");
    lines.remove(2);
    let extra = lines[3] // line 5 before the removal: n = 3, eps = 1/2, (h, u, w) = (2, 0, 2), paper: holds
        .replace("\"h\":2,", "\"h\":7,")
        .replace("\"w\":2", "\"w\":7")
        .replace("\"d\":2,", "\"d\":7,");
    assert!(
        extra.contains("\"h\":7,") && extra.contains("\"w\":7") && extra.contains("\"verdict\":\"holds\"")
    );
    lines.push(extra);
    lines.join("\n") + "\n"
}

#[test]
fn an_edited_a_missing_and_an_extra_configuration_each_give_exit_1_naming_it() {
    let dir = scratch("edit");
    let grid = root().join("instances/regression.toml");
    let grid = grid.to_str().unwrap();
    // One edited verdict alone.
    let text = std::fs::read_to_string(root().join("instances/regression.expected.jsonl")).unwrap();
    let edited = text.replacen("\"verdict\":\"broken\"", "\"verdict\":\"holds\"", 1);
    std::fs::write(dir.join("edited.jsonl"), &edited).unwrap();
    let (code, _, err) = minip_in(&dir, &["sweep", grid, "--expect", "edited.jsonl"]);
    assert_eq!(code, 1, "{err}");
    let changes: Vec<&str> = err.lines().filter(|l| l.starts_with("expect: ")).collect();
    assert_eq!(
        changes,
        [
            "expect: changed n=3 eps=1/2 h=1 u=0 w=1 family=paper bound=paper: verdict broken (expected holds) (table line 1)",
            "expect: 1 change and 0 unknown against edited.jsonl (1344 configurations run)"
        ]
    );
    // Missing (line 3 deleted) alone, extra (h = 7) alone.
    let lines: Vec<&str> = text.lines().collect();
    let missing: String =
        lines.iter().enumerate().filter(|(i, _)| *i != 2).map(|(_, l)| format!("{l}\n")).collect();
    std::fs::write(dir.join("missing.jsonl"), missing).unwrap();
    let (code, _, err) = minip_in(&dir, &["sweep", grid, "--expect", "missing.jsonl"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "expect: not in the table: n=3 eps=1/2 h=2 u=0 w=1 family=paper bound=paper (verdict broken)\n"
        ),
        "{err}"
    );
    assert!(err.contains("expect: 1 change and 0 unknown"), "{err}");
    let extra = format!("{text}{}\n", lines[4].replace("\"h\":2,", "\"h\":7,").replace("\"w\":2", "\"w\":7"));
    std::fs::write(dir.join("extra.jsonl"), extra).unwrap();
    let (code, _, err) = minip_in(&dir, &["sweep", grid, "--expect", "extra.jsonl"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("expect: not in the grid: n=3 eps=1/2 h=7 u=0 w=7 family=paper bound=paper (table line 1345: verdict holds)\n"), "{err}");
    // All three at once: the example docs/ci.md shows, verbatim.
    std::fs::write(dir.join("regression.expected.jsonl"), edited_regression_table()).unwrap();
    let (code, _, err) = minip_in(&dir, &["sweep", grid, "--expect", "regression.expected.jsonl"]);
    assert_eq!(code, 1, "{err}");
    let block: String = err.lines().filter(|l| l.starts_with("expect: ")).map(|l| format!("{l}\n")).collect();
    let page = std::fs::read_to_string(root().join("docs/ci.md")).unwrap();
    assert!(page.contains(&format!("```\n{block}```")), "docs/ci.md must show:\n{block}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sharp_and_amplify_tables_catch_an_edited_value() {
    let dir = scratch("values");
    // sharp: kstar of one configuration (the first with kstar = 1).
    let text = std::fs::read_to_string(root().join("instances/beyond/tasks-sharp.expected.jsonl")).unwrap();
    let (i, line) = text.lines().enumerate().find(|(_, l)| l.contains("\"kstar\":\"1\"")).unwrap();
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    let edited = text.replacen(line, &line.replace("\"kstar\":\"1\"", "\"kstar\":\"2\""), 1);
    std::fs::write(dir.join("t.jsonl"), edited).unwrap();
    let grid = root().join("instances/beyond/tasks-sharp.toml");
    let (code, _, err) = minip_in(&dir, &["sharp", "--grid", grid.to_str().unwrap(), "--expect", "t.jsonl"]);
    assert_eq!(code, 1, "{err}");
    let setting =
        v.get("setting").and_then(|s| s.as_str()).map(|s| format!("setting=\"{s}\" ")).unwrap_or_default();
    let want = format!(
        "expect: changed {setting}n=3 eps=1/2 h={h} u=0 w={h} family={f}: kstar 1 (expected 2) (table line {})",
        i + 1,
        h = v["h"],
        f = v["family"].as_str().unwrap()
    );
    assert!(err.lines().any(|l| l == want), "{want}\n{err}");
    // amplify: one ratio, named by its series.
    let text =
        std::fs::read_to_string(root().join("instances/beyond/positions-ratios.expected.jsonl")).unwrap();
    let line = text.lines().find(|l| l.contains("\"ratio\":\"5/2\"")).unwrap();
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    std::fs::write(
        dir.join("r.jsonl"),
        text.replacen(line, &line.replace("\"ratio\":\"5/2\"", "\"ratio\":\"0.5\""), 1),
    )
    .unwrap();
    let grid = root().join("instances/beyond/positions-ratios.toml");
    let (code, _, err) =
        minip_in(&dir, &["amplify", "--grid", grid.to_str().unwrap(), "--expect", "r.jsonl"]);
    assert_eq!(code, 1, "{err}");
    let changed: Vec<&str> = err.lines().filter(|l| l.starts_with("expect: changed")).collect();
    assert_eq!(changed.len(), 1, "{err}");
    assert!(
        changed[0].contains(&format!("series=\"{}\"", v["series"].as_str().unwrap()))
            && changed[0].contains("ratio 5/2 (expected 1/2)"),
        "{}",
        changed[0]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shard_compares_its_own_configurations_and_a_stale_row_fails_every_shard() {
    let dir = scratch("shard");
    let grid = root().join("instances/regression.toml");
    let grid = grid.to_str().unwrap();
    let table = root().join("instances/regression.expected.jsonl");
    let text = std::fs::read_to_string(&table).unwrap();
    // The edited line 1 lies in shard 0 of 4: only shard 0 is red.
    std::fs::write(
        dir.join("edited.jsonl"),
        text.replacen("\"verdict\":\"broken\"", "\"verdict\":\"holds\"", 1),
    )
    .unwrap();
    let mut joined = String::new();
    for i in 0..4 {
        let shard = format!("{i}/4");
        let (code, out, err) =
            minip_in(&dir, &["sweep", grid, "--shard", &shard, "--json", "--expect", "edited.jsonl"]);
        assert_eq!(code, if i == 0 { 1 } else { 0 }, "shard {shard}: {err}");
        assert_eq!(err.contains("expect: changed n=3 eps=1/2 h=1 u=0 w=1 family=paper"), i == 0, "{err}");
        assert!(
            err.contains("configurations run") || err.contains("expect: all 336 configurations"),
            "{err}"
        );
        joined.push_str(&out);
    }
    assert!(joined == text, "the shards' --json outputs concatenate to the table");
    // A row of no configuration of the grid: every shard fails.
    let stale = format!(
        "{text}{}\n",
        text.lines().nth(4).unwrap().replace("\"h\":2,", "\"h\":9,").replace("\"w\":2", "\"w\":9")
    );
    std::fs::write(dir.join("stale.jsonl"), stale).unwrap();
    for i in 0..4 {
        let shard = format!("{i}/4");
        let (code, _, err) = minip_in(&dir, &["sweep", grid, "--shard", &shard, "--expect", "stale.jsonl"]);
        assert_eq!(code, 1, "shard {shard}: {err}");
        assert!(err.contains("expect: not in the grid: n=3 eps=1/2 h=9 u=0 w=9"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_tables_and_misuse_are_one_line_and_exit_2_before_any_work() {
    let dir = scratch("bad");
    std::fs::write(dir.join("empty.jsonl"), "").unwrap();
    std::fs::write(dir.join("broken.jsonl"), "{\"kind\":\"gap.verdict\",\"n\":3,\n").unwrap();
    let unknown = std::fs::read_to_string(root().join("instances/small.expected.jsonl")).unwrap().replacen(
        "\"verdict\":\"holds\"",
        "\"verdict\":\"unknown\"",
        1,
    );
    std::fs::write(dir.join("unknown.jsonl"), unknown).unwrap();
    let r = |p: &str| root().join(p).to_str().unwrap().to_string();
    let small = r("instances/small.toml");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["sweep".into(), small.clone(), "--expect".into(), "nonexistent.jsonl".into()],
            "--expect: nonexistent.jsonl",
        ),
        (vec!["sweep".into(), small.clone(), "--expect".into(), "empty.jsonl".into()], "empty table"),
        (
            vec!["sweep".into(), small.clone(), "--expect".into(), "broken.jsonl".into()],
            "line 1: malformed JSON",
        ),
        (
            vec!["sweep".into(), small.clone(), "--expect".into(), "unknown.jsonl".into()],
            "verdict is unknown",
        ),
        (
            vec!["sweep".into(), small.clone(), "--expect".into(), r("instances/sharp-vipr.expected.jsonl")],
            "a record of kind \"sharp.kstar\", expected \"gap.verdict\"",
        ),
        (
            vec![
                "sharp".into(),
                "--grid".into(),
                r("instances/sharp-vipr.toml"),
                "--expect".into(),
                r("instances/small.expected.jsonl"),
            ],
            "expected \"sharp.kstar\"",
        ),
        (vec!["sharp".into(), "--d".into(), "3".into(), "--expect".into(), "x.jsonl".into()], "--grid"),
        (vec!["amplify".into(), "--h".into(), "3".into(), "--expect".into(), "x.jsonl".into()], "--grid"),
    ];
    for (args, needle) in &cases {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = minip_in(&dir, &a);
        assert_eq!(code, 2, "{a:?}: {err}");
        assert!(err.contains(needle), "{a:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{a:?}: {err}");
        assert!(out.is_empty(), "{a:?}: no work before the table is read: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
