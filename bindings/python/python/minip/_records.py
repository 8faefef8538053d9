"""Every record class of the package, one per kind of row or result the library returns (the
``--json`` records of docs/schema/, with exact ``Fraction`` fields): read from the library's
JSON, never computed here. A leaf: it imports only the conversions and the extension module;
the result lists (``_tables``) and the command modules import it (tests/test_layers.py keeps the
floors, tests/test_records.py each class's fields against its schema)."""

from __future__ import annotations

import json
import math
import os
from fractions import Fraction
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _minip
from ._minip import Unknown
from ._convert import Configuration, PathLike, _bounded, _q_or_none, _table, _witness


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
        return str(_minip.check_certificate(self._need(), None, self._files))


class Head:
    """A head that answers every sequence of the family correctly (the certificate of a
    ``broken`` verdict): its kernel table ``alpha`` and values ``s`` over the tokens
    ``{x, y, z}`` (or per slot for position-dependent maps) and each sequence's exact output.

    >>> h = minip.check(d=2, bound=2).head
    >>> h.alpha["y"] <= 2 * h.alpha["z"]
    True
    """

    alpha: Union[Dict[str, Fraction], List[Fraction]]
    s: Union[Dict[str, Fraction], List[Fraction]]
    outputs: Dict[str, Fraction]

    def __init__(self, d: Dict[str, Any]) -> None:
        self.alpha = _table(d["alpha"])
        self.s = _table(d["s"])
        self.outputs = {o["sequence"]: Fraction(o["yhat"]) for o in d["outputs"]}

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

    verdict: str
    bound: str
    kprime: Fraction
    paper_k: Fraction
    setting: Optional[str]
    reason: Optional[str]
    _describe: Optional[str]
    tokens: Optional[Tuple[str, str, str]]
    multipliers: Optional[Dict[str, Fraction]]
    head: Optional[Head]

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self.verdict = d["verdict"]
        self._read_configuration(d)
        #: ``'paper'`` (the lemma's K) or the rational factor asked for, as text.
        self.bound = d["bound"]
        self.kprime = Fraction(d["kprime"])
        self.paper_k = Fraction(d["paper_k"])
        self.setting = d.get("setting")
        self.reason = d.get("reason")
        self._describe = d.get("text")
        cert = json.loads(self._text) if self._text is not None else {}
        toks = cert.get("tokens")
        self.tokens = (toks["x"], toks["y"], toks["z"]) if toks else None
        farkas = cert.get("farkas")
        #: Farkas multipliers by row name (nonzero ones), for ``holds``.
        self.multipliers = (
            {r["name"]: Fraction(r["multiplier"]) for r in farkas["rows"]} if farkas else None
        )
        self.head = Head(cert["head"]) if cert.get("head") else None

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

    path: str
    verdict: str
    claim: Optional[str]
    claim_data: Optional[Dict[str, Any]]
    reason: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        self.path = d["path"]
        self.verdict = d["verdict"]
        self.claim = d.get("summary")
        self.claim_data = d.get("claim")
        self.reason = d.get("reason")

    @property
    def ok(self) -> bool:
        """The file was checked and accepted."""
        return self.verdict == "verified"

    def __repr__(self) -> str:
        return f"FileCheck(path={self.path!r}, verdict={self.verdict!r}, claim={self.claim!r}, reason={self.reason!r})"


class ExpectReport:
    """A run compared with a table of expected outcomes (``--expect``): ``lines`` (one per
    change or error, as the command line prints them on stderr), the counts, ``summary``,
    and ``ok`` (every configuration as expected: the command line's exit 0)."""

    lines: List[str]
    changes: int
    unknown: int
    compared: int
    summary: str
    exit_code: int

    def __init__(self, d: Dict[str, Any]) -> None:
        self.lines = list(d["lines"])
        #: Configurations whose outcome differs, or that are in one side only.
        self.changes = d["changes"]
        #: Configurations of the run with nothing certified.
        self.unknown = d["unknown"]
        #: Configurations of the run compared with the table.
        self.compared = d["compared"]
        self.summary = d["summary"]
        #: The command line's exit status: 0 as expected, 1 changes, 2 unknown.
        self.exit_code = d["exit_code"]

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def __str__(self) -> str:
        return "\n".join([*self.lines, self.summary])

    def __repr__(self) -> str:
        return f"<ExpectReport: {self.summary}>"


