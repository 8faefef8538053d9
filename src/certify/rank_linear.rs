//! Rank bounds from linear codes (docs/math.md §9): for each even `m` the search tries direct
//! sums of the blocks of `crate::codes::linear` — `t` copies of a main block (`eham16`,
//! `golay24` or `rm2_5`, the `t` largest counts that leave at most `MAIN_SLACK` blocks' worth
//! of room), at most two filler blocks and at most two one-coordinate pads — prices each
//! exactly (pair counts of the weight-`m/2` words, closed-form ratios), and certifies the best
//! as a `minip-rank-linear/1` certificate that has passed `check_rank_linear`.
//!
//! The pricing shares work: the pair table of `t` copies of the main block is built once per
//! `(m, main)` (`PairTable::convolve`, pruned to the cells that can still reach `(h, h)`) and
//! met with the small table of each filler combination (`PairTable::meet`). The ratios are the
//! closed forms of `certify::ratio` (`ε = 1/2`): lower-side certificates (`minip-ratio-bound/1`)
//! from the chain multipliers, or full ones (`minip-ratio/2`, the attaining point from the row
//! LP) for `n = 3` and `h ≤ FULL_RATIO_H_MAX`. Deterministic: ties go to the smaller name.

use crate::certify::ratio::{
    chain_bound_certificate, chain_full_certificate, closed_form_ratio, ratio_params,
};
use crate::codes::linear::{library, Named, LONG_BLOCKS};
use crate::control::Control;
use crate::error::Error;
use minip_check::check::rank_linear::{MAX_BLOCK_PAIRS, MAX_CONVOLUTION_OPS};
use minip_check::check::{class_label, Checked, Context};
use minip_check::format::rank_linear::{
    ChainRatio, LinearBlock, PairClass, RankLinearCertificate, RankLinearParams, RatioProof,
    RANK_LINEAR_FORMAT, RATIO_CHAIN_FORMAT,
};
use minip_check::model::code::bits;
use minip_check::model::linear::{
    block_pair_work, block_pairs, limbs_for, ops_of_groups, weight_groups, Cells, PairEntry, PairTable,
};
use minip_check::model::macwilliams::{dual_types, slice, wide_bits};
use minip_check::rational::{fmt_q, Rat};
use minip_check::rows::chain::ChainTable;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use rayon::prelude::*;
use std::sync::OnceLock;
use std::time::Instant;

/// Full ratio certificates (with an attaining point from the row LP) for `n = 3` up to this
/// `h`; lower-side ones above it and for `n ≥ 4` (measured: the LP takes ~0.1 s per class at
/// `h = 32`, and minutes for some classes at `h = 128`).
pub const FULL_RATIO_H_MAX: u32 = 32;
/// Above this `n` the ratios are `minip-ratio-chain/1` (the checker rebuilds the chain
/// multipliers; a listed multiplier names `n − 1` classes, so listing them costs `O(n·h)` per
/// class); up to it `minip-ratio-bound/1` as before, so the committed `n ≤ 8` files stay.
pub const CHAIN_BY_NAME_N: u32 = 8;
/// The main blocks, each repeated `t` times.
pub const MAINS: [&str; 3] = ["eham16", "golay24", "rm2_5"];
/// The main blocks for `n > CHAIN_BY_NAME_N`, where the ceiling is high and the rate counts:
/// the shortened Hamming code `[21, 16, 3]` first.
pub const MAINS_LONG: [&str; 4] = ["ham21s", "eham16", "golay24", "rm2_5"];
/// Smallest `m` whose search (for `n > CHAIN_BY_NAME_N`) uses `LONG_BLOCKS` and `MAINS_LONG`.
pub const LONG_MIN_M: u32 = 64;
/// Counts `t` tried below the largest that fits.
pub const MAIN_SLACK: u32 = 3;
/// Largest `m` the search accepts.
pub const MAX_M: u32 = 1024;
/// Largest `m` of the direct-sum search: beyond it the sums' convolution is over the checker's
/// budget (`eham16^32` at `m = 512`) and the search itself takes tens of minutes, so only the
/// long code given by its dual (`dual_code`) is offered.
pub const DIRECT_MAX_M: u32 = 256;
/// Largest `m` whose search (for `n > CHAIN_BY_NAME_N`) uses `LONG_BLOCKS`: at `m = 256` their
/// best sums are over the checker's budget and the rest cost tens of minutes; the long code
/// given by its dual (`eham256`) is tried there instead.
pub const LONG_MAX_M: u32 = 128;

