"""A tournament's commands: entries, re-entries, the host's start, pause, resume,
removals and mutes -- each turned into the event's own events
(:mod:`~pokerdealer.server.event_state`) or refused with a catalog key.
"""

from __future__ import annotations

import hmac
import secrets
import time
from typing import Any

from pokerdealer.server.chat_mute import COMMANDS as MUTES
from pokerdealer.server.conns import Rejected
from pokerdealer.server.event_base import EventBase
from pokerdealer.server.event_state import Entrant
from pokerdealer.server.reducer import hash_token
from pokerdealer.server.seat_names import name_bots, taken_as

__all__ = ["EventCommands"]


class EventCommands(EventBase):
    """What the players and the host ask of a tournament."""

    async def register(self, name: str) -> str:
        """A person enters; returns their token (their seat token at every table)."""
        if len(self.entrants) >= self.spec.max_entrants:
            raise Rejected("room.event.error.full", n=self.spec.max_entrants)
        taken = taken_as(name, self.entrants)  # "ann" or a Cyrillic "Аnn" beside "Ann" is Ann
        if taken is not None:
            raise Rejected("room.event.error.name_taken", name=taken)
        token = secrets.token_urlsafe(24)
        data = {"name": name, "member": self.members + 1, "token_hash": hash_token(token)}
        await self.do([("ev_register", data)])
        return token

    async def reenter(self, e: Entrant) -> None:
        """A player who is out enters again (a buy-in more in the pool, a starting
        stack at a seat the event draws), as the same person: their token opens the new seat.
        The event refuses by catalog key: registration closed, no re-entry left, not out."""
        await self.do([("ev_reenter", {"name": e.name})])

    async def remove(self, name: str | None) -> int:
        """The host takes ``name``'s entry back before the start (a junk registration):
        their place is free for another, their buy-in is refunded (returned; the log's
        ``ev_remove`` and the page's ``removed`` say so) and their token opens nothing.
        Once the event has started their chips are in play: refused, saying so."""
        if not name or name not in self.entrants:
            raise Rejected("event.error.not_registered", name=name or "")
        if self.event.tables_started:
            raise Rejected("room.event.error.remove_started", name=name)
        await self.do([("ev_remove", {"name": name})])
        return self.spec.buy_in

    async def start_event(self) -> None:
        """Bots fill the seats they were asked for (up to the entrants allowed); the seats are drawn."""
        if self.event.tables_started:
            raise Rejected("room.event.error.started")
        events: list[tuple[str, dict[str, Any]]] = []
        room_left = self.spec.max_entrants - len(self.entrants)
        n = len(self.entrants)
        member = self.members
        kinds = self.spec.bots[: max(0, room_left)]
        names = name_bots(kinds, lang=self.spec.lang, taken=self.entrants, number_alone=True)
        for kind, name in zip(kinds, names, strict=True):
            n += 1
            member += 1
            events.append(("ev_register", {"name": name, "member": member, "bot": kind}))
        if n < 2:
            raise Rejected("room.event.error.too_few", n=n)
        events.append(("ev_start", {}))
        await self.do(events)

    async def mute(self, command: str, name: str | None = None) -> None:
        """The host's ``mute`` / ``unmute`` of entrant ``name``'s chat, or ``mute_spectators`` /
        ``unmute_spectators`` (everyone without a seat at the table they read), at every table
        of the event: refused for a name not entered. As it already was: nothing logged, nobody told again."""
        if command in ("mute", "unmute"):
            if not name or name not in self.entrants:
                raise Rejected("event.error.not_registered", name=name or "")
            muted = command == "mute"
            if (name in self.muted) != muted:
                await self.do([("ev_mute", {"name": name, "muted": muted})])
        else:
            muted = command == "mute_spectators"
            if self.spectators_muted != muted:
                await self.do([("ev_mute_specs", {"muted": muted})])

    def host_view(self) -> dict[str, Any]:
        """What the host sees of the chat (``GET /api/tournaments/{id}/host``): each person
        entered (bots say nothing) and whether muted, and whether the spectators are."""
        return {"entrants": [{"name": e.name, "muted": e.name in self.muted} for e in self.entrants.values() if not e.bot],
                "spectators_muted": self.spectators_muted}

    async def host(self, command: str, name: str | None = None) -> None:
        """A host's command: ``start``, ``pause``, ``resume``, ``remove`` (``name``: the entrant),
        or a mute (:meth:`mute`)."""
        if command in MUTES:
            await self.mute(command, name)
            return  # no table's state changes
        if command == "start":
            await self.start_event()
        elif command == "pause":
            if not self.running:
                raise Rejected("room.event.error.not_running")
            await self.do([("ev_pause", {})])
        elif command == "resume":
            if not self.event.clock(time.time()).paused:
                raise Rejected("room.event.error.not_paused")
            await self.do([("ev_resume", {})])
        elif command == "remove":
            await self.remove(name)
        else:
            raise Rejected("room.event.error.command", command=command)
        for lt in self.tables.values():
            lt.broadcast()

    def is_host(self, token: str | None) -> bool:
        return bool(token and self.host_hash and hmac.compare_digest(hash_token(token), self.host_hash))
