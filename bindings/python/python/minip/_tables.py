"""Every result list of the package (what :func:`settle`, :func:`amplify`, :func:`rank`,
:func:`readout`, :func:`multihead_frontier`, :func:`sweep`, … return) and the one
implementation they share: ``to_pandas()``, ``_repr_html_`` (Jupyter), short reprs, and
``plot()`` where the rows form a series.

Every table keeps minip's exact values: rationals stay ``fractions.Fraction`` (an ``object``
column in pandas), integers stay exact (a nullable ``Int64`` column, or Python ``int`` in an
``object`` column where they outgrow 64 bits). Each column has a fixed dtype whatever the
values of one call: ``dtypes`` where a list gives them, else the type of the row's field of
that name (``_records.py``). pandas and matplotlib are optional: only ``to_pandas()`` and
``plot()`` import them.
"""

from __future__ import annotations

import html
import typing
from typing import Any, ClassVar, Dict, Generic, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar, Union

from ._plots import plot_columns, plot_frontier, plot_linear, plot_rank, plot_ratio_series, plot_ratios
from ._records import (
    Claim, Escape, ExpectReport, FileCheck, FrontierRow, GapResult, HeadsRow, LinearBound, MilpRow, MultilevelRow, PrecisionRow,
    RankBound, Ratio, ReadoutRow, SharpRow, SweepRow, TransitionEntry, Uncertified,
)


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


class Table:
    """A result with rows of named columns: ``to_pandas()`` (a ``pandas.DataFrame``, one row
    per result row, the columns of ``columns``) and a rich display in Jupyter (an HTML table
    headed by the result's short summary; at most the first 40 rows)."""

    #: The column names, in order: fields of the row class (``row_type``) unless the list
    #: computes its own rows (``_table_rows``).
    columns: ClassVar[Tuple[str, ...]] = ()
    #: The pandas dtype of each column: ``Int64`` (nullable integers), ``string``, ``bool``
    #: (``boolean`` where a row may have no value),
    #: ``float64`` (missing: NaN) or ``object`` (``Fraction``, integers past 64 bits, mixed).
    #: Empty: each column's from the type of the row class's field (:func:`_dtype`).
    dtypes: ClassVar[Tuple[str, ...]] = ()
    #: The class of the rows, whose fields' types give the columns' dtypes.
    row_type: ClassVar[Optional[type]] = None

    def _items(self) -> Sequence[Any]:
        rows: List[Any] = list(self)  # type: ignore[call-overload]
        return rows

    def _table_rows(self) -> Sequence[Tuple[Any, ...]]:
        """One tuple per row: each column's field of the row (``None`` where a row has none)."""
        return [tuple(getattr(r, c, None) for c in self.columns) for r in self._items()]

    @classmethod
    def column_dtypes(cls) -> Tuple[str, ...]:
        """The dtype of each column (``dtypes``, or from the row class's fields)."""
        if cls.dtypes:
            return cls.dtypes
        assert cls.row_type is not None, f"{cls.__name__}: give dtypes or row_type"
        return tuple(_dtype(_field_type(cls.row_type, c)) for c in cls.columns)

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
        for i, (name, dtype) in enumerate(zip(self.columns, self.column_dtypes())):
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


def _field_type(row: type, name: str) -> Any:
    """The declared type of a row class's field (or property) ``name``."""
    hints = typing.get_type_hints(row)
    if name in hints:
        return hints[name]
    prop = getattr(row, name, None)
    if isinstance(prop, property) and prop.fget is not None:
        return typing.get_type_hints(prop.fget).get("return", object)
    raise AssertionError(f"{row.__name__} has no field {name}")


def _dtype(t: Any) -> str:
    """The pandas dtype of a field's type: ``Int64`` for ``int``, ``string`` for ``str``,
    ``bool`` (``boolean`` when optional), ``float64``, else ``object`` (``Fraction``, lists,
    unions of several types)."""
    optional = False
    if typing.get_origin(t) is Union:
        args = [a for a in typing.get_args(t) if a is not type(None)]
        optional = len(args) < len(typing.get_args(t))
        t = args[0] if len(args) == 1 else object
    if t is bool:
        return "boolean" if optional else "bool"
    return {int: "Int64", str: "string", float: "float64"}.get(t, "object")


