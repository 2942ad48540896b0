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
from each table's NumPy generator (PCG64), whose state is copied likewise
(:func:`pcg_state`) and advanced here as NumPy advances it: a deck is the
order of 52 of its ``random()`` doubles, as ``HoldemCore`` sorts them (its
blocks of shuffles take the generator's numbers in the same order), so a
deck is drawn in the step that deals it, table by table, with no call back
to Python.

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

from pokerdealer.env._batch_layout import SEAT_FLAGS, SEAT_INTS, TABLE_FLAGS, TABLE_FLOATS, TABLE_INTS
from pokerdealer.evaluation._batch_numba import rank_cards

__all__ = [
    "APPLY", "DEAL", "Dealer", "Hand", "Show", "State", "View", "entry_point", "mt_state", "pcg_state",
    "run",
]

#: :func:`run`'s modes: a step (the learner's action first), a new episode (reset).
APPLY, DEAL = 0, 2

_FOLD, _CALL, _RAISE = 0, 1, 2
# Rows of the batch's packed arrays (TableBatch: SEAT_INTS, SEAT_FLAGS, TABLE_INTS, TABLE_FLAGS,
# TABLE_FLOATS name them; the NumPy path reads the same memory through views so named).
_STACKS, _COMMITTED_, _TOTAL, _ACTED = (SEAT_INTS.index(f) for f in ("stacks", "committed", "total", "acted"))
_FOLDED_, _PEND = (SEAT_FLAGS.index(f) for f in ("folded", "pend"))
(_BOARD_COUNT, _BUTTON_, _CURRENT, _MIN_INC, _STREET_, _LIVE, _ACTOR, _SKIPPED, _DECK_SIZE,
 _DECK_NEXT) = (TABLE_INTS.index(f) for f in (
    "board_count", "button", "current", "min_inc", "street", "live", "actor", "skipped",
    "deck_size", "deck_next"))
_COMPLETE, _FRESH, _TERMINATED, _NEED_DECK = (
    TABLE_FLAGS.index(f) for f in ("complete", "fresh", "terminated", "need_deck"))
_CARRIED, _CARRY_IN, _REWARD = (TABLE_FLOATS.index(f) for f in ("carried", "carry_in", "reward"))
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


def pcg_state(generator: np.random.Generator) -> np.ndarray:
    """A NumPy PCG64 generator's state as 4 uint64 (the 128-bit state, high then low
    word; the 128-bit increment likewise), for :func:`_pcg_next`.

    >>> state = pcg_state(np.random.default_rng(1))
    >>> state.dtype, state.shape
    (dtype('uint64'), (4,))
    """
    inner = generator.bit_generator.state
    if inner["bit_generator"] != "PCG64":  # pragma: no cover - default_rng's is PCG64
        raise ValueError(f"a PCG64 generator is needed, not {inner['bit_generator']}")
    words = [inner["state"]["state"], inner["state"]["inc"]]
    mask = (1 << 64) - 1
    return np.array([part for w in words for part in (w >> 64, w & mask)], dtype=np.uint64)


def entry_point(*args: Any) -> Any:  # noqa: ANN401
    """:func:`run` compiled for ``args``' types, called without Numba's dispatch (which
    types every array of the state again at each call: about 8 us, as much as a step
    of eight tables); ``None`` if it cannot be found (then call :func:`run`).

    Every later call must pass arguments of the same types (TableBatch does: its own
    state, int64 rows and actions, an int mode).
    """
    from numba import typeof

    try:
        return run.overloads[tuple(typeof(a) for a in args)].entry_point
    except (KeyError, AttributeError, TypeError):  # pragma: no cover - another Numba
        return None


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


_PCG_HIGH = np.uint64(0x2360ED051FC65DA4)  # PCG64's multiplier, 128 bits
_PCG_LOW = np.uint64(0x4385DF649FCCF645)
_LOW32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, nogil=True)
def _high_product(a: Any, b: Any) -> Any:  # noqa: ANN401
    """The high 64 bits of the 128-bit product of two uint64."""
    a_low, a_high = a & _LOW32, a >> np.uint64(32)
    b_low, b_high = b & _LOW32, b >> np.uint64(32)
    cross_one = a_low * b_high
    cross_two = a_high * b_low
    middle = ((a_low * b_low) >> np.uint64(32)) + (cross_one & _LOW32) + (cross_two & _LOW32)
    return a_high * b_high + (cross_one >> np.uint64(32)) + (cross_two >> np.uint64(32)) + (middle >> np.uint64(32))


