//! The table's machinery: fixtures, the capped runs of the two binaries, the files a row
//! writes, and the search for a boundary.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn fixture(name: &str) -> PathBuf {
    root().join("crates/minip-check/tests/fixtures").join(name)
}

pub fn load(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap()
}

/// What the just-inside run must do.
pub enum Inside {
    /// Finish within `secs` and 1 GiB with exit `code`, `needle` on stdout.
    Works { code: i32, needle: String, secs: u64 },
    /// Not refused: still running (or finished with 0 or 1) after `secs`. For the one limit whose
    /// boundary input is minutes of legitimate work (the row LP at h = 512).
    Accepted { secs: u64 },
    /// The inside input of the named row: another limit binds first on this side (the row's
    /// comment says why), so that row's run is this one's too.
    AsRow(&'static str),
}

pub struct Row {
    pub limit: &'static str,
    /// Constants of `minip_check::limits` (or the solver side's) this row is the boundary of.
    pub consts: &'static [&'static str],
    /// The text of `minip help limits` it covers (whitespace-normalised).
    pub printed: &'static [&'static str],
    pub inside: Vec<String>,
    pub expect_inside: Inside,
    /// Address space of the inside run (1 GiB but for `--jobs`, whose thread stacks and malloc
    /// arenas are reserved, not used).
    pub inside_mem: u64,
    pub outside: Vec<String>,
    /// In the one-line refusal.
    pub refusal: String,
}

pub fn args(s: &str) -> Vec<String> {
    s.split(' ').map(String::from).collect()
}

pub fn works(code: i32, needle: impl Into<String>, secs: u64) -> Inside {
    Inside::Works { code, needle: needle.into(), secs }
}

/// The binary a row runs: `minip`, or `minip-check` when the arguments start with it (built by
/// `cargo test --workspace` or `cargo build --release -p minip-check`, next to `minip`).
pub fn command(a: &[String]) -> (PathBuf, &[String]) {
    let minip = PathBuf::from(env!("CARGO_BIN_EXE_minip"));
    if a.first().map(String::as_str) == Some("minip-check") {
        let check = minip.with_file_name("minip-check");
        assert!(check.exists(), "{} is not built: cargo build --release -p minip-check", check.display());
        (check, &a[1..])
    } else {
        (minip, a)
    }
}

/// `ARGS` under `timeout -s KILL secs` and `prlimit --as=mem`: (exit, stdout, stderr); killed by
/// the timeout or aborted is -1.
pub fn run(secs: u64, mem: u64, a: &[String]) -> (i32, String, String) {
    let (bin, a) = command(a);
    crate::common::capped(&root(), bin.as_ref(), &[], mem, secs, a)
}

/// Not refused within `secs` (under `prlimit --as=mem`): still running then, or finished with 0
/// or 1. `Err` with the exit status and stderr otherwise.
pub fn accepted(secs: u64, mem: u64, a: &[String]) -> Result<(), String> {
    let (bin, a) = command(a);
    let mut child = Command::new("prlimit")
        .arg(format!("--as={mem}"))
        .arg("--")
        .arg(bin)
        .args(a)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(secs) {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
            return match status.code() {
                Some(0 | 1) => Ok(()),
                c => Err(format!("exit {c:?}: {err}")),
            };
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    Ok(())
}

/// The `minip-ratio/2` certificate of tests/hostile.rs: point `A_h = 1`, the checker walks
/// almost every multiset before the violated row of the multiset of 1s.
pub fn zero_ratio(n: u32, h: u32) -> Value {
    let k = h as usize + 2;
    let mut a = vec!["0".to_string(); k];
    let p = a.clone();
    a[h as usize] = "1".into();
    json!({"format": "minip-ratio/2",
        "params": {"n": n, "eps": "1/2", "h": h, "lo": 0, "hi": h, "superset": true},
        "ratio": "0", "alpha": a, "p": p, "multipliers": []})
}

pub fn ratio_work(v: &Value) -> u128 {
    let c: minip_check::format::ratio::RatioCertificate = serde_json::from_value(v.clone()).unwrap();
    minip_check::check::ratio::ratio_work(&c).unwrap()
}

/// The gap certificate with every multiplier (and `yᵀg`) times `10^e`: still valid.
pub fn scaled_gap(e: usize) -> Value {
    let mut v = load("gap_holds.json");
    let scale = |s: &str| -> String {
        if s == "0" {
            return s.into();
        }
        let (n, d) = s.split_once('/').unwrap_or((s, "1"));
        let n = format!("{n}{}", "0".repeat(e));
        if d == "1" {
            n
        } else {
            format!("{n}/{d}")
        }
    };
    for r in v["farkas"]["rows"].as_array_mut().unwrap() {
        r["multiplier"] = scale(r["multiplier"].as_str().unwrap()).into();
    }
    v["farkas"]["combined_rhs"] = scale(v["farkas"]["combined_rhs"].as_str().unwrap()).into();
    v
}

pub fn longest_number(v: &Value) -> usize {
    let mut ns: Vec<&str> =
        v["farkas"]["rows"].as_array().unwrap().iter().map(|r| r["multiplier"].as_str().unwrap()).collect();
    ns.push(v["farkas"]["combined_rhs"].as_str().unwrap());
    ns.iter().map(|s| s.bytes().filter(u8::is_ascii_digit).count()).max().unwrap()
}

pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// `m04.json` (a rank certificate with its maximality proof) in a directory of its own.
pub fn rank_dir(dir: &Path, name: &str, v: &Value, proof: Option<&[u8]>) -> String {
    let d = dir.join(name);
    std::fs::create_dir_all(&d).unwrap();
    if let Some(p) = proof {
        std::fs::write(d.join("m04.maximal.drat"), p).unwrap();
    }
    write(&d, "m04.json", &v.to_string())
}

/// The largest `x` in `lo..=hi` with `ok(x)` (monotone: true then false).
pub fn last_true(lo: u64, hi: u64, ok: impl Fn(u64) -> bool) -> u64 {
    assert!(ok(lo) && !ok(hi + 1));
    let (mut a, mut b) = (lo, hi + 1);
    while b - a > 1 {
        let c = a + (b - a) / 2;
        if ok(c) {
            a = c
        } else {
            b = c
        }
    }
    a
}
