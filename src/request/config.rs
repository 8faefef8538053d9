//! One gap configuration, as `check` and `sharp` take it from either front end: n, ε, the
//! gap (`d`, or `h, u, w`, or real tokens), the family, the bound and the setting beyond
//! Min-IP. `validate` is the one place these are checked, the gap LP's size included.

use super::Error;
use crate::error::At;
use minip_check::model::tokens::{gap_from_tokens, Token};
use minip_check::model::{Bound, Family, Gap, Instance, Setting};
use minip_check::rational::parse_rational;

/// A configuration as given (rationals and names as text, as the command line reads them; the
/// Python package sends it as JSON with these field names).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct Config {
    pub n: u32,
    pub eps: String,
    pub d: Option<u32>,
    /// With `u` and `w`: the three go together.
    pub h: Option<u32>,
    pub u: Option<u32>,
    pub w: Option<u32>,
    /// Real tokens `x,y,z` as bit strings (the overlaps are taken from them).
    pub tokens: Option<String>,
    pub family: String,
    pub bound: String,
    pub task: String,
    pub kernel: String,
    pub positions: String,
    pub keys: String,
    pub at: Option<u32>,
}

impl Default for Config {
    /// `n = 3`, `ε = 1/2`, no gap yet, the paper's family and bound, Min-IP's setting.
    fn default() -> Config {
        Config {
            n: 3,
            eps: "1/2".into(),
            d: None,
            h: None,
            u: None,
            w: None,
            tokens: None,
            family: "paper".into(),
            bound: "paper".into(),
            task: "min-ip".into(),
            kernel: "nonneg".into(),
            positions: "shared".into(),
            keys: "all".into(),
            at: None,
        }
    }
}

/// A validated configuration: the instance, and the tokens when they were given.
#[derive(Clone, Debug)]
pub struct Configured {
    pub inst: Instance,
    pub tokens: Option<[Token; 3]>,
}

impl Config {
    /// The setting beyond Min-IP for length-`n` sequences, validated (`--at` named as an option).
    pub fn setting(&self) -> Result<Setting, Error> {
        Setting::from_fields(
            Some(&self.task),
            Some(&self.kernel),
            Some(&self.positions),
            Some(&self.keys),
            self.at,
            self.n,
        )
        .map_err(|e| Error::Input(if e.starts_with("at") { format!("--{e}") } else { e.to_string() }))
    }

    /// Checks every field and the size of the gap LP it leads to (ordered sequences grow like
    /// n!: counted before any row is built).
    pub fn validate(&self) -> Result<Configured, Error> {
        let eps = parse_rational(&self.eps).at("--eps")?;
        let classes = [self.h, self.u, self.w];
        let given = [self.d.is_some(), classes.iter().any(Option::is_some), self.tokens.is_some()];
        if given.iter().filter(|g| **g).count() > 1 {
            return Err(Error::Input(
                "give one configuration: --d D, --h H --u U --w W, or --tokens x,y,z".into(),
            ));
        }
        let (gap, tokens) = match (&self.tokens, self.d, classes) {
            (Some(t), _, _) => {
                let (g, t) = gap_from_tokens(t)?;
                (g, Some(t))
            }
            (None, Some(d), _) => (Gap::from_d(d)?, None),
            (None, None, [Some(h), Some(u), Some(w)]) => (Gap::new(h, u, w)?, None),
            (None, None, [None, None, None]) => {
                return Err(Error::Input(
                    "give the configuration: --d D, --h H --u U --w W, or --tokens x,y,z".into(),
                ))
            }
            _ => return Err(Error::Input("--h, --u and --w go together: give all three".into())),
        };
        let family = Family::parse(&self.family)?;
        let bound = Bound::parse(&self.bound)?;
        let mut inst = Instance::new(self.n, eps, gap, family, bound)?.with_setting(self.setting()?)?;
        if let Some(t) = &tokens {
            inst = inst.with_tokens(t)?;
        }
        minip_check::rows::gap::check_gap_lp_size(&inst).map_err(|e| Error::TooLarge(e.to_string()))?;
        Ok(Configured { inst, tokens })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d3() -> Config {
        Config { d: Some(3), ..Config::default() }
    }

    #[test]
    fn a_configuration_validates_to_its_instance() {
        let c = d3().validate().unwrap();
        assert_eq!((c.inst.n, c.inst.gap.h, c.inst.gap.u, c.inst.gap.w), (3, 3, 0, 3));
        assert_eq!(minip_check::rational::fmt_q(&c.inst.eps), "1/2");
        assert!(c.inst.setting.is_default() && c.tokens.is_none());
        let c = Config { tokens: Some("110,000,111".into()), ..Config::default() }.validate().unwrap();
        assert_eq!((c.inst.gap.h, c.inst.gap.u, c.inst.gap.w), (2, 0, 2));
        assert!(c.tokens.is_some());
    }

    #[test]
    fn bad_input_is_refused_with_the_command_lines_words() {
        let input = |c: Config| match c.validate() {
            Err(Error::Input(m)) => m,
            other => panic!("{other:?}"),
        };
        assert!(input(Config { eps: "abc".into(), ..d3() }).starts_with("--eps: "));
        assert_eq!(
            input(Config::default()),
            "give the configuration: --d D, --h H --u U --w W, or --tokens x,y,z"
        );
        assert_eq!(
            input(Config { h: Some(3), u: Some(0), w: Some(3), ..d3() }),
            "give one configuration: --d D, --h H --u U --w W, or --tokens x,y,z"
        );
        assert!(input(Config { u: Some(0), ..d3() }).starts_with("give one configuration: "));
        assert_eq!(
            input(Config { h: Some(3), ..Config::default() }),
            "--h, --u and --w go together: give all three"
        );
        assert_eq!(
            input(Config { u: Some(1), w: Some(2), ..Config::default() }),
            "--h, --u and --w go together: give all three"
        );
        assert_eq!(
            input(Config { at: Some(9), positions: "per-position".into(), ..d3() }).get(..4),
            Some("--at")
        );
    }

    #[test]
    fn the_gap_lp_size_is_a_limit() {
        let c = Config { n: 20, family: "all".into(), positions: "per-position".into(), ..d3() };
        match c.validate() {
            Err(Error::TooLarge(m)) => {
                assert!(m.starts_with("the gap LP of n = 20 with positions per-position has "), "{m}")
            }
            other => panic!("{other:?}"),
        }
        // The same n in the shared setting is small.
        assert!(Config { n: 20, family: "all".into(), ..d3() }.validate().is_ok());
    }
}
