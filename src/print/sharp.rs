//! The text of `minip sharp` for one configuration: `kstar` with both sides of its
//! certificate (the Farkas multipliers below, a witness head above), or why nothing was
//! certified.

use crate::error::Error;
use minip_check::check::Checked;
use minip_check::format::sharp::{SharpCertificate, EMPTY, MINUS_INF};
use minip_check::model::{Instance, Positions};
use minip_check::rational::{fmt_q, parse_rational, to_f64};

/// The text when nothing was certified.
pub fn unknown(reason: &str) -> String {
    format!("kstar    unknown\nreason   {reason}\n")
}

/// The text of a certified `kstar`: the configuration, the setting beyond Min-IP when there
/// is one, `kstar` against the lemma's K, and the certificate's two sides.
pub fn kstar(inst: &Instance, cert: &Checked<SharpCertificate>) -> Result<String, Error> {
    let g = inst.gap;
    let mut s = format!(
        "instance  n = {}, eps = {}, (h, u, w) = ({}, {}, {}), d = {}, family {}\n",
        inst.n,
        fmt_q(&inst.eps),
        g.h,
        g.u,
        g.w,
        inst.d(),
        inst.family.name()
    );
    if !inst.setting.is_default() {
        let (good, bad) = (["x", "y", "z"][inst.good()], ["x", "y", "z"][inst.bad()]);
        let at = inst.setting.at.map(|p| format!(" at key position {p}")).unwrap_or_else(|| {
            if inst.setting.positions == Positions::Shared {
                String::new()
            } else {
                " (summed over key positions)".into()
            }
        });
        s.push_str(&format!("setting   {}: kstar = inf alpha(x,{good})/alpha(x,{bad}){at} over correct heads with alpha(x,{bad}) > 0\n", inst.setting.label()));
        let lp = minip_check::rows::gap::gap_lp(inst);
        s.push_str(&format!("variables {}\n", lp.vars.join(" ")));
    }
    if cert.kstar == EMPTY {
        let l: Vec<String> =
            cert.lower.as_ref().expect("checked").iter().map(|(k, v)| format!("{k}·{v}")).collect();
        s.push_str(&format!("kstar     empty: no head is correct on this family at all (exact Farkas certificate without the bound row)\nlower     {}\n", l.join(", ")));
        return Ok(s);
    }
    if cert.kstar == MINUS_INF {
        s.push_str(&format!("kstar     -inf: no lower bound (a closure point and a ray along which alpha(x,good) falls; exact)\npaper K   {}  → {}\n", cert.paper_k, explain(&cert.relation)));
        s.push_str(&format!(
            "closure   ({})\nray       ({})\n",
            cert.closure.as_ref().expect("checked").join(", "),
            cert.ray.as_ref().expect("checked").join(", ")
        ));
        s.push_str(&format!(
            "witness   correct head: alpha = ({}), s = ({})\nchecked   exact (minip-sharp/1)\n",
            cert.witness.alpha.join(", "),
            cert.witness.s.join(", ")
        ));
        return Ok(s);
    }
    let kf = to_f64(&parse_rational(&cert.kstar)?);
    let (gn, bn) = (["x", "y", "z"][inst.good()], ["x", "y", "z"][inst.bad()]);
    s.push_str(&format!(
        "kstar     {} (≈ {kf:.6}) = inf alpha(x,{gn})/alpha(x,{bn}) over correct heads\n",
        cert.kstar
    ));
    s.push_str(&format!("paper K   {}  → {}\n", cert.paper_k, explain(&cert.relation)));
    if cert.attained {
        s.push_str("attained  yes: a correct head has alpha(x,y) = 0 < alpha(x,z), so b/c = 0 is a minimum");
        s.push_str(if cert.paper_k.starts_with('-') { "\n" } else { " (the strict b > K·c fails here)\n" });
    } else {
        let lower = cert.lower.as_ref().expect("checked");
        let l: Vec<String> = lower.iter().map(|(k, v)| format!("{k}·{v}")).collect();
        s.push_str(&format!(
            "lower     every correct head has b > kstar·c: Farkas multipliers {}\n",
            l.join(", ")
        ));
        let vars = if inst.setting.is_default() {
            "a, b, c, P, Q, S".to_string()
        } else {
            minip_check::rows::gap::gap_lp(inst).vars.join(", ")
        };
        s.push_str(&format!(
            "closure   ({vars}) = ({}) meets every closed row with b = kstar·c\n",
            cert.closure.as_ref().expect("checked").join(", ")
        ));
    }
    let w = &cert.witness;
    s.push_str(&format!(
        "witness   correct head with b <= {}·c: alpha = ({}), s = ({})\n",
        w.bound,
        w.alpha.join(", "),
        w.s.join(", ")
    ));
    s.push_str("checked   both sides exact (minip-sharp/1)\n");
    Ok(s)
}

/// The relation of `kstar` to the lemma's K, in words.
fn explain(rel: &str) -> &'static str {
    match rel {
        "sharp" => "sharp (kstar = K)",
        "loose" => "loose (kstar > K: a stronger factor holds)",
        _ => "FAILS (kstar < K: a correct head has b <= K·c)",
    }
}
