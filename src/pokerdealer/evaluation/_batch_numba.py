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

from pokerdealer.evaluation._compact import (
    BAD, BUCKET_BITS, CHECK, EMPTY, RANK_KEY, SUIT_SHIFT, TABLE_BITS,
)

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

    :func:`_seven_pass` ranks a chunk of hands as if none held a flush, and lists the
    rows that hold a flush or a card outside the deck (a uint8 index above 51 reads
    :data:`~._compact.BAD`); the loop here reads those rows again (one hand in 33) for
    the flush table."""
    rows = np.uint64(out.size)
    pending = np.empty(_CHUNK, np.uint64)
    bad = 0
    start = np.uint64(0)
    while start < rows:
        stop = min(start + np.uint64(_CHUNK), rows)
        count = _seven_pass(cards, word, multiplier, displacement, ranked, out, pending, start, stop)
        for flagged in range(count):
            row = pending[flagged]
            at = np.uint64(7) * row
            key = np.int64(EMPTY)
            bits = np.int64(0)
            for position in range(7):
                key += word[cards[at + np.uint64(position)]]
                bits |= bit[cards[at + np.uint64(position)]]
            if key >= BAD:
                bad = 1
            else:
                out[row] = max(out[row], flush_best(key & CHECK, bits, flush_rank))
        start = stop
    return bad


#: :func:`_seven_pass` leaves :data:`~._compact.EMPTY` out of a hand's word (it only moves
#: the suit counters) and tests the counters shifted down, where both constants fit in an
#: instruction's 32-bit operand and hold no register.
_COUNTERS_EMPTY = EMPTY >> SUIT_SHIFT
_COUNTERS_FLAGGED = _FLAGGED >> SUIT_SHIFT


@njit(cache=True, nogil=True)
def _seven_pass(
    cards: Any, word: Any, multiplier: Any, displacement: Any, ranked: Any, out: Any, pending: Any,
    start: Any, stop: Any,
) -> int:  # noqa: ANN401
    """Rows ``start:stop`` of :func:`ranks_seven` ranked as non-flush hands; the rows that
    hold a flush or a card outside the deck written to ``pending``; how many were.

    A function of its own, for its registers (issue 42): inside ``ranks_seven`` the loop
    shared them with the flush loop's tables and spilled the tables' addresses, the
    multiplier and two 64-bit constants to the stack, reloading them for every hand. Here
    every value the loop reads stays in a register, indices are unsigned (no test for a
    negative index) and no branch is taken: each row is written at the end of ``pending``,
    which only grows when the row is flagged. 24% more hands a second than that loop
    (277.7 M against 224.3 M, the two in one process)."""
    count = np.uint64(0)
    row = start
    at = np.uint64(7) * start
    while row < stop:
        key = np.uint64(
            word[cards[at]] + word[cards[at + np.uint64(1)]] + word[cards[at + np.uint64(2)]]
            + word[cards[at + np.uint64(3)]] + word[cards[at + np.uint64(4)]]
            + word[cards[at + np.uint64(5)]] + word[cards[at + np.uint64(6)]]
        )
        hashed = (key & np.uint64(RANK_KEY)) * multiplier
        bucket = (hashed >> np.uint64(_BUCKET_SHIFT)) & np.uint64(_BUCKETS)
        out[row] = ranked[(hashed >> np.uint64(_SLOT_SHIFT)) ^ np.uint64(displacement[bucket])]
        pending[count] = row
        counters = (key >> np.uint64(SUIT_SHIFT)) + np.uint64(_COUNTERS_EMPTY)
        count += np.uint64((counters & np.uint64(_COUNTERS_FLAGGED)) != 0)
        row += np.uint64(1)
        at += np.uint64(7)
    return count


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
