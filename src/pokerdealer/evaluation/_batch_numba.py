"""The batch evaluator's compiled kernel (Numba), used when Numba is installed.

``pip install pokerdealer[numba]`` adds it; without it :func:`evaluate_many`
stays on its NumPy path, which gives the same ranks. The kernel reads the
same tables as every other path (:mod:`pokerdealer.evaluation.tables`): the
sum of the card codes gives the hand's rank key and suit counters, the suit
counters say whether a flush is possible, and only then is the flush table
read. One pass per hand, no temporaries: the NumPy path makes a dozen passes
over its chunk.

The non-flush ranks are read through a perfect hash of the rank keys
(:func:`hashed_table`): the 7-card table indexed by the key itself is 16 MB
of which 49,205 entries are used, so nearly every hand missed the caches;
packed by row displacement (a key's high bits pick a row's offset, its low
bits the place in that row) the same ranks fit in 357 KB, which stays in
the L2 cache. That alone took the kernel from about 95 to about 180 M hands
a second of CPU on this project's 2-core development machine.

The kernel is compiled on first use and cached on disk (Numba's cache), and
so are the packed tables (beside the rank tables' cache file), so only large
batches are sent to it (:data:`MIN_ROWS`): a small batch would pay the import
and the cache load for nothing.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from pokerdealer.evaluation.tables import Tables

__all__ = ["HASH_SHIFT", "MIN_ROWS", "hashed_table", "kernel"]

#: Batches smaller than this stay on the NumPy path (Numba's import and cache
#: load cost about as much as NumPy evaluating this many hands).
MIN_ROWS = 1 << 16

#: Bits of a rank key that place it within its row of the perfect hash; the
#: bits above pick the row's offset. 12 gives 1,911 offsets and 178,645 slots
#: for 7 cards (9 would give 88,950 slots but 15,285 offsets: no faster).
HASH_SHIFT = 12
_HASH_VERSION = 1


@functools.cache
def kernel() -> Callable[..., None] | None:
    """The compiled kernel, or ``None`` without Numba (or with ``POKERDEALER_NUMBA=0``).

    ``kernel()(hands, card_code, offsets, hashed, flush_suit, flush_rank, out)``
    writes the rank of each row of ``hands`` into ``out``; ``offsets`` and
    ``hashed`` are :func:`hashed_table`'s for the hand size.
    """
    if os.environ.get("POKERDEALER_NUMBA", "1") == "0":
        return None
    try:
        from numba import njit
    except ImportError:
        return None

    def ranks(
        hands: Any,
        code: Any,
        offsets: Any,
        hashed: Any,
        flush_suit: Any,
        flush_rank: Any,
        out: Any,
    ) -> None:
        rows, size = hands.shape
        for row in range(rows):
            key = np.int64(0)
            for position in range(size):
                key += code[hands[row, position]]
            rank_key = key & 0x7FFFFF  # tables.RANK_MASK
            rank = np.int32(hashed[(rank_key & 0xFFF) + offsets[rank_key >> 12]])  # HASH_SHIFT
            suit = flush_suit[key >> 23]  # tables.RANK_BITS
            if suit >= 0:
                mask = 0
                for position in range(size):
                    card = np.int64(hands[row, position])  # any index dtype
                    if card & 3 == suit:
                        mask |= 1 << (card >> 2)
                flush = np.int32(flush_rank[mask])
                if flush > rank:
                    rank = flush
            out[row] = rank

    compiled: Callable[..., None] = njit(cache=True, nogil=True)(ranks)
    return compiled


@functools.cache
def _displacer() -> Callable[[np.ndarray, int], tuple[np.ndarray, int]]:
    from numba import njit

    def displace(keys: Any, shift: int) -> tuple[Any, int]:
        """Row offsets packing the sorted ``keys`` (first fit, fullest rows first),
        and the packed table's length."""
        low_mask = (1 << shift) - 1
        rows = keys >> shift
        row_count = rows[-1] + 1
        counts = np.zeros(row_count, np.int64)
        for r in rows:
            counts[r] += 1
        starts = np.zeros(row_count + 1, np.int64)
        for r in range(row_count):
            starts[r + 1] = starts[r] + counts[r]
        order = np.argsort(-counts, kind="mergesort")
        # Placing a row past every occupied slot always fits, so the packed
        # table never outgrows the unpacked one plus a row.
        occupied = np.zeros(keys[-1] + 1 + (1 << shift), np.bool_)
        offsets = np.zeros(row_count, np.int64)
        frontier = 0  # the first free slot
        for r in order:
            first, stop = starts[r], starts[r + 1]
            if first == stop:
                break  # the rest are empty
            offset = max(0, frontier - (keys[first] & low_mask))
            clash = True
            while clash:
                clash = False
                for i in range(first, stop):
                    if occupied[(keys[i] & low_mask) + offset]:
                        clash = True
                        offset += 1
                        break
            for i in range(first, stop):
                occupied[(keys[i] & low_mask) + offset] = True
            offsets[r] = offset
            while occupied[frontier]:
                frontier += 1
        length = 0
        for i in range(occupied.size - 1, -1, -1):
            if occupied[i]:
                length = i + 1
                break
        return offsets, length

    compiled: Callable[[np.ndarray, int], tuple[np.ndarray, int]] = njit(
        cache=True, boundscheck=True
    )(displace)
    return compiled


@functools.cache
def hashed_table(tables: Tables, size: int) -> tuple[np.ndarray, np.ndarray]:
    """``(offsets, hashed)``: the non-flush ranks of ``size``-card hands packed
    by a perfect hash, ``hashed[(key & 0xFFF) + offsets[key >> 12]]`` being
    ``tables.non_flush_rank[size][key]`` for every key a hand can have.

    Built with Numba (about 0.6 s of CPU for 7 cards) and kept on disk beside
    the rank tables' cache; needs Numba (the kernel's only caller has it).
    """
    from pokerdealer.evaluation.tables import _cache_path

    table = tables.non_flush_rank[size]
    path = _cache_path(tables.ranking).with_name(
        f"batch-hash-v{_HASH_VERSION}-{_cache_path(tables.ranking).stem}-{size}.npz"
    )
    keys = np.flatnonzero(table)
    try:
        with np.load(path) as saved:
            offsets, hashed = saved["offsets"], saved["hashed"]
        # A file that does not give every rank back is built anew.
        if offsets.size == (int(keys[-1]) >> HASH_SHIFT) + 1 and np.array_equal(
            hashed[(keys & 0xFFF) + offsets[keys >> HASH_SHIFT]], table[keys]
        ):
            return offsets, hashed
    except (OSError, ValueError, KeyError, IndexError):
        pass
    wide, length = _displacer()(keys.astype(np.int64), HASH_SHIFT)
    offsets = wide.astype(np.uint32)
    hashed = np.zeros(length, dtype=np.uint16)
    hashed[(keys & 0xFFF) + offsets[keys >> HASH_SHIFT]] = table[keys]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(temporary, offsets=offsets, hashed=hashed)
        os.replace(temporary, path)
    except OSError:
        pass  # a read-only home only costs the build again next time
    return offsets, hashed
