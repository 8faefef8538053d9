//! The CI recipes of docs/ci.md (docs/ci/*.yml) run as a CI runner would run them.
//!
//! Each YAML file is parsed (serde_yaml); every job, for each matrix entry (GitHub) or parallel
//! index (GitLab), runs its steps with `bash -e` in a fresh directory, except the three steps
//! that need the network, which this machine does not have beyond package registries:
//! - `apt-get install cmake libclang-dev`: not run (this build already has them, `.ci/deps`);
//! - the `git fetch` of the pinned revision: replaced by a copy of this checkout's
//!   `instances/` into `minip/instances/` (what the fetch brings);
//! - `cargo install --git … --rev … --locked`: replaced by the binary built from this checkout,
//!   first on `PATH` as `minip` (the test checks that the step pins `--rev` and `--locked`).
//!
//! Every other line runs exactly as written.

use crate::common::root;
use serde_yaml::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn load(file: &str) -> (String, Value) {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let v: Value = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    (text, v)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

/// A fresh job directory: `minip/instances/` (the fetched revision) and `bin/minip` (the
/// installed binary).
fn job_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("minip-ci-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    copy_dir(&root().join("instances"), &d.join("minip/instances"));
    std::fs::create_dir_all(d.join("bin")).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_minip"), d.join("bin/minip")).unwrap();
    d
}

/// The network step a line belongs to, if any.
fn network(line: &str) -> Option<&'static str> {
    if line.contains("apt-get") {
        Some("apt-get")
    } else if line.contains("git ") && line.contains(" fetch ") {
        assert!(
            line.contains("\"$MINIP_GIT\" \"$MINIP_REV\""),
            "the fetch takes the pinned revision: {line}"
        );
        Some("git fetch")
    } else if line.contains("cargo install") {
        for pin in ["--git \"$MINIP_GIT\"", "--rev \"$MINIP_REV\"", "--locked"] {
            assert!(line.contains(pin), "the install must pin {pin}: {line}");
        }
        Some("cargo install")
    } else {
        None
    }
}

/// What a job did.
#[derive(Debug, Default)]
struct JobRun {
    /// The network steps left out (each must be there once).
    skipped: Vec<&'static str>,
    /// The `minip` commands run, with their exit codes.
    commands: Vec<(String, i32)>,
    /// The first failed step: (name, exit code, stderr).
    failed: Option<(String, i32, String)>,
    /// Paths the job uploads.
    artifacts: Vec<String>,
    dir: PathBuf,
}

fn bash(script: &str, dir: &Path, env: &BTreeMap<String, String>) -> (i32, String) {
    let path = format!("{}:{}", dir.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("bash")
        .args(["-e", "-c", script])
        .current_dir(dir)
        .envs(env)
        .env("PATH", path)
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn minip_lines(script: &str) -> Vec<String> {
    script.lines().map(str::trim).filter(|l| l.starts_with("minip ")).map(String::from).collect()
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => panic!("expected a scalar, got {v:?}"),
    }
}

/// GitHub: `${{ matrix.K }}` and `${{ env.K }}`; any other expression is an error here.
fn github_subst(s: &str, matrix: &BTreeMap<String, String>, env: &BTreeMap<String, String>) -> String {
    let mut out = s.to_string();
    for (k, v) in matrix {
        out = out.replace(&format!("${{{{ matrix.{k} }}}}"), v);
    }
    for (k, v) in env {
        out = out.replace(&format!("${{{{ env.{k} }}}}"), v);
    }
    out
}

/// Runs one GitHub job for one matrix entry.
fn run_github_job(
    job: &Value,
    env: &BTreeMap<String, String>,
    matrix: &BTreeMap<String, String>,
    dir: PathBuf,
    edit: &dyn Fn(&Path),
) -> JobRun {
    edit(&dir);
    let mut run = JobRun { dir, ..JobRun::default() };
    for step in job["steps"].as_sequence().expect("steps") {
        let name = step.get("name").map(text).unwrap_or_default();
        if let Some(uses) = step.get("uses") {
            let uses = text(uses);
            if uses.starts_with("actions/upload-artifact") {
                assert_eq!(
                    step.get("if").map(text).as_deref(),
                    Some("always()"),
                    "upload also when the job fails"
                );
                let paths = github_subst(&text(&step["with"]["path"]), matrix, env);
                run.artifacts.extend(paths.lines().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()));
            } else if uses.starts_with("actions/cache") {
                let key = text(&step["with"]["key"]);
                assert!(
                    key.contains("${{ env.MINIP_REV }}"),
                    "the cache is keyed by the pinned revision: {key}"
                );
            } else {
                panic!("unexpected action {uses}");
            }
            continue;
        }
        let script = github_subst(&text(&step["run"]), matrix, env);
        assert!(!script.contains("${{"), "an expression this test does not know: {script}");
        let nets: Vec<&'static str> = script.lines().filter_map(network).collect();
        if !nets.is_empty() {
            run.skipped.extend(nets);
            continue;
        }
        let always = step.get("if").map(text).as_deref() == Some("always()");
        if run.failed.is_some() && !always {
            continue;
        }
        let (code, err) = bash(&script, &run.dir, env);
        for l in minip_lines(&script) {
            run.commands.push((l, code));
        }
        if code != 0 && run.failed.is_none() {
            run.failed = Some((name, code, err));
        }
    }
    run
}