@njit(cache=True, nogil=True)
def _pcg_next(pcg: Any, t: int) -> Any:  # noqa: ANN401
    """NumPy's PCG64 (XSL-RR) next 64-bit word from table ``t``'s state (:func:`pcg_state`):
    the 128-bit state times the multiplier plus the increment, then the high word XOR
    the low one, rotated right by the state's top 6 bits."""
    high, low = pcg[t, 0], pcg[t, 1]
    new_low = low * _PCG_LOW
    new_high = _high_product(low, _PCG_LOW) + low * _PCG_HIGH + high * _PCG_LOW
    low = new_low + pcg[t, 3]
    high = new_high + pcg[t, 2] + (np.uint64(1) if low < new_low else np.uint64(0))
    pcg[t, 0], pcg[t, 1] = high, low
    turn = high >> np.uint64(58)
    mixed = high ^ low
    return (mixed >> turn) | (mixed << ((np.uint64(64) - turn) & np.uint64(63)))


@njit(cache=True, nogil=True)
def _shuffle(pcg: Any, t: int, keys: Any, order: Any) -> None:  # noqa: ANN401
    """HoldemCore._next_shuffle at table ``t``: the first ``len(order)`` cards of the
    deck that sorts 52 of the generator's ``random()`` doubles (``(word >> 11) / 2**53``:
    the 53-bit integers sort as the doubles do), kept sorted as they come (a card goes
    in only while among the smallest)."""
    need = len(order)
    count = 0
    for card in range(52):
        key = _pcg_next(pcg, t) >> np.uint64(11)
        if count < need:
            j = count
            count += 1
        elif key < keys[need - 1]:
            j = need - 1
        else:
            continue
        while j > 0 and keys[j - 1] > key:
            keys[j] = keys[j - 1]
            order[j] = order[j - 1]
            j -= 1
        keys[j] = key
        order[j] = card


#: One hand at every table, what the betting reads and writes: the seats' chips
#: (``si``: SEAT_INTS by table and seat), their flags (``sf``), the tables'
#: numbers (``ti``: TABLE_INTS) and flags (``tf``). Few arrays on purpose: Numba
#: counts a reference to every array of a tuple it hands a function (two atomic
#: operations each), and sixty of them cost more than a step of the betting.
Hand = namedtuple("Hand", ("n", "seat", "min_bet", "si", "sf", "ti", "tf"))

#: Everything else :func:`run` reads and writes (see TableBatch._compiled_state):
#: ``plans`` one row per button (the forced bets' stacks, committed and total
#: chips, the bet to call, the minimum raise, the first to act, the hole cards'
#: deck positions), ``fixed`` the board's deck positions, the seats from the
#: learner's, the starting stacks and which seats are random bots; ``mt`` the
#: generators (table ``t``'s bot at seat ``q``: row ``t * n + q``; its button:
#: row ``tables * n + t``); ``ev`` the evaluator's compact tables (evaluation/_compact.py).
State = namedtuple("State", (
    "h", "look", "dealer", "show", "reward_scale", "floats", "mt", "fixed", "observation",
    "final_obs", "final_payoffs", "counter",
))

#: What a deal reads and writes (:func:`_deal`), besides the hand: ``pcg`` each table's
#: deck generator (:func:`pcg_state`), ``keys`` and ``order`` room for a deck being drawn.
Dealer = namedtuple("Dealer", (
    "h", "mt", "plans", "pcg", "keys", "order", "hole", "board", "fixed", "fixed_button",
))

