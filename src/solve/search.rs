//! The LPs of the low-rank head search (docs/math.md §14, docs/frontier.md "Searched heads"),
//! solved by HiGHS: the two alternating steps on `α = Φ Ψᵀ` and the values of a rounded kernel.
//! Everything here is floating point and only a hint: `crate::batch::search_exact` rounds it
//! and `minip_check` decides.
//!
//! Scalarized (§1.4), a head is `α ≥ 0` and products `P = α·s`; at a query `x` with the
//! multiset `{k1, k2}` of the other two tokens, `D = α(x,x) + α(x,k1) + α(x,k2)`,
//! `N = P(x,x) + P(x,k1) + P(x,k2)`, and the sequence is correct with error at most `e`
//! iff `|N − tD| ≤ eD`. With `Ψ` fixed these rows are linear in `(Φ, P)`, with `Φ` fixed
//! linear in `(Ψ, P)`. Each step minimizes `Σ_x u_x`, `u_x` the largest excess
//! `|N − tD| − eD` at query `x`, every row scaled to `α(x,x) = 1`.
//!
//! **Row generation.** A step whose rows are too many to hand over at once (the `Ψ` step from
//! `m = 6` on, 266,240 rows there; the `Φ` step from `m = 7` on) starts from a subset of the
//! sequences of each query, solves, measures the excess of every sequence in floating point,
//! adds the most violated ones and solves again, until no sequence exceeds its `u_x` by more
//! than `VIOLATION`. The answer is then that of the LP with every row (the subset LP is a
//! relaxation whose optimum is feasible for all rows). Below those sizes a step has every row
//! from the start, so it is solved once, exactly as without row generation.

use crate::error::Error;
use highs::{Col, HighsModelStatus, RowProblem, Sense};
use rayon::prelude::*;

/// The tolerance the float search aims at; the exact head is then checked at `1/2`.
pub const SEARCH_ERROR: f64 = 0.45;

/// Up to `m = 5` (`2^m · 2^{m−1}(2^m + 1) ≤ FULL_PSI_PAIRS` sequences) the `Ψ` step has
/// every row from the start.
const FULL_PSI_PAIRS: usize = 20_000;

/// Up to `m = 6` (2,080 pairs of keys) each query's `Φ` LP has every row from the start.
const FULL_PHI_PAIRS: usize = 4_096;

/// A step with row generation starts each query from its `START_PER_KEY · 2^m` sequences
/// closest to binding (in the previous step) and adds at most `ADD_PER_KEY · 2^m` violated
/// ones per query and round.
const START_PER_KEY: usize = 2;
const ADD_PER_KEY: usize = 1;

/// A sequence whose excess is above its `u_x` by more than this is violated (HiGHS's
/// feasibility tolerance is 1e-7; rows have coefficients up to `4m`).
const VIOLATION: f64 = 1e-6;

/// Rounds of row generation before a step gives up (each adds rows, so this is never
/// reached in practice; it bounds a run).
const MAX_ROUNDS: usize = 200;

/// The target of the sequence `(x, k1, k2)` at `x`: the least overlap.
pub fn target(x: u32, k1: u32, k2: u32) -> u32 {
    (x & k1).count_ones().min((x & k2).count_ones()).min(x.count_ones())
}

/// Every multiset `{k1 ≤ k2}` of two keys over `2^m` tokens, in order.
pub fn pairs(m: u32) -> Vec<(u32, u32)> {
    let n = 1u32 << m;
    (0..n).flat_map(|a| (a..n).map(move |b| (a, b))).collect()
}

/// Whether the `Ψ` step of `m` uses row generation (else it has every row).
pub fn psi_generates_rows(m: u32) -> bool {
    let n = 1usize << m;
    n * n * (n + 1) / 2 > FULL_PSI_PAIRS
}

