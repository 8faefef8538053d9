//! `minip paper` (docs/paper.md): the ledger's rows, their statuses and their re-checks on the
//! committed evidence, a tampered certificate turning its rows to failure (exit 1), the HTML page
//! as headless Chromium shows it, and docs/paper.md printed from the ledger.

use crate::common::{minip, root, tmp};
use minip::print::paper::{markdown, Status, LEDGER};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn records(out: &str) -> Vec<Value> {
    out.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn row<'a>(rows: &'a [Value], id: &str) -> &'a Value {
    rows.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("no row {id}"))
}

/// Files under `dir` with extension `ext`, recursively.
fn count(dir: &Path, ext: &str) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            n += count(&p, ext);
        } else if p.extension().is_some_and(|x| x == ext) {
            n += 1;
        }
    }
    n
}

#[test]
fn every_row_re_checks_on_the_committed_evidence() {
    crate::coq::built();
    let (code, out, err) = minip(&["paper", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rows = records(&out);
    let ids: Vec<&str> = rows.iter().map(|r| r["id"].as_str().unwrap()).collect();
    let ledger: Vec<&str> = LEDGER.iter().map(|c| c.id).collect();
    assert_eq!(ids, ledger);
    assert_eq!(rows.len(), 24);
    for (r, c) in rows.iter().zip(LEDGER) {
        assert_eq!(r["kind"], "paper.claim");
        assert_eq!(r["status"], c.status.word(), "{}", c.id);
        assert_eq!(r["verdict"], "re-checked", "{}: {}", c.id, r["detail"]);
        assert_eq!(r["coq_checked"].as_u64(), Some(c.coq.len() as u64), "{}", c.id);
    }
    let statuses = |s: Status| LEDGER.iter().filter(|c| c.status == s).count();
    assert_eq!(
        (
            statuses(Status::Proved),
            statuses(Status::Certified),
            statuses(Status::Open),
            statuses(Status::FalseAsRead)
        ),
        (12, 7, 2, 3)
    );
    // Every file under a row's folders was checked: settle and regression, JSON and VIPR.
    let gap = ["proofs/settle", "proofs/regression"]
        .iter()
        .map(|d| count(&root().join(d), "json") + count(&root().join(d), "vipr"))
        .sum::<usize>();
    assert_eq!(row(&rows, "lemma3")["certificates_checked"].as_u64(), Some(gap as u64));
    assert_eq!(row(&rows, "rank-m24")["certificates_checked"].as_u64(), Some(3));
    assert_eq!(row(&rows, "theorem6")["coq"][0], "Paper.theorem6");
    assert_eq!(row(&rows, "settle-2c")["status"], "false-as-read");
    assert_eq!(row(&rows, "long-context")["status"], "open");
    // The table says the same.
    let (code, table, _) = minip(&["paper"]);
    assert_eq!(code, 0);
    assert!(table.contains("24 claims: 24 re-checked, 0 not re-checked here, 0 failed."), "{table}");
    let line = table.lines().find(|l| l.starts_with("theorem6 ")).unwrap();
    assert!(line.contains("proved") && line.ends_with("re-checked"), "{line}");
}

/// A copy of the repository's evidence (hard links: nothing is copied, nothing shared is
/// written) in which `tamper` rewrites one file.
fn evidence_copy(name: &str) -> std::path::PathBuf {
    fn link(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let p = e.unwrap().path();
            let q = to.join(p.file_name().unwrap());
            if p.is_dir() {
                link(&p, &q);
            } else {
                std::fs::hard_link(&p, &q).or_else(|_| std::fs::copy(&p, &q).map(|_| ())).unwrap();
            }
        }
    }
    let dir = tmp("paper", name);
    link(&root().join("proofs"), &dir.join("proofs"));
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    std::fs::copy(root().join("docs/frontier.svg"), dir.join("docs/frontier.svg")).unwrap();
    dir
}

#[test]
fn a_tampered_certificate_fails_its_rows_and_the_exit_status() {
    let dir = evidence_copy("tamper");
    let root_arg = dir.display().to_string();
    let (code, out, err) = minip(&["paper", "--root", &root_arg, "--no-coq", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rows = records(&out);
    assert_eq!(row(&rows, "rank-m24")["verdict"], "re-checked");
    assert_eq!(row(&rows, "theorem6")["verdict"], "not-re-checked");
    assert_eq!(row(&rows, "theorem6")["detail"], "not re-checked here: Coq not run (--no-coq)");
    // The m = 24 code with one word changed: the replacement, never the shared file.
    let f = dir.join("proofs/rank/m24.json");
    let text = std::fs::read_to_string(&f).unwrap().replacen(
        "111111111110000000000001",
        "111111111110000000000010",
        1,
    );
    std::fs::remove_file(&f).unwrap();
    std::fs::write(&f, text).unwrap();
    let (code, out, err) = minip(&["paper", "--root", &root_arg, "--no-coq", "--json"]);
    assert_eq!(code, 1, "{err}");
    let rows = records(&out);
    let failed: Vec<&str> =
        rows.iter().filter(|r| r["verdict"] == "failed").map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(failed, ["theorem5", "rank-m24"]);
    let detail = row(&rows, "rank-m24")["detail"].as_str().unwrap();
    assert!(detail.contains("proofs/rank/m24.json: rejected"), "{detail}");
    assert!(err.contains("2 failed"), "{err}");
    // A missing folder fails its row too.
    std::fs::remove_dir_all(dir.join("proofs/multihead/frontier")).unwrap();
    let (code, out, _) = minip(&["paper", "--root", &root_arg, "--no-coq", "--json"]);
    assert_eq!(code, 1);
    assert_eq!(row(&records(&out), "heads-rank")["detail"], "proofs/multihead/frontier: missing");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_roots_and_html_targets_are_refused_before_any_work() {
    let (code, _, err) = minip(&["paper", "--root", "/nonexistent-minip"]);
    assert_eq!(code, 2);
    assert!(err.contains("no proofs/ directory here"), "{err}");
    let dir = tmp("paper", "refuse");
    let target = dir.display().to_string();
    let (code, out, err) = minip(&["paper", "--no-coq", "--html", &target]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty() && err.lines().count() == 1, "{err}");
    // The frontier plot is an input: the page may not replace it.
    let (code, _, err) = minip(&["paper", "--no-coq", "--html", "docs/frontier.svg"]);
    assert_eq!(code, 2);
    assert!(err.contains("an input of this run"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_html_page_shows_the_ledger_in_chromium() {
    let dir = tmp("paper", "html");
    let page = dir.join("paper.html");
    let (code, _, err) = minip(&["paper", "--no-coq", "--html", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"), "no outside resource");
    let chromium = ["chromium", "chromium-browser"]
        .into_iter()
        .find(|c| Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success()));
    // Required, as coqc is for tests/coq.rs: `bash .ci/deps` installs Debian's chromium.
    let chromium = chromium.expect(
        "Chromium is not installed: run `bash .ci/deps` (Debian package chromium); this test does not skip",
    );
    let profile = dir.join("profile");
    let out = Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let dom = String::from_utf8(out.stdout).unwrap();
    // What the browser built: one table row per claim, with its status and re-check.
    assert_eq!(dom.matches("<tr id=\"row-").count(), LEDGER.len());
    for c in LEDGER {
        assert!(dom.contains(&format!("<section id=\"{}\">", c.id)), "{}", c.id);
        let cell = format!("<td class=\"{0}\">{0}</td>", c.status.word());
        assert!(dom.contains(&format!("<tr id=\"row-{}\">", c.id)) && dom.contains(&cell), "{}", c.id);
    }
    assert!(dom.contains("<td class=\"not-re-checked\">not-re-checked</td>"));
    assert!(dom.contains("<code class=\"command\">minip settle</code>"));
    assert!(dom.contains("<code>Minip.Paper.theorem6</code>"));
    // The frontier plot is inline and parsed as SVG, with its title.
    let svg = &dom[dom.find("<figure id=\"frontier\">").unwrap()..];
    assert!(svg.contains("<svg") && svg.contains("</svg>") && svg.contains("<text"), "the plot");
    let _ = std::fs::remove_dir_all(&dir);
}

/// docs/paper.md shows the ledger as `minip::print::paper::markdown` prints it. After a change
/// to the ledger: `MINIP_BLESS=1 cargo test --release --test suite paper::` rewrites it.
#[test]
fn docs_paper_md_is_the_ledger() {
    const START: &str = "<!-- The ledger below is printed by minip::print::paper::markdown; tests/paper.rs keeps it so. -->\n";
    const END: &str = "<!-- End of the ledger. -->\n";
    let path = root().join("docs/paper.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let (a, b) = (page.find(START).expect("start marker") + START.len(), page.find(END).expect("end marker"));
    let want = format!("\n{}\n", markdown());
    if std::env::var_os("MINIP_BLESS").is_some() {
        std::fs::write(&path, format!("{}{want}{}", &page[..a], &page[b..])).unwrap();
        return;
    }
    assert!(page[a..b] == want, "docs/paper.md differs from the ledger: MINIP_BLESS=1 to rewrite it");
}
