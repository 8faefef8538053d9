"""Grid files and certificate directories: ``sweep``, ``sharp_grid``, ``amplify_grid``,
``export_coq``."""

from __future__ import annotations

import json
import os
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Union

from . import _minip
from ._convert import Configuration, PathLike, _bounded, _nat, _q_or_none
from ._tables import Rows, _R

if TYPE_CHECKING:
    from ._beyond import Ratio
    from ._tables import Ratios


def _path(v: Optional[PathLike]) -> Optional[str]:
    return None if v is None else os.fspath(v)


def _jobs(v: Optional[int]) -> Optional[int]:
    return None if v is None else _nat("jobs", v)


class ExpectReport:
    """A run compared with a table of expected outcomes (``--expect``): ``lines`` (one per
    change or error, as the command line prints them on stderr), the counts, ``summary``,
    and ``ok`` (every configuration as expected: the command line's exit 0)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.lines: List[str] = list(d["lines"])
        #: Configurations whose outcome differs, or that are in one side only.
        self.changes: int = d["changes"]
        #: Configurations of the run with nothing certified.
        self.unknown: int = d["unknown"]
        #: Configurations of the run compared with the table.
        self.compared: int = d["compared"]
        self.summary: str = d["summary"]
        #: The command line's exit status: 0 as expected, 1 changes, 2 unknown.
        self.exit_code: int = d["exit_code"]

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

    def __init__(self, d: Dict[str, Any]) -> None:
        self._read_configuration(d)
        #: ``'paper'`` (the lemma's K) or the rational factor, as text.
        self.bound: str = d["bound"]
        self.kprime: Fraction = Fraction(d["kprime"])
        self.paper_k: Fraction = Fraction(d["paper_k"])
        self.verdict: str = d["verdict"]
        self.setting: Optional[str] = d.get("setting")
        self.certificate_file: Optional[str] = d.get("certificate_file")
        self.reason: Optional[str] = d.get("reason")

    def __repr__(self) -> str:
        return (
            f"SweepRow(n={self.n}, eps={self.eps!r}, h={self.h}, u={self.u}, w={self.w}, "
            f"family={self.family!r}, bound={self.bound!r}, verdict={self.verdict!r})"
        )


class _GridRun(Rows[_R]):
    """A grid run: its rows, the command line's text, and the comparison with a table of
    expected outcomes when one was given."""

    expect: Optional[ExpectReport]
    #: The command line's exit status.
    exit_code: int

    def _compare(self, d: Dict[str, Any]) -> None:
        self.expect = ExpectReport(d["expect"]) if d.get("expect") else None
        self.exit_code = self.expect.exit_code if self.expect is not None else d["exit_code"]

    @property
    def ok(self) -> bool:
        """The command line's exit status 0."""
        return self.exit_code == 0


class SweepResult(_GridRun[SweepRow]):
    """The configurations of a grid file settled (``minip sweep``), in grid order: ``rows``
    (:class:`SweepRow`), ``summary`` (the command line's count line), ``str()`` its table;
    ``expect`` the comparison when a table was given. ``ok``: the command line's exit 0
    (with ``expect``: every configuration as expected; without: nothing broken or unknown)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[SweepRow] = [SweepRow(r) for r in d["rows"]]
        self.summary: str = d["summary"]
        self.text: str = d["text"]
        self._compare(d)

    def __repr__(self) -> str:
        return f"<SweepResult: {self.summary}>"


def sweep(
    grid: PathLike,
    *,
    expect: Optional[PathLike] = None,
    shard: Optional[str] = None,
    jobs: Optional[int] = None,
    out: Optional[PathLike] = None,
    vipr: bool = False,
) -> SweepResult:
    """Settles every configuration of a grid file (``minip sweep GRID``), in parallel;
    ``shard`` (``"i/N"``) runs one of N contiguous blocks, ``expect`` compares with a table of
    expected verdicts (JSON Lines or CSV, as ``--expect``), ``out`` writes the certificates
    (``vipr``: and VIPR files) to a directory, ``jobs`` worker threads. Limits and messages as
    on the command line.

    >>> s = minip.sweep("instances/small.toml", expect="instances/small.expected.jsonl")
    >>> s.ok, s.summary
    (True, '160 configurations: 140 holds, 20 broken, 0 unknown')
    >>> s[0].verdict, s[0].certificate_file is None
    ('broken', True)
    """
    return SweepResult(
        json.loads(
            _minip.sweep(
                os.fspath(grid), _path(expect), None if shard is None else str(shard), _jobs(jobs),
                _path(out), bool(vipr),
            )
        )
    )


class SharpRow(Configuration):
    """One configuration of a grid's ``kstar`` table (a ``sharp.kstar`` record of ``minip
    sharp --grid --json``): ``kstar`` (``None`` when it is not a rational: ``-inf``, or
    ``unknown``; the text in ``kstar_text``), ``relation`` to the lemma's K, ``verdict``
    (``'certified'`` or ``'unknown'``, then ``reason``)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self._read_configuration(d)
        self.kstar_text: str = d["kstar"]
        self.kstar: Optional[Fraction] = _q_or_none(d["kstar"])
        self.paper_k: Fraction = Fraction(d["paper_k"])
        self.relation: str = d["relation"]
        self.verdict: str = d["verdict"]
        self.attained: bool = bool(d["attained"])
        self.setting: Optional[str] = d.get("setting")
        self.reason: Optional[str] = d.get("reason")

    def __repr__(self) -> str:
        return f"SharpRow(h={self.h}, u={self.u}, w={self.w}, kstar={self.kstar_text}, relation={self.relation!r})"


