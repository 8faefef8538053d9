"""``minip export coq``: accepted certificates written as Coq data."""

from __future__ import annotations

import json
import os
from typing import Iterable, List, Union

from . import _minip
from ._convert import PathLike, _bounded
from ._records import CoqFile


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
