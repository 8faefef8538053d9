//! The house stays in order: the floors of CONTRIBUTING.md's layer table, enforced.
//!
//! - Whole repository: the bindings (bindings/) depend on the library (src/), which depends on
//!   the checker (crates/minip-check); never the other way (Cargo's dependencies say so).
//! - src/ and the checker's src/: every top-level module sits on a floor and imports only
//!   modules on lower floors (`FLOORS`, `CHECKER_FLOORS`: the table of CONTRIBUTING.md, which
//!   `floors_match_contributing` compares with this file).
//! - Inside them: the graph of `crate::…` and `super::…` paths between files (a module and its
//!   own submodules aside) has no cycle.

use crate::common::root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `src/certify/milp.rs` → `certify::milp`; `src/cli/mod.rs` → `cli`.
fn module(src: &Path, f: &Path) -> String {
    let rel = f.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib" || p == "main") {
        parts.pop();
    }
    parts.join("::")
}

/// The module paths a file names (`crate::a::b::item` → the longest prefix that is a module).
fn imports(text: &str, me: &str, mods: &BTreeSet<String>) -> BTreeSet<String> {
    let code: String = text.lines().map(|l| l.split("//").next().unwrap()).collect::<Vec<_>>().join("\n");
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices("crate::").chain(code.match_indices("super::")) {
        let path: String = code[i..].chars().take_while(|&c| ident(c)).collect();
        let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let base: Vec<String> = if segs[0] == "super" {
            // `super` of `a::b` (a.rs/b.rs or a/b/mod.rs alike) is `a`.
            let mut b: Vec<String> = me.split("::").filter(|s| !s.is_empty()).map(String::from).collect();
            b.pop();
            b
        } else {
            Vec::new()
        };
        segs.remove(0);
        for k in (1..=segs.len()).rev() {
            let mut full = base.clone();
            full.extend(segs[..k].iter().map(|s| s.to_string()));
            let c = full.join("::");
            if mods.contains(&c) {
                out.insert(c);
                break;
            }
        }
    }
    out.remove(me);
    out
}

/// The library's floors, bottom first: a module may import only modules on lower floors.
const FLOORS: &[&[&str]] = &[
    &["error"],
    &["control", "ranges", "linalg"],
    &["formulate"],
    &["solve"],
    &["repair"],
    &["codes", "heads"],
    &["certify"],
    &["print"],
    &["batch"],
    &["request"],
    &["cli"],
];

/// The checker's floors, bottom first.
const CHECKER_FLOORS: &[&[&str]] = &[
    &["error"],
    &["limits"],
    &["rational"],
    &["model", "format", "verdict"],
    &["rows", "read"],
    &["check"],
    &["claim"],
    &["verify"],
];

/// The top-level module of each file (`src/certify/ratio/lp.rs` → `certify`), and the top-level
/// modules it names through `crate::…` (comments left out).
fn top_level_imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut fs = Vec::new();
    files(src, &mut fs);
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &fs {
        let me = module(src, f);
        let top = me.split("::").next().unwrap().to_string();
        if top.is_empty() {
            continue; // lib.rs, main.rs: the crate root declares every module
        }
        let text = std::fs::read_to_string(f).unwrap();
        let code: String = text.lines().map(|l| l.split("//").next().unwrap()).collect::<Vec<_>>().join("\n");
        let entry = out.entry(top.clone()).or_default();
        for (i, _) in code.match_indices("crate::") {
            let rest = &code[i + "crate::".len()..];
            let names: Vec<String> = if let Some(group) = rest.strip_prefix('{') {
                // `use crate::{a::x, b};`: the first segment of each item.
                let inner = &group[..group.find('}').unwrap_or(group.len())];
                inner.split(',').map(|p| p.trim().split("::").next().unwrap().trim().to_string()).collect()
            } else {
                vec![rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()]
            };
            for n in names {
                if !n.is_empty() && n != top {
                    entry.insert(n);
                }
            }
        }
    }
    out
}

