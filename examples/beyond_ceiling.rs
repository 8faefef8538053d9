//! Beyond the code ceiling at n = 3 (docs/frontier.md): the two arguments, run exactly.
//!
//!     cargo run --release --example beyond_ceiling [-- --out proofs/beyond-ceiling]
//!
//! Prints (1) the corner of the row LP for h = 2..=32 (exact: one point with every class but
//! the query's own at its forced ratio), (2) the Hadamard-power table for m = 12..=64 (odd m:
//! codes without disjoint words) and p = 1..=4 (exact values, the code searched per p), and writes the
//! certificate of every `(m, p > 1)` whose bound beats `p = 1` when `--out DIR` is given.

use minip::certify::beyond_ceiling::{corner, hadamard, hadamard_certificate, joint_float};
use minip::certify::rank_linear::Library;
use minip::certify::ratio::closed_form_ratio;
use minip_check::rational::{to_f64, Rat};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = args.iter().position(|a| a == "--out").and_then(|i| args.get(i + 1)).cloned();
    if let Err(e) = run(out.as_deref()) {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn run(out: Option<&str>) -> Result<(), minip::Error> {
    println!("(1) corner of the n = 3 row LP (A_0 = 1, A_1 = 1, A_h = 0, every other class at 1/R):");
    let ok: Vec<u32> = (2..=32).filter(|&h| matches!(corner(h), Ok(Some(_)))).collect();
    println!("    exact point found and checked for h in {:?} ({} of 31)", (ok.first(), ok.last()), ok.len());
    // The joint LP at golay24's row profile (a float hint: the corner says what it must be).
    let h = 12;
    let half = Rat::new(1.into(), 2.into());
    let r = |o: u32| to_f64(&closed_form_ratio(3, &half, h, o).expect("ratio"));
    let mut w = vec![0.0; h as usize + 2];
    for (o, n) in [(4u32, 495.0), (6, 1584.0), (8, 495.0), (12, 1.0)] {
        w[o as usize] = n / r(o);
    }
    let ent: f64 = (0..w.len()).filter(|&c| w[c] > 0.0).map(|c| w[c] / r(c as u32)).sum();
    println!("    golay24 row: entrywise sum {ent:.6}, joint LP max (HiGHS hint) {:.6}", joint_float(h, &w)?);
    println!("(2) Hadamard powers (n = 3, eps = 1/2, rank(M^p) <= C(r+p-1, p)):");
    println!("    m  | p=1 (code bound) | joint ceiling | p=2 | p=3 | p=4 | best code for p=2");
    let lib = Library::new();
    for m in 12..=64 {
        let rows: Vec<_> = match (1..=4).map(|p| hadamard(&lib, m, p)).collect::<Result<_, _>>() {
            Ok(rows) => rows,
            // Odd m: no code of the library without disjoint words (or none at all).
            Err(e) => {
                println!("    {m} | - ({e})");
                continue;
            }
        };
        // The most a per-row argument monotone in the entries can give with the p = 1 code
        // (the corner: every class but the query's own at its ratio at once).
        let joint = rows[0].joint.as_ref().map_or("-".to_string(), |v| format!("{:.4}", to_f64(v)));
        println!(
            "    {m} | {} (value {:.4}) | {joint} | {} | {} | {} | {}",
            rows[0].bound,
            to_f64(&rows[0].value),
            rows[1].bound,
            rows[2].bound,
            rows[3].bound,
            rows[1].code
        );
        for row in &rows[1..] {
            if row.bound > rows[0].bound {
                if let Some(dir) = out {
                    let cert = hadamard_certificate(&lib, m, row.p)?.into_cert();
                    let path = format!("{dir}/n3_m{m:03}_p{}.json", row.p);
                    std::fs::create_dir_all(dir).map_err(|e| minip::Error::Io(format!("{dir}: {e}")))?;
                    let text = serde_json::to_string_pretty(&cert)
                        .map_err(|e| minip::Error::Input(e.to_string()))?
                        + "\n";
                    std::fs::write(&path, text).map_err(|e| minip::Error::Io(format!("{path}: {e}")))?;
                    println!("    wrote {path} (rank >= {})", cert.bound);
                }
            }
        }
    }
    Ok(())
}
