"""Monte Carlo's compiled sampler (Numba): one pass per deal, ranges included.

Imported only where Numba is installed, by
:func:`pokerdealer.equity._montecarlo_numba.kernel` (which says when it is
used). A deal is drawn as the NumPy path draws it (:mod:`._montecarlo`):

1. every player holding a range (one known hand is a range of one) gets a
   combo drawn by weight (Walker's alias method: one random number a draw),
   the whole assignment drawn again while two of them share a card
   (rejection keeps the joint weights exact; after 256 tries the deal is
   dropped, as the NumPy path drops it);
2. the board and every ``random`` player's two cards come from a partial
   Fisher-Yates shuffle of the cards left, skipping the cards step 1 gave
   out: the first cards of a uniform order of the deck that are still free
   are a uniform deal of the free cards. The deck is not put back in order
   between deals (shuffling any order gives a uniform deal).

Each hand is ranked from its word (the board's plus the combo's, see
:mod:`pokerdealer.evaluation._compact`), the showdown scored in place.

Two players holding hands or ranges (no ``random`` one), the commonest
question, are dealt by :func:`sample_pairs` when the caller can list every
pair of combos they can hold together (a hand against a range always can):
the pairs' joint weights in one alias table (one draw a deal, never redrawn)
and, for each pair, the deck without its cards, so the board is a partial
Fisher-Yates of that pair's deck with no card to skip (1.4x the deals a
second of the loop without the table on AsKs v QQ+,AKo, in one process).
Past the caller's limit on pairs they take :func:`_sample_heads_up`:
:func:`sample`'s draws in the same order, so the same deals, with no
per-player arrays.

Random numbers come from xoroshiro128+ (Blackman and Vigna's generator:
two words of state kept in registers, no multiplication; it was 15% faster
here than SplitMix64), seeded from the caller's NumPy generator, so a seed
reproduces a run. Each 64-bit output gives two draws, its high and low 32
bits (the low bits' weakest ones only move a draw by less than ``2**-28``);
a draw below ``n`` is a 32-bit word times ``n``, shifted down (bias under
``n / 2**32``, far below any Monte Carlo error).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from pokerdealer.evaluation._batch_numba import flush_best, non_flush_best
from pokerdealer.evaluation._compact import CHECK

__all__ = ["sample", "sample_pairs"]

#: Tries at a clash-free assignment of the ranges before a deal is dropped.
_TRIES = 256
#: A generator output's low half, and the shift to its high half.
_LOW = np.uint64(0xFFFFFFFF)
_HIGH = np.uint64(32)


@njit(cache=True, nogil=True)
def _step(s0: Any, s1: Any) -> tuple[Any, Any, Any]:  # noqa: ANN401
    """xoroshiro128+: the next output and state."""
    z = s0 + s1
    s1 ^= s0
    s0 = ((s0 << np.uint64(24)) | (s0 >> np.uint64(40))) ^ s1 ^ (s1 << np.uint64(16))
    s1 = (s1 << np.uint64(37)) | (s1 >> np.uint64(27))
    return z, s0, s1


@njit(cache=True, nogil=True, inline="always")
def _deal(deck: Any, size: Any, used: Any, cards: Any, needed: Any, s0: Any, s1: Any) -> tuple[Any, Any]:  # noqa: ANN401
    """``needed`` cards into ``cards`` from ``deck`` (its first ``size`` in play): a partial
    Fisher-Yates, two draws from each 64-bit word (32 bits each); a card in ``used`` (a range
    took it) stays in the deck and is skipped. The generator's state after."""
    i = 0
    got = 0
    while got < needed:
        z, s0, s1 = _step(s0, s1)
        j = i + np.int64(((z >> _HIGH) * np.uint64(size - i)) >> _HIGH)
        card = deck[j]
        deck[j] = deck[i]
        deck[i] = card
        i += 1
        cards[got] = card  # kept unless a range took it (no branch to mispredict)
        got += 1 - ((used >> card) & 1)
        if got == needed:
            break
        j = i + np.int64(((z & _LOW) * np.uint64(size - i)) >> _HIGH)
        card = deck[j]
        deck[j] = deck[i]
        deck[i] = card
        i += 1
        cards[got] = card
        got += 1 - ((used >> card) & 1)
    return s0, s1


