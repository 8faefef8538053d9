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
    "Sharp",
    "Ratio",
    "RankBound",
    "LinearBound",
    "PolyHead",
    "FrontierRow",
    "HeadReport",
    "sharp",
    "amplify",
    "rank",
    "rank_linear",
    "frontier",
    "head_verify",
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
    #: Files the certificate refers to, by name (a rank certificate's DRAT proof).
    _files: List[Tuple[str, bytes]]

    def __init__(self, text: Optional[str], files: Optional[List[Tuple[str, bytes]]] = None) -> None:
        self._text = text
        self._files = list(files or [])

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
        text = self._need()
        # Referenced files first (beside the certificate): a certificate never refers to a
        # missing file.
        for name, data in self._files:
            _minip.write_bytes(os.path.join(os.path.dirname(os.fspath(path)), name), data)
        _minip.write_text(os.fspath(path), text)

    def verify(self) -> str:
        """Checks the certificate again with the checker alone; returns what it proves, or
        raises :class:`minip.Rejected` (a ``ValueError``).

        >>> minip.check(d=3).verify()
        'holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)'
        """
        return check_certificate(self)


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
    ValueError: need ε > 0, got ε = 0
    """
    conf = _conf(d, h, u, w, tokens, n, eps, family, bound, task, kernel, positions, keys, at)
    return GapResult(json.loads(_minip.check(conf)))


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
    toks: Optional[str]
    if tokens is None or isinstance(tokens, str):
        toks = tokens
    else:
        toks = ",".join(tokens)

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


# ---------------------------------------------------------------------------------------
# The checker


class FileCheck:
    """One file checked by :func:`verify`: ``verdict`` is ``'verified'``, ``'rejected'`` (a
    failed check), ``'invalid'`` (unreadable or malformed) or ``'unchecked'`` (a VIPR file
    with no certificate beside it); ``claim`` is what a verified file proves (its one-line
    summary, with the setting), ``claim_data`` the same claim as a dict (every parameter and
    the setting as fields), ``reason`` why another was not accepted.

    >>> f = minip.verify("proofs/settle")[0]  # doctest: +SKIP
    >>> f.ok, f.claim  # doctest: +SKIP
    (True, 'broken (gap n=3 eps=1/2 h=2 u=0 w=2 paper b<=2)')
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.path: str = d["path"]
        self.verdict: str = d["verdict"]
        self.claim: Optional[str] = d.get("summary")
        self.claim_data: Optional[Dict[str, Any]] = d.get("claim")
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
    files = cert._files if isinstance(cert, Certified) else []
    return str(_minip.check_certificate(text, None if dir is None else os.fspath(dir), files))


# ---------------------------------------------------------------------------------------
# Beyond the paper: sharp constants, amplification, rank bounds, explicit heads


def _q_or_none(s: Optional[str]) -> Optional[Fraction]:
    """A rational, or ``None`` for text that is not one (``'-inf'``, ``'unknown'``)."""
    if s is None:
        return None
    try:
        return Fraction(s)
    except (ValueError, ZeroDivisionError):
        return None


