"""Beyond the paper's check: ``sharp``, ``amplify``, ``rank``, ``rank_linear``, ``frontier``,
``head_verify``."""

from __future__ import annotations

import json
import math
import os
from fractions import Fraction
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar, Union, overload

from . import _minip
from ._minip import Unknown
from ._convert import (
    Configuration, PathLike, Rational, _is_one, _lengths, _nat, _nats, _q, _q_or_none, _rational, _table, _witness,
)
from ._gap import Certified, Head, _conf, _path
from ._grid import _jobs
from ._progress import Progress, reporting
from ._tables import Frontier, LinearBounds, RankBounds, Ratios

class Sharp(Certified, Configuration):
    """The exact best domination factor ``kstar = inf alpha(x,y)/alpha(x,z)`` over heads
    correct on the family (``minip sharp``), certified on both sides. ``relation`` compares it
    with the lemma's K: ``'sharp'`` (equal), ``'loose'`` (larger) or ``'fails'`` (smaller).

    >>> s = minip.sharp(d=3)
    >>> s.kstar, s.paper_k, s.relation
    (Fraction(2, 1), Fraction(2, 1), 'sharp')
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self._read_configuration(d)
        #: ``kstar`` as text (``'-inf'`` when no positive factor is forced, signed kernels).
        self.kstar_text: str = d["kstar"]
        #: ``kstar``, or ``None`` when it is not a rational (``-inf``).
        self.kstar: Optional[Fraction] = _q_or_none(d["kstar"])
        self.paper_k: Fraction = Fraction(d["paper_k"])
        self.relation: str = d["relation"]
        #: Whether a head attains ``kstar`` (else it is an infimum).
        self.attained: bool = bool(d["attained"])
        self.setting: Optional[str] = d.get("setting")

    def __repr__(self) -> str:
        return f"Sharp(d={self.d}, kstar={self.kstar_text}, paper_k={self.paper_k}, relation={self.relation!r})"


def sharp(
    d: Optional[int] = None,
    *,
    h: Optional[int] = None,
    u: Optional[int] = None,
    w: Optional[int] = None,
    tokens: Union[str, Sequence[str], None] = None,
    n: int = 3,
    eps: Rational = "1/2",
    family: str = "paper",
    task: str = "min-ip",
    kernel: str = "nonneg",
    positions: str = "shared",
    keys: str = "all",
    at: Optional[int] = None,
    out: Optional[PathLike] = None,
    vipr: Optional[PathLike] = None,
) -> Sharp:
    """The exact best factor ``kstar`` of one configuration (``minip sharp``), with a
    two-sided certificate; the configuration as in :func:`check` (no ``bound``: ``kstar`` is
    the best bound). ``out``: write the ``minip-sharp/1`` file (as ``--out``); ``vipr``: a VIPR
    file (as ``--vipr``). Raises :class:`minip.Unknown` if it could not be certified. A grid
    is :func:`sharp_grid`, the MILP cross-check :func:`sharp_milp`, committed files
    :func:`sharp_summarize`.

    >>> minip.sharp(d=2).kstar
    Fraction(1, 1)
    >>> minip.sharp(d=3).verify()
    'sharp (1 configuration, n=3 eps=1/2 paper h=3 u=0 w=3: kstar = 2 certified both sides)'
    """
    conf = _conf(d, h, u, w, tokens, n, eps, family, "paper", task, kernel, positions, keys, at)
    return Sharp(json.loads(_minip.sharp(conf, _path(out), _path(vipr))))


class Ratio(Certified):
    """An exact forced kernel ratio ``R(lo, hi; h) = min alpha(x,lo)/alpha(x,hi)`` over heads
    correct on every length-n sequence (``minip amplify``), with its certificate; ``hi`` is an
    overlap as text, or ``'h+'`` for the strict supersets of the query. ``chain_bound`` is the
    paper's chained bound for comparison.

    >>> r = minip.amplify(h=3)[0]
    >>> r.ratio, r.log2_ratio > 1
    (Fraction(5, 2), True)
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self.n: int = d["n"]
        self.eps: Fraction = Fraction(d["eps"])
        self.h: int = d["h"]
        #: An overlap, or a class label beyond Min-IP (``'4+'``, ``'o4e1'``).
        self.lo: Union[int, str] = int(d["lo"]) if d["lo"].isdigit() else d["lo"]
        self.hi: str = d["hi"]
        self.superset: bool = bool(d["superset"])
        #: The setting beyond Min-IP (``'max-ip'``, ``'keys distinct'``), ``None`` for the paper's.
        self.setting: Optional[str] = d.get("setting")
        #: The bits ``m`` (task ``nearest``).
        self.m: Optional[int] = d.get("m")
        self.verdict: str = d["verdict"]
        self.ratio_text: Optional[str] = d.get("ratio")
        #: ``R``, or ``None`` when it is not a rational (unknown, empty, ``-inf``).
        self.ratio: Optional[Fraction] = _q_or_none(d.get("ratio"))
        # log2 R for plots (a float, computed here: the records carry only the exact ratio).
        self.log2_ratio: Optional[float] = (
            math.log2(self.ratio) if isinstance(self.ratio, Fraction) and self.ratio > 0 else None
        )
        self.chain_bound: Optional[Fraction] = _q_or_none(d.get("chain_bound"))
        self.reason: Optional[str] = d.get("reason")
        #: The series of a ratio table (:func:`amplify_grid`), else ``None``.
        self.series: Optional[str] = d.get("series")

    def __repr__(self) -> str:
        return f"Ratio(h={self.h}, lo={self.lo}, hi={self.hi!r}, ratio={self.ratio_text})"


