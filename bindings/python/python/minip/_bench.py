"""Measurements: ``bench``, ``head_bench``, ``amplify_bench`` (``minip bench``, ``minip head
bench``, ``minip amplify-bench``). Timings vary with the machine and its load; the counts and
verdicts do not."""

from __future__ import annotations

import json
import os
from typing import Iterable, Optional, Union

from . import _minip
from ._convert import PathLike, _nat, _nats
from ._records import BenchReport


def bench(grid: Optional[PathLike] = None, proofs: Optional[PathLike] = None) -> BenchReport:
    """Sweeps a grid file (the regression grid when ``None``) with certificates written and
    re-verified, then verifies the certificates under ``proofs``, timed (``minip bench``).
    ``record`` is the ``bench.run`` record: ``configurations``, ``sweep_seconds``,
    ``configurations_per_second``, and with ``proofs`` ``proofs``, ``proofs_ok``,
    ``verify_seconds``.

    >>> b = minip.bench(grid="instances/small.toml")
    >>> b.ok, b.record["configurations"]
    (True, 160)
    """
    d = json.loads(_minip.bench(None if grid is None else os.fspath(grid), None if proofs is None else os.fspath(proofs)))
    return BenchReport(d["record"], d["text"], d["exit_code"])


def head_bench(m_max: int = 8) -> BenchReport:
    """The exhaustive verification speed of softmax at length 3 for ``m = 1..=m_max``
    (``minip head bench``): ``record`` one dict per ``m`` (``sequences``, ``seconds``,
    ``seconds_symmetry``, ``correct``).

    >>> [(r["m"], r["sequences"], r["correct"]) for r in minip.head_bench(m_max=2).record]
    [(1, 6, True), (2, 40, True)]
    """
    d = json.loads(_minip.head_bench(_nat("m_max", m_max)))
    return BenchReport(d["rows"], d["text"], 0)


def amplify_bench(
    h: Union[int, Iterable[int]] = (48, 64, 80, 96, 112, 128, 144, 160, 168),
    against: str = "esolver",
    timeout: int = 600,
) -> BenchReport:
    """Certified ratios ``R(0, h; h)`` (n = 3, eps = 1/2) timed beside an exact LP solver run
    on the same exported LP afterwards (``minip amplify-bench``; ``against``: ``'esolver'``
    (QSopt_ex), ``'glpsol'`` (GLPK ``--exact``), ``'both'`` or ``'none'``; ``timeout``
    seconds per yardstick run). ``record``: one ``amplify.bench`` row per ``h``; ``ok``: every
    yardstick agreed and answered.

    >>> r = minip.amplify_bench(h=8, against="none")
    >>> r.ok, r.record[0]["ratio"]
    (True, '13')
    """
    hs = _nats("h", h)
    text = hs if isinstance(hs, str) else ",".join(str(v) for v in hs)
    d = json.loads(_minip.amplify_bench(text, str(against), _nat("timeout", timeout)))
    return BenchReport(d["rows"], d["text"], d["exit_code"])
