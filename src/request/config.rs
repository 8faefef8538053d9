//! One gap configuration, as `check` and `sharp` take it from either front end: n, ε, the
//! gap (`d`, or `h, u, w`, or real tokens), the family, the bound and the setting beyond
//! Min-IP. `validate` is the one place these are checked, the gap LP's size included.

use super::Error;
use minip_check::model::tokens::{gap_from_tokens, Token};
use minip_check::model::{Bound, Family, Gap, Instance, Setting};
use minip_check::rational::parse_rational;

/// A configuration as given (rationals and names as text, as the command line reads them).
#[derive(Clone, Debug)]
pub struct Config {
    pub n: u32,
    pub eps: String,
    pub d: Option<u32>,
    pub h: Option<u32>,
    /// With `h`: 0 when not given.
    pub u: Option<u32>,
    /// With `h`: 0 when not given.
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
        let eps = parse_rational(&self.eps).map_err(|e| Error::Input(format!("--eps: {e}")))?;
        if self.d.is_some() as u8 + self.h.is_some() as u8 + self.tokens.is_some() as u8 > 1 {
            return Err(Error::Input(
                "give one configuration: --d D, --h H --u U --w W, or --tokens x,y,z".into(),
            ));
        }
        if self.h.is_none() && (self.u.is_some() || self.w.is_some()) {
            return Err(Error::Input("--u and --w go with --h".into()));
        }
        let (gap, tokens) = match (&self.tokens, self.d, self.h) {
            (Some(t), _, _) => {
                let (g, t) = gap_from_tokens(t)?;
                (g, Some(t))
            }
            (None, Some(d), _) => (Gap::from_d(d)?, None),
            (None, None, Some(h)) => (Gap::new(h, self.u.unwrap_or(0), self.w.unwrap_or(0))?, None),
            (None, None, None) => {
                return Err(Error::Input(
                    "give the configuration: --d D, --h H --u U --w W, or --tokens x,y,z".into(),
                ))
            }
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
