//! Micro-benchmarks: one certified decision (HiGHS + repair + check), one check of a
//! committed certificate, and the first-order head search's steps per m (one restart on one
//! thread, a rank it does not reach, so every iteration runs its full step count).
//! Whole-sweep figures come from `minip bench`; a restart's wall time, CPU and memory per m
//! from `scripts/search-bench.sh`.

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

/// A fixed number of descent steps at `m` (`rank` below what the search reaches there, so no
/// restart ends early), twice per `m`: the difference of the two times over the difference of
/// the step counts is the time per step, without the restart's start and its exact attempts.
fn search_steps(c: &mut Criterion) {
    use minip::batch::search_gradient::{search, Config, Start};
    let mut g = c.benchmark_group("head search");
    g.sample_size(10);
    for (m, rank, steps) in [(6u32, 2usize, 100u32), (6, 2, 300), (8, 3, 20), (8, 3, 60)] {
        let cfg = Config { m, rank, seed: 1, restarts: 1, steps, start: Start::Random, time_limit: None };
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        g.bench_function(format!("m={m} rank={rank}: {steps} steps, one thread"), |b| {
            b.iter(|| pool.install(|| search(&cfg, &|| false, &|_| {}).unwrap()))
        });
    }
    g.finish();
}

criterion_group!(benches, bench, search_steps);
criterion_main!(benches);