class Sharp(Certified):
    """The exact best domination factor ``kstar = inf alpha(x,y)/alpha(x,z)`` over heads
    correct on the family (``minip sharp``), certified on both sides. ``relation`` compares it
    with the lemma's K: ``'sharp'`` (equal), ``'loose'`` (larger) or ``'fails'`` (smaller).

    >>> s = minip.sharp(d=3)
    >>> s.kstar, s.paper_k, s.relation
    (Fraction(2, 1), Fraction(2, 1), 'sharp')
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self.n: int = d["n"]
        self.eps: Fraction = Fraction(d["eps"])
        self.h: int = d["h"]
        self.u: int = d["u"]
        self.w: int = d["w"]
        self.d: int = d["d"]
        self.family: str = d["family"]
        #: ``kstar`` as text (``'-inf'`` when no positive factor is forced, signed kernels).
        self.kstar_text: str = d["kstar"]
        #: ``kstar``, or ``None`` when it is not a rational (``-inf``).
        self.kstar: Optional[Fraction] = _q_or_none(d["kstar"])
        self.paper_k: Fraction = Fraction(d["paper_k"])
        self.relation: str = d["relation"]
        #: Whether a head attains ``kstar`` (else it is an infimum).
        self.attained: bool = bool(d["attained"])
        self.setting: Optional[str] = d.get("setting")

    def __repr__(self) -> str:
        return f"Sharp(d={self.d}, kstar={self.kstar_text}, paper_k={self.paper_k}, relation={self.relation!r})"


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
) -> Sharp:
    """The exact best factor ``kstar`` of one configuration (``minip sharp``), with a
    two-sided certificate; the configuration as in :func:`check` (no ``bound``). Raises
    :class:`minip.Unknown` if it could not be certified.

    >>> minip.sharp(d=2).kstar
    Fraction(1, 1)
    >>> minip.sharp(d=3).verify()
    'sharp (1 configuration, n=3 eps=1/2 paper h=3 u=0 w=3: kstar = 2 certified both sides)'
    """
    conf = _conf(d, h, u, w, tokens, n, eps, family, "paper", task, kernel, positions, keys, at)
    return Sharp(json.loads(_minip.sharp(conf)))


class Ratio(Certified):
    """An exact forced kernel ratio ``R(lo, hi; h) = min alpha(x,lo)/alpha(x,hi)`` over heads
    correct on every length-n sequence (``minip amplify``), with its certificate; ``hi`` is an
    overlap as text, or ``'h+'`` for the strict supersets of the query. ``chain_bound`` is the
    paper's chained bound for comparison.

    >>> r = minip.amplify(h=3)[0]
    >>> r.ratio, r.log2_ratio > 1
    (Fraction(5, 2), True)
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self.n: int = d["n"]
        self.eps: Fraction = Fraction(d["eps"])
        self.h: int = d["h"]
        #: An overlap, or a class label beyond Min-IP (``'4+'``, ``'o4e1'``).
        self.lo: Union[int, str] = int(d["lo"]) if d["lo"].isdigit() else d["lo"]
        self.hi: str = d["hi"]
        self.superset: bool = bool(d["superset"])
        #: The setting beyond Min-IP (``'max-ip'``, ``'keys distinct'``), ``None`` for the paper's.
        self.setting: Optional[str] = d.get("setting")
        #: The bits ``m`` (task ``nearest``).
        self.m: Optional[int] = d.get("m")
        self.verdict: str = d["verdict"]
        self.ratio_text: Optional[str] = d.get("ratio")
        #: ``R``, or ``None`` when it is not a rational (unknown, empty, ``-inf``).
        self.ratio: Optional[Fraction] = _q_or_none(d.get("ratio"))
        # log2 R for plots (a float, computed here: the records carry only the exact ratio).
        self.log2_ratio: Optional[float] = (
            math.log2(self.ratio) if isinstance(self.ratio, Fraction) and self.ratio > 0 else None
        )
        self.chain_bound: Optional[Fraction] = _q_or_none(d.get("chain_bound"))
        self.reason: Optional[str] = d.get("reason")

    def __repr__(self) -> str:
        return f"Ratio(h={self.h}, lo={self.lo}, hi={self.hi!r}, ratio={self.ratio_text})"


def amplify(
    h: Union[int, Iterable[int]] = range(2, 25),
    n: int = 3,
    eps: Rational = "1/2",
    lo: Union[int, str, None] = None,
    hi: Union[int, str, None] = None,
    superset: bool = False,
    m: Optional[int] = None,
    *,
    task: str = "min-ip",
    kernel: str = "nonneg",
    positions: str = "shared",
    keys: str = "all",
    at: Optional[int] = None,
) -> List[Ratio]:
    """Exact forced ratios ``R(lo, hi; h)`` for each query weight ``h`` (``minip amplify``):
    ``hi`` is an overlap, ``'h'`` (the query itself, default) or ``'h+'`` (strict supersets:
    needs ``superset=True`` or ``m > h``), ``lo`` an overlap (default 0). Beyond the paper's
    setting, ``task``/``kernel``/``positions``/``keys``/``at`` as on the command line
    (docs/math.md §11), with each task's default classes and ``m`` the bits of ``nearest``.
    Rows come back in the order of ``h``; a row that could not be certified has
    ``verdict == 'unknown'``.

    >>> [str(r.ratio) for r in minip.amplify(h=range(1, 6))]
    ['0', '1', '5/2', '4', '11/2']
    >>> minip.amplify(h=24)[0].ratio
    Fraction(2303, 2)
    >>> minip.amplify(h=4, task="max-ip")[0].ratio_text
    'empty'
    """

    def cls(name: str, v: Union[int, str, None]) -> Optional[str]:
        return v if v is None or isinstance(v, str) else str(_nat(name, v))

    rows = json.loads(
        _minip.amplify(
            _nat("n", n),
            _rational("eps", eps),
            _nats("h", h),
            cls("lo", lo),
            cls("hi", hi),
            bool(superset),
            None if m is None else _nat("m", m),
            str(task),
            str(kernel),
            str(positions),
            str(keys),
            None if at is None else _nat("at", at),
        )
    )
    return [Ratio(r) for r in rows]


