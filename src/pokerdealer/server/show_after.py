"""Showing your cards after the hand (issue 39): one or both, to every reader.

Once a hand is over and before the next is dealt, a player who was dealt in
may show their first, second or both hole cards
(``{"type": "show", "cards": "both" | "first" | "second"}``): the winner of
an uncontested pot, a player who folded, one who mucked. It changes nothing
of the result (:mod:`pokerdealer.rules.show_after`); it is an event of the
table's log (``show_after``: the hand's number and the show as PHH writes it,
``p1 sm 7c``), reduced into the finished hand's log, so every reader sees the
cards at the seat (:func:`public`), the hand's history has them (PHH's
``_shows_after_hand``, PokerStars' "shows [..]" after the pot) and the deck
proof opens exactly their positions. A show of a hand the table no longer
keeps in memory (a table rebuilt for a later hand) has nothing to change.

The 7-2 game counts a pot won unseen once its winner shows both cards
(:mod:`~pokerdealer.server.seven_deuce`).

>>> from pokerdealer.server.reducer import Features, new_state
>>> from pokerdealer.server.settings import TableSettings
>>> public(new_state(TableSettings(), features=Features([FEATURE])))
{'shown_after': None}
"""

from __future__ import annotations

from typing import Any

from pokerdealer.rules.actions import SHOW, Action
from pokerdealer.rules.show_after import cards_to_show
from pokerdealer.server.hand_book import kept
from pokerdealer.server.reducer import Event, Feature, TableState
from pokerdealer.server.words import Said
from pokerdealer.table import HandRecord

__all__ = ["EVENT", "FEATURE", "MESSAGE", "last_finished", "message", "public", "showed"]

EVENT = "show_after"
"""The event kind of a show after the hand."""

MESSAGE = "show"
"""The browser's message: ``{"type": "show", "cards": "both" | "first" | "second"}``."""


def last_finished(state: TableState, refusal: str) -> HandRecord:
    """The hand just finished, between it and the next deal; else refused with ``refusal``
    (a catalog key): the rules that act on a finished hand act on this one alone."""
    table = state.table
    if table.current is not None or not table.hands or table.hands[-1].number != table.hands_played:
        raise Said(refusal)
    return table.hands[-1]


def message(state: TableState, member: int, msg: dict[str, Any]) -> list[Event]:
    """A player's ``show``: the event of their cards shown, or a refusal (no hand is
    over, they were not dealt in, the cards are shown already: the rules' words)."""
    record = last_finished(state, "room.show.no_hand")
    hand = record.hand
    name = state.members[member].name if member in state.members else None
    if name not in hand.config.players:
        raise Said("room.error.not_in_hand")
    player = hand.config.players.index(name)
    shown = hand.check_action(Action(SHOW, player, None, cards_to_show(hand, player, msg["cards"])))
    return [(EVENT, {"hand": record.number, "a": str(shown)})]


def showed(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A ``show_after`` event: the show in the finished hand's log (a hand no longer
    kept has nothing to change)."""
    record = kept(state, data["hand"])
    if record is not None:
        record.hand.apply(data["a"])  # the rules check it first: a refused show changes nothing
    return state


def public(state: TableState) -> dict[str, Any]:
    """The cards shown after the last hand, by seat, for every reader (None: none)."""
    table = state.table
    if table.current is not None or not table.hands:
        return {"shown_after": None}
    record = table.hands[-1]
    shown = record.hand.shown_after
    if not shown:
        return {"shown_after": None}
    return {"shown_after": {"hand": record.number,
                            "seats": {str(record.seats[p]): [str(c) for c in cards] for p, cards in shown.items()}}}


FEATURE = Feature(name="show_after", events={EVENT: showed}, messages={MESSAGE: message}, public=public)
"""Showing cards after the hand."""
