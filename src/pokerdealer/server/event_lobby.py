"""The lobby's tournaments (``GET /api/tournaments``): every tournament listed in the
lobby (:class:`~pokerdealer.server.tournament.TournamentSpec`'s ``listed``) in the
database, whichever process plays it, so a player without an invite link finds one.

A tournament played by this process is read in memory: its status as its page says it
(:func:`~pokerdealer.server.event_views.status`), its entries and players left, whether
it takes entries now. One another process plays is read from its stored row and what its
log tells without a replay (:func:`~pokerdealer.server.db.listed_tournaments`): see
:func:`stored_status`.

No more than the newest ``ServerOptions.lobby_per_creator`` of one creator (client
address) are listed: a script that made hundreds would bury the others; the rest are
played and reached by their links as ever.

Finished tournaments are left out: a player reads the lobby for one to enter or to watch,
and a finished one's standings stay at its link (``/e/{id}/standings``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pokerdealer.server import db, event_views
from pokerdealer.server.limits import newest_per_creator
from pokerdealer.server.tournament import TICK, TournamentSpec
from pokerdealer.table import TableError

if TYPE_CHECKING:
    from pokerdealer.server.room import Room
    from pokerdealer.server.tournament import LiveEvent

__all__ = ["QUIET", "listed", "stored_status"]

QUIET = 15 * TICK
"""Seconds without a write after which a started event read from the database is no
longer called running: one that runs writes at least every ``TICK`` (its clock's tick)."""


def stored_status(log: Mapping[str, Any], *, now: float) -> str:
    """A tournament's status as far as its log tells, read from another process's row
    (:func:`~pokerdealer.server.db.listed_tournaments`'s ``log``): ``registering`` (not
    started), ``paused`` (the host's pause is its newest clock command), ``running``
    (written within :data:`QUIET` seconds), else ``started``: under way, but whether on
    a long pause or its process gone, only the process that plays it knows (its page says).
    A finished tournament is not read here: its last hand closes its row.

    >>> stored_status({"started": False, "last_clock": None, "last_at": 0.0}, now=100.0)
    'registering'
    >>> stored_status({"started": True, "last_clock": "ev_pause", "last_at": 99.0}, now=100.0)
    'paused'
    >>> stored_status({"started": True, "last_clock": "ev_start", "last_at": 98.0}, now=100.0)
    'running'
    >>> stored_status({"started": True, "last_clock": None, "last_at": 10.0}, now=100.0)
    'started'
    """
    if not log["started"]:
        return "registering"
    if log["last_clock"] == "ev_pause":
        return "paused"
    if log["last_at"] is not None and now - log["last_at"] <= QUIET:
        return "running"
    return "started"


def _entry(event_id: str, spec: TournamentSpec, **facts: Any) -> dict[str, Any]:  # noqa: ANN401
    return {
        "id": event_id,
        "name": spec.name,
        "buy_in": spec.buy_in,
        "starting_stack": spec.starting_stack,
        "seats": spec.seats,
        "max_entrants": spec.max_entrants,
        "structure": "custom" if spec.levels else spec.structure,
        "level_seconds": spec.level_seconds,
        "start_at": spec.start_at,
        "lang": spec.lang,
        **facts,
        "url": f"/e/{event_id}",
    }


def _held(live: LiveEvent, *, now: float) -> dict[str, Any]:
    ev = live.event
    started = ev.tables_started > 0
    return _entry(
        live.id, live.spec,
        status=event_views.status(ev, now=now),
        entries=ev.entries,
        players_left=ev.alive if started else None,
        registration_open=not ev.is_over and ev.registration_open(now) and len(live.entrants) < live.spec.max_entrants,
    )


def _stored(row: Mapping[str, Any], *, now: float) -> dict[str, Any] | None:
    try:
        spec = TournamentSpec.from_dict(row["tournament"])
    except TableError:
        return None  # a row this version cannot read: its page says so when opened
    log = row["log"]
    status = stored_status(log, now=now)
    entries = log["entries"]
    return _entry(
        row["id"], spec,
        status=status,
        entries=entries,
        players_left=None,
        registration_open=(entries < spec.max_entrants) if status == "registering" and entries is not None else None,
    )


async def listed(room: Room, *, now: float) -> list[dict[str, Any]]:
    """The listed tournaments not finished, oldest first (see the module)."""
    held = frozenset(room.events)
    rows = await asyncio.to_thread(room.store.read, lambda c: db.listed_tournaments(c, held=held))
    rows = newest_per_creator(rows, lambda r: r["creator"], room.options.lobby_per_creator)
    out = []
    for row in rows:
        live = room.events.get(row["id"])
        if live is not None:
            entry: dict[str, Any] | None = _held(live, now=now)
        elif row["log"] is not None:
            entry = _stored(row, now=now)
        else:
            continue  # dropped here during the read (its lease lost): the next read finds it stored
        if entry is not None and entry["status"] != "finished":
            out.append(entry)
    return out
