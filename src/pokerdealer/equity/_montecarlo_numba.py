"""Monte Carlo's compiled kernel (Numba), used when Numba is installed.

``pip install pokerdealer[numba]`` adds it. It serves every question
without a category breakdown: known hands, ranges (weighted combos) and
``random`` hands; a breakdown by category, and every question without
Numba (or with ``POKERDEALER_NUMBA=0``), takes the NumPy path in
:mod:`._montecarlo`, which samples the same distribution.

One sample is one pass, no temporaries (:mod:`._sampler_numba`): each
range's combo drawn by weight, the board and the random hands from a
partial Fisher-Yates shuffle of the cards left, each hand ranked through
the evaluator's compact tables, the showdown scored in place. Two players
holding hands or ranges whose pairs of combos number at most
:data:`PAIR_LIMIT` (a hand against a range always does) are dealt from a
table of those pairs instead (:func:`~._sampler_numba.sample_pairs`).

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
from typing import NamedTuple

import numpy as np

__all__ = ["MIN_SAMPLES", "MIN_SECONDS", "PAIR_LIMIT", "Kernels", "kernel", "ready", "worth_loading"]

#: Until the kernel is loaded, runs of fewer samples stay on the NumPy path.
MIN_SAMPLES = 1 << 24
#: ... and runs given a time budget shorter than this.
MIN_SECONDS = 3.0
#: Two players' pairs of combos dealt from a table of pairs, at most (beyond it the
#: table and its decks leave the cache: at 15,174 pairs it dealt 1.33x the deals a
#: second of the loop without it, at 120,318 pairs 0.45x).
PAIR_LIMIT = 1 << 14


class Kernels(NamedTuple):
    """The compiled samplers: :func:`~._sampler_numba.sample` (any question) and
    :func:`~._sampler_numba.sample_pairs` (two players, from their table of pairs)."""

    sample: Callable[..., int]
    sample_pairs: Callable[..., int]


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
def kernel() -> Kernels | None:
    """The compiled samplers (:mod:`pokerdealer.equity._sampler_numba`), or ``None``
    without Numba (or with ``POKERDEALER_NUMBA=0``).

    ``kernel().sample(state, deck, samples, k, dealt, offsets, combo_word,
    combo_bits, combo_cards, chance, alias, fixed, board_word, board_bits,
    *compact, win, tie, share, share_sq)`` deals ``samples`` deals, adds each
    player's wins, ties, pot shares and squared shares to the last four arrays
    and returns how many deals it scored; ``kernel().sample_pairs(state, rows,
    samples, k, width, pairs, chance, alias, board_word, board_bits, *compact,
    win, tie, share, share_sq)`` does the same for two players from their table
    of pairs.
    """
    if os.environ.get("POKERDEALER_NUMBA", "1") == "0":
        return None
    try:
        from pokerdealer.equity import _sampler_numba
    except ImportError:
        return None
    from pokerdealer.equity._kernel import compact_seven

    compiled = Kernels(_sampler_numba.sample, _sampler_numba.sample_pairs)
    # Load (or compile) them now, for the argument types the caller passes, so the
    # first real run pays nothing more: no deal is made with no samples.
    small = np.zeros(1, np.int64)
    tallies = [np.zeros(1) for _ in range(4)]
    compiled.sample(
        np.ones(2, np.uint64), small, 0, 0, np.zeros(1, np.bool_), np.zeros(2, np.int64), small,
        small, small, np.ones(1), small, 0, 0, 0, *compact_seven().arguments(), *tallies,
    )  # fmt: skip
    compiled.sample_pairs(
        np.ones(2, np.uint64), np.zeros(1, np.uint8), 0, 0, 1, np.zeros((1, 4), np.int64),
        np.ones(1), small, 0, 0, *compact_seven().arguments(), *tallies,
    )  # fmt: skip
    return compiled
