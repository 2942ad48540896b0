"""Tournaments in the room (server/tournament.py): a small event played to
its winner through the API and the room's tables, and kill -9 mid-event."""

from __future__ import annotations

import contextlib
import json
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokerdealer.server.schema import IDLE_IN_TRANSACTION_MS
from tests.server.conftest import Client, Server, new_pg_database

STACK = 500
BUY_IN = 100


def post_tournament(server: Server, body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/tournaments`` with ``body``; the answer (id, host token, links)."""
    r = httpx.post(server.base + "/api/tournaments", json=body, timeout=20)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def create(server: Server, **spec: Any) -> dict[str, Any]:
    return post_tournament(server, {"name": "Friday", "starting_stack": STACK, "buy_in": BUY_IN, **spec})


def register(server: Server, event: str, name: str) -> str:
    r = httpx.post(f"{server.base}/api/tournaments/{event}/register", json={"name": name}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()["player_token"]


def host(server: Server, ev: dict[str, Any], command: str) -> httpx.Response:
    return httpx.post(
        f"{server.base}/api/tournaments/{ev['id']}/host", json={"command": command},
        headers={"X-Host-Token": ev["host_token"]}, timeout=10,
    )


def state(server: Server, event: str) -> dict[str, Any]:
    r = server.get(f"/api/tournaments/{event}")
    assert r.status_code == 200, r.text
    return r.json()


def me(server: Server, event: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{server.base}/api/tournaments/{event}/me", headers={"X-Player-Token": token}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def chips(s: dict[str, Any]) -> int:
    """Chips at the event's tables (each seat's stack as of its table's last finished hand)."""
    return sum(p["stack"] for t in s["tables"] for p in t["players"])


def test_a_small_event_is_played_to_its_winner_at_the_room_tables(tmp_path: Path) -> None:
    # Two people who never act (their clock runs out, then they are sat out: dealt in and
    # folded, TDA 30) and four bots, on tables of four seats: two tables of three, then the final table.
    server = Server(tmp_path / "room.db", extra=("--grace", "0.3")).start()
    try:
        ev = create(server, max_entrants=6, seats=4, level_seconds=3, clock=2,
                    bots=["caller", "tight", "random", "caller"])
        tokens = {name: register(server, ev["id"], name) for name in ("Ann", "Bob")}
        assert me(server, ev["id"], tokens["Ann"])["status"] == "registered"
        assert host(server, ev, "start").status_code == 200
        s = state(server, ev["id"])
        assert [len(t["players"]) for t in s["tables"]] == [3, 3]
        ann = me(server, ev["id"], tokens["Ann"])
        assert ann["table"] == s["room_tables"][str(ann_table(s, "Ann"))] and ann["seat_token"] == tokens["Ann"]
        # Their tokens open their seats at those room tables; they stay connected (and never act).
        clients = {}
        for name, token in tokens.items():
            mine = me(server, ev["id"], token)
            c = clients[name] = Client(server, mine["table"], mine["seat_token"])
            welcome = c.next_of("welcome")
            assert welcome["name"] == name and not welcome["spectator"]
            strip = c.until(lambda st: st.get("event") is not None)["event"]
            assert strip["players_left"] == 6 and 1 <= strip["ranks"][name] <= 6
        deadline = time.monotonic() + 240
        seen_rooms = set(s["room_tables"].values())
        while s["status"] != "finished":
            assert time.monotonic() < deadline, f"not finished: {s}"
            assert chips(s) == 6 * STACK
            seen_rooms |= set(s["room_tables"].values())
            for c in clients.values():
                c.poll(0.25)  # read what comes (a reader too slow is cut off)
            s = state(server, ev["id"])
        assert chips(s) == 6 * STACK
        seen_rooms |= set(s["room_tables"].values())
        places = sorted(p["place"] for p in s["standings"])
        assert places == [1, 2, 3, 4, 5, 6]
        assert sum(p["prize"] for p in s["standings"]) == s["prize_pool"] == 6 * BUY_IN
        assert any(m["reason"] == "final_table" for m in s["moves"])
        # The final table was drawn anew: a room table of its own, besides the two of the start.
        assert len(seen_rooms) >= 3
        moved = 0
        for name, token in tokens.items():
            mine = me(server, ev["id"], token)
            place = next(p for p in s["standings"] if p["name"] == name)
            assert (mine["place"], mine["prize"]) == (place["place"], place["prize"])
            if mine["moved"] is not None:
                # Their browser was told where to go: the room table /me names.
                told = [m for m in clients[name].messages if m["type"] == "moved"]
                assert told and told[-1]["table"] == mine["moved"]["to"] and told[-1]["key"].startswith("room.event.moved.")
                moved += 1
        assert moved >= 1  # the final table is drawn anew: whoever of them reached it was moved
        csv = server.get(f"/api/tournaments/{ev['id']}/standings.csv").text.splitlines()
        assert csv[0] == "place,name,prize" and len(csv) == 7
        for c in clients.values():
            c.close()
        # Over, its row is closed: a restart does not rebuild it, but it is still read on demand, unchanged.
        server.stop()
        server = Server(tmp_path / "room.db", port=server.port, extra=("--grace", "0.3")).start()
        with contextlib.closing(sqlite3.connect(tmp_path / "room.db")) as conn:
            assert conn.execute("SELECT closed FROM tables WHERE id = ?", (ev["id"],)).fetchone() == (1,)
        again = state(server, ev["id"])
        for key in ("status", "standings", "moves", "hands", "prize_pool"):
            assert again[key] == s[key], key
    finally:
        server.stop()


def ann_table(s: dict[str, Any], name: str) -> int:
    return next(t["table"] for t in s["tables"] for p in t["players"] if p["name"] == name)


def test_the_tournament_endpoints_carry_no_card_and_no_other_players_token(server: Server) -> None:
    ev = create(server, max_entrants=4, seats=4, level_seconds=60, bots=["caller", "caller"])
    tokens = {name: register(server, ev["id"], name) for name in ("Ann", "Bob")}
    host(server, ev, "start")
    time.sleep(1)  # hands in play
    public = server.get(f"/api/tournaments/{ev['id']}").text + server.get(f"/api/tournaments/{ev['id']}/standings.csv").text
    for word in ("cards", "deck", "salt", "hash", "token", ev["host_token"], *tokens.values()):
        assert word not in public
    ann = json.dumps(me(server, ev["id"], tokens["Ann"]))
    assert tokens["Bob"] not in ann and "cards" not in ann and ev["host_token"] not in ann


def test_cash_moves_are_refused_at_a_tournament_table(server: Server) -> None:
    ev = create(server, max_entrants=4, seats=4, level_seconds=60, bots=["caller", "caller"])
    token = register(server, ev["id"], "Ann")
    host(server, ev, "start")
    mine = me(server, ev["id"], token)
    c = Client(server, mine["table"], mine["seat_token"])
    try:
        c.next_of("welcome")
        c.send(type="leave")
        error = c.next_of("error")
        assert error["key"] == "room.event.error.cash_only"
    finally:
        c.close()


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ({"seats": 11}, "seats must be a whole number from 2 to 10"),
        ({"structure": "hyper"}, "structure must be one of"),
        ({"bots": ["shark"]}, "unknown bot 'shark'"),
        ({"payouts": [50, 60]}, "summing to 100"),
        ({"level_seconds": 0}, "level_seconds must be"),
    ],
)
def test_a_bad_tournament_is_refused_by_name(server: Server, spec: dict[str, Any], says: str) -> None:
    r = httpx.post(server.base + "/api/tournaments", json=spec, timeout=10)
    assert r.status_code == 400 and says in r.json()["detail"]


