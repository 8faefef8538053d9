//! The checker's independence is kept by Cargo: its normal dependencies are rational
//! arithmetic and serde only, never a solver, a thread pool or a command-line crate.

#[test]
fn the_checker_depends_on_no_solver() {
    let toml = include_str!("../Cargo.toml");
    let deps = toml.split("[dependencies]").nth(1).expect("a [dependencies] table");
    let deps = deps.split("\n[").next().unwrap_or(deps);
    let names: Vec<&str> = deps
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split(['=', ' ']).next().unwrap_or(""))
        .collect();
    let allowed = ["num-bigint", "num-rational", "num-traits", "num-integer", "serde", "serde_json"];
    for n in &names {
        assert!(allowed.contains(n), "minip-check must not depend on '{n}'");
    }
    assert!(names.contains(&"num-rational") && names.contains(&"serde_json"), "{names:?}");
    for banned in ["good_lp", "highs", "rayon", "clap", "varisat", "indicatif", "minip"] {
        assert!(!names.contains(&banned), "{banned}");
    }
}
