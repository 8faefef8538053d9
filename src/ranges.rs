//! Ranges and lists of numbers as the command line and the grid files write them, one grammar
//! for every option that takes several values (`5`, `3..=6`, `64,128,256`, `4,8..=12`; `2..8`
//! is refused with both inclusive spellings), and shards (`i/N`). A leaf: the grid files
//! (`crate::batch::grid`), the command line (`crate::cli`) and the requests all read numbers
//! through it; it depends on the checker only.

use crate::error::Error;
use minip_check::limits;

/// The numbers one option takes, as a front end gives them: the command line's text (`5`,
/// `3..=6`, `4,8..=12`) or a list (the Python module's; a Python `range` arrives as text). Either
/// way they are counted before anything is allocated and refused with the same words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    Text(String),
    List(Vec<u32>),
}

impl Values {
    /// The values in order (text sorted, each once; a list as given): not empty, at most
    /// `limits::MAX_RANGE_ITEMS`. Errors name the option, `flag`.
    pub fn resolve(&self, flag: &str) -> Result<Vec<u32>, Error> {
        let values = match self {
            Values::Text(t) => parse_range(t),
            Values::List(v) => count(v.len() as u64).map(|()| v.clone()),
        }
        .map_err(|e| e.at(flag))?;
        if values.is_empty() {
            return Err(Error::Input(format!("{flag}: empty range")));
        }
        Ok(values)
    }
}

/// At most `limits::MAX_RANGE_ITEMS` values in one range or list.
fn count(items: u64) -> Result<(), Error> {
    Ok(limits::at_most("values", items, limits::MAX_RANGE_ITEMS as u64, "in one range or list")?)
}

/// The forms every option that takes several values accepts, as its errors and `--help` name
/// them.
pub const FORMS: &str = "N, A..=B (both ends included), or a comma list of them such as 4,8..=12";

/// Parses the one grammar of every option that takes several values: a number `N`, an
/// inclusive range `A..=B`, or a comma list of them (`4,8..=12`). The values come sorted, each
/// once; at most `limits::MAX_RANGE_ITEMS` of them, counted before anything is allocated (the
/// end of a range is counted in `u64`, so `4294967295..=4294967295` is the one value
/// `u32::MAX`, refused by the caller's own limit). `A..B` is refused: as a Rust range it would
/// leave `B` out, as `seq` or a shell's `{A..B}` it would take it, so it names both
/// spellings. `B < A` is an empty range (refused when nothing else is listed).
pub fn parse_range(s: &str) -> Result<Vec<u32>, Error> {
    let malformed = || Error::Input(format!("malformed range '{s}' (accepted: {FORMS})"));
    let num = |t: &str| t.trim().parse::<u32>().map_err(|_| malformed());
    let mut spans = Vec::new();
    let mut total = 0u64;
    for part in s.split(',') {
        // `a..end` with `end` exclusive, widened: `b + 1` cannot wrap.
        let (a, end) = if let Some((a, b)) = part.split_once("..=") {
            (num(a)?, u64::from(num(b)?) + 1)
        } else if let Some((a, b)) = part.split_once("..") {
            let (a, b) = (num(a)?, num(b)?);
            let below = if b > 0 { format!("{a}..={}", b - 1) } else { "nothing".into() };
            return Err(Error::Input(format!(
                "'{}': write {a}..={b} to include {b}, or {below} (a range is A..=B, both ends included; accepted: {FORMS})",
                part.trim()
            )));
        } else {
            let v = num(part)?;
            (v, u64::from(v) + 1)
        };
        total += end.saturating_sub(u64::from(a));
        count(total)?;
        spans.push((a, end));
    }
    // Every value is in some `a..end ⊆ a..=u32::MAX`.
    let mut v: Vec<u32> =
        spans.into_iter().flat_map(|(a, end)| (u64::from(a)..end).map(|v| v as u32)).collect();
    v.sort_unstable();
    v.dedup();
    if v.is_empty() {
        return Err(Error::Input("empty range".into()));
    }
    Ok(v)
}

/// The same grammar as [`parse_range`] (a list is a range's general form).
pub fn parse_list(s: &str) -> Result<Vec<u32>, Error> {
    parse_range(s)
}

