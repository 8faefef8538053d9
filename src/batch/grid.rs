//! Grid files: one TOML format for `sweep` and `sharp --grid` (`instances/*.toml`):
//! ```toml
//! n = "3..=6"                # a range, or a list: n = [3, 5]
//! eps = ["1/2", "1/3"]
//! h_max = 6                  # every (h, u, w) with 0 ≤ u < w ≤ h ≤ h_max
//! families = ["paper", "all"]
//! bounds = ["paper", "2"]    # the negated bound b ≤ K'·c (sweep; default ["paper"])
//! # optional (docs/math.md §11), each a list, default the paper's model:
//! tasks = ["min-ip", "max-ip", "nearest"]
//! kernels = ["nonneg", "signed"]
//! positions = ["shared", "per-position", "causal-last"]
//! keys = ["all", "distinct"]
//! at = [0, 1, 2]             # key position of the bound (0: summed over positions)
//! d = "1..=8"                # instead of h_max: only the configurations (h, u, w) = (d, 0, d)
//! ```
//! Settings a configuration does not admit (e.g. `nearest` where `z` is not nearer than
//! `y`, or a key position with shared maps) are left out of the grid.
//! Parsed and validated as a whole before anything runs; `sharp` ignores `bounds`
//! (`kstar` does not depend on one).

use minip_check::model::{Bound, Family, Gap, Instance, Kernel, Keys, Positions, Setting, Task};
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
    #[serde(default)]
    h_max: u32,
    #[serde(default)]
    d: Option<String>,
    families: Vec<String>,
    #[serde(default)]
    bounds: Option<Vec<String>>,
    #[serde(default)]
    tasks: Option<Vec<String>>,
    #[serde(default)]
    kernels: Option<Vec<String>>,
    #[serde(default)]
    positions: Option<Vec<String>>,
    #[serde(default)]
    keys: Option<Vec<String>>,
    #[serde(default)]
    at: Option<Vec<u32>>,
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
    /// The settings (docs/math.md §11), outermost loop; `[default]` unless given.
    pub settings: Vec<Setting>,
    /// Gaps `d`: configurations `(d, 0, d)` instead of every one up to `h_max`.
    pub ds: Option<Vec<u32>>,
}

/// The largest `h_max` of a grid: `(h_max + 1)³/6` configurations per `(n, ε, family)`.
pub const MAX_GRID_H: u32 = 64;

/// Parses `a..=b`, `a..b` or a single number.
pub fn parse_range(s: &str) -> Result<Vec<u32>, String> {
    let num = |t: &str| t.trim().parse::<u32>().map_err(|_| format!("malformed range '{s}'"));
    if let Some((a, b)) = s.split_once("..=") {
        Ok((num(a)?..=num(b)?).collect())
    } else if let Some((a, b)) = s.split_once("..") {
        Ok((num(a)?..num(b)?).collect())
    } else {
        Ok(vec![num(s)?])
    }
}

/// Parses and validates a grid file (TOML; the `cli` feature).
#[cfg(feature = "cli")]
pub fn parse_grid(text: &str) -> Result<Grid, String> {
    let g: GridFile = toml::from_str(text).map_err(|e| format!("malformed grid: {}", e.message()))?;
    let n = match g.n {
        NSpec::List(v) => v,
        NSpec::Range(s) => parse_range(&s)?,
    };
    let list = |v: &Option<Vec<String>>, d: &str| v.clone().unwrap_or_else(|| vec![d.to_string()]);
    let mut settings = Vec::new();
    for t in list(&g.tasks, "min-ip") {
        for k in list(&g.kernels, "nonneg") {
            for p in list(&g.positions, "shared") {
                for ky in list(&g.keys, "all") {
                    for &a in g.at.as_deref().unwrap_or(&[0]) {
                        settings.push(Setting {
                            task: Task::parse(&t)?,
                            kernel: Kernel::parse(&k)?,
                            positions: Positions::parse(&p)?,
                            keys: Keys::parse(&ky)?,
                            at: (a > 0).then_some(a),
                        });
                    }
                }
            }
        }
    }
    let ds = g.d.as_deref().map(parse_range).transpose()?;
    if ds.as_ref().is_some_and(|d| d.is_empty() || d.contains(&0)) {
        return Err("grid: d must be a non-empty range of gaps ≥ 1".into());
    }
    let h_max = match &ds {
        Some(d) if g.h_max == 0 => *d.iter().max().expect("non-empty"),
        Some(_) => return Err("grid: give h_max or d, not both".into()),
        None => g.h_max,
    };
    let grid = Grid {
        n,
        eps: g.eps.iter().map(|e| parse_rational(e)).collect::<Result<_, _>>()?,
        h_max,
        settings,
        ds,
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
    // Validate every combination once, up front, with a clear message.
    for &n in &grid.n {
        for e in &grid.eps {
            Instance::new(n, e.clone(), Gap::from_d(1)?, Family::Paper, Bound::Paper).map_err(|e| format!("grid: {e}"))?;
        }
    }
    Ok(grid)
}

impl Grid {
    fn gaps(&self) -> Vec<Gap> {
        match &self.ds {
            Some(ds) => ds.iter().map(|&d| Gap::from_d(d).expect("d ≥ 1")).collect(),
            None => Gap::all_up_to(self.h_max),
        }
    }
    /// The sweep's instances in a fixed order: setting, n, ε, (h, u, w), family, bound
    /// (settings a configuration does not admit are left out).
    pub fn gap_instances(&self) -> Vec<Instance> {
        let mut v = Vec::new();
        for &setting in &self.settings {
            for &n in &self.n {
                for eps in &self.eps {
                    for gap in self.gaps() {
                        for &family in &self.families {
                            for bound in &self.bounds {
                                if let Ok(i) = Instance::new(n, eps.clone(), gap, family, bound.clone()).expect("validated").with_setting(setting) {
                                    v.push(i);
                                }
                            }
                        }
                    }
                }
            }
        }
        v
    }
    /// The sharp sweep's configurations in a fixed order: setting, n, ε, family, (h, u, w)
    /// (one certificate file per `(n, ε, family, setting)`).
    pub fn sharp_instances(&self) -> Vec<Instance> {
        let mut v = Vec::new();
        for &setting in &self.settings {
            for &n in &self.n {
                for eps in &self.eps {
                    for &family in &self.families {
                        for gap in self.gaps() {
                            if let Ok(i) = Instance::new(n, eps.clone(), gap, family, Bound::Paper).expect("validated").with_setting(setting) {
                                v.push(i);
                            }
                        }
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
