"""The command line and the package refuse the same inputs with the same words.

Each row is a boundary case of tests/limits_table.rs (a limit just past its value) or a bad
input, written once for each front end: the command line's arguments and the package's call.
The command line must exit 2 with one line ``minip: error: MESSAGE``; the call must raise the
exception of that kind (``ValueError``, not ``minip.Rejected``) whose text is MESSAGE word for
word, in the package's spelling (``minip._minip.spelling``: ``--m-max`` is ``m_max``, a suggested
command the call, tested in tests/test_spelling.py). Both front ends build the same request and validate it in one place, so a row that fails
here is a limit or a message that exists twice.
"""

import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Callable, List

import pytest

import minip

from conftest import ROOT

MINIP = ROOT / "target" / "release" / "minip"

# The values of crates/minip-check/src/limits.rs that the rows use, read from the library.
LIMITS = minip._minip.LIMITS
MAX_N = LIMITS["MAX_N"]
MAX_N_ALL = LIMITS["MAX_N_ALL"]
MAX_H = LIMITS["MAX_H"]
MAX_RATIO_H = LIMITS["MAX_RATIO_H"]
MAX_RANGE_ITEMS = LIMITS["MAX_RANGE_ITEMS"]
MAX_CODE_M = LIMITS["MAX_CODE_M"]
MAX_JOBS = LIMITS["MAX_JOBS"]

# Inputs of the grid and export rows (absolute paths: both front ends name them the same).
SMALL = str(ROOT / "instances" / "small.toml")
SHARP = str(ROOT / "instances" / "sharp-vipr.toml")  # no bounds: no note before the refusal
SETTLE = str(ROOT / "proofs" / "settle")
SCRATCH = Path(tempfile.mkdtemp(prefix="minip-parity-"))
REPEATED = SCRATCH / "rep-out.toml"
REPEATED.write_text('n = [3, 3]\neps = ["1/2"]\nh_max = 2\nfamilies = ["paper"]\n')
COQ_OUT = str(SCRATCH / "coq")
BAD_TABLE = SCRATCH / "bad.jsonl"
BAD_TABLE.write_text("{ not a table\n")