#: What paying a hand reads (:func:`_award`), besides the hand: the cards, the
#: starting stacks (``fixed``) and the evaluator's tables (``ev``).
Show = namedtuple("Show", ("h", "hole", "board", "fixed", "ev"))

#: What the learner's observation is written from (:func:`_encode`), besides the hand:
#: the cards, where each field goes, the seats from the learner's (``fixed``), the
#: raise sizes and the mask and amounts written.
View = namedtuple("View", (
    "h", "hole", "board", "offsets", "fixed", "fractions", "mask", "amounts", "obs_scale",
    "min_raise", "all_in",
))


@njit(cache=True, nogil=True)
def _first_from(h: Any, t: int, start: int) -> tuple[int, int]:  # noqa: ANN401
    """TableBatch._first_from: the first pending seat at or after ``start``, and how many."""
    n = h.n
    count = 0
    first = -1
    best = n
    for q in range(n):
        if h.sf[t, _PEND, q]:
            count += 1
            position = (q - start) % n
            if position < best:
                best = position
                first = q
    return first, count


@njit(cache=True, nogil=True)
def _covers(h: Any, t: int, p: int) -> bool:  # noqa: ANN401
    """TableBatch._covers (hand._covers_every_all_in) for player ``p``."""
    top = 0
    for q in range(h.n):
        if q != p and not h.sf[t, _FOLDED_, q]:
            if h.si[t, _STACKS, q] > 0:
                return False
            top = max(top, h.si[t, _COMMITTED_, q])
    return h.si[t, _COMMITTED_, max(p, 0)] >= top


@njit(cache=True, nogil=True)
def _begin_round(h: Any, t: int, first: int) -> bool:  # noqa: ANN401
    """TableBatch._begin_round: who is to act; whether the round is over at once."""
    si, sf, ti = h.si, h.sf, h.ti
    top = -1
    second = -1
    for q in range(h.n):
        si[t, _ACTED, q] = -1
        reach = 0 if sf[t, _FOLDED_, q] else si[t, _COMMITTED_, q] + si[t, _STACKS, q]
        if reach > top:
            second = top
            top = reach
        elif reach > second:
            second = reach
    for q in range(h.n):
        sf[t, _PEND, q] = not sf[t, _FOLDED_, q] and si[t, _STACKS, q] > 0 and si[t, _COMMITTED_, q] < second
    actor, count = _first_from(h, t, first)
    if count == 1:
        if si[t, _COMMITTED_, max(actor, 0)] >= ti[t, _CURRENT] or _covers(h, t, actor):
            sf[t, _PEND, actor] = False
            actor = -1
            count = 0
    ti[t, _ACTOR] = actor
    return count == 0


@njit(cache=True, nogil=True)
def _end_rounds(h: Any, t: int) -> None:  # noqa: ANN401
    """TableBatch._end_rounds: the uncalled bet back, the hand over or the next street."""
    n, si, sf, ti = h.n, h.si, h.sf, h.ti
    while True:
        top = -1
        second = -1
        who = 0
        for q in range(n):
            value = si[t, _TOTAL, q]
            if value > top:
                second = top
                top = value
                who = q
            elif value > second:
                second = value
        extra = top - second
        if extra > 0:  # the uncalled bet goes back (docs/rules.md#uncalled-bets)
            si[t, _STACKS, who] += extra
            c = si[t, _COMMITTED_, who]
            si[t, _COMMITTED_, who] = c - extra if c > extra else 0
            si[t, _TOTAL, who] -= extra
        able = 0
        for q in range(n):
            if si[t, _STACKS, q] > 0 and not sf[t, _FOLDED_, q]:
                able += 1
        won = ti[t, _LIVE] == 1
        shown = not won and (ti[t, _STREET_] == 3 or able <= 1)
        if won or shown:
            if shown:
                ti[t, _BOARD_COUNT] = 5
            h.tf[t, _COMPLETE] = True
            ti[t, _ACTOR] = -1
            for q in range(n):
                sf[t, _PEND, q] = False
            return
        street = ti[t, _STREET_] + 1
        ti[t, _STREET_] = street
        ti[t, _BOARD_COUNT] = street + 2  # flop 3, turn 4, river 5
        for q in range(n):
            si[t, _COMMITTED_, q] = 0
        ti[t, _CURRENT] = 0
        ti[t, _MIN_INC] = h.min_bet
        if not _begin_round(h, t, (ti[t, _BUTTON_] + 1) % n):
            return


