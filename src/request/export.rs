//! `minip export coq CERT... --out DIR` as a request: certificates that the checker accepts,
//! written as Coq data for `proofs/coq`, one `.v` file per CERT (a file, or a directory
//! searched recursively). The text is `crate::print::coq`.

use super::{Control, Error};
use crate::error::At;
use crate::print::coq::{module_name, CoqBatch};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// `minip export coq`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportCoq {
    /// Certificate files or directories.
    pub certs: Vec<PathBuf>,
    /// The output directory (made by `super::gap::out_dir` before the run).
    pub out: PathBuf,
}

/// One `.v` file to write: the argument it comes from, its module name, its certificates.
#[derive(Clone, Debug)]
struct Plan {
    source: String,
    name: String,
    files: Vec<PathBuf>,
}

/// A validated export: one plan per argument.
#[derive(Clone, Debug)]
pub struct Exporting {
    plans: Vec<Plan>,
    out: PathBuf,
}

impl ExportCoq {
    /// Refuses two arguments that give the same Coq file, an argument with no certificate,
    /// and an output directory where a `.v` file would replace one of the certificates read
    /// (or a link to one).
    pub fn validate(&self) -> Result<Exporting, Error> {
        let mut names = BTreeSet::new();
        let mut plans = Vec::new();
        for c in &self.certs {
            let source = c.display().to_string();
            let name = module_name(&source);
            if !names.insert(name.clone()) {
                return Err(Error::Input(format!("{source}: two arguments give the same Coq file {name}.v")));
            }
            let files = minip_check::verify::collect(std::slice::from_ref(c))
                .map_err(|e| Error::Io(e.to_string()))?;
            if files.is_empty() {
                return Err(Error::Input(format!("{source}: no certificates found")));
            }
            plans.push(Plan { source, name, files });
        }
        let inputs = plans
            .iter()
            .flat_map(|p| &p.files)
            .fold(crate::print::Inputs::new(), |i, f| i.add("the certificate", f));
        inputs.refuse_dir("--out", &self.out, |n| plans.iter().any(|p| n == format!("{}.v", p.name)))?;
        Ok(Exporting { plans, out: self.out.clone() })
    }
}

impl Exporting {
    /// Checks every certificate of each argument, writes its `.v` file and hands what was
    /// written to `each` (before the next argument is read). The first certificate the
    /// checker does not accept stops the export; so does a stop of `ctl`, after the file in
    /// progress (each file is written whole).
    pub fn run(
        &self,
        ctl: &Control,
        mut each: impl FnMut(&Written) -> Result<(), Error>,
    ) -> Result<Vec<Written>, Error> {
        let mut written = Vec::with_capacity(self.plans.len());
        for plan in &self.plans {
            ctl.stopped_after(written.len(), self.plans.len(), "files")?;
            let mut batch = CoqBatch::default();
            for f in &plan.files {
                let checked = minip_check::verify::verify_file(f);
                if let Err(why) = checked.result {
                    return Err(Error::Input(format!(
                        "{}: not exported, the checker does not accept it: {why}",
                        f.display()
                    )));
                }
                let text = minip_check::read::read_text(f)?;
                let v: serde_json::Value =
                    serde_json::from_str(&text).map_err(|e| Error::Input(format!("{}: {e}", f.display())))?;
                batch.add(&v).at(&format!("{}", f.display()))?;
            }
            let path = self.out.join(format!("{}.v", plan.name));
            crate::print::write_file(&path, &batch.render(&plan.source))?;
            let w = Written {
                path,
                gaps: batch.gaps.len(),
                ratios: batch.ratios.len(),
                files: plan.files.len(),
                skipped: batch.skipped,
            };
            each(&w)?;
            written.push(w);
        }
        Ok(written)
    }
}

/// One `.v` file written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub path: PathBuf,
    pub gaps: usize,
    pub ratios: usize,
    /// Certificate files read, and how many of them had nothing to export.
    pub files: usize,
    pub skipped: usize,
}

impl Written {
    /// `wrote PATH: G gap and R ratio certificates from F files (S with nothing to export)`.
    pub fn line(&self) -> String {
        format!(
            "wrote {}: {} gap and {} ratio certificates from {} files ({} with nothing to export)\n",
            self.path.display(),
            self.gaps,
            self.ratios,
            self.files,
            self.skipped
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    #[test]
    fn export_refuses_two_arguments_with_one_coq_file_and_an_argument_with_nothing() {
        let settle = root().join("proofs/settle");
        let e = ExportCoq { certs: vec![settle.clone(), settle.clone()], out: "/tmp".into() }
            .validate()
            .unwrap_err();
        let source = settle.display().to_string();
        let name = module_name(&source);
        assert_eq!(e, Error::Input(format!("{source}: two arguments give the same Coq file {name}.v")));
        let e =
            ExportCoq { certs: vec![root().join("src/request")], out: "/tmp".into() }.validate().unwrap_err();
        assert_eq!(
            e,
            Error::Input(format!("{}: no certificates found", root().join("src/request").display()))
        );
    }

    #[test]
    fn export_writes_one_file_per_argument() {
        let out = std::env::temp_dir().join(format!("minip-request-export-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        std::fs::create_dir_all(&out).unwrap();
        let cert = root().join("proofs/settle/n3_eps1-2_h3_u0_w3_paper_bpaper.json");
        let job = ExportCoq { certs: vec![cert.clone()], out: out.clone() }.validate().unwrap();
        let mut lines = Vec::new();
        let written = job
            .run(&Control::new(), |w| {
                lines.push(w.line());
                Ok(())
            })
            .unwrap();
        // A stopped run writes nothing more.
        let stopped = Control::new();
        stopped.stop();
        assert!(matches!(job.run(&stopped, |_| Ok(())), Err(Error::Interrupted(_))));
        let name = module_name(&cert.display().to_string());
        let path = out.join(format!("{name}.v"));
        assert_eq!(written, [Written { path: path.clone(), gaps: 1, ratios: 0, files: 1, skipped: 0 }]);
        assert!(path.is_file());
        let _ = std::fs::remove_dir_all(&out);
        assert_eq!(
            lines,
            [format!(
                "wrote {}: 1 gap and 0 ratio certificates from 1 files (0 with nothing to export)\n",
                path.display()
            )]
        );
    }
}
