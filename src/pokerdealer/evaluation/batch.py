"""Evaluating many hands at once on NumPy arrays.

>>> import numpy as np
>>> hands = np.array([[48, 49, 50, 51, 0], [0, 4, 8, 12, 16]])  # four aces; six-high straight flush
>>> evaluate_many(hands).tolist()
[7441, 7454]
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable

import numpy as np

from pokerdealer.cards import Variant
from pokerdealer.errors import EvaluationError
from pokerdealer.evaluation._compact import compact_tables
from pokerdealer.evaluation.tables import RANK_BITS, RANK_MASK, Ranking, tables_for

__all__ = ["MIN_ROWS", "evaluate_many", "kernel"]

#: Rows per chunk: small enough that a chunk's temporaries stay in the L2 cache.
_CHUNK = 1 << 14
#: Batches smaller than this stay on the NumPy path (Numba's import and cache
#: load cost about as much as NumPy evaluating this many hands).
MIN_ROWS = 1 << 16


@functools.cache
def kernel() -> Callable[..., int] | None:
    """The compiled batch kernel (:func:`pokerdealer.evaluation._batch_numba.ranks`), or
    ``None`` without Numba (or with ``POKERDEALER_NUMBA=0``).

    ``kernel()(hands, *compact_tables(tables, k).arguments(), out)`` writes the rank
    of each row of ``hands`` into ``out`` and returns 1 if some row held a card
    outside the deck, else 0.
    """
    if os.environ.get("POKERDEALER_NUMBA", "1") == "0":
        return None
    try:
        from pokerdealer.evaluation import _batch_numba
    except ImportError:
        return None
    compiled: Callable[..., int] = _batch_numba.ranks
    return compiled


def evaluate_many(
    cards: np.ndarray,
    variant: Variant = "holdem",
    *,
    trips_beat_straight: bool = True,
    check_duplicates: bool = False,
) -> np.ndarray:
    """Ranks of ``n`` hands given as an ``(n, k)`` array of card indices, ``k`` in 5..7.

    Returns an ``int32`` array of ranks (higher is better; the same ranks as
    :func:`~pokerdealer.evaluation.evaluate_rank`). Vectorised: no Python
    loop per hand. Card indices are always range-checked; a card repeated
    within a row is only detected with ``check_duplicates=True`` (it costs
    about as much as the evaluation itself).

    With Numba installed (``pip install pokerdealer[numba]``), batches of
    at least 65,536 rows go through a compiled kernel (one pass per hand,
    several times faster); the NumPy path gives the same ranks and is the
    fallback (``POKERDEALER_NUMBA=0`` forces it).
    """
    hands = np.asarray(cards)
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise EvaluationError(
            f"evaluate_many needs an (n, 5..7) array of card indices, got shape {hands.shape}"
        )
    if hands.dtype.kind not in "iu":
        raise EvaluationError(f"card indices must be integers, got dtype {hands.dtype}")
    tables = tables_for(Ranking(variant, trips_beat_straight))
    n, size = hands.shape
    result = np.empty(n, dtype=np.int32)
    compiled = kernel() if n >= MIN_ROWS else None
    # The kernel checks the card indices in its own pass (a card outside the deck
    # has a word of its own); the NumPy path checks them first.
    if compiled is None or check_duplicates:
        _check_range(hands, tables.ranking)
    if check_duplicates and hands.size:
        ordered = np.sort(hands, axis=1)
        repeated = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if repeated.size:
            raise EvaluationError(f"row {repeated[0]} repeats a card: {hands[repeated[0]].tolist()}")
    if compiled is not None:
        if compiled(hands, *compact_tables(tables, size).arguments(), result):
            _check_range(hands, tables.ranking)  # raises, naming the indices
        return result
    code = tables.card_code
    non_flush = tables.non_flush_rank[size]
    flush_suit = tables.flush_suit
    flush_rank = tables.flush_rank
    columns = np.ascontiguousarray(hands.T)  # one contiguous row per card position
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        block = columns[:, start:stop]
        key = code[block[0]]
        for position in range(1, size):
            key += code[block[position]]
        ranks = non_flush[key & RANK_MASK].astype(np.int32)
        suits = flush_suit[key >> RANK_BITS]
        flushed = np.flatnonzero(suits >= 0)
        if flushed.size:
            suit = suits[flushed]
            suited = np.zeros(flushed.size, dtype=np.int64)
            for position in range(size):
                card = block[position, flushed].astype(np.int64)
                suited |= np.where(card & 3 == suit, 1 << (card >> 2), 0)
            ranks[flushed] = np.maximum(ranks[flushed], flush_rank[suited])
        result[start:stop] = ranks
    return result


def _check_range(hands: np.ndarray, ranking: Ranking) -> None:
    """Refuse card indices outside ``ranking``'s deck (0..51; 16..51 in short deck)."""
    lowest = ranking.lowest_rank * 4
    if hands.size and (hands.min() < lowest or hands.max() > 51):
        raise EvaluationError(
            f"card indices must be in {lowest}..51 for {ranking.variant}, "
            f"got {hands.min()}..{hands.max()}"
        )
