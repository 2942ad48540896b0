"""Turns at a shared log on PostgreSQL (server/log_turn.py): one writer at a
time, in turn, and a stalled holder does not stop the others for ever."""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import time
from collections.abc import Iterator

import pytest
from sqlalchemy.engine import Engine

from pokerdealer.server.log_turn import LogTurn
from pokerdealer.server.schema import database_url, make_engine
from tests.server.conftest import new_pg_database


@pytest.fixture
def engine(pg_admin: str) -> Iterator[Engine]:
    url, drop = new_pg_database(pg_admin)
    engine = make_engine(database_url(url))
    yield engine
    engine.dispose()
    drop()


def test_two_processes_never_hold_one_logs_turn_at_once(engine: Engine) -> None:
    async def run() -> int:
        a, b = LogTurn(engine, "ev"), LogTurn(engine, "ev")  # a connection each, as two processes
        inside = 0
        most = 0

        async def writer(turn: LogTurn) -> None:
            nonlocal inside, most
            for _ in range(30):
                async with turn:
                    inside += 1
                    most = max(most, inside)
                    await asyncio.sleep(0.001)  # a write's await: the other may run meanwhile
                    inside -= 1

        await asyncio.gather(writer(a), writer(b))
        a.close()
        b.close()
        return most

    assert asyncio.run(run()) == 1


def test_a_busy_process_does_not_keep_the_turn_from_a_quiet_one(engine: Engine) -> None:
    async def run() -> list[int]:
        busy, quiet = LogTurn(engine, "ev"), LogTurn(engine, "ev")
        turns = 0
        stop = asyncio.Event()

        async def keep_writing() -> None:
            nonlocal turns
            while not stop.is_set():
                async with busy:
                    turns += 1
                    await asyncio.sleep(0)

        task = asyncio.create_task(keep_writing())
        async with quiet:  # its connection made: what follows is the wait for the lock alone
            pass
        waits = []
        for _ in range(9):
            await asyncio.sleep(0.05)
            before = turns
            async with quiet:
                waits.append(turns - before)
        stop.set()
        await task
        busy.close()
        quiet.close()
        return waits

    # The quiet one is next in line: the busy one's turns meanwhile are about one
    # (a few when the machine is loaded), not dozens while it retries.
    assert statistics.median(asyncio.run(run())) <= 3


def test_a_turn_held_past_stale_after_is_taken_by_ending_the_holders_connection(engine: Engine) -> None:
    async def run() -> tuple[float, bool]:
        stalled = LogTurn(engine, "ev", stale_after=60)
        waiting = LogTurn(engine, "ev", stale_after=0.5)
        await stalled.__aenter__()  # holds the turn and never lets go: a stopped process
        start = time.monotonic()
        async with waiting:
            took = time.monotonic() - start
        # The stalled holder's connection was ended: letting go fails, and it cannot write in a turn it lost.
        failed = False
        try:
            await stalled.__aexit__(None, None, None)
        except Exception:  # noqa: BLE001 - the database's error for an ended connection
            failed = True
        stalled.close()
        waiting.close()
        return took, failed

    took, failed = asyncio.run(run())
    assert 0.4 <= took < 10
    assert failed


def test_a_turn_whose_connection_was_ended_still_lets_its_waiters_in(engine: Engine) -> None:
    async def run() -> bool:
        turn = LogTurn(engine, "ev", stale_after=60)
        other = LogTurn(engine, "ev", stale_after=0.2)
        first = asyncio.Event()

        async def holder() -> None:
            with contextlib.suppress(Exception):  # letting go fails: its connection was ended
                async with turn:
                    first.set()
                    await asyncio.sleep(0.3)  # past the slice: newcomers wait for this turn's end
                    async with other:  # another process ends the stalled holder's connection
                        pass

        async def newcomer() -> bool:
            await first.wait()
            await asyncio.sleep(0.1)
            async with turn:
                return True

        task = asyncio.create_task(holder())
        got = await asyncio.wait_for(newcomer(), 20)
        await task
        turn.close()
        other.close()
        return got

    assert asyncio.run(run())
