"""The compiled evaluators' tables: card words and bits, and a compact perfect hash.

Every compiled path ranks hands through these (the batch kernel of
:func:`~pokerdealer.evaluation.evaluate_many`, :mod:`._batch_numba`; Monte
Carlo's kernel; the vectorised environment's showdowns), with the same
classes as every other path (:mod:`pokerdealer.evaluation.tables`), in one
pass per hand with no second look at the cards:

* a card's *word* is its rank weight (``tables.RANK_WEIGHTS``, bits 0-22)
  plus one in its suit's 4-bit counter (bits 32-47). A hand's word is
  :data:`EMPTY` plus its cards' words: the counters start at 3, so a suit's
  fifth card sets that counter's top bit and ``word & CHECK`` says at once
  whether the hand holds a flush (and whose suit, by which bit);
* a card's *bit* is ``1 << (16 * suit + rank)``: OR-ing a hand's bits gives
  each suit's 13-bit rank mask 16 bits apart, which indexes the flush table
  (read only for a flush: about 3% of random 7-card hands);
* the best non-flush rank is read through a perfect hash of the rank
  weights' sum (hash and displace): one multiplication of the key gives a
  slot in a table of 65,536 ranks (:data:`TABLE_BITS`) and a bucket whose
  displacement (XOR-ed into the slot) keeps keys apart. For 7 cards the
  49,205 keys fit 65,536 slots: 128 KB, and 16 KB of displacements, where
  the table indexed by the key itself is 16 MB (nearly every hand then
  missed the caches) and the row-displacement hash before this one 357 KB.

A card outside the deck (above 51, or below a six in short deck) has a
word of :data:`BAD` alone, so a kernel checks the cards in the same pass.

This module needs no Numba (the tables are NumPy arrays, searched for once
and kept on disk beside the rank tables' cache file); the compiled
functions that read them are in :mod:`._batch_numba`.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from pokerdealer.evaluation.tables import Tables

__all__ = [
    "BAD", "BUCKET_BITS", "CHECK", "EMPTY", "RANK_KEY", "SUIT_SHIFT", "TABLE_BITS", "Compact",
    "compact_tables",
]

#: Where a word's suit counters start (4 bits a suit, clubs first).
SUIT_SHIFT = 32
#: The word of no cards: every suit counter at 3.
EMPTY = sum(3 << (SUIT_SHIFT + 4 * suit) for suit in range(4))
#: The counters' top bits: set in a hand's word when some suit has five cards or more.
CHECK = sum(8 << (SUIT_SHIFT + 4 * suit) for suit in range(4))
#: The word of a card outside the deck (seven of them still fit below bit 63).
BAD = 1 << 56
#: Every compact table has ``2**TABLE_BITS`` slots (7 cards: 49,205 keys in 65,536) and
#: ``2**BUCKET_BITS`` buckets: the same for every ranking and hand size, so the kernels
#: shift by constants (fewer registers in their loops).
TABLE_BITS = 16
BUCKET_BITS = 14
#: The part of a word the hash reads: the rank weights' sum.
RANK_KEY = (1 << 32) - 1
_VERSION = 1


@dataclass(frozen=True, eq=False)
class Compact:
    """The kernel's tables for one ranking and hand size (:func:`compact_tables`)."""

    #: card index (0..255) -> its word (:data:`BAD` outside the ranking's deck)
    word: np.ndarray
    #: card index (0..255) -> ``1 << (16 * suit + rank)`` (0 outside the deck)
    bit: np.ndarray
    #: the hash's multiplier (odd, 64 bits)
    multiplier: np.uint64
    #: bucket -> the displacement XOR-ed into its keys' slots (uint8 or uint16)
    displacement: np.ndarray
    #: slot -> best non-flush rank (uint16)
    ranks: np.ndarray
    #: a suit's 13-bit rank mask -> best flush rank (tables.flush_rank)
    flush_rank: np.ndarray

    def slots(self, keys: np.ndarray) -> np.ndarray:
        """The slots of rank keys (NumPy; the kernel computes the same per hand).

        >>> from pokerdealer.evaluation import evaluate_rank
        >>> from pokerdealer.evaluation.tables import RANK_WEIGHTS, Ranking, tables_for
        >>> compact = compact_tables(tables_for(Ranking()), 5)
        >>> key = np.array([sum(RANK_WEIGHTS[rank] for rank in (12, 11, 10, 9, 7))])  # A K Q J 9
        >>> int(compact.ranks[compact.slots(key)][0]) == evaluate_rank("As Kd Qc Jh 9s")
        True
        """
        hashed = keys.astype(np.uint64) * self.multiplier
        bucket = (hashed >> np.uint64(64 - TABLE_BITS - BUCKET_BITS)) & np.uint64(
            (1 << BUCKET_BITS) - 1
        )
        return (hashed >> np.uint64(64 - TABLE_BITS)) ^ self.displacement[bucket].astype(np.uint64)

    def arguments(self) -> tuple[Any, ...]:
        """What the compiled functions take (:mod:`._batch_numba`), in their order."""
        return self.word, self.bit, self.multiplier, self.displacement, self.ranks, self.flush_rank


