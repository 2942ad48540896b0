"""Whose turn it is to write a shared log: one tournament's log, appended to
by every server process that plays one of its tables.

Each process keeps the whole event in memory (:mod:`~pokerdealer.server.tournament`)
and changes it only in its **turn**: it takes the log's lock, reads and applies
what the others wrote since its last turn, then applies and writes its own
events, and lets go once they are committed. So every process applies the
log's events in the log's order, and each of its own is decided on the event
as it is after everything written before it.

Within a turn the process's tasks (its tables) run together as they would
alone -- their writes share commits -- since nothing else writes the log
meanwhile; a task that comes while the lock is held joins the turn, until the
turn has lasted ``SLICE`` seconds: then newcomers wait, the turn ends when
its last task leaves, and the other processes have theirs.

On PostgreSQL the lock is a session advisory lock, held on a connection of its
own and waited for in a thread of its own (``pg_advisory_lock``: PostgreSQL
grants it to the waiters in turn, so a busy process cannot keep it from a
quiet one; a process that dies lets go with its connection). A turn takes
milliseconds; a process that has held the lock for longer than
``stale_after`` seconds (the lease) has stalled -- it would have lost its
leases by then too -- and the process waiting for it ends that connection
(``pg_terminate_backend``) to take it. If the stalled process
wakes and writes, the log's ``(table_id, seq)`` key refuses its events, as
for a table whose lease it lost. On SQLite one process plays an event: a
turn is never waited for.

>>> import asyncio
>>> async def two_tasks_in_one_turn():
...     turn = LogTurn(None, "ev1")
...     async with turn:
...         async with turn:
...             inside = turn.busy
...     return inside, turn.busy
>>> asyncio.run(two_tasks_in_one_turn())
(True, False)
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from types import TracebackType
from typing import TypeVar

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError

__all__ = ["LogTurn", "shared"]

_LOCK = text("SELECT pg_advisory_lock(:k)")
_UNLOCK = text("SELECT pg_advisory_unlock(:k)")
_END_HOLDER = text(
    "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted"
    " AND classid::bigint = :high AND objid::bigint = :low AND objsubid = 1 AND pid <> pg_backend_pid()"
)

log = logging.getLogger("pokerdealer.server")

SLICE = 0.05
"""Seconds a turn admits newcomers; then it ends as soon as its tasks have left."""

T = TypeVar("T")


def shared(engine: Engine | None) -> bool:
    """Whether several processes may write one log on this database (PostgreSQL)."""
    return engine is not None and engine.dialect.name == "postgresql"


def _key(log_id: str) -> int:
    """The log's advisory-lock key: a signed 64-bit number from its id."""
    return int.from_bytes(hashlib.sha256(b"pokerdealer-log:" + log_id.encode()).digest()[:8], "big", signed=True)


class LogTurn:
    """An ``async with`` turn at one log: on a shared database one process
    at a time; ``catch_up`` is awaited each time this process's turn begins."""

    def __init__(
        self, engine: Engine | None, log_id: str, *, stale_after: float = 15.0,
        catch_up: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self._engine = engine if shared(engine) else None
        self._id = log_id
        self._key = _key(log_id)
        self._stale_after = stale_after
        self._catch_up = catch_up
        self._conn: Connection | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._gate = asyncio.Lock()
        """One task at a time begins (or ends) this process's turn."""
        self._held = False
        self._since = 0.0
        self._tasks = 0
        self._ended = asyncio.Event()

    @property
    def shared(self) -> bool:
        """Other processes may write this log too (PostgreSQL)."""
        return self._engine is not None

    @property
    def busy(self) -> bool:
        """A task of this process is in a turn."""
        return self._tasks > 0

    async def __aenter__(self) -> LogTurn:
        while self._engine is not None:
            if self._held and time.monotonic() - self._since <= SLICE:
                break
            if self._held:  # the turn has had its time: wait for its end, then queue again
                self._ended.clear()
                await self._ended.wait()
                continue
            async with self._gate:
                if self._held:
                    continue
                await self._acquire()
                try:
                    if self._catch_up is not None:
                        await self._catch_up()
                except BaseException:
                    await self._let_go()
                    raise
                self._held = True
                self._since = time.monotonic()
                break
        self._tasks += 1
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._tasks -= 1
        if self._tasks == 0 and self._held and self._engine is not None:
            # Everything the turn's tasks wrote is committed (each awaited its writes): the others may read it.
            self._held = False
            try:
                async with self._gate:
                    await self._let_go()
            finally:  # a connection ended meanwhile (a stalled process) must not leave the waiters waiting
                self._ended.set()

    async def _let_go(self) -> None:
        if self._conn is not None:
            await self._in_thread(self._unlock)

    async def _in_thread(self, fn: Callable[[], T]) -> T:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix=f"log-{self._id}")
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn)

    async def _acquire(self) -> None:
        while True:
            waiting = asyncio.ensure_future(self._in_thread(self._lock))
            try:
                got = await asyncio.shield(waiting)
            except asyncio.CancelledError:
                # The thread may still get the lock: it must not stay held with nobody to let it go.
                with contextlib.suppress(Exception):
                    if await waiting:
                        await self._in_thread(self._unlock)
                raise
            if got:
                return
            ended = await self._in_thread(self._end_holder)
            log.warning("log %s: its lock was held over %.0f s; the holder's connection was ended (%d)", self._id, self._stale_after, ended)

    def _connection(self) -> Connection:
        if self._conn is None:
            assert self._engine is not None
            self._conn = self._engine.connect()
            self._conn.exec_driver_sql(f"SET lock_timeout = {max(1, round(self._stale_after * 1000))}")
            self._conn.commit()
        return self._conn

    def _lock(self) -> bool:
        """Wait for the lock (True), or ``stale_after`` seconds (False)."""
        conn = self._connection()
        try:
            conn.execute(_LOCK, {"k": self._key})
            conn.commit()
        except OperationalError as error:
            if getattr(error.orig, "sqlstate", None) != "55P03":  # lock_not_available: waited too long
                self._drop()
                raise
            conn.rollback()
            return False
        except Exception:
            self._drop()
            raise
        return True

    def _end_holder(self) -> int:
        conn = self._connection()
        unsigned = self._key & 0xFFFF_FFFF_FFFF_FFFF
        try:
            ended = conn.execute(_END_HOLDER, {"high": unsigned >> 32, "low": unsigned & 0xFFFF_FFFF}).all()
            conn.commit()
        except Exception:
            self._drop()
            raise
        return len(ended)

    def _unlock(self) -> None:
        assert self._conn is not None
        try:
            self._conn.execute(_UNLOCK, {"k": self._key})
            self._conn.commit()
        except Exception:  # the lock goes with the connection
            self._drop()
            raise

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.invalidate()
            finally:
                conn.close()

    def close(self) -> None:
        """Give the connection back (the process stops following the log)."""
        if self._thread is not None:
            self._thread.submit(self._drop)
            self._thread.shutdown(wait=False)
            self._thread = None
        else:
            self._drop()
