"""A tournament's clock: its room tables played here, the beat that ticks the
log (so a restart loses at most :data:`~pokerdealer.server.event_base.TICK`
seconds), starts the event at its time and wakes the tables when a level or a
break changes, and the leases of tables another process gave up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from pokerdealer.server import db, leases
from pokerdealer.server.conns import Commands, Rejected
from pokerdealer.server.event_base import TICK, EventBase
from pokerdealer.server.event_table import EventTable
from pokerdealer.table import TableError

__all__ = ["EventClock"]

log = logging.getLogger("pokerdealer.server")


class EventClock(EventBase):
    """Playing a tournament's tables, and its clock."""

    def start(self) -> None:
        """Play the tables in :attr:`playing`, and run the clock (and, on a shared log, follow it)."""
        self.replaying = False
        for lt in self.tables.values():
            if lt.id in self.playing:
                self.play(lt)
        self.task = asyncio.create_task(self._clock(), name=f"event-{self.id}")

    def play(self, lt: EventTable) -> None:
        """Play ``lt`` here (this process holds its lease); its first turn
        reads whatever other processes wrote first."""
        self.playing.add(lt.id)
        if lt.task is None or lt.task.done():
            lt.queue = Commands()
            lt.next_hand_at = None
            lt.start()
        self.room.tables[lt.id] = lt

    async def take_free(self) -> None:
        """Play the tables of this event whose lease is free (their process died
        or gave them back), and hold the event if its lease is (a shared log)."""
        room = self.room
        ids = [lt.id for lt in self.tables.values() if lt.in_play and lt.id not in self.playing]
        if not self.holds_event:
            ids.append(self.id)
        now = time.time()
        free = await asyncio.to_thread(room.store.read, lambda c: leases.free_leases(c, ids, room.owner, now))
        for table_id in free:
            got = await asyncio.to_thread(
                room.store.transact,
                lambda c, t=table_id: leases.try_claim(c, t, room.owner, room.node, now, now + room.lease, reclaim_node=False),
            )
            if got != "claimed":
                continue
            if table_id == self.id:
                self.holds_event = True
                log.info("event %s: its clock is kept here now", self.id)
            else:
                self.play(self.tables[table_id])
                log.info("event %s: table %s played here now", self.id, table_id)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        self.turn.close()

    @property
    def running(self) -> bool:
        ev = self.event
        return ev.tables_started > 0 and not ev.is_over and not ev.clock(time.time()).paused

    async def _clock(self) -> None:
        """The event's beat: ticks for the log, auto-start, and waking tables when the level or a break changes."""
        while True:
            await asyncio.sleep(0.25)
            try:
                await self._beat()
                self.tell_field(time.monotonic())
            except Exception:  # noqa: BLE001 - a bug must not stop the clock
                log.exception("event %s: clock", self.id)

    async def _beat(self) -> None:
        if self.event.is_over and not self.turn.busy:
            self.turn.close()  # nothing more to write: the lock's connection goes back
        elif self.turn.shared:  # what others wrote: read at once, not only at the next turn
            newest = await asyncio.to_thread(self.room.store.read, lambda c: db.last_seq(c, self.id))
            if newest > self.seq:
                async with self.turn:  # its beginning reads them
                    pass
        now = time.time()
        ev = self.event
        if not self.holds_event:
            self._follow_clock(now)
            return
        if ev.tables_started == 0 and self.spec.start_at is not None and now >= self.spec.start_at:
            with contextlib.suppress(Rejected, TableError):  # too few entrants: tried again on the next beat
                await self.start_event()
            return
        if not self._follow_clock(now):
            return
        if now - self.last_at >= TICK:
            async with self.turn:
                now = time.time()
                if now - self.last_at >= TICK:
                    await self.room.store.write([self.op("ev_tick", {}, now)])

    def _follow_clock(self, now: float) -> bool:
        """Wake the tables here when the level or a break changes; False if the clock is not running."""
        if not self.running:
            return False
        c = self.event.clock(now)
        key = (c.index, c.level is None)
        if key != self._clock_index:
            self._clock_index = key
            self.poke()
            for lt in self.tables.values():
                lt.broadcast()
        return True

    async def start_event(self) -> None:
        """Draw the seats and start (:class:`~pokerdealer.server.event_commands.EventCommands`)."""
        raise NotImplementedError