class SweepRow(Configuration):
    """One configuration of a swept grid (a ``gap.verdict`` record of ``minip sweep
    --json``): the parameters, ``verdict`` (``'holds'``, ``'broken'`` or ``'unknown'``), the
    certificate file written (with ``out=``) or the ``reason`` nothing was certified."""

    bound: str
    kprime: Fraction
    paper_k: Fraction
    verdict: str
    setting: Optional[str]
    certificate_file: Optional[str]
    reason: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        self._read_configuration(d)
        #: ``'paper'`` (the lemma's K) or the rational factor, as text.
        self.bound = d["bound"]
        self.kprime = Fraction(d["kprime"])
        self.paper_k = Fraction(d["paper_k"])
        self.verdict = d["verdict"]
        self.setting = d.get("setting")
        self.certificate_file = d.get("certificate_file")
        self.reason = d.get("reason")

    def __repr__(self) -> str:
        return (
            f"SweepRow(n={self.n}, eps={self.eps!r}, h={self.h}, u={self.u}, w={self.w}, "
            f"family={self.family!r}, bound={self.bound!r}, verdict={self.verdict!r})"
        )


class SharpRow(Configuration):
    """One configuration of a grid's ``kstar`` table (a ``sharp.kstar`` record of ``minip
    sharp --grid --json``): ``kstar`` (``None`` when it is not a rational: ``-inf``, or
    ``unknown``; the text in ``kstar_text``), ``relation`` to the lemma's K, ``verdict``
    (``'certified'`` or ``'unknown'``, then ``reason``)."""

    kstar_text: str
    kstar: Optional[Fraction]
    paper_k: Fraction
    relation: str
    verdict: str
    attained: bool
    setting: Optional[str]
    reason: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        self._read_configuration(d)
        self.kstar_text = d["kstar"]
        self.kstar = _q_or_none(d["kstar"])
        self.paper_k = Fraction(d["paper_k"])
        self.relation = d["relation"]
        self.verdict = d["verdict"]
        self.attained = bool(d["attained"])
        self.setting = d.get("setting")
        self.reason = d.get("reason")

    def __repr__(self) -> str:
        return f"SharpRow(h={self.h}, u={self.u}, w={self.w}, kstar={self.kstar_text}, relation={self.relation!r})"


class CoqFile:
    """One ``.v`` file written by :func:`export_coq`: its ``path``, the gap and ratio
    certificates in it, the certificate ``files`` read and how many had nothing to export
    (``skipped``); ``str()`` is the command line's line."""

    path: str
    gaps: int
    ratios: int
    files: int
    skipped: int
    line: str

    def __init__(self, d: Dict[str, Any]) -> None:
        self.path = d["path"]
        self.gaps = d["gaps"]
        self.ratios = d["ratios"]
        self.files = d["files"]
        self.skipped = d["skipped"]
        self.line = d["line"]

    def __str__(self) -> str:
        return self.line

    def __repr__(self) -> str:
        return f"CoqFile(path={self.path!r}, gaps={self.gaps}, ratios={self.ratios})"


class Sharp(Certified, Configuration):
    """The exact best domination factor ``kstar = inf alpha(x,y)/alpha(x,z)`` over heads
    correct on the family (``minip sharp``), certified on both sides. ``relation`` compares it
    with the lemma's K: ``'sharp'`` (equal), ``'loose'`` (larger) or ``'fails'`` (smaller).

    >>> s = minip.sharp(d=3)
    >>> s.kstar, s.paper_k, s.relation
    (Fraction(2, 1), Fraction(2, 1), 'sharp')
    """

    kstar_text: str
    kstar: Optional[Fraction]
    paper_k: Fraction
    relation: str
    attained: bool
    setting: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self._read_configuration(d)
        #: ``kstar`` as text (``'-inf'`` when no positive factor is forced, signed kernels).
        self.kstar_text = d["kstar"]
        #: ``kstar``, or ``None`` when it is not a rational (``-inf``).
        self.kstar = _q_or_none(d["kstar"])
        self.paper_k = Fraction(d["paper_k"])
        self.relation = d["relation"]
        #: Whether a head attains ``kstar`` (else it is an infimum).
        self.attained = bool(d["attained"])
        self.setting = d.get("setting")

    def __repr__(self) -> str:
        return f"Sharp(d={self.d}, kstar={self.kstar_text}, paper_k={self.paper_k}, relation={self.relation!r})"


