//! Fuzzing every parser minip reads (issue 12), bounded in time for CI: committed inputs are
//! mutated at random (bytes replaced, inserted, deleted, the text truncated or a piece
//! duplicated) and fed to the parser and, when it parses, to the checker. Nothing may panic;
//! every outcome is `Ok` or a one-line `Err`. The number of cases per parser is fixed
//! (`PROPTEST_CASES` overrides it for longer runs).

use crate::common::root;
use minip::heads;
use minip_check::check::Context;
use minip_check::claim::check_any;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn seed(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// A mutation of `text`: `(kind, position, byte, length)`.
fn mutate(text: &str, (kind, pos, byte, len): (u8, usize, u8, usize)) -> String {
    let b = text.as_bytes();
    let pos = pos % (b.len() + 1);
    let mut v = b.to_vec();
    match kind % 5 {
        0 => {
            if pos < v.len() {
                v[pos] = byte;
            }
        }
        1 => v.insert(pos, byte),
        2 => {
            let end = (pos + len % 16).min(v.len());
            v.drain(pos..end);
        }
        3 => v.truncate(pos),
        _ => {
            let end = (pos + len % 64).min(v.len());
            let piece = v[pos..end].to_vec();
            v.splice(pos..pos, piece);
        }
    }
    String::from_utf8_lossy(&v).into_owned()
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(200)
}

fn strategy() -> impl Strategy<Value = Vec<(u8, usize, u8, usize)>> {
    // Bytes that matter to the formats: digits, quotes, braces, separators, letters.
    let byte = prop::sample::select(b"0123456789\"{}[],:/-+.eE nulltrue\\x".to_vec());
    prop::collection::vec((any::<u8>(), any::<usize>(), byte, any::<usize>()), 1..4)
}

fn one_line(e: &str) {
    assert!(!e.is_empty() && !e.contains('\n'), "error must be one non-empty line: {e:?}");
}

fn fuzz(seeds: &[&str], f: impl Fn(&str)) {
    let mut runner =
        TestRunner::new(Config { cases: cases(), failure_persistence: None, ..Config::default() });
    let texts: Vec<String> = seeds.iter().map(|p| seed(p)).collect();
    runner
        .run(&(0..texts.len(), strategy()), |(i, muts)| {
            let mut t = texts[i].clone();
            for m in muts {
                t = mutate(&t, m);
            }
            f(&t);
            Ok(())
        })
        .unwrap();
}

#[test]
fn certificate_parsers_and_checks_never_panic() {
    fuzz(
        &[
            "proofs/settle/n3_eps1-2_h3_u0_w3_paper_b2.json",
            "proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json",
            "proofs/amplify/n3_eps1-2_h4_lo0_hi4p_sup.json",
            "proofs/rank/m05.json",
            "proofs/sharp/probe/n5_eps5-12_paper.json",
        ],
        |t| match minip_check::read::parse(t) {
            Ok(c) => {
                if let Err(e) = check_any(&c, &Context::default()) {
                    one_line(&e.to_string())
                }
            }
            Err(e) => one_line(&e),
        },
    );
}

#[test]
fn head_file_parser_never_panics() {
    fuzz(&["instances/heads/linear-overlap.json", "instances/heads/linear-overlap-m2.json"], |t| {
        match heads::file::parse(t) {
            Ok(spec) => {
                if let Some(m) = spec.m {
                    if let Err(e) = heads::Head::build(&spec, m) {
                        one_line(&e)
                    }
                }
            }
            Err(e) => one_line(&e),
        }
    });
}

#[test]
fn grid_parser_never_panics() {
    fuzz(&["instances/small.toml", "instances/regression.toml", "instances/sharp.toml"], |t| {
        if let Err(e) = minip::batch::grid::parse_grid(t) {
            one_line(&e)
        }
    });
}

#[test]
fn drat_parser_never_panics() {
    let proof = std::fs::read(root().join("proofs/rank/m07.maximal.drat")).unwrap();
    let cnf =
        minip_check::rows::cnf::encode(minip_check::model::code::Shape::new(7, 3, 0, 3).unwrap(), 3).formula;
    let mut runner =
        TestRunner::new(Config { cases: cases(), failure_persistence: None, ..Config::default() });
    runner
        .run(&(any::<usize>(), any::<u8>(), 0usize..3), |(pos, byte, kind)| {
            let mut p = proof.clone();
            let i = pos % p.len();
            match kind {
                0 => p[i] = byte,
                1 => p.truncate(i),
                _ => p.insert(i, byte),
            }
            // Either a refutation that checks or a one-line reason; never a panic.
            if let Err(e) = minip_check::check::drup::check_refutation(
                &cnf,
                &p,
                minip_check::check::drup::Encoding::Binary,
            ) {
                one_line(&e)
            }
            Ok(())
        })
        .unwrap();
}

/// Grids with every list long and repeated (issue 22 §7): the parser answers within the
/// limits, with one line, and what it accepts expands to at most the configurations counted.
#[test]
fn grids_with_every_list_long_are_counted_before_expansion() {
    let tasks = ["min-ip", "max-ip", "nearest"];
    let kernels = ["nonneg", "signed"];
    let positions = ["shared", "per-position", "causal-last"];
    let keys = ["all", "distinct"];
    let mut runner =
        TestRunner::new(Config { cases: cases() / 4, failure_persistence: None, ..Config::default() });
    let list = |v: &[&str], k: usize| {
        v.iter().cycle().take(k).map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ")
    };
    runner
        .run(
            &(1usize..6, 1usize..40, 1usize..5, 1usize..7, 1usize..4, 1usize..5, 1usize..3, 0usize..300, 1u32..8, 3u32..130),
            |(t, at, k, p, kr, ky, fam, nlen, h, n0)| {
                let ats: Vec<String> = (0..at).map(|i| i.to_string()).collect();
                let ns: Vec<String> = (0..nlen).map(|i| (n0 + i as u32).to_string()).collect();
                let text = format!(
                    "n = [{}]\neps = [\"1/2\"]\nh_max = {h}\nfamilies = [{}]\ntasks = [{}]\nkernels = [{}]\npositions = [{}]\nkeys = [{}]\nat = [{}]\n",
                    if ns.is_empty() { n0.to_string() } else { ns.join(", ") },
                    list(&["paper", "all"], fam),
                    list(&tasks, t),
                    list(&kernels, kr),
                    list(&positions, p),
                    list(&keys, ky),
                    ats.join(", "),
                );
                let _ = k;
                match minip::batch::grid::parse_grid(&text) {
                    Ok(g) => {
                        let n = g.gap_instances().len();
                        assert!(n <= minip_check::limits::MAX_GRID_ITEMS, "{n}");
                    }
                    Err(e) => one_line(&e),
                }
                Ok(())
            },
        )
        .unwrap();
}

/// Ordered sequences with large n (issue 22 §7): the size of the gap LP is counted before
/// any row exists; what passes the limit is built with the counted number of cells at most.
#[test]
fn per_position_settings_with_large_n_are_counted_before_building() {
    use minip_check::model::{Bound, Family, Gap, Instance, Kernel, Keys, Positions, Setting, Task};
    let mut runner =
        TestRunner::new(Config { cases: cases() / 4, failure_persistence: None, ..Config::default() });
    runner
        .run(&(3u32..=1000, 0usize..2, 0usize..3, 0usize..2, 0usize..2, 1u32..6), |(n, f, p, kr, ky, d)| {
            let family = [Family::Paper, Family::All][f];
            let Ok(inst) = Instance::new(
                n,
                minip_check::rational::q(1, 2),
                Gap::from_d(d).unwrap(),
                family,
                Bound::Paper,
            ) else {
                return Ok(()); // n above the all family's limit: refused by `Instance::new`
            };
            let setting = Setting {
                task: Task::MinIp,
                kernel: [Kernel::Nonneg, Kernel::Signed][kr],
                positions: [Positions::Shared, Positions::PerPosition, Positions::CausalLast][p],
                keys: [Keys::All, Keys::Distinct][ky],
                at: None,
            };
            let inst = inst.with_setting(setting).unwrap();
            let cells = minip_check::rows::gap::gap_lp_cells(&inst);
            match minip_check::rows::gap::check_gap_lp_size(&inst) {
                Ok(()) => {
                    let lp = minip_check::rows::gap::gap_lp(&inst);
                    let built = (lp.rows.len() * lp.vars.len()) as u128;
                    assert!(built <= cells, "n = {n} {setting:?}: built {built} > counted {cells}");
                }
                Err(e) => {
                    one_line(&e);
                    assert!(cells > minip_check::rows::gap::MAX_GAP_LP_CELLS);
                }
            }
            Ok(())
        })
        .unwrap();
}

/// Ratio tables with long h ranges and every setting (found by the hostile sweep: a table up
/// to h = 600 went around amplify's limits and aborted): every job the parser accepts is
/// within h ≤ 512 and the row LP's limits (multisets × (n − 1), or rows and cells beyond the
/// paper's model), so nothing it accepts can need more than was counted.
#[test]
fn ratio_tables_with_long_ranges_accept_only_jobs_within_the_limits() {
    use minip_check::model::Setting;
    let mut runner =
        TestRunner::new(Config { cases: cases() / 4, failure_persistence: None, ..Config::default() });
    let tasks = ["min-ip", "max-ip"];
    let kernels = ["nonneg", "signed"];
    let positions = ["shared", "per-position", "causal-last"];
    let keys = ["all", "distinct"];
    runner
        .run(
            &(3u32..8, 2u32..40, 0u32..700, 0usize..2, 0usize..2, 0usize..3, 0usize..2),
            |(n, h0, len, t, kr, p, ky)| {
                let (lo, hi) = if t == 0 { ("0", "h") } else { ("h", "0") };
                let text = format!(
                    "n = {n}\neps = \"1/2\"\nh = \"{h0}..={}\"\n[[series]]\nname = \"x\"\ntask = \"{}\"\nkernel = \"{}\"\npositions = \"{}\"\nkeys = \"{}\"\nlo = \"{lo}\"\nhi = \"{hi}\"\n",
                    h0 + len,
                    tasks[t],
                    kernels[kr],
                    positions[p],
                    keys[ky]
                );
                match minip::batch::grid::parse_ratio_grid(&text) {
                    Ok(g) => {
                        for job in g.series.iter().flat_map(|s| &s.jobs) {
                            assert!(job.h <= minip_check::limits::MAX_RATIO_H, "{text}");
                            let inst = minip_check::rows::ratio::ratio_instance_in(
                                n,
                                g.eps.clone(),
                                job.h,
                                job.lo,
                                job.hi,
                                job.superset,
                                job.setting,
                                job.m,
                            )
                            .unwrap();
                            let sized = if job.setting == Setting::default() && job.m.is_none() {
                                minip::formulate::ratio::check_row_lp_size(n, inst.classes())
                            } else {
                                minip::formulate::ratio::check_general_size(&inst)
                            };
                            assert!(sized.is_ok(), "{text}: h = {}: {sized:?}", job.h);
                        }
                    }
                    Err(e) => one_line(&e),
                }
                Ok(())
            },
        )
        .unwrap();
}