@njit(cache=True, nogil=True, inline="always")
def _swap_in(row: Any, base: Any, t: Any, width: Any, draw: Any) -> Any:  # noqa: ANN401
    """Fisher-Yates step ``t`` of the deck ``row[base:base + width]`` with a 32-bit
    ``draw``: the card that a uniform pick of its last ``width - t`` cards brings to
    place ``t``."""
    j = base + t + np.int64((draw * np.uint64(width - t)) >> _HIGH)
    card = row[j]
    row[j] = row[base + t]
    row[base + t] = card
    return card


@njit(cache=True, nogil=True)
def _column(z: Any, first: Any, count: Any) -> Any:  # noqa: ANN401
    """The column of ``first:first + count`` that a generator output's high 32 bits pick."""
    return first + np.int64(((z >> _HIGH) * np.uint64(count)) >> _HIGH)


@njit(cache=True, nogil=True)
def _draw_combo(s0: Any, s1: Any, first: Any, count: Any, chance: Any, alias: Any) -> tuple[Any, Any, Any]:  # noqa: ANN401
    """A combo of ``first:first + count`` drawn by weight (Walker's alias method, one
    output for both the column and the coin), and the generator's next state."""
    z, s0, s1 = _step(s0, s1)
    i = _column(z, first, count)
    if np.float64(z & _LOW) * (1.0 / 4294967296.0) >= chance[i]:
        i = alias[i]
    return i, s0, s1


@njit(cache=True, nogil=True)
def _even(chance: Any, first: Any, count: Any) -> bool:  # noqa: ANN401
    """Whether no coin of ``first:first + count`` can send a draw to its alias (every
    chance is 1: the combos' weights are equal), so the column alone is the draw."""
    for i in range(first, first + count):
        if chance[i] < 1.0:
            return False
    return True


@njit(cache=True, nogil=True)
def _add_outcomes(outcomes: Any, players: int, win: Any, tie: Any, share: Any, share_sq: Any) -> int:  # noqa: ANN401
    """Turn the count of each set of players sharing the pot (bit p: player p among the
    best) into each player's wins, ties, shares and squared shares; the deals scored."""
    scored = 0
    for winners in range(1, 1 << players):
        count = outcomes[winners]
        if not count:
            continue
        scored += count
        many = 0
        for p in range(players):
            many += (winners >> p) & 1
        part = 1.0 / many
        for p in range(players):
            if (winners >> p) & 1:
                if many == 1:
                    win[p] += count
                else:
                    tie[p] += count
                share[p] += count * part
                share_sq[p] += count * part * part
    return scored


@njit(cache=True, nogil=True)
def sample(
    state: Any, deck: Any, samples: int, k: int, dealt: Any, offsets: Any, combo_word: Any,
    combo_bits: Any, combo_cards: Any, chance: Any, alias: Any, fixed: int, board_word: int,
    board_bits: int, word: Any, bit: Any, multiplier: Any, displacement: Any, ranked: Any,
    flush_rank: Any, win: Any, tie: Any, share: Any, share_sq: Any,
) -> int:  # noqa: ANN401
    """Deal ``samples`` deals; add each player's wins, ties, pot shares and squared shares
    to the last four arrays; return how many deals were scored (the others dropped).
    ``state`` is the generator's two words (uint64, not both zero), advanced in place.

    Player ``p`` is ``dealt`` two cards from the deck (``random``), or holds one of
    the combos ``offsets[p]:offsets[p + 1]``: their words and bits (both cards), their
    cards as a 64-bit set (bit ``1 << card``) and their alias tables (``chance``,
    ``alias``: absolute combo indices). ``fixed`` is the set of the cards of the
    players holding one combo; ``board_word`` and ``board_bits`` the known board's.
    """
    players = len(dealt)
    if players == 2 and not dealt[0] and not dealt[1]:
        return _sample_heads_up(
            state, deck, samples, k, offsets, combo_word, combo_bits, combo_cards, chance, alias,
            fixed, board_word, board_bits, word, bit, multiplier, displacement, ranked,
            flush_rank, win, tie, share, share_sq,
        )  # fmt: skip
    size = len(deck)
    needed = k
    drawn = np.zeros(players, np.int64)  # the players whose combo is drawn
    draws = 0
    for p in range(players):
        if dealt[p]:
            needed += 2
        elif offsets[p + 1] - offsets[p] > 1:
            drawn[draws] = p
            draws += 1
    pick = offsets[:players].copy()  # each player's combo (one-combo players keep theirs)
    cards = np.zeros(needed, np.int64)
    ranks = np.zeros(players, np.int64)
    # How often each set of players shared the pot (bit p: player p among the best):
    # one increment a deal, turned into wins, ties and shares at the end.
    outcomes = np.zeros(1 << players, np.int64)
    s0 = state[0]  # xoroshiro128+, kept in registers, stored back at the end
    s1 = state[1]
    for _ in range(samples):
        used = fixed
        placed = draws == 0
        for _try in range(_TRIES):
            if placed:
                break
            used = fixed
            placed = True
            for j in range(draws):
                p = drawn[j]
                i, s0, s1 = _draw_combo(s0, s1, offsets[p], offsets[p + 1] - offsets[p], chance, alias)
                held = combo_cards[i]
                if used & held:
                    placed = False
                    break
                used |= held
                pick[p] = i
        if not placed:
            continue  # dropped: the ranges would not fit together
        s0, s1 = _deal(deck, size, used, cards, needed, s0, s1)
        key = board_word
        bits = board_bits
        for j in range(k):
            key += word[cards[j]]
            bits |= bit[cards[j]]
        best = np.int64(-1)
        position = k
        for p in range(players):
            if dealt[p]:
                first, second = cards[position], cards[position + 1]
                position += 2
                hand = key + word[first] + word[second]
                rank = non_flush_best(hand, multiplier, displacement, ranked)
                flush = hand & CHECK
                if flush:
                    rank = max(rank, flush_best(flush, bits | bit[first] | bit[second], flush_rank))
            else:
                c = pick[p]
                hand = key + combo_word[c]
                rank = non_flush_best(hand, multiplier, displacement, ranked)
                flush = hand & CHECK
                if flush:
                    rank = max(rank, flush_best(flush, bits | combo_bits[c], flush_rank))
            ranks[p] = rank
            best = max(best, rank)
        # who shares the pot, without branching on it (the winner is a coin toss
        # the branch predictor would miss about half the time)
        winners = 0
        for p in range(players):
            winners |= np.int64(ranks[p] == best) << p
        outcomes[winners] += 1
    state[0] = s0
    state[1] = s1
    return _add_outcomes(outcomes, players, win, tie, share, share_sq)