def amplify(
    h: Union[int, Iterable[int]] = range(2, 25),
    n: int = 3,
    eps: Rational = "1/2",
    lo: Union[int, str, None] = None,
    hi: Union[int, str, None] = None,
    superset: bool = False,
    m: Optional[int] = None,
    *,
    task: str = "min-ip",
    kernel: str = "nonneg",
    positions: str = "shared",
    keys: str = "all",
    at: Optional[int] = None,
    progress: Progress = False,
    out: Optional[PathLike] = None,
    vipr: bool = False,
    pairs: Optional[str] = None,
    export_lp: Optional[PathLike] = None,
) -> Ratios:
    """Exact forced ratios ``R(lo, hi; h)`` for each query weight ``h`` (``minip amplify``):
    ``hi`` is an overlap, ``'h'`` (the query itself, default) or ``'h+'`` (strict supersets:
    needs ``superset=True`` or ``m > h``), ``lo`` an overlap (default 0). Beyond the paper's
    setting, ``task``/``kernel``/``positions``/``keys``/``at`` as on the command line
    (docs/math.md §11), with each task's default classes and ``m`` the bits of ``nearest``.
    Rows come back in the order of ``h`` (a :class:`Ratios` list); a row that could not be
    certified has ``verdict == 'unknown'``. ``out``: a directory the certificates are written
    to as ``minip amplify --out DIR`` writes them (``vipr``: with a VIPR file beside each; a
    directory that holds files is a ``UserWarning``). ``pairs="all"``: every pair of classes
    ``lo < hi`` of each ``h`` (as ``--pairs all``); ``export_lp``: the row LP of a single ratio
    as a CPLEX LP file, for an outside solver (as ``--export-lp``). ``progress``: ``True``
    shows a bar, a callable is called as ``(done, total, label)``. A ratio table (a grid file)
    is :func:`amplify_grid`.

    >>> [str(r.ratio) for r in minip.amplify(h=range(1, 6))]
    ['0', '1', '5/2', '4', '11/2']
    >>> minip.amplify(h=24)[0].ratio
    Fraction(2303, 2)
    >>> minip.amplify(h=4, task="max-ip")[0].ratio_text
    'empty'
    """

    def cls(name: str, v: Union[int, str, None]) -> Optional[str]:
        return v if v is None or isinstance(v, str) else str(_nat(name, v))

    with reporting(progress):
        text = _minip.amplify(
            _nat("n", n),
            _rational("eps", eps),
            _nats("h", h),
            cls("lo", lo),
            cls("hi", hi),
            bool(superset),
            None if m is None else _nat("m", m),
            str(task),
            str(kernel),
            str(positions),
            str(keys),
            None if at is None else _nat("at", at),
            None if out is None else os.fspath(out),
            bool(vipr),
            None if pairs is None else str(pairs),
            _path(export_lp),
        )
    return Ratios(Ratio(r) for r in json.loads(text))


