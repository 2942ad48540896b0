"""Straddling at a table that allows it (table option ``straddle``).

A seated player says whether they want to straddle: a standing choice,
"straddle when I am under the gun", on until they turn it off (message
``straddle`` with ``on``, at any time; it counts from the next deal). The
choice is an event in the table's log (``straddle``), kept on the member and in
the table's snapshot, so a restart knows it. It is public: a live straddle is
announced before the cards.

When the table deals, the players who want to straddle go to
:meth:`~pokerdealer.table.Table.start_hand`: the one under the gun posts two
big blinds before the cards, acts last before the flop and sets its price
(docs/rules.md#antes-and-straddles). The ``hand_start`` event names who straddled (``straddle``: a
member id), so a replay of the log deals the same hand whatever the choices
were. A host who turns the option off stops every straddle from the next deal;
the choices are kept for when it is on again.

>>> class M:  # a stand-in for a Member
...     id, straddle = 3, False
>>> m = M()
>>> chose(m, {"member": 3, "on": True}); m.straddle
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerdealer.server.words import Said

if TYPE_CHECKING:
    from pokerdealer.server.live import LiveTable, Member
    from pokerdealer.table import HandRecord

__all__ = ["EVENT", "chose", "dealt", "event", "replayed", "restore", "take", "wishes"]

EVENT = "straddle"
"""The event kind of a player's choice."""


def event(lt: LiveTable, member: Member, on: object) -> tuple[str, dict[str, Any]]:
    """The event of ``member`` choosing to straddle under the gun (``on``) or not;
    refused (:class:`~pokerdealer.server.words.Said`) at a table without straddles."""
    if not lt.settings.straddle:
        raise Said("room.error.no_straddle")
    return EVENT, {"member": member.id, "on": bool(on)}


def chose(member: Member, data: dict[str, Any]) -> None:
    """Apply a ``straddle`` event to its member (live, and replaying the log)."""
    member.straddle = bool(data["on"])


def wishes(lt: LiveTable) -> set[str]:
    """The names of the seated players who want to straddle (none at a table without straddles)."""
    if not lt.settings.straddle:
        return set()
    seated = {p.name for p in lt.table.players}
    return {m.name for m in lt.members.values() if m.straddle and m.name in seated}


def dealt(lt: LiveTable, record: HandRecord) -> int | None:
    """The member who straddled in the hand just dealt (None: nobody)."""
    config = record.hand.config
    if not config.straddles:
        return None
    member = lt.by_name.get(config.players[config.straddle_players[0]])
    return member.id if member is not None else None


def replayed(lt: LiveTable, data: dict[str, Any]) -> set[str]:
    """Who straddled in a logged ``hand_start`` (its ``straddle`` member), by name."""
    member = data.get("straddle")
    return {lt.members[member].name} if member is not None else set()


def take(lt: LiveTable) -> list[int]:
    """The members who want to straddle, for the snapshot."""
    return sorted(m.id for m in lt.members.values() if m.straddle)


def restore(lt: LiveTable, members: list[int] | None) -> None:
    """Put the snapshot's choices back (a snapshot from before straddles has none)."""
    for member in members or ():
        lt.members[int(member)].straddle = True
