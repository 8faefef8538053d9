//! The low-rank head search (docs/frontier.md, "Searched heads"): alternating LPs on a
//! factorization `α = Φ Ψᵀ` with `r` nonnegative columns, for heads correct on every
//! length-3 sequence over `{0,1}^m` (docs/math.md §1.4, §14). Everything here is floating
//! point and only a hint: `search_exact` rounds a hint to rationals and `minip_check`
//! decides.
//!
//! Scalarized (§1.4), a head is `α ≥ 0` and products `P = α·s`; at a query `x` with the
//! multiset `{k1, k2}` of the other two tokens, `D = α(x,x) + α(x,k1) + α(x,k2)`,
//! `N = P(x,x) + P(x,k1) + P(x,k2)`, and the sequence is correct with error at most `e`
//! iff `|N − tD| ≤ eD`. With `Ψ` fixed these rows are linear in `(Φ, P)`, with `Φ` fixed
//! linear in `(Ψ, P)`. Each step minimizes `Σ_x u_x`, `u_x` the largest excess
//! `|N − tD| − eD` at query `x`, every row scaled to `α(x,x) = 1` (a head's rows may be scaled
//! freely, §1.4). Each step keeps the previous point feasible, so the objective never
//! increases; a restart ends at `0` (every sequence within `e`), at `iterations`, or when
//! the objective stalls. The `Φ` step decomposes into one small LP per query.
//!
//! Starts are pseudo-random (splitmix64 from the seed; no coordinate symmetry), so a run is
//! determined by its configuration: HiGHS runs single-threaded and every result is
//! collected in query order.

use highs::{Col, HighsModelStatus, RowProblem, Sense};
use rayon::prelude::*;

/// The tolerance the float search aims at; the exact head is then checked at `1/2`.
pub const SEARCH_ERROR: f64 = 0.45;

/// One search: `m`, the feature dimension `rank`, and the effort.
#[derive(Clone, Debug)]
pub struct Config {
    pub m: u32,
    pub rank: usize,
    pub restarts: u32,
    pub iterations: u32,
    pub seed: u64,
}

/// A float head: `phi` (queries × rank) and `psi` (keys × rank), both nonnegative.
#[derive(Clone, Debug)]
pub struct Hint {
    pub phi: Vec<Vec<f64>>,
    pub psi: Vec<Vec<f64>>,
}

/// What one restart did: the objective after each step, and whether it reached `0`.
#[derive(Clone, Debug)]
pub struct Restart {
    pub objective: Vec<f64>,
    pub found: bool,
}

/// The restarts run, and the first hint whose objective reached zero.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub restarts: Vec<Restart>,
    pub hint: Option<Hint>,
}

/// Up to `m = 5` (`2^m · 2^{m−1}(2^m + 1) ≤ FULL_PSI_PAIRS` sequences) the `Ψ` step has
/// every row. Past that (266,240 rows at `m = 6`) it keeps, per query, the
/// `ACTIVE_PER_KEY · 2^m` pairs whose rows were closest to binding in the `Φ` step; it may
/// then raise the true objective, which the `Φ` step that follows measures on every row.
const FULL_PSI_PAIRS: usize = 20_000;
const ACTIVE_PER_KEY: usize = 8;

/// An objective at or below this counts as zero (HiGHS's feasibility tolerance is 1e-7).
const ZERO: f64 = 1e-7;

/// A restart stops when ten steps lowered the objective by less than this fraction.
const STALL: f64 = 1e-3;

/// splitmix64: the pseudo-random numbers of the starts.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The target of the sequence `(x, k1, k2)` at `x`: the least overlap.
pub fn target(x: u32, k1: u32, k2: u32) -> u32 {
    (x & k1).count_ones().min((x & k2).count_ones()).min(x.count_ones())
}

/// Every multiset `{k1 ≤ k2}` of two keys over `2^m` tokens, in order.
pub fn pairs(m: u32) -> Vec<(u32, u32)> {
    let n = 1u32 << m;
    (0..n).flat_map(|a| (a..n).map(move |b| (a, b))).collect()
}