class Plotted(Table):
    """A table whose rows form a series: ``plot()`` draws the columns of ``plotted`` against
    its first column, one line per value of the ``by`` column when the rows have several."""

    #: ``(x, (y, ...), by, title, ylabel, log)``.
    plotted: ClassVar[Tuple[str, Tuple[str, ...], Optional[str], str, str, bool]]

    def plot(self, ax: Any = None) -> Any:
        """The series against its first column (matplotlib); returns the ``Figure`` (drawn on
        ``ax`` when given)."""
        x, ys, by, title, ylabel, log = self.plotted
        return plot_columns(self._items(), ax, x, ys, by, title, ylabel, log)


class Rows(Table, Generic[_R]):
    """A result that reads as the list of its ``rows`` (iteration, ``len``, indexing);
    ``str()`` is the command line's text for it; a :class:`Table` of its rows."""

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
    <Frontier: 2 rows for m = 4 to 6, 2 with an upper bound, 2 with a lower bound>
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


class Settlement(Rows[GapResult]):
    """The review's check (``minip settle``): for each gap ``d`` the literal bound
    ``b <= 2c`` and the lemma's ``b <= K*c``, each settled with a certificate. ``str()`` is
    the command line's output; ``rows`` are :class:`GapResult` objects (with certificates);
    ``to_pandas()`` and Jupyter's HTML table show one line per row.

    >>> s = minip.settle(d=range(2, 4))
    >>> [(r.d, r.bound, r.verdict) for r in s]
    [(2, '2', 'broken'), (2, 'paper', 'holds'), (3, '2', 'holds'), (3, 'paper', 'holds')]
    >>> s.lemma_holds
    True
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[GapResult] = [GapResult(r) for r in d["rows"]]
        self.text: str = d["text"]
        self.conclusion: List[str] = list(d["conclusion"])
        self._exit = int(d["exit_code"])

    @property
    def lemma_holds(self) -> bool:
        """Every row with the lemma's own bound holds (the command line's exit status 0)."""
        return self._exit == 0

    def __repr__(self) -> str:
        return f"<Settlement: {len(self.rows)} rows, lemma {'holds' if self.lemma_holds else 'not settled'}>"

    row_type = GapResult
    columns = ("d", "n", "eps", "h", "u", "w", "family", "bound", "kprime", "paper_k", "verdict", "reason")

    def _summary(self) -> str:
        holds = sum(1 for r in self.rows if r.verdict == "holds")
        broken = sum(1 for r in self.rows if r.verdict == "broken")
        lemma = "holds" if self.lemma_holds else "not settled"
        return (
            f"{len(self.rows)} rows: {holds} holds, {broken} broken, {len(self.rows) - holds - broken} unknown; "
            f"lemma {lemma}"
        )


class Verification(Table, List[FileCheck]):
    """The files checked by :func:`verify`, in a fixed order (a list of :class:`FileCheck`);
    its repr counts them, ``to_pandas()`` and Jupyter's HTML table show one line per file.

    >>> v = minip.verify("proofs/settle")  # doctest: +SKIP
    >>> v.ok, v.counts()["verified"]  # doctest: +SKIP
    (True, 14)
    >>> v  # doctest: +SKIP
    <Verification: 14 files: 14 verified, 0 failed>
    """

    row_type = FileCheck
    columns = ("path", "verdict", "claim", "reason")

    def _summary(self) -> str:
        c = self.counts()
        parts = [f"{len(self)} file{'' if len(self) == 1 else 's'}: {c['verified']} verified"]
        if c["unchecked"]:
            parts.append(f"{c['unchecked']} VIPR file{'' if c['unchecked'] == 1 else 's'} not checked here")
        if c.get("skipped"):
            parts.append(f"{c['skipped']} skipped")
        parts.append(f"{c['rejected']} failed")
        if c["invalid"]:
            parts.append(f"{c['invalid']} invalid")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"<Verification: {self._summary()}>"

    @property
    def ok(self) -> bool:
        """Every certificate was verified (VIPR files without a certificate may be unchecked,
        entries that are not files skipped)."""
        return all(f.verdict in ("verified", "unchecked", "skipped") for f in self)

    def counts(self) -> Dict[str, int]:
        """How many files per verdict."""
        c = {"verified": 0, "rejected": 0, "invalid": 0, "unchecked": 0}
        for f in self:
            c[f.verdict] = c.get(f.verdict, 0) + 1
        return c

    #: The command line's summary line (with why VIPR files may be unchecked, and how to
    #: check them), set by :func:`verify`.
    summary: str = ""

    def __str__(self) -> str:
        """The command line's summary line."""
        if self.summary:
            return self.summary
        c = self.counts()
        return (
            f"{len(self)} file{'' if len(self) == 1 else 's'}: {c['verified']} verified, {c['rejected']} failed, "
            f"{c['invalid']} invalid, {c['unchecked']} unchecked"
        )


