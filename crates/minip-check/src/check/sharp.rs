//! Checking `minip-sharp/1` certificates: `kstar = inf b/c` over heads correct on the
//! family, both sides (docs/math.md §3).
//!
//! Rebuilds everything from the stated parameters; the Farkas lower side and the witness
//! head are judged on their values by the same functions as gap certificates
//! (`super::gap::{farkas_combination, head_outputs}`).

use super::gap::{farkas_combination_in, head_outputs};
use super::input::rational;
use super::{Context, Proves};
use crate::error::{Error, Res};
use crate::format::sharp::{
    relation, witness_margin, SharpCertificate, SharpFile, SharpWitness, EMPTY, MINUS_INF, SHARP_FORMAT,
};
use crate::model::setting::SettingClaim;
use crate::model::{paper_k, Bound, Family, Gap, Instance, Kernel, Setting};
use crate::rational::{fast, fmt_q, quoted, Rat};
use crate::rows::gap::{gap_lp, GapLp, VARS};
use num_traits::{One, Signed, Zero};
use serde::Serialize;
use std::collections::HashMap;

/// Checks every configuration of a file; returns their `kstar` in order (`None`: `-inf`).
/// A configuration (`n`, `ε`, `h`, `u`, `w`, family and setting, compared as values: `1/2`
/// and `0.5` are one `ε`) may be listed once only, so that the file's count is a count of
/// distinct configurations.
pub fn check_sharp_file(f: &SharpFile) -> Res<Vec<Option<Rat>>> {
    if f.format != SHARP_FORMAT {
        return Err(Error::Rejected(format!("format: expected {SHARP_FORMAT}")));
    }
    if f.certificates.is_empty() {
        return Err(Error::Rejected("certificates: empty".into()));
    }
    let at = |i: usize, c: &SharpCertificate| {
        format!(
            "certificates[{i}] (n={} eps={} h={} u={} w={} {})",
            c.n,
            quoted(&c.eps),
            c.h,
            c.u,
            c.w,
            quoted(&c.family)
        )
    };
    let ks: Vec<Option<Rat>> = f
        .certificates
        .iter()
        .enumerate()
        .map(|(i, c)| check_sharp_value(c).map_err(|e| e.at(&at(i, c))))
        .collect::<Result<_, _>>()?;
    // Each entry's values first (a tampered entry is named with the part that fails), then each
    // configuration once.
    let mut seen: HashMap<(u32, Rat, Gap, Family, Setting), usize> = HashMap::new();
    for (i, c) in f.certificates.iter().enumerate() {
        let inst = stated_instance(c).map_err(|e| e.at(&at(i, c)))?;
        if let Some(first) = seen.insert((inst.n, inst.eps, inst.gap, inst.family, inst.setting), i) {
            return Err(Error::Rejected(format!(
                "{}: the configuration is listed twice (also as certificates[{first}])",
                at(i, c)
            )));
        }
    }
    Ok(ks)
}

/// The instance a sharp certificate states (bound not yet set), with its setting.
pub fn stated_instance(c: &SharpCertificate) -> Res<Instance> {
    let gap = Gap::new(c.h, c.u, c.w).map_err(Error::in_certificate)?;
    let eps = rational("eps", &c.eps)?;
    let family = Family::parse(&c.family).map_err(Error::in_certificate)?;
    let setting = Setting::from_fields(
        c.task.as_deref(),
        c.kernel.as_deref(),
        c.positions.as_deref(),
        c.keys.as_deref(),
        c.at,
        c.n,
    )
    .map_err(Error::in_certificate)?;
    let inst = Instance::new(c.n, eps, gap, family, Bound::Paper)
        .and_then(|i| i.with_setting(setting))
        .map_err(Error::in_certificate)?;
    // Ordered sequences grow like n!: counted before any row is built (as on the command line).
    crate::rows::gap::check_gap_lp_size(&inst)?;
    Ok(inst)
}

