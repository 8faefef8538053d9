"""sweep, sharp_grid, export_coq, frontier over n, head_attack and transition: the command
line's capabilities from Python, against the command line's own output and the committed tables."""

import json
import subprocess
from fractions import Fraction

import pytest

import minip
from conftest import ROOT

MINIP = ROOT / "target" / "release" / "minip"
needs_cli = pytest.mark.skipif(not MINIP.exists(), reason="the command line is built by `cargo build --release`")


def cli_json(*args: str) -> list:
    r = subprocess.run([str(MINIP), *args], capture_output=True, text=True, timeout=300)
    return [json.loads(line) for line in r.stdout.splitlines()]


def test_sweep_against_the_expected_table(tmp_path):
    s = minip.sweep(ROOT / "instances/small.toml", expect=ROOT / "instances/small.expected.jsonl")
    assert (len(s), s.ok, s.exit_code) == (160, True, 0)
    assert s.summary == "160 configurations: 140 holds, 20 broken, 0 unknown"
    assert s.expect is not None and (s.expect.changes, s.expect.unknown, s.expect.compared) == (0, 0, 160)
    expected = [json.loads(l) for l in (ROOT / "instances/small.expected.jsonl").read_text().splitlines()]
    assert [(r.h, r.u, r.w, r.verdict) for r in s] == [(e["h"], e["u"], e["w"], e["verdict"]) for e in expected]
    assert str(s).startswith("n  eps  h  u  w  family  K'")
    # A table that says otherwise: one change, exit 1, the command line's lines.
    changed = list(expected)
    changed[0] = dict(changed[0], verdict="holds" if changed[0]["verdict"] == "broken" else "broken")
    table = tmp_path / "changed.jsonl"
    table.write_text("".join(json.dumps(e) + "\n" for e in changed))
    s = minip.sweep(ROOT / "instances/small.toml", expect=table)
    assert (s.ok, s.exit_code, s.expect.changes) == (False, 1, 1)
    assert len(s.expect.lines) == 1 and s.expect.summary.startswith("expect: 1 change and 0 unknown against")


def test_sweep_a_shard_writes_certificates(tmp_path):
    s = minip.sweep(ROOT / "instances/small.toml", shard="1/4", out=tmp_path, jobs=1)
    assert len(s) == 40
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 40 and all(r.certificate_file for r in s)
    assert minip.verify(tmp_path).ok
    # A directory that is not empty: the command line's warning, as a Python warning.
    with pytest.warns(UserWarning, match="not empty"):
        minip.sweep(ROOT / "instances/small.toml", shard="1/4", out=tmp_path)


@needs_cli
def test_sweep_rows_are_the_command_lines_records():
    grid = str(ROOT / "instances/small.toml")
    cli = cli_json("sweep", grid, "--shard", "2/4", "--json")
    py = minip.sweep(grid, shard="2/4")
    assert [(r["h"], r["u"], r["w"], r["verdict"], Fraction(r["kprime"])) for r in cli] == [
        (r.h, r.u, r.w, r.verdict, r.kprime) for r in py
    ]


def test_sharp_grid_against_the_expected_table(tmp_path):
    g = minip.sharp_grid(
        ROOT / "instances/sharp-vipr.toml", expect=ROOT / "instances/sharp-vipr.expected.jsonl", csv=tmp_path / "t.csv"
    )
    assert (len(g), g.ok) == (280, True)
    expected = [json.loads(l) for l in (ROOT / "instances/sharp-vipr.expected.jsonl").read_text().splitlines()]
    assert [r.kstar_text for r in g] == [e["kstar"] for e in expected]
    assert (tmp_path / "t.csv").read_text().count("\n") == 281
    assert str(g).splitlines()[0].split() == ["n", "eps", "h", "u", "w", "family", "kstar", "K", "relation"]


def test_export_coq_writes_one_file_per_argument(tmp_path):
    (f,) = minip.export_coq(ROOT / "proofs/settle", out=tmp_path)
    assert (f.gaps, f.ratios, f.files, f.skipped) == (13, 0, 14, 1)
    assert f.path.endswith(".v") and (tmp_path / f.path.split("/")[-1]).is_file()
    assert str(f) == f"wrote {f.path}: 13 gap and 0 ratio certificates from 14 files (1 with nothing to export)"


