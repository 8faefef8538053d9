//! `minip-check [FLAGS] PATH...`: checks every certificate file under the paths (directories
//! recursively) with the checker alone, in parallel, reported in a fixed order. Exit 0 when
//! every certificate holds, 1 when one is rejected, 2 for unreadable or malformed input, a
//! limit, or when there is nothing to check. Flags are parsed by hand (no CLI framework).

use minip_check::error::{Error, Res};
use minip_check::verify::{self, collect_walk, exit_code, EXIT_INPUT};
use std::io::Write;
use std::path::PathBuf;

/// The usage text; the list of formats is the registry's (`minip_check::format::FORMATS`).
fn usage() -> String {
    let mut formats = String::new();
    for f in minip_check::format::FORMATS {
        let names = f.names.join(", ");
        if names.chars().count() > 29 {
            // Long names (a format read in two versions) on a line of their own.
            formats.push_str(&format!("  {names}\n  {:<29} {}\n", "", f.about));
        } else {
            formats.push_str(&format!("  {names:<29} {}\n", f.about));
        }
    }
    format!(
        "usage: minip-check [--json] [--quiet] [--jobs N] PATH...
       minip-check --dimacs RANK-CERTIFICATE.json   (the CNF its maximality proof refutes)
       minip-check --help | --version

Checks minip certificates in exact rational arithmetic, rebuilding every row from the stated
parameters. Directories are searched recursively for *.json: symbolic links to regular files
inside the tree are followed, other links, FIFOs, sockets and devices are skipped and reported.
Each line names the whole claim, the setting (task, kernel, positions, keys, at) included
whenever it is not the default.

Formats (a file's \"format\" field) and what a checked file proves:
{formats}
Flags:
  --json       one JSON object per file (kind verify.file: path, verdict, claim, summary, reason)
  --quiet      print only failures, skipped entries and the closing count
  --jobs N     check N files at a time (default: the available cores plus one; 1..=256)
  --dimacs F   print the CNF that the maximality proof of rank certificate F refutes
  --help, --version

Exit status: 0 every certificate holds, 1 a certificate was rejected,
2 unreadable or malformed input, a limit (\"too large to check\"), or no certificate found.
"
    )
}

/// The parsed command line.
#[derive(Debug, Default)]
struct Args {
    json: bool,
    quiet: bool,
    jobs: Option<usize>,
    dimacs: Option<String>,
    paths: Vec<PathBuf>,
    help: bool,
    version: bool,
}

/// The flags and paths; every refusal is a usage error ([`Error::Input`], exit 2).
fn parse_args(args: &[String]) -> Res<Args> {
    let mut a = Args::default();
    let mut it = args.iter();
    let mut flags_done = false;
    while let Some(arg) = it.next() {
        if flags_done || !arg.starts_with('-') || arg == "-" {
            a.paths.push(PathBuf::from(arg));
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |what: &str| -> Res<String> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| Error::Input(format!("{name} needs {what}")))
        };
        match name {
            "--" => flags_done = true,
            "-h" | "--help" => a.help = true,
            "-V" | "--version" => a.version = true,
            "--json" => a.json = true,
            "-q" | "--quiet" => a.quiet = true,
            "-j" | "--jobs" => {
                let v = value("a number of threads")?;
                let n: usize =
                    v.parse().map_err(|_| Error::Input(format!("--jobs: '{v}' is not a number")))?;
                if !(1..=minip_check::limits::MAX_JOBS).contains(&n) {
                    return Err(Error::Input(format!(
                        "--jobs: need 1..={} threads, not {n}",
                        minip_check::limits::MAX_JOBS
                    )));
                }
                a.jobs = Some(n);
            }
            "--dimacs" => a.dimacs = Some(value("a rank certificate")?),
            _ => {
                return Err(Error::Input(format!(
                    "unknown flag '{}' (see --help)",
                    minip_check::error::one_line(arg)
                )))
            }
        }
        if inline.is_some() && !matches!(name, "--jobs" | "--dimacs") {
            return Err(Error::Input(format!("{name} takes no value")));
        }
    }
    Ok(a)
}

/// Writes to standard output; a failed write (a closed pipe, a full disk) ends the run with
/// exit 2 and a one-line error, never a panic.
fn out(text: &str) {
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_all(text.as_bytes()).and_then(|_| o.flush()) {
        // The same words as minip: a closed pipe is named as such, anything else by its error.
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            fail("cannot write to standard output: the reader closed the pipe");
        }
        fail(&format!("cannot write to standard output: {e}"));
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("minip-check: error: {}", minip_check::error::one_line(msg));
    std::process::exit(EXIT_INPUT);
}

fn main() {
    // A panic is a bug; a check that panics is reported on its file's line (`verify_file`), so
    // the message here is one line, never a backtrace note.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        eprintln!("minip-check: internal error: {}{at}", minip_check::error::one_line(&what));
    }));
    let raw: Vec<String> = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();
    let a = match parse_args(&raw) {
        Ok(a) => a,
        Err(e) => fail(&e),
    };
    if a.help {
        out(&usage());
        return;
    }
    if a.version {
        out(&format!("minip-check {}\n", env!("CARGO_PKG_VERSION")));
        return;
    }
    if let Some(cert) = &a.dimacs {
        if !a.paths.is_empty() {
            fail("--dimacs takes one rank certificate and no paths");
        }
        dimacs(cert);
        return;
    }
    if a.paths.is_empty() {
        eprint!("{}", usage());
        std::process::exit(EXIT_INPUT);
    }
    let walk = match collect_walk(&a.paths, "json") {
        Ok(w) => w,
        Err(e) => fail(&e),
    };
    let mut results = Vec::with_capacity(walk.files.len());
    // The threads `verify_stream` starts (as many as asked, at most one per file), checked
    // first: a count the system cannot start is a one-line error, not a failure mid-run.
    let (jobs, from) = match a.jobs {
        Some(j) => (j, format!("--jobs {j}")),
        None => (verify::default_jobs(), "one per core, plus one".to_string()),
    };
    let workers = jobs.clamp(1, minip_check::limits::MAX_JOBS).min(walk.files.len().max(1));
    if let Err(e) = can_start(workers) {
        fail(&format!("cannot start {workers} worker threads ({from}): {e}; ask for fewer with --jobs"));
    }
    verify::verify_stream(&walk.files, jobs, |r| {
        if a.json {
            out(&json_line(&r));
        } else if !a.quiet || r.result.is_err() {
            out(&verify::line(&r));
        }
        results.push(r);
    });
    for s in &walk.skipped {
        if a.json {
            let v = serde_json::json!({
                "kind": "verify.file",
                "path": s.path.display().to_string(),
                "verdict": if s.unreadable { "invalid" } else { "skipped" },
                "reason": s.reason,
            });
            out(&(v.to_string() + "\n"));
        } else {
            out(&verify::skipped_line(s));
        }
    }
    if !a.json {
        out(&verify::tally(&results));
    }
    if results.is_empty() {
        eprintln!("minip-check: error: no certificates found under the given paths");
    }
    let unreadable = walk.skipped.iter().any(|s| s.unreadable);
    std::process::exit(if unreadable { EXIT_INPUT } else { exit_code(&results) });
}

