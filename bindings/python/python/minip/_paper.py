"""``minip paper``: the paper's claims, each with its status and its evidence re-checked on
this machine (docs/paper.md)."""

from __future__ import annotations

import json
import os
from typing import Optional

from . import _minip
from ._convert import PathLike, _path
from ._tables import Ledger


def paper(root: PathLike = ".", *, coq: bool = True, html: Optional[PathLike] = None) -> Ledger:
    """The paper claim by claim (``minip paper``): every result of the paper and every
    prediction of its review, with its status (``proved`` in Coq for every parameter,
    ``certified`` for the parameters listed, ``open``, ``false-as-read``), its evidence and
    what stays open, the evidence re-checked here: certificates by the checker, Coq theorems
    through ``coqc`` when it is installed and ``proofs/coq`` is built (else the row's
    ``verdict`` is ``not-re-checked``). ``root``: the repository (where ``proofs/`` is);
    ``coq=False`` skips Coq; ``html``: also write the ledger as one HTML page there.

    >>> ledger = minip.paper(coq=False)  # in the repository
    >>> ledger[0].id, ledger[0].status
    ('lemma3', 'proved')
    """
    return Ledger(json.loads(_minip.paper(os.fspath(root), bool(coq), _path(html))))