CASES: List[Any] = [
    ("n of the paper family", ["check", "--d", "3", "--n", str(MAX_N + 1)],
     lambda: minip.check(d=3, n=MAX_N + 1), f"above the supported {MAX_N}"),
    ("n of the all family", ["check", "--d", "3", "--n", str(MAX_N_ALL + 1), "--family", "all"],
     lambda: minip.check(d=3, n=MAX_N_ALL + 1, family="all"), f"above the supported {MAX_N_ALL}"),
    ("h of a gap configuration", ["check", "--h", str(MAX_H + 1), "--u", "0", "--w", str(MAX_H + 1)],
     lambda: minip.check(h=MAX_H + 1, u=0, w=MAX_H + 1), f"{MAX_H}"),
    ("gap LP cells (per-position orderings)", ["check", "--d", "3", "--n", "40", "--positions", "per-position"],
     lambda: minip.check(d=3, n=40, positions="per-position"), "cells (rows × columns), above the supported"),
    ("gap LP cells, sharp", ["sharp", "--d", "3", "--n", "40", "--positions", "per-position"],
     lambda: minip.sharp(d=3, n=40, positions="per-position"), "cells (rows × columns), above the supported"),
    ("h of the row LP", ["amplify", "--h", str(MAX_RATIO_H + 1), "--json"],
     lambda: minip.amplify(h=MAX_RATIO_H + 1), f"{MAX_RATIO_H}"),
    ("items of one range", ["settle", "--d", f"1..={MAX_RANGE_ITEMS + 1}", "--json"],
     lambda: minip.settle(d=range(1, MAX_RANGE_ITEMS + 2)), f"above the supported {MAX_RANGE_ITEMS}"),
    ("items of one list", ["amplify", "--h", f"0..={MAX_RANGE_ITEMS}", "--json"],
     lambda: minip.amplify(h=[2] * (MAX_RANGE_ITEMS + 1)), f"above the supported {MAX_RANGE_ITEMS}"),
    ("an empty range", ["rank", "--m", "4..=3"], lambda: minip.rank(m=range(4, 4)), "empty range"),
    ("frontier: bits per token", ["frontier", "--m", str(MAX_CODE_M + 2), "--kernel", "per_weight"],
     lambda: minip.frontier(m=MAX_CODE_M + 2, kernel="per_weight"), f"{MAX_CODE_M}"),
    ("rank --linear: sequence length", ["rank", "--linear", "--m", "8", "--n", str(MAX_N + 1), "--no-explicit"],
     lambda: minip.rank_linear(m=8, n=MAX_N + 1), f"{MAX_N}"),
    ("a rational that does not parse", ["check", "--d", "3", "--eps", "1/0"],
     lambda: minip.check(d=3, eps="1/0"), "--eps"),
    ("ε at zero", ["check", "--d", "3", "--eps", "0"],
     lambda: minip.check(d=3, eps="0"), "need ε > 0, got ε = 0"),
    ("a family that does not exist", ["check", "--d", "3", "--family", "some"],
     lambda: minip.check(d=3, family="some"), "some"),
    ("worker threads", ["sweep", SMALL, "--jobs", str(MAX_JOBS + 1)],
     lambda: minip.sweep(SMALL, jobs=MAX_JOBS + 1), f"--jobs = {MAX_JOBS + 1} is above the supported {MAX_JOBS}"),
    ("worker threads, sharp --grid", ["sharp", "--grid", SHARP, "--jobs", str(MAX_JOBS + 1)],
     lambda: minip.sharp_grid(SHARP, jobs=MAX_JOBS + 1), f"above the supported {MAX_JOBS}"),
    ("worker threads, rank", ["rank", "--m", "4", "--jobs", str(MAX_JOBS + 1)],
     lambda: minip.rank(m=4, jobs=MAX_JOBS + 1), f"--jobs = {MAX_JOBS + 1} is above the supported {MAX_JOBS}"),
    ("worker threads, rank --linear", ["rank", "--linear", "--m", "8", "--jobs", str(MAX_JOBS + 1)],
     lambda: minip.rank_linear(m=8, jobs=MAX_JOBS + 1), f"--jobs = {MAX_JOBS + 1} is above the supported {MAX_JOBS}"),
    ("worker threads, frontier", ["frontier", "--m", "4", "--jobs", str(MAX_JOBS + 1)],
     lambda: minip.frontier(m=4, jobs=MAX_JOBS + 1), f"--jobs = {MAX_JOBS + 1} is above the supported {MAX_JOBS}"),
    ("a repeated grid entry", ["sweep", str(REPEATED)], lambda: minip.sweep(REPEATED), "n lists 3 twice"),
    ("a repeated grid entry, sharp --grid", ["sharp", "--grid", str(REPEATED)],
     lambda: minip.sharp_grid(REPEATED), "n lists 3 twice"),
    ("a shard that does not exist", ["sweep", SMALL, "--shard", "3/3"],
     lambda: minip.sweep(SMALL, shard="3/3"), "shard '3/3': need 0 ≤ i < N"),
    ("a shard that does not exist, sharp --grid", ["sharp", "--grid", SHARP, "--shard", "1/0"],
     lambda: minip.sharp_grid(SHARP, shard="1/0"), "shard '1/0'"),
    ("a malformed --expect table", ["sweep", SMALL, "--expect", str(BAD_TABLE)],
     lambda: minip.sweep(SMALL, expect=BAD_TABLE), "--expect: "),
    ("a malformed --expect table, sharp --grid", ["sharp", "--grid", SHARP, "--expect", str(BAD_TABLE)],
     lambda: minip.sharp_grid(SHARP, expect=BAD_TABLE), "--expect: "),
    ("frontier: sequence length", ["frontier", "--m", "4", "--kernel", "per_weight", "--n", str(MAX_N + 1)],
     lambda: minip.frontier(m=4, kernel="per_weight", n=MAX_N + 1), f"n = {MAX_N + 1} is out of range (3..={MAX_N})"),
    ("frontier: a length below 3", ["frontier", "--m", "4", "--kernel", "per_weight", "--n", "2..=4"],
     lambda: minip.frontier(m=4, kernel="per_weight", n="2..=4"), "n = 2 is out of range"),
    ("head attack: sequence length", ["head", "attack", "rank1", "--m", "3", "--n", "65"],
     lambda: minip.head_attack("rank1", m=3, n=65), "--n must be in 1..=64, got 65"),
    ("transition: bits", ["transition", "--m-max", "9"], lambda: minip.transition(m_max=9), "--m-max must be in 1..=8"),
    ("transition: exact length", ["transition", "--exact-len", "65"],
     lambda: minip.transition(exact_len=65), "--exact-len must be in 1..=64, got 65"),
    ("amplify-bench: timeout", ["amplify-bench", "--h", "8", "--timeout", "86401"],
     lambda: minip.amplify_bench(h=8, timeout=86401), "--timeout"),
    ("sharp --milp: bits", ["sharp", "--milp", "--m", "0"], lambda: minip.sharp_milp(m=0), "--m: need 1 ≤ m ≤"),
    ("head bench: bits", ["head", "bench", "--m-max", "0"], lambda: minip.head_bench(m_max=0), "--m-max must be in 1..="),
    ("export coq: one Coq file twice", ["export", "coq", SETTLE, SETTLE, "--out", COQ_OUT],
     lambda: minip.export_coq([SETTLE, SETTLE], out=COQ_OUT), "two arguments give the same Coq file"),
]

# Rows that are bad input rather than a row of tests/limits_table.rs.
NOT_LIMITS = {
    "a rational that does not parse", "ε at zero", "a family that does not exist", "h of the row LP",
    "items of one list", "an empty range", "a shard that does not exist", "a malformed --expect table",
    "frontier: a length below 3", "head attack: sequence length", "transition: bits", "transition: exact length",
    "export coq: one Coq file twice", "sharp --milp: bits", "head bench: bits", "amplify-bench: timeout",
}


def cli_refusal(args: List[str]) -> str:
    """The command line's one-line refusal (exit 2), without its ``minip: error: `` prefix."""
    r = subprocess.run([str(MINIP), *args], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, (args, r.returncode, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("minip: error: "), (args, r.stderr)
    return lines[0][len("minip: error: "):]


@pytest.mark.skipif(not MINIP.exists(), reason="the command line is built by `cargo build --release`")
@pytest.mark.parametrize("name,args,call,needle", CASES, ids=[(c.values[0] if hasattr(c, "values") else c[0]) for c in CASES])
def test_same_refusal(name: str, args: List[str], call: Callable[[], Any], needle: str) -> None:
    said = cli_refusal(args)
    assert needle in said, (name, said)
    with pytest.raises(ValueError) as e:
        call()
    assert not isinstance(e.value, minip.Rejected), name
    assert str(e.value) == minip._minip.spelling(said), name
    assert not re.search(r"(^|[ (])--[a-z]", str(e.value)), name


def test_the_table_covers_limits_table_rows() -> None:
    # Every row named after a row of tests/limits_table.rs names one that exists there.
    table = (ROOT / "tests" / "limits_table.rs").read_text()
    for case in CASES:
        name = case.values[0] if hasattr(case, "values") else case[0]
        base = name.split(",")[0]
        if base in NOT_LIMITS:
            continue
        assert f'limit: "{base}' in table, base
