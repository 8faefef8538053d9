//! VIPR 1.0 exports (docs/math.md §7), for the public VIPR checker `viprchk`. Each takes a
//! checked certificate and writes the LP it speaks about, what is to be proved, and the
//! proof as `lin` derivations (linear combinations with signed multipliers):
//! - `gap`: `RTP infeas` for a `holds` gap certificate: the closed rows as `CON`, one
//!   derivation of the absurdity `0 ≤ yᵀg` with `yᵀg < 0`;
//! - `ratio`: `RTP range R R` for `min A_lo` over the closed row LP with `A_hi = 1`: the
//!   attaining point as `SOL`, and `A_lo ≥ R` derived from the certificate's multipliers;
//! - `sharp`: `RTP range kstar kstar` for `min b` over the closed gap rows with `c = 1`: the
//!   closure point (or the attaining head) as `SOL`, and `b ≥ kstar` derived from the
//!   Farkas multipliers of the lower side (or from `b ≥ 0` when `kstar = 0` is attained).
//!
//! Nothing here decides anything; the numbers come from certificates that already passed
//! `minip_check`, and `viprchk` re-checks every step.

use crate::error::Error;
use minip_check::check::{class_label, Checked, Verdict};
use minip_check::format::gap::GapCertificate;
use minip_check::format::ratio::RatioCertificate;
use minip_check::format::sharp::SharpCertificate;
use minip_check::model::{Bound, Family, Gap, Instance};
use minip_check::rational::{fmt_q, parse_rational, Rat};
use minip_check::rows::gap::{build_rows, sequence_rows, VARS};
use minip_check::rows::ratio::{int_row, multisets, ratio_instance, Side};
use num_traits::{Signed, Zero};
use std::fmt::Write;

/// A constraint `Σ a_j X_j (sense) rhs` by name.
struct Con {
    name: String,
    sense: char,
    rhs: Rat,
    coeffs: Vec<(usize, Rat)>,
}

/// A VIPR file being assembled.
struct Vipr {
    comments: Vec<String>,
    vars: Vec<String>,
    obj: Vec<(usize, Rat)>,
    cons: Vec<Con>,
    rtp: String,
    sols: Vec<(String, Vec<(usize, Rat)>)>,
    /// Derived constraints: name, sense, rhs, `OBJ` or coefficients, and `lin` multipliers
    /// by constraint index.
    ders: Vec<Derived>,
}

/// A derived constraint: name, sense, rhs, `OBJ` (`None`) or coefficients, `lin` multipliers.
type Derived = (String, char, Rat, Option<Vec<(usize, Rat)>>, Vec<(usize, Rat)>);

fn sparse(v: &[Rat]) -> Vec<(usize, Rat)> {
    v.iter().enumerate().filter(|(_, c)| !c.is_zero()).map(|(j, c)| (j, c.clone())).collect()
}

fn terms(out: &mut String, t: &[(usize, Rat)]) {
    let _ = write!(out, "{}", t.len());
    for (j, c) in t {
        let _ = write!(out, " {j} {}", fmt_q(c));
    }
}

impl Vipr {
    /// Index of a constraint by name (bounds first, as `render` orders them).
    fn render(mut self) -> String {
        // VIPR wants bound constraints (one variable) before the others; keep indices.
        let mut order: Vec<usize> = (0..self.cons.len()).collect();
        order.sort_by_key(|&i| self.cons[i].coeffs.len() != 1);
        let mut pos = vec![0; self.cons.len()];
        for (k, &i) in order.iter().enumerate() {
            pos[i] = k;
        }
        let bounds = order.iter().filter(|&&i| self.cons[i].coeffs.len() == 1).count();
        let mut s = String::new();
        for c in &self.comments {
            let _ = writeln!(s, "% {c}");
        }
        s.push_str("VER 1.0\n");
        let _ = writeln!(s, "VAR {}\n{}", self.vars.len(), self.vars.join(" "));
        s.push_str("INT 0\n\nOBJ min\n");
        terms(&mut s, &self.obj);
        s.push('\n');
        let _ = writeln!(s, "CON {} {}", self.cons.len(), bounds);
        for &i in &order {
            let c = &self.cons[i];
            let _ = write!(s, "{} {} {} ", c.name, c.sense, fmt_q(&c.rhs));
            terms(&mut s, &c.coeffs);
            s.push('\n');
        }
        let _ = writeln!(s, "RTP {}", self.rtp);
        let _ = writeln!(s, "SOL {}", self.sols.len());
        for (name, v) in &self.sols {
            let _ = write!(s, "{name} ");
            terms(&mut s, v);
            s.push('\n');
        }
        let _ = writeln!(s, "DER {}", self.ders.len());
        for (name, sense, rhs, coeffs, lin) in self.ders.drain(..) {
            let _ = write!(s, "{name} {sense} {} ", fmt_q(&rhs));
            match coeffs {
                None => s.push_str("OBJ"),
                Some(c) => terms(&mut s, &c),
            }
            let mut lin: Vec<(usize, Rat)> =
                lin.into_iter().filter(|(_, l)| !l.is_zero()).map(|(i, l)| (pos[i], l)).collect();
            lin.sort_by_key(|e| e.0);
            s.push_str(" { lin ");
            terms(&mut s, &lin);
            s.push_str(" } -1\n");
        }
        s
    }
}

