"""One tournament played by two server processes on one PostgreSQL database
(server/tournament.py, server/log_turn.py): each plays some of its tables, the
event's clock, balancing and places are one log in the database that both
follow, and a process that dies leaves its tables to the other."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from tests.patience import Patience
from tests.server.conftest import HTTP, Client, Server, new_pg_database
from tests.server.test_host_mute import said
from tests.server.tournaments import BUY_IN, STACK, chips, create, host, me, register, state

ENTRANTS = 8
LEASE = 3.0  # renewed every second: a loaded machine does not lose it by accident


@pytest.fixture(scope="module")
def pg_url(pg_admin: str) -> Iterator[str]:
    url, drop = new_pg_database(pg_admin)
    yield url
    drop()


def two_processes(pg_url: str, folder: Path) -> tuple[Server, Server]:
    """A and B on one database, their logs in ``folder`` (the browser test's own pair)."""
    extra = ("--lease", str(LEASE))
    return Server(pg_url, workdir=folder, extra=extra).start(), Server(pg_url, workdir=folder, extra=extra).start()


@pytest.fixture(scope="module")
def processes(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Server]]:
    """The module's two processes A and B on one database: each test plays an event of its own
    (the ones before it are over). Two of their own for each test were four starts more."""
    extra = ("--lease", str(LEASE))
    folder = tmp_path_factory.mktemp("shared-event")
    a = Server(pg_url, workdir=folder, extra=extra).start()
    try:
        b = Server(pg_url, workdir=folder, extra=extra).start()
        try:
            yield a, b
        finally:
            b.stop()
    finally:
        a.stop()


@pytest.fixture
def two(processes: tuple[Server, Server]) -> tuple[Server, Server]:
    """A and B, both up: one a test before killed is started again."""
    for server in processes:
        if server.proc is None or server.proc.poll() is not None:
            server.start()
    return processes


def lease_owners(url: str) -> dict[str, str]:
    """Which process holds each lease: table id -> owner."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as conn:
            return {t: o for t, o in conn.execute(text("SELECT table_id, owner FROM leases"))}
    finally:
        engine.dispose()


def start_event(a: Server) -> tuple[dict[str, Any], dict[str, Any]]:
    """Eight bots on two tables of four, levels of four seconds; started at A."""
    ev = create(a, max_entrants=ENTRANTS, seats=4, level_seconds=4, clock=2,
                bots=["caller", "tight", "random", "caller"] * 2)
    assert host(a, ev, "start").status_code == 200
    s = state(a, ev["id"])
    assert [len(t["players"]) for t in s["tables"]] == [4, 4]
    return ev, s


def hand_over_paused(a: Server, b: Server, ev: dict[str, Any], table: str) -> None:
    """``hand_table_to`` with the event paused meanwhile: the field stays as it is while the table
    changes hands (under load a hand-over took long enough for the event to reach its final table)."""
    assert host(a, ev, "pause").status_code == 200
    hand_table_to(b, table)
    assert host(a, ev, "resume").status_code == 200


def hand_table_to(b: Server, table: str) -> None:
    """A reader asks B for the table (a proxy routes it there): A hands it over at its next renewal."""
    patience = Patience(LEASE * 4 + 30)
    while (r := b.get(f"/api/tables/{table}")).status_code != 200:
        assert r.status_code == 409, r.text
        assert not patience.over(), "A did not hand the table over"
        time.sleep(0.3)


def placed(s: dict[str, Any]) -> None:
    """Every entrant has a place (players busted in one hand with equal chips share one), one winner."""
    assert len({p["name"] for p in s["standings"]}) == len(s["standings"]) == ENTRANTS
    places = sorted(p["place"] for p in s["standings"])
    assert places[0] == 1 and places[1] == 2 and places[-1] <= ENTRANTS


def hands_at(server: Server, table: str) -> int:
    r = server.get(f"/api/tables/{table}")
    assert r.status_code == 200, r.text
    return r.json()["hands"]


def deal_on(more: int, *played: tuple[Server, str]) -> None:
    """Each ``(process, table)`` plays ``more`` hands more, meanwhile."""
    wanted = [(server, table, hands_at(server, table) + more) for server, table in played]
    patience = Patience(60)
    while any(hands_at(server, table) < n for server, table, n in wanted):
        assert not patience.over(), "a table stopped dealing"
        time.sleep(0.3)


def play_to_the_end(ev: dict[str, Any], holder: Server, *others: Server) -> dict[str, Any]:
    """Wait for the winner, the chips all there at every look from each process; the holder's last state."""
    patience = Patience(240)
    while (s := state(holder, ev["id"]))["status"] != "finished":
        assert not patience.over(), f"not finished: {s}"
        for server in (holder, *others):
            assert chips(state(server, ev["id"])) == ENTRANTS * STACK
        time.sleep(0.3)
    return s


