"""The gap commands: ``settle``, ``check``, ``verify``, ``check_certificate``."""

from __future__ import annotations

import json
import math
import os
from fractions import Fraction
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union, overload

from . import _minip
from ._minip import Unknown
from ._convert import Configuration, PathLike, Rational, _bounded, _nat, _nats, _q, _rational, _table
from ._progress import Progress, reporting
from ._tables import Rows, Table

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
        self._files = _bounded("files", files or [])

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


class GapResult(Certified, Configuration):
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
        self._read_configuration(d)
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


class Settlement(Table, Rows[GapResult]):
    """The review's check (``minip settle``): for each gap ``d`` the literal bound
    ``b <= 2c`` and the lemma's ``b <= K*c``, each settled with a certificate. ``str()`` is
    the command line's output; ``rows`` are :class:`GapResult` objects (with certificates);
    ``to_pandas()`` and Jupyter's HTML table show one line per row.

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

    def __repr__(self) -> str:
        return f"<Settlement: {len(self.rows)} rows, lemma {'holds' if self.lemma_holds else 'not settled'}>"

    columns = ("d", "n", "eps", "h", "u", "w", "family", "bound", "kprime", "paper_k", "verdict", "reason")
    dtypes = ("Int64",) * 2 + ("object",) + ("Int64",) * 3 + ("string",) * 2 + ("object",) * 2 + ("string",) * 2

    def _table_rows(self) -> List[Tuple[Any, ...]]:
        return [
            (r.d, r.n, r.eps, r.h, r.u, r.w, r.family, r.bound, r.kprime, r.paper_k, r.verdict, r.reason)
            for r in self.rows
        ]

    def _summary(self) -> str:
        holds = sum(1 for r in self.rows if r.verdict == "holds")
        broken = sum(1 for r in self.rows if r.verdict == "broken")
        lemma = "holds" if self.lemma_holds else "not settled"
        return (
            f"{len(self.rows)} rows: {holds} holds, {broken} broken, {len(self.rows) - holds - broken} unknown; "
            f"lemma {lemma}"
        )


# ---------------------------------------------------------------------------------------
# Settle and check


def settle(
    n: int = 3,
    eps: Rational = "1/2",
    d: Union[int, Iterable[int]] = range(2, 9),
    family: str = "paper",
    literal: Rational = 2,
    *,
    progress: Progress = False,
    out: Optional[PathLike] = None,
) -> Settlement:
    """Lemma 3 at each gap (``minip settle``): for each gap ``d``, is there a head correct on
    S1, S2, S3 with ``b <= literal*c``, and one with the lemma's ``b <= K*c``? ``print()`` shows
    the command line's table and conclusion. ``out``: a directory the certificates are written
    to, as ``minip settle --out DIR`` writes them (a directory that already holds files is a
    ``UserWarning``). ``progress``: ``True`` shows a bar, a callable is called as
    ``(done, total, label)``.

    >>> s = minip.settle()
    >>> s.lemma_holds, len(s)
    (True, 14)
    >>> s[0].d, s[0].verdict, s[0].head is not None
    (2, 'broken', True)
    """
    with reporting(progress):
        text = _minip.settle(
            _nat("n", n), _rational("eps", eps), _nats("d", d), str(family), _rational("literal", literal),
            None if out is None else os.fspath(out),
        )
    return Settlement(json.loads(text))


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
    cert: Optional[PathLike] = None,
    vipr: Optional[PathLike] = None,
) -> GapResult:
    """Settles one configuration (``minip check``): the gap ``d`` alone, the classes
    ``h, u, w``, or real ``tokens`` x, y, z (bit strings); ``bound`` is ``'paper'`` (the
    lemma's K) or a rational ``K'``; ``task``/``kernel``/``positions``/``keys``/``at`` as on
    the command line (docs/math.md §11). ``cert``: write the certificate to this file (as
    ``--cert``); ``vipr``: write a VIPR 1.0 file for a ``holds`` verdict (as ``--vipr``; for
    ``broken`` a ``UserWarning`` says why none was written). Raises :class:`minip.Unknown` if
    nothing could be certified, ``ValueError`` on bad input.

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
    return GapResult(json.loads(_minip.check(conf, _path(cert), _path(vipr))))


def _path(v: Optional[PathLike]) -> Optional[str]:
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
    toks: Optional[str]
    if tokens is None or isinstance(tokens, str):
        toks = tokens
    else:
        toks = ",".join(_bounded("--tokens", tokens))

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
    failed check), ``'invalid'`` (unreadable or malformed), ``'unchecked'`` (a VIPR file
    with no certificate beside it) or ``'skipped'`` (a directory entry that is not read: a
    FIFO, a device, a symbolic link not followed); ``claim`` is what a verified file proves
    (its one-line summary, with the setting), ``claim_data`` the same claim as a dict (every parameter and
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


class Verification(Table, List[FileCheck]):
    """The files checked by :func:`verify`, in a fixed order (a list of :class:`FileCheck`);
    its repr counts them, ``to_pandas()`` and Jupyter's HTML table show one line per file.

    >>> v = minip.verify("proofs/settle")  # doctest: +SKIP
    >>> v.ok, v.counts()["verified"]  # doctest: +SKIP
    (True, 14)
    >>> v  # doctest: +SKIP
    <Verification: 14 files: 14 verified, 0 failed>
    """

    columns = ("path", "verdict", "claim", "reason")
    dtypes = ("string",) * 4

    def _table_rows(self) -> List[Tuple[Any, ...]]:
        return [(f.path, f.verdict, f.claim, f.reason) for f in self]

    def _summary(self) -> str:
        c = self.counts()
        parts = [f"{len(self)} file{'' if len(self) == 1 else 's'}: {c['verified']} verified"]
        if c["unchecked"]:
            parts.append(f"{c['unchecked']} VIPR file{'' if c['unchecked'] == 1 else 's'} not checked here")
        if c.get("skipped"):
            parts.append(f"{c['skipped']} skipped")
        parts.append(f"{c['rejected']} failed")
        if c["invalid"]:
            parts.append(f"{c['invalid']} invalid")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"<Verification: {self._summary()}>"

    @property
    def ok(self) -> bool:
        """Every certificate was verified (VIPR files without a certificate may be unchecked,
        entries that are not files skipped)."""
        return all(f.verdict in ("verified", "unchecked", "skipped") for f in self)

    def counts(self) -> Dict[str, int]:
        """How many files per verdict."""
        c = {"verified": 0, "rejected": 0, "invalid": 0, "unchecked": 0}
        for f in self:
            c[f.verdict] = c.get(f.verdict, 0) + 1
        return c

    #: The command line's summary line (with why VIPR files may be unchecked, and how to
    #: check them), set by :func:`verify`.
    summary: str = ""

    def __str__(self) -> str:
        """The command line's summary line."""
        if self.summary:
            return self.summary
        c = self.counts()
        return (
            f"{len(self)} file{'' if len(self) == 1 else 's'}: {c['verified']} verified, {c['rejected']} failed, "
            f"{c['invalid']} invalid, {c['unchecked']} unchecked"
        )


def verify(paths: Union[PathLike, Iterable[PathLike]], *, progress: Progress = False) -> Verification:
    """Checks certificate files with the checker alone (``minip verify``): files, or
    directories searched recursively for ``*.json`` (and ``*.vipr``, matched to the
    certificate beside them). Every file gets a :class:`FileCheck`; nothing raises for a
    rejected file (look at ``.ok``). Raises ``OSError`` for a path that does not exist,
    ``ValueError`` when no certificate was found (as ``minip verify``). ``progress``:
    ``True`` shows a bar, a callable is called as ``(done, total, label)``.

    >>> v = minip.verify(["proofs/settle", "proofs/amplify"])  # doctest: +SKIP
    >>> v.ok  # doctest: +SKIP
    True
    """
    if isinstance(paths, (str, os.PathLike)):
        items = [os.fspath(paths)]
    else:
        items = [os.fspath(p) for p in _bounded("paths", paths)]
    with reporting(progress):
        text = _minip.verify(items)
    d = json.loads(text)
    v = Verification(FileCheck(f) for f in d["items"])
    v.summary = d["summary"]
    return v


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
    does not check (its message says so first, then the checker's detail), ``ValueError`` if
    it is malformed. Files it refers to (a rank certificate's DRAT proof) are those a result
    object holds, else looked up in ``dir``; ``OSError`` when such a file was not given or
    cannot be read (not a rejection: the certificate was not checked).

    >>> c = minip.check(d=3).certificate
    >>> minip.check_certificate(c)
    'holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)'
    >>> c["params"]["eps"] = "1/3"
    >>> minip.check_certificate(c)
    Traceback (most recent call last):
    ...
    minip.Rejected: the certificate does not prove its claim: ...
    >>> minip.check_certificate(minip.rank(m=8).certificate)
    Traceback (most recent call last):
    ...
    OSError: the proof file 'm08.maximal.drat' this certificate refers to was not given: ...
    >>> minip.check_certificate(minip.rank(m=8).certificate, dir="proofs/rank")
    'rank >= 2 ...'
    """
    if isinstance(cert, Certified):
        text = cert.to_json()
    elif isinstance(cert, dict):
        text = json.dumps(cert)
    elif isinstance(cert, str):
        text = cert
    else:
        raise ValueError(f"cert: expected JSON text, a dict or a result object, got {type(cert).__name__}")
    files = cert._files if isinstance(cert, Certified) else []
    return str(_minip.check_certificate(text, None if dir is None else os.fspath(dir), files))


# ---------------------------------------------------------------------------------------
# Beyond the paper: sharp constants, amplification, rank bounds, explicit heads
