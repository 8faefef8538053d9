//! Expected-outcome tables for CI regression (`--expect TABLE` on `sweep`, `sharp --grid` and
//! `amplify --grid`): read a table, compare it per configuration with the records of a run,
//! and say what changed, one line per configuration.
//!
//! A table is what the command prints with `--json` (JSON Lines, one record per line, the
//! fields of docs/schema/), or a CSV file whose header names the same fields (e.g. the
//! `--csv` table of `sharp --grid`). A configuration is named by its key fields (`n`, `eps`,
//! `(h, u, w)`, `family`, `bound`, the setting, …); the compared values are the verdict and,
//! where the command reports them, `kstar`, the ratio and the bound. A configuration that is
//! in one side only is a change. Exact values are compared as rationals (`0.5` = `1/2`).
//!
//! Works on the serialized records only: no solver, no command line.

use crate::error::Error;
use minip_check::rational::{fmt_q, parse_rational};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// The three kinds of record a table can hold, one per command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `sweep` (`gap.verdict`).
    Gap,
    /// `sharp --grid` (`sharp.kstar`).
    Sharp,
    /// `amplify --grid` (`amplify.series`).
    Series,
}

/// A key field with its value when a table leaves it out (`""`: none).
struct KeyField(&'static str, Option<&'static str>);

impl Kind {
    /// The `kind` of the JSON lines of this command.
    pub fn json_kind(self) -> &'static str {
        match self {
            Kind::Gap => "gap.verdict",
            Kind::Sharp => "sharp.kstar",
            Kind::Series => "amplify.series",
        }
    }
    fn command(self) -> &'static str {
        match self {
            Kind::Gap => "minip sweep GRID --json",
            Kind::Sharp => "minip sharp --grid GRID --json",
            Kind::Series => "minip amplify --grid GRID --json",
        }
    }
    /// The fields that name a configuration, in the order they are printed; a default applies
    /// when a table has no such field (`None`: the field is required).
    fn keys(self) -> &'static [KeyField] {
        match self {
            Kind::Gap => &[
                KeyField("setting", Some("")),
                KeyField("n", None),
                KeyField("eps", None),
                KeyField("h", None),
                KeyField("u", None),
                KeyField("w", None),
                KeyField("family", None),
                KeyField("bound", Some("paper")),
            ],
            Kind::Sharp => &[
                KeyField("setting", Some("")),
                KeyField("n", None),
                KeyField("eps", None),
                KeyField("h", None),
                KeyField("u", None),
                KeyField("w", None),
                KeyField("family", None),
            ],
            Kind::Series => &[
                KeyField("series", None),
                KeyField("setting", Some("")),
                KeyField("n", None),
                KeyField("eps", None),
                KeyField("h", None),
                KeyField("lo", None),
                KeyField("hi", None),
                KeyField("superset", Some("false")),
                KeyField("m", Some("")),
            ],
        }
    }
    /// The compared values: required ones first (a table must have them), then the ones a
    /// CSV table may leave out (a JSON table states them all: an absent field is "none").
    fn values(self) -> (&'static [&'static str], &'static [&'static str]) {
        match self {
            Kind::Gap => (&["verdict"], &["kprime", "paper_k"]),
            Kind::Sharp => (&["kstar"], &["verdict", "relation", "attained", "paper_k"]),
            Kind::Series => (&["ratio"], &["verdict", "chain_bound"]),
        }
    }
}

/// One record, its fields as text.
pub type Row = BTreeMap<String, String>;

/// A record of a run as a row (through its JSON form, so a table written by `--json` and a
/// run compare field by field).
pub fn row<T: Serialize>(record: &T) -> Row {
    let v = serde_json::to_value(record).expect("records serialize");
    let mut r = Row::new();
    if let Value::Object(o) = v {
        for (k, v) in o {
            if let Some(s) = scalar(&v) {
                r.insert(k, s);
            }
        }
    }
    r
}

fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// A field's value in the one form compared: rationals reduced (`0.5` → `1/2`), settings
/// with one space after each comma, everything else trimmed.
fn normal(field: &str, value: &str) -> String {
    let v = value.trim();
    match field {
        "eps" | "bound" | "kprime" | "paper_k" | "kstar" | "ratio" | "chain_bound" => {
            parse_rational(v).map(|q| fmt_q(&q)).unwrap_or_else(|_| v.to_string())
        }
        "setting" => v.split(',').map(str::trim).filter(|s| !s.is_empty()).collect::<Vec<_>>().join(", "),
        _ => v.to_string(),
    }
}

/// The separator of the fields of a key (and of the values) as stored: a control character
/// that no field value of a record holds.
const SEP: char = '\u{1f}';

/// The longest line a table may have: a record is a few hundred bytes, so a longer line is not
/// one (and would cost its length many times over to parse).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The most columns a CSV table may have (a record has about 20 fields).
pub const MAX_COLUMNS: usize = 256;

/// One expected outcome: its line in the table and its compared values (in the order of
/// `Table::compared`, joined by `SEP`: one allocation per row, so that a table of the input
/// limit takes a few times its size in memory, not tens of times).
#[derive(Clone, Debug)]
struct Expected {
    line: usize,
    values: Box<str>,
}

impl Expected {
    fn value(&self, i: usize) -> &str {
        self.values.split(SEP).nth(i).unwrap_or("")
    }
}

/// A parsed table of expected outcomes.
#[derive(Clone, Debug)]
pub struct Table {
    pub kind: Kind,
    /// Where it came from (for messages).
    pub source: String,
    /// The compared values the table states (a CSV table may state fewer than all).
    compared: Vec<&'static str>,
    /// By key (the key fields, normalized, joined by `SEP`).
    rows: HashMap<Box<str>, Expected>,
}