class SharpGrid(_GridRun[SharpRow]):
    """``kstar`` of every configuration of a grid file (``minip sharp --grid``), in grid
    order: ``rows`` (:class:`SharpRow`), ``str()`` the command line's table, ``expect`` the
    comparison when a table was given, ``ok`` the command line's exit 0."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[SharpRow] = [SharpRow(r) for r in d["rows"]]
        self.text: str = d["text"]
        self._compare(d)

    def __repr__(self) -> str:
        return f"<SharpGrid: {len(self.rows)} configurations>"


def sharp_grid(
    grid: PathLike,
    *,
    expect: Optional[PathLike] = None,
    shard: Optional[str] = None,
    jobs: Optional[int] = None,
    out: Optional[PathLike] = None,
    vipr: Optional[PathLike] = None,
    csv: Optional[PathLike] = None,
) -> SharpGrid:
    """The exact best factor ``kstar`` of every configuration of a grid file (``minip sharp
    --grid GRID``); ``expect``, ``shard``, ``jobs`` as in :func:`sweep`, ``out`` a directory
    for the ``minip-sharp/1`` bundles, ``vipr`` one for VIPR files, ``csv`` the table as CSV.
    One configuration is :func:`minip.sharp`.

    >>> g = minip.sharp_grid("instances/sharp-vipr.toml", expect="instances/sharp-vipr.expected.jsonl")
    >>> g.ok, len(g), g[0].kstar, g[0].relation
    (True, 280, Fraction(0, 1), 'sharp')
    """
    return SharpGrid(
        json.loads(
            _minip.sharp_grid(
                os.fspath(grid), _path(expect), None if shard is None else str(shard), _jobs(jobs),
                _path(out), _path(vipr), _path(csv),
            )
        )
    )


class AmplifyGrid(_GridRun["Ratio"]):
    """Every series of a ratio table (``minip amplify --grid FILE``), in file order: ``rows``
    (:class:`Ratio`, each with its ``series``), ``str()`` the command line's table (one
    column per series), ``expect`` the comparison when a table of expected ratios was given,
    ``ok`` the command line's exit 0 (every ratio certified, or as expected)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        from ._beyond import Ratio

        self.rows: List[Ratio] = [Ratio(r) for r in d["rows"]]
        self.text: str = d["text"]
        self._compare(d)

    def series(self) -> Dict[str, "Ratios"]:
        """The rows of each series, by its name, in file order."""
        from ._tables import Ratios

        out: Dict[str, Ratios] = {}
        for r in self.rows:
            out.setdefault(r.series or "", Ratios()).append(r)
        return out

    def __repr__(self) -> str:
        return f"<AmplifyGrid: {len(self.series())} series, {len(self.rows)} ratios>"


def amplify_grid(
    grid: PathLike,
    *,
    expect: Optional[PathLike] = None,
    out: Optional[PathLike] = None,
) -> AmplifyGrid:
    """Every series of a ratio table (``minip amplify --grid FILE``: tasks, kernels,
    positions, keys per series; docs/beyond.md); ``expect`` compares with a table of expected
    ratios (as ``--expect``), ``out`` writes each series' certificates under a directory.
    One range of ``h`` is :func:`amplify`.

    >>> g = minip.amplify_grid("instances/beyond/signed-ratios.toml")
    >>> g.ok, list(g.series())[:2], g[1].ratio
    (True, ['nonneg R(0, x)', 'signed R(0, x)'], Fraction(5, 2))
    """
    return AmplifyGrid(json.loads(_minip.amplify_grid(os.fspath(grid), _path(expect), _path(out))))


class CoqFile:
    """One ``.v`` file written by :func:`export_coq`: its ``path``, the gap and ratio
    certificates in it, the certificate ``files`` read and how many had nothing to export
    (``skipped``); ``str()`` is the command line's line."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.path: str = d["path"]
        self.gaps: int = d["gaps"]
        self.ratios: int = d["ratios"]
        self.files: int = d["files"]
        self.skipped: int = d["skipped"]
        self.line: str = d["line"]

    def __str__(self) -> str:
        return self.line

    def __repr__(self) -> str:
        return f"CoqFile(path={self.path!r}, gaps={self.gaps}, ratios={self.ratios})"


def export_coq(certs: Union[PathLike, Iterable[PathLike]], out: PathLike) -> List[CoqFile]:
    """Writes certificates the checker accepts as Coq data (``minip export coq CERT...
    --out DIR``): one ``.v`` file per argument (a file, or a directory searched recursively),
    in ``out`` (made if missing). A certificate the checker does not accept stops the export
    with ``ValueError``. Compile with ``coqc -Q proofs/coq/theories Minip`` (docs/formal.md).

    >>> import tempfile
    >>> [(f.gaps, f.files) for f in minip.export_coq("proofs/settle", out=tempfile.mkdtemp())]
    [(13, 14)]
    """
    if isinstance(certs, (str, os.PathLike)):
        items = [os.fspath(certs)]
    else:
        items = [os.fspath(c) for c in _bounded("certs", certs)]
    return [CoqFile(f) for f in json.loads(_minip.export_coq(items, os.fspath(out)))]
