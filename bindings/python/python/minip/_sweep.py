"""``minip sweep``: every configuration of a grid file settled."""

from __future__ import annotations

import json
import os
from typing import Optional

from . import _minip
from ._convert import PathLike, _jobs, _path
from ._tables import SweepResult


def sweep(
    grid: PathLike,
    *,
    expect: Optional[PathLike] = None,
    shard: Optional[str] = None,
    jobs: Optional[int] = None,
    out: Optional[PathLike] = None,
    vipr: bool = False,
) -> SweepResult:
    """Settles every configuration of a grid file (``minip sweep GRID``), in parallel;
    ``shard`` (``"i/N"``) runs one of N contiguous blocks, ``expect`` compares with a table of
    expected verdicts (JSON Lines or CSV, as ``--expect``), ``out`` writes the certificates
    (``vipr``: and VIPR files) to a directory, ``jobs`` worker threads. Limits and messages as
    on the command line.

    >>> s = minip.sweep("instances/small.toml", expect="instances/small.expected.jsonl")
    >>> s.ok, s.summary
    (True, '160 configurations: 140 holds, 20 broken, 0 unknown')
    >>> s[0].verdict, s[0].certificate_file is None
    ('broken', True)
    """
    return SweepResult(
        json.loads(
            _minip.sweep(
                os.fspath(grid), _path(expect), None if shard is None else str(shard), _jobs(jobs),
                _path(out), bool(vipr),
            )
        )
    )