impl Table {
    /// The number of configurations the table lists.
    pub fn len(&self) -> usize {
        self.rows.len()
    }
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

/// The most configurations a table checked against a grid of `grid` configurations may list:
/// twice the grid, or 1000. A table of the grid lists each configuration once; rows beyond the
/// grid are reported one by one as stale, up to this many, and a longer table is not a table
/// of this grid (it is refused before it is read to the end).
pub fn max_rows(grid: usize) -> usize {
    grid.saturating_mul(2).max(1000)
}

/// Parses a table checked against a grid of `grid` configurations: JSON Lines (the first
/// non-blank line starts with `{`) or CSV with a header. Every error names the line. Each line
/// is parsed and reduced to its key and compared values at once, so the memory taken is a
/// small multiple of the table's size (see `max_rows` for the number of rows read).
pub fn parse_table(text: &str, kind: Kind, source: &str, grid: usize) -> Result<Table, Error> {
    let first = text.lines().find(|l| !l.trim().is_empty());
    let Some(first) = first else {
        return Err(Error::Input(format!(
            "{source}: empty table (write one with `{} > TABLE`)",
            kind.command()
        )));
    };
    let (required, optional) = kind.values();
    let mut table = Table { kind, source: source.to_string(), compared: Vec::new(), rows: HashMap::new() };
    let limit = max_rows(grid);
    let long = |i: usize| {
        format!(
            "{source}: line {}: longer than {} MiB (a record is a few hundred bytes)",
            i + 1,
            MAX_LINE_BYTES >> 20
        )
    };
    if first.trim_start().starts_with('{') {
        table.compared = required.iter().chain(optional).copied().collect();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            if line.len() > MAX_LINE_BYTES {
                return Err(Error::Input(long(i)));
            }
            let at = |e: &str| format!("{source}: line {}: {e}", i + 1);
            minip_check::read::reject_duplicate_keys(line).map_err(|e| Error::Input(at(&e)))?;
            let v: Value =
                serde_json::from_str(line).map_err(|e| Error::Input(at(&format!("malformed JSON: {e}"))))?;
            let Value::Object(o) = v else { return Err(Error::Input(at("expected a JSON object"))) };
            if let Some(k) = o.get("kind") {
                if k.as_str() != Some(kind.json_kind()) {
                    return Err(Error::Input(at(&format!(
                        "a record of kind {k}, expected \"{}\" (a table of `{}`)",
                        kind.json_kind(),
                        kind.command()
                    ))));
                }
            }
            add(&mut table, i + 1, limit, grid, |f| o.get(f).and_then(scalar))?;
        }
    } else {
        let start = text.lines().position(|l| !l.trim().is_empty()).expect("a first line");
        if first.len() > MAX_LINE_BYTES {
            return Err(Error::Input(long(start)));
        }
        let at1 = |e: &str| format!("{source}: line {}: {e}", start + 1);
        let header = split_csv(first).map_err(|e| Error::Input(at1(&e)))?;
        if header.len() > MAX_COLUMNS {
            return Err(Error::Input(at1(&format!(
                "{} columns, more than the {MAX_COLUMNS} a table may have",
                header.len()
            ))));
        }
        // A column named twice: one reader takes the first, another the last.
        let mut column: HashMap<&str, usize> = HashMap::new();
        for (c, h) in header.iter().enumerate() {
            if let Some(prev) = column.insert(h.as_str(), c) {
                return Err(Error::Input(at1(&format!(
                    "column {h} appears twice (columns {} and {})",
                    prev + 1,
                    c + 1
                ))));
            }
        }
        table.compared = required
            .iter()
            .copied()
            .chain(optional.iter().copied().filter(|f| column.contains_key(f)))
            .collect();
        for (i, line) in text.lines().enumerate().skip(start + 1) {
            if line.trim().is_empty() {
                continue;
            }
            if line.len() > MAX_LINE_BYTES {
                return Err(Error::Input(long(i)));
            }
            let at = |e: &str| format!("{source}: line {}: {e}", i + 1);
            let cells = split_csv(line).map_err(|e| Error::Input(at(&e)))?;
            if cells.len() != header.len() {
                return Err(Error::Input(at(&format!(
                    "{} cells, the header has {}",
                    cells.len(),
                    header.len()
                ))));
            }
            add(&mut table, i + 1, limit, grid, |f| {
                column.get(f).map(|&c| cells[c].clone()).filter(|v| !v.is_empty())
            })?;
        }
    }
    if table.rows.is_empty() {
        return Err(Error::Input(format!("{source}: no configurations in the table")));
    }
    Ok(table)
}

/// Adds the row of table line `line`, whose fields `get` gives.
fn add(
    table: &mut Table,
    line: usize,
    limit: usize,
    grid: usize,
    get: impl Fn(&str) -> Option<String>,
) -> Result<(), Error> {
    let (kind, source) = (table.kind, &table.source);
    let at = |e: &str| format!("{source}: line {line}: {e}");
    if table.rows.len() == limit {
        return Err(Error::Input(at(&format!(
            "more than {limit} configurations, for a grid of {}: not a table of this grid (write one with `{} > TABLE`)",
            crate::print::count(grid, "configuration", "configurations"),
            kind.command()
        ))));
    }
    let key = key_of(kind, &get).map_err(|e| Error::Input(at(&e)))?;
    let (required, _) = kind.values();
    let mut values = String::new();
    for (i, &f) in table.compared.iter().enumerate() {
        if i > 0 {
            values.push(SEP);
        }
        match get(f) {
            Some(v) if v == "unknown" => {
                return Err(Error::Input(at(&format!(
                    "{f} is unknown: nothing was certified there, so it cannot be expected (rerun the command that wrote the table)"
                ))))
            }
            Some(v) => values.push_str(&normal(f, &v)),
            None if required.contains(&f) => return Err(Error::Input(at(&format!("field {f} missing")))),
            None => {}
        }
    }
    if let Some(prev) = table.rows.get(key.as_str()) {
        return Err(Error::Input(at(&format!(
            "{} is listed twice (first on line {})",
            name(kind, &key),
            prev.line
        ))));
    }
    table.rows.insert(key.into_boxed_str(), Expected { line, values: values.into_boxed_str() });
    Ok(())
}