/// Parses `i/N`, with `N` at most `limits::MAX_GRID_ITEMS` (a grid has no more configurations
/// than that, so a larger `N` only adds empty shards), so that the bounds of a shard,
/// `len·i/N`, are computed without overflow.
pub fn parse_shard(s: &str) -> Result<(usize, usize), Error> {
    let malformed = |why: &str| Error::Input(format!("malformed shard '{s}'{why}"));
    let (i, n) = s.split_once('/').ok_or_else(|| malformed(" (expected i/N)"))?;
    let i: usize = i.trim().parse().map_err(|_| malformed(""))?;
    let n: usize = n.trim().parse().map_err(|_| malformed(""))?;
    if n == 0 || i >= n {
        return Err(Error::Input(format!("shard '{s}': need 0 ≤ i < N")));
    }
    limits::at_most("N", n, limits::MAX_GRID_ITEMS, "shards: a grid has at most that many configurations")
        .map_err(|e| Error::from(e).at(&format!("shard '{s}'")))?;
    Ok((i, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_lists_and_shards() {
        assert_eq!(parse_range("3..=5").unwrap(), vec![3, 4, 5]);
        assert_eq!(parse_range(" 7 ").unwrap(), vec![7]);
        assert_eq!(
            parse_range("3..x").unwrap_err(),
            Error::Input(
                "malformed range '3..x' (accepted: N, A..=B (both ends included), or a comma list of them such as 4,8..=12)"
                    .into()
            )
        );
        assert_eq!(parse_list("8,4..=5,4").unwrap(), vec![4, 5, 8]);
        assert!(parse_range("0..=4294967295").is_err());
        // The end of a range is widened: the last u32 is one value, not a malformed range.
        assert_eq!(parse_range("4294967295..=4294967295").unwrap(), vec![u32::MAX]);
        assert_eq!(parse_range("4294967290..=4294967294").unwrap().len(), 5);
        assert_eq!(
            parse_range("0..=4294967295").unwrap_err(),
            Error::TooLarge("values = 4294967296 is above the supported 10000 (in one range or list)".into())
        );
        assert!(parse_shard("3/3").is_err() && parse_shard("1/0").is_err());
        assert_eq!(parse_shard("1/4").unwrap(), (1, 4));
        // N is bounded, so that len·(i + 1) cannot overflow in a shard's bounds.
        assert_eq!(parse_shard("999999/1000000").unwrap(), (999_999, 1_000_000));
        assert_eq!(
            parse_shard("0/1000001").unwrap_err(),
            Error::TooLarge("shard '0/1000001': N = 1000001 is above the supported 1000000 (shards: a grid has at most that many configurations)".into())
        );
        assert!(parse_shard("9223372036854775807/9223372036854775808").is_err());
    }

    #[test]
    fn a_range_and_a_list_are_refused_with_the_same_words() {
        let over = limits::MAX_RANGE_ITEMS as u32 + 1;
        let text = Values::Text(format!("1..={over}")).resolve("--d").unwrap_err();
        let list = Values::List(vec![3; over as usize]).resolve("--d").unwrap_err();
        assert_eq!(text, list);
        assert_eq!(
            text,
            Error::TooLarge("--d: values = 10001 is above the supported 10000 (in one range or list)".into())
        );
        assert_eq!(Values::Text("4..=3".into()).resolve("--h"), Err(Error::Input("--h: empty range".into())));
        assert_eq!(Values::List(vec![]).resolve("--h"), Err(Error::Input("--h: empty range".into())));
        assert_eq!(Values::List(vec![5, 2]).resolve("--h"), Ok(vec![5, 2]));
        assert_eq!(Values::Text("2..=4".into()).resolve("--h"), Ok(vec![2, 3, 4]));
        assert!(Values::Text("2..x".into())
            .resolve("--m")
            .unwrap_err()
            .to_string()
            .starts_with("--m: malformed range '2..x' (accepted: N, A..=B"));
    }

    /// One grammar: a number, an inclusive range, a comma list of them; `A..B` refused with
    /// both inclusive spellings; values sorted, each once; the whole list counted.
    #[test]
    fn one_grammar_for_every_option() {
        assert_eq!(parse_range("24,64,168").unwrap(), vec![24, 64, 168]);
        assert_eq!(parse_range("16, 4..=6,5").unwrap(), vec![4, 5, 6, 16]);
        assert_eq!(parse_range("5..=3,7").unwrap(), vec![7]);
        assert_eq!(parse_range("5..=3"), Err(Error::Input("empty range".into())));
        assert_eq!(
            Values::Text("4..24".into()).resolve("--m").unwrap_err().to_string(),
            "--m: '4..24': write 4..=24 to include 24, or 4..=23 (a range is A..=B, both ends included; accepted: N, A..=B (both ends included), or a comma list of them such as 4,8..=12)"
        );
        assert!(parse_range("8,0..0")
            .unwrap_err()
            .to_string()
            .starts_with("'0..0': write 0..=0 to include 0, or nothing"));
        for bad in ["", "4,", ",4", "4..", "..4", "4..=", "-1", "4;8", "4..=8..=9", "0x10"] {
            let e = parse_range(bad).unwrap_err();
            assert!(e.to_string().contains("(accepted: N, A..=B"), "{bad}: {e}");
        }
        // The list is counted as a whole, before anything is allocated.
        assert!(matches!(parse_range("1..=6000,10001..=16000"), Err(Error::TooLarge(_))));
        assert_eq!(parse_list("8,4..=5,4").unwrap(), vec![4, 5, 8]);
    }
}
