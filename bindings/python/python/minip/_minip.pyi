# Types of the extension module minip._minip (src/*.rs). Every function returns JSON text
# that the package's modules turn into objects; rationals go in and out as text.
# tests/test_stub.py compares this file with the compiled module: every function, class and
# constant with the same parameter names and defaults, and nothing else.
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

# The numbers of one option: a range as the command line's text ("2..9"), or a list.
Nums = Union[str, List[int]]

__version__: str
MAX_RANGE_ITEMS: int
LIMITS: Dict[str, int]

class Unknown(RuntimeError): ...
class Rejected(ValueError): ...

def spelling(message: str) -> str: ...

def settle(n: int, eps: str, ds: Nums, family: str, literal: str, out: Optional[str] = None) -> str: ...
def check(conf: str, cert: Optional[str] = None, vipr: Optional[str] = None) -> str: ...
def verify(paths: List[str]) -> str: ...
def check_certificate(
    text: str, dir: Optional[str] = None, files: List[Tuple[str, bytes]] = ...
) -> str: ...
def write_text(path: str, text: str) -> None: ...
def write_bytes(path: str, data: bytes) -> None: ...
def sharp(conf: str, out: Optional[str] = None, vipr: Optional[str] = None) -> str: ...
def sharp_milp(conf: str, m: str) -> str: ...
def sharp_summarize(path: str) -> str: ...
def amplify(
    n: int,
    eps: str,
    hs: Nums,
    lo: Optional[str],
    hi: Optional[str],
    superset: bool,
    m: Optional[int],
    task: str,
    kernel: str,
    positions: str,
    keys: str,
    at: Optional[int],
    out: Optional[str] = None,
    vipr: bool = False,
    pairs: Optional[str] = None,
    export_lp: Optional[str] = None,
) -> str: ...
def amplify_grid(grid: str, expect: Optional[str] = None, out: Optional[str] = None) -> str: ...
def rank(
    ms: Nums, n: int, eps: str, h_max: int, sat_budget: int, sat_m_max: int, uniform: bool,
    out: Optional[str] = None, jobs: Optional[int] = None,
) -> str: ...
def rank_linear(
    ms: Nums, ns: Nums, explicit: bool = False, out: Optional[str] = None, jobs: Optional[int] = None
) -> str: ...
def frontier(
    ms: Nums,
    n: str,
    kernel: str,
    shared_m_max: int,
    sparse_m_max: int,
    sparse_attempts: int,
    rank_dir: Optional[str],
    rank_linear_dir: Optional[str],
    step: int = 1,
    out: Optional[str] = None,
    jobs: Optional[int] = None,
) -> str: ...
def head_verify(
    head: str, m: Optional[int], len: int, eps: str, base: Optional[str], symmetry: bool
) -> str: ...
def head_search(
    m: int,
    rank: int,
    seed: int,
    restarts: int,
    iterations: Optional[int] = None,
    method: str = "gradient",
    start: Optional[str] = None,
    time_limit: Optional[float] = None,
    out: Optional[str] = None,
    jobs: Optional[int] = None,
) -> str: ...
def set_progress(callback: Optional[Callable[[int, int, str], Any]] = None) -> None: ...
def head_attack(
    head: str, m: Optional[int], n: int, eps: str, base: Optional[str], symmetry: bool
) -> str: ...
def transition(m_max: int, exact_len: int) -> str: ...
def sweep(
    grid: str,
    expect: Optional[str],
    shard: Optional[str],
    jobs: Optional[int],
    out: Optional[str],
    vipr: bool,
) -> str: ...
def sharp_grid(
    grid: str,
    expect: Optional[str],
    shard: Optional[str],
    jobs: Optional[int],
    out: Optional[str],
    vipr: Optional[str],
    csv: Optional[str],
) -> str: ...
def export_coq(certs: List[str], out: str) -> str: ...
def bench(grid: Optional[str] = None, proofs: Optional[str] = None) -> str: ...
def head_bench(m_max: int) -> str: ...
def amplify_bench(h: str, against: str, timeout: int) -> str: ...
def readout(
    ms: Nums, ns: Nums, out: Optional[str] = None, precision: bool = False, budget: Optional[int] = None
) -> str: ...
def readout_multilevel(qs: Nums, ss: Nums, out: Optional[str] = None) -> str: ...
def multihead_domination(heads: int, ds: Nums, ns: Nums, eps: str, out: Optional[str] = None) -> str: ...
def multihead_frontier(
    heads: int,
    ms: Nums,
    degree: int,
    single_dir: Optional[str] = None,
    out: Optional[str] = None,
    rank_dir: Optional[str] = None,
    rank_linear_dir: Optional[str] = None,
    value_degree: Optional[int] = None,
) -> str: ...
def rank_weighted(
    m: int, n: int, start: Optional[str] = None, rounds: int = 200, out: Optional[str] = None
) -> str: ...
def rank_two(m: int, n: int, eps: str, out: Optional[str] = None) -> str: ...
def paper(root: str, coq: bool, html: Optional[str] = None) -> str: ...
