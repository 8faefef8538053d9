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
//! lemma_range = true         # only the lemma's range: d ≥ 2 and (n−2)·d ≥ 2ε·(n−1) (docs/math.md §2.3)
//! ```
//! Settings a configuration does not admit (e.g. `nearest` where `z` is not nearer than
//! `y`, or a key position with shared maps) are left out of the grid.
//! Parsed and validated as a whole before anything runs; `sharp` ignores `bounds`
//! (`kstar` does not depend on one).

use crate::error::At;
use crate::error::Error;
use crate::ranges::parse_range;
use minip_check::limits;
use minip_check::model::{Bound, Family, Gap, Instance, Setting};
use minip_check::model::{Kernel, Keys, Positions, Task};
use minip_check::rational::parse_rational;
use minip_check::rational::Rat;
use serde::Deserialize;

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
    #[serde(default)]
    lemma_range: bool,
}

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
    /// Only the configurations inside the lemma's range (`in_lemma_range`).
    pub lemma_range: bool,
}

/// The lemma's range (docs/math.md §2.3): an integer gap `d ≥ 2` (the paper's statement) and
/// the side condition `(n−2)·d ≥ 2ε·(n−1)` (`K ≥ 1`), under which the paper's proof is a valid
/// Farkas certificate. On the paper family the lemma holds exactly there (Proposition 2.3).
pub fn in_lemma_range(n: u32, eps: &Rat, d: u32) -> bool {
    let (n, d) = (Rat::from_integer(n.into()), Rat::from_integer(d.into()));
    let one = Rat::from_integer(1.into());
    let two = Rat::from_integer(2.into());
    d >= two && (&n - &two) * &d >= &two * eps * (&n - &one)
}

/// The largest `h_max` of a grid: `(h_max + 1)³/6` configurations per `(n, ε, family)`.
pub const MAX_GRID_H: u32 = 64;

/// Parses and validates a grid file (TOML; the `cli` feature).
pub fn parse_grid(text: &str) -> Result<Grid, Error> {
    let g = read_grid_file(text)?;
    let n = match g.n {
        NSpec::List(v) => v,
        NSpec::Range(s) => parse_range(&s)?,
    };
    let list = |v: &Option<Vec<String>>, d: &str| v.clone().unwrap_or_else(|| vec![d.to_string()]);
    let (tasks, kernels, positions, keys) = (
        list(&g.tasks, "min-ip"),
        list(&g.kernels, "nonneg"),
        list(&g.positions, "shared"),
        list(&g.keys, "all"),
    );
    let at = g.at.clone().unwrap_or_else(|| vec![0]);
    let ds = g.d.as_deref().map(parse_range).transpose()?;
    // Every list counts: the size is the product of all of them, computed (saturating) before
    // any combination is built.
    let gaps = match &ds {
        Some(d) => d.len(),
        None => {
            let h = g.h_max.min(MAX_GRID_H + 1) as usize;
            h * (h + 1) * (h + 2) / 6
        }
    };
    let bounds_len = g.bounds.as_ref().map_or(1, Vec::len);
    let items = [
        n.len(),
        g.eps.len(),
        g.families.len(),
        bounds_len,
        tasks.len(),
        kernels.len(),
        positions.len(),
        keys.len(),
        at.len(),
        gaps,
    ]
    .iter()
    // An empty list is an error below; here it must not hide the product of the others.
    .fold(1usize, |t, &x| t.saturating_mul(x.max(1)));
    limits::at_most(
        "grid size",
        items,
        limits::MAX_GRID_ITEMS,
        "configurations of one grid, every list counted",
    )
    .at("grid")?;
    distinct("n", &n)?;
    distinct("tasks", &tasks)?;
    distinct("kernels", &kernels)?;
    distinct("positions", &positions)?;
    distinct("keys", &keys)?;
    distinct("at", &at)?;
    distinct("families", &g.families)?;
    if let Some(b) = &g.bounds {
        distinct("bounds", b)?;
    }
    if let Some(d) = &ds {
        distinct("d", d)?;
    }
    let settings = settings(&tasks, &kernels, &positions, &keys, &at)?;
    if ds.as_ref().is_some_and(|d| d.is_empty() || d.contains(&0)) {
        return Err(Error::Input("grid: d must be a non-empty range of gaps ≥ 1".into()));
    }
    let h_max = match &ds {
        Some(d) if g.h_max == 0 => d.iter().copied().max().unwrap_or(0),
        Some(_) => return Err(Error::Input("grid: give h_max or d, not both".into())),
        None => g.h_max,
    };
    let grid = Grid {
        n,
        eps: g.eps.iter().map(|e| parse_rational(e)).collect::<Result<_, _>>()?,
        h_max,
        settings,
        ds,
        lemma_range: g.lemma_range,
        families: g.families.iter().map(|f| Family::parse(f)).collect::<Result<_, _>>()?,
        bounds_given: g.bounds.is_some(),
        bounds: g
            .bounds
            .unwrap_or_else(|| vec!["paper".into()])
            .iter()
            .map(|b| Bound::parse(b))
            .collect::<Result<_, _>>()?,
    };
    check_grid(&grid)?;
    Ok(grid)
}