@njit(cache=True, nogil=True)
def _legal(h: Any, t: int, p: int) -> tuple[int, bool, int, int, int]:  # noqa: ANN401
    """TableBatch._legal: player ``p``'s call, whether a raise is open, its range, the chips in."""
    si = h.si
    stack = si[t, _STACKS, p]
    mine = si[t, _COMMITTED_, p]
    current = h.ti[t, _CURRENT]
    min_inc = h.ti[t, _MIN_INC]
    to_call = current - mine
    acted = si[t, _ACTED, p]
    reach = 0  # a raise needs someone else who could answer it
    for q in range(h.n):
        if q != p and not h.sf[t, _FOLDED_, q]:
            reach = max(reach, si[t, _COMMITTED_, q] + si[t, _STACKS, q])
    closed = (acted >= 0 and current - acted < min_inc) or stack <= to_call or reach <= current
    hi = mine + stack
    lo = min(current + min_inc, hi)
    call = min(to_call, stack) if to_call > 0 else 0
    return call, not closed, lo, hi, mine


@njit(cache=True, nogil=True)
def _apply(h: Any, t: int, p: int, kind: int, to: int) -> None:  # noqa: ANN401
    """TableBatch._apply: a fold, check/call or raise to ``to`` by player ``p``."""
    n, si, sf, ti = h.n, h.si, h.sf, h.ti
    current = ti[t, _CURRENT]
    raising = kind == _RAISE
    mine = si[t, _COMMITTED_, p]
    if raising:
        put = to - mine
    elif kind == _CALL:
        put = min(current - mine, si[t, _STACKS, p])
    else:
        put = 0
    si[t, _STACKS, p] -= put
    si[t, _COMMITTED_, p] = mine + put
    si[t, _TOTAL, p] += put
    si[t, _ACTED, p] = to if raising else current
    if kind == _FOLD:
        sf[t, _FOLDED_, p] = True
        ti[t, _LIVE] -= 1
    if raising:
        increment = to - current
        if increment >= ti[t, _MIN_INC]:
            ti[t, _MIN_INC] = increment
        ti[t, _CURRENT] = to
        for q in range(n):  # everyone else with chips acts again after a raise
            sf[t, _PEND, q] = not sf[t, _FOLDED_, q] and si[t, _STACKS, q] > 0 and q != p
    sf[t, _PEND, p] = False
    actor, count = _first_from(h, t, (p + 1) % n)
    won = not raising and ti[t, _LIVE] == 1
    if not raising and count == 1 and not won and _covers(h, t, actor):
        sf[t, _PEND, actor] = False
        actor = -1
        count = 0
    ti[t, _ACTOR] = -1 if won else actor
    if won or (not raising and count == 0):
        _end_rounds(h, t)