def _place(
    keys: np.ndarray, multiplier: np.uint64, table_bits: int, bucket_bits: int
) -> np.ndarray | None:
    """Displacements placing every key in a slot of its own, or ``None`` when some bucket
    finds none (then another multiplier is tried). Fullest buckets first, each taking the
    smallest displacement that fits, tried 256 at a time (NumPy: no compile needed).

    >>> keys = np.arange(1, 200, 3, dtype=np.uint64)
    >>> found = _place(keys, np.uint64(0x9E3779B97F4A7C15), 8, 6)
    >>> found is not None and found.dtype == np.uint16
    True
    """
    size = 1 << table_bits
    hashed = keys * multiplier
    slot = (hashed >> np.uint64(64 - table_bits)).astype(np.int64)
    bucket = (hashed >> np.uint64(64 - table_bits - bucket_bits)) & np.uint64((1 << bucket_bits) - 1)
    bucket = bucket.astype(np.int64)
    order = np.argsort(bucket, kind="stable")
    by_bucket = slot[order]
    count = np.bincount(bucket, minlength=1 << bucket_bits)
    start = np.concatenate([[0], np.cumsum(count)])
    used = np.zeros(size, np.bool_)
    displacement = np.zeros(1 << bucket_bits, np.uint16)
    tries = np.arange(256, dtype=np.int64)
    for b in np.argsort(-count, kind="stable").tolist():
        mine = by_bucket[start[b] : start[b + 1]]
        if not mine.size:
            break  # the rest are empty
        if np.unique(mine).size < mine.size:
            return None  # two keys of one bucket on one slot: no displacement parts them
        for first in range(0, size, 256):
            free = ~used[mine[:, None] ^ (first + tries)[None, :]].any(axis=0)
            if free.any():
                shift = first + int(free.argmax())
                used[mine ^ shift] = True
                displacement[b] = shift
                break
        else:
            return None
    return displacement


def _words(tables: Tables) -> tuple[np.ndarray, np.ndarray]:
    """Each card index's word and bit (256 of each: any uint8 index reads one)."""
    from pokerdealer.evaluation.tables import RANK_WEIGHTS

    lowest = 4 * tables.ranking.lowest_rank
    word = np.full(256, BAD, np.int64)
    bit = np.zeros(256, np.int64)
    for card in range(lowest, 52):
        rank, suit = card >> 2, card & 3
        word[card] = RANK_WEIGHTS[rank] + (1 << (SUIT_SHIFT + 4 * suit))
        bit[card] = 1 << (16 * suit + rank)
    return word, bit


@functools.cache
def compact_tables(tables: Tables, size: int) -> Compact:
    """The kernel's tables for ``size``-card hands of ``tables``' ranking: the
    card words and bits, and the non-flush ranks behind a perfect hash
    (``compact.ranks[compact.slots(key)]`` is ``tables.non_flush_rank[size][key]``
    for every key a hand can have).

    The hash is searched for once (multipliers from a fixed seed, so every
    machine finds the same) and kept on disk beside the rank tables' cache.
    """
    from pokerdealer.evaluation.tables import _cache_path

    table = tables.non_flush_rank[size]
    keys = np.flatnonzero(table).astype(np.uint64)
    word, bit = _words(tables)
    stem = _cache_path(tables.ranking).stem
    path = _cache_path(tables.ranking).with_name(f"batch-compact-v{_VERSION}-{stem}-{size}.npz")

    def made(multiplier: np.uint64, displacement: np.ndarray, ranks: np.ndarray) -> Compact:
        return Compact(
            word=word, bit=bit, multiplier=multiplier, displacement=displacement, ranks=ranks,
            flush_rank=tables.flush_rank,
        )  # fmt: skip

    try:
        with np.load(path) as saved:
            found = made(
                np.uint64(saved["multiplier"][0]), saved["displacement"], saved["ranks"]
            )
        # A file that does not give every rank back is built anew.
        if (
            found.ranks.size == 1 << TABLE_BITS
            and found.displacement.size == 1 << BUCKET_BITS
            and np.array_equal(found.ranks[found.slots(keys)], table[keys.astype(np.int64)])
        ):
            return found
    except (OSError, ValueError, KeyError, IndexError):
        pass
    seeds = np.random.default_rng(20261204)
    while True:
        multiplier = np.uint64(seeds.integers(0, 1 << 63)) * np.uint64(2) + np.uint64(1)
        placed = _place(keys, multiplier, TABLE_BITS, BUCKET_BITS)
        if placed is not None:
            break
    # (one byte a bucket when every displacement fits: half the cache lines)
    displacement = placed.astype(np.uint8) if placed.max() < 256 else placed
    ranks = np.zeros(1 << TABLE_BITS, np.uint16)
    found = made(multiplier, displacement, ranks)
    ranks[found.slots(keys)] = table[keys.astype(np.int64)]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(
            temporary, multiplier=np.array([multiplier]), displacement=displacement, ranks=ranks
        )
        os.replace(temporary, path)
    except OSError:
        pass  # a read-only home only costs the search again next time
    return found