class Uncertified:
    """A row of a batch for which nothing was certified (the command line's ``unknown``):
    which ``m`` (and ``n``) it is and why. ``bound`` is ``None`` and ``certified`` is
    ``False``, so that a row of a batch reads like a certified one until it is used.

    >>> list(minip.rank(m=[1, 4]))
    [Uncertified(m=1, n=None, reason='m = 1: no code found'), RankBound(m=4, bound=2, k=2, construction='sat')]
    >>> minip.rank(m=1)
    Traceback (most recent call last):
    ...
    minip.Unknown: unknown: m = 1: no code found
    """

    certified = False
    bound: None = None

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m: int = d["m"]
        self.n: Optional[int] = d.get("n")
        #: Why nothing was certified.
        self.reason: str = d["reason"]

    def __repr__(self) -> str:
        return f"Uncertified(m={self.m}, n={self.n}, reason={self.reason!r})"


class RankBound(Certified):
    """A certified lower bound on the feature rank of every head correct on all length-n
    Min-IP sequences over ``{0,1}^m`` (``minip rank``): ``bound`` (an ``int``), the code
    behind it (``k`` pairs of weight-``h`` words, classes ``lo``, ``hi``), and whether the
    code was proved maximal (``maximal``: the pair count refuted, with a DRAT proof). Every
    field but ``maximal`` is always there: a bound that could not be certified is never a
    ``RankBound`` (one ``m`` raises :class:`minip.Unknown`; a batch has an
    :class:`Uncertified` row).

    >>> b = minip.rank(m=8)
    >>> b.bound, b.maximal, b.verify().startswith("rank >= 2")
    (2, 3, True)
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        proof = d.get("proof")
        super().__init__(d["certificate"], [(proof["name"], bytes(proof["bytes"]))] if proof else [])
        self.m: int = d["m"]
        self.n: int = d["n"]
        self.eps: Fraction = Fraction(d["eps"])
        self.bound: int = d["bound"]
        self.strict: bool = bool(d["strict"])
        self.k: int = d["k"]
        self.h: int = d["h"]
        self.lo: int = d["lo"]
        self.hi: int = d["hi"]
        self.delta: Fraction = Fraction(d["delta"])
        #: ``k^2/(k + sum R^-2)``: the bound is ``floor(value) + 1``.
        self.value: Fraction = Fraction(d["value"])
        self.construction: str = d["construction"]
        #: The refuted pair count when the code was proved maximal, else ``None``.
        self.maximal: Optional[int] = d.get("maximal")

    def __repr__(self) -> str:
        return f"RankBound(m={self.m}, bound={self.bound}, k={self.k}, construction={self.construction!r})"


def _rank_row(d: Dict[str, Any]) -> Union[RankBound, Uncertified]:
    return Uncertified(d) if "reason" in d else RankBound(d)


_T = TypeVar("_T")


def _one(rows: List[Union[_T, Uncertified]]) -> _T:
    """The one row of a call for one value, or :class:`minip.Unknown` with its reason."""
    r = rows[0]
    if isinstance(r, Uncertified):
        raise Unknown(f"unknown: {r.reason}")
    return r


@overload
def rank(
    m: int, n: int = ..., eps: Rational = ..., h_max: int = ..., sat_budget: int = ...,
    sat_m_max: int = ..., uniform: bool = ..., *, progress: Progress = ..., out: Optional[PathLike] = ...,
    jobs: Optional[int] = ...,
) -> RankBound: ...
@overload
def rank(
    m: Iterable[int], n: int = ..., eps: Rational = ..., h_max: int = ..., sat_budget: int = ...,
    sat_m_max: int = ..., uniform: bool = ..., *, progress: Progress = ..., out: Optional[PathLike] = ...,
    jobs: Optional[int] = ...,
) -> RankBounds: ...


def rank(
    m: Union[int, Iterable[int]],
    n: int = 3,
    eps: Rational = "1/2",
    h_max: int = 16,
    sat_budget: int = 200_000,
    sat_m_max: int = 12,
    uniform: bool = False,
    *,
    progress: Progress = False,
    out: Optional[PathLike] = None,
    jobs: Optional[int] = None,
) -> Union[RankBound, RankBounds]:
    """Certified feature-rank lower bounds (``minip rank``) for one ``m`` (a
    :class:`RankBound`; raises :class:`minip.Unknown` if none was certified) or several (a
    :class:`RankBounds` list; an uncertified ``m`` is an :class:`Uncertified` row, with
    ``bound is None`` and a ``reason``). ``m`` may be an ``int``, a ``range``, a list or a
    numpy array. ``sat_budget``: clauses the SAT search may add to its proof per ``m`` (about
    one per conflict; a count, not seconds, so the answer does not depend on the machine's
    load; only for ``m <= sat_m_max``; 0: constructions only). ``out``: a directory the
    certificates (``mMM.json``, each DRAT proof beside it) are written to, as ``minip rank
    --out DIR`` writes them. ``jobs``: worker threads (as ``--jobs``). ``progress``: ``True``
    shows a bar, a callable is called as ``(done, total, label)``.

    >>> minip.rank(m=24, h_max=12, sat_budget=0).bound  # about a minute  # doctest: +SKIP
    21
    >>> [b.bound for b in minip.rank(m=range(4, 9))]
    [2, 2, 2, 2, 2]
    """
    single = _is_one(m)
    budget = _nat("sat_budget", sat_budget)
    with reporting(progress):
        text = _minip.rank(
            _nats("m", m), _nat("n", n), _rational("eps", eps), _nat("h_max", h_max), budget,
            _nat("sat_m_max", sat_m_max), bool(uniform), _path(out), _jobs(jobs),
        )
    rows = RankBounds(_rank_row(r) for r in json.loads(text))
    if single:
        return _one(rows)
    return rows


class LinearBound(Certified):
    """A certified rank lower bound from a direct sum of linear codes (``minip rank
    --linear``), for even ``m`` up to 256 at ``eps = 1/2``; ``bound`` and ``k`` are Python
    ``int`` (they outgrow 64 bits). Every field is always there (see :class:`RankBound`).

    >>> b = minip.rank_linear(m=64)  # doctest: +SKIP
    >>> b.bound, b.construction  # doctest: +SKIP
    (3664, 'eham16^4')
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d["certificate"])
        self.m: int = d["m"]
        self.n: int = d["n"]
        self.bound: int = int(d["bound"])
        self.k: int = int(d["k"])
        self.h: int = d["h"]
        self.strict: bool = bool(d["strict"])
        self.value: Fraction = Fraction(d["value"])
        self.construction: str = d["construction"]
        #: The explicit-code method's bound at this ``(m, n)`` (``explicit=True``, ``m <= 24``).
        self.explicit_bound: Optional[int] = d.get("explicit_bound")

    def __repr__(self) -> str:
        return f"LinearBound(m={self.m}, n={self.n}, bound={self.bound}, construction={self.construction!r})"


