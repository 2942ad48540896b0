"""The batch of tables' compiled step (Numba), used when Numba is installed.

``pip install pokerdealer[numba]`` adds it; without it (or with
``POKERDEALER_NUMBA=0``) :class:`~pokerdealer.env.batch.TableBatch` stays on
its NumPy path, which plays the same hands. One call of :func:`run` plays a
step at every table: the learner's action, the bots' answers, the rounds,
pots and showdowns, the auto-reset and the next observation and mask. The
NumPy path pays NumPy's fixed price per call some 17 times a step whatever
the batch; here a step of one table costs about what a step of a table
costs in a batch of a thousand.

Each function below restates, for one table (a row of the batch's arrays),
the NumPy method of :class:`~pokerdealer.env.batch.TableBatch` named in its
docstring; ``tests/env/test_batch.py`` plays thousands of random hands
through both paths and one ``HoldemGymEnv`` per table and compares every
value.

The generators stay the per-table environment's: the random bots and the
button draw from CPython's Mersenne Twister, whose state is copied into
arrays once a table is seeded (:func:`mt_state`) and advanced here exactly
as CPython's ``getrandbits`` and ``_randbelow`` advance it; the decks come
from each table's NumPy generator, drawn in Python in the same blocks as
``HoldemCore``'s (a table whose decks run out mid-step stops, waiting for
its next block, and :func:`run` is called again for it: ``CONTINUE``).

Compiled on first use and cached on disk (``cache=True``): about 10 s of
CPU the first time on this project's development machine, about 1 s to load
from the cache in a new process.
"""

from __future__ import annotations

import random
from collections import namedtuple
from typing import Any

import numpy as np
from numba import njit

__all__ = ["APPLY", "CONTINUE", "DEAL", "mt_state", "run"]

#: :func:`run`'s modes: a step (the learner's action first), a table waiting
#: for its next deck resumed, a new episode (reset).
APPLY, CONTINUE, DEAL = 0, 1, 2

_FOLD, _CALL, _RAISE = 0, 1, 2
_N, _M = 624, 397  # CPython's MT19937
_MASK32 = 0xFFFFFFFF
# Observation offsets, in the order of TableBatch's ``offsets`` array.
(_BOARD, _STREET, _BUTTON, _STACK, _COMMITTED, _CONTRIBUTED, _FOLDED, _ALL_IN, _IN_HAND, _TO_ACT,
 _POT, _HAND_NUMBER, _TO_CALL, _CAN_CALL, _MIN_RAISE_TO, _MAX_RAISE_TO, _CAN_FOLD, _CAN_CHECK,
 _CAN_RAISE) = range(19)
#: The observation fields :func:`run` writes, in the order of its ``offsets`` argument.
OFFSET_FIELDS = (
    "board", "street", "button", "stack", "committed", "contributed", "folded", "all_in",
    "in_hand", "to_act", "pot", "hand_number", "to_call", "can_call", "min_raise_to",
    "max_raise_to", "can_fold", "can_check", "can_raise",
)


def mt_state(rng: random.Random) -> np.ndarray:
    """A ``random.Random``'s Mersenne Twister state as 625 int64 (the 624 words, the index).

    >>> state = mt_state(random.Random(1))
    >>> state.shape, int(state[-1])
    ((625,), 624)
    """
    return np.array(rng.getstate()[1], dtype=np.int64)


@njit(cache=True, nogil=True)
def _genrand(mt: Any, t: int) -> int:  # noqa: ANN401
    """CPython's ``genrand_uint32`` on generator ``t`` (a row: 624 words, then the index)."""
    index = mt[t, _N]
    if index >= _N:
        for kk in range(_N):
            y = (mt[t, kk] & 0x80000000) | (mt[t, (kk + 1) % _N] & 0x7FFFFFFF)
            value = mt[t, (kk + _M) % _N] ^ (y >> 1)
            if y & 1:
                value ^= 0x9908B0DF
            mt[t, kk] = value
        index = 0
    y = mt[t, index]
    mt[t, _N] = index + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _MASK32