/// Every import that does not go to a lower floor, as `a -> b`.
fn upward(src: &Path, floors: &[&[&str]]) -> Vec<String> {
    let floor = |m: &str| floors.iter().position(|f| f.contains(&m));
    let mut bad = Vec::new();
    for (m, to) in top_level_imports(src) {
        let Some(fm) = floor(&m) else {
            bad.push(format!("{m}: not on any floor (add it to the table)"));
            continue;
        };
        for t in to {
            match floor(&t) {
                Some(ft) if ft < fm => {}
                Some(_) => bad.push(format!("{m} -> {t}")),
                None => {} // an item of the crate root (a re-export), not a module
            }
        }
    }
    bad
}

#[test]
fn the_library_imports_only_lower_floors() {
    let src = root().join("src");
    let seen = top_level_imports(&src);
    assert!(seen["certify"].contains("solve") && seen["cli"].contains("request"), "the scan sees imports");
    let bad = upward(&src, FLOORS);
    assert!(bad.is_empty(), "imports that do not go down a floor (CONTRIBUTING.md's table): {bad:#?}");
}

#[test]
fn the_checker_imports_only_lower_floors() {
    let src = root().join("crates/minip-check/src");
    let seen = top_level_imports(&src);
    assert!(seen["check"].contains("rows"), "the scan sees imports");
    let bad = upward(&src, CHECKER_FLOORS);
    assert!(bad.is_empty(), "checker imports that do not go down a floor: {bad:#?}");
}

/// Every solver call is in `src/solve/` (CONTRIBUTING.md's table): no other file of the
/// library names a solver crate (HiGHS, good_lp, varisat) outside its comments.
#[test]
fn only_solve_calls_a_solver() {
    let src = root().join("src");
    let mut fs = Vec::new();
    files(&src, &mut fs);
    let mut callers = BTreeSet::new();
    for f in &fs {
        let text = std::fs::read_to_string(f).unwrap();
        let code: String = text.lines().map(|l| l.split("//").next().unwrap()).collect::<Vec<_>>().join("\n");
        // Paths, not words: a help text may name the solver ("by varisat with a DRAT proof").
        if ["highs::", "highs_sys::", "good_lp::", "varisat::"].iter().any(|s| code.contains(s)) {
            callers.insert(module(&src, f));
        }
    }
    assert!(
        callers.contains("solve::search") && callers.contains("solve::sat"),
        "the scan sees solver calls"
    );
    let outside: Vec<&String> = callers.iter().filter(|m| !m.starts_with("solve")).collect();
    assert!(outside.is_empty(), "solver calls outside src/solve: {outside:?}");
}

/// The floor test catches an import that runs back up (the scan itself, on a made-up tree).
#[test]
fn an_upward_import_is_caught() {
    let dir = std::env::temp_dir().join(format!("minip-layers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("print")).unwrap();
    std::fs::write(dir.join("print/mod.rs"), "use crate::{batch::Record, control};\n// crate::cli\n")
        .unwrap();
    std::fs::write(dir.join("batch.rs"), "use crate::print::x;\n").unwrap();
    let bad = upward(&dir, FLOORS);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(bad, vec!["print -> batch".to_string()]);
}

/// The dependency arrows between the repository's top-level folders: bindings → library →
/// checker, from the Cargo manifests.
#[test]
fn top_level_folders_depend_downwards() {
    let read = |p: &str| std::fs::read_to_string(root().join(p)).unwrap();
    let (lib, checker, py) =
        (read("Cargo.toml"), read("crates/minip-check/Cargo.toml"), read("bindings/python/Cargo.toml"));
    assert!(py.contains("minip = { path = \"../..\"") && py.contains("path = \"../../crates/minip-check\""));
    assert!(lib.contains("minip-check = { path = \"crates/minip-check\""));
    assert!(
        !lib.contains("bindings/python\"") || lib.contains("members = "),
        "the library never depends on the bindings"
    );
    let deps =
        |t: &str| t.split("[dependencies]").nth(1).unwrap_or("").split("\n[").next().unwrap().to_string();
    assert!(!deps(&lib).contains("minip-py") && !deps(&lib).contains("bindings"));
    assert!(!deps(&checker).contains("minip ") && !deps(&checker).contains("path = \"../.."));
}

/// CONTRIBUTING.md's layer table lists the floors of this file, in this order.
#[test]
fn floors_match_contributing() {
    let text = std::fs::read_to_string(root().join("CONTRIBUTING.md")).unwrap();
    for (table, floors) in [("library", FLOORS), ("checker", CHECKER_FLOORS)] {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("Floors of the {table}, bottom first:")))
            .unwrap_or_else(|| panic!("CONTRIBUTING.md states the floors of the {table}"));
        let want: Vec<String> = floors
            .iter()
            .map(|f| f.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", "))
            .collect();
        assert!(
            line.ends_with(&format!("{}.", want.join(" < "))),
            "{table}: {line}\nexpected: {}",
            want.join(" < ")
        );
    }
}

