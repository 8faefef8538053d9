//! The least integer scheme of the readout's shape for tiny `m` (docs/math.md §13.7): uniform
//! attention, scalar integer values `v : {0,1}^m → [0, V]`, the decoder reading the sum
//! `S(M) = n·o − v(x)` exactly. Such a scheme is correct iff every two multisets of `n − 1` keys
//! with different target functions (§13.5) have different sums. The least `V` is found by a
//! backtracking search over the values token by token (a sum shared by two classes prunes the
//! branch); the checker accepts a stated least `V` when its values separate the classes and the
//! search for `V − 1` finds nothing within [`MAX_READOUT_SEARCH_NODES`].
//!
//! ```
//! use minip_check::check::readout_search::{least, separates};
//! // m = 2, n = 3: values 0, 1, 4, 6 for the tokens 00, 01, 10, 11; nothing below 6 works.
//! let (v, values) = least(2, 2).unwrap();
//! assert_eq!((v, values.clone()), (6, vec![0, 1, 4, 6]));
//! assert!(separates(2, 2, &values).is_ok());
//! ```

use crate::error::{Error, Res};
use std::collections::HashMap;

/// Nodes of the search (value choices tried) for one question: the whole upward search of the
/// producer, or the refutation of `V − 1` by the checker.
pub const MAX_READOUT_SEARCH_NODES: u64 = 1 << 20;
/// Token bits of the search (`2^m` tokens, every multiset classified by its target function).
pub const MAX_READOUT_SEARCH_M: u32 = 3;

/// Every multiset of `h` keys from `0..t`, as sorted tuples, in lexicographic order.
pub fn for_each_multiset(t: u64, h: usize, mut visit: impl FnMut(&[u64])) {
    let mut ks = vec![0u64; h];
    loop {
        visit(&ks);
        // The last position that can still grow; everything after it restarts from it.
        let Some(i) = (0..h).rev().find(|&i| ks[i] + 1 < t) else { return };
        ks[i] += 1;
        for j in i + 1..h {
            ks[j] = ks[i];
        }
    }
}

/// The multisets of `h` keys over `2^m` tokens, the class (target function) of each, and the
/// multisets grouped by their largest key (checked when that key gets its value).
struct Classes {
    tokens: usize,
    multisets: Vec<Vec<u64>>,
    class: Vec<usize>,
    by_last: Vec<Vec<usize>>,
}

fn classes(m: u32, h: u32) -> Res<Classes> {
    if m > MAX_READOUT_SEARCH_M {
        return Err(Error::TooLarge(format!(
            "m = {m}: the least scheme is searched for m <= {MAX_READOUT_SEARCH_M} only"
        )));
    }
    let t = 1u64 << m;
    let mut ids: HashMap<Vec<u8>, usize> = HashMap::new();
    let (mut multisets, mut class) = (Vec::new(), Vec::new());
    let mut by_last = vec![Vec::new(); t as usize];
    for_each_multiset(t, h as usize, |ks| {
        let f: Vec<u8> =
            (0..t).map(|x| ks.iter().map(|&k| (x & k).count_ones()).min().unwrap_or(0) as u8).collect();
        let next = ids.len();
        class.push(*ids.entry(f).or_insert(next));
        by_last[*ks.last().unwrap_or(&0) as usize].push(multisets.len());
        multisets.push(ks.to_vec());
    });
    Ok(Classes { tokens: t as usize, multisets, class, by_last })
}

struct Search<'a> {
    c: &'a Classes,
    vmax: u64,
    values: Vec<u64>,
    /// Per sum: the class that owns it and how many multisets have it.
    owner: Vec<usize>,
    count: Vec<u32>,
    nodes: u64,
    budget: u64,
}

impl Search<'_> {
    /// Values for tokens `i..` (some value 0 among all tokens); `Err` past the budget.
    fn go(&mut self, i: usize, zero: bool) -> Res<bool> {
        if i == self.c.tokens {
            return Ok(zero);
        }
        for x in 0..=self.vmax {
            self.nodes += 1;
            if self.nodes > self.budget {
                return Err(Error::TooLarge(format!(
                    "the search for values in [0, {}] visits more than {} nodes",
                    self.vmax, self.budget
                )));
            }
            self.values[i] = x;
            let mut added = Vec::new();
            let mut clash = false;
            for &mi in &self.c.by_last[i] {
                let s = self.c.multisets[mi].iter().map(|&k| self.values[k as usize]).sum::<u64>() as usize;
                if self.count[s] > 0 && self.owner[s] != self.c.class[mi] {
                    clash = true;
                    break;
                }
                self.owner[s] = self.c.class[mi];
                self.count[s] += 1;
                added.push(s);
            }
            if !clash && self.go(i + 1, zero || x == 0)? {
                return Ok(true);
            }
            for s in added {
                self.count[s] -= 1;
            }
        }
        Ok(false)
    }
}

