"""The room's CPU per action in one process, without sockets.

``--tables`` six-max tables of six people each (no bots), every seat with one
reader: a :class:`~pokerdealer.server.live.Conn` without a websocket whose queue
is drained by a task of its own, as the sender would. Each player acts as soon
as a state reaches them with their turn in it (a seeded mix of checks, calls,
bets, raises and folds; a short stack tops up, a busted player buys in again),
so the tables play as fast as the room can. The database is a temporary SQLite
file written by the room's own writer thread.

What it measures is the server's own work for an action -- the rules, the
database writer, and above all the state built and encoded for each of the six
readers -- without the sockets, the clients or uvicorn (docs/benchmarks.md,
"What the server spends on an action"). Each run plays ``--actions`` actions
after ``--warmup`` and prints the CPU per action of the process (the writer
thread included), of the loop's thread, and of the states alone
(``LiveTable.broadcast``: built, encoded and queued for the readers); the
summary is the median over ``--runs`` runs, with the load average beside it
(the machine is shared).

``--tick`` moves the wall clock a second forward at every action: at people's
pace (an action every 1-3 s at a table) the session's seconds in each player's
own part are new at almost every state, which a full-speed run would hide.

Every table is seated before anyone acts (the tables seated first would otherwise play
while the others sit down: seating N tables cost N^2). ``--memory`` prints the process's
resident memory before the tables are made, once they are seated, after the warm-up and
after each run's measured part, and what each table adds; ``--census N``
also lists, after the last run's measured part, the N kinds of object the collector
tracks that hold the most memory (count and ``sys.getsizeof`` bytes): two runs' lists,
at 20 and 200 tables say, tell what a table keeps.

``--profile FILE`` writes a cProfile of the last run's measured part. Read it
with care: the profiler's cost per call makes code of many small calls look
dear (it showed a reader's own part as 40% of the states; timed without it, it
is a fifth).

A/B: run it with ``PYTHONPATH=OTHER/src`` for another source tree (a worktree
of the commit before), alternating, in the same sitting.

Run:  .venv/bin/python benchmarks/bench_room_inprocess.py [--tables 20] [--actions 3000] [--runs 5]
          [--memory] [--census 15]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def _rss_mib() -> float:
    """This process's resident memory (MiB), from /proc (0 where there is none)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _census(top: int) -> None:
    """The kinds of object the collector tracks holding the most memory."""
    import collections
    import gc

    # The room freezes what survives its collections (server/collector.py): the census
    # unfreezes them to count them too (the run's measured part is over by then).
    gc.unfreeze()
    gc.collect()
    count: collections.Counter[str] = collections.Counter()
    size: collections.Counter[str] = collections.Counter()
    for thing in gc.get_objects():
        kind = type(thing)
        name = f"{kind.__module__}.{kind.__qualname__}"
        count[name] += 1
        size[name] += sys.getsizeof(thing)
    print(f"  objects the collector tracks: {sum(count.values()):,}, {sum(size.values()) / 2**20:.1f} MiB "
          f"(sys.getsizeof, not what they point to; the modules' too: compare two runs' counts, "
          f"say 20 and 200 tables); the {top} largest kinds:")
    for name, total in size.most_common(top):
        print(f"    {name:56} {count[name]:9,} objects {total / 1024:9.0f} KiB")


def _choose(rng: random.Random, hand: Any) -> dict[str, Any]:  # noqa: ANN401 - a rules Hand
    """A player's action: mostly checks and calls, some bets and raises, a few folds."""
    legal = hand.legal()
    roll = rng.random()
    if legal.min_raise_to is not None and legal.max_raise_to is not None and roll < 0.15:
        to = legal.min_raise_to if rng.random() < 0.8 else legal.max_raise_to
        return {"kind": "raise", "amount": to}
    if legal.can_check:
        return {"kind": "check"}
    if roll < 0.25 and legal.can_fold:
        return {"kind": "fold"}
    return {"kind": "call"}


