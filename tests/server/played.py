"""A table with many finished hands, written fast and exactly as the room writes it.

The room's own :class:`~pokerdealer.server.live.LiveTable` plays bots against
each other (the room deals only when a person is seated; here that check is
lifted), with no clock or pause, and the database operations it would send to
the writer thread are collected and committed in large transactions by the
same executor (:meth:`Store.write_now`). So the events, hands rows and
snapshots are the room's own; only the pace differs. Used by the tests and by
``benchmarks/bench_restart.py``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from pokerdealer.server import db, leases
from pokerdealer.server.live import LiveTable
from pokerdealer.server.room import Room
from pokerdealer.server.schema import check
from pokerdealer.server.settings import ServerOptions, TableSettings

BOTS = ("caller", "tight", "random", "caller")


@dataclass
class Played:
    table_id: str
    table: LiveTable
    """The table that played (still in memory: its kept hands and meta)."""
    events: int


def play_offline(
    db_url: str, hands: int, *, seed: int | None = 7, bots: tuple[str, ...] = BOTS, keep_hands: int = 20,
    flush_ops: int = 50_000, on_progress: Any = None,  # noqa: ANN401
) -> Played:
    """Play ``hands`` hands of bots at a new table in ``db_url``."""
    return asyncio.run(_play(db_url, hands, seed, bots, keep_hands, flush_ops, on_progress))


async def _play(
    db_url: str, hands: int, seed: int | None, bots: tuple[str, ...], keep_hands: int, flush_ops: int,
    on_progress: Any,  # noqa: ANN401
) -> Played:
    options = ServerOptions(
        db_url=db_url, test_seed=seed, bot_delay=0.0, pause_seconds=0.0, demo_table=False,
        max_timeouts=10**9, grace_seconds=10.0**9, keep_hands=keep_hands,
    )
    room = Room(options)
    check(room.store.engine, db_url, create_if_empty=True)
    room.store.start()
    try:
        lt, _ = await room.create_table(TableSettings(name="Long", bots=bots, seats=len(bots) + 1))  # one seat left for a person, as the room asks
        await lt.stop()  # its task would wait for a person; this loop drives it instead
        room.store.stop_writer()
        pending: list[db.Op] = []
        loop = asyncio.get_running_loop()

        def collect(ops: list[db.Op]) -> asyncio.Future[None]:
            pending.extend(ops)
            done: asyncio.Future[None] = loop.create_future()
            done.set_result(None)
            return done

        room.store.write = collect  # type: ignore[method-assign]
        # Bots alone may play (the room waits for a person), up to ``hands`` hands.
        lt._can_deal = lambda: (  # type: ignore[method-assign]  # noqa: SLF001
            lt.table.hands_played < hands and sum(1 for p in lt.table.players if p.stack > 0) >= 2
        )
        reported = 0
        while lt.table.hands_played < hands or lt.table.current is not None:
            await lt._advance()  # noqa: SLF001
            if len(pending) >= flush_ops:
                room.store.write_now(pending)
                pending.clear()
                if on_progress is not None and lt.table.hands_played - reported >= 1000:
                    reported = lt.table.hands_played
                    on_progress(reported)
        room.store.write_now(pending)
        pending.clear()
        room.store.transact(lambda c: leases.release(c, room.owner, [lt.id]))
        return Played(lt.id, lt, lt.seq)
    finally:
        room.store.stop()
