//! Low-rank head search (docs/frontier.md, "Searched heads"; docs/math.md §14): alternating
//! LPs on `α = Φ Ψᵀ` with `rank` nonnegative columns, then an exact certificate.
//!
//!     cargo run --release --example search_heads -- --m 4 --rank 2 [--restarts 20] \
//!         [--iterations 100] [--seed 1] [--out proofs/search]
//!
//! Prints one line per restart (steps, objective first → last); on success rounds the hint,
//! checks it with `minip_check` and, with `--out DIR`, writes `DIR/mMM.rR.json`
//! (`minip-search-head/1`) and the same head as `DIR/mMM.rR.head` (`minip-head/1`, for
//! `minip head verify FILE --len 3`). A run is determined by its arguments. Exit 0 when a
//! head was certified, 1 when none was found, 2 on an error.

use minip::batch::search::{search, Config};
use minip::batch::search_exact::certify;
use minip_check::format::search::SearchRun;

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args.get(i + 1).and_then(|v| v.parse().ok()).ok_or(format!("{name}: expected a number")),
    }
}

fn main() {
    match run() {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}

fn run() -> Result<bool, String> {
    let args: Vec<String> = std::env::args().collect();
    let cfg = Config {
        m: arg(&args, "--m", 4)?,
        rank: arg(&args, "--rank", 2)?,
        restarts: arg(&args, "--restarts", 20)?,
        iterations: arg(&args, "--iterations", 100)?,
        seed: arg(&args, "--seed", 1)?,
    };
    let out = args.iter().position(|a| a == "--out").and_then(|i| args.get(i + 1)).cloned();
    println!(
        "search: m = {}, rank {}, {} restarts of at most {} steps, seed {}",
        cfg.m, cfg.rank, cfg.restarts, cfg.iterations, cfg.seed
    );
    let found = search(&cfg, |k, r| {
        let first = r.objective.first().copied().unwrap_or(f64::NAN);
        let last = r.objective.last().copied().unwrap_or(f64::NAN);
        let best = r.objective.iter().copied().fold(f64::INFINITY, f64::min);
        println!(
            "restart {k}: {} steps, objective {first:.3e} -> {last:.3e} (best {best:.3e}){}",
            r.objective.len(),
            if r.found { ", found" } else { "" }
        );
    })?;
    let Some(hint) = &found.hint else {
        println!("no head of rank {} found", cfg.rank);
        return Ok(false);
    };
    let run = SearchRun {
        seed: cfg.seed,
        restart: found.restarts.len() as u32 - 1,
        restarts: cfg.restarts,
        iterations: cfg.iterations,
    };
    let c = certify(cfg.m, hint, run)?;
    println!(
        "certified: rank {}, max error {}",
        c.claim().rank,
        minip_check::rational::fmt_q(&c.claim().max_error)
    );
    if let Some(dir) = out {
        let path = std::path::Path::new(&dir).join(format!("m{:02}.r{}.json", cfg.m, cfg.rank));
        minip::print::write_file(&path, &minip::print::json::by_lines(&c))?;
        let head = path.with_extension("head");
        minip::print::write_file(&head, &minip::heads::search::head_file(&c))?;
        println!("wrote {} and {}", path.display(), head.display());
    }
    Ok(true)
}
