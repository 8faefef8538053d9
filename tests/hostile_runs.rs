//! Hostile runs: the environment, the size of an `--expect` table, outputs over inputs, a
//! reader that goes away, shards past the grid, a yardstick that does not solve, and a signal
//! after the last item started. Each case is the reproducer of a defect, asserting the fixed
//! behaviour: a one-line refusal with exit 2 (under `prlimit --as=1GiB` and a generous
//! `timeout`), or the usual report.

use crate::common;

use common::{root, GIB};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_minip")
}

/// The checker binary, next to `minip` (built by `cargo build --release` or `cargo test
/// --workspace`).
fn checker() -> PathBuf {
    let p = Path::new(bin()).with_file_name("minip-check");
    assert!(p.exists(), "{} is not built: cargo build --release -p minip-check", p.display());
    p
}

fn tmp(name: &str) -> PathBuf {
    common::tmp("hostile-runs", name)
}

/// `program ARGS` in `dir` with `env` set, under `prlimit --as=mem` and `timeout -s KILL secs`.
fn run_in(
    dir: &Path,
    program: &Path,
    env: &[(&str, &str)],
    mem: u64,
    secs: u64,
    args: &[&str],
) -> (i32, String, String) {
    common::capped(dir, program, env, mem, secs, args)
}

fn minip(env: &[(&str, &str)], args: &[&str]) -> (i32, String, String) {
    run_in(&root(), Path::new(bin()), env, GIB, 60, args)
}

/// Refused: exit 2, exactly `want` as the one line on stderr, nothing on stdout, within 1 GiB
/// and a few seconds.
fn refused_in(dir: &Path, env: &[(&str, &str)], args: &[&str], want: &str) {
    let (code, out, err) = run_in(dir, Path::new(bin()), env, GIB, 5, args);
    assert_eq!(
        (code, err.as_str(), out.as_str()),
        (2, format!("minip: error: {want}\n").as_str(), ""),
        "{args:?}"
    );
}

fn refused(env: &[(&str, &str)], args: &[&str], want: &str) {
    refused_in(&root(), env, args, want)
}

