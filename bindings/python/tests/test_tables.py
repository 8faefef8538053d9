"""Table-like results: counted reprs, HTML tables for Jupyter, to_pandas(), plot(), and
progress= on the long calls."""

import doctest
import html
import re
from fractions import Fraction

import pytest

import minip
from conftest import ROOT


def cells(table_html: str) -> list:
    """The rows of an HTML table as lists of unescaped cell texts (header row first)."""
    rows = re.findall(r"<tr>(.*?)</tr>", table_html)
    return [[html.unescape(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r)] for r in rows]


def test_amplify_rows_are_a_table():
    rs = minip.amplify(h=range(1, 6))
    assert isinstance(rs, list) and isinstance(rs, minip.Ratios)
    assert repr(rs) == "<Ratios: 5 ratios for h = 1 to 5, 5 certified, 0 unknown>"
    t = cells(rs._repr_html_())
    assert t[0] == list(minip.Ratios.columns)
    assert t[0][:3] == ["h", "n", "eps"]
    assert [r[0] for r in t[1:]] == ["1", "2", "3", "4", "5"]
    assert [r[t[0].index("ratio")] for r in t[1:]] == ["0", "1", "5/2", "4", "11/2"]
    assert "<caption>&lt;Ratios: 5 ratios" in rs._repr_html_()
    df = rs.to_pandas()
    assert list(df.columns) == list(minip.Ratios.columns)
    assert str(df["h"].dtype) == "Int64" and str(df["ratio"].dtype) == "object"
    assert df["ratio"].tolist() == [Fraction(0), Fraction(1), Fraction(5, 2), Fraction(4), Fraction(11, 2)]
    assert df["chain_bound"].tolist() == [None, Fraction(1), Fraction(2), Fraction(3), Fraction(4)]
    assert df["log2_ratio"].isna().tolist() == [True, False, False, False, False]
    assert df["log2_ratio"][3] == 2.0


def test_amplify_plot_draws_the_certified_ratios():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    fig = minip.amplify(h=range(1, 6)).plot()
    (ax,) = fig.axes
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("query weight h", "log2 ratio")
    assert ax.get_title() == "Forced kernel ratio, n = 3, eps = 1/2"
    ratio, chain = ax.lines
    assert ratio.get_label() == "log2 R, certified" and chain.get_label() == "log2 chain bound"
    assert list(ratio.get_xdata()) == [2, 3, 4, 5]  # R(0,1;1) = 0 has no logarithm
    assert list(ratio.get_ydata())[2] == 2.0  # R = 4 at h = 4
    assert list(chain.get_ydata())[:2] == [0.0, 1.0]


def test_rank_bounds_table_and_plot():
    bs = minip.rank(m=range(4, 7))
    assert isinstance(bs, minip.RankBounds)
    assert repr(bs) == "<RankBounds: 3 bounds for m = 4 to 6, 3 certified, 0 unknown>"
    df = bs.to_pandas()
    assert df["m"].tolist() == [4, 5, 6] and df["bound"].tolist() == [2, 2, 2]
    assert str(df["bound"].dtype) == "Int64" and str(df["construction"].dtype) == "string"
    assert df["construction"][0] == "sat" and df["maximal"][0] == 3
    t = cells(bs._repr_html_())
    assert t[1][:4] == ["4", "3", "1/2", "2"]
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    (ax,) = bs.plot().axes
    assert ax.get_yscale() == "log" and ax.get_xlabel() == "bits per token m"
    lower, trivial = ax.lines
    assert list(lower.get_ydata()) == [2, 2, 2] and list(trivial.get_ydata()) == [16, 32, 64]


def test_sat_budget_zero_uses_constructions_only():
    # The SAT search certifies rank >= 2 at m = 4; the constructions alone give 1.
    assert minip.rank(m=4).bound == 2
    assert minip.rank(m=[4], sat_budget=0)[0].bound == 1


def test_linear_bounds_keep_exact_integers():
    bs = minip.rank_linear(m=[8, 10])
    assert repr(bs) == "<LinearBounds: 2 bounds for m = 8 to 10 and n = 3, 2 certified, 0 unknown>"
    df = bs.to_pandas()
    assert str(df["bound"].dtype) == "object" and df["bound"].tolist() == [2, 2]
    assert df["construction"].tolist() == ["rm1_3", "rm1_3+zero1+one1"]
    assert df["value"][0] == Fraction(224, 209)