/// Starts `n` threads that all run at once, then ends them: `Err` when the system cannot
/// (address space, process limits). Before the first, the allocator is held to one arena per
/// core (glibc gives each thread that allocates its own arena of 64 MiB of address space, up to
/// 8 per core: 16 arenas on 2 cores fill `prlimit --as=1GiB` before any work); with that,
/// 256 workers fit in 1 GiB.
fn can_start(n: usize) -> std::io::Result<()> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        const M_ARENA_MAX: i32 = -8;
        let cores = (verify::default_jobs() - 1).clamp(2, 1024) as i32;
        // SAFETY: glibc's mallopt, called before any other thread of this process exists.
        unsafe { mallopt(M_ARENA_MAX, cores) };
    }
    use std::sync::{Arc, RwLock};
    let gate = Arc::new(RwLock::new(()));
    let hold = gate.write().unwrap_or_else(|e| e.into_inner());
    let mut started = Vec::with_capacity(n);
    let mut failure = None;
    for _ in 0..n {
        let g = Arc::clone(&gate);
        let worker = move || drop(g.read());
        match std::thread::Builder::new().spawn(worker) {
            Ok(h) => started.push(h),
            Err(e) => {
                failure = Some(e);
                break;
            }
        }
    }
    drop(hold);
    for h in started {
        let _ = h.join();
    }
    failure.map_or(Ok(()), Err)
}

/// A `verify.file` record: the claim as data and its summary line, or the reason.
fn json_line(r: &verify::FileResult) -> String {
    let mut v = serde_json::json!({
        "kind": "verify.file",
        "path": r.path.display().to_string(),
        "verdict": r.status().name(),
    });
    match &r.result {
        Ok(claim) => {
            v["claim"] = serde_json::to_value(claim).expect("a claim serializes");
            v["summary"] = claim.to_string().into();
        }
        Err(e) => v["reason"] = e.to_string().into(),
    }
    v.to_string() + "\n"
}

/// For outside DRAT checkers (drat-trim CNF PROOF): the formula rebuilt from the certificate's
/// stated parameters, exactly as this checker checks the proof against it.
fn dimacs(cert: &str) {
    match minip_check::read::read(std::path::Path::new(cert)) {
        Ok(minip_check::format::AnyCertificate::Rank(c)) if c.maximal.is_some() => {
            let p = &c.params;
            let shape = match minip_check::model::code::Shape::new(p.m, p.h, p.lo, p.hi) {
                Ok(s) => s,
                Err(e) => fail(&e),
            };
            let k = c.maximal.as_ref().map(|m| m.refuted).unwrap_or(0);
            if minip_check::rows::cnf::estimate(shape, k) > minip_check::limits::MAX_CNF_LITERALS {
                fail(&format!("too large: the CNF for {k} pairs"));
            }
            out(&minip_check::rows::cnf::encode(shape, k).formula.dimacs());
        }
        Ok(_) => fail(&format!("{cert}: not a rank certificate with a maximality proof")),
        Err(e) => fail(&format!("{cert}: {e}")),
    }
}
