//! Ranges and lists of numbers as the command line and the grid files write them (`3..=6`,
//! `2..8`, `5`, `64,128,256`, `24..=256`) and shards (`i/N`). A leaf: the grid files
//! (`crate::batch::grid`), the command line (`crate::cli`) and the requests all read numbers
//! through it; it depends on the checker only.

use crate::error::Error;
use minip_check::limits;

/// The numbers one option takes, as a front end gives them: the command line's text (`5`,
/// `3..=6`, `2..8`) or a list (the Python module's; a Python `range` arrives as text). Either
/// way they are counted before anything is allocated and refused with the same words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    Text(String),
    List(Vec<u32>),
}

impl Values {
    /// The values in order (a range ascending, a list as given): not empty, at most
    /// `limits::MAX_RANGE_ITEMS`. Errors name the option, `flag`.
    pub fn resolve(&self, flag: &str) -> Result<Vec<u32>, Error> {
        let values = match self {
            Values::Text(t) => range(t),
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

/// Parses `a..=b`, `a..b` or a single number; at most `limits::MAX_RANGE_ITEMS` items,
/// counted before anything is allocated. The end of a range is counted in `u64`, so
/// `4294967295..=4294967295` is the one value `u32::MAX` (refused by the caller's own limit).
pub fn parse_range(s: &str) -> Result<Vec<u32>, Error> {
    range(s)
}

fn range(s: &str) -> Result<Vec<u32>, Error> {
    let num = |t: &str| t.trim().parse::<u32>().map_err(|_| Error::Input(format!("malformed range '{s}'")));
    // `a..end` with `end` exclusive, widened: `b + 1` cannot wrap.
    let (a, end) = if let Some((a, b)) = s.split_once("..=") {
        (num(a)?, u64::from(num(b)?) + 1)
    } else if let Some((a, b)) = s.split_once("..") {
        (num(a)?, u64::from(num(b)?))
    } else {
        let v = num(s)?;
        return Ok(vec![v]);
    };
    count(end.saturating_sub(u64::from(a)))?;
    // Every value is in `a..end ⊆ a..=u32::MAX`.
    Ok((u64::from(a)..end).map(|v| v as u32).collect())
}

/// A comma list of values and ranges (`64,128,256`, `24..=256`, `3,5..=7`), sorted and
/// deduplicated.
pub fn parse_list(s: &str) -> Result<Vec<u32>, Error> {
    let mut v = Vec::new();
    for part in s.split(',') {
        v.extend(parse_range(part.trim())?);
    }
    v.sort_unstable();
    v.dedup();
    Ok(v)
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
        assert_eq!(parse_range("3..5").unwrap(), vec![3, 4]);
        assert_eq!(parse_range(" 7 ").unwrap(), vec![7]);
        assert_eq!(parse_range("3..x").unwrap_err(), Error::Input("malformed range '3..x'".into()));
        assert_eq!(parse_list("8,4..=5,4").unwrap(), vec![4, 5, 8]);
        assert!(parse_range("0..=4294967295").is_err());
        // The end of a range is widened: the last u32 is one value, not a malformed range.
        assert_eq!(parse_range("4294967295..=4294967295").unwrap(), vec![u32::MAX]);
        assert_eq!(parse_range("4294967290..4294967295").unwrap().len(), 5);
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
        assert_eq!(Values::Text("4..4".into()).resolve("--h"), Err(Error::Input("--h: empty range".into())));
        assert_eq!(Values::List(vec![]).resolve("--h"), Err(Error::Input("--h: empty range".into())));
        assert_eq!(Values::List(vec![5, 2]).resolve("--h"), Ok(vec![5, 2]));
        assert_eq!(Values::Text("2..5".into()).resolve("--h"), Ok(vec![2, 3, 4]));
        assert_eq!(
            Values::Text("2..x".into()).resolve("--m"),
            Err(Error::Input("--m: malformed range '2..x'".into()))
        );
    }
}
