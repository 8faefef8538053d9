//! `minip bench`: the regression grid (or a grid file) swept and certificates verified, timed.
//! Arguments into `crate::request::sweep::Bench`, its result printed.

use super::{ctl, emit};
use crate::error::Error;
use crate::print::json;
use crate::request::sweep::Bench;
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub struct BenchArgs {
    /// Grid file to sweep (default: the regression grid, built into the binary).
    #[arg(long)]
    grid: Option<PathBuf>,
    /// Certificates to verify as well (e.g. proofs).
    #[arg(long)]
    proofs: Option<PathBuf>,
    /// One JSON object (kind bench.run) instead of the lines.
    #[arg(long)]
    json: bool,
}

pub fn cmd_bench(a: BenchArgs) -> Result<i32, Error> {
    let b = Bench { grid: a.grid, proofs: a.proofs }.validate()?.run(ctl())?;
    if a.json {
        emit(&json::record("bench.run", &b.json()))?;
    } else {
        emit(&b.text())?;
    }
    Ok(b.exit_code())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct BenchCli {
        #[command(flatten)]
        a: BenchArgs,
    }

    #[test]
    fn the_requests_defaults_are_the_command_lines() {
        let a = BenchCli::parse_from(["bench"]).a;
        assert_eq!(Bench { grid: a.grid, proofs: a.proofs }, Bench::default());
    }
}
