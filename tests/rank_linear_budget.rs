//! The rank-linear checker's work budgets (docs/math.md §9.2, §9.6): a certificate just inside
//! `MAX_CONVOLUTION_OPS` is checked (it fails later, on its stated counts, not on size), one
//! just outside is refused as "too large to check" before any table is enumerated; the same for
//! a code given by its dual at `MAX_MACWILLIAMS_WORK`. The blocks are
//! whole spaces `{0,1}^L` (dense pair tables, the slowest convolution per operation). Times are
//! printed (`-- --nocapture`), not asserted.

use minip::codes::linear::rm1_dual;
use minip_check::check::check_rank_linear;
use minip_check::check::rank_linear::{MAX_CONVOLUTION_OPS, MAX_MACWILLIAMS_WORK};
use minip_check::format::rank_linear::{
    LinearBlock, RankLinearCertificate, RankLinearParams, RANK_LINEAR_FORMAT,
};
use minip_check::model::code::bits;
use minip_check::model::linear::{limbs_for, ops_of_groups, weight_groups, Block, Cells};
use minip_check::model::macwilliams::{dual_types, slice_work, wide_bits};
use std::time::Instant;

/// `{0,1}^len` (identity generator).
fn space(len: u32) -> Block {
    Block { m: len, rows: (0..len).map(|i| 1u64 << i).collect() }
}

/// `t` copies of `{0,1}^16` and one `{0,1}^extra`: the checker's bound on its convolution.
fn ops(t: u32, extra: u32) -> u128 {
    let m = 16 * t + extra;
    let mut groups: Vec<(u32, Cells)> = (0..t).map(|_| (16, weight_groups(&space(16)))).collect();
    if extra > 0 {
        groups.push((extra, weight_groups(&space(extra))));
    }
    ops_of_groups(m / 2, &groups, limbs_for(m))
}

fn cert(t: u32, extra: u32) -> RankLinearCertificate {
    let m = 16 * t + extra;
    let block = |b: &Block, copies: u32| LinearBlock {
        name: format!("space{}", b.m),
        m: b.m,
        copies,
        generator: b.rows.iter().map(|&r| bits(r, b.m)).collect(),
        dual: vec![],
    };
    let mut blocks = vec![block(&space(16), t)];
    if extra > 0 {
        blocks.push(block(&space(extra), 1));
    }
    RankLinearCertificate {
        format: RANK_LINEAR_FORMAT.into(),
        params: RankLinearParams { n: 3, eps: "1/2".into(), m, h: m / 2 },
        construction: "test".into(),
        blocks,
        k: "0".into(),
        classes: vec![],
        ratios: vec![],
        value: "0".into(),
        bound: "0".into(),
        strict: false,
        power: 1,
    }
}

#[test]
fn the_convolution_budget_has_a_sharp_boundary() {
    // The last (t, extra) in order of m whose bound is within the limit, and the next one.
    let family: Vec<(u32, u32)> = (4..12).flat_map(|t| (0..16).step_by(2).map(move |e| (t, e))).collect();
    let at = family
        .iter()
        .position(|&(t, e)| ops(t, e) > MAX_CONVOLUTION_OPS)
        .expect("the family crosses the limit");
    let (inside, outside) = (family[at - 1], family[at]);
    let (wi, wo) = (ops(inside.0, inside.1), ops(outside.0, outside.1));
    assert!(wi <= MAX_CONVOLUTION_OPS && wo > MAX_CONVOLUTION_OPS);
    // Just inside: within 15% of the limit, and checked (the stated k = 0 is what fails).
    assert!(wi * 100 >= MAX_CONVOLUTION_OPS * 85, "inside {inside:?}: {wi}");
    let t0 = Instant::now();
    let e = check_rank_linear(&cert(inside.0, inside.1)).unwrap_err();
    let secs = t0.elapsed().as_secs_f64();
    assert!(e.starts_with("k = 0, recounted"), "{e}");
    // Just outside: refused before any enumeration.
    let t0 = Instant::now();
    let e = check_rank_linear(&cert(outside.0, outside.1)).unwrap_err();
    let refused = t0.elapsed().as_secs_f64();
    assert!(e.contains("too large to check") && e.contains(&wo.to_string()), "{e}");
    // The refusal comes before any pair table is enumerated (the count uses the weight
    // distributions only); the times are printed, not asserted (house rule: no timed tests).
    println!("inside {inside:?}: {wi} ops, checked in {secs:.2} s; outside {outside:?}: {wo} ops, refused in {refused:.3} s");
}

