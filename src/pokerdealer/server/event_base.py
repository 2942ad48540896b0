"""A tournament's shell: the task-less part of a :class:`~pokerdealer.server.tournament.LiveEvent`
that owns the event's state, writes its log, and makes the room tables follow the event.

The event's own state is a reducer's (:mod:`~pokerdealer.server.event_state`),
each of its tables' a table's (:mod:`~pokerdealer.server.reducer`); both are
changed only by their events, in the order of the event's one log. What the
room does about them -- a room table for each new table, a member for each
player seated, a player told they moved, the other tables told of the field --
is here (:meth:`EventBase.follow`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from dataclasses import dataclass
from typing import Any, Protocol

from pokerdealer.server import db, event_views, host, leases
from pokerdealer.server.conns import Command
from pokerdealer.server.event_state import Entrant, new_event_state, reduce_event
from pokerdealer.server.event_table import EventTable
from pokerdealer.server.log_turn import LogTurn
from pokerdealer.server.table_base import RoomServices
from pokerdealer.server.tournament_spec import TournamentSpec
from pokerdealer.server.words import words
from pokerdealer.table.event import Event
from pokerdealer.table.event import EventTable as PureTable
from pokerdealer.table.tournament import Standing

__all__ = ["FIELD_EVERY", "TICK", "EventBase", "Field", "FieldNews", "RoomOfEvents"]

TICK = 2.0
"""Seconds between the clock's ``ev_tick`` events while nothing else is written:
after a crash the clock loses at most this much."""

FIELD_EVERY = 1.0
"""Seconds between the field's news to every table (players left, average, ranks:
:meth:`EventBase.tell_field`); each table's own states carry it at once."""


class RoomOfEvents(RoomServices, Protocol):
    """What a tournament asks of the room it is played in (:class:`~pokerdealer.server.room.Room`)."""

    owner: str
    node: str
    lease: float
    reclaim_node: bool
    tables: dict[str, Any]
    events: dict[str, Any]


