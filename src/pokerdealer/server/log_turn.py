"""Whose turn it is to write a shared log: one tournament's log, appended to
by every server process that plays one of its tables.

Each process keeps the whole event in memory (:mod:`~pokerdealer.server.tournament`)
and changes it only in its **turn**: it takes the log's lock, reads and applies
what the others wrote since its last turn, then applies and writes its own
events, and lets go once they are committed. So every process applies the
log's events in the log's order, and each of its own is decided on the event
as it is after everything written before it.

On PostgreSQL the lock is a session advisory lock, held on a connection of its
own (taken with ``pg_try_advisory_lock`` and a short sleep, so no worker
thread waits inside the database; a process that dies lets go with its
connection). On SQLite one process plays an event, so the lock is this
process's alone.

>>> import asyncio
>>> async def two_turns():
...     turn = LogTurn(None, "ev1")
...     async with turn:
...         held = turn.locked
...     return held, turn.locked
>>> asyncio.run(two_turns())
(True, False)
"""

from __future__ import annotations

import asyncio
import hashlib
from types import TracebackType

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

__all__ = ["LogTurn", "shared"]

_TRY = text("SELECT pg_try_advisory_lock(:k)")
_UNLOCK = text("SELECT pg_advisory_unlock(:k)")


def shared(engine: Engine | None) -> bool:
    """Whether several processes may write one log on this database (PostgreSQL)."""
    return engine is not None and engine.dialect.name == "postgresql"


def _key(log_id: str) -> int:
    """The log's advisory-lock key: a signed 64-bit number from its id."""
    return int.from_bytes(hashlib.sha256(b"pokerdealer-log:" + log_id.encode()).digest()[:8], "big", signed=True)


class LogTurn:
    """An ``async with`` turn at one log: this process's tasks one at a time,
    and on a shared database one process at a time."""

    def __init__(self, engine: Engine | None, log_id: str) -> None:
        self._engine = engine if shared(engine) else None
        self._key = _key(log_id)
        self._local = asyncio.Lock()
        self._conn: Connection | None = None

    @property
    def shared(self) -> bool:
        """Other processes may write this log too (PostgreSQL)."""
        return self._engine is not None

    @property
    def locked(self) -> bool:
        return self._local.locked()

    async def __aenter__(self) -> LogTurn:
        await self._local.acquire()
        try:
            if self._engine is not None:
                await self._acquire()
        except BaseException:
            self._local.release()
            raise
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        try:
            if self._engine is not None and self._conn is not None:
                await asyncio.to_thread(self._unlock)
        finally:
            self._local.release()

    async def _acquire(self) -> None:
        wait = 0.002
        while not await asyncio.to_thread(self._try):
            await asyncio.sleep(wait)
            wait = min(wait * 2, 0.05)

    def _try(self) -> bool:
        if self._conn is None:
            assert self._engine is not None
            self._conn = self._engine.connect()
        try:
            got = bool(self._conn.execute(_TRY, {"k": self._key}).scalar())
            self._conn.commit()
        except Exception:
            self._drop()
            raise
        return got

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
        self._drop()
