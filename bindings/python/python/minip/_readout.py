"""``minip readout``: the escape route of a nonlinear readout (``readout``, with
``precision=True`` its least integer values) and the multilevel family
(``readout_multilevel``); docs/escape.md."""

from __future__ import annotations

import json
from typing import Iterable, Literal, Optional, Union, overload

from . import _minip
from ._convert import PathLike, _nat, _nats, _path
from ._tables import Multilevels, Precisions, Readouts


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
