"""Hand strength for bots: a starting-hand chart and Monte Carlo equity.

>>> from pokerdealer.cards import parse_cards
>>> hand_class(parse_cards("Ah Kh")), hand_class(parse_cards("7c 7d")), hand_class(parse_cards("2c 7d"))
('AKs', '77', '72o')
>>> preflop_tier(parse_cards("Ah Kh")), preflop_tier(parse_cards("9s 8s")), preflop_tier(parse_cards("7c 2d"))
(1, 3, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerdealer.cards import RANKS, Card, Variant, deck_cards
from pokerdealer.evaluation import evaluate_many

__all__ = ["CHART", "equity", "hand_class", "preflop_tier"]


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


def equity(
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

    >>> from pokerdealer.cards import parse_cards
    >>> g = np.random.default_rng(1)
    >>> equity(parse_cards("As Ad"), parse_cards("Ac Ah Kd"), 1, g) > 0.99
    True
    >>> 0.3 < equity(parse_cards("7c 2d"), (), 1, g, samples=2000) < 0.4
    True
    """
    if opponents <= 0:
        return 1.0
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
