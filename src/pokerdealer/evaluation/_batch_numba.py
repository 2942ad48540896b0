"""The batch evaluator's compiled kernel (Numba), used when Numba is installed.

``pip install pokerdealer[numba]`` adds it; without it :func:`evaluate_many`
stays on its NumPy path, which gives the same ranks. The kernel reads the
same tables as every other path (:mod:`pokerdealer.evaluation.tables`): the
sum of the card codes indexes the non-flush table, its suit counters say
whether a flush is possible, and only then is the flush table read. One
pass per hand, no temporaries: the NumPy path makes a dozen passes over its
chunk.

The kernel is compiled on first use and cached on disk (Numba's cache), so
only large batches are sent to it (:data:`MIN_ROWS`): a small batch would
pay the import and the cache load for nothing.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["MIN_ROWS", "kernel"]

#: Batches smaller than this stay on the NumPy path (Numba's import and cache
#: load cost about as much as NumPy evaluating this many hands).
MIN_ROWS = 1 << 16


@functools.cache
def kernel() -> Callable[..., None] | None:
    """The compiled kernel, or ``None`` without Numba (or with ``POKERDEALER_NUMBA=0``).

    ``kernel()(hands, card_code, non_flush, flush_suit, flush_rank, out)``
    writes the rank of each row of ``hands`` into ``out``.
    """
    if os.environ.get("POKERDEALER_NUMBA", "1") == "0":
        return None
    try:
        from numba import njit
    except ImportError:
        return None

    def ranks(
        hands: Any,
        code: Any,
        non_flush: Any,
        flush_suit: Any,
        flush_rank: Any,
        out: Any,
    ) -> None:
        rows, size = hands.shape
        for row in range(rows):
            key = np.int64(0)
            for position in range(size):
                key += code[hands[row, position]]
            rank = np.int32(non_flush[key & 0x7FFFFF])  # tables.RANK_MASK
            suit = flush_suit[key >> 23]  # tables.RANK_BITS
            if suit >= 0:
                mask = 0
                for position in range(size):
                    card = np.int64(hands[row, position])  # any index dtype
                    if card & 3 == suit:
                        mask |= 1 << (card >> 2)
                flush = np.int32(flush_rank[mask])
                if flush > rank:
                    rank = flush
            out[row] = rank

    compiled: Callable[..., None] = njit(cache=True, nogil=True)(ranks)
    return compiled
