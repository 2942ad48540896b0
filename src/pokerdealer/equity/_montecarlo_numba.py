"""Monte Carlo's compiled kernel (Numba), used when Numba is installed.

``pip install pokerdealer[numba]`` adds it. It serves every question
without a category breakdown: known hands, ranges (weighted combos) and
``random`` hands; a breakdown by category, and every question without
Numba (or with ``POKERDEALER_NUMBA=0``), takes the NumPy path in
:mod:`._montecarlo`, which samples the same distribution.

One sample is one pass, no temporaries (:mod:`._sampler_numba`): each
range's combo drawn by weight, the board and the random hands from a
partial Fisher-Yates shuffle of the cards left, each hand ranked through
the evaluator's compact tables, the showdown scored in place.

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
def kernel() -> Callable[..., int] | None:
    """The compiled sampler (:func:`pokerdealer.equity._sampler_numba.sample`), or
    ``None`` without Numba (or with ``POKERDEALER_NUMBA=0``).

    ``kernel()(state, deck, samples, k, dealt, offsets, combo_word, combo_bits,
    combo_cards, chance, alias, fixed, board_word, board_bits, *compact, win,
    tie, share, share_sq)`` deals ``samples`` deals, adds each player's wins,
    ties, pot shares and squared shares to the last four arrays and returns
    how many deals it scored.
    """
    if os.environ.get("POKERDEALER_NUMBA", "1") == "0":
        return None
    try:
        from pokerdealer.equity import _sampler_numba
    except ImportError:
        return None
    from pokerdealer.equity._kernel import compact_seven

    compiled: Callable[..., int] = _sampler_numba.sample
    # Load (or compile) it now, for the argument types the caller passes, so the
    # first real run pays nothing more: no deal is made with no samples.
    small = np.zeros(1, np.int64)
    compiled(
        np.ones(2, np.uint64), small, 0, 0, np.zeros(1, np.bool_), np.zeros(2, np.int64), small,
        small, small, np.ones(1), small, 0, 0, 0, *compact_seven().arguments(),
        *(np.zeros(1) for _ in range(4)),
    )  # fmt: skip
    return compiled