class RankBound(Certified):
    """A certified lower bound on the feature rank of every head correct on all length-n
    Min-IP sequences over ``{0,1}^m`` (``minip rank``): ``bound`` (an ``int``), the code
    behind it (``k`` pairs of weight-``h`` words, classes ``lo``, ``hi``), and whether the
    code was proved maximal (``maximal``: the pair count refuted, with a DRAT proof).

    >>> b = minip.rank(m=8)
    >>> b.bound, b.maximal, b.verify().startswith("rank >= 2")
    (2, 3, True)
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        proof = d.get("proof")
        super().__init__(d.get("certificate"), [(proof["name"], bytes(proof["bytes"]))] if proof else [])
        self.m: int = d["m"]
        self.reason: Optional[str] = d.get("reason")
        self.n: int = d.get("n", 0)
        self.eps: Optional[Fraction] = _q_or_none(d.get("eps"))
        self.bound: Optional[int] = d.get("bound")
        self.strict: bool = bool(d.get("strict", False))
        self.k: Optional[int] = d.get("k")
        self.h: Optional[int] = d.get("h")
        self.lo: Optional[int] = d.get("lo")
        self.hi: Optional[int] = d.get("hi")
        self.delta: Optional[Fraction] = _q_or_none(d.get("delta"))
        #: ``k^2/(k + sum R^-2)``: the bound is ``floor(value) + 1``.
        self.value: Optional[Fraction] = _q_or_none(d.get("value"))
        self.construction: Optional[str] = d.get("construction")
        #: The refuted pair count when the code was proved maximal.
        self.maximal: Optional[int] = d.get("maximal")

    def __repr__(self) -> str:
        return f"RankBound(m={self.m}, bound={self.bound}, k={self.k}, construction={self.construction!r})"


@overload
def rank(
    m: int, n: int = ..., eps: Rational = ..., h_max: int = ..., sat_budget: int = ...,
    sat_m_max: int = ..., uniform: bool = ...,
) -> RankBound: ...
@overload
def rank(
    m: Iterable[int], n: int = ..., eps: Rational = ..., h_max: int = ..., sat_budget: int = ...,
    sat_m_max: int = ..., uniform: bool = ...,
) -> List[RankBound]: ...


def rank(
    m: Union[int, Iterable[int]],
    n: int = 3,
    eps: Rational = "1/2",
    h_max: int = 16,
    sat_budget: int = 200_000,
    sat_m_max: int = 12,
    uniform: bool = False,
) -> Union[RankBound, List[RankBound]]:
    """Certified feature-rank lower bounds (``minip rank``) for one ``m`` (a
    :class:`RankBound`; raises :class:`minip.Unknown` if none was certified) or several (a
    list; an uncertified ``m`` has ``bound is None`` and a ``reason``). ``sat_budget``:
    clauses the SAT search may add to its proof per ``m`` (about one per conflict; a count,
    not seconds, so the answer does not depend on the machine's load; only for
    ``m <= sat_m_max``; 0: constructions only).

    >>> minip.rank(m=24, h_max=12, sat_budget=0).bound  # about a minute  # doctest: +SKIP
    21
    >>> [b.bound for b in minip.rank(m=range(4, 9))]
    [2, 2, 2, 2, 2]
    """
    single = isinstance(m, int) and not isinstance(m, bool)
    budget = _nat("sat_budget", sat_budget)
    rows = [
        RankBound(r)
        for r in json.loads(
            _minip.rank(
                _nats("m", m), _nat("n", n), _rational("eps", eps), _nat("h_max", h_max), budget,
                _nat("sat_m_max", sat_m_max), bool(uniform),
            )
        )
    ]
    if single:
        if rows[0].bound is None:
            raise Unknown(f"unknown: {rows[0].reason}")
        return rows[0]
    return rows


class LinearBound(Certified):
    """A certified rank lower bound from a direct sum of linear codes (``minip rank
    --linear``), for even ``m`` up to 256 at ``eps = 1/2``; ``bound`` and ``k`` are Python
    ``int`` (they outgrow 64 bits).

    >>> b = minip.rank_linear(m=64)  # doctest: +SKIP
    >>> b.bound, b.construction  # doctest: +SKIP
    (3664, 'eham16^4')
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self.m: int = d["m"]
        self.n: int = d["n"]
        self.reason: Optional[str] = d.get("reason")
        self.bound: Optional[int] = int(d["bound"]) if "bound" in d else None
        self.k: Optional[int] = int(d["k"]) if "k" in d else None
        self.h: Optional[int] = d.get("h")
        self.strict: bool = bool(d.get("strict", False))
        self.value: Optional[Fraction] = _q_or_none(d.get("value"))
        self.construction: Optional[str] = d.get("construction")

    def __repr__(self) -> str:
        return f"LinearBound(m={self.m}, n={self.n}, bound={self.bound}, construction={self.construction!r})"


