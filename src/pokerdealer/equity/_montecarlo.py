"""Monte Carlo equity: sampled deals, in fixed-size vectorised batches."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from copy import deepcopy

import numpy as np

from pokerdealer.equity import _montecarlo_numba
from pokerdealer.equity._kernel import (
    CARD_BIT,
    CARD_CODE,
    Players,
    Progress,
    Tally,
    board_tables,
    compact_seven,
    ranks_of,
)
from pokerdealer.errors import Interrupted
from pokerdealer.evaluation._compact import EMPTY

__all__ = ["BOARD_ACCEPTANCE", "MC_BATCH", "REJECTION_ACCEPTANCE", "monte_carlo_tally"]

#: Monte Carlo samples drawn per batch (fixed, so a seed reproduces a run).
MC_BATCH = 1 << 16
#: Draw random players like weighted ones (whole-deal rejection) when a whole deal of
#: random hands and board is free of collisions at least this often.
REJECTION_ACCEPTANCE = 0.2
#: Draw boards from tables of code sums (redrawing when one meets a hole card) when a
#: board misses the hole cards at least this often; else deal the board card by card.
BOARD_ACCEPTANCE = 0.3
#: Redraw rounds for a colliding Monte Carlo sample before it is dropped.
_REDRAWS = 256


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
    columns = order.reshape(rows, size)
    for slot in range(front, front + count):
        pick = rng.integers(slot, size, rows)
        pick += base
        card = order[pick]
        order[pick] = columns[:, slot]
        slots.append(card)  # int8 deck positions index the deck tables directly
    return slots


def _fixed_masks(board: np.ndarray, hole: int) -> Callable[[np.ndarray], np.ndarray]:
    return lambda rows: board[rows] | hole


def _picked_masks(
    board: np.ndarray, holes: np.ndarray, picks: np.ndarray
) -> Callable[[np.ndarray], np.ndarray]:
    return lambda rows: board[rows] | holes[picks[rows]]


def _dealt_masks(
    board: np.ndarray, bits: np.ndarray, first: np.ndarray, second: np.ndarray, known: int
) -> Callable[[np.ndarray], np.ndarray]:
    return lambda rows: board[rows] | bits[first[rows]] | bits[second[rows]] | known


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
    seeded: bool = False,
) -> Tally:
    """Sample deals until ``samples`` are scored or ``seconds`` have passed.

    With Numba installed, a question without a category breakdown may be
    sampled by the compiled kernel instead, ranges and all
    (:mod:`._montecarlo_numba`; ``seeded``: the run was given a seed, so the
    choice may not depend on whether the kernel is loaded already).
    Otherwise:

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

    Ctrl-C raises :class:`~pokerdealer.errors.Interrupted` with the tally of
    the whole batches scored (a smaller sample of the same run).
    """
    started = time.perf_counter()
    count = players.count
    fixed = [p for p in range(count) if len(players.keys[p]) == 1]
    if not categories and _montecarlo_numba.worth_loading(samples, seconds, seeded=seeded):
        compiled = _montecarlo_numba.kernel()
        if compiled is not None:
            return _compiled_tally(
                compiled, players, deck, k, rng, samples=samples, seconds=seconds, progress=progress
            )
    uniform = [p for p in range(count) if p not in fixed and players.uniform[p]]
    if _acceptance(len(deck), count - len(fixed), k) >= REJECTION_ACCEPTANCE:
        uniform = []  # few enough hands that whole-deal rejection is cheaper than dealing
    weighted = [p for p in range(count) if p not in fixed and p not in uniform]
    equal = {p: bool((players.weights[p] == players.weights[p][0]).all()) for p in weighted}
    cumulative = {p: np.cumsum(players.weights[p]) for p in weighted if not equal[p]}
    free = len(deck) - 2 * len(weighted)
    use_table = not uniform and (
        k == 0 or math.comb(max(free, k), k) / math.comb(len(deck), k) >= BOARD_ACCEPTANCE
    )
    # Boards are drawn as up to two parts (5 = 3 + 2 cards) whose tables of
    # code sums stay in cache; random reads from the table of all 5-card
    # boards would miss the cache on nearly every sample.
    parts = [board_tables(deck, size) for size in ((3, 2) if k == 5 else (k,) if k else ())]
    deck_codes, deck_bits = CARD_CODE[deck], CARD_BIT[deck]
    if not use_table:
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
    kept = deepcopy(tally)  # as of the last whole batch: what Ctrl-C reports
    one = np.ones(1)
    scored = 0
    try:
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
            slots: list[np.ndarray] = []
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
            if not alive.all():
                keep = np.flatnonzero(alive)
                board_key, board_mask = board_key[keep], board_mask[keep]
                slots = [slot[keep] for slot in slots]
                picks = [pick[keep] for pick in picks]
            # A hand's card mask only matters when it holds five cards of a suit,
            # so masks are built for those rows only (``hand_masks``).
            ranks = []
            for p in range(count):
                if p in fixed:
                    key = board_key + players.keys[p][0]
                    hand_masks = _fixed_masks(board_mask, players.masks[p][0])
                elif p in uniform:
                    i = uniform.index(p)
                    first, second = slots[k + 2 * i], slots[k + 2 * i + 1]
                    key = board_key + (deck_codes[first] + deck_codes[second] + players.board_key)
                    hand_masks = _dealt_masks(board_mask, deck_bits, first, second, players.board_mask)
                else:
                    key = board_key + players.keys[p][picks[p]]
                    hand_masks = _picked_masks(board_mask, players.masks[p], picks[p])
                ranks.append(ranks_of(key, hand_masks)[None, :])
            tally.score(ranks, None, one)
            scored += batch
            kept = deepcopy(tally)
            if _time_is_up(started, scored, samples=samples, seconds=seconds, progress=progress):
                break
    except KeyboardInterrupt:
        raise Interrupted(kept) from None
    return tally


def _time_is_up(
    started: float,
    scored: int,
    *,
    samples: int | None,
    seconds: float | None,
    progress: Progress | None,
) -> bool:
    """Report how far a run is (the larger of samples done and time spent) and say
    whether its time is up; a run by samples alone stops when its loop runs out."""
    elapsed = time.perf_counter() - started
    if progress is not None:
        done = scored / samples if samples is not None else 0.0
        if seconds is not None:
            done = max(done, elapsed / seconds)
        progress(min(done, 1.0))
    return seconds is not None and elapsed >= seconds


def _hole_cards(holes: np.ndarray) -> np.ndarray:
    """The two card indices of each hole-card mask (bit ``suit * 13 + rank``), ``(n, 2)``.

    >>> _hole_cards(np.array([(1 << 12) | (1 << 25)])).tolist()  # the ace of clubs, of diamonds
    [[48, 49]]
    """
    low = holes & -holes
    positions = np.stack([low, holes ^ low], axis=1)
    position = np.log2(positions.astype(np.float64)).astype(np.int64)  # exact for powers of two
    return (position % 13) * 4 + position // 13


def _alias(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias tables of ``weights`` (Vose's construction): draw ``i`` uniformly,
    keep it with chance ``chance[i]``, else take ``alias[i]``.

    >>> chance, alias = _alias(np.array([1.0, 3.0]))
    >>> chance.tolist(), alias.tolist()
    ([0.5, 1.0], [1, 1])
    """
    n = len(weights)
    scaled = weights * (n / weights.sum())
    chance = np.ones(n)
    alias = np.arange(n)
    small = [i for i in range(n) if scaled[i] < 1.0]
    large = [i for i in range(n) if scaled[i] >= 1.0]
    while small and large:
        less, more = small.pop(), large.pop()
        chance[less] = scaled[less]
        alias[less] = more
        scaled[more] -= 1.0 - scaled[less]
        (small if scaled[more] < 1.0 else large).append(more)
    return chance, alias  # what is left keeps itself (chance 1: rounding)