/// What a checked sharp certificate proves: `kstar`, or `None` for `-inf` (signed kernels:
/// `good/bad` is unbounded below over heads with `bad > 0`) and for `empty` (no correct
/// head at all; the certificate's `kstar` field says which).
pub fn check_sharp_value(c: &SharpCertificate) -> Res<Option<Rat>> {
    let base = stated_instance(c)?;
    let signed = base.setting.kernel == Kernel::Signed;
    let k = paper_k(c.n, &base.eps, base.d());
    if rational("paper_k", &c.paper_k)? != k {
        return Err(Error::Rejected(format!(
            "paper_k: stated {} but the parameters give {}",
            c.paper_k,
            fmt_q(&k)
        )));
    }
    if c.kstar == EMPTY {
        if c.relation != EMPTY
            || c.attained
            || c.closure.is_some()
            || c.ray.is_some()
            || c.witness.bound != "-"
            || !c.witness.alpha.is_empty()
            || !c.witness.s.is_empty()
        {
            return Err(Error::Rejected("kstar empty: relation empty, a lower part only (no closure, ray or witness; witness bound -)".into()));
        }
        let lower = c.lower.as_ref().ok_or_else(|| Error::Rejected("lower: missing".into()))?;
        if lower.contains_key("bound") {
            return Err(Error::Rejected(
                "lower: an empty family's certificate may not use the bound row".into(),
            ));
        }
        // The bound row is unused, so the factor does not matter; 1 adds no pins.
        let inst = Instance { bound: Bound::Value(Rat::one()), ..base };
        check_lower(&gap_lp(&inst), lower)?;
        return Ok(None);
    }
    if c.kstar == MINUS_INF {
        if !signed {
            return Err(Error::Rejected(
                "kstar: -inf only with a signed kernel (b/c ≥ 0 for every nonnegative head)".into(),
            ));
        }
        if c.relation != "fails" {
            return Err(Error::Rejected(format!(
                "relation: stated {} but kstar = -inf is below K (fails)",
                c.relation
            )));
        }
        if c.attained || c.lower.is_some() {
            return Err(Error::Rejected("kstar -inf: no lower part and not attained".into()));
        }
        let lp = gap_lp(&base);
        let closure = c.closure.as_ref().ok_or_else(|| Error::Rejected("closure: missing".into()))?;
        let p = closure_values(&lp, closure)?;
        check_homogeneous(&base, &lp, &p, "closure")?;
        let (good, bad) = good_bad(&base, &lp, &p);
        if !bad.is_one() {
            return Err(Error::Rejected("closure: need bad = 1".into()));
        }
        let _ = good;
        let ray = c.ray.as_ref().ok_or_else(|| Error::Rejected("ray: missing".into()))?;
        let r = closure_values(&lp, ray).map_err(|e| e.map_message(|m| m.replace("closure", "ray")))?;
        check_homogeneous(&base, &lp, &r, "ray")?;
        let (rg, rb) = good_bad(&base, &lp, &r);
        if !rb.is_zero() || !rg.is_negative() {
            return Err(Error::Rejected("ray: need bad(ray) = 0 and good(ray) < 0".into()));
        }
        let wbound = rational("witness.bound", &c.witness.bound)?;
        check_witness_in(&Instance { bound: Bound::Value(wbound), ..base }, &lp, &c.witness, true)?;
        return Ok(None);
    }
    if c.ray.is_some() {
        return Err(Error::Rejected("ray: only with kstar = -inf".into()));
    }
    let kstar = rational("kstar", &c.kstar)?;
    if kstar.is_negative() && !signed {
        return Err(Error::Rejected("kstar: negative (b/c ≥ 0 for every head)".into()));
    }
    if c.relation != relation(&kstar, &k) {
        return Err(Error::Rejected(format!(
            "relation: stated {} but kstar vs K gives {}",
            c.relation,
            relation(&kstar, &k)
        )));
    }
    let inst = Instance { bound: Bound::Value(kstar.clone()), ..base };
    // The LP is built once and shared by the lower, closure and witness checks.
    let lp = gap_lp(&inst);
    let wbound = rational("witness.bound", &c.witness.bound)?;
    if c.attained {
        // A correct head with b = 0 < c: b/c = 0 is a minimum, and b/c ≥ 0 always.
        if signed || !kstar.is_zero() || c.lower.is_some() || c.closure.is_some() || !wbound.is_zero() {
            return Err(Error::Rejected(
                "attained: only kstar = 0 with a witness at bound 0 and no lower/closure part".into(),
            ));
        }
        check_witness_in(&inst, &lp, &c.witness, false)?;
        return Ok(Some(kstar));
    }
    let lower = c.lower.as_ref().ok_or_else(|| Error::Rejected("lower: missing".into()))?;
    check_lower(&lp, lower)?;
    let closure = c.closure.as_ref().ok_or_else(|| Error::Rejected("closure: missing".into()))?;
    check_closure(&inst, &lp, closure, &kstar)?;
    if wbound != &kstar + witness_margin() {
        return Err(Error::Rejected(format!(
            "witness.bound: expected kstar + 1/1000 = {}",
            fmt_q(&(&kstar + witness_margin()))
        )));
    }
    check_witness_in(&inst, &lp, &c.witness, true)?;
    Ok(Some(kstar))
}

