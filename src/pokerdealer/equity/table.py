"""The preflop all-in equity table: every pair of the 169 hand classes (or of
combos), exactly enumerated, computed in parallel, stored as Parquet.

Class ``A`` against class ``B`` is the average over every compatible deal:
one combo of ``A``, one combo of ``B`` sharing no card with it, and one of
the ``C(48, 5) = 1,712,304`` boards from the other cards, all equally likely
(what :func:`pokerdealer.equity.equity` answers for ``["AA", "KK"]``).

How it is counted (board first, not matchup first): for each 5-card board,
every combo not touching it is ranked once, and the class-pair tallies come
from a per-board histogram of ranks by class (wins: combos of ``B`` ranked
strictly below; ties: ranked equal), minus the pairs of combos sharing a
card. Class tallies do not change when the suits are renamed, so only the
134,459 boards distinct up to a suit permutation are scored, each weighted
by how many boards it stands for. Every count is an integer sum, so the
shards (chunks of boards) can run anywhere and in any number and the table
is identical. ``combos=True`` scores single combos (not suit-invariant) and
restores the symmetry by averaging over the 24 suit permutations (exact).

Parquet schema (one row per ordered pair, ``hand_a`` first, both orders and
``A`` against itself included; :data:`COLUMNS`):

==============  =======  ====================================================
``hand_a``      string   class (``AKs``) or combo (``AsKs``) of the first hand
``hand_b``      string   the second hand
``win``         float64  probability that ``hand_a`` wins outright
``tie``         float64  probability of a split pot
``equity``      float64  ``win + tie / 2``
``boards``      int64    deals enumerated: compatible combo pairs x 1,712,304
``wins``        int64    deals that ``hand_a`` wins (exact count)
``ties``        int64    deals that split (exact count)
==============  =======  ====================================================

The file's metadata holds ``pokerdealer.kind`` (``classes``/``combos``) and
``pokerdealer.version``.

>>> t = equity_table(["AA", "72o"], workers=1)
>>> row = t.lookup("AA", "72o")
>>> row.boards == 6 * 12 * BOARDS_PER_MATCHUP, round(row.win, 4), round(row.equity, 4)
(True, 0.8799, 0.882)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from pokerdealer.cards import CARDS, RANKS, Card, parse_cards
from pokerdealer.equity import _kernel
from pokerdealer.equity.errors import EquityError
from pokerdealer.equity.ranges import HAND_CLASSES, class_combos

__all__ = [
    "BOARDS_PER_MATCHUP",
    "COLUMNS",
    "EquityTable",
    "TableRow",
    "canonical_boards",
    "equity_table",
    "load_equity_table",
]

#: Boards of one heads-up preflop matchup: C(48, 5).
BOARDS_PER_MATCHUP = math.comb(48, 5)
#: The Parquet columns, in order.
COLUMNS = ("hand_a", "hand_b", "win", "tie", "equity", "boards", "wins", "ties")
#: Elements of the per-chunk working arrays (boards x ranks x classes).
_WORK = 1 << 22

_SUIT_PERMUTATIONS = tuple(itertools.permutations(range(4)))


@lru_cache(maxsize=1)
def canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """The 5-card boards distinct up to a renaming of the suits, as card masks
    (``_kernel.card_bits`` layout), sorted, with how many boards each stands for.

    >>> masks, weights = canonical_boards()
    >>> len(masks), int(weights.sum()) == math.comb(52, 5)
    (134459, True)
    """
    _, masks = _kernel.board_tables(np.arange(52), 5)
    slices = [(masks >> (13 * s)) & 0x1FFF for s in range(4)]
    best = None
    for perm in _SUIT_PERMUTATIONS:
        moved = slices[0] << (13 * perm[0])
        for s in range(1, 4):
            moved = moved | (slices[s] << (13 * perm[s]))
        best = moved if best is None else np.minimum(best, moved)
    assert best is not None
    unique, counts = np.unique(best, return_counts=True)
    return unique, counts.astype(np.int64)


def _board_keys(masks: np.ndarray) -> np.ndarray:
    """Evaluator code sums of boards given as card masks."""
    bit_of_card = np.log2(_kernel.CARD_BIT.astype(np.float64)).astype(np.int64)
    code_by_bit = np.zeros(52, np.int64)
    code_by_bit[bit_of_card] = _kernel.CARD_CODE
    bits = (masks[:, None] >> np.arange(52, dtype=np.int64)) & 1
    return bits @ code_by_bit


def _permuted_card(card: int, perm: Sequence[int]) -> int:
    return (card >> 2) * 4 + perm[card & 3]


@dataclass(frozen=True)
class _Hands:
    """The combos scored, grouped: ``group[i]`` is combo ``i``'s row in the table."""

    names: tuple[str, ...]
    combos: np.ndarray  # (m, 2) card indices
    group: np.ndarray  # (m,)

    @property
    def size(self) -> int:
        return len(self.names)


