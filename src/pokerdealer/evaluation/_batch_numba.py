"""The compiled evaluators (Numba): the batch kernel and the one-hand rank the other kernels use.

``pip install pokerdealer[numba]`` adds Numba; this module is imported only
where it is (:func:`pokerdealer.evaluation.batch.kernel`, the equity and
environment kernels). Every function here reads the compact tables of
:mod:`._compact` (``*compact.arguments()``): a hand's word (the sum of its
cards' words from :data:`~._compact.EMPTY`) gives the non-flush rank
through the perfect hash and says whether a suit has five cards; only then
are the cards' bits read for the flush table. One pass per hand (a second
over the flushes only), no temporaries: the NumPy path makes a dozen passes
over its chunk.

Compiled on first use and cached on disk (Numba's cache).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from pokerdealer.evaluation._compact import BAD, BUCKET_BITS, CHECK, EMPTY, RANK_KEY, TABLE_BITS

__all__ = ["flush_best", "non_flush_best", "rank_cards", "ranks", "ranks_any", "ranks_seven"]


_SLOT_SHIFT = 64 - TABLE_BITS
_BUCKET_SHIFT = 64 - TABLE_BITS - BUCKET_BITS
_BUCKETS = (1 << BUCKET_BITS) - 1
#: What sends a hand of :func:`ranks_seven` to its second loop: a flush, or a card outside
#: the deck (seven :data:`~._compact.BAD` words at most: bits 56-58).
_FLAGGED = CHECK | (7 * BAD)
#: Hands :func:`ranks_seven` takes at a time (its list of flagged rows stays in L1).
_CHUNK = 4096


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


def ranks(
    hands: Any, word: Any, bit: Any, multiplier: Any, displacement: Any, ranked: Any, flush_rank: Any,
    out: Any,
) -> int:  # noqa: ANN401
    """Each row's rank into ``out``; 1 if some row held a card outside the deck (its
    rank is then meaningless), else 0. Any integer dtype and layout (:func:`ranks_any`);
    seven cards a row as uint8 in one block, the common call, by :func:`ranks_seven`."""
    if hands.ndim == 2 and hands.shape[1] == 7 and hands.dtype == np.uint8 and hands.flags.c_contiguous:
        return ranks_seven(  # type: ignore[no-any-return]
            hands.reshape(-1), word, bit, multiplier, displacement, ranked, flush_rank, out
        )
    return ranks_any(  # type: ignore[no-any-return]
        hands, word, bit, multiplier, displacement, ranked, flush_rank, out
    )


@njit(cache=True, nogil=True)
def ranks_seven(
    cards: Any, word: Any, bit: Any, multiplier: Any, displacement: Any, ranked: Any, flush_rank: Any,
    out: Any,
) -> int:  # noqa: ANN401
    """:func:`ranks` of seven-card hands given as one flat run of uint8 card indices.

    The loop over the hands reads no card twice and takes no branch: each hand's
    non-flush rank, and its row written at the end of a short list, which only grows
    when the hand holds a flush or a card outside the deck (a uint8 index above 51
    reads :data:`~._compact.BAD`). A second loop over that list (one hand in 33) reads
    those hands again for the flush table. Against the single loop of :func:`ranks_any`,
    whose flush branch keeps the seven cards and more in registers and spills the
    tables' addresses: 6-10% more hands a second (issue 42)."""
    rows = out.size
    pending = np.empty(_CHUNK, np.int64)
    bad = 0
    for start in range(0, rows, _CHUNK):
        stop = min(start + _CHUNK, rows)
        count = 0
        for row in range(start, stop):
            at = 7 * row
            # (summed as a tree: shorter chains, fewer registers held)
            key = ((np.int64(EMPTY) + word[cards[at]]) + (word[cards[at + 1]] + word[cards[at + 2]])) + (
                (word[cards[at + 3]] + word[cards[at + 4]]) + (word[cards[at + 5]] + word[cards[at + 6]])
            )
            out[row] = non_flush_best(key, multiplier, displacement, ranked)
            pending[count] = row
            count += (key & _FLAGGED) != 0
        for flagged in range(count):
            row = pending[flagged]
            at = 7 * row
            key = np.int64(EMPTY)
            bits = np.int64(0)
            for position in range(7):
                key += word[cards[at + position]]
                bits |= bit[cards[at + position]]
            if key >= BAD:
                bad = 1
            else:
                out[row] = max(out[row], flush_best(key & CHECK, bits, flush_rank))
    return bad


@njit(cache=True, nogil=True)
def ranks_any(
    hands: Any, word: Any, bit: Any, multiplier: Any, displacement: Any, ranked: Any, flush_rank: Any,
    out: Any,
) -> int:  # noqa: ANN401
    """:func:`ranks` of 5-7 cards a row. Any integer dtype: a negative or huge index
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
