//! One head with its kernel fixed: the least degree of values in the overlap (docs/frontier.md).
//!
//!     cargo run --release --example value_degree -- proofs/frontier/mMM.per_weight.json … [--out DIR]
//!
//! For each committed per-weight head, at each query weight `h` the least `T` for which HiGHS
//! finds values of degree `≤ T` in the overlap with the kernel fixed (smaller `T` refuted only
//! in floats: a hint), those values made exact and the whole head checked by the checker crate
//! as a one-head `minip-multihead-heads/2` certificate (its value dimension recomputed), written
//! to `DIR/mMM.per_weight.vT.json` with `--out`.

use minip::certify::multihead::fixed_kernel_values;
use minip_check::format::poly::PolyHead;
use minip_check::model::kernel::Poly;
use minip_check::rational::parse_rational;

fn main() {
    let (mut files, mut out) = (Vec::new(), None);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--out" {
            out = args.next();
        } else {
            files.push(a);
        }
    }
    println!("m   rank    least T per weight h = 0..=m                     T  D (free: 2^m - 1)  state");
    for path in &files {
        if let Err(e) = run(path, out.as_deref()) {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    }
}

fn run(path: &str, out: Option<&str>) -> Result<(), minip::Error> {
    let text = std::fs::read_to_string(path).map_err(|e| minip::Error::Io(e.to_string()))?;
    let c: PolyHead = serde_json::from_str(&text).map_err(|e| minip::Error::Input(e.to_string()))?;
    let polys = c
        .polys
        .iter()
        .map(|p| {
            let c = p.c.iter().map(|x| parse_rational(x)).collect::<Result<Vec<_>, _>>()?;
            Ok(Poly { support: p.support.clone(), c })
        })
        .collect::<Result<Vec<_>, String>>()
        .map_err(minip::Error::Input)?;
    let found = fixed_kernel_values(c.params.m, &polys)?;
    let claim = found.upper.cert.claim();
    let t = found.least.iter().max().copied().unwrap_or(0);
    let least: Vec<String> = found.least.iter().map(|t| t.to_string()).collect();
    println!(
        "{:<3} {:<7} {:<48} {t}  {:<18} {}",
        c.params.m,
        claim.total_rank,
        least.join(""),
        claim.value_dims[0],
        claim.total_state
    );
    if let Some(dir) = out {
        let name = format!("{dir}/m{:02}.per_weight.v{t}.json", c.params.m);
        minip::print::write_file(
            std::path::Path::new(&name),
            &minip::print::json::by_lines(&found.upper.cert),
        )?;
    }
    Ok(())
}