def test_frontier_table_and_plot():
    rows = minip.frontier(m=[4, 6], rank_dir="-")
    assert repr(rows) == "<Frontier: 2 rows for m = 4 to 6, 2 with an upper bound, 0 with a lower bound>"
    df = rows.to_pandas()
    assert df["per_weight"].tolist() == [5, 8] and df["shared"].tolist() == [5, 22]
    assert df["sparse"].isna().all() and str(df["sparse"].dtype) == "Int64"
    assert df["best_class"].tolist() == ["per_weight", "per_weight"]
    t = cells(rows._repr_html_())
    assert t[0][:5] == ["m", "lower", "lower_from_m", "lower_linear", "per_weight"]
    assert t[2][:5] == ["6", "", "", "", "8"]
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    lower = minip.rank(m=[4, 6])
    (ax,) = rows.plot(lower=lower).axes
    labels = [line.get_label() for line in ax.lines]
    assert labels == [
        "certified lower bound (rank)",
        "certified upper bound, per-weight head",
        "certified upper bound, shared head",
        "signed head (outside the paper's model)",
        "trivial $2^m$",
    ]
    assert list(ax.lines[0].get_ydata()) == [2, 2] and list(ax.lines[2].get_ydata()) == [5, 22]
    assert ax.get_title() == "Rank frontier, n = 3, eps = 1/2"


def _inside(fig, artist, renderer) -> bool:
    """Whether the artist's drawn box lies within the figure's (a savefig does not cut it)."""
    box, page = artist.get_window_extent(renderer), fig.bbox
    return box.x0 >= page.x0 - 0.5 and box.y0 >= page.y0 - 0.5 and box.x1 <= page.x1 + 0.5 and box.y1 <= page.y1 + 0.5


def test_plots_saved_as_png_keep_labels_and_legend_inside(tmp_path):
    # savefig with no options, as a user calls it: the axis labels, the title and the legend are
    # all inside the image, and the legend (beside the axes) covers no data.
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    figs = {
        "rank": minip.rank(m=range(4, 9)).plot(),
        "frontier": minip.frontier(m=[4, 6], kernel="per_weight", n=4).plot(lower=minip.rank(m=[4, 6])),
        "amplify": minip.amplify(h=range(1, 8)).plot(),
        "linear": minip.rank_linear(m=[8, 10, 12]).plot(),
    }
    for name, fig in figs.items():
        png = tmp_path / f"{name}.png"
        fig.savefig(png)
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        renderer = fig.canvas.get_renderer()
        (ax,) = fig.axes
        for artist in (ax.xaxis.label, ax.yaxis.label, ax.title, ax.get_legend()):
            assert _inside(fig, artist, renderer), (name, artist)
        legend = ax.get_legend().get_window_extent(renderer)
        assert legend.x0 >= ax.get_window_extent(renderer).x1, name
    (ax,) = figs["frontier"].axes
    assert ax.get_title() == "Rank frontier, n = 4, eps = 1/2"
    assert [line.get_label() for line in ax.lines][1] == "certified upper bound, per-weight head"


def test_settlement_table():
    s = minip.settle(d=range(2, 4))
    assert repr(s) == "<Settlement: 4 rows, lemma holds>"
    t = cells(s._repr_html_())
    assert "<caption>4 rows: 3 holds, 1 broken, 0 unknown; lemma holds</caption>" in s._repr_html_()
    assert [r[t[0].index("verdict")] for r in t[1:]] == ["broken", "holds", "holds", "holds"]
    df = s.to_pandas()
    assert df["bound"].tolist() == ["2", "paper", "2", "paper"]
    assert df["kprime"].tolist() == [Fraction(2), Fraction(1), Fraction(2), Fraction(2)]
    assert str(df["d"].dtype) == "Int64"


def test_verification_counts_and_table(tmp_path):
    v = minip.verify(ROOT / "proofs" / "settle")
    assert repr(v) == "<Verification: 27 files: 27 verified, 0 failed>"  # 14 JSON, 13 VIPR
    assert str(v) == "27 files: 27 verified, 0 failed, 0 invalid, 0 unchecked"  # unchanged
    df = v.to_pandas()
    assert list(df.columns) == ["path", "verdict", "claim", "reason"]
    assert (df["verdict"] == "verified").all() and df["reason"].isna().all()
    assert df["claim"][0] == "broken (gap n=3 eps=1/2 h=2 u=0 w=2 paper b<=2)"
    # A failed file and an HTML-unsafe path: counted and escaped.
    bad = tmp_path / "<b>.json"
    bad.write_text(minip.check(d=3).to_json().replace('"1/2"', '"1/3"', 1))
    w = minip.verify([ROOT / "proofs" / "settle" / "n3_eps1-2_h2_u0_w2_paper_b2.json", bad])
    assert repr(w) == "<Verification: 2 files: 1 verified, 1 failed>"
    h = w._repr_html_()
    assert "&lt;b&gt;.json" in h and "<b>" not in h
    assert cells(h)[2][1] == "rejected"


