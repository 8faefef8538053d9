"""``rank_weighted``: the weighted trace/Frobenius rank bound (``minip rank --weighted``)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Dict, Optional

from . import _minip
from ._convert import PathLike, _nat
from ._gap import Certified, _path


class WeightedBound(Certified):
    """A certified rank lower bound from weighted pairs (a ``rank.weighted`` record):
    ``bound = ⌊value⌋ + 1`` with ``value = (Σ w)² / Σ w_i w_j B_ij`` over ``k`` pairs, beside
    the same pairs' ``unweighted_value``; ``str()`` is the command line's line."""

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d["certificate"])
        self.m: int = d["m"]
        self.n: int = d["n"]
        self.eps: Fraction = Fraction(d["eps"])
        self.k: int = int(d["k"])
        self.bound: int = int(d["bound"])
        self.value: Fraction = Fraction(d["value"])
        self.unweighted_value: Fraction = Fraction(d["unweighted_value"])
        self.construction: str = d["construction"]
        self.text: str = d["text"]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"WeightedBound(m={self.m}, n={self.n}, bound={self.bound}, value={self.value})"


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
