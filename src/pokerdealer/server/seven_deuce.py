"""The 7-2 game at a table that plays it (table option ``seven_deuce``: the bounty in chips).

A player who wins a pot holding seven-deuce offsuit -- shown at the showdown,
or by showing both cards after the hand when everyone else folded
(:mod:`~pokerdealer.server.show_after`) -- collects the bounty from every
other player dealt in; a player with less pays what they have
(:mod:`pokerdealer.rules.seven_deuce` says what counts). The bounty is the one
in force when the hand was dealt (the host may change it from the next hand).

The chips move after the hand, as soon as the bounty is owed: at the hand's end
(``hand_end``), or at the show after it that makes it owed (``show_after``),
before the next deal. The move follows those events of the log -- it is a
function of the hand and the table, so a replay moves the same chips -- through
:meth:`CashTable.settle <pokerdealer.table.CashTable.settle>`, once a hand; a
player who left between the hand and the show it waited for ends the game for
that hand (nothing moves). The table writes a snapshot after each event about
a finished hand, so no replay meets a show without its hand.

Every reader sees the last hand's settlement (:func:`public`: each payment by
name); the ledger's stacks hold it; the hand's histories note it (PHH
``_seven_deuce``, PokerStars' last line: :func:`bounty_of`).

>>> from pokerdealer.server.reducer import Features, new_state
>>> from pokerdealer.server.settings import TableSettings
>>> public(new_state(TableSettings(seven_deuce=10), features=Features([FEATURE])))
{'seven_deuce': None}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pokerdealer.rules.seven_deuce import seven_deuce
from pokerdealer.server.reducer import Feature, TableState

__all__ = ["FEATURE", "SevenDeuceState", "bounty_of", "public"]


@dataclass(frozen=True, slots=True)
class SevenDeuceState:
    """The bounty of each hand kept that played the 7-2 game, and the last settlement."""

    bounties: Mapping[int, int]
    """Hand number -> the bounty in force when it was dealt (hands that played the game)."""
    settled: int = 0
    """The last hand whose bounty moved."""
    paid: tuple[tuple[str, str, int], ...] = ()
    """Its payments: payer, payee, chips."""


def _part(state: TableState) -> SevenDeuceState:
    return state.parts["seven_deuce"]  # type: ignore[no-any-return]


def bounty_of(state: TableState, number: int) -> int:
    """The 7-2 bounty hand ``number`` was dealt with (0: it did not play the game, or is not kept)."""
    return _part(state).bounties.get(number, 0)


def _settle(state: TableState) -> TableState:
    """The last hand's bounty moved if it is owed now and has not moved yet."""
    table = state.table
    if table.current is not None or not table.hands:
        return state
    record = table.hands[-1]
    part = _part(state)
    bounty = part.bounties.get(record.number, 0)
    if not bounty or record.number != table.hands_played or part.settled == record.number:
        return state
    settlement = seven_deuce(record.hand, bounty=bounty)
    if not settlement.payments:
        return state
    names = record.hand.config.players
    stacks = table.stacks
    for i, change in enumerate(settlement.changes):
        if change and (table.seat_of(names[i]) != record.seats[i] or stacks[names[i]] + change < 0):
            return state  # a player left before the show that made it owed: nothing moves
    table.settle(record)
    paid = tuple((names[p.payer], names[p.payee], p.chips) for p in settlement.payments)
    return state.with_part("seven_deuce", replace(part, settled=record.number, paid=paid))


def _owed(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """After ``hand_end`` or a ``show_after``: the bounty, if it is owed now."""
    return _settle(state)


def _dealt(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """``hand_start``: the hand's bounty is the one in force now."""
    bounty = state.settings.seven_deuce
    if not bounty:
        return state
    part = _part(state)
    return state.with_part("seven_deuce", replace(part, bounties={**part.bounties, data["number"]: bounty}))


def _ended(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """``hand_end``: the bounties of hands the table no longer keeps are forgotten (counted
    from the hands played, so a table restored from a snapshot forgets the same), then the
    hand's bounty if it is owed."""
    part = _part(state)
    keep = state.table.keep_hands
    oldest = state.table.hands_played + 1 - keep if keep is not None else 0
    if not all(n >= oldest for n in part.bounties):
        state = state.with_part("seven_deuce", replace(part, bounties={n: b for n, b in part.bounties.items() if n >= oldest}))
    return _settle(state)


def public(state: TableState) -> dict[str, Any]:
    """The last hand's 7-2 settlement, between hands (None: none): each payment by name."""
    table = state.table
    part = _part(state)
    if table.current is not None or not part.paid or part.settled != table.hands_played:
        return {"seven_deuce": None}
    return {"seven_deuce": {"hand": part.settled, "paid": [list(p) for p in part.paid]}}


def _take(state: TableState) -> dict[str, Any]:
    part = _part(state)
    return {"seven_deuce": {"bounties": {str(n): b for n, b in part.bounties.items()}, "settled": part.settled,
                            "paid": [list(p) for p in part.paid]}}


def _put(state: TableState, data: Mapping[str, Any]) -> TableState:
    saved = data.get("seven_deuce") or {}
    part = SevenDeuceState({int(n): int(b) for n, b in saved.get("bounties", {}).items()}, int(saved.get("settled", 0)),
                           tuple((str(a), str(b), int(c)) for a, b, c in saved.get("paid", ())))
    return state.with_part("seven_deuce", part)


FEATURE = Feature(
    name="seven_deuce", part=lambda settings: SevenDeuceState({}),
    follows={"hand_start": _dealt, "hand_end": _ended, "show_after": _owed}, public=public, snapshot=(_take, _put),
)
"""The 7-2 game."""