@overload
def rank_linear(m: int, n: int = ...) -> LinearBound: ...
@overload
def rank_linear(m: Iterable[int], n: Union[int, Iterable[int]] = ...) -> List[LinearBound]: ...
@overload
def rank_linear(m: int, n: Iterable[int]) -> List[LinearBound]: ...


def rank_linear(
    m: Union[int, Iterable[int]], n: Union[int, Iterable[int]] = 3
) -> Union[LinearBound, List[LinearBound]]:
    """Certified rank lower bounds from linear codes (``minip rank --linear``): even ``m`` in
    ``8..=256`` or 512, 1024, ``n`` in ``3..=1024``, ``eps = 1/2``. One ``m`` and one ``n``: a
    :class:`LinearBound` (or :class:`minip.Unknown`); otherwise a list sorted by ``m``, then ``n``.

    >>> minip.rank_linear(m=256).bound  # under a minute  # doctest: +SKIP
    211499940177613
    """
    single = isinstance(m, int) and isinstance(n, int)
    rows = [LinearBound(r) for r in json.loads(_minip.rank_linear(_nats("m", m), _nats("n", n)))]
    if single:
        if rows[0].bound is None:
            raise Unknown(f"unknown: {rows[0].reason}")
        return rows[0]
    return rows


class PolyHead(Certified):
    """A certified upper bound on the feature rank (a column of ``minip frontier``): an
    overlap-polynomial head correct on every length-3 sequence, of exact ``rank``, with the
    smallest ``degree`` (smaller degrees refuted: ``refutation``).

    >>> row = minip.frontier(m=4)[0]
    >>> row.upper["shared"].rank >= row.upper["per_weight"].rank
    True
    """

    def __init__(self, kind: str, d: Dict[str, Any]) -> None:
        super().__init__(d["certificate"])
        self.kind: str = kind
        self.rank: int = int(d["rank"])
        self.degree: int = d["degree"]
        self.degrees: List[Optional[int]] = list(d["degrees"])
        self.max_error: Fraction = Fraction(d["max_error"])
        self.refutation: Optional[str] = d.get("refutation")
        self.support: Optional[List[int]] = d.get("support")

    def __repr__(self) -> str:
        return f"PolyHead(kind={self.kind!r}, rank={self.rank}, degree={self.degree})"


