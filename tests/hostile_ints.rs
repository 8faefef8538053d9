//! Integers from the command line at the ends of their type: every range check counts without
//! wrapping, so a value past a limit gets the usual one-line refusal (exit 2), never a panic, an
//! abort or a silently wrong answer.

use crate::common;

use common::{capped as run, root, GIB};
use std::path::Path;

/// minip under `prlimit --as=1 GiB` and `timeout -s KILL 5`: `(exit, stdout, stderr)`.
fn capped(args: &[&str]) -> (i32, String, String) {
    run(&root(), Path::new(env!("CARGO_BIN_EXE_minip")), &[], GIB, 5, args)
}

/// Refused: exit 2, exactly the one line `minip: error: MESSAGE` on stderr, nothing on stdout.
fn refused(args: &[&str], message: &str) {
    let (code, out, err) = capped(args);
    assert_eq!(err, format!("minip: error: {message}\n"), "{args:?}: exit {code}");
    assert_eq!(code, 2, "{args:?}");
    assert!(out.is_empty(), "{args:?}: {out}");
}

const NEAR_MAX: &str = "9223372036854775807/9223372036854775808";

/// A shard `i/N` with `N` near `usize::MAX`: the shard's bounds `len·i/N` overflowed (a panic,
/// exit 101, or with `i` near `N` a wrong, silently empty shard). `N` is now at most the largest
/// grid, 10⁶ configurations.
#[test]
fn a_shard_count_past_the_largest_grid_is_refused() {
    for args in
        [["sweep", "instances/small.toml"].as_slice(), &["sharp", "--grid", "instances/sharp-vipr.toml"]]
    {
        for shard in [NEAR_MAX, "18446744073709551614/18446744073709551615", "0/1000001"] {
            let n = shard.split('/').nth(1).unwrap();
            let mut a = args.to_vec();
            a.extend(["--shard", shard]);
            refused(
                &a,
                &format!(
                    "shard '{shard}': N = {n} is above the supported 1000000 (shards: a grid has at most that many configurations)"
                ),
            );
        }
    }
}

/// `a..=4294967295`: the end `b + 1` is counted in 64 bits. It was refused as a malformed range;
/// now the range is `u32::MAX` alone, refused by the limit that applies to the value.
#[test]
fn a_range_ending_at_the_largest_u32_is_a_range() {
    refused(
        &["settle", "--d", "4294967295..=4294967295"],
        "h = 4294967295 is above the supported 100000 (gap configurations)",
    );
    refused(
        &["amplify", "--h", "4294967295..=4294967295"],
        "n = 3, h = 4294967295: larger than the supported n ≤ 1024, h ≤ 100000",
    );
    refused(
        &["settle", "--d", "0..=4294967295"],
        "--d: values = 4294967296 is above the supported 10000 (in one range or list)",
    );
    refused(
        &["amplify", "--h", "4294967286..=4294967295"],
        "n = 3, h = 4294967286: larger than the supported n ≤ 1024, h ≤ 100000",
    );
}

/// A ratio table of many series, each within the range limit: every series' h counts in the
/// table's size before any job is built (60,000 series of h = 2..=512 aborted under 1 GiB).
#[test]
fn a_ratio_table_counts_every_series() {
    let dir = std::env::temp_dir().join(format!("minip-ratio-series-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let grid = dir.join("many.toml");
    let mut s = String::from("n = 3\neps = \"1/2\"\nh = \"2..=512\"\n");
    for i in 0..60_000 {
        s.push_str(&format!("[[series]]\nname = \"s{i}\"\nlo = \"0\"\nhi = \"h\"\n"));
    }
    std::fs::write(&grid, s).unwrap();
    // 1956 series of 511 ratios fit (999,516); the 1957th makes 1,000,027 and is the one refused.
    let g = grid.to_str().unwrap();
    refused(
        &["amplify", "--grid", g],
        &format!("{g}: ratio grid: ratio grid size = 1000027 is above the supported 1000000 (ratios of one table, every series counted)"),
    );
    // The `h+` class of a series at the end of u32 is refused, not wrapped to class 0.
    let top = dir.join("top.toml");
    std::fs::write(
        &top,
        "n = 3\neps = \"1/2\"\nh = \"4294967295\"\n[[series]]\nname = \"x\"\nlo = \"0\"\nhi = \"h+\"\n",
    )
    .unwrap();
    let (code, _, err) = capped(&["amplify", "--grid", top.to_str().unwrap()]);
    assert_eq!((code, err.lines().count()), (2, 1), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
