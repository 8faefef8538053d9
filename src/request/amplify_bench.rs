//! `amplify-bench`: certified ratios `R(0, h; h)` (n = 3, ε = 1/2) timed, side by side with
//! exact LP solvers run on the same exported LP. `validate` checks every h before any work;
//! `run` hands over each row as it is done.

use super::{Control, Error};
pub use crate::batch::bench::AmplifyBenchRow;
use crate::batch::bench::Yardstick;
use crate::certify::ratio::check_size;
use crate::error::At;
use minip_check::rational::parse_rational;

/// An `amplify-bench` request as the command line reads it.
#[derive(Clone, Debug)]
pub struct AmplifyBench {
    /// Query weights: a comma list of values and ranges.
    pub h: String,
    /// `esolver`, `glpsol`, `both` or `none`.
    pub against: String,
    /// Seconds before a yardstick is stopped.
    pub timeout: u64,
}

impl Default for AmplifyBench {
    /// The command line's defaults: h = 48, 64, …, 160, 168 against esolver, 600 s.
    fn default() -> AmplifyBench {
        AmplifyBench { h: "48,64,80,96,112,128,144,160,168".into(), against: "esolver".into(), timeout: 600 }
    }
}

/// The longest a yardstick may run, in seconds.
pub const MAX_TIMEOUT: u64 = 86_400;

/// A validated `amplify-bench`.
pub struct Bench {
    pub hs: Vec<u32>,
    pub tools: Vec<Yardstick>,
    pub timeout: u64,
}

/// What an `amplify-bench` run found beyond its rows.
pub struct Timings {
    /// The smallest speed-up measured against the first yardstick.
    pub worst: Option<f64>,
    /// How many yardstick values differ from the certified ratio.
    pub disagree: usize,
    /// The first yardstick run without an optimal value, and how many there were.
    pub failed: Option<String>,
    pub failures: usize,
}

impl AmplifyBench {
    /// Every h checked before any work.
    pub fn validate(&self) -> Result<Bench, Error> {
        let eps = parse_rational("1/2").expect("literal");
        let hs = crate::ranges::parse_list(&self.h).at("--h")?;
        for &h in &hs {
            check_size(3, &eps, h, 0, h, false).at("--h")?;
        }
        let tools: Vec<Yardstick> = match self.against.as_str() {
            "esolver" => vec![Yardstick::Esolver],
            "glpsol" => vec![Yardstick::Glpsol],
            "both" => vec![Yardstick::Esolver, Yardstick::Glpsol],
            "none" => vec![],
            other => {
                return Err(Error::Input(format!(
                    "--against: '{other}' is not esolver, glpsol, both or none"
                )))
            }
        };
        super::at_most("--timeout", self.timeout, MAX_TIMEOUT, "seconds")?;
        Ok(Bench { hs, tools, timeout: self.timeout })
    }
}

impl Bench {
    /// Times every h in turn, handing each row to `sink` as it is done.
    pub fn run(
        &self,
        ctl: &Control,
        sink: &mut dyn FnMut(&AmplifyBenchRow) -> Result<(), Error>,
    ) -> Result<Timings, Error> {
        let spin = ctl.meter(self.hs.len() as u64, "h");
        let mut t = Timings { worst: None, disagree: 0, failed: None, failures: 0 };
        for &h in &self.hs {
            let row = crate::batch::bench::amplify_row(h, &self.tools, self.timeout)?;
            spin.inc(1);
            // Only a yardstick that reached the certified ratio (or the timeout) has a speed-up.
            if let Some(y) = row.yardsticks.first().filter(|y| y.measured()) {
                t.worst = Some(t.worst.map_or(y.speedup, |w: f64| w.min(y.speedup)));
            }
            t.disagree += row.yardsticks.iter().filter(|y| y.differs()).count();
            for y in row.yardsticks.iter().filter(|y| y.failed()) {
                t.failed.get_or_insert_with(|| format!("{} at h = {}: {}", y.solver, row.h, y.said));
                t.failures += 1;
            }
            sink(&row)?;
        }
        spin.finish();
        Ok(t)
    }