class EventBase:
    """One tournament in the room: its state, its room tables, its log (the clock,
    the commands and the readings are :class:`~pokerdealer.server.tournament.LiveEvent`'s other bases)."""

    def __init__(self, room: RoomOfEvents, event_id: str, spec: TournamentSpec, *, seed: int, created_at: float) -> None:
        self.room = room
        self.id = event_id
        self.spec = spec
        self.created_at = created_at
        self.state = new_event_state(spec.event_settings(), seed=seed)
        """The event between two of its events: changed only by :meth:`apply` (:mod:`~pokerdealer.server.event_state`)."""
        self.seq = 0
        self.last_at = created_at
        self.tables: dict[str, EventTable] = {}
        """Room tables by id, in the order they opened."""
        self._of: dict[PureTable, EventTable] = {}
        self.where: dict[str, str] = {}
        """Player -> the room table they sit at."""
        self.moved: dict[str, dict[str, Any]] = {}
        """Player -> their latest move ``{"from", "to", "reason"}`` (room table ids)."""
        self.replaying = True
        self._new: list[EventTable] = []
        self._pending: list[db.Op] = []
        self.task: asyncio.Task[None] | None = None
        self._clock_index: tuple[int, bool] | None = None
        self.turn = LogTurn(room.store.locks, event_id, stale_after=room.lease, catch_up=self.catch_up)
        """This process's turn at the event's log (shared with other processes on PostgreSQL)."""
        self.playing: set[str] = set()
        """The room tables this process plays (holds the leases of); the others are followed from the log."""
        self.holds_event = True
        """This process holds the event's lease: it ticks the clock and starts the event at its time."""
        self.catching_up = False
        self._seating = -1
        """The event's :attr:`~pokerdealer.table.event.Event.seating` the room tables last followed."""
        self._opened: tuple[int, int] = (-1, -1)
        """The event's tables opened and broken as :meth:`follow` last looked for new ones."""
        self._touched = self.event.watch_tables()
        """The pure tables whose seats (or stacks) changed since :meth:`follow` last read them."""
        self.counts = event_views.ChipCounts()
        """Every player at the tables by stack, kept as the tables change: the strips' ranks and the page's chip counts."""
        self._field: Field | None = None
        self.tv = event_views.PublicText(self.counts)
        """The tournament page's state, kept by parts between changes (:func:`~pokerdealer.server.tournament_api.public_text`)."""
        self._room_tables: tuple[tuple[int, int, int], dict[str, str]] | None = None
        self._bots_said: tuple[tuple[int, int], dict[str, dict[str, Any]], str] | None = None
        self._places: tuple[Standing, ...] = ()
        """The event's standings as :meth:`_follow_places` last read them."""
        self.best: dict[str, dict[str, Any]] = {}
        """The finished, by name: their best place ``{"name", "place", "prize"}`` (a re-entered player's best shows)."""
        self.finishes: dict[str, list[Standing]] = {}
        """The finished, by name: every place of theirs (a re-entered player has several)."""
        self.held: set[EventTable] = set()
        """The tables here that found they may not deal and wait for :meth:`poke` (a break, a pause,
        hand-for-hand, a table change, too few players): the only ones a poke wakes."""
        self._news = FieldNews(FIELD_EVERY)
        """Hands finished since the tables were last told of the field (:meth:`tell_field`)."""

    # ============================================================ the state
    @property
    def event(self) -> Event:
        """The pure event: entries, tables, the clock, the standings."""
        return self.state.event

    @property
    def entrants(self) -> dict[str, Entrant]:
        return self.state.entrants

    @property
    def by_token(self) -> dict[str, Entrant]:
        return self.state.by_token

    @property
    def members(self) -> int:
        return self.state.members

    @property
    def removed_tokens(self) -> set[str]:
        return self.state.removed_tokens

    @property
    def host_hash(self) -> str | None:
        return self.state.host_hash

    @property
    def muted(self) -> frozenset[str]:
        return self.state.muted

    @property
    def spectators_muted(self) -> bool:
        return self.state.spectators_muted

    # ============================================================ the log
    def op(self, kind: str, data: dict[str, Any], at: float) -> db.Op:
        """The next event of the event's log (in memory already)."""
        self.seq += 1
        self.last_at = at
        return db.op_event(self.id, self.seq, kind, data, at)

    def apply(self, kind: str, data: dict[str, Any], at: float) -> None:
        """Change the event by one of its own events (live, or replaying the log), and
        follow it: the room tables, and the muted told (live only)."""
        self.state = reduce_event(self.state, kind, data, at)
        if kind == "ev_mute" and not self.replaying:  # told as it happens (here, or where another process wrote it)
            for lt in self.tables.values():
                host.tell([c for c in lt.conns if c.member is not None and c.member.name == data["name"]],
                          "muted" if data["muted"] else "unmuted")
        elif kind == "ev_mute_specs" and not self.replaying:
            for lt in self.tables.values():
                host.tell([c for c in lt.conns if c.member is None or lt.seat_of(c.member) is None],
                          "spectators_muted" if data["muted"] else "spectators_unmuted")
        self.follow()

    async def do(self, events: list[tuple[str, dict[str, Any]]]) -> None:
        """Apply the event's own events in memory (a refusal changes nothing
        written), then write them with the rows of any table they opened."""
        async with self.turn:
            at = time.time()
            ops = []
            for kind, data in events:
                self.apply(kind, data, at)
                ops.append(self.op(kind, data, at))
            await self._flush(ops)

    def restore(self, events: list[tuple[int, str, dict[str, Any], float]]) -> None:
        """Replay the whole log (server start)."""
        self._replay(events)
        self._new = []

    def _replay(self, events: list[tuple[int, str, dict[str, Any], float]]) -> set[str]:
        """Apply logged events in order; returns the room tables whose hands ended or began."""
        touched: set[str] = set()
        for seq, kind, data, at in events:
            table = data.get("table")
            if table is None:
                self.apply(kind, data, at)
            else:
                lt = self.tables[table]
                lt.apply_event(kind, data, at)
                lt.seq += 1
                if kind in ("hand_start", "hand_end"):
                    touched.add(table)
            self.seq = seq
            self.last_at = at
        return touched

    async def catch_up(self) -> None:
        """(As this process's turn begins.) Apply what other processes wrote to the
        log since this one's last turn: their tables' hands, the moves those
        made, the event's commands. Tables they opened are played by them."""
        if not self.turn.shared:
            return
        after = self.seq
        rows = await asyncio.to_thread(self.room.store.read, lambda c: db.events_between(c, self.id, after))
        if not rows:
            return
        self.catching_up = True
        try:
            touched = self._replay(rows)
        finally:
            self.catching_up = False
            self._new = []
        if touched or any(data.get("table") is None for _, _, data, _ in rows):
            for lt in self.tables.values():  # players left, average, places; moves in
                lt.broadcast()
            self.poke()

    # ====================================================== following it
    def follow(self) -> None:
        """Make the room tables what the event's tables are now: a room table
        for each new one, a member for each player seated, and the moves told.
        Nothing to do while nobody took or left a seat (most hands: a replay
        of a big event calls this after each). Only the tables whose seats
        changed are read again: reading all of them after each bust made every
        hand's work grow with the field (a 10,000-entrant event's 1,112 tables)."""
        if self.event.seating == self._seating:
            return
        self._seating = self.event.seating
        ev = self.event
        # A table opens at the start, for an entry when every seat is taken, and as the final table
        # (which breaks the others): only then are the tables looked through for new ones.
        opened = (ev.tables_started, len(ev.broken))
        for inner in ev.tables.values() if opened != self._opened else ():
            if inner in self._of:
                continue
            room_id = f"{self.id}-{inner.serial + 1}"
            lt = EventTable(self, room_id, inner, created_at=self.last_at)
            self._of[inner] = lt
            self.tables[room_id] = lt
            self._new.append(lt)
            if not self.replaying and not self.catching_up:  # the rows of a table this process opens
                s = lt.settings.to_dict() | {"event": self.id}
                self._pending += [
                    db.op_insert_table(room_id, lt.settings.name, s, self.room.options.test_seed, self.last_at),
                    db.op_close_table(room_id),  # taken only with its event
                    leases.op_insert_lease(room_id, self.room.owner, self.room.node, time.time() + self.room.lease),
                ]
        self._opened = opened
        left: list[str] = []
        came: dict[str, str] = {}
        touched = sorted((t for t in self._touched if t in self._of), key=lambda t: t.serial)  # in the order they opened
        self._touched.clear()
        for inner in touched:
            lt = self._of[inner]
            if inner.seating == lt.seen_seating:
                continue
            lt.seen_seating = inner.seating
            # a table broken (or replaced by the final table) seats nobody any more
            names = set(inner.stacks) if self.event.table_in_play(inner.id) is inner else set()
            if names:
                lt.seat_members()
            left += [name for name in lt.seated if name not in names]
            came |= {name: lt.id for name in names if name not in lt.seated}
            lt.seated = names
        for name in left:
            if name not in came:  # out of the event (or seated nowhere the event knows)
                self.where.pop(name, None)
        for name, new in came.items():
            old = self.where.get(name)
            self.where[name] = new
            if old is not None and old != new:
                reason = next((m.reason for m in reversed(self.event.moves) if m.player == name), "balance")
                self.moved[name] = {"from": old, "to": new, "reason": reason}
                if not self.replaying:
                    self._tell_moved(name, old, new, reason)

    def _tell_moved(self, name: str, old: str, new: str, reason: str) -> None:
        lt = self.tables[old]
        number = self.tables[new].inner.id
        for conn in list(lt.conns):
            if conn.member is not None and conn.member.name == name:
                conn.send_json(
                    {"type": "moved", "table": new, "from": old, "reason": reason,
                     **words(conn.lang, f"room.event.moved.{reason}", table=number)}
                )

    async def _flush(self, ops: list[db.Op]) -> None:
        """Write ``ops`` after the rows of tables just opened; start those tables."""
        pending, self._pending = self._pending, []
        new, self._new = self._new, []
        if pending or ops:
            await self.room.store.write([*pending, *ops])
        for lt in new:
            self.play(lt)
        self.poke()

    async def after_hand(self, lt: EventTable) -> None:
        """A hand ended at ``lt`` (written): open the tables it made, wake the others.
        The last hand closes the event's row: a start no longer rebuilds it (it
        is read on demand, :func:`~pokerdealer.server.tournament.restore_event`) and the lobbies leave it out.
        The other tables hear of it through :meth:`tell_field`."""
        await self._flush([db.op_close_table(self.id)] if self.event.is_over else [])
        self._news.hand_ended(lt)
        self.tell_field(time.monotonic())  # at once if the last news is old; else with a later beat

    def tell_field(self, now: float) -> None:
        """The other tables' readers hear of the hands finished elsewhere: at once
        after a hand if they were last told :data:`FIELD_EVERY` seconds ago or more,
        else with the clock's beat once that time has passed -- whatever the number
        of hands, so that the room's work for the field's news grows with the number
        of tables, not with their number times the hands they finish.

        A table in a hand gets the event's strip alone (players left, average, places,
        ranks), encoded once a table: its table did not change, and its whole state for
        every reader of every table after every hand made the room's work grow with the
        square of the field. A table between hands gets its whole state: what it waits
        for may have changed."""
        due, told = self._news.due(now)
        if not due:
            return
        for other in self.tables.values():
            if other is told or not other.conns:  # the table whose hand it was told its readers itself
                continue
            if other.table.current is None:
                other.broadcast()
            else:
                text = _dumps({"type": "event", "event": self.strip(other)})
                for conn in list(other.conns):
                    conn.send(text)

    def poke(self) -> None:
        """Wake every table in play here that waits to deal (:attr:`held`): it deals if
        the event lets it now. A table in a hand plays it on its own clock, and one
        between hands that may deal waits only for its pause: neither needs a poke.
        Walking every table after every hand made each hand's work grow with the field
        (a 10,000-entrant event's 1,112 tables)."""
        for lt in list(self.held):
            if not lt.in_play:
                self.held.discard(lt)  # broken: it deals no more
            elif lt.table.current is None and lt.id in self.playing and lt.task is not None:
                with contextlib.suppress(asyncio.QueueFull):
                    lt.queue.put_nowait(_POKE)

    # Filled in by LiveEvent's other bases.
    def strip(self, lt: EventTable) -> dict[str, Any]:
        """What every reader of a table sees of the event (:class:`~pokerdealer.server.event_reading.EventReading`)."""
        raise NotImplementedError

    def why_not_dealing(self, lt: EventTable) -> dict[str, Any] | None:
        """Why ``lt`` does not deal now (:class:`~pokerdealer.server.event_reading.EventReading`)."""
        raise NotImplementedError

    def play(self, lt: EventTable) -> None:
        """Play ``lt`` here (:class:`~pokerdealer.server.event_clock.EventClock`)."""
        raise NotImplementedError


