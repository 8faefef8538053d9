# Types of the extension module minip._minip (src/*.rs). Every function returns JSON text
# that minip/__init__.py turns into objects; rationals go in and out as text.
from typing import Optional, List

__version__: str

class Unknown(RuntimeError): ...
class Rejected(ValueError): ...

def settle(n: int, eps: str, ds: List[int], family: str, literal: str) -> str: ...
def check(
    n: int,
    eps: str,
    d: Optional[int],
    h: Optional[int],
    u: Optional[int],
    w: Optional[int],
    tokens: Optional[str],
    family: str,
    bound: str,
    task: str,
    kernel: str,
    positions: str,
    keys: str,
    at: Optional[int],
) -> str: ...
def verify(paths: List[str]) -> str: ...
def check_certificate(text: str, dir: Optional[str] = None) -> str: ...
def write_text(path: str, text: str) -> None: ...
