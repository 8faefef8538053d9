"""The package stays in order, as tests/layers.rs keeps the library: every module of
python/minip sits on a floor and imports only modules on lower floors, so there is no import
circle. Every import counts: at the top, under ``TYPE_CHECKING``, inside a function. Each
command module calls only the functions of its binding file (``_rank.py`` those of
src/rank.rs), every name is defined in one module only (``_path`` once), and every record
class is in the leaf ``_records.py``."""

import ast
import re
from pathlib import Path
from typing import Dict, List, Set

from conftest import ROOT

PACKAGE = ROOT / "bindings" / "python" / "python" / "minip"
BINDINGS = ROOT / "bindings" / "python" / "src"

#: The floors, lowest first: a module imports only modules on floors below its own.
FLOORS: List[Set[str]] = [
    {"_minip"},  # the extension module (src/*.rs)
    {"_convert", "_progress"},  # arguments in, values out; progress
    {"_records"},  # every record class: a leaf
    {"_plots"},  # figures of the result lists
    {"_tables"},  # the result lists: tables, HTML, plots
    # One module per command, none importing another.
    {"_gap", "_sweep", "_sharp", "_amplify", "_rank", "_frontier", "_head", "_transition", "_export", "_bench",
     "_readout", "_multihead", "_paper"},
    {"__init__"},  # the public names
]

#: Command modules whose binding file is not named after them.
BINDING = {"_gap": "gap"}


def floor(module: str) -> int:
    for i, f in enumerate(FLOORS):
        if module in f:
            return i
    raise AssertionError(f"{module}.py is on no floor of FLOORS: put it on one")


def modules() -> Dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(), str(p)) for p in sorted(PACKAGE.glob("*.py"))}


def imports(tree: ast.Module) -> Set[str]:
    """The package's modules a module imports, anywhere in it (``from . import _minip``, ``from
    ._records import X``, ``import minip._tables``, under ``TYPE_CHECKING`` or in a function)."""
    found: Set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module is None:
                found.update(a.name for a in node.names)
            elif node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 0 and node.module and node.module.split(".")[0] == "minip":
                parts = node.module.split(".")
                found.update([parts[1]] if len(parts) > 1 else [a.name for a in node.names])
            assert node.level <= 1, "no imports from above the package"
        elif isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[0] == "minip" and len(parts) > 1:
                    found.add(parts[1])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and str(arg.value).startswith("minip"):
                found.add(str(arg.value).split(".")[1])
    return found


def test_every_import_goes_down_a_floor():
    mods = modules()
    assert "_minip" not in mods  # the extension has no .py file; its stub is _minip.pyi
    for name, tree in mods.items():
        for other in imports(tree):
            assert floor(other) < floor(name), f"{name}.py imports {other} (floor {floor(other)} ≥ {floor(name)})"


def test_no_import_circle():
    # Implied by the floors; checked on its own, on the graph itself, so that a wrong floor
    # table cannot hide a circle.
    graph = {name: imports(tree) & set(modules()) for name, tree in modules().items()}
    state: Dict[str, int] = {}

    def visit(m: str, path: List[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            assert state.get(n) != 1, "import circle: " + " -> ".join(path + [m, n])
            if n not in state:
                visit(n, path + [m])
        state[m] = 2

    for m in graph:
        if m not in state:
            visit(m, [])


def test_a_circle_is_found():
    # The finder above sees a circle through a TYPE_CHECKING and a function-level import.
    a = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ._b import X\n")
    b = ast.parse("def f():\n    from . import _a\n")
    assert imports(a) == {"_b"} and imports(b) == {"_a"}


def test_every_name_is_defined_once():
    seen: Dict[str, str] = {}
    for name, tree in modules().items():
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                defined = node.name
            elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                defined = node.targets[0].id
            else:
                continue
            if defined in ("__all__",):
                continue
            assert seen.setdefault(defined, name) == name, f"{defined} is defined in {seen[defined]}.py and {name}.py"
    assert seen["_path"] == "_convert"


def test_record_classes_live_in_records():
    # A record class reads one row of the library's JSON (``__init__(self, d)``); the result
    # lists (``_tables``) hold rows.
    for name, tree in modules().items():
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and name not in ("_records", "_tables", "_convert", "_progress"):
                raise AssertionError(f"class {node.name} is in {name}.py: records go to _records.py, lists to _tables.py")


def pyfunctions(rs: Path) -> Set[str]:
    """The functions a binding file registers (``wrap_pyfunction!(NAME``), by their Python name."""
    text = rs.read_text()
    names = set(re.findall(r"wrap_pyfunction!\((?:\w+::)?(\w+)", text))
    renamed = {f: n for n, f in re.findall(r'#\[pyo3\(name = "(\w+)"[^\]]*\]\s*(?:pub )?fn (\w+)', text)}
    return {renamed.get(n, n) for n in names}


def calls(tree: ast.Module) -> Set[str]:
    return {
        node.attr for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "_minip"
    }


def test_each_command_module_has_its_binding_file():
    mods = modules()
    registered = {rs.stem: pyfunctions(rs) for rs in BINDINGS.glob("*.rs")}
    shared = {"MAX_RANGE_ITEMS", "LIMITS", "set_progress", "spelling", "check_certificate", "write_text", "write_bytes"}
    for name in sorted(FLOORS[5]):
        rs = BINDING.get(name, name.lstrip("_"))
        assert rs in registered, f"{name}.py has no binding file src/{rs}.rs"
        used = calls(mods[name]) - shared
        assert used <= registered[rs], f"{name}.py calls {sorted(used - registered[rs])}, not in src/{rs}.rs"
        # And the binding file's functions are this module's.
        assert registered[rs] - {"check_certificate", "write_text", "write_bytes"} <= calls(mods[name]), rs