/// VIPR exports cover the paper's model only (docs/math.md §7.3).
pub const NOT_DEFAULT: &str =
    "VIPR export is implemented for the default setting only (min-ip, nonneg, shared, all keys)";

/// The VIPR text of a `holds` gap certificate (`RTP infeas`).
pub fn gap(checked: &Checked<GapCertificate>) -> Result<String, Error> {
    if *checked.claim() != Verdict::Holds {
        return Err(Error::Input("VIPR export needs an infeasibility (holds) certificate".into()));
    }
    let cert = checked.cert();
    let farkas = cert.farkas.as_ref().expect("a checked holds certificate has farkas");
    let p = &cert.params;
    if p.task.is_some() || p.kernel.is_some() || p.positions.is_some() || p.keys.is_some() || p.at.is_some() {
        return Err(Error::Input(NOT_DEFAULT.into()));
    }
    let parse = |s: &str| parse_rational(s).expect("checked certificate");
    let cons: Vec<Con> = farkas
        .rows
        .iter()
        .map(|r| Con {
            name: r.name.clone(),
            sense: 'L',
            rhs: parse(&r.rhs),
            coeffs: sparse(&r.coeffs.iter().map(|c| parse(c)).collect::<Vec<_>>()),
        })
        .collect();
    let lin: Vec<(usize, Rat)> =
        farkas.rows.iter().enumerate().map(|(i, r)| (i, parse(&r.multiplier))).collect();
    let v = Vipr {
        comments: vec![
            format!("minip gap-domination certificate, verdict {}", cert.verdict),
            format!(
                "n={} eps={} h={} u={} w={} family={} bound b <= {} c",
                p.n, p.eps, p.h, p.u, p.w, p.family, p.kprime
            ),
            "strict rows are closed as <= -1 (homogeneity, docs/math.md section 2.5)".into(),
        ],
        vars: cert.variables.clone(),
        obj: Vec::new(),
        cons,
        rtp: "infeas".into(),
        sols: Vec::new(),
        ders: vec![("absurdity".into(), 'L', parse(&farkas.combined_rhs), Some(Vec::new()), lin)],
    };
    Ok(v.render())
}

