"""settle, check, verify and check_certificate against the committed tables and files."""

import json
import re
from fractions import Fraction

import pytest

import minip
from conftest import ROOT


def readme_block(title: str) -> str:
    """The first fenced block after a heading line in README.md."""
    text = (ROOT / "README.md").read_text()
    at = text.index(title)
    m = re.search(r"```[a-z]*\n(.*?)```", text[at:], re.S)
    assert m, title
    return m.group(1)


def test_settle_prints_what_the_command_line_prints():
    # README's "Reading the output of `settle`" block is `minip settle`'s output (tests/docs.rs);
    # its advice names the package's keyword, not the command line's option.
    s = minip.settle()
    cli = readme_block("## Reading the output of `settle`")
    advice = "--out DIR writes the certificates (the committed ones: --out proofs/settle)"
    assert advice in cli
    assert str(s) == cli.replace(advice, 'out=DIR writes the certificates (the committed ones: out="proofs/settle")')
    assert "--" not in str(s)


def test_settle_verdicts():
    s = minip.settle()
    got = [(r.d, r.bound, r.verdict, r.kprime) for r in s]
    want = [(2, "2", "broken", Fraction(2)), (2, "paper", "holds", Fraction(1))]
    for d in range(3, 9):
        want += [(d, "2", "holds", Fraction(2)), (d, "paper", "holds", Fraction(d - 1))]
    assert got == want
    assert s.lemma_holds
    assert all(r.certified for r in s)
    # Each row's certificate is the committed one, byte for byte.
    for r in s:
        name = f"n3_eps1-2_h{r.h}_u0_w{r.w}_paper_b{r.bound}.json"
        committed = ROOT / "proofs" / "settle" / name
        assert r.to_json() == committed.read_text()


def test_settle_other_parameters():
    s = minip.settle(n=4, eps=Fraction(1, 4), d=[3], literal="5/2")
    assert [(r.bound, r.paper_k) for r in s] == [("5/2", Fraction(10)), ("paper", Fraction(10))]
    assert [r.n for r in s] == [4, 4] and s[0].eps == Fraction(1, 4)


def test_check_holds_with_farkas_multipliers():
    r = minip.check(d=3)
    assert (r.verdict, r.holds, r.kprime, r.paper_k) == ("holds", True, Fraction(2), Fraction(2))
    assert r.head is None and r.multipliers
    assert all(isinstance(v, Fraction) for v in r.multipliers.values())
    assert any(v != 0 for v in r.multipliers.values())
    assert r.tokens == ("111", "000", "111") or len(r.tokens) == 3
    assert r.verify() == "holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)"
    assert "question" in str(r)


def test_check_broken_with_a_head():
    r = minip.check(d=2, bound=2)
    assert r.verdict == "broken" and r.multipliers is None
    h = r.head
    assert h is not None
    # The head meets the bound: alpha(x,y) <= 2 alpha(x,z), and its outputs are exact.
    assert h.alpha["y"] <= 2 * h.alpha["z"]
    assert h.outputs == {"S1": Fraction(-6, 17), "S2": Fraction(14, 9), "S3": Fraction(4, 13)}


def test_check_classes_tokens_and_setting():
    assert minip.check(h=4, u=1, w=3).d == 2
    r = minip.check(tokens="110,000,111", bound="2")
    assert (r.h, r.u, r.w, r.verdict) == (2, 0, 2, "broken")
    assert minip.check(tokens=["110", "000", "111"], bound=Fraction(2)).verdict == "broken"
    r = minip.check(d=3, task="max-ip")
    assert r.setting and r.verdict in ("holds", "broken") and r.verify()


def test_fraction_round_trips():
    for eps in ["1/2", Fraction(1, 2), 0.5, "0.5"]:
        assert minip.check(d=3, eps=eps).eps == Fraction(1, 2)
    r = minip.check(d=3, eps=Fraction(3, 8), bound=Fraction(7, 3))
    assert r.eps == Fraction(3, 8) and r.kprime == Fraction(7, 3)
    assert json.loads(r.to_json())["params"]["kprime"] == "7/3"
    # The value out is the value in, for a rational that no float holds.
    r = minip.check(d=4, eps=Fraction(1, 3), bound=Fraction(22, 7))
    assert (r.eps, r.kprime) == (Fraction(1, 3), Fraction(22, 7))


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"d": 3, "eps": "0"}, "need ε > 0, got ε = 0"),
        ({"d": 3, "eps": "abc"}, "eps: "),
        ({"d": 3, "eps": 0.1}, "eps: the float 0.1 is not exactly 0.1"),
        ({"d": 3, "n": 2}, "n"),
        ({"h": 3, "u": 3, "w": 2}, "u"),
        ({"d": 3, "family": "some"}, "family"),
        ({}, "give the configuration"),
        ({"d": 3, "h": 3, "u": 0, "w": 3}, "give one configuration"),
        ({"h": 3}, "h, u and w go together"),
        ({"d": -1}, "d: expected a nonnegative integer"),
        ({"tokens": "11,00"}, "three bit strings"),
        ({"d": 3, "task": "sorting"}, "task"),
    ],
)
def test_bad_input_is_a_value_error_with_one_line(kwargs, message):
    with pytest.raises(ValueError) as e:
        minip.check(**kwargs)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_settle_bad_input():
    with pytest.raises(ValueError, match="d: empty range"):
        minip.settle(d=[])
    with pytest.raises(ValueError, match="need ε > 0"):
        minip.settle(eps="-1/2")


