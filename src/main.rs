//! The `minip` binary: the panic hook (a panic is one line and exit 101, never a backtrace), then
//! the command line of `minip::cli`, whose exit status the process returns.

use minip_check::error::one_line;

/// A panic is a bug: one line on stderr, `minip: internal error: MESSAGE (at FILE:LINE)`, with
/// the message escaped so that no part of it starts a line of its own; the process then ends
/// with the status of a panic (101). A check that panics in `minip verify` is still reported
/// on its file's line (`minip_check::verify::verify_file`), this line on stderr besides.
fn one_line_panic(info: &std::panic::PanicHookInfo) {
    use std::io::Write;
    let payload = info.payload();
    let what = (payload.downcast_ref::<&str>().copied())
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic without a message");
    let at = info.location().map(|l| format!(" (at {}:{})", l.file(), l.line())).unwrap_or_default();
    // Written whatever the state of stderr: a hook that panicked would abort.
    let _ = writeln!(std::io::stderr(), "minip: internal error: {}{at}", one_line(what));
}

fn main() {
    std::panic::set_hook(Box::new(one_line_panic));
    // Arguments and paths are read as text: one that is not UTF-8 is refused here, in one line.
    if let Some(bad) = std::env::args_os().skip(1).find(|a| a.to_str().is_none()) {
        eprintln!(
            "minip: error: the argument '{}' is not valid UTF-8 (arguments and paths are read as text)",
            one_line(&bad.to_string_lossy())
        );
        std::process::exit(2);
    }
    std::process::exit(minip::cli::run());
}

#[cfg(test)]
mod tests {
    use std::process::Command;

    /// The hook as the binary installs it, in a child process of this test (the same test,
    /// told by the environment to panic): one escaped line that names the place of the panic.
    #[test]
    fn a_panic_is_one_line_on_stderr() {
        const CHILD: &str = "MINIP_TEST_PANIC_CHILD";
        if std::env::var_os(CHILD).is_some() {
            std::panic::set_hook(Box::new(super::one_line_panic));
            panic!("two\nlines and a {} value", "formatted");
        }
        let out = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "tests::a_panic_is_one_line_on_stderr", "--nocapture", "--test-threads=1"])
            .env(CHILD, "1")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let rest = err
            .strip_prefix("minip: internal error: two\\nlines and a formatted value (at src/main.rs:")
            .and_then(|r| r.strip_suffix(")\n"))
            .unwrap_or_else(|| panic!("not the one line: {err:?}"));
        let line: usize = rest.parse().unwrap();
        let source = include_str!("main.rs").lines().nth(line - 1).unwrap();
        assert!(source.trim_start().starts_with("panic!(\"two"), "{line}: {source}");
        // The test that panicked failed: the child's status is not 0.
        assert_ne!(out.status.code(), Some(0));
    }
}