/// Runs every job of a GitHub workflow, once per matrix entry; `edit` changes the fetched
/// files before the steps run.
fn run_github(file: &str, edit: &dyn Fn(&Path)) -> Vec<JobRun> {
    let (_, wf) = load(file);
    let env: BTreeMap<String, String> =
        wf["env"].as_mapping().expect("workflow env").iter().map(|(k, v)| (text(k), text(v))).collect();
    assert!(env.contains_key("MINIP_GIT") && env.contains_key("MINIP_REV"), "{file}: MINIP_GIT, MINIP_REV");
    let mut runs = Vec::new();
    for (name, job) in wf["jobs"].as_mapping().expect("jobs") {
        let mut entries: Vec<BTreeMap<String, String>> = vec![BTreeMap::new()];
        if let Some(m) = job.get("strategy").and_then(|s| s.get("matrix")).and_then(Value::as_mapping) {
            entries = Vec::new();
            let [(k, vs)] = m.iter().collect::<Vec<_>>()[..] else { panic!("one matrix axis") };
            for v in vs.as_sequence().expect("a list") {
                entries.push(BTreeMap::from([(text(k), text(v))]));
            }
        }
        for m in entries {
            let tag = format!(
                "{}-{}-{}",
                file.replace(['/', '.'], "-"),
                text(name),
                m.values().cloned().collect::<String>()
            );
            runs.push(run_github_job(job, &env, &m, job_dir(&tag), edit));
        }
    }
    runs
}

/// Runs every job of a GitLab file, once per parallel index.
fn run_gitlab(file: &str, edit: &dyn Fn(&Path)) -> Vec<JobRun> {
    let (_, ci) = load(file);
    let vars: BTreeMap<String, String> =
        ci["variables"].as_mapping().expect("variables").iter().map(|(k, v)| (text(k), text(v))).collect();
    assert!(vars.contains_key("MINIP_GIT") && vars.contains_key("MINIP_REV"), "{file}: MINIP_GIT, MINIP_REV");
    let mut runs = Vec::new();
    for (name, job) in ci.as_mapping().unwrap() {
        if job.get("script").is_none() {
            continue;
        }
        let key = text(&job["cache"]["key"]);
        assert!(key.contains("$MINIP_REV"), "the cache is keyed by the pinned revision: {key}");
        let total = job.get("parallel").map(|p| p.as_u64().expect("parallel: N")).unwrap_or(1);
        for index in 1..=total {
            let dir = job_dir(&format!("{}-{}-{index}", file.replace(['/', '.'], "-"), text(name)));
            edit(&dir);
            let mut env = vars.clone();
            env.insert("CI_PROJECT_DIR".into(), dir.display().to_string());
            if job.get("parallel").is_some() {
                env.insert("CI_NODE_INDEX".into(), index.to_string());
                env.insert("CI_NODE_TOTAL".into(), total.to_string());
            }
            let mut run = JobRun { dir: dir.clone(), ..JobRun::default() };
            let mut lines = Vec::new();
            for part in ["before_script", "script"] {
                for l in job[part].as_sequence().into_iter().flatten() {
                    let l = text(l);
                    match network(&l) {
                        Some(n) => run.skipped.push(n),
                        None => lines.push(l),
                    }
                }
            }
            // One shell for before_script and script, as the runner does; stop at a failure.
            let (code, err) = bash(&lines.join("\n"), &dir, &env);
            for l in lines.iter().filter(|l| l.starts_with("minip ")) {
                run.commands.push((l.clone(), code));
            }
            if code != 0 {
                run.failed = Some((text(name), code, err));
            }
            assert_eq!(text(&job["artifacts"]["when"]), "always", "upload also when the job fails");
            run.artifacts = job["artifacts"]["paths"].as_sequence().unwrap().iter().map(text).collect();
            runs.push(run);
        }
    }
    runs
}