class _GridRun(Rows[_R]):
    """A grid run: its rows, the command line's text, and the comparison with a table of
    expected outcomes when one was given."""

    expect: Optional[ExpectReport]
    #: The command line's exit status.
    exit_code: int

    def _compare(self, d: Dict[str, Any]) -> None:
        self.expect = ExpectReport(d["expect"]) if d.get("expect") else None
        self.exit_code = self.expect.exit_code if self.expect is not None else d["exit_code"]

    @property
    def ok(self) -> bool:
        """The command line's exit status 0."""
        return self.exit_code == 0


class SweepResult(_GridRun[SweepRow]):
    """The configurations of a grid file settled (``minip sweep``), in grid order: ``rows``
    (:class:`SweepRow`), ``summary`` (the command line's count line), ``str()`` its table;
    ``expect`` the comparison when a table was given. ``ok``: the command line's exit 0
    (with ``expect``: every configuration as expected; without: nothing broken or unknown)."""

    row_type = SweepRow
    columns = ("n", "eps", "h", "u", "w", "d", "family", "bound", "kprime", "paper_k", "setting", "verdict", "reason",
               "certificate_file")

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[SweepRow] = [SweepRow(r) for r in d["rows"]]
        self.summary: str = d["summary"]
        self.text: str = d["text"]
        self._compare(d)

    def __repr__(self) -> str:
        return f"<SweepResult: {self.summary}>"


class SharpGrid(_GridRun[SharpRow]):
    """``kstar`` of every configuration of a grid file (``minip sharp --grid``), in grid
    order: ``rows`` (:class:`SharpRow`), ``str()`` the command line's table, ``expect`` the
    comparison when a table was given, ``ok`` the command line's exit 0."""

    row_type = SharpRow
    columns = ("n", "eps", "h", "u", "w", "d", "family", "kstar", "kstar_text", "paper_k", "relation", "attained",
               "setting", "verdict", "reason")

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[SharpRow] = [SharpRow(r) for r in d["rows"]]
        self.text: str = d["text"]
        self._compare(d)

    def __repr__(self) -> str:
        return f"<SharpGrid: {len(self.rows)} configurations>"


