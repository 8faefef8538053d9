"""The escape routes the paper names: a nonlinear readout (``readout``) and several heads
(``multihead_domination``, ``multihead_frontier``); docs/escape.md."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Dict, Iterable, List, Literal, Optional, Union, overload

from . import _minip
from ._convert import PathLike, Rational, _nat, _nats, _rational
from ._gap import Certified, _path
from ._tables import Rows


class ReadoutRow(Certified):
    """One ``(m, n)`` of :func:`readout` (a ``readout.row`` record): the power-sum
    construction with rank ``rank = 1`` and dimension ``dim = 1``, checked exhaustively; its
    ``bits`` (of ``n·o − v(x)``), ``multisets`` separated, and ``lower_bits``, the bits any
    head's key state needs (from ``classes`` distinct target functions), when known."""

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self.m: int = d["m"]
        self.n: int = d["n"]
        self.rank: int = d["rank"]
        self.dim: int = d["dim"]
        self.construction: str = d["construction"]
        self.p: int = d["p"]
        self.max_value: int = int(d["max_value"])
        self.bits: int = d["bits"]
        self.multisets: int = int(d["multisets"])
        self.classes: Optional[int] = None if d.get("classes") is None else int(d["classes"])
        self.lower_bits: Optional[int] = d.get("lower_bits")
        self.least_bits: Optional[int] = d.get("least_bits")
        self.verdict: str = d["verdict"]
        self.certificate_file: Optional[str] = d.get("certificate_file")

    def __repr__(self) -> str:
        return f"ReadoutRow(m={self.m}, n={self.n}, bits={self.bits}, lower_bits={self.lower_bits})"


class Readouts(Rows[ReadoutRow]):
    """The rows of :func:`readout`, ``str()`` the command line's table."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[ReadoutRow] = [ReadoutRow(r) for r in d["rows"]]
        self.text: str = d["text"]

    def __repr__(self) -> str:
        return f"<Readouts: {len(self.rows)} rows, all {self.rows[0].verdict if self.rows else 'empty'}>"


class PrecisionRow(Certified):
    """One ``(m, n)`` of :func:`readout` with ``precision=True`` (a ``readout.precision``
    record): integer ``values`` in ``[0, max_value]`` (uniform attention, dimension 1) that
    separate the target functions, checked, and no values in ``[0, refuted]`` (a DRAT proof,
    checked); ``least`` when ``max_value = refuted + 1``. ``bits`` and ``lower_bits`` are the
    bits of ``n·o − v(x)`` above and below. When ``least`` is false, ``undecided`` says why
    ``V = refuted + 1`` was not decided: the solver's ``budget`` ran out, or its refutation is
    past the checker's limits (it certifies nothing; the least ``V`` is unknown in
    ``refuted + 1 ..= max_value``)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        proof = d["proof"]
        super().__init__(d["certificate"], [(proof["name"], bytes(proof["bytes"]))])
        self.m: int = d["m"]
        self.n: int = d["n"]
        self.values: List[int] = list(d["values"])
        self.max_value: int = d["max_value"]
        self.bits: int = d["bits"]
        self.refuted: int = d["refuted"]
        self.lower_bits: int = d["lower_bits"]
        self.least: bool = d["least"]
        self.undecided: Optional[str] = d.get("undecided")
        self.verdict: str = d["verdict"]
        self.certificate_file: Optional[str] = d.get("certificate_file")
        self.proof_file: Optional[str] = d.get("proof_file")

    def __repr__(self) -> str:
        return (
            f"PrecisionRow(m={self.m}, n={self.n}, refuted={self.refuted}, "
            f"max_value={self.max_value}, least={self.least})"
        )


