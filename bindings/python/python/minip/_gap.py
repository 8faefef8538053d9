"""The gap commands: ``settle``, ``check``, ``verify``, ``check_certificate``."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, Optional, Sequence, Union, overload

from . import _minip
from ._convert import PathLike, Rational, _bounded, _conf, _nat, _nats, _path, _rational
from ._progress import Progress, reporting
from ._records import Certified, FileCheck, GapResult
from ._tables import Settlement, Verification


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
