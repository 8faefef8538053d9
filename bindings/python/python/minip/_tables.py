"""Results shown as tables: ``to_pandas()``, ``_repr_html_`` (Jupyter), short reprs, and the
list types that :func:`amplify`, :func:`rank`, :func:`rank_linear` and :func:`frontier` return.

Every table keeps minip's exact values: rationals stay ``fractions.Fraction`` (an ``object``
column in pandas), integers stay exact (a nullable ``Int64`` column, or Python ``int`` in an
``object`` column where they outgrow 64 bits). Each column has a fixed dtype (``dtypes``),
whatever the values of one call. pandas and matplotlib are optional: only ``to_pandas()`` and
``plot()`` import them.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar, Union

from ._plots import plot_frontier, plot_linear, plot_rank, plot_ratios

if TYPE_CHECKING:
    from ._beyond import FrontierRow, LinearBound, RankBound, Ratio, Uncertified

#: The most rows ``_repr_html_`` shows (the first ones; ``to_pandas()`` has every row).
HTML_ROWS = 40

_INT64 = 2**63


def _needs(module: str, what: str) -> Any:
    try:
        return __import__(module)
    except ImportError:
        raise ImportError(f"{what} needs {module}, which is not installed: pip install {module}") from None


def _cell(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v)


_R = TypeVar("_R")


class Rows(Generic[_R]):
    """A result that reads as the list of its ``rows`` (iteration, ``len``, indexing);
    ``str()`` is the command line's text for it."""

    rows: List[_R]
    text: str

    def __iter__(self) -> Iterator[_R]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i: int) -> _R:
        return self.rows[i]

    def __str__(self) -> str:
        return self.text