def _linear_row(d: Dict[str, Any]) -> Union[LinearBound, Uncertified]:
    return Uncertified(d) if "reason" in d else LinearBound(d)


@overload
def rank_linear(
    m: int, n: int = ..., *, explicit: bool = ..., out: Optional[PathLike] = ..., jobs: Optional[int] = ...,
    progress: Progress = ...,
) -> LinearBound: ...
@overload
def rank_linear(
    m: Iterable[int], n: Union[int, Iterable[int]] = ..., *, explicit: bool = ..., out: Optional[PathLike] = ...,
    jobs: Optional[int] = ..., progress: Progress = ...,
) -> LinearBounds: ...
@overload
def rank_linear(
    m: int, n: Iterable[int], *, explicit: bool = ..., out: Optional[PathLike] = ..., jobs: Optional[int] = ...,
    progress: Progress = ...,
) -> LinearBounds: ...


def rank_linear(
    m: Union[int, Iterable[int]],
    n: Union[int, Iterable[int]] = 3,
    *,
    explicit: bool = False,
    out: Optional[PathLike] = None,
    jobs: Optional[int] = None,
    progress: Progress = False,
) -> Union[LinearBound, LinearBounds]:
    """Certified rank lower bounds from linear codes (``minip rank --linear``): even ``m`` in
    ``8..=256`` or 512, 1024, ``n`` in ``3..=1024``, ``eps = 1/2``. One ``m`` and one ``n``: a
    :class:`LinearBound` (or :class:`minip.Unknown`); otherwise a :class:`LinearBounds` list
    sorted by ``m``, then ``n`` (an :class:`Uncertified` row where nothing was certified).
    ``explicit``: also run the explicit-code method for ``m <= 24`` (each row's
    ``explicit_bound``; the command line runs it unless ``--no-explicit``, the package only
    when asked, as it is a second search); ``out``: a directory for the certificates
    (``nN_mMMM.json``, as ``--out``); ``jobs``: worker threads. ``progress``: ``True`` shows a
    bar, a callable is called as ``(done, total, label)``.

    >>> minip.rank_linear(m=256).bound  # under a minute  # doctest: +SKIP
    211499940177613
    """
    single = _is_one(m) and _is_one(n)
    with reporting(progress):
        text = _minip.rank_linear(_nats("m", m), _nats("n", n), bool(explicit), _path(out), _jobs(jobs))
    rows = LinearBounds(_linear_row(r) for r in json.loads(text))
    if single:
        return _one(rows)
    return rows


