//! The rank-linear checker's work budgets (docs/math.md §9.2, §9.6): a certificate just inside
//! `MAX_CONVOLUTION_OPS` is checked (it fails later, on its stated counts, not on size), one
//! just outside is refused as "too large to check" before any table is enumerated; a code given
//! by its dual over `MAX_MACWILLIAMS_WORK` (`eham512`) is refused the same way. The blocks are
//! whole spaces `{0,1}^L` (dense pair tables, the slowest convolution per operation). Times are
//! printed (`-- --nocapture`), not asserted: measured 2.0 s inside, 0.01 s to refuse outside.

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

#[test]
fn a_dual_code_over_the_macwilliams_budget_is_refused_fast() {
    let rows = rm1_dual(9);
    let types = dual_types(512, &rows);
    let work = slice_work(512, &types, 256, 256);
    assert!(work > MAX_MACWILLIAMS_WORK, "{work}");
    assert!(slice_work(256, &dual_types(256, &rm1_dual(8)), 128, 128) <= MAX_MACWILLIAMS_WORK);
    let c = RankLinearCertificate {
        format: RANK_LINEAR_FORMAT.into(),
        params: RankLinearParams { n: 1024, eps: "1/2".into(), m: 512, h: 256 },
        construction: "eham512".into(),
        blocks: vec![LinearBlock {
            name: "eham512".into(),
            m: 512,
            copies: 1,
            generator: vec![],
            dual: rows.iter().map(|w| wide_bits(w, 512)).collect(),
        }],
        k: "0".into(),
        classes: vec![],
        ratios: vec![],
        value: "0".into(),
        bound: "0".into(),
        strict: false,
        power: 1,
    };
    let t0 = Instant::now();
    let e = check_rank_linear(&c).unwrap_err();
    assert!(e.contains("too large to check") && e.contains("MacWilliams"), "{e}");
    println!("eham512: {work} products, refused in {:.3} s", t0.elapsed().as_secs_f64());
}

/// `cargo test --release --test rank_linear_budget -- --ignored --nocapture`: the pair
/// enumeration of a dimension-16 block without the all-ones word (`ham21s`).
#[test]
#[ignore]
fn pair_enumeration_timing() {
    let b = minip::codes::linear::hamming_shortened(21);
    let t0 = Instant::now();
    let t = minip_check::model::linear::block_pairs(&b);
    println!("ham21s: {} entries in {:.2} s", t.len(), t0.elapsed().as_secs_f64());
}