class Table:
    """A result with rows of named columns: ``to_pandas()`` (a ``pandas.DataFrame``, one row
    per result row, the columns of ``columns``) and a rich display in Jupyter (an HTML table
    headed by the result's short summary; at most the first 40 rows)."""

    #: The column names, in order.
    columns: ClassVar[Tuple[str, ...]] = ()
    #: The pandas dtype of each column: ``Int64`` (nullable integers), ``string``, ``bool``
    #: (``boolean`` where a row may have no value),
    #: ``float64`` (missing: NaN) or ``object`` (``Fraction``, integers past 64 bits, mixed).
    dtypes: ClassVar[Tuple[str, ...]] = ()

    def _table_rows(self) -> Sequence[Tuple[Any, ...]]:
        raise NotImplementedError

    def _summary(self) -> str:
        return repr(self)

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (needs pandas), one column per name in
        ``columns`` with the dtype in ``dtypes``: exact ``Fraction`` values in ``object``
        columns, integers in nullable ``Int64`` columns, text in ``string`` columns; missing
        values are ``<NA>`` (``None`` in ``object`` columns, NaN in ``float64`` ones)."""
        pd = _needs("pandas", "to_pandas()")
        rows = self._table_rows()
        data = {}
        for i, (name, dtype) in enumerate(zip(self.columns, self.dtypes)):
            col = [r[i] for r in rows]
            if dtype == "Int64" and any(v is not None and not -_INT64 <= v < _INT64 for v in col):
                dtype = "object"  # exact, past 64 bits
            if dtype == "float64":
                col = [float("nan") if v is None else v for v in col]
            data[name] = pd.Series(col, dtype=dtype, name=name)
        return pd.DataFrame(data, columns=list(self.columns))

    def _repr_html_(self) -> str:
        rows = self._table_rows()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(_cell(v))}</td>" for v in r) + "</tr>"
            for r in rows[:HTML_ROWS]
        )
        more = ""
        if len(rows) > HTML_ROWS:
            more = (
                f'<tr><td colspan="{len(self.columns)}">… {len(rows) - HTML_ROWS} more rows '
                "(to_pandas() has them all)</td></tr>"
            )
        return (
            f'<table class="minip"><caption>{html.escape(self._summary())}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}{more}</tbody></table>"
        )


def _span(name: str, values: Iterable[int]) -> str:
    """``m = 4`` or ``m = 4 to 12`` (the smallest and largest values)."""
    vs = sorted(set(values))
    if not vs:
        return f"no {name}"
    if len(vs) == 1:
        return f"{name} = {vs[0]}"
    return f"{name} = {vs[0]} to {vs[-1]}"


def _plural(k: int, one: str, many: str) -> str:
    return f"{k} {one if k == 1 else many}"


class Ratios(Table, List["Ratio"]):
    """The rows of :func:`amplify` (a list of :class:`Ratio`, in the order of ``h``), with
    ``to_pandas()``, an HTML table in Jupyter and ``plot()``.

    >>> rs = minip.amplify(h=range(1, 6))
    >>> rs
    <Ratios: 5 ratios for h = 1 to 5, 5 certified, 0 unknown>
    >>> [str(q) for q in rs.to_pandas()["ratio"]]
    ['0', '1', '5/2', '4', '11/2']
    """

    columns = ("h", "n", "eps", "lo", "hi", "setting", "m", "verdict", "ratio", "log2_ratio",
               "chain_bound", "reason")
    dtypes = ("Int64", "Int64", "object", "object", "string", "string", "Int64", "string", "object",
              "float64", "object", "string")

    def _table_rows(self) -> List[Tuple[Any, ...]]:
        return [
            (r.h, r.n, r.eps, r.lo, r.hi, r.setting, r.m, r.verdict,
             r.ratio if r.ratio is not None else r.ratio_text, r.log2_ratio, r.chain_bound, r.reason)
            for r in self
        ]

    def __repr__(self) -> str:
        ok = sum(1 for r in self if r.verdict != "unknown")
        return (
            f"<Ratios: {_plural(len(self), 'ratio', 'ratios')} for {_span('h', (r.h for r in self))}, "
            f"{ok} certified, {len(self) - ok} unknown>"
        )

    def plot(self, ax: Any = None) -> Any:
        """``log2 R`` against ``h`` (the certified ratios, positive ones) beside the paper's
        chain bound; returns the matplotlib ``Figure`` (drawn on ``ax`` when given)."""
        return plot_ratios(self, ax)


class RankBounds(Table, List[Union["RankBound", "Uncertified"]]):
    """The rows of :func:`rank` for several ``m`` (a list of :class:`RankBound`), with
    ``to_pandas()``, an HTML table in Jupyter and ``plot()``.

    >>> minip.rank(m=range(4, 7))
    <RankBounds: 3 bounds for m = 4 to 6, 3 certified, 0 unknown>
    """

    columns = ("m", "n", "eps", "bound", "strict", "k", "h", "lo", "hi", "delta", "value",
               "construction", "maximal", "reason")
    dtypes = ("Int64", "Int64", "object", "Int64", "boolean", "Int64", "Int64", "Int64", "Int64", "object",
              "object", "string", "Int64", "string")

    def _table_rows(self) -> List[Tuple[Any, ...]]:
        return [
            (b.m, b.n) + tuple(getattr(b, c, None) for c in ("eps", "bound", "strict", "k", "h", "lo", "hi",
                                                               "delta", "value", "construction", "maximal"))
            + (getattr(b, "reason", None),)
            for b in self
        ]

    def __repr__(self) -> str:
        ok = sum(1 for b in self if b.bound is not None)
        return (
            f"<RankBounds: {_plural(len(self), 'bound', 'bounds')} for {_span('m', (b.m for b in self))}, "
            f"{ok} certified, {len(self) - ok} unknown>"
        )

    def plot(self, ax: Any = None) -> Any:
        """The certified lower bounds against ``m`` (log scale) beside the trivial ``2^m``;
        returns the matplotlib ``Figure``."""
        return plot_rank(self, ax)


class LinearBounds(Table, List[Union["LinearBound", "Uncertified"]]):
    """The rows of :func:`rank_linear` for several ``m`` or ``n`` (a list of
    :class:`LinearBound`), with ``to_pandas()``, an HTML table in Jupyter and ``plot()``.

    >>> minip.rank_linear(m=[8, 10])
    <LinearBounds: 2 bounds for m = 8 to 10 and n = 3, 2 certified, 0 unknown>
    """

    columns = ("m", "n", "bound", "strict", "k", "h", "value", "construction", "reason")
    #: ``bound`` and ``k`` outgrow 64 bits for large ``m``: exact Python ``int`` always.
    dtypes = ("Int64", "Int64", "object", "boolean", "object", "Int64", "object", "string", "string")

    def _table_rows(self) -> List[Tuple[Any, ...]]:
        return [
            (b.m, b.n) + tuple(getattr(b, c, None) for c in ("bound", "strict", "k", "h", "value", "construction", "reason"))
            for b in self
        ]

    def __repr__(self) -> str:
        ok = sum(1 for b in self if b.bound is not None)
        return (
            f"<LinearBounds: {_plural(len(self), 'bound', 'bounds')} for {_span('m', (b.m for b in self))} "
            f"and {_span('n', (b.n for b in self if b.n is not None))}, {ok} certified, {len(self) - ok} unknown>"
        )

    def plot(self, ax: Any = None) -> Any:
        """The certified lower bounds against ``m`` (log scale), one line per ``n``; returns
        the matplotlib ``Figure``."""
        return plot_linear(self, ax)


#: The upper-bound columns of the frontier, in the command line's order.
KINDS = ("per_weight", "shared", "sparse", "signed")


class Frontier(Table, List["FrontierRow"]):
    """The rows of :func:`frontier` (a list of :class:`FrontierRow`), with ``to_pandas()``
    (one column per kernel class: the certified head's rank), an HTML table in Jupyter and
    ``plot()``.

    >>> minip.frontier(m=[4, 6])
    <Frontier: 2 rows for m = 4 to 6, 2 with an upper bound, 0 with a lower bound>
    """

    columns = ("m", "lower", "lower_from_m", "lower_linear") + KINDS + ("best_upper", "best_class",
                                                                       "complete")
    dtypes = ("Int64",) * 9 + ("string", "bool")

    def _table_rows(self) -> List[Tuple[Any, ...]]:
        return [
            (r.m, r.lower, r.lower_from_m, r.lower_linear)
            + tuple(r.upper[k].rank if k in r.upper else None for k in KINDS)
            + (r.best_upper, r.best_class, r.complete)
            for r in self
        ]

    def __repr__(self) -> str:
        up = sum(1 for r in self if r.best_upper is not None)
        lo = sum(1 for r in self if r.lower is not None or r.lower_linear is not None)
        return (
            f"<Frontier: {_plural(len(self), 'row', 'rows')} for {_span('m', (r.m for r in self))}, "
            f"{up} with an upper bound, {lo} with a lower bound>"
        )

    def plot(self, ax: Any = None, lower: Optional[Sequence["RankBound"]] = None) -> Any:
        """The certified upper bounds by kernel class and the lower bounds (the rows' own, or
        ``lower``: rank bounds from :func:`rank`) against ``m``, log scale, with the trivial
        ``2^m``; returns the matplotlib ``Figure``."""
        return plot_frontier(self, ax, lower)