@njit(cache=True, nogil=True)
def _below(mt: Any, t: int, n: int) -> int:  # noqa: ANN401
    """``Random._randbelow(n)`` of generator ``t``: ``getrandbits(n.bit_length())`` until below ``n``."""
    k = 0
    while (n >> k) > 0:
        k += 1
    while True:
        r = 0
        left = k
        shift = 0
        while left > 0:  # getrandbits: 32-bit words, little end first, the last one cut
            word = _genrand(mt, t)
            if left < 32:
                word >>= 32 - left
            r |= word << shift
            shift += 32
            left -= 32
        if r < n:
            return r


@njit(cache=True, nogil=True)
def _rank(cards: Any, code: Any, offsets: Any, hashed: Any, flush_suit: Any, flush_rank: Any) -> int:  # noqa: ANN401
    """The evaluator's rank of 7 cards (evaluation/_batch_numba.py's kernel, one hand)."""
    key = np.int64(0)
    for c in cards:
        key += code[c]
    rank_key = key & 0x7FFFFF
    rank = np.int64(hashed[(rank_key & 0xFFF) + offsets[rank_key >> 12]])
    suit = flush_suit[key >> 23]
    if suit >= 0:
        mask = 0
        for c in cards:
            if c & 3 == suit:
                mask |= 1 << (c >> 2)
        flush = np.int64(flush_rank[mask])
        if flush > rank:
            rank = flush
    return rank


@njit(cache=True, nogil=True)
def _first_from(pend: Any, t: int, start: int, n: int) -> tuple[int, int]:  # noqa: ANN401
    """TableBatch._first_from: the first pending seat at or after ``start``, and how many."""
    count = 0
    first = -1
    best = n
    for q in range(n):
        if pend[t, q]:
            count += 1
            position = (q - start) % n
            if position < best:
                best = position
                first = q
    return first, count


@njit(cache=True, nogil=True)
def _covers(s: Any, t: int, p: int) -> bool:  # noqa: ANN401
    """TableBatch._covers (hand._covers_every_all_in) for player ``p``."""
    top = 0
    for q in range(s.n):
        if q != p and not s.folded[t, q]:
            if s.stacks[t, q] > 0:
                return False
            if s.committed[t, q] > top:
                top = s.committed[t, q]
    return s.committed[t, max(p, 0)] >= top


#: Everything :func:`run` reads and writes: the batch's arrays and constants
#: (see :meth:`~pokerdealer.env.batch.TableBatch._compiled_state`).
State = namedtuple("State", (
    "n", "seat", "min_bet", "fixed_button", "reward_scale", "obs_scale", "min_raise", "all_in",
    "stacks", "committed", "total", "folded", "pend", "acted", "hole", "board", "board_count",
    "button", "current", "min_inc", "street", "live", "actor", "complete",
    "fresh", "carried", "carry_in", "skipped", "reward", "terminated",
    "plan_stacks", "plan_committed", "plan_total", "plan_current", "plan_min_inc", "plan_first",
    "hole_positions", "board_positions", "rotation", "starting", "fractions", "offsets",
    "random_seat", "bot_mt", "core_mt", "decks", "deck_size", "deck_next", "need_deck",
    "observation", "mask", "amounts", "final_obs", "final_payoffs", "counter",
    "code", "hash_offsets", "hashed", "flush_suit", "flush_rank",
))


