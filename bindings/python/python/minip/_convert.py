"""Arguments in, values out: the conversions every call shares."""

from __future__ import annotations

import itertools
import json
import math
import numbers
import os
from decimal import Decimal
from fractions import Fraction
from typing import Any, Dict, Iterable, List, Optional, Protocol, Sequence, Union

from . import _minip

#: What a rational argument may be: a ``Fraction``, an ``int``, a ``Decimal``, text (``"3/8"``,
#: ``"0.375"``), a ``float`` that is exactly its decimal text (``0.5``, not ``0.1``), or a numpy
#: integer or float scalar under the same rules (numpy itself is never needed). A numpy float's
#: decimal text is the shortest one of its own width (``np.float16(0.1)`` shows ``0.1`` and is
#: ``819/8192``, so it is refused like ``0.1``, never widened or rounded).
Rational = Union[Fraction, int, str, float, Decimal, numbers.Rational, "_SupportsItem"]

PathLike = Union[str, "os.PathLike[str]"]


class _SupportsItem(Protocol):
    """A numpy scalar or 0-d array: ``item()`` gives the Python number."""

    def item(self) -> Any: ...


# ---------------------------------------------------------------------------------------
# Arguments in, values out


def _is_bool(v: Any) -> bool:
    # numpy's bool is neither a Python bool nor a number; refused like one.
    return isinstance(v, bool) or type(v).__name__ in ("bool_", "bool")


def _is_array(v: Any) -> bool:
    """A numpy array (or anything with ``__array__`` and ``tolist``), never text."""
    return hasattr(v, "__array__") and hasattr(v, "tolist") and not isinstance(v, (str, bytes))


def _scalar(v: Any) -> Any:
    """A 0-d array as its scalar (``np.array(3)`` is ``np.int64(3)``; a float keeps its width, so
    its decimal text stays the one typed); a number, numpy's included, or anything else unchanged."""
    if _is_array(v) and getattr(v, "ndim", None) == 0 and not isinstance(v, numbers.Number):
        try:
            x = v[()]
        except (TypeError, IndexError, KeyError):
            x = None
        # A numpy number as it is; anything else (numpy's bool) as its Python value.
        return x if isinstance(x, numbers.Number) else v.tolist()
    return v


def _max_items() -> int:
    """The most values of one range or list (``minip_check::limits::MAX_RANGE_ITEMS``)."""
    return int(_minip.MAX_RANGE_ITEMS)


def _bounded(name: str, v: Iterable[Any]) -> List[Any]:
    """The items of an iterable, read no further than the range item limit: a longer one (or an
    endless one, ``itertools.count()``) is refused with the command line's words after at most
    that many items and one more, never read to the end."""
    limit = _max_items()
    try:
        size = len(v)  # type: ignore[arg-type]
    except TypeError:
        size = None
    if size is not None and size > limit:
        raise ValueError(f"{name}: values = {size} is above the supported {limit} (in one range or list)")
    items = list(itertools.islice(iter(v), limit + 1))
    if len(items) > limit:
        raise ValueError(f"{name}: values = {limit + 1} or more is above the supported {limit} (in one range or list)")
    return items


def _rational(name: str, v: Rational) -> str:
    """A rational argument as the text the command line reads (exact, never rounded): a
    ``Fraction``, an integer (Python's or numpy's), a ``Decimal``, text, or a float (Python's
    or numpy's) whose exact value is its shortest decimal text; ``ValueError`` otherwise."""
    v = _scalar(v)
    if _is_bool(v):
        raise ValueError(f"{name}: expected a rational, got {v!r}")
    if isinstance(v, str):
        return v
    if isinstance(v, numbers.Integral):
        return str(int(v))
    if isinstance(v, numbers.Rational):
        return f"{v.numerator}/{v.denominator}"
    if isinstance(v, Decimal):
        if not v.is_finite():
            raise ValueError(f"{name}: expected a finite rational, got {v!r}")
        exact = Fraction(v)
        return f"{exact.numerator}/{exact.denominator}"
    if isinstance(v, numbers.Real) and hasattr(v, "as_integer_ratio"):
        # Python's float and numpy's floating scalars: str() is the shortest decimal text that
        # gives the value in the number's own width, the one typed (np.float32(0.1) shows 0.1).
        # Taken only when it is the value exactly: a float is never rounded to a decimal.
        if not math.isfinite(float(v)):
            raise ValueError(f"{name}: expected a finite rational, got {v}")
        exact = Fraction(*v.as_integer_ratio())
        shown = str(v)
        kind = "float" if isinstance(v, float) else type(v).__name__
        try:
            same = Fraction(shown) == exact
        except (ValueError, ZeroDivisionError):
            same = False
        if not same:
            raise ValueError(
                f"{name}: the {kind} {shown} is not exactly {shown} (it is {exact}); "
                f"pass the text '{shown}' or a Fraction"
            )
        return f"{exact.numerator}/{exact.denominator}"
    raise ValueError(
        f"{name}: expected a rational (a Fraction, int, Decimal, str, or a float that is exactly "
        f"its decimal text), got {type(v).__name__} {v!r}"
    )


