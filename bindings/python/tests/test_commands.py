"""The commands added to the package beside the command line: each gives what the command
line gives for the same request (files byte for byte, records field for field)."""

import filecmp
import json
import subprocess
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, List

import pytest

import minip

from conftest import ROOT

MINIP = ROOT / "target" / "release" / "minip"
needs_cli = pytest.mark.skipif(not MINIP.exists(), reason="the command line is built by `cargo build --release`")


def cli(*args: str, code: int = 0) -> str:
    r = subprocess.run([str(MINIP), *args], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == code, (args, r.returncode, r.stderr)
    return r.stdout


def cli_code(*args: str) -> int:
    return subprocess.run([str(MINIP), *args], capture_output=True, timeout=300, cwd=ROOT).returncode


def json_lines(text: str) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def same_tree(a: Path, b: Path) -> None:
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir())
    for n in names:
        assert filecmp.cmp(a / n, b / n, shallow=False), n


@needs_cli
def test_check_writes_the_files_of_cert_and_vipr(tmp_path: Path):
    r = minip.check(d=3, cert=tmp_path / "py.json", vipr=tmp_path / "py.vipr")
    assert r.verdict == "holds"
    cli("check", "--d", "3", "--cert", str(tmp_path / "cli.json"), "--vipr", str(tmp_path / "cli.vipr"))
    assert (tmp_path / "py.json").read_bytes() == (tmp_path / "cli.json").read_bytes()
    assert (tmp_path / "py.vipr").read_bytes() == (tmp_path / "cli.vipr").read_bytes()
    assert minip.verify(tmp_path / "py.json").ok
    # A broken verdict has no VIPR file (VIPR states infeasibility): a warning says so.
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        b = minip.check(tokens=("110", "000", "111"), bound="2", vipr=tmp_path / "b.vipr")
    assert b.verdict == "broken" and not (tmp_path / "b.vipr").exists()
    assert [str(w.message) for w in said] == [
        f"no VIPR file written to {tmp_path / 'b.vipr'}: the verdict is broken (a head), and VIPR states infeasibility"
    ]


@needs_cli
def test_sharp_out_and_the_milp_cross_check(tmp_path: Path):
    s = minip.sharp(d=3, out=tmp_path / "py.json")
    assert s.kstar == 2
    cli("sharp", "--d", "3", "--out", str(tmp_path / "cli.json"))
    assert (tmp_path / "py.json").read_bytes() == (tmp_path / "cli.json").read_bytes()
    c = minip.sharp_milp(d=2, m=range(2, 4))
    assert c.ok and [r.m for r in c] == [2, 3] and c[1].min_kstar == "1" and c[1].verdict == "agree"
    assert c[1].argmin == {"h": 2, "u": 0, "w": 2}
    got = [{k: v for k, v in vars(r).items() if v is not None} for r in c]
    lines = json_lines(cli("sharp", "--milp", "--d", "2", "--m", "2..=3", "--json"))
    want = [{k: v for k, v in d.items() if k not in ("kind", "version") and v is not None} for d in lines]
    assert got == want


@needs_cli
def test_sharp_summarize_is_the_command_lines_summary():
    one = "proofs/sharp/n3_eps1-2_paper.json"
    s = minip.sharp_summarize(ROOT / one)
    assert len(s) == 364 and s.ok and {r.relation for r in s} == {"sharp"}
    assert s.summary == cli("sharp", "--summarize", one).splitlines()
    assert s.summary[-1] == "largest kstar 11 at n=3 eps=1/2 d=12"
    # Configurations below the lemma's K (ε = 1/3): the command line's exit 1.
    third = minip.sharp_summarize(ROOT / "proofs/sharp/n3_eps1-3_paper.json")
    assert third.exit_code == cli_code("sharp", "--summarize", "proofs/sharp/n3_eps1-3_paper.json")
    with pytest.raises(ValueError, match="no minip-sharp certificates"):
        minip.sharp_summarize(ROOT / "proofs" / "settle")


@needs_cli
def test_amplify_grid_pairs_and_export_lp(tmp_path: Path):
    grid = "instances/beyond/signed-ratios.toml"
    g = minip.amplify_grid(ROOT / grid)
    assert g.ok and len(g) == 92 and list(g.series()) == [
        "nonneg R(0, x)", "signed R(0, x)", "nonneg R(0, h+)", "signed R(0, h+)"
    ]
    assert str(g) == cli("amplify", "--grid", grid)
    want = json_lines(cli("amplify", "--grid", grid, "--json"))
    assert [(r.series, r.h, r.ratio_text) for r in g] == [(d["series"], d["h"], d.get("ratio")) for d in want]
    e = minip.amplify_grid(ROOT / grid, expect=ROOT / "instances/beyond/signed-ratios.expected.jsonl")
    assert e.expect is not None and e.expect.ok and e.expect.changes == 0

    pairs = minip.amplify(h=3, pairs="all")
    assert [(r.lo, r.hi, r.ratio) for r in pairs][:3] == [(0, "1", 0), (0, "2", 1), (1, "2", 0)]
    assert len(pairs) == len(json_lines(cli("amplify", "--h", "3", "--pairs", "all", "--json")))
    with pytest.raises(ValueError, match="pairs: expected 'all', got 'some'"):
        minip.amplify(h=3, pairs="some")

    minip.amplify(h=5, export_lp=tmp_path / "py.lp")
    cli("amplify", "--h", "5", "--export-lp", str(tmp_path / "cli.lp"))
    assert (tmp_path / "py.lp").read_bytes() == (tmp_path / "cli.lp").read_bytes()


