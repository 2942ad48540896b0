"""Rabbit hunting at a table that allows it (table option ``rabbit_hunt``).

After a hand that ended before the river, and before the next is dealt, a
player who was dealt in may ask to see the board cards that would have come
(``{"type": "rabbit_hunt"}``): the cards the deal would have put out next,
each street behind the burn it would have burned first
(:func:`pokerdealer.rules.rabbit.rabbit_hunt`). Once asked, every reader sees
them (:func:`public`), marked as not part of the hand; the hand, its pot and
its history are unchanged, and the deck proof opens exactly those positions
(the burns stay face down) -- never during a hand, and never at a table
without the option. One hunt a hand: the cards are then everyone's.

The ask is an event of the table's log (``rabbit_hunt``: the hand and who
asked); this feature's part is the last hand's hunt (:class:`Hunt`), until the
next deal, so a restart and an old hand rebuilt from the log (to the events
after its end) show the same cards and open the same positions.

>>> from pokerdealer.server.reducer import Features, new_state
>>> from pokerdealer.server.settings import TableSettings
>>> public(new_state(TableSettings(rabbit_hunt=True), features=Features([FEATURE])))
{'rabbit': None}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokerdealer.rules.rabbit import rabbit_hunt
from pokerdealer.server.hand_book import kept
from pokerdealer.server.reducer import Event, Feature, TableState
from pokerdealer.server.show_after import last_finished
from pokerdealer.server.words import Said

__all__ = ["EVENT", "FEATURE", "MESSAGE", "Hunt", "hunt_of", "message", "positions", "public"]

EVENT = "rabbit_hunt"
"""The event kind of a player asking to see the cards that would have come."""

MESSAGE = "rabbit_hunt"
"""The browser's message: ``{"type": "rabbit_hunt"}``."""


@dataclass(frozen=True, slots=True)
class Hunt:
    """A hand's rabbit hunt: who asked, the cards that would have come and their deck positions."""

    hand: int
    name: str
    cards: tuple[str, ...]
    positions: tuple[int, ...]


def hunt_of(state: TableState, number: int) -> Hunt | None:
    """Hand ``number``'s rabbit hunt (None: nobody asked, or it is no longer the last hand)."""
    hunt: Hunt | None = state.parts["rabbit_hunt"]
    return hunt if hunt is not None and hunt.hand == number else None


def positions(state: TableState, number: int) -> tuple[int, ...]:
    """The deck positions hand ``number``'s rabbit hunt opened (for its deck proof)."""
    hunt = hunt_of(state, number)
    return () if hunt is None else hunt.positions


def message(state: TableState, member: int, msg: dict[str, Any]) -> list[Event]:
    """A player's ask: its event, or a refusal (no rabbit hunting here, no hand just
    over, not dealt in, asked already, the board complete: the rules' words)."""
    if not state.settings.rabbit_hunt:
        raise Said("room.rabbit.off")
    record = last_finished(state, "room.rabbit.no_hand")
    if member not in state.members or state.members[member].name not in record.hand.config.players:
        raise Said("room.rabbit.not_dealt")
    if hunt_of(state, record.number) is not None:
        raise Said("room.rabbit.done")
    rabbit_hunt(record.hand)  # the rules refuse a board already complete
    return [(EVENT, {"hand": record.number, "member": member})]


def hunted(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A ``rabbit_hunt`` event: the hand's hunt (a hand no longer kept has none to show)."""
    record = kept(state, data["hand"])
    if record is None:
        return state
    hunt = rabbit_hunt(record.hand)
    cards = tuple(str(c) for c in hunt.cards)
    return state.with_part("rabbit_hunt", Hunt(record.number, state.name_of(data["member"]), cards, hunt.positions))


def _dealt(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """``hand_start``: the last hand's hunt is over."""
    return state.with_part("rabbit_hunt", None)


def public(state: TableState) -> dict[str, Any]:
    """The last hand's rabbit hunt for every reader (None: none): who asked and the cards."""
    table = state.table
    hunt = hunt_of(state, table.hands[-1].number) if table.current is None and table.hands else None
    if hunt is None:
        return {"rabbit": None}
    return {"rabbit": {"hand": table.hands[-1].number, "name": hunt.name, "cards": list(hunt.cards)}}


def _take(state: TableState) -> dict[str, Any]:
    hunt: Hunt | None = state.parts["rabbit_hunt"]
    return {"rabbit": None if hunt is None else [hunt.hand, hunt.name, list(hunt.cards), list(hunt.positions)]}


def _put(state: TableState, data: Mapping[str, Any]) -> TableState:
    """The hunt a snapshot taken after it holds (a snapshot from before the feature: none)."""
    saved = data.get("rabbit")
    hunt = None if not saved else Hunt(int(saved[0]), str(saved[1]), tuple(saved[2]), tuple(int(p) for p in saved[3]))
    return state.with_part("rabbit_hunt", hunt)


FEATURE = Feature(
    name="rabbit_hunt", events={EVENT: hunted}, follows={"hand_start": _dealt},
    messages={MESSAGE: message}, public=public, snapshot=(_take, _put),
)
"""The rabbit hunt."""
