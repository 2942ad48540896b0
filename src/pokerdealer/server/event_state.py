"""A tournament as a reducer: the event's own state between two of its events,
and the one function that changes it.

    state = reduce_event(state, kind, data, at)

The event's own events (``ev_create``, ``ev_register``, ``ev_remove``,
``ev_reenter``, ``ev_start``, ``ev_pause``, ``ev_resume``, ``ev_restart``,
``ev_tick``, ``ev_mute``, ``ev_mute_specs``) change the pure
:class:`~pokerdealer.table.event.Event` (entries, the clock, the draw) and who
is entered; the events of its tables are each table's
(:func:`~pokerdealer.server.reducer.reduce`, through the same
:class:`~pokerdealer.table.event.Event`). Like a table's core, an
:class:`EventState` is a **single-owner (linear) value**: ``reduce_event``
consumes the state it is given and returns it changed -- an event of 10,000
entrants is not copied at each registration. Pure all the same: no clock but
``at``, no I/O; what the room does about an event (telling the muted, opening
room tables, the moves) is the shell's (:mod:`~pokerdealer.server.tournament`).

>>> from pokerdealer.table.event import EventSettings
>>> from pokerdealer.table.settings import Level
>>> state = new_event_state(EventSettings(starting_stack=100, levels=(Level(1, 2),)), seed=1)
>>> state = reduce_event(state, "ev_register", {"name": "Ann", "member": 1, "token_hash": "ab"}, 0.0)
>>> state = reduce_event(state, "ev_mute", {"name": "Ann", "muted": True}, 1.0)
>>> sorted(state.entrants), state.muted
(['Ann'], frozenset({'Ann'}))
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pokerdealer.table import TableError
from pokerdealer.table.event import Event, EventSettings

__all__ = ["EVENT_KINDS", "Entrant", "EventState", "new_event_state", "reduce_event"]


@dataclass
class Entrant:
    """Someone registered: their member id at every table, their token's hash, a bot's kind."""

    name: str
    member: int
    token_hash: str | None
    bot: str | None


@dataclass(eq=False)
class EventState:
    """A tournament between two of its own events (linear: see the module's docstring)."""

    event: Event
    """The pure event: entries, tables, the clock, the standings (the tables' hands change it too)."""
    entrants: dict[str, Entrant] = field(default_factory=dict)
    by_token: dict[str, Entrant] = field(default_factory=dict)
    members: int = 0
    """Member ids given so far (one each registration; a removed entrant's is never given again)."""
    removed_tokens: set[str] = field(default_factory=set)
    """The token hashes of entries the host removed: their browser is told so, not 'unknown token'."""
    host_hash: str | None = None
    muted: frozenset[str] = frozenset()
    """Entrants whose chat the host muted, at every table of the event (``ev_mute``)."""
    spectators_muted: bool = False
    """The host muted the chat of everyone without a seat at the table they read (``ev_mute_specs``)."""


def new_event_state(settings: EventSettings, *, seed: int) -> EventState:
    """A new tournament with ``settings`` (its draws from ``seed``, which its row keeps)."""
    return EventState(Event(settings, rng=random.Random(seed), keep_hands=None))


def _create(state: EventState, data: dict[str, Any], at: float) -> None:
    state.host_hash = data["host_hash"]


def _register(state: EventState, data: dict[str, Any], at: float) -> None:
    name = data["name"]
    state.event.register(name, now=at)
    e = Entrant(name, data["member"], data.get("token_hash"), data.get("bot"))
    state.entrants[name] = e
    state.members = max(state.members, e.member)
    if e.token_hash:
        state.by_token[e.token_hash] = e


def _remove(state: EventState, data: dict[str, Any], at: float) -> None:
    """The host took an entry back before the start."""
    state.event.unregister(data["name"])
    e = state.entrants.pop(data["name"])
    if e.token_hash:
        state.by_token.pop(e.token_hash, None)
        state.removed_tokens.add(e.token_hash)


def _restart(state: EventState, data: dict[str, Any], at: float) -> None:
    """The server was down: that time is a pause."""
    state.event.pause(now=data["stopped"])
    state.event.resume(now=at)


def _mute(state: EventState, data: dict[str, Any], at: float) -> None:
    """Chat only: play is never muted."""
    name = data["name"]
    state.muted = state.muted | {name} if data["muted"] else state.muted - {name}


def _mute_spectators(state: EventState, data: dict[str, Any], at: float) -> None:
    state.spectators_muted = bool(data["muted"])


EVENT_KINDS: dict[str, Callable[[EventState, dict[str, Any], float], None]] = {
    "ev_create": _create,
    "ev_register": _register,
    "ev_remove": _remove,
    "ev_reenter": lambda state, data, at: state.event.register(data["name"], now=at),  # the same person again
    "ev_start": lambda state, data, at: state.event.start(now=at),
    "ev_pause": lambda state, data, at: state.event.pause(now=at),
    "ev_resume": lambda state, data, at: state.event.resume(now=at),
    "ev_restart": _restart,
    "ev_tick": lambda state, data, at: None,  # the clock's beat: only its time counts
    "ev_mute": _mute,
    "ev_mute_specs": _mute_spectators,
}
"""The event's own events and how each changes it."""


def reduce_event(state: EventState, kind: str, data: dict[str, Any], at: float) -> EventState:
    """The event after one of its own events (raises :class:`~pokerdealer.table.TableError`
    for one the event refuses: nothing changed)."""
    handler = EVENT_KINDS.get(kind)
    if handler is None:
        raise TableError(f"unknown event {kind!r}")
    handler(state, data, at)
    return state
