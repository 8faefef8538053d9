//! The value dimension of a head (docs/math.md §10.11): the least `D` such that the value
//! table factors as `s(q,k) = <A(q), v(k)> + b(q)` with `A(q), v(k) ∈ R^D`. It equals
//! `rank [S; 1ᵀ] − 1`, the rank of the table with a row of ones appended, minus one
//! (Theorem 10.11), and the state a linear-attention head keeps is `r·(D + 1)` numbers.
//!
//! Two ways to the rank, both exact:
//! - an explicit table (searched heads, `m ≤ 8`): elimination modulo the prime
//!   `p = 2^61 − 1`, a lower bound on the rational rank; when it reaches `2^m` (the
//!   most `[S; 1ᵀ]` can have) the rank is settled, otherwise exact rational elimination;
//! - a class table (overlap-polynomial heads: `s` depends on the query weight, the key's
//!   class and nothing else): the table is a function of (query weight, key weight,
//!   overlap), so the Johnson-scheme formula of §10.4 applies to its transpose, level by
//!   level, the ones column joining level 0. Each level matrix is first ranked modulo `p`;
//!   a level below its full size is recomputed in exact rationals.
//!
//! Pure arithmetic: no rows, no solver.

use crate::model::kernel::{binom, binom_big, matrix_rank_within};
use crate::rational::Rat;
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The prime of the modular ranks, `2^61 − 1`.
pub const P: u64 = (1 << 61) - 1;

/// `a·b mod p` for `a, b < p`: `2^61 ≡ 1`, so the high and low 61 bits add.
fn mul(a: u64, b: u64) -> u64 {
    let t = a as u128 * b as u128;
    let r = (t as u64 & P) + (t >> 61) as u64;
    let r = (r & P) + (r >> 61);
    if r >= P {
        r - P
    } else {
        r
    }
}

fn add(a: u64, b: u64) -> u64 {
    (a + b) % P
}

fn sub(a: u64, b: u64) -> u64 {
    (a + P - b) % P
}

fn pow(mut a: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, a);
        }
        a = mul(a, a);
        e >>= 1;
    }
    r
}

fn inv(a: u64) -> u64 {
    pow(a, P - 2)
}

fn int_mod(x: &BigInt) -> u64 {
    let r = (x % BigInt::from(P)).to_i128().expect("a residue fits");
    (if r < 0 { r + P as i128 } else { r }) as u64
}

/// `x mod p`; `None` when `p` divides the denominator.
pub fn rat_mod(x: &Rat) -> Option<u64> {
    let d = int_mod(x.denom());
    (d != 0).then(|| mul(int_mod(x.numer()), inv(d)))
}

fn binom_mod(n: i64, k: i64) -> u64 {
    (binom(n, k).rem_euclid(P as i128)) as u64
}

/// The rank modulo `p` (Gaussian elimination over `F_p`).
pub fn rank_mod(mut a: Vec<Vec<u64>>) -> usize {
    let rows = a.len();
    let cols = a.first().map_or(0, Vec::len);
    let mut r = 0;
    for col in 0..cols {
        let Some(pv) = (r..rows).find(|&i| a[i][col] != 0) else { continue };
        a.swap(r, pv);
        let iv = inv(a[r][col]);
        let pivot: Vec<u64> = a[r].iter().map(|&v| mul(v, iv)).collect();
        for row in a.iter_mut().skip(r + 1) {
            let f = row[col];
            if f == 0 {
                continue;
            }
            for (v, &p) in row.iter_mut().zip(&pivot).skip(col) {
                if p != 0 {
                    *v = sub(*v, mul(f, p));
                }
            }
        }
        r += 1;
        if r == rows {
            break;
        }
    }
    r
}

/// The exact rank: modulo `p` first (a lower bound: a minor nonzero modulo `p` is nonzero),
/// settled when it reaches `top`, the most the matrix can have; otherwise rational
/// elimination within `budget` (`Err` with the work done when it runs out).
fn rank_exact(a: &[Vec<Rat>], top: usize, budget: &mut u128) -> Result<usize, u128> {
    let reduced: Option<Vec<Vec<u64>>> = a.iter().map(|row| row.iter().map(rat_mod).collect()).collect();
    if let Some(r) = reduced {
        if rank_mod(r) >= top {
            return Ok(top);
        }
    }
    matrix_rank_within(a.to_vec(), budget)
}

