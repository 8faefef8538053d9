//! `minip-check PATH...`: checks every certificate file under the paths (directories
//! recursively) with the checker alone. Exit 0 when every certificate holds, 1 when one
//! is rejected, 2 for unreadable or malformed input or when there is nothing to check.

use minip_check::verify::{collect, exit_code, report, verify_file, EXIT_INPUT};
use std::io::Write;
use std::path::PathBuf;

const USAGE: &str = "usage: minip-check PATH...
       minip-check --dimacs RANK-CERTIFICATE.json   (the CNF its maximality proof refutes)

Checks minip certificates (minip-gap/1, minip-sharp/1, minip-ratio/2, minip-ratio-bound/1,
minip-rank/2, minip-rank-linear/1, minip-poly-head/1, minip-poly-none/1) in exact
rational arithmetic, rebuilding every row from the stated parameters. Directories are searched
recursively for *.json. Exit status: 0 every certificate holds, 1 a certificate was rejected,
2 unreadable or malformed input, or no certificate found.";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        std::process::exit(if args.is_empty() { EXIT_INPUT } else { 0 });
    }
    if args.iter().any(|a| a == "-V" || a == "--version") {
        println!("minip-check {}", env!("CARGO_PKG_VERSION"));
        return;
    }
    if args[0] == "--dimacs" {
        // For outside DRAT checkers (drat-trim CNF PROOF): the formula rebuilt from the
        // certificate's stated parameters, exactly as this checker checks the proof against it.
        let [_, cert] = args.as_slice() else {
            eprintln!("minip-check: error: --dimacs takes one rank certificate");
            std::process::exit(EXIT_INPUT);
        };
        match minip_check::read::read(std::path::Path::new(cert)) {
            Ok(minip_check::format::AnyCertificate::Rank(c)) if c.maximal.is_some() => {
                let p = &c.params;
                let shape = match minip_check::model::code::Shape::new(p.m, p.h, p.lo, p.hi) {
                    Ok(s) => s,
                    Err(e) => {
                        eprintln!("minip-check: error: {e}");
                        std::process::exit(EXIT_INPUT);
                    }
                };
                let k = c.maximal.as_ref().map(|m| m.refuted).unwrap_or(0);
                if minip_check::rows::cnf::estimate(shape, k) > minip_check::limits::MAX_CNF_LITERALS {
                    eprintln!("minip-check: error: too large: the CNF for {k} pairs");
                    std::process::exit(EXIT_INPUT);
                }
                print!("{}", minip_check::rows::cnf::encode(shape, k).formula.dimacs());
                return;
            }
            Ok(_) => eprintln!("minip-check: error: {cert}: not a rank certificate with a maximality proof"),
            Err(e) => eprintln!("minip-check: error: {cert}: {e}"),
        }
        std::process::exit(EXIT_INPUT);
    }
    let paths: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
    let files = match collect(&paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("minip-check: error: {e}");
            std::process::exit(EXIT_INPUT);
        }
    };
    let results: Vec<_> = files.iter().map(|f| verify_file(f)).collect();
    let text = report(&results);
    let mut out = std::io::stdout().lock();
    if out.write_all(text.as_bytes()).and_then(|_| out.flush()).is_err() {
        eprintln!("minip-check: error: cannot write the report to standard output");
        std::process::exit(EXIT_INPUT);
    }
    if results.is_empty() {
        eprintln!("minip-check: error: no certificates found under the given paths");
    }
    std::process::exit(exit_code(&results));
}