class Ratio(Certified):
    """An exact forced kernel ratio ``R(lo, hi; h) = min alpha(x,lo)/alpha(x,hi)`` over heads
    correct on every length-n sequence (``minip amplify``), with its certificate; ``hi`` is an
    overlap as text, or ``'h+'`` for the strict supersets of the query. ``chain_bound`` is the
    paper's chained bound for comparison.

    >>> r = minip.amplify(h=3)[0]
    >>> r.ratio, r.log2_ratio > 1
    (Fraction(5, 2), True)
    """

    n: int
    eps: Fraction
    h: int
    lo: Union[int, str]
    hi: str
    superset: bool
    setting: Optional[str]
    m: Optional[int]
    verdict: str
    ratio_text: Optional[str]
    ratio: Optional[Fraction]
    log2_ratio: Optional[float]
    chain_bound: Optional[Fraction]
    reason: Optional[str]
    series: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self.n = d["n"]
        self.eps = Fraction(d["eps"])
        self.h = d["h"]
        #: An overlap, or a class label beyond Min-IP (``'4+'``, ``'o4e1'``).
        self.lo = int(d["lo"]) if d["lo"].isdigit() else d["lo"]
        self.hi = d["hi"]
        self.superset = bool(d["superset"])
        #: The setting beyond Min-IP (``'max-ip'``, ``'keys distinct'``), ``None`` for the paper's.
        self.setting = d.get("setting")
        #: The bits ``m`` (task ``nearest``).
        self.m = d.get("m")
        self.verdict = d["verdict"]
        self.ratio_text = d.get("ratio")
        #: ``R``, or ``None`` when it is not a rational (unknown, empty, ``-inf``).
        self.ratio = _q_or_none(d.get("ratio"))
        # log2 R for plots (a float, computed here: the records carry only the exact ratio).
        self.log2_ratio = (
            math.log2(self.ratio) if isinstance(self.ratio, Fraction) and self.ratio > 0 else None
        )
        self.chain_bound = _q_or_none(d.get("chain_bound"))
        self.reason = d.get("reason")
        #: The series of a ratio table (:func:`amplify_grid`), else ``None``.
        self.series = d.get("series")

    def __repr__(self) -> str:
        return f"Ratio(h={self.h}, lo={self.lo}, hi={self.hi!r}, ratio={self.ratio_text})"


class Uncertified:
    """A row of a batch for which nothing was certified (the command line's ``unknown``):
    which ``m`` (and ``n``) it is and why. ``bound`` is ``None`` and ``certified`` is
    ``False``, so that a row of a batch reads like a certified one until it is used.

    >>> list(minip.rank(m=[1, 4]))
    [Uncertified(m=1, n=None, reason='m = 1: no code found'), RankBound(m=4, bound=2, k=2, construction='sat')]
    >>> minip.rank(m=1)
    Traceback (most recent call last):
    ...
    minip.Unknown: unknown: m = 1: no code found
    """

    m: int
    n: Optional[int]
    reason: str

    certified = False
    bound: None = None

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m = d["m"]
        self.n = d.get("n")
        #: Why nothing was certified.
        self.reason = d["reason"]

    def __repr__(self) -> str:
        return f"Uncertified(m={self.m}, n={self.n}, reason={self.reason!r})"


class RankBound(Certified):
    """A certified lower bound on the feature rank of every head correct on all length-n
    Min-IP sequences over ``{0,1}^m`` (``minip rank``): ``bound`` (an ``int``), the code
    behind it (``k`` pairs of weight-``h`` words, classes ``lo``, ``hi``), and whether the
    code was proved maximal (``maximal``: the pair count refuted, with a DRAT proof). Every
    field but ``maximal`` is always there: a bound that could not be certified is never a
    ``RankBound`` (one ``m`` raises :class:`minip.Unknown`; a batch has an
    :class:`Uncertified` row).

    >>> b = minip.rank(m=8)
    >>> b.bound, b.maximal, b.verify().startswith("rank >= 2")
    (2, 3, True)
    """

    m: int
    n: int
    eps: Fraction
    bound: int
    strict: bool
    k: int
    h: int
    lo: int
    hi: int
    delta: Fraction
    value: Fraction
    construction: str
    maximal: Optional[int]

    def __init__(self, d: Dict[str, Any]) -> None:
        proof = d.get("proof")
        super().__init__(d["certificate"], [(proof["name"], bytes(proof["bytes"]))] if proof else [])
        self.m = d["m"]
        self.n = d["n"]
        self.eps = Fraction(d["eps"])
        self.bound = d["bound"]
        self.strict = bool(d["strict"])
        self.k = d["k"]
        self.h = d["h"]
        self.lo = d["lo"]
        self.hi = d["hi"]
        self.delta = Fraction(d["delta"])
        #: ``k^2/(k + sum R^-2)``: the bound is ``floor(value) + 1``.
        self.value = Fraction(d["value"])
        self.construction = d["construction"]
        #: The refuted pair count when the code was proved maximal, else ``None``.
        self.maximal = d.get("maximal")

    def __repr__(self) -> str:
        return f"RankBound(m={self.m}, bound={self.bound}, k={self.k}, construction={self.construction!r})"