def test_the_tournament_pages_are_served_for_an_event_only(server: Server) -> None:
    ev = create(server, max_entrants=4, level_seconds=60)
    assert server.get(ev["invite"]).status_code == 200
    assert server.get(ev["invite"] + "/standings").status_code == 200
    assert server.get("/e/nope").status_code == 404


def test_only_the_host_starts_the_event(server: Server) -> None:
    ev = create(server, max_entrants=4, level_seconds=60, bots=["caller"])
    register(server, ev["id"], "Ann")
    assert host(server, {**ev, "host_token": "nope"}, "start").status_code == 403
    assert state(server, ev["id"])["status"] == "registering"


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
        s1 = state(server, ev["id"])
        assert s1["hands"] >= 1
        server.kill()
        killed = time.monotonic()
        ann.close()
        clients.clear()
        time.sleep(4)  # down for a while: the clock must not count it
        server = Server(db, port=server.port, workdir=tmp_path).start()
        s2 = state(server, ev["id"])
        down = time.monotonic() - killed
        assert down > 4
        assert s2["status"] == "running" and s2["room_tables"] == s1["room_tables"]
        # The clock resumes where it stopped: at most a tick (2 s) earlier, never the time down.
        assert s1["clock"]["index"] == s2["clock"]["index"]
        assert s1["clock"]["seconds_left"] - 1.5 <= s2["clock"]["seconds_left"] <= s1["clock"]["seconds_left"] + 3
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
        deadline = time.monotonic() + 30
        while state(server, ev["id"])["hands"] < s2["hands"] + 3:
            assert time.monotonic() < deadline
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
        deadline = time.monotonic() + lease * 4 + 40  # generous: two cores shared by many test runs
        while b.get(f"/api/tournaments/{ev['id']}").status_code != 200 or b.get(f"/api/tables/{table}").status_code != 200:
            assert time.monotonic() < deadline, "B did not take the event over"
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
        deadline = time.monotonic() + 90
        while state(b, ev["id"])["hands"] < s2["hands"] + 3:
            assert time.monotonic() < deadline
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
            deadline = time.monotonic() + lease * 4 + IDLE_IN_TRANSACTION_MS / 1000 + 40
            while not taken_over(b, ev["id"], tables):
                assert time.monotonic() < deadline, "B did not take the event and its tables"
                time.sleep(0.3)
        finally:
            a.proc.send_signal(signal.SIGCONT)
        # A wakes, finds its leases gone and lets go; B plays every table on.
        time.sleep(lease)
        before = {t: b.get(f"/api/tables/{t}").json()["hands"] for t in tables}
        deadline = time.monotonic() + 60
        while True:
            now = {}
            for t in tables:
                r = b.get(f"/api/tables/{t}")
                assert r.status_code == 200, f"B let {t} go: {r.text}"
                now[t] = r.json()["hands"]
            if all(now[t] >= before[t] + 2 for t in tables):
                break
            assert time.monotonic() < deadline, f"a table stopped dealing: {before} -> {now}"
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


