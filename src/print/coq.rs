//! Coq export (docs/formal.md): the data of certificates that `minip_check` has accepted,
//! written as Coq terms for the development in `proofs/coq`. Only the stated parameters and
//! the multipliers with their row labels leave here; **rows are never exported**: Coq
//! rebuilds them (`Minip.Gap.grow`, `Minip.Ratio.rrow`) and checks the combination by
//! `vm_compute`; the mathematical claims are stated once, in `proofs/coq/Claims.v`, which
//! concludes them through the proved soundness theorems (an export cannot restate them).
//!
//! - `minip-gap/1` with verdict `holds` and the lower sides of `minip-sharp/1`: one entry
//!   `(GP n eps h u w all K', [(label, y); …])` of `gap_certs`; labels `GSeq i_x i_y i_z up`,
//!   `GSign j`, `GBound`, `GPin j le`.
//! - `minip-ratio/2`, `minip-ratio-bound/1` and the ratios inside `minip-rank-linear/1`: one
//!   entry `((RP n eps h lo hi superset, L), [((classes, up), y); …])` of `ratio_certs`.
//!
//! Only the paper's model (the default setting) is formalised: a certificate with a
//! non-default setting is refused with an error, never exported. Output is deterministic.

use serde_json::{Map, Value};

/// The entries of one batch (one `.v` file).
#[derive(Default, Debug)]
pub struct CoqBatch {
    pub gaps: Vec<String>,
    pub ratios: Vec<String>,
    /// Indices into `gaps` of the `minip-gap/1` certificates stating `bound: paper`: Coq
    /// recomputes their factor (`Minip.Gap.kpaper`) and concludes the claim with it.
    pub paper: Vec<usize>,
    /// Certificates with nothing to export (a `broken` gap verdict, an attained `kstar`).
    pub skipped: usize,
}

/// The setting fields of every format; any of them present means a non-default setting.
const SETTING_FIELDS: [&str; 6] = ["task", "kernel", "positions", "keys", "at", "m"];

fn str_field<'a>(o: &'a Map<String, Value>, k: &str) -> Result<&'a str, String> {
    o.get(k).and_then(Value::as_str).ok_or_else(|| format!("missing string field '{k}'"))
}

fn nat_field(o: &Map<String, Value>, k: &str) -> Result<u64, String> {
    o.get(k).and_then(Value::as_u64).ok_or_else(|| format!("missing natural-number field '{k}'"))
}

fn default_setting(o: &Map<String, Value>, what: &str) -> Result<(), String> {
    if let Some(f) = SETTING_FIELDS.iter().find(|f| o.contains_key(**f)) {
        return Err(format!(
            "{what}: setting field '{f}' (beyond the paper's model): the Coq development formalises the default setting only"
        ));
    }
    Ok(())
}

/// A rational `"p/q"` or `"p"` as the Coq term `(p#q)`.
fn q(s: &str) -> Result<String, String> {
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let (num, den) = s.split_once('/').unwrap_or((s, "1"));
    let body = num.strip_prefix('-').unwrap_or(num);
    if !digits(body) || !digits(den) || den.bytes().all(|b| b == b'0') {
        return Err(format!("'{s}' is not a rational p/q"));
    }
    Ok(format!("({num}#{den})"))
}

/// A gap row name (`S1.upper`, `x2y0z1.lower`, `sign_a`, `bound`, `Q_le_0`, …) as a label.
fn gap_label(name: &str, n: u64, paper: bool) -> Result<String, String> {
    let fixed = match name {
        "sign_a" => Some("GSign 0"),
        "sign_b" => Some("GSign 1"),
        "sign_c" => Some("GSign 2"),
        "bound" => Some("GBound"),
        "Q_le_0" => Some("GPin 4 true"),
        "Q_ge_0" => Some("GPin 4 false"),
        "S_le_0" => Some("GPin 5 true"),
        "S_ge_0" => Some("GPin 5 false"),
        _ => None,
    };
    if let Some(f) = fixed {
        return Ok(f.to_string());
    }
    let bad = || format!("unknown row name '{name}'");
    let (seq, side) = name.rsplit_once('.').ok_or_else(bad)?;
    let up = match side {
        "upper" => "true",
        "lower" => "false",
        _ => return Err(bad()),
    };
    let mult: [u64; 3] = if paper {
        match seq {
            "S1" => [1, n - 1, 0],
            "S2" => [1, 0, n - 1],
            "S3" => [1, 1, n - 2],
            _ => return Err(bad()),
        }
    } else {
        let rest = seq.strip_prefix('x').ok_or_else(bad)?;
        let (ix, rest) = rest.split_once('y').ok_or_else(bad)?;
        let (iy, iz) = rest.split_once('z').ok_or_else(bad)?;
        let p = |t: &str| t.parse::<u64>().map_err(|_| bad());
        [p(ix)?, p(iy)?, p(iz)?]
    };
    Ok(format!("GSeq {} {} {} {up}", mult[0], mult[1], mult[2]))
}

