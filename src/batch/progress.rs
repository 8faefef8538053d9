//! Progress on stderr, only with the `cli` feature (indicatif) and only when asked for;
//! otherwise every call is a no-op, so library users get no output.

/// A progress bar, or nothing.
pub struct Bar {
    #[cfg(feature = "cli")]
    bar: Option<indicatif::ProgressBar>,
}

impl Bar {
    /// A bar of `len` steps labelled `label`; hidden unless `show`.
    #[allow(unused_variables)]
    pub fn new(len: u64, label: &str, show: bool) -> Bar {
        #[cfg(feature = "cli")]
        {
            let bar = show.then(|| {
                let b = indicatif::ProgressBar::new(len);
                b.set_style(
                    indicatif::ProgressStyle::with_template(&format!(
                        "{{spinner}} {{pos}}/{{len}} {label} [{{elapsed_precise}}] {{wide_bar}} {{eta}}"
                    ))
                    .expect("valid template"),
                );
                b
            });
            Bar { bar }
        }
        #[cfg(not(feature = "cli"))]
        Bar {}
    }
    pub fn inc(&self, n: u64) {
        #[cfg(feature = "cli")]
        if let Some(b) = &self.bar {
            b.inc(n);
        }
        #[cfg(not(feature = "cli"))]
        let _ = n;
    }
    pub fn finish(&self) {
        #[cfg(feature = "cli")]
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
