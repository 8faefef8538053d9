"""Numbers in: numpy scalars and arrays, Decimal, Fraction, int, text and exact floats are taken
exactly; anything else is a ValueError that says what was expected."""

import math
import numbers
from decimal import Decimal
from fractions import Fraction

import pytest

import minip
from minip._convert import _nat, _nats, _rational


def test_decimal_fraction_int_text_and_exact_floats_are_exact():
    assert _rational("eps", Decimal("0.1")) == "1/10"
    assert _rational("eps", Decimal("-2.50")) == "-5/2"
    assert _rational("eps", Fraction(3, 8)) == "3/8"
    assert _rational("eps", 7) == "7"
    assert _rational("eps", "0.375") == "0.375"
    assert _rational("eps", 0.5) == "1/2"
    assert minip.check(d=3, eps=Decimal("0.5")).eps == Fraction(1, 2)
    assert minip.check(d=3, eps=Decimal("0.25")).kprime == Fraction(5)


@pytest.mark.parametrize(
    "bad,words",
    [
        (0.1, "eps: the float 0.1 is not exactly 0.1 (it is 3602879701896397/36028797018963968); pass the text '0.1' or a Fraction"),
        (math.inf, "eps: expected a finite rational, got inf"),
        (math.nan, "eps: expected a finite rational, got nan"),
        (Decimal("NaN"), "eps: expected a finite rational, got Decimal('NaN')"),
        (Decimal("Infinity"), "eps: expected a finite rational, got Decimal('Infinity')"),
        (True, "eps: expected a rational, got True"),
        ([1, 2], "eps: expected a rational (a Fraction, int, Decimal, str, or a float that is exactly its decimal text), got list [1, 2]"),
        (1j, "eps: expected a rational (a Fraction, int, Decimal, str, or a float that is exactly its decimal text), got complex 1j"),
    ],
)
def test_other_values_are_a_value_error_that_says_why(bad, words):
    with pytest.raises(ValueError) as e:
        minip.check(d=3, eps=bad)
    assert str(e.value) == words


class Scalar:
    """A numpy-like 0-d value without numpy: ``__array__``, ``ndim == 0``, ``tolist``."""

    ndim = 0

    def __init__(self, v):
        self.v = v

    def __array__(self):  # pragma: no cover - never called: the duck type is enough
        raise AssertionError("not needed")

    def tolist(self):
        return self.v


class Array(Scalar):
    """A numpy-like one-dimensional array without numpy."""

    ndim = 1


def test_numpy_like_values_without_numpy():
    assert _rational("eps", Scalar(0.5)) == "1/2"
    assert _rational("eps", Scalar(3)) == "3"
    assert _nat("d", Scalar(3)) == 3
    assert _nats("h", Array([2, 3, 4])) == [2, 3, 4]
    assert _nats("h", Scalar(5)) == [5]
    assert [r.ratio for r in minip.amplify(h=Array([2, 3, 4]))] == [1, Fraction(5, 2), 4]
    # One m given as a 0-d value: one bound, not a list.
    assert isinstance(minip.rank(m=Scalar(8)), minip.RankBound)
    with pytest.raises(ValueError, match=r"^h: expected a nonnegative integer, got \[2\]$"):
        _nats("h", Array([[2]]))
    with pytest.raises(ValueError, match="the float 0.1 is not exactly"):
        _rational("eps", Scalar(0.1))


def test_other_integral_types_are_integers():
    class Small(numbers.Integral):
        # A registered Integral that is not an int (as numpy's integers are).
        def __init__(self, v):
            self.v = v

        def __int__(self):
            return self.v

        def __index__(self):
            return self.v

        def __repr__(self):
            return f"Small({self.v})"

        __abs__ = __add__ = __and__ = __ceil__ = __eq__ = __floor__ = __floordiv__ = __invert__ = None
        __le__ = __lshift__ = __lt__ = __mod__ = __mul__ = __neg__ = __or__ = __pos__ = __pow__ = None
        __radd__ = __rand__ = __rfloordiv__ = __rlshift__ = __rmod__ = __rmul__ = __ror__ = None
        __round__ = __rpow__ = __rrshift__ = __rshift__ = __rtruediv__ = __rxor__ = __truediv__ = None
        __trunc__ = __xor__ = None

    assert _nat("d", Small(3)) == 3
    assert _rational("eps", Small(2)) == "2"
    with pytest.raises(ValueError, match="below 2"):
        _nat("d", Small(-1))


def test_numpy_scalars_and_arrays():
    np = pytest.importorskip("numpy")
    assert [r.ratio for r in minip.amplify(h=np.arange(2, 5))] == [1, Fraction(5, 2), 4]
    r = minip.check(d=np.int64(3), eps=np.float64(0.5))
    assert (r.d, r.eps, r.verdict) == (3, Fraction(1, 2), "holds")
    assert minip.check(d=3, eps=np.float32(0.25)).eps == Fraction(1, 4)
    assert minip.check(d=3, eps=np.int8(1)).eps == 1
    b = minip.rank(m=np.uint16(8))
    assert isinstance(b, minip.RankBound) and b.bound == 2
    assert [b.bound for b in minip.rank(m=np.array([4, 8]))] == [2, 2]
    assert [r.d for r in minip.settle(d=np.array([2, 3]))] == [2, 2, 3, 3]
    with pytest.raises(ValueError, match=r"^eps: the float 0.1 is not exactly 0.1 "):
        minip.check(d=3, eps=np.float64(0.1))
    with pytest.raises(ValueError, match="the float 0.10000000149011612 is not exactly"):
        minip.check(d=3, eps=np.float32(0.1))
    with pytest.raises(ValueError, match="expected a finite rational"):
        minip.check(d=3, eps=np.float64("nan"))
    with pytest.raises(ValueError, match=r"^d: expected a nonnegative integer, got True$"):
        minip.check(d=np.bool_(True))
    with pytest.raises(ValueError, match="expected a nonnegative integer, got 2.0"):
        minip.amplify(h=np.array([2.0, 3.0]))