def _nat(name: str, v: Any) -> int:
    """A nonnegative integer argument (Python's or numpy's) that fits the command line's
    (32-bit) parameters."""
    v = _scalar(v)
    if _is_bool(v) or not isinstance(v, numbers.Integral):
        raise ValueError(f"{name}: expected a nonnegative integer, got {v!r}")
    i = int(v)
    if i < 0 or i >= 2**32:
        raise ValueError(f"{name}: expected a nonnegative integer below 2^32, got {i}")
    return i


def _is_one(v: Any) -> bool:
    """One integer (Python's, numpy's, or a 0-d array of one), not a list of them."""
    v = _scalar(v)
    return isinstance(v, numbers.Integral) and not _is_bool(v)


def _range_text(v: range) -> str:
    """A ``range`` of step 1 as the command line's inclusive range (``range(2, 9)`` is
    ``"2..=8"``; an empty one ``"1..=0"``, refused as an empty range)."""
    return f"{v.start}..={v.stop - 1}" if v.stop > v.start else "1..=0"


def _nats(name: str, v: Union[int, Iterable[int]]) -> Union[str, List[int]]:
    """One integer, a ``range``, a numpy array or any iterable of integers. A ``range`` of step
    1 goes on as the command line's text (``range(2, 9)`` is ``"2..=8"``), so that it is counted
    before a value is made and refused with the command line's words; anything else as a list,
    read no further than the range item limit (``itertools.count(1)`` is refused, not read)."""
    if isinstance(v, range) and v.step == 1 and v.start >= 0:
        return _range_text(v)
    bad = f"{name}: expected an integer, a range or a list of integers, got {v!r}"
    # Too many values: refused with the library's words, the keyword named.
    flag = name
    if _is_array(v):
        size = getattr(v, "size", None)
        if isinstance(size, int) and size > _max_items():
            raise ValueError(f"{flag}: values = {size} is above the supported {_max_items()} (in one range or list)")
    x: Any = v.tolist() if _is_array(v) else v  # type: ignore[union-attr]
    if _is_bool(x):
        raise ValueError(bad)
    if isinstance(x, numbers.Integral):
        return [_nat(name, x)]
    if isinstance(x, (str, bytes)):
        raise ValueError(bad)
    try:
        items = _bounded(flag, x)
    except TypeError:
        raise ValueError(bad) from None
    return [_nat(name, x) for x in items]


def _lengths(name: str, v: Union[int, str, Iterable[int]]) -> str:
    """A sequence length or lengths as the command line's text: one integer, a ``range`` of
    step 1 (``range(3, 6)`` is ``"3..=5"``), or the text itself (``"3..=5"``)."""
    if isinstance(v, str):
        return v
    if _is_one(v):
        return str(_nat(name, v))
    if isinstance(v, range) and v.step == 1 and v.start >= 0:
        return _range_text(v)
    raise ValueError(f"{name}: expected an integer, a range of step 1 or the text of a range, got {v!r}")


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


class Configuration:
    """The parameters of one gap configuration, read from a record: the length ``n``, the
    tolerance ``eps``, the classes ``h, u, w``, the gap ``d`` and the ``family``."""

    n: int
    eps: Fraction
    h: int
    u: int
    w: int
    d: int
    family: str

    def _read_configuration(self, d: Dict[str, Any]) -> None:
        self.n = d["n"]
        self.eps = Fraction(d["eps"])
        self.h = d["h"]
        self.u = d["u"]
        self.w = d["w"]
        self.d = d["d"]
        self.family = d["family"]


def _path(v: Optional[PathLike]) -> Optional[str]:
    """A path argument as text (``None`` stays ``None``)."""
    return None if v is None else os.fspath(v)


def _conf(
    d: Optional[int],
    h: Optional[int],
    u: Optional[int],
    w: Optional[int],
    tokens: Union[str, Sequence[str], None],
    n: int,
    eps: Rational,
    family: str,
    bound: Rational,
    task: str,
    kernel: str,
    positions: str,
    keys: str,
    at: Optional[int],
) -> str:
    """One configuration as :func:`check` and :func:`sharp` send it: JSON that the binding reads
    into the request's own configuration (rationals as text)."""
    toks: Optional[str]
    if tokens is None or isinstance(tokens, str):
        toks = tokens
    else:
        toks = ",".join(_bounded("tokens", tokens))

    def opt(name: str, v: Optional[int]) -> Optional[int]:
        return None if v is None else _nat(name, v)

    return json.dumps(
        {
            "n": _nat("n", n),
            "eps": _rational("eps", eps),
            "d": opt("d", d),
            "h": opt("h", h),
            "u": opt("u", u),
            "w": opt("w", w),
            "tokens": toks,
            "family": str(family),
            "bound": "paper" if bound == "paper" else _rational("bound", bound),
            "task": str(task),
            "kernel": str(kernel),
            "positions": str(positions),
            "keys": str(keys),
            "at": opt("at", at),
        }
    )


def _jobs(v: Optional[int]) -> Optional[int]:
    """Worker threads (``jobs``), or ``None`` for the default."""
    return None if v is None else _nat("jobs", v)
