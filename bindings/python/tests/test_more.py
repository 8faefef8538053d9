"""sharp, amplify, rank, rank_linear, frontier and head_verify against the committed tables
(docs/amplify.md, docs/rank.md, proofs/), and every docstring example."""

import doctest
import importlib
import pkgutil
import json
import os
from fractions import Fraction

import pytest

import minip
from conftest import ROOT


def test_sharp_values():
    s = minip.sharp(d=3)
    assert (s.kstar, s.paper_k, s.relation) == (Fraction(2), Fraction(2), "sharp")
    assert minip.sharp(d=2).kstar == Fraction(1)
    assert s.verify() == "sharp (1 configuration, n=3 eps=1/2 paper h=3 u=0 w=3: kstar = 2 certified both sides)"
    assert json.loads(s.to_json())["format"] == "minip-sharp/1"
    with pytest.raises(ValueError, match="need ε > 0"):
        minip.sharp(d=3, eps=0)


def test_amplify_against_the_committed_table():
    # docs/amplify.md: R(0, h; h) for n = 3, eps = 1/2.
    got = {r.h: r.ratio for r in minip.amplify(h=[1, 2, 3, 4, 5, 6, 24])}
    assert got == {
        1: 0,
        2: 1,
        3: Fraction(5, 2),
        4: 4,
        5: Fraction(11, 2),
        6: 7,
        24: Fraction(2303, 2),
    }
    (r24,) = minip.amplify(h=24)
    # The committed certificate states the same claim (its multipliers may differ).
    committed = json.loads((ROOT / "proofs/amplify/n3_eps1-2_h24_lo0_hi24.json").read_text())
    assert json.loads(r24.to_json())["params"] == committed["params"]
    assert r24.verify() == "ratio R = 2303/2 (n=3 eps=1/2 h=24 lo=0 hi=24)"


def test_amplify_classes_and_bad_input():
    (r,) = minip.amplify(h=3, hi="h+", superset=True)
    assert (r.hi, r.superset) == ("3+", True) and r.ratio is not None
    with pytest.raises(ValueError, match="exists only when m > h"):
        minip.amplify(h=3, hi="h+", m=3)
    with pytest.raises(ValueError, match="need hi ≤ h"):
        minip.amplify(h=3, hi=5)
    with pytest.raises(ValueError, match="h: empty range"):
        minip.amplify(h=[])
    # h + 1 (the class h+) at the end of 32 bits is refused with the command line's words.
    with pytest.raises(ValueError, match="larger than the supported n ≤ 1024, h ≤ 100000"):
        minip.amplify(h=2**32 - 1, hi="h+", superset=True)


def test_amplify_beyond_min_ip_as_the_command_line():
    # `minip amplify --h 4 --task max-ip --json`: lo "4", hi "0", ratio "empty", setting "max-ip".
    (r,) = minip.amplify(h=4, task="max-ip")
    assert (r.lo, r.hi, r.ratio_text, r.ratio, r.setting) == (4, "0", "empty", None, "max-ip")
    assert (r.verdict, r.superset, r.chain_bound) == ("certified", False, Fraction(3))
    # `minip amplify --h 4 --keys distinct --json`: R(0, h-1; 4) = 2.
    (r,) = minip.amplify(h=4, keys="distinct")
    assert (r.lo, r.hi, r.ratio, r.setting) == (0, "3", Fraction(2), "keys distinct")
    # `minip amplify --h 4 --task nearest --m 5 --json`: classes (o, e) as labels.
    (r,) = minip.amplify(h=4, task="nearest", m=5)
    assert (r.lo, r.hi, r.ratio_text, r.m) == ("o4e1", "o0e1", "empty", 5)
    with pytest.raises(ValueError, match="task nearest: give the bits m"):
        minip.amplify(h=4, task="nearest")
    with pytest.raises(ValueError, match="bogus"):
        minip.amplify(h=4, task="bogus")
    with pytest.raises(ValueError, match="at: expected a nonnegative integer"):
        minip.amplify(h=4, positions="per-position", at=-1)


def test_rank_m24_is_at_least_21():
    # docs/rank.md: m = 24, rank >= 21 from the shortened Golay code (k = 2576, (12, 0, 4)).
    b = minip.rank(m=24, h_max=12, sat_budget=0)
    assert isinstance(b.bound, int) and b.bound == 21
    assert (b.k, b.h, b.lo, b.hi, b.delta) == (2576, 12, 0, 4, Fraction(1, 3))
    assert b.verify().startswith("rank >= 21")
    committed = json.loads((ROOT / "proofs/rank/m24.json").read_text())
    assert committed["bound"] == b.bound