/// The grid file's TOML, read into its fields; a malformed file is one line that says where.
fn read_grid_file(text: &str) -> Result<GridFile, Error> {
    toml::from_str(text).map_err(|e| {
        // One line: toml's message may span several; say where it is.
        let line = e
            .span()
            .map(|s| format!(" (line {})", text[..s.start.min(text.len())].matches('\n').count() + 1))
            .unwrap_or_default();
        Error::Input(minip_check::error::one_line(&format!(
            "malformed grid: {}{line}",
            e.message().trim().replace('\n', "; ")
        )))
    })
}

/// Every combination of the setting lists, in the file's order (task major).
fn settings(
    tasks: &[String],
    kernels: &[String],
    positions: &[String],
    keys: &[String],
    at: &[u32],
) -> Result<Vec<Setting>, Error> {
    let mut settings = Vec::new();
    for t in tasks {
        for k in kernels {
            for p in positions {
                for ky in keys {
                    for &a in at {
                        settings.push(Setting {
                            task: Task::parse(t)?,
                            kernel: Kernel::parse(k)?,
                            positions: Positions::parse(p)?,
                            keys: Keys::parse(ky)?,
                            at: (a > 0).then_some(a),
                        });
                    }
                }
            }
        }
    }
    Ok(settings)
}

/// The checks on a grid as built: no empty list, `h_max` in range, a configuration left by
/// `lemma_range`, no repeated `eps` or bound, and every `n`, family and setting within the
/// limits of its gap LP (checked once, up front, with a clear message).
fn check_grid(grid: &Grid) -> Result<(), Error> {
    if grid.n.is_empty()
        || grid.eps.is_empty()
        || grid.families.is_empty()
        || grid.bounds.is_empty()
        || grid.settings.is_empty()
        || grid.h_max == 0
    {
        return Err(Error::Input(
            "malformed grid: n, eps, families, bounds (and tasks, kernels, positions, keys, at when given) must be non-empty and h_max ≥ 1".into(),
        ));
    }
    if grid.h_max > MAX_GRID_H {
        return Err(Error::Input(format!(
            "grid: h_max = {} is larger than the supported {MAX_GRID_H}",
            grid.h_max
        )));
    }
    if grid.lemma_range
        && !grid
            .n
            .iter()
            .any(|&n| grid.eps.iter().any(|e| grid.gaps().iter().any(|g| in_lemma_range(n, e, g.d()))))
    {
        return Err(Error::Input(
            "grid: lemma_range = true leaves no configuration (need d ≥ 2 and (n−2)·d ≥ 2ε·(n−1))".into(),
        ));
    }
    distinct("eps", &grid.eps)?;
    distinct("bounds", &grid.bounds)?;
    // Validate every combination once, up front, with a clear message: `n` against each
    // family's limit, and the size of the gap LP of every (setting, n, family).
    // (The size does not depend on eps, the gap or the key position `at`.)
    for e in &grid.eps {
        Instance::new(3, e.clone(), Gap::from_d(1)?, Family::Paper, Bound::Paper).at("grid")?;
    }
    let mut shapes: Vec<Setting> = grid.settings.iter().map(|s| Setting { at: None, ..*s }).collect();
    shapes.sort_unstable();
    shapes.dedup();
    for &n in &grid.n {
        for &family in &grid.families {
            let inst = Instance::new(n, grid.eps[0].clone(), Gap::from_d(1)?, family, Bound::Paper)
                .at(&format!("grid: family {}", family.name()))?;
            for &setting in &shapes {
                let mut i = inst.clone();
                i.setting = setting;
                minip_check::rows::gap::check_gap_lp_size(&i).at("grid")?;
            }
        }
    }
    Ok(())
}