fn count_files(dir: &Path, ext: &str) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            n += count_files(&p, ext);
        } else if p.extension().is_some_and(|x| x == ext) {
            n += 1;
        }
    }
    n
}

fn table_lines(path: &str) -> usize {
    std::fs::read_to_string(root().join(path)).unwrap().lines().count()
}

/// A green single job: the network steps left out once each, the `minip` commands run and
/// passed, one certificate per configuration uploaded.
fn assert_green_single(runs: &[JobRun], file: &str) {
    assert_eq!(runs.len(), 1, "{file}");
    let r = &runs[0];
    let mut skipped = r.skipped.clone();
    skipped.sort();
    assert_eq!(skipped, ["apt-get", "cargo install", "git fetch"], "{file}");
    assert!(r.failed.is_none(), "{file}: {:?}", r.failed);
    let cmds: Vec<&str> = r.commands.iter().map(|(c, _)| c.as_str()).collect();
    assert_eq!(
        cmds,
        [
            "minip sweep minip/instances/lemma.toml --expect minip/instances/lemma.expected.jsonl --out certificates/lemma --vipr",
            "minip sweep minip/instances/regression.toml --expect minip/instances/regression.expected.jsonl --out certificates/regression --vipr",
            "minip verify certificates",
        ],
        "{file}"
    );
    assert!(r.artifacts.iter().any(|a| a.trim_end_matches('/') == "certificates"), "{file}");
    let certs = r.dir.join("certificates");
    assert_eq!(count_files(&certs.join("lemma"), "json"), table_lines("instances/lemma.expected.jsonl"));
    assert_eq!(
        count_files(&certs.join("regression"), "json"),
        table_lines("instances/regression.expected.jsonl")
    );
    // Every lemma verdict is holds: a VIPR file for each.
    assert_eq!(count_files(&certs.join("lemma"), "vipr"), 1200);
    let _ = std::fs::remove_dir_all(&r.dir);
}

