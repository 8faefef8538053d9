"""``minip head``: an explicit head checked (``head_verify``), attacked (``head_attack``), or
searched for (``head_search``)."""

from __future__ import annotations

import json
import numbers
import os
from typing import Any, Optional

from . import _minip
from ._convert import PathLike, Rational, _is_bool, _jobs, _nat, _rational, _scalar
from ._progress import Progress, reporting
from ._records import AttackReport, HeadReport, SearchReport


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
    ValueError: n must be in 1..=64, got 0
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