@njit(cache=True, nogil=True)
def _begin_round(s: Any, t: int, first: int) -> bool:  # noqa: ANN401
    """TableBatch._begin_round: who is to act; whether the round is over at once."""
    n = s.n
    top = -1
    second = -1
    for q in range(n):
        s.acted[t, q] = -1
        reach = 0 if s.folded[t, q] else s.committed[t, q] + s.stacks[t, q]
        if reach > top:
            second = top
            top = reach
        elif reach > second:
            second = reach
    for q in range(n):
        s.pend[t, q] = not s.folded[t, q] and s.stacks[t, q] > 0 and s.committed[t, q] < second
    actor, count = _first_from(s.pend, t, first, n)
    if count == 1:
        if s.committed[t, max(actor, 0)] >= s.current[t] or _covers(s, t, actor):
            s.pend[t, actor] = False
            actor = -1
            count = 0
    s.actor[t] = actor
    return count == 0


@njit(cache=True, nogil=True)
def _end_rounds(s: Any, t: int) -> None:  # noqa: ANN401
    """TableBatch._end_rounds: the uncalled bet back, the hand over or the next street."""
    n = s.n
    while True:
        top = -1
        second = -1
        who = 0
        for q in range(n):
            value = s.total[t, q]
            if value > top:
                second = top
                top = value
                who = q
            elif value > second:
                second = value
        extra = top - second
        if extra > 0:  # the uncalled bet goes back (RULES.md §5.1)
            s.stacks[t, who] += extra
            c = s.committed[t, who]
            s.committed[t, who] = c - extra if c > extra else 0
            s.total[t, who] -= extra
        able = 0
        for q in range(n):
            if s.stacks[t, q] > 0 and not s.folded[t, q]:
                able += 1
        won = s.live[t] == 1
        shown = not won and (s.street[t] == 3 or able <= 1)
        if won or shown:
            if shown:
                s.board_count[t] = 5
            s.complete[t] = True
            s.actor[t] = -1
            for q in range(n):
                s.pend[t, q] = False
            return
        street = s.street[t] + 1
        s.street[t] = street
        s.board_count[t] = street + 2  # flop 3, turn 4, river 5
        for q in range(n):
            s.committed[t, q] = 0
        s.current[t] = 0
        s.min_inc[t] = s.min_bet
        if not _begin_round(s, t, (s.button[t] + 1) % n):
            return


@njit(cache=True, nogil=True)
def _legal(s: Any, t: int, p: int) -> tuple[int, bool, int, int, int]:  # noqa: ANN401
    """TableBatch._legal: player ``p``'s call, whether a raise is open, its range, the chips in."""
    stack = s.stacks[t, p]
    mine = s.committed[t, p]
    current = s.current[t]
    to_call = current - mine
    acted = s.acted[t, p]
    reach = 0  # a raise needs someone else who could answer it
    for q in range(s.n):
        if q != p and not s.folded[t, q]:
            reach = max(reach, s.committed[t, q] + s.stacks[t, q])
    closed = (acted >= 0 and current - acted < s.min_inc[t]) or stack <= to_call or reach <= current
    hi = mine + stack
    lo = min(current + s.min_inc[t], hi)
    call = min(to_call, stack) if to_call > 0 else 0
    return call, not closed, lo, hi, mine


@njit(cache=True, nogil=True)
def _apply(s: Any, t: int, p: int, kind: int, to: int) -> None:  # noqa: ANN401
    """TableBatch._apply: a fold, check/call or raise to ``to`` by player ``p``."""
    n = s.n
    current = s.current[t]
    raising = kind == _RAISE
    mine = s.committed[t, p]
    if raising:
        put = to - mine
    elif kind == _CALL:
        put = min(current - mine, s.stacks[t, p])
    else:
        put = 0
    s.stacks[t, p] -= put
    s.committed[t, p] = mine + put
    s.total[t, p] += put
    s.acted[t, p] = to if raising else current
    if kind == _FOLD:
        s.folded[t, p] = True
        s.live[t] -= 1
    if raising:
        increment = to - current
        if increment >= s.min_inc[t]:
            s.min_inc[t] = increment
        s.current[t] = to
        for q in range(n):  # everyone else with chips acts again after a raise
            s.pend[t, q] = not s.folded[t, q] and s.stacks[t, q] > 0 and q != p
    s.pend[t, p] = False
    actor, count = _first_from(s.pend, t, (p + 1) % n, n)
    won = not raising and s.live[t] == 1
    if not raising and count == 1 and not won and _covers(s, t, actor):
        s.pend[t, actor] = False
        actor = -1
        count = 0
    s.actor[t] = -1 if won else actor
    if won or (not raising and count == 0):
        _end_rounds(s, t)