/// Runs the search: `restarts` random starts, each alternating until it succeeds or stops.
pub fn search(cfg: &Config, mut each: impl FnMut(u32, &Restart)) -> Result<Outcome, String> {
    if !(1..=8).contains(&cfg.m) || cfg.rank == 0 {
        return Err("the search takes 1 <= m <= 8 and rank >= 1".into());
    }
    let n = 1usize << cfg.m;
    let pairs = pairs(cfg.m);
    let mut restarts = Vec::new();
    for k in 0..cfg.restarts {
        let mut rng = Rng::new(cfg.seed.wrapping_mul(0x1000_0000_01b3).wrapping_add(k as u64));
        let mut psi: Vec<Vec<f64>> =
            (0..n).map(|_| (0..cfg.rank).map(|_| 0.05 + rng.unit()).collect()).collect();
        let mut phi = vec![vec![0.0; cfg.rank]; n];
        let mut active: Vec<Vec<usize>> = Vec::new();
        let mut values: Vec<Vec<f64>> = Vec::new();
        let mut objective = Vec::new();
        let mut found = false;
        for it in 0..cfg.iterations {
            let obj = if it % 2 == 0 {
                let rows = phi_step(cfg.m, &psi, &pairs)?;
                let obj = rows.iter().map(|r| r.u).sum::<f64>();
                values = rows.iter().map(|r| r.s.clone()).collect();
                (phi, active) = rows.into_iter().map(|r| (r.phi, r.active)).unzip();
                obj
            } else {
                let (p, obj) = if n * pairs.len() <= FULL_PSI_PAIRS {
                    psi_step(cfg.m, &phi, &pairs, &active)?
                } else {
                    psi_step_values(cfg.m, &phi, &values, &pairs, &active)?
                };
                psi = p;
                obj
            };
            normalize(&mut phi, &mut psi);
            objective.push(obj);
            if obj <= ZERO {
                found = true;
                break;
            }
            // The `Φ` steps measure the true objective (every row); stall on those.
            let true_obj: Vec<f64> = objective.iter().step_by(2).copied().collect();
            let l = true_obj.len();
            let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
            if it % 2 == 0
                && l > 6
                && best(&true_obj[..l - 5]) - best(&true_obj) <= STALL * best(&true_obj[..l - 5])
            {
                break;
            }
        }
        let r = Restart { objective, found };
        each(k, &r);
        restarts.push(r);
        if found {
            return Ok(Outcome { restarts, hint: Some(Hint { phi, psi }) });
        }
    }
    Ok(Outcome { restarts, hint: None })
}

/// Scales column `i` of `Ψ` to largest entry 1 and column `i` of `Φ` inversely (`α` unchanged).
fn normalize(phi: &mut [Vec<f64>], psi: &mut [Vec<f64>]) {
    let r = psi.first().map_or(0, Vec::len);
    for i in 0..r {
        let big = psi.iter().fold(0f64, |b, row| b.max(row[i]));
        if big > 0.0 {
            psi.iter_mut().for_each(|row| row[i] /= big);
            phi.iter_mut().for_each(|row| row[i] *= big);
        }
    }
}