@needs_cli
def test_rank_linear_out_explicit_and_jobs(tmp_path: Path):
    bs = minip.rank_linear(m=[8, 10], explicit=True, jobs=1)
    assert [(b.m, b.bound, b.explicit_bound) for b in bs] == [(8, 2, 2), (10, 2, 3)]
    b = minip.rank_linear(m=24, out=tmp_path / "py")
    assert (b.bound, b.construction, b.explicit_bound) == (21, "golay24", None)
    cli("rank", "--linear", "--m", "24", "--no-explicit", "--out", str(tmp_path / "cli"))
    same_tree(tmp_path / "py", tmp_path / "cli")
    assert minip.verify(tmp_path / "py").ok


@needs_cli
def test_frontier_out_step_and_jobs(tmp_path: Path):
    f = minip.frontier(m=range(4, 9), step=2, kernel="per_weight", rank_dir="-", out=tmp_path / "py", jobs=1)
    assert [(r.m, r.best_upper) for r in f] == [(4, 5), (6, 8), (8, 37)]
    cli("frontier", "--m", "4..=8", "--kernel", "per_weight", "--out", str(tmp_path / "cli"))
    same_tree(tmp_path / "py", tmp_path / "cli")
    assert "m04.per_weight.head" in {p.name for p in (tmp_path / "py").iterdir()}
    with pytest.raises(ValueError, match="step: need step ≥ 1"):
        minip.frontier(m=4, step=0)


def test_benchmarks_report_the_command_lines_figures():
    rows = minip.head_bench(m_max=2).record
    assert [(r["m"], r["sequences"], r["correct"]) for r in rows] == [(1, 6, True), (2, 40, True)]
    a = minip.amplify_bench(h=[8, 9], against="none")
    assert a.ok and [(r["h"], r["ratio"]) for r in a.record] == [(8, "13"), (9, "35/2")]
    with pytest.raises(ValueError, match="against: 'cplex' is not esolver, glpsol, both or none"):
        minip.amplify_bench(h=8, against="cplex")
    b = minip.bench(grid=ROOT / "instances" / "small.toml")
    assert b.ok and b.record["configurations"] == 160 and b.record["written_ok"] == 160
    assert (b.record["holds"], b.record["broken"], b.record["unknown"]) == (140, 20, 0)


@needs_cli
def test_readout_rows_and_certificates(tmp_path: Path):
    r = minip.readout(m=range(2, 5), n=[3, 4], out=tmp_path / "py")
    assert [(x.m, x.n, x.rank, x.dim, x.verdict) for x in r][:3] == [(2, 3, 1, 1, "certified")] + [
        (3, 3, 1, 1, "certified"), (4, 3, 1, 1, "certified")
    ]
    assert [(x.bits, x.lower_bits) for x in r if x.n == 3] == [(7, 3), (9, 5), (11, 7)]
    assert str(r) == cli("readout", "--m", "2..=4", "--n", "3..=4")
    want = json_lines(cli("readout", "--m", "2..=4", "--n", "3..=4", "--json"))
    assert [(x.m, x.n, x.bits, x.multisets) for x in r] == [(d["m"], d["n"], d["bits"], int(d["multisets"])) for d in want]
    cli("readout", "--m", "2..=4", "--n", "3..=4", "--out", str(tmp_path / "cli"))
    same_tree(tmp_path / "py", tmp_path / "cli")
    assert minip.verify(tmp_path / "py").ok and r[0].verify().startswith("readout separates all")
    with pytest.raises(ValueError, match=r"n: n = 6 is out of range \(3..=5\)"):
        minip.readout(m=2, n=6)


@needs_cli
def test_readout_precision_rows_and_certificates(tmp_path: Path):
    r = minip.readout(m=[1, 2], n=3, precision=True, out=tmp_path / "py")
    assert [(x.m, x.values, x.max_value, x.refuted, x.bits, x.least) for x in r] == [
        (1, [0, 1], 1, 0, 2, True), (2, [1, 0, 6, 4], 6, 5, 4, True)
    ]
    assert str(r) == cli("readout", "--precision", "--m", "1..=2")
    cli("readout", "--precision", "--m", "1..=2", "--out", str(tmp_path / "cli"))
    same_tree(tmp_path / "py", tmp_path / "cli")
    assert minip.verify(tmp_path / "py").ok
    assert r[1].verify().startswith("readout precision (rank=1 dim=1 m=2 n=3): least integer values [0, 6]")
    # A budget too small for V = 5: a range, V = 4 refuted below, values found above.
    q = minip.readout(m=2, precision=True, budget=20)
    assert not q[0].least and q[0].refuted < 5 <= q[0].max_value - 1
    with pytest.raises(ValueError, match="budget: only with precision=True"):
        minip.readout(m=2, budget=20)  # type: ignore[call-overload]


