"""The compiled evaluators (Numba): the batch kernel and the one-hand rank the other kernels use.

``pip install pokerdealer[numba]`` adds Numba; this module is imported only
where it is (:func:`pokerdealer.evaluation.batch.kernel`, the equity and
environment kernels). Every function here reads the compact tables of
:mod:`._compact` (``*compact.arguments()``): a hand's word (the sum of its
cards' words from :data:`~._compact.EMPTY`) gives the non-flush rank
through the perfect hash and says whether a suit has five cards; only then
are the cards' bits read for the flush table. One pass per hand, no
temporaries: the NumPy path makes a dozen passes over its chunk.

Compiled on first use and cached on disk (Numba's cache).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from pokerdealer.evaluation._compact import BAD, BUCKET_BITS, CHECK, EMPTY, RANK_KEY, TABLE_BITS

__all__ = ["flush_best", "non_flush_best", "rank_cards", "ranks"]


_SLOT_SHIFT = 64 - TABLE_BITS
_BUCKET_SHIFT = 64 - TABLE_BITS - BUCKET_BITS
_BUCKETS = (1 << BUCKET_BITS) - 1


@njit(cache=True, nogil=True)
def non_flush_best(word: int, multiplier: Any, displacement: Any, ranked: Any) -> int:  # noqa: ANN401
    """The best non-flush rank of a hand's word, through the perfect hash."""
    hashed = np.uint64(word & RANK_KEY) * multiplier
    bucket = (hashed >> np.uint64(_BUCKET_SHIFT)) & np.uint64(_BUCKETS)
    return np.int32(ranked[(hashed >> np.uint64(_SLOT_SHIFT)) ^ np.uint64(displacement[bucket])])


@njit(cache=True, nogil=True)
def flush_best(flush: int, bits: int, flush_rank: Any) -> int:  # noqa: ANN401
    """The flush rank of a hand whose word has ``flush = word & CHECK`` set, from the OR of
    its cards' bits (the one suit with five cards or more: the counter whose top bit is set)."""
    suit = ((flush >> 39) & 1) + 2 * ((flush >> 43) & 1) + 3 * ((flush >> 47) & 1)
    return np.int32(flush_rank[(bits >> (16 * suit)) & 0x1FFF])


@njit(cache=True, nogil=True)
def rank_cards(
    cards: Any, word: Any, bit: Any, multiplier: Any, displacement: Any, ranked: Any, flush_rank: Any
) -> int:  # noqa: ANN401
    """The rank of one hand of 5-7 valid card indices."""
    key = np.int64(EMPTY)
    for card in cards:
        key += word[card]
    rank = non_flush_best(key, multiplier, displacement, ranked)
    flush = key & CHECK
    if flush:
        bits = np.int64(0)
        for card in cards:
            bits |= bit[card]
        rank = max(rank, flush_best(flush, bits, flush_rank))
    return rank


@njit(cache=True, nogil=True)
def ranks(
    hands: Any, word: Any, bit: Any, multiplier: Any, displacement: Any, ranked: Any, flush_rank: Any,
    out: Any,
) -> int:  # noqa: ANN401
    """Each row's rank into ``out``; 1 if some row held a card outside the deck (its
    rank is then meaningless), else 0. Any integer dtype: a negative or huge index
    reads the last of the 256 words (:data:`~._compact.BAD`)."""
    rows, size = hands.shape
    top = np.uint64(255)
    seen = np.int64(0)
    for row in range(rows):
        if size == 7:  # unrolled: the common case
            c0 = min(np.uint64(hands[row, 0]), top)
            c1 = min(np.uint64(hands[row, 1]), top)
            c2 = min(np.uint64(hands[row, 2]), top)
            c3 = min(np.uint64(hands[row, 3]), top)
            c4 = min(np.uint64(hands[row, 4]), top)
            c5 = min(np.uint64(hands[row, 5]), top)
            c6 = min(np.uint64(hands[row, 6]), top)
            # (summed as a tree: shorter chains, fewer registers held)
            key = ((np.int64(EMPTY) + word[c0]) + (word[c1] + word[c2])) + (
                (word[c3] + word[c4]) + (word[c5] + word[c6])
            )
        else:
            key = np.int64(EMPTY)
            for position in range(size):
                key += word[min(np.uint64(hands[row, position]), top)]
        rank = non_flush_best(key, multiplier, displacement, ranked)
        flush = key & CHECK
        if flush:
            bits = np.int64(0)
            for position in range(size):
                bits |= bit[min(np.uint64(hands[row, position]), top)]
            rank = max(rank, flush_best(flush, bits, flush_rank))
        seen |= key
        out[row] = rank
    return 1 if seen >= BAD else 0