def test_frontier_over_several_lengths():
    rows = minip.frontier(m=[4, 6], kernel="per_weight", n="3..=4", rank_dir="-")
    assert [(r.n, r.m) for r in rows] == [(3, 4), (3, 6), (4, 4), (4, 6)]
    assert [r.best_upper for r in rows][:2] == [5, 8]
    assert all(r.upper["per_weight"].verify() for r in rows)
    assert [r.n for r in minip.frontier(m=4, kernel="per_weight")] == [3]


def test_head_attack_finds_the_rank1_failure_and_not_softmaxs():
    a = minip.head_attack("rank1", m=3)
    assert (a.correct, a.method, a.n, a.eps) == (False, "gap-domination", 3, Fraction(1, 2))
    assert a.failure is not None and a.failure["error"] >= Fraction(1, 2)
    ok = minip.head_attack("softmax", m=4)
    assert (ok.correct, ok.failure, ok.method) == (True, None, None)


@needs_cli
def test_head_attack_and_transition_are_the_command_lines_records():
    (cli,) = cli_json("head", "attack", "rank1", "--m", "3", "--json")
    a = minip.head_attack("rank1", m=3)
    assert (a.pairs_checked, a.unconfirmed_pairs, a.detail) == (cli["pairs_checked"], cli["unconfirmed_pairs"], cli["detail"])
    cli = cli_json("transition", "--m-max", "3", "--json")
    t = minip.transition(m_max=3)
    assert [(e.m, e.column, e.correct, e.max_error) for e in t.entries] == [
        (e["m"], e["column"], e["verdict"] == "correct", Fraction(e["max_error"])) for e in cli
    ]


def test_transition_table():
    t = minip.transition(m_max=2)
    assert t.as_expected and len(t.entries) == 10
    fails = [(e.m, e.column) for e in t.entries if not e.correct]
    assert fails == [(1, "exact(B=2) len 3"), (2, "rank1 len 3"), (2, "exact(B=2) len 3")]
    assert all(e.as_expected for e in t.entries)
    assert str(t).endswith("every entry as predicted\n")


@needs_cli
def test_settle_writes_the_certificates_the_command_line_writes(tmp_path):
    py, cli = tmp_path / "py", tmp_path / "cli"
    s = minip.settle(d=range(2, 4), out=py)
    assert [(r.d, r.bound, r.verdict) for r in s] == [
        (2, "2", "broken"), (2, "paper", "holds"), (3, "2", "holds"), (3, "paper", "holds")
    ]
    r = subprocess.run([str(MINIP), "settle", "--d", "2..=3", "--out", str(cli)], capture_output=True, timeout=300)
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in py.iterdir())
    assert names == sorted(p.name for p in cli.iterdir()) and len(names) >= 4, names
    for name in names:
        assert (py / name).read_bytes() == (cli / name).read_bytes(), name
    # A directory that holds files is a warning, as on the command line; a file is refused.
    with pytest.warns(UserWarning, match="not empty"):
        minip.settle(d=3, out=py)
    with pytest.raises(OSError):
        minip.settle(d=3, out=py / names[0])


@needs_cli
def test_amplify_writes_the_certificates_the_command_line_writes(tmp_path):
    py, cli = tmp_path / "py", tmp_path / "cli"
    rows = minip.amplify(h=range(3, 5), out=py, vipr=True)
    assert [str(r.ratio) for r in rows] == ["5/2", "4"]
    r = subprocess.run(
        [str(MINIP), "amplify", "--h", "3..=4", "--out", str(cli), "--vipr"], capture_output=True, timeout=300
    )
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in py.iterdir())
    assert names == sorted(p.name for p in cli.iterdir()), names
    assert any(n.endswith(".vipr") for n in names) and any(n.endswith(".json") for n in names), names
    for name in names:
        assert (py / name).read_bytes() == (cli / name).read_bytes(), name
    with pytest.warns(UserWarning, match="not empty"):
        minip.amplify(h=3, out=py)


@needs_cli
def test_rank_writes_the_certificates_and_proofs_the_command_line_writes(tmp_path):
    py, cli = tmp_path / "py", tmp_path / "cli"
    rows = minip.rank(m=range(4, 6), out=py)
    assert [b.bound for b in rows] == [2, 2]
    r = subprocess.run([str(MINIP), "rank", "--m", "4..=5", "--out", str(cli)], capture_output=True, timeout=300)
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in py.iterdir())
    assert names == sorted(p.name for p in cli.iterdir()), names
    assert {"m04.json", "m05.json"} <= set(names) and any(n.endswith(".drat") for n in names), names
    for name in names:
        assert (py / name).read_bytes() == (cli / name).read_bytes(), name
    assert minip.verify(py).ok
