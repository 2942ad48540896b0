"""Lookup tables behind every evaluation path, built once and cached on disk.

How a hand is ranked:

* Every distinct 5-card hand value (a *class*: 7,462 in hold'em) gets a
  rank, 1 for the worst; classes are ordered by category strength (which
  depends on the variant) and then by their tie-break key (docs/rules.md#hand-rankings).
* A card's code adds a per-rank weight (low 23 bits) to a per-suit counter
  (3 bits a suit above them). The weights make the sum over up to seven
  cards unique per multiset of ranks, so the *sum of the card codes* of a
  hand indexes a table of the best non-flush rank; the suit counters of the
  same sum say whether some suit has five or more cards, and only then is
  the flush table (indexed by that suit's 13-bit rank mask) consulted.
  Adding codes is order-free, which is what makes the batch path a handful
  of vectorised NumPy operations.

The tables are computed once per machine and kept in a little-endian cache
file that later processes map into memory: :func:`lookup_for` gives them to
the one-hand evaluator without NumPy (a command that ranks one hand starts
without importing it, and reads only the pages it looks up);
:func:`tables_for` wraps the same memory in NumPy arrays for the batch and
equity paths.
"""

from __future__ import annotations

import functools
import itertools
import mmap
import os
import struct
import sys
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pokerdealer._first_run import building_tables
from pokerdealer.cards import Variant
from pokerdealer.errors import EvaluationError
from pokerdealer.evaluation.value import Category

if TYPE_CHECKING:  # NumPy is imported when the tables are first built or loaded, not with the package
    import numpy as np

__all__ = ["RANK_BITS", "Lookup", "Ranking", "Tables", "lookup_for", "tables_for"]

#: Per-rank weights whose sums over any multiset of at most seven ranks
#: (each at most four times) are distinct; the largest 7-card sum is
#: 7,825,759 < 2**23. (Values from Kenneth Shackleton's SKPokerEval; checked
#: for collisions when the tables are built.)
RANK_WEIGHTS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
RANK_BITS = 23
RANK_MASK = (1 << RANK_BITS) - 1
_CACHE_VERSION = 2

_MADE_COUNT = {
    Category.HIGH_CARD: 1,
    Category.ONE_PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.STRAIGHT: 5,
    Category.FLUSH: 5,
    Category.FULL_HOUSE: 5,
    Category.FOUR_OF_A_KIND: 4,
    Category.STRAIGHT_FLUSH: 5,
    Category.ROYAL_FLUSH: 5,
}


@dataclass(frozen=True)
class Ranking:
    """A hand-ranking rule set: the variant and, for short deck, trips vs straight.

    >>> Ranking("shortdeck").strength_order[-5:]
    (<Category.THREE_OF_A_KIND: 'three_of_a_kind'>, <Category.FULL_HOUSE: 'full_house'>, <Category.FLUSH: 'flush'>, <Category.FOUR_OF_A_KIND: 'four_of_a_kind'>, <Category.STRAIGHT_FLUSH: 'straight_flush'>)
    """

    variant: Variant = "holdem"
    trips_beat_straight: bool = True

    def __post_init__(self) -> None:
        if self.variant not in ("holdem", "shortdeck"):
            raise EvaluationError(
                f"unknown variant {self.variant!r}: expected 'holdem' or 'shortdeck'"
            )

    @property
    def lowest_rank(self) -> int:
        return 0 if self.variant == "holdem" else 4

    @property
    def strength_order(self) -> tuple[Category, ...]:
        """Categories from weakest to strongest (royal flush is the top straight flush)."""
        c = Category
        if self.variant == "holdem":
            middle = (c.THREE_OF_A_KIND, c.STRAIGHT, c.FLUSH, c.FULL_HOUSE)
        elif self.trips_beat_straight:
            middle = (c.STRAIGHT, c.THREE_OF_A_KIND, c.FULL_HOUSE, c.FLUSH)
        else:
            middle = (c.THREE_OF_A_KIND, c.STRAIGHT, c.FULL_HOUSE, c.FLUSH)
        return (c.HIGH_CARD, c.ONE_PAIR, c.TWO_PAIR, *middle, c.FOUR_OF_A_KIND, c.STRAIGHT_FLUSH)

    def straights(self) -> list[tuple[int, ...]]:
        """Each straight's ranks in best-five order (top card first), lowest first.

        The ace also plays low: A-2-3-4-5 (hold'em) or A-6-7-8-9 (short deck).
        """
        low = self.lowest_rank
        wheel = (low + 3, low + 2, low + 1, low, 12)
        return [wheel] + [tuple(range(top, top - 5, -1)) for top in range(low + 4, 13)]


