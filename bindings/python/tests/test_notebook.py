"""The notebook examples/minip.ipynb, executed headless top to bottom: any error fails, and its
outputs must equal the committed ones (the notebook is committed executed, so a code host shows
them) except for timings and memory addresses.

After a change that moves an output on purpose, write the notebook with its new outputs:
``python bindings/python/tests/test_notebook.py --write`` (with the package installed)."""

import copy
import os
import re
import sys
import time

import nbformat
from nbclient import NotebookClient

from conftest import ROOT

PATH = ROOT / "examples" / "minip.ipynb"

#: What may differ between two runs: wall times and object addresses.
VOLATILE = [
    (re.compile(r"ran in \d+(\.\d+)? s"), "ran in <time> s"),
    (re.compile(r" at 0x[0-9a-f]+"), " at 0x<address>"),
]


def execute(nb):
    """Runs every cell of `nb` in place in a fresh kernel; returns the seconds it took."""
    os.environ.setdefault("MPLBACKEND", "Agg")
    client = NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(PATH.parent)}}
    )
    t = time.time()
    client.execute()  # raises CellExecutionError on the first failing cell
    return time.time() - t


def normal(text):
    for pattern, repl in VOLATILE:
        text = pattern.sub(repl, text)
    return text


def outputs(nb):
    """Each code cell's outputs as comparable values: stream text and display data by type."""
    out = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        got = []
        for o in cell.get("outputs", []):
            if o["output_type"] == "stream":
                got.append(("stream", o["name"], normal(o["text"])))
            elif o["output_type"] in ("display_data", "execute_result"):
                data = {k: normal(v) if isinstance(v, str) else v for k, v in o["data"].items()}
                got.append((o["output_type"], sorted(data.items())))
            else:
                got.append((o["output_type"], o.get("ename"), o.get("evalue")))
        out.append(got)
    return out


def test_notebook_runs_top_to_bottom_and_shows_the_committed_outputs():
    committed = nbformat.read(PATH, as_version=4)
    nb = copy.deepcopy(committed)
    seconds = execute(nb)
    fresh = outputs(nb)
    flat = [o for cell in fresh for o in cell]
    assert not [o for o in flat if o[0] == "error"]
    text = "".join(o[2] for o in flat if o[0] == "stream")
    # The settled table, the rejected tampering, the amplification value, the frontier with
    # the constructions-only bound at m = 4 and the checked files.
    assert "The lemma stands" in text
    assert "rejected:" in text
    assert "h = 24: R = 2303/2" in text
    assert "m =  4: 2 <= rank <= 2  (upper from searched; constructions alone: 1)" in text
    assert "m =  6: 3 <= rank <= 4  (upper from searched; constructions alone: 2)" in text
    assert "rank(m=4), with the SAT search: 2" in text
    assert " 0 failed, 0 invalid" in text
    # Four figures, drawn from the live calls (ratios, frontier, readout bits, several heads);
    # tables shown as HTML, the escape routes' lists too.
    assert sum(1 for o in flat if o[0] == "display_data" and "image/png" in dict(o[1])) == 4
    shown = [dict(o[1]) for o in flat if o[0] == "execute_result"]
    assert any("&lt;Frontier: 5 rows for m = 4 to 12" in d.get("text/html", "") for d in shown)
    assert any(d.get("text/plain", "").startswith("<Verification: ") for d in shown)
    assert "<Escapes: 4 rows, 4 escape>" in text
    assert any(d.get("text/plain", "") == "<HeadsFrontier: 4 rows, 4 certified>" for d in shown)
    assert any("&lt;HeadsFrontier: 4 rows, 4 certified&gt;" in d.get("text/html", "") for d in shown)
    # The committed notebook carries the outputs of this run, cell by cell.
    old = outputs(committed)
    assert len(old) == len(fresh)
    for i, (a, b) in enumerate(zip(old, fresh)):
        assert a == b, f"code cell {i}: the committed outputs differ (python {__file__} --write)"
    print(f"notebook: {seconds:.1f} s")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    nb = nbformat.read(PATH, as_version=4)
    print(f"executed in {execute(nb):.1f} s")
    # Execution timestamps would change the file on every write: they are not kept.
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, PATH)