class LinearBound(Certified):
    """A certified rank lower bound from a direct sum of linear codes (``minip rank
    --linear``), for even ``m`` up to 256 at ``eps = 1/2``; ``bound`` and ``k`` are Python
    ``int`` (they outgrow 64 bits). Every field is always there (see :class:`RankBound`).

    >>> b = minip.rank_linear(m=64)  # doctest: +SKIP
    >>> b.bound, b.construction  # doctest: +SKIP
    (3664, 'eham16^4')
    """

    m: int
    n: int
    bound: int
    k: int
    h: int
    strict: bool
    value: Fraction
    construction: str
    explicit_bound: Optional[int]

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d["certificate"])
        self.m = d["m"]
        self.n = d["n"]
        self.bound = int(d["bound"])
        self.k = int(d["k"])
        self.h = d["h"]
        self.strict = bool(d["strict"])
        self.value = Fraction(d["value"])
        self.construction = d["construction"]
        #: The explicit-code method's bound at this ``(m, n)`` (``explicit=True``, ``m <= 24``).
        self.explicit_bound = d.get("explicit_bound")

    def __repr__(self) -> str:
        return f"LinearBound(m={self.m}, n={self.n}, bound={self.bound}, construction={self.construction!r})"


class PolyHead(Certified):
    """A certified upper bound on the feature rank (a column of ``minip frontier``): an
    overlap-polynomial head correct on every length-3 sequence, of exact ``rank``, with the
    smallest ``degree`` (smaller degrees refuted: ``refutation``).

    >>> row = minip.frontier(m=4)[0]
    >>> row.upper["shared"].rank >= row.upper["per_weight"].rank
    True
    """

    kind: str
    rank: int
    degree: int
    degrees: List[Optional[int]]
    max_error: Fraction
    refutation: Optional[str]
    support: Optional[List[int]]

    def __init__(self, kind: str, d: Dict[str, Any]) -> None:
        super().__init__(d["certificate"])
        self.kind = kind
        self.rank = int(d["rank"])
        self.degree = d["degree"]
        self.degrees = list(d["degrees"])
        self.max_error = Fraction(d["max_error"])
        self.refutation = d.get("refutation")
        self.support = d.get("support")

    def __repr__(self) -> str:
        return f"PolyHead(kind={self.kind!r}, rank={self.rank}, degree={self.degree})"


class FrontierRow:
    """One ``m`` of the rank frontier: ``lower`` (a certified lower bound read from the
    rank certificates; ``lower_from_m`` is the ``m`` of the
    certificate it comes from), ``upper`` (certified heads by kernel class), ``best_upper``,
    and that head's least value dimension ``best_value_dim`` and state ``best_state``
    (``r·(D + 1)`` numbers, docs/math.md §10.11).

    >>> r = minip.frontier(m=6)[0]
    >>> r.m, r.best_upper is not None
    (6, True)
    """

    m: int
    n: int
    complete: bool
    lower: Optional[int]
    lower_from_m: Optional[int]
    lower_linear: Optional[int]
    upper: Dict[str, PolyHead]
    unknown: Dict[str, str]
    best_upper: Optional[int]
    best_class: Optional[str]
    best_value_dim: Optional[int]
    best_state: Optional[int]

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m = d["m"]
        #: The sequence length: the heads are correct on every length up to ``n``.
        self.n = d["n"]
        self.complete = bool(d["complete"])
        lo = d.get("lower")
        self.lower = lo["bound"] if lo else None
        self.lower_from_m = lo["from_m"] if lo else None
        lol = d.get("lower_linear")
        self.lower_linear = lol["bound"] if lol else None
        self.upper = {}
        #: Columns asked for that could not be certified (or were not run), with the reason.
        self.unknown = {}
        for kind in ("per_weight", "shared", "sparse", "signed"):
            c = d.get(kind)
            if c is None:
                continue
            if "reason" in c:
                self.unknown[kind] = c["reason"]
            else:
                self.upper[kind] = PolyHead(kind, c)
        best = d.get("best_upper")
        self.best_upper = int(best["rank"]) if best else None
        self.best_class = best["class"] if best else None
        self.best_value_dim = int(best["value_dim"]) if best and "value_dim" in best else None
        self.best_state = int(best["state"]) if best and "state" in best else None

    def __repr__(self) -> str:
        return f"FrontierRow(m={self.m}, n={self.n}, lower={self.lower}, best_upper={self.best_upper}, classes={sorted(self.upper)})"