/// A green sharded matrix: 4 jobs, each green, whose `verdicts.jsonl` concatenate to the table.
fn assert_green_sharded(runs: &[JobRun], file: &str) {
    assert_eq!(runs.len(), 4, "{file}");
    let mut joined = String::new();
    let mut certs = 0;
    for r in runs {
        let mut skipped = r.skipped.clone();
        skipped.sort();
        assert_eq!(skipped, ["apt-get", "cargo install", "git fetch"], "{file}");
        assert!(r.failed.is_none(), "{file}: {:?}", r.failed);
        assert_eq!(r.commands.len(), 2, "{file}: {:?}", r.commands);
        assert!(r.artifacts.iter().any(|a| a == "verdicts.jsonl"), "{file}");
        joined.push_str(&std::fs::read_to_string(r.dir.join("verdicts.jsonl")).unwrap());
        certs += count_files(&r.dir.join("certificates"), "json");
    }
    // The verdicts name the certificate files the job wrote; without them, they are the table.
    let records = |text: &str| -> Vec<serde_json::Value> {
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    let mut got = records(&joined);
    for v in got.iter_mut() {
        let file = v.as_object_mut().unwrap().remove("certificate_file").expect("a certificate file");
        assert!(file.as_str().unwrap().starts_with("certificates/regression/"), "{file}");
    }
    let table = std::fs::read_to_string(root().join("instances/regression.expected.jsonl")).unwrap();
    assert!(got == records(&table), "{file}: the shards' verdicts concatenate to the expected table");
    assert_eq!(certs, 1344, "{file}");
    for r in runs {
        let _ = std::fs::remove_dir_all(&r.dir);
    }
}

/// Edits the expected verdict of configuration n = 3, eps = 1/2, (h, u, w) = (1, 0, 1), paper
/// (line 1, in shard 0 of 4) in the fetched regression table.
fn edit_one_verdict(dir: &Path) {
    let p = dir.join("minip/instances/regression.expected.jsonl");
    let text = std::fs::read_to_string(&p).unwrap();
    let first = text.lines().next().unwrap();
    assert!(
        first.contains("\"h\":1,")
            && first.contains("\"family\":\"paper\"")
            && first.contains("\"verdict\":\"broken\"")
    );
    std::fs::write(&p, text.replacen("\"verdict\":\"broken\"", "\"verdict\":\"holds\"", 1)).unwrap();
}

const NAMED: &str =
    "expect: changed n=3 eps=1/2 h=1 u=0 w=1 family=paper bound=paper: verdict broken (expected holds)";

fn no_edit(_: &Path) {}

#[test]
fn github_workflow_is_green_and_an_edited_verdict_turns_it_red() {
    assert_green_single(&run_github("docs/ci/github-minip.yml", &no_edit), "github-minip.yml");
    let runs = run_github("docs/ci/github-minip.yml", &edit_one_verdict);
    let r = &runs[0];
    let (step, code, err) = r.failed.clone().expect("the job fails");
    assert_eq!(
        (step.as_str(), code),
        ("The regression grid against its expected verdicts (d = 1 is broken, as expected)", 1)
    );
    assert!(err.contains(NAMED), "{err}");
    // The lemma step passed before it; the verify step is skipped; the upload still happens.
    assert_eq!(r.commands.iter().map(|(_, c)| *c).collect::<Vec<_>>(), [0, 1]);
    assert!(r.dir.join("certificates/regression").is_dir());
    let _ = std::fs::remove_dir_all(&r.dir);
}

#[test]
fn github_sharded_matrix_is_green_and_an_edited_verdict_turns_its_shard_red() {
    assert_green_sharded(
        &run_github("docs/ci/github-minip-sharded.yml", &no_edit),
        "github-minip-sharded.yml",
    );
    let runs = run_github("docs/ci/github-minip-sharded.yml", &edit_one_verdict);
    for (i, r) in runs.iter().enumerate() {
        assert_eq!(r.failed.is_some(), i == 0, "shard {i}: {:?}", r.failed);
        let _ = std::fs::remove_dir_all(&r.dir);
    }
    let (_, code, err) = runs[0].failed.clone().unwrap();
    assert_eq!(code, 1);
    assert!(err.contains(NAMED), "{err}");
}

#[test]
fn gitlab_job_is_green_and_an_edited_verdict_turns_it_red() {
    assert_green_single(&run_gitlab("docs/ci/gitlab-minip.yml", &no_edit), "gitlab-minip.yml");
    let runs = run_gitlab("docs/ci/gitlab-minip.yml", &edit_one_verdict);
    let (_, code, err) = runs[0].failed.clone().expect("the job fails");
    assert_eq!(code, 1);
    assert!(err.contains(NAMED), "{err}");
    let _ = std::fs::remove_dir_all(&runs[0].dir);
}

#[test]
fn gitlab_parallel_shards_are_green_and_an_edited_verdict_turns_its_shard_red() {
    assert_green_sharded(
        &run_gitlab("docs/ci/gitlab-minip-sharded.yml", &no_edit),
        "gitlab-minip-sharded.yml",
    );
    let runs = run_gitlab("docs/ci/gitlab-minip-sharded.yml", &edit_one_verdict);
    for (i, r) in runs.iter().enumerate() {
        assert_eq!(r.failed.is_some(), i == 0, "node {}: {:?}", i + 1, r.failed);
        let _ = std::fs::remove_dir_all(&r.dir);
    }
    assert!(runs[0].failed.as_ref().unwrap().2.contains(NAMED));
}

#[test]
fn docs_ci_quotes_every_recipe_verbatim() {
    let page = std::fs::read_to_string(root().join("docs/ci.md")).unwrap();
    for f in ["github-minip.yml", "github-minip-sharded.yml", "gitlab-minip.yml", "gitlab-minip-sharded.yml"]
    {
        let (text, _) = load(&format!("docs/ci/{f}"));
        assert!(page.contains(&format!("`docs/ci/{f}`")), "docs/ci.md names {f}");
        assert!(page.contains(&format!("```yaml\n{text}```")), "docs/ci.md quotes docs/ci/{f} verbatim");
    }
}
