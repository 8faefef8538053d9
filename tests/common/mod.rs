//! What the hostile-input tests share: the repository root, a fresh scratch directory per test,
//! and a program run under `timeout -s KILL` and `prlimit --as` (the contract's bounds), with its
//! exit code and both streams. Each test file uses part of it.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// 1 GiB of address space: every refusal fits in it.
pub const GIB: u64 = 1 << 30;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `minip ARGS` from the repository root: `(exit code, stdout, stderr)`; killed by a signal is -1.
pub fn minip(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_minip")).args(args).current_dir(root()).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A new empty scratch directory `minip-<prefix>-<pid>-<name>` under the system's temp dir.
pub fn tmp(prefix: &str, name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("minip-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `program ARGS` in `dir` with `env` set, under `prlimit --as=mem` and `timeout -s KILL secs`,
/// no standard input: `(exit, stdout, stderr)`; killed or aborted by a signal is -1.
pub fn capped<S: AsRef<OsStr>>(
    dir: &Path,
    program: &Path,
    env: &[(&str, &str)],
    mem: u64,
    secs: u64,
    args: &[S],
) -> (i32, String, String) {
    let out = Command::new("timeout")
        .args(["-s", "KILL", &secs.to_string(), "prlimit", &format!("--as={mem}"), "--"])
        .arg(program)
        .args(args)
        .envs(env.iter().copied())
        .env_remove("RUST_BACKTRACE")
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("timeout and prlimit (util-linux) are installed");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}