class PolyHead(Certified):
    """A certified upper bound on the feature rank (a column of ``minip frontier``): an
    overlap-polynomial head correct on every length-3 sequence, of exact ``rank``, with the
    smallest ``degree`` (smaller degrees refuted: ``refutation``).

    >>> row = minip.frontier(m=4)[0]
    >>> row.upper["shared"].rank >= row.upper["per_weight"].rank
    True
    """

    def __init__(self, kind: str, d: Dict[str, Any]) -> None:
        super().__init__(d["certificate"])
        self.kind: str = kind
        self.rank: int = int(d["rank"])
        self.degree: int = d["degree"]
        self.degrees: List[Optional[int]] = list(d["degrees"])
        self.max_error: Fraction = Fraction(d["max_error"])
        self.refutation: Optional[str] = d.get("refutation")
        self.support: Optional[List[int]] = d.get("support")

    def __repr__(self) -> str:
        return f"PolyHead(kind={self.kind!r}, rank={self.rank}, degree={self.degree})"


class FrontierRow:
    """One ``m`` of the rank frontier: ``lower`` (a certified lower bound read from the
    rank certificates, when a directory was given; ``lower_from_m`` is the ``m`` of the
    certificate it comes from), ``upper`` (certified heads by kernel class), ``best_upper``.

    >>> r = minip.frontier(m=6)[0]
    >>> r.m, r.best_upper is not None
    (6, True)
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m: int = d["m"]
        #: The sequence length: the heads are correct on every length up to ``n``.
        self.n: int = d["n"]
        self.complete: bool = bool(d["complete"])
        lo = d.get("lower")
        self.lower: Optional[int] = lo["bound"] if lo else None
        self.lower_from_m: Optional[int] = lo["from_m"] if lo else None
        lol = d.get("lower_linear")
        self.lower_linear: Optional[int] = lol["bound"] if lol else None
        self.upper: Dict[str, PolyHead] = {}
        #: Columns asked for that could not be certified (or were not run), with the reason.
        self.unknown: Dict[str, str] = {}
        for kind in ("per_weight", "shared", "sparse", "signed"):
            c = d.get(kind)
            if c is None:
                continue
            if "reason" in c:
                self.unknown[kind] = c["reason"]
            else:
                self.upper[kind] = PolyHead(kind, c)
        best = d.get("best_upper")
        self.best_upper: Optional[int] = int(best["rank"]) if best else None
        self.best_class: Optional[str] = best["class"] if best else None

    def __repr__(self) -> str:
        return f"FrontierRow(m={self.m}, n={self.n}, lower={self.lower}, best_upper={self.best_upper}, classes={sorted(self.upper)})"


def frontier(
    m: Union[int, Iterable[int]] = range(4, 17, 2),
    kernel: str = "per_weight,shared,signed",
    shared_m_max: int = 32,
    sparse_m_max: int = 24,
    sparse_attempts: int = 80,
    rank_dir: Optional[PathLike] = None,
    rank_linear_dir: Optional[PathLike] = None,
    *,
    progress: Progress = False,
    n: Union[int, str, Iterable[int]] = 3,
    step: int = 1,
    out: Optional[PathLike] = None,
    jobs: Optional[int] = None,
) -> Frontier:
    """The rank frontier (``minip frontier``): per ``m``, certified upper bounds from
    overlap-polynomial heads (``kernel``: ``per_weight``, ``shared``, ``sparse``, ``signed``
    or ``all``, comma-separated) and, when ``rank_dir`` (``minip-rank/2`` certificates, e.g.
    ``proofs/rank``) or ``rank_linear_dir`` is given, the certified lower bounds, checked
    when read. The rows come as a :class:`Frontier` list. ``n``: the sequence length (heads
    correct on every length up to ``n``), or several (a ``range`` of step 1, or the command
    line's text ``"3..=5"``): rows come in order of ``n``, then ``m``, each with its ``n``.
    ``step``: every ``step``-th ``m`` (``--step``; the command line's default is 2, here the
    ``m`` given are taken as they are). ``out``: a directory for every certificate and head
    file, as ``--out`` writes them (``n > 3`` in ``DIR/nN``); ``jobs``: worker threads.
    ``progress``: ``True`` shows a bar, a callable is called as ``(done, total, label)``.

    >>> [r.best_upper for r in minip.frontier(m=[4, 6])]
    [5, 8]
    >>> [(r.n, r.m, r.best_upper) for r in minip.frontier(m=4, kernel="per_weight", n=range(3, 5))]
    [(3, 4, 5), (4, 4, 6)]
    """
    with reporting(progress):
        text = _minip.frontier(
            _nats("m", m),
            _lengths("n", n),
            str(kernel),
            _nat("shared_m_max", shared_m_max),
            _nat("sparse_m_max", sparse_m_max),
            _nat("sparse_attempts", sparse_attempts),
            None if rank_dir is None else os.fspath(rank_dir),
            None if rank_linear_dir is None else os.fspath(rank_linear_dir),
            _nat("step", step),
            _path(out),
            _jobs(jobs),
        )
    return Frontier(FrontierRow(r) for r in json.loads(text))


class HeadReport:
    """An explicit head checked exactly on every sequence of lengths ``1..=length`` over
    ``{0,1}^m`` (``minip head verify``): ``correct`` (every error below ``eps``),
    ``max_error``, and the witnesses ``worst`` and ``first_failure`` (dicts with ``tokens``,
    ``target``, ``output`` and ``error``; rationals as ``Fraction``).

    >>> r = minip.head_verify("exact", m=3, length=3)
    >>> r.correct, r.max_error < r.eps
    (True, True)
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.head: str = d["head"]
        self.m: int = d["m"]
        self.rank: int = d["rank"]
        self.length: int = d["len"]
        self.eps: Fraction = Fraction(d["eps"])
        self.symmetry: str = d["symmetry"]
        self.evaluations: int = d["evaluations"]
        self.max_error: Fraction = Fraction(d["max_error"])
        self.correct: bool = bool(d["correct"])
        self.worst: Optional[Dict[str, Any]] = _witness(d.get("worst"))
        self.first_failure: Optional[Dict[str, Any]] = _witness(d.get("first_failure"))
        self.lengths: List[Dict[str, Any]] = [
            dict(x, max_error=Fraction(x["max_error"])) for x in d["lengths"]
        ]

    def __repr__(self) -> str:
        return (
            f"HeadReport(head={self.head!r}, m={self.m}, length={self.length}, correct={self.correct}, "
            f"max_error={self.max_error!r})"
        )


def head_verify(
    head: str,
    m: Optional[int] = None,
    length: int = 3,
    eps: Rational = "1/2",
    base: Optional[Rational] = None,
    symmetry: bool = True,
) -> HeadReport:
    """Checks an explicit head exactly and exhaustively (``minip head verify``): ``head`` is a
    built-in (``rank1``, ``softmax``, ``exact``) or the path of a head file
    (docs/heads.md); ``m`` may be omitted when the file fixes it; ``base`` for ``softmax``
    (default 6) and ``exact`` (default ``max(2, length)``).

    >>> minip.head_verify("softmax", m=4, length=3).correct
    True
    >>> minip.head_verify("exact", m=3, length=3, base=2).correct
    False
    """
    return HeadReport(
        json.loads(
            _minip.head_verify(
                str(head),
                None if m is None else _nat("m", m),
                _nat("length", length),
                _rational("eps", eps),
                None if base is None else _rational("base", base),
                bool(symmetry),
            )
        )
    )