def test_the_host_pauses_the_clock_and_the_dealing_and_resumes_them(server: Server) -> None:
    ev = create(server, max_entrants=6, seats=3, level_seconds=60, bots=["caller"] * 6)
    host(server, ev, "start")
    time.sleep(1)
    assert host(server, ev, "pause").status_code == 200
    time.sleep(1)  # hands in play finish; no new one starts
    s1 = state(server, ev["id"])
    time.sleep(2)
    s2 = state(server, ev["id"])
    assert s1["status"] == s2["status"] == "paused"
    assert s2["hands"] == s1["hands"] and s2["clock"]["seconds_left"] == s1["clock"]["seconds_left"]
    r = host(server, ev, "pause")
    assert r.status_code == 400 and r.json()["key"] == "room.event.error.not_running"
    assert host(server, ev, "resume").status_code == 200
    time.sleep(2)
    s3 = state(server, ev["id"])
    assert s3["status"] == "running" and s3["hands"] > s2["hands"]
    assert s3["clock"]["seconds_left"] < s2["clock"]["seconds_left"]


def test_a_tournament_tables_stakes_between_hands_are_the_level_its_next_hand_is_dealt_at(server: Server) -> None:
    ev = create(server, max_entrants=4, seats=4, level_seconds=2, clock=5, bots=["caller"] * 4)
    host(server, ev, "start")
    deadline = time.monotonic() + 30
    while state(server, ev["id"])["clock"]["level"] < 3:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    assert host(server, ev, "pause").status_code == 200  # the hand in play ends; no next one
    table = next(iter(state(server, ev["id"])["room_tables"].values()))
    spectator = Client(server, table)
    try:
        st = spectator.until(lambda x: x.get("hand") is None and x.get("event") is not None, timeout=30)
        level = st["event"]["blinds"]
        assert level["big_blind"] > 20  # past the first level (10/20), which the table's settings hold
        assert st["table"]["blinds"] == [level["small_blind"], level["big_blind"]]
        assert st["table"]["ante"] == level["ante"]
    finally:
        spectator.close()


