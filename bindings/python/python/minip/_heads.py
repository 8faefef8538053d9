"""Explicit heads attacked, searched, and the phase-transition table: ``head_attack``,
``head_search``, ``transition``."""

from __future__ import annotations

import json
import numbers
import os
from fractions import Fraction
from typing import Any, Dict, List, Optional

from . import _minip
from ._convert import PathLike, Rational, _is_bool, _nat, _rational, _scalar, _witness
from ._grid import _jobs
from ._progress import Progress, reporting


class AttackReport:
    """What ``minip head attack`` found: a failing length-``n`` sequence (``failure``, a dict
    with ``tokens``, ``target``, ``output`` and ``error``; rationals as ``Fraction``), found by
    ``method`` (``'gap-domination'`` on the head's kernel or ``'exhaustive'``) and confirmed by
    exact evaluation, or nothing (``correct``: the head is correct on every length-``n``
    sequence, searched exhaustively).

    >>> r = minip.head_attack("rank1", m=3)
    >>> r.correct, r.method
    (False, 'gap-domination')
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.head: str = d["head"]
        self.m: int = d["m"]
        self.n: int = d["n"]
        self.eps: Fraction = Fraction(d["eps"])
        #: Class pairs checked by the gap-domination search.
        self.pairs_checked: int = d["pairs_checked"]
        #: Pairs that met the inequality without a confirmed failure.
        self.unconfirmed_pairs: int = d["unconfirmed_pairs"]
        self.correct: bool = d["verdict"] == "correct"
        self.method: Optional[str] = d.get("method")
        #: How the failure was found, in words.
        self.detail: Optional[str] = d.get("detail")
        self.failure: Optional[Dict[str, Any]] = _witness(d.get("failure"))

    def __repr__(self) -> str:
        return (
            f"AttackReport(head={self.head!r}, m={self.m}, n={self.n}, correct={self.correct}, "
            f"method={self.method!r})"
        )


def head_attack(
    head: str,
    m: Optional[int] = None,
    n: int = 3,
    eps: Rational = "1/2",
    base: Optional[Rational] = None,
    symmetry: bool = True,
) -> AttackReport:
    """Looks for a length-``n`` sequence on which an explicit head fails (``minip head
    attack``): gap domination on the head's kernel first, then exhaustively; a failure is
    confirmed by exact evaluation. ``head``, ``m``, ``base``, ``eps``, ``symmetry`` as in
    :func:`head_verify`; ``n`` in ``1..=64`` as on the command line.

    >>> minip.head_attack("softmax", m=4).correct
    True
    >>> minip.head_attack("rank1", m=3, n=0)
    Traceback (most recent call last):
    ...
    ValueError: --n must be in 1..=64, got 0
    """
    return AttackReport(
        json.loads(
            _minip.head_attack(
                str(head),
                None if m is None else _nat("m", m),
                _nat("n", n),
                _rational("eps", eps),
                None if base is None else _rational("base", base),
                bool(symmetry),
            )
        )
    )


class TransitionEntry:
    """One entry of the phase-transition table: the head of ``column`` at ``m`` bits,
    verified exactly on every sequence of lengths up to ``length``; ``correct`` is what the
    check found, ``expected_correct`` what the theory predicts."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m: int = d["m"]
        self.column: str = d["column"]
        self.length: int = d["len"]
        self.correct: bool = d["verdict"] == "correct"
        self.expected_correct: bool = d["expected_verdict"] == "correct"
        self.max_error: Fraction = Fraction(d["max_error"])
        self.evaluations: int = d["evaluations"]
        self.first_failure: Optional[Dict[str, Any]] = _witness(d.get("first_failure"))

    @property
    def as_expected(self) -> bool:
        """The check found what the theory predicts."""
        return self.correct == self.expected_correct

    def __repr__(self) -> str:
        return (
            f"TransitionEntry(m={self.m}, column={self.column!r}, correct={self.correct}, "
            f"expected_correct={self.expected_correct})"
        )