/// Values in `[0, vmax]` that separate the classes (the first in the search's order), `None`
/// when there are none; `nodes` counts the choices tried, across calls, against the budget.
fn search(c: &Classes, h: u32, vmax: u64, nodes: &mut u64) -> Res<Option<Vec<u64>>> {
    // The sums index tables of h·V + 1 entries: V within the node budget (every value of the
    // first token is a node), so they are small.
    crate::limits::at_most("V", vmax, MAX_READOUT_SEARCH_NODES, "the search tries every value")?;
    let sums = (u64::from(h) * vmax + 1) as usize;
    let mut s = Search {
        c,
        vmax,
        values: vec![0; c.tokens],
        owner: vec![usize::MAX; sums],
        count: vec![0; sums],
        nodes: *nodes,
        budget: MAX_READOUT_SEARCH_NODES,
    };
    let found = s.go(0, false)?;
    *nodes = s.nodes;
    Ok(found.then_some(s.values))
}

/// The least `V` for which values in `[0, V]` separate the classes of `h` keys in `m` bits, with
/// the values found; `TooLarge` when the search passes its budget first.
pub fn least(m: u32, h: u32) -> Res<(u64, Vec<u64>)> {
    let c = classes(m, h)?;
    let mut nodes = 0;
    for vmax in 0.. {
        if let Some(v) = search(&c, h, vmax, &mut nodes)? {
            return Ok((vmax, v));
        }
    }
    unreachable!("the search ends with values or past its budget")
}

/// `Ok` when the values (one per token) give different sums to every two multisets of `h`
/// keys with different target functions; else the colliding pair, rejected.
pub fn separates(m: u32, h: u32, values: &[u64]) -> Res<()> {
    let c = classes(m, h)?;
    if values.len() != c.tokens {
        return Err(Error::Rejected(format!("{} values for {} tokens", values.len(), c.tokens)));
    }
    let mut owner: HashMap<u128, usize> = HashMap::new();
    for (mi, ks) in c.multisets.iter().enumerate() {
        // In u128: h ≤ 2^32 values below 2^64 cannot overflow it.
        let s: u128 = ks.iter().map(|&k| u128::from(values[k as usize])).sum();
        let first = *owner.entry(s).or_insert(mi);
        if c.class[first] != c.class[mi] {
            return Err(Error::Rejected(format!(
                "the keys {:?} and {:?} have different targets and the same sum {s}",
                c.multisets[first], ks
            )));
        }
    }
    Ok(())
}

/// `Ok` when no values in `[0, vmax − 1]` separate the classes (the search finds none within
/// its budget); `vmax = 0` has nothing below it.
pub fn refute_below(m: u32, h: u32, vmax: u64) -> Res<()> {
    if vmax == 0 {
        return Ok(());
    }
    let c = classes(m, h)?;
    match search(&c, h, vmax - 1, &mut 0)? {
        None => Ok(()),
        Some(v) => Err(Error::Rejected(format!("values {v:?} in [0, {}] already separate", vmax - 1))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_schemes_for_one_and_two_bits() {
        let got: Vec<(u32, u32, u64, Vec<u64>)> = [(1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (2, 4)]
            .iter()
            .map(|&(m, h)| {
                let (v, values) = least(m, h).unwrap();
                (m, h, v, values)
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (1, 2, 1, vec![0, 1]),
                (1, 3, 1, vec![0, 1]),
                (1, 4, 1, vec![0, 1]),
                (2, 2, 6, vec![0, 1, 4, 6]),
                (2, 3, 11, vec![0, 1, 7, 11]),
                (2, 4, 15, vec![0, 1, 11, 15]),
            ]
        );
        assert!(refute_below(2, 2, 6).is_ok());
        assert_eq!(
            refute_below(2, 2, 7).unwrap_err(),
            Error::Rejected("values [0, 1, 4, 6] in [0, 6] already separate".into())
        );
        // {00, 11} and {01, 10} both sum to 5; at the query 11 their targets are 0 and 1.
        assert!(matches!(separates(2, 2, &[0, 1, 4, 5]), Err(Error::Rejected(_))));
        // m = 3 passes the budget before it finds the least V.
        assert!(matches!(least(3, 2), Err(Error::TooLarge(_))));
        assert!(matches!(least(4, 2), Err(Error::TooLarge(_))));
    }
}

#[cfg(test)]
mod range_tests {
    use super::*;

    #[test]
    fn values_and_bounds_past_the_search_are_refused_before_any_table() {
        // Sums of values near 2^64 are formed in u128: 2^65 − 2, 2^64 − 1 and 0, all distinct.
        assert!(separates(1, 2, &[u64::MAX, 0]).is_ok());
        // A stated V past the node budget is refused before the h·V + 1 entries are allocated.
        assert_eq!(
            refute_below(1, 2, u64::MAX).unwrap_err(),
            Error::TooLarge(format!(
                "V = {} is above the supported 1048576 (the search tries every value)",
                u64::MAX - 1
            ))
        );
    }
}
