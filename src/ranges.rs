//! Ranges and lists of numbers as the command line and the grid files write them (`3..=6`,
//! `2..8`, `5`, `64,128,256`, `24..=256`) and shards (`i/N`). A leaf: the grid files
//! (`crate::batch::grid`) and the command line (`crate::cli`) both parse through it; it depends
//! on the checker's limits only.

use minip_check::limits;

/// Parses `a..=b`, `a..b` or a single number; at most `limits::MAX_RANGE_ITEMS` items,
/// counted before anything is allocated.
pub fn parse_range(s: &str) -> Result<Vec<u32>, String> {
    let num = |t: &str| t.trim().parse::<u32>().map_err(|_| format!("malformed range '{s}'"));
    let (a, b) = if let Some((a, b)) = s.split_once("..=") {
        (num(a)?, num(b)?.checked_add(1).ok_or_else(|| format!("malformed range '{s}'"))?)
    } else if let Some((a, b)) = s.split_once("..") {
        (num(a)?, num(b)?)
    } else {
        let v = num(s)?;
        return Ok(vec![v]);
    };
    let items = b.saturating_sub(a) as usize;
    limits::at_most("a range", items, limits::MAX_RANGE_ITEMS, "items on the command line")
        .map_err(|e| format!("{e}: '{s}'"))?;
    Ok((a..b).collect())
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

/// Parses `i/N`.
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (i, n) = s.split_once('/').ok_or_else(|| format!("malformed shard '{s}' (expected i/N)"))?;
    let i: usize = i.trim().parse().map_err(|_| format!("malformed shard '{s}'"))?;
    let n: usize = n.trim().parse().map_err(|_| format!("malformed shard '{s}'"))?;
    if n == 0 || i >= n {
        return Err(format!("shard '{s}': need 0 ≤ i < N"));
    }
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
        assert!(parse_shard("3/3").is_err() && parse_shard("1/0").is_err());
        assert_eq!(parse_shard("1/4").unwrap(), (1, 4));
    }
}
