//! The options beyond Min-IP (docs/math.md §11): which comparison task the head solves, the
//! sign of its kernel, how its maps depend on positions, and whether keys may repeat the
//! query token. One `Setting` parameterises the one formulation layer (`crate::rows::gap`,
//! `crate::rows::ratio`); the default is the paper's model and gives exactly the rows that
//! every committed certificate was checked against.
//!
//! In files each option is a string field that is absent when it has its default value
//! (`task`, `kernel`, `positions`, `keys`, `at`), so certificates of the default setting are
//! byte-identical to those written before the options existed.

use crate::error::{Error, Res};
use serde::{Deserialize, Serialize};

/// The comparison task: the target at the query `x` from the other tokens of the sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Task {
    /// `t = min_j <x, x_j>`, the query's own position included (docs/math.md §1.1).
    #[default]
    MinIp,
    /// `t = max_{j ≠ i} <x, x_j>`: self excluded (else the target is always `|x|`); a copy
    /// of `x` at another position counts `|x|`.
    MaxIp,
    /// `t = min_{j ≠ i} Ham(x, x_j)`: self excluded; a copy of `x` counts 0.
    Nearest,
}

/// The sign of the kernel `α(x, ·)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kernel {
    /// `α ≥ 0` (the paper's model).
    #[default]
    Nonneg,
    /// `α` of any sign; every attention denominator `D` strictly positive instead.
    Signed,
}

/// How the head's maps depend on positions (docs/math.md §11.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Positions {
    /// One `α(x, ·)`, `s(x, ·)` for every position: a sequence is a multiset.
    #[default]
    Shared,
    /// `α_p(x, ·)`, `s_p(x, ·)` per key position `p = 1..n`; every position holding `x` is
    /// queried; sequences are ordered.
    PerPosition,
    /// The query sits at the last position `n` and attends to `1..n`; the key maps depend on
    /// the key position, the self term `(n, x)` is its own unknown.
    CausalLast,
}

/// Which keys a family may contain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Keys {
    /// Any token, copies of the query included.
    #[default]
    All,
    /// Only tokens different from the query (`x_j ≠ x_i` for `j ≠ i`).
    Distinct,
}

macro_rules! named {
    ($t:ty, $what:literal, [$(($v:path, $s:literal)),*]) => {
        impl $t {
            pub fn parse(s: &str) -> Res<$t> {
                match s {
                    $($s => Ok($v),)*
                    _ => Err(Error::Input(format!(concat!("unknown ", $what, " '{}' (expected {})"), s, [$($s),*].join(", ")))),
                }
            }
            pub fn name(self) -> &'static str {
                match self {
                    $($v => $s,)*
                }
            }
            pub fn is_default(&self) -> bool {
                *self == <$t>::default()
            }
        }
    };
}
named!(Task, "task", [(Task::MinIp, "min-ip"), (Task::MaxIp, "max-ip"), (Task::Nearest, "nearest")]);
named!(Kernel, "kernel", [(Kernel::Nonneg, "nonneg"), (Kernel::Signed, "signed")]);
named!(
    Positions,
    "positions",
    [
        (Positions::Shared, "shared"),
        (Positions::PerPosition, "per-position"),
        (Positions::CausalLast, "causal-last")
    ]
);
named!(Keys, "keys", [(Keys::All, "all"), (Keys::Distinct, "distinct")]);

/// All options together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Setting {
    pub task: Task,
    pub kernel: Kernel,
    pub positions: Positions,
    pub keys: Keys,
    /// With position-dependent maps: the key position `p` (1-based) whose kernel the ratio or
    /// bound is about; `None` is the summed kernel `Σ_p α_p(x, ·)` (rank ≤ r like each one).
    pub at: Option<u32>,
}

impl Setting {
    pub fn is_default(&self) -> bool {
        *self == Setting::default()
    }
    /// Builds a setting from its file fields (absent = default) and validates it for
    /// sequences of length `n`.
    pub fn from_fields(
        task: Option<&str>,
        kernel: Option<&str>,
        positions: Option<&str>,
        keys: Option<&str>,
        at: Option<u32>,
        n: u32,
    ) -> Res<Setting> {
        let s = Setting {
            task: task.map(Task::parse).transpose()?.unwrap_or_default(),
            kernel: kernel.map(Kernel::parse).transpose()?.unwrap_or_default(),
            positions: positions.map(Positions::parse).transpose()?.unwrap_or_default(),
            keys: keys.map(Keys::parse).transpose()?.unwrap_or_default(),
            at,
        };
        s.validate(n)?;
        Ok(s)
    }
    /// `at` needs position-dependent maps and a key position: `1..=n` (per-position) or
    /// `1..n` (causal-last: position `n` holds only the self term).
    pub fn validate(&self, n: u32) -> Res<()> {
        if let Some(p) = self.at {
            let last = match self.positions {
                Positions::Shared => return Err(Error::Input("at: a key position needs position-dependent maps (positions per-position or causal-last)".into())),
                Positions::PerPosition => n,
                // `n` is validated after the setting: `n − 1` must not wrap for `n = 0`.
                Positions::CausalLast => n.saturating_sub(1),
            };
            if p < 1 || p > last {
                return Err(Error::Input(format!(
                    "at = {p}: need a key position 1..={last} (positions {})",
                    self.positions.name()
                )));
            }
        }
        Ok(())
    }
    /// The file fields: `None` where the option has its default value.
    pub fn fields(&self) -> SettingFields {
        let f = |d: bool, s: &'static str| (!d).then(|| s.to_string());
        SettingFields {
            task: f(self.task.is_default(), self.task.name()),
            kernel: f(self.kernel.is_default(), self.kernel.name()),
            positions: f(self.positions.is_default(), self.positions.name()),
            keys: f(self.keys.is_default(), self.keys.name()),
            at: self.at,
        }
    }
    /// A short label, e.g. `max-ip, signed, causal-last, keys distinct, at 1` (empty for the default).
    pub fn label(&self) -> String {
        let mut v: Vec<String> = Vec::new();
        if !self.task.is_default() {
            v.push(self.task.name().into());
        }
        if !self.kernel.is_default() {
            v.push(self.kernel.name().into());
        }
        if !self.positions.is_default() {
            v.push(self.positions.name().into());
        }
        if !self.keys.is_default() {
            v.push(format!("keys {}", self.keys.name()));
        }
        if let Some(p) = self.at {
            v.push(format!("at {p}"));
        }
        v.join(", ")
    }
    /// A file-name suffix: `` for the default, else e.g. `_maxip_signed_causal_distinct_at1`.
    pub fn stem(&self) -> String {
        let mut s = String::new();
        if !self.task.is_default() {
            s.push('_');
            s.push_str(&self.task.name().replace('-', ""));
        }
        if !self.kernel.is_default() {
            s.push('_');
            s.push_str(self.kernel.name());
        }
        match self.positions {
            Positions::Shared => {}
            Positions::PerPosition => s.push_str("_perpos"),
            Positions::CausalLast => s.push_str("_causal"),
        }
        if !self.keys.is_default() {
            s.push_str("_distinct");
        }
        if let Some(p) = self.at {
            s.push_str(&format!("_at{p}"));
        }
        s
    }
}