class HeadReport:
    """An explicit head checked exactly on every sequence of lengths ``1..=length`` over
    ``{0,1}^m`` (``minip head verify``): ``correct`` (every error below ``eps``),
    ``max_error``, and the witnesses ``worst`` and ``first_failure`` (dicts with ``tokens``,
    ``target``, ``output`` and ``error``; rationals as ``Fraction``).

    >>> r = minip.head_verify("exact", m=3, length=3)
    >>> r.correct, r.max_error < r.eps
    (True, True)
    """

    head: str
    m: int
    rank: int
    length: int
    eps: Fraction
    symmetry: str
    evaluations: int
    max_error: Fraction
    correct: bool
    worst: Optional[Dict[str, Any]]
    first_failure: Optional[Dict[str, Any]]
    lengths: List[Dict[str, Any]]

    def __init__(self, d: Dict[str, Any]) -> None:
        self.head = d["head"]
        self.m = d["m"]
        self.rank = d["rank"]
        self.length = d["len"]
        self.eps = Fraction(d["eps"])
        self.symmetry = d["symmetry"]
        self.evaluations = d["evaluations"]
        self.max_error = Fraction(d["max_error"])
        self.correct = bool(d["correct"])
        self.worst = _witness(d.get("worst"))
        self.first_failure = _witness(d.get("first_failure"))
        self.lengths = [
            dict(x, max_error=Fraction(x["max_error"])) for x in d["lengths"]
        ]

    def __repr__(self) -> str:
        return (
            f"HeadReport(head={self.head!r}, m={self.m}, length={self.length}, correct={self.correct}, "
            f"max_error={self.max_error!r})"
        )


class WeightedBound(Certified):
    """A certified rank lower bound from weighted pairs (a ``rank.weighted`` record):
    ``bound = ⌊value⌋ + 1`` with ``value = (Σ w)² / Σ w_i w_j B_ij`` over ``k`` pairs, beside
    the same pairs' ``unweighted_value``; ``str()`` is the command line's line."""

    m: int
    n: int
    eps: Fraction
    k: int
    bound: int
    value: Fraction
    unweighted_value: Fraction
    construction: str
    text: str

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d["certificate"])
        self.m = d["m"]
        self.n = d["n"]
        self.eps = Fraction(d["eps"])
        self.k = int(d["k"])
        self.bound = int(d["bound"])
        self.value = Fraction(d["value"])
        self.unweighted_value = Fraction(d["unweighted_value"])
        self.construction = d["construction"]
        self.text = d["text"]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"WeightedBound(m={self.m}, n={self.n}, bound={self.bound}, value={self.value})"


class RankTwo(Certified):
    """Feature rank ``<= 2`` refuted by two orders (a ``rank.two`` record, docs/math.md §5.8):
    every correct head over ``{0,1}^m`` has rank at least ``bound = 3``. ``ratios`` are the
    forced ratios the refutation uses (``'R(lo, hi; h) = value'``) out of ``candidates``
    positive ones; ``quadruples``, ``variables`` and ``clauses`` the size of the formula its
    DRAT proof (``proof_bytes`` bytes, checked) refutes; ``str()`` is the command line's line."""

    m: int
    n: int
    eps: Fraction
    bound: int
    ratios: List[str]
    candidates: int
    quadruples: int
    variables: int
    clauses: int
    proof_bytes: int
    verdict: str
    text: str

    def __init__(self, d: Dict[str, Any]) -> None:
        proof = d["proof"]
        super().__init__(d["certificate"], [(proof["name"], bytes(proof["bytes"]))])
        self.m = d["m"]
        self.n = d["n"]
        self.eps = Fraction(d["eps"])
        self.bound = int(d["bound"])
        self.ratios = list(d["ratios"])
        self.candidates = d["candidates"]
        self.quadruples = d["quadruples"]
        self.variables = d["variables"]
        self.clauses = d["clauses"]
        self.proof_bytes = d["proof_bytes"]
        self.verdict = d["verdict"]
        self.text = d["text"]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"RankTwo(m={self.m}, n={self.n}, bound={self.bound}, quadruples={self.quadruples})"


class AttackReport:
    """What ``minip head attack`` found: a failing length-``n`` sequence (``failure``, a dict
    with ``tokens``, ``target``, ``output`` and ``error``; rationals as ``Fraction``), found by
    ``method`` (``'gap-domination'`` on the head's kernel or ``'exhaustive'``) and confirmed by
    exact evaluation, or nothing (``correct``: the head is correct on every length-``n``
    sequence, searched exhaustively).

    >>> r = minip.head_attack("rank1", m=3)
    >>> r.correct, r.method
    (False, 'gap-domination')
    """

    head: str
    m: int
    n: int
    eps: Fraction
    pairs_checked: int
    unconfirmed_pairs: int
    correct: bool
    method: Optional[str]
    detail: Optional[str]
    failure: Optional[Dict[str, Any]]

    def __init__(self, d: Dict[str, Any]) -> None:
        self.head = d["head"]
        self.m = d["m"]
        self.n = d["n"]
        self.eps = Fraction(d["eps"])
        #: Class pairs checked by the gap-domination search.
        self.pairs_checked = d["pairs_checked"]
        #: Pairs that met the inequality without a confirmed failure.
        self.unconfirmed_pairs = d["unconfirmed_pairs"]
        self.correct = d["verdict"] == "correct"
        self.method = d.get("method")
        #: How the failure was found, in words.
        self.detail = d.get("detail")
        self.failure = _witness(d.get("failure"))

    def __repr__(self) -> str:
        return (
            f"AttackReport(head={self.head!r}, m={self.m}, n={self.n}, correct={self.correct}, "
            f"method={self.method!r})"
        )


