"""Exact pre-flop equity by classes of boards instead of boards.

A five-card board reaches a player's rank through two things only: the
multiset of its ranks (what the non-flush table reads) and, when the player
can make a flush in some suit, which ranks of that suit it holds. So the
1.7 million boards of a heads-up pre-flop question fall into a few tens of
thousands of classes whose boards all end the same way, and each class is
evaluated once and counted as many times as it has boards.

Flush classes. Player ``p`` can make a flush in suit ``s`` only when the
board holds at least ``5 - h(p, s)`` cards of it (``h``: the player's hole
cards of that suit). Let ``t(s) = 5 - max_p h(p, s)``, at least 3. A board
with ``j >= t(s)`` cards of suit ``s`` is classed by ``s``, the rank mask
``S`` of those ``j`` cards and the rank multiset ``O`` of its other
``5 - j`` cards; since ``t(s) >= 3`` and ``3 + 3 > 5``, a board reaches the
threshold of one suit at most, so these classes never overlap. A class has
``prod_r C(a'(r), m(r))`` boards, ``a'(r)`` being the cards of rank ``r``
still available outside suit ``s`` and ``m(r)`` the copies of ``r`` in
``O``.

Rank classes. Every other board gives nobody a flush, so only its rank
multiset ``M`` matters: ``prod_r C(a(r), m(r))`` boards have multiset ``M``,
less the boards of the flush classes with that multiset.

Counts are integers and so are the tallies of wins, ties and pot shares
(shares in 2520ths, the least common multiple of 1..10), so the answer is
exactly the one board-by-board enumeration gives.

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.equity._kernel import CARD_BIT
>>> bit = lambda text: sum(int(CARD_BIT[c.index]) for c in parse_cards(text))
>>> holes = [bit("As Ks"), bit("Qh Qd")]
>>> out = board_class_outcome(holes, available=(1 << 52) - 1 - bit("As Ks Qh Qd"))
>>> int(out.boards), out.win.tolist(), out.tie.tolist()
(1712304, [787966, 917606], [6732, 6732])
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import numpy as np

from pokerdealer.equity._kernel import (
    _FLUSH_RANK,
    _NON_FLUSH_7,
    _RANK_CATEGORY,
    CATEGORY_ORDER,
)
from pokerdealer.evaluation.tables import RANK_WEIGHTS

__all__ = ["SHARE_UNIT", "ClassOutcome", "board_class_outcome"]

#: Pot shares are counted in units of 1/2520: 1/w is a whole number of them for 1 <= w <= 10.
SHARE_UNIT = 2520
_SLICE = 0x1FFF
_WEIGHTS = np.array(RANK_WEIGHTS, np.int64)
#: _BINOMIAL[n * 5 + m] = C(n, m) for n, m in 0..4
_BINOMIAL = np.array([math.comb(n, m) for n in range(5) for m in range(5)], np.int64)


@dataclass(frozen=True)
class _Multisets:
    """Rank multisets of one size, each rank at most four times.

    ``ranks``/``copies`` (``count x size``) list each multiset's distinct
    ranks and their multiplicities (padded with rank 13, zero copies);
    ``keys`` are the sums of the ranks' weights (the non-flush table's
    index part), sorted ascending.
    """

    ranks: np.ndarray
    copies: np.ndarray
    keys: np.ndarray

    def boards(self, available: np.ndarray) -> np.ndarray:
        """Boards per multiset when ``available[r]`` cards of rank ``r`` can be dealt.

        ``available`` has a 14th entry, 0, for the padding rank.
        """
        if self.ranks.shape[1] == 0:
            return np.ones(len(self.keys), np.int64)
        choices = _BINOMIAL[available[self.ranks] * 5 + self.copies]
        return choices.prod(axis=1)


@functools.cache
def _multisets(size: int) -> _Multisets:
    # Sorted rank tuples are the size-subsets of 13 + size - 1 slots, less 0, 1, 2...
    # (stars and bars): a subset c0 < c1 < ... gives the ranks c0 <= c1 - 1 <= ...
    subsets = itertools.chain.from_iterable(itertools.combinations(range(12 + size), size))
    rows = np.fromiter(subsets, np.int64, count=math.comb(12 + size, size) * size)
    rows = rows.reshape(math.comb(12 + size, size), size) - np.arange(size)
    copies = (rows[:, :, None] == rows[:, None, :]).sum(axis=2)
    first = np.ones(rows.shape, bool)
    first[:, 1:] = rows[:, 1:] != rows[:, :-1]
    real = (copies <= 4).all(axis=1)
    rows, copies, first = rows[real], copies[real], first[real]
    keys = _WEIGHTS[rows].sum(axis=1)
    order = np.argsort(keys)
    return _Multisets(
        ranks=np.where(first, rows, 13)[order],
        copies=np.where(first, copies, 0)[order],
        keys=keys[order],
    )


@dataclass(frozen=True)
class _FlushClasses:
    """The flush classes with ``size`` cards of the flush suit, for any suit.

    Rows are the suit's rank masks with ``size`` bits (``masks``), columns the
    multisets of the board's other ``5 - size`` ranks (``rest``);
    ``full[i, j]`` is the position of the whole board's rank multiset in
    ``_multisets(5)``.
    """

    masks: np.ndarray
    rest: _Multisets
    full: np.ndarray


@functools.cache
def _flush_classes(size: int) -> _FlushClasses:
    masks = np.arange(1 << 13, dtype=np.int64)
    bits = np.zeros_like(masks)
    keys = np.zeros_like(masks)
    for rank in range(13):
        bit = (masks >> rank) & 1
        bits += bit
        keys += bit * RANK_WEIGHTS[rank]
    chosen = bits == size
    rest = _multisets(5 - size)
    full = np.searchsorted(_multisets(5).keys, keys[chosen][:, None] + rest.keys[None, :])
    return _FlushClasses(masks=masks[chosen], rest=rest, full=full)


@dataclass(frozen=True)
class ClassOutcome:
    """Integer tallies of one assignment over every board.

    ``win[p]`` boards where player ``p`` alone holds the best hand,
    ``tie[p]`` where they share it, ``share[p]`` their pot shares in
    :data:`SHARE_UNIT` ths; ``categories[p, c]`` (on request) holds (made,
    won, tied) board counts by final category ``CATEGORY_ORDER[c]``.
    """

    boards: int
    win: np.ndarray
    tie: np.ndarray
    share: np.ndarray
    categories: np.ndarray | None


def board_class_outcome(
    holes: list[int], *, available: int, categories: bool = False
) -> ClassOutcome:
    """Every player's results over every 5-card board of the ``available`` cards.

    ``holes`` are the players' hole-card masks and ``available`` the mask of
    the cards the board can take (none of the hole or dead cards).
    """
    suit_bits = np.array([(available >> (13 * s)) & _SLICE for s in range(4)], np.int64)
    suit_ranks = (suit_bits[:, None] >> np.arange(13)) & 1
    per_rank = np.append(suit_ranks.sum(axis=0), 0)
    hole_suits = [[(h >> (13 * s)) & _SLICE for s in range(4)] for h in holes]
    hole_keys = np.array(
        [sum(RANK_WEIGHTS[r] for r in range(13) for s in hand if s >> r & 1) for hand in hole_suits]
    )
    full = _multisets(5)
    rank_boards = full.boards(per_rank)
    # A multiset no board has (more copies of a rank than are left) may index
    # past the table with the hole cards added: clip it; it counts no boards.
    rank_index = np.minimum(full.keys[None, :] + hole_keys[:, None], len(_NON_FLUSH_7) - 1)
    rank_ranks = _NON_FLUSH_7[rank_index]
    class_boards = [rank_boards]
    class_ranks = [rank_ranks]
    for suit in range(4):
        held = [hand[suit].bit_count() for hand in hole_suits]
        others = per_rank.copy()
        others[:13] -= suit_ranks[suit]
        for size in range(5 - max(held), 6):
            flush = _flush_classes(size)
            rows = (flush.masks & ~suit_bits[suit]) == 0
            rest_boards = flush.rest.boards(others)
            columns = rest_boards > 0
            if not rows.any() or not columns.any():
                continue
            masks = flush.masks[rows]
            where = flush.full[rows][:, columns]
            boards = np.broadcast_to(rest_boards[columns], where.shape).ravel()
            where = where.ravel()
            # The board's ranks are those of a rank class: so is the non-flush rank.
            ranks = rank_ranks[:, where]
            for p, hand in enumerate(hole_suits):
                if held[p] + size >= 5:
                    mine = ranks[p].reshape(len(masks), -1)
                    np.maximum(mine, _FLUSH_RANK[masks | hand[suit]][:, None], out=mine)
            # These boards leave the rank classes: their count there is subtracted.
            rank_boards -= np.bincount(where, weights=boards, minlength=len(rank_boards)).astype(
                np.int64
            )
            class_boards.append(boards)
            class_ranks.append(ranks)
    return _tally(
        np.concatenate(class_ranks, axis=1), np.concatenate(class_boards), categories=categories
    )


def _tally(ranks: np.ndarray, boards: np.ndarray, *, categories: bool) -> ClassOutcome:
    """Integer wins, ties and pot shares of ``players x classes`` ranks, ``boards[c]`` a class."""
    players = len(ranks)
    total = int(boards.sum())
    if players == 2 and not categories:
        first, second = ranks
        won = int(boards[first > second].sum())
        lost = int(boards[first < second].sum())
        tied = total - won - lost
        return ClassOutcome(
            boards=total,
            win=np.array([won, lost], np.int64),
            tie=np.array([tied, tied], np.int64),
            share=np.array([won, lost], np.int64) * SHARE_UNIT + tied * (SHARE_UNIT // 2),
            categories=None,
        )
    best = ranks.max(axis=0)
    is_best = ranks == best
    winners = is_best.sum(axis=0)
    sole = winners == 1
    unit = SHARE_UNIT // winners
    win = np.array([int(boards[is_best[p] & sole].sum()) for p in range(players)], np.int64)
    tie = np.array([int(boards[is_best[p] & ~sole].sum()) for p in range(players)], np.int64)
    share = np.array(
        [int((boards[is_best[p]] * unit[is_best[p]]).sum()) for p in range(players)], np.int64
    )
    table = None
    if categories:
        n = len(CATEGORY_ORDER)
        table = np.zeros((players, n, 3), np.int64)
        weights = boards.astype(np.float64)
        for p in range(players):
            category = _RANK_CATEGORY[ranks[p]]
            mine = is_best[p]
            table[p, :, 0] = np.bincount(category, weights, minlength=n)
            won = mine & sole
            table[p, :, 1] = np.bincount(category[won], weights[won], minlength=n)
            tied = mine & ~sole
            table[p, :, 2] = np.bincount(category[tied], weights[tied], minlength=n)
    return ClassOutcome(boards=total, win=win, tie=tie, share=share, categories=table)
