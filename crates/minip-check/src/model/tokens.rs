//! Boolean tokens (docs/math.md §1): the one token type and the one bit-string convention
//! (character `i` is coordinate `i`), parsing `--tokens x,y,z`, overlaps, and a realization
//! of any gap configuration by pairwise distinct vectors (docs/math.md §2).

use super::Gap;
use crate::error::{Error, Res};

/// A token in `{0,1}^m`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token(pub Vec<bool>);

impl Token {
    pub fn parse(s: &str) -> Res<Token> {
        let s = s.trim();
        if s.is_empty() {
            return Err(Error::Input("empty bit string".into()));
        }
        s.chars()
            .map(|c| match c {
                '0' => Ok(false),
                '1' => Ok(true),
                _ => Err(Error::Input(format!("malformed bit string '{s}': only 0 and 1 are allowed"))),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Token)
    }
    /// `|x|`, the number of ones.
    pub fn weight(&self) -> u32 {
        self.0.iter().filter(|&&b| b).count() as u32
    }
    /// `<x, z>`.
    pub fn overlap(&self, other: &Token) -> u32 {
        self.0.iter().zip(&other.0).filter(|(a, b)| **a && **b).count() as u32
    }
    /// `Ham(x, z)`, the number of coordinates where they differ (same length).
    pub fn distance(&self, other: &Token) -> u32 {
        self.0.iter().zip(&other.0).filter(|(a, b)| a != b).count() as u32
    }
    pub fn bits(&self) -> String {
        self.0.iter().map(|&b| if b { '1' } else { '0' }).collect()
    }
    /// The dimension `m`.
    pub fn m(&self) -> u32 {
        self.0.len() as u32
    }
    /// The token as a mask (coordinate `i` is bit `i`), when `m ≤ 64`.
    pub fn word(&self) -> Option<u64> {
        (self.0.len() <= 64)
            .then(|| self.0.iter().enumerate().fold(0u64, |w, (i, &b)| if b { w | 1 << i } else { w }))
    }
    /// The token of a mask in `m ≤ 64` bits.
    pub fn from_word(w: u64, m: u32) -> Token {
        Token((0..m).map(|i| w >> i & 1 == 1).collect())
    }
}

/// Reads `x,y,z` and returns the configuration their overlaps define.
pub fn gap_from_tokens(spec: &str) -> Res<(Gap, [Token; 3])> {
    let parts: Vec<&str> = spec.split(',').collect();
    if parts.len() != 3 {
        return Err(Error::Input(format!("--tokens needs three bit strings x,y,z, got {}", parts.len())));
    }
    let toks: Vec<Token> = parts.iter().map(|p| Token::parse(p)).collect::<Result<_, _>>()?;
    let m = toks[0].0.len();
    if toks.iter().any(|t| t.0.len() != m) {
        return Err(Error::Input("--tokens: x, y, z must have the same number of bits".into()));
    }
    let (x, y, z) = (&toks[0], &toks[1], &toks[2]);
    let gap = Gap::new(x.weight(), x.overlap(y), x.overlap(z))
        .map_err(|e| e.map_message(|m| format!("--tokens: {m} (u = <x,y>, w = <x,z>)")))?;
    let toks = [toks[0].clone(), toks[1].clone(), toks[2].clone()];
    distinct(&toks).map_err(|e| e.at("--tokens"))?;
    Ok((gap, toks))
}

/// `x, y, z` must be three different tokens: the gap LP gives each its own kernel
/// value and value, which is a kernel table on real tokens only if they differ. With
/// `u < w ≤ h`, `y` differs from both; `z = x` is the one way to fail (`w = h`), and
/// then `z` must be a strict superset of `x` (docs/math.md §2.1; the query is a class of its own, §4.1).
pub fn distinct(t: &[Token; 3]) -> Res<()> {
    for (i, j, a, b) in [(0, 1, "x", "y"), (0, 2, "x", "z"), (1, 2, "y", "z")] {
        if t[i] == t[j] {
            return Err(Error::Input(format!(
                "{a} and {b} are the same token {}; x, y, z must be pairwise distinct (when <x,z> = |x|, z must be a strict superset of x)",
                t[i].bits()
            )));
        }
    }
    Ok(())
}

/// Pairwise distinct vectors with `|x| = h`, `<x,y> = u`, `<x,z> = w`: in `m = h` bits
/// (`x = 1^h`, `y = 1^u 0…`, `z = 1^w 0…`) when `w < h`, and in `m = h + 1` bits when
/// `w = h`, where `z = 1^{h+1}` is the strict superset of `x = 1^h 0` (never `x` itself).
pub fn realize(gap: &Gap) -> [Token; 3] {
    let h = gap.h as usize;
    let m = if gap.w == gap.h { h + 1 } else { h };
    let ones = |k: usize| Token((0..m).map(|i| i < k).collect());
    let z = if gap.w == gap.h { ones(m) } else { ones(gap.w as usize) };
    [ones(h), ones(gap.u as usize), z]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_give_their_overlaps() {
        let (g, _) = gap_from_tokens("11110,10001,11100").unwrap();
        assert_eq!((g.h, g.u, g.w), (4, 1, 3));
        assert!(gap_from_tokens("111,11,1").is_err());
        assert!(gap_from_tokens("1a1,011,111").is_err());
        assert!(gap_from_tokens("111,111,011").is_err()); // u = 3 ≥ w = 2
                                                          // z = x is not a candidate: it is the query itself.
        let e = gap_from_tokens("110,000,110").unwrap_err();
        assert!(e.contains("x and z are the same token 110"), "{e}");
        let (g, t) = gap_from_tokens("110,000,111").unwrap();
        assert_eq!((g.h, g.u, g.w), (2, 0, 2));
        assert_eq!(t.map(|t| t.bits()), ["110".to_string(), "000".into(), "111".into()]);
    }

    #[test]
    fn realization_meets_the_configuration() {
        for g in Gap::all_up_to(5) {
            let t = realize(&g);
            let [x, y, z] = &t;
            assert_eq!((x.weight(), x.overlap(y), x.overlap(z)), (g.h, g.u, g.w));
            assert!(distinct(&t).is_ok(), "{g}");
            assert_eq!(x.0.len(), if g.w == g.h { g.h as usize + 1 } else { g.h as usize });
        }
        let [x, _, z] = realize(&Gap::from_d(2).unwrap());
        assert_eq!((x.bits(), z.bits()), ("110".to_string(), "111".to_string()));
    }
}
