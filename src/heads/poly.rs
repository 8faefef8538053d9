//! Overlap-polynomial heads as `minip-head/1` files (docs/heads.md, docs/math.md §10.5), so
//! that `minip head verify` can check them exhaustively for small `m`.
//!
//! The kernel matrix `A[x][z] = f_{|x|}(<x,z>)` over `{0,1}^m` is factored exactly at its
//! rank: pivot rows `I` and columns `J` from exact elimination, `φ_Q(x) = A[x,J]·A[I,J]^{-1}`,
//! `φ_K(z) = A[I,z]`, so `<φ_Q(x), φ_K(z)> = A[x][z]` with feature dimension `rank A`, which
//! must equal the rank the certificate states (the rank formula, recomputed independently).
//! Values: `v = e_k` (`unit`), `w(q) = (s(q,k))_k`, `β = 0`, with `s(q,k)` the certificate's
//! value of the class of `k` seen from `q`.

use super::bits;
use crate::error::Error;
use minip_check::check::Checked;
use minip_check::format::poly::PolyHead;
use minip_check::model::kernel::{Kernel, KernelClass, Poly};
use minip_check::rational::{fmt_q, parse_rational, Rat};
use num_traits::Zero;
use serde_json::{json, Map, Value};

/// Largest `m` written as a head file (the tables have `4^m` entries).
pub const MAX_HEAD_FILE_M: u32 = 8;

fn kernel_of(c: &PolyHead) -> Result<Kernel, Error> {
    let class = KernelClass::parse(&c.params.kernel)?;
    let polys = c
        .polys
        .iter()
        .map(|p| {
            Ok(Poly {
                support: p.support.clone(),
                c: p.c.iter().map(|x| parse_rational(x)).collect::<Result<_, _>>()?,
            })
        })
        .collect::<Result<_, Error>>()?;
    Ok(Kernel { m: c.params.m, class, polys })
}

/// The class of key `k` seen from query `q` (docs/math.md §10.2).
fn class_of(q: u32, k: u32) -> u32 {
    let h = q.count_ones();
    let o = (q & k).count_ones();
    if o < h {
        o
    } else if k == q {
        h
    } else {
        h + 1
    }
}

/// Pivot rows and columns of a rational matrix (exact elimination on a copy).
fn pivots(a: &[Vec<Rat>]) -> (Vec<usize>, Vec<usize>) {
    let mut m: Vec<Vec<Rat>> = a.to_vec();
    let (rows, cols) = (m.len(), m[0].len());
    let mut order: Vec<usize> = (0..rows).collect();
    let (mut pr, mut pc) = (Vec::new(), Vec::new());
    let mut r = 0;
    for col in 0..cols {
        let Some(p) = (r..rows).find(|&i| !m[i][col].is_zero()) else { continue };
        m.swap(r, p);
        order.swap(r, p);
        let inv = m[r][col].recip();
        let piv: Vec<Rat> = m[r].iter().map(|v| v * &inv).collect();
        for row in m.iter_mut().skip(r + 1) {
            if !row[col].is_zero() {
                let f = row[col].clone();
                for (v, p) in row.iter_mut().zip(&piv).skip(col) {
                    if !p.is_zero() {
                        *v -= &f * p;
                    }
                }
            }
        }
        pr.push(order[r]);
        pc.push(col);
        r += 1;
        if r == rows {
            break;
        }
    }
    (pr, pc)
}

fn table(m: u32, rows: &[Vec<Rat>]) -> Value {
    let mut t = Map::new();
    for (x, r) in rows.iter().enumerate() {
        t.insert(bits(m, x as u32), Value::Array(r.iter().map(|v| Value::String(fmt_q(v))).collect()));
    }
    json!({ "table": t })
}

/// The head file of a checked overlap-polynomial head with `m ≤ 8`; errors if the exact
/// rank of the kernel matrix differs from the certificate's.
pub fn head_file(cert: &Checked<PolyHead>) -> Result<String, Error> {
    let c = cert.cert();
    let m = c.params.m;
    if m > MAX_HEAD_FILE_M {
        return Err(Error::Input(format!("m = {m}: head files are written for m ≤ {MAX_HEAD_FILE_M}")));
    }
    let kernel = kernel_of(c)?;
    let n = 1u32 << m;
    let a: Vec<Vec<Rat>> = (0..n)
        .map(|x| {
            let p = kernel.poly(x.count_ones());
            (0..n).map(|z| p.eval((x & z).count_ones())).collect()
        })
        .collect();
    let (rows, cols) = pivots(&a);
    let rank = rows.len();
    if rank.to_string() != c.rank {
        return Err(Error::Input(format!(
            "the kernel matrix has rank {rank}, the certificate states {}",
            c.rank
        )));
    }
    let sub: Vec<Vec<Rat>> = rows.iter().map(|&i| cols.iter().map(|&j| a[i][j].clone()).collect()).collect();
    let b = crate::linalg::invert(sub).ok_or_else(|| Error::Input("singular pivot block".into()))?;
    let phi_q: Vec<Vec<Rat>> = a
        .iter()
        .map(|row| {
            (0..rank)
                .map(|t| cols.iter().enumerate().fold(Rat::zero(), |acc, (u, &j)| acc + &row[j] * &b[u][t]))
                .collect()
        })
        .collect();
    let phi_k: Vec<Vec<Rat>> =
        (0..n as usize).map(|z| rows.iter().map(|&i| a[i][z].clone()).collect()).collect();
    let values: Vec<Vec<Rat>> = c
        .values
        .iter()
        .map(|v| v.s.iter().map(|x| parse_rational(x)).collect::<Result<_, _>>())
        .collect::<Result<_, _>>()?;
    let w: Vec<Vec<Rat>> = (0..n)
        .map(|q| (0..n).map(|k| values[q.count_ones() as usize][class_of(q, k) as usize].clone()).collect())
        .collect();
    let signed = if c.params.signed { " signed" } else { "" };
    let v = json!({
        "format": super::file::FORMAT,
        "name": format!("overlap-polynomial head ({}{signed}, m = {m}, rank {rank})", c.params.kernel),
        "comment": "written by minip frontier from a checked minip-poly-head/1 certificate (docs/math.md §10): phi_q(x) = A[x,J] A[I,J]^-1, phi_k(z) = A[I,z] for the kernel matrix A; w(q) = s(q, .), v = unit, beta = 0",
        "m": m,
        "phi_q": table(m, &phi_q),
        "phi_k": table(m, &phi_k),
        "v": "unit",
        "w": table(m, &w),
        "beta": "zero",
    });
    Ok(serde_json::to_string(&v).expect("serializes") + "\n")
}
