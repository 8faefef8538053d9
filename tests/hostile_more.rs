//! Integer handling on hostile input, second part: each reproducer is refused with one line on
//! stderr and exit 2 under `timeout 1` and 1 GiB of address space, before any work is built.
//!
//! - `minip amplify --pairs all` validates every h and counts its pairs before building a job
//!   (it built every job first: `--h 100000` and `--h 1..=512` aborted under 1 GiB).
//! - A head file's JSON values are counted on its text before it is parsed, and the vectors
//!   its maps give over `{0,1}^m` before they are built (a 14 MB table of 1024 tokens × 7000
//!   entries aborted while its entries were read).
//! - Concatenated maps keep their coordinates within 32 bits.
//! - An argument that is not UTF-8 is refused in one line (it panicked).
//!
//! The documented `--pairs all` commands still print every pair, each as its single run does.

use crate::common;

use common::root;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

fn tmp(name: &str) -> PathBuf {
    common::tmp("hostile-more", name)
}

/// minip under `timeout -s KILL secs` and `prlimit --as=1 GiB`: `(exit, stdout, stderr)`.
fn minip_os(secs: u64, args: &[&std::ffi::OsStr]) -> (i32, String, String) {
    common::capped(&root(), Path::new(env!("CARGO_BIN_EXE_minip")), &[], common::GIB, secs, args)
}

fn minip(secs: u64, args: &[&str]) -> (i32, String, String) {
    let os: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    minip_os(secs, &os)
}

/// Refused within `timeout 1` and 1 GiB: exit 2, nothing on stdout, exactly `line` on stderr.
fn refused(args: &[&str], line: &str) {
    let (code, out, err) = minip(1, args);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (2, "", format!("minip: error: {line}\n").as_str()),
        "{args:?}"
    );
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn amplify_pairs_all_counts_its_pairs_before_building_them() {
    // Each h is checked as a single job would be, before anything is built.
    refused(
        &["amplify", "--h", "100000", "--pairs", "all"],
        "h = 100000 is above the supported 512 (the row LP certified by minip amplify)",
    );
    refused(
        &["amplify", "--h", "513", "--pairs", "all", "--superset"],
        "h = 513 is above the supported 512 (the row LP certified by minip amplify)",
    );
    // Σ_{h=1}^{512} h(h+1)/2 = 512·513·514/6 pairs: 22.5 million jobs.
    let all: u64 = (1..=512u64).map(|h| h * (h + 1) / 2).sum();
    assert_eq!(all, 512 * 513 * 514 / 6);
    refused(
        &["amplify", "--h", "1..=512", "--pairs", "all"],
        &format!("--pairs all: {all} pairs lo < hi over the values of --h, above the supported 1000000 (ratios of one run, as configurations of one grid)"),
    );
    // At the limit of one grid's configurations: h = 1..=180 is 988,260 pairs, 1..=181 is
    // 1,004,731; with the class h+ every h has h + 1 classes above 0.
    let count = |top: u64, s: u64| -> u64 { (1..=top).map(|h| (h + s) * (h + s + 1) / 2).sum() };
    assert_eq!((count(180, 0), count(181, 0), count(180, 1)), (988_260, 1_004_731, 1_004_730));
    refused(
        &["amplify", "--h", "1..=181", "--pairs", "all"],
        "--pairs all: 1004731 pairs lo < hi over the values of --h, above the supported 1000000 (ratios of one run, as configurations of one grid)",
    );
    refused(
        &["amplify", "--h", "1..=180", "--pairs", "all", "--superset"],
        "--pairs all: 1004730 pairs lo < hi over the values of --h, above the supported 1000000 (ratios of one run, as configurations of one grid)",
    );
    // Just inside: not refused, solving when `timeout 1` stops it (within 1 GiB).
    let (code, _, err) = minip(1, &["amplify", "--h", "1..=180", "--pairs", "all", "--json"]);
    // Killed by `timeout -s KILL` (no exit status), not ended by an abort (134) or a refusal.
    assert_eq!(code, -1, "{err}");
    assert!(!err.contains("error"), "{err}");
    // h + 1 (the class h+) at the top of u32: refused by the size of h, not wrapped to 0.
    let top = u32::MAX.to_string();
    let big = format!("n = 3, h = {top}: larger than the supported n ≤ 1024, h ≤ 100000");
    refused(&["amplify", "--h", &top, "--pairs", "all", "--superset"], &big);
    refused(&["amplify", "--h", &top, "--hi", "h+"], &big);
    refused(&["amplify", "--h", &top, "--m", &top, "--pairs", "all"], &big);
    refused(&["amplify", "--h", "0", "--pairs", "all"], "h = 0: need h ≥ 1");
}

