"""``minip frontier``: the rank frontier, certified upper bounds beside certified lower bounds."""

from __future__ import annotations

import json
import os
from typing import Iterable, Optional, Union

from . import _minip
from ._convert import PathLike, _jobs, _lengths, _nat, _nats, _path
from ._progress import Progress, reporting
from ._records import FrontierRow
from ._tables import Frontier


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
    or ``all``, comma-separated), the certified lower bounds, checked when read, and the
    searched heads: by default from the committed certificates built into the package
    (``proofs/rank`` with ``proofs/weighted``, ``proofs/rank2`` and ``proofs/search`` beside it,
    ``proofs/rank-linear``), wherever it runs;
    ``rank_dir`` (``minip-rank/2`` certificates) or ``rank_linear_dir`` reads a directory
    instead, ``"-"`` none. A certificate that gives no bound is skipped with a
    ``UserWarning``. The rows come as a :class:`Frontier` list. ``n``: the sequence length (heads
    correct on every length up to ``n``), or several (a ``range`` of step 1, or the command
    line's text ``"3..=5"``): rows come in order of ``n``, then ``m``, each with its ``n``.
    ``step``: every ``step``-th ``m`` of each range ``"A..=B"`` (``--step``; the command line's
    default is 2, here 1); a list of ``m`` is taken as it is. ``out``: a directory for every certificate and head
    file, as ``--out`` writes them (``n > 3`` in ``DIR/nN``); ``jobs``: worker threads.
    ``progress``: ``True`` shows a bar, a callable is called as ``(done, total, label)``.

    >>> [(r.lower, r.best_upper, r.best_class) for r in minip.frontier(m=[4, 6])]
    [(2, 2, 'searched'), (3, 4, 'searched')]
    >>> [(r.n, r.m, r.best_upper) for r in minip.frontier(m=4, kernel="per_weight", n=range(3, 5))]
    [(3, 4, 2), (4, 4, 6)]
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
