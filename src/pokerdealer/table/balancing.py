"""Multi-table tournaments: which table breaks, which player moves, and where
(docs/rules.md#tournaments, TDA 2024 11).

Pure functions over player counts and seat states; the event
(:mod:`pokerdealer.table.event`) applies them and logs every move.

- **Breaking order** (published in advance): the highest-numbered table breaks
  first. The next table in that order breaks as soon as the empty seats at the
  other tables can take all its players (:func:`table_to_break`).
- **Balancing**: tables may differ by at most ``spread`` players while more than
  ``few_tables`` tables play, by at most ``spread_few`` from then on (defaults
  2, 1 and 6: docs/rules.md#tournaments). When they differ by more, one player moves from
  the fullest table (ties: the one first in the breaking order) to the
  shortest (ties: the lowest-numbered) (:func:`balance_move`).
- **Who moves**: the player who would be big blind next at the long table
  (:func:`next_big_blind`).
- **Where to**: the *worst position* at the short table
  (:func:`worst_seat`): the empty seat that would take the big blind soonest.
  Under the dead-button rule the big blind advances to the first player
  clockwise after the last big blind's seat, so this is the first empty seat
  clockwise after the last big blind -- never the seat of the coming small
  blind (the last big blind's own seat), and the player posts the big blind at
  once even if it is their second in a row (TDA 2024 11). Only if no empty seat
  would take the big blind next hand (an empty seat after the last big blind
  always does under DEAD) does it fall back to the first empty seat clockwise
  after the coming big blind.

>>> counts = {1: 9, 2: 9, 3: 6}
>>> balance_move(counts, spread=2), balance_move(counts, spread=3)
((2, 3), None)
>>> table_to_break({1: 5, 2: 6, 3: 4}, seats=9), table_to_break({1: 8, 2: 8, 3: 4}, seats=9)
(3, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerdealer.table.button import Positions, SeatState, SeatStatus, plan_hand
from pokerdealer.table.settings import ButtonRule

__all__ = [
    "allowed_spread",
    "balance_move",
    "break_order",
    "next_big_blind",
    "spread_of",
    "table_to_break",
    "worst_seat",
]


def allowed_spread(tables: int, *, spread: int = 2, spread_few: int = 1, few_tables: int = 6) -> int:
    """How many players the tables may differ by with ``tables`` tables in play.

    >>> allowed_spread(7), allowed_spread(6), allowed_spread(3, spread_few=2)
    (2, 1, 2)
    """
    return spread if tables > few_tables else spread_few


def spread_of(counts: Mapping[int, int]) -> int:
    """The difference between the fullest and the shortest table."""
    return max(counts.values()) - min(counts.values()) if counts else 0


def break_order(table_ids: Sequence[int]) -> list[int]:
    """The published order tables break in: highest-numbered first.

    >>> break_order([1, 3, 2])
    [3, 2, 1]
    """
    return sorted(table_ids, reverse=True)


def table_to_break(counts: Mapping[int, int], *, seats: int) -> int | None:
    """The table to break now, if any: the next in :func:`break_order` once
    the other tables' empty seats can take all its players (two or more
    tables; a single table is the final table)."""
    if len(counts) < 2:
        return None
    alive = sum(counts.values())
    if alive > seats * (len(counts) - 1):
        return None
    return max(counts)  # the first in break_order, without sorting every table after every hand


def balance_move(counts: Mapping[int, int], *, spread: int) -> tuple[int, int] | None:
    """``(from_table, to_table)`` when the tables differ by more than ``spread``
    players, else ``None``. From the fullest table (ties: first in the
    breaking order), to the shortest (ties: lowest-numbered)."""
    if len(counts) < 2 or spread_of(counts) <= spread:
        return None
    most, least = max(counts.values()), min(counts.values())
    source = break_order([t for t, n in counts.items() if n == most])[0]
    target = min(t for t, n in counts.items() if n == least)
    return source, target


def _first_button(dealt: Sequence[int]) -> int:
    # For predictions only: a table that has not dealt yet draws its button at
    # its first hand; until then, call the lowest seat the button.
    return dealt[0]


def next_big_blind(
    rule: ButtonRule,
    prev: Positions | None,
    seats: Mapping[int, SeatState],
    *,
    seat_count: int,
    heads_up_no_double_bb: bool = True,
) -> int:
    """The seat that would post the big blind next hand (the player balancing
    moves, TDA 2024 11).

    >>> st = {s: SeatState() for s in (1, 3, 4, 7)}
    >>> next_big_blind(ButtonRule.DEAD, Positions(1, 3, 4), st, seat_count=9)
    7
    """
    plan = plan_hand(
        rule,
        prev,
        seats,
        seat_count=seat_count,
        choose_button=_first_button,
        blinds=(1, 2),
        heads_up_no_double_bb=heads_up_no_double_bb,
    )
    return plan.positions.big_blind


def worst_seat(
    rule: ButtonRule,
    prev: Positions | None,
    seats: Mapping[int, SeatState],
    *,
    seat_count: int,
    heads_up_no_double_bb: bool = True,
) -> int | None:
    """The empty seat a balanced-in player takes: the one that would post the
    big blind soonest (never the coming small blind). ``None`` before the
    table's first hand (any seat: the caller draws one) or when it is full.

    >>> st = {s: SeatState() for s in (1, 3, 4, 7)}
    >>> worst_seat(ButtonRule.DEAD, Positions(1, 3, 4), st, seat_count=9)   # seats 5, 6 are empty: 5
    5
    >>> worst_seat(ButtonRule.DEAD, Positions(3, 4, 7), st, seat_count=9)   # after 7: 8
    8
    """
    empty = [s for s in range(1, seat_count + 1) if s not in seats]
    if prev is None or not empty:
        return None
    opts = {"seat_count": seat_count, "heads_up_no_double_bb": heads_up_no_double_bb}
    newcomer = SeatState(SeatStatus.ENTRANT, new=True)
    by_distance = sorted(empty, key=lambda s: (s - prev.big_blind) % seat_count or seat_count)
    for seat in by_distance:
        if next_big_blind(rule, prev, {**seats, seat: newcomer}, **opts) == seat:
            return seat
    coming = next_big_blind(rule, prev, seats, **opts) if len(seats) >= 2 else prev.big_blind
    return min(empty, key=lambda s: (s - coming) % seat_count or seat_count)
