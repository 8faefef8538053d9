//! Boolean tokens as bit strings: parsing `--tokens x,y,z`, overlaps, and a
//! realization of any gap configuration by real vectors (MATH.md §2).

use super::Gap;

/// A token in `{0,1}^m`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token(pub Vec<bool>);

impl Token {
    pub fn parse(s: &str) -> Result<Token, String> {
        let s = s.trim();
        if s.is_empty() {
            return Err("empty bit string".into());
        }
        s.chars()
            .map(|c| match c {
                '0' => Ok(false),
                '1' => Ok(true),
                _ => Err(format!("malformed bit string '{s}': only 0 and 1 are allowed")),
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
    pub fn bits(&self) -> String {
        self.0.iter().map(|&b| if b { '1' } else { '0' }).collect()
    }
}

/// Reads `x,y,z` and returns the configuration their overlaps define.
pub fn gap_from_tokens(spec: &str) -> Result<(Gap, [Token; 3]), String> {
    let parts: Vec<&str> = spec.split(',').collect();
    if parts.len() != 3 {
        return Err(format!("--tokens needs three bit strings x,y,z, got {}", parts.len()));
    }
    let toks: Vec<Token> = parts.iter().map(|p| Token::parse(p)).collect::<Result<_, _>>()?;
    let m = toks[0].0.len();
    if toks.iter().any(|t| t.0.len() != m) {
        return Err("--tokens: x, y, z must have the same number of bits".into());
    }
    let (x, y, z) = (&toks[0], &toks[1], &toks[2]);
    let gap = Gap::new(x.weight(), x.overlap(y), x.overlap(z))
        .map_err(|e| format!("--tokens: {e} (u = <x,y>, w = <x,z>)"))?;
    Ok((gap, [toks[0].clone(), toks[1].clone(), toks[2].clone()]))
}

/// Vectors in `m = h` bits with `|x| = h`, `<x,y> = u`, `<x,z> = w`.
pub fn realize(gap: &Gap) -> [Token; 3] {
    let h = gap.h as usize;
    let ones = |k: usize| Token((0..h).map(|i| i < k).collect());
    [ones(h), ones(gap.u as usize), ones(gap.w as usize)]
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
    }

    #[test]
    fn realization_meets_the_configuration() {
        for g in Gap::all_up_to(5) {
            let [x, y, z] = realize(&g);
            assert_eq!((x.weight(), x.overlap(&y), x.overlap(&z)), (g.h, g.u, g.w));
        }
    }
}