/// One `gap_certs` entry from the parameters and the (name, multiplier) pairs; zero
/// multipliers are left out.
fn gap_entry(o: &Map<String, Value>, kprime: &str, mults: &[(String, String)]) -> Result<String, String> {
    let n = nat_field(o, "n")?;
    if n < 3 {
        return Err(format!("n = {n}: the Coq export needs n >= 3"));
    }
    let family = str_field(o, "family")?;
    let paper = match family {
        "paper" => true,
        "all" => false,
        f => return Err(format!("unknown family '{f}'")),
    };
    let mut rows = Vec::new();
    for (name, y) in mults {
        if y == "0" {
            continue;
        }
        rows.push(format!("({}, {})", gap_label(name, n, paper)?, q(y)?));
    }
    Ok(format!(
        "(GP {n} {} {} {} {} {} {}, [{}])",
        q(str_field(o, "eps")?)?,
        nat_field(o, "h")?,
        nat_field(o, "u")?,
        nat_field(o, "w")?,
        !paper,
        q(kprime)?,
        rows.join("; ")
    ))
}

/// One `ratio_certs` entry: parameters, the bound `L` and the multipliers.
fn ratio_entry(r: &Map<String, Value>, bound: &str) -> Result<String, String> {
    let p = r.get("params").and_then(Value::as_object).ok_or("missing 'params'")?;
    default_setting(p, "params")?;
    let sup = p.get("superset").and_then(Value::as_bool).unwrap_or(false);
    let mults = r.get("multipliers").and_then(Value::as_array).ok_or("missing 'multipliers'")?;
    let mut rows = Vec::new();
    for m in mults {
        let m = m.as_object().ok_or("a multiplier is not an object")?;
        let classes = m
            .get("classes")
            .and_then(Value::as_array)
            .ok_or("a multiplier has no 'classes'")?
            .iter()
            .map(|c| c.as_u64().map(|c| c.to_string()).ok_or("a class is not a natural number"))
            .collect::<Result<Vec<_>, _>>()?;
        let up = match str_field(m, "side")? {
            "upper" => "true",
            "lower" => "false",
            s => return Err(format!("unknown side '{s}'")),
        };
        let y = str_field(m, "y")?;
        if y == "0" {
            continue;
        }
        rows.push(format!("(([{}]%nat, {up}), {})", classes.join(";"), q(y)?));
    }
    Ok(format!(
        "((RP {} {} {} {} {} {sup}, {}), [{}])",
        nat_field(p, "n")?,
        q(str_field(p, "eps")?)?,
        nat_field(p, "h")?,
        nat_field(p, "lo")?,
        nat_field(p, "hi")?,
        q(bound)?,
        rows.join("; ")
    ))
}

impl CoqBatch {
    /// Adds the exportable parts of one accepted certificate (parsed JSON); a part the Coq
    /// development does not formalise is refused as input.
    pub fn add(&mut self, v: &Value) -> Result<(), crate::error::Error> {
        self.add_entries(v).map_err(crate::error::Error::Input)
    }