@dataclass(frozen=True, eq=False)
class Tables:
    """All lookup tables of one :class:`Ranking`, as NumPy arrays (:func:`tables_for`)."""

    ranking: Ranking
    #: per rank (index 0 unused): category, ranks of the best five in order, flush or not
    class_category: tuple[Category, ...]
    class_pattern: tuple[tuple[int, ...], ...]
    class_is_flush: tuple[bool, ...]
    class_made: tuple[int, ...]
    #: card index -> additive code
    card_code: np.ndarray
    #: 12-bit suit-counter sum -> flush suit or -1
    flush_suit: np.ndarray
    #: 13-bit rank mask of one suit (5-7 bits) -> best rank using those cards
    flush_rank: np.ndarray
    #: hand size (5, 6, 7) -> table: rank-weight sum -> best non-flush rank
    non_flush_rank: dict[int, np.ndarray]

    @property
    def class_count(self) -> int:
        return len(self.class_category) - 1


def _classes(ranking: Ranking) -> list[tuple[Category, tuple[int, ...], bool]]:
    """Every 5-card class as (category, best-five rank pattern, flush), weakest first."""
    ranks = range(ranking.lowest_rank, 13)
    straights = {frozenset(s): s for s in ranking.straights()}
    strength = {category: i for i, category in enumerate(ranking.strength_order)}
    entries: list[tuple[int, tuple[int, ...], Category, tuple[int, ...], bool]] = []

    def add(category: Category, key: tuple[int, ...], pattern: tuple[int, ...], flush: bool):
        entries.append((strength[category], key, category, pattern, flush))

    for five in itertools.combinations(reversed(ranks), 5):  # distinct ranks, high to low
        straight = straights.get(frozenset(five))
        if straight is not None:
            top = (straight[0],)
            add(Category.STRAIGHT, top, straight, False)
            add(Category.STRAIGHT_FLUSH, top, straight, True)
        else:
            add(Category.HIGH_CARD, five, five, False)
            add(Category.FLUSH, five, five, True)
    for a in ranks:
        others = [r for r in reversed(ranks) if r != a]
        for b in others:
            add(Category.FOUR_OF_A_KIND, (a, b), (a,) * 4 + (b,), False)
            add(Category.FULL_HOUSE, (a, b), (a,) * 3 + (b,) * 2, False)
        for kickers in itertools.combinations(others, 2):
            add(Category.THREE_OF_A_KIND, (a, *kickers), (a,) * 3 + kickers, False)
        for kickers in itertools.combinations(others, 3):
            add(Category.ONE_PAIR, (a, *kickers), (a,) * 2 + kickers, False)
        for low in ranks:
            if low >= a:
                continue
            for kicker in reversed(ranks):
                if kicker not in (a, low):
                    add(Category.TWO_PAIR, (a, low, kicker), (a, a, low, low, kicker), False)
    entries.sort(key=lambda e: (e[0], e[1]))
    result = []
    for _, _, category, pattern, flush in entries:
        if category is Category.STRAIGHT_FLUSH and pattern[0] == 12:
            category = Category.ROYAL_FLUSH
        result.append((category, pattern, flush))
    return result


def _multisets(ranks: range, size: int) -> Iterator[tuple[int, ...]]:
    """Sorted rank multisets of ``size`` with each rank at most four times."""
    for combo in itertools.combinations_with_replacement(ranks, size):
        if all(combo.count(r) <= 4 for r in set(combo)):
            yield combo