class AmplifyGrid(_GridRun["Ratio"]):
    """Every series of a ratio table (``minip amplify --grid FILE``), in file order: ``rows``
    (:class:`Ratio`, each with its ``series``), ``str()`` the command line's table (one
    column per series), ``expect`` the comparison when a table of expected ratios was given,
    ``ok`` the command line's exit 0 (every ratio certified, or as expected)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[Ratio] = [Ratio(r) for r in d["rows"]]
        self.text: str = d["text"]
        self._compare(d)

    columns = ("series",) + Ratios.columns
    dtypes = ("string",) + Ratios.dtypes

    def _table_rows(self) -> List[Tuple[Any, ...]]:
        return [(r.series,) + t for r, t in zip(self.rows, Ratios(self.rows)._table_rows())]

    def plot(self, ax: Any = None) -> Any:
        """``log2 R`` against ``h``, one line per series; returns the matplotlib ``Figure``."""
        return plot_ratio_series(self.series(), ax)

    def series(self) -> Dict[str, "Ratios"]:
        """The rows of each series, by its name, in file order."""
        out: Dict[str, Ratios] = {}
        for r in self.rows:
            out.setdefault(r.series or "", Ratios()).append(r)
        return out

    def __repr__(self) -> str:
        return f"<AmplifyGrid: {len(self.series())} series, {len(self.rows)} ratios>"


class MilpCheck(Rows[MilpRow]):
    """The MILP cross-check (``minip sharp --milp``), one :class:`MilpRow` per ``m``;
    ``str()`` the command line's table (with its timings), ``ok`` every ``m`` agrees (the
    command line's exit 0)."""

    row_type = MilpRow
    columns = ("m", "d", "configurations", "min_kstar", "argmin", "milp_value", "verdict", "error")

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[MilpRow] = [MilpRow(r) for r in d["rows"]]
        self.text: str = d["text"]
        self.exit_code: int = d["exit_code"]

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def __repr__(self) -> str:
        agree = sum(r.verdict == "agree" for r in self.rows)
        return f"<MilpCheck: {len(self.rows)} m, {agree} agree>"


class SharpSummary(Rows[SharpRow]):
    """Committed ``minip-sharp/1`` files summarized (``minip sharp --summarize PATH``): every
    file checked first, each configuration once (:class:`SharpRow`), and the command line's
    ``summary`` lines; ``ok`` its exit 0 (no certified ``kstar`` below the lemma's K: the
    committed files hold such configurations, beyond the lemma's ε, so their ``ok`` is
    ``False``, as the command line exits 1)."""

    row_type = SharpRow
    columns = SharpGrid.columns

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[SharpRow] = [SharpRow(r) for r in d["rows"]]
        self.summary: List[str] = list(d["summary"])
        self.exit_code: int = d["exit_code"]

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def __str__(self) -> str:
        return "\n".join(self.summary)

    def __repr__(self) -> str:
        return f"<SharpSummary: {len(self.rows)} configurations>"


class Readouts(Rows[ReadoutRow], Plotted):
    """The rows of :func:`readout`, ``str()`` the command line's table."""

    row_type = ReadoutRow
    columns = ("m", "n", "rank", "dim", "construction", "p", "max_value", "bits", "multisets", "classes",
               "lower_bits", "least_bits", "verdict", "certificate_file")
    plotted = ("m", ("bits", "lower_bits"), "n", "Bits of the readout's output and of any head's key state",
               "bits", False)

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[ReadoutRow] = [ReadoutRow(r) for r in d["rows"]]
        self.text: str = d["text"]

    def __repr__(self) -> str:
        return f"<Readouts: {len(self.rows)} rows, all {self.rows[0].verdict if self.rows else 'empty'}>"


class Precisions(Rows[PrecisionRow], Plotted):
    """The rows of :func:`readout` with ``precision=True``, ``str()`` the command line's table."""

    row_type = PrecisionRow
    columns = ("m", "n", "max_value", "refuted", "least", "bits", "lower_bits", "undecided", "verdict",
               "certificate_file", "proof_file")
    plotted = ("m", ("bits", "lower_bits"), "n", "Bits of the least integer values", "bits", False)

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[PrecisionRow] = [PrecisionRow(r) for r in d["rows"]]
        self.text: str = d["text"]

    def __repr__(self) -> str:
        return f"<Precisions: {len(self.rows)} rows>"


