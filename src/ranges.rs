//! Ranges and lists of numbers as the command line and the grid files write them (`3..=6`,
//! `2..8`, `5`, `64,128,256`, `24..=256`) and shards (`i/N`). A leaf: the grid files
//! (`crate::batch::grid`) and the command line (`crate::cli`) both parse through it; it depends
//! on the checker's limits only.

use minip_check::limits;

/// Parses `a..=b`, `a..b` or a single number; at most `limits::MAX_RANGE_ITEMS` items,
/// counted before anything is allocated. The end of a range is counted in `u64`, so
/// `4294967295..=4294967295` is the one value `u32::MAX` (refused by the caller's own limit).
pub fn parse_range(s: &str) -> Result<Vec<u32>, String> {
    let num = |t: &str| t.trim().parse::<u32>().map_err(|_| format!("malformed range '{s}'"));
    // `a..end` with `end` exclusive, widened: `b + 1` cannot wrap.
    let (a, end) = if let Some((a, b)) = s.split_once("..=") {
        (num(a)?, u64::from(num(b)?) + 1)
    } else if let Some((a, b)) = s.split_once("..") {
        (num(a)?, u64::from(num(b)?))
    } else {
        let v = num(s)?;
        return Ok(vec![v]);
    };
    let items = end.saturating_sub(u64::from(a));
    limits::at_most("a range", items, limits::MAX_RANGE_ITEMS as u64, "items on the command line")
        .map_err(|e| format!("{e}: '{s}'"))?;
    // Every value is in `a..end ⊆ a..=u32::MAX`.
    Ok((u64::from(a)..end).map(|v| v as u32).collect())
}

/// A comma list of values and ranges (`64,128,256`, `24..=256`, `3,5..=7`), sorted and
/// deduplicated.
pub fn parse_list(s: &str) -> Result<Vec<u32>, String> {
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
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (i, n) = s.split_once('/').ok_or_else(|| format!("malformed shard '{s}' (expected i/N)"))?;
    let i: usize = i.trim().parse().map_err(|_| format!("malformed shard '{s}'"))?;
    let n: usize = n.trim().parse().map_err(|_| format!("malformed shard '{s}'"))?;
    if n == 0 || i >= n {
        return Err(format!("shard '{s}': need 0 ≤ i < N"));
    }
    limits::at_most("N", n, limits::MAX_GRID_ITEMS, "shards: a grid has at most that many configurations")
        .map_err(|e| format!("shard '{s}': {e}"))?;
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
        assert_eq!(parse_range("3..x").unwrap_err(), "malformed range '3..x'");
        assert_eq!(parse_list("8,4..=5,4").unwrap(), vec![4, 5, 8]);
        assert!(parse_range("0..=4294967295").is_err());
        // The end of a range is widened: the last u32 is one value, not a malformed range.
        assert_eq!(parse_range("4294967295..=4294967295").unwrap(), vec![u32::MAX]);
        assert_eq!(parse_range("4294967290..4294967295").unwrap().len(), 5);
        assert_eq!(
            parse_range("0..=4294967295").unwrap_err(),
            "a range = 4294967296 is above the supported 10000 (items on the command line): '0..=4294967295'"
        );
        assert!(parse_shard("3/3").is_err() && parse_shard("1/0").is_err());
        assert_eq!(parse_shard("1/4").unwrap(), (1, 4));
        // N is bounded, so that len·(i + 1) cannot overflow in a shard's bounds.
        assert_eq!(parse_shard("999999/1000000").unwrap(), (999_999, 1_000_000));
        assert_eq!(
            parse_shard("0/1000001").unwrap_err(),
            "shard '0/1000001': N = 1000001 is above the supported 1000000 (shards: a grid has at most that many configurations)"
        );
        assert!(parse_shard("9223372036854775807/9223372036854775808").is_err());
    }
}
