"""Straddling at a table that allows it (table option ``straddle``).

A seated player says whether they want to straddle: a standing choice,
"straddle when I am under the gun", on until they turn it off (message
``straddle`` with ``on``, at any time; it counts from the next deal). The
choice is an event in the table's log (``straddle``), kept in the table's
state (this feature's part: the members who want to) and its snapshot, so a
restart knows it. It is public: a live straddle is announced before the cards.

When the table deals, the players who want to straddle go to
:meth:`~pokerdealer.table.Table.start_hand` (:func:`wishes`): the one under the
gun posts two big blinds before the cards, acts last before the flop and sets
its price (docs/rules.md#antes-and-straddles). The ``hand_start`` event names
who straddled (``straddle``: a member id, :func:`~pokerdealer.server.reducer.deal`),
so a replay of the log deals the same hand whatever the choices were. A host
who turns the option off stops every straddle from the next deal; the choices
are kept for when it is on again.

>>> from pokerdealer.server.reducer import Features, MemberInfo, new_state, reduce
>>> from pokerdealer.server.settings import TableSettings
>>> state = new_state(TableSettings(straddle=True), features=Features([FEATURE]))
>>> state = state.with_member(MemberInfo(3, "Ann"))
>>> state = reduce(state, *event(state, 3, True), 0.0)
>>> wanted(state, 3), seat_view(state, state.members[3])
(True, {'straddle': True})
"""

from __future__ import annotations

from typing import Any

from pokerdealer.server.reducer import Event, Feature, MemberInfo, TableState
from pokerdealer.server.words import Said

__all__ = ["EVENT", "FEATURE", "event", "message", "seat_view", "wanted", "wishes"]

EVENT = "straddle"
"""The event kind of a player's choice."""


def _part(state: TableState) -> frozenset[int]:
    return state.parts["straddle"]  # type: ignore[no-any-return]


def event(state: TableState, member: int, on: object) -> Event:
    """The event of ``member`` choosing to straddle under the gun (``on``) or not;
    refused (:class:`~pokerdealer.server.words.Said`) at a table without straddles."""
    if not state.settings.straddle:
        raise Said("room.error.no_straddle")
    return EVENT, {"member": member, "on": bool(on)}


def message(state: TableState, member: int, msg: dict[str, Any]) -> list[Event]:
    """A seated player's ``straddle`` message ``{"on": 0 or 1}``: its event, or a refusal."""
    if state.seat_of(member) is None:
        raise Said("room.error.no_seat")
    return [event(state, member, msg["on"])]


def chose(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A ``straddle`` event: the member's choice, from the next deal."""
    wants = _part(state)
    member = data["member"]
    wants = wants | {member} if data["on"] else wants - {member}
    return state.with_part("straddle", frozenset(wants))


def wanted(state: TableState, member: int) -> bool:
    """Whether ``member`` wants to straddle under the gun."""
    return member in _part(state)


def wishes(state: TableState) -> set[str]:
    """The names of the seated players who want to straddle (none at a table without straddles)."""
    if not state.settings.straddle:
        return set()
    stacks = state.table.stacks
    names = (state.members[m].name for m in _part(state) if m in state.members)
    return {name for name in names if name in stacks}


def seat_view(state: TableState, member: MemberInfo | None) -> dict[str, Any]:
    """A seat's ``straddle``: its player straddles when under the gun here."""
    return {"straddle": bool(member is not None and member.id in _part(state) and state.settings.straddle)}


def _take(state: TableState) -> list[int]:
    return sorted(_part(state))


def _put(state: TableState, members: list[int] | None) -> TableState:
    """A snapshot from before straddles has none."""
    return state.with_part("straddle", frozenset(int(m) for m in members or ()))


FEATURE = Feature(
    name="straddle",
    part=lambda settings: frozenset(),
    events={EVENT: chose},
    messages={"straddle": message},
    snapshot=(lambda state: {"straddle": _take(state)}, lambda state, data: _put(state, data.get("straddle"))),
    seat=seat_view,
)
