//! The sharp sweep: every configuration of a grid (`super::grid`), `kstar` certified in
//! parallel (`super::runner`), records in a fixed order, one `minip-sharp/1` file per
//! `(n, eps, family)`.

use super::runner;
use crate::certify::sharp::{sharp, SharpOutcome};
use crate::control::Control;
use crate::error::At;
use crate::error::Error;
use crate::print::json;
use minip_check::check::{Checked, Context};
use minip_check::format::sharp::{SharpCertificate, SharpFile, SHARP_FORMAT};
use minip_check::model::Instance;
use minip_check::rational::{fmt_q, parse_rational, to_f64};
use serde::Serialize;
use std::path::Path;

/// One configuration as printed (table row, CSV line, JSON line).
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    pub n: u32,
    pub eps: String,
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub d: u32,
    pub family: String,
    /// `kstar` exact, or `unknown`.
    pub kstar: String,
    pub paper_k: String,
    /// `sharp`, `loose`, `fails` or `unknown`.
    pub relation: String,
    /// `certified` or `unknown`.
    pub verdict: String,
    pub attained: bool,
    /// The setting (docs/math.md §11); absent for the default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setting: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

pub fn record(inst: &Instance, out: &SharpOutcome) -> Record {
    let mut r = Record {
        n: inst.n,
        eps: fmt_q(&inst.eps),
        h: inst.gap.h,
        u: inst.gap.u,
        w: inst.gap.w,
        d: inst.d(),
        family: inst.family.name().into(),
        kstar: "unknown".into(),
        paper_k: fmt_q(&inst.kprime()),
        relation: "unknown".into(),
        verdict: "unknown".into(),
        attained: false,
        setting: Some(inst.setting.label()).filter(|s| !s.is_empty()),
        reason: None,
    };
    match out {
        SharpOutcome::Certified(c) => {
            let c = c.cert();
            r.kstar = c.kstar.clone();
            r.verdict = "certified".into();
            r.relation = c.relation.clone();
            r.attained = c.attained;
        }
        SharpOutcome::Unknown(why) => r.reason = Some(why.clone()),
    }
    r
}

/// Certifies every configuration in parallel; output order is input order.
pub fn run(insts: &[Instance], ctl: &Control) -> Vec<SharpOutcome> {
    runner::run(insts, "configurations", ctl, sharp)
}

/// Writes one `minip-sharp/1` file per `(n, eps, family)` block (re-checked first), its name
/// ending in `suffix` (a shard's part of a block is a file of its own). Returns the paths
/// written. Unknown configurations are left out of the files.
pub fn write_certificates(
    insts: &[Instance],
    outs: &[SharpOutcome],
    dir: &Path,
    suffix: &str,
) -> Result<Vec<String>, Error> {
    let mut written = Vec::new();
    let mut i = 0;
    while i < insts.len() {
        let key = |k: usize| (insts[k].n, insts[k].eps.clone(), insts[k].family, insts[k].setting);
        let mut j = i;
        let mut certs: Vec<SharpCertificate> = Vec::new();
        while j < insts.len() && key(j) == key(i) {
            if let SharpOutcome::Certified(c) = &outs[j] {
                certs.push(c.cert().clone());
            }
            j += 1;
        }
        if !certs.is_empty() {
            let file = SharpFile { format: SHARP_FORMAT.into(), certificates: certs };
            let file =
                Checked::new(file, &Context::default()).at("refusing to write an unchecked certificate")?;
            let (n, e, f, s) = key(i);
            let path = dir.join(format!(
                "n{n}_eps{}_{}{}{suffix}.json",
                fmt_q(&e).replace('/', "-"),
                f.name(),
                s.stem()
            ));
            crate::print::write_file(&path, &json::sharp_file(&file))?;
            written.push(path.display().to_string());
        }
        i = j;
    }
    Ok(written)
}

/// The exit status of sharp records: 2 if any is unknown, else 1 if the lemma's bound fails
/// somewhere (`kstar < K`, a certified counterexample), else 0.
pub fn exit_code(recs: &[Record]) -> i32 {
    if recs.iter().any(|r| r.verdict != "certified") {
        2
    } else if recs.iter().any(|r| r.relation == "fails") {
        1
    } else {
        0
    }
}

/// CSV with a header; `kstar_float` is for plotting only.
pub fn csv(recs: &[Record]) -> String {
    let mut s = String::from("n,eps,h,u,w,d,family,kstar,kstar_float,paper_k,relation,attained\n");
    for r in recs {
        let f = parse_rational(&r.kstar).map(|k| format!("{:.6}", to_f64(&k))).unwrap_or_default();
        s.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{}\n",
            r.n, r.eps, r.h, r.u, r.w, r.d, r.family, r.kstar, f, r.paper_k, r.relation, r.attained
        ));
    }
    s
}