@njit(cache=True, nogil=True)
def _sample_heads_up(
    state: Any, deck: Any, samples: int, k: int, offsets: Any, combo_word: Any, combo_bits: Any,
    combo_cards: Any, chance: Any, alias: Any, fixed: int, board_word: int, board_bits: int,
    word: Any, bit: Any, multiplier: Any, displacement: Any, ranked: Any, flush_rank: Any,
    win: Any, tie: Any, share: Any, share_sq: Any,
) -> int:  # noqa: ANN401
    """:func:`sample` for two players each holding a range (or one hand) and no ``random``
    player, when their pairs of combos are too many for :func:`sample_pairs`' table: the
    same draws from the same generator outputs in the same order, so the same deals and
    tallies, with both players
    kept in registers (no per-player arrays or loops: 1.2x the general loop's deals a
    second on AsKs v QQ+,AKo), and a range of equal weights drawn without its coin
    (8-17% more deals a second on that question in one process, the same deals)."""
    size = len(deck)
    first0, count0 = offsets[0], offsets[1] - offsets[0]
    first1, count1 = offsets[1], offsets[2] - offsets[1]
    pick0, pick1 = first0, first1  # a one-combo player keeps his
    # A range of equal weights (the commonest: QQ+,AKo) skips the coin: the same output
    # picks the same column, and a coin with a chance of 1 never moves it. (Written out
    # below, not as a flag of _draw_combo: with the flag the loop ran 20% slower.)
    even0 = _even(chance, first0, count0)
    even1 = _even(chance, first1, count1)
    cards = np.zeros(k, np.int64)
    outcomes = np.zeros(4, np.int64)
    s0 = state[0]
    s1 = state[1]
    for _ in range(samples):
        used = fixed
        placed = count0 == 1 and count1 == 1
        for _try in range(_TRIES):
            if placed:
                break
            used = fixed
            placed = True
            if count0 > 1:
                if even0:
                    z, s0, s1 = _step(s0, s1)
                    i = _column(z, first0, count0)
                else:
                    i, s0, s1 = _draw_combo(s0, s1, first0, count0, chance, alias)
                if used & combo_cards[i]:
                    placed = False
                    continue
                used |= combo_cards[i]
                pick0 = i
            if count1 > 1:
                if even1:
                    z, s0, s1 = _step(s0, s1)
                    i = _column(z, first1, count1)
                else:
                    i, s0, s1 = _draw_combo(s0, s1, first1, count1, chance, alias)
                if used & combo_cards[i]:
                    placed = False
                    continue
                used |= combo_cards[i]
                pick1 = i
        if not placed:
            continue  # dropped: the ranges would not fit together
        s0, s1 = _deal(deck, size, used, cards, k, s0, s1)
        key = board_word
        bits = board_bits
        for j in range(k):
            key += word[cards[j]]
            bits |= bit[cards[j]]
        # Both hands' lookups first, then the flush tests, written out here, in sample_pairs and
        # in sample: one helper ranking a hand for all three ran slower (bench_equity.py against
        # OMPEval, runs interleaved with this code: AsKs v QQ+,AKo 1.09x and 1.38x against 1.57x
        # and 1.44x, six random hands 0.57x and 0.53x against 0.87x and 0.87x).
        hand0 = key + combo_word[pick0]
        hand1 = key + combo_word[pick1]
        rank0 = non_flush_best(hand0, multiplier, displacement, ranked)
        rank1 = non_flush_best(hand1, multiplier, displacement, ranked)
        flush = hand0 & CHECK
        if flush:
            rank0 = max(rank0, flush_best(flush, bits | combo_bits[pick0], flush_rank))
        flush = hand1 & CHECK
        if flush:
            rank1 = max(rank1, flush_best(flush, bits | combo_bits[pick1], flush_rank))
        outcomes[np.int64(rank0 >= rank1) | (np.int64(rank1 >= rank0) << 1)] += 1
    state[0] = s0
    state[1] = s1
    return _add_outcomes(outcomes, 2, win, tie, share, share_sq)