/// The long code of length `m` given by its dual, for `m = 2^r` with `n > CHAIN_BY_NAME_N`
/// (`64 ≤ m ≤ MAX_M`) or `m > DIRECT_MAX_M` (every `n`): the extended Hamming code `[m, m − r − 1, 4]` (`eham{m}`), whose
/// pair counts come from the MacWilliams identity (docs/math.md §9.6).
pub fn dual_code(n: u32, m: u32) -> Option<(String, Vec<Vec<u64>>)> {
    ((n > CHAIN_BY_NAME_N || m > DIRECT_MAX_M) && m.is_power_of_two() && (64..=MAX_M).contains(&m))
        .then(|| (format!("eham{m}"), crate::codes::linear::rm1_dual(m.trailing_zeros())))
}

/// The pair counts by overlap of the weight-`m/2` words of a code given by its dual rows.
pub fn dual_counts(m: u32, rows: &[Vec<u64>]) -> Result<Vec<BigUint>, Error> {
    let h = m / 2;
    let types = dual_types(m, rows);
    let mut c = slice(m, rows.len() as u32, &types, h, h)?;
    c.resize(h as usize + 1, BigUint::default());
    Ok(c)
}

/// Whether the checker's budget admits a sum (`MAX_CONVOLUTION_OPS`, `MAX_BLOCK_PAIRS`).
fn checkable(lib: &Library, h: u32, sum: &Sum) -> bool {
    let dim: u32 = sum.iter().map(|&(i, c)| lib.dim(i) * c).sum();
    let groups: Vec<(u32, Cells)> = sum
        .iter()
        .flat_map(|&(i, c)| {
            std::iter::repeat_n((lib.len(i), weight_groups(&lib.blocks[i].block)), c as usize)
        })
        .collect();
    let mut distinct: Vec<usize> = sum.iter().map(|p| p.0).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let pairs: u128 = distinct.iter().map(|&i| block_pair_work(&lib.blocks[i].block)).sum();
    ops_of_groups(h, &groups, limbs_for(dim)) <= MAX_CONVOLUTION_OPS && pairs <= MAX_BLOCK_PAIRS
}

/// The library, each block's pair table computed on first use (once, shared by threads).
pub struct Library {
    pub blocks: Vec<Named>,
    tables: Vec<OnceLock<Vec<PairEntry>>>,
}

impl Library {
    pub fn new() -> Library {
        let blocks = library();
        let tables = blocks.iter().map(|_| OnceLock::new()).collect();
        Library { blocks, tables }
    }
    /// The block called `name`.
    pub fn index(&self, name: &str) -> usize {
        self.blocks.iter().position(|b| b.name == name).expect("library block")
    }
    fn len(&self, i: usize) -> u32 {
        self.blocks[i].block.m
    }
    fn dim(&self, i: usize) -> u32 {
        self.blocks[i].block.rows.len() as u32
    }
    /// The pair table of block `i` (`block_pairs`).
    pub fn table(&self, i: usize) -> &[PairEntry] {
        self.tables[i].get_or_init(|| block_pairs(&self.blocks[i].block))
    }
}

impl Default for Library {
    fn default() -> Self {
        Library::new()
    }
}

/// A direct sum: `(library index, copies)` in coordinate order.
pub type Sum = Vec<(usize, u32)>;

/// The name of a sum, e.g. `eham16^8+golay24`.
pub fn sum_name(lib: &Library, s: &Sum) -> String {
    s.iter()
        .map(
            |&(i, c)| if c == 1 { lib.blocks[i].name.clone() } else { format!("{}^{c}", lib.blocks[i].name) },
        )
        .collect::<Vec<_>>()
        .join("+")
}

/// The best certified bound for one `(m, n)`.
#[derive(Clone, Debug)]
pub struct LinearResult {
    pub m: u32,
    pub n: u32,
    pub cert: Checked<RankLinearCertificate>,
    /// Candidate sums priced.
    pub candidates: usize,
    /// Seconds for the search and the certificate of this `m`.
    pub secs: f64,
}