/// The file-level import graph of a crate's src/ (a module and its own submodules aside).
fn file_edges(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut fs = Vec::new();
    files(src, &mut fs);
    let mods: BTreeSet<String> = fs.iter().map(|f| module(src, f)).collect();
    let nested = |a: &str, b: &str| {
        a.is_empty() || b.is_empty() || a.starts_with(&format!("{b}::")) || b.starts_with(&format!("{a}::"))
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &fs {
        let me = module(src, f);
        let text = std::fs::read_to_string(f).unwrap();
        let to: BTreeSet<String> =
            imports(&text, &me, &mods).into_iter().filter(|t| !nested(&me, t)).collect();
        edges.insert(me, to);
    }
    edges
}

#[test]
fn no_module_imports_one_that_imports_it() {
    let edges = file_edges(&root().join("src"));
    assert!(edges["solve::milp"].contains("formulate::milp"), "the scan sees imports");
    assert_eq!(cycle(&edges), None);
    let checker = file_edges(&root().join("crates/minip-check/src"));
    assert!(checker["check::gap"].contains("rows::gap"), "the scan sees the checker's imports");
    assert_eq!(cycle(&checker), None);
}

/// A cycle of the graph, if it has one.
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first search for a cycle.
    fn visit(
        v: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(v.to_string(), 1);
        stack.push(v.to_string());
        for w in edges.get(v).into_iter().flatten() {
            match state.get(w.as_str()).copied().unwrap_or(0) {
                1 => {
                    let i = stack.iter().position(|s| s == w).unwrap();
                    let mut cyc = stack[i..].to_vec();
                    cyc.push(w.clone());
                    return Some(cyc);
                }
                0 => {
                    if let Some(c) = visit(w, edges, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(v.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for v in edges.keys() {
        if state.get(v.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(v, edges, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// Every module a `mod.rs` or `lib.rs` declares is named, in backticks, in that file's module
/// comment (the list a reader sees first cannot leave out a module that was added later), and
/// every file has a module comment (the library and the bindings; the checker has its own test).
#[test]
fn module_comments_name_every_submodule() {
    let mut missing = Vec::new();
    for src in [root().join("src"), root().join("bindings/python/src")] {
        let mut all = Vec::new();
        files(&src, &mut all);
        all.sort();
        for f in all {
            let text = std::fs::read_to_string(&f).unwrap();
            let rel = f.strip_prefix(root()).unwrap().display().to_string();
            if !text.trim_start().starts_with("//!") {
                missing.push(format!("{rel}: no module comment"));
            }
            let name = f.file_name().unwrap().to_string_lossy();
            if name != "mod.rs" && name != "lib.rs" {
                continue;
            }
            let doc: String = text
                .lines()
                .take_while(|l| l.starts_with("//!") || l.trim().is_empty())
                .collect::<Vec<_>>()
                .join("\n");
            for line in text.lines() {
                let decl = line.trim_start_matches("pub ").trim_start_matches("pub(crate) ");
                let Some(m) = decl.strip_prefix("mod ").and_then(|d| d.strip_suffix(';')) else { continue };
                if !doc.contains(&format!("`{m}`")) {
                    missing.push(format!("{rel}: `{m}` is not named in the module comment"));
                }
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// No error travels as text between the layers: a function the library or the bindings make
/// visible outside its own module (`pub`, `pub(crate)`) returns a typed error
/// (`minip::Error`, the checker's `Error`, or an enum of its own), never `Result<_, String>`.
/// Text errors stay private to the module that words them.
#[test]
fn no_text_error_crosses_a_module_boundary() {
    let mut bad = Vec::new();
    for dir in ["src", "bindings/python/src"] {
        let mut fs = Vec::new();
        files(&root().join(dir), &mut fs);
        fs.sort();
        for f in fs {
            let text = std::fs::read_to_string(&f).unwrap();
            let rel = f.strip_prefix(root()).unwrap().display().to_string();
            for (i, line) in text.lines().enumerate() {
                let t = line.trim_start();
                if !(t.starts_with("pub fn ") || t.starts_with("pub(crate) fn ")) {
                    continue;
                }
                // The signature: from `fn` to its body or `;`, parentheses balanced.
                let rest: String = text.lines().skip(i).collect::<Vec<_>>().join(" ");
                let mut depth = 0i32;
                let mut end = rest.len();
                for (k, c) in rest.char_indices() {
                    match c {
                        '(' | '<' if k > 0 => depth += (c == '(') as i32,
                        ')' => depth -= 1,
                        '{' | ';' if depth == 0 => {
                            end = k;
                            break;
                        }
                        _ => {}
                    }
                }
                let sig = &rest[..end];
                let ret = sig.rsplit_once("->").map_or("", |(_, r)| r);
                let compact: String = ret.split_whitespace().collect();
                if compact.contains("Result<") && compact.ends_with(",String>") {
                    bad.push(format!("{rel}:{}: {}", i + 1, t));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "functions that return a text error across a module boundary:\n{}",
        bad.join("\n")
    );
}

/// The library's modules the front ends may name: the requests, the printers, the control and
/// the error (CONTRIBUTING.md: the command line and the bindings only convert).
const FRONT_END_USES: &[&str] = &["request", "print", "control", "error", "Error"];

/// The checker's modules the front ends may name: its limits (the table `minip help limits`
/// prints, Python's `LIMITS`) and the one-line form of a message.
const FRONT_END_CHECKER_USES: &[&str] = &["limits", "error"];

/// Every `PREFIX::name` in the code of `text` (comments skipped) whose `name` is not allowed.
fn foreign_uses(text: &str, prefix: &str, allowed: &[&str]) -> Vec<String> {
    let mut bad = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(k) = rest.find(prefix) {
            let before = rest[..k].chars().last();
            rest = &rest[k + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !allowed.contains(&name.as_str()) {
                bad.push(format!("{}: {prefix}{name}", i + 1));
            }
        }
    }
    bad
}

#[test]
fn front_ends_use_only_requests_printers_control_and_errors() {
    let root = root();
    let mut bad = Vec::new();
    for (dir, prefix) in [("src/cli", "crate::"), ("bindings/python/src", "minip::")] {
        let mut fs = Vec::new();
        files(&root.join(dir), &mut fs);
        assert!(fs.len() > 5, "{dir}: the scan sees the files");
        for f in fs {
            let text = std::fs::read_to_string(&f).unwrap();
            let rel = f.strip_prefix(&root).unwrap().display().to_string();
            let own: Vec<&str> = if dir == "src/cli" { vec!["cli"] } else { vec![] };
            let allowed: Vec<&str> = FRONT_END_USES.iter().copied().chain(own).collect();
            for b in foreign_uses(&text, prefix, &allowed) {
                bad.push(format!("{rel}:{b}"));
            }
            for b in foreign_uses(&text, "minip_check::", FRONT_END_CHECKER_USES) {
                bad.push(format!("{rel}:{b}"));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "the command line and the bindings name only request, print, control and error:\n{}",
        bad.join("\n")
    );
}

#[test]
fn a_front_end_reaching_past_the_requests_is_caught() {
    let text = "use crate::request::rank::Rank;\n// crate::batch in a comment\nlet p = crate::batch::threads::pool(None);\n";
    assert_eq!(foreign_uses(text, "crate::", &["request"]), vec!["3: crate::batch".to_string()]);
    assert_eq!(
        foreign_uses("minip_check::limits::TABLE", "minip_check::", &["limits"]),
        Vec::<String>::new()
    );
    assert_eq!(
        foreign_uses("x = minip::batch::run()", "minip::", &["request"]),
        vec!["1: minip::batch".to_string()]
    );
}