/// HiGHS, quiet, one thread, the dual simplex (or, `ipm`, the interior-point method followed
/// by crossover); `time_limit` in seconds.
fn solve(pb: RowProblem, time_limit: f64, ipm: bool) -> Result<(Vec<f64>, Vec<f64>, f64), Error> {
    let mut model = pb.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("threads", 1);
    model.set_option("time_limit", time_limit);
    if ipm {
        model.set_option("solver", "ipm");
    }
    let solved = model.try_solve().map_err(|e| Error::Unknown(format!("HiGHS: {e:?}")))?;
    if solved.status() != HighsModelStatus::Optimal {
        return Err(Error::Unknown(format!("HiGHS: status {:?}", solved.status())));
    }
    let sol = solved.get_solution();
    Ok((sol.columns().to_vec(), sol.rows().to_vec(), solved.objective_value()))
}

/// Adds the two rows `±(N − tD) − eD − u ≤ 0` of one sequence; `d` and `p` list the
/// kernel and product terms of `D` and `N` by column index (`cols[i]` is column `i`).
fn add_pair_rows(
    pb: &mut RowProblem,
    cols: &[Col],
    d: &[(usize, f64)],
    p: &[(usize, f64)],
    t: f64,
    u: usize,
) {
    let e = SEARCH_ERROR;
    let mut up: Vec<(usize, f64)> = p.to_vec();
    up.extend(d.iter().map(|&(c, v)| (c, -(t + e) * v)));
    up.push((u, -1.0));
    pb.add_row(..=0.0, merge(up).into_iter().map(|(c, v)| (cols[c], v)));
    let mut lo: Vec<(usize, f64)> = p.iter().map(|&(c, v)| (c, -v)).collect();
    lo.extend(d.iter().map(|&(c, v)| (c, (t - e) * v)));
    lo.push((u, -1.0));
    pb.add_row(..=0.0, merge(lo).into_iter().map(|(c, v)| (cols[c], v)));
}

/// The bound `|s| ≤ 4m` on every value, as `±P(x,k) ≤ 4m·α(x,k)`: a product with no weight
/// is no head (§1.4: no `s` gives it), and an LP left free would use such points.
fn value_bound(n: usize) -> f64 {
    4.0 * n.trailing_zeros() as f64
}

/// The rows `±P − bound·α ≤ 0` of one key; `a` lists the terms of `α(x,k)`.
fn add_value_rows(pb: &mut RowProblem, cols: &[Col], a: &[(usize, f64)], p: usize, bound: f64) {
    for sign in [1.0, -1.0] {
        let mut row: Vec<(usize, f64)> = a.iter().map(|&(c, v)| (c, -bound * v)).collect();
        row.push((p, sign));
        pb.add_row(..=0.0, merge(row).into_iter().map(|(c, v)| (cols[c], v)));
    }
}

/// Merges repeated columns (HiGHS refuses a row that names a column twice).
fn merge(mut v: Vec<(usize, f64)>) -> Vec<(usize, f64)> {
    let mut out: Vec<(usize, f64)> = Vec::with_capacity(v.len());
    v.sort_by_key(|e| e.0);
    for (c, x) in v {
        match out.last_mut() {
            Some(l) if l.0 == c => l.1 += x,
            _ => out.push((c, x)),
        }
    }
    out.retain(|e| e.1 != 0.0);
    out
}

/// The excess `|N − tD| − eD` of every pair of query `x`, from its kernel row `alpha` and
/// products `prod`.
fn excesses(x: u32, alpha: &[f64], prod: &[f64], pairs: &[(u32, u32)]) -> Vec<f64> {
    let e = SEARCH_ERROR;
    let xs = x as usize;
    pairs
        .iter()
        .map(|&(k1, k2)| {
            let t = target(x, k1, k2) as f64;
            let (a, b) = (k1 as usize, k2 as usize);
            let d = alpha[xs] + alpha[a] + alpha[b];
            let p = prod[xs] + prod[a] + prod[b];
            (p - t * d).abs() - e * d
        })
        .collect()
}