/// HiGHS, quiet, one thread, the dual simplex.
fn solve(pb: RowProblem) -> Result<(Vec<f64>, Vec<f64>, f64), String> {
    let mut model = pb.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("threads", 1);
    model.set_option("time_limit", 600.0);
    let solved = model.try_solve().map_err(|e| format!("HiGHS: {e:?}"))?;
    if solved.status() != HighsModelStatus::Optimal {
        return Err(format!("HiGHS: status {:?}", solved.status()));
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

/// The `Φ` step: per query `x`, `min u` over `φ(x) ≥ 0`, `P(x,·)` free, with `α(x,x) = 1`.
/// Returns each query's row and its `u`.
fn phi_step(m: u32, psi: &[Vec<f64>], pairs: &[(u32, u32)]) -> Result<Vec<Row>, String> {
    let n = 1usize << m;
    (0..n as u32).into_par_iter().map(|x| phi_row(x, n, psi, pairs)).collect()
}

/// A query's row from the `Φ` step: `φ(x)`, `u_x`, the pairs kept, and the values
/// `s(x,k) = P(x,k)/α(x,k)` (0 where `α(x,k) = 0`).
struct Row {
    phi: Vec<f64>,
    u: f64,
    active: Vec<usize>,
    s: Vec<f64>,
}

fn phi_row(x: u32, n: usize, psi: &[Vec<f64>], pairs: &[(u32, u32)]) -> Result<Row, String> {
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
    for &(k1, k2) in pairs {
        let t = target(x, k1, k2) as f64;
        let mut d = Vec::with_capacity(3 * r);
        for k in [x, k1, k2] {
            d.extend((0..r).map(|i| (i, psi[k as usize][i])));
        }
        let p = [(r + x as usize, 1.0), (r + k1 as usize, 1.0), (r + k2 as usize, 1.0)];
        add_pair_rows(&mut pb, &cols, &d, &p, t, u);
    }
    let (sol, rows, obj) = solve(pb)?;
    let u = sol[u];
    let first = 1 + 2 * n;
    let mut slack: Vec<(f64, usize)> =
        (0..pairs.len()).map(|j| ((-rows[first + 2 * j]).min(-rows[first + 1 + 2 * j]) + u, j)).collect();
    let keep =
        if n * pairs.len() <= FULL_PSI_PAIRS { pairs.len() } else { (ACTIVE_PER_KEY * n).min(pairs.len()) };
    if keep < pairs.len() {
        slack.select_nth_unstable_by(keep, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    }
    let mut active: Vec<usize> = slack[..keep].iter().map(|e| e.1).collect();
    active.sort_unstable();
    let phi: Vec<f64> = sol[..r].iter().map(|v| v.max(0.0)).collect();
    let s = (0..n)
        .map(|k| {
            let a: f64 = (0..r).map(|i| phi[i] * psi[k][i]).sum();
            if a > 1e-12 {
                sol[r + k] / a
            } else {
                0.0
            }
        })
        .collect();
    Ok(Row { phi, u: obj.max(0.0), active, s })
}

/// The `Ψ` step: `min Σ_x u_x` over `Ψ ≥ 0` and every `P(x,k)`, with `α(x,x) = 1`.
fn psi_step(
    m: u32,
    phi: &[Vec<f64>],
    pairs: &[(u32, u32)],
    active: &[Vec<usize>],
) -> Result<(Vec<Vec<f64>>, f64), String> {
    let n = 1usize << m;
    let r = phi[0].len();
    let mut pb = RowProblem::default();
    // Columns: Ψ(k, i) at k·r + i, then per query x: P(x, ·) and u_x.
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
        for &j in &active[x] {
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
    let (sol, _, obj) = solve(pb)?;
    Ok(((0..n).map(|k| (0..r).map(|i| sol[k * r + i].max(0.0)).collect()).collect(), obj.max(0.0)))
}

/// The `Ψ` step past `m = 5`: the values `s` of the last `Φ` step held fixed, so that
/// `N = Σ α·s` is linear in `Ψ` and the LP has only the `2^m · r` features and the `u_x` as
/// columns, on the kept pairs. The bound `|s| ≤ 4m` holds by construction.
fn psi_step_values(
    m: u32,
    phi: &[Vec<f64>],
    values: &[Vec<f64>],
    pairs: &[(u32, u32)],
    active: &[Vec<usize>],
) -> Result<(Vec<Vec<f64>>, f64), String> {
    let n = 1usize << m;
    let r = phi[0].len();
    let e = SEARCH_ERROR;
    let mut pb = RowProblem::default();
    let mut cols: Vec<Col> = (0..n * r).map(|_| pb.add_column(0.0, 0.0..)).collect();
    for x in 0..n {
        let u = cols.len();
        cols.push(pb.add_column(1.0, 0.0..));
        let own: Vec<(Col, f64)> = (0..r).map(|i| (cols[x * r + i], phi[x][i])).collect();
        pb.add_row(1.0..=1.0, &own);
        for &j in &active[x] {
            let (k1, k2) = pairs[j];
            let t = target(x as u32, k1, k2) as f64;
            for sign in [1.0, -1.0] {
                // sign·(N − tD) − eD − u ≤ 0, with N − tD = Σ_k (s(x,k) − t)·α(x,k).
                let mut row = Vec::with_capacity(3 * r + 1);
                for k in [x, k1 as usize, k2 as usize] {
                    let c = sign * (values[x][k] - t) - e;
                    row.extend((0..r).map(|i| (k * r + i, c * phi[x][i])));
                }
                row.push((u, -1.0));
                pb.add_row(..=0.0, merge(row).into_iter().map(|(c, v)| (cols[c], v)));
            }
        }
    }
    let (sol, _, obj) = solve(pb)?;
    Ok(((0..n).map(|k| (0..r).map(|i| sol[k * r + i].max(0.0)).collect()).collect(), obj.max(0.0)))
}
