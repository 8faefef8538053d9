"""``minip amplify``: exact forced kernel ratios for a range of ``h`` (``amplify``) or every
series of a ratio table (``amplify_grid``)."""

from __future__ import annotations

import json
import os
from typing import Iterable, Optional, Union

from . import _minip
from ._convert import PathLike, Rational, _nat, _nats, _path, _rational
from ._progress import Progress, reporting
from ._records import Ratio
from ._tables import AmplifyGrid, Ratios


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


def amplify_grid(
    grid: PathLike,
    *,
    expect: Optional[PathLike] = None,
    out: Optional[PathLike] = None,
) -> AmplifyGrid:
    """Every series of a ratio table (``minip amplify --grid FILE``: tasks, kernels,
    positions, keys per series; docs/beyond.md); ``expect`` compares with a table of expected
    ratios (as ``--expect``), ``out`` writes each series' certificates under a directory.
    One range of ``h`` is :func:`amplify`.

    >>> g = minip.amplify_grid("instances/beyond/signed-ratios.toml")
    >>> g.ok, list(g.series())[:2], g[1].ratio
    (True, ['nonneg R(0, x)', 'signed R(0, x)'], Fraction(5, 2))
    """
    return AmplifyGrid(json.loads(_minip.amplify_grid(os.fspath(grid), _path(expect), _path(out))))
