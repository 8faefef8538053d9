//! Searched heads (`minip-search-head/1`, docs/math.md §14) as `minip-head/1` files
//! (docs/heads.md), so that `minip head verify FILE --len 3` checks them by its own
//! exhaustive exact evaluation, independently of `minip_check`'s check: `φ_Q`, `φ_K` the
//! certificate's tables, `v = e_k`, `w(q) = s(q,·)`, `β = 0`.

use super::bits;
use minip_check::check::Checked;
use minip_check::format::search::SearchHead;
use serde_json::{json, Map, Value};

/// `{"table": {bits: row}}` with the token of index `x` at `bits(m, x)`.
fn table(m: u32, rows: &[Vec<String>]) -> Value {
    let mut t = Map::new();
    for (x, r) in rows.iter().enumerate() {
        t.insert(bits(m, x as u32), json!(r));
    }
    json!({ "table": t })
}

/// The head file of a checked searched head.
pub fn head_file(cert: &Checked<SearchHead>) -> String {
    let c = cert.cert();
    let m = c.params.m;
    let v = json!({
        "format": super::file::FORMAT,
        "name": format!("searched head (m = {m}, rank {})", c.rank),
        "comment": "written from a checked minip-search-head/1 certificate (docs/math.md §14): phi_q, phi_k its tables; w(q) = s(q, .), v = unit, beta = 0",
        "m": m,
        "phi_q": table(m, &c.phi_q),
        "phi_k": table(m, &c.phi_k),
        "v": "unit",
        "w": table(m, &c.s),
        "beta": "zero",
    });
    serde_json::to_string(&v).expect("serializes") + "\n"
}