    fn add_entries(&mut self, v: &Value) -> Result<(), String> {
        let o = v.as_object().ok_or("not a JSON object")?;
        match str_field(o, "format")? {
            "minip-gap/1" => {
                let p = o.get("params").and_then(Value::as_object).ok_or("missing 'params'")?;
                default_setting(p, "params")?;
                if str_field(o, "verdict")? != "holds" {
                    self.skipped += 1;
                    return Ok(());
                }
                let rows = o
                    .get("farkas")
                    .and_then(|f| f.get("rows"))
                    .and_then(Value::as_array)
                    .ok_or("missing 'farkas.rows'")?;
                let mults = rows
                    .iter()
                    .map(|r| {
                        let r = r.as_object().ok_or("a row is not an object")?;
                        Ok((str_field(r, "name")?.to_string(), str_field(r, "multiplier")?.to_string()))
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                if p.get("bound").and_then(Value::as_str) == Some("paper") {
                    self.paper.push(self.gaps.len());
                }
                self.gaps.push(gap_entry(p, str_field(p, "kprime")?, &mults)?);
            }
            "minip-sharp/1" => {
                let certs =
                    o.get("certificates").and_then(Value::as_array).ok_or("missing 'certificates'")?;
                for c in certs {
                    let c = c.as_object().ok_or("a certificate is not an object")?;
                    default_setting(c, "certificate")?;
                    let Some(lower) = c.get("lower").and_then(Value::as_object) else {
                        self.skipped += 1;
                        continue;
                    };
                    let mults = lower
                        .iter()
                        .map(|(k, y)| {
                            Ok((k.clone(), y.as_str().ok_or("a multiplier is not a string")?.to_string()))
                        })
                        .collect::<Result<Vec<_>, String>>()?;
                    self.gaps.push(gap_entry(c, str_field(c, "kstar")?, &mults)?);
                }
            }
            "minip-ratio/1" | "minip-ratio/2" => {
                let ratio = str_field(o, "ratio")?;
                self.ratios.push(ratio_entry(o, ratio)?);
            }
            "minip-ratio-bound/1" => self.ratios.push(ratio_entry(o, str_field(o, "bound")?)?),
            "minip-rank-linear/1" => {
                // Its own params (n, eps, m, h) describe the code; each ratio states its setting.
                for r in o.get("ratios").and_then(Value::as_array).ok_or("missing 'ratios'")? {
                    let r = r.as_object().ok_or("a ratio is not an object")?;
                    let bound = match str_field(r, "format")? {
                        "minip-ratio-bound/1" => str_field(r, "bound")?,
                        _ => str_field(r, "ratio")?,
                    };
                    self.ratios.push(ratio_entry(r, bound)?);
                }
            }
            f => return Err(format!("format '{f}' has no Coq export")),
        }
        Ok(())
    }

    /// The `.v` file of the batch; `source` names what it was exported from. It holds data
    /// and checks by computation only (every list is defined, possibly empty); the claims they
    /// prove are stated once, in `proofs/coq/Claims.v`, which a reader compiles against it.
    pub fn render(&self, source: &str) -> String {
        let mut s = format!(
            "(* Generated by `minip export coq` from {source}: parameters and multipliers only;\n   \
             the rows are rebuilt by Minip.Gap and Minip.Ratio. The claims are stated in\n   \
             proofs/coq/Claims.v: check with `bash proofs/coq/check-export FILE.v` (docs/formal.md). *)\n\
             From Coq Require Import QArith List.\nFrom Minip Require Import Gap Ratio.\n\
             Import ListNotations.\nLocal Open Scope Q_scope.\n"
        );
        let list = |entries: &[String]| {
            if entries.is_empty() {
                String::new()
            } else {
                format!("\n  {}\n", entries.join(";\n  "))
            }
        };
        s.push_str(&format!(
            "\nDefinition gap_certs : list (gparams * list (glabel * Q)) := [{}].\n\n\
             Lemma gap_certs_ok : gap_batch_ok gap_certs = true.\nProof. vm_compute. reflexivity. Qed.\n",
            list(&self.gaps)
        ));
        let idx: Vec<String> = self.paper.iter().map(usize::to_string).collect();
        s.push_str(&format!(
            "\n(* The certificates stating `bound: paper`: their K' is the paper's K, recomputed. *)\n\
             Definition gap_paper : list nat := [{}]%nat.\n\n\
             Lemma gap_paper_ok : forallb (paper_at gap_certs) gap_paper = true.\n\
             Proof. vm_compute. reflexivity. Qed.\n",
            idx.join("; ")
        ));
        s.push_str(&format!(
            "\nDefinition ratio_certs : list ((rparams * Q) * list (rlabel * Q)) := [{}].\n\n\
             Lemma ratio_certs_ok : ratio_batch_ok ratio_certs = true.\nProof. vm_compute. reflexivity. Qed.\n",
            list(&self.ratios)
        ));
        s
    }
}

/// A Coq module name for a batch exported from `source` (a path).
pub fn module_name(source: &str) -> String {
    let trimmed = source.trim_end_matches('/');
    let base = trimmed.strip_suffix(".json").unwrap_or(trimmed);
    let mut s: String = base.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    s = s.trim_matches('_').to_string();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert_str(0, "c_");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rationals_and_labels() {
        assert_eq!(q("-3/4").unwrap(), "(-3#4)");
        assert_eq!(q("7").unwrap(), "(7#1)");
        assert!(q("1/0").is_err() && q("a").is_err() && q("1/-2").is_err());
        assert_eq!(gap_label("S2.lower", 4, true).unwrap(), "GSeq 1 0 3 false");
        assert_eq!(gap_label("x2y0z1.upper", 3, false).unwrap(), "GSeq 2 0 1 true");
        assert_eq!(gap_label("Q_ge_0", 3, false).unwrap(), "GPin 4 false");
        assert!(gap_label("S4.upper", 3, true).is_err());
        assert_eq!(module_name("proofs/rank-linear/n3_m032.json"), "proofs_rank_linear_n3_m032");
        assert_eq!(module_name("./"), "c_");
    }
}
