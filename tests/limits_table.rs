//! Every documented limit at its boundary, in one table: for each limit printed by
//! `minip help limits` and each constant of `minip_check::limits`, the just-inside input works
//! (run under `prlimit --as` and `timeout`, with its verdict asserted) and the just-outside
//! input is refused with exit 2 and a one-line error naming the limit, within `timeout 1`.
//! Values are read from the constants, so a limit that moves moves its row with it.
//!
//! `table_covers_every_limit` fails when a limit is added (a `pub const` in limits.rs, or a
//! `<=` in `minip help limits`) without a row here.
//!
//! Certificates are checked with `minip verify`, which runs the same checker as `minip-check`
//! (`minip_check::verify`); the `minip-check` binary's own limits (its `--jobs`, `--dimacs`)
//! are in crates/minip-check/tests (binary.rs, limits.rs).
//!
//! Older boundary tests that stay where they are (they assert more than the boundary): the gap
//! LP and row LP (tests/cli_hostile.rs), grid lists, digits, code pairs and DRAT streaming
//! (crates/minip-check/tests/limits.rs), ratio work (tests/hostile.rs), rank-linear work
//! (tests/rank_linear_budget.rs).

use minip_check::limits::*;
use serde_json::{json, Value};
use std::path::Path;

const GIB: u64 = 1 << 30;

#[path = "limits_table/support.rs"]
mod support;

use support::*;

