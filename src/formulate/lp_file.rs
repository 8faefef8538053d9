//! The row LP in CPLEX LP format, for independent exact solvers (`glpsol --exact`).
//! Same rows as the solver uses (`minip_check::rows::ratio`, integer form), objective `A_lo`,
//! normalisation `A_hi = 1`. A printer only: nothing here is checked or trusted.

use crate::error::Error;
use minip_check::rational::{fmt_q, Rat};
use minip_check::rows::ratio::{int_row, multisets, Side};
use std::fmt::Write;

/// The LP text. Row names: `u_o1_o2…` / `l_o1_o2…` (side, then the multiset); the class
/// `h⁺` (with `superset`) is written `sup` (variables `Asup`, `Psup`).
pub fn cplex_lp(n: u32, eps: &Rat, h: u32, lo: u32, hi: u32, superset: bool) -> Result<String, Error> {
    let inst = minip_check::check::ratio_instance(n, eps.clone(), h, lo, hi, superset)?;
    let p: i64 = eps.numer().try_into().map_err(|_| Error::Input("eps: numerator too large".to_string()))?;
    let q: i64 =
        eps.denom().try_into().map_err(|_| Error::Input("eps: denominator too large".to_string()))?;
    let k = inst.classes();
    // The text holds every row: its size is that of the row LP the solver side builds.
    crate::formulate::ratio::check_row_lp_size(n, k)?;
    let name = |c: usize| if c as u32 > h { "sup".to_string() } else { c.to_string() };
    let var = |j: usize| if j < k { format!("A{}", name(j)) } else { format!("P{}", name(j - k)) };
    let mut s = String::new();
    let classes =
        if superset { format!("0..{h} and sup = {h}+ (strict supersets)") } else { format!("0..{h}") };
    let _ = writeln!(
        s,
        "\\ minip row LP (docs/math.md §4.2): n = {n}, eps = {}, h = {h}, classes {classes}; R(lo = {}, hi = {}) = min A{} with A{} = 1",
        fmt_q(eps),
        name(lo as usize),
        name(hi as usize),
        name(lo as usize),
        name(hi as usize)
    );
    let _ =
        writeln!(s, "\\ each row is q(N - tD) - pD <= 0 (upper) or q(tD - N) - pD <= 0 (lower), eps = p/q");
    let _ = writeln!(s, "Minimize\n obj: A{}\nSubject To", name(lo as usize));
    for m in multisets(n as usize - 1, k as u32 - 1) {
        let tag: String = m.iter().map(|&o| format!("_{}", name(o as usize))).collect();
        for side in [Side::Upper, Side::Lower] {
            let _ = write!(s, " {}{tag}:", &side.name()[..1]);
            for (j, c) in int_row(h, k, &m, side, p, q) {
                let _ = write!(s, " {} {} {}", if c < 0 { "-" } else { "+" }, c.abs(), var(j));
            }
            s.push_str(" <= 0\n");
        }
    }
    let _ = writeln!(s, " norm: A{} = 1\nBounds", name(hi as usize));
    for o in 0..k {
        let _ = writeln!(s, " P{} free", name(o));
    }
    s.push_str("End\n");
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::q;

    #[test]
    fn writes_lp_rows_with_signs() {
        let lp = cplex_lp(3, &q(1, 2), 2, 0, 2, false).unwrap();
        assert!(lp.contains(" u_0_2: - 1 A0 - 2 A2 + 2 P0 + 4 P2 <= 0\n"), "{lp}");
        assert!(lp.contains(" norm: A2 = 1\n") && lp.ends_with("End\n"));
        assert_eq!(lp.matches(" <= 0\n").count(), 12);
        let lp = cplex_lp(3, &q(1, 2), 2, 0, 3, true).unwrap();
        assert!(lp.contains(" u_2_sup: - 10 A2 - 5 Asup + 4 P2 + 2 Psup <= 0\n"), "{lp}");
        assert!(lp.contains(" norm: Asup = 1\n"));
        assert_eq!(lp.matches(" <= 0\n").count(), 20);
        // Counted before any row is written: C(1000 + 1022, 1023) multisets are refused at once.
        let e = cplex_lp(1024, &q(1, 2), 1000, 0, 1000, false).unwrap_err();
        assert!(e.starts_with("the row LP = ") && e.contains("is above the supported 5000000"), "{e}");
    }
}