def _pair_table(
    sets: list[np.ndarray], words: list[np.ndarray], bits: list[np.ndarray],
    weights: list[np.ndarray], deck: np.ndarray,
) -> tuple[np.ndarray, int, np.ndarray, np.ndarray, np.ndarray] | None:  # fmt: skip
    """Two players' table of pairs for :func:`~._sampler_numba.sample_pairs`: the
    decks (one row of ``width`` cards a pair: the deck without the pair's cards),
    the width, each pair's words and bits, and the alias tables of the pairs'
    joint weights; ``None`` past :data:`~._montecarlo_numba.PAIR_LIMIT` pairs.

    Every pair of combos that share no card is listed once, with the product of
    their weights: exactly the joint distribution that redrawing a clash gives.
    """
    first, second = (np.arange(len(s)) for s in sets)
    if len(first) * len(second) > 4 * _montecarlo_numba.PAIR_LIMIT:
        return None  # too many even before the clashes are counted
    mine = np.repeat(first, len(second))
    theirs = np.tile(second, len(first))
    held = sets[0][mine] | sets[1][theirs]
    apart = (sets[0][mine] & sets[1][theirs]) == 0
    mine, theirs, held = mine[apart], theirs[apart], held[apart]
    if not 0 < len(mine) <= _montecarlo_numba.PAIR_LIMIT:
        return None
    free = (held[:, None] >> deck[None, :]) & 1 == 0
    width = int(free[0].sum())
    # A player's cards outside the deck are the ones all his combos hold (the calculator
    # takes them out of it), so every pair leaves the same number of cards.
    assert (free.sum(axis=1) == width).all(), "pairs leaving decks of different sizes"
    rows = np.broadcast_to(deck, free.shape)[free].astype(np.uint8)
    pairs = np.stack(
        [words[0][mine], words[1][theirs], bits[0][mine], bits[1][theirs]], axis=1
    ).astype(np.int64)
    chance, alias = _alias(weights[0][mine] * weights[1][theirs])
    return rows, width, pairs, chance, alias


