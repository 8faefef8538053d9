"""Every command and option of the command line exists in the package.

Each command's options are read from its ``--help``; each must be a parameter (``--h-max`` is
``h_max``) of one of the functions that command maps to, or an entry of ``EQUIVALENT`` naming
the function (and parameter) that does the same thing. A new option of the command line with
no Python counterpart fails here, and so does an entry of the tables that no longer matches.
"""

import inspect
import re
import subprocess
from typing import Dict, List, Optional, Set, Tuple

import pytest

import minip

from conftest import ROOT

MINIP = ROOT / "target" / "release" / "minip"

# The command line's commands and the functions that do their work.
COMMANDS: Dict[str, List[str]] = {
    "settle": ["settle"],
    "check": ["check"],
    "sweep": ["sweep"],
    "verify": ["verify", "check_certificate"],
    "bench": ["bench"],
    "head verify": ["head_verify"],
    "head attack": ["head_attack"],
    "head bench": ["head_bench"],
    "head search": ["head_search"],
    "transition": ["transition"],
    "sharp": ["sharp", "sharp_grid", "sharp_milp", "sharp_summarize"],
    "amplify": ["amplify", "amplify_grid"],
    "amplify-bench": ["amplify_bench"],
    "rank": ["rank", "rank_linear", "rank_weighted", "rank_two"],
    "frontier": ["frontier"],
    "export coq": ["export_coq"],
    "readout": ["readout", "readout_multilevel"],
    "multihead domination": ["multihead_domination"],
    "multihead frontier": ["multihead_frontier"],
    "paper": ["paper"],
}

# Umbrella commands (their subcommands are above) and the ones with nothing to call.
NOT_CALLS = {"head", "export", "help", "limits", "multihead"}

# (command or "*", option) -> (function, parameter or None): where the option's work is done
# when it is not a parameter of the same name.
EQUIVALENT: Dict[Tuple[str, str], Tuple[str, Optional[str]]] = {
    # The returned objects are the records (attributes, to_pandas()).
    ("*", "--json"): ("settle", None),
    # A result's plot() is a matplotlib figure (savefig writes SVG).
    ("amplify", "--plot"): ("amplify", None),
    ("rank", "--plot"): ("rank", None),
    ("rank", "--plot-n"): ("rank_linear", None),
    ("frontier", "--plot"): ("frontier", None),
    ("head verify", "--len"): ("head_verify", "length"),
    ("head verify", "--no-symmetry"): ("head_verify", "symmetry"),
    ("head attack", "--no-symmetry"): ("head_attack", "symmetry"),
    ("sharp", "--grid"): ("sharp_grid", "grid"),
    ("sharp", "--milp"): ("sharp_milp", None),
    ("sharp", "--summarize"): ("sharp_summarize", "path"),
    ("amplify", "--grid"): ("amplify_grid", "grid"),
    ("rank", "--linear"): ("rank_linear", None),
    ("rank", "--no-explicit"): ("rank_linear", "explicit"),
    ("rank", "--weighted"): ("rank_weighted", None),
    ("rank", "--from"): ("rank_weighted", "start"),
    ("rank", "--two"): ("rank_two", None),
    ("readout", "--multilevel"): ("readout_multilevel", None),
    ("paper", "--no-coq"): ("paper", "coq"),
}


