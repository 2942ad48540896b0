"""Tournaments in the room: one multi-table :class:`~pokerdealer.table.event.Event`
played at room tables.

A :class:`LiveEvent` owns the event's state (the pure event and who is
entered: :mod:`~pokerdealer.server.event_state`, a reducer) and one room table
(:class:`~pokerdealer.server.event_table.EventTable`, a
:class:`~pokerdealer.server.live.LiveTable`) per table of the event, so players use the table page ``/t/{table}`` as in a
cash game. Each room table deals its hands through the event's table: the
event decides whether it may deal (a break, a pause, hand-for-hand, a table
change), the level of each hand (from the next hand, TDA 2024 23), and, when a
hand ends, the eliminations, the moves and the tables broken. The room
tables follow at once: a player moved gets a member at the new table and
their browser a ``moved`` message with its id (their tournament token is
their seat token at every table); a final table drawn anew is a new room
table.

**One log for the whole event.** The order in which the tables' hands end
decides who is moved where, so the event's commands (``ev_register``,
``ev_remove``, ``ev_reenter``, ``ev_start``, ``ev_pause``, ``ev_resume``, ``ev_restart``, ``ev_tick``,
the host's chat mutes ``ev_mute`` and ``ev_mute_specs``) and
every event of its tables (``hand_start``, ``act``, ``hand_end``,
``sit_out``, ... with ``table``: the room table's id) are one log, in the
``events`` rows of the event's id, numbered in the order they happened. A
start replays it with the recorded times (``at``), so the event, every table
and the hand in play at each are rebuilt exactly (the deck of each hand is in
its ``hand_start``, as at a cash table). The clock then resumes where it
stopped: the time the server was down is a pause (``ev_restart`` records the
last time the log saw, at most ``TICK`` seconds before the crash).

The event's row in ``tables`` is its settings (``{"tournament": ..., "seed"}``)
and its lease; each room table has a row (closed: never listed on its own)
and a lease of its own.

**Several processes, one event** (PostgreSQL). Every process that plays one of
the event's tables, or is asked about the event, keeps the whole event in
memory and follows the log: it writes only in its turn
(:class:`~pokerdealer.server.log_turn.LogTurn`: the log's lock, then what the
others wrote since, then its own events), so all of them apply the same
events in the same order and agree on the clock, the moves and the places,
which are all in the log. The holder of the event's lease ticks the clock
and starts the event at its time; each table is played by the holder of its
lease, and moves between processes as a cash table does (to the process its
readers reach, once nobody reads it where it is). A process that dies leaves
its tables, and the event's lease, to the others once the leases expire
(:meth:`LiveEvent.take_free`). On SQLite one process holds an event and all
its tables.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Mapping
from typing import Any

from pokerdealer.server import db, host, leases
from pokerdealer.server.event_base import FIELD_EVERY, TICK, FieldNews, RoomOfEvents
from pokerdealer.server.event_clock import EventClock
from pokerdealer.server.event_commands import EventCommands
from pokerdealer.server.event_reading import EventReading
from pokerdealer.server.event_state import Entrant
from pokerdealer.server.event_table import EventTable
from pokerdealer.server.tournament_spec import START_AHEAD_DAYS, TournamentSpec

__all__ = [
    "FIELD_EVERY", "START_AHEAD_DAYS", "TICK", "Entrant", "EventTable", "FieldNews", "LiveEvent", "TournamentSpec",
    "create_event", "follow_event", "restore_event",
]

log = logging.getLogger("pokerdealer.server")


class LiveEvent(EventCommands, EventReading, EventClock):
    """One tournament in the room: its state, its room tables, its log and clock
    (:class:`~pokerdealer.server.event_base.EventBase`), its commands and what it tells its readers."""


# ================================================================ the room's side
async def create_event(room: RoomOfEvents, spec: TournamentSpec, *, creator: str | None = None) -> tuple[LiveEvent, str]:
    """A new tournament and its host token (``creator``: as :meth:`Room.create_table
    <pokerdealer.server.room.Room.create_table>` keeps it, for the lobby's count per creator)."""
    event_id = secrets.token_urlsafe(9)
    at = time.time()
    seed = room.options.test_seed if room.options.test_seed is not None else secrets.randbits(63)
    live = LiveEvent(room, event_id, spec, seed=seed, created_at=at)
    live.replaying = False
    token, (_, data) = host.new_token()
    settings = {"tournament": spec.to_dict(), "seed": seed, "listed": False, "name": spec.name}
    if creator:
        settings["creator"] = creator
    live.apply("ev_create", {"host_hash": data["token_hash"]}, at)
    await room.store.write(
        [
            db.op_insert_table(event_id, spec.name, settings, room.options.test_seed, at),
            leases.op_insert_lease(event_id, room.owner, room.node, at + room.lease),
            live.op("ev_create", {"host_hash": data["token_hash"]}, at),
        ]
    )
    room.events[event_id] = live
    live.start()
    return live, token


def is_event(settings: Mapping[str, Any]) -> bool:
    """A stored row of a tournament (its tables' rows say ``event``)."""
    return "tournament" in settings or "event" in settings


async def restore_event(room: RoomOfEvents, data: dict[str, Any]) -> None:
    """Rebuild a tournament from its log (its lease taken): every table, the
    hand in play at each, the clock -- which resumes where the log stopped."""
    s = data["settings"]
    if "tournament" not in s:
        return  # a table of an event: it comes with its event
    started = time.perf_counter()
    live = _rebuilt(room, data)
    seconds = time.perf_counter() - started
    ids = list(live.tables)
    now = time.time()
    got = await asyncio.to_thread(
        room.store.transact,
        lambda c: [leases.try_claim(c, t, room.owner, room.node, now, now + room.lease, reclaim_node=room.reclaim_node) for t in ids],
    )
    # A table whose lease another process still holds is taken once that lease is free (take_free).
    live.playing = {t for t, g in zip(ids, got) if g == "claimed"}
    room.events[live.id] = live
    if live.running:  # before any table deals: its first hand reads the clock as it was
        await live.do([("ev_restart", {"stopped": live.last_at})])
    live.start()
    log.info("event %s: restored, %d events replayed in %.2f s, %d tables", live.id, len(data["events"]), seconds, len(ids))


def _rebuilt(room: RoomOfEvents, data: dict[str, Any]) -> LiveEvent:
    """The event as its whole log leaves it (every table, the hand in play at each)."""
    s = data["settings"]
    spec = TournamentSpec.from_dict(s["tournament"])
    live = LiveEvent(room, data["id"], spec, seed=int(s["seed"]), created_at=data["created_at"])
    live.restore(data["events"])
    return live


async def follow_event(room: RoomOfEvents, event_id: str) -> LiveEvent | None:
    """On a shared log (PostgreSQL): follow a tournament another process holds,
    to play some of its tables here (their leases taken by the caller). The
    event is rebuilt from its log and kept up with it; its clock stays with
    its holder (None: no such tournament)."""
    data = await asyncio.to_thread(room.store.read, lambda c: db.load_table(c, event_id))
    if data is None or "tournament" not in data["settings"]:
        return None
    live = _rebuilt(room, data)
    if not live.turn.shared:
        return None
    live.holds_event = False
    room.events[live.id] = live
    live.start()
    log.info("event %s: followed here, %d events replayed", live.id, len(data["events"]))
    return live