async def _play(
    tables: int, warmup: int, actions: int, seed: int, profile: str | None, tick: bool,
    *, memory: bool = False, census: int = 0,
) -> tuple[float, float, float, int]:
    """One run: the CPU seconds of the process, of the loop's thread, and of the states
    built and queued (``LiveTable.broadcast``) over ``actions`` actions."""
    from pokerdealer.rules import Street
    from pokerdealer.server import collector
    from pokerdealer.server.live import Command, Conn, LiveTable
    from pokerdealer.server.room import Room
    from pokerdealer.server.schema import check
    from pokerdealer.server.settings import ServerOptions, TableSettings

    folder = tempfile.mkdtemp(prefix="bench-room-")
    url = f"sqlite:///{Path(folder) / 'room.db'}"
    options = ServerOptions(db_url=url, test_seed=seed, pause_seconds=0.0, demo_table=False, bot_delay=0.0)
    room = Room(options)
    check(room.store.engine, url, create_if_empty=True)
    room.store.start()
    pauses, thresholds = collector.install()  # as ``serve`` runs it
    count = {"acts": 0}
    real_act = LiveTable._act

    real_time = time.time
    ahead = [0.0]

    async def counted(self: LiveTable, record: Any, action: Any) -> None:  # noqa: ANN401
        count["acts"] += 1
        if tick:
            ahead[0] += 1.0
        await real_act(self, record, action)

    LiveTable._act = counted  # type: ignore[method-assign]
    real_broadcast = LiveTable.broadcast
    spent = [0.0]

    def timed(self: LiveTable, to: Any = None) -> None:  # noqa: ANN401
        start = time.thread_time()
        real_broadcast(self, to)
        spent[0] += time.thread_time() - start

    LiveTable.broadcast = timed  # type: ignore[method-assign]
    if tick:
        time.time = lambda: real_time() + ahead[0]  # type: ignore[assignment]
    drains: list[asyncio.Task[None]] = []
    rng = random.Random(seed)
    acted: dict[str, tuple[int, int]] = {}
    topped: dict[int, int] = {}

    # Nobody acts until every table is seated: otherwise the tables seated first play
    # while the others sit down, and seating N tables costs N^2 (at 200 tables minutes of
    # CPU went to the hands of the first ones before the warm-up could start).
    seated_all = asyncio.Event()

    async def drain(lt: LiveTable, conn: Conn) -> None:
        """What a sender does with the queue, and the player's answer to a state with their turn."""
        await seated_all.wait()
        while True:
            text = await conn.queue.get()
            if text is None:
                return
            record = lt.table.current
            m = conn.member
            if m is None:
                continue
            # A short stack tops up (after the hand, if dealt in), once a hand: with no pause
            # between hands a state without a hand in play is seldom seen.
            stack = lt.table.stack_of(m.name)
            if stack < 40 * lt.settings.big_blind and topped.get(m.id) != lt.table.hands_played:
                topped[m.id] = lt.table.hands_played
                if lt.table.seat_of(m.name) is None:  # busted and stood up: buys in again
                    lt.offer(conn, "msg", {"type": "sit", "amount": lt.settings.stack})
                else:
                    lt.offer(conn, "msg", {"type": "top_up", "amount": lt.table.settings.max_buy_in - stack})
            if record is None:
                continue
            hand = record.hand
            actor = hand.actor
            if actor is None or hand.street is Street.SHOWDOWN or record.seats[actor] != lt.table.seat_of(m.name):
                continue
            key = (record.number, len(hand.log))
            if acted.get(lt.id) == key:
                continue
            acted[lt.id] = key
            msg = {"type": "act", "hand": record.number, "at": len(hand.log), **_choose(rng, hand)}
            lt.offer(conn, "msg", msg)

    before = _rss_mib()
    try:
        for k in range(tables):
            lt, _ = await room.create_table(TableSettings(name=f"bench {k}", bots=(), seats=6))
            for n in range(6):
                joined = await room.call(lt, "join", {"name": f"p{n}", "buy_in": None})
                conn = Conn(None, address="127.0.0.1")
                conn.sender = joined["token"]
                await lt.queue.put(Command("attach", conn, {"token": joined["token"], "lang": "en"}))
                drains.append(asyncio.create_task(drain(lt, conn)))
        seated = _rss_mib()
        seated_all.set()
        while count["acts"] < warmup:
            await asyncio.sleep(0.05)
        warm = _rss_mib()
        profiler = cProfile.Profile() if profile else None
        start_acts = count["acts"]
        cpu, thread, spent[0] = time.process_time(), time.thread_time(), 0.0
        if profiler is not None:
            profiler.enable()
        while count["acts"] - start_acts < actions:
            await asyncio.sleep(0.01)
        if profiler is not None:
            profiler.disable()
        cpu, thread, states = time.process_time() - cpu, time.thread_time() - thread, spent[0]
        done = count["acts"] - start_acts
        if memory:
            after = _rss_mib()
            print(f"  memory: {before:.0f} MiB before the tables, {seated:.0f} MiB seated, {warm:.0f} MiB "
                  f"warm, {after:.0f} MiB after the run: {1024 * (after - before) / tables:.0f} KiB a table "
                  f"({1024 * (seated - before) / tables:.0f} KiB seated, {1024 * (warm - before) / tables:.0f} "
                  f"KiB warm); {_load()}", flush=True)
        if census:
            _census(census)
        if profiler is not None and profile:
            profiler.dump_stats(profile)
        return cpu, thread, states, done
    finally:
        LiveTable._act = real_act  # type: ignore[method-assign]
        LiveTable.broadcast = real_broadcast  # type: ignore[method-assign]
        time.time = real_time  # type: ignore[assignment]
        for task in drains:
            task.cancel()
        await room.stop()
        collector.uninstall(pauses, thresholds)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=500, help="actions before the measured part")
    parser.add_argument("--actions", type=int, default=3000, help="actions measured in each run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument("--tick", action="store_true", help="the wall clock a second forward at every action")
    parser.add_argument("--memory", action="store_true", help="print resident memory and what a table adds")
    parser.add_argument("--census", type=int, default=0, metavar="N",
                        help="after the last run, the N kinds of object holding the most memory")
    parser.add_argument("--profile", help="a cProfile of the last run's measured part, to this file")
    args = parser.parse_args()
    import pokerdealer

    print(f"pokerdealer from {Path(pokerdealer.__file__).parent}; {args.tables} tables, six readers each"
          f"{', the clock a second on at every action' if args.tick else ''}; {_load()}")
    per_action: list[float] = []
    loop_per_action: list[float] = []
    states_per_action: list[float] = []
    for run in range(args.runs):
        profile = args.profile if run == args.runs - 1 else None
        cpu, thread, states, done = asyncio.run(
            _play(
                args.tables, args.warmup, args.actions, args.seed + run, profile, args.tick,
                memory=args.memory, census=args.census if run == args.runs - 1 else 0,
            )
        )
        per_action.append(cpu / done * 1e6)
        loop_per_action.append(thread / done * 1e6)
        states_per_action.append(states / done * 1e6)
        print(f"run {run + 1}: {done} actions, CPU per action {per_action[-1]:.0f} us "
              f"(loop thread {loop_per_action[-1]:.0f} us, the states {states_per_action[-1]:.0f} us); {_load()}",
              flush=True)
    print(f"CPU per action p50 {statistics.median(per_action):.0f} us "
          f"(min {min(per_action):.0f}, max {max(per_action):.0f}); loop thread p50 "
          f"{statistics.median(loop_per_action):.0f} us, the states p50 {statistics.median(states_per_action):.0f} us; "
          f"{_load()}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
