"""The stub python/minip/_minip.pyi says what the compiled module minip._minip is: every
function, class and constant of the module is in the stub and nothing else, each function with
the same parameters (names, order, defaults), so that mypy checks the package against the
module it really calls."""

import ast
import inspect
from typing import Any, Dict, List, Tuple

import minip._minip as compiled

from conftest import ROOT

STUB = ROOT / "bindings" / "python" / "python" / "minip" / "_minip.pyi"

#: A default the stub writes as ``...``, or the module shows as ``Ellipsis`` (not a literal).
ANY = object()


def stub() -> Tuple[Dict[str, List[Tuple[str, Any]]], set, set]:
    """The stub's functions (parameters with defaults), classes and constants."""
    tree = ast.parse(STUB.read_text())
    funcs: Dict[str, List[Tuple[str, Any]]] = {}
    classes, constants = set(), set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            args = node.args.args
            defaults = [None] * (len(args) - len(node.args.defaults)) + list(node.args.defaults)
            params = []
            for a, d in zip(args, defaults):
                if d is None:
                    params.append((a.arg, inspect.Parameter.empty))
                elif isinstance(d, ast.Constant) and d.value is Ellipsis:
                    params.append((a.arg, ANY))
                else:
                    params.append((a.arg, ast.literal_eval(d)))
            funcs[node.name] = params
        elif isinstance(node, ast.ClassDef):
            classes.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            constants.add(node.target.id)
    return funcs, classes, constants


def module() -> Tuple[Dict[str, List[Tuple[str, Any]]], set, set]:
    funcs: Dict[str, List[Tuple[str, Any]]] = {}
    classes, constants = set(), set()
    for name in dir(compiled):
        if name.startswith("__") and name != "__version__":
            continue
        v = getattr(compiled, name)
        if isinstance(v, type):
            classes.add(name)
        elif callable(v):
            funcs[name] = [
                (p.name, ANY if p.default is Ellipsis else p.default)
                for p in inspect.signature(v).parameters.values()
            ]
        else:
            constants.add(name)
    return funcs, classes, constants


def test_the_stub_has_what_the_module_has():
    sf, sc, sk = stub()
    mf, mc, mk = module()
    assert sorted(sf) == sorted(mf)
    assert sc == mc == {"Unknown", "Rejected"}
    assert sk == mk == {"__version__", "MAX_RANGE_ITEMS", "LIMITS"}


def test_each_function_has_the_stub_s_parameters():
    sf, _, _ = stub()
    mf, _, _ = module()
    for name, params in mf.items():
        want = sf[name]
        assert [p for p, _ in want] == [p for p, _ in params], name
        for (p, s), (_, m) in zip(want, params):
            if s is ANY or m is ANY:
                # A default that is not a literal: both sides have one.
                assert inspect.Parameter.empty not in (s, m), (name, p)
            else:
                assert s == m, (name, p, s, m)


def test_limits_are_the_checker_s():
    # LIMITS: every limit of crates/minip-check/src/limits.rs, by name, as an int.
    text = (ROOT / "crates" / "minip-check" / "src" / "limits.rs").read_text()
    for name, value in compiled.LIMITS.items():
        assert f"pub const {name}:" in text and isinstance(value, int), name
    assert compiled.LIMITS["MAX_RANGE_ITEMS"] == compiled.MAX_RANGE_ITEMS
