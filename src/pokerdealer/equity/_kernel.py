"""The vectorised core of the equity calculator: boards, ranks, exact and sampled tallies.

Everything here works on plain integers and NumPy arrays:

* a card's *code* is the evaluator's additive code (``tables.card_code``):
  the code sum of a hand indexes the non-flush table and says whether a
  suit has five cards or more (see :mod:`pokerdealer.evaluation.tables`);
* a card's *bit* is ``1 << (suit * 13 + rank)``: OR-ing bits gives a 52-bit
  mask whose 13-bit slices are the rank masks of each suit, which is what
  the flush table wants, and an AND of two masks detects shared cards.

Codes add and bits OR, so a board's code sum and mask are computed once per
board and shared by every player: a player's 7-card key is ``board key +
hole key``. :func:`board_tables` builds the sums of every k-card board
without a Python loop per board (one vectorised add per card and size).

The two ways to count deals build on these: :mod:`._exact` (every deal)
and :mod:`._montecarlo` (sampled deals). No Python loop runs per board.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from pokerdealer.evaluation._compact import Compact, compact_tables
from pokerdealer.evaluation.tables import RANK_BITS, RANK_MASK, Ranking, tables_for
from pokerdealer.evaluation.value import Category

__all__ = [
    "BLOCK",
    "CATEGORY_ORDER",
    "Players",
    "Progress",
    "Tally",
    "board_tables",
    "card_bits",
    "card_codes",
    "compact_seven",
    "compatible_assignments",
    "ranks_of",
]

_TABLES = tables_for(Ranking())
CARD_CODE: np.ndarray = _TABLES.card_code.astype(np.int64)
CARD_BIT: np.ndarray = np.array([1 << ((i & 3) * 13 + (i >> 2)) for i in range(52)], np.int64)
_NON_FLUSH_7: np.ndarray = _TABLES.non_flush_rank[7]
_FLUSH_SUIT: np.ndarray = _TABLES.flush_suit
_FLUSH_RANK: np.ndarray = _TABLES.flush_rank

#: Categories strongest first; ``_RANK_CATEGORY[rank]`` is an index into it.
CATEGORY_ORDER: tuple[Category, ...] = tuple(Category)
_RANK_CATEGORY: np.ndarray = np.array(
    [CATEGORY_ORDER.index(c) for c in _TABLES.class_category], dtype=np.intp
)

#: Elements per working matrix (rows x boards): small enough to stay in cache.
BLOCK = 1 << 17


@functools.cache
def compact_seven() -> Compact:
    """The compiled evaluators' tables for 7 hold'em cards (Monte Carlo's kernel reads them)."""
    return compact_tables(_TABLES, 7)


def card_codes(cards: np.ndarray) -> np.ndarray:
    """Additive evaluator codes of card indices (any shape)."""
    return CARD_CODE[cards]


def card_bits(cards: np.ndarray) -> np.ndarray:
    """52-bit masks ``1 << (suit * 13 + rank)`` of card indices (any shape)."""
    return CARD_BIT[cards]


def board_tables(deck: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Code sums and card masks of every ``k``-card subset of ``deck``, lexicographic order.

    Built size by size: the ``j``-subsets starting with card ``i`` are card
    ``i`` added to the ``j - 1``-subsets of the cards after it, and those
    are a contiguous tail of the previous size's array. So each size costs
    one vectorised add (and one OR) per card, not a loop per board.

    >>> keys, masks = board_tables(np.array([0, 1, 2, 3]), 2)
    >>> len(keys), bin(int(masks[0]))
    (6, '0b10000000000001')
    """
    deck = np.asarray(deck, dtype=np.intp)
    n = len(deck)
    if k == 0:
        return np.zeros(1, np.int64), np.zeros(1, np.int64)
    codes, bits = CARD_CODE[deck], CARD_BIT[deck]
    keys, masks = codes.copy(), bits.copy()
    for size in range(2, k + 1):
        previous = math.comb(n, size - 1)
        new_keys = np.empty(math.comb(n, size), np.int64)
        new_masks = np.empty_like(new_keys)
        position = 0
        for i in range(n - size + 1):
            count = math.comb(n - i - 1, size - 1)
            tail = slice(previous - count, previous)
            np.add(keys[tail], codes[i], out=new_keys[position : position + count])
            np.bitwise_or(masks[tail], bits[i], out=new_masks[position : position + count])
            position += count
        keys, masks = new_keys, new_masks
    return keys, masks


def ranks_of(
    keys: np.ndarray,
    masks: np.ndarray | Callable[[np.ndarray], np.ndarray],
    *,
    clip: bool = False,
) -> np.ndarray:
    """Ranks (``uint16``, higher is better) of 7-card hands given by code sums and card masks.

    Masks are only read for the hands with five cards of a suit, so
    ``masks`` may also be a function from (flat) row numbers to those rows'
    masks, to build them only where needed. ``clip`` makes impossible hands
    (a card counted twice, as in a combo that collides with a board) index
    the table safely; their ranks are meaningless and must be masked out by
    the caller.
    """
    index = keys & RANK_MASK
    if clip:
        np.minimum(index, len(_NON_FLUSH_7) - 1, out=index)
    ranks = _NON_FLUSH_7[index]
    suits = _FLUSH_SUIT[keys >> RANK_BITS]
    flushed = np.flatnonzero(suits.ravel() >= 0)
    if flushed.size:
        flat = ranks.reshape(-1)
        shift = suits.ravel()[flushed].astype(np.int64) * 13
        chosen = masks(flushed) if callable(masks) else masks.ravel()[flushed]
        suited = (chosen >> shift) & 0x1FFF
        flat[flushed] = np.maximum(flat[flushed], _FLUSH_RANK[suited])
    return ranks


@dataclass
class Players:
    """Each player's live combos as arrays.

    ``keys`` and ``masks`` are the code sums and card masks of the hole cards
    plus the known board cards (what evaluation needs); ``holes`` the masks of
    the hole cards alone (what collision checks need).
    """

    keys: list[np.ndarray]
    masks: list[np.ndarray]
    holes: list[np.ndarray]
    weights: list[np.ndarray]
    #: per player: the range is every combo of the cards that can still come, equally weighted
    uniform: list[bool] = field(default_factory=list)
    #: code sum and card mask of the known board cards
    board_key: int = 0
    board_mask: int = 0

    @property
    def count(self) -> int:
        return len(self.keys)


@dataclass
class Tally:
    """Weighted outcome sums. ``total`` is the weight of all outcomes counted.

    Per player: ``win`` (sole best hand), ``tie`` (best hand shared),
    ``share`` (pot share: 1 / number of winners when among them) and
    ``share_sq`` (its square, for the Monte Carlo standard error).
    ``categories[p, c]`` holds (made, won, tied) weights by the final
    category ``CATEGORY_ORDER[c]``.
    """

    players: int
    with_categories: bool = False
    total: float = 0.0
    outcomes: int = 0
    win: np.ndarray = field(init=False)
    tie: np.ndarray = field(init=False)
    share: np.ndarray = field(init=False)
    share_sq: np.ndarray = field(init=False)
    categories: np.ndarray | None = field(init=False)

    def __post_init__(self) -> None:
        self.win = np.zeros(self.players)
        self.tie = np.zeros(self.players)
        self.share = np.zeros(self.players)
        self.share_sq = np.zeros(self.players)
        self.categories = (
            np.zeros((self.players, len(CATEGORY_ORDER), 3)) if self.with_categories else None
        )

    def score(
        self,
        ranks: list[np.ndarray],
        valid: np.ndarray | None,
        row_weights: np.ndarray,
        *,
        row_sizes: np.ndarray | None = None,
    ) -> None:
        """Add the showdowns of ``(rows, boards)`` rank matrices (or rows broadcast to them).

        ``valid`` marks the (row, board) pairs that are real deals (no shared
        card); ``row_weights`` weighs each row (a combo assignment), and
        ``row_sizes`` says how many assignments each row stands for (one
        when not given; see :mod:`._symmetry`).
        """
        shape = np.broadcast_shapes(*(r.shape for r in ranks))
        boards = shape[1]
        if valid is not None:
            counted = np.count_nonzero(valid, axis=1)
            self.outcomes += int(counted.sum() if row_sizes is None else row_sizes @ counted)
            total = float(row_weights @ counted)
        else:
            self.outcomes += (shape[0] if row_sizes is None else int(row_sizes.sum())) * boards
            total = float(row_weights.sum()) * boards
        self.total += total
        if len(ranks) == 2 and self.categories is None:
            first, second = ranks
            ahead = first > second
            level = first == second
            if valid is not None:
                ahead &= valid
                level &= valid
            won = float(row_weights @ np.count_nonzero(ahead, axis=1))
            tied = float(row_weights @ np.count_nonzero(level, axis=1))
            lost = total - won - tied
            self.win += (won, lost)
            self.tie += (tied, tied)
            self.share += (won + tied / 2, lost + tied / 2)
            self.share_sq += (won + tied / 4, lost + tied / 4)
            return
        stack = np.stack(np.broadcast_arrays(*ranks))
        best = stack.max(axis=0)
        is_best = stack == best
        if valid is not None:
            is_best &= valid
        winners = np.count_nonzero(is_best, axis=0)
        sole = winners == 1
        inverse = 1.0 / np.maximum(winners, 1)
        for p in range(len(ranks)):
            mine = is_best[p]
            won = float(row_weights @ np.count_nonzero(mine & sole, axis=1))
            best_count = float(row_weights @ np.count_nonzero(mine, axis=1))
            share = np.where(mine, inverse, 0.0)
            self.win[p] += won
            self.tie[p] += best_count - won
            self.share[p] += float(row_weights @ share.sum(axis=1))
            self.share_sq[p] += float(row_weights @ (share * inverse).sum(axis=1))
            if self.categories is not None:
                self._categories(p, stack[p], mine, mine & sole, valid, row_weights)

    def _categories(
        self,
        player: int,
        ranks: np.ndarray,
        best: np.ndarray,
        sole: np.ndarray,
        valid: np.ndarray | None,
        row_weights: np.ndarray,
    ) -> None:
        assert self.categories is not None
        category = _RANK_CATEGORY[ranks]
        weights = np.broadcast_to(row_weights[:, None], ranks.shape)
        if valid is not None:
            weights = np.where(valid, weights, 0.0)
        n = len(CATEGORY_ORDER)
        table = self.categories[player]
        table[:, 0] += np.bincount(category.ravel(), weights.ravel(), minlength=n)
        table[:, 1] += np.bincount(category[sole], weights[sole], minlength=n)
        tied = best & ~sole
        table[:, 2] += np.bincount(category[tied], weights[tied], minlength=n)


def compatible_assignments(
    masks: list[np.ndarray], weights: list[np.ndarray], limit: int
) -> tuple[np.ndarray, np.ndarray] | None:
    """Every way to give each player one of their combos with no card shared.

    Returns ``(rows, weights)``: ``rows[a, p]`` is player ``p``'s combo in
    assignment ``a`` and ``weights[a]`` the product of the combo weights;
    ``None`` when more than ``limit`` rows would be needed along the way.
    Players are joined smallest range first to keep the partial lists short.
    """
    order = sorted(range(len(masks)), key=lambda p: len(masks[p]))
    first = order[0]
    rows = np.arange(len(masks[first]), dtype=np.int32)[:, None]
    used = masks[first].copy()
    row_weights = weights[first].astype(np.float64)
    for p in order[1:]:
        if len(rows) * len(masks[p]) > 2 * limit:
            return None
        fits = (used[:, None] & masks[p][None, :]) == 0
        row, combo = np.nonzero(fits)
        if len(row) > limit:
            return None
        rows = np.concatenate([rows[row], combo[:, None].astype(np.int32)], axis=1)
        used = used[row] | masks[p][combo]
        row_weights = row_weights[row] * weights[p][combo]
    inverse = np.argsort(order)
    return np.ascontiguousarray(rows[:, inverse]), row_weights


#: Called with the fraction of the work done, 0..1.
Progress = Callable[[float], None]