/// The residue of a rational written `a` or `a/b` with machine-size integers (`None` for any
/// other text, or when `p` divides `b`): the fast path of [`table_value_dim_text`].
pub fn text_mod(s: &str) -> Option<u64> {
    let (a, b) = match s.split_once('/') {
        Some((a, b)) => (a.parse::<i128>().ok()?, b.parse::<i128>().ok()?),
        None => (s.parse::<i128>().ok()?, 1),
    };
    let m = |x: i128| x.rem_euclid(P as i128) as u64;
    let d = m(b);
    (d != 0).then(|| mul(m(a), inv(d)))
}

/// The value dimension of an explicit table given as text (each entry already checked to be
/// a rational): modulo `p` straight from the text when every entry is a machine-size
/// fraction and the modular rank reaches `n` (then `D = n − 1`); otherwise `None`, and the
/// caller ranks the parsed table with [`table_value_dim`].
pub fn table_value_dim_text(s: &[Vec<String>]) -> Option<usize> {
    let n = s.first().map_or(0, Vec::len);
    let mut a: Vec<Vec<u64>> =
        s.iter().map(|row| row.iter().map(|x| text_mod(x)).collect()).collect::<Option<_>>()?;
    a.push(vec![1; n]);
    (rank_mod(a) >= n).then(|| n.saturating_sub(1))
}

/// The value dimension of an explicit table `s[q][k]` (`n × n`): `rank [S; 1ᵀ] − 1`.
pub fn table_value_dim(s: &[Vec<Rat>], budget: &mut u128) -> Result<usize, u128> {
    let n = s.first().map_or(0, Vec::len);
    let mut a: Vec<Vec<Rat>> = s.to_vec();
    a.push(vec![Rat::one(); n]);
    let top = n.min(a.len());
    Ok(rank_exact(&a, top, budget)?.saturating_sub(1))
}

/// A value table of an overlap-polynomial head: `values[h]` holds `s` of each key class
/// seen from a query of weight `h` (overlaps `0..h−1`, the query itself, then the strict
/// supersets when `h < m`), as in `minip-poly-head/1`.
pub struct ClassTable<'a> {
    pub m: u32,
    pub values: &'a [Vec<Rat>],
}

impl ClassTable<'_> {
    /// `s(x, z)` for `|x| = h`, `|z| = w`, `<x,z> = o`; `None` when no such pair exists.
    pub fn at(&self, h: u32, w: u32, o: u32) -> Option<&Rat> {
        if o > h.min(w) || h + w - o > self.m {
            return None;
        }
        let row = &self.values[h as usize];
        Some(if o < h {
            &row[o as usize]
        } else if w == h {
            &row[h as usize]
        } else {
            &row[h as usize + 1]
        })
    }
}