def _compiled_tally(
    compiled: _montecarlo_numba.Kernels,
    players: Players,
    deck: np.ndarray,
    k: int,
    rng: np.random.Generator,
    *,
    samples: int | None,
    seconds: float | None,
    progress: Progress | None,
) -> Tally:
    """:func:`monte_carlo_tally` by the compiled kernel (no category breakdown)."""
    started = time.perf_counter()
    count = players.count
    compact = compact_seven()
    dealt = np.array([bool(players.uniform[p]) and len(players.keys[p]) > 1 for p in range(count)])
    offsets = np.zeros(count + 1, np.int64)
    words, bits, sets, chances, aliases = [], [], [], [], []
    fixed = 0
    for p in range(count):
        if dealt[p]:
            offsets[p + 1] = offsets[p]
            continue
        cards = _hole_cards(players.holes[p])
        words.append(compact.word[cards].sum(axis=1))
        bits.append(compact.bit[cards[:, 0]] | compact.bit[cards[:, 1]])
        sets.append((np.int64(1) << cards[:, 0]) | (np.int64(1) << cards[:, 1]))
        chance, alias = _alias(players.weights[p])
        chances.append(chance)
        aliases.append(alias + offsets[p])
        offsets[p + 1] = offsets[p] + len(cards)
        if len(cards) == 1:
            fixed |= int(sets[-1][0])
    known = [c for c in range(52) if players.board_mask >> ((c & 3) * 13 + (c >> 2)) & 1]
    board_word = int(EMPTY + compact.word[known].sum())
    board_bits = int(np.bitwise_or.reduce(compact.bit[known])) if known else 0
    cards = deck.astype(np.int64)  # shuffled in place, sample after sample
    table = None
    if count == 2 and not dealt.any():
        table = _pair_table(sets, words, bits, [players.weights[0], players.weights[1]], cards)

    def joined(parts: list[np.ndarray], dtype: type) -> np.ndarray:
        return np.concatenate(parts).astype(dtype) if parts else np.zeros(0, dtype)

    if table is not None:
        rows, *rest = table
        sampler, deck_or_rows = compiled.sample_pairs, rows
        arrays: tuple[object, ...] = (k, *rest, board_word, board_bits)
    else:
        sampler, deck_or_rows = compiled.sample, cards
        arrays = (
            k, dealt, offsets, joined(words, np.int64), joined(bits, np.int64),
            joined(sets, np.int64), joined(chances, np.float64), joined(aliases, np.int64),
            fixed, board_word, board_bits,
        )  # fmt: skip
    state = rng.integers(1, 1 << 62, size=2).astype(np.uint64)
    tally = Tally(count)
    kept = deepcopy(tally)  # as of the last whole batch: what Ctrl-C reports
    drawn = scored = 0
    try:
        while True:
            batch = MC_BATCH if samples is None else min(MC_BATCH, samples - drawn)
            if batch <= 0:
                break
            scored += sampler(
                state, deck_or_rows, batch, *arrays, *compact.arguments(),
                tally.win, tally.tie, tally.share, tally.share_sq,
            )  # fmt: skip
            drawn += batch
            tally.total = float(scored)
            tally.outcomes = scored
            kept = deepcopy(tally)
            if _time_is_up(started, drawn, samples=samples, seconds=seconds, progress=progress):
                break
    except KeyboardInterrupt:
        raise Interrupted(kept) from None
    return tally
