//! Beyond Min-IP (docs/math.md §11): the same row LP in any setting. First whether a correct
//! head exists at all (a strictly correct head, or Farkas multipliers: `empty`), then the
//! closure minimum (exact pivots from HiGHS's basis, or a repaired hint), or `-inf` with a
//! point and a ray. The largest LPs are solved one at a time on one thread.

use super::basis::{base_certificate, certificate_of_basis, from_hint_repair, move_zero_weights};
use super::basis::{point, row_multiplier, sorted, unbounded_parts};
use super::lp::MAX_PIVOTS;
use super::{check_candidate, forced_ratio};
use crate::error::Error;
use crate::formulate::ratio::{row_lp_in, RowLp};
use crate::formulate::slack::{form, system};
use crate::repair::hint::{exact_farkas, exact_point};
use crate::repair::simplex;
use crate::solve::gap::{solve_farkas, solve_slack};
use crate::solve::ratio as lp;
use minip_check::check::Checked;
use minip_check::format::ratio::{Multiplier, RatioCertificate, RatioPoint, EMPTY, MINUS_INF};
use minip_check::rational::{fmt_q, Rat};
use minip_check::rows::gap::Row;
use minip_check::rows::ratio::{ratio_instance_in, RatioInstance};
use num_traits::{One, Signed, Zero};

pub use crate::formulate::ratio::MAX_GENERAL_ROWS;

/// Row LPs beyond the paper's model above this many cells are solved one at a time on one
/// thread (`on_heavy_thread`): each is within `MAX_GENERAL_CELLS` alone (about 0.55 GB at the
/// limit), but a batch (`amplify --grid`, a range of `h`) would run two of the largest at once,
/// and glibc keeps each worker's freed memory in that worker's arena, so two workers' peaks
/// add up (a Max-IP table `h = 97..=100` aborted under 1 GiB of address space).
const HEAVY_CELLS: u128 = crate::formulate::ratio::MAX_GENERAL_CELLS / 8;

type HeavyJob = Box<dyn FnOnce() + Send>;
static HEAVY: std::sync::OnceLock<Option<std::sync::Mutex<std::sync::mpsc::Sender<HeavyJob>>>> =
    std::sync::OnceLock::new();

/// `f()` on the one thread that runs the large row LPs, in the order they arrive (inline if
/// that thread cannot be started).
fn on_heavy_thread<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, Error> {
    let tx = HEAVY.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel::<HeavyJob>();
        let spawned = std::thread::Builder::new().name("minip-heavy-lp".into()).spawn(move || {
            for job in rx {
                job();
            }
        });
        spawned.ok().map(|_| std::sync::Mutex::new(tx))
    });
    let Some(tx) = tx else { return Ok(f()) };
    let (rtx, rrx) = std::sync::mpsc::sync_channel(1);
    let job: HeavyJob = Box::new(move || {
        let _ = rtx.send(f());
    });
    tx.lock()
        .unwrap_or_else(|e| e.into_inner())
        .send(job)
        .map_err(|_| Error::Input("the large-LP thread is gone".to_string()))?;
    rrx.recv().map_err(|_| Error::Input("the large-LP thread stopped before answering".to_string()))
}

/// The validated instance of a setting (docs/math.md §11), for `forced_ratio_in`.
#[allow(clippy::too_many_arguments)]
pub fn instance_in(
    n: u32,
    eps: &Rat,
    h: u32,
    lo: u32,
    hi: u32,
    superset: bool,
    setting: minip_check::model::Setting,
    m: Option<u32>,
) -> Result<RatioInstance, Error> {
    let inst = ratio_instance_in(n, eps.clone(), h, lo, hi, superset, setting, m)?;
    if !(inst.setting.is_default() && inst.m.is_none()) {
        crate::formulate::ratio::check_general_size(&inst)?;
    }
    Ok(inst)
}

/// `R = inf A_lo/A_hi` over heads correct on every sequence of the setting (or `empty`, or
/// `-inf`), with a certificate that passed the checker. The default setting takes the
/// route of `forced_ratio` (same certificate bytes). Errors starting `unknown:` mean the
/// exact solve did not finish.
pub fn forced_ratio_in(inst: &RatioInstance) -> Result<Checked<RatioCertificate>, Error> {
    if inst.setting.is_default() && inst.m.is_none() {
        return forced_ratio(inst.n, &inst.eps, inst.h, inst.lo, inst.hi, inst.superset);
    }
    let rows = inst.exact_sequence_count().saturating_mul(inst.sides().len() as u128);
    if rows.saturating_mul(inst.slots() as u128) > HEAVY_CELLS
        && std::thread::current().name() != Some("minip-heavy-lp")
    {
        let inst = inst.clone();
        return on_heavy_thread(move || forced_ratio_in(&inst))?;
    }
    let lp = row_lp_in(inst)?;
    if lp.rows.len() > MAX_GENERAL_ROWS {
        return Err(Error::Input(format!(
            "{} rows: more than the {MAX_GENERAL_ROWS} this route solves",
            lp.rows.len()
        )));
    }
    // 1. Is there a correct head with A_hi > 0?
    let rows = strict_rows(&lp);
    let hint = solve_slack(&rows, 2 * lp.slots()).map_err(|e| Error::Unknown(format!("unknown: {e}")))?;
    if hint.sigma <= 1e-9 {
        return check_candidate(no_correct_head(&lp, &rows, &hint.duals)?);
    }
    let scaled: Vec<f64> = hint.z.iter().map(|v| v / hint.sigma).collect();
    let z = exact_point(&system(&rows), &scaled)
        .ok_or_else(|| Error::Unknown("unknown: no exact strictly correct head near the solver's".into()))?;
    // 2. The closure minimum, exactly.
    closure_minimum(&lp, move_zero_weights(&lp, z))
}

