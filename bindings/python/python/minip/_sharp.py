"""``minip sharp --milp`` and ``minip sharp --summarize``: the MILP cross-check of ``kstar``
and the summary of committed ``minip-sharp/1`` files."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, List, Optional, Union

from . import _minip
from ._convert import PathLike, Rational, _nat, _nats, _rational
from ._gap import _conf
from ._grid import SharpRow
from ._tables import Rows


class MilpRow:
    """One ``m`` of the MILP cross-check (a ``sharp.milp`` record): the exact minimum of the
    certified ``kstar`` over the configurations that fit in ``m`` bits (``min_kstar``, text,
    at ``argmin``), HiGHS's floating-point optimum over Boolean tokens (``milp_value``, a
    hint, never a verdict) and whether they agree (``verdict``: ``'agree'``, ``'disagree'``
    or ``'error'``)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.m: int = d["m"]
        self.d: int = d["d"]
        self.configurations: int = d["configurations"]
        self.min_kstar: str = d["min_kstar"]
        self.argmin: Optional[Dict[str, int]] = d.get("argmin")
        self.milp_value: Optional[str] = d.get("milp_value")
        self.milp_tokens: Optional[Dict[str, str]] = d.get("milp_tokens")
        self.verdict: str = d["verdict"]
        self.error: Optional[str] = d.get("error")

    def __repr__(self) -> str:
        return f"MilpRow(m={self.m}, min_kstar={self.min_kstar}, milp_value={self.milp_value}, verdict={self.verdict!r})"


class MilpCheck(Rows[MilpRow]):
    """The MILP cross-check (``minip sharp --milp``), one :class:`MilpRow` per ``m``;
    ``str()`` the command line's table (with its timings), ``ok`` every ``m`` agrees (the
    command line's exit 0)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[MilpRow] = [MilpRow(r) for r in d["rows"]]
        self.text: str = d["text"]
        self.exit_code: int = d["exit_code"]

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def __repr__(self) -> str:
        agree = sum(r.verdict == "agree" for r in self.rows)
        return f"<MilpCheck: {len(self.rows)} m, {agree} agree>"


def sharp_milp(
    d: int = 1,
    *,
    m: Union[int, Iterable[int]] = range(2, 5),
    n: int = 3,
    eps: Rational = "1/2",
    family: str = "paper",
) -> MilpCheck:
    """The MILP cross-check (``minip sharp --milp``): for each ``m``, the exact minimum of
    the certified ``kstar`` over every configuration with gap ``w − u ≥ d`` that fits in ``m``
    bits, beside HiGHS's optimum of the same question over Boolean tokens.

    >>> c = minip.sharp_milp(d=2, m=3)
    >>> c.ok, c[0].min_kstar, c[0].verdict
    (True, '1', 'agree')
    """
    ms = _nats("m", m)
    text = ms if isinstance(ms, str) else ",".join(str(v) for v in ms)
    conf = _conf(_nat("d", d), None, None, None, None, n, eps, family, "paper", "min-ip", "nonneg", "shared", "all", None)
    return MilpCheck(json.loads(_minip.sharp_milp(conf, text)))


class SharpSummary(Rows[SharpRow]):
    """Committed ``minip-sharp/1`` files summarized (``minip sharp --summarize PATH``): every
    file checked first, each configuration once (:class:`SharpRow`), and the command line's
    ``summary`` lines; ``ok`` its exit 0 (no certified ``kstar`` below the lemma's K: the
    committed files hold such configurations, beyond the lemma's ε, so their ``ok`` is
    ``False``, as the command line exits 1)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.rows: List[SharpRow] = [SharpRow(r) for r in d["rows"]]
        self.summary: List[str] = list(d["summary"])
        self.exit_code: int = d["exit_code"]

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def __str__(self) -> str:
        return "\n".join(self.summary)

    def __repr__(self) -> str:
        return f"<SharpSummary: {len(self.rows)} configurations>"


def sharp_summarize(path: PathLike) -> SharpSummary:
    """Summarizes committed ``minip-sharp/1`` files (a file or a directory), each checked by
    the checker first (``minip sharp --summarize PATH``); a file that does not check raises
    ``ValueError`` naming it, as the command line refuses it.

    >>> s = minip.sharp_summarize("proofs/sharp")
    >>> len(s), s.summary[0].split(":")[0]
    (19152, '19152 configurations')
    """
    return SharpSummary(json.loads(_minip.sharp_summarize(os.fspath(path))))