/// The indices of the `keep` smallest `key`s (ties by index), sorted.
fn smallest(key: &[f64], keep: usize) -> Vec<usize> {
    let mut v: Vec<(f64, usize)> = key.iter().copied().zip(0..).collect();
    if keep < v.len() {
        v.select_nth_unstable_by(keep, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        v.truncate(keep);
    }
    let mut out: Vec<usize> = v.into_iter().map(|e| e.1).collect();
    out.sort_unstable();
    out
}

/// The pairs of one query to add: those with `excess − u > VIOLATION` not already in `set`,
/// the `add` most violated, sorted.
fn violated(exc: &[f64], u: f64, set: &[usize], add: usize) -> Vec<usize> {
    let mut inside = vec![false; exc.len()];
    set.iter().for_each(|&j| inside[j] = true);
    let neg: Vec<f64> = exc.iter().map(|&v| u - v).collect();
    let mut out: Vec<usize> = smallest(&neg, add);
    out.retain(|&j| !inside[j] && exc[j] - u > VIOLATION);
    out
}

/// A query's row from the `Φ` step: `φ(x)`, `u_x`, the pairs closest to binding (the start
/// of the next `Ψ` step), and the values `s(x,k) = P(x,k)/α(x,k)` (0 where `α(x,k) = 0`).
pub struct PhiRow {
    pub phi: Vec<f64>,
    pub u: f64,
    pub active: Vec<usize>,
    pub s: Vec<f64>,
}

/// The `Φ` step: per query `x`, `min u` over `φ(x) ≥ 0`, `P(x,·)` free, with `α(x,x) = 1`.
pub fn phi_step(m: u32, psi: &[Vec<f64>], pairs: &[(u32, u32)]) -> Result<Vec<PhiRow>, Error> {
    let n = 1usize << m;
    (0..n as u32).into_par_iter().map(|x| phi_row(x, n, psi, pairs)).collect()
}

fn phi_row(x: u32, n: usize, psi: &[Vec<f64>], pairs: &[(u32, u32)]) -> Result<PhiRow, Error> {
    let r = psi[0].len();
    let mut set: Vec<usize> = if pairs.len() <= FULL_PHI_PAIRS {
        (0..pairs.len()).collect()
    } else {
        // A spread of pairs, and every pair that repeats the query.
        let stride = pairs.len().div_ceil(START_PER_KEY * n);
        let mut s: Vec<usize> =
            (0..pairs.len()).filter(|&j| j % stride == 0 || pairs[j].0 == x || pairs[j].1 == x).collect();
        s.dedup();
        s
    };
    for _ in 0..MAX_ROUNDS {
        let (sol, obj) = phi_lp(x, n, psi, pairs, &set)?;
        let phi: Vec<f64> = sol[..r].iter().map(|v| v.max(0.0)).collect();
        let alpha: Vec<f64> = (0..n).map(|k| (0..r).map(|i| phi[i] * psi[k][i]).sum()).collect();
        let prod = &sol[r..r + n];
        let u = sol[r + n];
        let exc = excesses(x, &alpha, prod, pairs);
        let add =
            if set.len() == pairs.len() { Vec::new() } else { violated(&exc, u, &set, ADD_PER_KEY * n) };
        if add.is_empty() {
            let keep = if n * pairs.len() <= FULL_PSI_PAIRS { pairs.len() } else { START_PER_KEY * n };
            let slack: Vec<f64> = exc.iter().map(|&v| u - v).collect();
            let active = smallest(&slack, keep.min(pairs.len()));
            let s = (0..n).map(|k| if alpha[k] > 1e-12 { prod[k] / alpha[k] } else { 0.0 }).collect();
            return Ok(PhiRow { phi, u: obj.max(0.0), active, s });
        }
        set.extend(add);
        set.sort_unstable();
    }
    Err(Error::Unknown(format!(
        "the Φ step of token {x}: row generation did not settle in {MAX_ROUNDS} rounds"
    )))
}

/// One query's `Φ` LP on the pairs `set`: the solution (`φ`, `P(x,·)`, `u`) and `u`.
fn phi_lp(
    x: u32,
    n: usize,
    psi: &[Vec<f64>],
    pairs: &[(u32, u32)],
    set: &[usize],
) -> Result<(Vec<f64>, f64), Error> {
    let r = psi[0].len();
    let mut pb = RowProblem::default();
    // Columns: φ_0..φ_{r−1}, then P(x, k) for every key k, then u.
    let mut cols: Vec<Col> = (0..r).map(|_| pb.add_column(0.0, 0.0..)).collect();
    cols.extend((0..n).map(|_| pb.add_column::<f64, _>(0.0, ..)));
    let u = cols.len();
    cols.push(pb.add_column(1.0, 0.0..));
    let own: Vec<(Col, f64)> = (0..r).map(|i| (cols[i], psi[x as usize][i])).collect();
    pb.add_row(1.0..=1.0, &own);
    let bound = value_bound(n);
    for k in 0..n {
        let a: Vec<(usize, f64)> = (0..r).map(|i| (i, psi[k][i])).collect();
        add_value_rows(&mut pb, &cols, &a, r + k, bound);
    }
    for &j in set {
        let (k1, k2) = pairs[j];
        let t = target(x, k1, k2) as f64;
        let mut d = Vec::with_capacity(3 * r);
        for k in [x, k1, k2] {
            d.extend((0..r).map(|i| (i, psi[k as usize][i])));
        }
        let p = [(r + x as usize, 1.0), (r + k1 as usize, 1.0), (r + k2 as usize, 1.0)];
        add_pair_rows(&mut pb, &cols, &d, &p, t, u);
    }
    let (sol, _, obj) = solve(pb, 600.0, false)?;
    Ok((sol, obj))
}

/// A `Ψ` step's answer: `Ψ`, the objective `Σ_x u_x` (of every row), and its effort.
pub struct PsiStep {
    pub psi: Vec<Vec<f64>>,
    pub objective: f64,
    /// Pair rows of the last LP solved (two per sequence), and the LPs solved.
    pub rows: usize,
    pub rounds: usize,
}

/// The `Ψ` step: `min Σ_x u_x` over `Ψ ≥ 0` and every `P(x,k)`, with `α(x,x) = 1`, from the
/// pairs `active[x]` of each query (every pair up to `m = 5`), with row generation past that;
/// `round` hears each LP solved (its pair rows and objective).
pub fn psi_step(
    m: u32,
    phi: &[Vec<f64>],
    pairs: &[(u32, u32)],
    active: &[Vec<usize>],
    round: &mut dyn FnMut(usize, f64),
) -> Result<PsiStep, Error> {
    let n = 1usize << m;
    let r = phi[0].len();
    let generate = psi_generates_rows(m);
    let mut sets: Vec<Vec<usize>> = active.to_vec();
    for rounds in 1..=MAX_ROUNDS {
        let (sol, obj) = psi_lp(n, phi, pairs, &sets, generate)?;
        let psi: Vec<Vec<f64>> = (0..n).map(|k| (0..r).map(|i| sol[k * r + i].max(0.0)).collect()).collect();
        let rows = 2 * sets.iter().map(Vec::len).sum::<usize>();
        round(rows, obj);
        let step = PsiStep { psi, objective: obj.max(0.0), rows, rounds };
        if !generate {
            return Ok(step);
        }
        let psi = &step.psi;
        let add: Vec<Vec<usize>> = (0..n)
            .into_par_iter()
            .map(|x| {
                let alpha: Vec<f64> = (0..n).map(|k| (0..r).map(|i| phi[x][i] * psi[k][i]).sum()).collect();
                let base = n * r + x * (n + 1);
                let exc = excesses(x as u32, &alpha, &sol[base..base + n], pairs);
                violated(&exc, sol[base + n], &sets[x], ADD_PER_KEY * n)
            })
            .collect();
        if add.iter().all(Vec::is_empty) {
            return Ok(step);
        }
        for (s, a) in sets.iter_mut().zip(add) {
            s.extend(a);
            s.sort_unstable();
        }
    }
    Err(Error::Unknown(format!("the Ψ step: row generation did not settle in {MAX_ROUNDS} rounds")))
}

/// The `Ψ` LP on the pairs `sets[x]` of each query: the solution (`Ψ(k,i)` at `k·r + i`, then
/// per query `P(x,·)` and `u_x`) and the objective; `ipm`: by the interior-point method.
fn psi_lp(
    n: usize,
    phi: &[Vec<f64>],
    pairs: &[(u32, u32)],
    sets: &[Vec<usize>],
    ipm: bool,
) -> Result<(Vec<f64>, f64), Error> {
    let r = phi[0].len();
    let mut pb = RowProblem::default();
    let mut cols: Vec<Col> = (0..n * r).map(|_| pb.add_column(0.0, 0.0..)).collect();
    for x in 0..n {
        let base = cols.len();
        cols.extend((0..n).map(|_| pb.add_column::<f64, _>(0.0, ..)));
        let u = cols.len();
        cols.push(pb.add_column(1.0, 0.0..));
        let own: Vec<(Col, f64)> = (0..r).map(|i| (cols[x * r + i], phi[x][i])).collect();
        pb.add_row(1.0..=1.0, &own);
        for k in 0..n {
            let a: Vec<(usize, f64)> = (0..r).map(|i| (k * r + i, phi[x][i])).collect();
            add_value_rows(&mut pb, &cols, &a, base + k, value_bound(n));
        }
        for &j in &sets[x] {
            let (k1, k2) = pairs[j];
            let t = target(x as u32, k1, k2) as f64;
            let mut d = Vec::with_capacity(3 * r);
            for k in [x, k1 as usize, k2 as usize] {
                d.extend((0..r).map(|i| (k * r + i, phi[x][i])));
            }
            let p = [(base + x, 1.0), (base + k1 as usize, 1.0), (base + k2 as usize, 1.0)];
            add_pair_rows(&mut pb, &cols, &d, &p, t, u);
        }
    }
    // The LPs of row generation (from `m = 6`) go to the interior-point method.
    let (sol, _, obj) = solve(pb, 1800.0, ipm)?;
    Ok((sol, obj))
}

/// The values LP of query `x` for an exact kernel row `a` (as floats): `min e` over the
/// products `P(x,·)` (none where `a[k] = 0`) with `|N − tD| ≤ eD` on every pair, each row
/// divided by `D`. Returns the products and `e`.
pub fn values(x: u32, a: &[f64], pairs: &[(u32, u32)]) -> Result<(Vec<f64>, f64), Error> {
    let mut pb = RowProblem::default();
    // A key of weight 0 has no product (its value never counts).
    let prod: Vec<Col> = a
        .iter()
        .map(|&w| if w > 0.0 { pb.add_column::<f64, _>(0.0, ..) } else { pb.add_column(0.0, 0.0..=0.0) })
        .collect();
    let e = pb.add_column(1.0, 0.0..);
    for &(k1, k2) in pairs {
        let t = target(x, k1, k2) as f64;
        let keys = [x as usize, k1 as usize, k2 as usize];
        let d: f64 = keys.iter().map(|&k| a[k]).sum();
        let mut up: Vec<(usize, f64)> = Vec::new();
        for &k in &keys {
            match up.iter_mut().find(|c| c.0 == k) {
                Some(c) => c.1 += 1.0,
                None => up.push((k, 1.0)),
            }
        }
        let row = |sign: f64| -> Vec<(Col, f64)> {
            let mut v: Vec<(Col, f64)> = up.iter().map(|&(k, c)| (prod[k], sign * c / d)).collect();
            v.push((e, -1.0));
            v
        };
        pb.add_row(..=t, row(1.0));
        pb.add_row(..=-t, row(-1.0));
    }
    let mut model = pb.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("threads", 1);
    let solved = model.try_solve().map_err(|e| Error::Unknown(format!("HiGHS: {e:?}")))?;
    if solved.status() != HighsModelStatus::Optimal {
        return Err(Error::Unknown(format!("values of token {x}: HiGHS status {:?}", solved.status())));
    }
    Ok((solved.get_solution().columns().to_vec(), solved.objective_value()))
}

/// The values of query `x` for a kernel row `w` (as floats, `w ≥ 0`, `w[x] > 0`) by classes
/// (docs/math.md §14.2): `min e` over the values `s(x,·)` (`|s| ≤ 4m`; none where `w = 0`)
/// with every sequence within `e`. At target `t` the sequences are the pairs `a ∈ A_t`
/// (overlap `t`), `b ∈ B_t` (overlap `≥ t`), and `±(N − tD) − eD = v_x + v_a + v_b` with
/// `v_k = w_k(±(s_k − t) − e)`, so "every pair within `e`" is `v_x + max_A v + max_B v ≤ 0`:
/// two more columns per target and side, `v_a ≤ μ_A`, `v_b ≤ μ_B`, `v_x + μ_A + μ_B ≤ 0`
/// (a key of weight 0 has `v = 0`: `μ ≥ 0`). `O(2^m · m)` rows instead of two per pair, the
/// same optimum as `values`. Returns the values and `e`.
pub fn values_by_class(x: u32, w: &[f64]) -> Result<(Vec<f64>, f64), Error> {
    let n = w.len();
    let bound = value_bound(n);
    let xs = x as usize;
    let mut pb = RowProblem::default();
    let s: Vec<Option<Col>> =
        w.iter().map(|&v| (v > 0.0).then(|| pb.add_column(0.0, -bound..=bound))).collect();
    let e = pb.add_column(1.0, 0.0..);
    let o: Vec<u32> = (0..n as u32).map(|k| (x & k).count_ones()).collect();
    let h = x.count_ones();
    for t in 0..=h {
        let tf = f64::from(t);
        for sign in [1.0, -1.0] {
            // `μ_A ≥ 0` and `μ_B ≥ 0` when a key of weight 0 is in the class (its `v` is 0).
            let zero_in = |keep: &dyn Fn(u32) -> bool| (0..n).any(|k| keep(o[k]) && s[k].is_none());
            let lo_a = if zero_in(&|ok| ok == t) { 0.0 } else { f64::NEG_INFINITY };
            let lo_b = if zero_in(&|ok| ok >= t) { 0.0 } else { f64::NEG_INFINITY };
            let mu_a = pb.add_column(0.0, lo_a..);
            let mu_b = pb.add_column(0.0, lo_b..);
            // v_k − μ ≤ 0:  ±w_k s_k − w_k e − μ ≤ ±t w_k.
            for k in 0..n {
                let Some(sk) = s[k] else { continue };
                if o[k] == t {
                    pb.add_row(..=sign * tf * w[k], [(sk, sign * w[k]), (e, -w[k]), (mu_a, -1.0)]);
                }
                if o[k] >= t {
                    pb.add_row(..=sign * tf * w[k], [(sk, sign * w[k]), (e, -w[k]), (mu_b, -1.0)]);
                }
            }
            let sx = s[xs].ok_or_else(|| Error::Unknown(format!("token {x}: alpha(x,x) = 0")))?;
            pb.add_row(..=sign * tf * w[xs], [(sx, sign * w[xs]), (e, -w[xs]), (mu_a, 1.0), (mu_b, 1.0)]);
        }
    }
    let mut model = pb.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("threads", 1);
    let solved = model.try_solve().map_err(|e| Error::Unknown(format!("HiGHS: {e:?}")))?;
    if solved.status() != HighsModelStatus::Optimal {
        return Err(Error::Unknown(format!("values of token {x}: HiGHS status {:?}", solved.status())));
    }
    let cols = solved.get_solution().columns().to_vec();
    // Columns were made in order: the values of the keys of positive weight, then `e`.
    let mut next = 0;
    let values = s
        .iter()
        .map(|c| {
            c.map_or(0.0, |_| {
                next += 1;
                cols[next - 1]
            })
        })
        .collect();
    Ok((values, cols[next]))
}