/// Splits one CSV line: cells separated by commas, a cell in double quotes may hold commas
/// (and `""` for a quote). Cells span one line.
fn split_csv(line: &str) -> Result<Vec<String>, Error> {
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut chars = line.trim_end_matches(['\r', '\n']).chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', false) if cell.trim().is_empty() => {
                cell.clear();
                quoted = true;
            }
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            ('"', true) => quoted = false,
            ('"', false) => return Err(Error::Input("a quote inside an unquoted CSV cell".into())),
            (',', false) => cells.push(std::mem::take(&mut cell).trim().to_string()),
            (c, _) => cell.push(c),
        }
    }
    if quoted {
        return Err(Error::Input("an unterminated quote".into()));
    }
    cells.push(cell.trim().to_string());
    Ok(cells)
}

/// The key of a row whose fields `get` gives: its key fields, normalized, defaults filled
/// in, joined by `SEP`.
fn key_of(kind: Kind, get: impl Fn(&str) -> Option<String>) -> Result<String, Error> {
    let mut key = String::new();
    for (i, KeyField(f, default)) in kind.keys().iter().enumerate() {
        if i > 0 {
            key.push(SEP);
        }
        match (get(f), default) {
            (Some(v), _) => key.push_str(&normal(f, &v)),
            (None, Some(d)) => key.push_str(d),
            (None, None) => return Err(Error::Input(format!("field {f} missing"))),
        }
    }
    Ok(key)
}

/// The key of a record of a run.
fn row_key(kind: Kind, r: &Row) -> Result<String, Error> {
    key_of(kind, |f| r.get(f).cloned())
}

/// A configuration by all its parameters: `n=3 eps=1/2 h=1 u=0 w=1 family=paper bound=paper`,
/// the setting and `m` only when given.
fn name(kind: Kind, key: &str) -> String {
    kind.keys()
        .iter()
        .zip(key.split(SEP))
        .filter(|(KeyField(f, _), v)| !(v.is_empty() && matches!(*f, "setting" | "m")))
        .map(
            |(KeyField(f, _), v)| {
                if v.contains(' ') || v.is_empty() {
                    format!("{f}=\"{v}\"")
                } else {
                    format!("{f}={v}")
                }
            },
        )
        .collect::<Vec<_>>()
        .join(" ")
}

/// The outcome of a comparison.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// One line per change or error, in run order, then table order.
    pub lines: Vec<String>,
    /// Configurations whose outcome differs, or that are in one side only.
    pub changes: usize,
    /// Configurations of the run with nothing certified (`unknown`): errors, not changes.
    pub unknown: usize,
    /// Configurations of the run compared with the table.
    pub compared: usize,
}

impl Report {
    /// The exit status: 2 if anything is unknown, else 1 if anything changed, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.unknown > 0 {
            2
        } else if self.changes > 0 {
            1
        } else {
            0
        }
    }
    /// One summary line.
    pub fn summary(&self, table: &Table) -> String {
        match (self.changes, self.unknown) {
            (0, 0) => format!("expect: all {} configurations as in {}", self.compared, table.source),
            (c, u) => format!(
                "expect: {c} change{} and {u} unknown against {} ({} configurations run)",
                if c == 1 { "" } else { "s" },
                table.source,
                self.compared
            ),
        }
    }
}

