//! Grid files: one TOML format for `sweep` and `sharp --grid` (`instances/*.toml`):
//! ```toml
//! n = "3..=6"                # a range, or a list: n = [3, 5]
//! eps = ["1/2", "1/3"]
//! h_max = 6                  # every (h, u, w) with 0 ≤ u < w ≤ h ≤ h_max
//! families = ["paper", "all"]
//! bounds = ["paper", "2"]    # the negated bound b ≤ K'·c (sweep; default ["paper"])
//! ```
//! Parsed and validated as a whole before anything runs; `sharp` ignores `bounds`
//! (`kstar` does not depend on one).

use minip_check::limits;
use minip_check::model::{Bound, Family, Gap, Instance};
#[cfg(feature = "cli")]
use minip_check::rational::parse_rational;
use minip_check::rational::Rat;
#[cfg(feature = "cli")]
use serde::Deserialize;

#[cfg(feature = "cli")]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GridFile {
    n: NSpec,
    eps: Vec<String>,
    h_max: u32,
    families: Vec<String>,
    #[serde(default)]
    bounds: Option<Vec<String>>,
}

#[cfg(feature = "cli")]
#[derive(Deserialize)]
#[serde(untagged)]
enum NSpec {
    List(Vec<u32>),
    Range(String),
}

/// A parsed grid.
#[derive(Clone, Debug)]
pub struct Grid {
    pub n: Vec<u32>,
    pub eps: Vec<Rat>,
    pub h_max: u32,
    pub families: Vec<Family>,
    pub bounds: Vec<Bound>,
    /// Whether the file gave `bounds` (sharp says it does not use them).
    pub bounds_given: bool,
}

/// The largest `h_max` of a grid: `(h_max + 1)³/6` configurations per `(n, ε, family)`.
pub const MAX_GRID_H: u32 = 64;

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

/// Parses and validates a grid file (TOML; the `cli` feature).
#[cfg(feature = "cli")]
pub fn parse_grid(text: &str) -> Result<Grid, String> {
    let g: GridFile = toml::from_str(text).map_err(|e| {
        // One line: toml's message may span several; say where it is.
        let line = e.span().map(|s| format!(" (line {})", text[..s.start.min(text.len())].matches('\n').count() + 1)).unwrap_or_default();
        minip_check::error::one_line(&format!("malformed grid: {}{line}", e.message().trim().replace('\n', "; ")))
    })?;
    let n = match g.n {
        NSpec::List(v) => v,
        NSpec::Range(s) => parse_range(&s)?,
    };
    let grid = Grid {
        n,
        eps: g.eps.iter().map(|e| parse_rational(e)).collect::<Result<_, _>>()?,
        h_max: g.h_max,
        families: g.families.iter().map(|f| Family::parse(f)).collect::<Result<_, _>>()?,
        bounds_given: g.bounds.is_some(),
        bounds: g.bounds.unwrap_or_else(|| vec!["paper".into()]).iter().map(|b| Bound::parse(b)).collect::<Result<_, _>>()?,
    };
    if grid.n.is_empty() || grid.eps.is_empty() || grid.families.is_empty() || grid.bounds.is_empty() || grid.h_max == 0 {
        return Err("malformed grid: n, eps, families, bounds must be non-empty and h_max ≥ 1".into());
    }
    if grid.h_max > MAX_GRID_H {
        return Err(format!("grid: h_max = {} is larger than the supported {MAX_GRID_H}", grid.h_max));
    }
    let h = grid.h_max as usize;
    let items = grid.n.len() * grid.eps.len() * grid.families.len() * grid.bounds.len() * (h * (h + 1) * (h + 2) / 6);
    limits::at_most("grid size", items, limits::MAX_GRID_ITEMS, "configurations of one grid").map_err(|e| format!("grid: {e}"))?;
    // Validate every combination once, up front, with a clear message.
    for &n in &grid.n {
        for e in &grid.eps {
            Instance::new(n, e.clone(), Gap::from_d(1)?, Family::Paper, Bound::Paper).map_err(|e| format!("grid: {e}"))?;
        }
    }
    Ok(grid)
}

impl Grid {
    /// The sweep's instances in a fixed order: n, ε, (h, u, w), family, bound.
    pub fn gap_instances(&self) -> Vec<Instance> {
        let mut v = Vec::new();
        for &n in &self.n {
            for eps in &self.eps {
                for gap in Gap::all_up_to(self.h_max) {
                    for &family in &self.families {
                        for bound in &self.bounds {
                            v.push(Instance { n, eps: eps.clone(), gap, family, bound: bound.clone() });
                        }
                    }
                }
            }
        }
        v
    }
    /// The sharp sweep's configurations in a fixed order: n, ε, family, (h, u, w) (one
    /// certificate file per `(n, ε, family)`).
    pub fn sharp_instances(&self) -> Vec<Instance> {
        let mut v = Vec::new();
        for &n in &self.n {
            for eps in &self.eps {
                for &family in &self.families {
                    for gap in Gap::all_up_to(self.h_max) {
                        v.push(Instance { n, eps: eps.clone(), gap, family, bound: Bound::Paper });
                    }
                }
            }
        }
        v
    }
}

/// Shard `i` of `N` (0-based): a contiguous block, so concatenating the outputs of
/// shards `0..N` in order gives exactly the unsharded output.
pub fn shard<T>(items: &[T], i: usize, count: usize) -> &[T] {
    let len = items.len();
    let start = len * i / count;
    let end = len * (i + 1) / count;
    &items[start..end]
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

#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::*;

    #[test]
    fn grid_expands_and_shards_concatenate() {
        let g = parse_grid("n = \"3..=4\"\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\nbounds = [\"paper\", \"2\"]\n").unwrap();
        let all = g.gap_instances();
        assert_eq!(all.len(), 2 * 4 * 2); // n × (h,u,w) with h ≤ 2 × bounds
        let joined: Vec<_> = (0..3).flat_map(|i| shard(&all, i, 3).to_vec()).collect();
        assert_eq!(joined, all);
        assert_eq!(g.sharp_instances().len(), 2 * 4);
        // The sharp grid (no bounds) is the same format.
        let s = parse_grid("n = [3]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"all\"]\n").unwrap();
        assert!(!s.bounds_given && s.bounds == vec![Bound::Paper]);
        assert!(parse_grid("n = \"2..=4\"\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\nbounds = [\"paper\"]\n").is_err());
        assert!(parse_grid("n = \"3\"\neps = [\"x\"]\nh_max = 2\nfamilies = [\"paper\"]\nbounds = [\"paper\"]\n").is_err());
        assert!(parse_shard("3/3").is_err() && parse_shard("1/0").is_err());
        assert_eq!(parse_shard("1/4").unwrap(), (1, 4));
    }
}
