"""A player's avatar: the picture drawn at their seat (issue 37, "Look").

Every seat has one. By default it is made from the player's name by the page
(its initials on a colour the name decides: static/avatar.js), so nothing is
stored; a player may instead pick one emoji of :data:`AVATARS` -- the list the
page offers, no uploads -- with the message ``{"type": "avatar", "emoji": E}``
(``null``: back to the initials). The pick is checked here: anything else is
refused in the reader's language, naming the choices, and changes nothing.

The pick is the member's, public (each seat's row carries ``avatar``: every
reader sees it), an event in the table's log (``avatar``) and this feature's
part of the state and of its snapshot, so it survives a restart as the
member's name does. A tournament's table refuses it (its players move between
tables: :mod:`~pokerdealer.server.event_table`).

>>> from pokerdealer.server.reducer import Features, MemberInfo, new_state, reduce
>>> from pokerdealer.server.settings import TableSettings
>>> state = new_state(TableSettings(), features=Features([FEATURE])).with_member(MemberInfo(3, "Ann"))
>>> [event] = message(state, 3, {"emoji": "\U0001f98a"})
>>> state = reduce(state, *event, 0.0)
>>> seat_view(state, state.members[3]) == {"avatar": "\U0001f98a"}
True
>>> message(state, 3, {"emoji": "\U0001f98a"})  # as it is: nothing to log
[]
>>> message(state, 3, {"emoji": "x"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerdealer.server.words.Said: an avatar is one of the pictures offered: ...
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pokerdealer.server.reducer import Event, Feature, MemberInfo, TableState
from pokerdealer.server.words import Said

__all__ = ["AVATARS", "EVENT", "FEATURE", "avatar_of", "message", "seat_view"]

AVATARS = (
    "\U0001f436", "\U0001f431", "\U0001f98a", "\U0001f43b", "\U0001f43c", "\U0001f428", "\U0001f42f", "\U0001f981",
    "\U0001f438", "\U0001f435", "\U0001f427", "\U0001f989", "\U0001f419", "\U0001f984", "\U0001f432", "\U0001f988",
    "\U0001f340", "\U0001f335", "\U0001f352", "\U0001f3a9", "\U0001f3b2", "\U0001f680", "\U0001f525", "\U0001f451",
)
"""The emoji a player may pick (static/avatar.js offers the same, in this order): 🐶 🐱 🦊 🐻 🐼 🐨 🐯 🦁
🐸 🐵 🐧 🦉 🐙 🦄 🐲 🦈 🍀 🌵 🍒 🎩 🎲 🚀 🔥 👑 -- each one code point, drawn alike by every
phone's emoji font, none a person's face (no skin tone to choose) nor a flag."""

EVENT = "avatar"
"""The event kind of a pick: ``{"member": id, "emoji": E or None}``."""


def _part(state: TableState) -> Mapping[int, str]:
    return state.parts["avatar"]  # type: ignore[no-any-return]


def avatar_of(state: TableState, member: int) -> str | None:
    """The emoji ``member`` picked (None: their initials)."""
    return _part(state).get(member)


def message(state: TableState, member: int, msg: dict[str, Any]) -> list[Event]:
    """A member's ``avatar`` message: its event, none if it is their avatar already, or a refusal."""
    emoji = msg.get("emoji")
    if emoji is not None and emoji not in AVATARS:
        raise Said("room.avatar.refused", choices=" ".join(AVATARS))
    if avatar_of(state, member) == emoji:
        return []
    return [(EVENT, {"member": member, "emoji": emoji})]


def picked(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """An ``avatar`` event: the member's emoji, or their initials again (None)."""
    chosen = dict(_part(state))
    if data["emoji"] is None:
        chosen.pop(data["member"], None)
    else:
        chosen[data["member"]] = data["emoji"]
    return state.with_part("avatar", _frozen(chosen))


def seat_view(state: TableState, member: MemberInfo | None) -> dict[str, Any]:
    """A seat's ``avatar``: its player's emoji, or None (the page draws their initials)."""
    return {"avatar": None if member is None else _part(state).get(member.id)}


def _frozen(chosen: Mapping[int, str]) -> Mapping[int, str]:
    """A read-only mapping, in member order (a feature's part is a value)."""
    return MappingProxyType(dict(sorted(chosen.items())))


def _take(state: TableState) -> dict[str, Any]:
    return {"avatar": {str(m): e for m, e in _part(state).items()}}


def _put(state: TableState, data: Mapping[str, Any]) -> TableState:
    """A snapshot from before avatars has none."""
    return state.with_part("avatar", _frozen({int(m): e for m, e in (data.get("avatar") or {}).items()}))


FEATURE = Feature(
    name="avatar",
    part=lambda settings: _frozen({}),
    events={EVENT: picked},
    messages={"avatar": message},
    snapshot=(_take, _put),
    seat=seat_view,
)