def cli_help(command: str) -> str:
    r = subprocess.run([str(MINIP), *command.split(), "--help"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, (command, r.stderr)
    return r.stdout


def options(command: str) -> Set[str]:
    """The long options of a command's help, and its positional arguments as ``<NAME>``."""
    text = cli_help(command)
    found = set(re.findall(r"^\s+(?:-\w, )?(--[a-z0-9-]+)", text, re.M)) - {"--help", "--version"}
    usage = next(line for line in text.splitlines() if line.startswith("Usage:"))
    usage = re.sub(r"\[OPTIONS\]|--\w[\w-]* <\w+>", "", usage)
    found |= {f"<{p}>" for p in re.findall(r"<(\w+)>", usage)}
    return found


def params(name: str) -> Set[str]:
    return set(inspect.signature(getattr(minip, name)).parameters)


needs_cli = pytest.mark.skipif(not MINIP.exists(), reason="the command line is built by `cargo build --release`")


@needs_cli
def test_every_command_is_mapped():
    text = cli_help("")
    top = re.findall(r"^  ([a-z][a-z-]*)\s", text.split("Commands:")[1].split("Options:")[0], re.M)
    mapped = {c.split()[0] for c in COMMANDS} | NOT_CALLS
    assert set(top) <= mapped, set(top) - mapped
    for sub in ("head", "export", "multihead"):
        subs = re.findall(r"^  ([a-z][a-z-]*)\s", cli_help(sub).split("Commands:")[1].split("Options:")[0], re.M)
        assert {f"{sub} {s}" for s in subs if s != "help"} <= set(COMMANDS), (sub, subs)


@needs_cli
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_option_has_a_python_counterpart(command: str):
    funcs = COMMANDS[command]
    for f in funcs:
        assert callable(getattr(minip, f)), f
    missing = []
    for opt in sorted(options(command)):
        name = opt.strip("-<>").lower().replace("-", "_")
        if any(name in params(f) for f in funcs):
            continue
        eq = EQUIVALENT.get((command, opt)) or EQUIVALENT.get(("*", opt))
        if eq is None:
            missing.append(opt)
            continue
        func, param = eq
        assert func in funcs or command == "settle" or opt == "--json", (command, opt, func)
        if param is not None:
            assert param in params(func), (command, opt, func, param)
    assert not missing, f"minip {command}: no Python counterpart for {missing}"


@needs_cli
def test_no_stale_equivalent():
    # Every entry names an option the command still has.
    for (command, opt), _ in EQUIVALENT.items():
        if command == "*":
            continue
        assert opt in options(command), (command, opt)


# (command, option) whose default is the front end's own by design. `frontier()` without
# arguments answers in seconds (m = 4, 6, ..., 16, the step in the range itself), where
# `minip frontier` prints the whole table (m = 4..=64 in steps of 2) as the README shows it.
# `rank_dir=None` names no folder: the help shows the committed folders the command line reads.
OWN_DEFAULT: Set[Tuple[str, str]] = {
    ("frontier", "--m"),
    ("frontier", "--step"),
    ("frontier", "--rank-dir"),
    ("frontier", "--rank-linear-dir"),
}


def cli_defaults(command: str) -> Dict[str, str]:
    """Each option's ``[default: X]`` in a command's help, by Python parameter name."""
    text = cli_help(command)
    out: Dict[str, str] = {}
    for block in re.split(r"\n(?=\s+(?:-\w, )?--)", text):
        m = re.match(r"\s+(?:-\w, )?--([a-z0-9-]+)", block)
        d = re.search(r"\[default: ([^\]]*)\]", block)
        if m and d:
            out[m.group(1).replace("-", "_")] = d.group(1)
    return out


def as_cli(value: object) -> str:
    """A Python default written as the command line writes it."""
    if isinstance(value, range):
        return f"{value.start}..={value.stop - 1}" if value.step == 1 else repr(value)
    if isinstance(value, (list, tuple)):
        return ",".join(as_cli(v) for v in value)
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


@needs_cli
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_defaults_agree_between_the_command_line_and_python(command: str):
    # One default per option: a parameter of the same name keeps the command line's default.
    defaults = cli_defaults(command)
    differ = []
    for f in COMMANDS[command]:
        for name, p in inspect.signature(getattr(minip, f)).parameters.items():
            if name not in defaults or p.default is inspect.Parameter.empty:
                continue
            if (command, "--" + name.replace("_", "-")) in OWN_DEFAULT:
                continue
            if as_cli(p.default) != defaults[name]:
                differ.append(f"{f}({name}={p.default!r}) against --{name.replace('_', '-')} {defaults[name]}")
    assert not differ, f"minip {command}: defaults differ: {differ}"