def _build(ranking: Ranking) -> dict[str, array]:
    """The rank tables of ``ranking``, computed (seconds; then cached on disk)."""
    classes = _classes(ranking)
    ranks = range(ranking.lowest_rank, 13)
    non_flush_class: dict[tuple[int, ...], int] = {}
    flush_class: dict[int, int] = {}
    for rank, (_, pattern, flush) in enumerate(classes, start=1):
        if flush:
            flush_class[sum(1 << r for r in pattern)] = rank
        else:
            non_flush_class[tuple(sorted(pattern))] = rank

    # best non-flush rank of every 5, 6, 7-rank multiset: drop one card at a time
    best: dict[tuple[int, ...], int] = dict(non_flush_class)
    arrays: dict[str, array] = {}
    for size in (5, 6, 7):
        values: dict[int, int] = {}
        seen: dict[int, tuple[int, ...]] = {}
        for combo in _multisets(ranks, size):
            if size > 5:
                value = max(best[combo[:i] + combo[i + 1 :]] for i in range(size))
                best[combo] = value
            else:
                value = best[combo]
            key = sum(RANK_WEIGHTS[r] for r in combo)
            if key in seen:  # the weights must keep multisets apart
                raise EvaluationError(f"rank weights collide: {seen[key]} and {combo}")
            seen[key] = combo
            values[key] = value
        table = array("H", bytes(2 * (max(values) + 1)))
        for key, value in values.items():
            table[key] = value
        arrays[f"non_flush_{size}"] = table

    flush_rank = array("H", bytes(2 << 13))
    allowed = sum(1 << r for r in ranks)
    for mask in sorted(range(1 << 13), key=int.bit_count):
        bits = mask.bit_count()
        if bits < 5 or bits > 7 or mask & ~allowed:
            continue
        if bits == 5:
            flush_rank[mask] = flush_class[mask]
        else:
            flush_rank[mask] = max(
                flush_rank[mask & ~(1 << r)] for r in range(13) if mask >> r & 1
            )
    arrays["flush_rank"] = flush_rank
    return arrays


#: The cache file: this magic, the length of each array (uint32), then the
#: arrays (uint16), all little-endian, in this order.
_MAGIC = b"PDTABLE2"
_ARRAYS = ("flush_rank", "non_flush_5", "non_flush_6", "non_flush_7")
_HEADER = struct.Struct("<8s4I")


def _cache_path(ranking: Ranking) -> Path:
    base = os.environ.get("POKERDEALER_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "pokerdealer",
    )
    order = "trips" if ranking.trips_beat_straight or ranking.variant == "holdem" else "straight"
    return Path(base) / f"tables-v{_CACHE_VERSION}-{ranking.variant}-{order}.bin"


def _read_cache(path: Path) -> dict[str, memoryview] | None:
    """The arrays of a cache file, mapped (not read: a page loads when a rank
    on it is looked up); ``None`` when the file is missing or not whole."""
    try:
        with open(path, "rb") as file:
            mapped = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    if len(mapped) < _HEADER.size:
        return None
    magic, *lengths = _HEADER.unpack_from(mapped)
    if magic != _MAGIC or len(mapped) != _HEADER.size + 2 * sum(lengths):
        return None
    arrays: dict[str, memoryview] = {}
    offset = _HEADER.size
    for name, length in zip(_ARRAYS, lengths):
        view = memoryview(mapped)[offset : offset + 2 * length]
        if sys.byteorder == "little":
            arrays[name] = view.cast("H")
        else:  # pragma: no cover - the file is little-endian
            swapped = array("H", view)
            swapped.byteswap()
            arrays[name] = memoryview(swapped)
        offset += 2 * length
    return arrays


