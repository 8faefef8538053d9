//! VIPR 1.0 exports (docs/math.md §7), for the public VIPR checker `viprchk`:
//! - `gap`: a checked infeasibility certificate: the closed rows as `CON` (single-variable
//!   rows first, as bound constraints), `RTP infeas`, and one `lin` derivation of the
//!   absurdity `0 ≤ yᵀg` with `yᵀg < 0`.

use minip_check::check::{Checked, Verdict};
use minip_check::format::gap::GapCertificate;
use std::fmt::Write;

/// The VIPR text of a gap certificate, or an error if it is not an infeasibility proof.
pub fn gap(checked: &Checked<GapCertificate>) -> Result<String, String> {
    if *checked.claim() != Verdict::Holds {
        return Err("VIPR export needs an infeasibility (holds) certificate".into());
    }
    let cert = checked.cert();
    let farkas = cert.farkas.as_ref().expect("a checked holds certificate has farkas");
    let nonzeros = |coeffs: &[String]| -> Vec<(usize, String)> {
        coeffs.iter().enumerate().filter(|(_, c)| c.as_str() != "0").map(|(j, c)| (j, c.clone())).collect()
    };
    // VIPR wants bound constraints (one variable) before the others.
    let mut order: Vec<usize> = (0..farkas.rows.len()).collect();
    order.sort_by_key(|&i| nonzeros(&farkas.rows[i].coeffs).len() != 1);
    let bounds = order.iter().filter(|&&i| nonzeros(&farkas.rows[i].coeffs).len() == 1).count();

    let p = &cert.params;
    let mut out = String::new();
    let _ = writeln!(out, "% minip gap-domination certificate, verdict {}", cert.verdict);
    let _ = writeln!(out, "% n={} eps={} h={} u={} w={} family={} bound b <= {} c", p.n, p.eps, p.h, p.u, p.w, p.family, p.kprime);
    let _ = writeln!(out, "% strict rows are closed as <= -1 (homogeneity, MATH.md section 3)");
    out.push_str("VER 1.0\n");
    let _ = writeln!(out, "VAR {}\n{}", cert.variables.len(), cert.variables.join(" "));
    out.push_str("INT 0\n\nOBJ min\n0\n");
    let _ = writeln!(out, "CON {} {}", order.len(), bounds);
    for &i in &order {
        let r = &farkas.rows[i];
        let nz = nonzeros(&r.coeffs);
        let _ = write!(out, "{} L {} {}", r.name, r.rhs, nz.len());
        for (j, c) in nz {
            let _ = write!(out, " {j} {c}");
        }
        out.push('\n');
    }
    out.push_str("RTP infeas\nSOL 0\nDER 1\n");
    let used: Vec<(usize, &str)> = order
        .iter()
        .enumerate()
        .filter(|(_, &i)| farkas.rows[i].multiplier != "0")
        .map(|(k, &i)| (k, farkas.rows[i].multiplier.as_str()))
        .collect();
    let _ = write!(out, "absurdity L {} 0 {{ lin {}", farkas.combined_rhs, used.len());
    for (k, y) in used {
        let _ = write!(out, " {k} {y}");
    }
    out.push_str(" } -1\n");
    Ok(out)
}