def test_two_processes_play_the_tables_of_one_event_to_its_winner(two: tuple[Server, Server], pg_url: str) -> None:
    a, b = two
    ev, s = start_event(a)
    first, second = (s["room_tables"][k] for k in sorted(s["room_tables"]))
    hand_over_paused(a, b, ev, second)
    owners = lease_owners(pg_url)
    assert owners[first] == owners[ev["id"]] != owners[second]  # A: the event and table 1; B: table 2
    # Both deal: each process's table plays a hand while the other's does.
    deal_on(1, (a, first), (b, second))
    # To the winner; the chips are all there at every look, from either process.
    s = play_to_the_end(ev, a, b)
    placed(s)
    assert sum(p["prize"] for p in s["standings"]) == s["prize_pool"] == ENTRANTS * BUY_IN
    assert any(m["reason"] == "final_table" for m in s["moves"])
    # B followed the same log to the same end: the places, the moves, the hands.
    patience = Patience(10)
    while (sb := state(b, ev["id"]))["hands"] != s["hands"]:
        assert not patience.over()
        time.sleep(0.2)
    for key in ("status", "standings", "moves", "hands", "prize_pool"):
        assert sb[key] == s[key], key


def test_when_one_of_two_processes_dies_the_other_plays_its_tables_on(two: tuple[Server, Server], pg_url: str) -> None:
    a, b = two  # B, killed here, is started again for the next test (``two``)
    ev, s = start_event(a)
    first, second = (s["room_tables"][k] for k in sorted(s["room_tables"]))
    hand_over_paused(a, b, ev, second)
    deal_on(1, (b, second))
    b.kill()
    # A takes table 2 back once B's lease expires (if it is still in play), and the event goes on to its winner.
    patience = Patience(LEASE * 4 + 30)
    while lease_owners(pg_url)[second] != lease_owners(pg_url)[ev["id"]]:
        assert second not in state(a, ev["id"])["room_tables"].values() or not patience.over()
        if second not in state(a, ev["id"])["room_tables"].values():
            break
        time.sleep(0.3)
    s = play_to_the_end(ev, a)
    placed(s)
    assert sum(p["prize"] for p in s["standings"]) == ENTRANTS * BUY_IN


def test_a_mute_at_the_events_holder_holds_at_a_table_another_process_plays(two: tuple[Server, Server], pg_url: str) -> None:
    a, b = two
    ann = None
    try:
        # Ann and seven callers on two tables of four; Ann's clock is long, so her table waits for her.
        ev = create(a, max_entrants=ENTRANTS, seats=4, level_seconds=600, clock=120, bots=["caller"] * (ENTRANTS - 1))
        token = register(a, ev["id"], "Ann")
        assert host(a, ev, "start").status_code == 200
        table = me(a, ev["id"], token)["table"]
        hand_over_paused(a, b, ev, table)
        assert lease_owners(pg_url)[table] != lease_owners(pg_url)[ev["id"]]  # B plays Ann's table; A holds the event
        ann = Client(b, table, token)
        ann.until(lambda s: s["you"] is not None)
        r = HTTP.post(f"{a.base}/api/tournaments/{ev['id']}/host", json={"command": "mute", "name": "Ann"},
                       headers={"X-Host-Token": ev["host_token"]}, timeout=10)
        assert r.status_code == 200, r.text
        assert said(ann, "buy my stuff")["key"] == "room.chat.muted"  # B read A's ev_mute in the log first
    finally:
        if ann is not None:
            ann.close()