def test_a_late_registrant_is_seated_at_once_with_a_starting_stack(server: Server) -> None:
    ev = create(server, max_entrants=8, seats=4, level_seconds=60, late_registration=2, bots=["caller"] * 4)
    host(server, ev, "start")
    token = register(server, ev["id"], "Late")
    mine = me(server, ev["id"], token)
    assert mine["status"] == "playing" and mine["table"] and mine["seat"]
    s = state(server, ev["id"])
    assert s["entries"] == 5 and s["prize_pool"] == 5 * BUY_IN and chips(s) == 5 * STACK
    c = Client(server, mine["table"], token)
    try:
        assert not c.next_of("welcome")["spectator"]
        assert c.until(lambda st: any(r and r["name"] == "Late" for r in st["seats"]))
    finally:
        c.close()


def test_the_bubble_is_played_hand_for_hand_across_the_room_tables_to_the_end(server: Server) -> None:
    # Nine on three tables of three, three paid: at four left on two tables every table plays
    # one hand and waits for the others (the room wakes them when the round is over).
    ev = create(server, max_entrants=9, seats=3, level_seconds=3, payouts="standard",
                bots=["caller", "random", "caller"] * 3)
    host(server, ev, "start")
    s = state(server, ev["id"])
    watchers = [Client(server, room) for room in s["room_tables"].values()]
    seen = False
    try:
        deadline = time.monotonic() + 240
        while s["status"] != "finished":
            assert time.monotonic() < deadline, f"not finished: {s}"
            for w in watchers:
                with contextlib.suppress(TimeoutError):
                    w.poll(0.1)
                seen = seen or any(m.get("event", {}).get("hand_for_hand") for m in w.messages if m["type"] == "state")
            s = state(server, ev["id"])
        assert seen, "no table ever played hand-for-hand"
        assert len(s["payouts"]) == 3
        assert sum(p["prize"] for p in s["standings"]) == s["prize_pool"] == 9 * BUY_IN
        assert chips(s) == 9 * STACK
    finally:
        for w in watchers:
            w.close()


def test_a_tournament_with_a_start_time_starts_by_itself(server: Server) -> None:
    ev = create(server, max_entrants=4, level_seconds=60, bots=["caller"], start_at=time.time() + 2)
    token = register(server, ev["id"], "Ann")
    assert state(server, ev["id"])["status"] == "registering"
    deadline = time.monotonic() + 20
    while state(server, ev["id"])["status"] == "registering":
        assert time.monotonic() < deadline, "it did not start at its time"
        time.sleep(0.2)
    assert me(server, ev["id"], token)["status"] == "playing"


# ------------------------------------------------------------------ re-entry
def reenter(server: Server, event: str, token: str) -> httpx.Response:
    return httpx.post(f"{server.base}/api/tournaments/{event}/reenter", headers={"X-Player-Token": token}, timeout=10)


def _junk(cards: list[str] | None) -> bool:
    """Two unpaired cards below a ten: a hand that loses to two callers about four times in five."""
    return bool(cards) and all(c[0] in "23456789" for c in cards) and cards[0][0] != cards[1][0]  # type: ignore[index]