/// The value dimension of a class table and the ranks of its levels: `(D, levels)` with
/// `levels[j] = rank` of level `j` of `Sᵀ` (level 0 with the ones column), by
/// Theorem 10.11 and the formula of §10.4: `D = Σ_j (C(m,j) − C(m,j−1))·rank_j − 1`.
pub fn class_value_dim(t: &ClassTable, budget: &mut u128) -> Result<(BigInt, Vec<usize>), u128> {
    let m = t.m;
    // Residues of the values; `None` if p divides a denominator (then every level is exact).
    let residues: Option<Vec<Vec<u64>>> =
        t.values.iter().map(|row| row.iter().map(rat_mod).collect()).collect();
    let mut total = BigInt::zero();
    let mut ranks = Vec::new();
    let mut exact: Option<Vec<Vec<Vec<BigInt>>>> = None;
    let coeffs = residues.as_ref().map(|res| newton_mod(t, res));
    for j in 0..=m / 2 {
        let size = (m - 2 * j + 1) as usize;
        let top = size; // level 0 has one more column, but never more rank than rows.
        let modular = coeffs.as_ref().map(|c| {
            let mut a = level_mod(m, c, j);
            if j == 0 {
                a.iter_mut().for_each(|row| row.push(1));
            }
            rank_mod(a)
        });
        let rank = match modular {
            Some(r) if r >= top => top,
            _ => {
                let c = exact.get_or_insert_with(|| newton_exact(t));
                let mut a = level_exact(m, c, j);
                if j == 0 {
                    a.iter_mut().for_each(|row| row.push(BigInt::one()));
                }
                level_rank_exact(a, modular.unwrap_or(0), budget)?
            }
        };
        let dim = binom_big(m as i64, j as i64) - binom_big(m as i64, j as i64 - 1);
        total += dim * BigInt::from(rank);
        ranks.push(rank);
    }
    Ok((total - BigInt::one(), ranks))
}

/// The Newton (binomial-basis) coefficients of `o ↦ g(o)` on `0..=top`: `c_k = Δ^k g(0)`.
fn newton<T: Clone>(mut g: Vec<T>, sub: impl Fn(&T, &T) -> T) -> Vec<T> {
    let mut c = Vec::with_capacity(g.len());
    while let Some(first) = g.first() {
        c.push(first.clone());
        g = g.windows(2).map(|w| sub(&w[1], &w[0])).collect();
    }
    c
}

/// The Newton coefficients modulo `p` of `o ↦ s(query of weight w, key of weight h,
/// overlap o)` on `0..=min(h,w)` (zero where no pair has that overlap), indexed `[h][w]`.
fn newton_mod(t: &ClassTable, res: &[Vec<u64>]) -> Vec<Vec<Vec<u64>>> {
    let m = t.m;
    (0..=m)
        .map(|h| {
            (0..=m)
                .map(|w| {
                    let g: Vec<u64> = (0..=h.min(w))
                        .map(|o| match t.at(w, h, o) {
                            Some(_) => res[w as usize][class_index(w, h, o)],
                            None => 0,
                        })
                        .collect();
                    newton(g, |a, b| sub(*a, *b))
                })
                .collect()
        })
        .collect()
}

/// Level `j` of `Sᵀ` (rows: key weight `h`, columns: query weight `w`, both `j..=m−j`):
/// `M_j[h,w] = Σ_{k ≥ j} c_{h,w,k}·C(m−j−k, w−k)·C(h−j, k−j)`, `c_{h,w,k}` the Newton
/// coefficients of `o ↦ s(query of weight w, key of weight h, overlap o)`, modulo `p`.
fn level_mod(m: u32, c: &[Vec<Vec<u64>>], j: u32) -> Vec<Vec<u64>> {
    let (mi, ji) = (m as i64, j as i64);
    (j..=m - j)
        .map(|h| {
            (j..=m - j)
                .map(|w| {
                    let mut acc = 0;
                    for (k, &ck) in c[h as usize][w as usize].iter().enumerate().skip(j as usize) {
                        let k = k as i64;
                        if ck != 0 {
                            let f =
                                mul(binom_mod(mi - ji - k, w as i64 - k), binom_mod(h as i64 - ji, k - ji));
                            acc = add(acc, mul(ck, f));
                        }
                    }
                    acc
                })
                .collect()
        })
        .collect()
}

/// The Newton coefficients of every (key weight `h`, query weight `w`) pair in integers: the
/// values of query weight `w` over their least common denominator `L_w` (so column `w` of
/// every level is multiplied by `L_w`, a nonzero scaling that keeps the rank), differences
/// taken without a gcd. Indexed `[h][w]`.
fn newton_exact(t: &ClassTable) -> Vec<Vec<Vec<BigInt>>> {
    let m = t.m;
    let ints: Vec<Vec<BigInt>> = t.values.iter().map(|row| crate::rational::over_lcd(row).1).collect();
    (0..=m)
        .map(|h| {
            (0..=m)
                .map(|w| {
                    let g: Vec<BigInt> = (0..=h.min(w))
                        .map(|o| match t.at(w, h, o) {
                            Some(_) => ints[w as usize][class_index(w, h, o)].clone(),
                            None => BigInt::zero(),
                        })
                        .collect();
                    newton(g, |a, b| a - b)
                })
                .collect()
        })
        .collect()
}