@needs_cli
def test_readout_multilevel_rows_and_certificates(tmp_path: Path):
    r = minip.readout_multilevel(q=range(1, 4), s=range(1, 4), out=tmp_path / "py")
    assert [(x.q, x.s, x.m, x.n, x.instances, x.distinct, x.lower_bits) for x in r if x.s != 2] == [
        (1, 1, 2, 2, 2, 2, 1), (1, 3, 6, 2, 4, 4, 2), (2, 1, 3, 4, 4, 4, 2),
        (2, 3, 9, 4, 16, 16, 4), (3, 1, 4, 6, 8, 8, 3), (3, 3, 12, 6, 64, 64, 6),
    ]
    assert str(r) == cli("readout", "--multilevel", "--q", "1..=3", "--s", "1..=3")
    cli("readout", "--multilevel", "--q", "1..=3", "--s", "1..=3", "--out", str(tmp_path / "cli"))
    same_tree(tmp_path / "py", tmp_path / "cli")
    assert minip.verify(tmp_path / "py").ok
    assert r[8].verify().startswith("multilevel family q=3 s=3 (m=12 n=6): 64 sequences")
    with pytest.raises(ValueError, match=r"q: need q >= 1"):
        minip.readout_multilevel(q=0)


@needs_cli
def test_multihead_domination_and_frontier(tmp_path: Path):
    e = minip.multihead_domination(d=range(2, 4), n=3, out=tmp_path / "py")
    assert [(x.n, x.d, x.paper_k, x.verdict, x.max_error) for x in e] == [(3, 2, 1, "escapes", 0), (3, 3, 2, "escapes", 0)]
    assert e[1].alpha[0] == [1, 0, Fraction(1, 4)] and e[1].s[1] == [54, 0, 0]
    assert str(e) == cli("multihead", "domination", "--d", "2..=3", "--n", "3")
    cli("multihead", "domination", "--d", "2..=3", "--n", "3", "--out", str(tmp_path / "cli"))
    same_tree(tmp_path / "py", tmp_path / "cli")
    assert minip.verify(tmp_path / "py").ok
    with pytest.raises(ValueError, match="heads=1: need 2..=64"):
        minip.multihead_domination(heads=1)
    f = minip.multihead_frontier(heads=2, m=[4, 5], single_dir=ROOT / "proofs" / "frontier", out=tmp_path / "fpy")
    cli("multihead", "frontier", "--heads", "2", "--m", "4..=5", "--out", str(tmp_path / "fcli"))
    same_tree(tmp_path / "fpy", tmp_path / "fcli")
    assert [Path(r.certificate_file or "").name for r in f] == ["m04.h2.d1.json", "m05.h2.d1.json"]
    assert minip.verify(tmp_path / "fpy").ok
    assert f.ok and [(r.m, r.total_rank, r.head_ranks, r.single_head_rank) for r in f] == [(4, 10, [5, 5], 5), (5, 12, [6, 6], None)]
    want = json_lines(cli("multihead", "frontier", "--heads", "2", "--m", "4..=5", "--json"))
    assert [r.margin for r in f] == [Fraction(d["margin"]) for d in want]
    v = minip.multihead_frontier(heads=3, m=6, value_degree=1, out=tmp_path / "vpy")
    assert [(r.value_degree, r.value_dims, r.total_state) for r in v] == [(1, [6, 6, 6], 147)]
    assert [Path(r.certificate_file or "").name for r in v] == ["m06.h3.d1.v1.json"]
    with pytest.raises(ValueError, match="value_degree=0: need 1..=64"):
        minip.multihead_frontier(heads=3, m=6, value_degree=0)


@needs_cli
def test_rank_weighted_is_the_command_lines(tmp_path: Path):
    b = minip.rank_weighted(m=8, rounds=0, out=tmp_path / "py")
    assert (b.bound, b.k, b.value, b.unweighted_value) == (2, 2, Fraction(32, 17), Fraction(32, 17))
    assert str(b) == cli("rank", "--weighted", "--m", "8", "--rounds", "0")
    cli("rank", "--weighted", "--m", "8", "--rounds", "0", "--out", str(tmp_path / "cli"))
    same_tree(tmp_path / "py", tmp_path / "cli")
    c = minip.rank_weighted(m=14, start=ROOT / "proofs" / "weighted" / "m14.json", rounds=0)
    assert c.bound == 5 and c.value < 5 and minip.verify(ROOT / "proofs" / "weighted").ok
    with pytest.raises(ValueError, match="m=3: expected 4..="):
        minip.rank_weighted(m=3)