@njit(cache=True, nogil=True)
def _bot_acts(s: Any, t: int) -> None:  # noqa: ANN401
    """TableBatch._bots_act at one table: the caller checks or calls; the random bot
    picks passive, [fold], [raise] uniformly, then a raise to any legal total."""
    p = s.actor[t]
    s.counter[0] += 1
    call, open_, lo, hi, _mine = _legal(s, t, p)
    kind = _CALL
    to = 0
    if s.random_seat[p]:
        g = t * s.n + p
        facing = call > 0
        pick = _below(s.bot_mt, g, 1 + int(facing) + int(open_))
        if pick == 1 and facing:
            kind = _FOLD
        elif pick == 2 or (pick == 1 and not facing):
            kind = _RAISE
            to = lo + _below(s.bot_mt, g, hi - lo + 1)
    _apply(s, t, p, kind, to)


@njit(cache=True, nogil=True)
def _split(amount: int, winners: Any, position: Any, won: Any) -> None:  # noqa: ANN401
    """TableBatch._split: ``amount`` among ``winners``, the odd chips one each to the
    winners first dealt (``position``: from the button's left); added to ``won``."""
    n = winners.size
    count = 0
    for q in range(n):
        count += winners[q]
    count = max(count, 1)
    share = amount // count
    rest = amount - share * count
    for q in range(n):
        if winners[q]:
            ahead = 0
            for w in range(n):
                if winners[w] and position[w] < position[q]:
                    ahead += 1
            won[q] += share + (1 if ahead < rest else 0)


@njit(cache=True, nogil=True)
def _award(s: Any, t: int, payoffs: Any) -> None:  # noqa: ANN401
    """TableBatch._award: the pots pushed (TableBatch._shares at a showdown); each
    seat's payoff into ``payoffs``."""
    n = s.n
    pot = 0
    for q in range(n):
        pot += s.total[t, q]
    if s.live[t] == 1:  # uncontested: everything to the last player in
        for q in range(n):
            if not s.folded[t, q]:
                s.stacks[t, q] += pot
                break
    else:
        ranks = np.full(n, -1, dtype=np.int64)
        seven = np.empty(7, dtype=np.int64)
        position = np.empty(n, dtype=np.int64)
        levels = np.empty(n, dtype=np.int64)
        live = 0
        low = -1
        top = -1
        for q in range(n):
            position[q] = (q - s.button[t] - 1) % n
            if not s.folded[t, q]:
                seven[0] = s.hole[t, q, 0]
                seven[1] = s.hole[t, q, 1]
                for j in range(5):
                    seven[2 + j] = s.board[t, j]
                ranks[q] = _rank(seven, s.code, s.hash_offsets, s.hashed, s.flush_suit, s.flush_rank)
                level = s.total[t, q]
                levels[live] = level
                live += 1
                top = max(top, level)
                low = level if low < 0 else min(low, level)
        won = np.zeros(n, dtype=np.int64)
        winners = np.zeros(n, dtype=np.bool_)
        if low == top:  # every hand still in put in the same: one pot of everything
            best = ranks.max()
            for q in range(n):
                winners[q] = ranks[q] == best
            _split(pot, winners, position, won)
        else:  # side pots: one per level the hands still in reached, each to the best eligible
            levels = np.sort(levels[:live])
            above = 0  # folded chips over the top level
            for q in range(n):
                above += max(s.total[t, q] - top, 0)
            previous = 0
            for level in levels:
                if level <= previous:
                    continue
                amount = 0
                best = -1
                for q in range(n):
                    value = s.total[t, q]
                    amount += min(value, level) - min(value, previous)
                    if ranks[q] >= 0 and value >= level:
                        best = max(best, ranks[q])
                if level == top:
                    amount += above
                for q in range(n):
                    winners[q] = ranks[q] >= 0 and s.total[t, q] >= level and ranks[q] == best
                _split(amount, winners, position, won)
                previous = level
        for q in range(n):
            s.stacks[t, q] += won[q]
    for q in range(n):
        s.committed[t, q] = 0
        s.total[t, q] = 0
        payoffs[q] = s.stacks[t, q] - s.starting[q]