@njit(cache=True, nogil=True)
def _bot_acts(h: Any, t: int, mt: Any, fixed: Any, counter: Any) -> None:  # noqa: ANN401
    """TableBatch._bots_act at one table: the caller checks or calls; the random bot
    picks passive, [fold], [raise] uniformly, then a raise to any legal total."""
    n = h.n
    p = h.ti[t, _ACTOR]
    counter[0] += 1
    call, open_, lo, hi, _mine = _legal(h, t, p)
    kind = _CALL
    to = 0
    if fixed[5 + 2 * n + p]:  # a random bot
        g = t * n + p
        facing = call > 0
        pick = _below(mt, g, 1 + int(facing) + int(open_))
        if pick == 1 and facing:
            kind = _FOLD
        elif pick == 2 or (pick == 1 and not facing):
            kind = _RAISE
            to = lo + _below(mt, g, hi - lo + 1)
    _apply(h, t, p, kind, to)


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
    seat's payoff into ``payoffs`` (``s``: a Show)."""
    h = s.h
    n, si, sf = h.n, h.si, h.sf
    pot = 0
    for q in range(n):
        pot += si[t, _TOTAL, q]
    if h.ti[t, _LIVE] == 1:  # uncontested: everything to the last player in
        for q in range(n):
            if not sf[t, _FOLDED_, q]:
                si[t, _STACKS, q] += pot
                break
    else:
        word, bit, multiplier, displacement, ranked, flush_rank = s.ev
        ranks = np.full(n, -1, dtype=np.int64)
        seven = np.empty(7, dtype=np.int64)
        position = np.empty(n, dtype=np.int64)
        levels = np.empty(n, dtype=np.int64)
        live = 0
        low = -1
        top = -1
        for q in range(n):
            position[q] = (q - h.ti[t, _BUTTON_] - 1) % n
            if not sf[t, _FOLDED_, q]:
                seven[0] = s.hole[t, q, 0]
                seven[1] = s.hole[t, q, 1]
                for j in range(5):
                    seven[2 + j] = s.board[t, j]
                ranks[q] = rank_cards(seven, word, bit, multiplier, displacement, ranked, flush_rank)
                level = si[t, _TOTAL, q]
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
                above += max(si[t, _TOTAL, q] - top, 0)
            previous = 0
            for level in levels:
                if level <= previous:
                    continue
                amount = 0
                best = -1
                for q in range(n):
                    value = si[t, _TOTAL, q]
                    amount += min(value, level) - min(value, previous)
                    if ranks[q] >= 0 and value >= level:
                        best = max(best, ranks[q])
                if level == top:
                    amount += above
                for q in range(n):
                    winners[q] = ranks[q] >= 0 and si[t, _TOTAL, q] >= level and ranks[q] == best
                _split(amount, winners, position, won)
                previous = level
        for q in range(n):
            si[t, _STACKS, q] += won[q]
    for q in range(n):
        si[t, _COMMITTED_, q] = 0
        si[t, _TOTAL, q] = 0
        payoffs[q] = si[t, _STACKS, q] - s.fixed[5 + n + q]


@njit(cache=True, nogil=True)
def _encode(s: Any, t: int, out: Any, acting: bool) -> None:  # noqa: ANN401
    # (``s``: a View)
    """TableBatch._encode: the learner's observation of table ``t`` into ``out`` (a row)
    and, ``acting``, the actor's scalars, the mask and the raise amounts."""
    h = s.h
    n, me, si, sf, ti = h.n, h.seat, h.si, h.sf, h.ti
    o = s.offsets
    scale = s.obs_scale
    out[:] = 0.0
    out[s.hole[t, me, 0]] = 1.0
    out[s.hole[t, me, 1]] = 1.0
    for j in range(ti[t, _BOARD_COUNT]):
        out[o[_BOARD] + s.board[t, j]] = 1.0
    out[o[_STREET] + (3 if h.tf[t, _COMPLETE] else ti[t, _STREET_])] = 1.0
    out[o[_BUTTON] + (ti[t, _BUTTON_] - me) % n] = 1.0
    pot = 0
    for k in range(n):
        q = s.fixed[5 + k]  # the seats from the learner's
        stack = si[t, _STACKS, q]
        folded = sf[t, _FOLDED_, q]
        total = si[t, _TOTAL, q]
        pot += total
        out[o[_STACK] + k] = stack * scale
        out[o[_COMMITTED] + k] = si[t, _COMMITTED_, q] * scale
        out[o[_CONTRIBUTED] + k] = total * scale
        out[o[_FOLDED] + k] = folded
        out[o[_ALL_IN] + k] = not folded and stack == 0
        out[o[_IN_HAND] + k] = not folded
    actor = ti[t, _ACTOR]
    if actor >= 0:
        out[o[_TO_ACT] + (actor - me) % n] = 1.0
    out[o[_POT]] = pot * scale
    out[o[_HAND_NUMBER]] = 1.0
    if not acting:
        return
    call, open_, lo, hi, mine = _legal(h, t, me)
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
    current = ti[t, _CURRENT]
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
    """TableBatch._deal: the button, the next deck, the forced bets, the first to act
    (``s``: a Dealer)."""
    h = s.h
    n, si, sf, ti = h.n, h.si, h.sf, h.ti
    tables = si.shape[0]
    b = _below(s.mt, tables * n + t, n) if s.fixed_button < 0 else s.fixed_button
    ti[t, _BUTTON_] = b
    plan = s.plans[b]
    deck = s.order
    _shuffle(s.pcg, t, s.keys, deck)
    for q in range(n):
        si[t, _STACKS, q] = plan[q]
        si[t, _COMMITTED_, q] = plan[n + q]
        si[t, _TOTAL, q] = plan[2 * n + q]
        sf[t, _FOLDED_, q] = False
        s.hole[t, q, 0] = deck[plan[3 * n + 3 + 2 * q]]
        s.hole[t, q, 1] = deck[plan[3 * n + 4 + 2 * q]]
    for j in range(5):
        s.board[t, j] = deck[s.fixed[j]]
    ti[t, _CURRENT] = plan[3 * n]
    ti[t, _MIN_INC] = plan[3 * n + 1]
    ti[t, _STREET_] = 0
    ti[t, _BOARD_COUNT] = 0
    ti[t, _LIVE] = n
    h.tf[t, _COMPLETE] = False
    if _begin_round(h, t, plan[3 * n + 2]):
        _end_rounds(h, t)