/// The ratios the bound uses for a code of weight-`h` words in `m = 2h` bits: `ratio[o]`
/// for `o = 0..=h` (`None` for `o ≤ 1`: no positive ratio).
/// Equal to `closed_form_ratio(n, eps, h, o)` for every `o` (a test compares them), but with the
/// checker's chain table (`minip_check::rows::chain::ChainTable`) built once: the best split of
/// every span `t ≤ h`, so all `h` classes cost `O(h²)` products instead of `O(h³)` (minutes at
/// `h = 512`).
pub fn ratios(n: u32, eps: &Rat, h: u32) -> Vec<Option<Rat>> {
    if *eps != Rat::new(1.into(), 2.into()) {
        return (0..=h).map(|o| if o < 2 { None } else { closed_form_ratio(n, eps, h, o) }).collect();
    }
    let table = ChainTable::new(n, h);
    (0..=h).map(|o| table.ratio(h, o)).collect()
}

/// `k²/(k + Σ_o pairs_o·R_o^{−2p})` from the pair counts by overlap (`by_overlap[i]`,
/// `i = |x ∧ y|`): the bound on the rank of `M^{∘p}` (`p = 1`: of `M`, the price of a code in
/// `search`). `None` when the code has fewer than two weight-`h` words or a class without a
/// positive ratio.
pub fn power_value(h: u32, by_overlap: &[BigUint], r: &[Option<Rat>], p: u32) -> Option<Rat> {
    let k = by_overlap.get(h as usize)?;
    if k < &BigUint::from(2u32) {
        return None;
    }
    let kq = Rat::from_integer(BigInt::from(k.clone()));
    let mut frob = kq.clone();
    for o in 1..=h {
        let n = &by_overlap[(h - o) as usize];
        if n.is_zero() {
            continue;
        }
        let ro = r[o as usize].as_ref()?;
        frob += Rat::from_integer(BigInt::from(n.clone())) / num_traits::pow(ro.clone(), 2 * p as usize);
    }
    Some(&kq * &kq / frob)
}

/// The candidate sums for `m`, grouped by `(main, t)`: each entry is the rest (fillers and pads).
fn candidates(lib: &Library, m: u32, n: u32) -> Vec<((usize, u32), Vec<Sum>)> {
    // The long-context blocks pay for their pair tables (`4^16/2` pairs for `ham21s`, minutes
    // and gigabytes) only where their rate counts; below `LONG_MIN_M` the others serve.
    let long = n > CHAIN_BY_NAME_N && (LONG_MIN_M..=LONG_MAX_M).contains(&m);
    let pads: Vec<Vec<usize>> = {
        let (z, o) = (lib.index("zero1"), lib.index("one1"));
        vec![vec![], vec![z], vec![o], vec![z, z], vec![z, o]]
    };
    let fill: Vec<usize> = (0..lib.blocks.len())
        .filter(|&i| !["zero1", "one1"].contains(&lib.blocks[i].name.as_str()))
        .filter(|&i| long || !LONG_BLOCKS.contains(&lib.blocks[i].name.as_str()))
        .collect();
    let mains: &[&str] = if long { &MAINS_LONG } else { &MAINS };
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for &main in mains {
        let mi = lib.index(main);
        let tmax = m / lib.len(mi);
        for t in (tmax.saturating_sub(MAIN_SLACK)..=tmax).rev() {
            let r = m - t * lib.len(mi);
            let mut rests = Vec::new();
            for pad in &pads {
                let Some(rr) = r.checked_sub(pad.len() as u32) else { continue };
                let mut opts: Vec<Vec<usize>> = Vec::new();
                if rr == 0 {
                    opts.push(vec![]);
                }
                opts.extend(fill.iter().filter(|&&f| lib.len(f) == rr).map(|&f| vec![f]));
                for (x, &f1) in fill.iter().enumerate() {
                    for &f2 in &fill[x..] {
                        if lib.len(f1) + lib.len(f2) == rr {
                            opts.push(vec![f1, f2]);
                        }
                    }
                }
                for o in opts {
                    let mut rest: Sum = o.iter().chain(pad).map(|&i| (i, 1)).collect();
                    // One multiset of blocks is one code (up to the order of coordinates).
                    let mut key: Vec<usize> = rest.iter().map(|p| p.0).collect();
                    key.extend(std::iter::repeat_n(mi, t as usize));
                    key.sort_unstable();
                    if t == 0 && rest.is_empty() || !seen.insert(key) {
                        continue;
                    }
                    rest.sort();
                    rests.push(rest);
                }
            }
            if !rests.is_empty() {
                out.push(((mi, t), rests));
            }
        }
    }
    out
}

