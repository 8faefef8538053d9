"""``minip rank``: certified feature-rank lower bounds from explicit codes (``rank``), linear
codes (``rank_linear``, ``rank --linear``), weighted pairs (``rank_weighted``, ``rank
--weighted``) and rank 2 refuted by two orders (``rank_two``, ``rank --two``)."""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Optional, TypeVar, Union, overload

from . import _minip
from ._minip import Unknown
from ._convert import PathLike, Rational, _is_one, _jobs, _nat, _nats, _path, _rational
from ._progress import Progress, reporting
from ._records import LinearBound, RankBound, RankTwo, Uncertified, WeightedBound
from ._tables import LinearBounds, RankBounds


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


def rank_weighted(
    m: int,
    n: int = 3,
    *,
    start: Optional[PathLike] = None,
    rounds: int = 200,
    out: Optional[PathLike] = None,
) -> WeightedBound:
    """The weighted trace/Frobenius bound for one ``m`` (``minip rank --weighted``): a local
    search over pairs and weights (``rounds`` restarts, deterministic), or the weights on the
    words of ``start`` (a ``minip-rank/2`` or ``minip-rank-weighted/1`` certificate; the
    command line's ``--from``, needed above ``m = 16``), certified with exact integer weights.
    ``out``: a directory for the certificate (``mMM.json``).

    >>> b = minip.rank_weighted(m=8, rounds=0)
    >>> b.bound, b.value
    (2, Fraction(32, 17))
    """
    d = json.loads(_minip.rank_weighted(_nat("m", m), _nat("n", n), _path(start), _nat("rounds", rounds), _path(out)))
    return WeightedBound(d)


def rank_two(
    m: int,
    n: int = 3,
    *,
    eps: Rational = "1/2",
    out: Optional[PathLike] = None,
) -> RankTwo:
    """Feature rank ``<= 2`` refuted at one ``m`` by two orders (``minip rank --two``,
    docs/math.md §5.8): the positive forced ratios certified, the formula "two linear orders
    agree on every forced quadruple" solved, its DRAT refutation checked; ``bound`` is 3.
    Raises :class:`minip.Unknown` when two orders satisfy the formula (``m <= 4``).
    ``out``: a directory for the certificate and its proof (``mMM.json``, ``mMM.drat``).

    >>> r = minip.rank_two(m=5)
    >>> r.bound, r.quadruples, r.ratios
    (3, 60, ['R(0, 2; 2) = 1', 'R(0, 2+; 2) = 1'])
    """
    d = json.loads(_minip.rank_two(_nat("m", m), _nat("n", n), _rational("eps", eps), _path(out)))
    return RankTwo(d)
