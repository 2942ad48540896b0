"""Each player's equity on a street of a reviewed hand: exact enumeration with
the equity module where every hole card in play is known; a player whose
cards the history does not show is counted as any two cards ("random"), and
the review says so.

>>> from pokerdealer.cards import parse_cards
>>> e = street_equity(["Ann", "Bob"], [parse_cards("As Ks"), parse_cards("Qh Qd")], board=())
>>> e.method, {name: round(share, 4) for name, share in e.shares.items()}
('exact', {'Ann': 0.4621, 'Bob': 0.5379})
>>> street_equity(["Ann", "Bob"], [None, None], board=()).method
'none'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerdealer.cards import Card

__all__ = ["StreetEquity", "street_equity"]

#: The seed of the Monte Carlo estimate when enumeration would take too long
#: (a known hand against two unknown ones before the flop): a review says the
#: same figures each time it is read.
SEED = 41
SAMPLES = 200_000


@dataclass(frozen=True)
class StreetEquity:
    """The players' shares of the pot by name (``method`` ``exact``,
    ``monte_carlo`` or ``none`` when no hand in play is known), and the
    players counted as any two cards."""

    shares: dict[str, float] = field(default_factory=dict)
    method: str = "none"
    random: tuple[str, ...] = ()
    deals: int = 0


def street_equity(
    names: Sequence[str],
    holes: Sequence[tuple[Card, ...] | None],
    *,
    board: Sequence[Card],
    dead: Sequence[Card] = (),
) -> StreetEquity:
    """The equity of the players ``names`` (their hole cards ``holes``, ``None``
    unknown) with ``board`` dealt and ``dead`` known out of play (folded
    hands the history shows)."""
    if len(names) < 2 or all(h is None for h in holes):
        return StreetEquity()
    from pokerdealer.equity import equity

    players = ["".join(str(c) for c in h) if h is not None else "random" for h in holes]
    # Two unknown hands or more before the flop: enumeration would take minutes,
    # and 200,000 deals estimate each share to about a tenth of a percent.
    samples = SAMPLES if not board and sum(h is None for h in holes) >= 2 else None
    result = equity(players, board=list(board), dead=list(dead), seed=SEED, samples=samples)
    return StreetEquity(
        shares={name: p.equity for name, p in zip(names, result.players, strict=True)},
        method=result.method,
        random=tuple(name for name, h in zip(names, holes, strict=True) if h is None),
        deals=result.boards,
    )
