"""Seeds for shards: every fixed block of work gets its own seed, derived from
the run's seed, so a result never depends on how many workers ran it.

Block ``k`` of a run with seed ``s`` is seeded with the 128-bit integer
``numpy.random.SeedSequence(s, spawn_key=(k,)).generate_state(4, uint32)``
(little-endian words): exactly the state of the ``k``-th child of
``SeedSequence(s).spawn(...)``. A negative seed ``s`` uses the entropy
``(-s, 1)`` so that ``-1`` and ``1`` differ.

>>> block_seed(1, 0) == block_seed(1, 0), block_seed(1, 0) == block_seed(1, 1)
(True, False)
>>> block_seed(1, 3).bit_length() <= 128
True
"""

from __future__ import annotations

import numpy as np

__all__ = ["block_seed", "resolve_seed"]


def resolve_seed(seed: int | None) -> int:
    """``seed`` itself, or a fresh random 63-bit seed for ``None``.

    >>> resolve_seed(7)
    7
    """
    if seed is not None:
        return int(seed)
    return int(np.random.SeedSequence().generate_state(2, np.uint32).view(np.uint64)[0] >> 1)


def block_seed(seed: int, index: int) -> int:
    """The seed of block ``index`` (from 0) of a run seeded with ``seed``."""
    entropy: int | tuple[int, int] = seed if seed >= 0 else (-seed, 1)
    words = np.random.SeedSequence(entropy, spawn_key=(index,)).generate_state(4, np.uint32)
    return int.from_bytes(words.astype("<u4").tobytes(), "little")
