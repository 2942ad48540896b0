"""Chips in the middle: uncalled bets, main and side pots, splitting a pot.

All functions are pure and work on plain lists of ints (docs/rules.md#pots, #odd-chips).

>>> build_pots([300, 1000, 1000, 1000], [True, True, True, False], 0)
[Pot(amount=1200, eligible=(0, 1, 2)), Pot(amount=2100, eligible=(1, 2))]

While a bet is open, the part of it nobody has matched yet is no one else's
pot: here player 2 (all-in for 30) and player 0 (10 behind) face player 1's
bet, whose other 461 only player 1 can win back (docs/rules.md#uncalled-bets):

>>> build_pots([30, 491, 30], [True, True, True], 0, active=[True, True, False])
[Pot(amount=90, eligible=(0, 1, 2)), Pot(amount=461, eligible=(1,))]
>>> unmatched_bet([30, 491, 30], [True, True, True], active=[True, True, False])
(1, 461)
>>> split_pot(1005, [3, 7], button=5, player_count=10)
{7: 503, 3: 502}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Pot", "build_pots", "seat_order", "split_pot", "uncalled_bet", "unmatched_bet"]


class Pot(NamedTuple):
    """A main or side pot: its chips and the players who can win it."""

    amount: int
    eligible: tuple[int, ...]


# NamedTuple construction without the keyword-handling __new__ (hot path).
_tuple_new = tuple.__new__


def uncalled_bet(bets: Sequence[int]) -> tuple[int, int]:
    """``(player, chips)`` of the part of the largest bet nobody matched.

    Compares the largest and the second largest bet, folded players
    included (docs/rules.md#uncalled-bets). ``chips`` is 0 when the top bet was matched.

    >>> uncalled_bet([50, 100, 0])
    (1, 50)
    >>> uncalled_bet([100, 100, 0])
    (0, 0)
    """
    top = second = 0
    who = 0
    for i, bet in enumerate(bets):
        if bet > top:
            top, second, who = bet, top, i
        elif bet > second:
            second = bet
    return who, top - second


def build_pots(
    contributions: Sequence[int],
    live: Sequence[bool],
    dead: int,
    active: Sequence[bool] | None = None,
) -> list[Pot]:
    """Main pot then side pots, from each player's total contribution.

    Levels are the distinct contributions of live players; each pot holds
    every player's chips between two levels, and only the live players who
    reached the top level of a pot are eligible. Folded chips stay in. Dead
    money (big-blind or button ante) goes to the main pot. Consecutive pots
    with the same eligible players are merged (docs/rules.md#side-pots, #dead-money).

    During a betting round pass ``active`` (live players with chips behind):
    their contributions are not final, so they cap no pot and are eligible
    for every pot. While no live player is all-in, that is one pot of every
    chip in, bets in front included. Once one is, the part of the open bet
    that nobody has matched yet (:func:`unmatched_bet`) is in no pot another
    player can win: it is the last entry, with its bettor alone eligible, and
    goes back to them unless it is called (docs/rules.md#uncalled-bets). Every chip in is in
    exactly one entry.
    """
    unmatched = 0
    bettor = 0
    if active is None:
        level_set = {c for c, alive in zip(contributions, live) if alive}
        if len(level_set) == 1:
            # Every live player put in the same: one pot of everything (docs/rules.md#side-pots).
            return [
                _tuple_new(Pot, (sum(contributions) + dead, tuple([i for i, alive in enumerate(live) if alive])))
            ]
        levels = sorted(level_set)
    else:
        if all([a for alive, a in zip(live, active) if alive]):
            # Nobody is all-in: one pot, every live player in it (docs/rules.md#side-pots).
            return [
                _tuple_new(Pot, (sum(contributions) + dead, tuple([i for i, alive in enumerate(live) if alive])))
            ]
        bettor, unmatched = unmatched_bet(contributions, live, active)
        if unmatched:
            contributions = list(contributions)
            contributions[bettor] -= unmatched
        levels = sorted(
            {c for c, alive, a in zip(contributions, live, active) if alive and not a}
            | {max(contributions)}
        )
    pots: list[Pot] = []
    previous = 0
    players = range(len(contributions))
    for level in levels:
        amount = 0
        eligible_list = []
        for i in players:
            c = contributions[i]
            if c > previous:
                amount += (c if c < level else level) - previous
            if live[i] and (c >= level or (active is not None and active[i])):
                eligible_list.append(i)
        eligible = tuple(eligible_list)
        if pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        pots.append(_tuple_new(Pot, (amount, eligible)))
        previous = level
    if pots:
        if dead:
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        # Chips of folded players above the top live level (cannot happen once
        # uncalled bets are returned) stay in the last pot.
        extra = sum(c - previous for c in contributions if c > previous)
        if extra:
            pots[-1] = Pot(pots[-1].amount + extra, pots[-1].eligible)
    pots = [pot for pot in pots if pot.amount or len(pots) == 1]
    if unmatched:
        pots.append(_tuple_new(Pot, (unmatched, (bettor,))))
    return pots


def unmatched_bet(contributions: Sequence[int], live: Sequence[bool], active: Sequence[bool]) -> tuple[int, int]:
    """``(player, chips)`` of the open bet's part that nobody has matched yet,
    during a betting round (``active``: live players with chips behind) once a
    live player is all-in; ``(0, 0)`` otherwise.

    It is the largest contribution's excess over the second largest, folded
    players included (:func:`uncalled_bet`): no pot another player can win, and
    the bettor's again unless it is called (docs/rules.md#uncalled-bets). Chips a player
    matched and then folded are matched: the pot is contested no more, but it
    is a pot. While nobody is all-in the open bet stays in the one pot.

    >>> unmatched_bet([30, 491, 30], [True, True, True], [True, True, False])
    (1, 461)
    >>> unmatched_bet([14, 246, 246], [True, False, True], [False, False, True])
    (0, 0)
    >>> unmatched_bet([20, 491], [True, True], [True, True])
    (0, 0)
    """
    if all([a for alive, a in zip(live, active) if alive]):
        return 0, 0
    bettor, chips = uncalled_bet(contributions)
    return (bettor, chips) if chips and live[bettor] else (0, 0)


def seat_order(players: Sequence[int], button: int, player_count: int) -> list[int]:
    """Players sorted clockwise starting with the first seat left of the button.

    >>> seat_order([0, 2, 3], button=2, player_count=4)
    [3, 0, 2]
    """
    return sorted(players, key=lambda i: (i - button - 1) % player_count)


def split_pot(
    amount: int,
    winners: Sequence[int],
    *,
    button: int,
    player_count: int,
    unit: int = 1,
    one_each: bool = True,
) -> dict[int, int]:
    """Divide one pot among tied winners: equal shares in multiples of ``unit``,
    odd units one at a time to the winners clockwise from the left of the button
    (TDA 2026 21; docs/rules.md#odd-chips); with ``one_each=False`` the whole remainder goes to
    the first of them (PokerKit).

    >>> split_pot(1001, [2, 5, 9], button=5, player_count=10)
    {9: 334, 2: 334, 5: 333}
    >>> split_pot(1075, [1, 3], button=0, player_count=4, unit=25)
    {1: 550, 3: 525}
    """
    order = seat_order(winners, button, player_count)
    k = len(order)
    share = amount // (k * unit) * unit
    shares = dict.fromkeys(order, share)
    rest = amount - share * k
    if not one_each:
        shares[order[0]] += rest
        return shares
    for i in order:
        if rest < unit:
            break
        shares[i] += unit
        rest -= unit
    if rest:  # a residue below one unit (wagers not in whole units)
        shares[order[0]] += rest
    return shares
