"""``minip transition``: the three-token phase-transition table."""

from __future__ import annotations

import json

from . import _minip
from ._convert import _nat
from ._tables import Transition


def transition(m_max: int = 8, exact_len: int = 3) -> Transition:
    """The three-token phase-transition table (``minip transition``), ``m = 1..=m_max``
    (at most 8), each entry verified exhaustively; the exact-head columns at length
    ``exact_len`` (base ``exact_len`` passes, base ``exact_len - 1`` fails).

    >>> minip.transition(m_max=9)
    Traceback (most recent call last):
    ...
    ValueError: m_max must be in 1..=8
    """
    return Transition(json.loads(_minip.transition(_nat("m_max", m_max), _nat("exact_len", exact_len))))
