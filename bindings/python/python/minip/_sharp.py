"""``minip sharp``: the exact best factor ``kstar`` of one configuration (``sharp``), of a grid
file (``sharp_grid``), the MILP cross-check (``sharp_milp``) and the summary of committed
``minip-sharp/1`` files (``sharp_summarize``)."""

from __future__ import annotations

import json
import os
from typing import Iterable, Optional, Sequence, Union

from . import _minip
from ._convert import PathLike, Rational, _conf, _jobs, _nat, _nats, _path
from ._records import Sharp
from ._tables import MilpCheck, SharpGrid, SharpSummary


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


def sharp_grid(
    grid: PathLike,
    *,
    expect: Optional[PathLike] = None,
    shard: Optional[str] = None,
    jobs: Optional[int] = None,
    out: Optional[PathLike] = None,
    vipr: Optional[PathLike] = None,
    csv: Optional[PathLike] = None,
) -> SharpGrid:
    """The exact best factor ``kstar`` of every configuration of a grid file (``minip sharp
    --grid GRID``); ``expect``, ``shard``, ``jobs`` as in :func:`sweep`, ``out`` a directory
    for the ``minip-sharp/1`` bundles, ``vipr`` one for VIPR files, ``csv`` the table as CSV.
    One configuration is :func:`minip.sharp`.

    >>> g = minip.sharp_grid("instances/sharp-vipr.toml", expect="instances/sharp-vipr.expected.jsonl")
    >>> g.ok, len(g), g[0].kstar, g[0].relation
    (True, 280, Fraction(0, 1), 'sharp')
    """
    return SharpGrid(
        json.loads(
            _minip.sharp_grid(
                os.fspath(grid), _path(expect), None if shard is None else str(shard), _jobs(jobs),
                _path(out), _path(vipr), _path(csv),
            )
        )
    )


def sharp_milp(
    d: int = 1,
    *,
    m: Union[int, Iterable[int]] = range(2, 5),
    n: int = 3,
    eps: Rational = "1/2",
    family: str = "paper",
) -> MilpCheck:
    """The MILP cross-check (``minip sharp --milp``): for each ``m``, the exact minimum of
    the certified ``kstar`` over every configuration with gap ``w − u ≥ d`` that fits in ``m``
    bits, beside HiGHS's optimum of the same question over Boolean tokens.

    >>> c = minip.sharp_milp(d=2, m=3)
    >>> c.ok, c[0].min_kstar, c[0].verdict
    (True, '1', 'agree')
    """
    ms = _nats("m", m)
    text = ms if isinstance(ms, str) else ",".join(str(v) for v in ms)
    conf = _conf(_nat("d", d), None, None, None, None, n, eps, family, "paper", "min-ip", "nonneg", "shared", "all", None)
    return MilpCheck(json.loads(_minip.sharp_milp(conf, text)))


def sharp_summarize(path: PathLike) -> SharpSummary:
    """Summarizes committed ``minip-sharp/1`` files (a file or a directory), each checked by
    the checker first (``minip sharp --summarize PATH``); a file that does not check raises
    ``ValueError`` naming it, as the command line refuses it.

    >>> s = minip.sharp_summarize("proofs/sharp")
    >>> len(s), s.summary[0].split(":")[0]
    (19152, '19152 configurations')
    """
    return SharpSummary(json.loads(_minip.sharp_summarize(os.fspath(path))))
