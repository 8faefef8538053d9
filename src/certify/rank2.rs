//! Refuting feature rank `≤ 2` by two orders (docs/math.md §5.8): every positive forced
//! ratio `R(lo, hi; h)` with `1 ≤ h ≤ m` certified (`ratio::forced_ratio`, the class `h⁺`
//! exactly when `m > h`), the order formula built by `minip_check::rows::order_cnf`, solved by
//! varisat with a DRAT proof (`solve::sat`), and the certificate `minip-rank2-none/1` checked
//! by `minip_check`, the only judge. An UNSAT answer keeps only the ratios it needs: each ratio
//! in turn (the largest `h` first) is left out when the formula stays UNSAT without it.
//! A SAT answer refutes nothing: the argument does not settle that `m`.

use crate::certify::ratio::forced_ratio;
use crate::control::Control;
use crate::error::Error;
use crate::solve::sat::{solve_with_proof, Budget, Raw};
use minip_check::check::{Checked, Context};
use minip_check::format::rank2::{Rank2Certificate, Rank2Params, RANK2_FORMAT};
use minip_check::format::ratio::RatioCertificate;
use minip_check::rational::{fmt_q, Rat};
use minip_check::rows::order_cnf::{encode, Forced, OrderCnf, MAX_ORDER_M};
use num_traits::Signed;

/// The proof file's name beside `mMM.json`.
pub fn proof_name(m: u32) -> String {
    format!("m{m:02}.drat")
}

/// What the argument gives at one `m`.
#[derive(Clone, Debug)]
pub enum Rank2 {
    /// No head of rank `≤ 2`: the checked certificate, its proof, and how many positive ratios
    /// were certified before the unneeded ones were left out.
    Refuted { cert: Box<Checked<Rank2Certificate>>, proof: Vec<u8>, candidates: usize },
    /// Two orders satisfy every quadruple forced by every positive ratio: nothing refuted.
    Open { ratios: usize, quadruples: usize, variables: usize, clauses: usize },
}

/// Every positive forced ratio at the queries of weight `1..=m` over `{0,1}^m`: each pair of
/// classes `lo < hi` of the LP with the class `h⁺` exactly when `m > h` (docs/math.md §4.3),
/// in the order `h`, `lo`, `hi`; each certificate passed the checker.
pub fn positive_ratios(
    n: u32,
    eps: &Rat,
    m: u32,
    ctl: &Control,
) -> Result<Vec<Checked<RatioCertificate>>, Error> {
    let mut out = Vec::new();
    for h in 1..=m {
        let superset = m > h;
        let top = if superset { h + 1 } else { h };
        for lo in 0..top {
            for hi in lo + 1..=top {
                if ctl.is_stopped() {
                    return Err(Error::Interrupted("interrupted (nothing written)".into()));
                }
                let c = forced_ratio(n, eps, h, lo, hi, superset)?;
                if c.claim().value().is_some_and(Signed::is_positive) {
                    out.push(c);
                }
            }
        }
    }
    Ok(out)
}

fn forced_of(c: &Checked<RatioCertificate>) -> Forced {
    let p = &c.cert().params;
    let ratio = c.claim().value().cloned().expect("a positive ratio (positive_ratios)");
    Forced { h: p.h, lo: p.lo, hi: p.hi, ratio }
}

fn solve(cnf: &OrderCnf, ctl: &Control) -> Result<Raw, Error> {
    let r = solve_with_proof(&cnf.formula, &Budget::unlimited().with_control(ctl))?;
    if ctl.is_abandoned() {
        return Err(Error::Interrupted("interrupted (nothing written)".into()));
    }
    Ok(r)
}

/// The argument at `m` (heads correct on every length-`n` sequence with tolerance `eps`).
pub fn refute_rank2(n: u32, eps: &Rat, m: u32, ctl: &Control) -> Result<Rank2, Error> {
    if !(1..=MAX_ORDER_M).contains(&m) {
        return Err(Error::Input(format!("--m {m}: expected 1..={MAX_ORDER_M} with --two")));
    }
    let all = positive_ratios(n, eps, m, ctl)?;
    let mut keep: Vec<bool> = vec![true; all.len()];
    let build = |keep: &[bool]| {
        let f: Vec<Forced> = all.iter().zip(keep).filter(|(_, &k)| k).map(|(c, _)| forced_of(c)).collect();
        encode(m, &f)
    };
    let full = build(&keep);
    match solve(&full, ctl)? {
        Raw::Refuted(_) => {}
        Raw::Model(_) => {
            return Ok(Rank2::Open {
                ratios: all.len(),
                quadruples: full.quadruples.len(),
                variables: full.formula.vars,
                clauses: full.formula.clauses.len(),
            })
        }
        Raw::OutOfBudget => return Err(Error::Unknown(format!("m = {m}: the SAT solver stopped"))),
    }
    // Leave out each ratio the refutation does not need (the largest h first).
    for i in (0..all.len()).rev() {
        keep[i] = false;
        if !matches!(solve(&build(&keep), ctl)?, Raw::Refuted(_)) {
            keep[i] = true;
        }
    }
    let cnf = build(&keep);
    let Raw::Refuted(proof) = solve(&cnf, ctl)? else {
        return Err(Error::Unknown(format!("m = {m}: the kept ratios no longer refute (solver)")));
    };
    let ratios: Vec<RatioCertificate> =
        all.iter().zip(&keep).filter(|(_, &k)| k).map(|(c, _)| c.cert().clone()).collect();
    let cert = Rank2Certificate {
        format: RANK2_FORMAT.into(),
        params: Rank2Params { n, eps: fmt_q(eps), m },
        ratios,
        quadruples: cnf.quadruples.len(),
        variables: cnf.formula.vars,
        clauses: cnf.formula.clauses.len(),
        proof_format: "drat-binary".into(),
        proof: proof_name(m),
        bound: minip_check::check::rank2::RANK2_BOUND,
    };
    let ctx = Context { dir: None, files: vec![(proof_name(m), proof.clone())] };
    let cert = Checked::new(cert, &ctx)
        .map_err(|e| Error::Unknown(format!("unknown: the refutation failed the checker ({e})")))?;
    Ok(Rank2::Refuted { cert: Box::new(cert), proof, candidates: all.len() })
}