/// Checks one configuration; returns the certified `kstar` (`-inf` is an error here: use
/// `check_sharp_value`).
pub fn check_sharp(c: &SharpCertificate) -> Res<Rat> {
    check_sharp_value(c)?.ok_or_else(|| Error::Rejected("kstar is -inf (no finite value)".into()))
}

/// Lower side: no correct head has `b ≤ kstar·c` (Farkas on the rebuilt rows; rows not
/// named have multiplier 0). `lp` is `gap_lp(inst)`: its rows are those of `build_rows` in
/// every setting (`rows::gap` tests the default one).
fn check_lower(lp: &GapLp, lower: &std::collections::BTreeMap<String, String>) -> Res<()> {
    let rows = &lp.rows;
    if let Some(name) = lower.keys().find(|n| !rows.iter().any(|r| &r.name == *n)) {
        return Err(Error::Rejected(format!("lower: no row named '{name}' for these parameters")));
    }
    let y: Vec<Rat> = rows
        .iter()
        .map(|r| match lower.get(&r.name) {
            Some(s) => rational(&format!("lower.{}", r.name), s),
            None => Ok(Rat::zero()),
        })
        .collect::<Result<_, _>>()?;
    farkas_combination_in(rows, &y, &lp.vars).map(|_| ()).map_err(|e| e.at("lower"))
}

fn closure_values(lp: &GapLp, v: &[String]) -> Res<Vec<Rat>> {
    if v.len() != lp.vars.len() {
        return Err(Error::Rejected(if lp.vars == VARS {
            "closure: expected the six values a b c P Q S".into()
        } else {
            format!("closure: expected {} values ({})", lp.vars.len(), lp.vars.join(" "))
        }));
    }
    v.iter().enumerate().map(|(j, s)| rational(&format!("closure.{}", lp.vars[j]), s)).collect()
}

/// `(good, bad)` weights of a point (summed kernel, or at the stated key position).
fn good_bad(inst: &Instance, lp: &GapLp, p: &[Rat]) -> (Rat, Rat) {
    let sum = |kind: usize| {
        lp.bound_slots(kind, inst.setting.at).iter().fold(Rat::zero(), |acc, &j| fast::add(&acc, &p[j]))
    };
    (sum(inst.good()), sum(inst.bad()))
}

/// Every sequence row (made homogeneous: `≤ 0`) holds at `p`, and `A ≥ 0` for a
/// nonnegative kernel. The sequence rows are the strict rows of `lp` (`bad_pos` is not one).
fn check_homogeneous(inst: &Instance, lp: &GapLp, p: &[Rat], what: &str) -> Res<()> {
    let signed = inst.setting.kernel == Kernel::Signed;
    if !signed {
        if let Some(j) = (0..lp.nslots()).find(|&j| p[j].is_negative()) {
            return Err(Error::Rejected(format!("{what}: negative weight {}", lp.vars[j])));
        }
    }
    // `gap_lp` lists the sequence rows first: `upper`, `lower` (and `pos`) per sequence.
    let per_seq = if signed { 3 } else { 2 };
    for row in &lp.rows[..lp.seqs.len() * per_seq] {
        let lhs = row.coeffs.iter().zip(p).filter(|(g, z)| !g.is_zero() && !z.is_zero()).fold(
            Rat::zero(),
            |mut acc, (g, z)| {
                fast::add_product(&mut acc, g, z);
                acc
            },
        );
        if lhs.is_positive() {
            return Err(Error::Rejected(format!(
                "{what}: row {} is violated ({} > 0)",
                row.name,
                fmt_q(&lhs)
            )));
        }
    }
    Ok(())
}

