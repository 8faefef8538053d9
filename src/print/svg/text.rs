//! Text in a plot: markup for superscripts and subscripts, escaping, tick labels and the
//! estimated width of a label.

use std::fmt::Write;

/// A tick value as printed: an integer without decimals, otherwise at most three decimals;
/// a minus sign is `−`.
pub(super) fn fmt_tick(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64).replace('-', "−")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').replace('-', "−")
    }
}

/// Text with markup, escaped: `^{…}` is a superscript and `_{…}` a subscript (real tspans,
/// not a caret), and the word `eps` is written `ε`.
pub fn rich(t: &str) -> String {
    let mut out = String::new();
    let mut rest = t;
    while let Some(i) = rest.find(['^', '_']) {
        let (before, after) = rest.split_at(i);
        let Some(body) = after[1..].strip_prefix('{') else {
            out.push_str(&words(&esc(before), false));
            out.push_str(&esc(&after[..1]));
            rest = &after[1..];
            continue;
        };
        let Some(close) = body.find('}') else { break };
        out.push_str(&words(&esc(before), false));
        let (shift, back) = if after.starts_with('^') { ("-5", "5") } else { ("3", "-3") };
        let _ = write!(
            out,
            r#"<tspan dy="{shift}" font-size="0.75em">{}</tspan><tspan dy="{back}">{}</tspan>"#,
            words(&esc(&body[..close]), true),
            "\u{200b}"
        );
        rest = &body[close + 1..];
    }
    out.push_str(&words(&esc(rest), false));
    out
}

/// `eps` → `ε`, `-` between digits or letters in exponents → `−`.
fn words(t: &str, exponent: bool) -> String {
    let mut s = String::new();
    let chars: Vec<char> = t.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let boundary = |j: usize| j >= chars.len() || !chars[j].is_ascii_alphanumeric();
        if chars[i..].starts_with(&['e', 'p', 's']) && (i == 0 || boundary(i - 1)) && boundary(i + 3) {
            s.push('ε');
            i += 3;
            continue;
        }
        if exponent && chars[i] == '-' {
            s.push('−');
        } else {
            s.push(chars[i]);
        }
        i += 1;
    }
    s
}

/// The width of `t` (with markup) at font size 12, estimated.
pub(super) fn text_width(t: &str) -> f64 {
    let plain: String = t.replace("^{", "").replace("_{", "").replace('}', "");
    6.4 * plain.chars().count() as f64
}

/// `&`, `<` and `>` escaped for SVG text.
fn esc(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn superscripts_are_tspans_and_eps_is_epsilon() {
        assert_eq!(
            rich("2^{10}"),
            "2<tspan dy=\"-5\" font-size=\"0.75em\">10</tspan><tspan dy=\"5\">\u{200b}</tspan>"
        );
        assert_eq!(rich("n = 3, eps = 1/2, a<b"), "n = 3, ε = 1/2, a&lt;b");
        assert!(rich("2^{m/10-6}").contains(">m/10−6</tspan>"));
        assert_eq!(rich("steps"), "steps");
    }

    #[test]
    fn tick_labels_and_widths() {
        assert_eq!(
            [fmt_tick(-2.0), fmt_tick(0.25), fmt_tick(1.5), fmt_tick(-0.125)],
            ["−2", "0.25", "1.5", "−0.125"]
        );
        // The markup is not counted: `2^{m}` is two characters wide.
        assert_eq!(text_width("2^{m}"), 12.8);
        assert_eq!(esc("a & <b>"), "a &amp; &lt;b&gt;");
    }
}