/// Level `j` exactly from the integer Newton coefficients (column `w` scaled by `L_w`).
fn level_exact(m: u32, c: &[Vec<Vec<BigInt>>], j: u32) -> Vec<Vec<BigInt>> {
    let (mi, ji) = (m as i64, j as i64);
    (j..=m - j)
        .map(|h| {
            (j..=m - j)
                .map(|w| {
                    let mut acc = BigInt::zero();
                    for (k, ck) in c[h as usize][w as usize].iter().enumerate().skip(j as usize) {
                        let k = k as i64;
                        let f = binom(mi - ji - k, w as i64 - k) * binom(h as i64 - ji, k - ji);
                        if f != 0 && !ck.is_zero() {
                            acc += ck * BigInt::from(f);
                        }
                    }
                    acc
                })
                .collect()
        })
        .collect()
}

/// The rank of an exact level (level 0 with its ones column): the modular rank `r` is a
/// lower bound, and the number of nonzero rows, or of nonzero columns counted once per set of
/// proportional ones (a constant row of values makes its column a multiple of the ones
/// column), an upper bound; when they meet, that is the rank, otherwise rational elimination
/// within `budget`.
fn level_rank_exact(a: Vec<Vec<BigInt>>, modular: usize, budget: &mut u128) -> Result<usize, u128> {
    use num_integer::Integer;
    let rows = a.iter().filter(|r| r.iter().any(|v| !v.is_zero())).count();
    let width = a.first().map_or(0, Vec::len);
    let mut directions = std::collections::BTreeSet::new();
    for c in 0..width {
        let col: Vec<&BigInt> = a.iter().map(|r| &r[c]).collect();
        let Some(first) = col.iter().find(|v| !v.is_zero()) else { continue };
        // The primitive integer vector with a positive first nonzero entry: one per direction.
        let g = col.iter().fold(BigInt::zero(), |g, v| g.gcd(v));
        let g = if first.is_negative() { -g } else { g };
        directions.insert(col.iter().map(|v| *v / &g).collect::<Vec<BigInt>>());
    }
    let cols = directions.len();
    if modular >= rows.min(cols) {
        return Ok(modular);
    }
    matrix_rank_within(
        a.into_iter().map(|r| r.into_iter().map(Rat::from_integer).collect()).collect(),
        budget,
    )
}

/// The index in `values[h]` of the class of a key of weight `w` at overlap `o` (a valid pair).
fn class_index(h: u32, w: u32, o: u32) -> usize {
    if o < h {
        o as usize
    } else if w == h {
        h as usize
    } else {
        h as usize + 1
    }
}