#[test]
fn rayon_num_threads_is_honoured_within_the_limit_and_refused_above_it() {
    // The reproducer: 100000 threads asked of rayon's global pool (a panic, exit 101, in 1.3 s
    // under 1 GiB; minutes and a load of 690 without a limit). A command without --jobs
    // names the variable, not --jobs.
    let above =
        "RAYON_NUM_THREADS = 100000 is above the supported 256 (worker threads; unset it for one per core)";
    for args in [&["settle"][..], &["sweep", "instances/small.toml"], &["verify", "proofs/settle"]] {
        refused(&[("RAYON_NUM_THREADS", "100000")], args, above);
    }
    refused(
        &[("RAYON_NUM_THREADS", "3000")],
        &["settle"],
        "RAYON_NUM_THREADS = 3000 is above the supported 256 (worker threads; unset it for one per core)",
    );
    refused(
        &[("RAYON_NUM_THREADS", "99999999999999999999999")],
        &["settle"],
        "RAYON_NUM_THREADS = 99999999999999999999999 is above the supported 256 (worker threads; unset it for one per core)",
    );
    refused(
        &[("RAYON_NUM_THREADS", "lots")],
        &["settle"],
        "RAYON_NUM_THREADS = 'lots' is not a number of worker threads (1..=256; unset it for one per core)",
    );
    // Within the limit it sets the count (bench says where the count came from); empty or 0
    // is unset, as for rayon. The answer does not depend on the count.
    let (code, plain, _) = minip(&[], &["settle"]);
    assert_eq!(code, 0);
    for v in ["1", "0", "", "7"] {
        let (code, out, err) = minip(&[("RAYON_NUM_THREADS", v)], &["settle"]);
        assert_eq!((code, &out), (0, &plain), "RAYON_NUM_THREADS={v}: {err}");
    }
    let (code, out, err) = minip(&[("RAYON_NUM_THREADS", "3")], &["bench", "--grid", "instances/small.toml"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("threads            3 (RAYON_NUM_THREADS=3)\n"), "{out}");
    // The limit itself fits in 1 GiB: 256 workers (one malloc arena per core, not 8).
    let (code, out, err) = minip(&[("RAYON_NUM_THREADS", "256")], &["settle"]);
    assert_eq!((code, &out), (0, &plain), "{err}");
    let (code, _, err) = minip(&[], &["sweep", "instances/small.toml", "--jobs", "256"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.starts_with("160 configurations: 140 holds, 20 broken, 0 unknown"), "{err}");
    let (code, out, err) =
        run_in(&root(), &checker(), &[], GIB, 60, &["--quiet", "--jobs", "256", "proofs/regression"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("1344 files: 1344 verified, 0 failed\n"), "{out}");
    // Threads the system cannot start: one line, not a panic.
    let (code, out, err) =
        run_in(&root(), &checker(), &[], 300 << 20, 60, &["--jobs", "256", "proofs/regression"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.starts_with("minip-check: error: cannot start 256 worker threads (--jobs 256): ")
            && err.lines().count() == 1,
        "{err}"
    );
    let (code, out, err) = run_in(
        &root(),
        Path::new(bin()),
        &[],
        300 << 20,
        60,
        &["sweep", "instances/small.toml", "--jobs", "256"],
    );
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.starts_with("minip: error: cannot start 256 worker threads (--jobs 256): ")
            && err.lines().count() == 1,
        "{err}"
    );
}

/// A table of the grid `n = 3..=12, eps = 1/2, h_max = 64, paper` (457,600 configurations): the
/// lines of its shard 0 of 100000 as the run writes them, then one line per other
/// configuration, padded so that the table is just under the 64 MiB input limit.
fn table_of_the_input_limit(dir: &Path, shard0: &str) -> PathBuf {
    const LIMIT: usize = 64 << 20;
    let real: Vec<&str> = shard0.lines().collect();
    let configurations = 10 * (1..=64u32).map(|h| h * (h + 1) / 2).sum::<u32>() as usize;
    let per = (LIMIT - shard0.len()) / (configurations - real.len()) - 1;
    let mut text = String::with_capacity(LIMIT);
    let mut i = 0;
    for n in 3..=12 {
        for h in 1..=64 {
            for u in 0..h {
                for w in u + 1..=h {
                    if i < real.len() {
                        text.push_str(real[i]);
                    } else {
                        let head = format!(
                            "{{\"n\":{n},\"eps\":\"1/2\",\"h\":{h},\"u\":{u},\"w\":{w},\"family\":\"paper\",\"verdict\":\"holds\",\"reason\":\""
                        );
                        text.push_str(&head);
                        text.push_str(&"x".repeat(per - head.len() - 2));
                        text.push_str("\"}");
                    }
                    text.push('\n');
                    i += 1;
                }
            }
        }
    }
    assert_eq!(i, configurations);
    assert!(text.len() <= LIMIT && text.len() > LIMIT - (1 << 20), "{}", text.len());
    let p = dir.join("big.expected.jsonl");
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn an_expect_table_at_the_input_limit_is_compared_or_refused_within_1_gib() {
    let d = tmp("expect");
    // A table of a grid of 457,600 configurations, 64 MiB: compared (the shard's 4 rows; the
    // other rows are the other shards'), in 1 GiB. It took 16 times its size and aborted.
    let grid = d.join("big.toml");
    std::fs::write(
        &grid,
        "n = \"3..=12\"\neps = [\"1/2\"]\nh_max = 64\nfamilies = [\"paper\"]\nbounds = [\"paper\"]\n",
    )
    .unwrap();
    let g = grid.to_str().unwrap();
    let (code, shard0, err) = minip(&[], &["sweep", g, "--shard", "0/100000", "--json"]);
    assert_eq!((code, shard0.lines().count()), (1, 4), "{err}");
    let table = table_of_the_input_limit(&d, &shard0);
    let t = table.to_str().unwrap();
    let (code, _, err) = minip(&[], &["sweep", g, "--shard", "0/100000", "--expect", t]);
    assert_eq!(code, 0, "{err}");
    assert!(err.ends_with(&format!("expect: all 4 configurations as in {t}\n")), "{err}");
    // The same table against a grid of 160 configurations: not a table of it, refused after
    // 1000 rows, at once.
    refused(
        &[],
        &["sweep", "instances/small.toml", "--expect", t],
        &format!("--expect: {t}: line 1001: more than 1000 configurations, for a grid of 160 configurations: not a table of this grid (write one with `minip sweep GRID --json > TABLE`)"),
    );
    // One line of 2 MiB: refused by its length, not parsed.
    let long = d.join("long.jsonl");
    std::fs::write(&long, format!("{{\"n\":3,\"reason\":\"{}\"}}\n", "x".repeat(2 << 20))).unwrap();
    let l = long.to_str().unwrap();
    refused(
        &[],
        &["sweep", "instances/small.toml", "--expect", l],
        &format!("--expect: {l}: line 1: longer than 1 MiB (a record is a few hundred bytes)"),
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_csv_table_naming_a_column_twice_is_refused() {
    let d = tmp("csv");
    // The regression table of the small grid as CSV, with a first `verdict` column that says
    // `holds` everywhere and a last one with the real verdicts: it passed (the last won).
    let text = std::fs::read_to_string(root().join("instances/small.expected.jsonl")).unwrap();
    let mut csv = String::from("n,eps,h,u,w,family,verdict,bound,verdict\n");
    let mut real = String::from("n,eps,h,u,w,family,bound,verdict\n");
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let f = |k: &str| v[k].as_str().map(String::from).unwrap_or_else(|| v[k].to_string());
        let key = format!("{},{},{},{},{},{}", f("n"), f("eps"), f("h"), f("u"), f("w"), f("family"));
        csv.push_str(&format!("{key},holds,{},{}\n", f("bound"), f("verdict")));
        real.push_str(&format!("{key},{},{}\n", f("bound"), f("verdict")));
    }
    std::fs::write(d.join("twice.csv"), &csv).unwrap();
    std::fs::write(d.join("once.csv"), &real).unwrap();
    let grid = root().join("instances/small.toml");
    let g = grid.to_str().unwrap();
    refused_in(
        &d,
        &[],
        &["sweep", g, "--expect", "twice.csv"],
        "--expect: twice.csv: line 1: column verdict appears twice (columns 7 and 9)",
    );
    // The same table with the column once passes: the check is the duplicate, not CSV.
    let (code, _, err) = run_in(&d, Path::new(bin()), &[], GIB, 60, &["sweep", g, "--expect", "once.csv"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.ends_with("expect: all 160 configurations as in once.csv\n"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn no_output_replaces_an_input_of_the_same_run() {
    let d = tmp("io");
    let grid_text = std::fs::read_to_string(root().join("instances/sharp-vipr.toml")).unwrap();
    std::fs::write(d.join("g.toml"), &grid_text).unwrap();
    let intact = |p: &str, want: &str| assert_eq!(std::fs::read_to_string(d.join(p)).unwrap(), want, "{p}");
    // The reproducer: the CSV over the grid.
    refused_in(
        &d,
        &[],
        &["sharp", "--grid", "g.toml", "--csv", "g.toml"],
        "--csv g.toml is the grid g.toml, an input of this run: refusing to replace it (choose another path)",
    );
    intact("g.toml", &grid_text);
    // Another path to it, a symbolic link to it, a hard link of it.
    refused_in(
        &d,
        &[],
        &["sharp", "--grid", "g.toml", "--csv", "./g.toml"],
        "--csv ./g.toml is the grid g.toml, an input of this run: refusing to replace it (choose another path)",
    );
    std::os::unix::fs::symlink("g.toml", d.join("link.csv")).unwrap();
    refused_in(
        &d,
        &[],
        &["sharp", "--grid", "g.toml", "--csv", "link.csv"],
        "--csv link.csv is a link to the grid g.toml, an input of this run: refusing to replace it (choose another path)",
    );
    std::fs::hard_link(d.join("g.toml"), d.join("hard.csv")).unwrap();
    refused_in(
        &d,
        &[],
        &["sharp", "--grid", "g.toml", "--csv", "hard.csv"],
        "--csv hard.csv is another name (a hard link) of the grid g.toml, an input of this run: refusing to replace it (choose another path)",
    );
    intact("g.toml", &grid_text);
    // The table written by --csv, then read by --expect and named as --csv again (exit 1: the
    // grid has configurations with kstar < K).
    let (code, _, err) =
        run_in(&d, Path::new(bin()), &[], GIB, 60, &["sharp", "--grid", "g.toml", "--csv", "t.csv"]);
    assert_eq!(code, 1, "{err}");
    let table = std::fs::read_to_string(d.join("t.csv")).unwrap();
    refused_in(
        &d,
        &[],
        &["sharp", "--grid", "g.toml", "--expect", "t.csv", "--csv", "t.csv"],
        "--csv t.csv is the --expect table t.csv, an input of this run: refusing to replace it (choose another path)",
    );
    intact("t.csv", &table);
    // amplify: the plot over the grid.
    let ratios = std::fs::read_to_string(root().join("instances/beyond/positions-ratios.toml")).unwrap();
    std::fs::write(d.join("r.toml"), &ratios).unwrap();
    refused_in(
        &d,
        &[],
        &["amplify", "--grid", "r.toml", "--plot", "r.toml"],
        "--plot r.toml is the grid r.toml, an input of this run: refusing to replace it (choose another path)",
    );
    intact("r.toml", &ratios);
    // sweep: a certificate directory holding the table under a certificate's name, or a link
    // to it under that name.
    let small = root().join("instances/small.toml");
    let s = small.to_str().unwrap();
    let expected = std::fs::read_to_string(root().join("instances/small.expected.jsonl")).unwrap();
    std::fs::create_dir(d.join("out")).unwrap();
    let name = "n3_eps1-2_h1_u0_w1_paper_bpaper.json";
    std::fs::write(d.join("out").join(name), &expected).unwrap();
    refused_in(
        &d,
        &[],
        &["sweep", s, "--out", "out", "--expect", &format!("out/{name}")],
        &format!("--out out: this run would write out/{name} there, which is the --expect table out/{name}, an input of this run: refusing to replace it (choose another directory)"),
    );
    std::fs::remove_file(d.join("out").join(name)).unwrap();
    std::fs::write(d.join("small.jsonl"), &expected).unwrap();
    std::os::unix::fs::symlink("../small.jsonl", d.join("out").join(name)).unwrap();
    refused_in(
        &d,
        &[],
        &["sweep", s, "--out", "out", "--expect", "small.jsonl"],
        &format!("--out out: this run would write out/{name} there, which is a link to the --expect table small.jsonl, an input of this run: refusing to replace it (choose another directory)"),
    );
    intact("small.jsonl", &expected);
    // A file in the directory that the run does not write is left alone: the run goes ahead.
    std::fs::remove_file(d.join("out").join(name)).unwrap();
    std::fs::write(d.join("out").join("expected.jsonl"), &expected).unwrap();
    let (code, _, err) = run_in(
        &d,
        Path::new(bin()),
        &[],
        GIB,
        60,
        &["sweep", s, "--out", "out", "--expect", "out/expected.jsonl"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.ends_with("expect: all 160 configurations as in out/expected.jsonl\n"), "{err}");
    intact("out/expected.jsonl", &expected);
    assert!(d.join("out").join(name).exists());
    let _ = std::fs::remove_dir_all(&d);
}

/// The certificates that `frontier` reads its lower bounds from and that `export coq` exports
/// are inputs too: a plot or a .v file over one of them (or a link to one) is refused.
#[test]
fn frontier_and_export_outputs_never_replace_a_certificate_they_read() {
    let d = tmp("frontier-export");
    std::fs::create_dir_all(d.join("rank")).unwrap();
    let m04 = std::fs::read(root().join("proofs/rank/m04.json")).unwrap();
    std::fs::write(d.join("rank/m04.json"), &m04).unwrap();
    std::fs::copy(root().join("proofs/rank/m04.maximal.drat"), d.join("rank/m04.maximal.drat")).unwrap();
    std::os::unix::fs::symlink("rank/m04.json", d.join("plot.svg")).unwrap();
    let base =
        ["frontier", "--m", "4", "--kernel", "per_weight", "--rank-dir", "rank", "--rank-linear-dir", "-"];
    refused_in(
        &d,
        &[],
        &[&base[..], &["--plot", "rank/m04.json"]].concat(),
        "--plot rank/m04.json is the certificate rank/m04.json, an input of this run: refusing to replace it (choose another path)",
    );
    refused_in(
        &d,
        &[],
        &[&base[..], &["--plot", "plot.svg"]].concat(),
        "--plot plot.svg is a link to the certificate rank/m04.json, an input of this run: refusing to replace it (choose another path)",
    );
    // --out may be the directory the bounds are read from (no mMM.json is written there), but
    // not one where a file the run writes is a hard link of a certificate it reads.
    let (code, _, err) =
        run_in(&d, Path::new(bin()), &[], GIB, 60, &[&base[..], &["--out", "rank"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(d.join("rank/m04.per_weight.json").exists());
    std::fs::remove_file(d.join("rank/m04.per_weight.json")).unwrap();
    std::fs::hard_link(d.join("rank/m04.json"), d.join("rank/m04.per_weight.json")).unwrap();
    refused_in(
        &d,
        &[],
        &[&base[..], &["--out", "rank"]].concat(),
        "--out rank: this run would write rank/m04.per_weight.json there, which is another name (a hard link) of the certificate rank/m04.json, an input of this run: refusing to replace it (choose another directory)",
    );
    // export coq: the .v file named after the argument is a hard link of the certificate.
    std::fs::create_dir_all(d.join("c")).unwrap();
    std::fs::copy(root().join("proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json"), d.join("c/a.json")).unwrap();
    std::fs::hard_link(d.join("c/a.json"), d.join("c/c.v")).unwrap();
    refused_in(
        &d,
        &[],
        &["export", "coq", "c", "--out", "c"],
        "--out c: this run would write c/c.v there, which is another name (a hard link) of the certificate c/a.json, an input of this run: refusing to replace it (choose another directory)",
    );
    assert_eq!(std::fs::read(d.join("rank/m04.json")).unwrap(), m04);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_reader_that_closes_the_pipe_is_one_line_and_exit_2() {
    // The reader is gone before the first line: every command stops at its first write with
    // the same line (it used to be silent for some commands and exit 0 for others), and
    // minip-check says the same words.
    let minip = PathBuf::from(bin());
    let check = checker();
    for (program, name, args) in [
        (&minip, "minip", &["verify", "proofs/regression"][..]),
        (&minip, "minip", &["sweep", "instances/small.toml", "--json"]),
        (&minip, "minip", &["rank", "--linear", "--m", "24,26", "--json"]),
        (&check, "minip-check", &["proofs/regression"]),
    ] {
        let mut child = Command::new(program)
            .args(args)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let want = format!("{name}: error: cannot write to standard output: the reader closed the pipe\n");
        assert_eq!((out.status.code(), err.as_ref()), (Some(2), want.as_str()), "{args:?}");
    }
}

#[test]
fn a_shard_past_the_grid_is_refused() {
    // 1000 shards of 160 configurations: shard 500 was empty, compared nothing and passed.
    for cmd in [
        vec!["sweep", "instances/small.toml", "--expect", "instances/small.expected.jsonl"],
        vec!["sharp", "--grid", "instances/sharp-vipr.toml"],
    ] {
        let total = if cmd[0] == "sweep" { 160 } else { 280 };
        let mut a = cmd.clone();
        a.extend(["--shard", "500/1000"]);
        refused(
            &[],
            &a,
            &format!("--shard 500/1000: 1000 shards of a grid of {total} configurations: some shards would be empty (at most {total} shards)"),
        );
    }
    // As many shards as configurations: the last one is the last configuration.
    let (code, out, err) = minip(
        &[],
        &[
            "sweep",
            "instances/small.toml",
            "--shard",
            "159/160",
            "--json",
            "--expect",
            "instances/small.expected.jsonl",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let expected = std::fs::read_to_string(root().join("instances/small.expected.jsonl")).unwrap();
    assert_eq!(out, format!("{}\n", expected.lines().last().unwrap()));
    assert!(err.ends_with("expect: all 1 configurations as in instances/small.expected.jsonl\n"), "{err}");
    // The reproducer's shard numbers are refused too (N above the largest grid).
    let (code, out, err) = minip(
        &[],
        &["sweep", "instances/small.toml", "--shard", "18446744073709551614/18446744073709551615"],
    );
    assert_eq!((code, out.as_str(), err.lines().count()), (2, "", 1), "{err}");
}

/// `amplify-bench --h 8` with `esolver` on the PATH replaced by `script`.
fn bench_against(dir: &Path, script: &str, json: bool) -> (i32, String, String) {
    std::fs::create_dir_all(dir).unwrap();
    let p = dir.join("esolver");
    std::fs::write(&p, script).unwrap();
    std::fs::set_permissions(&p, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut args = vec!["amplify-bench", "--h", "8", "--against", "esolver"];
    if json {
        args.push("--json");
    }
    minip(&[("PATH", &path)], &args)
}

/// A yardstick writing `value` as esolver's solution (`-O FILE`).
fn writes(value: &str) -> String {
    format!(
        "#!/bin/sh\nwhile [ $# -gt 1 ]; do if [ \"$1\" = -O ]; then out=$2; fi; shift; done\nprintf 'status = OPTIMAL\\n\\tValue = {value}\\n' > \"$out\"\n"
    )
}

#[test]
fn a_yardstick_that_does_not_solve_gives_no_speed_up() {
    let d = tmp("yardstick");
    // The reproducer: a yardstick that only sleeps was a 16,404x speed-up (exit 0).
    let (code, out, err) = bench_against(&d.join("sleeps"), "#!/bin/sh\nsleep 1\n", false);
    assert_eq!(code, 2, "{out}{err}");
    let row = out.lines().find(|l| l.starts_with("8 ")).unwrap();
    assert!(
        row.contains(" 13 ")
            && row.contains("exit 0 in 1.")
            && row.trim_end().ends_with("no optimal value -"),
        "{row}"
    );
    assert!(!err.contains("smallest speed-up"), "{err}");
    assert!(
        err.starts_with("minip: error: 1 yardstick run gave no optimal value, so no speed-up was measured there (first: esolver at h = 8: exit 0 in 1.")
            && err.ends_with(" s, no optimal value)\n")
            && err.lines().count() == 1,
        "{err}"
    );
    let (code, out, _) = bench_against(&d.join("sleeps"), "#!/bin/sh\nsleep 1\n", true);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let y = &v["yardsticks"][0];
    assert_eq!(
        (code, &y["agrees"], &y["speedup"], &y["timed_out"]),
        (2, &false.into(), &0.0.into(), &false.into()),
        "{v}"
    );
    // Another value: not the certified ratio R(0, 8; 8) = 13, exit 1, no speed-up.
    let (code, out, err) = bench_against(&d.join("wrong"), &writes("27/2"), false);
    assert_eq!(code, 1, "{out}{err}");
    let row = out.lines().find(|l| l.starts_with("8 ")).unwrap();
    assert!(row.contains(", NOT R") && row.trim_end().ends_with(" -"), "{row}");
    assert_eq!(err, "1 yardstick values differ from the certified ratio\n");
    // The certified value: a speed-up, exit 0.
    let (code, out, err) = bench_against(&d.join("right"), &writes("13"), false);
    assert_eq!(code, 0, "{out}{err}");
    let row = out.lines().find(|l| l.starts_with("8 ")).unwrap();
    assert!(row.contains(", =R") && row.trim_end().ends_with('x'), "{row}");
    assert!(err.starts_with("smallest speed-up against esolver: "), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_signal_after_the_last_item_started_reports_as_usual() {
    // rank --linear --m 512 --n 3,4 on two workers: two items of about 0.3 s, both started at
    // once. A SIGTERM while they run leaves nothing out: the report is the usual one (exit 0,
    // both lines), not "interrupted after 2 of 2" with exit 2. The signal's moment is a guess
    // (the machine may be loaded): every outcome must be one of those allowed, and at least
    // one run must land while the items run.
    let (code, full, err) =
        minip(&[], &["rank", "--linear", "--m", "512", "--n", "3,4", "--jobs", "2", "--json"]);
    assert_eq!((code, full.lines().count()), (0, 2), "{err}");
    let mut landed = 0;
    for ms in [120, 60, 200, 30, 300, 90, 150, 250] {
        let child = Command::new(bin())
            .args(["rank", "--linear", "--m", "512", "--n", "3,4", "--jobs", "2", "--json"])
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(ms));
        let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
        let out = child.wait_with_output().unwrap();
        let (code, stdout, err) =
            (out.status.code(), String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        let signalled = err.contains("minip: interrupted: finishing the items in progress");
        if signalled && code == Some(0) {
            // Every item done: the usual report, both lines.
            assert_eq!(stdout, full, "{ms} ms: {err}");
            assert!(!err.contains("interrupted after"), "{ms} ms: {err}");
            landed += 1;
        } else {
            // Before the items started, after the process ended, or an item past the grace
            // period: each its own documented outcome.
            let before = err.contains("interrupted after 0 of 2") || err == "\nminip: error: interrupted\n";
            let after = !signalled && code == Some(0) && stdout == full;
            let late = err.contains("did not finish within 1 s; stopped at once");
            assert!(before || after || late, "{ms} ms: exit {code:?}: {err}");
            // An item past the grace period: the signal too landed while the items ran (on a
            // loaded machine an item of 0.3 s can outlast the 1 s grace).
            if late {
                assert_eq!(code, Some(2), "{ms} ms: {err}");
                landed += 1;
            }
        }
        if landed >= 2 {
            break;
        }
    }
    assert!(landed >= 1, "no signal landed while the items ran");
}
