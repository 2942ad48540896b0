"""Hand strength for bots: a starting-hand chart, Monte Carlo equity, and
preflop equity from an exact equity table when one is given.

>>> from pokerdealer.cards import parse_cards
>>> hand_class(parse_cards("Ah Kh")), hand_class(parse_cards("7c 7d")), hand_class(parse_cards("2c 7d"))
('AKs', '77', '72o')
>>> preflop_tier(parse_cards("Ah Kh")), preflop_tier(parse_cards("9s 8s")), preflop_tier(parse_cards("7c 2d"))
(1, 3, 0)

With a preflop equity table (:mod:`pokerdealer.equity.table`, every starting
hand), :func:`table_tier` replaces the chart: a hand's strength is its exact
equity against one random hand, ``e = table.against_all(hand_class(hole))``
(AA 0.85, AKs 0.67, 22 0.50, 72o 0.35), and a tier needs

    ``e >= TABLE_BARS[tier] + TABLE_BAR_STEP * (opponents - 1)``

where ``opponents`` is the players still in the hand besides the bot: the bar
is lowest heads-up and rises one point of equity per extra opponent, since a
hand has to beat every one of them (bars 0.69 / 0.61 / 0.55 heads-up; first
in six-handed 0.73 / 0.65 / 0.59: TT+ are premium, 77+ and the best aces
good, close to the chart).
:func:`preflop_table` resolves the table: an :class:`EquityTable`, the path
of its Parquet file, or else the file named by :data:`EQUITY_TABLE_ENV`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pokerdealer.cards import RANKS, Card, Variant, deck_cards
from pokerdealer.equity.errors import EquityError
from pokerdealer.equity.ranges import HAND_CLASSES

if TYPE_CHECKING:  # NumPy and the equity tables load when a bot first needs them
    import numpy as np

    from pokerdealer.equity.table import EquityTable

__all__ = [
    "CHART",
    "EQUITY_TABLE_ENV",
    "TABLE_BARS",
    "TABLE_BAR_STEP",
    "equity_against_random",
    "equity_against_ranges",
    "hand_class",
    "preflop_table",
    "preflop_tier",
    "table_equity",
    "table_tier",
]

#: Environment variable naming a preflop equity table (Parquet) for bots
#: built without one.
EQUITY_TABLE_ENV = "POKERDEALER_EQUITY_TABLE"
#: Heads-up equity against a random hand that each tier needs with a table.
TABLE_BARS: dict[int, float] = {1: 0.69, 2: 0.61, 3: 0.55}
#: How much every bar rises per opponent beyond the first.
TABLE_BAR_STEP = 0.01


def _expand(text: str) -> set[str]:
    """Chart notation: ``"TT+"`` (pairs up to aces), ``"A9s+"`` (kicker up to one
    below the high card), ``"KQo"`` (one class)."""
    out: set[str] = set()
    for token in text.split():
        plus = token.endswith("+")
        token = token.rstrip("+")
        high, low = RANKS.index(token[0]), RANKS.index(token[1])
        kind = token[2:]
        if high == low:
            out.update(RANKS[r] * 2 for r in range(high, 13 if plus else high + 1))
        else:
            top = high if plus else low + 1
            out.update(f"{token[0]}{RANKS[r]}{kind}" for r in range(low, top))
    return out


#: Starting-hand chart of the tight bot: tier 1 raises and re-raises, tier 2
#: raises first in and calls a raise, tier 3 raises first in from late position
#: (the last three seats before the blinds) and folds to a raise.
CHART: dict[int, frozenset[str]] = {
    1: frozenset(_expand("JJ+ AKs AKo")),
    2: frozenset(_expand("88+ AJs+ KQs AQo")),
    3: frozenset(_expand("22+ A2s+ K9s+ Q9s+ J9s+ T8s+ 98s 87s 76s ATo+ KTo+ QTo+ JTo")),
}


def hand_class(hole: Sequence[Card]) -> str:
    """The starting-hand class: ``AA``, ``AKs`` (suited), ``AKo`` (offsuit)."""
    a, b = hole
    if a.rank < b.rank:
        a, b = b, a
    if a.rank == b.rank:
        return RANKS[a.rank] * 2
    return f"{RANKS[a.rank]}{RANKS[b.rank]}{'s' if a.suit == b.suit else 'o'}"


def preflop_tier(hole: Sequence[Card]) -> int:
    """1 (premium) .. 3 (playable late), 0 for a hand the chart folds."""
    name = hand_class(hole)
    for tier in (1, 2, 3):
        if name in CHART[tier]:
            return tier
    return 0


def preflop_table(
    table: EquityTable | str | os.PathLike[str] | None = None,
) -> EquityTable | None:
    """The equity table to play from: ``table`` itself, the table in the file
    ``table`` names, or (``None``) the file named by :data:`EQUITY_TABLE_ENV`
    when that is set; ``None`` when there is none.

    Files are read once per path and modification (bots share them).

    :raises EquityError: an unreadable file, or a table without every
        starting hand (all 169 classes, or all 1,326 combos).
    """
    if table is None:
        named = os.environ.get(EQUITY_TABLE_ENV, "").strip()
        if not named:
            return None
        table = named
    from pokerdealer.equity.table import EquityTable

    if not isinstance(table, EquityTable):
        path = Path(table)
        try:
            stat = path.stat()
        except OSError as error:
            raise EquityError(f"cannot read equity table {path}: {error.strerror}") from None
        table = _load(str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    wanted = len(HAND_CLASSES) if table.kind == "classes" else 1326
    if len(set(table.hands)) < wanted:
        raise EquityError(
            f"a bot needs an equity table of every starting hand ({wanted} {table.kind}); "
            f"this one has {len(table.hands)}"
        )
    return table


@lru_cache(maxsize=4)
def _load(path: str, mtime_ns: int, size: int) -> EquityTable:
    from pokerdealer.equity.table import load_equity_table

    return load_equity_table(path)


def table_equity(table: EquityTable, hole: Sequence[Card]) -> float:
    """Exact preflop equity of ``hole`` against one random hand, from ``table``
    (looked up by class, or by combo in a combo table)."""
    if table.kind == "combos":
        a, b = sorted(hole, key=lambda c: c.index, reverse=True)
        return table.against_all(f"{a}{b}")
    return table.against_all(hand_class(hole))


def table_tier(table: EquityTable, hole: Sequence[Card], opponents: int) -> int:
    """:func:`preflop_tier` from an equity table: the best tier whose bar (see
    the module docstring) the hand's equity reaches against ``opponents``; 0
    when it reaches none."""
    e = table_equity(table, hole)
    extra = TABLE_BAR_STEP * max(opponents - 1, 0)
    for tier in (1, 2, 3):
        if e >= TABLE_BARS[tier] + extra:
            return tier
    return 0


def equity_against_random(
    hole: Sequence[Card],
    board: Sequence[Card],
    opponents: int,
    generator: np.random.Generator,
    *,
    samples: int = 200,
    variant: Variant = "holdem",
) -> float:
    """Share of the pot won against ``opponents`` random hands, by Monte Carlo
    (ties count as a share): 0.0 .. 1.0.

    A bot's quick estimate, a few hundred boards from the bot's own
    ``generator`` (so a seeded bot plays the same way). It is not
    :func:`pokerdealer.equity.equity`, the calculator of hands against hands or
    ranges (exact or Monte Carlo to a chosen precision, with a full result).

    >>> import numpy as np
    >>> from pokerdealer.cards import parse_cards
    >>> g = np.random.default_rng(1)
    >>> equity_against_random(parse_cards("As Ad"), parse_cards("Ac Ah Kd"), 1, g) > 0.99
    True
    >>> 0.3 < equity_against_random(parse_cards("7c 2d"), (), 1, g, samples=2000) < 0.4
    True
    """
    if opponents <= 0:
        return 1.0
    import numpy as np

    from pokerdealer.evaluation.batch import evaluate_many

    known = {c.index for c in hole} | {c.index for c in board}
    rest = np.array([c.index for c in deck_cards(variant) if c.index not in known], dtype=np.int16)
    missing = 5 - len(board)
    need = 2 * opponents + missing
    # A random sample without replacement per row: the first ``need`` of a random order.
    order = np.argpartition(generator.random((samples, len(rest))), need, axis=1)[:, :need]
    drawn = rest[order]
    fixed = np.array([c.index for c in hole] + [c.index for c in board], dtype=np.int16)
    common = np.empty((samples, 5), dtype=np.int16)
    common[:, : len(board)] = [c.index for c in board] if board else common[:, :0]
    common[:, len(board) :] = drawn[:, 2 * opponents :]
    hero = np.concatenate((np.broadcast_to(fixed[:2], (samples, 2)), common), axis=1)
    rows = [hero]
    for k in range(opponents):
        rows.append(np.concatenate((drawn[:, 2 * k : 2 * k + 2], common), axis=1))
    ranks = evaluate_many(np.concatenate(rows), variant).reshape(opponents + 1, samples)
    mine = ranks[0]
    best_other = ranks[1:].max(axis=0)
    ties = (ranks[1:] == mine).sum(axis=0)
    share = np.where(mine > best_other, 1.0, np.where(mine == best_other, 1.0 / (ties + 1), 0.0))
    return float(share.mean())


def equity_against_ranges(
    hole: Sequence[Card],
    board: Sequence[Card],
    ranges: Sequence[np.ndarray],
    generator: np.random.Generator,
    *,
    samples: int = 200,
    variant: Variant = "holdem",
) -> float:
    """Share of the pot won against one opponent per range, by Monte Carlo
    (ties count as a share): 0.0 .. 1.0.

    Each range is an ``(m, 2)`` array of card-index combos that use neither
    ``hole`` nor ``board`` (:meth:`~pokerdealer.bots.reading.OpponentRange.combos`);
    an empty one stands for any two cards. Each sample deals every opponent
    a combo from their range (redrawn when two opponents would share a card)
    and the rest of the board from the cards left. The bot's quick estimate,
    from its own ``generator``; :func:`pokerdealer.equity.equity` is the
    calculator.

    >>> import numpy as np
    >>> from pokerdealer.cards import parse_cards
    >>> from pokerdealer.equity.ranges import class_combos
    >>> g = np.random.default_rng(1)
    >>> kings = np.array(class_combos("KK"), dtype=np.int16)
    >>> round(equity_against_ranges(parse_cards("Qs Qd"), (), [kings], g, samples=4000), 1)
    0.2
    >>> equity_against_ranges(parse_cards("Qs Qd"), parse_cards("Qc Qh 2d"), [kings], g)
    1.0
    """
    if not ranges:
        return 1.0
    import numpy as np

    from pokerdealer.evaluation.batch import evaluate_many

    known = [c.index for c in hole] + [c.index for c in board]
    live = np.ones(52, dtype=bool)
    live[known] = False
    rest = _deck_indices(variant)
    rest = rest[live[rest]]
    one = np.int64(1)
    taken = np.zeros(samples, dtype=np.int64)  # the cards dealt to opponents so far, as bits
    clash = np.zeros(samples, dtype=bool)
    held: list[np.ndarray] = []
    for combos in ranges:
        if len(combos) == 0:  # any two cards
            first, second = np.triu_indices(len(rest), 1)
            combos = np.stack((rest[first], rest[second]), axis=1)
        bits = (one << combos[:, 0].astype(np.int64)) | (one << combos[:, 1].astype(np.int64))
        pick = generator.integers(len(combos), size=samples)
        # Two opponents cannot hold one card: draw again where they would, a
        # few times, then leave out the samples that still collide.
        for _ in range(8):
            again = (bits[pick] & taken) != 0
            if not again.any():
                break
            pick[again] = generator.integers(len(combos), size=int(again.sum()))
        clash |= (bits[pick] & taken) != 0
        taken |= bits[pick]
        held.append(combos[pick])
    keep = ~clash
    count = int(keep.sum())
    if count == 0:
        return 0.5
    held = [h[keep] for h in held]
    size = len(board)
    missing = 5 - size
    cards = np.empty((len(held) + 1, count, 7), dtype=np.int16)
    cards[0, :, :2] = known[:2]
    for k, h in enumerate(held, 1):
        cards[k, :, :2] = h
    cards[:, :, 2 : 2 + size] = known[2:]
    if missing:
        column = np.zeros(52, dtype=np.int64)
        column[rest] = np.arange(len(rest))
        keys = generator.random((count, len(rest)))
        rows = np.arange(count)[:, None]
        for h in held:  # the opponents' cards never reach the board
            keys[rows, column[h]] = 2.0
        drawn = rest[np.argpartition(keys, missing - 1, axis=1)[:, :missing]]
        cards[:, :, 2 + size :] = drawn
    ranks = evaluate_many(cards.reshape(-1, 7), variant).reshape(len(held) + 1, count)
    mine = ranks[0]
    best_other = ranks[1:].max(axis=0)
    ties = (ranks[1:] == mine).sum(axis=0)
    won = (mine > best_other).sum() + (1.0 / (ties[mine == best_other] + 1)).sum()
    return float(won / count)


@lru_cache(maxsize=2)
def _deck_indices(variant: Variant) -> np.ndarray:
    """The card indices of the variant's deck."""
    import numpy as np

    return np.array([c.index for c in deck_cards(variant)], dtype=np.int16)
