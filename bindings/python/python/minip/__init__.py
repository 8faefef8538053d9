"""minip from Python: exact, certificate-checked claims behind the three-token lower bound
for nonnegative kernel attention.

Every verdict is exact: the solver's floating-point answer is only a hint, and nothing is
returned unless an exact rational certificate passed minip's checker. Rationals come back as
:class:`fractions.Fraction` (inputs: ``Fraction``, ``int``, ``Decimal``, text such as ``"3/8"``
or ``"0.375"``, a ``float`` whose value is exactly its decimal text, such as ``0.5``, or a numpy
integer or float scalar under the same rules; lists of integers may be numpy arrays); rank
bounds come back as Python ``int``. A float is never rounded: ``0.1`` is refused (it is
``3602879701896397/36028797018963968``), and a numpy float is read as the decimal it shows in
its own width, so ``np.float32(0.1)`` and ``np.float16(0.1)`` are refused too, with their exact
values in the message; pass the text ``"0.1"`` or a ``Fraction``. An iterable argument (values,
tokens, paths) is read no further than the range item limit (10000 items, as on the command
line): an endless one such as ``itertools.count()`` is refused, not read to the end.

>>> import minip
>>> r = minip.check(d=3)
>>> r.verdict, r.kprime
('holds', Fraction(2, 1))
>>> r.verify()
'holds (gap n=3 eps=1/2 h=3 u=0 w=3 paper b<=paper)'

Errors are exceptions with the command line's one-line messages, in the package's words
(``settle(d=range(8, 2))``: ``d: empty range``; a suggested command is the call, such as
``rank_linear(m=100)``): ``ValueError`` for bad input, :class:`minip.Unknown` when nothing
could be certified, :class:`minip.Rejected` (a ``ValueError``) for a certificate that does not
check, ``OSError`` for files. The work runs
with the GIL released on a worker thread (an 8 MiB stack, as the command line's main thread,
so several calls at once from Python threads fit a 1 GiB address space). Ctrl-C stops a long
call: the work gives up at its next check (a row, a solver's proof write, a candidate, a file;
well under a second for most calls, a few seconds for a single certificate check) and
``KeyboardInterrupt`` is raised once it has ended, so no file is written after it;
``progress=True`` shows its progress (tqdm when installed).

Every result list (:class:`Settlement`, :class:`Verification`, :class:`Ratios`,
:class:`RankBounds`, :class:`LinearBounds`, :class:`Frontier`, :class:`Readouts`,
:class:`Escapes`, :class:`HeadsFrontier`, :class:`SweepResult`, …) has a short repr with counts,
an HTML table in Jupyter and ``to_pandas()`` (pandas installed); those whose rows form a series
``plot()`` (matplotlib installed).
"""

from __future__ import annotations

from ._minip import Rejected, Unknown, __version__
from ._convert import PathLike, Rational
from ._progress import Progress
from ._records import (
    AttackReport, BenchReport, Certified, Claim, CoqFile, Escape, ExpectReport, FileCheck, FrontierRow, GapResult, Head,
    HeadReport, HeadsRow, LinearBound, MilpRow, MultilevelRow, PolyHead, PrecisionRow, RankBound, Ratio, ReadoutRow,
    RankTwo, SearchReport, Sharp, SharpRow, SweepRow, TransitionEntry, Uncertified, WeightedBound,
)
from ._tables import (
    AmplifyGrid, Escapes, Frontier, HeadsFrontier, Ledger, LinearBounds, MilpCheck, Multilevels, Precisions, RankBounds, Ratios,
    Readouts, Settlement, SharpGrid, SharpSummary, SweepResult, Table, Transition, Verification,
)
from ._gap import check, check_certificate, settle, verify
from ._sweep import sweep
from ._sharp import sharp, sharp_grid, sharp_milp, sharp_summarize
from ._amplify import amplify, amplify_grid
from ._rank import rank, rank_linear, rank_two, rank_weighted
from ._frontier import frontier
from ._head import head_attack, head_search, head_verify
from ._transition import transition
from ._export import export_coq
from ._bench import amplify_bench, bench, head_bench
from ._readout import readout, readout_multilevel
from ._multihead import multihead_domination, multihead_frontier
from ._paper import paper

__all__ = [
    "Claim",
    "Ledger",
    "paper",
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
    "Table",
    "Ratios",
    "RankBounds",
    "LinearBounds",
    "Frontier",
    "Progress",
    "Uncertified",
    "AttackReport",
    "Transition",
    "TransitionEntry",
    "head_attack",
    "transition",
    "SearchReport",
    "head_search",
    "ExpectReport",
    "SweepRow",
    "SweepResult",
    "SharpRow",
    "SharpGrid",
    "CoqFile",
    "sweep",
    "sharp_grid",
    "export_coq",
    "AmplifyGrid",
    "amplify_grid",
    "MilpRow",
    "MilpCheck",
    "SharpSummary",
    "sharp_milp",
    "sharp_summarize",
    "BenchReport",
    "bench",
    "head_bench",
    "amplify_bench",
    "ReadoutRow",
    "Readouts",
    "PrecisionRow",
    "Precisions",
    "readout",
    "MultilevelRow",
    "Multilevels",
    "readout_multilevel",
    "WeightedBound",
    "rank_weighted",
    "rank_two",
    "RankTwo",
    "Escape",
    "Escapes",
    "HeadsRow",
    "HeadsFrontier",
    "multihead_domination",
    "multihead_frontier",
    "__version__",
]