/// The rows of "a strictly correct head with `A_hi > 0`": the strict rows closed as `≤ −1`
/// (named by their index), `den`: `−Σ_hi A ≤ −1`, and for a nonnegative kernel `sign_j`:
/// `−A_j ≤ 0`. The slack LP has slack on them exactly when such a head exists.
fn strict_rows(lp: &RowLp) -> Vec<Row> {
    let width = 2 * lp.slots();
    let mut rows: Vec<Row> = lp
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| Row { name: format!("{i}"), coeffs: lp.dense(r), rhs: -Rat::one(), strict: true })
        .collect();
    let den = form(width, &lp.norm, &-Rat::one());
    rows.push(Row { name: "den".into(), coeffs: den, rhs: -Rat::one(), strict: true });
    if !lp.signed() {
        for j in 0..lp.slots() {
            let c = form(width, &[j], &-Rat::one());
            rows.push(Row { name: format!("sign{j}"), coeffs: c, rhs: Rat::zero(), strict: false });
        }
    }
    rows
}

/// The `empty` candidate: exact Farkas multipliers of `rows` (`strict_rows`, on which the slack
/// LP found no slack; `duals` its row duals). Multipliers without the `den` row are preferred:
/// they prove that no head at all is correct.
fn no_correct_head(lp: &RowLp, rows: &[Row], duals: &[f64]) -> Result<RatioCertificate, Error> {
    let width = 2 * lp.slots();
    let den_at = lp.rows.len();
    let without: Vec<Row> =
        rows.iter().enumerate().filter(|(i, _)| *i != den_at).map(|(_, r)| r.clone()).collect();
    let exact_without = system(&without);
    let strong = solve_slack(&without, width).ok().filter(|h| h.sigma <= 1e-9).and_then(|h| {
        exact_farkas(&exact_without, &h.duals)
            .or_else(|| exact_farkas(&exact_without, &solve_farkas(&without, width).ok()?))
    });
    let strong = strong.map(|y| {
        let mut full = y;
        full.insert(den_at, Rat::zero());
        full
    });
    let exact_rows = system(rows);
    let y = strong
        .or_else(|| exact_farkas(&exact_rows, duals))
        .or_else(|| exact_farkas(&exact_rows, &solve_farkas(rows, width).ok()?))
        .ok_or_else(|| {
            Error::Unknown("unknown: no correct head found, and no exact Farkas multipliers either".into())
        })?;
    let multipliers = y.iter().enumerate().take(den_at + 1).filter(|(_, v)| !v.is_zero()).map(|(i, v)| {
        if i == den_at {
            Multiplier { classes: vec![], side: "den".into(), y: fmt_q(v) }
        } else {
            row_multiplier(lp, i, v)
        }
    });
    Ok(RatioCertificate {
        ratio: EMPTY.into(),
        multipliers: sorted(multipliers.collect()),
        ..base_certificate(lp)
    })
}

/// The closure minimum `min A_lo` with `A_hi = 1` over the closed rows, checked, with the
/// strictly correct head `witness`: from HiGHS's basis made exact and pivoted to the optimum, or
/// from its repaired hint; `-inf` with an exact point and ray when HiGHS finds it unbounded.
fn closure_minimum(lp: &RowLp, witness: RatioPoint) -> Result<Checked<RatioCertificate>, Error> {
    match lp::solve_general(lp) {
        Ok(h) => {
            let b0 = simplex::from_hint_general(lp, &h);
            let exact = b0
                .filter(|b| b.y.iter().all(|v| !v.is_negative()))
                .and_then(|start| simplex::dual_simplex(lp, start, MAX_PIVOTS).ok());
            let mut c = match exact {
                Some((b, x, _)) => certificate_of_basis(lp, &b.held, &b.y, &x),
                // HiGHS's basis is not usable as it is (e.g. a free P column nonbasic at
                // zero): round the optimum and solve both sides on the hint's supports.
                None => from_hint_repair(lp, &h).ok_or_else(|| {
                    Error::Unknown(
                        "unknown: HiGHS's basis is not exactly dual feasible and the hint did not repair"
                            .into(),
                    )
                })?,
            };
            c.witness = Some(witness);
            check_candidate(c)
        }
        Err(lp::NoOptimum::Unbounded) => {
            let (at, ray) = unbounded_parts(lp)
                .ok_or_else(|| Error::Unknown("unknown: unbounded, but no exact point and ray".into()))?;
            let RatioPoint { alpha, p } = point(lp, &at);
            check_candidate(RatioCertificate {
                ratio: MINUS_INF.into(),
                alpha,
                p,
                witness: Some(witness),
                ray: Some(point(lp, &ray)),
                ..base_certificate(lp)
            })
        }
        Err(lp::NoOptimum::Other(e)) => Err(Error::Unknown(format!("unknown: {e}"))),
    }
}