class Multilevels(Rows[MultilevelRow], Plotted):
    """The rows of :func:`readout_multilevel`, ``str()`` the command line's table."""

    row_type = MultilevelRow
    columns = ("q", "s", "m", "n", "instances", "distinct", "lower_bits", "verdict", "certificate_file")
    plotted = ("q", ("lower_bits",), "s", "Bits of any transcript of the multilevel family", "bits", False)

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[MultilevelRow] = [MultilevelRow(r) for r in d["rows"]]
        self.text: str = d["text"]

    def __repr__(self) -> str:
        return f"<Multilevels: {len(self.rows)} rows>"


class Escapes(Rows[Escape]):
    """The rows of :func:`multihead_domination`, ``str()`` the command line's table."""

    row_type = Escape
    columns = ("n", "d", "eps", "paper_k", "heads", "alpha", "s", "max_error", "verdict", "certificate_file")

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[Escape] = [Escape(r) for r in d["rows"]]
        self.text: str = d["text"]

    def __repr__(self) -> str:
        return f"<Escapes: {len(self.rows)} rows, {sum(r.verdict == 'escapes' for r in self.rows)} escape>"


class HeadsFrontier(Rows[HeadsRow], Plotted):
    """The rows of :func:`multihead_frontier`; ``str()`` the command line's table, ``ok`` every
    row certified (the command line's exit 0)."""

    row_type = HeadsRow
    columns = ("m", "heads", "degree", "verdict", "total_rank", "head_ranks", "margin", "single_head_rank",
               "single_head_lower", "single_head_lower_file", "reason", "certificate_file")
    plotted = ("m", ("total_rank", "single_head_rank", "single_head_lower"), None,
               "Several heads' total rank beside one head's", "feature rank", True)

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[HeadsRow] = [HeadsRow(r) for r in d["rows"]]
        self.text: str = d["text"]
        self.exit_code: int = d["exit_code"]

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def __repr__(self) -> str:
        return f"<HeadsFrontier: {len(self.rows)} rows, {sum(r.verdict == 'certified' for r in self.rows)} certified>"


class Transition(Rows[TransitionEntry]):
    """The three-token phase-transition table (``minip transition``): ``entries`` (its rows,
    one per ``m`` and head), ``as_expected`` (every entry as predicted: the command line's
    exit 0), and ``str()`` the command line's table.

    >>> t = minip.transition(m_max=2)
    >>> t.as_expected, sorted({e.m for e in t.entries})
    (True, [1, 2])
    >>> list(t.to_pandas().columns[:3])
    ['m', 'column', 'length']
    """

    row_type = TransitionEntry
    columns = ("m", "column", "length", "correct", "expected_correct", "as_expected", "max_error", "evaluations")

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[TransitionEntry] = [TransitionEntry(e) for e in d["entries"]]
        self.text: str = d["text"]
        self.as_expected: bool = d["exit_code"] == 0

    @property
    def entries(self) -> List[TransitionEntry]:
        """The rows (one per ``m`` and head)."""
        return self.rows

    def __repr__(self) -> str:
        return f"<Transition: {len(self.rows)} entries, {'as expected' if self.as_expected else 'UNEXPECTED'}>"


class Ledger(Rows[Claim]):
    """The rows of :func:`paper` (a list of :class:`Claim`, in the ledger's order); ``str()``
    the command line's table, ``failed()`` the claims whose evidence did not re-check."""

    row_type = Claim
    columns = ("id", "source", "status", "verdict", "certificates_checked", "coq_checked", "detail")

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[Claim] = [Claim(r) for r in d["rows"]]
        self.text: str = d["text"]

    def failed(self) -> List[Claim]:
        """The claims whose evidence did not re-check (the command line then exits 1)."""
        return [c for c in self.rows if c.verdict == "failed"]

    def __repr__(self) -> str:
        n = {v: sum(c.verdict == v for c in self.rows) for v in ("re-checked", "not-re-checked", "failed")}
        return (
            f"<Ledger: {len(self.rows)} claims, {n['re-checked']} re-checked, "
            f"{n['not-re-checked']} not re-checked here, {n['failed']} failed>"
        )
