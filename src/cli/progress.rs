//! Progress bars on stderr (indicatif), the command line's meters for `control::Control`.

use crate::control::{Meter, Meters};
use std::sync::Arc;

struct Bar(indicatif::ProgressBar);

impl Meter for Bar {
    fn inc(&self, n: u64) {
        self.0.inc(n);
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

/// A bar per run: `⠁ 12/40 instances [00:00:03] ███░░░ 7s`.
pub fn meters() -> Meters {
    Arc::new(|len: u64, label: &str| -> Box<dyn Meter> {
        let b = indicatif::ProgressBar::new(len);
        b.set_style(
            indicatif::ProgressStyle::with_template(&format!(
                "{{spinner}} {{pos}}/{{len}} {label} [{{elapsed_precise}}] {{wide_bar}} {{eta}}"
            ))
            .expect("valid template"),
        );
        Box::new(Bar(b))
    })
}
