"""Crash recovery: SIGKILL mid-hand, start again, the same hand goes on --
rebuilt from the snapshot taken before the last hand plus the events since."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

from tests.server.conftest import Client, Server, total_chips

STABLE_SEAT_FIELDS = ("seat", "name", "stack", "status", "in_hand", "bet", "folded", "cards", "hidden", "last")


def snapshot(state: dict[str, Any]) -> dict[str, Any]:
    hand = state["hand"]
    return {
        "hand": {k: hand[k] for k in ("number", "street", "board", "pots", "button", "actor", "actions", "commitment", "log")},
        "seats": [s and {k: s[k] for k in STABLE_SEAT_FIELDS} for s in state["seats"]],
        "legal": state["you"]["legal"],
        "deal_proof": state["you"].get("deal_proof"),  # the same salts after a restart
        "last_hand": state["last_hand"],  # the hand before, still shown while this one is played
    }


def _snapshots(db: str, table_id: str) -> int:
    from sqlalchemy import text

    from pokerdealer.server.schema import database_url, make_engine

    engine = make_engine(database_url(db))
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT COUNT(*) FROM snapshots WHERE table_id = :t"), {"t": table_id}).scalar())
    finally:
        engine.dispose()


def test_sigkill_mid_hand_resumes_the_same_hand(db_target: str, tmp_path: Path) -> None:
    db = db_target  # a SQLite file, or a PostgreSQL database
    server = Server(db, workdir=tmp_path).start()
    clients: list[Client] = []
    try:
        table = server.create_table(name="crash", bots=["caller"], clock=60)
        ann = server.join(table, "Ann")
        bob = server.join(table, "Bob")
        a, b = Client(server, table, ann["token"]), Client(server, table, bob["token"])
        clients += [a, b]
        human_seats = {ann["seat"]: a, bob["seat"]: b}

        def in_hand_on_turn(s: dict[str, Any]) -> bool:
            h = s["hand"]
            return (
                h is not None
                and h["number"] >= 3  # snapshots were written after hands 1 and 2
                and h["street"] in ("flop", "turn")
                and h["actor"] in human_seats
                and all(r["in_hand"] for r in s["seats"] if r)
            )

        # Play passively until a hand with everyone in it reaches the flop
        # with a person to act (the bot acts at once, so it is never the one waiting).
        target = None
        for _ in range(300):
            for c in (a, b):
                s = c.poll()
                if in_hand_on_turn(s):
                    target = s
                    break
                if c.my_turn(s):
                    c.act_passive(s)
                    c.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=70)
            if target is not None:
                break
        assert target is not None, "never reached a flop with a person to act"
        # Both readers agree on the moment.
        actor_client = human_seats[target["hand"]["actor"]]
        before = {id(c): snapshot(c.until(in_hand_on_turn)) for c in (a, b)}
        assert before[id(actor_client)]["legal"] is not None
        chips = total_chips(actor_client.state)  # type: ignore[arg-type]
        assert chips == 600

        server.kill()
        assert _snapshots(db, table) >= 2
        for c in clients:
            c.close()
        clients.clear()

        server = Server(db, port=server.port, workdir=tmp_path).start()
        a, b = Client(server, table, ann["token"]), Client(server, table, bob["token"])
        clients += [a, b]
        after_a = snapshot(a.until(lambda s: s["hand"] is not None))
        after_b = snapshot(b.until(lambda s: s["hand"] is not None))
        old_a, old_b = before.values()
        assert after_a == old_a
        assert after_b == old_b
        number = old_a["hand"]["number"]

        # Finish the hand: chips are conserved, and it is the hand committed to before the crash.
        human_seats = {ann["seat"]: a, bob["seat"]: b}
        for _ in range(100):
            done = False
            for c in (a, b):
                s = c.poll()
                if s["last_hand"] and s["last_hand"]["number"] >= number:
                    done = True
                    break
                if c.my_turn(s):
                    c.act_passive(s)
                    c.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=70)
            if done:
                break
        final = a.until(lambda s: s["last_hand"] is not None and s["last_hand"]["number"] >= number)
        summary = server.get(f"/api/tables/{table}/hands/{number}").json()["summary"]
        assert summary["fair"]["root"] == old_a["hand"]["commitment"]
        assert sum(p["net"] for p in summary["payoffs"]) == 0
        assert sum(s["stack"] for s in final["seats"] if s) + sum(
            p["amount"] for p in (final["hand"] or {"pots": []})["pots"]
        ) == 600
    finally:
        for c in clients:
            c.close()
        server.stop()


# ------------------------------------------------------------ every commit point of a showdown hand
SHOWDOWN_HAND = 3
"""The hand killed at each of its commits (two hands before it: a snapshot before the last hand)."""


def _options(url: str, *, bot_delay: float, pause: float) -> Any:  # noqa: ANN401
    from pokerdealer.server.settings import ServerOptions

    return ServerOptions(db_url=url, test_seed=11, bot_delay=bot_delay, pause_seconds=pause, demo_table=False,
                         max_timeouts=10**9, grace_seconds=10.0**9)


async def _played_commits(path: Path, base: Path) -> tuple[str, list[list[Any]], list[tuple[int | None, int | None]], dict[str, Any], int]:
    """Two calling bots play heads-up, each hand to a showdown, as the room plays them,
    up to SHOWDOWN_HAND: the table's id, each of its writes after its creation (one
    transaction each, in order; the database as created is copied to ``base``), where
    each left the table (the hand in play and its actions, or None), the last hand's summary and
    the chips on the table."""
    import sqlite3

    from pokerdealer.server.room import Room
    from pokerdealer.server.schema import check
    from pokerdealer.server.settings import TableSettings

    url = f"sqlite:///{path}"
    room = Room(_options(url, bot_delay=0.0, pause=0.0))
    check(room.store.engine, url, create_if_empty=True)
    room.store.start()
    lt, _ = await room.create_table(TableSettings(name="Showdown", bots=("caller", "caller"), seats=3))
    await lt.stop()  # its task would wait for a person; this loop drives it instead
    room.store.stop_writer()
    with contextlib.closing(sqlite3.connect(path)) as played, contextlib.closing(sqlite3.connect(base)) as copy:
        played.backup(copy)
    commits: list[list[Any]] = []
    points: list[tuple[int | None, int | None]] = []
    loop = asyncio.get_running_loop()

    def write(ops: list[Any]) -> asyncio.Future[None]:
        commits.append(list(ops))
        record = lt.table.current
        points.append((record.number, len(record.hand.log)) if record is not None else (None, None))
        done: asyncio.Future[None] = loop.create_future()
        done.set_result(None)
        return done

    room.store.write = write  # type: ignore[method-assign]
    lt._can_deal = lambda: lt.table.hands_played < SHOWDOWN_HAND  # type: ignore[method-assign]  # noqa: SLF001
    while lt.table.hands_played < SHOWDOWN_HAND or lt.table.current is not None:
        await lt._advance()  # noqa: SLF001
    record = lt.table.hands[-1]
    assert record.number == SHOWDOWN_HAND and record.hand.shown  # it went to a showdown
    summary = lt.summary(SHOWDOWN_HAND)
    assert summary is not None
    chips = sum(p.stack for p in lt.table.players)
    room.store.stop()
    return lt.id, commits, points, summary, chips


async def _first_state_after_restart(url: str, table_id: str) -> tuple[dict[str, Any], list[Any]]:
    """A server starting on ``url`` rebuilds the table, a reader's hello already waiting:
    the first state that reader is sent, and what the table wrote meanwhile. The bots
    do not act (a long delay): what is seen is what the log gave, and what was due."""
    from pokerdealer.server import db
    from pokerdealer.server.conns import Command, Conn
    from pokerdealer.server.room import Room

    room = Room(_options(url, bot_delay=3600.0, pause=3600.0))
    rebuilt = room._rebuild(room.store.read(lambda c: db.load_table(c, table_id)))  # noqa: SLF001
    assert rebuilt is not None and not rebuilt[1]
    lt = rebuilt[0]
    written: list[Any] = []
    loop = asyncio.get_running_loop()

    def write(ops: list[Any]) -> asyncio.Future[None]:
        written.extend(ops)
        done: asyncio.Future[None] = loop.create_future()
        done.set_result(None)
        return done

    room.store.write = write  # type: ignore[method-assign]
    reader = Conn(None)
    lt.queue.put_nowait(Command("attach", reader, {"token": None, "lang": "en"}))  # its hello came first
    lt.start()
    try:
        while True:
            message = json.loads(await asyncio.wait_for(reader.queue.get(), 30))  # type: ignore[arg-type]
            if message["type"] == "state":
                break
    finally:
        await lt.stop()
        room.store.engine.dispose()
    return message, written


def test_a_kill_at_any_commit_of_a_showdown_hand_restarts_with_its_result(tmp_path: Path) -> None:
    """Killed after any of a showdown hand's commits -- its deal, each action, the river's
    last call (the hand at its showdown, its end not yet written), its end -- the first
    state a reader gets after the restart shows that hand in play as committed, or its
    result exactly as the table that played on showed it; never neither. Chips are
    conserved and the hand ends once in the log. The end is derived from the log: a
    restart replays the hand to its last committed action, and the table's first turn
    (before any reader's hello is answered) ends a hand the rules have ended."""
    import shutil

    from pokerdealer.server import db
    from pokerdealer.server.schema import make_engine

    base = tmp_path / "base.db"  # the table as created, before the writes kept
    table_id, commits, points, summary, chips = asyncio.run(_played_commits(tmp_path / "played.db", base))
    summary = json.loads(json.dumps(summary))  # as a reader gets it
    first = next(k for k, (number, _) in enumerate(points) if number == SHOWDOWN_HAND)  # its deal
    seen = []
    for k in range(first, len(commits)):
        killed = tmp_path / f"killed-{k}.db"
        shutil.copy(base, killed)
        url = f"sqlite:///{killed}"
        engine = make_engine(url)
        try:
            with engine.begin() as conn:
                db._execute(conn, commits[: k + 1])  # noqa: SLF001 - what was committed before the kill
        finally:
            engine.dispose()
        state, written = asyncio.run(_first_state_after_restart(url, table_id))
        hand, last = state["hand"], state["last_hand"]
        assert hand is not None or last is not None, f"killed after commit {k}: neither the hand nor last_hand"
        if hand is not None:  # in play: as far as it was committed
            assert (hand["number"], hand["actions"]) == points[k] and hand["street"] != "showdown"
        else:
            assert hand is None and last == summary, f"killed after commit {k}"
        assert total_chips(state) == chips
        logged = [op for ops in commits[: k + 1] for op in ops if isinstance(op, db.EventValues)]
        again = [op for op in written if isinstance(op, db.EventValues)]  # the log goes on where it stopped
        assert [op[1] for op in again] == list(range(logged[-1][1] + 1, logged[-1][1] + 1 + len(again)))
        ends = [op for op in logged + again if op[2] == "hand_end"]
        assert len(ends) == (SHOWDOWN_HAND if hand is None else SHOWDOWN_HAND - 1)
        seen.append("end" if hand is None else hand["street"])
    assert seen[-2:] == ["end", "end"]  # killed after the river's last call, and after the hand's end
    assert "river" in seen and "preflop" in seen