class Precisions(Rows[PrecisionRow]):
    """The rows of :func:`readout` with ``precision=True``, ``str()`` the command line's table."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[PrecisionRow] = [PrecisionRow(r) for r in d["rows"]]
        self.text: str = d["text"]

    def __repr__(self) -> str:
        return f"<Precisions: {len(self.rows)} rows>"


@overload
def readout(
    m: Union[int, Iterable[int]] = ...,
    n: Union[int, Iterable[int]] = ...,
    *,
    out: Optional[PathLike] = ...,
    precision: Literal[False] = ...,
    budget: None = ...,
) -> Readouts: ...


@overload
def readout(
    m: Union[int, Iterable[int]] = ...,
    n: Union[int, Iterable[int]] = ...,
    *,
    out: Optional[PathLike] = ...,
    precision: Literal[True],
    budget: Optional[int] = ...,
) -> Precisions: ...


def readout(
    m: Union[int, Iterable[int]] = range(1, 9),
    n: Union[int, Iterable[int]] = 3,
    *,
    out: Optional[PathLike] = None,
    precision: bool = False,
    budget: Optional[int] = None,
) -> Union[Readouts, Precisions]:
    """A nonlinear readout (``minip readout``): one head of rank 1 with scalar values from the
    power-sum construction separates every multiset of ``n − 1`` keys, so a decoder per query
    reads the target off the output; each ``(m, n)`` is checked exhaustively, with the bits it
    costs and the bits any head needs. ``out``: a directory for the ``minip-readout/1``
    certificates.

    ``precision=True`` (``minip readout --precision``): the least ``V`` such that integer values
    in ``[0, V]`` (uniform attention, dimension 1) separate, by SAT with a DRAT proof for
    ``V − 1`` (``budget`` proof clauses per ``V``; past it a range); ``out`` gets the
    ``minip-readout-precision/1`` certificates and their proofs.

    >>> [(r.m, r.bits, r.lower_bits) for r in minip.readout(m=range(2, 5))]
    [(2, 7, 3), (3, 9, 5), (4, 11, 7)]
    >>> [(r.m, r.max_value, r.least) for r in minip.readout(m=[1, 2], precision=True)]
    [(1, 1, True), (2, 6, True)]
    """
    if budget is not None:
        budget = _nat("budget", budget)
    if precision:
        return Precisions(
            json.loads(_minip.readout(_nats("m", m), _nats("n", n), _path(out), True, budget))
        )
    if budget is not None:
        raise ValueError("budget: only with precision=True")
    return Readouts(json.loads(_minip.readout(_nats("m", m), _nats("n", n), _path(out))))


class MultilevelRow(Certified):
    """One ``(q, s)`` of :func:`readout_multilevel` (a ``readout.multilevel`` record): the
    ``instances = (s + 1)^q`` sequences of length ``n = 2q`` over ``{0,1}^m`` share their ``q``
    queries and give ``distinct`` answer vectors there (all of them), so any transcript the
    answers are read from needs ``lower_bits = ⌈q·log2(s + 1)⌉`` bits."""

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d["certificate"])
        self.q: int = d["q"]
        self.s: int = d["s"]
        self.m: int = d["m"]
        self.n: int = d["n"]
        self.instances: int = d["instances"]
        self.distinct: int = d["distinct"]
        self.lower_bits: int = d["lower_bits"]
        self.verdict: str = d["verdict"]
        self.certificate_file: Optional[str] = d.get("certificate_file")

    def __repr__(self) -> str:
        return f"MultilevelRow(q={self.q}, s={self.s}, distinct={self.distinct}, lower_bits={self.lower_bits})"


class Multilevels(Rows[MultilevelRow]):
    """The rows of :func:`readout_multilevel`, ``str()`` the command line's table."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[MultilevelRow] = [MultilevelRow(r) for r in d["rows"]]
        self.text: str = d["text"]

    def __repr__(self) -> str:
        return f"<Multilevels: {len(self.rows)} rows>"


def readout_multilevel(
    q: Union[int, Iterable[int]] = range(1, 5),
    s: Union[int, Iterable[int]] = range(1, 4),
    *,
    out: Optional[PathLike] = None,
) -> Multilevels:
    """The multilevel family of the paper's finite-precision theorem as minip builds it
    (``minip readout --multilevel``, docs/math.md §13.10): for each ``(q, s)``, every one of the
    ``(s + 1)^q`` sequences is built and the answers at its ``q`` queries computed exactly.
    ``out``: a directory for the ``minip-multilevel/1`` certificates.

    >>> [(r.q, r.s, r.distinct, r.lower_bits) for r in minip.readout_multilevel(q=[2, 3], s=2)]
    [(2, 2, 9, 4), (3, 2, 27, 5)]
    """
    return Multilevels(json.loads(_minip.readout_multilevel(_nats("q", q), _nats("s", s), _path(out))))


def _q3(row: List[str]) -> List[Fraction]:
    return [Fraction(v) for v in row]


class Escape:
    """One ``(n, d)`` of :func:`multihead_domination` (a ``multihead.domination`` record):
    ``heads`` kernel rows ``alpha`` and scalarized values ``s`` on ``(x, y, z)``, none with
    ``alpha(x,y) > K·alpha(x,z)`` (``K = paper_k``), whose summed outputs are within ``eps`` on
    S1–S3 (``max_error``); ``verdict`` is ``'escapes'``."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.n: int = d["n"]
        self.d: int = d["d"]
        self.eps: Fraction = Fraction(d["eps"])
        self.paper_k: Fraction = Fraction(d["paper_k"])
        self.heads: int = d["heads"]
        self.alpha: List[List[Fraction]] = [_q3(r) for r in d["alpha"]]
        self.s: List[List[Fraction]] = [_q3(r) for r in d["s"]]
        self.max_error: Fraction = Fraction(d["max_error"])
        self.verdict: str = d["verdict"]
        self.certificate_file: Optional[str] = d.get("certificate_file")

    def __repr__(self) -> str:
        return f"Escape(n={self.n}, d={self.d}, heads={self.heads}, verdict={self.verdict!r})"


class Escapes(Rows[Escape]):
    """The rows of :func:`multihead_domination`, ``str()`` the command line's table."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[Escape] = [Escape(r) for r in d["rows"]]
        self.text: str = d["text"]

    def __repr__(self) -> str:
        return f"<Escapes: {len(self.rows)} rows, {sum(r.verdict == 'escapes' for r in self.rows)} escape>"


