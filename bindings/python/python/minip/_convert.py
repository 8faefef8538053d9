"""Arguments in, values out: the conversions every call shares."""

from __future__ import annotations

import json
import math
import os
from fractions import Fraction
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union, overload

from . import _minip

#: What a rational argument may be: a ``Fraction``, an ``int``, text (``"3/8"``, ``"0.375"``)
#: or a ``float`` that is exactly its decimal text (``0.5``, not ``0.1``).
Rational = Union[Fraction, int, str, float]

PathLike = Union[str, "os.PathLike[str]"]


# ---------------------------------------------------------------------------------------
# Arguments in, values out


def _rational(name: str, v: Rational) -> str:
    """A rational argument as the text the command line reads (exact, never rounded)."""
    if isinstance(v, bool):
        raise ValueError(f"{name}: expected a rational, got {v!r}")
    if isinstance(v, Fraction):
        return f"{v.numerator}/{v.denominator}"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"{name}: expected a finite rational, got {v!r}")
        exact = Fraction(v)
        if Fraction(repr(v)) != exact:
            raise ValueError(
                f"{name}: the float {v!r} is not exactly {repr(v)} (it is {exact}); "
                f"pass the text '{repr(v)}' or a Fraction"
            )
        return f"{exact.numerator}/{exact.denominator}"
    if isinstance(v, str):
        return v
    raise TypeError(f"{name}: expected a Fraction, int, str or float, got {type(v).__name__}")


def _nat(name: str, v: Any) -> int:
    """A nonnegative integer argument that fits the command line's (32-bit) parameters."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{name}: expected a nonnegative integer, got {v!r}")
    if v < 0 or v >= 2**32:
        raise ValueError(f"{name}: expected a nonnegative integer below 2^32, got {v}")
    return v


def _nats(name: str, v: Union[int, Iterable[int]]) -> Union[str, List[int]]:
    """One integer, a ``range`` or any iterable of integers. A ``range`` of step 1 goes on as
    the command line's text (``range(2, 9)`` is ``"2..9"``), so that it is counted before a
    value is made and refused with the command line's words; anything else as a list."""
    if isinstance(v, range) and v.step == 1 and v.start >= 0:
        return f"{v.start}..{v.stop}"
    if isinstance(v, bool):
        raise ValueError(f"{name}: expected an integer, a range or a list of integers, got {v!r}")
    if isinstance(v, int):
        return [_nat(name, v)]
    if isinstance(v, (str, bytes)):
        raise ValueError(f"{name}: expected an integer, a range or a list of integers, got {v!r}")
    try:
        items = list(v)
    except TypeError:
        raise ValueError(f"{name}: expected an integer, a range or a list of integers, got {v!r}") from None
    return [_nat(name, x) for x in items]


def _q(s: Optional[str]) -> Optional[Fraction]:
    return None if s is None else Fraction(s)


def _table(t: Any) -> Union[Dict[str, Fraction], List[Fraction]]:
    if isinstance(t, dict):
        return {k: Fraction(v) for k, v in t.items()}
    return [Fraction(v) for v in t]


# ---------------------------------------------------------------------------------------
# Certificates


def _q_or_none(s: Optional[str]) -> Optional[Fraction]:
    """A rational, or ``None`` for text that is not one (``'-inf'``, ``'unknown'``)."""
    if s is None:
        return None
    try:
        return Fraction(s)
    except (ValueError, ZeroDivisionError):
        return None


def _witness(w: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    if w is None:
        return None
    out = dict(w)
    out["output"] = Fraction(w["output"])
    out["error"] = Fraction(w["error"])
    return out
