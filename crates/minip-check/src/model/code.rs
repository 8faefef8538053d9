//! Codes for the rank bound (docs/math.md §5): pairs `(x_i, y_i)` in `m` bits with
//! `|x_i| = h`, `<x_i,y_i> = lo` and `<x_i,y_j> ≥ hi` for `i ≠ j`, the checks of that shape,
//! and the class of every off-diagonal entry as seen from the query `x_i`.
//!
//! Words are `u64` masks (bit `b` is character `b` of the bit string, as for every token,
//! `super::tokens::Token`). Plain bit arithmetic.

use super::tokens::Token;
use crate::error::{Error, Res};

/// The shape `(m, h, lo, hi)` of a code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    pub m: u32,
    pub h: u32,
    pub lo: u32,
    pub hi: u32,
}

/// The largest number of bits handled (words are `u64` masks).
pub use crate::limits::MAX_CODE_M as MAX_M;

impl Shape {
    pub fn new(m: u32, h: u32, lo: u32, hi: u32) -> Res<Shape> {
        if m == 0 {
            return Err(Error::Input(format!("m = {m} is out of range (1..={MAX_M})")));
        }
        crate::limits::at_most("m", m, MAX_M, "code words are 64-bit masks")?;
        if h == 0 || h > m {
            return Err(Error::Input(format!("h = {h} is out of range (1..=m = {m})")));
        }
        if lo >= hi || hi > h {
            return Err(Error::Input(format!("need lo < hi <= h, got lo = {lo}, hi = {hi}, h = {h}")));
        }
        Ok(Shape { m, h, lo, hi })
    }
    pub fn mask(&self) -> u64 {
        if self.m == 64 {
            u64::MAX
        } else {
            (1u64 << self.m) - 1
        }
    }
}

/// A code of a given shape. Bit `b` of a word is character `b` of its bit string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Code {
    pub shape: Shape,
    pub x: Vec<u64>,
    pub y: Vec<u64>,
}

pub fn overlap(a: u64, b: u64) -> u32 {
    (a & b).count_ones()
}

/// The class of key `y` as seen from a query `x` of weight `h`: `<x,y>` below `h`, `h` when
/// `y = x`, and `h + 1` (the strict supersets `h⁺`, docs/math.md §4.1) when `y ⊋ x`.
pub fn entry_class(h: u32, x: u64, y: u64) -> u32 {
    let o = overlap(x, y);
    if o == h && y != x {
        h + 1
    } else {
        o
    }
}

/// The bit string of a word (character `b` is bit `b`).
pub fn bits(w: u64, m: u32) -> String {
    Token::from_word(w, m).bits()
}

/// Reads a bit string of exactly `m ≤ 64` characters as a word.
pub fn parse_bits(s: &str, m: u32) -> Res<u64> {
    let t = Token::parse(s)?;
    if t.m() != m {
        return Err(Error::Input(format!("bit string '{s}' has {} bits, expected m = {m}", t.m())));
    }
    t.word().ok_or_else(|| Error::Input(format!("bit string '{s}': more than 64 bits")))
}

impl Code {
    pub fn len(&self) -> usize {
        self.x.len()
    }
    pub fn is_empty(&self) -> bool {
        self.x.is_empty()
    }
    /// Recomputes every weight and overlap against the shape; the error ([`Error::Rejected`]:
    /// the code is not of the shape it is said to have) names the pair.
    pub fn verify(&self) -> Res<()> {
        let s = &self.shape;
        if self.x.len() != self.y.len() {
            return Err(Error::Rejected(format!("{} x words but {} y words", self.x.len(), self.y.len())));
        }
        for (i, (&x, &y)) in self.x.iter().zip(&self.y).enumerate() {
            if x & !s.mask() != 0 || y & !s.mask() != 0 {
                return Err(Error::Rejected(format!("pair {i}: a word has bits beyond m = {}", s.m)));
            }
            if x.count_ones() != s.h {
                return Err(Error::Rejected(format!(
                    "pair {i}: |x| = {}, expected h = {}",
                    x.count_ones(),
                    s.h
                )));
            }
            if overlap(x, y) != s.lo {
                return Err(Error::Rejected(format!(
                    "pair {i}: <x_i,y_i> = {}, expected lo = {}",
                    overlap(x, y),
                    s.lo
                )));
            }
        }
        for (i, &x) in self.x.iter().enumerate() {
            for (j, &y) in self.y.iter().enumerate() {
                if i != j && overlap(x, y) < s.hi {
                    return Err(Error::Rejected(format!(
                        "pairs {i},{j}: <x_i,y_j> = {} < hi = {}",
                        overlap(x, y),
                        s.hi
                    )));
                }
            }
        }
        Ok(())
    }
    /// How often each class occurs off the diagonal, by class as seen from the query
    /// `x_i` (docs/math.md §5.3): the overlap `o = <x_i,y_j>` when `o < h`; when `o = h`, class `h`
    /// if `y_j = x_i` (the query's own token) and class `h + 1` (`h⁺`) if `y_j ⊋ x_i`.
    ///
    /// Counted in a dense array over the classes `0..=h + 1` (words have at most 64 bits),
    /// then returned as a map of the classes that occur.
    pub fn class_counts(&self) -> std::collections::BTreeMap<u32, u64> {
        let h = self.shape.h;
        let mut dense = vec![0u64; h as usize + 2];
        for (i, &x) in self.x.iter().enumerate() {
            for (j, &y) in self.y.iter().enumerate() {
                if i != j {
                    dense[entry_class(h, x, y) as usize] += 1;
                }
            }
        }
        dense.into_iter().enumerate().filter(|&(_, n)| n > 0).map(|(c, n)| (c as u32, n)).collect()
    }
    /// The off-diagonal overlaps `<x_i,y_j>` that occur, sorted.
    pub fn off_diagonal_overlaps(&self) -> Vec<u32> {
        let mut v: Vec<u32> = Vec::new();
        for (i, &x) in self.x.iter().enumerate() {
            for (j, &y) in self.y.iter().enumerate() {
                if i != j {
                    v.push(overlap(x, y));
                }
            }
        }
        v.sort_unstable();
        v.dedup();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_checked_and_its_classes_counted() {
        // m = 9, h = 3: three disjoint triples and their complements (weight 6 > h), so an
        // overlap of 3 = h means y_j ⊋ x_i: class h⁺ (index 4), never the query.
        let x = vec![0b000000111, 0b000111000, 0b111000000];
        let shape = Shape::new(9, 3, 0, 3).unwrap();
        let code = Code { shape, y: x.iter().map(|w| !w & shape.mask()).collect(), x };
        code.verify().unwrap();
        assert_eq!(code.class_counts().into_iter().collect::<Vec<_>>(), vec![(4, 6)]);
        assert_eq!(entry_class(3, 0b111, 0b111), 3);
        assert_eq!(entry_class(3, 0b111, 0b1111), 4);
        assert_eq!(entry_class(3, 0b111, 0b1011), 2);
        let mut bad = code.clone();
        bad.y[0] |= 1;
        assert!(bad.verify().unwrap_err().contains("pair 0"));
        assert_eq!(parse_bits(&bits(code.x[1], 9), 9).unwrap(), code.x[1]);
        assert!(parse_bits("1012", 4).is_err());
        assert!(parse_bits("101", 4).is_err());
    }
}
