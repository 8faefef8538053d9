"""minip.paper(): the ledger of the paper's claims, its statuses and re-checks, as a table."""

import os
import shutil

import pytest

import minip
from conftest import ROOT


def test_the_ledger_re_checks_without_coq():
    ledger = minip.paper(ROOT, coq=False)
    assert isinstance(ledger, minip.Ledger) and len(ledger) == 24 and str(ledger).startswith("claim ")
    assert [c.id for c in ledger[:3]] == ["lemma3", "settle-2c", "amplification"]
    by = {c.id: c for c in ledger}
    assert (by["theorem6"].status, by["theorem6"].verdict) == ("proved", "not-re-checked")
    assert by["theorem6"].coq[0] == "Paper.theorem6" and by["theorem6"].coq_checked == 0
    assert by["theorem6"].detail == "not re-checked here: Coq not run (--no-coq)"
    assert (by["rank-m24"].status, by["rank-m24"].verdict, by["rank-m24"].certificates_checked) == (
        "certified", "re-checked", 3,
    )
    assert by["settle-2c"].status == "false-as-read" and by["long-context"].status == "open"
    assert ledger.failed() == []
    assert repr(ledger) == "<Ledger: 24 claims, 9 re-checked, 15 not re-checked here, 0 failed>"


def test_to_pandas():
    pd = pytest.importorskip("pandas")
    df = minip.paper(ROOT, coq=False).to_pandas()
    assert isinstance(df, pd.DataFrame) and df.shape == (24, 7)
    assert list(df["id"][:2]) == ["lemma3", "settle-2c"]
    assert df.loc[df["id"] == "rank-m24", "certificates_checked"].item() == 3


def test_a_tampered_certificate_fails_its_row(tmp_path):
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "proofs" / "rank", root / "proofs" / "rank")
    ledger = minip.paper(root, coq=False)
    by = {c.id: c for c in ledger}
    # Everything but proofs/rank is missing here: those rows fail; proofs/rank's files check
    # (its Coq names are not run here).
    assert by["theorem5"].verdict == "not-re-checked"
    assert by["theorem5"].certificates_checked == len(list((root / "proofs" / "rank").glob("*.json")))
    assert by["lemma3"].verdict == "failed" and "proofs/settle: missing" in by["lemma3"].detail
    f = root / "proofs" / "rank" / "m24.json"
    f.write_text(f.read_text().replace("111111111110000000000001", "111111111110000000000010", 1))
    by = {c.id: c for c in minip.paper(root, coq=False)}
    assert by["theorem5"].verdict == "failed" and "m24.json: rejected" in by["theorem5"].detail


def test_bad_root_and_html(tmp_path):
    with pytest.raises(ValueError, match="no proofs/ directory here"):
        minip.paper(tmp_path)
    page = tmp_path / "paper.html"
    minip.paper(ROOT, coq=False, html=page)
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and text.count('<tr id="row-') == 24 and "<svg" in text
    with pytest.raises((OSError, ValueError)):
        minip.paper(ROOT, coq=False, html=tmp_path / "no-such-dir" / "paper.html")