def shove_until_out(server: Server, event: str, token: str, timeout: float = 150) -> dict[str, Any]:
    """Play ``token``'s seat until they are out: all in with junk, fold (or check) anything
    better, so they lose chips and never run over the field; follows them when moved.
    Returns what /me says then, and ``last_table``: the room table they busted at."""
    deadline = time.monotonic() + timeout
    c: Client | None = None
    table = None
    try:
        while True:
            assert time.monotonic() < deadline, "never busted"
            mine = me(server, event, token)
            if mine["status"] == "out":
                return {**mine, "last_table": table}
            assert mine["status"] == "playing", mine
            if mine["table"] != table:
                if c is not None:
                    c.close()
                table = mine["table"]
                c = Client(server, table, token)
            assert c is not None
            st = c.poll(0.1)
            you = st.get("you") or {}
            legal = you.get("legal")
            if not legal:
                continue
            hand = st["hand"]
            row = st["seats"][you["seat"] - 1] or {}
            if _junk(row.get("cards")):
                if legal["max_raise"] is not None:
                    c.send(type="act", kind="raise", amount=legal["max_raise"], hand=hand["number"], at=hand["actions"])
                else:
                    c.act_passive(st)
            elif legal["check"]:
                c.act_passive(st)
            else:
                c.send(type="act", kind="fold", hand=hand["number"], at=hand["actions"])
            with contextlib.suppress(TimeoutError):
                c.until(lambda x, seq=st["seq"]: x["seq"] > seq, timeout=5)
    finally:
        if c is not None:
            c.close()


ENTRANTS = 9


def reentry_event(server: Server) -> dict[str, Any]:
    # Ann and eight callers on three tables of three: when Ann wins, the event goes on at the other tables.
    return create(server, max_entrants=12, seats=3, level_seconds=600, clock=30, late_registration=5,
                  re_entries=1, bots=["caller"] * (ENTRANTS - 1))


def test_a_player_out_reenters_with_their_token_a_buy_in_more_and_it_survives_sigkill(db_target: str, tmp_path: Path) -> None:
    server = Server(db_target, workdir=tmp_path).start()
    try:
        ev = reentry_event(server)
        token = register(server, ev["id"], "Ann")
        host(server, ev, "start")
        out = shove_until_out(server, ev["id"], token)
        assert out["place"] and out["can_reenter"] and out["entries"] == 1
        assert state(server, ev["id"])["prize_pool"] == ENTRANTS * BUY_IN
        r = reenter(server, ev["id"], token)
        assert r.status_code == 200, r.text
        back = r.json()
        # The same person, drawn into a seat: their token is the seat token, their old place is not theirs now.
        assert back["status"] == "playing" and back["table"] and back["seat"] and back["seat_token"] == token
        assert back["place"] is None and back["entries"] == 2 and not back["can_reenter"]
        s1 = state(server, ev["id"])
        assert s1["entries"] == ENTRANTS + 1 and s1["prize_pool"] == (ENTRANTS + 1) * BUY_IN and chips(s1) == (ENTRANTS + 1) * STACK
        assert any(p["name"] == "Ann" for t in s1["tables"] for p in t["players"])
        c = Client(server, back["table"], token)
        try:
            assert not c.next_of("welcome")["spectator"]
            c.until(lambda st: any(r and r["name"] == "Ann" and r["seat"] == back["seat"] for r in st["seats"]))
        finally:
            c.close()
        server.kill()
        server = Server(db_target, port=server.port, workdir=tmp_path).start()
        s2 = state(server, ev["id"])
        assert s2["entries"] == ENTRANTS + 1 and s2["prize_pool"] == (ENTRANTS + 1) * BUY_IN and chips(s2) == (ENTRANTS + 1) * STACK
        again = me(server, ev["id"], token)
        assert (again["status"], again["entries"], again["place"]) == ("playing", 2, None)
        assert any(p["name"] == "Ann" for t in s2["tables"] for p in t["players"])
    finally:
        server.kill()