/// Upper side, closed part: `G_s p ≤ 0` on every (homogeneous) correctness row,
/// `a, b ≥ 0`, `c = 1`, `b = kstar` (in general: weights `≥ 0` for a nonnegative kernel,
/// `bad = 1`, `good = kstar`).
fn check_closure(inst: &Instance, lp: &GapLp, closure: &[String], kstar: &Rat) -> Res<()> {
    let p = closure_values(lp, closure)?;
    if inst.setting.is_default() {
        if p[0].is_negative() || p[1].is_negative() || !p[2].is_one() || &p[1] != kstar {
            return Err(Error::Rejected("closure: need a ≥ 0, b = kstar, c = 1".into()));
        }
    } else {
        let (good, bad) = good_bad(inst, lp, &p);
        if !bad.is_one() || &good != kstar {
            return Err(Error::Rejected("closure: need good = kstar and bad = 1".into()));
        }
    }
    check_homogeneous(inst, lp, &p, "closure")
}

/// Upper side, strict part: a correct head meeting `good ≤ bound·bad` with `bad > 0` (and,
/// for mixing with the closure point, every weight positive — nonzero for a signed kernel),
/// judged on its values.
pub fn check_witness(inst: &Instance, wit: &SharpWitness, all_positive: bool) -> Res<()> {
    check_witness_in(inst, &gap_lp(inst), wit, all_positive)
}

/// `check_witness` with the LP of `inst` already built (`lp` = `gap_lp(inst)`; the witness
/// only uses its slots and sequences, which do not depend on the bound).
fn check_witness_in(inst: &Instance, lp: &GapLp, wit: &SharpWitness, all_positive: bool) -> Res<()> {
    let ns = lp.nslots();
    if wit.alpha.len() != ns || wit.s.len() != ns {
        return Err(Error::Rejected(format!("witness: need {ns} values of alpha and s")));
    }
    let alpha: Vec<Rat> = wit.alpha.iter().map(|s| rational("witness.alpha", s)).collect::<Result<_, _>>()?;
    let s: Vec<Rat> = wit.s.iter().map(|v| rational("witness.s", v)).collect::<Result<_, _>>()?;
    let signed = inst.setting.kernel == Kernel::Signed;
    let (_, bad) = good_bad(inst, lp, &alpha);
    let bad_ok = if inst.setting.is_default() { alpha[2].is_positive() } else { bad.is_positive() };
    let each_ok = |a: &Rat| if signed { !a.is_zero() } else { a.is_positive() };
    if !bad_ok || (all_positive && !alpha.iter().all(each_ok)) {
        return Err(Error::Rejected(
            "witness: weights must be positive (c > 0 always; a, b, c > 0 for mixing)".into(),
        ));
    }
    let bound = rational("witness.bound", &wit.bound)?;
    let winst = Instance { bound: Bound::Value(bound), ..inst.clone() };
    head_outputs(&winst, lp, &alpha, &s).map(|_| ()).map_err(|e| e.at("witness"))
}

// What a checked certificate proves (the registry's claim of this format, crate::format).

/// One group of a sharp file: configurations with the same `(n, eps, family, setting)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SharpGroup {
    pub n: u32,
    pub eps: String,
    pub family: String,
    #[serde(flatten)]
    pub setting: SettingClaim,
    pub configurations: usize,
    /// How many have `kstar = K` (`sharp`), `kstar > K` (`loose`), `kstar < K` (`fails`),
    /// or no correct head at all (`empty`).
    pub sharp: usize,
    pub loose: usize,
    pub fails: usize,
    pub empty: usize,
}

