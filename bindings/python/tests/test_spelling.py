"""Errors and advice name the package's spelling, not the command line's: a keyword (``d``, not
``--d``), a call (``rank_linear(m=100)``, not ``rank --linear --m 100``). The library names a
parameter as the command line does; the bindings' error layer (src/error.rs) respells every
message once, and these are the cases a user meets first."""

import pytest

import minip
from minip import _minip


def refusal(call):
    with pytest.raises(ValueError) as e:
        call()
    return str(e.value)


def test_an_empty_range_names_the_keyword():
    assert refusal(lambda: minip.settle(d=range(8, 2))) == "d: empty range"
    assert refusal(lambda: minip.rank(m=[])) == "m: empty range"


def test_a_suggested_command_is_the_call():
    said = refusal(lambda: minip.rank(m=100))
    assert said == (
        "m: m = 100 is above 40, the largest m of the explicit-code search; rank_linear certifies even m "
        "up to 1024 (e.g. rank_linear(m=100))"
    )


def test_one_head_points_to_check():
    said = refusal(lambda: minip.multihead_domination(heads=1))
    assert said == "heads=1: need 2..=64 (one head is Lemma 3 itself: minip.check(d=D))"
    assert "minip check" not in said


def test_keywords_spelled_as_the_signature():
    assert refusal(lambda: minip.transition(m_max=9)) == "m_max must be in 1..=8"
    assert refusal(lambda: minip.head_verify("exact", m=3, length=0)) == "length must be in 1..=64, got 0"
    assert refusal(lambda: minip.check(h=3)) .startswith("h, u and w go together")


def test_settle_advises_the_keyword():
    text = str(minip.settle(d=2))
    assert 'out=DIR writes the certificates (the committed ones: out="proofs/settle")' in text
    assert "--" not in text


@pytest.mark.parametrize(
    "cli,py",
    [
        ("--d: empty range", "d: empty range"),
        ("--m-max must be in 1..=8", "m_max must be in 1..=8"),
        ("--heads 1: need 2..=64", "heads=1: need 2..=64"),
        ("--eps 1/4: --linear needs eps = 1/2", "eps=1/4: rank_linear needs eps = 1/2"),
        ("above 16 (--from FILE)", "above 16 (start=FILE)"),
        ("--jobs 0: need at least 1 worker thread (omit --jobs for one per core)",
         "jobs=0: need at least 1 worker thread (omit jobs for one per core)"),
        ("--hi h+: the class h+ exists only when m > h", "hi h+: the class h+ exists only when m > h"),
        ("a--b and x --", "a--b and x --"),
        ("m = 3 (e.g. rank --linear --m 8)", "m = 3 (e.g. rank_linear(m=8))"),
        ("--task/--kernel/--at: not with --milp", "task/kernel/at: not with sharp_milp"),
    ],
)
def test_the_rules(cli, py):
    assert _minip.spelling(cli) == py