/// `Err` naming the first repeated entry of a grid list (a repeated configuration would be
/// solved, printed and written twice).
fn distinct<T: std::fmt::Debug>(what: &str, v: &[T]) -> Result<(), Error> {
    let mut seen: Vec<String> = v.iter().map(|x| format!("{x:?}")).collect();
    seen.sort_unstable();
    match seen.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => Err(Error::Input(format!("grid: {what} lists {} twice", w[0]))),
        None => Ok(()),
    }
}

impl Grid {
    fn gaps(&self) -> Vec<Gap> {
        match &self.ds {
            Some(ds) => ds.iter().filter_map(|&d| Gap::from_d(d).ok()).collect(),
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
                        if self.lemma_range && !in_lemma_range(n, eps, gap.d()) {
                            continue;
                        }
                        for &family in &self.families {
                            for bound in &self.bounds {
                                // Validated by `parse_grid`; settings a configuration does
                                // not admit are left out.
                                if let Ok(i) = Instance::new(n, eps.clone(), gap, family, bound.clone())
                                    .and_then(|i| i.with_setting(setting))
                                {
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
                            if self.lemma_range && !in_lemma_range(n, eps, gap.d()) {
                                continue;
                            }
                            if let Ok(i) = Instance::new(n, eps.clone(), gap, family, Bound::Paper)
                                .and_then(|i| i.with_setting(setting))
                            {
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

/// Shard `i` of `N` (0-based, `i < N`): a contiguous block, so concatenating the outputs of
/// shards `0..N` in order gives exactly the unsharded output. Every shard holds at least one
/// item when `N ≤ items.len()` (`shard_of` refuses more shards than items).
pub fn shard<T>(items: &[T], i: usize, count: usize) -> &[T] {
    // In 128 bits: `len · i` overflows 64 bits for the largest shard numbers.
    let at = |k: usize| (items.len() as u128 * k as u128 / count as u128) as usize;
    &items[at(i)..at(i + 1)]
}

/// The shard `--shard I/N` (`spec`) of a grid's configurations, with `I` and `N`. More shards
/// than configurations are refused: some shards would be empty, and an empty shard would run
/// and compare nothing, and pass.
pub fn shard_of<'a, T>(items: &'a [T], spec: &str) -> Result<(&'a [T], usize, usize), Error> {
    let (i, n) = crate::ranges::parse_shard(spec)?;
    if n > items.len() {
        return Err(Error::Input(format!(
            "--shard {spec}: {n} shards of a grid of {}: some shards would be empty (at most {} shards)",
            crate::print::count(items.len(), "configuration", "configurations"),
            items.len()
        )));
    }
    Ok((shard(items, i, n), i, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranges::parse_shard;

    #[test]
    fn grid_expands_and_shards_concatenate() {
        let g = parse_grid("n = \"3..=4\"\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\nbounds = [\"paper\", \"2\"]\n").unwrap();
        let all = g.gap_instances();
        assert_eq!(all.len(), 2 * 4 * 2); // n × (h,u,w) with h ≤ 2 × bounds
        let joined: Vec<_> = (0..3).flat_map(|i| shard(&all, i, 3).to_vec()).collect();
        assert_eq!(joined, all);
        // As many shards as configurations: one each; more are refused; the largest shard
        // numbers do not overflow.
        assert!((0..16).all(|i| shard_of(&all, &format!("{i}/16")).unwrap().0.len() == 1));
        assert_eq!(
            shard_of(&all, "3/17").unwrap_err(),
            "--shard 3/17: 17 shards of a grid of 16 configurations: some shards would be empty (at most 16 shards)"
        );
        let big = vec![0u8; 1 << 20];
        assert_eq!(shard(&big, 0, usize::MAX).len(), 0);
        assert_eq!(shard(&big, usize::MAX - 1, usize::MAX).len(), 1);
        assert_eq!(shard(&big, (1 << 20) - 1, 1 << 20), [0]);
        assert_eq!(g.sharp_instances().len(), 2 * 4);
        // The sharp grid (no bounds) is the same format.
        let s = parse_grid("n = [3]\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"all\"]\n").unwrap();
        assert!(!s.bounds_given && s.bounds == vec![Bound::Paper]);
        assert!(parse_grid(
            "n = \"2..=4\"\neps = [\"1/2\"]\nh_max = 2\nfamilies = [\"paper\"]\nbounds = [\"paper\"]\n"
        )
        .is_err());
        assert!(parse_grid(
            "n = \"3\"\neps = [\"x\"]\nh_max = 2\nfamilies = [\"paper\"]\nbounds = [\"paper\"]\n"
        )
        .is_err());
        assert!(parse_shard("3/3").is_err() && parse_shard("1/0").is_err());
        // The lemma's range: d ≥ 2 and (n−2)·d ≥ 2ε·(n−1).
        let q = |s: &str| parse_rational(s).unwrap();
        assert!(!in_lemma_range(3, &q("1/2"), 1) && in_lemma_range(3, &q("1/2"), 2));
        assert!(!in_lemma_range(3, &q("3/4"), 2) && in_lemma_range(3, &q("3/4"), 3));
        assert!(!in_lemma_range(4, &q("3/4"), 2) && in_lemma_range(5, &q("3/4"), 2));
        assert!(!in_lemma_range(3, &q("1"), 3) && in_lemma_range(3, &q("1"), 4));
        let l =
            parse_grid("n = [3]\neps = [\"3/4\"]\nh_max = 3\nfamilies = [\"paper\"]\nlemma_range = true\n")
                .unwrap();
        let ds: Vec<u32> = l.gap_instances().iter().map(|i| i.d()).collect();
        assert_eq!(ds, [3]); // (h, u, w) = (3, 0, 3) alone
        assert_eq!(l.sharp_instances().len(), 1);
        let e = parse_grid("n = [3]\neps = [\"1\"]\nh_max = 3\nfamilies = [\"paper\"]\nlemma_range = true\n")
            .unwrap_err();
        assert!(e.contains("leaves no configuration"), "{e}");
        assert_eq!(parse_shard("1/4").unwrap(), (1, 4));
    }
}

/// A ratio table (`minip amplify --grid FILE`): forced ratios of several *series* (each a
/// setting and a pair of classes given relative to `h`) over a range of `h`:
/// ```toml
/// n = 3
/// eps = "1/2"
/// h = "2..=24"
/// [[series]]
/// name = "max-ip, keys distinct: R(h+, 0)"
/// task = "max-ip"            # optional, as kernel, positions, keys, at
/// keys = "distinct"
/// superset = true            # the class h+ (m > h)
/// lo = "h+"                  # the class on top: 0, 3, h, h-1, h+; nearest: "o=h e=1"
/// hi = "0"                   # the class normalised to 1
/// m = "h+1"                  # nearest only: bits m = h + 1 (or a number)
/// ```
/// Jobs a value of `h` does not admit (e.g. the class `h-1` at `h = 0`) are errors.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RatioGridFile {
    /// The plot's title (`--plot`); default "Forced ratios beyond Min-IP".
    #[serde(default)]
    title: Option<String>,
    n: u32,
    eps: String,
    h: String,
    series: Vec<SeriesFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeriesFile {
    name: String,
    #[serde(default)]
    task: Option<String>,
    #[serde(default)]
    kernel: Option<String>,
    #[serde(default)]
    positions: Option<String>,
    #[serde(default)]
    keys: Option<String>,
    #[serde(default)]
    at: Option<u32>,
    #[serde(default)]
    superset: bool,
    lo: String,
    hi: String,
    #[serde(default)]
    m: Option<String>,
    /// Optional smaller range of `h` for this series (e.g. the costly positional LPs).
    #[serde(default)]
    h: Option<String>,
}

/// One series of a ratio table: its name and one job per `h`.
#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub jobs: Vec<super::ratio::Job>,
}

/// A parsed ratio table.
#[derive(Clone, Debug)]
pub struct RatioGrid {
    pub title: Option<String>,
    pub n: u32,
    pub eps: Rat,
    pub hs: Vec<u32>,
    pub series: Vec<Series>,
}

/// `h`, `h-2`, `h+1`, `m-h`, or a number, for a given `h` (and `m`).
fn expr(s: &str, h: u32, m: Option<u32>) -> Result<u32, Error> {
    let s = s.trim();
    let bad =
        || Error::Input(format!("malformed class expression '{s}' (expected a number, h, h-K, h+K or m-h)"));
    if let Ok(v) = s.parse::<u32>() {
        return Ok(v);
    }
    if s == "m-h" {
        return m.and_then(|m| m.checked_sub(h)).ok_or_else(|| Error::Input(format!("'{s}': needs m ≥ h")));
    }
    let rest = s.strip_prefix('h').ok_or_else(bad)?;
    if rest.is_empty() {
        return Ok(h);
    }
    let (sign, k) = rest.split_at(1);
    let k: u32 = k.parse().map_err(|_| bad())?;
    match sign {
        "-" => h.checked_sub(k).ok_or_else(|| Error::Input(format!("'{s}' is negative at h = {h}"))),
        "+" => h.checked_add(k).ok_or_else(|| Error::Input(format!("'{s}' is too large at h = {h}"))),
        _ => Err(bad()),
    }
}

/// A class spec of a series at `h`: `h+` (the superset class, index `h + 1`), an overlap
/// expression, or for `nearest` `o=EXPR e=EXPR` (index `o·(m − h + 1) + e`).
pub fn class_at(s: &str, h: u32, m: Option<u32>) -> Result<u32, Error> {
    class_spec(s, h, m)
}

fn class_spec(s: &str, h: u32, m: Option<u32>) -> Result<u32, Error> {
    let s = s.trim();
    if m.is_some() && !s.starts_with("o=") {
        return Err(Error::Input(format!(
            "'{s}': the classes of nearest are written o=EXPR e=EXPR (e.g. o=h e=1)"
        )));
    }
    if s == "h+" {
        return h.checked_add(1).ok_or_else(|| Error::Input(format!("'{s}' is too large at h = {h}")));
    }
    if s.starts_with("o=") {
        let m = m.ok_or_else(|| Error::Input(format!("'{s}': (o, e) classes need m (task nearest)")))?;
        if m < h || m - h == u32::MAX {
            return Err(Error::Input(format!("'{s}': need h ≤ m < 2^32 − 1 + h (m = {m}, h = {h})")));
        }
        let mut o = None;
        let mut e = None;
        for part in s.split_whitespace() {
            match part.split_once('=') {
                Some(("o", v)) => o = Some(expr(v, h, Some(m))?),
                Some(("e", v)) => e = Some(expr(v, h, Some(m))?),
                _ => return Err(Error::Input(format!("malformed class '{s}' (expected o=EXPR e=EXPR)"))),
            }
        }
        let (o, e) = (
            o.ok_or_else(|| Error::Input("class: o missing".into()))?,
            e.ok_or_else(|| Error::Input("class: e missing".into()))?,
        );
        if o > h || e > m - h {
            return Err(Error::Input(format!(
                "class '{s}' = ({o}, {e}): need o ≤ h = {h}, e ≤ m − h = {}",
                m - h
            )));
        }
        return o
            .checked_mul(m - h + 1)
            .and_then(|v| v.checked_add(e))
            .ok_or_else(|| Error::Input(format!("class '{s}' = ({o}, {e}): too large")));
    }
    expr(s, h, m)
}

/// Parses and validates a ratio table (every job of every series, before anything runs).
pub fn parse_ratio_grid(text: &str) -> Result<RatioGrid, Error> {
    let g: RatioGridFile =
        toml::from_str(text).map_err(|e| Error::Input(format!("malformed ratio grid: {}", e.message())))?;
    let eps = parse_rational(&g.eps)?;
    let hs = parse_range(&g.h)?;
    if hs.is_empty() || g.series.is_empty() {
        return Err(Error::Input("ratio grid: h and series must be non-empty".into()));
    }
    // Every series' list of h counted before any job is built (a file of many series each
    // within the range limit is still one table): at most the configurations of one grid.
    let mut owns = Vec::with_capacity(g.series.len());
    let mut items = 0usize;
    for s in &g.series {
        let own = match &s.h {
            Some(r) => parse_range(r)?,
            None => hs.clone(),
        };
        items = items.saturating_add(own.len());
        limits::at_most(
            "ratio grid size",
            items,
            limits::MAX_GRID_ITEMS,
            "ratios of one table, every series counted",
        )
        .at("ratio grid")?;
        owns.push(own);
    }
    let mut series = Vec::new();
    for (s, own) in g.series.iter().zip(owns) {
        let setting = Setting::from_fields(
            s.task.as_deref(),
            s.kernel.as_deref(),
            s.positions.as_deref(),
            s.keys.as_deref(),
            s.at,
            g.n,
        )
        .at(&format!("series '{}'", s.name))?;
        let mut jobs = Vec::new();
        for &h in &own {
            let m =
                s.m.as_deref()
                    .map(|e| expr(e, h, None))
                    .transpose()
                    .at(&format!("series '{}': m", s.name))?;
            let lo = class_spec(&s.lo, h, m).at(&format!("series '{}': lo", s.name))?;
            let hi = class_spec(&s.hi, h, m).at(&format!("series '{}': hi", s.name))?;
            let inst = minip_check::rows::ratio::ratio_instance_in(
                g.n,
                eps.clone(),
                h,
                lo,
                hi,
                s.superset,
                setting,
                m,
            )
            .at(&format!("series '{}' at h = {h}", s.name))?;
            // The limits of `amplify` on the command line, before anything is built: h ≤ 512,
            // the row LP of the paper's model (multisets × (n − 1)), or beyond it the rows.
            minip_check::limits::at_most(
                "h",
                h,
                minip_check::limits::MAX_RATIO_H,
                "the row LP certified by minip amplify",
            )
            .map_err(Error::from)
            .and_then(|()| {
                if inst.setting.is_default() && inst.m.is_none() {
                    crate::formulate::ratio::check_row_lp_size(g.n, inst.classes())
                } else {
                    crate::formulate::ratio::check_general_size(&inst)
                }
            })
            .at(&format!("series '{}' at h = {h}", s.name))?;
            if inst.sequence_count() > 2_000_000 {
                return Err(Error::Input(format!(
                    "series '{}' at h = {h}: {} sequences, more than the 2000000 supported",
                    s.name,
                    inst.sequence_count()
                )));
            }
            jobs.push(super::ratio::Job { h, lo, hi, superset: s.superset, setting, m });
        }
        series.push(Series { name: s.name.clone(), jobs });
    }
    Ok(RatioGrid { title: g.title, n: g.n, eps, hs, series })
}