def test_html_shows_at_most_forty_rows():
    rs = minip.amplify(h=range(1, 50))
    h = rs._repr_html_()
    assert len(cells(h)) == 1 + 40 + 1
    assert "… 9 more rows (to_pandas() has them all)" in h
    assert len(rs.to_pandas()) == 49


def test_progress_callback_sees_every_step():
    calls = []
    bs = minip.rank(m=range(4, 9), progress=lambda done, total, label: calls.append((done, total, label)))
    assert [b.bound for b in bs] == [2, 2, 2, 2, 2]
    assert calls and calls[-1] == (5, 5, "m")
    # Two steps: the forced ratios (every LP the m need), then the codes per m.
    labels = [label for _, _, label in calls]
    assert labels == sorted(labels, key=["ratios", "m"].index), labels
    ms = [(d, total) for d, total, label in calls if label == "m"]
    assert all(total == 5 for _, total in ms)
    assert [d for d, _ in ms] == sorted(d for d, _ in ms)
    ratios = [(d, total) for d, total, label in calls if label == "ratios"]
    assert ratios and ratios[-1][0] == ratios[-1][1] > 0


def test_progress_of_verify_counts_each_kind_of_file():
    last = {}
    v = minip.verify(ROOT / "proofs" / "settle", progress=lambda d, t, label: last.__setitem__(label, (d, t)))
    assert last == {"certificates": (14, 14), "VIPR files": (13, 13)}
    assert len(v) == 27


def test_progress_callback_that_raises_stops_the_call():
    def boom(done, total, label):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        minip.settle(d=range(2, 9), progress=boom)
    # The next call runs without the callback.
    assert minip.settle(d=2).lemma_holds


def test_progress_true_writes_to_stderr_and_returns_the_same(capsys):
    plain = minip.amplify(h=range(1, 6))
    shown = minip.amplify(h=range(1, 6), progress=True)
    assert [r.ratio for r in shown] == [r.ratio for r in plain]
    assert "ratios" in capsys.readouterr().err


def test_progress_refuses_other_values():
    with pytest.raises(TypeError, match="progress: expected True, False or a callable"):
        minip.settle(d=2, progress="yes")


def test_optional_dependencies_are_named(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name.split(".")[0] in ("pandas", "matplotlib"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    rs = minip.amplify(h=3)
    with pytest.raises(ImportError, match=r"to_pandas\(\) needs pandas, which is not installed: pip install pandas"):
        rs.to_pandas()
    with pytest.raises(ImportError, match=r"plot\(\) needs matplotlib"):
        rs.plot()
    assert "<td>5/2</td>" in rs._repr_html_()  # no pandas needed


def test_verification_counts_vipr_files_without_a_certificate(tmp_path):
    import shutil

    src = ROOT / "proofs" / "settle"
    shutil.copy(src / "n3_eps1-2_h3_u0_w3_paper_b2.json", tmp_path)
    shutil.copy(src / "n3_eps1-2_h4_u0_w4_paper_b2.vipr", tmp_path)  # its certificate is not there
    v = minip.verify(tmp_path)
    assert repr(v) == "<Verification: 2 files: 1 verified, 1 VIPR file not checked here, 0 failed>"
    assert v.ok
    # str() is the command line's summary: why the VIPR file is unchecked and how to check it.
    assert str(v) == (
        "2 files: 1 verified, 0 failed, 0 invalid, 1 unchecked (VIPR files with no certificate beside "
        "them, such as sharp exports, are only parsed here; check them with viprchk, the VIPR "
        "project's checker: see the README)"
    )


def test_docstring_examples_of_the_tables(monkeypatch):
    monkeypatch.chdir(ROOT)
    for module in (minip._tables, minip._progress):
        failures, tried = doctest.testmod(module, globs={"minip": minip})
        assert failures == 0
    assert doctest.testmod(minip._tables, globs={"minip": minip}).attempted >= 11