def multihead_domination(
    heads: int = 2,
    d: Union[int, Iterable[int]] = range(2, 9),
    n: Union[int, Iterable[int]] = range(3, 7),
    eps: Rational = "1/2",
    *,
    out: Optional[PathLike] = None,
) -> Escapes:
    """Does the step of Lemma 3 survive several heads (``minip multihead domination``)? For
    each ``(n, d)``, ``heads`` exact heads with ``alpha(x,y) = 0`` whose summed outputs are exact
    on S1–S3, each recomputed by the checker; ``out``: a directory for the
    ``minip-multihead/1`` certificates.

    >>> e = minip.multihead_domination(d=3, n=3)[0]
    >>> e.verdict, e.alpha, e.max_error
    ('escapes', [[Fraction(1, 1), Fraction(0, 1), Fraction(1, 4)], [Fraction(1, 1), Fraction(0, 1), Fraction(1, 2)]], Fraction(0, 1))
    """
    text = _minip.multihead_domination(_nat("heads", heads), _nats("d", d), _nats("n", n), _rational("eps", eps), _path(out))
    return Escapes(json.loads(text))


class HeadsRow:
    """One ``m`` of :func:`multihead_frontier` (a ``multihead.frontier`` record): ``verdict``
    (``'certified'`` or ``'unknown'``, then ``reason``), ``total_rank`` (the sum of the heads'
    exact kernel ranks ``head_ranks``), the exact ``margin``, the single head's rank at this
    ``m`` (``single_head_rank``) when the frontier has one, and the certified lower bound on any
    single head's rank (``single_head_lower``, from ``single_head_lower_file``) when one applies."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m: int = d["m"]
        self.heads: int = d["heads"]
        self.degree: int = d["degree"]
        self.verdict: str = d["verdict"]
        self.total_rank: Optional[int] = None if d.get("total_rank") is None else int(d["total_rank"])
        self.head_ranks: List[int] = [int(x) for x in d.get("head_ranks", [])]
        self.margin: Optional[Fraction] = None if d.get("margin") is None else Fraction(d["margin"])
        self.single_head_rank: Optional[int] = None if d.get("single_head_rank") is None else int(d["single_head_rank"])
        self.single_head_lower: Optional[int] = (
            None if d.get("single_head_lower") is None else int(d["single_head_lower"])
        )
        self.single_head_lower_file: Optional[str] = d.get("single_head_lower_file")
        self.reason: Optional[str] = d.get("reason")
        self.certificate_file: Optional[str] = d.get("certificate_file")

    def __repr__(self) -> str:
        return f"HeadsRow(m={self.m}, heads={self.heads}, total_rank={self.total_rank}, verdict={self.verdict!r})"


class HeadsFrontier(Rows[HeadsRow]):
    """The rows of :func:`multihead_frontier`; ``str()`` the command line's table, ``ok`` every
    row certified (the command line's exit 0)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[HeadsRow] = [HeadsRow(r) for r in d["rows"]]
        self.text: str = d["text"]
        self.exit_code: int = d["exit_code"]

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def __repr__(self) -> str:
        return f"<HeadsFrontier: {len(self.rows)} rows, {sum(r.verdict == 'certified' for r in self.rows)} certified>"


def multihead_frontier(
    heads: int = 3,
    m: Union[int, Iterable[int]] = range(4, 17),
    degree: int = 1,
    *,
    single_dir: Optional[PathLike] = None,
    rank_dir: Optional[PathLike] = None,
    rank_linear_dir: Optional[PathLike] = None,
    out: Optional[PathLike] = None,
) -> HeadsFrontier:
    """Upper bounds with several heads (``minip multihead frontier``): ``heads`` heads whose
    kernels are ``(o + c)^degree`` per query weight, certified on every length-3 sequence over
    ``{0,1}^m``, with their total rank beside the single head's (read from ``single_dir``, by
    default ``proofs/frontier``) and the certified lower bound on one head's rank (certificates
    read from ``rank_dir`` and ``rank_linear_dir``, by default ``proofs/rank`` and
    ``proofs/rank-linear``); ``out``: a directory for the ``minip-multihead-heads/1``
    certificates (one per certified ``m``, named in each row's ``certificate_file``).

    >>> [(r.m, r.total_rank, r.single_head_rank) for r in minip.multihead_frontier(heads=2, m=[4, 5])]
    [(4, 10, 5), (5, 12, None)]
    """
    text = _minip.multihead_frontier(
        _nat("heads", heads), _nats("m", m), _nat("degree", degree), _path(single_dir), _path(out), _path(rank_dir),
        _path(rank_linear_dir),
    )
    return HeadsFrontier(json.loads(text))