/// `(lo, hi, ratio)` of each JSON line.
fn ratios(out: &str) -> Vec<(String, String, String)> {
    out.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["verdict"], "certified", "{l}");
            let s = |k: &str| v[k].as_str().unwrap().to_string();
            (s("lo"), s("hi"), s("ratio"))
        })
        .collect()
}

#[test]
fn documented_pairs_all_runs_print_every_pair_as_its_single_run() {
    // docs/amplify.md and the hostile sweep: every pair lo < hi of each h, hi-major, each
    // ratio the one of `--lo lo --hi hi` alone.
    for (args, h_values, superset) in [
        (&["amplify", "--h", "6", "--m", "7", "--pairs", "all"][..], vec![6u32], true),
        (&["amplify", "--h", "8", "--pairs", "all"][..], vec![8], false),
        (&["amplify", "--h", "2..=4", "--pairs", "all", "--n", "12"][..], vec![2, 3, 4], false),
    ] {
        let mut a = args.to_vec();
        a.push("--json");
        let (code, out, err) = minip(60, &a);
        assert_eq!(code, 0, "{a:?}: {err}");
        let got = ratios(&out);
        let n = args.iter().position(|x| *x == "--n").map_or("3", |i| args[i + 1]);
        let mut want = Vec::new();
        for h in h_values {
            let top = h + u32::from(superset);
            for hi in 1..=top {
                for lo in 0..hi {
                    let hi_arg = if hi > h { "h+".to_string() } else { hi.to_string() };
                    let (h_s, lo_s) = (h.to_string(), lo.to_string());
                    let mut one =
                        vec!["amplify", "--h", &h_s, "--lo", &lo_s, "--hi", &hi_arg, "--n", n, "--json"];
                    if superset {
                        one.push("--superset");
                    }
                    let (code, out, err) = minip(60, &one);
                    assert_eq!(code, 0, "{one:?}: {err}");
                    want.extend(ratios(&out));
                }
            }
        }
        assert_eq!(got, want, "{args:?}");
        assert_eq!(
            got.len(),
            if superset {
                28
            } else if n == "3" {
                36
            } else {
                3 + 6 + 10
            }
        );
    }
    // A few values of the table (n = 12): R(0, 4; 4) = 109, R(1, 4; 4) = 239/11, R(0, 2; h) = 10
    // for h ≥ 3.
    let (_, out, _) = minip(60, &["amplify", "--h", "2..=4", "--pairs", "all", "--n", "12", "--json"]);
    let got = ratios(&out);
    let at = |lo: &str, hi: &str, k: usize| {
        got.iter().filter(|r| r.0 == lo && r.1 == hi).nth(k).unwrap().2.clone()
    };
    assert_eq!(
        (at("0", "4", 0), at("1", "4", 0), at("0", "2", 1), at("0", "2", 0)),
        ("109".into(), "239/11".into(), "10".into(), "119/11".into())
    );
}

/// The bit string of token `x` (coordinate 0 first).
fn key(x: u32, m: u32) -> String {
    (0..m).map(|b| if x >> b & 1 == 1 { '1' } else { '0' }).collect()
}

/// A head file over `{0,1}^m` with `maps` (JSON text each) for phi_q, phi_k, v, w, beta.
fn head_file(m: u32, maps: [&str; 5]) -> String {
    format!(
        "{{\"format\":\"minip-head/1\",\"m\":{m},\"phi_q\":{},\"phi_k\":{},\"v\":{},\"w\":{},\"beta\":{}}}",
        maps[0], maps[1], maps[2], maps[3], maps[4]
    )
}

/// `{"table": {...}}` with the row `row` (JSON text) for every token.
fn table(m: u32, row: &str) -> String {
    let rows: Vec<String> = (0..1u32 << m).map(|x| format!("\"{}\":{row}", key(x, m))).collect();
    format!("{{\"table\":{{{}}}}}", rows.join(","))
}