def test_reentry_is_refused_once_none_is_left(server: Server) -> None:
    ev = reentry_event(server)
    token = register(server, ev["id"], "Ann")
    host(server, ev, "start")
    shove_until_out(server, ev["id"], token)
    assert reenter(server, ev["id"], token).status_code == 200
    out = shove_until_out(server, ev["id"], token)
    assert not out["can_reenter"]
    r = reenter(server, ev["id"], token)
    assert r.status_code == 400 and r.json()["key"] == "room.event.error.no_reentry_left"
    assert r.json()["params"] == {"name": "Ann", "n": 1}
    assert state(server, ev["id"])["entries"] == ENTRANTS + 1


def test_reentry_is_refused_to_a_player_still_in_the_event(server: Server) -> None:
    ev = reentry_event(server)
    token = register(server, ev["id"], "Ann")
    r = reenter(server, ev["id"], token)  # registered, not started
    assert r.status_code == 400 and r.json()["key"] == "room.event.error.not_out"
    host(server, ev, "start")
    r = reenter(server, ev["id"], token)  # seated
    assert r.status_code == 400 and r.json()["key"] == "room.event.error.not_out"
    s = state(server, ev["id"])
    assert s["entries"] == ENTRANTS and s["prize_pool"] == ENTRANTS * BUY_IN


def test_reentry_is_refused_once_registration_has_closed(server: Server) -> None:
    ev = create(server, max_entrants=8, seats=6, level_seconds=600, late_registration=0, re_entries=2, bots=["caller"])
    token = register(server, ev["id"], "Ann")
    host(server, ev, "start")  # no late registration: it closes at the start
    r = reenter(server, ev["id"], token)
    assert r.status_code == 400 and r.json()["key"] == "room.event.error.registration_closed"
    assert state(server, ev["id"])["entries"] == 2


def test_reentry_needs_a_player_token(server: Server) -> None:
    ev = reentry_event(server)
    assert reenter(server, ev["id"], "nope").status_code == 403


def test_a_spectator_at_a_tournament_table_hears_no_card_of_a_player_that_was_not_shown(server: Server) -> None:
    # Ann never acts: the clock checks or folds for her, so her cards are shown only at a showdown.
    from tests.server.security.spelling import cards_named

    ev = create(server, max_entrants=4, seats=4, level_seconds=60, clock=1, bots=["caller", "tight", "random"])
    token = register(server, ev["id"], "Ann")
    assert host(server, ev, "start").status_code == 200
    mine = me(server, ev["id"], token)
    ann = Client(server, mine["table"], mine["seat_token"])
    spectator = Client(server, mine["table"])
    try:
        seat = ann.until(lambda s: s.get("you") is not None and s["you"].get("seat") is not None)["you"]["seat"]
        own: dict[int, set[str]] = {}
        deadline = time.monotonic() + 60
        read = 0
        while len(own) < 3 and time.monotonic() < deadline:
            ann.poll(0.3)
            spectator.poll(0.05)
            for text in ann.raw[read:]:  # every frame she got, not only the last of a poll
                read += 1
                s = json.loads(text)
                row = s["seats"][seat - 1] if s.get("type") == "state" and s.get("hand") else None
                if row and row.get("cards"):
                    own[s["hand"]["number"]] = set(row["cards"])
                    assert own[s["hand"]["number"]] <= set(cards_named(text))  # the finder reads them
        assert len(own) >= 2, "Ann was dealt too few hands to listen to"
        spectator.poll(1.0)
        heard = 0
        for text in spectator.raw:
            msg = json.loads(text)
            if msg.get("type") != "state":
                continue
            hand, last = msg.get("hand") or {}, msg.get("last_hand") or {}
            about = {n for n in (hand.get("number"), last.get("number")) if n is not None}
            public = set(hand.get("board") or ()) | set(last.get("board") or ())
            public |= {c for o in last.get("order", ()) for c in (o.get("cards") or ())}
            named = cards_named(text)
            for number in about & set(own):
                heard += 1
                assert not (own[number] & set(named)) - public, f"hand {number}: {own[number] & set(named)}"
        assert heard > 0
    finally:
        ann.close()
        spectator.close()