@njit(cache=True, nogil=True)
def sample_pairs(
    state: Any, rows: Any, samples: int, k: int, width: int, pairs: Any, chance: Any,
    alias: Any, board_word: int, board_bits: int, word: Any, bit: Any, multiplier: Any,
    displacement: Any, ranked: Any, flush_rank: Any, win: Any, tie: Any, share: Any,
    share_sq: Any,
) -> int:  # noqa: ANN401
    """Deal ``samples`` deals to two players who hold pair ``i`` of combos together
    with the weight that the alias tables ``chance`` and ``alias`` give it; add the
    tallies as :func:`sample` does and return the deals scored (all of them).

    ``pairs[i]`` is the pair's words (player 0's, player 1's) and card bits (the
    same); ``rows[i * width:(i + 1) * width]`` the cards that neither combo holds,
    ``width`` of them (uint8; each row is shuffled in place, deal after deal).
    The pair is drawn from an output's high half; the board's first card from its
    low half when every chance is 1 (no coin to toss), then two cards an output.
    """
    even = _even(chance, 0, len(chance))
    count = np.uint64(len(chance))
    outcomes = np.zeros(4, np.int64)
    s0 = state[0]
    s1 = state[1]
    for _ in range(samples):
        z, s0, s1 = _step(s0, s1)
        i = np.int64(((z >> _HIGH) * count) >> _HIGH)
        t = 0
        if not even:
            if np.float64(z & _LOW) * (1.0 / 4294967296.0) >= chance[i]:
                i = alias[i]
        base = i * width
        key = board_word
        bits = board_bits
        if even and k > 0:
            card = _swap_in(rows, base, 0, width, z & _LOW)
            key += word[card]
            bits |= bit[card]
            t = 1
        while t + 1 < k:
            z, s0, s1 = _step(s0, s1)
            card = _swap_in(rows, base, t, width, z >> _HIGH)
            key += word[card]
            bits |= bit[card]
            card = _swap_in(rows, base, t + 1, width, z & _LOW)
            key += word[card]
            bits |= bit[card]
            t += 2
        if t < k:
            z, s0, s1 = _step(s0, s1)
            card = _swap_in(rows, base, t, width, z >> _HIGH)
            key += word[card]
            bits |= bit[card]
        hand0 = key + pairs[i, 0]  # the showdown as _sample_heads_up writes it out (see there)
        hand1 = key + pairs[i, 1]
        rank0 = non_flush_best(hand0, multiplier, displacement, ranked)
        rank1 = non_flush_best(hand1, multiplier, displacement, ranked)
        flush = hand0 & CHECK
        if flush:
            rank0 = max(rank0, flush_best(flush, bits | pairs[i, 2], flush_rank))
        flush = hand1 & CHECK
        if flush:
            rank1 = max(rank1, flush_best(flush, bits | pairs[i, 3], flush_rank))
        outcomes[np.int64(rank0 >= rank1) | (np.int64(rank1 >= rank0) << 1)] += 1
    state[0] = s0
    state[1] = s1
    return _add_outcomes(outcomes, 2, win, tie, share, share_sq)
