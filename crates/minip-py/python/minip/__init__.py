"""minip from Python: exact, certificate-checked claims behind the three-token lower bound
for nonnegative kernel attention.

Every verdict is exact: the solver's floating-point answer is only a hint, and nothing is
returned unless an exact rational certificate passed minip's checker. Rationals come back as
:class:`fractions.Fraction` (inputs: ``Fraction``, ``int``, text such as ``"3/8"`` or
``"0.375"``, or a ``float`` whose value is exactly its decimal text, such as ``0.5``); rank
bounds come back as Python ``int``.

>>> import minip
>>> r = minip.check(d=3)
>>> r.verdict, r.kprime
('holds', Fraction(2, 1))
>>> r.verify()
'holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)'

Errors are exceptions with the command line's one-line messages: ``ValueError`` for bad
input, :class:`minip.Unknown` when nothing could be certified, :class:`minip.Rejected` (a
``ValueError``) for a certificate that does not check, ``OSError`` for files. The work runs
with the GIL released, and Ctrl-C (``KeyboardInterrupt``) stops a long call.
"""

from __future__ import annotations

import json
import math
import os
from fractions import Fraction
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union, overload

from . import _minip
from ._minip import Rejected, Unknown, __version__

__all__ = [
    "Rational",
    "Unknown",
    "Rejected",
    "Certified",
    "GapResult",
    "Head",
    "Settlement",
    "FileCheck",
    "Verification",
    "settle",
    "check",
    "verify",
    "check_certificate",
    "__version__",
]

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


def _nats(name: str, v: Union[int, Iterable[int]]) -> List[int]:
    """One integer, a ``range`` or any iterable of integers."""
    if isinstance(v, int) and not isinstance(v, bool):
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


class Certified:
    """Something minip certified, with its certificate file.

    ``to_json()`` is the file's exact text (what ``minip ... --out`` writes), ``write(path)``
    writes it atomically, ``certificate`` is the parsed file, and ``verify()`` checks it
    again with the checker alone (no solver) and returns what it proves.

    >>> r = minip.check(d=2, bound=2)
    >>> r.verify()
    'broken (gap n=3 eps=1/2 h=2 u=0 w=2 paper b<=2)'
    """

    _text: Optional[str]

    def __init__(self, text: Optional[str]) -> None:
        self._text = text

    @property
    def certified(self) -> bool:
        """Whether there is a certificate (``False`` only for an ``unknown`` row of a batch)."""
        return self._text is not None

    def _need(self) -> str:
        if self._text is None:
            raise Unknown("unknown: nothing was certified, so there is no certificate")
        return self._text

    @property
    def certificate(self) -> Dict[str, Any]:
        """The certificate as a dict (the JSON file, parsed; rationals are strings in it)."""
        return dict(json.loads(self._need()))

    def to_json(self) -> str:
        """The certificate file's text, byte for byte what the command line writes.

        >>> json.loads(minip.check(d=3).to_json())["format"]
        'minip-gap/1'
        """
        return self._need()

    def write(self, path: PathLike) -> None:
        """Writes the certificate file atomically (a temporary file, then a rename).

        >>> minip.check(d=3).write("d3.json")  # doctest: +SKIP
        >>> minip.verify("d3.json")[0].verdict  # doctest: +SKIP
        'verified'
        """
        _minip.write_text(os.fspath(path), self._need())

    def verify(self) -> str:
        """Checks the certificate again with the checker alone; returns what it proves, or
        raises :class:`minip.Rejected` (a ``ValueError``).

        >>> minip.check(d=3).verify()
        'holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)'
        """
        return check_certificate(self._need())


