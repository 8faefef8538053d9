//! Progress bars on stderr (indicatif), the command line's meters for `control::Control`.

use crate::control::{Meter, Meters};
use std::sync::Arc;
use std::time::Duration;

struct Bar(indicatif::ProgressBar);

impl Meter for Bar {
    fn inc(&self, n: u64) {
        self.0.inc(n);
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

/// A bar per run: `⠁ 12/40 instances [00:00:03] ███░░░ 7s`. The spinner and the elapsed time
/// are redrawn every 200 ms whether or not a step ended, so a run of one long item (`rank --m
/// 24`, `rank --linear --m 256`) shows that it is working and for how long. indicatif draws
/// only when stderr is a terminal.
pub fn meters() -> Meters {
    Arc::new(|len: u64, label: &str| -> Box<dyn Meter> {
        let b = indicatif::ProgressBar::new(len);
        b.enable_steady_tick(Duration::from_millis(200));
        b.set_style(
            indicatif::ProgressStyle::with_template(&format!(
                "{{spinner}} {{pos}}/{{len}} {label} [{{elapsed_precise}}] {{wide_bar}} {{eta}}"
            ))
            .expect("valid template"),
        );
        Box::new(Bar(b))
    })
}