@njit(cache=True, nogil=True)
def run(s: Any, rows: Any, actions: Any, mode: int) -> int:  # noqa: ANN401
    """Play ``rows`` until each waits for its learner; returns the first table whose
    action is not legal (nothing played then) or -1.

    ``mode``: :data:`APPLY` (a step: ``actions[t]`` first, checked against the mask
    before any table moves) or :data:`DEAL` (a new episode).
    """
    h = s.h
    ti, tf, floats = h.ti, h.tf, s.floats
    seat = h.seat
    if mode == APPLY:
        mask = s.look.mask
        width = mask.shape[1]
        for t in rows:
            a = actions[t]
            if a < 0 or a >= width or mask[t, a] != 1:
                return t
    scratch = np.empty(h.n, dtype=np.int64)
    for t in rows:
        if mode == APPLY:
            floats[t, _CARRY_IN] = floats[t, _CARRIED]
            floats[t, _CARRIED] = 0.0
            floats[t, _REWARD] = 0.0
            ti[t, _SKIPPED] = 0
            tf[t, _TERMINATED] = False
            tf[t, _FRESH] = False
            a = actions[t]
            kind = _FOLD if a == 0 else (_CALL if a == 1 else _RAISE)
            _apply(h, t, seat, kind, s.look.amounts[t, a])
        elif mode == DEAL:
            _deal(s.dealer, t)
        while True:
            actor = ti[t, _ACTOR]
            if actor >= 0 and actor != seat:
                _bot_acts(h, t, s.mt, s.fixed, s.counter)
            elif tf[t, _COMPLETE]:
                # TableBatch._end_episodes: pay the hand; end the episode the learner played
                # in (reward, final observation and payoffs) or carry a skipped hand's result.
                fresh = tf[t, _FRESH]
                # (a skipped hand after the ended one must not overwrite the ended one's payoffs)
                payoffs = s.final_payoffs[t] if not fresh else scratch
                _award(s.show, t, payoffs)
                value = payoffs[seat] * s.reward_scale
                if not fresh:
                    floats[t, _REWARD] = value
                    tf[t, _TERMINATED] = True
                    _encode(s.look, t, s.final_obs[t], False)
                    ti[t, _SKIPPED] = 0
                else:  # the learner had nothing to decide: played through, reward carried
                    floats[t, _CARRIED] += value
                    ti[t, _SKIPPED] += 1
                tf[t, _FRESH] = True
                _deal(s.dealer, t)
            else:
                break
        floats[t, _REWARD] += floats[t, _CARRY_IN]
        _encode(s.look, t, s.observation[t], True)
    return -1