class TransitionEntry:
    """One entry of the phase-transition table: the head of ``column`` at ``m`` bits,
    verified exactly on every sequence of lengths up to ``length``; ``correct`` is what the
    check found, ``expected_correct`` what the theory predicts."""

    m: int
    column: str
    length: int
    correct: bool
    expected_correct: bool
    max_error: Fraction
    evaluations: int
    first_failure: Optional[Dict[str, Any]]

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m = d["m"]
        self.column = d["column"]
        self.length = d["len"]
        self.correct = d["verdict"] == "correct"
        self.expected_correct = d["expected_verdict"] == "correct"
        self.max_error = Fraction(d["max_error"])
        self.evaluations = d["evaluations"]
        self.first_failure = _witness(d.get("first_failure"))

    @property
    def as_expected(self) -> bool:
        """The check found what the theory predicts."""
        return self.correct == self.expected_correct

    def __repr__(self) -> str:
        return (
            f"TransitionEntry(m={self.m}, column={self.column!r}, correct={self.correct}, "
            f"expected_correct={self.expected_correct})"
        )


class SearchReport:
    """What ``minip head search`` did (a ``head.search`` record): the ``method``
    (``'gradient'`` or ``'lp'``), the restarts run (``runs``, dicts: for ``'gradient'``
    ``start``, ``steps``, ``best_max_error``, ``best_exact_try``, ``ended``, ``failed_exact``,
    ``found``; for ``'lp'`` ``steps``, ``best_objective``, ``pair_rows``, ``found``), and the head of rank
    ``rank`` certified exactly (``verdict`` ``'certified'``, its ``max_error`` a ``Fraction``,
    ``certificate`` the ``minip-search-head/2`` JSON text, and the files written with ``out``)
    or none (``'unknown'``: this search found none, which is no lower bound); ``str()`` is the
    command line's summary."""

    m: int
    rank: int
    seed: int
    method: str
    start: Optional[str]
    time_limit: Optional[float]
    restarts: int
    iterations: int
    runs: List[Dict[str, Any]]
    verdict: str
    max_error: Optional[Fraction]
    certificate: Optional[str]
    certificate_file: Optional[str]
    head_file: Optional[str]
    text: str

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m = d["m"]
        self.rank = int(d["rank"])
        self.seed = int(d["seed"])
        self.method = d["method"]
        self.start = d.get("start")
        self.time_limit = d.get("time_limit")
        self.restarts = d["restarts"]
        self.iterations = d["iterations"]
        self.runs = d["runs"]
        self.verdict = d["verdict"]
        self.max_error = None if d["max_error"] is None else Fraction(d["max_error"])
        self.certificate = d.get("certificate")
        self.certificate_file = d.get("certificate_file")
        self.head_file = d.get("head_file")
        self.text = d["text"]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return (
            f"SearchReport(m={self.m}, rank={self.rank}, method={self.method!r}, "
            f"restarts run={len(self.runs)}, verdict={self.verdict!r})"
        )


class MilpRow:
    """One ``m`` of the MILP cross-check (a ``sharp.milp`` record): the exact minimum of the
    certified ``kstar`` over the configurations that fit in ``m`` bits (``min_kstar``, text,
    at ``argmin``), HiGHS's floating-point optimum over Boolean tokens (``milp_value``, a
    hint, never a verdict) and whether they agree (``verdict``: ``'agree'``, ``'disagree'``
    or ``'error'``)."""

    m: int
    d: int
    configurations: int
    min_kstar: str
    argmin: Optional[Dict[str, int]]
    milp_value: Optional[str]
    milp_tokens: Optional[Dict[str, str]]
    verdict: str
    error: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m = d["m"]
        self.d = d["d"]
        self.configurations = d["configurations"]
        self.min_kstar = d["min_kstar"]
        self.argmin = d.get("argmin")
        self.milp_value = d.get("milp_value")
        self.milp_tokens = d.get("milp_tokens")
        self.verdict = d["verdict"]
        self.error = d.get("error")

    def __repr__(self) -> str:
        return f"MilpRow(m={self.m}, min_kstar={self.min_kstar}, milp_value={self.milp_value}, verdict={self.verdict!r})"


