//! Micro-benchmarks: one certified decision (HiGHS + repair + check) and one
//! check of a committed certificate. Whole-sweep figures come from `minip bench`.

use criterion::{criterion_group, criterion_main, Criterion};
use minip::certify::gap::decide;
use minip::check::Context;
use minip::claim::check_any;
use minip::model::{Bound, Family, Gap, Instance};
use minip::rational::q;
use minip::read;

fn bench(c: &mut Criterion) {
    let paper = Instance::new(3, q(1, 2), Gap::from_d(4).unwrap(), Family::Paper, Bound::Paper).unwrap();
    c.bench_function("decide paper n=3 d=4", |b| b.iter(|| decide(&paper)));
    let all = Instance::new(6, q(1, 3), Gap::new(6, 1, 5).unwrap(), Family::All, Bound::Paper).unwrap();
    c.bench_function("decide all n=6 (6,1,5)", |b| b.iter(|| decide(&all)));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/proofs/regression/n6_eps1-3_h6_u1_w5_all_bpaper.json");
    let text = std::fs::read_to_string(path).unwrap();
    let ctx = Context::default();
    c.bench_function("parse+check all n=6 certificate", |b| {
        b.iter(|| check_any(&read::parse(&text).unwrap(), &ctx).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
