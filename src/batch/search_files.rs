//! The committed searched heads (`proofs/search/mMM.rR.json`, `minip-search-head/1`,
//! docs/math.md §14) as `minip frontier` reads them: every file checked by `minip_check`,
//! the head with the fewest features kept per `m`.

use super::committed::Source;
use super::frontier::Searched;
use crate::error::Error;
use minip_check::claim::{check_any, Claim};
use minip_check::rational::parse_rational;
use std::collections::BTreeMap;

/// The checked searched heads under `dir` for `m ≤ max_m`, the fewest features per `m`. A
/// missing directory gives none; a file that cannot be read or does not check is an error
/// naming it (as a rejected lower bound: nothing is printed from an unchecked claim).
pub fn read_searched(dir: &Source, max_m: u32) -> Result<BTreeMap<u32, Searched>, Error> {
    let mut out: BTreeMap<u32, Searched> = BTreeMap::new();
    for f in dir.files() {
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        // `mMM.rR.json`: the name selects the files; the numbers come from the checked claim.
        let Some(m) =
            name.strip_prefix('m').and_then(|s| s.split('.').next()).and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        if m > max_m || !name.ends_with(".json") {
            continue;
        }
        let (cert, ctx) = dir.read(&f).map_err(|e| Error::Rejected(format!("{}: {e}", f.display())))?;
        let claim =
            check_any(&cert, &ctx).map_err(|e| Error::Rejected(format!("{}: rejected: {e}", f.display())))?;
        let Claim::SearchHead(c) = claim else {
            return Err(Error::Rejected(format!(
                "{}: not a searched head (minip-search-head/1)",
                f.display()
            )));
        };
        if c.m != m {
            return Err(Error::Rejected(format!(
                "{}: the name says m = {m}, the head has m = {}",
                f.display(),
                c.m
            )));
        }
        let max_error =
            parse_rational(&c.max_error).map_err(|e| Error::Rejected(format!("{}: {e}", f.display())))?;
        let state = c
            .state
            .parse::<num_bigint::BigInt>()
            .map_err(|e| Error::Rejected(format!("{}: state: {e}", f.display())))?;
        let head =
            Searched { rank: c.rank, max_error, file: f.clone(), value_dim: c.value_dim.into(), state };
        if out.get(&m).is_none_or(|s| s.rank > head.rank) {
            out.insert(m, head);
        }
    }
    Ok(out)
}