/// `minip-sharp/1`: `kstar` certified on both sides for every configuration of the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SharpClaim {
    pub configurations: usize,
    /// In order of first appearance.
    pub groups: Vec<SharpGroup>,
    /// With a single configuration: its `(h, u, w)` and `kstar` (`-inf`, `empty` or a rational).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single: Option<SharpSingle>,
}

/// The one configuration of a single-configuration sharp file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SharpSingle {
    pub h: u32,
    pub u: u32,
    pub w: u32,
    pub kstar: String,
}

/// The line of a sharp file: its one configuration, its one group, or every group.
fn sharp_line(f: &mut std::fmt::Formatter<'_>, s: &SharpClaim) -> std::fmt::Result {
    let group = |g: &SharpGroup| format!("{}n={} eps={} {}", g.setting.prefix(), g.n, g.eps, g.family);
    let plural = if s.configurations == 1 { "" } else { "s" };
    match (&s.single, s.groups.as_slice()) {
        (Some(one), [g]) => write!(
            f,
            "sharp (1 configuration, {} h={} u={} w={}: kstar = {} certified both sides)",
            group(g),
            one.h,
            one.u,
            one.w,
            one.kstar
        ),
        (_, [g]) => write!(
            f,
            "sharp ({} configuration{plural}, {}: kstar certified both sides)",
            s.configurations,
            group(g)
        ),
        (_, gs) => {
            let parts: Vec<String> =
                gs.iter().map(|g| format!("{} at {}", g.configurations, group(g))).collect();
            write!(
                f,
                "sharp ({} configuration{plural}: {}; kstar certified both sides)",
                s.configurations,
                parts.join(", ")
            )
        }
    }
}

impl std::fmt::Display for SharpClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        sharp_line(f, self)
    }
}

impl Proves for SharpFile {
    type Claim = SharpClaim;
    fn proves(&self, _: &Context) -> Res<SharpClaim> {
        sharp_claim(self)
    }
}

fn sharp_claim(f: &SharpFile) -> Res<SharpClaim> {
    let ks = check_sharp_file(f)?;
    let groups = sharp_groups(f)?;
    // `kstar` as checked: a reduced rational, or `-inf` / `empty` (the exact words the
    // check accepted), never the stated text.
    let single = match (f.certificates.as_slice(), ks.as_slice()) {
        ([c], [k]) => Some(SharpSingle {
            h: c.h,
            u: c.u,
            w: c.w,
            kstar: k.as_ref().map_or_else(|| c.kstar.clone(), fmt_q),
        }),
        _ => None,
    };
    Ok(SharpClaim { configurations: ks.len(), groups, single })
}

/// The configurations of a checked sharp file grouped by `(n, ε, family, setting)`, in order
/// of first appearance, with how many of each relation.
fn sharp_groups(f: &SharpFile) -> Res<Vec<SharpGroup>> {
    let mut groups: Vec<SharpGroup> = Vec::new();
    for c in &f.certificates {
        let inst = stated_instance(c)?;
        let (n, eps, family, setting) =
            (c.n, fmt_q(&inst.eps), inst.family.name().to_string(), SettingClaim::of(&inst.setting));
        let i = match groups
            .iter()
            .position(|g| g.n == n && g.eps == eps && g.family == family && g.setting == setting)
        {
            Some(i) => i,
            None => {
                groups.push(SharpGroup {
                    n,
                    eps,
                    family,
                    setting,
                    configurations: 0,
                    sharp: 0,
                    loose: 0,
                    fails: 0,
                    empty: 0,
                });
                groups.len() - 1
            }
        };
        let g = &mut groups[i];
        g.configurations += 1;
        match c.relation.as_str() {
            "sharp" => g.sharp += 1,
            "loose" => g.loose += 1,
            "fails" => g.fails += 1,
            _ => g.empty += 1,
        }
    }
    Ok(groups)
}