/// The VIPR text of a ratio certificate (`RTP range R R`): the closed row LP, `min A_lo`.
pub fn ratio(checked: &Checked<RatioCertificate>) -> Result<String, Error> {
    let c = checked.cert();
    let p = &c.params;
    if p.task.is_some()
        || p.kernel.is_some()
        || p.positions.is_some()
        || p.keys.is_some()
        || p.at.is_some()
        || p.m.is_some()
    {
        return Err(Error::Input(NOT_DEFAULT.into()));
    }
    let eps = parse_rational(&p.eps).expect("checked certificate");
    let inst = ratio_instance(p.n, eps.clone(), p.h, p.lo, p.hi, p.superset)?;
    let k = inst.classes();
    let (ep, eq): (i64, i64) =
        (eps.numer().try_into().expect("checked"), eps.denom().try_into().expect("checked"));
    let r = checked
        .claim()
        .value()
        .cloned()
        .ok_or_else(|| Error::Input("VIPR: only a finite ratio of the default setting".into()))?;
    let name = |c: usize| if c as u32 > p.h { "sup".to_string() } else { c.to_string() };
    let mut vars: Vec<String> = (0..k).map(|c| format!("A{}", name(c))).collect();
    vars.extend((0..k).map(|c| format!("P{}", name(c))));
    let mut cons = Vec::new();
    for cl in 0..k {
        cons.push(Con {
            name: format!("nonneg_A{}", name(cl)),
            sense: 'G',
            rhs: Rat::zero(),
            coeffs: vec![(cl, Rat::from_integer(1.into()))],
        });
    }
    let norm = cons.len();
    cons.push(Con {
        name: "norm".into(),
        sense: 'E',
        rhs: Rat::from_integer(1.into()),
        coeffs: vec![(p.hi as usize, Rat::from_integer(1.into()))],
    });
    let first_row = cons.len();
    let mut index = std::collections::HashMap::new();
    for m in multisets(p.n as usize - 1, k as u32 - 1) {
        for side in [Side::Upper, Side::Lower] {
            let tag: String = m.iter().map(|&o| format!("_{}", name(o as usize))).collect();
            index.insert((m.clone(), side), cons.len());
            let coeffs = int_row(p.h, k, &m, side, ep, eq)
                .into_iter()
                .map(|(j, v)| (j, Rat::from_integer(v.into())))
                .collect();
            cons.push(Con {
                name: format!("{}{tag}", &side.name()[..1]),
                sense: 'L',
                rhs: Rat::zero(),
                coeffs,
            });
        }
    }
    // The combination: A_lo = Σ va_c A_c + R·A_hi − Σ y_int·row, so λ = va_c on A_c ≥ 0,
    // R on A_hi = 1 and −y_int on each row (y_int = y/q: the file's y are for rows over q).
    let mut va = vec![Rat::zero(); k];
    va[p.lo as usize] += Rat::from_integer(1.into());
    va[p.hi as usize] -= &r;
    let qden = Rat::from_integer(eq.into());
    let mut lin = Vec::new();
    for m in &c.multipliers {
        let side = if m.side == "upper" { Side::Upper } else { Side::Lower };
        let y = parse_rational(&m.y).expect("checked") / &qden;
        for (j, coef) in int_row(p.h, k, &m.classes, side, ep, eq) {
            if j < k {
                va[j] += &y * Rat::from_integer(coef.into());
            }
        }
        let i = *index
            .get(&(m.classes.clone(), side))
            .ok_or_else(|| Error::Input("multiplier names no row".into()))?;
        lin.push((i, -y));
    }
    if va.iter().any(|v| v.is_negative()) {
        return Err(Error::Input(
            "internal: the combination's A part is negative (the checker accepted it)".into(),
        ));
    }
    lin.extend(va.iter().enumerate().map(|(cl, v)| (cl, v.clone())));
    lin.push((norm, r.clone()));
    let _ = first_row;
    let point: Vec<Rat> = c.alpha.iter().chain(&c.p).map(|s| parse_rational(s).expect("checked")).collect();
    let v = Vipr {
        comments: vec![
            format!("minip forced ratio R(lo = {}, hi = {}; h = {}) = {}, n = {}, eps = {}", p.lo, class_label(p.h, p.hi), p.h, fmt_q(&r), p.n, p.eps),
            format!("classes 0..{}{}; rows q(N - tD) - pD <= 0 (upper), q(tD - N) - pD <= 0 (lower), eps = p/q (docs/math.md section 4)", p.h, if p.superset { " and sup = h+ (strict supersets)" } else { "" }),
        ],
        vars,
        obj: vec![(p.lo as usize, Rat::from_integer(1.into()))],
        cons,
        rtp: format!("range {} {}", fmt_q(&r), fmt_q(&r)),
        sols: vec![("attaining".into(), sparse(&point))],
        ders: vec![("lower_bound".into(), 'G', r, None, lin)],
    };
    Ok(v.render())
}