/// A certificate for the code of length `m` given by the dual `rows`, at query weight `h`
/// (stated `k = 0`, so a checked one fails on its counts).
fn dual_cert(m: u32, h: u32, rows: &[Vec<u64>]) -> RankLinearCertificate {
    RankLinearCertificate {
        format: RANK_LINEAR_FORMAT.into(),
        params: RankLinearParams { n: 1024, eps: "1/2".into(), m, h },
        construction: "dual".into(),
        blocks: vec![LinearBlock {
            name: "dual".into(),
            m,
            copies: 1,
            generator: vec![],
            dual: rows.iter().map(|w| wide_bits(w, m)).collect(),
        }],
        k: "0".into(),
        classes: vec![],
        ratios: vec![],
        value: "0".into(),
        bound: "0".into(),
        strict: false,
        power: 1,
    }
}

/// The MacWilliams budget: `eham1024` (the largest committed code) is well inside; a dual of
/// length 1024 whose 256 words have 256 distinct weights (runs of 1, 2, 4, …, 128 coordinates:
/// 65536 pair types, each priced) crosses the limit as `h` grows: the last `h` inside is
/// checked, the next one is refused before any Krawtchouk number is computed.
#[test]
fn the_macwilliams_budget_has_a_sharp_boundary() {
    let eham = rm1_dual(10);
    let work = slice_work(1024, &dual_types(1024, &eham), 512, 512);
    assert!(work * 3 <= MAX_MACWILLIAMS_WORK * 2, "eham1024: {work}");
    let runs: Vec<Vec<u64>> = (0..8)
        .map(|j| {
            let mut w = vec![0u64; 16];
            for p in (1usize << j) - 1..(2usize << j) - 1 {
                w[p / 64] |= 1 << (p % 64);
            }
            w
        })
        .collect();
    let types = dual_types(1024, &runs);
    assert_eq!(types.keys().map(|t| t[0] + t[1]).collect::<std::collections::BTreeSet<_>>().len(), 256);
    let at = (1..=512).position(|h| slice_work(1024, &types, h, h) > MAX_MACWILLIAMS_WORK).expect("crosses")
        as u32;
    assert!(at > 8, "h = {at}");
    // Measured (load 8, alone): h = 13, 3.9·10^8 products, 3.2 s; h = 14 refused in 0.03 s.
    let (inside, outside) = (at, at + 1);
    let (wi, wo) = (slice_work(1024, &types, inside, inside), slice_work(1024, &types, outside, outside));
    assert!(wi <= MAX_MACWILLIAMS_WORK && wo > MAX_MACWILLIAMS_WORK);
    assert!(wi * 100 >= MAX_MACWILLIAMS_WORK * 95, "inside h = {inside}: {wi}");
    let t0 = Instant::now();
    let e = check_rank_linear(&dual_cert(1024, inside, &runs)).unwrap_err();
    let secs = t0.elapsed().as_secs_f64();
    assert!(e.starts_with("k = 0, recounted"), "{e}");
    let t0 = Instant::now();
    let e = check_rank_linear(&dual_cert(1024, outside, &runs)).unwrap_err();
    let refused = t0.elapsed().as_secs_f64();
    assert!(
        e.contains("too large to check") && e.contains("MacWilliams") && e.contains(&wo.to_string()),
        "{e}"
    );
    println!(
        "eham1024: {work} products; runs, h = {inside}: {wi} products, checked in {secs:.2} s; h = {outside}: {wo}, refused in {refused:.3} s"
    );
}

/// `cargo test --release --test suite rank_linear_budget:: -- --ignored --nocapture`: the pair
/// enumeration of a dimension-16 block without the all-ones word (`ham21s`).
#[test]
#[ignore]
fn pair_enumeration_timing() {
    let b = minip::codes::linear::hamming_shortened(21);
    let t0 = Instant::now();
    let t = minip_check::model::linear::block_pairs(&b);
    println!("ham21s: {} entries in {:.2} s", t.len(), t0.elapsed().as_secs_f64());
}