def test_write_and_verify(tmp_path):
    r = minip.check(d=5)
    p = tmp_path / "d5.json"
    r.write(p)
    assert p.read_text() == r.to_json()
    v = minip.verify(tmp_path)
    assert [(f.verdict, f.claim) for f in v] == [
        ("verified", "holds (gap n=3 eps=1/2 h=5 u=0 w=5 paper b<=paper)")
    ]
    assert v.ok
    with pytest.raises(OSError):
        r.write(tmp_path / "no-such-dir" / "x.json")


def test_verify_committed_certificates():
    v = minip.verify(ROOT / "proofs" / "settle")
    assert v.ok
    assert sum(1 for f in v if f.ok and f.path.endswith(".json")) == 14


def test_tampered_certificate_is_rejected(tmp_path):
    c = minip.check(d=3).certificate
    row = c["farkas"]["rows"][0]
    row["multiplier"] = str(Fraction(row["multiplier"]) + 1)
    with pytest.raises(minip.Rejected) as e:
        minip.check_certificate(c)
    assert isinstance(e.value, ValueError) and "\n" not in str(e.value)
    # The same file on disk: verify reports it rejected, and does not raise.
    p = tmp_path / "tampered.json"
    p.write_text(json.dumps(c))
    (f,) = minip.verify(p)
    assert (f.verdict, f.ok) == ("rejected", False) and f.reason
    # The rejection says what failed in the user's terms, then the checker's detail.
    assert str(e.value) == f"the certificate does not prove its claim: {f.reason}"
    assert f.reason.startswith("farkas: ")
    # A committed head with one output changed.
    text = (ROOT / "proofs/settle/n3_eps1-2_h2_u0_w2_paper_b2.json").read_text()
    assert minip.check_certificate(text).startswith("broken")
    with pytest.raises(minip.Rejected):
        minip.check_certificate(text.replace('"yhat": "-6/17"', '"yhat": "-6/16"'))


def test_a_proof_file_not_given_is_not_a_rejection(tmp_path):
    b = minip.rank(m=8)
    # The result object holds its DRAT proof; its certificate alone refers to a file.
    assert minip.check_certificate(b).startswith("rank >= 2")
    with pytest.raises(OSError) as e:
        minip.check_certificate(b.certificate)
    assert not isinstance(e.value, minip.Rejected)
    assert str(e.value) == (
        "the proof file 'm08.maximal.drat' this certificate refers to was not given: pass dir= "
        "(the directory that holds it), or the result object itself instead of its certificate"
    )
    assert minip.check_certificate(b.certificate, dir=ROOT / "proofs/rank").startswith("rank >= 2")
    # A directory without the file: the file cannot be read (OSError), not a rejection.
    with pytest.raises(OSError) as e:
        minip.check_certificate(b.certificate, dir=tmp_path)
    assert not isinstance(e.value, minip.Rejected)
    assert str(e.value).startswith(f"the proof file 'm08.maximal.drat' this certificate refers to is not in {tmp_path}: ")
    # A proof that does not refute the CNF is a rejection.
    (tmp_path / "m08.maximal.drat").write_bytes(b"0\n")
    with pytest.raises(minip.Rejected, match="^the certificate does not prove its claim: maximal"):
        minip.check_certificate(b.certificate, dir=tmp_path)


def test_malformed_certificates():
    with pytest.raises(ValueError, match="malformed certificate"):
        minip.check_certificate("{ not json")
    with pytest.raises(ValueError, match="unknown certificate format"):
        minip.check_certificate({"format": "minip-gap/9"})
    with pytest.raises(OSError):
        minip.verify("/no/such/path")


def test_unknown_is_an_exception_class():
    assert issubclass(minip.Unknown, RuntimeError)
    assert issubclass(minip.Rejected, ValueError)