_POKE = Command("poke")  # wakes a table: it deals if it may


@dataclass(frozen=True)
class Field:
    """The whole field as the tables' strips show it, as of one change of the field."""

    key: tuple[int, int, int, bool, int]
    counts: event_views.ChipCounts
    """Every player at the tables by stack (as of each table's last finished hand): their ranks."""
    places: dict[str, dict[str, Any]]
    """The finished, by name: ``{"name", "place", "prize"}``."""


class FieldNews:
    """Whether to tell every table of the hands finished elsewhere: at once after a
    quiet spell, then at most once every ``every`` seconds, whatever the hands.

    >>> news = FieldNews(every=1.0)
    >>> news.hand_ended("table 1"); news.due(100.0)
    (True, 'table 1')
    >>> news.hand_ended("table 2"); news.due(100.2)
    (False, None)
    """

    def __init__(self, every: float) -> None:
        self.every = every
        self.since: Any = None
        """The table of the hands finished since the last telling (all at one), ``_SEVERAL``, or None."""
        self.told = -math.inf

    def hand_ended(self, table: Any) -> None:  # noqa: ANN401
        self.since = table if self.since is None or self.since is table else _SEVERAL

    def due(self, now: float) -> tuple[bool, Any]:
        """``(True, table)`` if the tables are to be told now (``table``: the one whose own
        readers were told already, if all the hands were there; else None); ``(False, None)`` if not."""
        if self.since is None or now - self.told < self.every:
            return False, None
        since, self.since, self.told = self.since, None, now
        return True, None if since is _SEVERAL else since


_SEVERAL = object()


def _dumps(value: Any) -> str:  # noqa: ANN401
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