/// The best sum for `m` (even, `h = m/2`) at length `n`: every candidate priced exactly.
pub fn search(lib: &Library, n: u32, eps: &Rat, m: u32) -> Result<(Sum, Rat, usize), Error> {
    search_until(lib, n, eps, m, &Control::new(), |h, counts, r| power_value(h, counts, r, 1))
}

/// `search` with another price of the pair counts (`price(by_overlap, ratios)`, larger is
/// better; `certify::beyond_ceiling` prices Hadamard powers). The best sum, its price, the count.
pub fn search_with(
    lib: &Library,
    n: u32,
    eps: &Rat,
    m: u32,
    price: impl Fn(u32, &[BigUint], &[Option<Rat>]) -> Option<Rat>,
) -> Result<(Sum, Rat, usize), Error> {
    search_until(lib, n, eps, m, &Control::new(), price)
}

/// `search_with` that looks at `ctl` before each main block and each candidate: once abandoned
/// (`Control::abandon`), `Err` (a large `m` has thousands of candidates and takes seconds).
fn search_until(
    lib: &Library,
    n: u32,
    eps: &Rat,
    m: u32,
    ctl: &Control,
    price: impl Fn(u32, &[BigUint], &[Option<Rat>]) -> Option<Rat>,
) -> Result<(Sum, Rat, usize), Error> {
    let stopped =
        || if ctl.is_abandoned() { Err(Error::Input(format!("m = {m}: interrupted"))) } else { Ok(()) };
    let h = m / 2;
    let r = ratios(n, eps, h);
    // Ties: the smaller dimension, then fewer blocks, then the smaller name.
    let mut best: Option<(Rat, (u32, u32, String), Sum)> = None;
    let mut count = 0;
    for ((mi, t), rests) in candidates(lib, m, n) {
        stopped()?;
        let limbs = limbs_for(t * lib.dim(mi) + 2 * 16 + 2);
        // t copies of the main block, pruned to the cells that the rest can still complete.
        let mut main = PairTable::unit(h, limbs);
        for s in 1..=t {
            main = main.convolve(lib.table(mi), h.saturating_sub(m - s * lib.len(mi)))?;
        }
        for rest in rests {
            stopped()?;
            count += 1;
            let mut y = PairTable::unit(h, limbs);
            for &(i, c) in &rest {
                for _ in 0..c {
                    y = y.convolve(lib.table(i), 0)?;
                }
            }
            let mut sum: Sum = if t > 0 { vec![(mi, t)] } else { vec![] };
            sum.extend(rest.iter().copied());
            if !checkable(lib, h, &sum) {
                continue;
            }
            let counts = main.meet(&y)?;
            let Some(v) = price(h, &counts, &r) else { continue };
            let key = (
                sum.iter().map(|&(i, c)| lib.dim(i) * c).sum(),
                sum.iter().map(|p| p.1).sum(),
                sum_name(lib, &sum),
            );
            if best.as_ref().is_none_or(|b| v > b.0 || (v == b.0 && key < b.1)) {
                best = Some((v, key, sum));
            }
        }
    }
    let (v, _, sum) = best.ok_or_else(|| {
        Error::Input(format!(
            "m = {m}: no candidate code has two words of weight {h} and no word pair at distance 2"
        ))
    })?;
    Ok((sum, v, count))
}

