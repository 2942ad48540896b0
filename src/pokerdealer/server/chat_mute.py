"""The host's chat mutes: a member muted by name, or everyone without a seat
(the spectators, as one). A muted line is refused to its sender alone with
``room.chat.muted`` (``room.chat.muted_spectators``); the muted are told once,
as it happens, in their language. Play is never muted.

The host's commands ``mute`` / ``unmute`` (a member) and ``mute_spectators`` /
``unmute_spectators`` (:mod:`~pokerdealer.server.host`) are the events
``host_mute`` and ``mute_spectators``; the mutes are this feature's part of the
table's state (:class:`Mutes`) and of its snapshot. A tournament's host mutes
at every table of the event by the same rule (:func:`mute_key`).

>>> from pokerdealer.server.reducer import Features, MemberInfo, new_state, reduce
>>> from pokerdealer.server.settings import TableSettings
>>> state = new_state(TableSettings(), features=Features([FEATURE])).with_member(MemberInfo(3, "Ann"))
>>> state = reduce(state, "host_mute", {"member": 3, "muted": True}, 0.0)
>>> chat_muted(state, 3), chat_muted(state, None)
('room.chat.muted', None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pokerdealer.server.reducer import Event, Feature, TableState

__all__ = ["COMMANDS", "FEATURE", "Mutes", "chat_muted", "command", "mute_key", "mutes_of"]

COMMANDS = ("mute", "unmute", "mute_spectators", "unmute_spectators")
"""The host's commands of this feature."""


@dataclass(frozen=True)
class Mutes:
    """Whose chat the host muted at a table."""

    members: frozenset[int] = field(default_factory=frozenset)
    spectators: bool = False
    """Everyone without a seat here."""

    def to_json(self) -> dict[str, Any]:
        return {"muted": sorted(self.members), "spectators_muted": self.spectators}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Mutes:
        data = data or {}  # a snapshot from before mutes has none
        return cls(frozenset(int(m) for m in data.get("muted", ())), bool(data.get("spectators_muted", False)))


def mutes_of(state: TableState) -> Mutes:
    return state.parts["chat_mute"]  # type: ignore[no-any-return]


def mute_key(*, named: bool, spectators: bool, seated: bool) -> str | None:
    """The rule of a host's mute, at a cash table or a tournament's: the catalog key a
    line is refused with (``named``: the speaker is muted by name; ``spectators``: everyone
    without a seat here is muted; ``seated``: the speaker holds a seat here), or None.

    >>> mute_key(named=False, spectators=True, seated=True) is None
    True
    >>> mute_key(named=False, spectators=True, seated=False)
    'room.chat.muted_spectators'
    """
    if named:
        return "room.chat.muted"
    if spectators and not seated:
        return "room.chat.muted_spectators"
    return None


def chat_muted(state: TableState, member: int | None) -> str | None:
    """Why the host has muted this speaker's chat here (a catalog key), or None."""
    mutes = mutes_of(state)
    return mute_key(named=member is not None and member in mutes.members, spectators=mutes.spectators,
                    seated=member is not None and state.seat_of(member) is not None)


def command(state: TableState, name: str, member: int | None) -> tuple[Event, str] | None:
    """The event of a host's mute command, and the notice (``room.host.<which>``) told to
    the muted (a member) or to everyone without a seat; None when it is as it already was
    (nothing to log, nobody told again)."""
    mutes = mutes_of(state)
    if name in ("mute", "unmute"):
        assert member is not None
        muted = name == "mute"
        if (member in mutes.members) == muted:
            return None
        return ("host_mute", {"member": member, "muted": muted}), "muted" if muted else "unmuted"
    muted = name == "mute_spectators"
    if mutes.spectators == muted:
        return None
    return ("mute_spectators", {"muted": muted}), "spectators_muted" if muted else "spectators_unmuted"


def _muted(state: TableState, data: dict[str, Any], at: float) -> TableState:
    mutes = mutes_of(state)
    member = data["member"]
    members = mutes.members | {member} if data["muted"] else mutes.members - {member}
    return state.with_part("chat_mute", Mutes(frozenset(members), mutes.spectators))


def _spectators(state: TableState, data: dict[str, Any], at: float) -> TableState:
    return state.with_part("chat_mute", Mutes(mutes_of(state).members, bool(data["muted"])))


def _put(state: TableState, snapshot: Mapping[str, Any]) -> TableState:
    # Kept with the host's decisions in a snapshot from before this module.
    return state.with_part("chat_mute", Mutes.from_json(snapshot.get("mute", snapshot.get("host"))))


FEATURE = Feature(
    name="chat_mute", part=lambda settings: Mutes(), events={"host_mute": _muted, "mute_spectators": _spectators},
    snapshot=(lambda state: {"mute": mutes_of(state).to_json()}, _put),
)
