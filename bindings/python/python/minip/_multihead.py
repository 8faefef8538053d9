"""``minip multihead``: the escape route of several heads, Lemma 3's step with several heads
(``multihead_domination``) and upper bounds with several heads (``multihead_frontier``);
docs/escape.md."""

from __future__ import annotations

import json
from typing import Iterable, Optional, Union

from . import _minip
from ._convert import PathLike, Rational, _nat, _nats, _path, _rational
from ._tables import Escapes, HeadsFrontier


def multihead_domination(
    heads: int = 2,
    d: Union[int, Iterable[int]] = range(2, 9),
    n: Union[int, Iterable[int]] = range(3, 7),
    eps: Rational = "1/2",
    *,
    out: Optional[PathLike] = None,
) -> Escapes:
    """Does the step of Lemma 3 survive several heads (``minip multihead domination``)? For
    each ``(n, d)``, ``heads`` exact heads with ``alpha(x,y) = 0`` whose summed outputs are exact
    on S1–S3, each recomputed by the checker; ``out``: a directory for the
    ``minip-multihead/1`` certificates.

    >>> e = minip.multihead_domination(d=3, n=3)[0]
    >>> e.verdict, e.alpha, e.max_error
    ('escapes', [[Fraction(1, 1), Fraction(0, 1), Fraction(1, 4)], [Fraction(1, 1), Fraction(0, 1), Fraction(1, 2)]], Fraction(0, 1))
    """
    text = _minip.multihead_domination(_nat("heads", heads), _nats("d", d), _nats("n", n), _rational("eps", eps), _path(out))
    return Escapes(json.loads(text))


def multihead_frontier(
    heads: int = 3,
    m: Union[int, Iterable[int]] = range(4, 17),
    degree: int = 1,
    *,
    value_degree: Optional[int] = None,
    single_dir: Optional[PathLike] = None,
    rank_dir: Optional[PathLike] = None,
    rank_linear_dir: Optional[PathLike] = None,
    out: Optional[PathLike] = None,
) -> HeadsFrontier:
    """Upper bounds with several heads (``minip multihead frontier``): ``heads`` heads whose
    kernels are ``(o + c)^degree`` per query weight, certified on every length-3 sequence over
    ``{0,1}^m``, with their total rank beside the single head's (read from ``single_dir``, by
    default ``proofs/frontier``) and the certified lower bound on one head's rank (certificates
    read from ``rank_dir`` and ``rank_linear_dir``, by default ``proofs/rank`` and
    ``proofs/rank-linear``); ``value_degree``: each head's values a polynomial of at most that
    degree in the overlap (``None``: free class values); ``out``: a directory for the ``minip-multihead-heads/2``
    certificates (one per certified ``m``, named in each row's ``certificate_file``).

    >>> [(r.m, r.total_rank, r.single_head_rank) for r in minip.multihead_frontier(heads=2, m=[4, 5])]
    [(4, 10, 5), (5, 12, None)]
    """
    text = _minip.multihead_frontier(
        _nat("heads", heads), _nats("m", m), _nat("degree", degree), _path(single_dir), _path(out), _path(rank_dir),
        _path(rank_linear_dir), None if value_degree is None else _nat("value_degree", value_degree),
    )
    return HeadsFrontier(json.loads(text))
