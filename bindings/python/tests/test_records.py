"""Each record class reads the fields of its ``--json`` record as docs/schema/KIND.json defines
them: a field it reads is in the schema (or is one the bindings add beside the record: the
certificate's text, a proof, the command line's text), and a field of the schema that it does
not read is named here as left out. A field added to a schema, renamed or dropped fails here
until the record class follows."""

import ast
import json
from typing import Dict, Set

import pytest

from conftest import ROOT

RECORDS = ROOT / "bindings" / "python" / "python" / "minip" / "_records.py"
CONVERT = ROOT / "bindings" / "python" / "python" / "minip" / "_convert.py"
SCHEMA = ROOT / "docs" / "schema"

#: The record class and the kind of record it reads.
KIND = {
    "GapResult": "gap.verdict", "SweepRow": "gap.verdict", "Sharp": "sharp.kstar", "SharpRow": "sharp.kstar",
    "MilpRow": "sharp.milp", "Ratio": "amplify.ratio", "RankBound": "rank.bound", "LinearBound": "rank.linear",
    "WeightedBound": "rank.weighted", "RankTwo": "rank.two", "FrontierRow": "frontier.row", "ReadoutRow": "readout.row",
    "PrecisionRow": "readout.precision", "MultilevelRow": "readout.multilevel", "Escape": "multihead.domination",
    "HeadsRow": "multihead.frontier", "FileCheck": "verify.file", "HeadReport": "head.verify",
    "AttackReport": "head.attack", "TransitionEntry": "head.transition", "SearchReport": "head.search",
    "Claim": "paper.claim",
}

#: Fields the bindings send beside a record's own: the certificate file's text, a DRAT proof,
#: the command line's text; and the few a binding computes (``series`` of a ratio table's row).
ADDED = {"certificate", "proof", "text"}
ADDED_TO = {
    "Ratio": {"series"},
    "LinearBound": {"construction"},
    "FrontierRow": {"complete"},
    "HeadReport": {"correct"},
    "Escape": {"certificate_file"},
    "HeadsRow": {"certificate_file"},
}

#: Fields of the schema a record class leaves out (besides ``kind`` and ``version``).
LEFT_OUT = {
    "GapResult": {"certificate_file", "tokens"},  # the certificate itself is read instead
    "SweepRow": {"certificate", "tokens"},
    "SharpRow": {"certificate"},
    "Sharp": {"reason", "verdict"},  # a Sharp is certified: an unknown one raises
    "Ratio": {"certificate_file"},
    "RankBound": {"classes", "paper_log2", "sat_out_of_budget", "trivial", "uniform_bound", "uniform_value",
                  "verdict", "x", "y"},
    "LinearBound": {"candidates", "ceiling_exponent", "ceiling_log2_per_m", "class_count", "code", "dim", "eps",
                    "paper_log2", "trivial", "verdict"},
    "FrontierRow": {"paper_log2", "searched", "trivial", "verdict"},
    "HeadReport": {"verdict"},  # as ``correct``
    "WeightedBound": {"verdict"},
    "ReadoutRow": {"classes_by", "info_bits", "least_max_value"},
    "Escape": {"in_range"},
    "FileCheck": {"exported_from"},
}


def reads(cls: ast.ClassDef, extra: Set[str]) -> Set[str]:
    """The record fields a class reads: ``d["x"]``, ``d.get("x")``, and the names of a ``for``
    over a tuple of names that are read as ``d.get(name)``; ``extra`` for a mixin's."""
    keys = set(extra)
    for n in ast.walk(cls):
        if isinstance(n, ast.Subscript) and getattr(n.value, "id", None) == "d" and isinstance(n.slice, ast.Constant):
            keys.add(n.slice.value)
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get"
                and getattr(n.func.value, "id", None) == "d" and isinstance(n.args[0], ast.Constant)):
            keys.add(n.args[0].value)
        if isinstance(n, ast.For) and isinstance(n.iter, ast.Tuple) and isinstance(n.target, ast.Name):
            if f"d.get({n.target.id})" in ast.unparse(n):
                keys.update(e.value for e in n.iter.elts if isinstance(e, ast.Constant))
    return keys


def classes() -> Dict[str, ast.ClassDef]:
    return {n.name: n for n in ast.parse(RECORDS.read_text()).body if isinstance(n, ast.ClassDef)}


def configuration() -> Set[str]:
    (conf,) = [n for n in ast.parse(CONVERT.read_text()).body if isinstance(n, ast.ClassDef) and n.name == "Configuration"]
    return reads(conf, set())


@pytest.mark.parametrize("name", sorted(KIND))
def test_record_reads_its_schema(name: str) -> None:
    cls = classes()[name]
    mixin = configuration() if any(getattr(b, "id", None) == "Configuration" for b in cls.bases) else set()
    read = reads(cls, mixin)
    schema = set(json.loads((SCHEMA / f"{KIND[name]}.json").read_text())["properties"])
    assert read - schema <= ADDED | ADDED_TO.get(name, set()), f"{name} reads {sorted(read - schema - ADDED)}"
    assert schema - read - {"kind", "version"} == LEFT_OUT.get(name, set()), (
        f"{name}: the schema's {sorted(schema - read - {'kind', 'version'} - LEFT_OUT.get(name, set()))} "
        "are neither read nor left out"
    )


def test_every_record_class_is_named() -> None:
    # Each class of _records.py reads a record of a schema, or is a part of one, a report of a
    # measurement, or a file written.
    parts = {"Certified", "Head", "PolyHead", "Uncertified", "ExpectReport", "CoqFile", "BenchReport"}
    assert set(classes()) == set(KIND) | parts