@njit(cache=True, nogil=True)
def _encode(s: Any, t: int, out: Any, acting: bool) -> None:  # noqa: ANN401
    """TableBatch._encode: the learner's observation of table ``t`` into ``out`` (a row)
    and, ``acting``, the actor's scalars, the mask and the raise amounts."""
    n = s.n
    me = s.seat
    o = s.offsets
    scale = s.obs_scale
    out[:] = 0.0
    out[s.hole[t, me, 0]] = 1.0
    out[s.hole[t, me, 1]] = 1.0
    for j in range(s.board_count[t]):
        out[o[_BOARD] + s.board[t, j]] = 1.0
    out[o[_STREET] + (3 if s.complete[t] else s.street[t])] = 1.0
    out[o[_BUTTON] + (s.button[t] - me) % n] = 1.0
    pot = 0
    for k in range(n):
        q = s.rotation[k]
        stack = s.stacks[t, q]
        folded = s.folded[t, q]
        pot += s.total[t, q]
        out[o[_STACK] + k] = stack * scale
        out[o[_COMMITTED] + k] = s.committed[t, q] * scale
        out[o[_CONTRIBUTED] + k] = s.total[t, q] * scale
        out[o[_FOLDED] + k] = folded
        out[o[_ALL_IN] + k] = not folded and stack == 0
        out[o[_IN_HAND] + k] = not folded
    actor = s.actor[t]
    if actor >= 0:
        out[o[_TO_ACT] + (actor - me) % n] = 1.0
    out[o[_POT]] = pot * scale
    out[o[_HAND_NUMBER]] = 1.0
    if not acting:
        return
    call, open_, lo, hi, mine = _legal(s, t, me)
    out[o[_TO_CALL]] = call * scale
    out[o[_CAN_CALL]] = call > 0
    out[o[_MIN_RAISE_TO]] = (lo if open_ else 0) * scale
    out[o[_MAX_RAISE_TO]] = (hi if open_ else 0) * scale
    out[o[_CAN_FOLD]] = 1.0  # RuleOptions.fold_when_check_allowed
    out[o[_CAN_CHECK]] = call == 0
    out[o[_CAN_RAISE]] = open_
    # ActionSet._raises: each choice's raise-to amount, legal only inside lo..hi.
    mask = s.mask
    amounts = s.amounts
    mask[t, 0] = 1
    mask[t, 1] = 1
    amounts[t, :] = 0
    k = 2
    if s.min_raise:
        mask[t, 2] = open_
        amounts[t, 2] = lo
        k = 3
    current = s.current[t]
    base = np.float64(pot + (current - mine))
    for f in s.fractions:
        amount = current + np.int64(f * base + 0.5)
        mask[t, k] = open_ and lo <= amount and amount <= hi
        amounts[t, k] = amount
        k += 1
    if s.all_in:
        mask[t, k] = open_
        amounts[t, k] = hi


