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
    # A numpy float's text is the shortest of its own width, the one typed: float16 and float32
    # 0.1 are refused as 0.1 is, with what they are; never widened or rounded.
    with pytest.raises(ValueError) as e:
        minip.check(d=3, eps=np.float32(0.1))
    assert str(e.value) == (
        "eps: the float32 0.1 is not exactly 0.1 (it is 13421773/134217728); pass the text '0.1' or a Fraction"
    )
    with pytest.raises(ValueError) as e:
        minip.check(d=3, eps=np.float16(0.1))
    assert str(e.value) == (
        "eps: the float16 0.1 is not exactly 0.1 (it is 819/8192); pass the text '0.1' or a Fraction"
    )
    with pytest.raises(ValueError, match=r"^eps: the float32 0.1 is not exactly 0.1 "):
        minip.check(d=3, eps=np.array(0.1, dtype=np.float32))
    assert minip.check(d=3, eps=np.float16(0.5)).eps == Fraction(1, 2)
    assert minip.check(d=3, eps=np.array(0.25, dtype=np.float16)).eps == Fraction(1, 4)
    # A numpy integer wherever an integer goes: the seed too.
    assert minip.head_search(m=2, rank=1, seed=np.uint64(1)).runs == minip.head_search(m=2, rank=1).runs
    assert minip.head_search(m=2, rank=1, seed=np.array(1)).seed == 1
    assert [r.max_value for r in minip.readout(m=np.array([1, 2]), precision=True, budget=np.int32(20000))] == [1, 6]
    with pytest.raises(ValueError, match=r"^m: values = 20000 is above the supported 10000 \(in one range or list\)$"):
        minip.readout(m=np.arange(1, 20001))
    with pytest.raises(ValueError, match="expected a finite rational"):
        minip.check(d=3, eps=np.float64("nan"))
    with pytest.raises(ValueError, match=r"^d: expected a nonnegative integer, got True$"):
        minip.check(d=np.bool_(True))
    with pytest.raises(ValueError, match="expected a nonnegative integer, got 2.0"):
        minip.amplify(h=np.array([2.0, 3.0]))


def test_iterables_are_read_no_further_than_the_range_item_limit():
    import itertools

    limit = minip._minip.MAX_RANGE_ITEMS
    assert limit == 10000
    over = f"values = {limit + 1} or more is above the supported {limit} (in one range or list)"
    # An endless iterable is refused after limit + 1 items, not read until memory runs out.
    with pytest.raises(ValueError) as e:
        minip.readout(m=itertools.count(1))
    assert str(e.value) == f"m: {over}"
    with pytest.raises(ValueError) as e:
        minip.readout_multilevel(q=itertools.repeat(1))
    assert str(e.value) == f"q: {over}"
    with pytest.raises(ValueError) as e:
        minip.check(tokens=itertools.repeat("110"))
    assert str(e.value) == f"tokens: {over}"
    with pytest.raises(ValueError) as e:
        minip.verify(itertools.repeat("x.json"))
    assert str(e.value) == f"paths: {over}"
    # A sized one is refused by its length before it is read.
    with pytest.raises(ValueError) as e:
        minip.readout(m=range(0, 4 * limit, 2))
    assert str(e.value) == f"m: values = {2 * limit} is above the supported {limit} (in one range or list)"
    # The same below the Python layer: a list or generator handed to the module.
    with pytest.raises(ValueError) as e:
        minip._minip.readout(itertools.count(1), [3])
    assert str(e.value) == over
    with pytest.raises(ValueError) as e:
        minip._minip.readout(list(range(1, limit + 2)), [3])
    assert str(e.value) == f"values = {limit + 1} is above the supported {limit} (in one range or list)"
    # At the limit itself, a list is read (and refused by the command's own limit on m).
    with pytest.raises(ValueError, match="multisets of n - 1 keys is above the supported"):
        minip.readout(m=iter(range(1, limit + 1)))
    # An option a mode does not read is refused.
    with pytest.raises(ValueError, match=r"^budget: only with precision=True$"):
        minip._minip.readout([1], [3], None, False, 5)