class ReadoutRow(Certified):
    """One ``(m, n)`` of :func:`readout` (a ``readout.row`` record): the power-sum
    construction with rank ``rank = 1`` and dimension ``dim = 1``, checked exhaustively; its
    ``bits`` (of ``n·o − v(x)``), ``multisets`` separated, and ``lower_bits``, the bits any
    head's key state needs (from ``classes`` distinct target functions), when known."""

    m: int
    n: int
    rank: int
    dim: int
    construction: str
    p: int
    max_value: int
    bits: int
    multisets: int
    classes: Optional[int]
    lower_bits: Optional[int]
    least_bits: Optional[int]
    verdict: str
    certificate_file: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d.get("certificate"))
        self.m = d["m"]
        self.n = d["n"]
        self.rank = d["rank"]
        self.dim = d["dim"]
        self.construction = d["construction"]
        self.p = d["p"]
        self.max_value = int(d["max_value"])
        self.bits = d["bits"]
        self.multisets = int(d["multisets"])
        self.classes = None if d.get("classes") is None else int(d["classes"])
        self.lower_bits = d.get("lower_bits")
        self.least_bits = d.get("least_bits")
        self.verdict = d["verdict"]
        self.certificate_file = d.get("certificate_file")

    def __repr__(self) -> str:
        return f"ReadoutRow(m={self.m}, n={self.n}, bits={self.bits}, lower_bits={self.lower_bits})"


class PrecisionRow(Certified):
    """One ``(m, n)`` of :func:`readout` with ``precision=True`` (a ``readout.precision``
    record): integer ``values`` in ``[0, max_value]`` (uniform attention, dimension 1) that
    separate the target functions, checked, and no values in ``[0, refuted]`` (a DRAT proof,
    checked); ``least`` when ``max_value = refuted + 1``. ``bits`` and ``lower_bits`` are the
    bits of ``n·o − v(x)`` above and below. When ``least`` is false, ``undecided`` says why
    ``V = refuted + 1`` was not decided: the solver's ``budget`` ran out, or its refutation is
    past the checker's limits (it certifies nothing; the least ``V`` is unknown in
    ``refuted + 1 ..= max_value``)."""

    m: int
    n: int
    values: List[int]
    max_value: int
    bits: int
    refuted: int
    lower_bits: int
    least: bool
    undecided: Optional[str]
    verdict: str
    certificate_file: Optional[str]
    proof_file: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        proof = d["proof"]
        super().__init__(d["certificate"], [(proof["name"], bytes(proof["bytes"]))])
        self.m = d["m"]
        self.n = d["n"]
        self.values = list(d["values"])
        self.max_value = d["max_value"]
        self.bits = d["bits"]
        self.refuted = d["refuted"]
        self.lower_bits = d["lower_bits"]
        self.least = d["least"]
        self.undecided = d.get("undecided")
        self.verdict = d["verdict"]
        self.certificate_file = d.get("certificate_file")
        self.proof_file = d.get("proof_file")

    def __repr__(self) -> str:
        return (
            f"PrecisionRow(m={self.m}, n={self.n}, refuted={self.refuted}, "
            f"max_value={self.max_value}, least={self.least})"
        )


class MultilevelRow(Certified):
    """One ``(q, s)`` of :func:`readout_multilevel` (a ``readout.multilevel`` record): the
    ``instances = (s + 1)^q`` sequences of length ``n = 2q`` over ``{0,1}^m`` share their ``q``
    queries and give ``distinct`` answer vectors there (all of them), so any transcript the
    answers are read from needs ``lower_bits = ⌈q·log2(s + 1)⌉`` bits."""

    q: int
    s: int
    m: int
    n: int
    instances: int
    distinct: int
    lower_bits: int
    verdict: str
    certificate_file: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        super().__init__(d["certificate"])
        self.q = d["q"]
        self.s = d["s"]
        self.m = d["m"]
        self.n = d["n"]
        self.instances = d["instances"]
        self.distinct = d["distinct"]
        self.lower_bits = d["lower_bits"]
        self.verdict = d["verdict"]
        self.certificate_file = d.get("certificate_file")

    def __repr__(self) -> str:
        return f"MultilevelRow(q={self.q}, s={self.s}, distinct={self.distinct}, lower_bits={self.lower_bits})"


def _q3(row: List[str]) -> List[Fraction]:
    return [Fraction(v) for v in row]


