"""The notebook examples/minip.ipynb, executed headless top to bottom: any error fails."""

import os
import time

import nbformat
from nbclient import NotebookClient

from conftest import ROOT


def test_notebook_runs_top_to_bottom():
    path = ROOT / "examples" / "minip.ipynb"
    nb = nbformat.read(path, as_version=4)
    os.environ.setdefault("MPLBACKEND", "Agg")
    client = NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    t = time.time()
    client.execute()  # raises CellExecutionError on the first failing cell
    seconds = time.time() - t
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    # The settled table, the rejected tampering, the amplification value and the checked files.
    assert "The lemma stands" in text
    assert "rejected:" in text
    assert "h = 24: R = 2303/2" in text
    assert " 0 failed, 0 invalid" in text
    # Two figures, drawn from the live calls.
    assert sum(1 for o in outputs if "image/png" in o.get("data", {})) == 2
    print(f"notebook: {seconds:.1f} s")