class FrontierRow:
    """One ``m`` of the rank frontier: ``lower`` (a certified lower bound read from the
    rank certificates, when a directory was given; ``lower_from_m`` is the ``m`` of the
    certificate it comes from), ``upper`` (certified heads by kernel class), ``best_upper``.

    >>> r = minip.frontier(m=6)[0]
    >>> r.m, r.best_upper is not None
    (6, True)
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m: int = d["m"]
        self.complete: bool = bool(d["complete"])
        lo = d.get("lower")
        self.lower: Optional[int] = lo["bound"] if lo else None
        self.lower_from_m: Optional[int] = lo["from_m"] if lo else None
        lol = d.get("lower_linear")
        self.lower_linear: Optional[int] = lol["bound"] if lol else None
        self.upper: Dict[str, PolyHead] = {}
        #: Columns asked for that could not be certified (or were not run), with the reason.
        self.unknown: Dict[str, str] = {}
        for kind in ("per_weight", "shared", "sparse", "signed"):
            c = d.get(kind)
            if c is None:
                continue
            if "reason" in c:
                self.unknown[kind] = c["reason"]
            else:
                self.upper[kind] = PolyHead(kind, c)
        best = d.get("best_upper")
        self.best_upper: Optional[int] = int(best["rank"]) if best else None
        self.best_class: Optional[str] = best["class"] if best else None

    def __repr__(self) -> str:
        return f"FrontierRow(m={self.m}, lower={self.lower}, best_upper={self.best_upper}, classes={sorted(self.upper)})"


def frontier(
    m: Union[int, Iterable[int]] = range(4, 17, 2),
    kernel: str = "per_weight,shared,signed",
    shared_m_max: int = 32,
    sparse_m_max: int = 24,
    sparse_attempts: int = 80,
    rank_dir: Optional[PathLike] = None,
    rank_linear_dir: Optional[PathLike] = None,
) -> List[FrontierRow]:
    """The rank frontier (``minip frontier``): per ``m``, certified upper bounds from
    overlap-polynomial heads (``kernel``: ``per_weight``, ``shared``, ``sparse``, ``signed``
    or ``all``, comma-separated) and, when ``rank_dir`` (``minip-rank/2`` certificates, e.g.
    ``proofs/rank``) or ``rank_linear_dir`` is given, the certified lower bounds, checked
    when read.

    >>> [r.best_upper for r in minip.frontier(m=[4, 6])]
    [5, 8]
    """
    rows = json.loads(
        _minip.frontier(
            _nats("m", m),
            str(kernel),
            _nat("shared_m_max", shared_m_max),
            _nat("sparse_m_max", sparse_m_max),
            _nat("sparse_attempts", sparse_attempts),
            None if rank_dir is None else os.fspath(rank_dir),
            None if rank_linear_dir is None else os.fspath(rank_linear_dir),
        )
    )
    return [FrontierRow(r) for r in rows]


def _witness(w: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    if w is None:
        return None
    out = dict(w)
    out["output"] = Fraction(w["output"])
    out["error"] = Fraction(w["error"])
    return out


class HeadReport:
    """An explicit head checked exactly on every sequence of lengths ``1..=length`` over
    ``{0,1}^m`` (``minip head verify``): ``correct`` (every error below ``eps``),
    ``max_error``, and the witnesses ``worst`` and ``first_failure`` (dicts with ``tokens``,
    ``target``, ``output`` and ``error``; rationals as ``Fraction``).

    >>> r = minip.head_verify("exact", m=3, length=3)
    >>> r.correct, r.max_error < r.eps
    (True, True)
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        self.head: str = d["head"]
        self.m: int = d["m"]
        self.rank: int = d["rank"]
        self.length: int = d["len"]
        self.eps: Fraction = Fraction(d["eps"])
        self.symmetry: str = d["symmetry"]
        self.evaluations: int = d["evaluations"]
        self.max_error: Fraction = Fraction(d["max_error"])
        self.correct: bool = bool(d["correct"])
        self.worst: Optional[Dict[str, Any]] = _witness(d.get("worst"))
        self.first_failure: Optional[Dict[str, Any]] = _witness(d.get("first_failure"))
        self.lengths: List[Dict[str, Any]] = [
            dict(x, max_error=Fraction(x["max_error"])) for x in d["lengths"]
        ]

    def __repr__(self) -> str:
        return (
            f"HeadReport(head={self.head!r}, m={self.m}, length={self.length}, correct={self.correct}, "
            f"max_error={self.max_error!r})"
        )


def head_verify(
    head: str,
    m: Optional[int] = None,
    length: int = 3,
    eps: Rational = "1/2",
    base: Optional[Rational] = None,
    symmetry: bool = True,
) -> HeadReport:
    """Checks an explicit head exactly and exhaustively (``minip head verify``): ``head`` is a
    built-in (``rank1``, ``softmax``, ``exact``) or the path of a head file
    (docs/heads.md); ``m`` may be omitted when the file fixes it; ``base`` for ``softmax``
    (default 6) and ``exact`` (default ``max(2, length)``).

    >>> minip.head_verify("softmax", m=4, length=3).correct
    True
    >>> minip.head_verify("exact", m=3, length=3, base=2).correct
    False
    """
    return HeadReport(
        json.loads(
            _minip.head_verify(
                str(head),
                None if m is None else _nat("m", m),
                _nat("length", length),
                _rational("eps", eps),
                None if base is None else _rational("base", base),
                bool(symmetry),
            )
        )
    )
