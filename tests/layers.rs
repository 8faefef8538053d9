//! The modules import each other without loops: the graph of `crate::…` and `super::…` paths
//! between the files of src/ (a module and its own submodules aside) has no cycle. A job
//! description two layers share lives below both (`formulate::milp`, `ranges`).

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

#[test]
fn no_module_imports_one_that_imports_it() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut fs = Vec::new();
    files(&src, &mut fs);
    let mods: BTreeSet<String> = fs.iter().map(|f| module(&src, f)).collect();
    let nested = |a: &str, b: &str| {
        a.is_empty() || b.is_empty() || a.starts_with(&format!("{b}::")) || b.starts_with(&format!("{a}::"))
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &fs {
        let me = module(&src, f);
        let text = std::fs::read_to_string(f).unwrap();
        let to: BTreeSet<String> =
            imports(&text, &me, &mods).into_iter().filter(|t| !nested(&me, t)).collect();
        edges.insert(me, to);
    }
    assert!(edges["solve::milp"].contains("formulate::milp"), "the scan sees imports");
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
            if let Some(c) = visit(v, &edges, &mut state, &mut Vec::new()) {
                panic!("import loop: {}", c.join(" -> "));
            }
        }
    }
}