/// The VIPR text of one sharp configuration (`RTP range kstar kstar`): `min b` over the
/// closed homogeneous gap rows, `a, b ≥ 0`, `c = 1`.
pub fn sharp(checked: &Checked<SharpCertificate>) -> Result<String, Error> {
    let c = checked.cert();
    if c.task.is_some() || c.kernel.is_some() || c.positions.is_some() || c.keys.is_some() || c.at.is_some() {
        return Err(Error::Input(NOT_DEFAULT.into()));
    }
    let kstar = checked.claim().clone().ok_or_else(|| Error::Input("VIPR: only a finite kstar".into()))?;
    let parse = |s: &str| parse_rational(s).expect("checked certificate");
    let inst = Instance::new(
        c.n,
        parse(&c.eps),
        Gap::new(c.h, c.u, c.w)?,
        Family::parse(&c.family)?,
        Bound::Value(kstar.clone()),
    )?;
    let one = || Rat::from_integer(1.into());
    let mut cons = vec![
        Con { name: "sign_a".into(), sense: 'G', rhs: Rat::zero(), coeffs: vec![(0, one())] },
        Con { name: "sign_b".into(), sense: 'G', rhs: Rat::zero(), coeffs: vec![(1, one())] },
        Con { name: "norm_c".into(), sense: 'E', rhs: one(), coeffs: vec![(2, one())] },
    ];
    let mut row_index = std::collections::HashMap::new();
    for seq in inst.sequences() {
        for row in sequence_rows(&seq, &inst.eps) {
            row_index.insert(row.name.clone(), cons.len());
            cons.push(Con { name: row.name, sense: 'L', rhs: Rat::zero(), coeffs: sparse(&row.coeffs) });
        }
    }
    let closure = || -> Vec<Rat> { c.closure.as_ref().expect("checked").iter().map(|v| parse(v)).collect() };
    let (sol, lin) = if !c.attained && kstar.is_zero() {
        // kstar = 0, not attained: the bound b ≥ 0 is a constraint; the closure point has b = 0.
        (closure(), vec![(1, one())])
    } else if c.attained {
        // kstar = 0 is attained: b ≥ 0 is the bound; the witness, scaled to c = 1, attains it.
        let a: Vec<Rat> = c.witness.alpha.iter().map(|s| parse(s)).collect();
        let s: Vec<Rat> = c.witness.s.iter().map(|v| parse(v)).collect();
        let z: Vec<Rat> =
            (0..3).map(|j| &a[j] / &a[2]).chain((0..3).map(|j| &a[j] * &s[j] / &a[2])).collect();
        (z, vec![(1, one())])
    } else {
        // The lower side's Farkas multipliers y for the strict system with b ≤ kstar·c:
        // y_b (b − kstar c) = −Σ y_s row_s + y_a a + y_bb b + y_c c, so with λ = −y_s/y_b on the
        // rows, y_a/y_b on a ≥ 0, y_bb/y_b on b ≥ 0 and kstar + y_c/y_b on c = 1 the
        // combination is b ≥ kstar + y_c/y_b, which dominates b ≥ kstar.
        let lower = c.lower.as_ref().expect("checked: not attained has a lower side");
        let y = |name: &str| lower.get(name).map(|v| parse(v)).unwrap_or_else(Rat::zero);
        let yb = y("bound");
        if !yb.is_positive() {
            return Err(Error::Input("internal: the lower side has no multiplier on the bound row".into()));
        }
        let mut lin: Vec<(usize, Rat)> = Vec::new();
        for r in build_rows(&inst).iter().filter(|r| r.strict) {
            lin.push((row_index[&r.name], -y(&r.name) / &yb));
        }
        lin.push((0, y("sign_a") / &yb));
        lin.push((1, y("sign_b") / &yb));
        lin.push((2, &kstar + y("sign_c") / &yb));
        (closure(), lin)
    };
    let v = Vipr {
        comments: vec![
            format!("minip sharp constant kstar = inf b/c = {} (n={} eps={} h={} u={} w={} family={})", fmt_q(&kstar), c.n, c.eps, c.h, c.u, c.w, c.family),
            "min b over the closed rows (strict rows closed as <= 0), a, b >= 0, c = 1 (docs/math.md section 3)".into(),
        ],
        vars: VARS.iter().map(|s| s.to_string()).collect(),
        obj: vec![(1, one())],
        cons,
        rtp: format!("range {} {}", fmt_q(&kstar), fmt_q(&kstar)),
        sols: vec![(if c.attained { "attaining_head" } else { "closure" }.into(), sparse(&sol))],
        ders: vec![("lower_bound".into(), 'G', kstar, None, lin)],
    };
    Ok(v.render())
}
