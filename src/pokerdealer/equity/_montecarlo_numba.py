"""Monte Carlo's compiled kernel (Numba), used when Numba is installed.

``pip install pokerdealer[numba]`` adds it. It serves the questions where
every player holds either one known hand or ``random`` (the commonest
Monte Carlo questions: a hand against random hands, six random hands), with
no category breakdown; everything else, and every question without Numba
(or with ``POKERDEALER_NUMBA=0``), takes the NumPy path in
:mod:`._montecarlo`, which samples the same distribution.

One sample is one pass, no temporaries: a partial Fisher-Yates shuffle of
the deck left deals the board and the random hands (the deck is not put
back in order between samples: shuffling any order gives a uniform deal),
each hand's code sum indexes the evaluator's tables as in the batch kernel
(:mod:`pokerdealer.evaluation._batch_numba`), and the showdown is scored in
place. Random numbers come from SplitMix64, seeded from the caller's NumPy
generator, so a seed still reproduces a run; a draw below ``n`` is the high
half of a 32-bit word times ``n`` (bias under ``n / 2**32``, far below any
Monte Carlo error).

The kernel is compiled on first use and cached on disk (Numba's cache).
Loading it in a new process (Numba's import and the cache) costs about
1.5 s of CPU, as much as the NumPy path spends on some 15 million six-hand
samples: so a process that has not loaded it yet sends it only runs of at
least :data:`MIN_SAMPLES` samples or :data:`MIN_SECONDS` seconds; once it
is loaded (:func:`ready`), every unseeded run it can serve. (A seed
reproduces a run on the same installation: with and without Numba the
random streams differ.)
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["MIN_SAMPLES", "MIN_SECONDS", "kernel", "ready", "worth_loading"]

#: Until the kernel is loaded, runs of fewer samples stay on the NumPy path.
MIN_SAMPLES = 1 << 24
#: ... and runs given a time budget shorter than this.
MIN_SECONDS = 3.0


def ready() -> bool:
    """Whether this process has loaded the kernel already (so using it costs nothing more)."""
    return kernel.cache_info().currsize > 0 and kernel() is not None


def worth_loading(samples: int | None, seconds: float | None, *, seeded: bool) -> bool:
    """Whether a run is long enough to pay for loading the kernel, or it is loaded.

    A ``seeded`` run is decided by its length alone: the kernel draws its own
    random numbers, so a seed must pick the same path whatever ran before.

    >>> worth_loading(1000, None, seeded=True), worth_loading(MIN_SAMPLES, None, seeded=True)
    (False, True)
    """
    long_run = (samples is not None and samples >= MIN_SAMPLES) or (
        samples is None and seconds is not None and seconds >= MIN_SECONDS
    )
    return long_run or (not seeded and ready())


@functools.cache
def kernel() -> Callable[..., None] | None:
    """The compiled kernel, or ``None`` without Numba (or with ``POKERDEALER_NUMBA=0``).

    ``kernel()(state, deck, samples, k, dealt, hole_key, hole_suits, board_key,
    board_suits, code, non_flush, flush_suit, flush_rank, win, tie, share,
    share_sq)`` deals ``samples`` deals and adds each player's wins, ties,
    pot shares and squared shares to the last four arrays.
    """
    if os.environ.get("POKERDEALER_NUMBA", "1") == "0":
        return None
    try:
        from numba import njit
    except ImportError:
        return None

    golden = np.uint64(0x9E3779B97F4A7C15)
    mix1 = np.uint64(0xBF58476D1CE4E5B9)
    mix2 = np.uint64(0x94D049BB133111EB)

    def sample(
        state: Any,
        deck: Any,
        samples: int,
        k: int,
        dealt: Any,
        hole_key: Any,
        hole_suits: Any,
        board_key: int,
        board_suits: Any,
        code: Any,
        non_flush: Any,
        flush_suit: Any,
        flush_rank: Any,
        win: Any,
        tie: Any,
        share: Any,
        share_sq: Any,
    ) -> None:
        players = len(dealt)
        size = len(deck)
        needed = k
        for p in range(players):
            if dealt[p]:
                needed += 2
        ranks = np.zeros(players, np.int64)
        suits = np.zeros(4, np.int64)
        seed = state[0]
        for _ in range(samples):
            # partial Fisher-Yates: positions 0..needed-1 get a uniform deal
            for i in range(needed):
                seed += golden
                z = seed
                z = (z ^ (z >> np.uint64(30))) * mix1
                z = (z ^ (z >> np.uint64(27))) * mix2
                z = z ^ (z >> np.uint64(31))
                j = i + np.int64(((z >> np.uint64(32)) * np.uint64(size - i)) >> np.uint64(32))
                card = deck[j]
                deck[j] = deck[i]
                deck[i] = card
            key = board_key
            for s in range(4):
                suits[s] = board_suits[s]
            for i in range(k):
                card = deck[i]
                key += code[card]
                suits[card & 3] |= 1 << (card >> 2)
            position = k
            best = np.int64(-1)
            for p in range(players):
                first = second = 0
                if dealt[p]:
                    first = deck[position]
                    second = deck[position + 1]
                    position += 2
                    hand = key + code[first] + code[second]
                else:
                    hand = key + hole_key[p]
                rank = np.int64(non_flush[hand & 0x7FFFFF])  # tables.RANK_MASK
                suit = flush_suit[hand >> 23]  # tables.RANK_BITS
                if suit >= 0:
                    mask = suits[suit]
                    if dealt[p]:
                        if first & 3 == suit:
                            mask |= 1 << (first >> 2)
                        if second & 3 == suit:
                            mask |= 1 << (second >> 2)
                    else:
                        mask |= hole_suits[p, suit]
                    rank = max(rank, np.int64(flush_rank[mask]))
                ranks[p] = rank
                best = max(best, rank)
            winners = 0
            for p in range(players):
                if ranks[p] == best:
                    winners += 1
            part = 1.0 / winners
            for p in range(players):
                if ranks[p] == best:
                    if winners == 1:
                        win[p] += 1.0
                    else:
                        tie[p] += 1.0
                    share[p] += part
                    share_sq[p] += part * part
        state[0] = seed

    compiled: Callable[..., None] = njit(cache=True, nogil=True)(sample)
    # Load (or compile) it now, for the argument types the caller passes (the
    # evaluator's tables are read-only maps, a type of their own to Numba), so
    # the first real run pays nothing more: no deal is made with no samples.
    from pokerdealer.equity._kernel import _FLUSH_RANK, _FLUSH_SUIT, _NON_FLUSH_7, CARD_CODE

    small = np.zeros(1, np.int64)
    compiled(
        np.zeros(1, np.uint64), small, 0, 0, np.zeros(1, np.bool_), small,
        np.zeros((1, 4), np.int64), 0, np.zeros(4, np.int64), CARD_CODE, _NON_FLUSH_7,
        _FLUSH_SUIT, _FLUSH_RANK, *(np.zeros(1) for _ in range(4)),
    )  # fmt: skip
    return compiled