/// `big`: write the two 256 MiB proofs (the coverage test does not need them).
fn rows(dir: &Path, big: bool) -> Vec<Row> {
    let mut rows = Vec::new();
    let gap_lp = |n: u32, pos| {
        let inst = minip_check::model::Instance::new(
            n,
            minip_check::rational::q(1, 2),
            minip_check::model::Gap::from_d(3).unwrap(),
            minip_check::model::Family::Paper,
            minip_check::model::Bound::Paper,
        )
        .unwrap()
        .with_setting(minip_check::model::Setting { positions: pos, ..Default::default() })
        .unwrap();
        minip_check::rows::gap::gap_lp_cells(&inst)
    };

    // ---- the model's parameters
    rows.push(Row {
        limit: "n of the paper family",
        consts: &["MAX_N"],
        printed: &["n (paper family) <= 1024"],
        inside: args(&format!("check --d 3 --n {MAX_N}")),
        expect_inside: works(0, "verdict   holds", 10),
        inside_mem: GIB,
        outside: args(&format!("check --d 3 --n {}", MAX_N + 1)),
        refusal: format!("n = {} is above the supported {MAX_N}", MAX_N + 1),
    });
    rows.push(Row {
        limit: "n of the all family",
        consts: &["MAX_N_ALL"],
        printed: &["n (all family) <= 100 (n(n+1)/2 sequences)"],
        inside: args(&format!("check --d 3 --n {MAX_N_ALL} --family all")),
        expect_inside: works(0, "verdict   holds", 10),
        inside_mem: GIB,
        outside: args(&format!("check --d 3 --n {} --family all", MAX_N_ALL + 1)),
        refusal: format!("n = {} is above the supported {MAX_N_ALL}", MAX_N_ALL + 1),
    });
    rows.push(Row {
        limit: "h of a gap configuration",
        consts: &["MAX_H"],
        printed: &["h (gap configuration) <= 100000"],
        inside: args(&format!("check --h {MAX_H} --u 0 --w {MAX_H}")),
        expect_inside: works(0, "verdict   holds", 10),
        inside_mem: GIB,
        outside: args(&format!("check --h {0} --u 0 --w {0}", MAX_H + 1)),
        refusal: format!("h = {} is above the supported {MAX_H}", MAX_H + 1),
    });

    // ---- the gap LP: per-position maps of the paper family, n from the cell count
    let pp = minip_check::model::Positions::PerPosition;
    let cells = minip_check::rows::gap::MAX_GAP_LP_CELLS;
    let n_gap = last_true(3, 200, |n| gap_lp(n as u32, pp) <= cells) as u32;
    rows.push(Row {
        limit: "gap LP cells (per-position orderings)",
        consts: &["MAX_GAP_LP_CELLS"],
        printed: &["gap LP (check, sharp, grids) <= 750000 cells"],
        inside: args(&format!("check --d 3 --n {n_gap} --positions per-position")),
        expect_inside: works(0, "verdict   holds", 60),
        inside_mem: GIB,
        outside: args(&format!("check --d 3 --n {} --positions per-position", n_gap + 1)),
        refusal: format!("has {} cells (rows × columns), above the supported {cells}", gap_lp(n_gap + 1, pp)),
    });

    // ---- the row LP the solver side builds (amplify, rank): h = 2 has 3 classes, so
    // C(n + 1, 2) multisets of n − 1 classes.
    let row_cells = minip::formulate::ratio::MAX_RATIO_CELLS;
    let multisets = |n: u64| u128::from(n + 1) * u128::from(n) / 2;
    let n_row = last_true(3, 1000, |n| multisets(n) * u128::from(n - 1) <= row_cells);
    rows.push(Row {
        limit: "row LP multisets × (n − 1)",
        consts: &["MAX_RATIO_CELLS"],
        printed: &["row LP (amplify, rank) <= 10000000 multisets x (n - 1)"],
        inside: args(&format!("amplify --h 2 --n {n_row} --json")),
        expect_inside: works(0, "\"kind\":\"amplify.ratio\"", 60),
        inside_mem: GIB,
        outside: args(&format!("amplify --h 2 --n {}", n_row + 1)),
        refusal: format!(
            "the row LP = {} multisets of n - 1 = {} classes each ({} entries) is above the supported {row_cells}",
            multisets(n_row + 1),
            n_row,
            multisets(n_row + 1) * u128::from(n_row)
        ),
    });
    // Multisets alone: cells ≥ 2·multisets, so at every n the cell limit above binds first on
    // the inside; the outside is the first n at h = 3 (C(n + 2, 3) multisets) past it.
    let m3 = |n: u64| u128::from(n + 2) * u128::from(n + 1) * u128::from(n) / 6;
    let n_m = last_true(3, 1000, |n| m3(n) <= MAX_RATIO_MULTISETS);
    rows.push(Row {
        limit: "row LP multisets",
        consts: &["MAX_RATIO_MULTISETS"],
        printed: &["row LP (solved) <= 5000000 multisets"],
        inside: args(&format!("amplify --h 3 --n {} --json", (n_m / 8).max(3))),
        expect_inside: works(0, "\"kind\":\"amplify.ratio\"", 60),
        inside_mem: GIB,
        outside: args(&format!("amplify --h 3 --n {}", n_m + 1)),
        refusal: format!(
            "the row LP = {} is above the supported {MAX_RATIO_MULTISETS} (multisets of n - 1 classes",
            m3(n_m + 1)
        ),
    });
    rows.push(Row {
        limit: "h of the row LP minip amplify certifies",
        consts: &["MAX_RATIO_H"],
        printed: &["h <= 512"],
        inside: args(&format!("amplify --h {MAX_RATIO_H} --json")),
        expect_inside: Inside::Accepted { secs: 3 },
        inside_mem: GIB,
        outside: args(&format!("amplify --h {} --json", MAX_RATIO_H + 1)),
        refusal: format!("h = {} is above the supported {MAX_RATIO_H}", MAX_RATIO_H + 1),
    });
    let general = minip::formulate::ratio::MAX_GENERAL_ROWS as u64;
    // Per-position maps at h = 2: 2·(3ⁿ − 2ⁿ) rows.
    let n_pp = last_true(3, 30, |n| 2 * (3u64.pow(n as u32) - 2u64.pow(n as u32)) <= general);
    rows.push(Row {
        limit: "amplify rows beyond the paper's model",
        consts: &["MAX_GENERAL_ROWS"],
        printed: &["row LP beyond the model <= 60000 rows"],
        inside: args(&format!("amplify --h 2 --n {n_pp} --positions per-position --json")),
        expect_inside: works(0, "\"setting\":\"per-position\"", 60),
        inside_mem: GIB,
        outside: args(&format!("amplify --h 2 --n {} --positions per-position", n_pp + 1)),
        refusal: format!("is above the supported {general} beyond the paper's model"),
    });

    // Dense exact steps beyond the paper's model: rows × columns, at Max-IP (lo = h over hi = 0).
    let max_ip = |h: u64| {
        minip_check::rows::ratio::ratio_instance_in(
            3,
            minip_check::rational::q(1, 2),
            h as u32,
            h as u32,
            0,
            false,
            minip_check::model::Setting { task: minip_check::model::Task::MaxIp, ..Default::default() },
            None,
        )
        .unwrap()
    };
    let h_cells = last_true(2, 240, |h| minip::formulate::ratio::check_general_size(&max_ip(h)).is_ok());
    rows.push(Row {
        limit: "amplify cells beyond the paper's model",
        consts: &["MAX_GENERAL_CELLS"],
        printed: &["and <= 1200000 cells (rows x columns)"],
        inside: args(&format!("amplify --h {h_cells} --task max-ip --json")),
        expect_inside: works(0, "\"setting\":\"max-ip\"", 60),
        inside_mem: GIB,
        outside: args(&format!("amplify --h {} --task max-ip", h_cells + 1)),
        refusal: format!(
            "cells is above the supported {} beyond the paper's model",
            minip::formulate::ratio::MAX_GENERAL_CELLS
        ),
    });

    // ---- command lines and grids
    rows.push(Row {
        limit: "items of one range",
        consts: &["MAX_RANGE_ITEMS"],
        printed: &["one range or list of values <= 10000 items"],
        inside: args(&format!("settle --d 1..={MAX_RANGE_ITEMS} --json")),
        // 10,000 gap certificates: 14 s on the VM under load, so only started here.
        expect_inside: Inside::Accepted { secs: 3 },
        inside_mem: GIB,
        outside: args(&format!("settle --d 1..={} --json", MAX_RANGE_ITEMS + 1)),
        refusal: format!("--d: values = {} is above the supported {MAX_RANGE_ITEMS}", MAX_RANGE_ITEMS + 1),
    });
    // n × eps × (one gap at h_max = 1): 1000 × MAX_GRID_ITEMS / 1000 configurations; a shard of
    // ten of them is solved.
    let grid = |eps: usize| {
        let e: Vec<String> = (2..2 + eps).map(|q| format!("\"1/{q}\"")).collect();
        format!("n = \"3..=1002\"\neps = [{}]\nh_max = 1\nfamilies = [\"paper\"]\n", e.join(", "))
    };
    let per_n = MAX_GRID_ITEMS / 1000;
    let g_in = write(dir, "grid-in.toml", &grid(per_n));
    let g_out = write(dir, "grid-out.toml", &grid(per_n + 1));
    rows.push(Row {
        limit: "configurations of one grid (every list counted)",
        consts: &["MAX_GRID_ITEMS"],
        printed: &[
            "one grid <= 1000000 configurations",
            "grid files and ratio tables: every list (n, eps, families, bounds, tasks, kernels, positions, keys, at, d, each series' h) counts in the configuration limit",
        ],
        inside: vec!["sweep".into(), g_in, "--shard".into(), "0/100000".into(), "--json".into()],
        expect_inside: works(1, "\"eps\":\"1/3\"", 30),
        inside_mem: GIB,
        outside: vec!["sweep".into(), g_out, "--shard".into(), "0/100000".into()],
        refusal: format!("grid size = {} is above the supported {MAX_GRID_ITEMS}", 1000 * (per_n + 1)),
    });
    let g = |name: &str, text: &str| write(dir, name, text);
    rows.push(Row {
        limit: "n of a grid, per family",
        consts: &[],
        printed: &["n checked per family"],
        inside: vec![
            "sweep".into(),
            g(
                "fam-in.toml",
                &format!("n = [{MAX_N_ALL}]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\", \"all\"]\n"),
            ),
            "--json".into(),
        ],
        expect_inside: works(1, "\"family\":\"all\"", 30),
        inside_mem: GIB,
        outside: vec![
            "sweep".into(),
            g(
                "fam-out.toml",
                &format!(
                    "n = [{}]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\", \"all\"]\n",
                    MAX_N_ALL + 1
                ),
            ),
        ],
        refusal: format!("family all: n = {} is above the supported {MAX_N_ALL}", MAX_N_ALL + 1),
    });
    rows.push(Row {
        limit: "a repeated grid entry",
        consts: &[],
        printed: &["repeats refused"],
        inside: vec![
            "sweep".into(),
            g("rep-in.toml", "n = [3, 4]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\n"),
        ],
        expect_inside: works(1, "broken", 30),
        inside_mem: GIB,
        outside: vec![
            "sweep".into(),
            g("rep-out.toml", "n = [3, 3]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\n"),
        ],
        refusal: "n lists 3 twice".into(),
    });
    let small = g("small.toml", "n = [3]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\n");
    rows.push(Row {
        limit: "worker threads",
        consts: &["MAX_JOBS"],
        printed: &["--jobs <= 256"],
        inside: vec!["sweep".into(), small.clone(), "--jobs".into(), MAX_JOBS.to_string()],
        expect_inside: works(1, "broken", 30),
        inside_mem: 2 * GIB,
        outside: vec!["sweep".into(), small, "--jobs".into(), (MAX_JOBS + 1).to_string()],
        refusal: format!("--jobs = {} is above the supported {MAX_JOBS}", MAX_JOBS + 1),
    });
    rows.push(Row {
        limit: "frontier: bits per token",
        consts: &["MAX_FRONTIER_M"],
        printed: &["frontier (class LP) m <= 64"],
        inside: args(&format!(
            "frontier --m {} --kernel sparse --rank-linear-dir - --json",
            minip::batch::frontier::MAX_FRONTIER_M
        )),
        expect_inside: works(0, "\"kind\":\"frontier.row\"", 60),
        inside_mem: GIB,
        outside: args(&format!(
            "frontier --m {} --kernel sparse",
            minip::batch::frontier::MAX_FRONTIER_M + 1
        )),
        refusal: format!(
            "m = {} is out of range (1..={})",
            minip::batch::frontier::MAX_FRONTIER_M + 1,
            minip::batch::frontier::MAX_FRONTIER_M
        ),
    });
    rows.push(Row {
        limit: "frontier: sequence length",
        consts: &[],
        printed: &["3 <= n <= 1024"],
        inside: args(&format!("frontier --n {MAX_N} --m 4 --kernel per_weight --json")),
        expect_inside: works(0, "\"kind\":\"frontier.row\"", 30),
        inside_mem: GIB,
        outside: args(&format!("frontier --n {} --m 4 --kernel per_weight", MAX_N + 1)),
        refusal: format!("n = {} is out of range (3..={MAX_N})", MAX_N + 1),
    });

    // The head search: m as the checker of its certificates takes it (the inside run at m = 8
    // is minutes of descent: accepted, not finished), the rank up to 2^m, and its effort: for
    // the first-order search (the default) its steps, time limit and work; for the alternating
    // LPs (--method lp) their steps, one step's LP and the whole search.
    let max_effort = minip::request::head_search::MAX_SEARCH_EFFORT;
    let max_search_m = minip_check::check::search::MAX_SEARCH_M;
    rows.push(Row {
        limit: "head search: m",
        consts: &["MAX_SEARCH_M"],
        printed: &["head search: m <= 8,"],
        inside: args(&format!("head search --m {max_search_m} --rank 1 --restarts 1 --iterations 1000")),
        expect_inside: Inside::Accepted { secs: 3 },
        inside_mem: GIB,
        outside: args(&format!("head search --m {} --rank 1", max_search_m + 1)),
        refusal: format!("--m must be in 1..={max_search_m}, got {}", max_search_m + 1),
    });
    rows.push(Row {
        limit: "head search: rank",
        consts: &[],
        printed: &["rank <= 2^m"],
        inside: args("head search --m 1 --rank 2 --restarts 1 --iterations 1"),
        expect_inside: works(0, "certified: rank 2", 10),
        inside_mem: GIB,
        outside: args("head search --m 1 --rank 3"),
        refusal: "--rank (m = 1) must be in 1..=2, got 3".into(),
    });
    rows.push(Row {
        limit: "head search: restarts",
        consts: &["MAX_SEARCH_EFFORT"],
        printed: &["--restarts <= 10000"],
        inside: args(&format!("head search --m 1 --rank 1 --restarts {max_effort} --iterations 10")),
        expect_inside: works(0, "certified: rank 1", 10),
        inside_mem: GIB,
        outside: args(&format!("head search --m 1 --rank 1 --restarts {}", max_effort + 1)),
        refusal: format!("--restarts must be in 1..={max_effort}, got {}", max_effort + 1),
    });
    let max_steps = minip::request::head_search::MAX_GRADIENT_STEPS;
    rows.push(Row {
        limit: "head search (gradient): steps",
        consts: &[],
        printed: &["--iterations <= 1000000"],
        inside: args(&format!("head search --m 1 --rank 1 --restarts 1 --iterations {max_steps}")),
        expect_inside: works(0, "certified: rank 1", 10),
        inside_mem: GIB,
        outside: args(&format!("head search --m 1 --rank 1 --iterations {}", max_steps + 1)),
        refusal: format!("--iterations must be in 1..={max_steps}, got {}", max_steps + 1),
    });
    let max_time = minip::request::head_search::MAX_TIME_LIMIT;
    rows.push(Row {
        limit: "head search (gradient): time limit",
        consts: &[],
        printed: &["--time-limit <= 604800 s"],
        inside: args(&format!("head search --m 1 --rank 1 --restarts 1 --time-limit {max_time}")),
        expect_inside: works(0, "certified: rank 1", 10),
        inside_mem: GIB,
        outside: args(&format!("head search --m 1 --rank 1 --time-limit {}", max_time + 1.0)),
        refusal: format!("--time-limit (seconds) must be in 0..={max_time}, got {}", max_time + 1.0),
    });
    let max_gradient = minip::request::head_search::MAX_GRADIENT_WORK;
    assert_eq!(max_gradient, 1 << 42, "the printed limit says 2^42");
    // m = 8, rank 8: 4^8 x 16 = 2^20 per step, so 2^42 is 2^22 steps (4 restarts of 10^6 + 600).
    rows.push(Row {
        limit: "head search (gradient): the whole search",
        consts: &[],
        printed: &["restarts x (iterations + 600) x 4^m x (rank + m) <= 2^42"],
        inside: args("head search --m 8 --rank 8 --restarts 4 --iterations 1000000"),
        expect_inside: Inside::Accepted { secs: 3 },
        inside_mem: GIB,
        outside: args("head search --m 8 --rank 8 --restarts 5 --iterations 1000000"),
        refusal: format!(
            "the search (restarts x (iterations + 600) x 4^m x (rank + m)) = {} is above the supported {max_gradient}",
            (5u128 * 1_000_600) << 20
        ),
    });
    rows.push(Row {
        limit: "head search (lp): steps",
        consts: &[],
        printed: &["--method lp: --iterations <= 10000"],
        inside: args(&format!(
            "head search --method lp --m 1 --rank 1 --restarts {max_effort} --iterations {max_effort}"
        )),
        expect_inside: works(0, "certified: rank 1", 10),
        inside_mem: GIB,
        outside: args(&format!("head search --method lp --m 1 --rank 1 --iterations {}", max_effort + 1)),
        refusal: format!("--iterations must be in 1..={max_effort}, got {}", max_effort + 1),
    });
    let (max_step, max_search) =
        (minip::request::head_search::MAX_STEP_CELLS, minip::request::head_search::MAX_HEAD_SEARCH_WORK);
    assert_eq!((max_step, max_search), (1 << 26, 1 << 30), "the printed limits say 2^26 and 2^30");
    let step_rank = (max_step >> 24) as u64;
    rows.push(Row {
        limit: "head search (lp): one step",
        consts: &[],
        printed: &["rank x 8^m <= 2^26 per step"],
        inside: args(&format!(
            "head search --method lp --m 8 --rank {} --restarts 1 --iterations 1",
            step_rank
        )),
        expect_inside: Inside::Accepted { secs: 3 },
        inside_mem: GIB,
        outside: args(&format!(
            "head search --method lp --m 8 --rank {} --restarts 1 --iterations 1",
            step_rank + 1
        )),
        refusal: format!(
            "one step (rank x 8^m, m = 8, rank {}) = {} is above the supported {max_step}",
            step_rank + 1,
            (step_rank + 1) << 24
        ),
    });
    rows.push(Row {
        limit: "head search (lp): the whole search",
        consts: &[],
        printed: &["x restarts x iterations <= 2^30"],
        // m = 8, rank 1: 2^24 per step, so 2^30 is 64 steps (8 restarts of 8).
        inside: args("head search --method lp --m 8 --rank 1 --restarts 8 --iterations 8"),
        expect_inside: Inside::Accepted { secs: 3 },
        inside_mem: GIB,
        outside: args("head search --method lp --m 8 --rank 1 --restarts 8 --iterations 9"),
        refusal: format!(
            "the search (restarts x iterations x rank x 8^m) = {} is above the supported {max_search}",
            72u128 << 24
        ),
    });

    rows.push(Row {
        limit: "readout: multisets checked exhaustively",
        consts: &["MAX_READOUT_MULTISETS"],
        printed: &["readout <= 1048576 multisets of n - 1 keys (each decoded); 3 <= n <= 5"],
        inside: args("readout --m 10 --n 3 --json"),
        expect_inside: works(0, "\"multisets\":\"524800\"", 30),
        inside_mem: GIB,
        outside: args("readout --m 11 --n 3"),
        refusal: format!(
            "m = 11, n = 3: 2098176 multisets of n - 1 keys is above the supported {}",
            minip_check::check::readout::MAX_READOUT_MULTISETS
        ),
    });
    rows.push(Row {
        limit: "readout: sequence length",
        consts: &["MAX_READOUT_N"],
        printed: &["3 <= n <= 5"],
        inside: args("readout --m 3 --n 5 --json"),
        expect_inside: works(0, "\"verdict\":\"certified\"", 30),
        inside_mem: GIB,
        outside: args("readout --m 3 --n 6"),
        refusal: "--n: n = 6 is out of range (3..=5)".into(),
    });
    // Half the checker's clause database (minip_check::check::drup::MAX_DRAT_CLAUSES).
    let budget = minip::request::readout_precision::MAX_PRECISION_BUDGET;
    rows.push(Row {
        limit: "readout --precision: SAT budget",
        consts: &[],
        printed: Box::leak(Box::new([&*Box::leak(
            format!("--precision: m <= 4, --budget <= {budget} clauses/V (1 min/10^6)").into_boxed_str(),
        )])),
        inside: args(&format!("readout --precision --m 1 --n 3 --budget {budget} --json")),
        expect_inside: works(0, "\"kind\":\"readout.precision\"", 30),
        inside_mem: GIB,
        outside: args(&format!("readout --precision --m 1 --n 3 --budget {}", budget + 1)),
        refusal: format!("--budget = {} is above the supported {budget}", budget + 1),
    });
    rows.push(Row {
        limit: "readout --multilevel: token bits",
        consts: &[],
        printed: &["--multilevel: (q + 1)s <= 64,"],
        inside: args("readout --multilevel --q 1 --s 32 --json"),
        expect_inside: works(0, "\"m\":64", 10),
        inside_mem: GIB,
        outside: args("readout --multilevel --q 1 --s 33"),
        refusal: "q = 1, s = 33: m = (q + 1)s = 66 is above the supported 64".into(),
    });
    rows.push(Row {
        limit: "readout --multilevel: sequences",
        consts: &[],
        printed: &["(s + 1)^q <= 262144"],
        inside: args("readout --multilevel --q 18 --s 1 --json"),
        expect_inside: works(0, "\"distinct\":262144", 30),
        inside_mem: GIB,
        outside: args("readout --multilevel --q 19 --s 1"),
        refusal: "q = 19, s = 1: (s + 1)^q = 524288 is above the supported 262144".into(),
    });
    rows.push(Row {
        limit: "rank --linear: sequence length",
        consts: &[],
        printed: &["3 <= n <= 1024, eps = 1/2"],
        inside: args(&format!("rank --linear --m 8 --n {MAX_N} --no-explicit --json")),
        expect_inside: works(0, "\"verdict\":\"certified\"", 30),
        inside_mem: GIB,
        outside: args(&format!("rank --linear --m 8 --n {} --no-explicit", MAX_N + 1)),
        refusal: format!("n = {} is out of range (3..={MAX_N})", MAX_N + 1),
    });

    let rounds_16 = minip::request::weighted::MAX_ROUNDS_WORK >> 16;
    rows.push(Row {
        limit: "rank --two: m",
        consts: &[],
        printed: &["m <= 6, 3 <= n <= 8"],
        // m = 6: refuted (1.5 s CPU on the project's VM), the largest m the checker rebuilds.
        inside: args("rank --two --m 6 --json"),
        expect_inside: works(0, "\"verdict\":\"certified\"", 30),
        inside_mem: GIB,
        outside: args("rank --two --m 7"),
        refusal: "--m 7: expected 1..=6 with --two".into(),
    });
    rows.push(Row {
        limit: "rank --weighted: the search",
        consts: &[],
        printed: Box::leak(Box::new([&*Box::leak(
            format!("--rounds x 2^m <= {}", minip::request::weighted::MAX_ROUNDS_WORK).into_boxed_str(),
        )])),
        inside: args(&format!("rank --weighted --m 16 --rounds {} --json", rounds_16)),
        expect_inside: Inside::Accepted { secs: 3 },
        inside_mem: GIB,
        outside: args(&format!("rank --weighted --m 16 --rounds {}", rounds_16 + 1)),
        refusal: format!(
            "the search (--rounds x 2^m, m = 16) = {} is above the supported {}",
            (rounds_16 + 1) << 16,
            minip::request::weighted::MAX_ROUNDS_WORK
        ),
    });
    rows.push(Row {
        limit: "rank --weighted: start words",
        consts: &[],
        printed: Box::leak(Box::new([&*Box::leak(
            format!("<= {} words", minip::request::weighted::MAX_START_WORDS).into_boxed_str(),
        )])),
        inside: vec![
            "rank".into(),
            "--weighted".into(),
            "--m".into(),
            "24".into(),
            "--from".into(),
            weighted_start(dir, minip::request::weighted::MAX_START_WORDS),
            "--rounds".into(),
            "0".into(),
        ],
        expect_inside: Inside::Accepted { secs: 3 },
        inside_mem: GIB,
        outside: vec![
            "rank".into(),
            "--weighted".into(),
            "--m".into(),
            "24".into(),
            "--from".into(),
            weighted_start(dir, minip::request::weighted::MAX_START_WORDS + 1),
            "--rounds".into(),
            "0".into(),
        ],
        refusal: format!(
            "start words = {} is above the supported {}",
            minip::request::weighted::MAX_START_WORDS + 1,
            minip::request::weighted::MAX_START_WORDS
        ),
    });
    rows.push(Row {
        limit: "rank --weighted: restarts",
        consts: &[],
        printed: &["--rounds <= 100000"],
        inside: args(&format!(
            "rank --weighted --m 4 --rounds {} --json",
            minip::request::weighted::MAX_ROUNDS
        )),
        expect_inside: works(0, "\"kind\":\"rank.weighted\"", 30),
        inside_mem: GIB,
        outside: args(&format!(
            "rank --weighted --m 4 --rounds {}",
            minip::request::weighted::MAX_ROUNDS + 1
        )),
        refusal: format!("--rounds = {} is above the supported", minip::request::weighted::MAX_ROUNDS + 1),
    });

    // ---- explicit heads: the work counted from the maps, at its finest step, the digits of
    // softmax's base 10^d at m = 4 (numbers of about 4·3.3·d bits).
    let head_budget = minip::heads::work::MAX_HEAD_WORK;
    let head_work = |d: u64| {
        let base = num_traits::pow(minip_check::rational::qi(10), d as usize);
        let spec = minip::heads::builtin("softmax", Some(&base), 3).unwrap().unwrap();
        let s = minip::heads::work::sizes(&spec, 4);
        let q = minip::heads::work::queries(4, true, true);
        minip::heads::work::tables(&s)
            + minip::heads::work::walk(&s, q, 1, 3, &minip_check::rational::q(1, 2))
    };
    let d_head = last_true(1, 9999, |d| head_work(d) <= head_budget);
    let head_printed: &'static str =
        Box::leak(format!("head, transition <= {head_budget} units of work").into_boxed_str());
    rows.push(Row {
        limit: "head: work of the tables and the walk",
        consts: &[],
        printed: Box::leak(Box::new([head_printed])),
        inside: args(&format!("head verify softmax --m 4 --len 3 --base 1{}", "0".repeat(d_head as usize))),
        expect_inside: works(0, "verdict     correct", 60),
        inside_mem: GIB,
        outside: args(&format!("head verify softmax --m 4 --len 3 --base 1{}", "0".repeat(d_head as usize + 1))),
        refusal: format!(
            "units of work (table entries and sequence classes, weighted by the size of their numbers), above the supported {head_budget}"
        ),
    });
    // JSON values of a head file: instances/heads/rank1-m2.json with a comment of zeros (one
    // value, and one comma, each) up to the limit, and one more.
    let max_values = minip::heads::file::MAX_HEAD_VALUES;
    let rank1 = std::fs::read_to_string(root().join("instances/heads/rank1-m2.json")).unwrap();
    let with_comment = |zeros: u64| {
        let mut v: Value = serde_json::from_str(&rank1).unwrap();
        v["comment"] = Value::Array(vec![0.into(); if big { zeros as usize } else { 1 }]);
        v.to_string()
    };
    let pad = max_values + 1 - minip::heads::file::count_values(&with_comment(1));
    let values_printed: &'static str =
        Box::leak(format!("head files <= {max_values} JSON values (before parsing),").into_boxed_str());
    rows.push(Row {
        limit: "head: JSON values of a head file",
        consts: &[],
        printed: Box::leak(Box::new([values_printed])),
        inside: vec!["head".into(), "verify".into(), write(dir, "values-in.json", &with_comment(pad)), "--len".into(), "2".into()],
        expect_inside: works(0, "verdict     correct", 30),
        inside_mem: GIB,
        outside: vec!["head".into(), "verify".into(), write(dir, "values-out.json", &with_comment(pad + 1)), "--len".into(), "2".into()],
        refusal: format!(
            "too large: {} JSON values (table entries, keys, lists), above the supported {max_values} of a head file",
            max_values + 1
        ),
    });
    // Vector entries of a head's maps over {0,1}^10: phi_q k unit vectors side by side, phi_k
    // one unit and k − 1 scaled by 0 (α is the identity), v and w the bits: 2^10 × (k + 21).
    let units = |k: u64| {
        let zero = "{\"rule\":\"unit\",\"scale\":\"0\"}";
        format!(
            "{{\"format\":\"minip-head/1\",\"m\":10,\"phi_q\":{{\"concat\":[{}]}},\"phi_k\":{{\"concat\":[\"unit\",{}]}},\"v\":\"bits\",\"w\":\"bits\",\"beta\":\"zero\"}}",
            vec!["\"unit\""; k as usize].join(","),
            vec![zero; k as usize - 1].join(",")
        )
    };
    let k_in = max_values / 1024 - 21;
    assert_eq!(1024 * (k_in + 21), max_values, "the limit is a multiple of 2^10");
    rows.push(Row {
        limit: "head: vector entries of the maps",
        consts: &[],
        printed: Box::leak(Box::new([&*Box::leak(
            format!("<= {max_values} map entries").into_boxed_str(),
        )])),
        inside: vec!["head".into(), "verify".into(), write(dir, "vectors-in.json", &units(k_in)), "--len".into(), "1".into()],
        expect_inside: works(0, "verdict     correct", 60),
        inside_mem: GIB,
        outside: vec!["head".into(), "verify".into(), write(dir, "vectors-out.json", &units(k_in + 1)), "--len".into(), "1".into()],
        refusal: format!(
            "too large: the maps give {} vector entries over {{0,1}}^10 (2^10 tokens × nonzero entries each), above the supported {max_values}",
            1024 * (k_in + 22)
        ),
    });

    // ---- files
    let gap = load("gap_holds.json").to_string();
    let pad = |bytes: u64| format!("{gap}{}", " ".repeat(bytes as usize - gap.len()));
    let verify = |p: String| vec!["verify".to_string(), p];
    rows.push(Row {
        limit: "bytes of an input file",
        consts: &["MAX_INPUT_BYTES"],
        printed: &["input files <= 64 MiB (certificates, grids, head files)"],
        inside: verify(write(dir, "bytes-in.json", &pad(MAX_INPUT_BYTES))),
        expect_inside: works(0, "ok        ", 30),
        inside_mem: GIB,
        outside: verify(write(dir, "bytes-out.json", &pad(MAX_INPUT_BYTES + 1))),
        refusal: format!("too large: {} bytes, the limit is {MAX_INPUT_BYTES}", MAX_INPUT_BYTES + 1),
    });
    // m = 4's formula is refuted by unit propagation alone, so a proof of deletions `d 2 0` of a
    // clause it does not hold (3 bytes; additions would pass the clause database's limit below)
    // and one binary addition `a 2 4 0` checks; exactly MAX_PROOF_BYTES of it.
    let steps = if big { (MAX_PROOF_BYTES - 4) / 3 } else { 0 };
    assert!(!big || steps * 3 + 4 == MAX_PROOF_BYTES, "the padding below needs 2^28 = 3q + 1");
    let mut proof: Vec<u8> = [b'd', 2, 0].iter().copied().cycle().take(steps as usize * 3).collect();
    proof.extend([b'a', 2, 4, 0]);
    let m04 = load("m04.json");
    let proof_in = rank_dir(dir, "proof-in", &m04, Some(&proof));
    proof.push(0);
    let proof_out = rank_dir(dir, "proof-out", &m04, Some(&proof));
    drop(proof);
    rows.push(Row {
        limit: "bytes of a proof file",
        consts: &["MAX_PROOF_BYTES"],
        printed: &["proof files <= 256 MiB"],
        inside: verify(proof_in),
        expect_inside: works(0, "no code of 3 pairs", 60),
        inside_mem: GIB,
        outside: verify(proof_out),
        refusal: format!("too large to check: {} bytes, the limit is {MAX_PROOF_BYTES}", MAX_PROOF_BYTES + 1),
    });

    // ---- the checker's work
    let d0 = longest_number(&load("gap_holds.json"));
    rows.push(Row {
        limit: "digits of a number",
        consts: &["MAX_RATIONAL_DIGITS"],
        printed: &["numbers <= 10000 digits each"],
        inside: verify(write(dir, "digits-in.json", &scaled_gap(MAX_RATIONAL_DIGITS - d0).to_string())),
        expect_inside: works(0, "holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)", 30),
        inside_mem: GIB,
        outside: verify(write(dir, "digits-out.json", &scaled_gap(MAX_RATIONAL_DIGITS - d0 + 1).to_string())),
        refusal: format!("the limit is {MAX_RATIONAL_DIGITS}"),
    });
    let k_max = (MAX_CODE_PAIRS as f64).sqrt() as usize;
    assert_eq!((k_max * k_max) as u128, MAX_CODE_PAIRS);
    let code_k = |k: usize| {
        let mut v = load("m04.json");
        v["code"]["x"] = Value::Array(vec!["1100".into(); k]);
        v["code"]["y"] = Value::Array(vec!["0011".into(); k]);
        v.as_object_mut().unwrap().remove("maximal");
        v.to_string()
    };
    rows.push(Row {
        limit: "pairs of an explicit rank code",
        consts: &["MAX_CODE_PAIRS"],
        printed: &["explicit rank codes <= 67108864 pairs (k <= 8192)"],
        // Read and compared; the repeated pair is then rejected as a code (exit 1).
        inside: verify(write(dir, "pairs-in.json", &code_k(k_max))),
        expect_inside: works(1, "code: ", 30),
        inside_mem: GIB,
        outside: verify(write(dir, "pairs-out.json", &code_k(k_max + 1))),
        refusal: format!("too large to check: a code of {} pairs", k_max + 1),
    });
    let bits = |m: u32| {
        let mut v = load("m04.json");
        let pad = |w: &str| format!("{w}{}", "0".repeat(m as usize - 4));
        v["params"]["m"] = m.into();
        v["code"]["x"] = json!([pad("1100"), pad("0011")]);
        v["code"]["y"] = json!([pad("0011"), pad("1100")]);
        v.as_object_mut().unwrap().remove("maximal");
        v.to_string()
    };
    rows.push(Row {
        limit: "bits of a code word",
        consts: &["MAX_CODE_M"],
        printed: &[],
        inside: verify(write(dir, "bits-in.json", &bits(MAX_CODE_M))),
        expect_inside: works(0, "ok        ", 30),
        inside_mem: GIB,
        outside: verify(write(dir, "bits-out.json", &bits(MAX_CODE_M + 1))),
        refusal: format!(
            "m = {} is above the supported {MAX_CODE_M} (code words are 64-bit masks)",
            MAX_CODE_M + 1
        ),
    });
    let shape = minip_check::model::code::Shape::new(4, 2, 0, 2).unwrap();
    let k_cnf =
        last_true(3, 100_000, |k| minip_check::rows::cnf::estimate(shape, k as usize) <= MAX_CNF_LITERALS);
    let refuting = |k: u64| {
        let mut v = m04.clone();
        v["maximal"]["refuted"] = k.into();
        v
    };
    let drat = std::fs::read(fixture("m04.maximal.drat")).unwrap();
    rows.push(Row {
        limit: "literals of a rebuilt CNF",
        consts: &["MAX_CNF_LITERALS"],
        printed: &["checker: rank proof CNF <= 5000000 literals"],
        // `minip-check --dimacs` rebuilds the formula a maximality proof of `refuted` pairs must
        // refute (about 0.4 GB at the limit) from the stated parameters alone; `verify` first
        // asks the code to have refuted − 1 pairs, which no m = 4 code near the limit has.
        inside: vec![
            "minip-check".into(),
            "--dimacs".into(),
            rank_dir(dir, "cnf-in", &refuting(k_cnf), Some(&drat)),
        ],
        expect_inside: works(0, "p cnf ", 60),
        inside_mem: GIB,
        outside: vec![
            "minip-check".into(),
            "--dimacs".into(),
            rank_dir(dir, "cnf-out", &refuting(k_cnf + 1), Some(&drat)),
        ],
        refusal: format!("too large: the CNF for {} pairs", k_cnf + 1),
    });
    // The DRAT clause database: the formula's clauses and the proof's additions are counted
    // before the check (when unit propagation alone does not refute the formula: it does at
    // m = 4 and 6). The committed m = 7 proof with unit additions `a 2 0` appended after its
    // empty clause up to exactly MAX_DRAT_CLAUSES checks; one more addition is refused before
    // any step. The checks running at once share MAX_PROOF_MEMORY (a check that does not fit
    // waits for the others: no refusal).
    let m07_proof = std::fs::read("proofs/rank/m07.maximal.drat").unwrap();
    let m07_dir = |name: &str, pad: u64| -> String {
        let d = dir.join(name);
        std::fs::create_dir_all(&d).unwrap();
        let mut proof = m07_proof.clone();
        proof.extend([b'a', 2, 0].iter().copied().cycle().take(pad as usize * 3));
        std::fs::write(d.join("m07.maximal.drat"), proof).unwrap();
        std::fs::copy("proofs/rank/m07.json", d.join("m07.json")).unwrap();
        d.join("m07.json").display().to_string()
    };
    // The clauses the database starts with (the formula's, as the checker holds them) and the
    // committed proof's additions, as the checker counts them: read off its refusal of the proof
    // padded by MAX_DRAT_CLAUSES additions.
    let max_clauses = minip_check::check::drup::MAX_DRAT_CLAUSES as u64;
    let probe = std::process::Command::new(env!("CARGO_BIN_EXE_minip"))
        .args(["verify", &m07_dir("drat-probe", max_clauses)])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&probe.stdout).to_string();
    let number_before = |word: &str| -> u64 {
        let at = said.find(word).unwrap_or_else(|| panic!("'{word}' not in {said}"));
        said[..at].split_whitespace().last().unwrap().parse().unwrap()
    };
    let (start, adds) = (number_before(" clauses and the proof's"), number_before(" additions are more"));
    let pad_in = max_clauses - start - (adds - max_clauses);
    rows.push(Row {
        limit: "clauses of the DRAT clause database",
        consts: &["MAX_PROOF_MEMORY"],
        printed: &[
            "DRAT checks at once <= 600 MiB",
            "DRAT clause database <= 2500000 clauses, 15000000 literals",
        ],
        inside: verify(m07_dir("drat-in", pad_in)),
        expect_inside: works(0, "rank >= ", 60),
        inside_mem: GIB,
        outside: verify(m07_dir("drat-out", pad_in + 1)),
        refusal: "clauses the checker holds".into(),
    });
    // Head work: a minip-multihead/1 certificate of 64 heads (the committed two, scaled, and 62
    // of value 0), every kernel row scaled by 10^d (the outputs do not change).
    let md: Value =
        serde_json::from_str(&std::fs::read_to_string("proofs/multihead/domination/n3_d3.json").unwrap())
            .unwrap();
    let heads_cert = |d: usize, count: usize| -> Value {
        let scale = |x: &Value| {
            let t = x.as_str().unwrap();
            let (p, q) = t.split_once('/').unwrap_or((t, "1"));
            json!(if p == "0" { "0".to_string() } else { format!("{p}{}/{q}", "0".repeat(d)) })
        };
        let mut v = md.clone();
        let mut heads: Vec<Value> = v["heads"].as_array().unwrap().clone();
        while heads.len() < count {
            heads.push(json!({"alpha": ["1", "0", "1"], "s": ["0", "0", "0"]}));
        }
        for h in &mut heads {
            h["alpha"] = Value::Array(h["alpha"].as_array().unwrap().iter().map(scale).collect());
        }
        v["heads"] = Value::Array(heads);
        v
    };
    let paper_work = |d: u64| {
        let c: minip_check::format::multihead::MultiheadCertificate =
            serde_json::from_value(heads_cert(d as usize, 64)).unwrap();
        minip_check::check::multihead::paper_work(&c) <= MAX_HEAD_WORK
    };
    let d_head = last_true(0, (MAX_RATIONAL_DIGITS - 10) as u64, paper_work) as usize;
    rows.push(Row {
        limit: "units of work of a head certificate",
        consts: &["MAX_HEAD_WORK"],
        printed: &["head certificates <= 3000000000 units of work"],
        inside: verify(write(dir, "heads-in.json", &heads_cert(d_head, 64).to_string())),
        expect_inside: works(0, "escapes (multihead heads=64", 60),
        inside_mem: GIB,
        outside: verify(write(dir, "heads-out.json", &heads_cert(d_head + 1, 64).to_string())),
        refusal: "units of work".into(),
    });
    rows.push(Row {
        limit: "heads of a multihead certificate",
        consts: &[],
        printed: &["heads, multihead certificates <= 64"],
        inside: verify(write(dir, "count-in.json", &heads_cert(0, 64).to_string())),
        expect_inside: works(0, "escapes (multihead heads=64", 30),
        inside_mem: GIB,
        outside: verify(write(dir, "count-out.json", &heads_cert(0, 65).to_string())),
        refusal: "65 is above the supported 64".into(),
    });
    // Searched heads: m04.r2 with every number written over 10^d (its value kept).
    let sh: Value =
        serde_json::from_str(&std::fs::read_to_string("proofs/search/m04.r2.json").unwrap()).unwrap();
    let search_cert = |d: usize| -> Value {
        let mut v = sh.clone();
        let z = "0".repeat(d);
        for key in ["phi_q", "phi_k", "s"] {
            for row in v[key].as_array_mut().unwrap() {
                for x in row.as_array_mut().unwrap() {
                    let t = x.as_str().unwrap().to_string();
                    let (p, q) = t.split_once('/').unwrap_or((&t, "1"));
                    *x = json!(if p == "0" { "0".to_string() } else { format!("{p}{z}/{q}{z}") });
                }
            }
        }
        v
    };
    let search_ok = |d: u64| {
        let c: minip_check::format::search::SearchHead =
            serde_json::from_value(search_cert(d as usize)).unwrap();
        minip_check::check::search::search_work(&c) <= MAX_SEARCH_WORK
    };
    let d_search = last_true(0, (MAX_RATIONAL_DIGITS / 2 - 10) as u64, search_ok) as usize;
    rows.push(Row {
        limit: "units of work of a searched head",
        consts: &["MAX_SEARCH_WORK"],
        printed: &["searched heads <= 2000000000 units of work"],
        inside: verify(write(dir, "search-in.json", &search_cert(d_search).to_string())),
        expect_inside: works(0, "m=4", 60),
        inside_mem: GIB,
        outside: verify(write(dir, "search-out.json", &search_cert(d_search + 1).to_string())),
        refusal: "units of work".into(),
    });
    // Ratio work: the largest n at h = 1 within the budget (the checker then walks almost every
    // multiset and rejects the point, exit 1), and one more.
    let n_work = last_true(3, 1023, |n| ratio_work(&zero_ratio(n as u32, 1)) <= MAX_RATIO_WORK) as u32;
    rows.push(Row {
        limit: "units of work of a ratio certificate",
        consts: &["MAX_RATIO_WORK"],
        printed: &["ratio certificates <= 9000000 units of work"],
        inside: verify(write(dir, "work-in.json", &zero_ratio(n_work, 1).to_string())),
        expect_inside: works(1, "point: violates the lower row of multiset [1, 1", 60),
        inside_mem: GIB,
        outside: verify(write(dir, "work-out.json", &zero_ratio(n_work + 1, 1).to_string())),
        refusal: format!("units of work ({}", minip_check::rows::ratio::count(n_work as usize, 2)),
    });
    // Sequences enumerated: the work budget binds first on the inside (the row above); the
    // outside is a certificate with more sequences than MAX_CHECKED_MULTISETS.
    let n_seq =
        last_true(3, 1000, |n| minip_check::rows::ratio::count(n as usize - 1, 41) <= MAX_CHECKED_MULTISETS);
    rows.push(Row {
        limit: "sequences a ratio check enumerates",
        consts: &["MAX_CHECKED_MULTISETS"],
        printed: &["checker: enumerated multisets <= 20000000 per ratio certificate"],
        inside: verify(write(dir, "seq-in.json", &zero_ratio(n_work, 1).to_string())),
        expect_inside: Inside::AsRow("units of work of a ratio certificate"),
        inside_mem: GIB,
        outside: verify(write(dir, "seq-out.json", &zero_ratio(n_seq as u32 + 1, 40).to_string())),
        refusal: format!("sequences (n = {}, h = 40), the limit is {MAX_CHECKED_MULTISETS}", n_seq + 1),
    });
    rows
}