/// The pair counts by overlap (`counts[i]`, `i = |x ∧ y|`, `i = 0..=h`) of the weight-`m/2`
/// words of a sum.
pub fn sum_counts(lib: &Library, m: u32, sum: &Sum) -> Result<Vec<BigUint>, Error> {
    let h = m / 2;
    let dim: u32 = sum.iter().map(|&(i, c)| lib.dim(i) * c).sum();
    let mut t = PairTable::unit(h, limbs_for(dim));
    let mut done = 0;
    for &(i, c) in sum {
        for _ in 0..c {
            done += lib.len(i);
            t = t.convolve(lib.table(i), h.saturating_sub(m - done))?;
        }
    }
    let mut counts = t.cell(h, h);
    counts.resize(h as usize + 1, BigUint::default());
    Ok(counts)
}

/// Builds and checks the certificate of a sum for `(m, n)`.
pub fn certify(
    lib: &Library,
    n: u32,
    eps: &Rat,
    m: u32,
    sum: &Sum,
) -> Result<Checked<RankLinearCertificate>, Error> {
    let len: u32 = sum.iter().map(|&(i, c)| lib.len(i) * c).sum();
    let refused =
        || format!("the sum has length {len}, expected m = {m} (even, or odd without disjoint words)");
    if len != m {
        return Err(Error::Input(refused()));
    }
    let counts = sum_counts(lib, m, sum)?;
    // Odd `m` (`h = ⌊m/2⌋`, `2h < m`) only for codes without disjoint weight-`h` words
    // (`finish` labels the classes `o < h`; `certify::beyond_ceiling` prices odd `m`).
    if m % 2 != 0 && counts.first().is_some_and(|c| !c.is_zero()) {
        return Err(Error::Input(refused()));
    }
    let blocks = sum
        .iter()
        .map(|&(i, c)| {
            let b = &lib.blocks[i];
            LinearBlock {
                name: b.name.clone(),
                m: b.block.m,
                copies: c,
                generator: b.block.rows.iter().map(|&r| bits(r, b.block.m)).collect(),
                dual: vec![],
            }
        })
        .collect();
    finish(n, eps, m, &counts, blocks, sum_name(lib, sum))
}

/// Builds and checks the certificate of the long code given by its dual (`dual_code`).
pub fn certify_dual(
    n: u32,
    eps: &Rat,
    m: u32,
    name: &str,
    rows: &[Vec<u64>],
) -> Result<Checked<RankLinearCertificate>, Error> {
    let counts = dual_counts(m, rows)?;
    let block = LinearBlock {
        name: name.into(),
        m,
        copies: 1,
        generator: vec![],
        dual: rows.iter().map(|w| wide_bits(w, m)).collect(),
    };
    finish(n, eps, m, &counts, vec![block], name.into())
}

/// The certificate from the pair counts by overlap (`counts[i]`, `i = |x ∧ y|`), checked.
fn finish(
    n: u32,
    eps: &Rat,
    m: u32,
    counts: &[BigUint],
    blocks: Vec<LinearBlock>,
    construction: String,
) -> Result<Checked<RankLinearCertificate>, Error> {
    let h = m / 2;
    let k = counts[h as usize].clone();
    let mut classes = Vec::new();
    let mut proofs = Vec::new();
    let mut frob = Rat::from_integer(BigInt::from(k.clone()));
    let priced = ratios(n, eps, h);
    for o in 1..=h {
        let pairs = &counts[(h - o) as usize];
        if pairs.is_zero() {
            continue;
        }
        let r = priced[o as usize].clone().filter(|r| r.is_positive()).ok_or_else(|| {
            Error::Input(format!("class {o}: no positive ratio (a pair of words at distance {})", 2 * o))
        })?;
        let proof = if n == 3 && h <= FULL_RATIO_H_MAX {
            RatioProof::Full(chain_full_certificate(n, eps, h, o, false)?.into_cert())
        } else if n > CHAIN_BY_NAME_N || m > DIRECT_MAX_M {
            RatioProof::Chain(ChainRatio {
                format: RATIO_CHAIN_FORMAT.into(),
                params: ratio_params(n, eps, h, 0, o, false),
                bound: fmt_q(&r),
            })
        } else {
            RatioProof::Bound(chain_bound_certificate(n, eps, h, o, false)?.into_cert())
        };
        frob += Rat::from_integer(BigInt::from(pairs.clone())) / (&r * &r);
        classes.push(PairClass {
            class: class_label(h, o),
            weight: 2 * o,
            pairs: pairs.to_string(),
            ratio: fmt_q(&r),
        });
        proofs.push(proof);
    }
    let kq = Rat::from_integer(BigInt::from(k.clone()));
    let value = &kq * &kq / frob;
    let bound = value.numer().div_floor(value.denom()) + BigInt::one();
    let cert = RankLinearCertificate {
        format: RANK_LINEAR_FORMAT.into(),
        params: RankLinearParams { n, eps: fmt_q(eps), m, h },
        construction,
        blocks,
        k: k.to_string(),
        classes,
        ratios: proofs,
        value: fmt_q(&value),
        bound: bound.to_string(),
        strict: true,
        power: 1,
    };
    Checked::new(cert, &Context::default())
        .map_err(|e| Error::Input(format!("the certificate failed the checker ({e})")))
}