/// The options as they appear in a certificate (strings; absent = default).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingFields {
    pub task: Option<String>,
    pub kernel: Option<String>,
    pub positions: Option<String>,
    pub keys: Option<String>,
    pub at: Option<u32>,
}

/// The setting of a claim (docs/math.md §11): each field absent when it has its default value
/// (`min-ip`, `nonneg`, `shared`, `all`, the summed kernel).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct SettingClaim {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kernel: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keys: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<u32>,
}

impl SettingClaim {
    /// The non-default fields of a validated setting.
    pub fn of(s: &Setting) -> SettingClaim {
        let f = s.fields();
        SettingClaim { task: f.task, kernel: f.kernel, positions: f.positions, keys: f.keys, at: f.at }
    }
    pub fn is_default(&self) -> bool {
        *self == SettingClaim::default()
    }
    /// `task=max-ip kernel=signed …`, each non-default field as `name=value`; empty for the default.
    pub fn text(&self) -> String {
        let mut v: Vec<String> = Vec::new();
        for (name, value) in [
            ("task", &self.task),
            ("kernel", &self.kernel),
            ("positions", &self.positions),
            ("keys", &self.keys),
        ] {
            if let Some(x) = value {
                v.push(format!("{name}={x}"));
            }
        }
        if let Some(p) = self.at {
            v.push(format!("at={p}"));
        }
        v.join(" ")
    }
    /// `text()` followed by a space, or nothing.
    pub(crate) fn prefix(&self) -> String {
        let t = self.text();
        if t.is_empty() {
            t
        } else {
            t + " "
        }
    }
}

/// What the target of a task sees of one other token: its overlap with the query, its
/// Hamming distance from it, and whether it is the query token itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyView {
    pub overlap: u32,
    pub dist: u32,
}

/// The target at the query `x` (`|x| = h`) of a sequence whose other tokens are `others`
/// (docs/math.md §1.1, §11.1). The query's own position is included for Min-IP (it never
/// lowers the minimum) and excluded for the other tasks; `others` is never empty (`n ≥ 3`).
pub fn target(task: Task, h: u32, others: impl IntoIterator<Item = KeyView>) -> u32 {
    let mut it = others.into_iter();
    match task {
        Task::MinIp => it.map(|k| k.overlap).fold(h, u32::min),
        Task::MaxIp => it.next().map(|k0| it.fold(k0.overlap, |t, k| t.max(k.overlap))).unwrap_or(h),
        Task::Nearest => it.next().map(|k0| it.fold(k0.dist, |t, k| t.min(k.dist))).unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_defaults_are_absent() {
        for t in [Task::MinIp, Task::MaxIp, Task::Nearest] {
            assert_eq!(Task::parse(t.name()).unwrap(), t);
        }
        assert!(Positions::parse("causal").is_err());
        assert_eq!(Setting::default().fields(), SettingFields::default());
        let s = Setting::from_fields(
            Some("max-ip"),
            Some("signed"),
            Some("causal-last"),
            Some("distinct"),
            Some(2),
            3,
        )
        .unwrap();
        assert_eq!(s.stem(), "_maxip_signed_causal_distinct_at2");
        assert!(Setting::from_fields(None, None, Some("causal-last"), None, Some(3), 3).is_err());
        assert!(Setting::from_fields(None, None, None, None, Some(1), 3).is_err());
    }

    #[test]
    fn targets_follow_each_task() {
        let k = |overlap, dist| KeyView { overlap, dist };
        // query |x| = 4; others: overlap 1 (distance 3) and a copy of x (overlap 4, distance 0)
        assert_eq!(target(Task::MinIp, 4, [k(1, 3), k(4, 0)]), 1);
        assert_eq!(target(Task::MaxIp, 4, [k(1, 3), k(4, 0)]), 4);
        assert_eq!(target(Task::Nearest, 4, [k(1, 3), k(4, 0)]), 0);
        assert_eq!(target(Task::MaxIp, 4, [k(1, 3), k(2, 2)]), 2);
    }
}
