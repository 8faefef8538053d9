//! Certifying one gap question (docs/math.md §2): is there a head correct on the family
//! with `α(x,y) ≤ K'·α(x,z)`? Solve the slack LP (a hint), repair a head or Farkas
//! multipliers exactly, pack a `minip-gap/1` certificate, and return it only once
//! `minip_check` accepted it. Anything that fails all the way through is `Unknown`.

use crate::repair::hint::{exact_farkas, exact_point};
use crate::solve::gap::{solve_farkas, solve_slack};
use minip_check::check::{Checked, Context, Verdict};
use minip_check::format::gap::{
    Farkas, GapCertificate, Head, Output, Params, RowEntry, SequenceEntry, Tables, Triple, GAP_FORMAT,
};
use minip_check::model::tokens::{realize, Token};
use minip_check::model::{Instance, Kernel, Positions};
use minip_check::rational::{fmt_q, Rat};
use minip_check::rows::gap::{build_rows, gap_lp, GapLp, Row};
use num_traits::{One, Signed, Zero};

/// What a tolerance above the paper's `1/2` does to one gap question, said before it is
/// settled (`None` for `ε ≤ 1/2`). Above `1/2` an output within `ε` of an integer target no
/// longer determines it. Every Min-IP target of the family lies between `u` and `w` (paper
/// family: S1–S3) or `u` and `h` (all family); once `2ε` exceeds that spread, the head with
/// `α(x,·) = (1, 0, 0)` and the midpoint as its constant value is correct on every sequence
/// (each contains the query, so every denominator is `α(x,x) > 0`) and meets every bound:
/// the verdict is `broken` whatever `K'`. Only the Min-IP task is described (its targets).
pub fn eps_note(inst: &Instance) -> Option<String> {
    let half = Rat::new(1.into(), 2.into());
    if inst.eps <= half {
        return None;
    }
    let g = inst.gap;
    let mut note = format!(
        "ε = {} > 1/2: an output within ε of an integer target no longer determines it (the paper takes ε = 1/2)",
        fmt_q(&inst.eps)
    );
    let (top, which) = match inst.family {
        minip_check::model::Family::Paper => (g.w, "w"),
        minip_check::model::Family::All => (g.h, "h"),
    };
    let spread = Rat::from_integer((top - g.u).into());
    if inst.setting.task == minip_check::model::Task::MinIp
        && &inst.eps * Rat::from_integer(2.into()) > spread
    {
        note.push_str(&format!(
            "; and 2ε > {which} − u = {}, the spread of the targets, so the head with alpha(x,·) = (1, 0, 0) and constant value {} is correct on every sequence: every bound is broken, trivially",
            fmt_q(&spread),
            fmt_q(&(Rat::from_integer((g.u + top).into()) / Rat::from_integer(2.into())))
        ));
    }
    Some(note)
}

/// The result of one instance: a checked certificate, or `Unknown` with the reason.
#[derive(Clone, Debug)]
pub enum Outcome {
    Certified(Checked<GapCertificate>),
    Unknown { reason: String },
}

impl Outcome {
    /// `holds`, `broken` or `unknown`.
    pub fn verdict_name(&self) -> &'static str {
        match self {
            Outcome::Certified(c) => c.claim().name(),
            Outcome::Unknown { .. } => "unknown",
        }
    }
    pub fn verdict(&self) -> Option<Verdict> {
        match self {
            Outcome::Certified(c) => Some(*c.claim()),
            Outcome::Unknown { .. } => None,
        }
    }
}

/// Settles one instance exactly, with tokens realizing it (`realize`).
pub fn decide(inst: &Instance) -> Outcome {
    decide_at(inst, None)
}