/// Compares a run with a table. `grid` is every configuration of the grid (as rows, read
/// once and not kept), `run` the records of this run: all of `grid`, or one shard of it. A
/// table row whose configuration is in the grid but not in this run belongs to another shard
/// and is left alone; a table row that is no configuration of the grid at all is a change in
/// every shard (a stale table fails wherever it is run).
pub fn compare<R: std::borrow::Borrow<Row>>(
    table: &Table,
    grid: impl IntoIterator<Item = R>,
    run: &[Row],
) -> Report {
    let kind = table.kind;
    let mut rep = Report::default();
    let mut seen: HashSet<String> = HashSet::new();
    for r in run {
        let Ok(key) = row_key(kind, r) else { continue };
        rep.compared += 1;
        let who = name(kind, &key);
        seen.insert(key.clone());
        if r.get("verdict").map(String::as_str) == Some("unknown") {
            rep.unknown += 1;
            let why = r.get("reason").cloned().unwrap_or_default();
            rep.lines.push(format!("expect: unknown {who}: nothing certified ({why})"));
            continue;
        }
        let got = |f: &str| r.get(f).map(|v| normal(f, v)).unwrap_or_default();
        match table.rows.get(key.as_str()) {
            None => {
                rep.changes += 1;
                let (req, _) = kind.values();
                let what: Vec<String> =
                    ["verdict"].iter().chain(req).map(|f| format!("{f} {}", shown(&got(f)))).collect();
                rep.lines.push(format!("expect: not in the table: {who} ({})", dedup(what).join(", ")));
            }
            Some(exp) => {
                let diffs: Vec<String> = table
                    .compared
                    .iter()
                    .enumerate()
                    .filter(|(i, f)| got(f) != exp.value(*i))
                    .map(|(i, f)| format!("{f} {} (expected {})", shown(&got(f)), shown(exp.value(i))))
                    .collect();
                if !diffs.is_empty() {
                    rep.changes += 1;
                    rep.lines.push(format!(
                        "expect: changed {who}: {} (table line {})",
                        diffs.join(", "),
                        exp.line
                    ));
                }
            }
        }
    }
    // The table's rows of neither this run nor the grid, in table order.
    let mut stale: HashSet<&str> = table.rows.keys().map(|k| &**k).filter(|k| !seen.contains(*k)).collect();
    for g in grid {
        if stale.is_empty() {
            break;
        }
        if let Ok(key) = row_key(kind, g.borrow()) {
            stale.remove(key.as_str());
        }
    }
    let mut stale: Vec<(&str, &Expected)> = stale.into_iter().map(|k| (k, &table.rows[k])).collect();
    stale.sort_by_key(|(_, e)| e.line);
    for (key, exp) in stale {
        rep.changes += 1;
        let (req, _) = kind.values();
        let what: Vec<String> = ["verdict"]
            .iter()
            .chain(req)
            .filter_map(|f| {
                let i = table.compared.iter().position(|c| c == f)?;
                Some(format!("{f} {}", shown(exp.value(i))))
            })
            .collect();
        rep.lines.push(format!(
            "expect: not in the grid: {} (table line {}: {})",
            name(kind, key),
            exp.line,
            dedup(what).join(", ")
        ));
    }
    rep
}

fn shown(v: &str) -> &str {
    if v.is_empty() {
        "none"
    } else {
        v
    }
}