fn normalise(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `minip help limits`, from the table's first line to the examples.
fn printed_limits() -> String {
    let (_, out, _) = run(10, GIB, &args("help limits"));
    let start = out.find("Limits (checked").expect("the limits table");
    let end = out.find("Examples:").expect("the examples");
    normalise(&out[start..end])
}

/// A `minip-rank/2` file for `m = 24` whose code lists `k` words of weight 12 at pairwise
/// distance at least 4 (every entry of the weighted bound finite: `|x \ y| ≥ 2` both ways),
/// chosen greedily: the `--from` start support of `rank --weighted`; its path.
fn weighted_start(dir: &Path, k: usize) -> String {
    let mut c: Value =
        serde_json::from_str(&std::fs::read_to_string("proofs/rank/m24.json").unwrap()).unwrap();
    let mut words: Vec<u32> = Vec::with_capacity(k);
    for w in 0u32..1 << 24 {
        if words.len() == k {
            break;
        }
        if w.count_ones() == 12 && words.iter().all(|&x| (x ^ w).count_ones() >= 4) {
            words.push(w);
        }
    }
    assert_eq!(words.len(), k);
    c["code"]["x"] = Value::Array(words.iter().map(|w| json!(format!("{w:024b}"))).collect());
    let p = dir.join(format!("weighted-start-{k}.json"));
    std::fs::write(&p, serde_json::to_string(&c).unwrap()).unwrap();
    p.display().to_string()
}

#[test]
fn table_covers_every_limit() {
    let dir = std::env::temp_dir().join(format!("minip-limits-cover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rows = rows(&dir, false);
    let text = printed_limits();
    // Every `<=` of the printed table lies inside a row's text.
    let mut spans = Vec::new();
    for r in &rows {
        for p in r.printed {
            let p = normalise(p);
            let at =
                text.find(&p).unwrap_or_else(|| panic!("{}: '{p}' is not in `minip help limits`", r.limit));
            spans.push(at..at + p.len());
        }
    }
    let mut uncovered = Vec::new();
    for (i, _) in text.match_indices("<=") {
        if !spans.iter().any(|s| s.contains(&i)) {
            uncovered.push(text[i.saturating_sub(40)..(i + 20).min(text.len())].to_string());
        }
    }
    assert!(uncovered.is_empty(), "limits printed without a row in tests/limits_table.rs: {uncovered:#?}");
    // Every constant of limits.rs has a row.
    let source = include_str!("../crates/minip-check/src/limits.rs");
    for line in source.lines() {
        if let Some(rest) = line.strip_prefix("pub const ") {
            let name = rest.split(':').next().unwrap();
            if name == "TABLE" {
                continue;
            }
            assert!(
                rows.iter().any(|r| r.consts.contains(&name)),
                "limits.rs has {name} without a row in tests/limits_table.rs"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The inside run of `r`, checked against its expectation; `Err` describes a failure.
fn inside_run(r: &Row, rows: &[Row]) -> Result<(), String> {
    match &r.expect_inside {
        Inside::Works { code: want, needle, secs } => {
            let t = std::time::Instant::now();
            let (code, out, err) = run(*secs, r.inside_mem, &r.inside);
            eprintln!("inside {:<50} {:>6.2} s", r.limit, t.elapsed().as_secs_f64());
            if code != *want || !out.contains(needle.as_str()) || out.contains("too large") {
                let cut = |s: &str| s.chars().take(600).collect::<String>();
                return Err(format!(
                    "{} (inside {:?}): exit {code} (want {want}), stdout {:?}, stderr {:?}, want {needle:?}",
                    r.limit,
                    r.inside,
                    cut(&out),
                    cut(&err)
                ));
            }
        }
        Inside::AsRow(other) => {
            if !rows.iter().any(|o| o.limit == *other) {
                return Err(format!("{}: no row {other}", r.limit));
            }
        }
        Inside::Accepted { secs } => accepted(*secs, r.inside_mem, &r.inside)
            .map_err(|e| format!("{} (inside {:?}): {e}", r.limit, r.inside))?,
    }
    Ok(())
}

#[test]
fn every_limit_just_inside_works_and_just_outside_is_refused_at_once() {
    let dir = std::env::temp_dir().join(format!("minip-limits-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rows = rows(&dir, true);
    // Just outside: each refusal within `timeout 1`, one line, exit 2. Run first and one at a
    // time, so that no inside run shares the cores with them.
    let mut failures = Vec::new();
    for r in &rows {
        let (code, out, err) = run(1, GIB, &r.outside);
        let verify = r.outside[0] == "verify";
        let prefix = if r.outside[0] == "minip-check" { "minip-check: error: " } else { "minip: error: " };
        // `verify` reports each file on one stdout line and a count on stderr; the other
        // commands write the one-line error on stderr and nothing on stdout.
        let line = if verify { &out } else { &err };
        let ok = code == 2
            && line.trim_end().lines().count() == 1
            && line.contains(&r.refusal)
            && (verify || (err.starts_with(prefix) && out.is_empty()));
        if !ok {
            failures.push(format!(
                "{} (outside {:?}): exit {code}, stdout {out:?}, stderr {err:?}, want {:?}",
                r.limit, r.outside, r.refusal
            ));
        }
    }
    // Just inside: two at a time (the VM has 2 cores), each worker taking the next row.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let inside: Vec<String> = std::thread::scope(|s| {
        let worker = || {
            let mut f = Vec::new();
            while let Some(r) = rows.get(next.fetch_add(1, std::sync::atomic::Ordering::SeqCst)) {
                if let Err(e) = inside_run(r, &rows) {
                    f.push(e);
                }
            }
            f
        };
        let handles = [s.spawn(worker), s.spawn(worker)];
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    failures.extend(inside);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{} of {} rows:\n{}", failures.len(), rows.len(), failures.join("\n"));
}