/// Settles one instance exactly; `tokens` are stated in the certificate when given (the
/// checker checks that they realize the configuration and are pairwise distinct).
pub fn decide_at(inst: &Instance, tokens: Option<&[Token; 3]>) -> Outcome {
    let owned;
    let inst = match tokens {
        Some(t) => match inst.clone().with_tokens(t) {
            Ok(i) => {
                owned = i;
                &owned
            }
            Err(e) => return Outcome::Unknown { reason: e.to_string() },
        },
        None => inst,
    };
    let lp = gap_lp(inst);
    let nvars = lp.vars.len();
    let rows = build_rows(inst);
    let exact_rows: Vec<(Vec<Rat>, Rat)> = rows.iter().map(|r| (r.coeffs.clone(), r.rhs.clone())).collect();
    let hint = match solve_slack(&rows, nvars) {
        Ok(h) => h,
        Err(e) => return Outcome::Unknown { reason: e.to_string() },
    };
    let witness = || -> Option<Checked<GapCertificate>> {
        if hint.sigma <= 0.0 {
            return None;
        }
        let scaled: Vec<f64> = hint.z.iter().map(|v| v / hint.sigma).collect();
        let z = exact_point(&exact_rows, &scaled)?;
        head_certificate(inst, tokens, &lp, &z)
    };
    let farkas = || -> Result<Checked<GapCertificate>, String> {
        let from_duals = exact_farkas(&exact_rows, &hint.duals);
        let y = from_duals
            .or_else(|| {
                let alt = solve_farkas(&rows, nvars).ok()?;
                exact_farkas(&exact_rows, &alt)
            })
            .ok_or("no exact Farkas multipliers near the solver's duals")?;
        Checked::new(farkas_certificate(inst, tokens, &rows, &y), &Context::default())
            .map_err(|e| format!("built certificate failed the check: {e}"))
    };
    // Try the side the solver points to first; the other side is a fallback.
    let mut last = String::from("no exact certificate could be built from the solver's answer");
    for side in if hint.sigma > 1e-9 { [0, 1] } else { [1, 0] } {
        let got = if side == 0 { witness().ok_or_else(|| last.clone()) } else { farkas() };
        match got {
            Ok(c) => return Outcome::Certified(c),
            Err(e) => last = e,
        }
    }
    Outcome::Unknown { reason: last }
}

/// What every gap certificate of an instance states: parameters, realizing tokens,
/// variables and sequences; `farkas`/`head` are filled in by the caller.
pub fn skeleton(inst: &Instance, verdict: Verdict, tokens: Option<&[Token; 3]>) -> GapCertificate {
    let [x, y, z] = tokens.cloned().unwrap_or_else(|| realize(&inst.gap));
    let lp = gap_lp(inst);
    let f = inst.setting.fields();
    GapCertificate {
        format: GAP_FORMAT.into(),
        verdict: verdict.name().into(),
        params: Params {
            n: inst.n,
            eps: fmt_q(&inst.eps),
            h: inst.gap.h,
            u: inst.gap.u,
            w: inst.gap.w,
            family: inst.family.name().into(),
            bound: inst.bound.label(),
            kprime: fmt_q(&inst.kprime()),
            task: f.task,
            kernel: f.kernel,
            positions: f.positions,
            keys: f.keys,
            at: f.at,
        },
        tokens: Triple { x: x.bits(), y: y.bits(), z: z.bits() },
        variables: lp.vars.clone(),
        sequences: lp
            .seqs
            .into_iter()
            .map(|s| SequenceEntry { tokens: s.tokens, name: s.name, mult: s.mult, target: s.target })
            .collect(),
        farkas: None,
        head: None,
    }
}

/// Packs multipliers for `rows` into a certificate (unchecked: pass it to the checker).
pub fn farkas_certificate(
    inst: &Instance,
    tokens: Option<&[Token; 3]>,
    rows: &[Row],
    y: &[Rat],
) -> GapCertificate {
    let rhs = rows.iter().zip(y).fold(Rat::zero(), |acc, (r, yi)| acc + &r.rhs * yi);
    let mut cert = skeleton(inst, Verdict::Holds, tokens);
    cert.farkas = Some(Farkas {
        rows: rows
            .iter()
            .zip(y)
            .map(|(r, yi)| RowEntry {
                name: r.name.clone(),
                coeffs: r.coeffs.iter().map(fmt_q).collect(),
                rhs: fmt_q(&r.rhs),
                multiplier: fmt_q(yi),
            })
            .collect(),
        combined_rhs: fmt_q(&rhs),
    });
    cert
}