    /// The header of the table, with the worker threads of minip's solve (rayon's pool).
    pub fn header(&self) -> String {
        let threads = rayon::current_num_threads();
        let mut head = format!(
            "amplify-bench: R(0, h; h), n = 3, eps = 1/2. minip: certified in process (route closed: the descent point and the chain multipliers under `exact`, then the checker; the LP routes: rows, HiGHS, exact solves and pivots, checker; rayon threads {threads}); yardsticks: the process on `minip amplify --h H --export-lp` (parsing included), run after minip, never at the same time.\n\n"
        );
        head.push_str(&format!(
            "{:<4} {:<9} {:<24} {:<12} {:<34}",
            "h", "minip s", "rows/HiGHS/exact/check s", "route", "R"
        ));
        for t in &self.tools {
            head.push_str(&format!(" {:<22} {:<9}", format!("{} s", t.name()), "speed-up"));
        }
        head.push('\n');
        head
    }

    /// One row of the table.
    pub fn line(row: &AmplifyBenchRow) -> String {
        let mut line = format!(
            "{:<4} {:<9} {:<24} {:<12} {:<34}",
            row.h,
            format!("{:.3}", row.seconds),
            format!(
                "{:.3}/{:.3}/{:.3}/{:.3}",
                row.rows_seconds, row.highs_seconds, row.exact_seconds, row.check_seconds
            ),
            format!("{} ({})", row.route, row.pivots),
            row.ratio
        );
        for y in &row.yardsticks {
            let said = match y.agrees {
                Some(true) => format!("{:.2}, =R", y.seconds),
                Some(false) if y.differs() => format!("{:.2}, NOT R", y.seconds),
                _ => y.said.clone(),
            };
            let speedup = if y.measured() {
                format!("{}{:.1}x", if y.timed_out { ">" } else { "" }, y.speedup)
            } else {
                "-".into()
            };
            line.push_str(&format!(" {:<22} {:<9}", said, speedup));
        }
        line.push('\n');
        line
    }
}

impl Timings {
    /// The exit status: 1 when a yardstick value differs from the certified ratio, 2 when a
    /// yardstick run gave no optimal value, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.disagree > 0 {
            1
        } else {
            self.failure().map_or(0, |e| e.exit_code())
        }
    }

    /// A yardstick run that gave no optimal value: no speed-up was measured there (exit 2).
    pub fn failure(&self) -> Option<Error> {
        self.failed.as_ref().map(|first| {
            Error::Unknown(format!(
                "{} yardstick run{} gave no optimal value, so no speed-up was measured there (first: {first})",
                self.failures,
                if self.failures == 1 { "" } else { "s" }
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_command_lines() {
        let b = AmplifyBench::default();
        assert_eq!((b.against.as_str(), b.timeout), ("esolver", 600));
        let job = b.validate().unwrap();
        assert_eq!(job.hs, vec![48, 64, 80, 96, 112, 128, 144, 160, 168]);
        assert_eq!(job.tools, vec![Yardstick::Esolver]);
    }

    #[test]
    fn refusals_have_the_command_lines_words_and_kinds() {
        let bench = |h: &str, against: &str, timeout: u64| {
            AmplifyBench { h: h.into(), against: against.into(), timeout }.validate().err()
        };
        assert_eq!(
            bench("48", "cplex", 600),
            Some(Error::Input("--against: 'cplex' is not esolver, glpsol, both or none".into()))
        );
        assert!(
            matches!(bench("48", "none", MAX_TIMEOUT + 1), Some(Error::TooLarge(m)) if m.contains("--timeout"))
        );
        assert!(bench("", "none", 600)
            .unwrap()
            .to_string()
            .starts_with("--h: malformed range '' (accepted: "));
        assert_eq!(bench("5..=4", "none", 600), Some(Error::Input("--h: empty range".into())));
        // h = 513 is past the row LP limit: a limit, not malformed input.
        assert!(matches!(bench("48,513", "none", 600), Some(Error::TooLarge(m)) if m.starts_with("--h: ")));
    }
}