fn ones(k: usize) -> String {
    format!("[{}]", vec!["1"; k].join(","))
}

#[test]
fn a_wide_head_table_is_refused_before_it_is_read() {
    let dir = tmp("wide");
    // The reproducer: m = 10, 1024 tokens × 7000 entries (14 MB). Its values: the whole, the
    // six commas and three braces of the maps, 1023 commas between the rows and 7000 (one
    // bracket, 6999 commas) in each row.
    let wide = dir.join("wide-table.json");
    std::fs::write(
        &wide,
        head_file(10, [&table(10, &ones(7000)), "\"unit\"", "\"bits\"", "\"bits\"", "\"zero\""]),
    )
    .unwrap();
    assert!(std::fs::metadata(&wide).unwrap().len() > 14_000_000);
    let values = 1 + 6 + 3 + 1023 + 1024 * 7000;
    let refusal = |path: &Path, values: u64| {
        format!(
            "{}: too large: {values} JSON values (table entries, keys, lists), above the supported 3145728 of a head file (minip help limits)",
            path.display()
        )
    };
    refused(&["head", "verify", p(&wide), "--len", "1"], &refusal(&wide, values));
    refused(&["head", "attack", p(&wide)], &refusal(&wide, values));
    // 60 MB: its JSON tree alone (before any number is read) was past 1 GiB. m = 1, two rows
    // of 15 million zeros.
    let zeros = dir.join("zeros.json");
    let row = format!("[{}]", vec!["0"; 15_000_000].join(","));
    std::fs::write(&zeros, head_file(1, [&table(1, &row), "\"unit\"", "\"bits\"", "\"bits\"", "\"zero\""]))
        .unwrap();
    refused(&["head", "verify", p(&zeros), "--len", "1"], &refusal(&zeros, 1 + 6 + 3 + 1 + 2 * 15_000_000));
    // Lists of empty lists count too (one value each, and one for the bracket of each).
    let empty = dir.join("empty-lists.json");
    let lists = format!("[{}]", vec!["[]"; 2_000_000].join(","));
    std::fs::write(
        &empty,
        head_file(1, [&format!("{{\"concat\":{lists}}}"), "\"unit\"", "\"bits\"", "\"bits\"", "\"zero\""]),
    )
    .unwrap();
    refused(&["head", "verify", p(&empty), "--len", "1"], &refusal(&empty, 1 + 6 + 1 + 1 + 2 * 2_000_000));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_full_tables_at_m_10_still_run_within_1_gib() {
    // The kernel and the values written out: phi_q a 1024 × 1024 table (α(q, k) = 1), phi_k
    // unit; w a 1024 × 1024 table, v unit; every entry read and multiplied out. The output is
    // always 1 (w ≡ 1): wrong wherever the target is 0 (error ≥ 1/2, exit 1).
    let dir = tmp("two-full");
    let f = dir.join("two-full.json");
    let t = table(10, &ones(1024));
    std::fs::write(&f, head_file(10, [&t, "\"unit\"", "\"unit\"", &t, "\"zero\""])).unwrap();
    let (code, out, err) = minip(60, &["head", "verify", p(&f), "--len", "1"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("(rank 1024, value dimension 1024)") && out.contains("FAILS"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_vectors_of_a_heads_maps_are_counted_before_they_are_built() {
    let dir = tmp("vectors");
    // 20,000 unit vectors side by side at m = 10: 2^10 tokens × 20,000 nonzero entries of phi_q
    // (phi_k the same units scaled by 0, so the kernel's work is small), 20 of v and w.
    let units = |scale: &str, k: usize| {
        let u = if scale.is_empty() {
            "\"unit\"".to_string()
        } else {
            format!("{{\"rule\":\"unit\",\"scale\":\"{scale}\"}}")
        };
        format!("{{\"concat\":[{}]}}", vec![u.as_str(); k].join(","))
    };
    let f = dir.join("units.json");
    std::fs::write(
        &f,
        head_file(10, [&units("", 20_000), &units("0", 20_000), "\"bits\"", "\"bits\"", "\"zero\""]),
    )
    .unwrap();
    let refusal = |entries: u64| {
        format!("too large: the maps give {entries} vector entries over {{0,1}}^10 (2^10 tokens × nonzero entries each), above the supported 3145728 (minip help limits)")
    };
    refused(&["head", "verify", p(&f), "--len", "1"], &refusal(1024 * (20_000 + 20)));
    // At the limit, 3 · 2^20 = 2^10 × (3051 + 1 + 20): phi_q 3051 units, phi_k one unit and
    // 3050 zeros (α is the identity); one more unit is refused.
    let at = |k: usize| {
        let phi_k = format!(
            "{{\"concat\":[\"unit\",{}]}}",
            vec!["{\"rule\":\"unit\",\"scale\":\"0\"}"; k - 1].join(",")
        );
        head_file(10, [&units("", k), &phi_k, "\"bits\"", "\"bits\"", "\"zero\""])
    };
    let (inside, outside) = (dir.join("in.json"), dir.join("out.json"));
    std::fs::write(&inside, at(3051)).unwrap();
    std::fs::write(&outside, at(3052)).unwrap();
    refused(&["head", "verify", p(&outside), "--len", "1"], &refusal(1024 * (3052 + 1 + 20)));
    let (code, out, err) = minip(60, &["head", "verify", p(&inside), "--len", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("verdict     correct"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn concatenated_coordinates_stay_within_32_bits() {
    use minip::heads::{Map, Rule};
    use minip_check::rational::qi;
    // A part of dimension 2^32 − 1 (no entry), then a unit vector: its coordinate would be
    // 2^32 − 1 + x, past u32 (it was truncated).
    let wide = Map::Table { dim: u32::MAX as usize, rows: vec![vec![], vec![]] };
    let c = Map::Concat(vec![wide.clone(), Map::rule(Rule::Unit)]);
    assert_eq!(c.dim(1), u32::MAX as usize + 2);
    assert_eq!(
        c.at(1, 1, &[]).unwrap_err(),
        "too large: a concatenation has more than 4294967295 coordinates"
    );
    // Just inside: the unit vector right after a part of 2^32 − 3 coordinates.
    let fits = Map::Concat(vec![
        Map::Table { dim: u32::MAX as usize - 2, rows: vec![vec![], vec![]] },
        Map::rule(Rule::Unit),
    ]);
    assert_eq!(fits.at(1, 1, &[]).unwrap(), vec![(u32::MAX - 1, qi(1))]);
}

#[test]
fn an_argument_that_is_not_utf8_is_one_line() {
    let bad = std::ffi::OsStr::from_bytes(b"/tmp/\xff\n.json");
    for args in [vec![std::ffi::OsStr::new("verify"), bad], vec![bad]] {
        let (code, out, err) = minip_os(1, &args);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (
                2,
                "",
                "minip: error: the argument '/tmp/\u{fffd}\\n.json' is not valid UTF-8 (arguments and paths are read as text)\n"
            ),
            "{args:?}"
        );
    }
}

/// A head file whose maps do not fit together is refused on their shapes, before any of its
/// numbers is read exactly (two million 25-digit rationals took about 3 s to read before the
/// dimensions were compared); a malformed last map likewise.
#[test]
fn a_head_file_is_refused_on_its_shapes_before_its_numbers_are_read() {
    let d = tmp("shapes");
    let digits = "\"1234567890123456789012345\"";
    // The first entry is not a number at all: the shapes are compared before any entry is
    // read, so the shape is what is reported (reading the numbers first reported this entry).
    let row = format!("\"x\",{}", vec![digits; 299_999].join(","));
    let head = |beta: &str| {
        format!(
            "{{\"format\":\"minip-head/1\",\"m\":1,\"phi_q\":{{\"table\":{{\"0\":[{row}],\"1\":[{row}]}}}},\
             \"phi_k\":\"unit\",\"v\":\"bits\",\"w\":\"bits\",\"beta\":\"{beta}\"}}"
        )
    };
    for (name, beta, want) in [
        ("dims.json", "zero", "mismatched dimensions: phi_q has dimension 300000, phi_k has 2"),
        (
            "last.json",
            "nonsense",
            "beta: unknown rule 'nonsense' (expected ones, zero, bits, not_bits, weight, unit, row)",
        ),
    ] {
        let f = d.join(name);
        std::fs::write(&f, head(beta)).unwrap();
        let f = f.to_str().unwrap();
        let (code, out, err) = minip(5, &["head", "verify", f, "--len", "1"]);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (2, "", format!("minip: error: {f}: {want}\n").as_str())
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}