@njit(cache=True, nogil=True)
def _deal(s: Any, t: int) -> None:  # noqa: ANN401
    """TableBatch._deal: the button, the next deck, the forced bets, the first to act."""
    n = s.n
    b = _below(s.core_mt, t, n) if s.fixed_button < 0 else s.fixed_button
    k = s.deck_next[t]
    s.deck_next[t] = k + 1
    s.button[t] = b
    for q in range(n):
        s.stacks[t, q] = s.plan_stacks[b, q]
        s.committed[t, q] = s.plan_committed[b, q]
        s.total[t, q] = s.plan_total[b, q]
        s.folded[t, q] = False
        s.hole[t, q, 0] = s.decks[t, k, s.hole_positions[b, q, 0]]
        s.hole[t, q, 1] = s.decks[t, k, s.hole_positions[b, q, 1]]
    for j in range(5):
        s.board[t, j] = s.decks[t, k, s.board_positions[j]]
    s.current[t] = s.plan_current[b]
    s.min_inc[t] = s.plan_min_inc[b]
    s.street[t] = 0
    s.board_count[t] = 0
    s.live[t] = n
    s.complete[t] = False
    if _begin_round(s, t, s.plan_first[b]):
        _end_rounds(s, t)


@njit(cache=True, nogil=True)
def _end_episode(s: Any, t: int) -> None:  # noqa: ANN401
    """TableBatch._end_episodes at one table: pay the hand; end the episode the learner
    played in (reward, final observation and payoffs) or carry a skipped hand's result."""
    # (a skipped hand after the ended one must not overwrite the ended one's payoffs)
    payoffs = s.final_payoffs[t] if not s.fresh[t] else np.empty(s.n, dtype=np.int64)
    _award(s, t, payoffs)
    value = payoffs[s.seat] * s.reward_scale
    if not s.fresh[t]:
        s.reward[t] = value
        s.terminated[t] = True
        _encode(s, t, s.final_obs[t], False)
        s.skipped[t] = 0
    else:  # the learner had nothing to decide: played through, reward carried
        s.carried[t] += value
        s.skipped[t] += 1
    s.fresh[t] = True
    _deal(s, t)


@njit(cache=True, nogil=True)
def run(s: Any, rows: Any, actions: Any, mode: int) -> int:  # noqa: ANN401
    """Play ``rows`` until each waits for its learner; returns the first table whose
    action is not legal (nothing played then) or -1.

    ``mode``: :data:`APPLY` (a step: ``actions[t]`` first, checked against the mask
    before any table moves), :data:`CONTINUE` (resume a table that waited for
    decks), :data:`DEAL` (a new episode). A table whose decks run out sets
    ``need_deck`` (``counter[1]`` counts them) and stops where it was; the caller
    draws its next block and calls again with ``CONTINUE``. ``DEAL`` needs a deck
    at every table.
    """
    if mode == APPLY:
        width = s.mask.shape[1]
        for t in rows:
            a = actions[t]
            if a < 0 or a >= width or s.mask[t, a] != 1:
                return t
    s.counter[1] = 0
    for t in rows:
        s.need_deck[t] = False
        if mode == APPLY:
            s.carry_in[t] = s.carried[t]
            s.carried[t] = 0.0
            s.skipped[t] = 0
            s.reward[t] = 0.0
            s.terminated[t] = False
            s.fresh[t] = False
            a = actions[t]
            kind = _FOLD if a == 0 else (_CALL if a == 1 else _RAISE)
            _apply(s, t, s.seat, kind, s.amounts[t, a])
        elif mode == DEAL:  # (the caller gave every table a deck)
            _deal(s, t)
        waiting = False
        while True:
            actor = s.actor[t]
            if actor >= 0 and actor != s.seat:
                _bot_acts(s, t)
            elif s.complete[t]:
                if s.deck_next[t] >= s.deck_size[t]:
                    waiting = True
                    break
                _end_episode(s, t)
            else:
                break
        if waiting:
            s.need_deck[t] = True
            s.counter[1] += 1
            continue
        s.reward[t] += s.carry_in[t]
        _encode(s, t, s.observation[t], True)
    return -1