class Head:
    """A head that answers every sequence of the family correctly (the certificate of a
    ``broken`` verdict): its kernel table ``alpha`` and values ``s`` over the tokens
    ``{x, y, z}`` (or per slot for position-dependent maps) and each sequence's exact output.

    >>> h = minip.check(d=2, bound=2).head
    >>> h.alpha["y"] <= 2 * h.alpha["z"]
    True
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.alpha: Union[Dict[str, Fraction], List[Fraction]] = _table(d["alpha"])
        self.s: Union[Dict[str, Fraction], List[Fraction]] = _table(d["s"])
        self.outputs: Dict[str, Fraction] = {o["sequence"]: Fraction(o["yhat"]) for o in d["outputs"]}

    def __repr__(self) -> str:
        return f"Head(alpha={self.alpha!r}, s={self.s!r}, outputs={self.outputs!r})"


class GapResult(Certified):
    """The answer to one gap question (``minip check``): is there a head correct on the
    family with ``alpha(x,y) <= K'*alpha(x,z)``? ``verdict`` is ``'holds'`` (no such head:
    ``multipliers`` is the exact Farkas certificate), ``'broken'`` (a head: ``head``), or in a
    batch ``'unknown'`` (``reason``; ``check`` raises :class:`minip.Unknown` instead).

    >>> r = minip.check(h=4, u=1, w=3)
    >>> r.verdict, r.d, r.kprime
    ('holds', 2, Fraction(1, 1))
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self.verdict: str = d["verdict"]
        self.n: int = d["n"]
        self.eps: Fraction = Fraction(d["eps"])
        self.h: int = d["h"]
        self.u: int = d["u"]
        self.w: int = d["w"]
        self.d: int = d["d"]
        self.family: str = d["family"]
        #: ``'paper'`` (the lemma's K) or the rational factor asked for, as text.
        self.bound: str = d["bound"]
        self.kprime: Fraction = Fraction(d["kprime"])
        self.paper_k: Fraction = Fraction(d["paper_k"])
        self.setting: Optional[str] = d.get("setting")
        self.reason: Optional[str] = d.get("reason")
        self._describe: Optional[str] = d.get("text")
        cert = json.loads(self._text) if self._text is not None else {}
        toks = cert.get("tokens")
        self.tokens: Optional[Tuple[str, str, str]] = (toks["x"], toks["y"], toks["z"]) if toks else None
        farkas = cert.get("farkas")
        #: Farkas multipliers by row name (nonzero ones), for ``holds``.
        self.multipliers: Optional[Dict[str, Fraction]] = (
            {r["name"]: Fraction(r["multiplier"]) for r in farkas["rows"]} if farkas else None
        )
        self.head: Optional[Head] = Head(cert["head"]) if cert.get("head") else None

    @property
    def holds(self) -> bool:
        """``True`` for ``holds`` (no correct head meets the bound)."""
        return self.verdict == "holds"

    def __str__(self) -> str:
        if self._describe is not None:
            return self._describe
        return f"verdict  {self.verdict}\nreason   {self.reason}\n"

    def __repr__(self) -> str:
        return (
            f"GapResult(verdict={self.verdict!r}, n={self.n}, eps={self.eps!r}, h={self.h}, u={self.u}, "
            f"w={self.w}, family={self.family!r}, kprime={self.kprime!r})"
        )


