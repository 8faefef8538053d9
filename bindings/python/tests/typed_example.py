"""A small typed program against minip's stub types: `mypy --strict` checks it in CI
(.ci/python), so a change that breaks the published types fails there (run from the repository root)."""

from decimal import Decimal
from fractions import Fraction
from typing import Dict, List, Optional, Tuple

import minip


def lemma_rows() -> List[str]:
    s: minip.Settlement = minip.settle(n=3, eps="1/2", d=range(2, 4))
    out: List[str] = []
    for r in s:
        k: Fraction = r.kprime
        out.append(f"{r.d} {r.bound} {r.verdict} {k}")
    return out


def one_check() -> Fraction:
    r: minip.GapResult = minip.check(d=3, eps=Fraction(1, 2), bound="paper")
    m: Optional[Dict[str, Fraction]] = r.multipliers
    assert m is not None
    claim: str = r.verify()
    assert claim.startswith("holds")
    return sum(m.values(), Fraction(0))


def files() -> bool:
    v: minip.Verification = minip.verify(["proofs/settle"])
    first: minip.FileCheck = v[0]
    return v.ok and first.ok


def tables() -> int:
    rows: minip.Ratios = minip.amplify(h=range(1, 4), progress=lambda done, total, label: None)
    first: minip.Ratio = rows[0]
    bounds: minip.RankBounds = minip.rank(m=[4, 5], sat_budget=0, progress=False)
    cols: Tuple[str, ...] = minip.Frontier.columns
    html: str = rows._repr_html_() + bounds._repr_html_()
    return len(html) + len(cols) + first.h


def one_rank() -> int:
    # One m: a certified bound or minip.Unknown, so every field is its value (no assert).
    b: minip.RankBound = minip.rank(m=8)
    bound: int = b.bound
    value: Fraction = b.value
    construction: str = b.construction
    linear: int = minip.rank_linear(m=8).bound
    return bound + linear + int(value) + len(construction)


def rank_rows() -> List[int]:
    # A batch: a row is a RankBound or an Uncertified one, told apart by its type.
    out: List[int] = []
    for r in minip.rank(m=range(1, 6)):
        if isinstance(r, minip.Uncertified):
            reason: str = r.reason
            out.append(len(reason))
        else:
            out.append(r.bound)
    return out


def exact_inputs() -> Fraction:
    # Decimal and exact floats are taken exactly.
    return minip.check(d=3, eps=Decimal("0.25")).eps + minip.check(d=3, eps=0.5).eps


def grids_and_heads() -> bool:
    s: minip.SweepResult = minip.sweep("instances/small.toml", expect="instances/small.expected.jsonl")
    row: minip.SweepRow = s[0]
    report: Optional[minip.ExpectReport] = s.expect
    attack: minip.AttackReport = minip.head_attack("rank1", m=3)
    table: minip.Transition = minip.transition(m_max=2)
    rows: List[minip.FrontierRow] = minip.frontier(m=4, kernel="per_weight", n=range(3, 5))
    return s.ok and row.verdict == "broken" and report is not None and not attack.correct and table.as_expected and rows[1].n == 4


if __name__ == "__main__":
    print(lemma_rows(), one_check(), files(), tables(), one_rank(), rank_rows(), exact_inputs(), grids_and_heads())
