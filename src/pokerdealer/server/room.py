"""The room: the live tables of one server process, and their leases.

Several server processes may share one database. Each table is played by
exactly one process at a time, the holder of its **lease** (a row in
``leases``: owner, node, expires_at):

- a process takes the leases that are free -- expired, or never taken -- on
  start and then every third of the lease's length, and rebuilds those tables
  from their logs (the same replay as after a crash);
- it renews its leases on the same beat; a lease it finds taken by another
  process was lost (this process stalled past the expiry), and the table is
  dropped here at once -- its readers reconnect and reach the new owner;
- a request for a table another live process holds is answered with a clear
  "elsewhere" error (HTTP 409, websocket close 4409), and noted on the lease
  (``wanted_by``); the holder hands the lease over at its next renewal if it
  has no reader of that table. So behind a proxy that routes each table's
  paths to one process (docs/room/postgresql.md), a table created on
  one process moves, within a third of a lease, to the process its readers
  are routed to, and stays there; the browser's reconnects bridge the gap;
- a process killed outright keeps its leases until they expire; then the
  others take its tables, hands in play included. ``pokerdealer serve`` names its
  node after the host and port it listens on, and a process that has bound
  that address takes its predecessor's tables at once (the predecessor must be
  dead), so a single server restarted after a crash does not wait;
- a clean stop gives the leases back.

Even if two processes ever both believed they held a table, the log's
``(table_id, seq)`` key lets only one of them write each event: the other's
write fails and that process drops the table.

Times are wall-clock seconds (``time.time()``): the hosts' clocks must agree
to well within the lease's length (NTP).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import secrets
import socket
import time
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from pokerdealer.i18n import message
from pokerdealer.server import db, history_store, host, leases, log_turn, tournament
from pokerdealer.server.chat import ChatLimits
from pokerdealer.server.limits import Buckets, newest_per_creator
from pokerdealer.server.live import Command, LiveTable, Member, Rejected
from pokerdealer.server.settings import DEMO_TABLE, HOME_RULES, ServerOptions, TableSettings
from pokerdealer.server.snapshot import restore as restore_snapshot

__all__ = ["Elsewhere", "NoSuchTable", "Room"]

log = logging.getLogger("pokerdealer.server")


#: What a table id can be: ``secrets.token_urlsafe``'s alphabet, at most the column's 32 characters.
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class NoSuchTable(LookupError):
    pass


class Elsewhere(Exception):
    """The table is played by another live server process. Its ``node`` (that
    process's host and port) is for the log only: a refusal never names a host
    (it would tell a stranger the room's inner addresses).

    >>> error = Elsewhere("abc123", "10.0.0.2:8000")
    >>> error.params, "10.0.0.2" in str(error)
    ({'table': 'abc123'}, False)
    """

    def __init__(self, table_id: str, node: str) -> None:
        self.table_id = table_id
        self.node = node
        self.key = "room.error.elsewhere"
        self.params = {"table": table_id}
        super().__init__(message("en", self.key, **self.params))


class Room:
    """The tables this process holds the leases of."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.store = db.Store(options.db_url)
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.node = options.node or self.owner
        self.reclaim_node = options.node is not None
        self.tables: dict[str, LiveTable] = {}
        self.events: dict[str, Any] = {}
        """Tournaments played here (:class:`~pokerdealer.server.tournament.LiveEvent`); their tables are in ``tables``."""
        self.chat_limits = ChatLimits(options)
        """Chat buckets by member and by address, shared by every table here."""
        self.creations = Buckets(options.create_rate)
        """Tables and tournaments created, by (client address, ``"table"`` or ``"tournament"``)."""
        self._claim_lock = asyncio.Lock()
        self._failed: set[str] = set()
        self._stats: dict[str, tuple[int, int, int]] = {}
        self._lease_task: asyncio.Task[None] | None = None
        self._renewed = time.monotonic()

    # ----------------------------------------------------------- lifecycle
    async def start(self) -> None:
        self.store.start()
        self._renewed = time.monotonic()
        await self.claim_free()
        if self.options.demo_table and not self.tables:
            if await asyncio.to_thread(self.store.read, db.count_open_tables) == 0:
                await self.create_table(DEMO_TABLE)
        self._lease_task = asyncio.create_task(self._lease_loop(), name="leases")
        log.info("room %s (node %s): %d table(s)", self.owner, self.node, len(self.tables))

    async def stop(self) -> None:
        if self._lease_task is not None:
            self._lease_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._lease_task
        await asyncio.gather(*(e.stop() for e in self.events.values()), return_exceptions=True)
        await asyncio.gather(*(lt.stop() for lt in self.tables.values()), return_exceptions=True)
        self.store.stop_writer()  # everything queued is committed before the leases go back
        try:
            ids = [*self.tables, *self.events]
            self.store.transact(lambda c: leases.release(c, self.owner, ids))
        except Exception:  # noqa: BLE001 - they expire anyway
            log.exception("could not give the leases back")
        self.store.stop()

    # --------------------------------------------------------------- leases
    @property
    def lease(self) -> float:
        return self.options.lease_seconds

    async def _lease_loop(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await self.renew()
            except Exception:  # noqa: BLE001 - the database may be back next time
                log.exception("lease renewal failed")
                if time.monotonic() - self._renewed > self.lease * 0.9:
                    # Our leases may have expired: stop playing before another process starts.
                    for lt in list(self.tables.values()):
                        await self._drop(lt, "room.drop.lost_db")
                continue
            try:
                await self.claim_free()
            except Exception:  # noqa: BLE001
                log.exception("taking free tables failed")

    async def renew(self) -> None:
        for lt in list(self.tables.values()):
            if lt.broken is not None:  # memory ran ahead of the log: rebuild it from the log
                await self._drop(lt, "room.drop.restarting", release=True)
        stats = {}
        for table_id, lt in self.tables.items():
            now = _stats(lt)
            if self._stats.get(table_id) != now:
                stats[table_id] = now
        until = time.time() + self.lease
        held = set(self.tables)  # a table added during the query has its lease committed already
        held_events = {e for e, live in self.events.items() if live.holds_event}
        owned = await asyncio.to_thread(
            self.store.transact, lambda c: leases.renew(c, self.owner, until, stats)
        )
        self._renewed = time.monotonic()
        self._stats.update(stats)
        for event_id in [e for e in held_events if e not in owned and e in self.events]:
            log.warning("event %s: lease lost to another process; dropped here", event_id)
            live = self.events.pop(event_id)
            await live.stop()
            for lt in live.tables.values():
                if lt.id in self.tables:  # given back, so the event's new holder takes them at once
                    await self._drop(lt, "room.drop.tournament_moved", release=True)
        for table_id in [t for t in held if t not in owned and t in self.tables]:
            now_held = await asyncio.to_thread(self.store.read, lambda c, t=table_id: leases.lease_of(c, t))
            log.warning("table %s: lease lost to another process (%s); dropped here", table_id, now_held)
            await self._drop(self.tables[table_id], "room.drop.moved")
        # Hand-over: a table another process was asked for, that nobody reads here,
        # moves to it (a proxy routes that table's readers there).
        asked = await asyncio.to_thread(
            self.store.read, lambda c: leases.wanted(c, self.owner, time.time() - self.lease)
        )
        for table_id, to in asked.items():
            lt = self.tables.get(table_id)
            live = getattr(lt, "live_event", None)
            if lt is None or lt.conns or (live is not None and not live.turn.shared):
                continue  # on SQLite a tournament's tables stay with their event
            await self._drop(lt, "room.drop.moved")
            until = time.time() + self.lease
            moved = await asyncio.to_thread(
                self.store.transact, lambda c, t=table_id, o=to: leases.hand_over(c, t, self.owner, o, until)
            )
            log.info("table %s: handed over to %s (%s)", table_id, to, moved)

    async def claim_free(self) -> None:
        """Take every table whose lease is free, and rebuild it here."""
        now = time.time()
        ids = await asyncio.to_thread(
            self.store.read,
            lambda c: leases.claimable(c, self.owner, self.node, now, reclaim_node=self.reclaim_node),
        )
        for table_id in ids:
            if table_id not in self._failed and table_id not in self.tables and table_id not in self.events:
                await self.claim(table_id)
        for live in list(self.events.values()):
            await live.take_free()  # its tables whose process died or gave them back

    async def claim(self, table_id: str) -> LiveTable | None:
        """Take the table's lease if it is free and rebuild the table; None if
        another live process holds it (or it does not exist). A tournament is
        taken whole (:mod:`~pokerdealer.server.tournament`): asked for one of its
        tables, this process takes the event."""
        got = await self._claim(table_id)
        if isinstance(got, str):
            await self._claim(got)
            return self.tables.get(table_id)
        return got

    async def _claim(self, table_id: str) -> LiveTable | str | None:
        async with self._claim_lock:
            lt = self.tables.get(table_id)
            if lt is not None or table_id in self._failed or table_id in self.events:
                return lt
            now = time.time()
            got = await asyncio.to_thread(
                self.store.transact,
                lambda c: leases.try_claim(
                    c, table_id, self.owner, self.node, now, now + self.lease,
                    reclaim_node=self.reclaim_node,
                ),
            )
            if got != "claimed":
                return None
            try:
                data = await asyncio.to_thread(self.store.read, lambda c: db.load_table(c, table_id))
                if data is not None and isinstance(data["settings"], dict) and tournament.is_event(data["settings"]):
                    event_of = data["settings"].get("event")
                    if event_of is not None:
                        live = self.events.get(event_of)
                        if live is None and log_turn.shared(self.store.engine):
                            live = await tournament.follow_event(self, event_of)
                        if live is not None and live.turn.shared:
                            # A shared log: this table is played here, its event followed.
                            async with live.turn:  # its beginning reads what the others wrote
                                pass
                            lt = live.tables.get(table_id)
                            if lt is not None:
                                live.play(lt)
                                log.info("table %s of event %s: taken", table_id, event_of)
                                return lt
                        # On SQLite a tournament's table comes with its event: that is taken instead.
                        await self._release([table_id])
                        return str(event_of)
                    await tournament.restore_event(self, data)
                    return None
                rebuilt = self._rebuild(data) if data is not None else None
            except SQLAlchemyError:
                raise  # the database's trouble, not this table's: tried again later
            except Exception as error:  # noqa: BLE001 - one bad stored table must not stop the room
                log.error("table %s cannot be restored (%s: %s); left out", table_id, type(error).__name__, error)
                self._failed.add(table_id)
                rebuilt = None
            if rebuilt is None:
                await self._release([table_id])
                return None
            lt, backfill = rebuilt
            if backfill:  # a table from before snapshots: written once, so old hands are cheap to rebuild
                try:
                    await self.store.write(backfill)
                except Exception:  # noqa: BLE001 - the table plays on; old hands replay from the start
                    log.exception("table %s: could not write its first snapshots", table_id)
            self.tables[lt.id] = lt
            self._stats.pop(lt.id, None)
            lt.start()
            log.info("table %s: taken (lease until %.0f)", table_id, now + self.lease)
            return lt

    def _rebuild(self, t: dict[str, Any]) -> tuple[LiveTable, list[db.Op]] | None:
        """The table from its newest snapshot and the events after it, and the
        snapshots to write if it had none yet (None: it cannot be rebuilt)."""
        settings = TableSettings.from_dict({k: v for k, v in t["settings"].items() if k != "creator"})
        lt = LiveTable(self, t["id"], settings, seed=t["seed"], created_at=t["created_at"])
        for m in t["members"]:
            member = Member(m["id"], m["name"], m["token_hash"], bot=m["bot"])
            if not member.bot:
                member.away_since = time.monotonic()
            lt.add_member(member)
        backfill: list[db.Op] = []
        try:
            snap = t["snapshot"]
            if snap is not None:
                lt.state = restore_snapshot(lt.state, snap)
                lt.seq = int(snap["seq"])
                lt.restore(t["events"])
            else:
                backfill = restore_from_start(lt, t["events"])
            log.info(
                "table %s: restored from %s, %d events replayed", t["id"],
                f"the snapshot after hand {snap['hands']} (event {snap['seq']})" if snap else "the start of its log",
                len(t["events"]),
            )
        except Exception:  # noqa: BLE001
            log.exception("table %s cannot be rebuilt from its log; left closed", t["id"])
            self._failed.add(t["id"])
            return None
        return lt, backfill

    async def _drop(self, lt: LiveTable, why: str, *, release: bool = False) -> None:
        """Stop playing ``lt`` here; each reader is told ``why`` (a ``room.drop.*`` key) and reconnects.
        A tournament's table is still followed here from the event's log."""
        self.tables.pop(lt.id, None)
        live = getattr(lt, "live_event", None)
        if live is not None:
            live.playing.discard(lt.id)
        self._stats.pop(lt.id, None)
        for conn in list(lt.conns):
            conn.tell("error", why)
        await lt.stop()
        if release:
            await self._release([lt.id])

    async def _release(self, ids: list[str]) -> None:
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.store.transact, lambda c: leases.release(c, self.owner, ids))

    async def resolve_event(self, event_id: str) -> Any:  # noqa: ANN401
        """The tournament, played here (taken over if its lease is free; on
        PostgreSQL followed from its log if another process holds it):
        a :class:`~pokerdealer.server.tournament.LiveEvent`. Raises
        :class:`NoSuchTable` or :class:`Elsewhere`, as :meth:`resolve`."""
        if not TABLE_ID.fullmatch(event_id) or event_id in self.tables:  # a table's id is no tournament's
            raise NoSuchTable(event_id)
        live = self.events.get(event_id)
        if live is None:
            await self.claim(event_id)
            live = self.events.get(event_id)
        if live is None and log_turn.shared(self.store.engine) and event_id not in self._failed:
            # Another process holds it: on a shared log this one follows it and answers too.
            async with self._claim_lock:
                live = self.events.get(event_id) or await tournament.follow_event(self, event_id)
        if live is not None:
            return live
        lease = await asyncio.to_thread(self.store.read, lambda c: leases.lease_of(c, event_id))
        if lease is None or lease["kind"] != "event" or event_id in self._failed:
            raise NoSuchTable(event_id)  # a table's id: no tournament, not one played elsewhere
        raise Elsewhere(event_id, lease["node"] or "?")

    async def resolve(self, table_id: str) -> LiveTable:
        """The table, played here: taken over if its lease is free.
        Raises :class:`NoSuchTable` or :class:`Elsewhere`."""
        if not TABLE_ID.fullmatch(table_id):  # before the database sees it (PostgreSQL refuses NUL)
            raise NoSuchTable(table_id)
        lt = self.tables.get(table_id)
        if lt is not None:
            return lt
        if table_id in self.events:  # a tournament's id is no table's (its page is /e/...)
            raise NoSuchTable(table_id)
        lt = await self.claim(table_id)
        if lt is not None:
            return lt
        lease = await asyncio.to_thread(self.store.read, lambda c: leases.lease_of(c, table_id))
        if lease is None or lease["kind"] == "event" or table_id in self._failed:
            raise NoSuchTable(table_id)  # a tournament's id: no table, not one played elsewhere
        # Ask its holder to hand it over once nobody reads it there (the browser retries).
        with contextlib.suppress(Exception):
            await asyncio.to_thread(
                self.store.transact, lambda c: leases.want(c, table_id, self.owner, time.time())
            )
        raise Elsewhere(table_id, lease["node"] or "?")

    # --------------------------------------------------------------- tables
    async def create_table(self, settings: TableSettings, *, creator: str | None = None) -> tuple[LiveTable, str]:
        """A new table and its host token (whoever created it runs it: :mod:`~pokerdealer.server.host`).
        ``creator``: :func:`~pokerdealer.server.limits.creator_tag` of the client, kept in the
        stored row beside the settings (the lobby lists a few tables per creator)."""
        table_id = secrets.token_urlsafe(9)
        at = time.time()
        lt = LiveTable(self, table_id, settings, seed=self.options.test_seed, created_at=at)
        token, (kind, data) = host.new_token()
        lt.apply_event(kind, data, at)
        stored = settings.to_dict() | ({"creator": creator} if creator else {})
        await self.store.write(
            [
                db.op_insert_table(table_id, settings.name, stored, self.options.test_seed, at),
                leases.op_insert_lease(table_id, self.owner, self.node, at + self.lease),
                lt._event_op(kind, data, at),
            ]
        )
        self.tables[table_id] = lt
        lt.start()
        if settings.bots:
            await self.call(lt, "bot_setup", {"bots": list(settings.bots)})
        return lt, token

    async def new_members(
        self, table_id: str, rows: list[tuple[str, str | None, str | None]], at: float
    ) -> list[int]:
        """Store new members (name, token hash, bot); their ids come from the database."""
        return await asyncio.to_thread(
            self.store.transact, lambda c: db.insert_members(c, table_id, rows, at)
        )

    async def forget_members(self, ids: list[int]) -> None:
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.store.transact, lambda c: db.delete_members(c, ids))

    async def call(self, lt: LiveTable, kind: str, data: dict[str, Any]) -> Any:
        """Send a command to a table's task and wait for its answer."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await lt.queue.put(Command(kind, None, data, future))
        return await asyncio.wait_for(future, 30)

    async def listed(self) -> list[dict[str, Any]]:
        """The lobby: every listed open table in the database, whichever process plays it,
        but no more than the newest ``ServerOptions.lobby_per_creator`` of one creator's."""
        rows = await asyncio.to_thread(self.store.read, db.lobby)

        def shown(row: dict[str, Any]) -> bool:
            if row["id"] in self._failed or row["settings"] is None:
                return False  # cannot be restored (logged when it was tried)
            lt = self.tables.get(row["id"])  # held here: its settings as the host has them now
            if lt is not None:
                h = host.host_of(lt.state)
                return lt.settings.listed and not (h.closing or h.closed)
            return bool(row["settings"].get("listed"))

        rows = newest_per_creator(
            [r for r in rows if shown(r)], lambda r: (r["settings"] or {}).get("creator"), self.options.lobby_per_creator
        )
        out = []
        for row in rows:
            lt = self.tables.get(row["id"])
            if lt is not None:
                out.append(lt_info(lt))
                continue
            s = row["settings"]
            out.append(
                {
                    "id": row["id"],
                    "name": s.get("name"),
                    "structure": s.get("structure"),
                    "blinds": [s.get("small_blind"), s.get("big_blind")],
                    "stack": s.get("stack"),
                    "seats": s.get("seats"),
                    "players": row["players"],
                    "bots": row["bots"],
                    "clock": s.get("clock"),
                    "lang": s.get("lang"),
                    "hands": row["hands"],
                    "reveal_deck": bool(s.get("reveal_deck")),
                    "url": f"/t/{row['id']}",
                }
            )
        return out


def restore_from_start(lt: LiveTable, events: list[tuple[int, str, dict[str, Any], float]]) -> list[db.Op]:
    """Replay a whole log that has no snapshot yet (a table from before
    snapshots): the same replay as a start, which also returns the snapshot
    each ``hand_end`` would have written -- and, for the hands the history
    list shows, the list's fields their rows lacked then -- for the caller to
    store. So this happens once, and old hands are rebuilt one at a time."""
    listed = sum(1 for e in events if e[1] == "hand_end") - history_store.LIST_LIMIT
    ops = []
    start = 0
    for i, (_, kind, _, at) in enumerate(events):
        if kind == "hand_end":
            lt.restore(events[start : i + 1])
            start = i + 1
            ops.append(lt._snapshot_op(at))
            number = lt.table.hands_played
            if number > listed:
                stored = history_store.stored_summary(lt.table.hands[-1], lt.summary(number) or {})
                ops.append(db.op_hand_summary(lt.id, number, stored))
    lt.restore(events[start:])
    return ops


def _stats(lt: LiveTable) -> tuple[int, int, int]:
    info = lt_info(lt)
    return info["players"], info["bots"], info["hands"]


def lt_info(lt: LiveTable) -> dict[str, Any]:
    s = lt.settings
    h = host.host_of(lt.state)
    players = lt.table.players
    return {
        "id": lt.id,
        "name": s.name,
        "structure": s.structure,
        "blinds": [s.small_blind, s.big_blind],
        "stack": s.stack,
        "seats": s.seats,
        "players": len(players),
        "bots": sum(1 for p in players if (m := lt.state.members.named(p.name)) is not None and m.bot),
        "clock": s.clock,
        "lang": s.lang,
        "hands": lt.table.hands_played,
        "reveal_deck": s.reveal_deck,
        "ante": s.ante,
        "ante_type": s.ante_type,
        "time_bank": s.time_bank,
        "approve_players": s.approve_players,
        "straddle": s.straddle,
        **{k: getattr(s, k) for k in HOME_RULES},
        "paused": h.paused,
        "closed": h.closed or h.closing,
        "url": f"/t/{lt.id}",
    }


__all__ += ["Rejected", "lt_info"]