def _hands(classes: Sequence[str], combos: bool) -> _Hands:
    names: list[str] = []
    cards: list[tuple[int, int]] = []
    group: list[int] = []
    for name in classes:
        for combo in class_combos(name):
            if combos:
                group.append(len(names))
                names.append(f"{CARDS[combo[0]]}{CARDS[combo[1]]}")
            else:
                group.append(len(names))
            cards.append(combo)
        if not combos:
            names.append(name)
    return _Hands(tuple(names), np.array(cards, np.intp), np.array(group, np.intp))


def _chunk_counts(
    board_masks: np.ndarray, weights: np.ndarray, combos: np.ndarray, group: np.ndarray, groups: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Weighted (wins, ties, deals) per ordered pair of groups over some boards.

    Runs in a worker. Every array is int64 and every sum exact.
    """
    m = len(combos)
    g1 = groups + 1  # one extra group for combos that touch the board
    hole_keys = _kernel.CARD_CODE[combos].sum(axis=1)
    hole_masks = _kernel.CARD_BIT[combos[:, 0]] | _kernel.CARD_BIT[combos[:, 1]]
    # Ordered pairs of combos sharing a card (a combo with itself included).
    shares = (hole_masks[:, None] & hole_masks[None, :]) != 0
    p, q = np.nonzero(shares)
    pair_cell = group[p] * groups + group[q]

    wins_by_combo = np.zeros((m, g1), np.int64)
    ties_by_combo = np.zeros((m, g1), np.int64)
    deals = np.zeros((groups, groups), np.int64)
    wins_shared = np.zeros(len(p), np.int64)
    ties_shared = np.zeros(len(p), np.int64)
    valid_shared = np.zeros(len(p), np.int64)
    onehot = np.zeros((m, groups), np.int64)
    onehot[np.arange(m), group] = 1
    board_keys = _board_keys(board_masks)
    step = max(1, _WORK // (m * g1))
    for start in range(0, len(board_masks), step):
        bm = board_masks[start : start + step]
        w = weights[start : start + step]
        b = len(bm)
        valid = (bm[:, None] & hole_masks[None, :]) == 0
        ranks = _kernel.ranks_of(
            board_keys[start : start + step, None] + hole_keys[None, :],
            bm[:, None] | hole_masks[None, :],
            clip=True,
        ).astype(np.int64)
        ranks[~valid] = -1
        # Dense rank levels per board.
        order = np.argsort(ranks, axis=1, kind="stable")
        sorted_ranks = np.take_along_axis(ranks, order, axis=1)
        steps = np.zeros((b, m), np.int64)
        steps[:, 1:] = sorted_ranks[:, 1:] != sorted_ranks[:, :-1]
        levels = np.empty((b, m), np.int64)
        np.put_along_axis(levels, order, np.cumsum(steps, axis=1), axis=1)
        top = int(levels.max()) + 1
        cls = np.where(valid, group[None, :], groups)
        flat = (np.arange(b)[:, None] * top + levels) * g1 + cls
        hist = np.bincount(flat.ravel(), minlength=b * top * g1).reshape(b, top, g1)
        below = np.cumsum(hist, axis=1) - hist
        rows = np.arange(b)[:, None]
        factor = (w[:, None] * valid)[:, :, None]
        wins_by_combo += (below[rows, levels] * factor).sum(axis=0)
        ties_by_combo += (hist[rows, levels] * factor).sum(axis=0)
        counts = valid.astype(np.int64) @ onehot  # (b, groups)
        deals += (counts * w[:, None]).T @ counts
        both = valid[:, p] & valid[:, q]
        wv = w[:, None] * both
        wins_shared += (wv * (ranks[:, p] > ranks[:, q])).sum(axis=0)
        ties_shared += (wv * (ranks[:, p] == ranks[:, q])).sum(axis=0)
        valid_shared += wv.sum(axis=0)
    wins = onehot.T @ wins_by_combo[:, :groups]
    ties = onehot.T @ ties_by_combo[:, :groups]
    cells = groups * groups
    wins -= np.bincount(pair_cell, wins_shared, cells).astype(np.int64).reshape(groups, groups)
    ties -= np.bincount(pair_cell, ties_shared, cells).astype(np.int64).reshape(groups, groups)
    deals -= np.bincount(pair_cell, valid_shared, cells).astype(np.int64).reshape(groups, groups)
    return wins, ties, deals


@dataclass(frozen=True)
class TableRow:
    """One ordered matchup of the table."""

    hand_a: str
    hand_b: str
    win: float
    tie: float
    equity: float
    boards: int
    wins: int
    ties: int


@dataclass(frozen=True)
class EquityTable:
    """Exact heads-up preflop results for every ordered pair of ``hands``.

    ``wins[i, j]``, ``ties[i, j]`` and ``boards[i, j]`` are exact deal counts
    for ``hands[i]`` against ``hands[j]``. ``kind`` is ``"classes"`` or ``"combos"``.
    """

    hands: tuple[str, ...]
    wins: np.ndarray
    ties: np.ndarray
    boards: np.ndarray
    kind: str = "classes"

    def _index(self, hand: str) -> int:
        key = _normalise(hand, self.kind)
        try:
            return self._positions()[key]
        except KeyError:
            raise EquityError(f"{hand!r} is not in this equity table") from None

    def _positions(self) -> dict[str, int]:
        cached = self.__dict__.get("_position_cache")
        if cached is None:
            cached = {h: i for i, h in enumerate(self.hands)}
            object.__setattr__(self, "_position_cache", cached)
        return cached

    def lookup(self, hand_a: str, hand_b: str) -> TableRow:
        """The row of ``hand_a`` against ``hand_b`` (``"AKs"``, ``"KA s"`` is not
        read; combos like ``"AsKs"`` in either card order for a combo table)."""
        i, j = self._index(hand_a), self._index(hand_b)
        return self._row(i, j)

    def equity_of(self, hand_a: str, hand_b: str) -> float:
        """``hand_a``'s equity (win + tie / 2) against ``hand_b``."""
        return self.lookup(hand_a, hand_b).equity

    def against_all(self, hand: str) -> float:
        """``hand``'s equity against one hand dealt at random from the table's
        hands (every compatible deal equally likely); with the full 169-class
        table, its preflop equity against a random hand.

        >>> t = equity_table(["AA", "KK"], workers=1)
        >>> round(t.against_all("KK"), 4)
        0.2262
        """
        i = self._index(hand)
        n = int(self.boards[i].sum())
        return (int(self.wins[i].sum()) + int(self.ties[i].sum()) / 2) / n if n else math.nan

    def _row(self, i: int, j: int) -> TableRow:
        n = int(self.boards[i, j])
        w, t = int(self.wins[i, j]), int(self.ties[i, j])
        win = w / n if n else math.nan
        tie = t / n if n else math.nan
        return TableRow(self.hands[i], self.hands[j], win, tie, win + tie / 2, n, w, t)

    def rows(self) -> Iterable[TableRow]:
        """Every ordered pair with at least one compatible deal."""
        for i in range(len(self.hands)):
            for j in range(len(self.hands)):
                if self.boards[i, j]:
                    yield self._row(i, j)

    def write_parquet(self, path: str | Path) -> None:
        """Write the table (schema in the module docstring). Needs ``pyarrow``."""
        pa, pq = _pyarrow()
        i, j = np.nonzero(self.boards)
        n = self.boards[i, j]
        w, t = self.wins[i, j], self.ties[i, j]
        names = np.array(self.hands, dtype=object)
        table = pa.table(
            {
                "hand_a": pa.array(names[i].tolist(), pa.string()),
                "hand_b": pa.array(names[j].tolist(), pa.string()),
                "win": pa.array(w / n, pa.float64()),
                "tie": pa.array(t / n, pa.float64()),
                "equity": pa.array((w + t / 2) / n, pa.float64()),
                "boards": pa.array(n, pa.int64()),
                "wins": pa.array(w, pa.int64()),
                "ties": pa.array(t, pa.int64()),
            }
        ).replace_schema_metadata({"pokerdealer.kind": self.kind, "pokerdealer.version": "1"})
        pq.write_table(table, str(path))


def _normalise(hand: str, kind: str) -> str:
    text = hand.replace(" ", "")
    if kind == "combos":
        cards: tuple[Card, ...] = parse_cards(text, count=2, what="combo")
        a, b = sorted(cards, key=lambda c: c.index, reverse=True)
        return f"{a}{b}"
    if len(text) == 2 and text[0].upper() == text[1].upper():
        return text.upper()
    if len(text) == 3 and text[0].upper() in RANKS and text[1].upper() in RANKS:
        high, low = text[0].upper(), text[1].upper()
        if RANKS.index(high) < RANKS.index(low):
            high, low = low, high
        return f"{high}{low}{text[2].lower()}"
    return text


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise EquityError(
            "Parquet needs pyarrow: pip install 'pokerdealer[parquet]'"
        ) from None
    return pa, pq


def load_equity_table(path: str | Path) -> EquityTable:
    """Read a table written by :meth:`EquityTable.write_parquet` (or the
    ``equity-table`` command). Needs ``pyarrow``."""
    _, pq = _pyarrow()
    try:
        data = pq.read_table(str(path))
    except (OSError, ValueError) as error:
        raise EquityError(f"cannot read equity table {path}: {error}") from None
    missing = [c for c in COLUMNS if c not in data.column_names]
    if missing:
        raise EquityError(f"{path} is not an equity table: no column {', '.join(missing)}")
    metadata = data.schema.metadata or {}
    kind = metadata.get(b"pokerdealer.kind", b"classes").decode()
    a = data.column("hand_a").to_pylist()
    b = data.column("hand_b").to_pylist()
    hands = tuple(dict.fromkeys(a + b))
    index = {h: k for k, h in enumerate(hands)}
    ia = np.array([index[h] for h in a], np.intp)
    ib = np.array([index[h] for h in b], np.intp)
    shape = (len(hands), len(hands))
    tables = []
    for column in ("wins", "ties", "boards"):
        matrix = np.zeros(shape, np.int64)
        matrix[ia, ib] = data.column(column).to_numpy()
        tables.append(matrix)
    return EquityTable(hands, *tables, kind=kind)


def _parse_classes(classes: Iterable[str] | None) -> tuple[str, ...]:
    if classes is None:
        return HAND_CLASSES
    names: list[str] = []
    for name in classes:
        name = name.strip()
        if not name:
            continue
        class_combos(name)  # raises a RangeParseError for a bad name
        canonical = _normalise(name, "classes")
        if canonical not in HAND_CLASSES:
            raise EquityError(
                f"{name!r} is not one of the 169 hand classes (write AKs or AKo, not AK)"
            )
        names.append(canonical)
    names = list(dict.fromkeys(names))
    if not names:
        raise EquityError("no hand classes given")
    return tuple(sorted(names, key=HAND_CLASSES.index))


def equity_table(
    classes: Iterable[str] | None = None,
    *,
    combos: bool = False,
    workers: int | None = None,
    ray: str | None = None,
    backend: Any = None,
    chunks: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> EquityTable:
    """Exact all-in equity of every ordered pair of ``classes`` (default all 169).

    :param combos: one row per pair of combos of those classes instead of per
        class pair. Costs grow with the square of the combos: use a few classes.
    :param workers: local processes (``None``: every core; ``1``: this process).
    :param ray: a Ray address or ``"local"`` (the ``ray`` extra).
    :param backend: a ready :mod:`pokerdealer.parallel` backend instead.
    :param chunks: how many shards to cut the boards into (default 64);
        it changes nothing but the progress steps and the load balance.
    :param progress: called with ``(chunks done, chunks)``, first with none done.
    """
    from pokerdealer.parallel.backend import make_backend

    names = _parse_classes(classes)
    hands = _hands(names, combos)
    runner = backend if backend is not None else make_backend(workers=workers, ray=ray)
    masks, weights = canonical_boards()
    if chunks is None:
        chunks = 64
    chunks = max(1, min(chunks, len(masks)))
    bounds = np.linspace(0, len(masks), chunks + 1).astype(np.intp)
    tasks = [
        (masks[lo:hi], weights[lo:hi], hands.combos, hands.group, hands.size)
        for lo, hi in zip(bounds[:-1], bounds[1:])
    ]
    done = 0

    def finished(_: int, __: object) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, len(tasks))

    if progress is not None:
        progress(0, len(tasks))  # the whole is known before the first part is done
    parts = runner.map(_chunk_counts, tasks, finished)
    wins = sum(p[0] for p in parts)
    ties = sum(p[1] for p in parts)
    deals = sum(p[2] for p in parts)
    if combos:
        wins, ties, deals = (_symmetrise(x, hands) for x in (wins, ties, deals))
    return EquityTable(hands.names, wins, ties, deals, kind="combos" if combos else "classes")


def _symmetrise(counts: np.ndarray, hands: _Hands) -> np.ndarray:
    """Counts over canonical boards -> counts over all boards, for single combos:
    the average over the 24 suit permutations (each board's orbit, exactly)."""
    position = {tuple(c): i for i, c in enumerate(hands.combos.tolist())}
    total = np.zeros_like(counts)
    for perm in _SUIT_PERMUTATIONS:
        moved = []
        for a, b in hands.combos.tolist():
            x, y = _permuted_card(a, perm), _permuted_card(b, perm)
            moved.append(position[(max(x, y), min(x, y))])
        index = np.array(moved, np.intp)
        total += counts[np.ix_(index, index)]
    assert not (total % len(_SUIT_PERMUTATIONS)).any()
    return total // len(_SUIT_PERMUTATIONS)
