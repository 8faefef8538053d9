//! The checker's independence is kept by Cargo: its normal dependencies are rational
//! arithmetic and serde only, never a solver, a thread pool or a command-line crate.

#[test]
fn the_checker_depends_on_no_solver() {
    let toml = include_str!("../Cargo.toml");
    // The manifest as written (`[dependencies]` with one line per crate) or as `cargo package`
    // normalizes it (one `[dependencies.NAME]` table per crate).
    let mut names: Vec<&str> = toml
        .lines()
        .filter_map(|l| l.trim().strip_prefix("[dependencies.").and_then(|r| r.strip_suffix(']')))
        .collect();
    if let Some(deps) = toml.split("[dependencies]\n").nth(1) {
        let deps = deps.split("\n[").next().unwrap_or(deps);
        names.extend(
            deps.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| l.split(['=', ' ']).next().unwrap_or("")),
        );
    }
    let allowed = ["num-bigint", "num-rational", "num-traits", "num-integer", "serde", "serde_json"];
    for n in &names {
        assert!(allowed.contains(n), "minip-check must not depend on '{n}'");
    }
    assert!(names.contains(&"num-rational") && names.contains(&"serde_json"), "{names:?}");
    for banned in ["good_lp", "highs", "rayon", "clap", "varisat", "indicatif", "minip"] {
        assert!(!names.contains(&banned), "{banned}");
    }
}
