//! Hostile command lines (the command-line side): no panic or abort
//! on a full stdout, limits that count the real work (each boundary: just inside works, just
//! outside is refused at once), outputs that replace only regular files, signals that stop
//! every batch with exit 2 and no temporary file, and refusals before any work.

use crate::common;

use crate::common::root;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_minip")
}

fn tmp(name: &str) -> std::path::PathBuf {
    crate::common::tmp("cli-hostile", name)
}

/// minip under `prlimit --as=MEMORY` and `timeout -s KILL SECONDS`: `(exit, stdout, stderr)`.
fn capped(memory: u64, seconds: u64, args: &[&str]) -> (i32, String, String) {
    common::capped(&root(), std::path::Path::new(bin()), &[], memory, seconds, args)
}

/// Refused: exit 2, one line naming `needle`, nothing on stdout, within 200 MB and 2 s.
fn refused(args: &[&str], needle: &str) {
    let (code, out, err) = capped(200_000_000, 2, args);
    assert_eq!(code, 2, "{args:?}: exit {code}, stderr {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("minip: error: "), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: want '{needle}' in {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
}

fn no_panic(what: &str, code: Option<i32>, err: &str) {
    assert!(code != Some(101) && code != Some(134) && code.is_some(), "{what}: exit {code:?}: {err}");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{what}: {err}");
}

const SUBCOMMANDS: &[&[&str]] = &[
    &[],
    &["settle"],
    &["check"],
    &["sweep"],
    &["verify"],
    &["bench"],
    &["head"],
    &["head", "verify"],
    &["head", "attack"],
    &["head", "bench"],
    &["transition"],
    &["sharp"],
    &["amplify"],
    &["amplify-bench"],
    &["rank"],
    &["frontier"],
];

#[test]
fn help_version_and_typical_runs_onto_a_full_stdout_exit_2_without_a_panic() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let d = tmp("full");
    let ratios = d.join("ratios.toml");
    std::fs::write(
        &ratios,
        "n = 3\neps = \"1/2\"\nh = \"2..=3\"\n[[series]]\nname = \"max-ip\"\ntask = \"max-ip\"\nlo = \"h\"\nhi = \"0\"\n",
    )
    .unwrap();
    let mut runs: Vec<Vec<String>> = Vec::new();
    for sub in SUBCOMMANDS {
        let mut v: Vec<String> = sub.iter().map(|s| s.to_string()).collect();
        v.push("--help".into());
        runs.push(v);
    }
    runs.push(vec!["--version".into()]);
    for typical in [
        "settle --d 2..=3",
        "check --d 3",
        "sweep instances/small.toml",
        "verify proofs/settle",
        "bench --grid instances/small.toml",
        "head verify rank1 --m 2 --len 3",
        "head attack softmax --m 2",
        "head bench --m-max 2",
        "transition --m-max 2",
        "sharp --d 3",
        "sharp --summarize proofs/sharp/probe",
        "sharp --milp --m 2 --d 1",
        "amplify --h 2..=4",
        "amplify-bench --h 8 --against none",
        "rank --m 4 --sat-budget 0",
        "rank --linear --m 8 --no-explicit",
        "frontier --m 4 --kernel per_weight",
    ] {
        runs.push(typical.split(' ').map(String::from).collect());
    }
    runs.push(vec!["amplify".into(), "--grid".into(), ratios.display().to_string()]);
    for args in &runs {
        let out = Command::new(bin())
            .args(args)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        no_panic(&format!("{args:?}"), out.status.code(), &err);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot write to standard output: No space left on device"), "{args:?}: {err}");
        // stderr full as well: the message is lost, the status is not.
        let out = Command::new(bin())
            .args(args)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(full.try_clone().unwrap())
            .stderr(full.try_clone().unwrap())
            .status()
            .unwrap();
        assert_eq!(out.code(), Some(2), "{args:?} with stderr on /dev/full");
    }
    // A reader that goes away (`| head -c 1`): a quiet end, no message, no panic.
    let mut child =
        Command::new(bin()).args(["--help"]).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    no_panic("--help into a closed pipe", out.status.code(), &err);
    assert!(err.is_empty(), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn gap_lp_limit_counts_orderings() {
    // The reproducer: 1000! / ... orderings, refused before any is built.
    refused(
        &["check", "--d", "3", "--n", "1000", "--positions", "per-position"],
        "the gap LP of n = 1000 with positions per-position has",
    );
    refused(
        &["sharp", "--d", "3", "--n", "1000", "--positions", "causal-last"],
        "above the supported 750000",
    );
    // The boundary (all family, per-position): n = 8 has 608,832 cells, n = 9 has 2,074,950.
    let cells = |n| {
        let inst = minip_check::model::Instance::new(
            n,
            minip_check::rational::q(1, 2),
            minip_check::model::Gap::from_d(3).unwrap(),
            minip_check::model::Family::All,
            minip_check::model::Bound::Paper,
        )
        .unwrap()
        .with_setting(minip_check::model::Setting {
            positions: minip_check::model::Positions::PerPosition,
            ..Default::default()
        })
        .unwrap();
        minip_check::rows::gap::gap_lp_cells(&inst)
    };
    assert_eq!(cells(8), 608_832);
    assert_eq!(cells(9), 2_074_950);
    refused(
        &["check", "--d", "3", "--n", "9", "--family", "all", "--positions", "per-position"],
        "has 2074950 cells (rows × columns), above the supported 750000",
    );
    // Just inside: solved and checked within 1 GB (about 5 s on the project's 2-core VM).
    let (code, out, err) = capped(
        1_000_000_000,
        120,
        &["check", "--d", "3", "--n", "8", "--family", "all", "--positions", "per-position"],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("holds"), "{out}");
}

#[test]
fn row_lp_limit_counts_multisets_times_n() {
    refused(&["amplify", "--h", "2", "--n", "1000"], "multisets × (n − 1): too large to build");
    refused(&["rank", "--m", "6", "--n", "1000"], "--n 1000 with h up to 6");
    // The boundary at h = 2: C(273, 2)·271 = 10,061,688 entries is out, C(272, 2)·270 is in.
    refused(
        &["amplify", "--h", "2", "--n", "272"],
        "37128 multisets of n - 1 = 271 classes each (10061688 entries)",
    );
    let (code, out, err) = capped(1_000_000_000, 120, &["amplify", "--h", "2", "--n", "271", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["ratio"], "36449/135");
}

/// The largest row LPs beyond the paper's model run one at a time on one thread: a Max-IP table
/// of four jobs near the cell limit (about 0.55 GB each) fits in 1 GiB of address space (two at
/// once on two workers, each worker's malloc arena keeping its peak, aborted).
#[test]
fn large_row_lps_of_a_batch_share_one_memory_peak() {
    let d = tmp("heavy");
    let grid = d.join("max-ip.toml");
    std::fs::write(
        &grid,
        "n = 3\neps = \"1/2\"\nh = \"97..=100\"\n[[series]]\nname = \"x\"\ntask = \"max-ip\"\nlo = \"h\"\nhi = \"0\"\n",
    )
    .unwrap();
    let (code, out, err) = capped(1 << 30, 120, &["amplify", "--grid", grid.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines.iter().all(|v| v["verdict"] == "certified" && v["ratio"] == "empty"), "{out}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn grid_lists_all_count_and_repeat_nothing() {
    let d = tmp("grids");
    let g = d.join("g.toml");
    let g_s = g.to_str().unwrap();
    let at: Vec<String> = (1..=500).map(|i| i.to_string()).collect();
    // 2 n × 1 eps × 1 family × 56 gaps (h_max 6) × 3 tasks × 2 kernels × 3 positions × 2 keys
    // × 500 at = 2,016,000 configurations: refused although the old count (n × eps × families
    // × bounds × gaps = 112) was tiny.
    let text = format!(
        "n = [3, 4]\neps = [\"1/2\"]\nh_max = 6\nfamilies = [\"paper\"]\ntasks = [\"min-ip\", \"max-ip\", \"nearest\"]\nkernels = [\"nonneg\", \"signed\"]\npositions = [\"shared\", \"per-position\", \"causal-last\"]\nkeys = [\"all\", \"distinct\"]\nat = [{}]\n",
        at.join(", ")
    );
    std::fs::write(&g, &text).unwrap();
    refused(&["sweep", g_s], "grid size = 2016000 is above the supported 1000000");
    refused(&["sharp", "--grid", g_s], "grid size = 2016000 is above the supported 1000000");
    // Just inside (248 key positions: 999,936 configurations) parses; just outside does not.
    let inside =
        text.replace(&format!("at = [{}]", at.join(", ")), &format!("at = [{}]", at[..248].join(", ")));
    let t = Instant::now();
    assert!(minip::batch::grid::parse_grid(&inside).is_ok());
    let outside =
        text.replace(&format!("at = [{}]", at.join(", ")), &format!("at = [{}]", at[..249].join(", ")));
    assert!(minip::batch::grid::parse_grid(&outside).unwrap_err().contains("grid size = 1003968"));
    assert!(t.elapsed() < Duration::from_secs(30));
    // Repeats are refused, in every list.
    for (list, needle) in [
        ("n = [3, 3]\neps = [\"1/2\"]", "n lists 3 twice"),
        ("n = [3]\neps = [\"1/2\", \"2/4\"]", "eps lists"),
        ("n = [3]\neps = [\"1/2\"]\ntasks = [\"max-ip\", \"max-ip\"]", "tasks lists \"max-ip\" twice"),
        ("n = [3]\neps = [\"1/2\"]\nat = [0, 1, 1]", "at lists 1 twice"),
    ] {
        std::fs::write(&g, format!("{list}\nh_max = 2\nfamilies = [\"paper\"]\n")).unwrap();
        refused(&["sweep", g_s], needle);
    }
    // n is validated per family: 101 is fine for the paper family, not for all.
    std::fs::write(&g, "n = [101]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\", \"all\"]\n").unwrap();
    refused(&["sweep", g_s], "family all: n = 101 is above the supported 100");
    refused(&["sharp", "--grid", g_s], "family all: n = 101 is above the supported 100");
    // Ordered sequences in a grid count like on the command line.
    std::fs::write(
        &g,
        "n = [9]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"all\"]\npositions = [\"per-position\"]\n",
    )
    .unwrap();
    refused(&["sweep", g_s], "above the supported 750000");
    // A grid whose settings admit no configuration: exit 2, not an empty success.
    std::fs::write(&g, "n = [3]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\nat = [1]\n").unwrap();
    refused(&["sweep", g_s], "the grid has no configuration");
    refused(&["sharp", "--grid", g_s], "the grid has no configuration");
    let _ = std::fs::remove_dir_all(&d);
}

/// The kinds of node that must never be replaced by an output file.
fn nodes(d: &Path) -> Vec<(String, PathBuf)> {
    let mut v = Vec::new();
    let fifo = d.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    v.push(("a FIFO".to_string(), fifo));
    let dir = d.join("dir");
    std::fs::create_dir(&dir).unwrap();
    v.push(("a directory".to_string(), dir));
    let sock = d.join("sock");
    let _listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
    std::mem::forget(_listener);
    v.push(("a socket".to_string(), sock));
    let dev = d.join("null");
    if Command::new("mknod").arg(&dev).args(["c", "1", "3"]).status().is_ok_and(|s| s.success()) {
        v.push(("a device".to_string(), dev));
    } else {
        println!("skipping the device node case: mknod needs root");
    }
    v
}

#[test]
fn outputs_replace_only_regular_files() {
    let d = tmp("nodes");
    for (what, p) in nodes(&d) {
        let s = p.to_str().unwrap();
        let want = format!("not a regular file ({what}); refusing to replace it");
        for args in [
            vec!["check", "--d", "3", "--cert", s],
            vec!["check", "--d", "3", "--vipr", s],
            vec!["sharp", "--d", "3", "--out", s],
            vec!["sharp", "--d", "3", "--vipr", s],
            vec!["sharp", "--grid", "instances/sharp.toml", "--csv", s],
            vec!["amplify", "--h", "3", "--plot", s],
            vec!["amplify", "--h", "3", "--export-lp", s],
            vec!["rank", "--m", "4", "--sat-budget", "0", "--plot", s],
            vec!["frontier", "--m", "4", "--kernel", "per_weight", "--plot", s],
        ] {
            refused(&args, &want);
        }
        if what != "a directory" {
            refused(&["sweep", "instances/small.toml", "--out", s], &format!("not a directory ({what})"));
        }
        // Still there, still what it was.
        let m = std::fs::symlink_metadata(&p).unwrap();
        assert!(!m.is_file(), "{what} was replaced");
    }
    // A regular file is replaced atomically, as before.
    let f = d.join("ok.json");
    std::fs::write(&f, "old").unwrap();
    let (code, _, err) = capped(200_000_000, 10, &["check", "--d", "3", "--cert", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&f).unwrap().contains("\"verdict\": \"holds\""));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn missing_inputs_are_refused_before_any_work() {
    refused(&["bench", "--proofs", "/nonexistent"], "--proofs /nonexistent");
    refused(
        &["frontier", "--m", "4", "--rank-dir", "/nonexistent"],
        "--rank-dir /nonexistent: not a directory",
    );
    refused(
        &["frontier", "--m", "4", "--rank-linear-dir", "/nonexistent"],
        "--rank-linear-dir /nonexistent: not a directory",
    );
    refused(&["amplify", "--grid", "/dev/zero"], "not a regular file");
}

/// Starts minip, sends `signals` (spaced by `gap`) after `wait`, and returns
/// `(exit code, stdout, stderr, seconds from the last signal to the exit)`.
fn signalled(
    args: &[&str],
    wait: Duration,
    signals: &[&str],
    gap: Duration,
) -> (Option<i32>, String, String, f64) {
    let child = Command::new(bin())
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(wait);
    let mut last = Instant::now();
    for (i, s) in signals.iter().enumerate() {
        if i > 0 {
            std::thread::sleep(gap);
        }
        last = Instant::now();
        let _ = Command::new("kill").args([&format!("-{s}"), &child.id().to_string()]).status();
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
        last.elapsed().as_secs_f64(),
    )
}

fn no_temporary_files(dir: &Path) {
    if !dir.exists() {
        return;
    }
    for e in std::fs::read_dir(dir).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.contains(".tmp") && !name.contains("minip-probe"), "{}: {name}", dir.display());
    }
}

/// The `DONE` of "interrupted after DONE of TOTAL".
fn done_count(err: &str) -> usize {
    let at = err.find("interrupted after ").unwrap_or_else(|| panic!("{err}"));
    err[at + 18..].split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn one_signal_stops_every_batch_with_exit_2() {
    let d = tmp("signals");
    let out = d.join("rank");
    for (args, signal) in [
        (vec!["rank", "--m", "4..=14", "--out", out.to_str().unwrap()], "INT"),
        (vec!["amplify", "--h", "2..=168", "--eps", "1/3", "--json"], "TERM"),
        (vec!["frontier", "--m", "4..=40"], "INT"),
    ] {
        let (code, stdout, err, secs) =
            signalled(&args, Duration::from_millis(1500), &[signal], Duration::ZERO);
        no_panic(&format!("{args:?}"), code, &err);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("interrupted"), "{args:?}: {err}");
        if args[0] == "amplify" && err.contains("interrupted after ") {
            // The count printed is the count of JSON lines.
            assert_eq!(done_count(&err), stdout.lines().count(), "{err}");
        }
        assert!(secs < 3.0, "{args:?}: {secs} s after the signal (the grace period is 1 s)");
    }
    no_temporary_files(&out);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn one_signal_during_one_long_item_exits_2_within_the_grace_period() {
    // rank --linear at m = 256 is one item of about a minute: the first signal stops it after
    // the 1 s grace period, with exit 2 and no temporary file.
    let d = tmp("long-item");
    let out = d.join("out");
    let (code, _, err, secs) = signalled(
        &["rank", "--linear", "--m", "256", "--out", out.to_str().unwrap()],
        Duration::from_millis(1500),
        &["INT"],
        Duration::ZERO,
    );
    no_panic("rank --linear --m 256", code, &err);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("did not finish within 1 s; stopped at once"), "{err}");
    assert!(secs < 3.0, "{secs} s after the signal");
    no_temporary_files(&out);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_second_signal_exits_2_at_once() {
    // rank --linear starts with its slowest items (m = 256): the first signal waits for them,
    // the second does not.
    let (code, _, err, secs) = signalled(
        &["rank", "--linear", "--m", "8..=256"],
        Duration::from_millis(1500),
        &["INT", "INT"],
        Duration::from_millis(300),
    );
    no_panic("rank --linear", code, &err);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("finishing the items in progress") && err.contains("minip: error: interrupted"),
        "{err}"
    );
    assert!(secs < 5.0, "{secs} s after the second signal");
}

#[test]
fn an_interrupted_sweep_counts_what_it_wrote_and_leaves_no_temporary_file() {
    let d = tmp("sweep-term");
    let grid = d.join("big.toml");
    std::fs::write(&grid, "n = \"3..=8\"\neps = [\"1/2\", \"1/3\", \"1/4\", \"1/8\"]\nh_max = 9\nfamilies = [\"paper\", \"all\"]\nbounds = [\"paper\", \"2\"]\n").unwrap();
    let out = d.join("out");
    let (code, stdout, err, _) = signalled(
        &["sweep", grid.to_str().unwrap(), "--json", "--out", out.to_str().unwrap()],
        Duration::from_millis(1500),
        &["TERM"],
        Duration::ZERO,
    );
    assert_eq!(code, Some(2), "{err}");
    let done = done_count(&err);
    assert_eq!(stdout.lines().count(), done, "{err}");
    let files = std::fs::read_dir(&out).unwrap().count();
    assert_eq!(files, done, "one certificate per configuration counted");
    no_temporary_files(&out);
    let _ = std::fs::remove_dir_all(&d);
}

/// Starts minip, waits until it has printed `lines` lines on stdout (so the signal always
/// lands after that much work, however slow the machine), sends `signal`, and returns
/// `(exit code, stdout, stderr)`.
fn signalled_after_lines(args: &[&str], lines: usize, signal: &str) -> (Option<i32>, String, String) {
    use std::io::{BufRead, Read};
    let mut child = Command::new(bin())
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let err_thread = std::thread::spawn(move || {
        let mut e = String::new();
        let _ = stderr.read_to_string(&mut e);
        e
    });
    let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut out = String::new();
    let mut seen = 0;
    let mut line = String::new();
    while seen < lines {
        line.clear();
        if reader.read_line(&mut line).unwrap() == 0 {
            break;
        }
        out.push_str(&line);
        seen += 1;
    }
    let _ = Command::new("kill").args([&format!("-{signal}"), &child.id().to_string()]).status();
    let _ = reader.read_to_string(&mut out);
    let code = child.wait().unwrap().code();
    (code, out, err_thread.join().unwrap())
}

#[test]
fn an_interrupted_sharp_grid_writes_only_whole_bundles() {
    let d = tmp("sharp-int");
    let out = d.join("out");
    // The signal comes after the first bundle's 364 lines and 10 more: deterministic, whatever
    // the machine's speed (the grid has 17,472 configurations, 48 bundles).
    let (code, stdout, err) = signalled_after_lines(
        &["sharp", "--grid", "instances/sharp.toml", "--json", "--out", out.to_str().unwrap()],
        374,
        "INT",
    );
    assert_eq!(code, Some(2), "{err}");
    let done = done_count(&err);
    assert_eq!(stdout.lines().count(), done, "{err}");
    assert!(done >= 374, "{done} configurations printed before the signal was sent");
    no_temporary_files(&out);
    // h_max = 12: 364 configurations (h, u, w) per (n, eps, family); a bundle is written
    // exactly for the blocks whose 364 lines were all printed, and holds all of them.
    let block = minip_check::model::Gap::all_up_to(12).len();
    assert_eq!(block, 364);
    let mut per_block: std::collections::BTreeMap<String, usize> = Default::default();
    for l in stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        *per_block.entry(format!("{}|{}|{}", v["n"], v["eps"], v["family"])).or_default() += 1;
    }
    let whole = per_block.values().filter(|&&c| c == block).count();
    assert!(whole >= 1, "{per_block:?}");
    let files: Vec<_> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), whole, "one bundle per whole block: {per_block:?}");
    for p in &files {
        let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        assert_eq!(v["certificates"].as_array().unwrap().len(), block, "{}", p.display());
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn ratio_tables_and_settings_beyond_the_model_count_their_cells() {
    // `amplify --h 150 --task max-ip` (22,952 rows, inside the 60,000-row limit) aborted on
    // "memory allocation failed" under 1 GiB: the dense exact steps grow with rows × columns.
    refused(
        &["amplify", "--h", "150", "--task", "max-ip"],
        "the row LP = 22952 rows × 151 columns = 3465752 cells is above the supported 1200000",
    );
    // A ratio table went around every amplify limit (h ≤ 512, the row LP, rows and cells).
    let d = tmp("ratio-grid");
    let g = d.join("r.toml");
    for (h, needle) in [
        ("2..=600", "series 'x' at h = 105: the row LP = 11342 rows × 106 columns"),
        ("600..=600", "series 'x' at h = 600: h = 600 is above the supported 512"),
    ] {
        std::fs::write(
            &g,
            format!("n = 3\neps = \"1/2\"\nh = \"{h}\"\n[[series]]\nname = \"x\"\ntask = \"max-ip\"\nlo = \"h\"\nhi = \"0\"\n"),
        )
        .unwrap();
        refused(&["amplify", "--grid", g.to_str().unwrap()], needle);
    }
    std::fs::write(
        &g,
        "n = 3\neps = \"1/2\"\nh = \"513..=513\"\n[[series]]\nname = \"x\"\nlo = \"0\"\nhi = \"h\"\n",
    )
    .unwrap();
    refused(&["amplify", "--grid", g.to_str().unwrap()], "h = 513 is above the supported 512");
    let _ = std::fs::remove_dir_all(&d);
}