def _write_cache(path: Path, arrays: dict[str, array]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        with open(temporary, "wb") as file:
            file.write(_HEADER.pack(_MAGIC, *(len(arrays[name]) for name in _ARRAYS)))
            for name in _ARRAYS:
                data = arrays[name]
                if sys.byteorder != "little":  # pragma: no cover
                    data = array("H", data)
                    data.byteswap()
                file.write(data.tobytes())
        os.replace(temporary, path)
    except OSError:
        pass  # a read-only home only costs the build time again next run


def _load_arrays(ranking: Ranking) -> dict[str, memoryview]:
    path = _cache_path(ranking)
    arrays = _read_cache(path)
    if arrays is None:
        building_tables(path)  # seconds of work: the command line says so
        built = _build(ranking)
        _write_cache(path, built)
        # Mapped from the file when it could be written, else kept in memory.
        arrays = _read_cache(path) or {name: memoryview(data) for name, data in built.items()}
    return arrays


def _canonical(ranking: Ranking) -> Ranking:
    if ranking.variant == "holdem" and not ranking.trips_beat_straight:
        return Ranking("holdem")  # the option only exists in short deck
    return ranking


@dataclass(frozen=True, eq=False)
class Lookup:
    """The lookup tables of one :class:`Ranking` as plain Python objects (no
    NumPy): what one evaluation at a time reads (:mod:`.scalar`).

    >>> lookup = lookup_for(Ranking())
    >>> lookup.class_count, lookup.class_category[7462], lookup.class_pattern[1]
    (7462, <Category.ROYAL_FLUSH: 'royal_flush'>, (5, 3, 2, 1, 0))
    """

    ranking: Ranking
    #: per rank (index 0 unused): category, ranks of the best five in order, flush or not
    class_category: tuple[Category, ...]
    class_pattern: tuple[tuple[int, ...], ...]
    class_is_flush: tuple[bool, ...]
    class_made: tuple[int, ...]
    #: card index -> additive code
    card_code: tuple[int, ...]
    #: 12-bit suit-counter sum -> flush suit or -1
    flush_suit: tuple[int, ...]
    #: 13-bit rank mask of one suit (5-7 bits) -> best rank using those cards
    flush_rank: memoryview
    #: hand size (5, 6, 7) -> table: rank-weight sum -> best non-flush rank
    non_flush_rank: dict[int, memoryview]

    @property
    def class_count(self) -> int:
        return len(self.class_category) - 1


@functools.cache
def lookup_for(ranking: Ranking) -> Lookup:
    """The tables of ``ranking`` without NumPy, built on first use (cached on
    disk, mapped into memory)."""
    ranking = _canonical(ranking)
    classes = _classes(ranking)
    arrays = _load_arrays(ranking)
    flush_suit = [-1] * (1 << 12)
    for value in range(1 << 12):
        for suit in range(4):
            if (value >> (3 * suit)) & 7 >= 5:
                flush_suit[value] = suit
    return Lookup(
        ranking=ranking,
        class_category=(Category.HIGH_CARD, *(c for c, _, _ in classes)),
        class_pattern=((), *(p for _, p, _ in classes)),
        class_is_flush=(False, *(f for _, _, f in classes)),
        class_made=(0, *(_MADE_COUNT[c] for c, _, _ in classes)),
        card_code=tuple(RANK_WEIGHTS[i >> 2] + (1 << (RANK_BITS + 3 * (i & 3))) for i in range(52)),
        flush_suit=tuple(flush_suit),
        flush_rank=arrays["flush_rank"],
        non_flush_rank={size: arrays[f"non_flush_{size}"] for size in (5, 6, 7)},
    )


@functools.cache
def tables_for(ranking: Ranking) -> Tables:
    """The tables of ``ranking`` as NumPy arrays (read-only views of
    :func:`lookup_for`'s), for the batch and equity paths."""
    import numpy as np

    lookup = lookup_for(ranking)
    return Tables(
        ranking=lookup.ranking,
        class_category=lookup.class_category,
        class_pattern=lookup.class_pattern,
        class_is_flush=lookup.class_is_flush,
        class_made=lookup.class_made,
        card_code=np.array(lookup.card_code, dtype=np.int64),
        flush_suit=np.array(lookup.flush_suit, dtype=np.int8),
        flush_rank=np.frombuffer(lookup.flush_rank, dtype=np.uint16),
        non_flush_rank={
            size: np.frombuffer(view, dtype=np.uint16) for size, view in lookup.non_flush_rank.items()
        },
    )
