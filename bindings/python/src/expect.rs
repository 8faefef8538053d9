//! The comparison of a grid run with an `--expect` table, as the command line reports it on
//! stderr, shared by `sweep`, `sharp_grid` and `amplify_grid`.

use minip::batch::expect::{compare, Row, Table};
use serde_json::{json, Value};

/// The comparison with an `--expect` table, as `minip sweep --expect` reports it on stderr:
/// one line per change, the summary, the exit status.
pub(crate) fn expect_json(table: &Table, grid: Vec<Row>, run: &[Row]) -> Value {
    let rep = compare(table, grid, run);
    json!({
        "lines": rep.lines,
        "changes": rep.changes,
        "unknown": rep.unknown,
        "compared": rep.compared,
        "summary": rep.summary(table),
        "exit_code": rep.exit_code(),
    })
}
