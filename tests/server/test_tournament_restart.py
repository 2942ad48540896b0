"""A tournament survives its process: kill -9 mid-event resumes every table and the clock, a
second process takes the event over from one killed or stalled past its lease."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Any

import httpx

from pokerdealer.server.schema import IDLE_IN_TRANSACTION_MS
from tests.patience import Patience
from tests.server.conftest import Client, Server, new_pg_database
from tests.server.tournaments import (
    STACK,
    chips,
    create,
    host,
    me,
    register,
    state,
)


def test_sigkill_mid_event_resumes_every_table_and_the_clock(db_target: str, tmp_path: Path) -> None:
    db = db_target  # a SQLite file, or a PostgreSQL database
    server = Server(db, workdir=tmp_path).start()
    clients: list[Client] = []
    try:
        ev = create(server, max_entrants=6, seats=3, level_seconds=120, clock=120,
                    bots=["caller", "caller", "caller", "caller", "caller"])
        token = register(server, ev["id"], "Ann")
        host(server, ev, "start")
        table = me(server, ev["id"], token)["table"]
        ann = Client(server, table, token)
        clients.append(ann)

        def ann_to_act(st: dict[str, Any]) -> bool:
            return bool(st["hand"] and (st.get("you") or {}).get("legal") and st["hand"]["number"] >= 2)

        # Ann calls along until, in her table's second hand or later, it is her turn again.
        for _ in range(50):
            st = ann.until(lambda x: bool((x.get("you") or {}).get("legal")), timeout=30)
            if ann_to_act(st):
                break
            ann.act_passive(st)
            ann.until(lambda x, seq=st["seq"]: x["seq"] > seq)
        before = ann.until(ann_to_act)
        time.sleep(0.5)  # the other table plays on meanwhile
        asked = time.monotonic()
        s1 = state(server, ev["id"])
        assert s1["hands"] >= 1
        server.kill()
        killed = time.monotonic()
        ann.close()
        clients.clear()
        time.sleep(4)  # down for a while: the clock must not count it
        starting = time.monotonic()
        server = Server(db, port=server.port, workdir=tmp_path).start()
        s2 = state(server, ev["id"])
        up = time.monotonic() - starting
        down = starting - killed
        assert down > 4
        assert s2["status"] == "running" and s2["room_tables"] == s1["room_tables"]
        # The clock resumes where it stopped (at most a tick, 2 s, earlier) and runs while the
        # server is up -- until the kill after s1 was read, and from its start to s2's answer
        # (long on a busy machine) -- never the 4 s it was down.
        assert s1["clock"]["index"] == s2["clock"]["index"]
        ran = (killed - asked) + up
        assert s1["clock"]["seconds_left"] - ran - 0.5 <= s2["clock"]["seconds_left"] <= s1["clock"]["seconds_left"] + 3
        assert chips(s2) == 6 * STACK
        # Ann's hand is where it was, her turn.
        ann = Client(server, table, token)
        clients.append(ann)
        after = ann.until(ann_to_act)
        for key in ("number", "street", "board", "pots", "actor", "actions"):
            assert after["hand"][key] == before["hand"][key], key
        assert after["you"]["legal"] == before["you"]["legal"]
        # Every table goes on dealing.
        ann.act_passive(after)
        patience = Patience(30)
        while state(server, ev["id"])["hands"] < s2["hands"] + 3:
            assert not patience.over()
            st = ann.poll()
            if (st.get("you") or {}).get("legal"):
                ann.act_passive(st)
        assert chips(state(server, ev["id"])) == 6 * STACK
    finally:
        for c in clients:
            c.close()
        server.kill()


def test_two_processes_one_event_and_the_survivor_takes_it_over_after_sigkill(db_target: str, tmp_path: Path) -> None:
    lease = 5.0  # renewed every 1.7 s: a loaded machine (SQLite writers waiting on each other) does not lose it by accident
    extra = ("--lease", str(lease))
    a = Server(db_target, workdir=tmp_path, extra=extra).start()
    b = Server(db_target, workdir=tmp_path, extra=extra).start()
    clients: list[Client] = []
    try:
        ev = create(a, max_entrants=6, seats=3, level_seconds=120, clock=120, bots=["caller"] * 5)
        token = register(a, ev["id"], "Ann")
        host(a, ev, "start")
        table = me(a, ev["id"], token)["table"]
        ann = Client(a, table, token)
        clients.append(ann)
        before = ann.until(lambda st: bool((st.get("you") or {}).get("legal")), timeout=60)
        # While A plays it, B says so for its tables (a table A has a reader of stays there:
        # tests/server/test_tournament_shared.py); on SQLite for the event too, and on
        # PostgreSQL B follows the event's log and answers for it as A does.
        r = b.get(f"/api/tournaments/{ev['id']}")
        if db_target.startswith("postgresql"):
            assert r.status_code == 200 and r.json()["room_tables"] == state(a, ev["id"])["room_tables"]
        else:
            assert r.status_code == 409 and "another server process" in r.json()["detail"]
        assert b.get(f"/api/tables/{table}").status_code == 409
        assert b.get("/api/tournaments/nosuchevent").status_code == 404
        s1 = state(a, ev["id"])
        a.kill()
        ann.close()
        clients.clear()
        # B takes the event (and its tables) once A's lease expires.
        patience = Patience(lease * 4 + 40)  # generous: two cores shared by many test runs
        while b.get(f"/api/tournaments/{ev['id']}").status_code != 200 or b.get(f"/api/tables/{table}").status_code != 200:
            assert not patience.over(), "B did not take the event over"
            time.sleep(0.2)
        s2 = state(b, ev["id"])
        assert s2["status"] == "running" and s2["room_tables"] == s1["room_tables"]
        assert chips(s2) == 6 * STACK
        ann = Client(b, table, token)
        clients.append(ann)
        after = ann.until(lambda st: bool((st.get("you") or {}).get("legal")), timeout=60)
        for key in ("number", "board", "actor", "actions"):
            assert after["hand"][key] == before["hand"][key], key
        ann.act_passive(after)
        patience = Patience(90)
        while state(b, ev["id"])["hands"] < s2["hands"] + 3:
            assert not patience.over()
            st = ann.poll()
            if (st.get("you") or {}).get("legal"):
                ann.act_passive(st)
    finally:
        for c in clients:
            c.close()
        a.stop()
        b.stop()


def test_a_process_stalled_past_its_lease_leaves_the_event_and_every_table_to_the_other(pg_admin: str, tmp_path: Path) -> None:
    # PostgreSQL: on SQLite a process stopped while it holds the file's write lock holds every
    # other process up until it resumes (SQLite's one writer), so there nothing can take over.
    url, drop = new_pg_database(pg_admin)
    lease = 3.0
    extra = ("--lease", str(lease))
    a = Server(url, workdir=tmp_path, extra=extra).start()
    b = Server(url, workdir=tmp_path, extra=extra).start()
    try:
        ev = create(a, max_entrants=6, seats=3, level_seconds=120, clock=120, bots=["caller"] * 6)
        host(a, ev, "start")
        tables = sorted(state(a, ev["id"])["room_tables"].values())
        assert a.proc is not None
        a.proc.send_signal(signal.SIGSTOP)  # A stalls: it neither renews nor plays
        try:
            # A stopped inside a transaction keeps its rows locked until PostgreSQL ends its session
            # (IDLE_IN_TRANSACTION_MS); B's requests wait meanwhile.
            patience = Patience(lease * 4 + IDLE_IN_TRANSACTION_MS / 1000 + 40)
            while not taken_over(b, ev["id"], tables):
                assert not patience.over(), "B did not take the event and its tables"
                time.sleep(0.3)
        finally:
            a.proc.send_signal(signal.SIGCONT)
        # A wakes, finds its leases gone and lets go; B plays every table on.
        time.sleep(lease)
        before = {t: b.get(f"/api/tables/{t}").json()["hands"] for t in tables}
        patience = Patience(60)
        while True:
            now = {}
            for t in tables:
                r = b.get(f"/api/tables/{t}")
                assert r.status_code == 200, f"B let {t} go: {r.text}"
                now[t] = r.json()["hands"]
            if all(now[t] >= before[t] + 2 for t in tables):
                break
            assert not patience.over(), f"a table stopped dealing: {before} -> {now}"
            time.sleep(0.3)
        assert chips(state(b, ev["id"])) == 6 * STACK
    finally:
        a.stop()
        b.stop()
        drop()


def taken_over(b: Server, event: str, tables: list[str]) -> bool:
    """B answers for the event and plays every one of its tables (a request that waits too long: not yet)."""
    try:
        return b.get(f"/api/tournaments/{event}").status_code == 200 and all(
            b.get(f"/api/tables/{t}").status_code == 200 for t in tables
        )
    except httpx.TimeoutException:
        return False