fn dedup(mut v: Vec<String>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    v.retain(|x| seen.insert(x.clone()));
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gap_line(h: u32, verdict: &str) -> String {
        format!(
            "{{\"n\":3,\"eps\":\"1/2\",\"h\":{h},\"u\":0,\"w\":{h},\"d\":{h},\"family\":\"paper\",\"bound\":\"paper\",\"kprime\":\"{}\",\"paper_k\":\"{}\",\"verdict\":\"{verdict}\",\"kind\":\"gap.verdict\"}}\n",
            h - 1,
            h - 1
        )
    }

    fn rows(text: &str) -> Vec<Row> {
        text.lines().map(|l| row(&serde_json::from_str::<Value>(l).unwrap())).collect()
    }

    #[test]
    fn equal_tables_pass_and_every_kind_of_change_is_one_line() {
        let run_text = gap_line(1, "broken") + &gap_line(2, "holds") + &gap_line(3, "holds");
        let run = rows(&run_text);
        let t = parse_table(&run_text, Kind::Gap, "t", 10).unwrap();
        let rep = compare(&t, &run, &run);
        assert_eq!((rep.changes, rep.unknown, rep.compared, rep.exit_code()), (0, 0, 3, 0));

        // One edited verdict: exit 1, one line naming the configuration by all its parameters.
        let edited = gap_line(1, "holds") + &gap_line(2, "holds") + &gap_line(3, "holds");
        let rep = compare(&parse_table(&edited, Kind::Gap, "t", 10).unwrap(), &run, &run);
        assert_eq!(rep.exit_code(), 1);
        assert_eq!(
            rep.lines,
            ["expect: changed n=3 eps=1/2 h=1 u=0 w=1 family=paper bound=paper: verdict broken (expected holds) (table line 1)"]
        );

        // Missing from the table, and a row that is no configuration of the grid.
        let short = gap_line(2, "holds") + &gap_line(3, "holds") + &gap_line(4, "holds");
        let rep = compare(&parse_table(&short, Kind::Gap, "t", 10).unwrap(), &run, &run);
        assert_eq!(rep.changes, 2);
        assert_eq!(
            rep.lines,
            [
                "expect: not in the table: n=3 eps=1/2 h=1 u=0 w=1 family=paper bound=paper (verdict broken)",
                "expect: not in the grid: n=3 eps=1/2 h=4 u=0 w=4 family=paper bound=paper (table line 3: verdict holds)"
            ]
        );
    }

    #[test]
    fn a_shard_leaves_the_other_shards_rows_alone_but_not_stale_rows() {
        let all_text = gap_line(1, "broken") + &gap_line(2, "holds") + &gap_line(3, "holds");
        let all = rows(&all_text);
        let t = parse_table(&all_text, Kind::Gap, "t", 10).unwrap();
        let rep = compare(&t, &all, &all[1..2]);
        assert_eq!((rep.changes, rep.compared, rep.exit_code()), (0, 1, 0));
        let stale = all_text.clone() + &gap_line(5, "holds");
        let rep = compare(&parse_table(&stale, Kind::Gap, "t", 10).unwrap(), &all, &all[1..2]);
        assert_eq!(rep.exit_code(), 1);
        assert!(rep.lines[0].contains("not in the grid: n=3 eps=1/2 h=5"), "{:?}", rep.lines);
    }

    #[test]
    fn unknown_is_an_error_in_a_run_and_refused_in_a_table() {
        let text = gap_line(2, "holds");
        let t = parse_table(&text, Kind::Gap, "t", 10).unwrap();
        let run = rows(&gap_line(2, "unknown"));
        let rep = compare(&t, &run, &run);
        assert_eq!((rep.unknown, rep.changes, rep.exit_code()), (1, 0, 2));
        let e = parse_table(&gap_line(2, "unknown"), Kind::Gap, "t", 10).unwrap_err();
        assert!(e.contains("line 1: verdict is unknown"), "{e}");
    }

    #[test]
    fn malformed_tables_are_refused_with_the_line() {
        let ok = gap_line(2, "holds");
        for (text, needle) in [
            (String::new(), "empty table"),
            (ok.clone() + "{not json}\n", "line 2: malformed JSON"),
            (ok.clone() + &ok, "line 2: n=3 eps=1/2 h=2 u=0 w=2 family=paper bound=paper is listed twice"),
            (ok.replace("gap.verdict", "sharp.kstar"), "line 1: a record of kind \"sharp.kstar\""),
            (ok.replace("\"h\":2,", ""), "line 1: field h missing"),
            (ok.replace("\"verdict\"", "\"verdict\":\"x\",\"verdict\""), "duplicate key"),
            ("n,eps,h\n3,1/2\n".into(), "line 2: 2 cells, the header has 3"),
            // A column named twice: the first would say one thing, the last another.
            (
                "n,eps,h,u,w,family,verdict,bound,verdict\n3,1/2,2,0,2,paper,holds,paper,broken\n".into(),
                "line 1: column verdict appears twice (columns 7 and 9)",
            ),
            (format!("{}\n", vec!["c"; MAX_COLUMNS + 1].join(",")), "line 1: 257 columns, more than the 256"),
            (ok.clone() + &" ".repeat(MAX_LINE_BYTES + 1) + "x\n", "line 2: longer than 1 MiB"),
        ] {
            let e = parse_table(&text, Kind::Gap, "t", 10).unwrap_err();
            assert!(e.contains(needle), "{e}");
            assert_eq!(e.lines().count(), 1);
        }
    }

    #[test]
    fn csv_tables_compare_the_columns_they_have_and_rationals_by_value() {
        // The `--csv` table of `sharp --grid` (no verdict column) is a valid sharp table.
        let csv = "n,eps,h,u,w,d,family,kstar,kstar_float,paper_k,relation,attained\n\
                   3,1/2,2,0,2,2,paper,1,1.000000,1,sharp,false\n\
                   3,0.5,3,0,3,3,paper,4/2,2.000000,2,sharp,false\n";
        let t = parse_table(csv, Kind::Sharp, "t.csv", 10).unwrap();
        let rec = |h: u32, kstar: &str| -> Row {
            [
                ("n", "3".to_string()),
                ("eps", "1/2".into()),
                ("h", h.to_string()),
                ("u", "0".into()),
                ("w", h.to_string()),
                ("family", "paper".into()),
                ("kstar", kstar.into()),
                ("paper_k", (h - 1).to_string()),
                ("relation", "sharp".into()),
                ("attained", "false".into()),
                ("verdict", "certified".into()),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect()
        };
        let run = vec![rec(2, "1"), rec(3, "2")];
        assert_eq!(compare(&t, &run, &run).exit_code(), 0);
        let run = vec![rec(2, "1"), rec(3, "5/2")];
        let rep = compare(&t, &run, &run);
        assert_eq!(
            rep.lines,
            ["expect: changed n=3 eps=1/2 h=3 u=0 w=3 family=paper: kstar 5/2 (expected 2) (table line 3)"]
        );
        // Quoted cells hold a setting with commas.
        assert_eq!(split_csv("a,\"max-ip, signed\",\"x\"\"y\"").unwrap(), ["a", "max-ip, signed", "x\"y"]);
        assert!(split_csv("a,\"b").is_err());
    }

    #[test]
    fn a_table_much_longer_than_its_grid_is_refused_before_it_is_read_to_the_end() {
        // Rows beyond the grid are stale rows, reported one by one up to twice the grid (or
        // 1000); past that the table is not one of this grid.
        let thousand: String = (1..=1000).map(|h| gap_line(h, "holds")).collect();
        assert_eq!(parse_table(&thousand, Kind::Gap, "t", 10).unwrap().len(), 1000);
        let text = thousand + &gap_line(1001, "holds");
        let e = parse_table(&text, Kind::Gap, "t", 10).unwrap_err();
        assert_eq!(
            e,
            "t: line 1001: more than 1000 configurations, for a grid of 10 configurations: not a table of this grid (write one with `minip sweep GRID --json > TABLE`)"
        );
        assert_eq!(parse_table(&text, Kind::Gap, "t", 501).unwrap().len(), 1001);
        let e = parse_table(&text, Kind::Gap, "t", 500).unwrap_err();
        assert!(e.starts_with("t: line 1001: more than 1000 configurations, for a grid of 500"), "{e}");
    }
}