/// The best certified bound for `(m, n)`: search, then certify. An abandoned `ctl` ends the
/// search (`Err`).
pub fn best_for_m(lib: &Library, n: u32, eps: &Rat, m: u32, ctl: &Control) -> Result<LinearResult, Error> {
    let t0 = Instant::now();
    let found = if m <= DIRECT_MAX_M {
        search_until(lib, n, eps, m, ctl, |h, counts, r| power_value(h, counts, r, 1))
    } else {
        Err(Error::Input(format!("m = {m}: above {DIRECT_MAX_M} only the extended Hamming code eham{m} (n > {CHAIN_BY_NAME_N}, m a power of 2) is within the checker's budget")))
    };
    // The long code given by its dual, where it applies: certified when it beats the sums.
    if let Some((name, rows)) = dual_code(n, m) {
        let counts = dual_counts(m, &rows)?;
        let v = power_value(m / 2, &counts, &ratios(n, eps, m / 2), 1);
        if v.is_some_and(|v| found.as_ref().is_err() || found.as_ref().is_ok_and(|f| v > f.1)) {
            let cert = certify_dual(n, eps, m, &name, &rows)?;
            let candidates = found.map_or(0, |f| f.2) + 1;
            return Ok(LinearResult { m, n, cert, candidates, secs: t0.elapsed().as_secs_f64() });
        }
    }
    let (sum, _, candidates) = found?;
    if ctl.is_abandoned() {
        return Err(Error::Input(format!("m = {m}: interrupted")));
    }
    let cert = certify(lib, n, eps, m, &sum)?;
    Ok(LinearResult { m, n, cert, candidates, secs: t0.elapsed().as_secs_f64() })
}

/// Every `(m, n)` in parallel (the slow large `m` first); results in the order of `jobs`.
pub fn run(lib: &Library, eps: &Rat, jobs: &[(u32, u32)], ctl: &Control) -> Vec<Result<LinearResult, Error>> {
    let bar = ctl.meter(jobs.len() as u64, "m");
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse((jobs[i].0, jobs[i].1)));
    let mut out: Vec<(usize, Result<LinearResult, Error>)> = order
        .par_iter()
        .map(|&i| {
            let (m, n) = jobs[i];
            // After a signal: items not started are skipped (and not counted as done).
            if ctl.is_stopped() {
                return (i, Err(Error::Interrupted(crate::control::NOT_STARTED.to_string())));
            }
            let r = best_for_m(lib, n, eps, m, ctl);
            bar.inc(1);
            (i, r)
        })
        .collect();
    bar.finish();
    out.sort_by_key(|r| r.0);
    out.into_iter().map(|r| r.1).collect()
}

/// `log2` of a positive integer, for display.
pub fn log2(x: &BigUint) -> f64 {
    minip_check::rational::log2_abs(&Rat::from_integer(BigInt::from(x.clone())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use minip_check::rational::q;

    #[test]
    fn golay_gives_todays_explicit_value() {
        let lib = Library::new();
        let g = lib.index("golay24");
        let cert = certify(&lib, 3, &q(1, 2), 24, &vec![(g, 1)]).unwrap();
        assert_eq!(cert.claim().value, q(37094400, 1806793));
        assert_eq!(cert.claim().bound, BigUint::from(21u32));
        assert_eq!(cert.k, "2576");
    }
}