/// The head with tables `alpha`, `s` (over the slots of `lp`: x, y, z for shared maps) and
/// each sequence's stated output `ŷ = Σ count·α·s / Σ count·α` (the checker recomputes these).
pub fn head_tables(inst: &Instance, lp: &GapLp, alpha: &[Rat], s: &[Rat]) -> Head {
    let outputs = lp
        .seqs
        .iter()
        .map(|seq| {
            let (mut num, mut den) = (Rat::zero(), Rat::zero());
            for (j, &c) in seq.count.iter().enumerate() {
                let m = Rat::from_integer(c.into());
                num += &m * &alpha[j] * &s[j];
                den += &m * &alpha[j];
            }
            let yhat = if den.is_zero() { Rat::zero() } else { num / den };
            Output { sequence: seq.name.clone(), yhat: fmt_q(&yhat) }
        })
        .collect();
    let table = |v: &[Rat]| {
        if inst.setting.positions == Positions::Shared {
            Tables::Triple(Triple { x: fmt_q(&v[0]), y: fmt_q(&v[1]), z: fmt_q(&v[2]) })
        } else {
            Tables::Slots(v.iter().map(fmt_q).collect())
        }
    };
    Head { alpha: table(alpha), s: table(s), outputs }
}

/// Turns a point of the closed system into a head (docs/math.md §2, "Witness"): a zero
/// weight carrying a nonzero product is moved slightly off zero (the strict rows have
/// margin 1, so a small move keeps them), halving the move until the head passes. With a
/// nonnegative kernel a good slot moves up by at most what the bound leaves (raising a bad
/// slot first if the bad weight is zero); with a signed kernel good slots move down.
fn head_certificate(
    inst: &Instance,
    tokens: Option<&[Token; 3]>,
    lp: &GapLp,
    z: &[Rat],
) -> Option<Checked<GapCertificate>> {
    let k = inst.kprime();
    let ns = lp.nslots();
    let signed = inst.setting.kernel == Kernel::Signed;
    let good = lp.bound_slots(inst.good(), inst.setting.at);
    let bad = lp.bound_slots(inst.bad(), inst.setting.at);
    // Start with a large move (small, readable values s = P/α) and halve.
    let mut delta = z[..ns].iter().fold(Rat::one(), |m, v| if *v > m { v.clone() } else { m });
    for _ in 0..64 {
        let mut w: Vec<Rat> = z[..ns].to_vec();
        let prod = &z[ns..];
        let needs = |w: &[Rat], j: usize| w[j].is_zero() && !prod[j].is_zero();
        for j in 0..ns {
            if !good.contains(&j) && needs(&w, j) {
                w[j] = delta.clone();
            }
        }
        let needy: Vec<usize> = good.iter().copied().filter(|&j| needs(&w, j)).collect();
        if !needy.is_empty() {
            if signed {
                for &j in &needy {
                    w[j] = -delta.clone();
                }
            } else if k.is_positive() {
                if bad.iter().all(|&j| w[j].is_zero()) {
                    w[bad[0]] = delta.clone();
                }
                let sum = |v: &[usize], w: &[Rat]| v.iter().fold(Rat::zero(), |a, &j| a + &w[j]);
                let slack = &k * sum(&bad, &w) - sum(&good, &w);
                let share = slack / Rat::from_integer((needy.len() as i64).into());
                for &j in &needy {
                    w[j] = if share < delta { share.clone() } else { delta.clone() };
                }
            }
        }
        let s: Vec<Rat> =
            (0..ns).map(|j| if w[j].is_zero() { Rat::zero() } else { &prod[j] / &w[j] }).collect();
        let mut cert = skeleton(inst, Verdict::Broken, tokens);
        cert.head = Some(head_tables(inst, lp, &w, &s));
        if let Ok(c) = Checked::new(cert, &Context::default()) {
            return Some(c);
        }
        delta /= Rat::one() + Rat::one();
    }
    None
}