class Settlement:
    """The review's check (``minip settle``): for each gap ``d`` the literal bound
    ``b <= 2c`` and the lemma's ``b <= K*c``, each settled with a certificate. ``str()`` is
    the command line's output; ``rows`` are :class:`GapResult` objects (with certificates).

    >>> s = minip.settle(d=range(2, 4))
    >>> [(r.d, r.bound, r.verdict) for r in s]
    [(2, '2', 'broken'), (2, 'paper', 'holds'), (3, '2', 'holds'), (3, 'paper', 'holds')]
    >>> s.lemma_holds
    True
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[GapResult] = [GapResult(r) for r in d["rows"]]
        self.text: str = d["text"]
        self.conclusion: List[str] = list(d["conclusion"])
        self._exit = int(d["exit_code"])

    @property
    def lemma_holds(self) -> bool:
        """Every row with the lemma's own bound holds (the command line's exit status 0)."""
        return self._exit == 0

    def __iter__(self) -> Iterator[GapResult]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i: int) -> GapResult:
        return self.rows[i]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Settlement: {len(self.rows)} rows, lemma {'holds' if self.lemma_holds else 'not settled'}>"


# ---------------------------------------------------------------------------------------
# Settle and check


def settle(
    n: int = 3,
    eps: Rational = "1/2",
    d: Union[int, Iterable[int]] = range(2, 9),
    family: str = "paper",
    literal: Rational = 2,
) -> Settlement:
    """The review's "what would settle it" check (``minip settle``): for each gap ``d``, is
    there a head correct on S1, S2, S3 with ``b <= literal*c``, and one with the lemma's
    ``b <= K*c``? ``print()`` shows the command line's table and conclusion.

    >>> s = minip.settle()
    >>> s.lemma_holds, len(s)
    (True, 14)
    >>> s[0].d, s[0].verdict, s[0].head is not None
    (2, 'broken', True)
    """
    return Settlement(
        json.loads(
            _minip.settle(
                _nat("n", n), _rational("eps", eps), _nats("d", d), str(family), _rational("literal", literal)
            )
        )
    )


def check(
    d: Optional[int] = None,
    *,
    h: Optional[int] = None,
    u: Optional[int] = None,
    w: Optional[int] = None,
    tokens: Union[str, Sequence[str], None] = None,
    n: int = 3,
    eps: Rational = "1/2",
    family: str = "paper",
    bound: Rational = "paper",
    task: str = "min-ip",
    kernel: str = "nonneg",
    positions: str = "shared",
    keys: str = "all",
    at: Optional[int] = None,
) -> GapResult:
    """Settles one configuration (``minip check``): the gap ``d`` alone, the classes
    ``h, u, w``, or real ``tokens`` x, y, z (bit strings); ``bound`` is ``'paper'`` (the
    lemma's K) or a rational ``K'``; ``task``/``kernel``/``positions``/``keys``/``at`` as on
    the command line (docs/math.md §11). Raises :class:`minip.Unknown` if nothing could be
    certified, ``ValueError`` on bad input.

    >>> r = minip.check(d=3)
    >>> r.verdict, r.kprime, len(r.multipliers) > 0
    ('holds', Fraction(2, 1), True)
    >>> minip.check(tokens=("110", "000", "111"), bound="2").verdict
    'broken'
    >>> minip.check(d=3, eps="0")
    Traceback (most recent call last):
    ...
    ValueError: need eps > 0, got 0
    """
    toks: Optional[str]
    if tokens is None or isinstance(tokens, str):
        toks = tokens
    else:
        toks = ",".join(tokens)
    return GapResult(
        json.loads(
            _minip.check(
                _nat("n", n),
                _rational("eps", eps),
                None if d is None else _nat("d", d),
                None if h is None else _nat("h", h),
                None if u is None else _nat("u", u),
                None if w is None else _nat("w", w),
                toks,
                str(family),
                "paper" if bound == "paper" else _rational("bound", bound),
                str(task),
                str(kernel),
                str(positions),
                str(keys),
                None if at is None else _nat("at", at),
            )
        )
    )


# ---------------------------------------------------------------------------------------
# The checker


class FileCheck:
    """One file checked by :func:`verify`: ``verdict`` is ``'verified'``, ``'rejected'`` (a
    failed check), ``'invalid'`` (unreadable or malformed) or ``'unchecked'`` (a VIPR file
    with no certificate beside it); ``claim`` is what a verified file proves, ``reason`` why
    another was not accepted.

    >>> f = minip.verify("proofs/settle")[0]  # doctest: +SKIP
    >>> f.ok, f.claim  # doctest: +SKIP
    (True, 'broken (gap n=3 eps=1/2 h=2 u=0 w=2 paper b<=2)')
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.path: str = d["path"]
        self.verdict: str = d["verdict"]
        self.claim: Optional[str] = d.get("claim")
        self.reason: Optional[str] = d.get("reason")

    @property
    def ok(self) -> bool:
        """The file was checked and accepted."""
        return self.verdict == "verified"

    def __repr__(self) -> str:
        return f"FileCheck(path={self.path!r}, verdict={self.verdict!r}, claim={self.claim!r}, reason={self.reason!r})"


class Verification(List[FileCheck]):
    """The files checked by :func:`verify`, in a fixed order (a list of :class:`FileCheck`).

    >>> v = minip.verify("proofs/settle")  # doctest: +SKIP
    >>> v.ok, v.counts()["verified"]  # doctest: +SKIP
    (True, 14)
    """

    @property
    def ok(self) -> bool:
        """Every certificate was verified (VIPR files without a certificate may be unchecked)."""
        return all(f.verdict in ("verified", "unchecked") for f in self)

    def counts(self) -> Dict[str, int]:
        """How many files per verdict."""
        c = {"verified": 0, "rejected": 0, "invalid": 0, "unchecked": 0}
        for f in self:
            c[f.verdict] = c.get(f.verdict, 0) + 1
        return c

    def __str__(self) -> str:
        c = self.counts()
        return (
            f"{len(self)} files: {c['verified']} verified, {c['rejected']} failed, "
            f"{c['invalid']} invalid, {c['unchecked']} unchecked"
        )


def verify(paths: Union[PathLike, Iterable[PathLike]]) -> Verification:
    """Checks certificate files with the checker alone (``minip verify``): files, or
    directories searched recursively for ``*.json`` (and ``*.vipr``, matched to the
    certificate beside them). Every file gets a :class:`FileCheck`; nothing raises for a
    rejected file (look at ``.ok``). Raises ``OSError`` for a path that does not exist.

    >>> v = minip.verify(["proofs/settle", "proofs/amplify"])  # doctest: +SKIP
    >>> v.ok  # doctest: +SKIP
    True
    """
    if isinstance(paths, (str, os.PathLike)):
        items = [os.fspath(paths)]
    else:
        items = [os.fspath(p) for p in paths]
    return Verification(FileCheck(d) for d in json.loads(_minip.verify(items)))


@overload
def check_certificate(cert: str, *, dir: Optional[PathLike] = None) -> str: ...
@overload
def check_certificate(cert: Dict[str, Any], *, dir: Optional[PathLike] = None) -> str: ...
@overload
def check_certificate(cert: Certified, *, dir: Optional[PathLike] = None) -> str: ...


def check_certificate(
    cert: Union[str, Dict[str, Any], Certified], *, dir: Optional[PathLike] = None
) -> str:
    """Checks one certificate (JSON text, a dict, or a result object) with the checker
    alone and returns what it proves; raises :class:`minip.Rejected` (a ``ValueError``) if it
    does not check, ``ValueError`` if it is malformed. Files it refers to (a rank
    certificate's DRAT proof) are looked up in ``dir``.

    >>> c = minip.check(d=3).certificate
    >>> minip.check_certificate(c)
    'holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)'
    >>> c["params"]["eps"] = "1/3"
    >>> minip.check_certificate(c)
    Traceback (most recent call last):
    ...
    minip.Rejected: ...
    """
    if isinstance(cert, Certified):
        text = cert.to_json()
    elif isinstance(cert, dict):
        text = json.dumps(cert)
    elif isinstance(cert, str):
        text = cert
    else:
        raise TypeError(f"cert: expected JSON text, a dict or a result object, got {type(cert).__name__}")
    return str(_minip.check_certificate(text, None if dir is None else os.fspath(dir)))
