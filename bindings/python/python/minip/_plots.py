"""matplotlib figures of the list results (``Ratios.plot``, ``RankBounds.plot``,
``LinearBounds.plot``, ``Frontier.plot``, ``AmplifyGrid.plot``, and the shared
``plot_columns`` of the escape routes' lists). matplotlib is imported only when a plot is
drawn. Each function draws on ``ax`` (or a new figure's axes) and returns the ``Figure``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

if TYPE_CHECKING:
    from ._records import FrontierRow, LinearBound, RankBound, Ratio, Uncertified


def _axes(ax: Any) -> Tuple[Any, Any]:
    if ax is not None:
        return ax.figure, ax
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("plot() needs matplotlib, which is not installed: pip install matplotlib") from None
    # Constrained layout keeps the axis labels and the legend (placed beside the axes, where it
    # covers no curve) inside the figure, also in savefig.
    fig, ax = plt.subplots(figsize=(7.5, 3.8), constrained_layout=True)
    return fig, ax


def _legend(ax: Any) -> None:
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0)


def _integer_m(ax: Any) -> None:
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def plot_ratios(rows: Sequence["Ratio"], ax: Any) -> Any:
    fig, ax = _axes(ax)
    pts = [(r.h, r.log2_ratio) for r in rows if r.log2_ratio is not None]
    ax.plot([h for h, _ in pts], [y for _, y in pts], "o-", label="log2 R, certified")
    chain = [(r.h, math.log2(r.chain_bound)) for r in rows if r.chain_bound is not None and r.chain_bound > 0]
    if chain:
        ax.plot([h for h, _ in chain], [y for _, y in chain], "s--", label="log2 chain bound")
    ax.set_xlabel("query weight h")
    ax.set_ylabel("log2 ratio")
    _integer_m(ax)
    first = rows[0] if rows else None
    if first is not None:
        ax.set_title(f"Forced kernel ratio, n = {first.n}, eps = {first.eps}")
    _legend(ax)
    return fig


def plot_rank(rows: Sequence[Union["RankBound", "Uncertified"]], ax: Any) -> Any:
    fig, ax = _axes(ax)
    pts = [(b.m, b.bound) for b in rows if b.bound is not None]
    ax.semilogy([m for m, _ in pts], [b for _, b in pts], "o-", label="certified lower bound (rank)")
    ms = [b.m for b in rows]
    ax.semilogy(ms, [2**m for m in ms], color="gray", lw=0.8, label="trivial $2^m$")
    ax.set_xlabel("bits per token m")
    ax.set_ylabel("feature rank")
    _integer_m(ax)
    ax.set_title("Certified rank lower bounds")
    _legend(ax)
    return fig


def plot_linear(rows: Sequence[Union["LinearBound", "Uncertified"]], ax: Any) -> Any:
    fig, ax = _axes(ax)
    by_n: Dict[int, List[Tuple[int, int]]] = {}
    for b in rows:
        if b.bound is not None and b.n is not None:
            by_n.setdefault(b.n, []).append((b.m, b.bound))
    for n, pts in sorted(by_n.items()):
        ax.semilogy([m for m, _ in pts], [float(b) for _, b in pts], "o-", label=f"n = {n}")
    ax.set_xlabel("bits per token m")
    ax.set_ylabel("feature rank")
    _integer_m(ax)
    ax.set_title("Certified rank lower bounds from linear codes")
    _legend(ax)
    return fig


def plot_frontier(rows: Sequence["FrontierRow"], ax: Any, lower: Optional[Sequence["RankBound"]]) -> Any:
    fig, ax = _axes(ax)
    # A lower bound for length 3 holds for every longer length: one curve, the largest per m.
    best: Dict[int, int] = {}
    pairs = [(b.m, b.bound) for b in lower] if lower is not None else [(r.m, r.lower) for r in rows]
    for m, b in pairs:
        if b is not None:
            best[m] = max(b, best.get(m, b))
    if best:
        ms_lo = sorted(best)
        ax.semilogy(ms_lo, [best[m] for m in ms_lo], "o-", label="certified lower bound (rank)")
    ns = sorted({r.n for r in rows})
    for n in ns:
        at = "" if len(ns) == 1 else f", n = {n}"
        for kind, style in [("per_weight", "s--"), ("shared", "^:"), ("sparse", "v-."), ("signed", "d:")]:
            pts = [(r.m, r.upper[kind].rank) for r in rows if r.n == n and kind in r.upper]
            if not pts:
                continue
            # A signed head's kernel may be negative: it is outside the paper's model, so its
            # rank bounds nothing there; it is drawn for comparison, hollow.
            label = (f"signed head{at} (outside the paper's model)" if kind == "signed"
                     else f"certified upper bound, {kind.replace('_', '-')} head{at}")
            extra = {"markerfacecolor": "none"} if kind == "signed" else {}
            ax.semilogy([m for m, _ in pts], [k for _, k in pts], style, label=label, **extra)
    ms = sorted({r.m for r in rows})
    ax.semilogy(ms, [2**m for m in ms], color="gray", lw=0.8, label="trivial $2^m$")
    ax.set_xlabel("bits per token m")
    ax.set_ylabel("feature rank")
    _integer_m(ax)
    if len(ns) == 1:
        title_n = f"n = {ns[0]}"
    elif ns == list(range(ns[0], ns[-1] + 1)):
        title_n = f"n = {ns[0]}..{ns[-1]}"
    else:
        title_n = "n = " + ", ".join(str(n) for n in ns)
    ax.set_title(f"Rank frontier, {title_n}, eps = 1/2" if ns else "Rank frontier, eps = 1/2")
    _legend(ax)
    return fig


def plot_ratio_series(series: Mapping[str, Sequence["Ratio"]], ax: Any) -> Any:
    """``log2 R`` against ``h``, one line per series of a ratio table."""
    fig, ax = _axes(ax)
    for name, rows in series.items():
        pts = [(r.h, r.log2_ratio) for r in rows if r.log2_ratio is not None]
        if pts:
            ax.plot([h for h, _ in pts], [y for _, y in pts], "o-", label=name)
    ax.set_xlabel("query weight h")
    ax.set_ylabel("log2 ratio")
    ax.set_title("Forced kernel ratios by series")
    _legend(ax)
    return fig


def plot_columns(
    rows: Sequence[Any], ax: Any, x: str, ys: Sequence[str], by: Optional[str], title: str, ylabel: str, log: bool
) -> Any:
    """Each column of ``ys`` against ``x`` (rows without a value left out), one line per value of
    ``by`` when the rows have several; a log scale when ``log``. A new figure is laid out to
    keep its labels (``savefig`` cuts none); the x axis has integer ticks."""
    new = ax is None
    fig, ax = _axes(ax)
    if new:
        fig.set_layout_engine("constrained")
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    groups: Dict[Any, List[Any]] = {}
    for r in rows:
        groups.setdefault(getattr(r, by) if by else None, []).append(r)
    for key, rs in sorted(groups.items(), key=lambda kv: (kv[0] is None, kv[0])):
        for y in ys:
            pts = [(getattr(r, x), getattr(r, y)) for r in rs if getattr(r, y) is not None]
            if not pts:
                continue
            label = y if key is None or len(groups) == 1 else f"{y}, {by} = {key}"
            draw = ax.semilogy if log else ax.plot
            draw([a for a, _ in pts], [float(b) for _, b in pts], "o-", label=label)
    ax.set_xlabel(x)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    _legend(ax)
    return fig