/// The state a linear-attention head keeps: `Σ_k φ_K(k)·v(k)ᵀ` and `Σ_k φ_K(k)`, `r·(D + 1)`
/// numbers.
pub fn state_size(rank: &BigInt, value_dim: &BigInt) -> BigInt {
    rank * (value_dim + BigInt::one())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::kernel::matrix_rank;
    use crate::rational::{q, qi};

    /// The explicit `2^m × 2^m` table of a class table.
    fn explicit(t: &ClassTable) -> Vec<Vec<Rat>> {
        let n = 1u32 << t.m;
        (0..n)
            .map(|x| {
                (0..n)
                    .map(|z| t.at(x.count_ones(), z.count_ones(), (x & z).count_ones()).unwrap().clone())
                    .collect()
            })
            .collect()
    }

    /// A deterministic table of small rationals, one per class, or a polynomial in the overlap.
    fn values(m: u32, seed: u64, poly: Option<&dyn Fn(u32, u32) -> Rat>) -> Vec<Vec<Rat>> {
        let mut x = seed;
        (0..=m)
            .map(|h| {
                let classes = h + 1 + u32::from(h < m);
                (0..classes)
                    .map(|c| match poly {
                        Some(f) => f(h, c.min(h)),
                        None => {
                            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                            q(((x >> 33) % 7) as i64 - 3, ((x >> 40) % 3) as i64 + 1)
                        }
                    })
                    .collect()
            })
            .collect()
    }

    fn brute(s: &[Vec<Rat>]) -> usize {
        let mut a = s.to_vec();
        a.push(vec![Rat::one(); s.len()]);
        matrix_rank(a) - 1
    }

    #[test]
    fn the_class_formula_is_the_rank_of_the_explicit_table_with_ones() {
        let poly_a = |h: u32, o: u32| qi(h as i64) + q(o as i64, 2);
        let poly_b = |h: u32, o: u32| qi((o * o) as i64 - h as i64);
        let poly_c = |_: u32, o: u32| qi(3 - o as i64);
        let constant = |h: u32, _: u32| qi(h as i64 * 2 - 1);
        let fns: [Option<&dyn Fn(u32, u32) -> Rat>; 5] =
            [None, Some(&poly_a), Some(&poly_b), Some(&poly_c), Some(&constant)];
        for m in 1..=5u32 {
            for (i, f) in fns.iter().enumerate() {
                for seed in 0..(if f.is_none() { 3 } else { 1 }) {
                    let v = values(m, seed + 17 * m as u64, *f);
                    let t = ClassTable { m, values: &v };
                    let s = explicit(&t);
                    let expect = brute(&s);
                    let (d, _) = class_value_dim(&t, &mut u128::MAX.clone()).unwrap();
                    assert_eq!(d, BigInt::from(expect), "m = {m}, table {i}, seed {seed}");
                    // The explicit path agrees, and so does the rank of S minus its first column.
                    assert_eq!(table_value_dim(&s, &mut u128::MAX.clone()).unwrap(), expect);
                    let minus: Vec<Vec<Rat>> =
                        s.iter().map(|row| row.iter().map(|v| v - &row[0]).collect()).collect();
                    assert_eq!(matrix_rank(minus), expect, "m = {m}, table {i}: S − S e_0 1ᵀ");
                }
            }
        }
    }

    #[test]
    fn values_of_degree_one_in_the_overlap_have_dimension_m() {
        // s(x,z) = <x,z>: A(x) = x, v(z) = z, D = m (the identity's rank), whatever b does.
        for m in 1..=6u32 {
            let v: Vec<Vec<Rat>> = (0..=m)
                .map(|h| (0..h + 1 + u32::from(h < m)).map(|c| qi(c.min(h) as i64)).collect())
                .collect();
            let (d, _) = class_value_dim(&ClassTable { m, values: &v }, &mut u128::MAX.clone()).unwrap();
            assert_eq!(d, BigInt::from(m));
        }
        // Constant rows: b alone, D = 0.
        let v: Vec<Vec<Rat>> =
            (0..=3u32).map(|h| vec![qi(h as i64); (h + 1 + u32::from(h < 3)) as usize]).collect();
        let (d, _) = class_value_dim(&ClassTable { m: 3, values: &v }, &mut u128::MAX.clone()).unwrap();
        assert_eq!(d, BigInt::zero());
    }

    #[test]
    fn modular_residues_are_those_of_the_rationals() {
        assert_eq!(text_mod("-3/7"), rat_mod(&q(-3, 7)));
        assert_eq!(text_mod("12"), rat_mod(&qi(12)));
        assert_eq!(text_mod("0.5"), None);
        assert_eq!(mul(P - 1, P - 1), 1);
        assert_eq!(mul((1 << 60) + 5, 1 << 3), 44);
        assert_eq!(rat_mod(&q(1, 2)).map(|r| mul(r, 2)), Some(1));
        assert_eq!(rat_mod(&q(-3, 7)).map(|r| mul(r, 7)), Some(P - 3));
        assert_eq!(rat_mod(&Rat::new(BigInt::one(), BigInt::from(P))), None);
    }
}