def test_rank_with_a_maximality_proof(tmp_path):
    b = minip.rank(m=8)
    assert (b.bound, b.maximal) == (2, 3)
    b.write(tmp_path / "m08.json")
    # The DRAT proof is written beside the certificate, and the pair verifies.
    assert sorted(os.listdir(tmp_path)) == ["m08.json", "m08.maximal.drat"]
    v = minip.verify(tmp_path)
    assert v.ok and v[0].claim.startswith("rank >= 2")


def test_rank_linear_against_the_committed_table():
    # docs/rank.md: m = 64, rank >= 3,664 (eham16^4); the committed certificate agrees.
    b = minip.rank_linear(m=64)
    assert (b.bound, b.construction) == (3664, "eham16^4")
    committed = json.loads((ROOT / "proofs/rank-linear/n3_m064.json").read_text())
    assert int(committed["bound"]) == b.bound and int(committed["k"]) == b.k
    assert b.k > 2**32  # a Python int, not a float
    assert b.verify().startswith("rank >= 3664")
    with pytest.raises(ValueError, match="odd"):
        minip.rank_linear(m=33)
    with pytest.raises(ValueError, match="out of range"):
        minip.rank_linear(m=258)
    with pytest.raises(ValueError, match="out of range"):
        minip.rank_linear(m=1026)


def test_frontier_small_m():
    rows = minip.frontier(m=[4, 6], rank_dir=ROOT / "proofs/rank")
    # m = 4: the searched 2-feature head of proofs/search (read beside proofs/rank) meets the
    # lower bound; the overlap-polynomial heads need 5 there. m = 6: the searched 4-feature head
    # (the overlap-polynomial heads need 8).
    assert [r.best_upper for r in rows] == [2, 4]
    # The best head's least value dimension and state r*(D + 1), as the command line prints them.
    assert [(r.best_value_dim, r.best_state) for r in rows] == [(15, 32), (63, 256)]
    assert minip.frontier(m=[4, 6], rank_dir="-")[0].best_upper == 5
    # No directory given: the committed certificates, built in, wherever the package runs.
    # The lower bound 3 at m = 6 is carried from the refutation of rank 2 at m = 5 (proofs/rank2,
    # read beside proofs/rank; docs/math.md §5.8).
    assert [(r.lower, r.best_upper) for r in minip.frontier(m=[4, 6])] == [(2, 2), (3, 4)]
    assert [(r.lower, r.lower_from_m) for r in rows] == [(2, 4), (3, 5)]
    for r in rows:
        assert r.lower <= r.best_upper
        for kind, head in r.upper.items():
            assert head.verify().startswith(head.certificate["format"].split("/")[0].replace("minip-", "")) or head.verify()
    with pytest.raises(ValueError, match="unknown class"):
        minip.frontier(m=4, kernel="cubic")


def test_head_verify():
    r = minip.head_verify("exact", m=3, length=3)
    assert r.correct and r.max_error < Fraction(1, 2)
    bad = minip.head_verify("exact", m=3, length=3, base=2)
    assert not bad.correct and bad.first_failure is not None
    assert bad.first_failure["error"] >= Fraction(1, 2)
    with pytest.raises(ValueError, match="no such file"):
        minip.head_verify("no-such-head", m=3)
    with pytest.raises(ValueError, match="length must be in 1..=64"):
        minip.head_verify("exact", m=3, length=0)


def test_docstring_examples(monkeypatch):
    # Every example in the docstrings runs and prints what it shows (slow ones are skipped).
    monkeypatch.chdir(ROOT)
    failures, tried = 0, 0
    # Every module of the package but the tables' and the progress' (tests/test_tables.py).
    names = sorted(m.name for m in pkgutil.iter_modules(minip.__path__) if m.name not in ("_tables", "_progress", "_minip"))
    assert "_records" in names and "_readout" in names
    for module in [minip] + [importlib.import_module(f"minip.{n}") for n in names]:
        f, t = doctest.testmod(
            module, globs={"minip": minip, "json": json, "Fraction": Fraction}, optionflags=doctest.ELLIPSIS
        )
        failures, tried = failures + f, tried + t
    assert tried > 20 and failures == 0