class Transition:
    """The three-token phase-transition table (``minip transition``): ``entries`` (one per
    ``m`` and head), ``as_expected`` (every entry as predicted: the command line's exit 0),
    and ``str()`` the command line's table.

    >>> t = minip.transition(m_max=2)
    >>> t.as_expected, sorted({e.m for e in t.entries})
    (True, [1, 2])
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.entries: List[TransitionEntry] = [TransitionEntry(e) for e in d["entries"]]
        self.text: str = d["text"]
        self.as_expected: bool = d["exit_code"] == 0

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Transition: {len(self.entries)} entries, {'as expected' if self.as_expected else 'UNEXPECTED'}>"


def transition(m_max: int = 8, exact_len: int = 3) -> Transition:
    """The three-token phase-transition table (``minip transition``), ``m = 1..=m_max``
    (at most 8), each entry verified exhaustively; the exact-head columns at length
    ``exact_len`` (base ``exact_len`` passes, base ``exact_len - 1`` fails).

    >>> minip.transition(m_max=9)
    Traceback (most recent call last):
    ...
    ValueError: --m-max must be in 1..=8
    """
    return Transition(json.loads(_minip.transition(_nat("m_max", m_max), _nat("exact_len", exact_len))))


class SearchReport:
    """What ``minip head search`` did (a ``head.search`` record): the ``method``
    (``'gradient'`` or ``'lp'``), the restarts run (``runs``, dicts: for ``'gradient'``
    ``start``, ``steps``, ``best_max_error``, ``best_exact_try``, ``ended``, ``failed_exact``,
    ``found``; for ``'lp'`` ``steps``, ``best_objective``, ``pair_rows``, ``found``), and the head of rank
    ``rank`` certified exactly (``verdict`` ``'certified'``, its ``max_error`` a ``Fraction``,
    ``certificate`` the ``minip-search-head/1`` JSON text, and the files written with ``out``)
    or none (``'unknown'``: this search found none, which is no lower bound); ``str()`` is the
    command line's summary."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m: int = d["m"]
        self.rank: int = int(d["rank"])
        self.seed: int = int(d["seed"])
        self.method: str = d["method"]
        self.start: Optional[str] = d.get("start")
        self.time_limit: Optional[float] = d.get("time_limit")
        self.restarts: int = d["restarts"]
        self.iterations: int = d["iterations"]
        self.runs: List[Dict[str, Any]] = d["runs"]
        self.verdict: str = d["verdict"]
        self.max_error: Optional[Fraction] = None if d["max_error"] is None else Fraction(d["max_error"])
        self.certificate: Optional[str] = d.get("certificate")
        self.certificate_file: Optional[str] = d.get("certificate_file")
        self.head_file: Optional[str] = d.get("head_file")
        self.text: str = d["text"]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return (
            f"SearchReport(m={self.m}, rank={self.rank}, method={self.method!r}, "
            f"restarts run={len(self.runs)}, verdict={self.verdict!r})"
        )


def head_search(
    m: int,
    rank: int,
    seed: int = 1,
    restarts: int = 20,
    iterations: Optional[int] = None,
    *,
    method: str = "gradient",
    start: Optional[str] = None,
    time_limit: Optional[float] = None,
    out: Optional[PathLike] = None,
    jobs: Optional[int] = None,
    progress: Progress = False,
) -> SearchReport:
    """Searches for a head of feature rank ``rank`` over ``{0,1}^m`` (``minip head search``,
    docs/math.md §14). ``method='gradient'`` (the default): Adam on a smooth surrogate of
    every length-3 constraint, from ``restarts`` starts (``start``: ``'mixed'``, ``'softmax'``,
    ``'subsets'`` or ``'random'``) of at most ``iterations`` steps (default 20,000), in
    parallel on ``jobs`` threads; ``method='lp'``: alternating LPs (default 100 steps). Starts
    are seeded by ``seed``. A head found is rounded and checked exactly, and with ``out``
    written there as ``mMM.rR.json`` and ``mMM.rR.head``. ``time_limit`` (seconds, gradient
    only) makes the result depend on the machine. ``progress``: ``True`` shows a bar over
    every step, a callable is called as ``(done, total, label)``. The same run as the command
    line's, file for file.

    >>> r = minip.head_search(m=2, rank=1)
    >>> r.verdict, r.method, len(r.runs)
    ('certified', 'gradient', 1)
    """
    seed = _scalar_seed(seed)
    if time_limit is not None:
        time_limit = float(_scalar(time_limit))
    with reporting(progress):
        text = _minip.head_search(
            _nat("m", m),
            _nat("rank", rank),
            seed,
            _nat("restarts", restarts),
            None if iterations is None else _nat("iterations", iterations),
            str(method),
            None if start is None else str(start),
            time_limit,
            None if out is None else os.fspath(out),
            _jobs(jobs),
        )
    return SearchReport(json.loads(text))


def _scalar_seed(v: Any) -> int:
    """The seed, a nonnegative integer below 2^64 (Python's or numpy's, or a 0-d array of one)."""
    v = _scalar(v)
    if _is_bool(v) or not isinstance(v, numbers.Integral) or not 0 <= int(v) < 2**64:
        raise ValueError(f"seed: expected a nonnegative integer below 2^64, got {v!r}")
    return int(v)
