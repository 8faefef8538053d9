//! The human-readable answer to one gap question (`minip check`): the configuration, the
//! tokens the certificate states, the question, the verdict, and the nonzero Farkas
//! multipliers or the head with every output.

use super::table;
use minip_check::check::Checked;
use minip_check::format::gap::GapCertificate;
use minip_check::model::Instance;
use minip_check::rational::fmt_q;

pub fn describe(inst: &Instance, checked: &Checked<GapCertificate>) -> String {
    let cert = checked.cert();
    let g = inst.gap;
    let toks = [&cert.tokens.x, &cert.tokens.y, &cert.tokens.z];
    let mut s = format!(
        "instance  n = {}, eps = {}, (h, u, w) = ({}, {}, {}), d = {}, family {}\n",
        inst.n,
        fmt_q(&inst.eps),
        g.h,
        g.u,
        g.w,
        g.d(),
        inst.family.name()
    );
    s.push_str(&format!(
        "tokens    x = {}  y = {}  z = {}  (m = {})\n",
        toks[0],
        toks[1],
        toks[2],
        toks[0].len()
    ));
    if inst.setting.is_default() {
        s.push_str(&format!(
            "question  a correct head with alpha(x,y) <= K'*alpha(x,z), K' = {} ({})\n",
            fmt_q(&inst.kprime()),
            inst.bound.label()
        ));
    } else {
        let (good, bad) = (["x", "y", "z"][inst.good()], ["x", "y", "z"][inst.bad()]);
        let at = inst.setting.at.map(|p| format!(" at key position {p}")).unwrap_or_default();
        let pos = if inst.setting.kernel == minip_check::model::Kernel::Signed {
            format!(" and alpha(x,{bad}) > 0")
        } else {
            String::new()
        };
        s.push_str(&format!("setting   {} (gap d = {})\n", inst.setting.label(), inst.d()));
        s.push_str(&format!(
            "question  a correct head with alpha(x,{good}) <= K'*alpha(x,{bad}){at}{pos}, K' = {} ({})\n",
            fmt_q(&inst.kprime()),
            inst.bound.label()
        ));
    }
    match (&cert.farkas, &cert.head) {
        (Some(f), _) => {
            s.push_str("verdict   holds: no such head (exact Farkas certificate)\n\nnonzero multipliers (each closed row times its multiplier sums to 0 <= ");
            s.push_str(&f.combined_rhs);
            s.push_str(")\n");
            let body: Vec<Vec<String>> = f
                .rows
                .iter()
                .filter(|r| r.multiplier != "0")
                .map(|r| vec![r.name.clone(), r.multiplier.clone()])
                .collect();
            s.push_str(&table::render(&["row", "multiplier"], &body));
        }
        (None, Some(h)) => {
            s.push_str(
                "verdict   broken: a correct head meets the bound (exact, recomputed)\n\nhead at query x\n",
            );
            let ns = cert.variables.len() / 2;
            let names: Vec<String> =
                if ns == 3 && inst.setting.positions == minip_check::model::Positions::Shared {
                    vec!["x".into(), "y".into(), "z".into()]
                } else {
                    cert.variables[..ns].to_vec()
                };
            let body: Vec<Vec<String>> = names
                .iter()
                .zip(h.alpha.values())
                .zip(h.s.values())
                .map(|((n, a), v)| vec![n.clone(), a, v])
                .collect();
            s.push_str(&table::render(
                &[if ns == 3 { "token" } else { "slot" }, "alpha(x,.)", "s(x,.)"],
                &body,
            ));
            s.push('\n');
            let body: Vec<Vec<String>> = cert
                .sequences
                .iter()
                .zip(&h.outputs)
                .map(|(q, o)| vec![q.name.clone(), q.tokens.clone(), q.target.to_string(), o.yhat.clone()])
                .collect();
            s.push_str(&table::render(&["sequence", "tokens", "target", "yhat"], &body));
        }
        (None, None) => {}
    }
    s
}
