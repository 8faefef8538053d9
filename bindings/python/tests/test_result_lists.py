"""Every result list of the package is a table: ``to_pandas()`` with its columns and exact
values, an HTML table for Jupyter, and ``plot()`` where its rows form a series. The lists are
found in minip._tables, so a list added later without a case here fails."""

import html
import inspect
import re
from fractions import Fraction
from typing import Any, Callable, Dict, Tuple

import pytest

import minip
from minip import _tables
from conftest import ROOT

#: Each list: a small call that returns one, a column and the value of its first row there.
CASES: Dict[str, Tuple[Callable[[], Any], str, Any]] = {
    "Ratios": (lambda: minip.amplify(h=range(2, 5)), "ratio", Fraction(1)),
    "RankBounds": (lambda: minip.rank(m=[4, 5]), "bound", 2),
    "LinearBounds": (lambda: minip.rank_linear(m=[8, 10]), "bound", 2),
    "Frontier": (lambda: minip.frontier(m=[4], kernel="per_weight"), "per_weight", 5),
    "Settlement": (lambda: minip.settle(d=2), "verdict", "broken"),
    "Verification": (lambda: minip.verify(str(ROOT / "proofs" / "settle")), "verdict", "verified"),
    "Readouts": (lambda: minip.readout(m=range(2, 5)), "lower_bits", 3),
    "Precisions": (lambda: minip.readout(m=[1, 2], precision=True), "max_value", 1),
    "Multilevels": (lambda: minip.readout_multilevel(q=[2, 3], s=2), "distinct", 9),
    "Escapes": (lambda: minip.multihead_domination(d=3, n=3), "max_error", Fraction(0)),
    "HeadsFrontier": (lambda: minip.multihead_frontier(heads=2, m=[4, 5]), "total_rank", 10),
    "SweepResult": (lambda: minip.sweep(str(ROOT / "instances" / "small.toml"), shard="0/20"), "verdict", "broken"),
    "SharpGrid": (lambda: minip.sharp_grid(str(ROOT / "instances" / "sharp-vipr.toml"), shard="0/40"), "kstar", Fraction(0)),
    "SharpSummary": (lambda: minip.sharp_summarize(str(ROOT / "proofs" / "sharp" / "n3_eps1-3_paper.json")),
                     "relation", "fails"),
    "AmplifyGrid": (lambda: minip.amplify_grid(str(ROOT / "instances" / "beyond" / "signed-ratios.toml")),
                    "series", "nonneg R(0, x)"),
    "MilpCheck": (lambda: minip.sharp_milp(d=2, m=3), "min_kstar", "1"),
    "Transition": (lambda: minip.transition(m_max=2), "max_error", Fraction(0)),
    "Ledger": (lambda: minip.paper(ROOT, coq=False), "status", "proved"),
}

#: The lists whose rows are a series to draw.
PLOTTED = {"Ratios", "RankBounds", "LinearBounds", "Frontier", "Readouts", "Precisions", "Multilevels",
           "HeadsFrontier", "AmplifyGrid"}


def lists():
    """Every concrete result list: a Table subclass of minip._tables that the package exports."""
    return sorted(
        name for name, c in inspect.getmembers(_tables, inspect.isclass)
        if issubclass(c, _tables.Table) and c.columns and getattr(minip, name, None) is c
    )


def test_every_result_list_has_a_case():
    assert lists() == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_to_pandas_html_and_plot(name: str) -> None:
    pytest.importorskip("pandas")
    call, column, first = CASES[name]
    result = call()
    cls = getattr(minip, name)
    assert type(result) is cls
    df = result.to_pandas()
    assert list(df.columns) == list(cls.columns)
    assert len(df) == len(list(result)) > 0
    assert df[column].tolist()[0] == first
    # The dtypes are fixed by the class, whatever the values.
    assert [str(t) for t in df.dtypes] == [
        "object" if d == "Int64" and str(t) == "object" else d for d, t in zip(cls.column_dtypes(), df.dtypes)
    ]
    # Jupyter: an HTML table with the same header, the summary as its caption.
    table = result._repr_html_()
    header = re.findall(r"<th>(.*?)</th>", table)
    assert [html.unescape(h) for h in header] == list(cls.columns)
    assert "<caption>" in table
    if name in PLOTTED:
        pytest.importorskip("matplotlib")
        import matplotlib

        matplotlib.use("Agg")
        fig = result.plot()
        assert fig.axes and fig.axes[0].lines
        import matplotlib.pyplot as plt

        plt.close(fig)
    else:
        assert not hasattr(result, "plot")


def test_columns_are_fields_of_the_rows():
    # Each list's columns are fields of its row class (types read from _records.py), so a field
    # renamed there fails here rather than giving an empty column.
    for name in lists():
        cls = getattr(minip, name)
        if cls.row_type is not None:
            for c in cls.columns:
                assert _tables._field_type(cls.row_type, c) is not None, (name, c)
            assert len(cls.column_dtypes()) == len(cls.columns)
        else:
            assert len(cls.dtypes) == len(cls.columns), name


def test_dtype_of_a_field_type():
    from typing import List, Optional, Union

    assert _tables._dtype(int) == "Int64" and _tables._dtype(Optional[int]) == "Int64"
    assert _tables._dtype(Optional[str]) == "string" and _tables._dtype(bool) == "bool"
    assert _tables._dtype(Optional[bool]) == "boolean" and _tables._dtype(Optional[float]) == "float64"
    assert _tables._dtype(Fraction) == "object" and _tables._dtype(Union[int, str]) == "object"
    assert _tables._dtype(List[int]) == "object"
