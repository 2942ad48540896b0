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

No Python loop runs per board: the exact tally loops over chunks of boards
and chunks of combo assignments, the Monte Carlo tally over batches.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from pokerdealer.evaluation.tables import RANK_BITS, RANK_MASK, Ranking, tables_for
from pokerdealer.evaluation.value import Category

__all__ = [
    "CATEGORY_ORDER",
    "Players",
    "Tally",
    "board_tables",
    "card_bits",
    "card_codes",
    "compatible_assignments",
    "exact_tally",
    "monte_carlo_tally",
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
_BLOCK = 1 << 17
#: Monte Carlo samples drawn per batch (fixed, so a seed reproduces a run).
MC_BATCH = 1 << 16
#: Draw random players like weighted ones (whole-deal rejection) when a whole deal of
#: random hands and board is free of collisions at least this often.
REJECTION_ACCEPTANCE = 0.2
#: Redraw rounds for a colliding Monte Carlo sample before it is dropped.
_REDRAWS = 256


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


def ranks_of(keys: np.ndarray, masks: np.ndarray, *, clip: bool = False) -> np.ndarray:
    """Ranks (``uint16``, higher is better) of 7-card hands given by code sums and card masks.

    ``clip`` makes impossible hands (a card counted twice, as in a combo
    that collides with a board) index the table safely; their ranks are
    meaningless and must be masked out by the caller.
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
        suited = (masks.ravel()[flushed] >> shift) & 0x1FFF
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
        self, ranks: list[np.ndarray], valid: np.ndarray | None, row_weights: np.ndarray
    ) -> None:
        """Add the showdowns of ``(rows, boards)`` rank matrices (or rows broadcast to them).

        ``valid`` marks the (row, board) pairs that are real deals (no shared
        card); ``row_weights`` weighs each row (a combo assignment).
        """
        shape = np.broadcast_shapes(*(r.shape for r in ranks))
        boards = shape[1]
        if valid is not None:
            counted = np.count_nonzero(valid, axis=1)
            self.outcomes += int(counted.sum())
            total = float(row_weights @ counted)
        else:
            self.outcomes += shape[0] * boards
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


Progress = Callable[[float], None]


def exact_tally(
    players: Players,
    deck: np.ndarray,
    k: int,
    assignments: tuple[np.ndarray, np.ndarray],
    *,
    categories: bool = False,
    progress: Progress | None = None,
) -> Tally:
    """Enumerate every assignment of combos and every ``k``-card completion from ``deck``.

    ``deck`` holds the cards that can still come; a player's combos may use
    some of them, and (assignment, board) pairs sharing a card are skipped.
    """
    rows, row_weights = assignments
    board_keys, board_masks = board_tables(deck, k)
    boards = len(board_keys)
    deck_mask = int(np.bitwise_or.reduce(CARD_BIT[deck])) if len(deck) else 0
    # Only combos that can meet a board card need the per-board collision check.
    checked = [bool(((m & deck_mask) != 0).any()) for m in players.masks]
    tally = Tally(players.count, with_categories=categories)
    widest = max(max(len(k) for k in players.keys), 1)
    step = max(1024, min(boards, _BLOCK // widest))
    for start in range(0, boards, step):
        stop = min(start + step, boards)
        keys = board_keys[start:stop]
        masks = board_masks[start:stop]
        ranks = []
        fits = []
        for p in range(players.count):
            hole_keys = players.keys[p][:, None]
            hole_masks = players.masks[p][:, None]
            ranks.append(
                ranks_of(keys[None, :] + hole_keys, masks[None, :] | hole_masks, clip=checked[p])
            )
            fits.append((masks[None, :] & hole_masks) == 0 if checked[p] else None)
        row_step = max(1, _BLOCK // (stop - start))
        for row_start in range(0, len(rows), row_step):
            chosen = rows[row_start : row_start + row_step]
            player_ranks = []
            valid = None
            for p in range(players.count):
                table = ranks[p]
                single = len(table) == 1
                player_ranks.append(table if single else table[chosen[:, p]])
                if fits[p] is not None:
                    fit = fits[p] if single else fits[p][chosen[:, p]]
                    valid = fit if valid is None else valid & fit
            if valid is not None and valid.shape[0] != len(chosen):
                valid = np.broadcast_to(valid, (len(chosen), stop - start))
            tally.score(player_ranks, valid, row_weights[row_start : row_start + row_step])
        if progress is not None:
            progress(stop / boards)
    return tally


def _deal_cards(
    rng: np.random.Generator, size: int, taken: list[np.ndarray], count: int, rows: int
) -> list[np.ndarray]:
    """Deal ``count`` cards per row from a deck of ``size`` cards, after the ``taken`` ones.

    A vectorised partial Fisher-Yates shuffle: every row keeps its own
    order of deck positions (``int8``), the cards in ``taken`` (deck
    positions per row, the weighted players' hole cards) are swapped to the
    front first, and then each slot swaps a uniformly drawn remaining card
    into place. No draw is ever rejected. Returns the deck positions dealt,
    one array per slot.
    """
    base = np.arange(rows, dtype=np.int64) * size
    order = np.tile(np.arange(size, dtype=np.int8), rows)
    front = 0
    if taken:
        where = order.copy()  # where[base + card] = the card's place in its row's order
        for cards in taken:
            place = where[base + cards].astype(np.int64)
            there = order[base + front]
            order[base + place] = there
            where[base + there] = place
            order[base + front] = cards
            front += 1
    slots = []
    for slot in range(front, front + count):
        pick = base + rng.integers(slot, size, rows)
        card = order[pick]
        order[pick] = order[base + slot]
        slots.append(card.astype(np.intp))
    return slots


def _cards_of(mask: int) -> list[int]:
    """The two card indices of a hole-card mask."""
    cards = []
    while mask:
        bit = mask & -mask
        position = bit.bit_length() - 1
        cards.append((position % 13) * 4 + position // 13)
        mask ^= bit
    return cards


def _acceptance(cards: int, hands: int, k: int) -> float:
    """Chance that ``hands`` random combos and a ``k``-card board from ``cards`` share no card."""
    chance = 1.0
    for i in range(hands):
        chance *= math.comb(max(cards - 2 * i, 0), 2) / math.comb(cards, 2)
    return chance * math.comb(max(cards - 2 * hands, 0), k) / math.comb(cards, k)


def _draw_board(
    rng: np.random.Generator,
    parts: list[tuple[np.ndarray, np.ndarray]],
    used: np.ndarray,
    alive: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Code sums and masks of one board per row, drawn as disjoint parts avoiding ``used``.

    Each part is an index into a table of all subsets of its size; a row
    whose parts overlap each other or a used card redraws every part, so the
    accepted boards are uniform (each board splits into parts the same
    number of ways). Rows still colliding after :data:`_REDRAWS` rounds are
    marked dead in ``alive``.
    """
    n = len(used)
    if not parts:
        return np.zeros(n, np.int64), np.zeros(n, np.int64)
    picks = [rng.integers(0, len(keys), n) for keys, _ in parts]

    def clashes(rows: np.ndarray | slice) -> tuple[np.ndarray, np.ndarray]:
        taken = used[rows].copy()
        clash = np.zeros(len(taken), bool)
        for (_, masks), pick in zip(parts, picks):
            mask = masks[pick[rows]]
            clash |= (taken & mask) != 0
            taken |= mask
        return clash, taken

    clash, board_mask = clashes(slice(None))
    board_mask ^= used
    pending = np.flatnonzero(clash & alive)
    for _ in range(_REDRAWS):
        if not pending.size:
            break
        for (keys, _), pick in zip(parts, picks):
            pick[pending] = rng.integers(0, len(keys), pending.size)
        clash, taken = clashes(pending)
        board_mask[pending] = taken ^ used[pending]
        pending = pending[clash]
    alive[pending] = False
    board_key = parts[0][0][picks[0]]
    for (keys, _), pick in zip(parts[1:], picks[1:]):
        board_key = board_key + keys[pick]
    return board_key, board_mask


def monte_carlo_tally(
    players: Players,
    deck: np.ndarray,
    k: int,
    rng: np.random.Generator,
    *,
    samples: int | None,
    seconds: float | None,
    categories: bool = False,
    progress: Progress | None = None,
) -> Tally:
    """Sample deals until ``samples`` are scored or ``seconds`` have passed.

    A sample deals, in this order:

    1. every *weighted* player (a range that is not every combo of the
       cards left) a combo drawn by weight, redrawing the whole assignment
       while two of them share a card (rejection sampling keeps the joint
       weights exact);
    2. every *uniform* player (``random``: all combos of the cards left,
       equal weights) two cards, and the board ``k`` cards, uniformly from
       the cards still free, one card at a time. Given step 1 this is the
       exact conditional distribution, and it needs no rejection of whole
       deals, which would be rare with many random hands. (With few hands,
       when whole deals collide less than 80% of the time, uniform players
       are drawn like weighted ones: that is cheaper.)

    When there are no uniform players and a board rarely meets a hole card,
    step 2 instead draws the board from tables of code sums of all 2- and
    3-card subsets (:func:`_draw_board`), redrawing while it meets a hole
    card.

    A sample still colliding after a fixed number of rounds is dropped; the
    accepted ones keep the exact distribution. The batch size is fixed, so
    a seed and a sample count reproduce a run exactly.
    """
    started = time.perf_counter()
    count = players.count
    fixed = [p for p in range(count) if len(players.keys[p]) == 1]
    uniform = [p for p in range(count) if p not in fixed and players.uniform[p]]
    if _acceptance(len(deck), count - len(fixed), k) >= REJECTION_ACCEPTANCE:
        uniform = []  # few enough hands that whole-deal rejection is cheaper than dealing
    weighted = [p for p in range(count) if p not in fixed and p not in uniform]
    equal = {p: bool((players.weights[p] == players.weights[p][0]).all()) for p in weighted}
    cumulative = {p: np.cumsum(players.weights[p]) for p in weighted if not equal[p]}
    free = len(deck) - 2 * len(weighted)
    use_table = not uniform and (
        k == 0 or math.comb(max(free, k), k) / math.comb(len(deck), k) >= 0.3
    )
    # Boards are drawn as up to two parts (5 = 3 + 2 cards) whose tables of
    # code sums stay in cache; random reads from the table of all 5-card
    # boards would miss the cache on nearly every sample.
    parts = [board_tables(deck, size) for size in ((3, 2) if k == 5 else (k,) if k else ())]
    deck_codes, deck_bits = CARD_CODE[deck], CARD_BIT[deck]
    if uniform:
        # each weighted combo's cards that are in the deck, as deck positions
        place = np.full(52, -1, np.int64)
        place[deck] = np.arange(len(deck))
        combo_places = {}
        for p in weighted:
            cards = np.array([_cards_of(int(m)) for m in players.holes[p]], np.int64)
            inside = place[cards]
            combo_places[p] = np.sort(inside, axis=1)[:, ::-1][:, : int((inside[0] >= 0).sum())]
    fixed_used = np.int64(0)
    for p in fixed:
        fixed_used |= players.holes[p][0]
    tally = Tally(count, with_categories=categories)
    one = np.ones(1)
    scored = 0
    while True:
        batch = MC_BATCH if samples is None else min(MC_BATCH, samples - scored)
        if batch <= 0:
            break
        picks = [np.zeros(batch, np.intp) for _ in range(count)]
        used = np.full(batch, fixed_used, np.int64)
        alive = np.ones(batch, bool)
        pending = np.arange(batch) if weighted else np.arange(0)
        for _ in range(_REDRAWS):
            if not pending.size:
                break
            taken = np.full(pending.size, fixed_used, np.int64)
            clash = np.zeros(pending.size, bool)
            for p in weighted:
                if equal[p]:
                    draw = rng.integers(0, len(players.keys[p]), pending.size)
                else:
                    total = cumulative[p][-1]
                    draw = np.searchsorted(
                        cumulative[p], rng.random(pending.size) * total, side="right"
                    )
                    np.minimum(draw, len(cumulative[p]) - 1, out=draw)
                picks[p][pending] = draw
                mask = players.holes[p][draw]
                clash |= (taken & mask) != 0
                taken |= mask
            used[pending] = taken
            pending = pending[clash]
        alive[pending] = False
        keys: list[np.ndarray] = [np.empty(0)] * count
        masks: list[np.ndarray] = [np.empty(0)] * count
        if use_table:
            board_key, board_mask = _draw_board(rng, parts, used, alive)
        else:
            taken = [
                combo_places[p][:, i][picks[p]]
                for p in weighted
                for i in range(combo_places[p].shape[1])
            ]
            slots = _deal_cards(rng, len(deck), taken, k + 2 * len(uniform), batch)
            board_key = np.zeros(batch, np.int64)
            board_mask = np.zeros(batch, np.int64)
            for slot in slots[:k]:
                board_key += deck_codes[slot]
                board_mask |= deck_bits[slot]
            for i, p in enumerate(uniform):
                first, second = slots[k + 2 * i], slots[k + 2 * i + 1]
                keys[p] = deck_codes[first] + deck_codes[second] + players.board_key
                masks[p] = deck_bits[first] | deck_bits[second] | players.board_mask
        for p in weighted:
            keys[p] = players.keys[p][picks[p]]
            masks[p] = players.masks[p][picks[p]]
        if not alive.all():
            keep = np.flatnonzero(alive)
            board_key, board_mask = board_key[keep], board_mask[keep]
            keys = [key[keep] for key in keys]
            masks = [mask[keep] for mask in masks]
        for p in fixed:  # one combo: a scalar broadcast over the batch
            keys[p] = players.keys[p][0]
            masks[p] = players.masks[p][0]
        ranks = [
            ranks_of(board_key + keys[p], board_mask | masks[p])[None, :] for p in range(count)
        ]
        tally.score(ranks, None, one)
        scored += batch
        elapsed = time.perf_counter() - started
        if progress is not None:
            done = scored / samples if samples is not None else 0.0
            if seconds is not None:
                done = max(done, elapsed / seconds)
            progress(min(done, 1.0))
        if seconds is not None and elapsed >= seconds:
            break
    return tally