/// Records of a certificate file, after the checker accepted every entry: a summary of
/// committed certificates needs no solver and prints only checked values (`eps`, `kstar` and
/// `paper_k` as the reduced rationals the checker read, `-inf` and `empty` as the words it
/// accepted). The checker refuses a file that lists a configuration twice, so the records of
/// one file are distinct configurations (`distinct` merges those of several files).
pub fn records_from_file(f: &Checked<SharpFile>) -> Result<Vec<Record>, Error> {
    let checked = |s: &str| {
        parse_rational(s).map(|q| fmt_q(&q)).map_err(|e| Error::Input(format!("{e} (in a checked file)")))
    };
    f.cert()
        .certificates
        .iter()
        .zip(f.claim())
        .map(|(c, kstar)| {
            Ok(Record {
                n: c.n,
                eps: checked(&c.eps)?,
                h: c.h,
                u: c.u,
                w: c.w,
                d: c.w - c.u,
                family: c.family.clone(),
                kstar: kstar.as_ref().map_or_else(|| c.kstar.clone(), fmt_q),
                paper_k: checked(&c.paper_k)?,
                relation: c.relation.clone(),
                verdict: "certified".into(),
                attained: c.attained,
                setting: minip_check::check::sharp::stated_instance(c)
                    .ok()
                    .map(|i| i.setting.label())
                    .filter(|s| !s.is_empty()),
                reason: None,
            })
        })
        .collect()
}

/// The records of several files with each configuration (`n`, `eps`, `h`, `u`, `w`, family,
/// setting) once, in order of first appearance: the same configuration checked in two files
/// is one configuration (its `kstar` is unique), so a summary counts it once. Two records of
/// one configuration that disagree (impossible for checked files) are an error.
pub fn distinct(recs: Vec<Record>) -> Result<Vec<Record>, Error> {
    type Key = (u32, String, u32, u32, u32, String, Option<String>);
    let key =
        |r: &Record| -> Key { (r.n, r.eps.clone(), r.h, r.u, r.w, r.family.clone(), r.setting.clone()) };
    let mut first: std::collections::HashMap<Key, usize> = std::collections::HashMap::new();
    let mut out: Vec<Record> = Vec::with_capacity(recs.len());
    for r in recs {
        match first.get(&key(&r)) {
            Some(&i) => {
                let o = &out[i];
                if (&o.kstar, &o.relation, o.attained) != (&r.kstar, &r.relation, r.attained) {
                    return Err(Error::Input(format!(
                        "n={} eps={} h={} u={} w={} {}: kstar {} in one file, {} in another",
                        r.n, r.eps, r.h, r.u, r.w, r.family, o.kstar, r.kstar
                    )));
                }
            }
            None => {
                first.insert(key(&r), out.len());
                out.push(r);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::read::parse;

    fn file(text: &str) -> Checked<SharpFile> {
        let minip_check::format::AnyCertificate::Sharp(f) = parse(text).unwrap() else { panic!("sharp") };
        Checked::new(f, &Context::default()).unwrap()
    }

    #[test]
    fn records_are_the_checked_values_and_distinct_merges_files() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs/sharp/n3_eps1-2_paper.json");
        let text = &std::fs::read_to_string(path).unwrap();
        let recs = records_from_file(&file(text)).unwrap();
        let n = recs.len();
        assert!(n > 1);
        // The same values restated (`0.5`, `4/2`): the records are the reduced checked values.
        let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
        let c0 = &mut v["certificates"][0];
        let kstar = c0["kstar"].as_str().unwrap().to_string();
        c0["eps"] = "0.5".into();
        if let Ok(k) = parse_rational(&kstar) {
            c0["kstar"] = format!("{}/{}", k.numer() * 2, k.denom() * 2).into();
        }
        let restated = records_from_file(&file(&v.to_string())).unwrap();
        assert_eq!((restated[0].eps.as_str(), restated[0].kstar.as_str()), ("1/2", recs[0].kstar.as_str()));
        // A file checked twice (a copy next to it) counts each configuration once.
        let both: Vec<Record> = recs.iter().chain(&restated).cloned().collect();
        let merged = distinct(both).unwrap();
        assert_eq!(merged.len(), n);
        assert_eq!(
            merged.iter().map(|r| &r.kstar).collect::<Vec<_>>(),
            recs.iter().map(|r| &r.kstar).collect::<Vec<_>>()
        );
        // Two records of one configuration that disagree are refused.
        let mut other = recs[0].clone();
        other.kstar = "12345".into();
        let e = distinct(vec![recs[0].clone(), other]).unwrap_err();
        assert!(e.contains("in one file, 12345 in another"), "{e}");
    }
}