class Escape:
    """One ``(n, d)`` of :func:`multihead_domination` (a ``multihead.domination`` record):
    ``heads`` kernel rows ``alpha`` and scalarized values ``s`` on ``(x, y, z)``, none with
    ``alpha(x,y) > K·alpha(x,z)`` (``K = paper_k``), whose summed outputs are within ``eps`` on
    S1–S3 (``max_error``); ``verdict`` is ``'escapes'``."""

    n: int
    d: int
    eps: Fraction
    paper_k: Fraction
    heads: int
    alpha: List[List[Fraction]]
    s: List[List[Fraction]]
    max_error: Fraction
    verdict: str
    certificate_file: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        self.n = d["n"]
        self.d = d["d"]
        self.eps = Fraction(d["eps"])
        self.paper_k = Fraction(d["paper_k"])
        self.heads = d["heads"]
        self.alpha = [_q3(r) for r in d["alpha"]]
        self.s = [_q3(r) for r in d["s"]]
        self.max_error = Fraction(d["max_error"])
        self.verdict = d["verdict"]
        self.certificate_file = d.get("certificate_file")

    def __repr__(self) -> str:
        return f"Escape(n={self.n}, d={self.d}, heads={self.heads}, verdict={self.verdict!r})"


class HeadsRow:
    """One ``m`` of :func:`multihead_frontier` (a ``multihead.frontier`` record): ``verdict``
    (``'certified'`` or ``'unknown'``, then ``reason``), ``total_rank`` (the sum of the heads'
    exact kernel ranks ``head_ranks``: features), ``value_degree`` (the values' degree in the
    overlap, ``None`` for free class values), each head's least value dimension
    ``value_dims`` and the state ``total_state`` (``Σ r·(D + 1)`` numbers, docs/math.md §10.11),
    the exact ``margin``, the single head's rank at this
    ``m`` (``single_head_rank``) when the frontier has one, and the certified lower bound on any
    single head's rank (``single_head_lower``, from ``single_head_lower_file``) when one applies."""

    m: int
    heads: int
    degree: int
    value_degree: Optional[int]
    verdict: str
    total_rank: Optional[int]
    head_ranks: List[int]
    value_dims: List[int]
    total_state: Optional[int]
    margin: Optional[Fraction]
    single_head_rank: Optional[int]
    single_head_lower: Optional[int]
    single_head_lower_file: Optional[str]
    reason: Optional[str]
    certificate_file: Optional[str]

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m = d["m"]
        self.heads = d["heads"]
        self.degree = d["degree"]
        self.value_degree = d.get("value_degree")
        self.verdict = d["verdict"]
        self.total_rank = None if d.get("total_rank") is None else int(d["total_rank"])
        self.head_ranks = [int(x) for x in d.get("head_ranks", [])]
        self.value_dims = [int(x) for x in d.get("value_dims", [])]
        self.total_state = None if d.get("total_state") is None else int(d["total_state"])
        self.margin = None if d.get("margin") is None else Fraction(d["margin"])
        self.single_head_rank = None if d.get("single_head_rank") is None else int(d["single_head_rank"])
        self.single_head_lower = (
            None if d.get("single_head_lower") is None else int(d["single_head_lower"])
        )
        self.single_head_lower_file = d.get("single_head_lower_file")
        self.reason = d.get("reason")
        self.certificate_file = d.get("certificate_file")

    def __repr__(self) -> str:
        return f"HeadsRow(m={self.m}, heads={self.heads}, total_rank={self.total_rank}, verdict={self.verdict!r})"


class BenchReport:
    """What a measurement found: ``record`` (the command line's ``--json`` record(s) as
    dicts: for :func:`bench` one ``bench.run`` record, else one row per measured item),
    ``str()`` the command line's text, ``ok`` its exit status 0."""

    record: Any
    text: str
    exit_code: int

    def __init__(self, record: Any, text: str, exit_code: int) -> None:
        self.record = record
        self.text = text
        self.exit_code = exit_code

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<BenchReport: exit {self.exit_code}>"


class Claim:
    """One claim of :func:`paper` (a ``paper.claim`` record): ``status`` is ``proved`` (in Coq,
    for every parameter), ``certified`` (for the finite parameters listed), ``open`` or
    ``false-as-read``; ``verdict`` says how its evidence re-checked here (``re-checked``,
    ``not-re-checked``, ``failed``) and ``detail`` what was checked, or why not."""

    id: str
    source: str
    claim: str
    status: str
    settled: str
    coq: List[str]
    certificates: List[str]
    command: str
    open: str
    verdict: str
    certificates_checked: int
    coq_checked: int
    detail: str

    def __init__(self, d: Dict[str, Any]) -> None:
        self.id = d["id"]
        self.source = d["source"]
        self.claim = d["claim"]
        self.status = d["status"]
        self.settled = d["settled"]
        self.coq = list(d["coq"])
        self.certificates = list(d["certificates"])
        self.command = d["command"]
        self.open = d["open"]
        self.verdict = d["verdict"]
        self.certificates_checked = d["certificates_checked"]
        self.coq_checked = d["coq_checked"]
        self.detail = d["detail"]

    def __repr__(self) -> str:
        return f"Claim(id={self.id!r}, status={self.status!r}, verdict={self.verdict!r})"
